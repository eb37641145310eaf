"""The server's tables: each refereed by ``engine.online.referee.Referee``, kept in the
store, changed one transaction at a time, and told to every page after the commit.

For every message that may change a table (``hello``, ``act``, ``bye`` and the creator's
``seat``, ``start``, ``rematch``) and for every deadline that falls due:

1. the table's referee is taken from this process's cache, trusted to be the stored
   version (no read: the write in 3 checks it); when it is not cached, or that check
   failed, the row is locked (``FOR UPDATE``; the immediate transaction on SQLite) and
   the cached referee brought up to it (the new moves applied) or rebuilt from it;
2. the referee does its part, exactly as on a host's page;
3. if anything lasting changed (seats, the match, its end, the deadline) the table and
   the new moves, and the seats' token hashes and the deadlines if they changed, are
   written, the table's row only if its stored version is still the one the referee
   had (else all is rolled back and the message handled again from 1, with the row
   read), and committed; if nothing changed, the stored version is checked alike;
4. only then the sender gets its answer and every connection what changed for it
   (``server.hub``); other processes hear of it by ``NOTIFY`` (sent in the transaction,
   so delivered on commit) and tell their own connections.

A message that cannot change anything (a ping, anything the protocol refuses unread,
and what the referee would refuse from the connection and the cached table alone: no
seat, not the creator, another seat, out of turn, stale) is answered without a
transaction; so are the reads (``current``, "My tables"), which never take the write
lock. Flood control is per connection, before anything.
The referee runs with the store's clock (milliseconds since 1970, injectable), no grace
period and no pauses: a server's table waits for its people (its move timer decides,
not their presence), and bots move at once.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import secrets
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from typing import Any

from engine import InvalidInputError, Match
from engine.bots import BOT_NAMES
from engine.online import protocol
from engine.online.protocol import (
    Act,
    GuestMessage,
    Hello,
    Ping,
    Pong,
    ProtocolError,
    React,
    Reason,
    Rejected,
    Rematch,
    SetSeat,
    Start,
    UpdateNeeded,
    VersionMismatch,
    Watch,
    Welcome,
)
from engine.online.referee import Buckets, Referee, SeatKind, TableConfig, Timing, end_reason
from server.hub import Conn, Entry, Hub
from server.reactions import Reactions
from server.store import Deadline, Row, Saved, Store, Write

log = logging.getLogger("schwimmen.server")

TIMING = Timing(grace_ms=float("inf"), silent_ms=float("inf"), burst=10**9, rate=10**9)
"""The referee's pace on the server (see the module text); flood control is the
connection's (``CONN_TIMING``), so the referee's own buckets never fill."""
CONN_TIMING = Timing()
"""A connection's flood limits: the referee's defaults (20 at once, 10 per second)."""
HELLO_TIMING = Timing(burst=5, rate=0.5)
"""How often one seat may say hello (come back): five at once, then one every two
seconds; a page reconnects a few times an hour, a reconnect loop is refused (``flood``)."""
HELLO_SEATS = 10_000
"""Seats whose hellos are counted at once (the oldest are forgotten first)."""
PRESENCE_GAP_S = 0.5
"""News of who is here goes to a table's pages at most once in this many seconds: a
change is told at once, the next ones within the gap together at its end."""
PRESENCE_TABLES = 10_000
"""Tables whose last news of who is here is remembered past its gap (then forgotten)."""
LOBBY_DAYS = 7
"""A table never started ends (is deleted, with its seats) this many days after it was
opened: an invitation nobody took keeps nothing for ever (issue 41)."""
LOBBY_SWEEP_S = 600.0
"""How often the scheduler looks for such tables (a scan of the tables)."""
REMIND_AT = 0.8
"""The reminder goes out when this much of a decision's time is used (as lichess does)."""
CACHE_BYTES = 256 * 1024 * 1024
"""The memory this process's cached referees may take, by :func:`referee_bytes`'s
estimate (least recently used go first): about 2,500 long matches of nine, or ten
thousand lobbies."""
BROKEN = "broken"
"""``tables.ended`` of a table whose stored state cannot be loaded: it is set aside
(logged, its deadlines dropped so nothing retries it, its pages told) and the server
goes on with every other table."""
LOBBY_ENDED_TEXT = f"this table was never started: it ended after {LOBBY_DAYS} days"
BROKEN_TEXT = "this table's stored state is damaged: it cannot go on"
DIRECT = (Welcome, Rejected, Pong)
"""The referee's answers that go to the sender alone; the rest is worked out per page."""


