"""The table server under load: simulated pages play N concurrent 4-seat tables.

    nice -n 19 python bench/server.py --tables 1000 --rate 200 --seconds 60
    nice -n 19 python bench/server.py --tables 1000 --rate 200 --database postgresql --processes 2
    python bench/server.py --database postgresql --processes 2 --route table --server-cpu 0.3

Each table has four people, each a WebSocket page; the server plays no bot. The tables
are created and started, all stay open, and the pages move at ``--rate`` moves per
second over all tables together (each table at its own steady pace). The pages run in
``--page-workers`` processes of their own (2 by default), the tables dealt among them:
one process of pages was a core's worth of work at 300 moves/s and set the limit of a
run, for the floor as much as for the server. While a run plays, a page keeps each
message's text, times each state when it arrives, and the one to move picks one of the
legal actions of its last view at random; after the run every message is read into the
page's ``Guest`` (``engine.online.guest``, with every check a page makes) for the check.

With ``--processes 2`` (PostgreSQL) ``--route seat`` puts seats 0 and 1 of every table
on one process and seats 2 and 3 on the other, so every move crosses
``LISTEN/NOTIFY`` (each process builds the views of its own two seats); ``--route
table`` puts each table's four pages on one process, the tables alternating, as a proxy
that routes by the table in the path would. ``--server-cpu C`` gives each server process
(and the floor) a budget of C cores through a cgroup quota, so that one process and two
can be compared on a machine whose cores the pages share: two processes carry 1.6 times
one process's moves only if each has a budget of its own.

Printed as JSON: moves per second reached, the latency from a move sent to every seat
of its table told (p50, p95, p99, max, in ms, and p95 by 10 s of the run), the server's
memory per open table (its resident memory with the tables open, less before, per
table), the database's size per finished match (a second phase plays ``--finish``
tables to their end on a fresh database), and the check that no move was lost or
doubled: for every table, the moves stored (rows of ``moves``, numbered without a gap)
are the actions of its stored match, and every page's view equals that match
replayed, seen from its seat.

Beside the latency: the server processes' CPU per move (user and system time from
``/proc/PID/stat`` over the playing phase, divided by the moves; PostgreSQL's own
processes are not counted, nor held to ``--server-cpu``), the pages' CPU per
move, and a floor measured in the same run (``--floor-seconds``, 0 to leave it out): a
bare Starlette WebSocket app on the same uvicorn (:func:`floor_app`) that reads each
move as JSON, commits one row to SQLite (WAL, ``synchronous=FULL``) and sends a
300-byte state to the table's four sockets, driven at the same rate by the same number
of tables and page workers, with the server's settings (asyncio's loop, websockets-sansio,
no permessage-deflate; until 6 Dec 2026 the floor still compressed). The ratio of the two
CPU figures is what the server costs above the least a move can cost.
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

from engine import Match, preset  # noqa: E402
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
    """One page: a socket, a Guest, and when each state arrived.

    While the tables play, a page keeps each message's text, reads it as JSON only (its
    kind; a state's seq and view), and times each state when it arrives; the one to move
    picks one of the legal actions of its last view at random. Every message is read into the
    page's ``Guest`` (``Guest.receive``, with every check a page makes) after the run,
    before the check: a Guest's reading costs about as much CPU as the server's move
    (0.5 ms a state, four a move), and the pages, not the server, were the limit of a
    run on two cores when they read as they played."""

    def __init__(self, table: Table, seat_hint: int) -> None:
        self.table, self.hint = table, seat_hint
        self.guest = Guest(f"P{seat_hint}", clock=lambda: time.time() * 1000)
        self.ws: Any = None
        self.arrived: dict[int, float] = {}
        self.unread: list[str] = []
        self.last: dict[str, Any] | None = None  # the last state's view, as JSON
        self.seq = 0  # its seq
        self.ended = False  # told that the match is over

    def read(self) -> Guest:
        """The Guest, with every message that has arrived read into it, in order."""
        for text in self.unread:
            self.guest.receive(text)
        self.unread.clear()
        return self.guest

    def view(self) -> dict[str, Any] | None:
        """The ``obs`` of the last state, as JSON (None before the match)."""
        return self.last

    async def run(self, url: str, secret: str | None) -> None:
        import websockets

        self.guest.secret = secret
        self.ws = await websockets.connect(
            f"{url}api/tables/{self.table.id}/ws", max_size=2**22, open_timeout=60
        )
        await self.ws.send(self.guest.hello())
        async for text in self.ws:
            self.unread.append(text)
            message = json.loads(text)
            kind = message["kind"]
            if kind == "state":
                self.last, self.seq = message["obs"], message["seq"]
                self.arrived.setdefault(self.seq, time.perf_counter())
                self.table.told(self.seq)
                continue
            if self.guest.seat is None:
                self.read()  # the welcome and lobbies before the match: who it is
            if kind == "over":
                self.ended = True
                self.table.told(self.seq)
            elif kind == "rejected":
                self.table.refused(message)
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

    def refused(self, body: dict[str, Any]) -> None:
        """A page's message was refused: counted, and a refused move is made again."""
        self.bench.rejected.append(body)
        if body.get("of") == "act" and body.get("seq") is not None:
            self.moved.pop(body["seq"] + 1, None)
            self.expect = min(self.expect, body["seq"])
            self.bench.sent -= 1  # not a move: counted when it is made again
        self.changed.set()

    def over(self) -> bool:
        return any(s.ended for s in self.seats)

    def behind(self) -> bool:
        """A move of this table sent and not yet told to all four pages, or the end of
        its match not yet told (it comes after the last state)."""
        if any(s.seq < self.expect and not s.ended for s in self.seats):
            return True
        return any(not s.ended and (s.view() or {}).get("phase") == "over" for s in self.seats)

    def mover(self) -> tuple[Seat, list[str]] | None:
        """The page to move (named by the first page's last view) and its legal actions
        (from its own last view)."""
        first = self.seats[0].view()
        if first is None or first["current"] is None or self.over():
            return None
        for s in self.seats:
            if s.guest.seat == first["current"]:
                legal = (s.view() or {}).get("legal_actions")
                return (s, legal) if legal else None
        return None

    async def move(self, n: int, until: float | None = None) -> bool:
        """The seat to move makes one move (from its own view); False once over, or
        when the last move was told only after ``until`` (a perf_counter time: the run
        has ended, and a move sent now would count against its time)."""
        for _ in range(200):
            told = all(s.seq >= self.expect for s in self.seats)
            found = self.mover() if told else None
            if found is not None:
                break
            if self.over():
                return False
            self.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), 5)
        else:
            return False
        if until is not None and time.perf_counter() >= until:
            return False
        seat, legal = found
        action = random.Random(hash((self.id, n))).choice(legal)
        self.moved[seat.seq + 1] = time.perf_counter()
        self.expect = seat.seq + 1
        assert seat.guest.seat is not None
        await seat.ws.send(protocol.act(action, seq=seat.seq, seat=seat.guest.seat))
        self.bench.sent += 1
        return True


