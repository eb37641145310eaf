"""The database: its tables, an engine for a URL, and the migrations run at start.

One code path for both databases: SQLAlchemy 2's asyncio engine over ``aiosqlite``
(SQLite, the default: a file, nothing to install) or ``asyncpg`` (PostgreSQL), but for
a move's one transaction on SQLite, which has a connection and thread of its own
(:class:`SqliteWriter`). The schema here is what the Alembic migrations in
``server/migrations`` create; the migrations, not ``metadata.create_all``, make it (a
test checks they agree).

SQLite gets ``BEGIN IMMEDIATE`` for every transaction that may write (one writer at a
time, so a table read for update cannot change before its write), a plain ``BEGIN`` for
one that only reads (:data:`READ_ONLY`: the write-ahead log lets it read while another
connection writes), and a busy timeout. ``FOR UPDATE`` and ``SKIP LOCKED`` are
PostgreSQL's; SQLAlchemy leaves them out on SQLite, where the immediate transaction
already holds the whole file.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import queue
import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import sqlalchemy as sa
from sqlalchemy import event
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

T = TypeVar("T")

metadata = sa.MetaData()

tables = sa.Table(
    "tables",
    metadata,
    sa.Column("id", sa.String(24), primary_key=True),
    sa.Column("version", sa.Integer, nullable=False),  # +1 at every write: the news's key
    sa.Column("state", sa.Text, nullable=False),  # Referee.to_dict() as JSON (hashes, no secret)
    sa.Column("match_no", sa.Integer, nullable=False),  # 0 in the lobby, +1 at each (re)match
    sa.Column("moves", sa.Integer, nullable=False),  # actions of the current match
    sa.Column("deadline", sa.BigInteger, nullable=True),  # the decision due, ms since 1970
    sa.Column("ended", sa.String(16), nullable=True),  # "end", "timeout"
    sa.Column("move_time", sa.Integer, nullable=False),
    sa.Column("created", sa.BigInteger, nullable=False),
    sa.Column("updated", sa.BigInteger, nullable=False),
)

seats = sa.Table(
    "seats",
    metadata,
    sa.Column("table_id", sa.String(24), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("token_hash", sa.String(32), nullable=False, unique=True),
)
"""The seats held by a person's token, by the token's hash ("My tables" finds them)."""

moves = sa.Table(
    "moves",
    metadata,
    sa.Column("table_id", sa.String(24), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("match_no", sa.Integer, primary_key=True),
    sa.Column("seq", sa.Integer, primary_key=True),  # the move's number in its match
    sa.Column("action", sa.String(40), nullable=False),
    sa.Column("at", sa.BigInteger, nullable=False),
)
"""Every accepted move, once (the key refuses a move written twice)."""

deadlines = sa.Table(
    "deadlines",
    metadata,
    sa.Column("table_id", sa.String(24), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("kind", sa.String(8), primary_key=True),  # "move" (time out) or "remind" (80 %)
    sa.Column("due", sa.BigInteger, nullable=False, index=True),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("seq", sa.Integer, nullable=False),  # the decision after seq moves
)

push_subscriptions = sa.Table(
    "push_subscriptions",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("table_id", sa.String(24), sa.ForeignKey("tables.id"), nullable=False),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("endpoint", sa.Text, nullable=False),
    sa.Column("p256dh", sa.String(120), nullable=False),
    sa.Column("auth", sa.String(40), nullable=False),
    sa.Column("lang", sa.String(4), nullable=False),
    sa.Column("created", sa.BigInteger, nullable=False),
    # the seat's choice (the same in each of its rows): one summary a day, no push a move
    sa.Column("daily", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.UniqueConstraint("table_id", "seat", "endpoint"),
)
"""A page's Web Push subscription for its seat at one table (opted into per table)."""

settings = sa.Table(
    "settings",
    metadata,
    sa.Column("name", sa.String(40), primary_key=True),
    sa.Column("value", sa.Text, nullable=False),
)
"""The server's own values that every process shares (the VAPID key)."""

