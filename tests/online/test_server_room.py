"""A table server's tables on the page (app.online.room with ``server``): the creator
and friends are all guests of one ``Referee`` kept by a fake server in this process, as
``server/`` keeps it (the creator at seat 0 with the owner's token). The same room and
``GuestSeats`` play it; the lobby's controls travel as the protocol's seat/start/rematch."""

from __future__ import annotations

from collections import deque
from typing import Any

from app.online.room import KEY_SERVER, Phase, Room
from app.online.server_room import ServerRoom
from app.storage import MemoryBackend, Store
from engine.online import protocol
from engine.online.referee import Referee, Timing
from engine.rules import Rules
from tests.online.fake_net import Clock, FakePage, settings
from tests.online.test_table import FORM, play_out

OWNER = "0123456789abcdef0123456789abcdef"


class FakeServer:
    """One table's referee and the rooms' links to it, delivered in order."""

    def __init__(self, clock: Clock) -> None:
        self.clock = clock
        self.ref: Referee | None = None
        self.queue: deque[Any] = deque()
        self.links: dict[str, Room] = {}
        self.made: list[dict[str, Any]] = []
        self.count = 0
        self.permission = True  # the browser's answer when asked to notify

    def run(self) -> None:
        for _ in range(100_000):
            if not self.queue:
                return
            self.queue.popleft()()
        raise AssertionError("messages keep coming")

    def deliver(self, out: list[tuple[str, str]]) -> None:
        for conn, text in out:
            room = self.links.get(conn)
            if room is not None:
                self.queue.append(lambda r=room, t=text: r.net_message("host", t))

    def tick(self) -> None:
        if self.ref is not None:
            self.deliver(self.ref.tick())


class FakeServerNet:
    """A page's ``Net`` and ``ServerCalls`` against the fake server."""

    def __init__(self, server: FakeServer) -> None:
        self.server = server
        self.room: ServerRoom | None = None
        self.conn: str | None = None
        self.sent: list[str] = []
        self.asked: list[list[dict[str, str]]] = []
        self.reminded: list[tuple[str, str, bool]] = []

    def open(self, target: Any) -> None:
        server = self.server

        def opened() -> None:
            assert self.room is not None
            server.count += 1
            self.conn = f"c{server.count}"
            server.links[self.conn] = self.room
            self.room.net_state("open", "")

        server.queue.append(opened)

    def send(self, conn: str | None, text: str) -> None:
        self.sent.append(text)
        server, me = self.server, self.conn
        if server.ref is not None and me is not None:
            server.queue.append(lambda: server.deliver(server.ref.receive(me, text)))

    def close(self) -> None:
        if self.conn is not None and self.server.ref is not None:
            self.server.links.pop(self.conn, None)
            self.server.deliver(self.server.ref.disconnected(self.conn))
        self.conn = None

    def identity(self) -> dict[str, str] | None:
        return None

    def create(self, choices: dict[str, Any]) -> None:
        from engine.online.referee import TableConfig

        server = self.server
        server.made.append(choices)
        config = TableConfig(
            Rules.from_dict(choices["rules"]),
            players=choices["players"],
            preset=choices["preset"],
            move_time=choices["move_time"],
            on_timeout=choices["on_timeout"],
            bot_level=choices["bot_level"],
        )
        server.ref = Referee(
            config,
            choices["name"],
            clock=server.clock,
            owner_secret=OWNER,
            timing=Timing(bot_ms=0, deal_ms=0),
            seeds=lambda: 5,
        )
        server.queue.append(lambda: self.room.net_created("abcdefghijkmnpqr", OWNER))

    def remind(self, table: str, token: str, lang: str, on: bool, daily: bool = False) -> None:
        self.reminded.append((table, token, on))
        self.daily = daily
        granted = self.server.permission or not on
        self.server.queue.append(lambda: self.room.net_reminded(on, granted))

    def my_tables(self, seats: list[dict[str, str]]) -> None:
        self.asked.append(seats)
        rows = [
            {"table": s["table"], "seat": 0, "started": False, "names": ["Hana"]} for s in seats
        ]
        self.server.queue.append(lambda: self.room.net_tables(rows))