class Bench:
    """The simulated pages of one worker process (:func:`pages_worker`)."""

    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.sent_at: list[float] = []  # when each move of ``latencies`` was sent
        self.rejected: list[dict[str, Any]] = []
        self.sent = 0
        self.tables: list[Table] = []
        self.settle_s = 0.0
        self.tasks: list[asyncio.Task[None]] = []

    async def open_tables(self, made: list[list[Any]]) -> None:
        """Sit four pages at each table (its id, its creator's token, each seat's
        server) and start it."""
        self.tables = [Table(self, table_id, token) for table_id, token, _ in made]
        for n in range(0, len(made), 50):  # fifty tables at a time sit down
            batch = list(zip(self.tables[n : n + 50], made[n : n + 50], strict=True))
            for table, (_, _, urls) in batch:
                for i, seat in enumerate(table.seats):
                    secret = table.token if i == 0 else None
                    self.tasks.append(asyncio.create_task(seat.run(urls[i], secret)))
                    if i == 0:
                        await asyncio.sleep(0.01)  # the creator sits first, at seat 0
            for table, _ in batch:
                assert table.lobby_ready is not None
                await asyncio.wait_for(table.lobby_ready.wait(), 300)
                table.lobby_ready = None
                await table.seats[0].ws.send(protocol.start())
        for table in self.tables:
            while table.seats[0].last is None:
                await asyncio.sleep(0.05)

    async def play(self, interval: float, start: float, seconds: float | None) -> float:
        """Each table moves once every ``interval`` s from ``start`` (a perf_counter
        time, the same clock in every process) for ``seconds`` (None: to the end)."""

        async def pace(table: Table, offset: float) -> None:
            await asyncio.sleep(max(0.0, start + offset - time.perf_counter()))
            n = 0
            until = None if seconds is None else start + seconds
            while until is None or time.perf_counter() < until:
                t0 = time.perf_counter()
                if not await table.move(n, until):
                    return
                n += 1
                await asyncio.sleep(max(0.0, interval - (time.perf_counter() - t0)))

        rng = random.Random(hash(self.tables[0].id) if self.tables else 1)
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

    def views(self) -> dict[str, list[tuple[int | None, str]]]:
        """Each table's pages: their seat and the repr of their view, for :func:`check`
        (a page whose messages its Guest refused: that error, which the check counts as
        a mismatch)."""
        out: dict[str, list[tuple[int | None, str]]] = {}
        for table in self.tables:
            out[table.id] = []
            for s in table.seats:
                try:
                    seen = repr(s.read().observation)
                except Exception as e:  # reported, not raised: the check counts it
                    seen = f"refused by its Guest: {e!r}"
                out[table.id].append((s.guest.seat, seen))
        return out


