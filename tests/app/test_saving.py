"""Writes that can fail, and one writer per match: the controller with a fake page.

A full storage is told at once, the statistics wait in memory and are written as soon
as there is room (dropping the oldest history entries first if that makes them fit),
and the saved match never claims a result the statistics do not hold. Two controllers
on one store are two tabs: the second asks before it touches the first one's match.
"""

from __future__ import annotations

import json
import random

import pytest

from app import tabs
from app.stats import model as stats_mod
from app.storage import MemoryBackend, Store
from tests.app.test_controller import make, play_match, settle

V1_STATS = json.dumps({"version": 1, "data": {"matches": 3, "wins": 1}})
QUICK = "?seed=4&speed=0&preset=knack&bots=1&lives=1&new=1"


class SwitchBackend(MemoryBackend):
    """A storage that can be made full: then every write that adds data fails (the
    browser also lets a value shrink or stay the same size; so does this one)."""

    def __init__(self, items=None):
        super().__init__(items)
        self.full = False

    def setItem(self, key, value):
        old = self.items.get(key)
        if self.full and (old is None or len(value) > len(old)):
            raise RuntimeError("QuotaExceededError: the quota has been exceeded")
        super().setItem(key, value)


def stored_matches(backend) -> int:
    record = json.loads(backend.items["schwimmen.stats"])
    data = record["data"]
    return data["matches"] if record["version"] == 1 else data["overall"]["matches"]


def notice_codes(c, subject=None):
    return [n.code for n in c.ui.panels.notices if subject in (None, n.subject)]


def test_a_full_storage_is_told_the_result_kept_and_written_once_there_is_room():
    backend = SwitchBackend({"schwimmen.stats": V1_STATS})
    store = Store(backend)
    c, host, _ = make(QUICK, store=store)
    backend.full = True
    play_match(c, host, random.Random(1))
    assert host.state == "match-over"
    # Told at once, in words, with what to do; the retry button is offered.
    assert notice_codes(c, "match") == ["write_failed"]
    assert notice_codes(c, "stats") == ["write_failed"]
    assert "retry-save" in {e.get("data-action") for e in host.tree().find_all(data_action=True)}
    banner = host.tree().find(data_testid="notices").all_text()
    assert "Exportieren" in banner and "Speicher frei" in banner
    # The page counts the match; storage still holds the old figures and no stale match.
    assert c.ui.look.stats[0] == 4
    assert stored_matches(backend) == 3
    assert "schwimmen.match" not in backend.items
    c.tick()  # still full: nothing changes, nothing is told twice
    assert stored_matches(backend) == 3 and notice_codes(c, "stats") == ["write_failed"]

    backend.full = False
    c.tick()  # the page's timer
    assert stored_matches(backend) == 4
    saved = json.loads(json.loads(backend.items["schwimmen.match"])["data"])
    assert saved["recorded"] is True
    assert notice_codes(c, "stats") == ["saved"] and notice_codes(c, "match") == ["saved"]
    # A reload shows the finished match and does not count it twice.
    c2, host2, _ = make("?speed=0", store=store)
    assert host2.state == "match-over" and c2.ui.look.stats[0] == 4
    assert stored_matches(backend) == 4


def test_a_resumed_match_counts_what_the_full_storage_could_not_take():
    """The tab closes while the statistics wait in memory: the saved match says which
    deals and result are not counted yet, so the next visit counts them."""
    backend = SwitchBackend()
    store = Store(backend)
    c, host, _ = make(QUICK, store=store)
    settle(c, host)
    before = json.loads(json.loads(backend.items["schwimmen.match"])["data"])
    # Only the statistics are full (a quota that lets the match record through).
    real = backend.setItem

    def no_stats(key, value):
        if key == "schwimmen.stats":
            raise RuntimeError("QuotaExceededError")
        real(key, value)

    backend.setItem = no_stats
    play_match(c, host, random.Random(1))
    assert c.ui.look.stats[0] == 1 and "schwimmen.stats" not in backend.items
    saved = json.loads(json.loads(backend.items["schwimmen.match"])["data"])
    assert saved["recorded"] is False and saved["deal_noted"] == before["deal_noted"]
    backend.setItem = real  # space again, and the page is opened anew
    c2, host2, _ = make("?speed=0", store=store)
    assert host2.state == "match-over"
    assert stored_matches(backend) == 1 and c2.ui.look.stats == c.ui.look.stats