def room(server: FakeServer, first: Phase | None, table_id: str = "", store: Store | None = None):
    page, net = FakePage(), FakeServerNet(server)
    r = ServerRoom(
        page,
        net,
        store or Store(MemoryBackend()),
        settings=settings(),
        clock=server.clock,
        invite_base="http://127.0.0.1:8000/?join=",
        table_id=table_id,
        qr=lambda text: ["1010", "0101", "1100", "0011"],
        server="http://127.0.0.1:8000",
        first=first,
    )
    net.room = r
    return r, page, net


def test_the_creator_opens_a_server_table_runs_its_lobby_and_plays_a_whole_match():
    clock = Clock()
    server = FakeServer(clock)
    hana, hana_page, hana_net = room(server, Phase.SETUP)
    hana.start()
    assert 'value="86400"' in hana_page.markup and 'value="600"' in hana_page.markup
    assert 'data-action="my-tables"' in hana_page.markup
    assert 'name="open"' in hana_page.markup  # listed under "Open tables", if wished
    hana.press("host", {**FORM, "players": "3", "move_time": "600", "open": "on"})
    server.run()
    assert server.made[0]["move_time"] == 600 and server.made[0]["players"] == 3
    assert server.made[0]["open"] is True
    assert hana.phase is Phase.LOBBY and hana.guest is not None and hana.guest.seat == 0
    invite = 'href="http://127.0.0.1:8000/?join=abcdefghijkmnpqr#by=Hana&amp;'
    assert f'data-testid="invite-link" {invite}' in hana_page.markup
    assert 'data-action="start-online"' in hana_page.markup  # the owner's controls
    ben, ben_page, _ = room(server, None, "abcdefghijkmnpqr")
    ben.start()
    ben.press("join", {"name": "Ben"})
    server.run()
    assert 'data-action="start-online"' not in ben_page.markup
    hana.press("seat-bot-2")
    server.run()
    assert protocol.set_seat(2, "bot") in hana_net.sent
    assert 'data-seat="2" data-kind="bot"' in ben_page.markup
    hana.press("start-online")
    server.run()
    assert hana.phase is Phase.TABLE and ben.phase is Phase.TABLE
    assert 'data-testid="seat-link"' in ben_page.markup
    assert "<details open" not in ben_page.markup
    ben.press("seat-move")  # Ben opens the panel with the seat's link ...
    ben._render()
    assert '<details open class="seat-device"' in ben_page.markup  # ... and a redraw keeps it
    ben.press("seat-move")
    ben._render()
    assert '<details class="seat-device"' in ben_page.markup
    play = [hana, ben]
    _play(server, clock, play)
    assert hana._over() is not None and ben._over() is not None
    hana.press("rematch")
    server.run()
    assert protocol.rematch() in hana_net.sent and server.ref.ended is None


def test_ratings_are_drawn_by_the_seats_as_each_page_sees_them():
    """The server says ratings by real seat; Ben at seat 1 sees himself at the bottom."""
    clock = Clock()
    server = FakeServer(clock)
    hana, hana_page, _ = room(server, Phase.SETUP)
    hana.start()
    hana.press("host", {**FORM, "players": "2", "move_time": "600"})
    server.run()
    ben, ben_page, _ = room(server, None, "abcdefghijkmnpqr")
    ben.start()
    ben.press("join", {"name": "Ben"})
    server.run()
    hana.press("start-online")
    server.run()
    for page, seated in ((hana, hana_page), (ben, ben_page)):
        page._rated({0: 3.0, 1: 5.0})  # Hana's, Ben's
        mine = 3.0 if page is hana else 5.0
        me = seated.markup.split('data-testid="seat-0"', 1)[1].split('data-testid="seat-1"')[0]
        assert f'data-rating="{mine:g}"' in me, page


def _play(server: FakeServer, clock: Clock, tables: list[Room]) -> None:
    class Hub:  # play_out's view of a transport: deliver, with the server's bots between
        def run(self) -> None:
            server.tick()
            server.run()

    play_out(Hub(), clock, tables)  # type: ignore[arg-type]


