"""The watcher's page and the open tables' page of a table server (``app.online.watch``,
``app.online.open_tables``) against a fake transport: what they draw from what the
server sends, and what they ask of it."""

from __future__ import annotations

import re
from typing import Any

from app.online.open_tables import OpenTablesRoom
from app.online.watch import WatchRoom
from engine import Match, bots, preset
from engine.online import protocol
from engine.online.views import Feed
from tests.online.fake_net import Clock, FakePage, settings


class FakeNet:
    def __init__(self) -> None:
        self.sent: list[str] = []
        self.asked: list[tuple[str, Any]] = []
        self.closed = False

    def open(self, target: Any) -> None:
        self.asked.append(("open", target))

    def send(self, _conn: str | None, text: str) -> None:
        self.sent.append(text)

    def close(self) -> None:
        self.closed = True

    def replay(self, table: str, step: int) -> None:
        self.asked.append(("replay", (table, step)))

    def open_tables(self) -> None:
        self.asked.append(("open_tables", None))

    def play_now(self, choices: dict[str, Any]) -> None:
        self.asked.append(("play_now", choices))


def lobby(watchers: int) -> str:
    seats = [
        {"seat": i, "kind": "guest", "name": n, "away": False, "level": None}
        for i, n in enumerate(("Hana", "Ben", "Cleo"))
    ]
    return protocol.lobby(
        {
            "seats": seats,
            "players": 3,
            "preset": "classic",
            "rules": preset("classic").to_dict(),
            "move_time": 0,
            "on_timeout": "bot",
            "bot_level": "medium",
            "started": True,
            "watchers": watchers,
        }
    )


def played(moves: int) -> Match:
    m = Match(preset("classic"), players=3, seed=2)
    for n in range(moves):
        m.apply(bots.make("random", seed=n).choose(m.observation(m.current_player())))
    return m


def watching() -> tuple[WatchRoom, FakePage, FakeNet]:
    page, net = FakePage(), FakeNet()
    room = WatchRoom(page, net, settings=settings(), clock=Clock(), table_id="t1")
    room.start()
    room.net_state("open")
    return room, page, net


def test_a_watcher_says_watch_and_draws_the_public_table():
    room, page, net = watching()
    assert net.asked == [("open", "t1")] and net.sent == [protocol.watch()]
    room.net_message("host", lobby(2))
    assert page.state == "watching" and "2 watching" in page.markup  # before the match
    m = played(5)
    room.net_message("host", protocol.state(Feed().watch(m)))
    assert page.state == "watching"
    hand = re.search(r'data-testid="hand"[^>]*>(.*?)</div></section>', page.markup).group(1)
    assert set(re.findall(r'data-card="([^"]*)"', hand)) == {"??"}
    shown = set(re.findall(r'data-card="([^"]*)"', page.markup)) - {"??"}
    assert shown == {str(c) for c in m.observation(0).table}
    assert "Watching · 2 watching" in page.markup and "replay-first" not in page.markup
    whose = ("Hana", "Ben", "Cleo")[m.current_player()]  # whose turn, any seat's
    status = re.search(r'data-testid="status"[^>]*>([^<]*)<', page.markup).group(1)
    assert whose in status
    assert re.search(
        rf'class="seat[^"]* current"[^>]*data-seat="{m.current_player()}"', page.markup
    )
    room.handle({"type": "card", "zone": "hand", "index": "0"})  # no move: nothing sent
    assert net.sent == [protocol.watch()]


def test_a_finished_match_is_stepped_through():
    room, page, net = watching()
    room.net_message("host", lobby(1))
    m = played(6)
    room.net_message("host", protocol.state(Feed().watch(m)))
    room.net_message("host", protocol.over("timeout", m.lives(), m.places()))
    assert page.state == "match-over"
    room.handle({"type": "action", "action": "replay-first"})
    assert net.asked[-1] == ("replay", ("t1", 0))
    step = Match(preset("classic"), players=3, seed=2)
    room.net_replayed({"step": 0, "moves": 6, "state": Feed().watch(step)})
    assert "Move 0 of 6" in page.markup and page.state == "watching"
    room.handle({"type": "action", "action": "replay-next"})
    assert net.asked[-1] == ("replay", ("t1", 1))
    room.net_replayed({"step": 0, "moves": 6, "state": {"obs": {"hand": ["7H"]}}})
    assert page.warnings and "Move 0 of 6" in page.markup  # a broken step is refused


def test_the_open_tables_and_play_now():
    page, net, went = FakePage(), FakeNet(), []
    room = OpenTablesRoom(page, net, lang="en", base="https://t/", name="", go=went.append)
    room.start()
    assert net.asked == [("open_tables", None)] and 'data-testid="open-tables"' in page.markup
    row = {"table": "abc", "preset": "knack", "lives": 3, "move_time": 60, "free": 1}
    room.net_open_tables([{**row, "names": ["Hana"]}, "junk"])
    assert page.markup.count("data-table=") == 1 and 'href="https://t/?join=abc"' in page.markup
    room.handle({"type": "action", "action": "play-now", "form": {"name": "  ", "preset": "x"}})
    assert 'data-testid="online-error"' in page.markup and net.asked[-1][0] == "open_tables"
    form = {"name": "Ben", "preset": "knack", "move_time": "600"}
    room.handle({"type": "action", "action": "play-now", "form": form})
    assert net.asked[-1] == ("play_now", {"name": "Ben", "preset": "knack", "move_time": 600})
    room.net_played({"table": "abc"})
    room.net_played({"table": "new", "seat": 0, "token": "f" * 32})
    assert went == ["https://t/?join=abc", f"https://t/?join=new#seat={'f' * 32}&name=Ben"]
