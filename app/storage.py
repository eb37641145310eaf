"""Versioned JSON records in the browser's ``localStorage``, without ever losing them.

The page hands a ``Store`` the storage object (``js.localStorage`` in the
browser, :class:`MemoryBackend` in tests): anything with ``getItem``,
``setItem`` and ``removeItem``. This module never imports ``js``.

Every record is stored under ``prefix + key`` as JSON text of the envelope
``{"version": <int>, "data": <value>}``. Reading is forgiving and writing
never raises into the game:

- a missing key gives the default (``getItem`` may answer ``None`` or, in
  Pyodide, a ``JsNull``: anything that is not a ``str`` counts as missing);
- text that is not JSON, or JSON beyond the limits of ``app.safe_json`` (too
  long, nested too deep, NaN, a key twice), an envelope of the wrong shape, a version newer than
  this page knows, a failed migration or data the caller's ``validate``
  rejects all give the default and a :class:`Notice`; the raw text is first
  moved to a backup key ``prefix + "backup." + key + "." + n`` (n counts up
  from 1; the newest :data:`MAX_BACKUPS` per key are kept);
- an older version is brought up to date by the caller's migration steps;
- a failing ``setItem`` (a full quota, storage switched off) becomes a Notice.

Each record is written whole by one ``setItem``, which the browser either does or
refuses: a failed save leaves the old value as it was, never half of the new one.
Keeping two records consistent (the saved match and the statistics it counted)
is the controller's part (``app.controller``).

>>> store = Store(MemoryBackend())
>>> store.save("settings", {"lang": "en"}, version=1) is None
True
>>> store.load("settings", version=1)
({'lang': 'en'}, None)
>>> store.load("stats", version=2, default={})
({}, None)
>>> store.backend.setItem("schwimmen.stats", "{oops")
>>> value, notice = store.load("stats", version=2, default={})
>>> value, notice.code, notice.backup_key
({}, 'corrupt', 'schwimmen.backup.stats.1')
>>> store.backend.getItem("schwimmen.backup.stats.1")
'{oops'
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from engine import bounds

from . import safe_json

KEY_SETTINGS = "settings"
"""Key of the remembered settings (see ``app.settings.model``)."""
KEY_MATCH = "match"
"""Key of the match in progress: the engine's match JSON, kept as opaque text."""
KEY_STATS = "stats"
"""Key of the statistics (see ``app.stats.model``)."""

MATCH_VERSION = 1
"""Envelope version of the saved match. The engine's text inside carries its own format."""

MAX_BACKUPS = 10
"""How many backups of unreadable records are kept per key (the oldest go first)."""


class Backend(Protocol):
    """The part of the Web Storage API a Store uses."""

    def getItem(self, key: str) -> Any: ...

    def setItem(self, key: str, value: str) -> Any: ...

    def removeItem(self, key: str) -> Any: ...


@dataclass(frozen=True)
class Notice:
    """Something the player may want to know; never an exception.

    ``code`` is a stable word for translations (``corrupt``, ``newer``,
    ``unavailable``, ``write_failed``, ``backup_failed`` here; ``setting``,
    ``url``, ``form`` and ``rules`` in ``app.settings.model``; ``saved`` and
    ``history_trimmed`` in ``app.controller``), ``subject`` the storage key
    or setting name, ``message`` an English sentence for the log,
    ``backup_key`` where the unreadable text was kept, ``count`` a number the
    player's text needs.
    """

    code: str
    subject: str
    message: str
    backup_key: str | None = None
    count: int = 0  # a number the player's text names (history entries dropped)

    def __str__(self) -> str:
        return self.message


class MemoryBackend:
    """A dict with the browser's storage methods: for tests, and for a page
    whose ``localStorage`` is switched off (data then lasts until reload).

    ``quota`` (characters of keys plus values, like the browser's limit) makes
    ``setItem`` raise once it would be exceeded.
    """

    def __init__(self, items: Mapping[str, str] | None = None, quota: int | None = None):
        self.items: dict[str, str] = dict(items or {})
        self.quota = quota

    def getItem(self, key: str) -> str | None:
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:
        value = str(value)
        if self.quota is not None:
            used = sum(len(k) + len(v) for k, v in self.items.items() if k != key)
            if used + len(key) + len(value) > self.quota:
                raise QuotaExceededError(f"setting {key!r} would exceed the quota of {self.quota}")
        self.items[key] = value

    def removeItem(self, key: str) -> None:
        self.items.pop(key, None)


