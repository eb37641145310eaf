"""An honest page's move latency alone, and while one client address floods at its caps.

    nice -n 19 python bench/flood.py --tables 4 --rate 8 --seconds 30

One server (SQLite, ``--proxy-headers``, every limit at its default). Honest tables of
four pages each (``bench/server.py``'s, from 127.0.0.1) move at ``--rate`` moves per
second over all of them, first alone, then while one other client address
(``X-Forwarded-For: 203.0.113.66``, as a TLS proxy would say) floods at its caps:

- its WebSockets at the cap per address: half of them seated at its own table, each
  sending refused moves (a stale ``seq``) at its connection's limit (10 a second), the
  other half never saying hello and opened again as soon as they are closed, and new
  sockets tried on top of the cap all the while (refused with 403);
- POSTs as fast as answered (``/api/my-tables`` with 50 unknown seats: its bucket lets
  30 and then 2 a second through, the rest get 429);
- ``--slow`` connections sending a request's headers a byte a second, opened again when
  closed (the headers' deadline).

Printed as JSON: for each phase the latency from a move sent to all four pages of its
table told (p50, p95, max, in ms), the moves, and what the flood got answered.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.server import Bench, Process, percentile  # noqa: E402
from engine import preset  # noqa: E402
from engine.online import protocol  # noqa: E402

FLOODER = "203.0.113.66"
CAP = 32  # server.app.PER_ADDRESS, the default of --per-address


class Flood:
    """One client address at its caps (see the module text); ``seen`` counts answers."""

    def __init__(self, server: Process, slow: int) -> None:
        self.server, self.slow = server, slow
        self.seen: Counter[str] = Counter()
        self.tasks: list[asyncio.Task[Any]] = []

    async def start(self) -> None:
        import httpx

        headers = {"x-forwarded-for": FLOODER}
        rules = preset("classic").to_dict()
        async with httpx.AsyncClient(timeout=30) as http:
            body = {"name": "X", "players": 2, "preset": "classic", "rules": rules}
            answer = await http.post(self.server.url + "api/tables", json=body, headers=headers)
            made = answer.json()
        ws = f"{self.server.ws}api/tables/{made['table']}/ws"
        for _ in range(CAP // 2):
            self.tasks.append(asyncio.create_task(self.seated(ws, made["token"])))
        for _ in range(CAP // 2):
            self.tasks.append(asyncio.create_task(self.silent(ws)))
        self.tasks.append(asyncio.create_task(self.over_cap(ws)))
        self.tasks.append(asyncio.create_task(self.posts()))
        for _ in range(self.slow):
            self.tasks.append(asyncio.create_task(self.slow_headers()))

    async def stop(self) -> None:
        for task in self.tasks:
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)

    async def _connect(self, ws: str) -> Any:
        import websockets

        return await websockets.connect(
            ws, additional_headers={"x-forwarded-for": FLOODER}, open_timeout=30
        )

    async def seated(self, ws: str, token: str) -> None:
        """A page of the flooder's own seat sending refused moves at its limit."""
        while True:
            reader = None
            try:
                sock = await self._connect(ws)
                await sock.send(protocol.hello("X", token))
                reader = asyncio.create_task(self._read(sock))
                while True:
                    await sock.send(protocol.act("knock", seq=0, seat=1))
                    await asyncio.sleep(0.1)
            except Exception as e:
                self.seen[f"seated: {type(e).__name__}"] += 1
                await asyncio.sleep(0.5)
            finally:
                if reader is not None:
                    reader.cancel()

    async def _read(self, sock: Any) -> None:
        async for text in sock:
            told = json.loads(text)
            self.seen[f"told: {told.get('reason') or told['kind']}"] += 1

    async def silent(self, ws: str) -> None:
        """A socket that never says hello, opened again once closed."""
        while True:
            try:
                sock = await self._connect(ws)
                async for _ in sock:
                    pass
                self.seen[f"silent closed: {sock.close_code}"] += 1
            except Exception as e:
                self.seen[f"silent: {type(e).__name__}"] += 1
                await asyncio.sleep(0.5)

    async def over_cap(self, ws: str) -> None:
        """A socket more than the cap, tried 20 times a second."""
        while True:
            try:
                sock = await self._connect(ws)
                self.seen["over cap: accepted"] += 1
                await sock.close()
            except Exception as e:
                self.seen[f"over cap: {type(e).__name__}"] += 1
            await asyncio.sleep(0.05)

    async def posts(self) -> None:
        import httpx

        seats = [{"table": "a" * 16, "token": os.urandom(16).hex()} for _ in range(50)]
        async with httpx.AsyncClient(timeout=30) as http:
            while True:
                answer = await http.post(
                    self.server.url + "api/my-tables",
                    json={"seats": seats},
                    headers={"x-forwarded-for": FLOODER},
                )
                self.seen[f"post: {answer.status_code}"] += 1

    async def slow_headers(self) -> None:
        host, port = self.server.url.split("//")[1].rstrip("/").split(":")
        while True:
            try:
                reader, writer = await asyncio.open_connection(host, int(port))
                for byte in b"GET /api/health HTTP/1.1\r\nHost: x\r\nX-A: " + b"a" * 1000:
                    writer.write(bytes([byte]))
                    await writer.drain()
                    if reader.at_eof():
                        break
                    await asyncio.sleep(1)
                self.seen["slow: closed by the server"] += 1
                writer.close()
            except Exception as e:
                self.seen[f"slow: {type(e).__name__}"] += 1
                await asyncio.sleep(0.5)


async def phase(bench: Bench, rate: float, seconds: float) -> dict[str, Any]:
    bench.latencies.clear()
    before = bench.sent
    await bench.play(rate, seconds)
    lat = bench.latencies
    return {
        "moves": bench.sent - before,
        "latency_ms": {
            "p50": round(percentile(lat, 50), 1),
            "p95": round(percentile(lat, 95), 1),
            "max": round(max(lat) * 1000, 1) if lat else 0,
            "n": len(lat),
        },
    }


async def run(args: argparse.Namespace) -> dict[str, Any]:
    folder = Path(tempfile.mkdtemp(prefix="schwimmen-flood-"))
    server = Process(
        f"sqlite:///{folder / 'flood.db'}",
        *("--proxy-headers", "--http-rate", "2", "--per-address", str(CAP)),
    )
    try:
        bench = Bench(args)
        await bench.open_tables([server], args.tables)
        alone = await phase(bench, args.rate, args.seconds)
        flood = Flood(server, args.slow)
        await flood.start()
        await asyncio.sleep(2)  # the flood at its caps before the honest moves
        flooded = await phase(bench, args.rate, args.seconds)
        await flood.stop()
        await bench.close()
        return {
            "tables": args.tables,
            "rate_asked": args.rate,
            "alone": alone,
            "flooded": flooded,
            "flood_answers": dict(sorted(flood.seen.items())),
            "rejected_honest": len(bench.rejected),
            "load": [round(x, 2) for x in os.getloadavg()],
        }
    finally:
        if server.proc.poll() is None:
            server.stop()


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--tables", type=int, default=4)
    p.add_argument("--rate", type=float, default=8, help="honest moves per second, all tables")
    p.add_argument("--seconds", type=float, default=30, help="of each phase")
    p.add_argument("--slow", type=int, default=100, help="slow-headers connections")
    args = p.parse_args()
    random.seed(1)
    print(json.dumps(asyncio.run(run(args)), indent=1))


if __name__ == "__main__":
    main()