def token_hash(token: str) -> str:
    """What the database keeps of a seat's token: 128 bits of its SHA-256 (the tokens
    are 128 random bits, so the hash cannot be turned back into a token).

    >>> len(token_hash(new_token())), token_hash("a" * 32) == token_hash("a" * 32)
    (32, True)
    """
    return hashlib.sha256(token.encode()).hexdigest()[:32]


def new_token() -> str:
    """A seat's token: 128 random bits as 32 hexadecimal digits."""
    return secrets.token_hex(16)


def new_table_id() -> str:
    """A table's id: 80 random bits in 16 lower-case letters and digits (base 32)."""
    alphabet = "abcdefghijkmnpqrstuvwxyz23456789"
    return "".join(secrets.choice(alphabet) for _ in range(16))


def referee_bytes(ref: Referee) -> int:
    """About what a referee takes in memory (measured with ``tracemalloc``: 25 KB for two
    seats after 19 moves, 81 KB for four after 106, 215 KB for nine after 291)."""
    moves = 0 if ref.match is None else len(ref.match.actions)
    return 10_000 + 2_000 * len(ref.seats) + 700 * moves


class RefereeCache:
    """The referees this process keeps between messages, by table id: the least
    recently used go first once their estimated memory passes ``budget`` bytes."""

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self.bytes = 0
        self._entries: OrderedDict[str, Entry] = OrderedDict()
        self._sizes: dict[str, int] = {}

    def __len__(self) -> int:
        return len(self._entries)

    def __getitem__(self, table_id: str) -> Entry:
        return self._entries[table_id]

    def get(self, table_id: str) -> Entry | None:
        return self._entries.get(table_id)

    def put(self, table_id: str, entry: Entry) -> None:
        """Keep ``entry`` (again: its size may have grown) as the most recently used."""
        self.pop(table_id)
        self._entries[table_id] = entry
        self._sizes[table_id] = size = referee_bytes(entry.ref)
        self.bytes += size
        while self.bytes > self.budget and len(self._entries) > 1:
            self.pop(next(iter(self._entries)))

    def touch(self, table_id: str) -> None:
        self._entries.move_to_end(table_id)

    def pop(self, table_id: str) -> None:
        if self._entries.pop(table_id, None) is not None:
            self.bytes -= self._sizes.pop(table_id)


class BrokenTable(Exception):
    """A table whose stored state cannot be loaded (see :data:`BROKEN`)."""

    def __init__(self, table_id: str, why: str, *, marked: bool = False) -> None:
        super().__init__(f"table {table_id}: {why}")
        self.table_id, self.why = table_id, why
        self.marked = marked  # stored as broken already
        self.told = False  # its pages were told


@dataclass(frozen=True, eq=False)
class _Before:
    """The parts of a referee that make its stored state, read before it acts, so
    that :meth:`Tables._write` tells what changed without serialising the table: its
    choices never change, its match only grows (or a new one begins), its seats are few."""

    match: Match | None
    moves: int
    seats: tuple[tuple[str, str, str, str | None], ...]
    seed: int
    ended: str | None
    stand_ins: int
    deadline: float | None
    clock_record: tuple[Any, ...]

    @classmethod
    def of(cls, ref: Referee) -> _Before:
        m = ref.match
        return cls(
            match=m,
            moves=0 if m is None else len(m.actions),
            seats=tuple((s.kind, s.name, s.level, s.secret) for s in ref.seats),
            seed=ref.seed,
            ended=ref.ended,
            stand_ins=len(ref.stand_ins),
            deadline=ref.deadline,
            clock_record=(tuple(ref.missed.items()), frozenset(ref.bot_plays), len(ref.gave_time)),
        )

    def same_state(self, other: _Before) -> bool:
        """Whether the stored state (all but the deadline) is the same."""
        return (
            self.match is other.match
            and self.moves == other.moves
            and self.seats == other.seats
            and (self.seed, self.ended, self.stand_ins, self.clock_record)
            == (other.seed, other.ended, other.stand_ins, other.clock_record)
        )


