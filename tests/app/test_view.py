"""app.table.view: the page contract of CONFORMANCE.md drawn from an observation, no browser."""

from __future__ import annotations

import pytest

import engine
from app.i18n import BOT_NAMES
from app.table import results, view
from app.table.view import UIState
from engine import Action, parse_cards
from tests.app.markup import parse


def obs(**changes):
    """A seat-0 observation of a 4-player classic deal; ``changes`` override fields."""
    base = dict(
        seat=0,
        players=4,
        rules=engine.preset("classic"),
        phase="play",
        hand=parse_cards("KH 9S 7D"),
        table=parse_cards("AH 10C QS"),
        mistery=None,
        has_mistery=False,
        lives=[3, 3, 0, -1],
        out_deal=(None, None, None, 1),
        knocked_by=None,
        final_turns_left=0,
        swim_open=True,
        current=0,
        dealer=3,
        deal_number=2,
        stock_size=17,
        announcements={},
        legal_actions=[
            Action.parse(x)
            for x in ("swap 0 0", "swap 0 1", "swap 2 2", "swap all", "knock", "pass")
        ],
        last_deal=None,
        log=(),
    )
    base.update(changes)
    base["players"] = changes.get("players", len(base["lives"]))
    if isinstance(base["legal_actions"][0] if base["legal_actions"] else None, str):
        base["legal_actions"] = [Action.parse(x) for x in base["legal_actions"]]
    filled = dict(
        mistery_by=None,
        first_player=(base["dealer"] + 1) % base["players"],
        chooser=None,
        cycle=0,
        turns=0,
        passes=0,
        deal_count=base["deal_number"] - 1,
        discard=(),
        known_cards={},
        announce_order=(),
        swapped=(False,) * base["players"],
        winner=None,
    )
    filled.update(base)
    filled["phase"] = engine.Phase(filled["phase"])
    return engine.Observation._build(filled)  # a real observation: the view asks it things


def ui(**changes):
    base = dict(mode="human", names=("", "Anna", "Ben", "Clara"), start_lives=3)
    base.update(changes)
    return UIState.of(**base)


def draw(o=None, u=None):
    return parse(view.render(o or obs(), u or ui()))


def cards_in(tree, testid):
    box = tree.find(data_testid=testid)
    return [(e.get("data-card"), e.get("data-index")) for e in box.find_all(data_card=True)]


def test_hand_and_table_cards_carry_card_text_and_action_index():
    tree = draw()
    assert cards_in(tree, "hand") == [("KH", "0"), ("9S", "1"), ("7D", "2")]
    assert cards_in(tree, "table") == [("AH", "0"), ("10C", "1"), ("QS", "2")]


def test_cards_have_german_names_and_keyboard_access_only_when_usable():
    tree = draw()
    hand = tree.find(data_testid="hand")
    king = hand.find(data_card="KH")
    # Named by its face (an <svg role="img">), not by an aria-label over the face.
    assert king.get("aria-label") is None
    assert king.find(role="img").get("aria-label") == "Herz König"
    assert king.get("tabindex") == "0" and king.get("role") == "button"
    # 9S (index 1) is in no legal swap: it is shown but not offered.
    nine = hand.find(data_card="9S")
    assert nine.get("tabindex") is None and nine.get("aria-disabled") == "true"
    english = draw(u=ui(lang="en"))
    face = english.find(data_testid="hand").find(data_card="KH").find(role="img")
    assert face.get("aria-label") == "King of Hearts"


def test_selected_card_is_marked():
    tree = draw(u=ui(selected=(("hand", "2"),)))
    marked = [e.get("data-card") for e in tree.find_all(data_selected="true")]
    assert marked == ["7D"]
    assert tree.find(data_card="7D").get("aria-pressed") == "true"


def test_buttons_are_exactly_the_legal_non_card_actions():
    tree = draw()
    actions = [
        b.get("data-action") for b in tree.find(data_testid="actions").find_all(data_action=True)
    ]
    assert actions == ["swap all", "knock", "pass", "hint"]  # and the coach, a control


def test_no_moves_offered_while_bots_play():
    tree = draw(u=ui(mode="busy", thinking=1))
    assert tree.find(data_testid="actions").find_all(data_action=True) == []
    assert all(e.get("tabindex") is None for e in tree.find_all(data_card=True))
    assert "Anna überlegt" in tree.find(data_testid="seat-1").all_text()