def test_statistics_that_do_not_fit_drop_the_oldest_history_first():
    stats = stats_mod.Stats()
    for i in range(20):
        stats.record_match("pub", place=1 + i % 3, players=3, date="2026-11-30")
    raw = json.dumps({"version": stats_mod.VERSION, "data": stats.to_dict()})
    backend = MemoryBackend({"schwimmen.stats": raw})
    store = Store(backend)
    c, host, _ = make("?seed=3&speed=0", store=store)
    settle(c, host)
    used = sum(len(k) + len(v) for k, v in backend.items.items())
    backend.quota = used  # full to the brim: the record may not grow
    c.recorder.update(lambda s: s.record_match("pub", place=1, players=3, date="2026-12-01"))
    kept = stats_mod.Stats.from_dict(json.loads(backend.items["schwimmen.stats"])["data"])
    assert kept.matches == 21  # the new result is written ...
    assert len(kept.history) == 19 and kept.history[-1].date == "2026-12-01"  # ... 2 dropped
    [trimmed] = [n for n in c.ui.panels.notices if n.code == "history_trimmed"]
    assert trimmed.count == 2 and "2" in host.tree().find(data_testid="notices").all_text()
    assert not c.recorder.pending


def test_a_failed_settings_write_is_told():
    backend = SwitchBackend()
    c, host, _ = make("?seed=3&speed=0", store=Store(backend))
    settle(c, host)
    backend.full = True
    c.handle({"type": "settings-draft", "form": {"preset": "classic", "bots": "3", "lang": "en"}})
    assert notice_codes(c, "settings") == ["write_failed"]
    assert "settings could not be saved" in host.tree().find(data_testid="notices").all_text()


def test_an_import_that_cannot_be_written_is_kept_and_written_later():
    backend = SwitchBackend()
    c, host, _ = make("?seed=3&speed=0", store=Store(backend))
    settle(c, host)
    backend.full = True
    text = json.dumps({"format": stats_mod.FILE_FORMAT, "version": 1, "matches": 9, "wins": 2})
    c.handle({"type": "stats-import", "text": text})
    assert c.ui.look.stats == (9, 2) and "schwimmen.stats" not in backend.items
    backend.full = False
    c.handle({"type": "action", "action": "retry-save"})
    assert stored_matches(backend) == 9


# -- two tabs -----------------------------------------------------------------------


class Clock:
    def __init__(self):
        self.now = 1_000_000.0

    def __call__(self):
        return self.now


def two_tabs(query_a=QUICK, query_b="?speed=0"):
    store, clock = Store(MemoryBackend()), Clock()
    a, host_a, _ = make(query_a, store=store, tab_id="A", clock=clock)
    settle(a, host_a)
    b, host_b, _ = make(query_b, store=store, tab_id="B", clock=clock)
    return store, clock, (a, host_a), (b, host_b)


def saved_actions(store):
    record = json.loads(json.loads(store.backend.items["schwimmen.match"])["data"])
    return json.loads(record["match"])["actions"]


def test_a_second_tab_asks_and_does_not_touch_the_first_tabs_match():
    store, _, (a, host_a), (b, host_b) = two_tabs()
    before = store.backend.items["schwimmen.match"]
    assert b.tabs.role == "guest" and host_b.state == "busy"
    panel = host_b.tree().find(data_testid="other-tab")
    assert panel.get("data-reason") == "open"
    assert {"take-over", "own-match"} <= {e.get("data-action") for e in panel.find_all()}
    assert b.match.actions == a.match.actions  # the saved match, drawn behind the question
    assert not host_b.timers  # no bot plays here
    b.tick()
    assert store.backend.items["schwimmen.match"] == before
    # The first tab plays on and saves as before.
    play_match(a, host_a, random.Random(3))
    assert saved_actions(store) == a.match.actions


