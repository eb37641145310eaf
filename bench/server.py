"""The table server under load: simulated pages play N concurrent 4-seat tables.

    nice -n 19 python bench/server.py --tables 1000 --rate 200 --seconds 60
    nice -n 19 python bench/server.py --tables 1000 --rate 200 --database postgresql --processes 2

Each table has four people, each a WebSocket with the engine's ``Guest`` behind it
(bots decide on the client side, from the seat's own view); the server plays no bot.
The tables are created and started, all stay open, and the pages move at ``--rate``
moves per second over all tables together (each table at its own steady pace). With
``--processes 2`` (PostgreSQL) seats 0 and 1 of every table are on one process, seats
2 and 3 on the other, so every move crosses ``LISTEN/NOTIFY``.

Printed as JSON: moves per second reached, the latency from a move sent to every seat
of its table told (p50, p95, p99, max, in ms), the server's memory per open table (its
resident memory with the tables open, less before, per table), the database's size per
finished match (a second phase plays ``--finish`` tables to their end on a fresh
database), and the check that no move was lost or doubled: for every table, the moves
stored (rows of ``moves``, numbered without a gap) are the actions of its stored match,
and every page's view equals that match replayed, seen from its seat.

Beside the latency: the server processes' CPU per move (user and system time from
``/proc/PID/stat`` over the playing phase, divided by the moves), and a floor measured
in the same run (``--floor-seconds``, 0 to leave it out): a bare Starlette WebSocket app
on the same uvicorn (:func:`floor_app`) that reads each move as JSON, commits one row to
SQLite (WAL, ``synchronous=FULL``) and sends a 300-byte state to the table's four
sockets, driven at the same rate by the same number of tables, with the server's socket
settings (websockets-sansio, no permessage-deflate; until 6 Dec 2026 the floor still
compressed). The ratio of the two CPU figures is what the server costs above the least
a move can cost.
"""

from __future__ import annotations

import argparse
import asyncio
import concurrent.futures
import contextlib
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine import Match, bots, preset  # noqa: E402
from engine.online import protocol  # noqa: E402
from engine.online.guest import Guest  # noqa: E402
from engine.record import MatchRecord  # noqa: E402

SEATS = 4