def test_choice_hold_and_decision_buttons():
    tree = draw(obs(phase="choose", legal_actions=["keep", "take"]))
    bar = tree.find(data_testid="actions")
    offered = [b.get("data-action") for b in bar.find_all(data_action=True)]
    assert offered == ["keep", "take", "hint"]
    five = parse_cards("KH 9S 7D AC 8C")
    holds = ["hold 0 1 2", "hold 0 1 3", "hold 2 3 4", "knock"]
    tree = draw(obs(hand=five, table=(), legal_actions=holds))
    offered = {b.get("data-action") for b in tree.find_all(data_action=True)}
    assert {"hold 0 1 2", "hold 0 1 3", "hold 2 3 4", "knock"} <= offered
    picked = draw(
        obs(hand=five, table=(), legal_actions=holds),
        ui(selected=(("hand", "4"), ("hand", "2"), ("hand", "3"))),
    )
    assert picked.find(data_action="hold 2 3 4").get("class") == "primary"
    decide = draw(obs(phase="decide", legal_actions=["challenge 1", "challenge 3", "giveup"]))
    label = decide.find(data_action="challenge 3").find(class_="stake-move")
    assert label.all_text() == "Clara anzweifeln"
    assert decide.find(data_action="giveup")


def test_luegen_announcement_select_and_button():
    texts = [
        f"announce {v} show {a} {b}"
        for v in ("8", "21", "30.5")
        for a, b in ((0, 1), (0, 2), (1, 2))
    ]
    o = obs(phase="announce", legal_actions=texts)
    tree = draw(o)
    select = tree.find(data_testid="announce-value")
    assert [opt.get("value") for opt in select.find_all()] == ["8", "21", "30.5"]
    assert tree.find(data_action="announce-pending").get("disabled") == ""
    chosen = draw(o, ui(announce_value="21", selected=(("hand", "2"), ("hand", "0"))))
    button = chosen.find(data_action="announce 21 show 0 2")
    assert button.get("disabled") is None


def test_one_card_per_zone_is_in_the_tab_order_the_chosen_one_first():
    """Tab reaches the hand and the table once each (arrow keys move within them)."""

    def stops(tree):
        return {
            zone: [c.get("data-index") for c in tree.find(data_testid=zone).find_all(tabindex="0")]
            for zone in ("hand", "table")
        }

    assert stops(draw()) == {"hand": ["0"], "table": ["0"]}
    assert stops(draw(u=ui(selected=(("hand", "2"),)))) == {"hand": ["2"], "table": ["0"]}
    reachable = draw().find(data_testid="hand").find_all(tabindex="-1")
    assert [c.get("data-index") for c in reachable] == ["2"]  # 9S (index 1) is not usable


def test_mistery_card_face_down_with_marker_for_own_card():
    tree = draw(obs(has_mistery=True, legal_actions=["mistery 0", "swap 0 0"]))
    card = tree.find(data_testid="table").find(data_index="mistery")
    assert card.get("data-card") == "??" and card.get("role") == "button"
    mine = draw(obs(has_mistery=True, mistery=engine.Card.parse("AS")))
    card = mine.find(data_index="mistery")
    assert card.get("data-card") == "??"
    assert "mine" in card.get("class") and "Pik Ass" in card.get("aria-label")


def test_seats_show_lives_turn_dealer_knocker_and_swimming():
    tree = draw(obs(current=1, knocked_by=1), ui(mode="busy"))
    seats = {s: tree.find(data_testid=f"seat-{s}") for s in range(4)}
    assert [seats[s].get("data-lives") for s in range(4)] == ["3", "3", "0", "-1"]
    assert "current" in seats[1].get("class")
    assert "swimming" in seats[2].get("class") and "schwimmt" in seats[2].all_text()
    assert "out" in seats[3].get("class")
    assert "Geber" in seats[3].all_text()
    assert "geklopft" in seats[1].all_text()


@pytest.mark.parametrize("players", range(2, 10))
def test_every_table_size_draws_each_seat_once(players):
    tree = draw(obs(lives=[3] * players, dealer=0), ui(names=("", *BOT_NAMES[: players - 1])))
    for s in range(players):
        tree.find(data_testid=f"seat-{s}")
    assert tree.find_all(data_testid=f"seat-{players}") == []
    assert f"seats-{players}" in tree.find(data_mode="human").get("class")


