"""An honest page's move latency alone, and while sockets send messages the referee refuses.

    nice -n 19 python bench/refusals.py --sockets 100 --moves 150
    nice -n 19 python bench/refusals.py --root /tmp/older   # the server of another checkout

One two-seat table on SQLite, its two pages moving as fast as a quick person (a move
every 50 ms, each chosen by a random bot from the page's own view); the latency is from
a move sent to its ``state`` back on the mover's page. Then the same while ``--sockets``
sockets with no seat each send an ``act`` nine times a second (within a connection's
limit of ten): every one is refused (``not-seated``). Printed as JSON: p50, p95 and the
worst latency in ms, alone and under the refusals, and how many refusals were answered.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine import bots, preset  # noqa: E402
from engine.online import protocol  # noqa: E402
from engine.online.guest import Guest  # noqa: E402


def start_server(root: Path, database: str) -> tuple[subprocess.Popen[str], str]:
    command = [sys.executable, "-m", "server", "--port", "0", "--database", database]
    proc = subprocess.Popen(command, cwd=root, stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    url = proc.stdout.readline().strip()
    if not url.startswith("http://"):
        raise SystemExit("the server did not start")
    return proc, url


def create(url: str) -> dict[str, Any]:
    body = {"name": "Hana", "players": 2, "preset": "classic"}
    body["rules"] = preset("classic").to_dict()
    request = urllib.request.Request(
        url + "api/tables", json.dumps(body).encode(), {"content-type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.loads(answer.read())


class Page:
    def __init__(self, name: str, secret: str | None) -> None:
        self.guest = Guest(name, clock=lambda: time.time() * 1000, secret=secret)
        self.changed = asyncio.Event()
        self.ws: Any = None

    async def open(self, ws_url: str) -> None:
        import websockets

        self.ws = await websockets.connect(ws_url, max_size=2**22)
        await self.ws.send(self.guest.hello())
        asyncio.get_running_loop().create_task(self._read())
        while self.guest.seat is None or self.guest.lobby is None:
            await self._wait()

    async def _read(self) -> None:
        async for text in self.ws:
            self.guest.receive(text)
            self.changed.set()

    async def _wait(self) -> None:
        self.changed.clear()
        await asyncio.wait_for(self.changed.wait(), 30)

    def my_turn(self) -> bool:
        obs = self.guest.observation
        return obs is not None and bool(obs.legal_actions) and self.guest.over is None


async def play(pages: list[Page], moves: int) -> list[float]:
    """``moves`` moves (rematches as needed); the latency of each, in ms."""
    owner = pages[0]
    took: list[float] = []
    n = 0
    while len(took) < moves:
        if owner.guest.over is not None:
            await owner.ws.send(protocol.rematch())
            while owner.guest.over is not None:
                await owner._wait()
        turn = [p for p in pages if p.my_turn()]
        if not turn:
            await asyncio.sleep(0.005)
            continue
        page = turn[0]
        seq = page.guest.mirror.seq
        action = bots.make("random", seed=n).choose(page.guest.observation)
        n += 1
        began = time.perf_counter()
        await page.ws.send(page.guest.act(action))
        while page.guest.mirror.seq == seq and page.guest.over is None:
            await page._wait()
        took.append((time.perf_counter() - began) * 1000)
        await asyncio.sleep(0.05)
    return took


async def refuse(ws_url: str, stop: asyncio.Event, answered: list[int]) -> None:
    import websockets

    async with websockets.connect(ws_url) as ws:

        async def drain() -> None:
            async for _ in ws:
                answered[0] += 1

        reader = asyncio.get_running_loop().create_task(drain())
        while not stop.is_set():
            await ws.send(protocol.act("knock", seq=0, seat=0))
            await asyncio.sleep(1 / 9)
        reader.cancel()


def figures(took: list[float]) -> dict[str, float]:
    cuts = statistics.quantiles(took, n=100)
    return {"p50": round(cuts[49], 1), "p95": round(cuts[94], 1), "max": round(max(took), 1)}


async def bench(url: str, args: argparse.Namespace) -> dict[str, Any]:
    made = create(url)
    ws_url = url.replace("http://", "ws://", 1) + f"api/tables/{made['table']}/ws"
    owner, guest = Page("Hana", made["token"]), Page("Ann", None)
    await owner.open(ws_url)
    await guest.open(ws_url)
    await owner.ws.send(protocol.start())
    while owner.guest.observation is None or guest.guest.observation is None:
        await owner._wait()
    alone = await play([owner, guest], args.moves)
    stop, answered = asyncio.Event(), [0]
    flood = [asyncio.create_task(refuse(ws_url, stop, answered)) for _ in range(args.sockets)]
    await asyncio.sleep(1)
    flooded = await play([owner, guest], args.moves)
    stop.set()
    await asyncio.gather(*flood, return_exceptions=True)
    return {
        "alone_ms": figures(alone),
        "refused_sockets": args.sockets,
        "under_refusals_ms": figures(flooded),
        "refusals_answered": answered[0],
    }


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--sockets", type=int, default=100)
    p.add_argument("--moves", type=int, default=150)
    p.add_argument("--root", type=Path, default=ROOT, help="the checkout whose server runs")
    args = p.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        proc, url = start_server(args.root, f"sqlite:///{folder}/tables.db")
        try:
            print(json.dumps(asyncio.run(bench(url, args)), indent=1))
        finally:
            proc.terminate()
            proc.wait(30)


if __name__ == "__main__":
    main()
