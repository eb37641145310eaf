"""No stored record can keep a player out (issue 26): a start that fails twice starts
clean (``app.recovery``), a backup counter of thousands of digits, a notice for every
backup, and an import of statistics that asks and backs up before it replaces them."""

from __future__ import annotations

import json

from app import recovery
from app.controller import Controller
from app.stats import model as stats_mod
from app.storage import MemoryBackend, Store
from tests.app.test_panels import Host, press, start

MATCH = '{"version": 1, "data": "the saved match"}'
TABLE = '{"version": 1, "data": {"id": "t1"}}'


def store_with(**items: str) -> Store:
    return Store(MemoryBackend({f"schwimmen.{k}": v for k, v in items.items()}))


# ---------------------------------------------------------------- a start that fails twice


def test_a_start_that_never_drew_its_table_sets_the_match_and_the_online_table_aside():
    store = store_with(match=MATCH, **{"online-host": TABLE})
    assert recovery.begin(store, "a", frozenset({"a"}), now=0) == []
    # tab a was reloaded (or closed, or crashed) before its table came up
    found = recovery.begin(store, "b", frozenset({"b"}), now=5_000)
    assert [(n.code, n.subject) for n in found] == [
        ("set_aside", "match"),
        ("set_aside", "online-host"),
    ]
    items = store.backend.items
    assert "schwimmen.match" not in items and "schwimmen.online-host" not in items
    assert items[found[0].backup_key] == MATCH and items[found[1].backup_key] == TABLE
    recovery.ready(store, "b")
    assert "schwimmen.start" not in items
    # "Try it again" puts both back; the start after that reads them as before
    assert recovery.restore(store, found) == ["match", "online-host"]
    assert items["schwimmen.match"] == MATCH and items["schwimmen.online-host"] == TABLE
    assert recovery.begin(store, "c", frozenset({"c"}), now=9_000) == []


def test_a_start_that_failed_with_an_error_sets_the_match_aside_even_in_a_tab_still_open():
    store = store_with(match=MATCH)
    recovery.begin(store, "a", frozenset({"a"}), now=0)
    recovery.failed(store, "a")
    assert [n.code for n in recovery.begin(store, "b", frozenset({"a", "b"}), now=1)] == [
        "set_aside"
    ]


def test_another_tab_starting_at_the_same_moment_is_no_failure_unless_it_hangs():
    store = store_with(match=MATCH)
    recovery.begin(store, "a", frozenset({"a"}), now=0)
    assert recovery.begin(store, "b", frozenset({"a", "b"}), now=2_000) == []
    assert "schwimmen.match" in store.backend.items
    # the note keeps the first start's time: a tab open but not drawn after 60 s has hung
    late = recovery.begin(store, "c", frozenset({"a", "b", "c"}), now=recovery.STALE_MS + 1)
    assert [n.subject for n in late] == ["match"]


def test_a_page_that_started_cleanly_leaves_no_note_and_damaged_notes_count_as_none():
    store = store_with(match=MATCH, start="{not json")
    assert recovery.begin(store, "a", None, now=0) == []
    recovery.ready(store, "a")
    assert recovery.begin(store, "b", None, now=1) == []
    assert recovery.begin(None, "x", None, now=0) == []  # storage switched off


def test_the_page_says_what_was_set_aside_and_offers_to_try_it_again():
    # as app.main starts the game: recovery first, its notices to the controller
    left = json.dumps({"tab": "gone", "since": 0, "failed": False})
    store = store_with(match=MATCH, start=left)
    aside = recovery.begin(store, "t", frozenset({"t"}), now=1)
    host = Host()
    c = Controller(host, store, query="?seed=3&speed=0&lang=en", browser_lang="en", tab_id="t")
    c.notices += aside
    c.start()
    banner = host.tree().find(data_testid="notices")
    assert banner.find_all(data_action="restore-set-aside")
    words = banner.find(data_code="set_aside").all_text()
    assert "did not reach the table" in words and "schwimmen.backup.match.1" in words
    assert host.state in ("human", "busy")  # and a new match is played


# ---------------------------------------------------------------- fault 3: the backup counter


def test_a_backup_counter_of_5000_digits_with_damaged_statistics_still_starts():
    store = store_with(stats="{damaged", **{"backup.stats.last": "9" * 5000})
    value, notice = stats_mod.load_stats(store)
    assert value.matches == 0 and notice.code == "corrupt"
    assert store.backend.items[notice.backup_key] == "{damaged"
    assert store.backend.items["schwimmen.backup.stats.last"] == "1"


def test_backup_counters_that_are_no_small_number_count_as_none():
    for counter in ("-3", "1e9", "١٢", "99999999999999999999999", "٣"):
        store = store_with(stats="{", **{"backup.stats.last": counter, "backup.stats.1": "old"})
        _, notice = stats_mod.load_stats(store)
        assert notice.backup_key == "schwimmen.backup.stats.2"  # never over an old backup


# ---------------------------------------------------------------- fault 9: every backup is said


def test_damaged_statistics_with_friends_are_backed_up_and_said_at_start():
    _c, host, backend = start(
        {"schwimmen.stats-online": "{oops", "schwimmen.stats-shared": '{"version": 9, "data": 1}'}
    )
    banner = host.tree().find(data_testid="notices")
    subjects = {li.get("data-subject") for li in banner.find_all(data_subject=True)}
    assert {"stats-online", "stats-shared"} <= subjects
    assert "schwimmen.backup.stats-online.1" in backend.items


def test_a_damaged_record_of_online_play_is_said_on_the_online_page():
    from tests.online.fake_net import Clock, Hub, guest_table

    store = store_with(**{"online-guest": "[[[", "stats-online": "nope"})
    guest, page = guest_table(Hub(), Clock(), store)
    guest.start()
    assert 'data-testid="notices"' in page.markup
    assert "online-guest" in page.markup and "stats-online" in page.markup
    guest.press("dismiss-notices")
    assert 'data-testid="notices"' not in page.markup


# ---------------------------------------------------------------- an import that replaces


def some_stats(matches: int) -> stats_mod.Stats:
    s = stats_mod.Stats()
    for _ in range(matches):
        s.record_match("knack", place=1, players=3, date="2026-11-30")
    return s


def test_an_import_over_statistics_asks_first_and_backs_them_up():
    mine = json.dumps({"version": 2, "data": some_stats(2).to_dict()})
    c, host, backend = start({"schwimmen.stats": mine})
    press(c, "open-stats")
    c.handle({"type": "stats-import", "text": some_stats(7).to_json()})
    ask = host.tree().find(data_testid="stats-import-confirm")
    assert "7" in ask.all_text() and c.ui.look.stats == (2, 2)
    press(c, "stats-import-cancel")
    assert c.ui.look.stats == (2, 2) and backend.items["schwimmen.stats"] == mine

    c.handle({"type": "stats-import", "text": some_stats(7).to_json()})
    press(c, "stats-import-confirm")
    assert c.ui.look.stats == (7, 7)
    backups = [k for k in backend.items if k.startswith("schwimmen.backup.stats.")]
    assert backend.items["schwimmen.backup.stats.1"] == mine, backups
    message = host.tree().find(data_testid="stats-message").all_text()
    assert "schwimmen.backup.stats.1" in message


def test_an_import_into_empty_statistics_needs_no_question():
    c, host, _backend = start()
    press(c, "open-stats")
    c.handle({"type": "stats-import", "text": some_stats(3).to_json()})
    assert c.ui.look.stats == (3, 3)
    assert host.tree().find_all(data_testid="stats-import-confirm") == []
