"""The table server in this process for tests, and pages that speak to it.

``Served`` runs the application under Starlette's test client (its event loop in a
thread of its own) with the test's clock and no deadline scheduler: a test moves the
clock and calls ``served.due()``. ``Page`` is one page's WebSocket with the engine's
``Guest`` behind it; ``sync()`` waits for everything the server had queued for it (a
``ping`` is answered after every update caused by the messages before it).
"""

from __future__ import annotations

import json
import random
from typing import Any

from starlette.testclient import TestClient

from engine import bots, preset
from engine.online import protocol
from engine.online.guest import Guest
from server.app import Settings, create_app

START = 1_700_000_000_000.0


class Clock:
    """Milliseconds since 1970 that pass only when the test says so."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> float:
        return self.now

    def advance(self, ms: float) -> None:
        self.now += ms


class Served:
    """The application over ``database`` with ``clock`` (see the module text)."""

    def __init__(self, database: str, clock: Clock, **settings: Any) -> None:
        self.clock = clock
        self.settings = Settings(database=database, clock=clock, scheduler=False, **settings)
        self.app = create_app(self.settings)
        self.client = TestClient(self.app)
        self.pages: list[Page] = []

    def __enter__(self) -> Served:
        self.client.__enter__()
        return self

    def __exit__(self, *exc: object) -> None:
        for page in self.pages:
            page.close()
        self.client.__exit__(*exc)

    @property
    def server(self) -> Any:
        return self.app.state.server

    def call(self, fn: Any, *args: Any) -> Any:
        """Run the coroutine function ``fn`` on the server's event loop."""
        return self.client.portal.call(fn, *args)

    def due(self) -> int:
        """Handle the deadlines due at the clock's time."""
        return self.call(self.server.tables.run_due)

    def create(self, name: str = "Hana", players: int = 3, preset_name: str = "classic", **choices):
        body = {
            "name": name,
            "players": players,
            "preset": preset_name if "rules" not in choices else "custom",
            "rules": choices.pop("rules", preset(preset_name).to_dict()),
            **choices,
        }
        answer = self.client.post("/api/tables", json=body)
        assert answer.status_code == 201, answer.text
        return answer.json()

    def page(self, table: str, name: str, secret: str | None = None) -> Page:
        page = Page(self, table, name, secret)
        self.pages.append(page)
        return page


class Page:
    """One page at a table (see the module text)."""

    def __init__(self, served: Served, table: str, name: str, secret: str | None) -> None:
        self.served, self.table = served, table
        self._ctx = served.client.websocket_connect(f"/api/tables/{table}/ws")
        self.ws = self._ctx.__enter__()
        self.guest = Guest(name, clock=served.clock, secret=secret)
        self.inbox: list[str] = []
        self.open = True

    def send(self, text: str) -> list[dict[str, Any]]:
        """Send ``text``; the messages received until the server had nothing more."""
        self.served.clock.advance(150)  # a person's pace: never a flood
        self.ws.send_text(text)
        return self.sync()

    def sync(self) -> list[dict[str, Any]]:
        self.served.clock.advance(150)
        self.ws.send_text(protocol.ping())
        got = []
        while True:
            text = self.ws.receive_text()
            body = json.loads(text)
            if body["kind"] == "pong" or (body["kind"] == "rejected" and body.get("of") == "ping"):
                return got
            self.inbox.append(text)
            got.append(body)
            try:
                self.guest.receive(text)
            except protocol.ProtocolError as e:
                raise AssertionError(f"the page refused {text[:200]}: {e}") from None

    def hello(self) -> list[dict[str, Any]]:
        return self.send(self.guest.hello())

    def act(self, action: Any) -> list[dict[str, Any]]:
        return self.send(self.guest.act(action))

    def my_turn(self) -> bool:
        obs = self.guest.observation
        return obs is not None and bool(obs.legal_actions) and self.guest.over is None

    def play(self, seed: int, n: int) -> list[dict[str, Any]]:
        """A move chosen from this page's own view (a random bot), sent."""
        chooser = bots.make("random", seed=seed * 10_000 + n)
        return self.act(chooser.choose(self.guest.observation))

    def close(self) -> None:
        if self.open:
            self.open = False
            self._ctx.__exit__(None, None, None)


def rejected(messages: list[dict[str, Any]]) -> list[str]:
    return [m["reason"] for m in messages if m["kind"] == "rejected"]


def play_until(pages: list[Page], stop: Any, seed: int = 0, limit: int = 3000) -> int:
    """Whoever's turn it is plays (from their page's view) until ``stop()``; the moves."""
    rng = random.Random(seed)
    for n in range(limit):
        if stop():
            return n
        turn = [p for p in pages if p.open and p.my_turn()]
        if not turn:
            for p in pages:
                if p.open:
                    p.sync()
            turn = [p for p in pages if p.open and p.my_turn()]
            if not turn:
                return n
        page = rng.choice(turn)
        told = page.play(seed, n)
        assert not rejected(told), told
    raise AssertionError("the match did not end")
