"""app.storage: versioned records that survive bad data, odd backends and full quotas."""

import json

import pytest

from app import storage
from app.storage import MAX_BACKUPS, MemoryBackend, Notice, Store


class JsNullLike:
    """Stands in for Pyodide's JsNull: not None, not a str, falsy."""

    def __bool__(self):
        return False

    def __repr__(self):
        return "null"


JS_NULL = JsNullLike()


class NullBackend(MemoryBackend):
    """Answers missing keys as Pyodide does: with a JsNull, not None."""

    def getItem(self, key):
        return self.items.get(key, JS_NULL)


class FullBackend(MemoryBackend):
    """Every write fails like a full localStorage; reads and removes work."""

    def setItem(self, key, value):
        raise RuntimeError("QuotaExceededError: the quota has been exceeded")


class BrokenBackend:
    """Storage switched off: every call raises (Safari private mode, blocked cookies)."""

    def getItem(self, key):
        raise RuntimeError("SecurityError: access denied")

    setItem = removeItem = getItem


def envelope(version, data):
    return json.dumps({"version": version, "data": data})


# -- round trips -------------------------------------------------------------


@pytest.mark.parametrize(
    "value",
    [
        {"lang": "en", "bots": 3},
        [1, 2.5, "drei", None, True],
        'a match as opaque text: {"seed": 1}',
        {"umlaut": "Hosen owi – Schwimmen ä ö ü ß ♥"},
        0,
        None,
    ],
)
@pytest.mark.parametrize("backend_type", [MemoryBackend, NullBackend])
def test_round_trip(backend_type, value):
    store = Store(backend_type())
    assert store.save("settings", value, version=3) is None
    assert store.load("settings", version=3) == (value, None)


@pytest.mark.parametrize("backend_type", [MemoryBackend, NullBackend])
def test_missing_key_gives_the_default_without_notice(backend_type):
    store = Store(backend_type())
    default = {"fresh": True}
    value, notice = store.load("stats", version=2, default=default)
    assert value is default
    assert notice is None


def test_keys_carry_the_prefix_and_an_envelope():
    backend = MemoryBackend()
    Store(backend, prefix="test.").save("stats", {"matches": 1}, version=2)
    assert list(backend.items) == ["test.stats"]
    assert json.loads(backend.items["test.stats"]) == {"version": 2, "data": {"matches": 1}}


def test_remove_forgets_the_key():
    store = Store(MemoryBackend())
    store.save("match", "text", 1)
    assert store.remove("match") is None
    assert store.load("match", 1, default="none") == ("none", None)


# -- bad stored data is kept in a backup -------------------------------------


@pytest.mark.parametrize(
    ("raw", "code"),
    [
        ("not json at all", "corrupt"),
        ("{", "corrupt"),
        ("", "corrupt"),
        ("[" * 100_000, "corrupt"),  # nesting deeper than the parser allows
        ("1" * 5000, "corrupt"),  # an integer too long for int()
        ("null", "corrupt"),
        ("42", "corrupt"),
        ('"text"', "corrupt"),
        ("[1, 2]", "corrupt"),
        ('{"lang": "en"}', "corrupt"),  # data without an envelope
        ('{"version": 1}', "corrupt"),
        ('{"data": {}}', "corrupt"),
        ('{"version": "1", "data": {}}', "corrupt"),
        ('{"version": true, "data": {}}', "corrupt"),
        ('{"version": 1.0, "data": {}}', "corrupt"),
        ('{"version": 0, "data": {}}', "corrupt"),
        ('{"version": -3, "data": {}}', "corrupt"),
        ('{"version": 1, "data": {}, "extra": 1}', "corrupt"),
        ('{"version": 3, "data": {}}', "newer"),
        ('{"version": 99999999999999999999, "data": {}}', "newer"),
    ],
)
def test_unreadable_record_goes_to_a_backup(raw, code):
    backend = NullBackend({"schwimmen.settings": raw})
    store = Store(backend)
    value, notice = store.load("settings", version=2, default="DEFAULT")
    assert value == "DEFAULT"
    assert isinstance(notice, Notice)
    assert notice.code == code
    assert notice.subject == "settings"
    assert notice.backup_key == "schwimmen.backup.settings.1"
    assert backend.items["schwimmen.backup.settings.1"] == raw
    assert "schwimmen.settings" not in backend.items  # moved, so it is not backed up again
    assert notice.backup_key in str(notice)


def test_each_bad_record_gets_its_own_backup_and_old_ones_are_pruned():
    backend = MemoryBackend()
    store = Store(backend)
    for n in range(1, MAX_BACKUPS + 4):
        backend.setItem("schwimmen.stats", f"bad {n}")
        _, notice = store.load("stats", version=2)
        assert notice.backup_key == f"schwimmen.backup.stats.{n}"
    kept = store.backups("stats")
    assert [raw for _, raw in kept] == [f"bad {n}" for n in range(MAX_BACKUPS + 3, 3, -1)]
    assert "schwimmen.backup.stats.3" not in backend.items
    assert "schwimmen.backup.stats.4" in backend.items


def test_a_backup_is_never_overwritten_even_if_the_counter_is_lost():
    backend = MemoryBackend({"schwimmen.backup.match.1": "older", "schwimmen.match": "bad"})
    _, notice = Store(backend).load("match", version=1)
    assert notice.backup_key == "schwimmen.backup.match.2"
    assert backend.items["schwimmen.backup.match.1"] == "older"