def test_text_is_escaped():
    markup = view.render(obs(), ui(names=("", "<b>x</b>", "Ben", "Clara"), notice='"<&>"'))
    assert "<b>x</b>" not in markup and "&lt;b&gt;x&lt;/b&gt;" in markup
    parse(markup)


def test_deal_over_reveals_hands_values_and_losses():
    from engine.events import DealResult

    last = DealResult(
        deal_number=1,
        reason="knock",
        knocker=2,
        hands={0: parse_cards("KH 9S 7D"), 1: parse_cards("AH 10H 9H"), 2: parse_cards("7C 8C 9C")},
        values={0: 10, 1: 30, 2: 24},
        lost=(1, 0, 0),
        void=False,
        announcements={},
        outcome="",
        thirty_one=(),
    )
    tree = draw(obs(last_deal=last, lives=[2, 3, 3]), ui(mode="deal-over"))
    box = tree.find(data_testid="deal-over")
    assert box.find(data_action="next-deal")
    rows = box.find_all(data_lost=True)
    assert [r.get("data-lost") for r in rows] == ["1", "0", "0"]
    assert [c.get("data-card") for c in rows[1].find_all(data_card=True)] == ["AH", "10H", "9H"]
    text = box.all_text()
    assert "Ben klopft" in text and "Niedrigster Wert verliert" in text
    assert "Du verlierst ein Leben" in text  # seat 0 is "Du", with the verb to match
    assert "30" in rows[1].all_text()


def test_match_over_ranking_winner_and_crown():
    o = obs(lives=[-1, 3, -1, -1], out_deal=(4, None, 2, 7), legal_actions=[], current=None)
    tree = draw(o, ui(mode="match-over", winners=(1,), crown=True, stats=(4, 1)))
    box = tree.find(data_testid="match-over")
    assert "Anna gewinnt!" in box.all_text()
    assert box.find(data_testid="crown")
    ranking = [li.get("data-seat") for li in box.find(class_="ranking").find_all(data_seat=True)]
    assert ranking == ["1", "3", "0", "2"]  # winner, then the later out first
    assert box.find(data_action="new-match")
    stats = tree.find(data_testid="stats")
    assert (stats.get("data-matches"), stats.get("data-wins")) == ("4", "1")
    no_crown = draw(
        obs(lives=[-1, 2, -1, -1], legal_actions=[]), ui(mode="match-over", winners=(1,))
    )
    assert no_crown.find_all(data_testid="crown") == []


def test_settings_form_has_the_conformance_fields_and_buttons():
    tree = draw(u=ui(settings_open=True, settings={"preset": "knack", "bots": 2, "mistery": True}))
    form = tree.find(data_testid="settings")
    names = {e.get("name") for e in form.find_all(name=True)}
    assert names >= {
        "preset",
        "bots",
        "difficulty",
        "lives",
        "mistery",
        "luegen",
        "deck_style",
        "lang",
    }
    assert form.find(name="mistery").get("checked") == ""
    assert form.find(data_action="new-match")
    assert tree.find(data_action="settings")


def test_double_swaps_are_tapped_and_their_cards_numbered():
    """No button per pair (CONFORMANCE "One exception"): two hand cards chosen, then
    the table's two, numbered 1 and 2 on each side, and the prompt says what is due."""
    o = obs(legal_actions=["swap 0 0", "swap 0 0 1 1", "swap 0 1 2 2", "swap all"])
    bar = draw(o, ui(lang="en")).find(data_testid="actions")
    offered = [b.get("data-action") for b in bar.find_all(data_action=True)]
    assert offered == ["swap all", "hint"]
    status = draw(o, ui(lang="en")).find(data_testid="status").all_text()
    assert "two hand cards, then two table cards" in status
    chosen = ui(lang="en", selected=(("hand", "2"), ("hand", "0"), ("table", "1")))
    tree = draw(o, chosen)
    numbered = {
        (e.get("data-zone"), e.get("data-index")): e.find(class_="badge").all_text()
        for e in tree.find_all(data_card=True)
        if "paired" in e.get("class").split()
    }
    assert numbered == {("hand", "2"): "1", ("hand", "0"): "2", ("table", "1"): "1"}
    assert "now click the two table cards" in tree.find(data_testid="status").all_text()