# ------------------------------------------------------- the pages' processes
#
# The simulated pages run in ``--page-workers`` processes of their own (one Python
# process is one core: at 300 moves/s one process of pages was the limit, for the floor
# as much as for the server). The bench and each worker speak in lines of JSON over the
# worker's stdin and stdout:
#
#   bench -> worker   {"tables": [[id, token, [url of each seat]], ...], "interval": s,
#                      "seconds": s or null, "floor": false}
#   worker -> bench   {"ready": true}              every page sat down, every table started
#   bench -> worker   {"start": perf_counter time}
#   worker -> bench   {"played": {...}}            the moves sent, the latencies, its CPU
#   bench -> worker   {"close": true}              (the server's CPU has been read)
#   worker -> bench   {"views": {...}}             every page's view, then it exits


def pages_worker() -> None:
    """One worker process of simulated pages (see above)."""
    asyncio.run(_pages_worker())


async def _pages_worker() -> None:
    loop = asyncio.get_running_loop()

    async def line() -> dict[str, Any]:
        return json.loads(await loop.run_in_executor(None, sys.stdin.readline))

    def say(value: dict[str, Any]) -> None:
        sys.stdout.write(json.dumps(value) + "\n")
        sys.stdout.flush()

    spec = await line()
    if spec.get("floor"):
        floor_pages = await floor_open(spec["url"], spec["tables"])
        say({"ready": True})
        start = (await line())["start"]
        cpu0 = time.process_time()
        lat, sent_at, elapsed = await floor_play(
            floor_pages, spec["interval"], start, spec["seconds"]
        )
        say({"played": _played(len(lat), elapsed, spec, lat, sent_at, start, cpu0, 0, 0.0)})
        await line()
        for pages in floor_pages:
            for page in pages:
                await page.close()
        say({"views": {}})
        return
    bench = Bench()
    await bench.open_tables(spec["tables"])
    say({"ready": True})
    start = (await line())["start"]
    cpu0, before = time.process_time(), bench.sent
    elapsed = await bench.play(spec["interval"], start, spec["seconds"])
    played = _played(
        bench.sent - before,
        elapsed,
        spec,
        bench.latencies,
        bench.sent_at,
        start,
        cpu0,
        len(bench.rejected),
        bench.settle_s,
    )
    played["over"] = sum(1 for t in bench.tables if all(s.ended for s in t.seats))
    say({"played": played})
    await line()
    await bench.close()
    say({"views": bench.views()})