def cpu_s(pid: int) -> float:
    """The process's CPU time so far (user and system), in seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


class Process:
    """``python -m server`` in the background, for the benchmark."""

    def __init__(self, database: str, *options: str) -> None:
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "server",
                "--port",
                "0",
                "--database",
                database,
                "--http-rate",
                "100000",
                "--per-address",  # every page of the benchmark comes from 127.0.0.1
                "1000000",
                *options,
            ],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            text=True,
        )
        self.url = self.proc.stdout.readline().strip()
        if not self.url.startswith("http://"):
            raise SystemExit("the server did not start")
        self.ws = self.url.replace("http://", "ws://", 1)

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(30)


class Seat:
    """One page: a socket, a Guest, and when each state arrived."""

    def __init__(self, table: Table, seat_hint: int) -> None:
        self.table, self.hint = table, seat_hint
        self.guest = Guest(f"P{seat_hint}", clock=lambda: time.time() * 1000)
        self.ws: Any = None
        self.arrived: dict[int, float] = {}

    async def run(self, url: str, secret: str | None) -> None:
        import websockets

        self.guest.secret = secret
        self.ws = await websockets.connect(
            f"{url}api/tables/{self.table.id}/ws", max_size=2**22, open_timeout=60
        )
        await self.ws.send(self.guest.hello())
        async for text in self.ws:
            message = self.guest.receive(text)
            if message.kind == "state":
                seq = self.guest.mirror.seq
                self.arrived.setdefault(seq, time.perf_counter())
                self.table.told(seq)
            elif message.kind == "over":
                self.table.told(self.guest.mirror.seq)
            elif message.kind == "rejected":
                self.table.bench.rejected.append(message.body)
            if self.table.lobby_ready is not None and self.guest.seat is not None:
                self.table.seated()


class Table:
    """A table of four pages."""

    def __init__(self, bench: Bench, table_id: str, token: str) -> None:
        self.bench, self.id, self.token = bench, table_id, token
        self.seats = [Seat(self, i) for i in range(SEATS)]
        self.lobby_ready: asyncio.Event | None = asyncio.Event()
        self.moved: dict[int, float] = {}  # seq after the move -> when it was sent
        self.expect = 0  # every page knows the match after this many moves before the next
        self.changed = asyncio.Event()

    def seated(self) -> None:
        if all(s.guest.seat is not None for s in self.seats) and self.lobby_ready is not None:
            self.lobby_ready.set()

    def told(self, seq: int) -> None:
        sent = self.moved.get(seq)
        if sent is not None and all(seq in s.arrived for s in self.seats):
            self.bench.latencies.append(max(s.arrived[seq] for s in self.seats) - sent)
            self.bench.sent_at.append(sent)
            del self.moved[seq]
        self.changed.set()

    def behind(self) -> bool:
        """A move of this table sent and not yet told to all four pages."""
        return any(s.guest.mirror.seq < self.expect and s.guest.over is None for s in self.seats)

    def mover(self) -> Seat | None:
        for s in self.seats:
            obs = s.guest.observation
            if obs is not None and obs.legal_actions and s.guest.over is None:
                return s
        return None

    async def move(self, n: int) -> bool:
        """The seat to move makes one move (from its own view); False once over."""
        for _ in range(200):
            told = all(s.guest.mirror.seq >= self.expect for s in self.seats)
            seat = self.mover() if told else None
            if seat is not None:
                break
            if any(s.guest.over is not None for s in self.seats):
                return False
            self.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), 5)
        else:
            return False
        seq = seat.guest.mirror.seq
        action = bots.make("random", seed=hash((self.id, n)) & 0xFFFF).choose(
            seat.guest.observation
        )
        self.moved[seq + 1] = time.perf_counter()
        self.expect = seq + 1
        await seat.ws.send(seat.guest.act(action))
        self.bench.sent += 1
        return True


class Bench:
    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.latencies: list[float] = []
        self.sent_at: list[float] = []  # when each move of ``latencies`` was sent
        self.rejected: list[dict[str, Any]] = []
        self.sent = 0
        self.tables: list[Table] = []
        self.settle_s = 0.0

    async def open_tables(self, servers: list[Process], count: int) -> None:
        import httpx

        rules = preset("classic").to_dict()
        async with httpx.AsyncClient(timeout=60) as http:
            for _ in range(count):
                made = (
                    await http.post(
                        servers[0].url + "api/tables",
                        json={"name": "P0", "players": SEATS, "preset": "classic", "rules": rules},
                    )
                ).json()
                self.tables.append(Table(self, made["table"], made["token"]))
        self.tasks = []
        for n in range(0, len(self.tables), 50):  # fifty tables at a time sit down
            batch = self.tables[n : n + 50]
            for table in batch:
                for i, seat in enumerate(table.seats):
                    server = servers[0] if len(servers) == 1 or i < 2 else servers[1]
                    secret = table.token if i == 0 else None
                    self.tasks.append(asyncio.create_task(seat.run(server.ws, secret)))
                    if i == 0:
                        await asyncio.sleep(0.01)  # the creator sits first, at seat 0
            for table in batch:
                await asyncio.wait_for(table.lobby_ready.wait(), 300)
                table.lobby_ready = None
                await table.seats[0].ws.send(protocol.start())
        for table in self.tables:
            while table.seats[0].guest.observation is None:
                await asyncio.sleep(0.05)

    async def play(self, rate: float, seconds: float | None) -> float:
        """Move at ``rate`` moves/s over all tables for ``seconds`` (None: to the end)."""
        interval = len(self.tables) / rate
        start = time.perf_counter()

        async def pace(table: Table, offset: float) -> None:
            await asyncio.sleep(offset)
            n = 0
            while seconds is None or time.perf_counter() - start < seconds:
                t0 = time.perf_counter()
                if not await table.move(n):
                    return
                n += 1
                await asyncio.sleep(max(0.0, interval - (time.perf_counter() - t0)))

        rng = random.Random(1)
        await asyncio.gather(*(pace(t, rng.uniform(0, interval)) for t in self.tables))
        elapsed = time.perf_counter() - start
        await self.settle()
        return elapsed

    async def settle(self, timeout: float = 300) -> None:
        """Wait until every page has been told of its table's last move (the check
        compares the pages' views with the stored match), or ``timeout`` s."""
        deadline = time.perf_counter() + timeout
        t0 = time.perf_counter()
        while time.perf_counter() < deadline and any(t.behind() for t in self.tables):
            await asyncio.sleep(0.2)
        self.settle_s = round(time.perf_counter() - t0, 1)

    async def close(self) -> None:
        for table in self.tables:
            for s in table.seats:
                if s.ws is not None:
                    await s.ws.close()
        for task in self.tasks:
            task.cancel()