def test_deal_over_shows_the_players_own_hidden_luegen_hand_only_on_their_row():
    from engine.events import DealResult

    last = DealResult(
        4,
        "knock",
        1,
        {2: parse_cards("AH KH 10H")},  # Ben was challenged: shown to all
        {2: 31},
        (0, 1, 0),
        announcements={0: (21, parse_cards("7C 8C")), 1: (25, parse_cards("9D 10D"))},
        decider=1,
        challenged=2,
        outcome="true",
        own_hand=parse_cards("7C 8C QS"),
    )
    rules = engine.preset("classic")
    tree = draw(obs(last_deal=last, lives=[3, 2, 3], rules=rules), ui(mode="deal-over"))
    box = tree.find(data_testid="deal-over")
    mine, anna = box.find(data_seat="0"), box.find(data_seat="1")
    assert [c.get("data-card") for c in mine.find_all(data_card=True)] == ["7C", "8C", "QS"]
    assert mine.find(data_testid="own-hand")
    assert "15" in mine.all_text()  # 7 + 8 of clubs: the value of the own hand
    # Anna's third card stays face down: only her two shown cards and a back.
    assert [c.get("data-card") for c in anna.find_all(data_card=True)] == ["9D", "10D"]
    assert not anna.find_all(data_testid="own-hand")


@pytest.mark.parametrize(
    ("preset", "hands", "extra", "moves", "text"),
    [
        # seat 1 knocks, the others pass: 7C 8S 9D (9) loses alone
        ("classic", {1: "AH KH 9S", 2: "7C 8S 9D", 0: "QH 10H JD"}, "10C 8C 7S", 3, "lowest"),
        # two 9s tie
        ("classic", {1: "AH KH 9S", 2: "7C 8S 9D", 0: "9H 8C 7D"}, "10C 8D 7S", 3, "tie"),
        # knack: the knocker (seat 1, after the first cycle) ties and pays alone
        ("knack", {1: "7C 8S 9D", 2: "9H 8C 7D", 0: "QH 10H JD"}, "10C 8D 7S", 6, "knocker"),
    ],
)
def test_reason_text_reads_why_the_engine_says_seats_lost(preset, hands, extra, moves, text):
    from tests.engine.helpers import stacked_match

    m = stacked_match(engine.preset(preset), 3, dealer=0, hands=hands, extra=extra)
    m.apply("keep")
    plays = ["pass"] * (moves - 3) + ["knock", "pass", "pass"]
    for action in plays:
        m.apply(action)
    result = m.results[0]
    assert result.reason == "knock" and result.knocker == 1
    words = {
        "lowest": "The lowest hand loses.",
        "tie": "A tie: all of the lowest lose.",
        "knocker": "A tie with the knocker: only the knocker pays.",
    }
    assert results.reason_text(result, ui(lang="en")).endswith(words[text])


def test_a_seat_says_a_knock_or_an_announcement_once():
    """The "knocked" tag and the bubble "says 10" are not repeated by the seat's line
    ("knocked!", "said 10"): issue 21, part 5."""
    import dataclasses
    import random

    from app.table import view
    from app.table.state import UIState
    from engine import Match, preset

    seen = set()
    for rules in (preset("classic"), dataclasses.replace(preset("hosenowi"), luegen=True)):
        for seed in range(1, 40):
            m, rng = Match(rules, players=3, seed=seed), random.Random(seed)
            for _ in range(150):
                if m.is_over():
                    break
                obs = m.observation(0)
                tree = parse(view.render(obs, UIState.of(lang="en", names=("", "Anna", "Ben"))))
                for seat in (1, 2):
                    line = tree.find(data_testid=f"last-move-{seat}").all_text()
                    if obs.knocked_by == seat:
                        assert tree.find(data_testid=f"seat-{seat}").find_all(class_="tag knock")
                        assert "knocked!" not in line
                        seen.add("knock")
                    if seat in obs.announcements:
                        assert "says" in tree.find(data_testid=f"seat-{seat}").all_text()
                        assert "said" not in line
                        seen.add("announce")
                m.apply(rng.choice(m.legal_actions()))
            if len(seen) == 2:
                break
    assert seen == {"knock", "announce"}