open_tables = sa.Table(
    "open_tables",
    metadata,
    sa.Column("table_id", sa.String(24), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("client", sa.String(64), nullable=False, index=True),  # who listed it
    sa.Column("preset", sa.String(20), nullable=False),
    sa.Column("move_time", sa.Integer, nullable=False),
    sa.Column("listed", sa.BigInteger, nullable=False, index=True),  # ms since 1970
)
"""The tables listed under "Open tables" (issue 41): anyone may sit down at one until
its match starts; ``client`` is the creator's address key (``server.connections``),
which bounds how many one client lists."""

MIGRATIONS = Path(__file__).parent / "migrations"
READ_ONLY = "schwimmen_read_only"
"""The execution option of a transaction that only reads: on SQLite it begins without
taking the write lock (``BEGIN``, not ``BEGIN IMMEDIATE``), so reads never queue behind
a write (``Store.read``)."""


def async_url(url: str) -> str:
    """A database URL with the asyncio driver this server uses: ``sqlite:///PATH`` and
    ``postgresql://...`` as people write them.

    >>> async_url("sqlite:///tables.db"), async_url("postgresql://u@h:5/db")
    ('sqlite+aiosqlite:///tables.db', 'postgresql+asyncpg://u@h:5/db')
    >>> async_url("mysql://x")
    Traceback (most recent call last):
    ...
    ValueError: database 'mysql://x': sqlite:///PATH or postgresql://...
    """
    for plain, driver in (
        ("sqlite", "sqlite+aiosqlite"),
        ("postgresql", "postgresql+asyncpg"),
        ("postgres", "postgresql+asyncpg"),
    ):
        for prefix in (f"{plain}://", f"{driver}://"):
            if url.startswith(prefix):
                return driver + "://" + url[len(prefix) :]
    raise ValueError(f"database {url!r}: sqlite:///PATH or postgresql://...")


def make_engine(url: str, **options: Any) -> AsyncEngine:
    """The engine for ``url`` (see :func:`async_url`), set up for this server."""
    url = async_url(url)
    if url.startswith("sqlite"):
        # One connection: SQLite has one writer anyway, and a queue of coroutines on one
        # connection waits in Python instead of on the file's lock. (The moves have a
        # connection of their own, ``SqliteWriter``; the two take the lock in turn.)
        # A burst (a thousand pages saying hello at once) waits its turn: no pool timeout.
        options.setdefault("pool_timeout", 3600)
        # The pool's own reset (a ROLLBACK, a hop to aiosqlite's thread and back, each
        # time the connection is returned) is left to the "reset" hook below.
        options.setdefault("pool_reset_on_return", None)
        engine = create_async_engine(url, pool_size=1, max_overflow=0, **options)
        _sqlite_setup(engine)
        return engine
    options.setdefault("pool_size", 10)
    options.setdefault("max_overflow", 5)
    options.setdefault("pool_timeout", 3600)  # under a burst a page waits rather than fails
    return create_async_engine(url, pool_pre_ping=True, **options)


def _sqlite_setup(engine: AsyncEngine) -> None:
    @event.listens_for(engine.sync_engine, "connect")
    def connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None  # SQLAlchemy's BEGIN below, not the driver's
        _setup_sqlite(dbapi_connection)

    @event.listens_for(engine.sync_engine, "reset")
    def reset(dbapi_connection: Any, record: Any, state: Any) -> None:
        """A connection back in the pool is rolled back only when SQLite says a
        transaction is open on it (asked of the connection, no hop; not SQLAlchemy's
        ``transaction_was_reset``, which is also true after a COMMIT that failed). The
        pool's unconditional ROLLBACK is a hop to aiosqlite's thread and back each time
        a connection is returned, most often after a transaction that committed. (Not
        ``asyncio_safe``: a connection dropped by the garbage collector, which the pool
        closes and does not reuse.)"""
        if state.asyncio_safe and record is not None and record.driver_connection.in_transaction:
            dbapi_connection.rollback()

    @event.listens_for(engine.sync_engine, "begin")
    def begin(conn: Any) -> None:
        reading = conn.get_execution_options().get(READ_ONLY, False)
        conn.exec_driver_sql("BEGIN" if reading else "BEGIN IMMEDIATE")


def is_postgres(engine: AsyncEngine) -> bool:
    return engine.dialect.name == "postgresql"


def alembic_config(url: str) -> Any:
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", async_url(url).replace("%", "%%"))
    return config


def migrate_sync(url: str) -> None:
    """Bring the database at ``url`` to the newest schema (Alembic's ``upgrade head``).
    Run in a thread of its own: Alembic's async env runs its own event loop."""
    from alembic import command

    if url.startswith(("sqlite:///", "sqlite+aiosqlite:///")):
        path = url.split(":///", 1)[1]
        if path and path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
    command.upgrade(alembic_config(url), "head")


async def migrate(url: str) -> None:
    """:func:`migrate_sync` from a running event loop."""
    await asyncio.to_thread(migrate_sync, url)


# ---------------------------------------------------------------- accounts (passkeys)

accounts = sa.Table(
    "accounts",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),  # the WebAuthn user handle, in hex
    sa.Column("name", sa.String(40), nullable=False),  # the display name, nothing else personal
    sa.Column("created", sa.BigInteger, nullable=False),
)
"""A person who signed in with a passkey (``server/accounts.py``)."""

