"""One writer per saved match: which browser tab may save it.

Every tab has an id. The tab that saves the match keeps a small owner record beside
it in storage (``schwimmen.owner``: ``{"tab": id, "beat": milliseconds}``) and
renews its heartbeat while it lives; it removes the record when the page goes away.
Before every save a tab compares the record with its own id:

- no record, or its own: it may save (and renews the record);
- another tab's: someone took the match over, so this tab stops saving
  (``role`` becomes ``guest`` with ``reason`` ``taken``) and the page says so.

A tab that starts while another tab's record is fresh (renewed within
:data:`STALE_MS`) does not touch the match: it is a guest with ``reason`` ``open``,
and the page offers to take the match over (:meth:`Ownership.claim`) or to start
a new one. A record left by a tab that crashed goes stale and is then ignored.
Where the page can tell which tabs are open (``alive``: in the browser, each tab
holds a Web Lock named after its id, see ``static/watchdog.js``), a record of a tab that is
closed counts for nothing at once, fresh or not (a browser closed and opened again).

The browser tells other tabs about every change of storage (the ``storage``
event, see ``app.events``); :meth:`Ownership.check` answers whether such a change
means this tab lost the match. No ``js`` here: the clock and the store are given.

>>> from app.storage import MemoryBackend, Store
>>> store, now = Store(MemoryBackend()), [1000.0]
>>> a = Ownership(store, "a", lambda: now[0])
>>> a.start(), a.role
(True, 'owner')
>>> b = Ownership(store, "b", lambda: now[0])
>>> b.start(), b.role, b.reason
(False, 'guest', 'open')
>>> b.claim(); a.may_save(), a.reason, b.may_save()
(False, 'taken', True)
>>> c = Ownership(store, "c", lambda: now[0], alive=lambda tab: False)  # b was closed
>>> c.start(), c.role
(True, 'owner')
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable
from dataclasses import dataclass

from . import safe_json
from .storage import Store

KEY_OWNER = "owner"
"""Storage key (after the store's prefix) of the owner record."""
STALE_MS = 150_000
"""A record not renewed for this long belongs to a tab that is gone (a crash). Browsers
wake timers of hidden tabs only once a minute, so it must be well above that."""
HEARTBEAT_MS = 10_000
"""The owner renews its record at most this often (on saves and on the page's timer)."""


@dataclass(frozen=True)
class Owner:
    """The stored owner record: the tab's id and when it last renewed it (ms)."""

    tab: str
    beat: float


def read_owner(store: Store) -> Owner | None:
    """The owner record, or None if there is none or it cannot be read (then it is
    treated as absent: it holds nothing worth a backup)."""
    try:
        raw = store.backend.getItem(store.prefix + KEY_OWNER)
        if not isinstance(raw, str):
            return None
        data = safe_json.loads(raw, KEY_OWNER)
    except Exception:
        return None
    if not isinstance(data, dict):
        return None
    tab, beat = data.get("tab"), data.get("beat")
    if not isinstance(tab, str) or not 0 < len(tab) <= 64:
        return None
    if isinstance(beat, bool) or not isinstance(beat, int | float):
        return None
    return Owner(tab, float(beat))


class Ownership:
    """This tab's side: ``role`` is ``owner`` (may save the match) or ``guest``;
    ``reason`` says why a guest is one: ``open`` (another tab had the match when
    this one started) or ``taken`` (another tab took it over later)."""

    def __init__(
        self,
        store: Store,
        tab: str,
        clock: Callable[[], float],
        alive: Callable[[str], bool] | None = None,
    ) -> None:
        self.store = store
        self.tab = tab
        self.clock = clock
        self.alive = alive  # is the tab with this id open? (None: unknown, trust the clock)
        self.role = "owner"
        self.reason = ""
        self._renewed = -float("inf")  # when this tab last wrote its record

    def start(self) -> bool:
        """At start-up: True (and the match is this tab's) unless another tab's
        record is fresh; then this tab is a guest until :meth:`claim`."""
        owner = read_owner(self.store)
        now = self.clock()
        if (
            owner is not None
            and owner.tab != self.tab
            and now - owner.beat < STALE_MS
            and (self.alive is None or self.alive(owner.tab))
        ):
            self.role, self.reason = "guest", "open"
            return False
        self.claim()
        return True

    def claim(self) -> None:
        """Make the match this tab's (the player chose to take it over or to start a
        new one here). The other tab notices at its next save or storage event."""
        self.role, self.reason = "owner", ""
        self._write()

    def may_save(self) -> bool:
        """Before each save: True if this tab still owns the match (renewing the
        record now and then); False for a guest, and from the moment another tab's
        record is found (``reason`` becomes ``taken``)."""
        if self.role != "owner":
            return False
        owner = read_owner(self.store)
        if owner is not None and owner.tab != self.tab:
            self.role, self.reason = "guest", "taken"
            return False
        if owner is None or self.clock() - self._renewed >= HEARTBEAT_MS:
            self._write()
        return True

    def check(self) -> bool:
        """After another tab changed storage: True if this tab has just lost the match."""
        return self.role == "owner" and not self.may_save()

    def release(self) -> None:
        """The page goes away: remove the record if it is still this tab's."""
        owner = read_owner(self.store)
        if self.role == "owner" and owner is not None and owner.tab == self.tab:
            # Storage switched off: the record goes stale instead.
            with contextlib.suppress(Exception):
                self.store.backend.removeItem(self.store.prefix + KEY_OWNER)

    def _write(self) -> None:
        now = self.clock()
        text = json.dumps({"tab": self.tab, "beat": int(now)})
        try:
            self.store.backend.setItem(self.store.prefix + KEY_OWNER, text)
        except Exception:
            return  # a full storage: saving the match will fail and say so anyway
        self._renewed = now