@dataclass(frozen=True)
class Turn:
    """A person's new decision, for the reminders: ``seat`` decides after ``seq`` moves."""

    table_id: str
    seat: int
    seq: int
    deadline: int | None
    subscribed: bool = True  # False: the seat has no push subscription (for a push a move)


class _Stale(Exception):
    """The cached referee was not the stored version: the transaction is rolled back
    and tried again with the table read (see :meth:`Tables._transact`)."""


class Tables:
    """Every table of the store, as this process runs them (see the module text).

    ``clock()``: milliseconds since 1970 (tests give their own); ``on_turn(turn)`` is
    called after a commit that gave a person a new decision; ``on_remind(deadline,
    table_id)`` when a reminder falls due."""

    def __init__(
        self,
        store: Store,
        hub: Hub,
        *,
        clock: Callable[[], float],
        on_turn: Callable[[Turn], None] | None = None,
        on_remind: Callable[[str, Deadline], None] | None = None,
        cache_bytes: int = CACHE_BYTES,
    ) -> None:
        self.store, self.hub, self.clock = store, hub, clock
        self.on_turn = on_turn or (lambda _turn: None)
        self.on_remind = on_remind or (lambda _table, _deadline: None)
        self.cache = RefereeCache(cache_bytes)
        self.reactions = Reactions(hub, clock)  # relayed, never stored
        self.announce_presence: Callable[[str, frozenset[int]], Any] | None = None
        # a match that ended by its play, in the transaction that stores its end (ratings)
        self.on_match_over: Callable[[Any, str, int, Referee], Awaitable[None]] | None = None
        self._hellos = Buckets(HELLO_TIMING, most=HELLO_SEATS)  # by the seat token's hash
        self._presence_at: dict[str, float] = {}  # table -> when its pages were last told
        self._presence_due: dict[str, bool] = {}  # table -> told at the gap's end (announce?)
        self._presence_tasks: set[asyncio.Task[None]] = set()
        self._swept_at = -LOBBY_SWEEP_S
        self._locks: dict[str, asyncio.Lock] = {}
        self._lock_users: dict[str, int] = {}

    # ------------------------------------------------------------ the referee of a table

    def _referee(self, row: Row) -> Referee:
        ref = Referee.from_dict(
            row.state,
            clock=self.clock,
            secrets=new_token,
            bot_names=BOT_NAMES,
            timing=TIMING,
            secret_hash=token_hash,
            views=False,
        )
        ref.deadline = None if row.deadline is None else float(row.deadline)
        self._watch_presence(ref, row.id)
        return ref

    def _watch_presence(self, ref: Referee, table_id: str) -> None:
        """A seat a bot plays after missed deadlines waits for its person while one of
        their pages is connected (to any process): the referee asks the hub."""
        ref.present = lambda seat: seat in self.hub.here(table_id)

    def _entry(self, row: Row, *, keep: bool = True) -> Entry:
        """The table's referee at the stored version: cached, caught up, or rebuilt
        (BrokenTable when the stored state cannot be loaded); ``keep=False``: a rebuilt
        one is not cached (a read that changes nothing)."""
        if row.ended == BROKEN:
            raise BrokenTable(row.id, "set aside before", marked=True)
        entry = self.cache.get(row.id)
        if entry is not None and entry.version == row.version:
            self.cache.touch(row.id)
            return entry
        try:
            if entry is None or not _catch_up(entry, row):
                entry = Entry(row.version, row.match_no, self._referee(row))
                if not keep:
                    return entry
        except Exception as e:  # damaged data may fail anywhere in the engine
            self.cache.pop(row.id)
            raise BrokenTable(row.id, repr(e)[:300]) from e
        entry.version = row.version
        self.cache.put(row.id, entry)
        return entry

    class _Lock:
        def __init__(self, tables: Tables, table_id: str) -> None:
            self.tables, self.table_id = tables, table_id

        async def __aenter__(self) -> None:
            t = self.tables
            lock = t._locks.setdefault(self.table_id, asyncio.Lock())
            t._lock_users[self.table_id] = t._lock_users.get(self.table_id, 0) + 1
            await lock.acquire()

        async def __aexit__(self, *_exc: object) -> None:
            t = self.tables
            t._locks[self.table_id].release()
            t._lock_users[self.table_id] -= 1
            if t._lock_users[self.table_id] == 0:  # nobody waits: forget the lock
                del t._lock_users[self.table_id], t._locks[self.table_id]

    def lock(self, table_id: str) -> Tables._Lock:
        """This process's lock of one table: its transactions and its updates to pages
        go one after the other (an update never shows an uncommitted move)."""
        return Tables._Lock(self, table_id)

    # ------------------------------------------------------------ creating

    async def create(
        self, config: TableConfig, name: str, *, listed_by: str | None = None
    ) -> tuple[str, str]:
        """A new table with its creator at seat 0; returns (table id, the creator's token).
        ``listed_by``: the client that lists it under "Open tables" (``server.open_tables``),
        in the same transaction."""
        token = new_token()
        ref = Referee(
            config,
            name,
            clock=self.clock,
            secrets=new_token,
            bot_names=BOT_NAMES,
            timing=TIMING,
            secret_hash=token_hash,
            owner_secret=token,
            views=False,
        )
        table_id = new_table_id()
        self._watch_presence(ref, table_id)
        now = int(self.clock())
        write = Write(ref.to_dict(), 0, 0, (), None, None, _hashes(ref), None)
        async with self.store.begin() as conn:
            await self.store.create(conn, table_id, write.state, now, write)
            if listed_by is not None:
                preset, move_time = config.preset, config.move_time
                await self.store.list_open(conn, table_id, listed_by, preset, move_time, now)
        return table_id, token

    # ------------------------------------------------------------ a page's messages

    async def receive(self, conn: Conn, text: Any) -> None:
        """A message from ``conn``'s page: refused unread, answered, or applied (read
        once here; the referee takes the value)."""
        try:
            message = protocol.read_guest(text)
        except VersionMismatch as e:
            conn.reply(UpdateNeeded(e.version))
            return
        except ProtocolError as e:
            conn.reply(Rejected(e.reason, e.detail))
            return
        if isinstance(message, Ping):  # changes nothing: no database
            here = conn.seat is not None or conn.watching
            conn.reply(Pong() if here else _not_seated(message.kind))
            return
        if isinstance(message, Watch):
            await self._watch(conn)
            return
        if isinstance(message, React):
            self.reactions.receive(conn, message)
            return
        async with self.lock(conn.table_id):  # the table as committed, not mid-write
            refusal = self._refusal(conn, message)
        if refusal is not None:  # the referee would refuse it: no transaction
            conn.reply(refusal)
            return
        await self._apply_message(conn, message)

    def _hello_flood(self, secret: str | None) -> Rejected | None:
        """The refusal of a seat's hello past :data:`HELLO_TIMING` (None: allowed)."""
        if secret is None:  # a new guest: the connection's own limit is enough
            return None
        if self._hellos.allow(token_hash(secret), self.clock()):
            return None
        return Rejected(Reason.FLOOD, "this seat said hello too often: wait a moment", of="hello")

    def _refusal(self, conn: Conn, message: GuestMessage) -> Rejected | None:
        """The referee's refusal of a message that can be told from the connection and
        the cached table alone (no seat, not the creator, another seat, out of turn,
        stale); None when the referee must see it in a transaction. A page learns the
        table only from this process's cache, so a move it makes is never newer."""
        kind, seat = message.kind, conn.seat
        if conn.watching:
            return Rejected(Reason.NOT_SEATED, "this page watches the table: it has no seat", kind)
        if isinstance(message, Hello):
            if seat is None:
                return self._hello_flood(message.secret)
            return Rejected(Reason.ALREADY_SEATED, f"this connection has seat {seat} already", kind)
        if seat is None:
            return _not_seated(kind)
        if isinstance(message, SetSeat | Start | Rematch) and seat != 0:
            return Rejected(Reason.NOT_OWNER, "only the table's creator, at seat 0, may", kind)
        if not isinstance(message, Act):
            return None
        seq = message.seq
        if message.seat != seat:
            return Rejected(
                Reason.WRONG_SEAT,
                f"this connection plays seat {seat}, not {message.seat}",
                kind,
                seq,
            )
        entry = self.cache.get(conn.table_id)
        if entry is None:
            return None
        try:
            entry.ref.check_turn(seat, seq)
        except ProtocolError as e:
            return Rejected(e.reason, e.detail, kind, seq)
        return None

    async def _apply_message(self, conn: Conn, message: GuestMessage) -> None:
        async with self.lock(conn.table_id):
            replies: list[Welcome | Rejected | Pong] = []
            welcomed: int | None = None

            seat = conn.seat

            def handle(ref: Referee) -> None:  # again from the start on a retry
                nonlocal welcomed
                replies.clear()
                welcomed, conn.seat = None, seat
                vid = conn.vid
                if conn.seat is not None:
                    try:
                        ref.attach(vid, conn.seat)
                    except InvalidInputError:  # the seat is a bot's now, or open
                        conn.seat = None
                        vid = conn.vid
                for target, out in ref.take(vid, message):
                    if target == vid and isinstance(out, DIRECT):
                        replies.append(out)
                        if isinstance(out, Welcome):
                            welcomed = out.seat
                if welcomed is not None:
                    ref.attach(f"seat{welcomed}", welcomed)
                if vid == conn.id:  # the connection's own id is not used again: its
                    ref.disconnected(vid)  # flood bucket goes (welcomed or refused)

            cached = self.cache.get(conn.table_id)
            version = None if cached is None else cached.version
            try:
                entry = await self._transact(conn.table_id, handle)
            except BrokenTable as e:
                if not (e.told and conn in self.hub.conns(conn.table_id)):
                    conn.reply(Rejected(Reason.OVER, BROKEN_TEXT))
                return
            if entry is None:
                conn.reply(Rejected(Reason.NOT_SEATED, "there is no such table"))
                return
            for reply in replies:
                conn.reply(reply)
            only = None
            if welcomed is not None:
                conn.seat, conn.key = welcomed, entry.ref.seats[welcomed].secret
                conn.reset()
                self.hub.add(conn)
                if entry.version == version:  # a seat came back: its own page now,
                    only = conn  # the others by the presence news (coalesced)
            self.hub.fanout(conn.table_id, entry, only)
        if welcomed is not None:
            await self.presence_changed(conn.table_id)

    async def _watch(self, conn: Conn) -> None:
        """``conn``'s page watches the table (no transaction: nothing is stored): it is
        sent the public view from now on, and every page hears how many watch."""
        if conn.seat is not None or conn.watching:
            conn.reply(
                Rejected(Reason.ALREADY_SEATED, "this page is at the table already", "watch")
            )
            return
        try:
            entry = await self.current(conn.table_id)
        except BrokenTable:
            conn.reply(Rejected(Reason.OVER, BROKEN_TEXT))
            return
        if entry is None:
            conn.reply(Rejected(Reason.NOT_SEATED, "there is no such table", "watch"))
            return
        conn.watching = True
        conn.reset()
        self.hub.add(conn)
        async with self.lock(conn.table_id):
            self.hub.fanout(conn.table_id, entry, only=conn)
        await self.presence_changed(conn.table_id, announce=False)

    async def disconnected(self, conn: Conn) -> None:
        """``conn``'s socket closed: its seat's person may be away now (or one watcher
        fewer)."""
        self.hub.remove(conn)
        conn.stop()
        if conn.seat is not None or conn.watching:
            await self.presence_changed(conn.table_id, announce=conn.seat is not None)

    async def presence_changed(self, table_id: str, *, announce: bool = True) -> None:
        """Who is here changed: the lobby's ``away`` on every page (no write); the other
        processes are told (``announce``) unless the news came from one of them. At most
        once in :data:`PRESENCE_GAP_S` per table: a reconnect loop makes no flood of news."""
        loop = asyncio.get_running_loop()
        if table_id in self._presence_due:  # told at the end of the gap, with this
            self._presence_due[table_id] |= announce
            return
        wait = self._presence_at.get(table_id, -PRESENCE_GAP_S) + PRESENCE_GAP_S - loop.time()
        if wait > 0:
            self._presence_due[table_id] = announce
            task = loop.create_task(self._presence_later(table_id, wait))
            self._presence_tasks.add(task)  # kept until done (a task may be collected)
            task.add_done_callback(self._presence_tasks.discard)
            return
        await self._tell_presence(table_id, announce)

    async def _presence_later(self, table_id: str, wait: float) -> None:
        await asyncio.sleep(wait)
        await self._tell_presence(table_id, self._presence_due.pop(table_id, False))

    async def _tell_presence(self, table_id: str, announce: bool) -> None:
        now = asyncio.get_running_loop().time()
        self._presence_at[table_id] = now
        if len(self._presence_at) > PRESENCE_TABLES:  # forget the gaps that are over
            old = [t for t, at in self._presence_at.items() if at < now - PRESENCE_GAP_S]
            for t in old:
                del self._presence_at[t]
        async with self.lock(table_id):
            entry = self.cache.get(table_id)
            if entry is not None:
                self.hub.fanout(table_id, entry)
        if announce and self.announce_presence is not None:
            await self.announce_presence(table_id, self.hub.local_seats(table_id))

    async def presence_changed_remote(self, table_id: str) -> None:
        await self.presence_changed(table_id, announce=False)

    # ------------------------------------------------------------ transactions

    async def _transact(
        self, table_id: str, change: Callable[[Referee], None], *, due: bool = False
    ) -> Entry | None:
        """Lock the table, let ``change`` act on its referee, store what changed; the
        new entry, committed (None: no such table, or a due one another process took).
        The caller holds :meth:`lock`."""
        try:
            try:
                return await self._transact_once(table_id, change, due=due, trust=not due)
            except _Stale:  # another process wrote the table since this one cached it
                return await self._transact_once(table_id, change, due=due, trust=False)
        except BrokenTable as e:
            await self._set_aside(e)
            raise

    async def _set_aside(self, broken: BrokenTable) -> None:
        """Mark a table that cannot be loaded, so that nothing retries it, and tell its
        pages; the rest of the server goes on."""
        if broken.marked:
            return
        log.error("%s; set aside", broken)
        async with self.store.begin() as db:
            await self.store.set_aside(db, broken.table_id, BROKEN)
        for conn in self.hub.conns(broken.table_id):
            conn.reply(Rejected(Reason.OVER, BROKEN_TEXT))
        broken.told = True

    async def _transact_once(
        self, table_id: str, change: Callable[[Referee], None], *, due: bool, trust: bool
    ) -> Entry | None:
        """One try of :meth:`_transact`; ``trust``: take the cached referee as the stored
        version (:class:`_Stale` when it is not, after the rollback)."""
        entry = self.cache.get(table_id) if trust else None
        try:
            if entry is None:
                return await self._transact_read(table_id, change, due=due)
            self.cache.touch(table_id)
            return await self._transact_cached(table_id, entry, change)
        except BaseException:
            self.cache.pop(table_id)  # its referee may hold what was not stored
            raise

    async def _transact_cached(
        self, table_id: str, entry: Entry, change: Callable[[Referee], None]
    ) -> Entry:
        """The cached referee acts, then what changed is stored in a transaction of its
        own, whose ``UPDATE`` checks the version: nothing is read first."""
        before = _Before.of(entry.ref)
        change(entry.ref)
        turn = _new_turn(table_id, entry, before)
        write = self._write(entry, before, turn)
        if write is None:
            async with self.store.begin() as db:
                if await self.store.version(db, table_id) != entry.version:
                    raise _Stale
            return entry
        if self.on_match_over is not None and _ends_match(write, before):
            async with self.store.begin() as db:  # the match's end is recorded with it
                saved = await self._save(db, table_id, entry, before, write)
        else:
            now_ms = int(self.clock())
            found = await self.store.save_alone(table_id, entry.version, write, now_ms)
            saved = _stored(entry, write, found)
        if turn is not None:
            self.on_turn(replace(turn, subscribed=saved.pushes > 0))
        return entry

    async def _transact_read(
        self, table_id: str, change: Callable[[Referee], None], *, due: bool
    ) -> Entry | None:
        """The table's row read and locked, the referee brought up to it, then ``change``
        (or the deadlines due) and what changed stored, in one transaction."""
        turn = None
        async with self.store.begin() as db:
            row = await (
                self.store.take_due(db, table_id)
                if due
                else self.store.load(db, table_id, lock=True)
            )
            if row is None:
                return None
            entry = self._entry(row)
            before = _Before.of(entry.ref)
            reminders: list[Deadline] = []
            if due:
                now = self.clock()
                found = [d for d in await self.store.deadlines(db, table_id) if d.due <= now]
                if not found:  # another process handled it just before
                    return None
                reminders = [d for d in found if d.kind == "remind"]
                if any(d.kind == "move" for d in found):
                    entry.ref.tick()
            else:
                change(entry.ref)
            turn = _new_turn(table_id, entry, before)
            write = self._write(entry, before, turn)
            if write is not None:
                saved = await self._save(db, table_id, entry, before, write)
                if turn is not None:
                    turn = replace(turn, subscribed=saved.pushes > 0)
            else:
                turn = None
                if reminders:
                    await self.store.drop_deadline(db, table_id, "remind")
        for deadline in reminders:
            self.on_remind(table_id, deadline)
        if turn is not None:
            self.on_turn(turn)
        return entry

    async def _save(
        self, db: Any, table_id: str, entry: Entry, before: _Before, write: Write
    ) -> Saved:
        """Store ``write`` in ``db``'s transaction (:class:`_Stale` when the stored
        version moved on), the match's end with it."""
        found = await self.store.save(db, table_id, entry.version, write, int(self.clock()))
        saved = _stored(entry, write, found)
        if self.on_match_over is not None and _ends_match(write, before):
            await self.on_match_over(db, table_id, write.match_no, entry.ref)
        return saved

    def _write(self, entry: Entry, before: _Before, turn: Turn | None) -> Write | None:
        """What to store after the referee acted, or None if nothing lasting changed
        (``turn``: the person's new decision, whose push subscriptions are counted)."""
        ref = entry.ref
        after = _Before.of(ref)
        deadline = None if ref.deadline is None or ref.ended else int(ref.deadline)
        old_deadline = None if before.deadline is None else int(before.deadline)
        if after.same_state(before) and deadline == old_deadline:
            return None
        m = ref.match
        match_no = entry.match_no
        if m is not None and m is not before.match:  # a (re)match began
            match_no += 1
            old = 0
        else:
            old = before.moves
        actions = [] if m is None else m.actions
        new_moves = [(seq, actions[seq]) for seq in range(old, len(actions))]
        hashes = _hashes(ref) if after.seats != before.seats else None
        timed = deadline is not None or old_deadline is not None  # else no rows, before or after
        return Write(
            state=ref.to_dict(),
            match_no=match_no,
            moves=len(actions),
            new_moves=new_moves,
            deadline=deadline,
            ended=ref.ended,
            seat_hashes=hashes,
            deadlines=self._deadlines(ref, deadline) if timed else None,
            turn_seat=None if turn is None else turn.seat,
        )

    def _deadlines(self, ref: Referee, deadline: int | None) -> list[Deadline]:
        m = ref.match
        seat = None if m is None or ref.ended else m.current_player()
        if deadline is None or seat is None or m is None:
            return []
        seq = len(m.actions)
        rows = [Deadline("move", deadline, seat, seq)]
        remind = int(deadline - (1 - REMIND_AT) * ref.config.move_time * 1000)
        if remind > self.clock():
            rows.append(Deadline("remind", remind, seat, seq))
        return rows

    # ------------------------------------------------------------ deadlines

    async def run_due(self, limit: int = 100) -> int:
        """Handle the deadlines due now (a bot moves, or the match ends; reminders go
        out); returns how many tables this process took."""
        async with self.store.read() as db:
            due = await self.store.due_tables(db, int(self.clock()), limit)
        taken = 0
        for table_id in due:  # each on its own: one that cannot be loaded stops no other
            async with self.lock(table_id):
                try:
                    entry = await self._transact(table_id, lambda _ref: None, due=True)
                except BrokenTable:
                    continue
                if entry is not None:
                    taken += 1
                    self.hub.fanout(table_id, entry)
        return taken

    async def end_stale_lobbies(self, limit: int = 100) -> int:
        """Delete the tables never started in :data:`LOBBY_DAYS` (their pages are told);
        at most every :data:`LOBBY_SWEEP_S`; returns how many."""
        loop_now = asyncio.get_running_loop().time()
        if loop_now - self._swept_at < LOBBY_SWEEP_S:
            return 0
        self._swept_at = loop_now
        before = int(self.clock()) - LOBBY_DAYS * 86_400_000
        async with self.store.read() as db:
            stale = await self.store.stale_lobbies(db, before, limit)
        ended = 0
        for table_id in stale:
            async with self.lock(table_id):
                async with self.store.begin() as db:
                    row = await self.store.load(db, table_id, lock=True)
                    if row is None or row.match_no != 0:  # started meanwhile
                        continue
                    await self.store.delete(db, table_id)
                self.cache.pop(table_id)
                for conn in self.hub.conns(table_id):
                    conn.reply(Rejected(Reason.OVER, LOBBY_ENDED_TEXT))
                ended += 1
        return ended

    async def next_due(self) -> int | None:
        async with self.store.read() as db:
            return await self.store.next_due(db)

    # ------------------------------------------------------------ news from other processes

    def heard_of(self, table_id: str, version: int) -> bool:
        """Another process stored ``version`` of the table: True when this process has
        pages there to bring up to it (:meth:`refresh`), or may have in a moment (the
        table's lock is held or awaited: a page's hello adds the page under it, after
        reading the table, perhaps before this version); else a cached referee older than
        that is dropped, at once (no task a move for the tables of other processes'
        pages)."""
        if self.hub.conns(table_id) or table_id in self._lock_users:
            return True
        self._forget_older(table_id, version)
        return False

    def _forget_older(self, table_id: str, version: int) -> None:
        entry = self.cache.get(table_id)
        if entry is not None and entry.version < version:
            self.cache.pop(table_id)

    async def refresh(self, table_id: str, version: int) -> None:
        """Another process stored ``version`` of the table: bring this process's pages
        up to it."""
        async with self.lock(table_id):
            if not self.hub.conns(table_id):  # no page here (the lock's holder added none)
                self._forget_older(table_id, version)
                return
            entry = self.cache.get(table_id)
            if entry is not None and entry.version >= version:
                return
            async with self.store.read() as db:
                row = await self.store.load(db, table_id, lock=False)
            if row is None:
                return
            try:
                entry = self._entry(row)
            except BrokenTable as e:
                await self._set_aside(e)
                return
            self.hub.fanout(table_id, entry)

    async def current(self, table_id: str, *, keep: bool = True) -> Entry | None:
        """The table as stored now (for "My tables" and the join screen); BrokenTable
        when it cannot be loaded. ``keep=False``: a table not cached stays so (anyone
        may ask for any table's invitation: that must not fill the cache)."""
        async with self.lock(table_id):
            async with self.store.read() as db:
                row = await self.store.load(db, table_id, lock=False)
            return None if row is None else self._entry(row, keep=keep)