class QuotaExceededError(Exception):
    """What :class:`MemoryBackend` raises for a full quota (the browser raises a
    ``DOMException``; a Store treats every exception from ``setItem`` alike)."""


Migrations = Mapping[int, Callable[[Any], Any]]
"""Migration steps: ``{n: step}`` where ``step(data_of_version_n)`` returns data of version n+1."""


class Store:
    """Versioned records in a Web Storage backend, under keys starting with ``prefix``."""

    def __init__(self, backend: Backend, prefix: str = "schwimmen."):
        self.backend = backend
        self.prefix = prefix
        # Keys whose unreadable text could not be backed up: never overwrite them.
        self._unsaved: dict[str, str] = {}

    def load(
        self,
        key: str,
        version: int,
        migrate: Migrations | None = None,
        default: Any = None,
        validate: Callable[[Any], Any] | None = None,
    ) -> tuple[Any, Notice | None]:
        """Read ``key`` as ``(value, notice)``; ``notice`` is None when all went well.

        ``version`` is the version this page writes. Older records pass through
        ``migrate`` step by step; ``validate(data)`` (optional) checks the
        up-to-date data and returns the value to hand back, raising any
        exception for data it rejects. Every failure returns ``default`` and a
        Notice, after moving the raw text to a backup key.
        """
        try:
            raw = self.backend.getItem(self.prefix + key)
        except Exception as exc:  # storage switched off: the browser raises a SecurityError
            return default, Notice("unavailable", key, f"storage cannot be read: {exc}")
        if not isinstance(raw, str):  # None, or Pyodide's JsNull
            return default, None
        try:
            record = safe_json.loads(raw, key)  # bounded: deep nesting never reaches json
        except ValueError as exc:
            return default, self._reject(key, raw, "corrupt", f"is not readable JSON: {exc}")
        if (
            not isinstance(record, dict)
            or set(record) != {"version", "data"}
            or type(record["version"]) is not int
            or record["version"] < 1
        ):
            return default, self._reject(
                key, raw, "corrupt", 'is not a {"version": n, "data": ...} record'
            )
        found, data = record["version"], record["data"]
        if found > version:
            return default, self._reject(
                key, raw, "newer", f"has version {found}; this page knows up to {version}"
            )
        try:
            for step in range(found, version):
                if migrate is None or step not in migrate:
                    raise ValueError(f"no migration from version {step}")
                data = migrate[step](data)
            value = data if validate is None else validate(data)
        except Exception as exc:  # any failure of caller code on stored data is bad data
            return default, self._reject(key, raw, "corrupt", f"cannot be used: {exc}")
        return value, None

    def save(self, key: str, value: Any, version: int) -> Notice | None:
        """Write ``value`` (JSON-able) as version ``version``; a Notice instead of an exception."""
        try:
            text = json.dumps(
                {"version": version, "data": value}, ensure_ascii=False, allow_nan=False
            )
        except (TypeError, ValueError) as exc:
            return Notice("write_failed", key, f"{key} cannot be written as JSON: {exc}")
        return self._write(key, text)

    def remove(self, key: str) -> Notice | None:
        """Forget ``key`` (a finished match, reset statistics)."""
        if not self._secure(key):
            return Notice(
                "backup_failed", key, f"{key} was kept: its unreadable old text has no backup yet"
            )
        try:
            self.backend.removeItem(self.prefix + key)
        except Exception as exc:
            return Notice("write_failed", key, f"{key} cannot be removed: {exc}")
        return None

    def quarantine(self, key: str, reason: str, code: str = "corrupt") -> Notice | None:
        """Move the stored text of ``key`` to a backup key because the caller could
        not use it (say the engine rejected a saved match; ``code`` ``set_aside``: a
        start with it did not finish, ``app.recovery``). None if nothing was stored."""
        try:
            raw = self.backend.getItem(self.prefix + key)
        except Exception as exc:
            return Notice("unavailable", key, f"storage cannot be read: {exc}")
        if not isinstance(raw, str):
            return None
        return self._reject(key, raw, code, reason)

    def keep_copy(self, key: str) -> str | Notice | None:
        """Back up the stored text of ``key`` before the caller replaces it on purpose
        (an import of statistics): the backup key, None if nothing is stored, or a
        ``backup_failed`` Notice (then the caller should not replace it)."""
        raw = self._get(self.prefix + key)
        if raw is None:
            return None
        kept = self._backup(key, raw)
        if kept is None:
            return Notice("backup_failed", key, f"{key} could not be backed up")
        return kept

    def backups(self, key: str) -> list[tuple[str, str]]:
        """The kept backups of ``key`` as ``(storage key, raw text)``, newest first."""
        base = f"{self.prefix}backup.{key}."
        last = self._last_backup(base)
        out = []
        for n in range(last, max(0, last - MAX_BACKUPS), -1):
            raw = self._get(base + str(n))
            if raw is not None:
                out.append((base + str(n), raw))
        return out

    # -- internals ---------------------------------------------------------

    def _write(self, key: str, text: str) -> Notice | None:
        if not self._secure(key):
            return Notice(
                "backup_failed",
                key,
                f"{key} was not saved: the unreadable text stored there could not be backed up",
            )
        try:
            self.backend.setItem(self.prefix + key, text)
        except Exception as exc:  # QuotaExceededError and friends
            return Notice("write_failed", key, f"{key} could not be saved: {exc}")
        return None

    def _secure(self, key: str) -> bool:
        """Back up pending unreadable text of ``key``; False while that fails."""
        raw = self._unsaved.get(key)
        if raw is None:
            return True
        if self._backup(key, raw) is None:
            return False
        del self._unsaved[key]
        return True

    def _reject(self, key: str, raw: str, code: str, why: str) -> Notice:
        backup_key = self._backup(key, raw)
        if backup_key is None:
            self._unsaved[key] = raw
            return Notice(
                "backup_failed",
                key,
                f"stored {key} {why}; it could not be backed up, so it stays where it is",
            )
        # It is safe in the backup; if removing fails, a stale copy is only read again.
        with contextlib.suppress(Exception):
            self.backend.removeItem(self.prefix + key)
        return Notice(code, key, f"stored {key} {why}; it was kept as {backup_key}", backup_key)

    def _backup(self, key: str, raw: str) -> str | None:
        base = f"{self.prefix}backup.{key}."
        n = self._last_backup(base) + 1
        while self._get(base + str(n)) is not None:  # never overwrite a backup
            n += 1
        try:
            self.backend.setItem(base + str(n), raw)
        except Exception:
            return None
        try:
            self.backend.setItem(base + "last", str(n))
            if n > MAX_BACKUPS:
                self.backend.removeItem(base + str(n - MAX_BACKUPS))
        except Exception:
            pass  # the backup itself is written; the counter is only a hint
        return base + str(n)

    def _last_backup(self, base: str) -> int:
        """The number of the newest backup, from its counter; a counter that is no
        number of backups (5,000 digits once stopped every start: ``int()`` refuses
        more than 4,300) counts as none, and the search for a free key goes on."""
        try:
            return bounds.COUNT.read(self._get(base + "last"))
        except ValueError:  # InvalidInputError: missing, no digits, too long, too large
            return 0

    def _get(self, full_key: str) -> str | None:
        try:
            raw = self.backend.getItem(full_key)
        except Exception:
            return None
        return raw if isinstance(raw, str) else None


def save_match(store: Store, match_json: str) -> Notice | None:
    """Remember the match in progress (the engine's ``Match.to_json()`` text)."""
    return store.save(KEY_MATCH, match_json, MATCH_VERSION)


def load_match(store: Store) -> tuple[str | None, Notice | None]:
    """The saved match text, or None. If the engine cannot read it, call
    ``store.quarantine(KEY_MATCH, reason)`` to keep it aside and start anew."""
    return store.load(KEY_MATCH, MATCH_VERSION, validate=_text)


def clear_match(store: Store) -> Notice | None:
    """Forget the saved match (call when a match is over or replaced)."""
    return store.remove(KEY_MATCH)


def _text(data: Any) -> str:
    if not isinstance(data, str):
        raise ValueError(f"a saved match must be text, not {type(data).__name__}")
    return data
