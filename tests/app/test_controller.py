"""app.controller with a fake page: intents -> engine -> bots -> screen, saving and resuming.

The fake host records every screen and state and queues timer callbacks; the
tests run them one at a time, as the browser would, and play through the same
intents the page sends (clicks on cards and buttons), checking on the drawn
markup that every move they use is really offered.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from app.controller import Controller, parse_query
from app.host import QuietHost
from app.storage import MemoryBackend, Store
from tests.app.markup import parse


class FakeHost(QuietHost):
    def __init__(self):
        self.markup = ""
        self.state = None
        self.states: list[str] = []
        self.log: tuple = ()
        self.timers: list = []

    def show(self, markup, log, state):
        self.markup, self.log, self.state = markup, tuple(log), state
        self.states.append(state)

    def later(self, ms, callback):
        self.timers.append((ms, callback))

    def tree(self):
        return parse(self.markup)

    def actions(self):
        return {e.get("data-action") for e in self.tree().find_all(data_action=True)}


def make(query="?seed=3&speed=0", store=None, **kw):
    """A controller on a fake page; a second one on the same store is the same tab
    reloaded (one tab id), unless ``tab_id`` says otherwise (see test_tabs.py)."""
    host = FakeHost()
    store = store if store is not None else Store(MemoryBackend())
    kw.setdefault("tab_id", "tab")
    c = Controller(host, store, query=query, browser_lang="de", seed_source=lambda: 11, **kw)
    c.start()
    return c, host, store


def count_applies(controller):
    """Wrap the match's apply to count moves per timer task."""
    counter = {"n": 0}
    real = controller.match.apply

    def apply(action):
        counter["n"] += 1
        return real(action)

    controller.match.apply = apply
    return counter


def settle(c, host, limit=5000):
    """Run queued timers until the page waits for the player (or a deal/match end)."""
    for _ in range(limit):
        if not host.timers:
            return host.state
        _, callback = host.timers.pop(0)
        callback()
    raise AssertionError("the bots never stopped")


def perform(c, host, text, *, tables_first=False):
    """Play ``text`` the way a person does it on the page, checking the page offers it
    (``tables_first``: a swap of two cards chosen from the table's side)."""
    parts = text.split()
    tree = host.tree()
    if parts[0] == "swap" and len(parts) == 3:
        assert tree.find(data_testid="hand").find(data_index=parts[1]).get("role") == "button"
        c.handle({"type": "card", "zone": "hand", "index": parts[1]})
        c.handle({"type": "card", "zone": "table", "index": parts[2]})
    elif parts[0] == "swap" and len(parts) == 5:
        # Tapped like a single swap: two hand cards, then the two table cards they go for
        # (or the table's two first); no button per pair.
        assert not any(len(a.split()) == 5 for a in host.actions())
        hands, tables = ("hand", parts[1], parts[3]), ("table", parts[2], parts[4])
        for zone, first, second in (tables, hands) if tables_first else (hands, tables):
            for index in (first, second):
                c.handle({"type": "card", "zone": zone, "index": index})
    elif parts[0] == "mistery":
        c.handle({"type": "card", "zone": "hand", "index": parts[1]})
        c.handle({"type": "card", "zone": "table", "index": "mistery"})
    elif parts[0] == "hold":
        for i in parts[1:]:
            c.handle({"type": "card", "zone": "hand", "index": i})
        assert text in host.actions()
        c.handle({"type": "action", "action": text})
    elif parts[0] == "announce":
        c.handle({"type": "value", "value": parts[1]})
        c.handle({"type": "card", "zone": "hand", "index": parts[3]})
        c.handle({"type": "card", "zone": "hand", "index": parts[4]})
        assert text in host.actions()
        c.handle({"type": "action", "action": text})
    else:
        assert text in host.actions(), (text, host.actions())
        c.handle({"type": "action", "action": text})


def choose(c, rng):
    texts = [str(a) for a in c.match.legal_actions()]
    if "knock" in texts and rng.random() < 0.5:
        return "knock"
    return rng.choice(texts)


