"""Every read and write of the server's tables, one function each, inside a transaction
the caller holds (``async with store.begin() as conn``).

A table's row is written after every change: its referee's ``to_dict()`` (seats keep
only their tokens' hashes) with a new version; beside it the moves accepted since the
last write as rows of their own, and, only when they changed, the seats' token hashes
and its deadlines as rows. The caller commits before it tells anyone, so nothing a page
was told can be lost.

A write names the version it was worked out from (``UPDATE ... WHERE version = ?``):
when another process stored a newer one meanwhile, nothing is written and the caller
loads the table and tries again (optimistic concurrency: a process whose cached referee
is current needs no ``SELECT ... FOR UPDATE`` first). A table may also be locked when
it is read (``FOR UPDATE`` on PostgreSQL, the immediate transaction on SQLite); the
deadline scheduler takes a due table with ``SKIP LOCKED``, so two processes never
handle the same deadline.

The statements a move runs are built once (:data:`_SAVE` and its kin), so SQLAlchemy compiles
them once.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from engine.online import protocol
from server import db

NOTIFY_CHANNEL = "schwimmen_tables"
"""PostgreSQL's channel for the news that a table changed (``table_id version``)."""


@dataclass(frozen=True)
class Row:
    """A table as stored; ``state`` is read from its text when first asked for (a
    table whose referee this process has cached at this version never needs it)."""

    id: str
    version: int
    state_text: str
    match_no: int
    moves: int
    deadline: int | None
    ended: str | None
    move_time: int

    @functools.cached_property
    def state(self) -> dict[str, Any]:
        return _state(self.state_text)


@dataclass(frozen=True)
class Deadline:
    """A decision's deadline (``move``) or its reminder at 80 % of the time (``remind``)."""

    kind: str
    due: int
    seat: int
    seq: int


@dataclass(frozen=True)
class Write:
    """What changed at a table, to store: the new state and the moves since the last write."""

    state: dict[str, Any]
    match_no: int
    moves: int
    new_moves: Sequence[tuple[int, str]]  # (seq, action) of match ``match_no``
    deadline: int | None
    ended: str | None
    seat_hashes: dict[int, str] | None  # the seats' token hashes, when they changed
    deadlines: Sequence[Deadline] | None  # the deadline rows, when they changed
    turn_seat: int | None = None  # a seat whose push subscriptions :class:`Saved` counts


@dataclass(frozen=True)
class Saved:
    """A write stored: the table's new version, and how many push subscriptions (not
    the daily summary's) the write's ``turn_seat`` has (0 without one)."""

    version: int
    pushes: int


def _save_statement(*, notify: bool) -> Any:
    """``UPDATE tables`` at the version the write was worked out from, returning the
    turn seat's count of push subscriptions (no row returned: the version moved on);
    ``notify``: PostgreSQL's news of the write (``pg_notify``, sent on commit) in the
    same statement, so only when the write is made."""
    t, p = db.tables.c, db.push_subscriptions.c
    pushes = (
        sa.select(sa.func.count())
        .where(
            p.table_id == sa.bindparam("table_id"),
            p.seat == sa.bindparam("turn_seat"),
            p.daily.is_(False),
        )
        .scalar_subquery()
    )
    news = sa.func.pg_notify(NOTIFY_CHANNEL, sa.bindparam("news"))
    return (
        db.tables.update()
        .where(t.id == sa.bindparam("table_id"), t.version == sa.bindparam("old_version"))
        .values(
            version=sa.bindparam("new_version"),
            state=sa.bindparam("new_state"),
            match_no=sa.bindparam("new_match_no"),
            moves=sa.bindparam("new_moves"),
            deadline=sa.bindparam("new_deadline"),
            ended=sa.bindparam("new_ended"),
            updated=sa.bindparam("now"),
        )
        .returning(pushes, *([news] if notify else []))
    )