credentials = sa.Table(
    "credentials",
    metadata,
    sa.Column("id", sa.String(1400), primary_key=True),  # the credential id, base64url
    sa.Column(
        "account_id",
        sa.String(32),
        sa.ForeignKey("accounts.id", ondelete="CASCADE"),
        nullable=False,
        index=True,
    ),
    sa.Column("public_key", sa.Text, nullable=False),  # COSE key, base64url
    sa.Column("sign_count", sa.BigInteger, nullable=False),
    sa.Column("created", sa.BigInteger, nullable=False),
    sa.Column("used", sa.BigInteger, nullable=True),
)
"""An account's passkeys: the public key and the authenticator's last counter."""

challenges = sa.Table(
    "challenges",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),  # the ceremony, named to the page
    sa.Column("challenge", sa.String(100), nullable=False),  # base64url of 64 random bytes
    sa.Column("kind", sa.String(16), nullable=False),  # "register", "sign-in"
    sa.Column("account_id", sa.String(32), nullable=True),  # register: the account, if any
    sa.Column("name", sa.String(40), nullable=True),  # register: the display name
    sa.Column("expires", sa.BigInteger, nullable=False, index=True),
)
"""A WebAuthn ceremony's challenge: used once (deleted when answered), short-lived."""

sessions = sa.Table(
    "sessions",
    metadata,
    sa.Column("token_hash", sa.String(64), primary_key=True),  # SHA-256 of the cookie
    sa.Column(
        "account_id",
        sa.String(32),
        sa.ForeignKey("accounts.id", ondelete="CASCADE"),
        nullable=False,
        index=True,
    ),
    sa.Column("expires", sa.BigInteger, nullable=False),
)
"""A signed-in browser: its session cookie's hash."""

account_seats = sa.Table(
    "account_seats",
    metadata,
    sa.Column(
        "account_id",
        sa.String(32),
        sa.ForeignKey("accounts.id", ondelete="CASCADE"),
        primary_key=True,
    ),
    sa.Column("token_hash", sa.String(32), primary_key=True),  # as seats.token_hash
    sa.Column("token", sa.String(32), nullable=False),  # so every device of theirs sits down
    sa.Column("table_id", sa.String(24), nullable=False, index=True),
    sa.Column("added", sa.BigInteger, nullable=False),
)
"""The seats that belong to an account ("My tables" on every device it signs in on)."""


# ---------------------------------------------------------------- ratings

ratings = sa.Table(
    "ratings",
    metadata,
    sa.Column(
        "account_id",
        sa.String(32),
        sa.ForeignKey("accounts.id", ondelete="CASCADE"),
        primary_key=True,
    ),
    sa.Column("rules", sa.String(24), primary_key=True),  # a preset's name, or "custom"
    sa.Column("mu", sa.Float, nullable=False),
    sa.Column("sigma", sa.Float, nullable=False),
    sa.Column("matches", sa.Integer, nullable=False),
    sa.Column("updated", sa.BigInteger, nullable=False),
)
"""A signed-in person's rating per rule set (``server/ratings.py``: Plackett-Luce)."""

rating_history = sa.Table(
    "rating_history",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column(
        "account_id",
        sa.String(32),
        sa.ForeignKey("accounts.id", ondelete="CASCADE"),
        nullable=False,
        index=True,
    ),
    sa.Column("rules", sa.String(24), nullable=False),
    sa.Column("table_id", sa.String(24), nullable=False),
    sa.Column("match_no", sa.Integer, nullable=False),
    sa.Column("mu", sa.Float, nullable=False),
    sa.Column("sigma", sa.Float, nullable=False),
    sa.Column("at", sa.BigInteger, nullable=False),
)
"""Each rated match's new rating, per person and rule set (the statistics' chart)."""


