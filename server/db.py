"""The database: its tables, an engine for a URL, and the migrations run at start.

One code path for both databases: SQLAlchemy 2's asyncio engine over ``aiosqlite``
(SQLite, the default: a file, nothing to install) or ``asyncpg`` (PostgreSQL). The
schema here is what the Alembic migrations in ``server/migrations`` create; the
migrations, not ``metadata.create_all``, make it (a test checks they agree).

SQLite gets ``BEGIN IMMEDIATE`` for every transaction that may write (one writer at a
time, so a table read for update cannot change before its write), a plain ``BEGIN`` for
one that only reads (:data:`READ_ONLY`: the write-ahead log lets it read while another
connection writes), and a busy timeout. ``FOR UPDATE`` and ``SKIP LOCKED`` are
PostgreSQL's; SQLAlchemy leaves them out on SQLite, where the immediate transaction
already holds the whole file.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import sqlalchemy as sa
from sqlalchemy import event
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, create_async_engine

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
        # connection waits in Python instead of on the file's lock.
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
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=FULL")  # a commit is on disk before anyone is told
        cursor.execute("PRAGMA busy_timeout=10000")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    @event.listens_for(engine.sync_engine, "reset")
    def reset(dbapi_connection: Any, record: Any, state: Any) -> None:
        """A connection back in the pool is rolled back only when SQLite says a
        transaction is open on it (asked of the connection, no hop; not SQLAlchemy's
        ``transaction_was_reset``, which is also true after a COMMIT that failed). A
        move's transaction (:func:`in_sqlite_thread`) commits or rolls back in its one
        call, and the pool's unconditional ROLLBACK after it was a second hop to the
        thread at every move. (Not ``asyncio_safe``: a connection dropped by the garbage
        collector, which the pool closes and does not reuse.)"""
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


async def in_sqlite_thread(conn: AsyncConnection, work: Callable[[Any], T]) -> T:
    """``work(sqlite3_connection)`` for the SQLite connection behind ``conn`` (checked out
    of the pool, no transaction of SQLAlchemy's open), in aiosqlite's thread, where that
    connection lives: one hop to the thread and back for all ``work`` does.

    aiosqlite has no public call for this: its ``_execute`` is what each of its own
    calls (``execute``, ``commit``) uses, and ``_conn`` its ``sqlite3.Connection``; the
    server's tests run every move through here, so a release that changes them fails
    them. An error of SQLite's comes out as SQLAlchemy's (``DBAPIError``, of the same
    kind: ``OperationalError`` for a locked or full database), as it would from any
    other statement, so the app answers it as a database failure (a JSON 503)."""
    raw = await conn.get_raw_connection()
    driver: Any = raw.driver_connection  # an aiosqlite.Connection
    try:
        result: T = await driver._execute(work, driver._conn)
    except sqlite3.Error as e:
        raise DBAPIError.instance(None, None, e, sqlite3.Error, dialect=conn.dialect) from e
    return result
