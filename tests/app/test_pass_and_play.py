"""Pass-and-play: several persons at one device. Each person's turn comes after a cover
that draws nothing private; the screen shows the match from that person's chair."""

from __future__ import annotations

from app.controller import Controller
from app.stats import model as stats_mod
from app.storage import MemoryBackend, Store
from tests.app.test_controller import FakeHost


def _start(query):
    host = FakeHost()
    store = Store(MemoryBackend())
    c = Controller(host, store, query=query, browser_lang="de", tab_id="t")
    c.start()
    return c, host, store


def _run(c, host, limit=500):
    """Run timers until the page waits for someone (cover, a person, a result)."""
    for _ in range(limit):
        if not host.timers:
            return
        _, callback = host.timers.pop(0)
        callback()


def test_three_persons_and_a_bot_play_a_deal_behind_covers():
    c, host, store = _start("?seed=4&preset=classic&bots=1&people=3&speed=0&new=1")
    assert c.seats.people == 3 and set(c.seats.bot_levels) == {3}
    covers = 0
    turns = {0: 0, 1: 0, 2: 0}
    for _ in range(200):
        _run(c, host)
        if host.state == "deal-over":
            break
        tree = host.tree()
        assert tree.find_all(data_testid="cover"), "a person's turn starts behind the cover"
        # Nothing private under the cover: no hand is drawn at all.
        assert tree.find(data_testid="hand").find_all(data_card=True) == []
        assert 'data-zone="hand"' not in host.markup
        covers += 1
        seat = c.match.current_player()
        assert seat in turns and c.seats.viewer == seat
        assert tree.find_all(data_action="reveal")
        c.press("reveal")
        assert host.state == "human"
        # The screen is that person's: their own hand, seat 0 on the screen.
        shown = [e.get("data-card") for e in host.tree().find(data_testid="hand").find_all(
            data_card=True
        )]
        assert shown == [str(card) for card in c.match.observation(seat).hand]
        legal = c.match.legal_actions()
        choice = next((a for a in legal if str(a) == "knock"), legal[0])
        turns[seat] += 1
        assert c.play(str(choice)), choice
    assert host.state == "deal-over"
    assert covers >= 3 and all(n >= 1 for n in turns.values())
    stats, _ = stats_mod.load_stats(store)
    assert stats.matches == 0 and stats.overall.deals == 0  # nobody's statistics


def test_one_person_plays_as_before_without_a_cover():
    c, host, _ = _start("?seed=4&preset=classic&bots=3&speed=0&new=1")
    _run(c, host)
    assert c.seats.people == 1 and host.state == "human"
    assert host.tree().find_all(data_testid="cover") == []


def test_a_challenge_named_on_the_turned_screen_reaches_the_right_seat():
    from app import seating
    from engine import Action

    assert seating.action_back(Action.challenge(1), viewer=1, players=3) == Action.challenge(2)


def test_the_hint_and_the_review_speak_to_the_person_at_the_device():
    c, host, _ = _start("?seed=4&preset=classic&bots=1&people=2&speed=0&new=1")
    for _ in range(100):
        _run(c, host)
        if host.state == "deal-over":
            break
        c.press("reveal")
        if c.seats.viewer == 1 and not c.ui.choice.hints:
            c.press("hint")
            assert c.ui.choice.hints, "the coach answers the second person too"
        legal = c.match.legal_actions()
        c.play(str(next((a for a in legal if str(a) == "knock"), legal[0])))
    assert host.state == "deal-over"
    c.press("review")
    assert c.ui.panels.review_open and c.ui.panels.review is not None


def _play_match(c, host):
    """Every person knocks when they may, else makes the first offered move, to the end."""
    for _ in range(3000):
        _run(c, host)
        if host.state == "match-over":
            return
        if host.state == "deal-over":
            c.press("next-deal")
        elif c.session.covered:
            c.press("reveal")
        elif host.state == "human":
            legal = c.match.legal_actions()
            assert c.play(str(next((a for a in legal if str(a) == "knock"), legal[0])))
    raise AssertionError("the match did not end")


def test_a_match_at_one_device_counts_apart_from_the_games_against_bots():
    c, host, store = _start(
        "?seed=2&preset=classic&bots=1&people=2&lives=1&speed=0&new=1&lang=en"
    )
    assert 'data-matches="0"' in host.markup and "Matches at this device" in host.markup
    _play_match(c, host)
    shared, _ = stats_mod.load_stats(store, stats_mod.KEY_SHARED)
    person_won = min(c.match.places()[:2]) == 1
    assert (shared.matches, shared.wins) == (1, int(person_won))
    assert stats_mod.load_stats(store)[0].matches == 0  # the games against bots: untouched
    assert f'data-matches="1" data-wins="{int(person_won)}"' in host.markup
    c.press("open-stats")  # the panel names them apart
    apart = host.tree().find(data_apart="shared")
    assert apart.get("data-matches") == "1"
    c.press("close-stats")
    c.press("close-result")
    c.press("show-result")  # drawing the result again counts nothing again
    assert stats_mod.load_stats(store, stats_mod.KEY_SHARED)[0].matches == 1


