"""Alembic's environment for the table server: online migrations over the asyncio
engine, one at a time (PostgreSQL: an advisory lock, so that two processes starting at
once do not both migrate)."""

from __future__ import annotations

import asyncio

from alembic import context
from sqlalchemy import Connection, pool, text
from sqlalchemy.ext.asyncio import create_async_engine

from server.db import metadata

MIGRATION_LOCK = 0x5C1_3131  # any number: the advisory lock's key on PostgreSQL


def run(connection: Connection) -> None:
    context.configure(connection=connection, target_metadata=metadata)
    with context.begin_transaction():
        if connection.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": MIGRATION_LOCK})
        context.run_migrations()


async def online() -> None:
    url = context.config.get_main_option("sqlalchemy.url")
    if url is None:  # server/db.py's migrate always sets it
        raise SystemExit("the table server's migrations need sqlalchemy.url")
    engine = create_async_engine(url, poolclass=pool.NullPool)
    async with engine.connect() as connection:
        await connection.run_sync(run)
    await engine.dispose()


if context.is_offline_mode():
    raise SystemExit("the table server's migrations run online only")
asyncio.run(online())
