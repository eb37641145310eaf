"""Server processes for tests (``python -m server``, as ``scripts/server`` runs it but
without building the site) and pages speaking to them over real WebSockets."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

from websockets.sync.client import connect

from engine import bots, preset
from engine.online import protocol
from engine.online.guest import Guest

ROOT = Path(__file__).resolve().parents[2]


class ServerProcess:
    """``python -m server --port 0 --database URL`` in the background; ``url`` once it
    printed its address."""

    def __init__(self, database: str, *args: str) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "server", "--port", "0", "--database", database, *args],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        line = self.proc.stdout.readline().strip()
        if not line.startswith("http://"):
            self.proc.kill()
            raise RuntimeError(
                f"the server did not start: {line} {self.proc.stderr.read()[-2000:]}"
            )
        self.url = line
        self.ws_url = line.replace("http://", "ws://", 1)

    def post(self, path: str, body: Any) -> Any:
        request = urllib.request.Request(
            self.url + path.lstrip("/"),
            data=json.dumps(body).encode(),
            headers={"content-type": "application/json"},
        )
        with urllib.request.urlopen(request, timeout=10) as answer:
            return json.loads(answer.read())

    def create(self, name: str = "Hana", players: int = 2, **choices: Any) -> dict[str, Any]:
        body = {"name": name, "players": players, "preset": "classic"}
        body["rules"] = preset("classic").to_dict()
        return self.post("/api/tables", {**body, **choices})

    def kill(self, sig: int = signal.SIGKILL) -> int:
        self.proc.send_signal(sig)
        code = self.proc.wait(20)
        self.proc.stdout.close()
        self.proc.stderr.close()
        return code


class RealPage:
    """A page at a table over a real WebSocket, with the engine's ``Guest``."""

    def __init__(self, server: ServerProcess, table: str, name: str, secret: str | None = None):
        self.ws = connect(f"{server.ws_url}api/tables/{table}/ws", open_timeout=10, legacy=True)
        self.guest = Guest(name, clock=lambda: time.time() * 1000, secret=secret)
        self.told: list[dict[str, Any]] = []

    def drain(self, until: Any = None, timeout: float = 10.0) -> None:
        """Read what came; with ``until``, read until it holds (or fail after ``timeout``)."""
        end = time.monotonic() + timeout
        while True:
            wait = 0.0 if until is None else max(0.0, end - time.monotonic())
            try:
                text = self.ws.recv(timeout=wait or 0.001)
            except TimeoutError:
                if until is None:
                    return
                raise AssertionError("the server did not say what was waited for") from None
            self.guest.receive(text)
            self.told.append(json.loads(text))
            if until is not None and until(self):
                return

    def hello(self) -> None:
        self.ws.send(self.guest.hello())
        self.drain(lambda p: p.guest.seat is not None and p.guest.lobby is not None)

    def send(self, text: str) -> None:
        self.ws.send(text)

    def my_turn(self) -> bool:
        obs = self.guest.observation
        return obs is not None and bool(obs.legal_actions) and self.guest.over is None

    def play(self, n: int) -> None:
        seq = self.guest.mirror.seq
        action = bots.make("random", seed=n).choose(self.guest.observation)
        self.ws.send(self.guest.act(action))
        self.drain(lambda p: p.guest.mirror.seq > seq or p.told[-1]["kind"] == "rejected")
        assert self.told[-1]["kind"] != "rejected", self.told[-1]

    def close(self) -> None:
        self.ws.close()


def play(pages: list[RealPage], stop: Any, limit: int = 3000) -> int:
    """Whoever's turn it is plays until ``stop()``; returns the moves made."""
    for n in range(limit):
        if stop():
            return n
        for page in pages:
            page.drain()
        turn = [p for p in pages if p.my_turn()]
        if not turn:
            time.sleep(0.01)
            continue
        turn[0].play(n)
        time.sleep(0.07)  # a fast person: under the 10 messages a second of a connection
    raise AssertionError("the match did not end")


def start_table(server: ServerProcess, guest_server: ServerProcess | None = None, **choices):
    """A started two-seat table: (made, owner page, guest page)."""
    made = server.create(**choices)
    owner = RealPage(server, made["table"], "Hana", made["token"])
    owner.hello()
    guest = RealPage(guest_server or server, made["table"], "Ann")
    guest.hello()
    owner.send(protocol.start())
    for page in (owner, guest):
        page.drain(lambda p: p.guest.observation is not None)
    return made, owner, guest
