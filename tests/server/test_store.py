"""The store on a real database of each kind: the migrations make the schema ``db.py``
describes, a table is written and read back whole, a move is stored once, the seats
are found by their tokens' hashes, and a table another transaction holds is skipped by
the deadline scheduler (PostgreSQL's ``SKIP LOCKED``; SQLite has one writer anyway)."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import threading

import pytest
import sqlalchemy as sa

from server import db
from server.store import Deadline, Store, Write


def run(coroutine):
    return asyncio.run(coroutine)


@contextlib.asynccontextmanager
async def moves_writer(path):
    """The moves' own SQLite writer for the file at ``path``, closed after."""
    engine = db.make_engine(f"sqlite:///{path}")
    writer = db.SqliteWriter(str(path), engine.dialect)
    try:
        yield writer
    finally:
        await writer.close()
        await engine.dispose()


def write(moves=(), deadlines=(), hashes=None, state=None) -> Write:
    state = state or {"config": {"move_time": 600}, "n": len(moves)}
    return Write(state, 1, len(moves), list(moves), None, None, hashes, list(deadlines))


def test_the_migrations_make_the_schema_of_db_py(database):
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    db.migrate_sync(database)
    db.migrate_sync(database)  # a second start changes nothing

    async def diff():
        engine = db.make_engine(database)
        async with engine.connect() as conn:
            found = await conn.run_sync(
                lambda c: compare_metadata(MigrationContext.configure(c), db.metadata)
            )
        await engine.dispose()
        return found

    assert run(diff()) == []


def test_a_table_is_written_and_read_back(database):
    db.migrate_sync(database)

    async def go():
        store = Store(db.make_engine(database), "p1")
        async with store.begin() as conn:
            await store.create(
                conn, "t1", {"config": {"move_time": 600}}, 5, write(hashes={0: "a" * 32})
            )
        async with store.begin() as conn:
            row = await store.load(conn, "t1", lock=True)
            due = [Deadline("move", 900, 0, 2), Deadline("remind", 800, 0, 2)]
            saved = await store.save(
                conn, "t1", row.version, write([(0, "keep"), (1, "knock")], due), 7
            )
            version = saved.version
        async with store.begin() as conn:
            row = await store.load(conn, "t1", lock=False)
            moves = await store.moves(conn, "t1")
            seats = await store.seats_of(conn, ["a" * 32, "b" * 32])
            due_now = await store.due_tables(conn, 850, 10)
            later = await store.due_tables(conn, 700, 10)
        with pytest.raises(sa.exc.IntegrityError):  # the same move twice: refused
            async with store.begin() as conn:
                row2 = await store.load(conn, "t1", lock=True)
                await store.save(conn, "t1", row2.version, write([(1, "knock")]), 8)
        async with store.begin() as conn:
            after = await store.load(conn, "t1", lock=False)
        await store.close()
        return version, row, moves, seats, due_now, later, after

    version, row, moves, seats, due_now, later, after = run(go())
    assert version == 2 and row.version == 2 and row.state["n"] == 2 and row.moves == 2
    assert moves == [(1, 0, "keep"), (1, 1, "knock")]
    assert seats == [("t1", 0, "a" * 32)]
    assert due_now == ["t1"] and later == []
    assert after.version == 2  # the failed write left nothing


def test_a_held_table_is_skipped_by_the_scheduler(postgres):
    from .conftest import new_database

    database = new_database(postgres)
    db.migrate_sync(database)

    async def go():
        store = Store(db.make_engine(database), "p1")
        async with store.begin() as conn:
            await store.create(conn, "t1", {"config": {"move_time": 600}}, 5, write())
        async with store.begin() as holder:
            await store.load(holder, "t1", lock=True)  # another process's transaction
            async with store.begin() as other:
                skipped = await store.take_due(other, "t1")
        async with store.begin() as conn:
            taken = await store.take_due(conn, "t1")
        await store.close()
        return skipped, taken

    skipped, taken = run(go())
    assert skipped is None and taken is not None and taken.id == "t1"