def _played(
    moves: int,
    elapsed: float,
    spec: dict[str, Any],
    lat: list[float],
    sent_at: list[float],
    start: float,
    cpu0: float,
    rejected: int,
    settle_s: float,
) -> dict[str, Any]:
    if spec["seconds"] is not None:  # moves are sent for that long; the rest is waiting
        elapsed = min(elapsed, spec["seconds"])
    return {
        "moves": moves,
        "elapsed": elapsed,
        "latencies": lat,
        "sent_at": [t - start for t in sent_at],
        "cpu_s": time.process_time() - cpu0,
        "rejected": rejected,
        "settle_s": settle_s,
    }


class Workers:
    """``--page-workers`` processes of pages, each with its share of the tables."""

    def __init__(self) -> None:
        self.procs: list[asyncio.subprocess.Process] = []

    async def start(self, specs: list[dict[str, Any]]) -> None:
        for spec in specs:
            proc = await asyncio.create_subprocess_exec(
                sys.executable,
                str(Path(__file__).resolve()),
                "--pages-worker",
                cwd=ROOT,
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
                limit=2**28,
            )
            self.procs.append(proc)
            await self.tell(proc, spec)
        for proc in self.procs:
            await self.hear(proc, "ready")

    async def tell(self, proc: asyncio.subprocess.Process, value: dict[str, Any]) -> None:
        assert proc.stdin is not None
        proc.stdin.write((json.dumps(value) + "\n").encode())
        await proc.stdin.drain()

    async def hear(self, proc: asyncio.subprocess.Process, key: str) -> Any:
        assert proc.stdout is not None
        text = await proc.stdout.readline()
        if not text:
            raise SystemExit(f"a pages worker stopped before {key!r} (exit {await proc.wait()})")
        return json.loads(text)[key]

    async def play(self) -> list[dict[str, Any]]:
        """Start every worker's pages at once; what each played."""
        start = time.perf_counter() + 0.5
        for proc in self.procs:
            await self.tell(proc, {"start": start})
        return [await self.hear(proc, "played") for proc in self.procs]

    async def close(self) -> dict[str, list[tuple[int | None, str]]]:
        views: dict[str, list[tuple[int | None, str]]] = {}
        for proc in self.procs:
            await self.tell(proc, {"close": True})
        for proc in self.procs:
            views.update(await self.hear(proc, "views"))
            await proc.wait()
        return views


def shares(items: list[Any], count: int) -> list[list[Any]]:
    """``items`` dealt round to ``count`` workers (empty shares left out)."""
    return [share for share in (items[i::count] for i in range(count)) if share]


def merged(played: list[dict[str, Any]]) -> dict[str, Any]:
    """The workers' figures as one run's."""
    lat = [x for p in played for x in p["latencies"]]
    sent_at = [x for p in played for x in p["sent_at"]]
    moves = sum(p["moves"] for p in played)
    return {
        "moves": moves,
        "elapsed": max(p["elapsed"] for p in played),
        "latencies": lat,
        "sent_at": sent_at,
        "pages_cpu_ms_per_move": round(sum(p["cpu_s"] for p in played) * 1000 / max(1, moves), 2),
        "rejected": sum(p["rejected"] for p in played),
        "settle_s": max(p["settle_s"] for p in played),
        "over": sum(p.get("over", 0) for p in played),
    }


