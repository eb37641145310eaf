"""News between server processes on one PostgreSQL: ``LISTEN/NOTIFY``.

A process that stores a table sends ``NOTIFY`` in the same transaction (``Store.save``),
so every other process hears ``"<table> <version> <process>"`` once the move is
committed, and tells its own pages (``Tables.refresh``). Who is connected where travels
the same way (``"presence <table> <process> <seats>"``, not stored). A process listens
on a connection of its own; when that connection breaks, it connects again and brings
every table it has pages at up to date, since news may have been missed meanwhile.

On SQLite there is one process and nothing to hear.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

from server.store import NOTIFY_CHANNEL

log = logging.getLogger("schwimmen.news")
RETRY_S = 1.0


class News:
    """This process's ear and voice among the server's processes (see the module text)."""

    def __init__(self, store: Any, tables: Any, hub: Any, url: str) -> None:
        self.store, self.tables, self.hub = store, tables, hub
        self.url = url
        self.process = store.process
        self.listener: Any = None
        self.tasks: set[asyncio.Task[Any]] = set()
        self._watch: asyncio.Task[Any] | None = None
        self.heard = 0

    async def start(self) -> None:
        if not self.store.postgres:
            return
        await self._listen()
        self._watch = asyncio.create_task(self._keep_listening())

    async def stop(self) -> None:
        if self._watch is not None:
            self._watch.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._watch
        for task in list(self.tasks):
            task.cancel()
        if self.listener is not None:
            with contextlib.suppress(Exception):
                await self.listener.close()

    def _dsn(self) -> str:
        from server.db import async_url

        return async_url(self.url).replace("postgresql+asyncpg://", "postgresql://", 1)

    async def _listen(self) -> None:
        import asyncpg

        self.listener = await asyncpg.connect(self._dsn())
        await self.listener.add_listener(NOTIFY_CHANNEL, self._heard)

    async def _keep_listening(self) -> None:
        while True:
            await asyncio.sleep(RETRY_S)
            if self.listener is not None and not self.listener.is_closed():
                continue
            try:
                await self._listen()
            except Exception as e:
                log.warning("listening again failed: %s", e)
                continue
            for table_id in list(self.hub.by_table):  # news may have been missed
                self._later(self.tables.refresh(table_id, 1 << 62))

    def _later(self, work: Any) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self.tasks.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task[Any]) -> None:
        self.tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.warning("news not taken in: %r", task.exception())

    def _heard(self, _conn: Any, _pid: int, _channel: str, payload: str) -> None:
        parts = payload.split(" ")
        if parts[0] == "presence" and len(parts) == 4:
            _, table_id, process, seats = parts
            if process == self.process:
                return
            found = frozenset(int(s) for s in seats.split(",") if s.isdigit())
            self.hub.remote.setdefault(table_id, {})[process] = found
            self._later(self.tables.presence_changed_remote(table_id))
            return
        if len(parts) != 3 or parts[2] == self.process or not parts[1].isdigit():
            return
        self.heard += 1
        self._later(self.tables.refresh(parts[0], int(parts[1])))

    async def presence(self, table_id: str, seats: frozenset[int]) -> None:
        """Tell the other processes which seats of the table have pages here."""
        if not self.store.postgres:
            return
        payload = f"presence {table_id} {self.process} {','.join(map(str, sorted(seats))) or '-'}"
        import sqlalchemy as sa

        try:
            async with self.store.begin() as conn:
                await conn.execute(sa.select(sa.func.pg_notify(NOTIFY_CHANNEL, payload)))
        except Exception as e:  # presence is a courtesy: never fail a connection for it
            log.warning("presence not sent: %s", e)