def test_a_sqlite_connection_left_in_a_transaction_is_rolled_back_on_return(tmp_path):
    """The pool does not roll back every connection it gets back (a hop to aiosqlite's
    thread at every move); its reset hook rolls back one left in a transaction, so the
    next user of the one connection does not find the last one's lock and writes."""
    url = f"sqlite:///{tmp_path / 'tables.db'}"
    db.migrate_sync(url)

    async def scenario() -> tuple[bool, int]:
        engine = db.make_engine(url)
        try:
            async with engine.connect() as conn:
                raw = (await conn.get_raw_connection()).driver_connection
                await raw.execute("BEGIN IMMEDIATE")
                await raw.execute("CREATE TABLE scratch (x INTEGER)")  # undone by ROLLBACK
                assert raw.in_transaction
            async with engine.connect() as conn:
                raw = (await conn.get_raw_connection()).driver_connection
                left_open = raw.in_transaction
                found = sa.text("SELECT count(*) FROM sqlite_master WHERE name = 'scratch'")
                rows = (await conn.execute(found)).scalar_one()
            return left_open, rows
        finally:
            await engine.dispose()

    assert run(scenario()) == (False, 0)


def test_an_error_of_sqlite_in_a_moves_one_call_comes_out_as_sqlalchemys(tmp_path):
    """A move's transaction on SQLite runs as one call in the moves' writer thread,
    outside SQLAlchemy's statements; a failure there (here: the file is locked) is still
    SQLAlchemy's ``OperationalError``, which the app answers as a database failure."""
    path = tmp_path / "tables.db"
    db.migrate_sync(f"sqlite:///{path}")

    def locked(sqlite) -> None:
        raise sqlite3.OperationalError("database is locked")

    async def scenario() -> None:
        async with moves_writer(path) as writer:
            await writer.run(locked)

    with pytest.raises(sa.exc.OperationalError) as raised:
        run(scenario())
    assert isinstance(raised.value, sa.exc.DBAPIError)
    assert "database is locked" in str(raised.value.orig)


def test_the_moves_writer_connection_is_set_up_like_the_pools(tmp_path):
    """The moves' own connection keeps the server's promises too: the write-ahead log, a
    commit on disk before anyone is told, foreign keys, and no transaction the driver
    opens by itself."""
    path = tmp_path / "tables.db"
    db.migrate_sync(f"sqlite:///{path}")

    def settings(sqlite) -> tuple:
        ask = [sqlite.execute(f"PRAGMA {name}").fetchone()[0] for name in PRAGMAS]
        return (*ask, sqlite.isolation_level, threading.current_thread().name)

    async def scenario() -> tuple:
        async with moves_writer(path) as writer:
            return await writer.run(settings)

    assert run(scenario()) == ("wal", 2, 10000, 1, None, "sqlite-writer")


PRAGMAS = ("journal_mode", "synchronous", "busy_timeout", "foreign_keys")


def test_a_move_waits_for_a_write_the_pool_holds_and_both_are_stored(tmp_path):
    """The moves' connection and the pool's take SQLite's write lock in turn: a move
    that comes while another transaction writes waits (the busy timeout) and is
    stored after it, and nothing of either is lost."""
    url = f"sqlite:///{tmp_path / 'tables.db'}"
    db.migrate_sync(url)

    async def scenario() -> tuple:
        store = Store(db.make_engine(url), "p1")
        try:
            for table in ("t1", "t2"):
                async with store.begin() as conn:
                    await store.create(conn, table, {"config": {"move_time": 600}}, 5, write())
            async with store.begin() as conn:  # BEGIN IMMEDIATE: the write lock
                row = await store.load(conn, "t1", lock=True)
                await store.save(conn, "t1", row.version, write([(0, "keep")]), 6)
                move = asyncio.create_task(store.save_alone("t2", 1, write([(0, "knock")]), 7))
                await asyncio.sleep(0.3)
                waited = not move.done()
            saved = await asyncio.wait_for(move, 10)
            async with store.read() as conn:
                found = [await store.moves(conn, t) for t in ("t1", "t2")]
            return waited, saved, found
        finally:
            await store.close()

    waited, saved, found = run(scenario())
    assert waited
    assert saved is not None and saved.version == 2
    assert found == [[(1, 0, "keep")], [(1, 0, "knock")]]


def test_the_moves_writer_opens_its_connection_again_after_a_failure(tmp_path):
    """A writer whose file could not be opened (its folder was missing) opens it at the
    next call, as the pool would; after ``close`` a call is refused."""
    folder = tmp_path / "later"

    async def scenario() -> tuple:
        async with moves_writer(folder / "tables.db") as writer:
            with pytest.raises(sa.exc.OperationalError):
                await writer.run(lambda sqlite: sqlite.execute("SELECT 1").fetchone())
            folder.mkdir()
            found = await writer.run(lambda sqlite: sqlite.execute("SELECT 1").fetchone())
        with pytest.raises(RuntimeError, match="closed"):
            await writer.run(lambda sqlite: None)
        return found

    assert run(scenario()) == (1,)