def check(database: str, views: dict[str, list[tuple[int | None, str]]]) -> dict[str, Any]:
    """No move lost or doubled: the stored moves against each table's stored match and
    every page's view (see the module text)."""
    rows = query(database, "SELECT id, state FROM tables")
    moves = query(database, "SELECT table_id, match_no, seq, action FROM moves ORDER BY 1, 2, 3")
    by_table: dict[str, list[tuple[int, str]]] = {}
    for table_id, _match_no, seq, action in moves:
        by_table.setdefault(table_id, []).append((int(seq), action))
    states = {r[0]: json.loads(r[1]) for r in rows}
    bad = []
    for table_id, pages in views.items():
        state = states[table_id]
        actions = state["match"]["actions"]
        stored = by_table.get(table_id, [])
        if [s for s, _ in stored] != list(range(len(stored))) or [a for _, a in stored] != actions:
            bad.append((table_id, "moves"))
            continue
        match = Match.replay(MatchRecord.from_dict(state["match"]))
        for seat, seen in pages:
            if seat is None or seen != repr(match.observation(seat)):
                bad.append((table_id, f"seat {seat}"))
    return {"tables_checked": len(views), "moves_checked": len(moves), "mismatches": bad[:10]}


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


class CpuGroup:
    """A CPU budget for one process: a cgroup with a quota of ``cores`` (v2's
    ``cpu.max``, or v1's ``cpu.cfs_quota_us``), so that a run of one server process and
    a run of two can be compared on a machine whose cores the pages share: each process
    gets the same budget, as each would get its own machine. Needs a writable cgroup
    file system (root, as on these machines)."""

    PERIOD_US = 10_000  # a short period: a process over its budget waits at most 10 ms

    def __init__(self, name: str, cores: float) -> None:
        v2 = Path("/sys/fs/cgroup/cgroup.controllers")
        if v2.exists():
            self.path = Path("/sys/fs/cgroup") / name
            quota = ("cpu.max", f"{int(cores * self.PERIOD_US)} {self.PERIOD_US}")
        else:
            self.path = Path("/sys/fs/cgroup/cpu") / name
            quota = ("cpu.cfs_quota_us", str(int(cores * self.PERIOD_US)))
        try:
            self.path.mkdir(exist_ok=True)
            if not v2.exists():
                (self.path / "cpu.cfs_period_us").write_text(str(self.PERIOD_US))
            (self.path / quota[0]).write_text(quota[1])
        except OSError as e:
            raise SystemExit(f"--server-cpu needs a writable cgroup ({self.path}): {e}") from e

    def add(self, pid: int) -> None:
        (self.path / "cgroup.procs").write_text(str(pid))

    def remove(self) -> None:
        with contextlib.suppress(OSError):
            self.path.rmdir()


def start_servers(args: argparse.Namespace, database: str) -> tuple[list[Process], list[CpuGroup]]:
    servers = [Process(database) for _ in range(args.processes)]
    groups = []
    if args.server_cpu:
        for n, server in enumerate(servers):
            group = CpuGroup(f"schwimmen-bench-{os.getpid()}-{n}", args.server_cpu)
            group.add(server.proc.pid)
            groups.append(group)
    return servers, groups


def stop_servers(servers: list[Process], groups: list[CpuGroup]) -> None:
    for s in servers:
        if s.proc.poll() is None:
            s.stop()
    for group in groups:
        group.remove()


async def make_tables(servers: list[Process], count: int, route: str) -> list[list[Any]]:
    """``count`` tables made by their creator over HTTP: each one's id, token and the
    server each of its four seats connects to (see ``--route``)."""
    import httpx

    rules = preset("classic").to_dict()
    made = []
    async with httpx.AsyncClient(timeout=60) as http:
        for n in range(count):
            body = (
                await http.post(
                    servers[0].url + "api/tables",
                    json={"name": "P0", "players": SEATS, "preset": "classic", "rules": rules},
                )
            ).json()
            if len(servers) == 1:
                urls = [servers[0].ws] * SEATS
            elif route == "table":
                urls = [servers[n % len(servers)].ws] * SEATS
            else:  # seats 0 and 1 on one process, 2 and 3 on the other
                urls = [servers[0].ws, servers[0].ws, servers[1].ws, servers[1].ws]
            made.append([body["table"], body["token"], urls])
    return made


async def held(args: argparse.Namespace, database: str) -> dict[str, Any]:
    servers, groups = start_servers(args, database)
    try:
        return await _held(args, database, servers)
    finally:
        stop_servers(servers, groups)