_SAVE = _save_statement(notify=False)
_SAVE_NOTIFY = _save_statement(notify=True)
_DROP_DEADLINES = db.deadlines.delete().where(db.deadlines.c.table_id == sa.bindparam("table_id"))
_DROP_SEATS = db.seats.delete().where(db.seats.c.table_id == sa.bindparam("table_id"))
_LOAD = sa.select(db.tables).where(db.tables.c.id == sa.bindparam("table_id"))
_LOAD_LOCKED = _LOAD.with_for_update()
_INSERT_MOVES = db.moves.insert()
_INSERT_SEATS = db.seats.insert()
_INSERT_DEADLINES = db.deadlines.insert()


@dataclass(frozen=True)
class _Step:
    """One statement of a write and its rows of parameters (more than one: the
    statement runs once per row)."""

    statement: Any
    rows: list[dict[str, Any]]


def _parts(table_id: str, write: Write) -> list[_Step]:
    """The seats' hashes and the deadline rows, each only when it changed."""
    where = [{"table_id": table_id}]
    steps = []
    if write.seat_hashes is not None:
        steps.append(_Step(_DROP_SEATS, where))
        seats = [
            {"table_id": table_id, "seat": seat, "token_hash": digest}
            for seat, digest in sorted(write.seat_hashes.items())
        ]
        if seats:
            steps.append(_Step(_INSERT_SEATS, seats))
    if write.deadlines is not None:
        steps.append(_Step(_DROP_DEADLINES, where))
        rows = [
            {"table_id": table_id, "kind": d.kind, "due": d.due, "seat": d.seat, "seq": d.seq}
            for d in write.deadlines
        ]
        if rows:
            steps.append(_Step(_INSERT_DEADLINES, rows))
    return steps


async def _run(conn: AsyncConnection, steps: list[_Step]) -> None:
    for step in steps:
        await conn.execute(step.statement, step.rows)


def _write_at_once(texts: list[tuple[str, list[tuple[Any, ...]]]], sqlite: Any) -> int | None:
    """:meth:`Store.save_alone`'s transaction on SQLite, in the moves' writer thread: the
    ``UPDATE`` (``texts[0]``), the rest, the commit; the push subscriptions the
    ``UPDATE`` counted, or None (rolled back: the version moved on)."""
    (update, (params,)), rest = texts[0], texts[1:]
    sqlite.execute("BEGIN IMMEDIATE")
    try:
        found = sqlite.execute(update, params).fetchone()
        if found is None:
            sqlite.execute("ROLLBACK")
            return None
        for sql, rows in rest:
            sqlite.executemany(sql, rows)
        sqlite.execute("COMMIT")
    except BaseException:
        if sqlite.in_transaction:
            sqlite.execute("ROLLBACK")
        raise
    return int(found[0])