def _catch_up(entry: Entry, row: Row) -> bool:
    """Bring a cached referee up to a stored row when only moves were added (and the
    end, the deadline); False when the row differs otherwise (then it is rebuilt)."""
    ref, match = entry.ref, entry.ref.match
    cached = ref.to_dict()
    stored = row.state
    if row.match_no != entry.match_no or match is None or stored["match"] is None:
        return False
    same = ("config", "seats", "seed")
    if any(cached[k] != stored[k] for k in same):
        return False
    have, want = cached["match"]["actions"], stored["match"]["actions"]
    if want[: len(have)] != have:
        return False
    try:
        for action in want[len(have) :]:
            match.apply(action)
    except (InvalidInputError, ValueError):
        return False
    try:
        ref.load_clock_record(stored)  # stand-ins, missed deadlines, bots' seats, gifts
    except InvalidInputError:
        return False
    ref.ended = end_reason(stored["ended"])
    ref.deadline = None if row.deadline is None else float(row.deadline)
    return True


def _stored(entry: Entry, write: Write, saved: Saved | None) -> Saved:
    """The cached entry at the version ``write`` was stored as (:class:`_Stale`: it
    was not stored, another process wrote the table first)."""
    if saved is None:
        raise _Stale
    entry.version, entry.match_no = saved.version, write.match_no
    return saved


def _ends_match(write: Write, before: _Before) -> bool:
    return write.ended == "end" and before.ended is None


def _hashes(ref: Referee) -> dict[int, str]:
    return {i: s.secret for i, s in enumerate(ref.seats) if s.kind is SeatKind.GUEST and s.secret}


def _new_turn(table_id: str, entry: Entry, before: _Before) -> Turn | None:
    """A person's decision that was not due before this write (for "your turn")."""
    ref, m = entry.ref, entry.ref.match
    if m is None or ref.ended is not None:
        return None
    seat = m.current_player()
    if seat is None or ref.seats[seat].kind is not SeatKind.GUEST:
        return None
    if m is before.match and before.moves == len(m.actions):
        return None
    deadline = None if ref.deadline is None else int(ref.deadline)
    return Turn(table_id, seat, len(m.actions), deadline)


def _not_seated(kind: str) -> Rejected:
    return Rejected(Reason.NOT_SEATED, "say hello first: this connection has no seat", kind)
