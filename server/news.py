"""News between server processes on one PostgreSQL: ``LISTEN/NOTIFY``.

A process that stores a table sends ``NOTIFY`` in the same transaction (``Store.save``),
so every other process hears ``"<table> <version> <process>"`` once the move is
committed, and tells its own pages (``Tables.refresh``). Who is connected where travels
the same way (``"presence <table> <process> <seats>"``, not stored). A process listens
on a connection of its own; when that connection breaks, it connects again and brings
every table it has pages at up to date, since news may have been missed meanwhile.

Every process says it is alive (``"alive <process>"``) every :data:`HEARTBEAT_S`; the
pages another process said were here count as gone once that process has not been
heard of for :data:`PRESENCE_TTL_S` (it was killed, or lost its database), so a killed
process's pages do not look present forever.

On SQLite there is one process and nothing to hear.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import Any

from server.store import NOTIFY_CHANNEL

log = logging.getLogger("schwimmen.news")
RETRY_S = 1.0
HEARTBEAT_S = 2.0
"""How often a process says it is alive."""
PRESENCE_TTL_S = 6.0
"""A process not heard of for this long has no pages here any more."""


class News:
    """This process's ear and voice among the server's processes (see the module text)."""

    def __init__(self, store: Any, tables: Any, hub: Any, url: str) -> None:
        self.store, self.tables, self.hub = store, tables, hub
        self.url = url
        self.process = store.process
        self.listener: Any = None
        self.tasks: set[asyncio.Task[Any]] = set()
        self._watch: asyncio.Task[Any] | None = None
        self._beat: asyncio.Task[Any] | None = None
        self.heard = 0
        self.heard_from: dict[str, float] = {}  # process -> when it last said anything

    async def start(self) -> None:
        if not self.store.postgres:
            return
        await self._listen()
        self._watch = asyncio.create_task(self._keep_listening())
        self._beat = asyncio.create_task(self._heartbeat())

    async def stop(self) -> None:
        for task in (self._watch, self._beat):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
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

    async def _heartbeat(self) -> None:
        while True:
            await asyncio.sleep(HEARTBEAT_S)
            await self._notify(f"alive {self.process}")
            self._expire(time.monotonic())

    def _expire(self, now: float) -> None:
        """Forget the pages of the processes not heard of for :data:`PRESENCE_TTL_S`."""
        gone = {p for p, at in self.heard_from.items() if now - at > PRESENCE_TTL_S}
        for process in gone:
            del self.heard_from[process]
            log.warning("process %s is silent: its pages count as gone", process)
        for table_id, by_process in list(self.hub.remote.items()):
            if gone & set(by_process):
                for process in gone:
                    by_process.pop(process, None)
                if not by_process:
                    del self.hub.remote[table_id]
                self._later(self.tables.presence_changed_remote(table_id))

    def _heard(self, _conn: Any, _pid: int, _channel: str, payload: str) -> None:
        parts = payload.split(" ")
        presence = parts[0] == "presence" and len(parts) == 4
        process = parts[2] if presence else parts[-1]
        if process == self.process:  # its own news
            return
        self.heard_from[process] = time.monotonic()
        if presence:
            _, table_id, _, seats = parts
            found = frozenset(int(s) for s in seats.split(",") if s.isdigit())
            self.hub.remote.setdefault(table_id, {})[process] = found
            self._later(self.tables.presence_changed_remote(table_id))
            return
        if len(parts) != 3 or not parts[1].isdigit():  # "alive", or not ours
            return
        self.heard += 1
        if self.tables.heard_of(parts[0], int(parts[1])):
            self._later(self.tables.refresh(parts[0], int(parts[1])))

    async def presence(self, table_id: str, seats: frozenset[int]) -> None:
        """Tell the other processes which seats of the table have pages here."""
        if not self.store.postgres:
            return
        seen = ",".join(map(str, sorted(seats))) or "-"
        await self._notify(f"presence {table_id} {self.process} {seen}")

    async def _notify(self, payload: str) -> None:
        import sqlalchemy as sa

        try:
            async with self.store.begin() as conn:
                await conn.execute(sa.select(sa.func.pg_notify(NOTIFY_CHANNEL, payload)))
        except Exception as e:  # presence is a courtesy: never fail a connection for it
            log.warning("news not sent: %s", e)