def test_validate_rejection_is_kept_in_a_backup():
    def validate(data):
        if data.get("matches", 0) < 0:
            raise ValueError("matches is negative")
        return data

    raw = envelope(2, {"matches": -5})
    backend = MemoryBackend({"schwimmen.stats": raw})
    value, notice = Store(backend).load("stats", version=2, default={}, validate=validate)
    assert value == {}
    assert notice.code == "corrupt"
    assert "matches is negative" in notice.message
    assert backend.items[notice.backup_key] == raw


def test_validate_result_is_returned():
    store = Store(MemoryBackend())
    store.save("stats", {"n": 1}, 1)
    assert store.load("stats", 1, validate=lambda d: d["n"] + 1) == (2, None)


def test_quarantine_moves_text_the_caller_cannot_use():
    backend = MemoryBackend()
    store = Store(backend)
    storage.save_match(store, '{"engine": "format 7"}')
    notice = store.quarantine("match", "the engine cannot read this match")
    assert notice.code == "corrupt"
    assert "the engine cannot read this match" in notice.message
    assert storage.load_match(store) == (None, None)
    assert json.loads(backend.items[notice.backup_key])["data"] == '{"engine": "format 7"}'
    assert store.quarantine("match", "again") is None  # nothing left to move


# -- migrations ----------------------------------------------------------------


def test_older_versions_migrate_step_by_step():
    steps = {
        1: lambda d: {"count": d},
        2: lambda d: {**d, "double": d["count"] * 2},
    }
    for version, data in [(1, 5), (2, {"count": 5}), (3, {"count": 5, "double": 10})]:
        store = Store(MemoryBackend({"schwimmen.k": envelope(version, data)}))
        assert store.load("k", 3, migrate=steps) == ({"count": 5, "double": 10}, None)


@pytest.mark.parametrize(
    "steps",
    [
        None,
        {2: lambda d: d},  # no step from version 1
        {1: lambda d: d["missing"]},  # the step fails on this data
    ],
)
def test_failed_migration_keeps_the_data_in_a_backup(steps):
    raw = envelope(1, {"a": 1})
    backend = MemoryBackend({"schwimmen.k": raw})
    value, notice = Store(backend).load("k", 3, migrate=steps, default="D")
    assert value == "D"
    assert notice.code == "corrupt"
    assert backend.items[notice.backup_key] == raw


# -- writes never raise ------------------------------------------------------------


def test_quota_error_becomes_a_notice():
    store = Store(FullBackend())
    notice = store.save("stats", {"matches": 1}, 2)
    assert notice.code == "write_failed"
    assert notice.subject == "stats"
    assert "quota" in notice.message.lower()


def test_real_quota_rejects_a_big_record_but_keeps_the_old_one():
    backend = MemoryBackend(quota=200)
    store = Store(backend)
    assert store.save("stats", {"small": 1}, 2) is None
    notice = store.save("stats", {"big": "x" * 500}, 2)
    assert notice.code == "write_failed"
    assert store.load("stats", 2) == ({"small": 1}, None)


@pytest.mark.parametrize("value", [{1, 2}, float("nan"), object(), {"inf": float("inf")}])
def test_value_that_is_not_json_becomes_a_notice(value):
    backend = MemoryBackend()
    notice = Store(backend).save("settings", value, 1)
    assert notice.code == "write_failed"
    assert backend.items == {}


def test_storage_switched_off_never_raises():
    store = Store(BrokenBackend())
    value, notice = store.load("settings", 1, default="D")
    assert (value, notice.code) == ("D", "unavailable")
    assert store.save("settings", {}, 1).code == "write_failed"
    assert store.remove("settings").code == "write_failed"
    assert store.quarantine("settings", "x").code == "unavailable"
    assert store.backups("settings") == []


def test_unreadable_text_that_cannot_be_backed_up_is_never_overwritten():
    backend = MemoryBackend({"schwimmen.stats": "precious but unreadable"})
    backend.quota = len("schwimmen.stats") + len("precious but unreadable")  # storage is full
    store = Store(backend)
    value, notice = store.load("stats", 2, default="D")
    assert (value, notice.code, notice.backup_key) == ("D", "backup_failed", None)
    assert backend.items["schwimmen.stats"] == "precious but unreadable"
    # The game goes on and saves: the unreadable text must survive.
    assert store.save("stats", {"matches": 1}, 2).code == "backup_failed"
    assert store.remove("stats").code == "backup_failed"
    assert backend.items["schwimmen.stats"] == "precious but unreadable"
    # Space is freed: the next save backs the text up first, then writes.
    backend.quota = None
    assert store.save("stats", {"matches": 1}, 2) is None
    assert store.backups("stats") == [("schwimmen.backup.stats.1", "precious but unreadable")]
    assert store.load("stats", 2) == ({"matches": 1}, None)


# -- the saved match ---------------------------------------------------------------


def test_match_text_round_trip_and_clear():
    store = Store(NullBackend())
    text = json.dumps({"seed": 7, "actions": ["keep", "swap 0 1", "knock"]})
    assert storage.save_match(store, text) is None
    assert storage.load_match(store) == (text, None)
    assert storage.clear_match(store) is None
    assert storage.load_match(store) == (None, None)


def test_match_that_is_not_text_is_kept_in_a_backup():
    backend = MemoryBackend({"schwimmen.match": envelope(1, {"not": "text"})})
    value, notice = storage.load_match(Store(backend))
    assert value is None
    assert notice.code == "corrupt"
    assert notice.backup_key in backend.items


@pytest.mark.parametrize("counter", ["²", "-1", "x", ""])
def test_a_damaged_backup_counter_is_ignored(counter):
    backend = MemoryBackend({"schwimmen.backup.k.last": counter, "schwimmen.k": "bad"})
    _, notice = Store(backend).load("k", 1)
    assert notice.backup_key == "schwimmen.backup.k.1"
    assert backend.items["schwimmen.backup.k.last"] == "1"