def check(database: str, tables: list[Table]) -> dict[str, Any]:
    """No move lost or doubled: the stored moves against each table's stored match and
    every page's view (see the module text)."""
    rows = query(database, "SELECT id, state FROM tables")
    moves = query(database, "SELECT table_id, match_no, seq, action FROM moves ORDER BY 1, 2, 3")
    by_table: dict[str, list[tuple[int, str]]] = {}
    for table_id, _match_no, seq, action in moves:
        by_table.setdefault(table_id, []).append((int(seq), action))
    states = {r[0]: json.loads(r[1]) for r in rows}
    bad = []
    for table in tables:
        state = states[table.id]
        actions = state["match"]["actions"]
        stored = by_table.get(table.id, [])
        if [s for s, _ in stored] != list(range(len(stored))) or [a for _, a in stored] != actions:
            bad.append((table.id, "moves"))
            continue
        match = Match.replay(MatchRecord.from_dict(state["match"]))
        for s in table.seats:
            obs = s.guest.observation
            if obs is None or repr(obs) != repr(match.observation(s.guest.seat)):
                bad.append((table.id, f"seat {s.guest.seat}"))
    return {"tables_checked": len(tables), "moves_checked": len(moves), "mismatches": bad[:10]}


def query(database: str, sql: str) -> list[tuple]:
    if database.startswith("sqlite"):
        import sqlite3

        with sqlite3.connect(database.split(":///", 1)[1]) as conn:
            return conn.execute(sql).fetchall()

    async def pg() -> list[tuple]:
        import asyncpg

        conn = await asyncpg.connect(database)
        try:
            return [tuple(r) for r in await conn.fetch(sql)]
        finally:
            await conn.close()

    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(pg())
    # called from the bench's own event loop (``check`` in ``_held``): a loop of its own
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, pg()).result()


def db_size(database: str) -> int:
    if database.startswith("sqlite"):
        path = Path(database.split(":///", 1)[1])
        return sum(p.stat().st_size for p in path.parent.glob(path.name + "*"))
    return int(query(database, "SELECT pg_database_size(current_database())")[0][0])


def windows(sent_at: list[float], lat: list[float], start: float, width: float) -> list[float]:
    """The p95 latency (ms) of the moves sent in each ``width`` seconds of the run: a
    queue that grows shows as a rising series, a stall as one high window."""
    by: dict[int, list[float]] = {}
    for t, x in zip(sent_at, lat, strict=True):
        by.setdefault(int((t - start) // width), []).append(x)
    return [round(percentile(by[k], 95), 1) for k in sorted(by)]


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))] * 1000 if ordered else 0.0


def new_database(kind: str, folder: Path, pg: Any, name: str) -> str:
    if kind == "sqlite":
        return f"sqlite:///{folder / (name + '.db')}"
    subprocess.run(
        [
            str(pg.bin / "psql"),
            "-h",
            "127.0.0.1",
            "-p",
            str(pg.port),
            "-U",
            "postgres",
            "-q",
            "-c",
            f"CREATE DATABASE {name}",
        ],
        check=True,
        capture_output=True,
    )
    return pg.url.rsplit("/", 1)[0] + "/" + name


async def held(args: argparse.Namespace, database: str) -> dict[str, Any]:
    servers = [Process(database) for _ in range(args.processes)]
    try:
        return await _held(args, database, servers)
    finally:
        for s in servers:
            if s.proc.poll() is None:
                s.stop()