async def _held(args: argparse.Namespace, database: str, servers: list[Process]) -> dict[str, Any]:
    base = [rss_kb(s.proc.pid) for s in servers]
    t0 = time.perf_counter()
    made = await make_tables(servers, args.tables, args.route)
    interval = len(made) / args.rate
    workers = Workers()
    await workers.start(
        [
            {"tables": share, "interval": interval, "seconds": args.seconds}
            for share in shares(made, args.page_workers)
        ]
    )
    opened = time.perf_counter() - t0
    await asyncio.sleep(2)
    rss = [rss_kb(s.proc.pid) for s in servers]
    cpu_before = [cpu_s(s.proc.pid) for s in servers]
    played = await workers.play()
    cpu = sum(cpu_s(s.proc.pid) - c for s, c in zip(servers, cpu_before, strict=True))
    run = merged(played)
    lat, moves = run["latencies"], run["moves"]
    result = {
        "tables": len(made),
        "connections": len(made) * SEATS,
        "open_s": round(opened, 1),
        "moves": moves,
        "moves_per_s": round(moves / run["elapsed"], 1),
        "server_cpu_ms_per_move": round(cpu * 1000 / max(1, moves), 2),
        "pages_cpu_ms_per_move": run["pages_cpu_ms_per_move"],
        "latency_ms": latency(lat),
        "p95_ms_by_10_s": windows(run["sent_at"], lat, 0.0, 10.0),
        "memory_kb_per_open_table": round(
            sum(r - b for r, b in zip(rss, base, strict=True)) / len(made), 1
        ),
        "server_rss_mb": [round(r / 1024) for r in rss],
        "rejected": run["rejected"],
        "settle_s": run["settle_s"],
    }
    views = await workers.close()
    for s in servers:
        s.stop()
    result["check"] = check(database, views)
    return result


def latency(lat: list[float]) -> dict[str, float]:
    return {
        "p50": round(percentile(lat, 50), 1),
        "p95": round(percentile(lat, 95), 1),
        "p99": round(percentile(lat, 99), 1),
        "max": round(max(lat) * 1000, 1) if lat else 0,
        "n": len(lat),
        "mean": round(statistics.fmean(lat) * 1000, 1) if lat else 0,
    }