def play_match(c, host, rng, max_moves=3000):
    """Play to the end through intents; return the states seen and moves made."""
    moves = 0
    for _ in range(max_moves):
        state = settle(c, host)
        if state == "match-over":
            return moves
        if state == "deal-over":
            assert "next-deal" in host.actions()
            c.handle({"type": "action", "action": "next-deal"})
            continue
        assert state == "human" and c.match.current_player() == 0
        before = c.match.to_json()
        perform(c, host, choose(c, rng))
        assert c.match.to_json() != before, "the move was not played"
        assert host.state == "busy" or host.state in ("deal-over", "match-over")
        moves += 1
    raise AssertionError("the match did not end")


@pytest.mark.parametrize(
    ("preset", "extra"),
    [
        ("classic", "&lives=1"),
        ("knack", "&lives=1"),
        ("pub", "&lives=1&bots=2"),
        ("hosenowi", "&lives=2"),
        ("hosenowi", "&lives=1&mistery=1"),
        ("classic", "&lives=1&luegen=1"),
    ],
)
def test_whole_match_through_intents(preset, extra):
    c, host, _ = make(f"?seed=5&speed=0&preset={preset}{extra}")
    moves = play_match(c, host, random.Random(1))
    assert c.match.is_over() and host.state == "match-over"
    tree = host.tree()
    assert tree.find(data_testid="match-over").find(data_action="new-match")
    stats = tree.find(data_testid="stats")
    assert stats.get("data-matches") == "1"
    assert stats.get("data-wins") == ("1" if 0 in (c.ui.frame.winners or ()) else "0")
    assert moves > 0 and len(host.log) > 0


def test_each_timer_task_plays_at_most_one_move():
    c, host, _ = make("?seed=8&speed=0&bots=8")
    counter = count_applies(c)
    rng = random.Random(2)
    for _ in range(200):
        if not host.timers:
            if host.state == "human":
                perform(c, host, choose(c, rng))
            elif host.state == "deal-over":
                c.handle({"type": "action", "action": "next-deal"})
            else:
                break
            continue
        counter["n"] = 0
        _, callback = host.timers.pop(0)
        callback()
        assert counter["n"] <= 1


def test_player_move_leaves_human_at_once_and_bots_are_paced():
    c, host, _ = make("?seed=3&preset=hosenowi&bots=2")  # normal speed: pauses
    while host.state != "human":
        ms, callback = host.timers.pop(0)
        assert ms > 0  # a bot waits before it moves
        callback()
    perform(c, host, next(x for x in map(str, c.match.legal_actions()) if x.startswith("swap ")))
    assert host.state == "busy"
    assert host.timers and all(ms > 0 for ms, _ in host.timers)
    assert "Du nimmst" in host.log[-1][1]


def test_card_order_and_drag_both_play_the_swap():
    c, host, _ = make("?seed=4&speed=0&preset=hosenowi&bots=1")
    settle(c, host)
    swap = next(
        str(a)
        for a in c.match.legal_actions()
        if str(a).startswith("swap ") and len(str(a).split()) == 3
    )
    _, h, t = swap.split()
    c.handle({"type": "card", "zone": "table", "index": t})
    assert host.tree().find(data_testid="table").find(data_index=t).get("data-selected") == "true"
    c.handle({"type": "card", "zone": "hand", "index": h})
    assert host.state == "busy"
    settle(c, host)
    assert host.state == "human"
    swap = next(
        str(a)
        for a in c.match.legal_actions()
        if str(a).startswith("swap ") and len(str(a).split()) == 3
    )
    _, h, t = swap.split()
    before = c.match.to_json()
    c.handle({"type": "drop", "from": ("table", t), "to": ("hand", h)})
    assert c.match.to_json() != before


def test_clicks_that_make_no_legal_move_change_nothing():
    c, host, _ = make("?seed=4&speed=0&preset=knack&bots=2")
    state = settle(c, host)
    before = c.match.to_json()
    if state == "human" and "keep" in host.actions():
        c.handle({"type": "card", "zone": "hand", "index": "0"})
        c.handle({"type": "card", "zone": "table", "index": "0"})  # no table yet: nothing
        assert c.match.to_json() == before and host.state == "human"
    c.handle({"type": "action", "action": "swap 9 9"})
    c.handle({"type": "action", "action": "nonsense"})
    assert c.match.to_json() == before