async def _held(args: argparse.Namespace, database: str, servers: list[Process]) -> dict[str, Any]:
    base = [rss_kb(s.proc.pid) for s in servers]
    bench = Bench(args)
    t0 = time.perf_counter()
    await bench.open_tables(servers, args.tables)
    opened = time.perf_counter() - t0
    await asyncio.sleep(2)
    rss = [rss_kb(s.proc.pid) for s in servers]
    bench.latencies.clear()
    bench.sent_at.clear()
    started = time.perf_counter()
    before = bench.sent
    cpu_before = [cpu_s(s.proc.pid) for s in servers]
    elapsed = await bench.play(args.rate, args.seconds)
    moves = bench.sent - before
    cpu = sum(cpu_s(s.proc.pid) - c for s, c in zip(servers, cpu_before, strict=True))
    lat = bench.latencies
    result = {
        "tables": len(bench.tables),
        "connections": len(bench.tables) * SEATS,
        "open_s": round(opened, 1),
        "moves": moves,
        "moves_per_s": round(moves / elapsed, 1),
        "server_cpu_ms_per_move": round(cpu * 1000 / max(1, moves), 2),
        "latency_ms": {
            "p50": round(percentile(lat, 50), 1),
            "p95": round(percentile(lat, 95), 1),
            "p99": round(percentile(lat, 99), 1),
            "max": round(max(lat) * 1000, 1) if lat else 0,
            "n": len(lat),
            "mean": round(statistics.fmean(lat) * 1000, 1) if lat else 0,
        },
        "p95_ms_by_10_s": windows(bench.sent_at, lat, started, 10.0),
        "memory_kb_per_open_table": round(
            sum(r - b for r, b in zip(rss, base, strict=True)) / len(bench.tables), 1
        ),
        "server_rss_mb": [round(r / 1024) for r in rss],
        "rejected": len(bench.rejected),
        "settle_s": bench.settle_s,
    }
    await bench.close()
    for s in servers:
        s.stop()
    result["check"] = check(database, bench.tables)
    return result


async def finished(args: argparse.Namespace, database: str) -> dict[str, Any]:
    servers = [Process(database) for _ in range(args.processes)]
    for s in servers:
        s.stop()
    empty = db_size(database)
    servers = [Process(database) for _ in range(args.processes)]
    bench = Bench(args)
    try:
        await bench.open_tables(servers, args.finish)
        await bench.play(rate=args.finish * 30, seconds=None)  # as fast as told (flood limit)
        await asyncio.sleep(1)
        await bench.close()
    finally:
        for s in servers:
            if s.proc.poll() is None:
                s.stop()
    ended = sum(1 for t in bench.tables if all(s.guest.over is not None for s in t.seats))
    size = db_size(database)
    return {
        "matches": ended,
        "moves": len(query(database, "SELECT 1 FROM moves")),
        "db_bytes_per_match": round((size - empty) / max(1, ended)),
        "check": check(database, bench.tables),
    }


# ---------------------------------------------------------------- the floor


def floor_app() -> Any:
    """The least a move costs a server (see the module text): parse, one commit to
    SQLite, a 300-byte state to the table's four sockets. Its database is ``FLOOR_DB``."""
    import sqlite3

    from starlette.applications import Starlette
    from starlette.routing import WebSocketRoute
    from starlette.websockets import WebSocket, WebSocketDisconnect

    db = sqlite3.connect(os.environ["FLOOR_DB"], check_same_thread=False)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=FULL")
    db.execute("CREATE TABLE IF NOT EXISTS moves (tab TEXT, seq INTEGER, action TEXT)")
    pages: dict[str, list[WebSocket]] = {}

    async def socket(websocket: WebSocket) -> None:
        await websocket.accept()
        table = websocket.path_params["table"]
        pages.setdefault(table, []).append(websocket)
        try:
            while True:
                move = json.loads(await websocket.receive_text())
                db.execute(
                    "INSERT INTO moves VALUES (?, ?, ?)", (table, move["seq"], move["action"])
                )
                db.commit()
                state = json.dumps({"kind": "state", "seq": move["seq"], "view": "x" * 260})
                for page in pages[table]:
                    await page.send_text(state)
        except WebSocketDisconnect:
            pages[table].remove(websocket)

    return Starlette(routes=[WebSocketRoute("/ws/{table}", socket)])


