"""Decision time of the hard bot in CPython, as JSON.

    python bench/bot_speed.py                       # knack, hard vs 3 medium
    python bench/bot_speed.py --rules hosenowi --matches 20 --budget-ms 50
    python bench/bot_speed.py --hint-samples 48        # also time the coach (hint)

Plays whole matches (hard at one seat, medium at the others, seats rotating)
and times every ``choose`` call of the hard bot, including the observation
adapter. Prints median, p95 and max in milliseconds, wall time and CPU time
(the machine is shared, so CPU time is the steadier figure). Targets:
median <= 50 ms, p95 <= 100 ms.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import bots
from engine.arena import build_rules
from engine.match import Match


def _pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    if not xs:
        return 0.0
    i = min(len(xs) - 1, max(0, round(q * (len(xs) - 1))))
    return xs[i]


def measure(rules_name, settings, matches, players, samples, budget_ms, seed, hint_samples=0):
    rules = build_rules(rules_name, settings)
    seeds = random.Random(seed)
    wall: list[float] = []
    cpu: list[float] = []
    hint_cpu: list[float] = []
    for i in range(matches):
        m = Match(rules, players=players, seed=seeds.getrandbits(32))
        hard_seat = i % players
        opts = {"samples": samples, "budget_ms": budget_ms}
        hard = bots.make("hard", seed + i, **opts)
        others = {s: bots.make("medium", seed * 10 + s) for s in range(players)}
        while not m.is_over():
            s = m.current_player()
            obs = m.observation(s)
            if s == hard_seat:
                t0, c0 = time.perf_counter(), time.process_time()
                a = hard.choose(obs)
                wall.append((time.perf_counter() - t0) * 1000)
                cpu.append((time.process_time() - c0) * 1000)
                if hint_samples:
                    c0 = time.process_time()
                    bots.hint(obs, budget_ms=None, samples=hint_samples)
                    hint_cpu.append((time.process_time() - c0) * 1000)
            else:
                a = others[s].choose(obs)
            m.apply(a)
    return {
        "rules": rules_name,
        "settings": list(settings),
        "players": players,
        "matches": matches,
        "samples": samples,
        "budget_ms": budget_ms,
        "decisions": len(wall),
        "median_ms": round(statistics.median(wall), 2) if wall else None,
        "p95_ms": round(_pct(wall, 0.95), 2),
        "max_ms": round(max(wall), 2) if wall else None,
        "median_cpu_ms": round(statistics.median(cpu), 2) if cpu else None,
        "p95_cpu_ms": round(_pct(cpu, 0.95), 2),
        "hint_samples": hint_samples,
        "hint_median_cpu_ms": round(statistics.median(hint_cpu), 2) if hint_cpu else None,
        "hint_p95_cpu_ms": round(_pct(hint_cpu, 0.95), 2) if hint_cpu else None,
        "python": sys.version.split()[0],
    }


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--rules", default="knack")
    p.add_argument("--set", action="append", default=[], metavar="OPTION=VALUE")
    p.add_argument("--matches", type=int, default=10)
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--samples", type=int, default=bots.HardBot.DEFAULT_SAMPLES)
    p.add_argument("--budget-ms", type=float, default=None, help="wall-time cap per decision")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--hint-samples", type=int, default=0, help="also time hint() (CPU)")
    a = p.parse_args(argv)
    out = measure(
        a.rules, a.set, a.matches, a.players, a.samples, a.budget_ms, a.seed, a.hint_samples
    )
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