def test_resume_restores_match_mode_and_log_exactly():
    c, host, store = make("?seed=6&speed=0&preset=classic&lives=1")
    rng = random.Random(3)
    seen_deal_over = False
    for _ in range(400):
        state = settle(c, host)
        if state == "human":
            perform(c, host, choose(c, rng))
            # Reload while the bots' turns are still queued.
            c2, host2, _ = make("?speed=0", store=store)
            assert c2.match.to_json() == c.match.to_json()
            assert host2.log == host.log
        elif state == "deal-over":
            seen_deal_over = True
            c3, host3, _ = make("?speed=0", store=store)
            assert host3.state == "deal-over"
            assert c3.match.to_json() == c.match.to_json()
            c.handle({"type": "action", "action": "next-deal"})
        else:
            break
    assert seen_deal_over


def test_new_1_starts_afresh_and_url_otherwise_waits_for_the_next_match():
    c, host, store = make("?seed=6&speed=0&preset=knack")
    settle(c, host)
    saved = c.match.to_json()
    c2, host2, _ = make("?seed=9&speed=0&preset=pub", store=store)
    assert c2.match.to_json() == saved  # resumed; pub waits
    assert "nächsten Partie" in host2.tree().find(data_testid="status").all_text()
    c3, _, _ = make("?seed=9&speed=0&preset=pub&new=1", store=store)
    assert c3.match.rules == engine.preset("pub")


def test_settings_form_starts_a_new_match_and_is_remembered():
    c, host, store = make("?seed=2&speed=0")
    c.handle({"type": "action", "action": "settings"})
    assert (
        'data-testid="settings"' in host.markup
        and " hidden" not in host.markup.split('data-testid="settings"')[0][-80:]
    )
    form = {
        "preset": "hosenowi",
        "bots": "5",
        "difficulty": "easy",
        "lives": "2",
        "mistery": "on",
        "deck_style": "german",
        "lang": "en",
    }
    c.handle({"type": "action", "action": "new-match", "form": form})
    assert c.match.rules.mistery and c.match.rules.lives == 2 and len(c.match.lives()) == 6
    assert c.ui.lang == "en" and c.ui.look.style == "german"
    saved = json.loads(store.backend.getItem("schwimmen.settings"))["data"]
    assert saved["preset"] == "hosenowi" and saved["bots"] == 5


def test_hidden_deal_and_two_swaps_are_playable_by_clicks():
    rules = "hidden"
    c, host, _ = make("?seed=1&speed=0&preset=classic&bots=2")
    c.match = engine.Match(
        engine.Rules.from_dict(
            {
                **engine.preset("classic").to_dict(),
                "deal": rules,
                "passing": False,
                "pass_refresh": False,
            }
        ),
        players=3,
        seed=1,
    )
    c._setup()
    c._advance()
    assert play_match(c, host, random.Random(5)) > 0
    c, host, _ = make("?seed=1&speed=0&preset=pub&bots=2&lives=1")
    rng = random.Random(7)
    two = 0
    for _ in range(300):
        state = settle(c, host)
        if state != "human":
            if state == "deal-over":
                c.handle({"type": "action", "action": "next-deal"})
                continue
            break
        texts = [str(a) for a in c.match.legal_actions()]
        pairs = [x for x in texts if x.startswith("swap ") and len(x.split()) == 5]
        if pairs:
            perform(c, host, rng.choice(pairs), tables_first=two % 2 == 1)
            two += 1
        else:
            perform(c, host, choose(c, rng))
    assert two > 1


def test_a_deal_that_ends_at_once_is_shown_before_play_goes_on():
    c, host, _ = make("?seed=1&speed=0&preset=hosenowi&bots=1")
    rules = engine.preset("hosenowi")
    first = engine.parse_cards("AH KH 10H 7C 8D 9S QC JD 7S")
    rest = [card for card in engine.make_deck(32) if card not in first]
    c.match = engine.Match(rules, players=2, seed=1, dealer=1, deck=[*first, *rest])
    c._setup()
    c.session.deal_seen = c.tally.deal_noted = 0
    c._advance()
    assert host.state == "deal-over"
    panel = host.tree().find(data_testid="deal-over")
    assert "31" in panel.all_text() and panel.find(data_seat="1").get("data-lost") == "1"
    c.handle({"type": "action", "action": "next-deal"})
    assert host.state in ("human", "busy", "deal-over")
    assert c.session.deal_seen == 1