def test_a_seat_link_moves_the_seat_and_my_tables_lists_it():
    clock = Clock()
    server = FakeServer(clock)
    store = Store(MemoryBackend())
    other, page, net = room(server, Phase.TABLES, store=store)
    other.start()
    assert "This device sits at no table" in page.markup and not net.asked
    moved, _, _ = room(server, None, "abcdefghijkmnpqr", store=store)
    assert moved.adopt(f"#seat={OWNER}&name=Hana")
    assert not moved.adopt("#seat=nothex&name=Hana")
    seats, _ = store.load(KEY_SERVER, 1)
    assert seats == {"abcdefghijkmnpqr": {"name": "Hana", "secret": OWNER}}
    listing, page, net = room(server, Phase.TABLES, store=store)
    listing.start()
    server.run()
    assert net.asked == [[{"table": "abcdefghijkmnpqr", "token": OWNER}]]
    assert 'data-table="abcdefghijkmnpqr"' in page.markup
    assert 'href="http://127.0.0.1:8000/?join=abcdefghijkmnpqr"' in page.markup
    assert "Not started yet" in page.markup


def test_reminders_are_switched_per_seat_and_kept_with_it():
    clock = Clock()
    server = FakeServer(clock)
    store = Store(MemoryBackend())
    hana, page, net = room(server, Phase.SETUP, store=store)
    hana.start()
    hana.press("host", {**FORM, "players": "2"})
    server.run()
    hana.press("seat-bot-1")
    hana.press("start-online")
    server.run()
    assert 'data-testid="reminders" data-reminders="off"' in page.markup
    server.permission = False  # the browser says no: said, nothing kept
    hana.press("remind-on")
    server.run()
    assert "does not allow this page to notify" in page.markup
    assert 'data-reminders="off"' in page.markup
    server.permission = True
    hana.press("remind-on")
    server.run()
    assert net.reminded[-1] == ("abcdefghijkmnpqr", OWNER, True)
    assert 'data-reminders="on"' in page.markup and 'data-action="remind-off"' in page.markup
    seats, _ = store.load(KEY_SERVER, 1)
    assert seats["abcdefghijkmnpqr"]["remind"] is True
    again, again_page, _ = room(server, None, "abcdefghijkmnpqr", store=store)
    again.start()  # the same seat on a reloaded page: the switch says on
    server.run()
    assert 'data-reminders="on"' in again_page.markup
    again.press("remind-off")
    server.run()
    assert 'data-reminders="off"' in again_page.markup
    assert store.load(KEY_SERVER, 1)[0]["abcdefghijkmnpqr"]["remind"] is False
    again.net_failed("HTTP 500")  # at the table only reminders are asked of the API
    assert "Reminders failed: HTTP 500" in again_page.markup


def test_a_seat_left_in_the_lobby_is_forgotten_but_not_one_at_a_running_match():
    clock = Clock()
    server = FakeServer(clock)
    store = Store(MemoryBackend())
    hana, _, _ = room(server, Phase.SETUP)
    hana.start()
    hana.press("host", {**FORM, "players": "3"})
    server.run()
    ben, _, _ = room(server, None, "abcdefghijkmnpqr", store=store)
    ben.start()
    ben.press("join", {"name": "Ben"})
    server.run()
    assert "abcdefghijkmnpqr" in store.load(KEY_SERVER, 1)[0]
    ben.leave()  # the server frees a seat left in the lobby: not one of "My tables"
    server.run()
    assert store.load(KEY_SERVER, 1)[0] == {}
    ann, _, _ = room(server, None, "abcdefghijkmnpqr", store=store)
    ann.start()
    ann.press("join", {"name": "Ann"})
    server.run()
    hana.press("start-online")
    server.run()
    ann.leave()  # a running match waits for her: the seat stays in "My tables"
    server.run()
    assert "abcdefghijkmnpqr" in store.load(KEY_SERVER, 1)[0]
