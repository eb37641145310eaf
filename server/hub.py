"""The WebSocket connections of this process and what each was sent.

A connection (:class:`Conn`) belongs to one table and, once welcomed, to one seat. What
it is sent besides the direct answers to its own messages (``welcome``, ``rejected``,
``pong``) is worked out here from the table as stored, after every change, whichever
process made it: the ``lobby`` when it changed, the seat's ``state`` when the match
moved (``engine.online.views.Feed`` keeps what this connection has of the log), the
``timer`` of a new decision, and ``over``. So a page on any process gets the same
messages a host's page would send, in the same order, and only its own seat's view.
A watcher's connection (``Conn.watching``: no seat) gets the same kinds of message with
the public view (``Feed.watch``) in place of a seat's; the lobby counts the watchers on
this process (``watchers``).

Messages go out through a bounded queue per connection, written by a task of its own:
a page that reads slowly fills its own queue and is closed (it reconnects and is sent
its whole view again); it never holds up another connection or table.
"""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass
from typing import Any

from engine import Match
from engine.online import protocol
from engine.online.referee import Bucket, Referee, SeatKind, Timing
from engine.online.views import Feed

OUTBOX = 256
"""Messages a connection may have waiting to be written; past that it is closed."""
_ids = itertools.count(1)


@dataclass
class Entry:
    """A table's referee as this process knows it, at ``version`` of the store."""

    version: int
    match_no: int
    ref: Referee


class Conn:
    """One page's WebSocket at one table. ``send`` writes a text frame, ``close`` closes."""

    def __init__(
        self,
        table_id: str,
        send: Callable[[str], Awaitable[None]],
        close: Callable[[int], Coroutine[Any, Any, None]],
        *,
        now: float,
        timing: Timing,
    ) -> None:
        self.id = f"c{next(_ids)}"
        self.table_id = table_id
        self.seat: int | None = None
        self.key: str | None = None  # the hash of the token its seat is held by
        self.watching = False  # a watcher: no seat, the public view (``protocol.Watch``)
        self.bucket = Bucket(float(timing.burst), now)
        self.timing = timing  # the bucket's rate and burst
        self._send, self._close = send, close
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(OUTBOX)
        self.closed = False
        self.reset()

    def reset(self) -> None:
        """Nothing sent yet: the next update carries the whole view."""
        self.version = 0
        self.feed = Feed()
        self.match_no: int | None = None
        self.sent_lobby: str | None = None
        self.sent_state: int | None = None
        self.sent_timer: tuple[int, int] | None = None
        self.sent_over: str | None = None
        self.written: dict[str, tuple[Any, str]] = {}  # see state_text

    @property
    def vid(self) -> str:
        """The connection id the referee knows: one per seat (all of a seat's pages
        are that seat's person), or this connection's own before it has a seat."""
        return self.id if self.seat is None else f"seat{self.seat}"

    def reply(self, message: protocol.HostMessage) -> None:
        """Queue one message to this page (see :meth:`put`)."""
        self.put(protocol.encode(message))

    def put(self, text: str) -> None:
        if self.closed:
            return
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:  # it reads too slowly: it will come back and catch up
            self.closed = True
            self.queue = asyncio.Queue(1)
            self.queue.put_nowait(None)
            asyncio.get_running_loop().create_task(self._close(1013))

    async def writer(self) -> None:
        """Write what is queued, in order, until :meth:`stop`."""
        while True:
            text = await self.queue.get()
            if text is None:
                return
            try:
                await self._send(text)
            except Exception:  # the socket went away; the reader sees it too
                return

    def stop(self) -> None:
        self.closed = True
        try:
            self.queue.put_nowait(None)
        except asyncio.QueueFull:
            self.queue = asyncio.Queue(1)
            self.queue.put_nowait(None)