async def floor(args: argparse.Namespace, folder: Path) -> dict[str, Any]:
    """The floor app driven like the server: ``--tables`` tables of four sockets, moves
    at ``--rate`` for ``--floor-seconds``; its CPU per move and latency."""
    import websockets

    from server.pgtemp import free_port

    port = free_port()
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "uvicorn",
            "--factory",
            "bench.server:floor_app",
            "--port",
            str(port),
            # The server's socket settings (server/__main__.py): its websockets and no
            # permessage-deflate, so the ratio compares like with like.
            "--ws",
            "websockets-sansio",
            "--ws-per-message-deflate",
            "False",
        ],
        cwd=ROOT,
        env={**os.environ, "FLOOR_DB": str(folder / "floor.db")},
        stderr=subprocess.DEVNULL,
    )
    try:
        for _ in range(300):
            with contextlib.suppress(OSError):
                (await websockets.connect(f"ws://127.0.0.1:{port}/ws/probe")).transport.close()
                break
            await asyncio.sleep(0.1)
        tables = [
            [await websockets.connect(f"ws://127.0.0.1:{port}/ws/t{t}") for _ in range(SEATS)]
            for t in range(args.tables)
        ]
        latencies: list[float] = []

        async def pace(pages: list[Any], offset: float, interval: float, until: float) -> None:
            await asyncio.sleep(offset)
            seq = 0
            while time.perf_counter() < until:
                t0 = time.perf_counter()
                seq += 1
                await pages[seq % SEATS].send(
                    json.dumps({"kind": "act", "seq": seq, "action": "knock"})
                )
                for page in pages:
                    await page.recv()
                latencies.append(time.perf_counter() - t0)
                await asyncio.sleep(max(0.0, interval - (time.perf_counter() - t0)))

        interval = len(tables) / args.rate
        rng = random.Random(1)
        cpu0, start = cpu_s(proc.pid), time.perf_counter()
        until = start + args.floor_seconds
        await asyncio.gather(*(pace(p, rng.uniform(0, interval), interval, until) for p in tables))
        elapsed, cpu = time.perf_counter() - start, cpu_s(proc.pid) - cpu0
        for pages in tables:
            for page in pages:
                await page.close()
    finally:
        proc.terminate()
        proc.wait(30)
    return {
        "moves": len(latencies),
        "moves_per_s": round(len(latencies) / elapsed, 1),
        "server_cpu_ms_per_move": round(cpu * 1000 / max(1, len(latencies)), 2),
        "latency_ms": {
            "p50": round(percentile(latencies, 50), 1),
            "p95": round(percentile(latencies, 95), 1),
        },
    }


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--tables", type=int, default=1000)
    p.add_argument("--rate", type=float, default=200, help="moves per second, all tables")
    p.add_argument("--seconds", type=float, default=60)
    p.add_argument("--finish", type=int, default=50, help="tables played to their end")
    p.add_argument("--database", choices=("sqlite", "postgresql"), default="sqlite")
    p.add_argument("--processes", type=int, default=1)
    p.add_argument("--floor-seconds", type=float, default=20, help="the floor's run (0: none)")
    args = p.parse_args()
    if args.processes > 1 and args.database != "postgresql":
        raise SystemExit("several processes share PostgreSQL only")
    folder = Path(tempfile.mkdtemp(prefix="schwimmen-bench-"))
    pg = None
    if args.database == "postgresql":
        from server.pgtemp import TempPostgres

        pg = TempPostgres().start()
    try:
        load = os.getloadavg()
        out = {
            "database": args.database,
            "processes": args.processes,
            "rate_asked": args.rate,
            "load_before": [round(x, 2) for x in load],
            "held": asyncio.run(held(args, new_database(args.database, folder, pg, "held"))),
            "finished": asyncio.run(finished(args, new_database(args.database, folder, pg, "fin"))),
        }
        if args.floor_seconds:
            out["floor"] = asyncio.run(floor(args, folder))
            server, least = out["held"], out["floor"]
            out["cpu_ratio_to_floor"] = round(
                server["server_cpu_ms_per_move"] / max(0.001, least["server_cpu_ms_per_move"]), 1
            )
        out["load_after"] = [round(x, 2) for x in os.getloadavg()]
        print(json.dumps(out, indent=1))
    finally:
        if pg is not None:
            pg.stop()


if __name__ == "__main__":
    main()