def test_bots_wait_while_the_settings_dialog_is_open():
    c, host, _ = make("?seed=8&speed=0&bots=3")
    while host.state == "human":
        perform(c, host, choose(c, random.Random(0)))
    c.handle({"type": "action", "action": "settings"})
    before, screens = c.match.to_json(), len(host.states)
    for _ in range(3):
        _, callback = host.timers.pop(0)
        callback()
    assert c.match.to_json() == before and len(host.states) == screens
    c.handle({"type": "action", "action": "close-settings"})
    settle(c, host)
    assert c.match.to_json() != before


def _back_to_back_match():
    """A hosenowi match just after one move ended two deals (the next one was a dealt 31)."""
    for seed in range(200):
        m = engine.Match(engine.preset("hosenowi"), players=2, seed=seed)
        rng = random.Random(seed)
        while not m.is_over():
            n = len(m.results)
            m.apply(rng.choice(m.legal_actions()))
            if len(m.results) - n >= 2 and not m.is_over():
                return m, n
    raise AssertionError("no seed ends two deals in one move")


def test_back_to_back_deals_each_show_the_lives_they_left():
    c, host, _ = make("?seed=1&speed=0&preset=hosenowi&bots=1")
    c.match, seen = _back_to_back_match()
    c._setup()
    c.session.deal_seen = c.tally.deal_noted = seen
    first, second = c.match.results[seen], c.match.results[seen + 1]
    assert first.lives_after != second.lives_after
    for result in (first, second):
        c._advance()
        assert host.state == "deal-over"
        panel = host.tree().find(data_testid="deal-over")
        for seat, lives in enumerate(result.lives_after):
            row = panel.find(data_seat=str(seat))
            if lives < 0:
                assert row.find(class_="lives out")
            else:
                label = row.find(class_="lives").get("aria-label") or ""
                assert label.startswith(f"{lives} "), (seat, lives, label)
        c.handle({"type": "action", "action": "next-deal"})
        assert c.session.deal_seen == result.deal_number


def test_luegen_deal_over_shows_the_players_own_final_hand():
    c, host, _ = make("?seed=5&speed=0&luegen=1&bots=2&lives=2")
    rng, checked = random.Random(1), 0
    for _ in range(400):
        state = settle(c, host)
        if state == "match-over":
            break
        if state == "deal-over":
            result = c.ui.frame.result
            own = c.match._final_hands[result.deal_number - 1][0]
            row = host.tree().find(data_testid="deal-over").find(data_seat="0")
            if own:
                shown = tuple(e.get("data-card") for e in row.find_all(data_card=True))
                assert shown == tuple(str(x) for x in own)
                checked += 1
            c.handle({"type": "action", "action": "next-deal"})
            continue
        perform(c, host, choose(c, rng))
    assert checked >= 2


@settings(max_examples=400, deadline=None)
@given(
    st.lists(
        st.text(alphabet=st.sampled_from("ab=&%+2C3A9é?;x "), max_size=12)
        | st.text(max_size=8),
        max_size=4,
    )
)
def test_parse_query_reads_urls_as_urllib_does(parts):
    from urllib.parse import parse_qs

    search = "?" + "&".join(parts)
    # a key given twice keeps its first value, as URLSearchParams.get in the page
    expected = {k: v[0] for k, v in parse_qs(search.lstrip("?"), keep_blank_values=True).items()}
    assert parse_query(search) == expected


def test_odd_url_parameters_fall_back_safely():
    c, host, _ = make("?seed=%ZZ&bots=%E2%82&preset=%00&lang=xx&speed=++&lives=9999999999&new=1")
    assert host.state in ("human", "busy")
    assert len(c.match.lives()) >= 2


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("match", "{not the engine's text"),
        ("match", 5),
        ("settings", "x"),
        ("deal_seen", "x"),
        ("deal_noted", -1),
        ("recorded", "yes"),
        ("watching", 1),
    ],
)
def test_a_damaged_saved_match_is_kept_aside_and_a_fresh_match_starts(field, value):
    c, host, store = make("?seed=6&speed=0&preset=classic")
    settle(c, host)
    raw = store.backend.getItem("schwimmen.match")
    envelope = json.loads(raw)
    record = json.loads(envelope["data"])
    record[field] = value
    envelope["data"] = json.dumps(record)
    store.backend.setItem("schwimmen.match", json.dumps(envelope))
    damaged = store.backend.getItem("schwimmen.match")

    c2, host2, _ = make("?speed=0", store=store)  # must not raise
    assert host2.state in ("human", "busy")
    assert c2.match.current_player() is not None
    assert store.backups("match")[0][1] == damaged  # the damaged text is kept
    notices = host2.tree().find(data_testid="notices")
    assert notices is not None and "laufende Partie" in notices.all_text()
    # The fresh match is saved over the slot and resumes cleanly.
    c3, _, _ = make("?speed=0", store=store)
    assert c3.match.to_json() == c2.match.to_json()
    assert not c3.ui.panels.notices