def test_names_everywhere_at_a_shared_device():
    """Each person's name (kept in the settings) on their seat, the cover and the result:
    "Clara loses a life", never "You" beside "Player 1" (issue 21, part 3)."""
    import dataclasses

    from app.settings import model as st

    host, store = FakeHost(), Store(MemoryBackend())
    kept = dataclasses.replace(st.defaults("en"), names=("Anna", "Ben", "Clara"), people=3)
    st.save_settings(store, kept)
    c = Controller(host, store, query="?seed=4&bots=1&speed=0&new=1", browser_lang="en", tab_id="t")
    c.start()
    assert c.seats.names() == ("Anna", "Ben", "Clara", "David")  # no bot is called Anna
    seen_covers = set()
    for _ in range(200):
        _run(c, host)
        if host.state == "deal-over":
            break
        seen_covers.add(host.tree().find(data_testid="cover").all_text())
        c.press("reveal")
        person = ("Anna", "Ben", "Clara")[c.seats.viewer]
        me = host.tree().find(data_testid="seat-0").find_all(class_="name")[0].all_text()
        assert me == person
        legal = c.match.legal_actions()
        c.play(str(next((a for a in legal if str(a) == "knock"), legal[0])))
    assert any("Anna" in text for text in seen_covers)
    panel = host.tree().find(data_testid="deal-over")
    text = panel.all_text()
    losers = [c.seats.names()[s] for s, n in enumerate(c.match.results[-1].lost) if n]
    assert losers and all(f"{name} loses" in text for name in losers), text
    assert "You" not in text and "you" not in text, text
    names = [e.all_text() for e in panel.find_all(class_="name")]
    assert sorted(names) == ["Anna", "Ben", "Clara", "David"]


def test_the_names_are_asked_for_and_kept():
    from app.settings import dialog
    from app.settings import model as st
    from tests.app.markup import parse

    s, notices = st.from_form({"people": "2", "person_1": " Anna ", "person_2": ""})
    assert s.names == ("Anna",) and notices == []
    assert st.person_names(s, "Player {}".format) == ("Anna", "Player 2")
    again, _ = st.from_dict(s.to_dict())
    assert again.names == ("Anna",)
    fields = parse(dialog.render(s, "en")).find(data_testid="person-names")
    assert [e.get("value") for e in fields.find_all(type="text")] == ["Anna", ""]
    odd, notices = st.from_dict({"names": ["Anna", 5]})
    assert odd.names == () and [n.subject for n in notices] == ["names"]


def test_choosing_more_people_in_the_dialog_asks_for_their_names_at_once():
    """The page redraws the dialog at once for a choice (``app.events``: a select), not for
    a typed number, which it reads only at the start: the count must be a choice, or
    the name fields appear only after a match with several people began (issue 37)."""
    from app.settings import dialog
    from app.settings import model as st
    from tests.app.markup import parse

    one = st.defaults("en")
    shown = parse(dialog.render(one, "en"))
    people = shown.find(name="people")
    assert people.tag == "select"
    assert [o.get("value") for o in people.find_all(value=True)] == ["1", "2", "3", "4", "5", "6"]
    assert shown.find_all(data_testid="person-names") == []
    draft, _, _ = dialog.redraft(one.to_dict(), {"people": "3", "preset": "classic"}, one)
    fields = parse(dialog.render(draft, "en")).find(data_testid="person-names")
    names = [e.get("name") for e in fields.find_all(type="text")]
    assert names == ["person_1", "person_2", "person_3"]


def test_names_given_at_one_device_need_no_online_play():
    """The names' check lives in ``engine.names``, shipped with every start, not in
    online play's protocol (a part loaded later, ``app.parts``)."""
    from app.settings import choices
    from app.settings import model as st
    from engine import names

    s, notices = st.from_form({"people": "2", "person_1": "Anna\u202e", "person_2": " Ben "})
    assert s.names == ("", "Ben") and [n.subject for n in notices] == ["person_1"]
    assert "control characters" in notices[0].message
    assert choices.NAME_MAX == names.NAME_MAX


def test_each_person_reviews_their_own_decisions_by_name():
    """Issue 37: the review was only the last mover's, as "You"."""
    from app.table import review
    from tests.app.markup import parse

    c, host, _ = _start("?seed=4&preset=classic&bots=1&people=2&speed=0&new=1&lang=en")
    c.handle({"type": "action", "action": "new-match", "form": {
        "people": "2", "person_1": "Anna", "person_2": "Ben", "bots": "1", "preset": "classic",
        "lang": "en", "speed": "0",
    }})
    for _ in range(100):
        _run(c, host)
        if host.state == "deal-over":
            break
        c.press("reveal")
        legal = c.match.legal_actions()
        c.play(str(next((a for a in legal if str(a) == "knock"), legal[0])))
    assert host.state == "deal-over"
    persons = list(c.seats.persons())
    assert sorted(name for _, name in c.ui.frame.reviewers) == ["Anna", "Ben"]
    panel = parse(host.markup).find(data_testid="deal-over")
    buttons = {b.all_text(): b.get("data-action") for b in panel.find_all(data_action=True)}
    viewer = c.seats.viewer  # the person at the screen: the page contract's "review"
    actions = {s: "review" if s == viewer else f"review-{s}" for s in persons}
    assert buttons["Review: Anna"] == actions[persons[0]]
    assert buttons["Review: Ben"] == actions[persons[1]]
    deal = c.ui.frame.result.deal_number
    for seat, name in zip(persons, ["Anna", "Ben"], strict=True):
        c.press(actions[seat])
        shown = parse(host.markup).find(data_testid="review")
        assert shown.find(id="review-title").all_text() == f"Review of deal {deal}: {name}"
        mine = review.review(c.match, deal, seat=seat)
        assert c.ui.panels.review == mine
        assert len(shown.find_all(data_decision=True)) == len(mine)
        if mine:
            assert "You:" not in shown.all_text() and f"{name}:" in shown.all_text()
        c.press("close-review")
        assert c.take_focus() == f"act-{actions[seat]}"  # back to the button that opened it
    bot = next(s for s in range(c.match.players) if s not in persons)
    c.press(f"review-{bot}")  # a bot's cards are nobody's to see
    assert not c.ui.panels.review_open