class Store:
    """The database behind the server (see the module text)."""

    def __init__(self, engine: AsyncEngine, process: str = "") -> None:
        self.engine = engine
        self._reader = engine.execution_options(**{db.READ_ONLY: True})
        self.postgres = db.is_postgres(engine)
        self.process = process  # names this process in its news (it skips its own)
        # A move's one transaction on SQLite (save_alone): a connection and thread of its own.
        self.writer = (
            None if self.postgres else db.SqliteWriter(db.sqlite_path(engine), engine.dialect)
        )
        self._compiled: dict[tuple[int, tuple[str, ...]], tuple[str, tuple[str, ...]]] = {}

    def begin(self) -> Any:
        """A transaction that may write (on SQLite it holds the write lock)."""
        return self.engine.begin()

    def read(self) -> Any:
        """A transaction that only reads: it never waits for the write lock (SQLite's
        plain ``BEGIN`` on the write-ahead log; PostgreSQL's reads never wait)."""
        return self._reader.begin()

    async def close(self) -> None:
        if self.writer is not None:
            await self.writer.close()
        await self.engine.dispose()

    # ------------------------------------------------------------ tables

    async def create(
        self, conn: AsyncConnection, table_id: str, state: dict[str, Any], now: int, write: Write
    ) -> None:
        await conn.execute(
            db.tables.insert().values(
                id=table_id,
                version=1,
                state=protocol.compact(state),
                match_no=0,
                moves=0,
                deadline=None,
                ended=None,
                move_time=state["config"]["move_time"],
                created=now,
                updated=now,
            )
        )
        await _run(conn, _parts(table_id, write))

    async def load(self, conn: AsyncConnection, table_id: str, *, lock: bool) -> Row | None:
        """The table ``table_id``, locked for its write when ``lock``."""
        query = _LOAD_LOCKED if lock else _LOAD
        found = (await conn.execute(query, {"table_id": table_id})).mappings().first()
        return None if found is None else _row(found)

    async def version(self, conn: AsyncConnection, table_id: str) -> int | None:
        query = sa.select(db.tables.c.version).where(db.tables.c.id == table_id)
        return (await conn.execute(query)).scalar()

    async def save(
        self, conn: AsyncConnection, table_id: str, version: int, write: Write, now: int
    ) -> Saved | None:
        """Store ``write``, worked out from the table at ``version``; None (nothing
        written) when the stored version is another: the caller rolls back."""
        update, *rest = self._save_steps(table_id, version, write, now)
        pushes = (await conn.execute(update.statement, update.rows[0])).scalar()
        if pushes is None:  # no row returned: the version moved on
            return None
        await _run(conn, rest)
        return Saved(version + 1, int(pushes))

    async def save_alone(self, table_id: str, version: int, write: Write, now: int) -> Saved | None:
        """:meth:`save` in a transaction of its own, committed before it returns (None:
        nothing written, the version moved on). On SQLite the whole transaction (``BEGIN
        IMMEDIATE``, the statements, ``COMMIT``) is one call into the thread of the moves'
        connection (``db.SqliteWriter``): through the pool, aiosqlite took each cursor,
        statement, fetch and commit to its thread and back, a dozen hops a move, and the
        pool's checkout cost more than the hop (issue 39)."""
        if self.writer is None:
            async with self.begin() as conn:
                return await self.save(conn, table_id, version, write, now)
        steps = self._save_steps(table_id, version, write, now)
        texts = [self._sqlite_text(step) for step in steps]
        pushes = await self.writer.run(functools.partial(_write_at_once, texts))
        return None if pushes is None else Saved(version + 1, pushes)

    def _save_steps(self, table_id: str, version: int, write: Write, now: int) -> list[_Step]:
        """The statements of :meth:`save`: the ``UPDATE`` first (it returns the count of
        push subscriptions, or no row), then the new moves and the changed parts."""
        turn_seat = -1 if write.turn_seat is None else write.turn_seat
        update = {
            "table_id": table_id,
            "old_version": version,
            "new_version": version + 1,
            "new_state": protocol.compact(write.state),
            "new_match_no": write.match_no,
            "new_moves": write.moves,
            "new_deadline": write.deadline,
            "new_ended": write.ended,
            "now": now,
            "turn_seat": turn_seat,
            # delivered to every listening process when this commits
            **({"news": f"{table_id} {version + 1} {self.process}"} if self.postgres else {}),
        }
        steps = [_Step(_SAVE_NOTIFY if self.postgres else _SAVE, [update])]
        if write.new_moves:
            match_no = write.match_no
            moves = [
                {"table_id": table_id, "match_no": match_no, "seq": seq, "action": a, "at": now}
                for seq, a in write.new_moves
            ]
            steps.append(_Step(_INSERT_MOVES, moves))
        return steps + _parts(table_id, write)

    def _sqlite_text(self, step: _Step) -> tuple[str, list[tuple[Any, ...]]]:
        """A step as SQLite's own SQL and its rows as positional parameters (each
        statement is compiled once per set of columns; every value written is an int,
        a text or None, which SQLAlchemy would pass on unchanged)."""
        keys = tuple(step.rows[0])
        key = (id(step.statement), keys)  # the statements are this module's constants
        found = self._compiled.get(key)
        if found is None:
            compiled = step.statement.compile(dialect=self.engine.dialect, column_keys=list(keys))
            found = self._compiled[key] = (compiled.string, tuple(compiled.positiontup or ()))
        sql, names = found
        return sql, [tuple(row[name] for name in names) for row in step.rows]

    async def moves(self, conn: AsyncConnection, table_id: str) -> list[tuple[int, int, str]]:
        """Every stored move of the table: (match_no, seq, action), in order."""
        m = db.moves.c
        query = (
            sa.select(m.match_no, m.seq, m.action)
            .where(m.table_id == table_id)
            .order_by(m.match_no, m.seq)
        )
        return [tuple(r) for r in (await conn.execute(query)).all()]

    async def stale_lobbies(self, conn: AsyncConnection, before: int, limit: int) -> list[str]:
        """Tables never started (``match_no`` 0) and created at or before ``before``."""
        t = db.tables.c
        query = sa.select(t.id).where(t.match_no == 0, t.created <= before).limit(limit)
        return [r[0] for r in (await conn.execute(query)).all()]

    async def delete(self, conn: AsyncConnection, table_id: str) -> None:
        """The table and everything kept of it."""
        for part in (db.open_tables, db.push_subscriptions, db.deadlines, db.moves, db.seats):
            await conn.execute(part.delete().where(part.c.table_id == table_id))
        await conn.execute(db.tables.delete().where(db.tables.c.id == table_id))

    # ------------------------------------------------------------ open tables

    async def list_open(
        self,
        conn: AsyncConnection,
        table_id: str,
        client: str,
        preset: str,
        move_time: int,
        now: int,
    ) -> None:
        """List ``table_id`` under "Open tables", as listed by ``client``."""
        await conn.execute(
            db.open_tables.insert().values(
                table_id=table_id, client=client, preset=preset, move_time=move_time, listed=now
            )
        )

    async def open_count(self, conn: AsyncConnection, client: str) -> int:
        """How many tables ``client`` lists that have not started."""
        o, t = db.open_tables.c, db.tables.c
        query = (
            sa.select(sa.func.count())
            .select_from(db.open_tables.join(db.tables, o.table_id == t.id))
            .where(o.client == client, t.match_no == 0)
        )
        return int((await conn.execute(query)).scalar_one())

    async def open_tables(
        self,
        conn: AsyncConnection,
        limit: int,
        *,
        preset: str | None = None,
        move_time: int | None = None,
    ) -> list[str]:
        """The listed tables not started, the oldest first (of one game and time per move,
        when given)."""
        o, t = db.open_tables.c, db.tables.c
        query = (
            sa.select(o.table_id)
            .select_from(db.open_tables.join(db.tables, o.table_id == t.id))
            .where(t.match_no == 0, t.ended.is_(None))
            .order_by(o.listed, o.table_id)
            .limit(limit)
        )
        if preset is not None:
            query = query.where(o.preset == preset)
        if move_time is not None:
            query = query.where(o.move_time == move_time)
        return [r[0] for r in (await conn.execute(query)).all()]

    # ------------------------------------------------------------ deadlines

    async def due_tables(self, conn: AsyncConnection, now: int, limit: int) -> list[str]:
        """Tables with a deadline due at ``now``, soonest first (read without a lock: the
        caller takes each with :meth:`take_due`)."""
        d = db.deadlines.c
        query = (
            sa.select(d.table_id)
            .where(d.due <= now)
            .group_by(d.table_id)
            .order_by(sa.func.min(d.due))
            .limit(limit)
        )
        return [r[0] for r in (await conn.execute(query)).all()]

    async def take_due(self, conn: AsyncConnection, table_id: str) -> Row | None:
        """The table, locked, unless another process holds it now (``SKIP LOCKED``)."""
        query = (
            sa.select(db.tables).where(db.tables.c.id == table_id).with_for_update(skip_locked=True)
        )
        found = (await conn.execute(query)).mappings().first()
        return None if found is None else _row(found)

    async def deadlines(self, conn: AsyncConnection, table_id: str) -> list[Deadline]:
        d = db.deadlines.c
        query = sa.select(d.kind, d.due, d.seat, d.seq).where(d.table_id == table_id)
        return [Deadline(*r) for r in (await conn.execute(query)).all()]

    async def set_aside(self, conn: AsyncConnection, table_id: str, marker: str) -> None:
        """Mark a table that cannot be loaded (``tables.ended`` = ``marker``) and drop its
        deadlines, so that nothing retries it."""
        t = db.tables.c  # a new version: a write worked out from the old one is refused
        await conn.execute(
            db.tables.update().where(t.id == table_id).values(ended=marker, version=t.version + 1)
        )
        await conn.execute(db.deadlines.delete().where(db.deadlines.c.table_id == table_id))

    async def drop_deadline(self, conn: AsyncConnection, table_id: str, kind: str) -> None:
        d = db.deadlines.c
        await conn.execute(db.deadlines.delete().where(d.table_id == table_id, d.kind == kind))

    async def next_due(self, conn: AsyncConnection) -> int | None:
        due: int | None = (
            await conn.execute(sa.select(sa.func.min(db.deadlines.c.due)))
        ).scalar()  # the column is an Integer: the row's value is an int, or None
        return due

    # ------------------------------------------------------------ seats

    async def seats_of(
        self, conn: AsyncConnection, hashes: Sequence[str]
    ) -> list[tuple[str, int, str]]:
        """(table id, seat, hash) of the seats held by these token hashes."""
        if not hashes:
            return []
        s = db.seats.c
        query = sa.select(s.table_id, s.seat, s.token_hash).where(s.token_hash.in_(list(hashes)))
        return [tuple(r) for r in (await conn.execute(query)).all()]

    # ------------------------------------------------------------ push subscriptions

    async def subscribe(
        self,
        conn: AsyncConnection,
        table_id: str,
        seat: int,
        sub: dict[str, str],
        now: int,
        keep: int,
    ) -> None:
        """Add ``sub`` to the seat's subscriptions, keeping the newest ``keep``; its
        ``daily`` choice (one summary a day) becomes the seat's, in each of its rows."""
        p = db.push_subscriptions.c
        await conn.execute(
            db.push_subscriptions.delete().where(
                p.table_id == table_id, p.seat == seat, p.endpoint == sub["endpoint"]
            )
        )
        await conn.execute(
            db.push_subscriptions.insert().values(table_id=table_id, seat=seat, created=now, **sub)
        )
        newest = (
            sa.select(p.id)
            .where(p.table_id == table_id, p.seat == seat)
            .order_by(p.id.desc())
            .limit(keep)
        )
        await conn.execute(
            db.push_subscriptions.delete().where(
                p.table_id == table_id, p.seat == seat, p.id.not_in(newest)
            )
        )
        await conn.execute(
            db.push_subscriptions.update()
            .where(p.table_id == table_id, p.seat == seat)
            .values(daily=bool(sub.get("daily", False)))
        )

    async def unsubscribe(
        self, conn: AsyncConnection, table_id: str, seat: int, endpoint: str | None
    ) -> None:
        p = db.push_subscriptions.c
        where = [p.table_id == table_id, p.seat == seat]
        if endpoint is not None:
            where.append(p.endpoint == endpoint)
        await conn.execute(db.push_subscriptions.delete().where(*where))

    async def subscriptions(
        self, conn: AsyncConnection, table_id: str, seat: int
    ) -> list[dict[str, Any]]:
        p = db.push_subscriptions.c
        query = sa.select(p.endpoint, p.p256dh, p.auth, p.lang, p.daily).where(
            p.table_id == table_id, p.seat == seat
        )
        return [dict(r) for r in (await conn.execute(query)).mappings().all()]

    async def daily_subscriptions(self, conn: AsyncConnection) -> list[dict[str, Any]]:
        """Every subscription of a seat that chose one summary a day, with its table and
        seat, at tables whose match goes on (started, not over, not set aside)."""
        p, t = db.push_subscriptions.c, db.tables.c
        query = (
            sa.select(p.table_id, p.seat, p.endpoint, p.p256dh, p.auth, p.lang)
            .join(db.tables, t.id == p.table_id)
            .where(p.daily.is_(True), t.match_no > 0, t.ended.is_(None))
            .order_by(p.endpoint, p.table_id)
        )
        return [dict(r) for r in (await conn.execute(query)).mappings().all()]

    async def claim_setting(self, conn: AsyncConnection, name: str, value: str) -> bool:
        """Set the setting ``name`` to ``value`` unless it has that value already; True
        for the one transaction that changed it (one process of many)."""
        await self.set_setting_once(conn, name, "")
        s = db.settings.c
        done = await conn.execute(
            db.settings.update().where(s.name == name, s.value != value).values(value=value)
        )
        return bool(done.rowcount)

    async def drop_endpoint(self, conn: AsyncConnection, endpoint: str) -> None:
        p = db.push_subscriptions.c
        await conn.execute(db.push_subscriptions.delete().where(p.endpoint == endpoint))

    # ------------------------------------------------------------ settings

    async def setting(self, conn: AsyncConnection, name: str) -> str | None:
        s = db.settings.c
        return (await conn.execute(sa.select(s.value).where(s.name == name))).scalar()

    async def set_setting_once(self, conn: AsyncConnection, name: str, value: str) -> str:
        """Store ``value`` under ``name`` unless a value is there; return the stored one
        (two processes starting at once agree on the first)."""
        from sqlalchemy.dialects import postgresql, sqlite

        row = {"name": name, "value": value}
        statement: sa.Executable = (
            postgresql.insert(db.settings).values(row).on_conflict_do_nothing()
            if self.postgres
            else sqlite.insert(db.settings).values(row).on_conflict_do_nothing()
        )
        await conn.execute(statement)
        stored = await self.setting(conn, name)
        return value if stored is None else stored

    async def probe(self, conn: AsyncConnection, now: int) -> None:
        """A write of one setting (``health``), for ``/api/health`` to know the database
        takes writes (a full disk does not)."""
        s = db.settings.c
        done = await conn.execute(
            db.settings.update().where(s.name == "health").values(value=str(now))
        )
        if done.rowcount == 0:
            await self.set_setting_once(conn, "health", str(now))

    # ------------------------------------------------------------ sizes (the benchmark)

    async def size_bytes(self, conn: AsyncConnection) -> int | None:
        """The database's size on disk, if the database says."""
        if self.postgres:
            return (
                await conn.execute(sa.text("SELECT pg_database_size(current_database())"))
            ).scalar()
        pages = (await conn.execute(sa.text("PRAGMA page_count"))).scalar()
        size = (await conn.execute(sa.text("PRAGMA page_size"))).scalar()
        return None if pages is None or size is None else pages * size


def _state(text: str) -> dict[str, Any]:
    """A stored state as JSON values; damaged text becomes an empty state, which the
    referee refuses with a clear error (the table is then set aside, not the server)."""
    try:
        found = json.loads(text)
    except ValueError:
        return {}
    return found if isinstance(found, dict) else {}


def _row(found: Any) -> Row:
    return Row(
        id=found["id"],
        version=found["version"],
        state_text=found["state"],
        match_no=found["match_no"],
        moves=found["moves"],
        deadline=found["deadline"],
        ended=found["ended"],
        move_time=found["move_time"],
    )
