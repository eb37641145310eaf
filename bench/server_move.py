"""The Python work of one move at a table server's table of four, in one process.

    python bench/server_move.py [--matches 3] [--repeat 3]

No socket and no database: a server's referee (``server.tables``' settings) at a
table of four people, one random move after another to each match's end, and per move
what the server does around the database and the sockets: read the message
(``protocol.read_guest``), the referee's part, the stored state (``Referee.to_dict``
and its JSON) and every connection's messages (``Hub.fanout``: the lobby, each seat's
view and their JSON). ``bench/server.py`` measures the whole server under load; this
is the part of its CPU per move that is Python of ours, steady enough to compare two
trees on a busy machine (the best of ``--repeat`` runs, in microseconds per move).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine import preset  # noqa: E402
from engine.online import protocol  # noqa: E402
from engine.online.referee import Referee, TableConfig  # noqa: E402
from server.hub import Conn, Entry, Hub  # noqa: E402
from server.tables import TIMING, token_hash  # noqa: E402

SEATS = 4
PARTS = ("read", "referee", "state", "views")


def seated(now: float, seed: int) -> Referee:
    """A started table of four people (its deal from ``seed``), each seat's connection
    attached."""
    config = TableConfig(rules=preset("classic"), players=SEATS, preset="classic")
    ref = Referee(
        config,
        "P0",
        clock=lambda: now,
        timing=TIMING,
        secret_hash=token_hash,
        owner_secret="a" * 32,
        seeds=lambda: seed,
        views=False,
    )
    ref.attach("seat0", 0)
    for i in range(1, SEATS):
        for _, out in ref.take(f"c{i}", protocol.read_guest(protocol.hello(f"P{i}"))):
            if isinstance(out, protocol.Welcome):
                ref.attach(f"seat{out.seat}", out.seat)
    ref.take("seat0", protocol.Start())
    return ref


async def one_match(seed: int) -> tuple[dict[str, float], int]:
    """Seconds spent in each part over one match, and its moves."""
    now = 1.8e12
    ref = seated(now, seed)
    entry = Entry(1, 1, ref)
    hub = Hub(lambda: now)

    async def send(_text: str) -> None:
        pass

    async def close(_code: int) -> None:
        pass

    conns = []
    for seat in range(SEATS):
        conn = Conn("t", send, close, now=now, timing=TIMING)
        conn.seat, conn.key = seat, ref.seats[seat].secret
        hub.add(conn)
        conns.append(conn)

    def drain() -> None:
        for conn in conns:
            while not conn.queue.empty():
                conn.queue.get_nowait()

    hub.fanout("t", entry)  # every page's whole view first, as after its hello
    drain()
    spent = dict.fromkeys(PARTS, 0.0)
    rng = random.Random(seed)
    moves = 0
    while ref.ended is None and ref.match is not None:
        m = ref.match
        seat = m.current_player()
        assert seat is not None
        action = rng.choice(m.legal_actions())
        text = protocol.act(str(action), seq=len(m.actions), seat=seat)
        t0 = time.perf_counter()
        message = protocol.read_guest(text)
        t1 = time.perf_counter()
        ref.take(f"seat{seat}", message)
        t2 = time.perf_counter()
        protocol.compact(ref.to_dict())
        t3 = time.perf_counter()
        entry.version += 1
        hub.fanout("t", entry)
        t4 = time.perf_counter()
        drain()
        for part, (a, b) in zip(PARTS, ((t0, t1), (t1, t2), (t2, t3), (t3, t4)), strict=True):
            spent[part] += b - a
        moves += 1
    return spent, moves


def run(matches: int) -> dict[str, float]:
    total = dict.fromkeys(PARTS, 0.0)
    moves = 0
    for seed in range(matches):
        spent, n = asyncio.run(one_match(seed))
        moves += n
        for part in PARTS:
            total[part] += spent[part]
    out = {part: total[part] * 1e6 / moves for part in PARTS}
    out["total"] = sum(out.values())
    out["moves"] = moves
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--matches", type=int, default=3)
    p.add_argument("--repeat", type=int, default=3)
    args = p.parse_args()
    runs = [run(args.matches) for _ in range(args.repeat)]
    best = min(runs, key=lambda r: r["total"])
    print(
        json.dumps(
            {
                "moves": int(best["moves"]),
                "us_per_move": {k: round(v, 1) for k, v in best.items() if k != "moves"},
                "totals_us_per_move": [round(r["total"], 1) for r in runs],
            },
            indent=1,
        )
    )


if __name__ == "__main__":
    main()
