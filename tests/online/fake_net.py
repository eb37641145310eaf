"""An in-process stand-in for ``static/net.mjs``: a hub that carries texts between one
host table and its guests' tables, in order, after the call that sent them (as the
browser delivers data-channel messages in a later task), and a page that keeps what
the table drew."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Any

from app.host import QuietHost
from app.online.guest_room import GuestRoom
from app.online.host_room import HostRoom
from app.online.room import Room
from app.settings import model as st
from app.storage import MemoryBackend, Store


class FakePage(QuietHost):
    """The host a table draws on: the last markup and state."""

    def __init__(self) -> None:
        self.markup = ""
        self.state = ""
        self.log: list[tuple[int, str]] = []
        self.left = False
        self.warnings: list[str] = []
        self.patched: dict[str, str] = {}

    def show(self, markup: str, log: Any, state: str) -> None:
        self.markup, self.log, self.state = markup, list(log), state

    def later(self, ms: float, callback: Callable[[], None]) -> None:
        callback()

    def patch(self, testid: str, text: str) -> None:
        self.patched[testid] = text

    def warn(self, text: str) -> None:
        self.warnings.append(text)

    def leave_online(self) -> None:
        self.left = True


class Hub:
    """Links between one host and its guests; ``run()`` delivers what was sent."""

    def __init__(self) -> None:
        self.queue: deque[Callable[[], None]] = deque()
        self.host_table: HostRoom | None = None
        self.links: dict[str, Room] = {}  # guest link id -> the guest's table
        self.host_id = "table-1"
        self.registered = False
        self.sent_to_guests: dict[str, list[str]] = {}  # link id -> every text sent to it
        self.down = False  # the signalling service is unreachable
        self.count = 0

    def run(self, limit: int = 100_000) -> None:
        for _ in range(limit):
            if not self.queue:
                return
            self.queue.popleft()()
        raise AssertionError("messages keep coming")


class HostNet:
    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.opened: list[Any] = []

    def open(self, target: Any) -> None:
        self.opened.append(target)
        hub = self.hub

        def opened() -> None:
            assert hub.host_table is not None
            if hub.down:
                hub.host_table.net_state("unreachable", "signal")
                return
            hub.registered = True
            hub.host_table.net_state("open", "")

        hub.queue.append(opened)

    def send(self, conn: str | None, text: str) -> None:
        hub = self.hub
        assert conn is not None
        hub.sent_to_guests.setdefault(conn, []).append(text)
        guest = hub.links.get(conn)
        if guest is not None:
            hub.queue.append(lambda: guest.net_message("host", text) if conn in hub.links else None)

    def close(self) -> None:
        self.hub.registered = False

    def identity(self) -> dict[str, str] | None:
        return {"id": self.hub.host_id, "token": "t0k"} if self.hub.registered else None


class GuestNet:
    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.table: Room | None = None
        self.link: str | None = None

    def open(self, target: Any) -> None:
        hub = self.hub

        def opened() -> None:
            assert self.table is not None
            if hub.down or not hub.registered or target != hub.host_id:
                self.table.net_state("unreachable", "host")
                return
            hub.count += 1
            self.link = f"link-{hub.count}"
            hub.links[self.link] = self.table
            self.table.net_state("open", "")

        hub.queue.append(opened)

    def send(self, conn: str | None, text: str) -> None:
        hub, link = self.hub, self.link
        if link is None or link not in hub.links:
            return
        hub.queue.append(lambda: hub.host_table.net_message(link, text) if hub.host_table else None)

    def close(self) -> None:
        """The page goes away: the host sees the link close."""
        hub, link = self.hub, self.link
        if link is not None and hub.links.pop(link, None) is not None and hub.host_table:
            hub.queue.append(lambda: hub.host_table.net_closed(link))
        self.link = None

    def identity(self) -> dict[str, str] | None:
        return None


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def settings(**changes: Any) -> st.Settings:
    return st.Settings(**{"lang": "en", "speed": "0", **changes})


def host_table(
    hub: Hub, clock: Clock, store: Store | None = None, *, table_id: str = "", **changes: Any
) -> tuple[HostRoom, FakePage]:
    page = FakePage()
    table = HostRoom(
        page,
        HostNet(hub),
        store or Store(MemoryBackend()),
        settings=settings(**changes),
        clock=clock,
        invite_base="http://127.0.0.1:8000/?join=",
        table_id=table_id,
        qr=lambda text: ["1010", "0101", "1100", "0011"],
        seed_source=iter(range(7, 10**6)).__next__,
    )
    hub.host_table = table
    return table, page


def guest_table(
    hub: Hub, clock: Clock, store: Store | None = None, **changes: Any
) -> tuple[GuestRoom, FakePage]:
    page = FakePage()
    net = GuestNet(hub)
    table = GuestRoom(
        page,
        net,
        store or Store(MemoryBackend()),
        settings=settings(**changes),
        clock=clock,
        table_id=hub.host_id,
    )
    net.table = table
    return table, page