class SqliteWriter:
    """A connection of its own to the SQLite file, in a thread of its own, for the one
    transaction a move writes (``Store.save_alone``): :meth:`run` hands ``work`` to the
    thread and awaits its result, one hop there and back for all ``work`` does.

    The pool's connection (aiosqlite's thread) could run the same work, but checking it
    out and in through SQLAlchemy's asyncio adaption (a greenlet, the pool's queue, an
    ``AsyncConnection``) cost about 0.4 ms of CPU a move under load: more than the hop
    and the commit together (``bench/server.py``, issue 39). The two connections take
    SQLite's write lock in turn (``BEGIN IMMEDIATE``, with the busy timeout): the
    pool's carries the other writes (a new table, a table not cached here, deadlines,
    accounts), few beside the moves.

    An error of SQLite's comes out as SQLAlchemy's (``DBAPIError``, of the same kind:
    ``OperationalError`` for a locked or full database), as it would from any other
    statement, so the app answers it as a database failure (a JSON 503). The thread
    starts with the first call and ends with :meth:`close`."""

    def __init__(self, path: str, dialect: Any) -> None:
        self.path, self.dialect = path, dialect
        self._jobs: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._closed = False

    async def run(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """``work(connection)`` in the writer's thread, after the work handed in before."""
        if self._closed:
            raise RuntimeError("the moves' SQLite writer is closed")
        if self._thread is None:
            self._thread = threading.Thread(target=self._serve, name="sqlite-writer", daemon=True)
            self._thread.start()
        done: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._jobs.put((done, work))
        try:
            result: T = await done
        except sqlite3.Error as e:
            raise DBAPIError.instance(None, None, e, sqlite3.Error, dialect=self.dialect) from e
        return result

    async def close(self) -> None:
        """Finish the work handed in, close the connection and end the thread; a call
        after this raises RuntimeError."""
        self._closed = True
        if self._thread is not None:
            self._jobs.put(None)
            await asyncio.to_thread(self._thread.join)

    def _serve(self) -> None:
        sqlite: sqlite3.Connection | None = None
        while (job := self._jobs.get()) is not None:
            done, work = job
            try:
                if sqlite is None:  # opened again at the next call if it failed (as the pool)
                    sqlite = open_sqlite(self.path)
                settled = functools.partial(_settle, done, work(sqlite), None)
            except BaseException as e:  # the caller's to handle
                settled = functools.partial(_settle, done, None, e)
            with contextlib.suppress(RuntimeError):  # its loop has closed: no one waits
                done.get_loop().call_soon_threadsafe(settled)
        if sqlite is not None:
            sqlite.close()


_Job = tuple["asyncio.Future[Any]", Callable[[sqlite3.Connection], Any]]


def _settle(done: asyncio.Future[Any], result: Any, error: BaseException | None) -> None:
    if done.cancelled():  # its caller was cancelled: the work was done all the same
        return
    if error is not None:
        done.set_exception(error)
    else:
        done.set_result(result)


def open_sqlite(path: str) -> sqlite3.Connection:
    """A connection to the SQLite file at ``path`` as the server uses every one: the
    write-ahead log, a commit on disk before anyone is told, a busy timeout, foreign
    keys; no transaction the driver opens by itself (``BEGIN`` is the caller's)."""
    sqlite = sqlite3.connect(path, isolation_level=None)
    try:
        _setup_sqlite(sqlite)
    except BaseException:
        sqlite.close()
        raise
    return sqlite


def _setup_sqlite(dbapi_connection: Any) -> None:
    cursor = dbapi_connection.cursor()
    for pragma in SQLITE_PRAGMAS:
        cursor.execute(pragma)
    cursor.close()


SQLITE_PRAGMAS = (
    "PRAGMA journal_mode=WAL",
    "PRAGMA synchronous=FULL",  # a commit is on disk before anyone is told
    "PRAGMA busy_timeout=10000",
    "PRAGMA foreign_keys=ON",
)


def sqlite_path(engine: AsyncEngine) -> str:
    """The file of a SQLite engine (a table server keeps its tables in a file)."""
    path = engine.url.database
    if not path or path == ":memory:":
        raise ValueError("the table server's SQLite database is a file: sqlite:///PATH")
    return path