class Hub:
    """This process's connections by table, who is here, and the updates they get."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self.clock = clock
        self.by_table: dict[str, set[Conn]] = {}
        self.remote: dict[str, dict[str, frozenset[int]]] = {}  # table -> process -> seats
        self.lobbies: dict[str, tuple[dict[str, Any], str]] = {}  # the last lobby and its text

    def add(self, conn: Conn) -> None:
        self.by_table.setdefault(conn.table_id, set()).add(conn)

    def remove(self, conn: Conn) -> None:
        conns = self.by_table.get(conn.table_id)
        if conns is not None:
            conns.discard(conn)
            if not conns:
                del self.by_table[conn.table_id]
                self.lobbies.pop(conn.table_id, None)

    def conns(self, table_id: str) -> list[Conn]:
        return list(self.by_table.get(table_id, ()))

    def watchers(self, table_id: str) -> int:
        """The pages of this process that watch the table."""
        return sum(c.watching for c in self.by_table.get(table_id, ()))

    def local_seats(self, table_id: str) -> frozenset[int]:
        return frozenset(c.seat for c in self.by_table.get(table_id, ()) if c.seat is not None)

    def here(self, table_id: str) -> frozenset[int]:
        """The seats with a page connected now, on this process or another."""
        seats = set(self.local_seats(table_id))
        for found in self.remote.get(table_id, {}).values():
            seats |= found
        return frozenset(seats)

    def fanout(self, table_id: str, entry: Entry, only: Conn | None = None) -> None:
        """Queue for each connection of the table (or ``only``) what changed for it."""
        conns = [only] if only is not None else self.conns(table_id)
        if not conns:  # a deadline's move at a table nobody has open here, say
            return
        lobby = self.lobby_text(table_id, entry.ref)  # the same for all
        now = self.clock()
        for conn in conns:
            for text in updates(conn, entry, lobby, now):
                conn.put(text)

    def lobby_text(self, table_id: str, ref: Referee) -> str:
        """The table's ``lobby`` message; its JSON is written again only when the lobby
        changed (most moves change nothing in it)."""
        body = lobby_body(ref, self.here(table_id), self.watchers(table_id))
        last = self.lobbies.get(table_id)
        if last is None or last[0] != body:
            last = (body, protocol.lobby(body))
            if table_id in self.by_table:  # kept while a page of this process is there
                self.lobbies[table_id] = last
        return last[1]


def lobby_body(ref: Referee, here: frozenset[int], watchers: int = 0) -> dict[str, Any]:
    """The referee's lobby, with ``away`` from who is connected to the server and the
    number of pages that watch."""
    body = ref.lobby()
    for seat in body["seats"]:
        seat["away"] = seat["kind"] == SeatKind.GUEST and seat["seat"] not in here
    body["watchers"] = watchers
    return body


def updates(conn: Conn, entry: Entry, lobby: str, now: float) -> list[str]:
    """What ``conn`` must be sent to know the table as ``entry`` has it: the ``lobby``
    (its text, the same for every page), its seat's view, the clock, the end; nothing it
    was sent already. A watcher gets the public view in place of a seat's."""
    ref = entry.ref
    if entry.version < conn.version:
        return []
    view = _view_of(conn, ref)
    if view is None:
        return []
    conn.version = entry.version
    out = []
    if lobby != conn.sent_lobby:
        out.append(lobby)
        conn.sent_lobby = lobby
    m = ref.match
    if m is None:
        return out
    if conn.match_no != entry.match_no:  # a new match: its log from the start
        conn.feed, conn.match_no = Feed(), entry.match_no
        conn.sent_state = conn.sent_timer = conn.sent_over = None
    seq = len(m.actions)
    if conn.sent_state != seq:
        out.append(state_text(view(m), conn.written))
        conn.sent_state = seq
    left = ref.time_left(now)
    if left is not None and ref.deadline is not None and ref.ended is None:
        key = (seq, int(ref.deadline))
        if key != conn.sent_timer:
            out.append(protocol.timer(left[0], seq, int(left[1])))
            conn.sent_timer = key
    if ref.ended is not None and conn.sent_over != ref.ended:
        out.append(protocol.over(ref.ended, m.lives(), m.places()))
        conn.sent_over = ref.ended
    return out


KEPT = ("rules", "last_deal")
"""The parts of a view that change seldom (the rules never, the last deal's result once
a deal): each connection keeps their JSON text and writes them again only when changed."""


def state_text(body: dict[str, Any], written: dict[str, tuple[Any, str]]) -> str:
    """``protocol.state(body)``, the same text (``views.Feed`` puts the view last in
    the body and the :data:`KEPT` parts last in the view), those parts taken from
    ``written`` (a connection's last value of each and its text) when they have not
    changed. Every page is sent a state at every move; these two parts were half of
    the JSON encoder's work."""
    obs = dict(body["obs"])
    kept = []
    for name in KEPT:
        value = obs.pop(name)
        last = written.get(name)
        if last is None or not (last[0] is value or last[0] == value):
            text = protocol.compact(value)
            last = written[name] = (value, text)
        kept.append(f'"{name}":{last[1]}')
    outer = protocol.state({k: v for k, v in body.items() if k != "obs"})
    inner = protocol.compact(obs)
    # Both objects opened again at their closing brace: the view last in the message,
    # the kept parts last in the view.
    return outer[:-1] + ',"obs":' + inner[:-1] + ("," if obs else "") + ",".join(kept) + "}}"


def _view_of(conn: Conn, ref: Referee) -> Callable[[Match], dict[str, Any]] | None:
    """How ``conn``'s view of a match is written: a watcher's public one, or its seat's
    own; None when it has no seat (or no longer has one)."""
    seat = conn.seat
    if conn.watching:
        return lambda m: conn.feed.watch(m, ref.stand_ins)
    if seat is None:
        return None
    if ref.seats[seat].kind is not SeatKind.GUEST or ref.seats[seat].secret != conn.key:
        conn.seat = None  # the creator gave the seat to a bot, or opened it: no seat now
        return None
    return lambda m: conn.feed.state(m, seat, ref.stand_ins)