def test_taking_over_stops_the_first_tab_which_says_so():
    store, _, (a, host_a), (b, host_b) = two_tabs()
    b.handle({"type": "action", "action": "take-over"})
    assert b.tabs.role == "owner" and host_b.state in ("human", "deal-over")
    assert b.match.actions == a.match.actions
    # The first tab hears of it through the storage event.
    a.on_storage("schwimmen.owner")
    assert a.tabs.role == "guest" and host_a.state == "busy"
    assert host_a.tree().find(data_testid="other-tab").get("data-reason") == "taken"
    # B plays on; A's clicks do nothing and A never writes again.
    play_match(b, host_b, random.Random(4))
    final = store.backend.items["schwimmen.match"]
    a.handle({"type": "card", "zone": "hand", "index": "0"})
    a.tick()
    a.handle({"type": "action", "action": "next-deal"})
    assert store.backend.items["schwimmen.match"] == final


def test_a_tab_that_missed_the_event_finds_out_before_its_next_move():
    store, _, (a, host_a), (b, host_b) = two_tabs("?seed=3&speed=0&new=1")
    b.handle({"type": "action", "action": "take-over"})
    settle(b, host_b)
    saved = store.backend.items["schwimmen.match"]
    assert host_a.state == "human"  # A has not heard yet
    move = str(a.match.legal_actions()[-1])
    a.handle({"type": "action", "action": move})
    assert a.tabs.reason == "taken" and host_a.state == "busy"
    assert store.backend.items["schwimmen.match"] == saved


def test_own_match_replaces_the_saved_one_and_the_first_tab_is_told():
    store, _, (a, _host_a), (b, host_b) = two_tabs()
    b.handle({"type": "action", "action": "own-match"})
    settle(b, host_b)
    assert saved_actions(store) == b.match.actions != a.match.actions
    a.tick()  # the page's timer finds the other tab's record
    assert a.tabs.reason == "taken"


def test_a_stale_or_released_claim_is_not_asked_about():
    store, clock, (_a, _host_a), _ = two_tabs()
    clock.now += tabs.STALE_MS + 1  # the first tab crashed long ago
    c, host_c, _ = make("?speed=0", store=store, tab_id="C", clock=clock)
    assert c.tabs.role == "owner" and not host_c.tree().find_all(data_testid="other-tab")
    c.release()  # closed properly: the next tab starts at once
    d, _, _ = make("?speed=0", store=store, tab_id="D", clock=clock)
    assert d.tabs.role == "owner"


def test_statistics_written_in_one_tab_show_in_the_other():
    _store, _, (a, host_a), (b, host_b) = two_tabs()
    b.handle({"type": "action", "action": "own-match"})
    play_match(b, host_b, random.Random(5))
    assert b.ui.look.stats[0] == 1 and a.ui.look.stats[0] == 0
    a.on_storage("schwimmen.stats")
    assert a.ui.look.stats == b.ui.look.stats
    assert host_a.tree().find(data_testid="stats").get("data-matches") == "1"


@pytest.mark.parametrize("raw", ["", "{", "[1]", '{"tab": 5, "beat": 1}', '{"tab": "x"}'])
def test_an_unreadable_owner_record_counts_as_none(raw):
    store = Store(MemoryBackend({"schwimmen.owner": raw}))
    assert tabs.read_owner(store) is None
    own = tabs.Ownership(store, "me", Clock())
    assert own.start() and tabs.read_owner(store).tab == "me"


def test_a_file_too_large_to_read_is_refused_with_its_size():
    c, host, _ = make("?seed=3&speed=0&lang=en")
    settle(c, host)
    c.handle({"type": "stats-import", "text": None, "size": 5_000_000})
    message = host.tree().find(data_testid="stats-message")
    assert message.get("data-kind") == "error"
    assert "too large (4883 kB; at most 1024 kB)" in message.all_text()
    assert c.ui.look.stats == (0, 0)


def test_own_match_in_a_second_tab_plays_the_seed_its_url_asked_for():
    store, clock = Store(MemoryBackend()), Clock()
    make("?seed=3&speed=0", store=store, tab_id="A", clock=clock)
    clock.now += 1000
    store.backend.removeItem("schwimmen.match")  # nothing to draw behind the question
    b, _, _ = make("?seed=77&speed=0&new=1", store=store, tab_id="B", clock=clock)
    assert b.tabs.role == "guest"
    b.handle({"type": "action", "action": "own-match"})
    assert b.settings.seed == 77 and b.tabs.role == "owner"
