"""Two servers on one PostgreSQL in this process, each with its own cache, pages and
listener: a move stored by one reaches a page on the other (``LISTEN/NOTIFY``), and
every due deadline is taken by exactly one of them (``FOR UPDATE SKIP LOCKED``)."""

from __future__ import annotations

import threading
import time

from engine.online import protocol

from .conftest import new_database
from .support import Clock, Page, Served

TABLES = 12


def wait_for(check, seconds: float = 10.0) -> None:
    end = time.monotonic() + seconds
    while not check():
        if time.monotonic() > end:
            raise AssertionError("waited in vain")
        time.sleep(0.02)


def started(owner_at: Served, guest_at: Served) -> tuple[dict, Page, Page]:
    """A table of two made on ``owner_at``, its owner's page there and a guest's page
    on ``guest_at``, the match started and seen by the guest."""
    made = owner_at.create(players=2)
    owner = owner_at.page(made["table"], "Hana", made["token"])
    owner.hello()
    guest = guest_at.page(made["table"], "Ann")
    guest.hello()
    owner.send(protocol.start())
    wait_for(lambda: (guest.sync(), guest.guest.observation is not None)[1])
    return made, owner, guest


def test_a_move_on_one_process_reaches_a_page_on_the_other(postgres):
    database, clock = new_database(postgres), Clock()
    with Served(database, clock) as a, Served(database, clock) as b:
        _, owner, guest = started(a, b)
        for _ in range(6):
            mover, other = (owner, guest) if owner.my_turn() else (guest, owner)
            seq = mover.guest.mirror.seq
            mover.play(0, seq)
            wait_for(lambda o=other, s=seq: (o.sync(), o.guest.mirror.seq > s)[1])
        assert owner.guest.mirror.seq == guest.guest.mirror.seq >= 6
        assert a.server.news.heard > 0 and b.server.news.heard > 0
        wait_for(lambda: (owner.sync(), not any(s["away"] for s in owner.guest.lobby["seats"]))[1])


def test_each_due_deadline_is_taken_by_exactly_one_process(postgres):
    database, clock = new_database(postgres), Clock()
    with Served(database, clock) as a, Served(database, clock) as b:
        tables = []
        for _ in range(TABLES):
            made = a.create(players=2, move_time=600, on_timeout="end")
            owner = a.page(made["table"], "Hana", made["token"])
            owner.hello()
            owner.send(protocol.set_seat(1, "bot", "random"))
            owner.send(protocol.start())
            owner.close()
            tables.append(made["table"])
        # Past every table's deadline as the server set it: not a fixed 600 s, since a
        # deal the bot's first move ended gives the next decision 10 s more to read the
        # result (RESULT_READ_MS), and the pages' pings moved the clock meanwhile.
        left = [a.client.get(f"/api/tables/{t}").json()["left_ms"] for t in tables]
        assert all(isinstance(ms, int) and ms > 0 for ms in left), left
        clock.advance(max(left) + 1000)
        taken: dict[str, int] = {}
        threads = [
            threading.Thread(target=lambda s=s: taken.__setitem__(s.settings.process, s.due()))
            for s in (a, b)
        ]
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
        assert sum(taken.values()) == TABLES, taken
        assert a.due() == 0 and b.due() == 0
        for table in tables:
            info = a.client.get(f"/api/tables/{table}").json()
            assert info["ended"] == "timeout"


def test_news_of_a_table_without_pages_here_only_drops_its_stale_referee(postgres):
    """A process hears of every move any process stores. Where it has no page at the
    table it makes no task and reads nothing: it only forgets a cached referee older
    than the news, so a page that comes later is served the table as stored."""
    database, clock = new_database(postgres), Clock()
    with Served(database, clock) as a, Served(database, clock) as b:
        made, owner, guest = started(a, a)

        async def cached() -> int | None:
            await b.server.tables.current(made["table"])
            entry = b.server.tables.cache.get(made["table"])
            return None if entry is None else entry.version

        assert b.call(cached) is not None  # b has the table cached, and no page there
        refreshed = []
        real = b.server.tables.refresh

        async def counted(table_id: str, version: int) -> None:
            refreshed.append(table_id)
            await real(table_id, version)

        b.server.tables.refresh = counted
        heard = b.server.news.heard
        mover = owner if owner.my_turn() else guest
        mover.play(0, mover.guest.mirror.seq)
        wait_for(lambda: b.server.news.heard > heard)
        assert refreshed == [] and b.server.tables.cache.get(made["table"]) is None


def test_news_heard_while_a_hello_holds_the_table_is_taken_in_after_it(postgres):
    """A page's hello reads the table and adds the page under the table's lock. News of
    a newer version heard meanwhile (the page not yet added) must not be dropped: it
    waits for the lock and then brings the new page up to date."""
    database, clock = new_database(postgres), Clock()
    with Served(database, clock) as a, Served(database, clock) as b:
        made, _, _ = started(a, a)
        tables = b.server.tables

        async def during_a_hello() -> tuple[bool, bool]:
            async with tables.lock(made["table"]):
                while_held = tables.heard_of(made["table"], 1 << 40)
            return while_held, tables.heard_of(made["table"], 1 << 40)

        assert b.call(during_a_hello) == (True, False)
