"""A start that fails twice starts clean: no stored record can keep a player out.

Every start of the page leaves a note in storage (``schwimmen.start``: this tab's id,
when it began, whether it failed) before it reads the saved match, and takes it away
as soon as the first screen is drawn (``ready``). A start that raised (``app.main``
says ``failed``, and so does ``static/watchdog.js`` for any start-up error or its
60-second timeout), hung, or whose tab was closed or reloaded before its table came up
leaves the note behind. The next start finds it and sets the records that could have
caused it aside as backups, the saved match and the host's online table
(:data:`SET_ASIDE`), then starts without them and says so: a Notice with the code
``set_aside`` and a "Try it again" button (``restore-set-aside``) that puts them back
and reloads.

A note of a tab that is still open and began less than :data:`STALE_MS` ago is another
tab starting at the same moment, not a failure (``open_tabs``: the tabs holding a Web
Lock, as ``app.tabs`` knows them; ``None`` where the browser cannot tell).

>>> from app.storage import MemoryBackend, Store
>>> store = Store(MemoryBackend({"schwimmen.match": '{"version": 1, "data": "x"}'}))
>>> begin(store, "tab-a", frozenset(), now=1000.0)
[]
>>> [n.code for n in begin(store, "tab-b", frozenset(), now=2000.0)]  # tab-a never drew
['set_aside']
>>> store.backend.getItem("schwimmen.match") is None
True
>>> ready(store, "tab-b"); begin(store, "tab-c", frozenset(), now=3000.0)
[]
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterable, Sequence
from typing import Any

from app import safe_json
from app.storage import KEY_MATCH, Notice, Store

KEY_START = "start"
"""Storage key (after the store's prefix) of the note of a start under way."""
KEY_ONLINE_HOST = "online-host"  # app.online.table.KEY_HOST (not imported: online loads late)
SET_ASIDE = (KEY_MATCH, KEY_ONLINE_HOST)
"""The records a failed start sets aside: those drawn at once when the page starts."""
STALE_MS = 60_000
"""A start that has not drawn its table after this long has failed (the watchdog's
timeout in ``static/watchdog.js``), even if its tab is still open."""
RESTORE = "restore-set-aside"
"""The control (``data-action``) that puts the records set aside back."""


def _read(store: Store) -> dict[str, Any] | None:
    try:
        raw = store.backend.getItem(store.prefix + KEY_START)
        data = safe_json.loads(raw, KEY_START) if isinstance(raw, str) else None
    except Exception:  # unreadable: a note that says nothing
        return None
    return data if isinstance(data, dict) else None


def _write(store: Store, note: dict[str, Any] | None) -> None:
    key = store.prefix + KEY_START
    with contextlib.suppress(Exception):  # storage off or full: recovery is a help
        if note is None:
            store.backend.removeItem(key)
        else:
            store.backend.setItem(key, json.dumps(note))


def _failed(note: dict[str, Any], open_tabs: frozenset[str] | None, now: float) -> bool:
    """Whether the start that left ``note`` failed (see the module text)."""
    since = note.get("since")
    fresh = isinstance(since, int | float) and 0 <= now - since < STALE_MS
    alive = open_tabs is not None and note.get("tab") in open_tabs
    return note.get("failed") is True or not (alive and fresh)


def begin(
    store: Store | None, tab: str, open_tabs: frozenset[str] | None, now: float
) -> list[Notice]:
    """Call before anything stored is read: set the records aside if the last start
    failed (their Notices), and note that this one has begun."""
    if store is None:
        return []
    note = _read(store)
    found: list[Notice] = []
    since = now
    if note is not None and _failed(note, open_tabs, now):
        for key in SET_ASIDE:
            why = "was set aside: the last start did not finish"
            notice = store.quarantine(key, why, "set_aside")
            if notice is not None:
                found.append(notice)
    elif note is not None:  # another tab is starting too: the clock runs from its start
        since = note["since"]
    _write(store, {"tab": tab, "since": since, "failed": False})
    return found


def ready(store: Store | None, tab: str) -> None:
    """The first screen is drawn: this start worked, the note goes."""
    if store is None:
        return
    note = _read(store)
    if note is None or note.get("tab") == tab:
        _write(store, None)


def failed(store: Store | None, tab: str) -> None:
    """This page stopped with an error: the next start sets the records aside."""
    if store is None:
        return
    _write(store, {"tab": tab, "since": 0, "failed": True})


def restore(store: Store, notices: Iterable[Notice]) -> list[str]:
    """Put the records of these ``set_aside`` Notices back from their backups (the
    backups stay); returns the keys restored. The next start tries them again, and
    sets them aside once more if they fail again."""
    done = []
    for n in notices:
        if n.code != "set_aside" or not n.backup_key:
            continue
        with contextlib.suppress(Exception):  # a backup gone or storage full: nothing back
            raw = store.backend.getItem(n.backup_key)
            if isinstance(raw, str):
                store.backend.setItem(store.prefix + n.subject, raw)
                done.append(n.subject)
    _write(store, None)
    return done


def aside(notices: Sequence[Notice]) -> list[Notice]:
    """The ``set_aside`` Notices among ``notices``."""
    return [n for n in notices if n.code == "set_aside"]
