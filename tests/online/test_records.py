"""What this browser keeps of its online tables (app.online.records): the seats per
table, bounded and in the order they were taken; the reminders' state kept with the
same seat only; a finished match counted once; damaged records read as none, said."""

from __future__ import annotations

from app.online.records import KEY_GUEST, KEY_HOST, KEY_SERVER, Records
from app.stats import model as stats_mod
from app.storage import MemoryBackend, Notice, Store


def _records(backend: MemoryBackend | None = None, **given: object):
    said: list[Notice] = []
    warned: list[str] = []
    store = Store(backend or MemoryBackend())
    records = Records(
        store,
        lambda n: said.append(n) if n is not None else None,
        warned.append,
        **given,
    )
    return records, said, warned


def test_seats_are_kept_latest_last_and_bounded():
    records, _, _ = _records(keep=3)
    for table in ("t1", "t2", "t3", "t4"):
        records.keep_seat(table, "Ben", "s-" + table)
    records.keep_seat("t2", "Ben", "s-t2")  # taken again: the latest now
    assert list(records.seats()) == ["t3", "t4", "t2"]
    assert records.seat("t1") is None
    assert records.seat("t2") == {"name": "Ben", "secret": "s-t2"}


def test_the_reminders_stay_with_the_same_seat_only():
    records, _, _ = _records(seats=KEY_SERVER, keep=50)
    records.keep_seat("t1", "Ben", "a" * 32)
    records.keep_remind("t1", True, daily=True)
    records.keep_seat("t1", "Ben", "a" * 32)  # the same seat again (a reload)
    kept = {"name": "Ben", "secret": "a" * 32, "remind": True, "daily": True}
    assert records.seat("t1") == kept
    records.keep_seat("t1", "Ben", "b" * 32)  # another seat at the same table
    assert "remind" not in (records.seat("t1") or {})
    records.keep_remind("t9", True)  # no seat there: nothing kept
    assert records.seat("t9") is None


def test_a_server_s_seats_and_a_guest_s_are_kept_apart_and_forgotten_one_by_one():
    backend = MemoryBackend()
    server, _, _ = _records(backend, seats=KEY_SERVER, keep=50)
    guest, _, _ = _records(backend)
    server.keep_seat("t1", "Ben", "s1")
    guest.keep_seat("t1", "Ben", "g1")
    guest.keep_seat("t2", "Ben", "g2")
    guest.forget_seat("t1")
    assert list(guest.seats()) == ["t2"] and server.seat("t1") is not None
    assert set(backend.items) >= {"schwimmen." + KEY_SERVER, "schwimmen." + KEY_GUEST}


def test_a_seat_that_is_not_a_seat_reads_as_none():
    records, _, _ = _records()
    records.store.save(KEY_GUEST, {"t1": {"name": 3, "secret": "x"}, "t2": "odd"}, 1)
    assert records.seat("t1") is None and records.seat("t2") is None


def test_a_finished_match_is_counted_once_with_its_place():
    records, _, _ = _records()
    first = records.count_place("m1", "classic", [2, 1], 1, players=2, crowned=True)
    assert first == (1, 1)  # seat 1 took the first place
    assert records.count_place("m1", "classic", [2, 1], 1, players=2, crowned=True) is None
    assert records.count_place("m2", "classic", [1, 2], 1, players=2, crowned=False) == (2, 1)
    assert records.count_place("m3", "classic", [1], 5, players=2, crowned=False) is None
    stats, _ = stats_mod.load_stats(records.store, stats_mod.KEY_ONLINE)
    assert (stats.matches, stats.wins) == records.online_figures() == (2, 1)


def test_a_match_the_statistics_cannot_take_is_not_counted_and_said():
    records, _, warned = _records()
    assert records.count_place("m1", "no-such-rules", [1, 2], 0, players=2, crowned=False) is None
    assert records.counted() == [] and warned and "not counted" in warned[0]


def test_the_host_s_table_is_its_own_only_and_a_damaged_one_is_set_aside_and_said():
    backend = MemoryBackend()
    records, said, _ = _records(backend)
    records.save_host_table({"id": "t1", "token": "k", "table": {}})
    assert records.host_table("t1") is not None
    assert records.host_table("t2") is None and records.host_table("") is None
    records.set_host_table_aside("broken")
    assert records.host_table("t1") is None and said
    records.save_host_table({"id": "t1", "table": {}})
    records.forget_host_table()
    assert "schwimmen." + KEY_HOST not in backend.items


def test_the_name_last_given_is_offered_and_a_damaged_one_is_none():
    backend = MemoryBackend()
    records, _, _ = _records(backend)
    assert records.name() == ""
    records.keep_name("Ben")
    assert records.name() == "Ben"
    backend.items["schwimmen.online-name"] = "{not json"
    again, said, _ = _records(backend)
    assert again.name() == "" and said