async def finished(args: argparse.Namespace, database: str) -> dict[str, Any]:
    servers, groups = start_servers(args, database)
    stop_servers(servers, groups)
    empty = db_size(database)
    servers, groups = start_servers(args, database)
    try:
        made = await make_tables(servers, args.finish, args.route)
        workers = Workers()
        # 30 moves a second a table: each seat within the flood limit (10 a second)
        await workers.start([{"tables": made, "interval": 1 / 30, "seconds": None}])
        played = await workers.play()
        views = await workers.close()
    finally:
        stop_servers(servers, groups)
    size = db_size(database)
    ended = played[0]["over"]
    return {
        "matches": ended,
        "moves": len(query(database, "SELECT 1 FROM moves")),
        "db_bytes_per_match": round((size - empty) / max(1, ended)),
        "rejected": played[0]["rejected"],
        "check": check(database, views),
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


async def floor_open(url: str, tables: list[str]) -> list[list[Any]]:
    import websockets

    return [[await websockets.connect(f"{url}/ws/{t}") for _ in range(SEATS)] for t in tables]


async def floor_play(
    tables: list[list[Any]], interval: float, start: float, seconds: float
) -> tuple[list[float], list[float], float]:
    """The floor's pages: one table's move is sent by one page and read by all four."""
    latencies: list[float] = []
    sent_at: list[float] = []

    async def pace(pages: list[Any], offset: float) -> None:
        await asyncio.sleep(max(0.0, start + offset - time.perf_counter()))
        seq = 0
        while time.perf_counter() - start < seconds:
            t0 = time.perf_counter()
            seq += 1
            await pages[seq % SEATS].send(
                json.dumps({"kind": "act", "seq": seq, "action": "knock"})
            )
            for page in pages:
                await page.recv()
            latencies.append(time.perf_counter() - t0)
            sent_at.append(t0)
            await asyncio.sleep(max(0.0, interval - (time.perf_counter() - t0)))

    rng = random.Random(len(tables))
    await asyncio.gather(*(pace(p, rng.uniform(0, interval)) for p in tables))
    return latencies, sent_at, time.perf_counter() - start


async def floor(args: argparse.Namespace, folder: Path) -> dict[str, Any]:
    """The floor app driven like the server: ``--tables`` tables of four sockets, moves
    at ``--rate`` for ``--floor-seconds``, from as many page workers; its CPU per move
    and latency."""
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
            # The server's settings (server/__main__.py): asyncio's own loop (uvicorn
            # would take uvloop if it were installed), its websockets and no
            # permessage-deflate, so the ratio compares like with like.
            "--loop",
            "asyncio",
            "--ws",
            "websockets-sansio",
            "--ws-per-message-deflate",
            "False",
        ],
        cwd=ROOT,
        env={**os.environ, "FLOOR_DB": str(folder / "floor.db")},
        stderr=subprocess.DEVNULL,
    )
    group = None
    if args.server_cpu:
        group = CpuGroup(f"schwimmen-bench-{os.getpid()}-floor", args.server_cpu)
        group.add(proc.pid)
    try:
        url = f"ws://127.0.0.1:{port}"
        for _ in range(300):
            with contextlib.suppress(OSError):
                (await websockets.connect(f"{url}/ws/probe")).transport.close()
                break
            await asyncio.sleep(0.1)
        names = [f"t{t}" for t in range(args.tables)]
        workers = Workers()
        interval = len(names) / args.rate
        await workers.start(
            [
                {
                    "floor": True,
                    "url": url,
                    "tables": share,
                    "interval": interval,
                    "seconds": args.floor_seconds,
                }
                for share in shares(names, args.page_workers)
            ]
        )
        cpu0 = cpu_s(proc.pid)
        played = await workers.play()
        cpu = cpu_s(proc.pid) - cpu0
        await workers.close()
    finally:
        proc.terminate()
        proc.wait(30)
        if group is not None:
            group.remove()
    run = merged(played)
    return {
        "moves": run["moves"],
        "moves_per_s": round(run["moves"] / run["elapsed"], 1),
        "server_cpu_ms_per_move": round(cpu * 1000 / max(1, run["moves"]), 2),
        "pages_cpu_ms_per_move": run["pages_cpu_ms_per_move"],
        "latency_ms": latency(run["latencies"]),
    }


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--tables", type=int, default=1000)
    p.add_argument("--rate", type=float, default=200, help="moves per second, all tables")
    p.add_argument("--seconds", type=float, default=60)
    p.add_argument("--finish", type=int, default=50, help="tables played to their end (0: none)")
    p.add_argument("--database", choices=("sqlite", "postgresql"), default="sqlite")
    p.add_argument("--processes", type=int, default=1)
    p.add_argument("--floor-seconds", type=float, default=20, help="the floor's run (0: none)")
    p.add_argument(
        "--page-workers",
        type=int,
        default=2,
        help="processes of simulated pages, the tables dealt among them",
    )
    p.add_argument(
        "--route",
        choices=("seat", "table"),
        default="seat",
        help="with --processes 2: seats 0-1 on one process and 2-3 on the other (every "
        "move crosses LISTEN/NOTIFY), or each table's four pages on one process",
    )
    p.add_argument(
        "--server-cpu",
        type=float,
        default=0,
        help="cores each server process (and the floor) may use, by a cgroup quota (0: no limit)",
    )
    p.add_argument("--pages-worker", action="store_true", help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.pages_worker:
        pages_worker()
        return
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
            "route": args.route if args.processes > 1 else None,
            "server_cpu_cores": args.server_cpu or None,
            "page_workers": args.page_workers,
            "rate_asked": args.rate,
            "load_before": [round(x, 2) for x in load],
            "held": asyncio.run(held(args, new_database(args.database, folder, pg, "held"))),
        }
        if args.finish:
            fin = new_database(args.database, folder, pg, "fin")
            out["finished"] = asyncio.run(finished(args, fin))
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