def _seeded_hard_match(query):
    c, host, _ = make(query)
    play_match(c, host, random.Random(4))
    return c.match.to_json()


def test_seeded_hard_bots_play_the_same_on_a_slow_machine(monkeypatch):
    query = "?seed=12&speed=0&preset=knack&lives=1&bots=3&difficulty=hard"
    fast = _seeded_hard_match(query)

    class SlowClock:  # every reading of the clock 100 ms later than the last
        now = 0.0

        def perf_counter(self):
            SlowClock.now += 0.1
            return SlowClock.now

    import engine.bots.hard as hard_module

    monkeypatch.setattr(hard_module, "time", SlowClock())
    assert _seeded_hard_match(query) == fast


def test_every_bot_decision_is_timed_for_the_page_with_its_level(monkeypatch):
    import app.local as controller_module  # the bots of this device are timed there

    class Clock:  # every reading 4 ms after the last: each decision takes 4 ms
        now = 0.0

        def perf_counter(self):
            Clock.now += 0.004
            return Clock.now

        def time(self):
            return 1000.0

    monkeypatch.setattr(controller_module, "time", Clock())
    c, host, _ = make("?seed=5&speed=0&preset=classic&lives=1&bots=3&difficulty=hard,medium,easy")
    timed = []
    host.timed = lambda name, ms, detail: timed.append((name, ms, detail))
    decisions = []
    real = c.seats.bot
    monkeypatch.setattr(
        c.seats, "bot", lambda seat: decisions.append(c.bot_levels[seat]) or real(seat)
    )
    play_match(c, host, random.Random(2))
    assert timed and [detail["level"] for _, _, detail in timed] == decisions
    assert set(decisions) == {"hard", "medium", "easy"}
    assert all(name == "bot" and ms == pytest.approx(4.0) for name, ms, _ in timed)
    samples = {d.get("samples") for _, _, d in timed if d["level"] == "hard"}
    assert samples == {engine.bots.TABLE_SAMPLES}
    assert all("samples" not in d for _, _, d in timed if d["level"] != "hard")


@pytest.mark.parametrize("difficulty", ["medium", "hard", "easy"])
def test_a_resumed_seeded_match_plays_on_exactly_like_an_uninterrupted_one(difficulty):
    query = f"?seed=21&speed=0&preset=classic&lives=1&bots=3&difficulty={difficulty}&new=1"
    c, host, _ = make(query)
    play_match(c, host, random.Random(4))
    straight = c.match.to_json()

    c, host, store = make(query)
    rng = random.Random(4)
    reloads = 0
    for _ in range(3000):
        state = settle(c, host)
        if state == "match-over":
            break
        if state == "deal-over":
            c.handle({"type": "action", "action": "next-deal"})
            continue
        perform(c, host, choose(c, rng))
        # Reload with the bots' turns still queued: a new page resumes from storage.
        c, host, _ = make("?speed=0", store=store)
        reloads += 1
    assert reloads > 0 and c.match.is_over()
    assert c.match.to_json() == straight


def test_the_crown_shown_and_counted_is_the_engines():
    seen = set()
    for seed in range(1, 9):
        c, host, store = make(f"?seed={seed}&speed=0&preset=classic&lives=1&bots=1&new=1")
        play_match(c, host, random.Random(seed))
        crown = c.match.crown
        seen.add(crown)
        assert len(host.tree().find_all(data_testid="crown")) == int(crown)
        counted = json.loads(store.backend.getItem("schwimmen.stats"))["data"]["overall"]
        assert counted["crowns"] == int(crown and c.match.winner() == 0)
    assert seen == {True, False}


@pytest.mark.parametrize(
    "again, told",
    [
        ("?seed=6&speed=0&preset=knack&bots=2", False),  # the same address reloaded
        ("?speed=0&preset=knack", False),  # what the match already is
        ("?seed=7&speed=0&preset=knack&bots=2", True),
        ("?seed=6&speed=0&preset=knack&bots=3", True),
        ("?seed=6&speed=0&preset=knack&bots=2&lives=5", True),
        ("?seed=6&speed=0&preset=knack&bots=2&mistery=1", True),
        ("?seed=6&speed=0&preset=knack&bots=2&difficulty=hard", True),
    ],
)
def test_the_next_match_notice_is_told_only_when_the_address_asks_for_another(again, told):
    c, host, store = make("?seed=6&speed=0&preset=knack&bots=2")
    settle(c, host)
    saved = c.match.to_json()
    c2, host2, _ = make(again, store=store)
    assert c2.match.to_json() == saved  # resumed either way
    status = host2.tree().find(data_testid="status").all_text()
    assert ("nächsten Partie" in status) is told, status


def test_a_new_match_forgets_the_old_one_even_when_it_cannot_be_saved():
    c, host, store = make("?seed=6&speed=0&preset=classic")
    settle(c, host)
    assert store.backend.getItem("schwimmen.match") is not None
    real_set = store.backend.setItem

    def refuse_match(key, value):  # the storage is full from now on
        if key == "schwimmen.match":
            raise OSError("quota")
        real_set(key, value)

    store.backend.setItem = refuse_match
    c.handle({"type": "action", "action": "new-match"})
    assert store.backend.getItem("schwimmen.match") is None
    c2, _, _ = make("?seed=8&speed=0&preset=pub", store=store)
    assert c2.match.rules == engine.preset("pub")  # not the old match resumed


def test_bad_url_parameters_and_unplayable_rules_are_said_not_dropped():
    warnings = []
    host = FakeHost()
    host.warn = warnings.append
    c = Controller(host, Store(MemoryBackend()), query="?seed=3&speed=0&bots=abc&lives=zz")
    c.start()
    text = host.tree().find(data_testid="notices").all_text()
    assert "URL-Parameter „bots“" in text and "URL-Parameter „lives“" in text
    assert len(warnings) == 2 and all("URL parameter" in w for w in warnings)

    from app.settings.model import Settings

    c.new_match(Settings(preset="hosenowi", bots=8, lang="en"))  # 9 players: too many
    assert len(c.match.lives()) == 8
    text = host.tree().find(data_testid="notices").all_text()
    assert "angepassten Einstellungen" in text
    assert "9 players" in warnings[-1]
    c.handle({"type": "action", "action": "dismiss-notices"})
    assert host.tree().find_all(data_testid="notices") == []


def test_url_notices_need_no_console_on_the_host():
    _, host, _ = make("?seed=3&speed=0&difficulty=superhard")
    assert "„difficulty“" in host.tree().find(data_testid="notices").all_text()


def test_the_header_names_a_custom_rule_set_as_such():
    c, host, _ = make("?seed=3&speed=0&preset=knack&new=1")
    assert host.tree().find(class_="variant").all_text() == "Knack"
    from app.settings.model import Settings

    c.new_match(Settings(preset="custom", custom={"swap_two": True}, lang="en"))
    assert c.match.rules.swap_two and c.match.rules != engine.preset("classic")
    assert host.tree().find(class_="variant").all_text() == "Eigene Regeln"


def test_my_tables_is_offered_only_when_the_build_names_a_table_server():
    class Going(FakeHost):
        def __init__(self):
            super().__init__()
            self.went: list[str] = []

        def go_online(self, role="host"):
            self.went.append(role)

    host = Going()
    c = Controller(host, Store(MemoryBackend()), query="?seed=3&speed=0", browser_lang="en")
    c.start()
    assert "my-tables" not in host.actions()
    c.press("my-tables")
    assert host.went == []
    host = Going()
    c = Controller(host, Store(MemoryBackend()), query="?seed=3&speed=0", browser_lang="en")
    c.server = True  # as app.main sets it from the page's <meta name="schwimmen-server">
    c.start()
    assert {"online", "my-tables"} <= host.actions()
    c.press("my-tables")
    c.press("online")
    assert host.went == ["tables", "host"]
