"""Engine speed: legal-checked actions per second with uniform random choosers.

    python bench/arena_speed.py [--rules knack] [--players 4] [--matches 200] [--runs 5]

Prints one JSON object. Three loops, each the median of ``--runs`` runs:
- ``checked``: ``match.legal_actions()`` then ``match.apply(choice)`` (checked);
- ``observed``: like the arena, a bot's view each move:
  ``match.observation(seat)`` then ``apply(choice from observation.legal_actions)``;
- ``unchecked``: ``legal_actions()`` then ``apply_unchecked``.
Rates use process CPU time (stable on a shared machine); wall-clock rates too.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import Match, preset


def loop(kind: str, rules, players: int, matches: int, seed: int) -> tuple[int, float, float]:
    rng = random.Random(seed)
    actions = 0
    cpu0, wall0 = time.process_time(), time.perf_counter()
    for i in range(matches):
        m = Match(rules, players=players, seed=seed * 100_000 + i)
        if kind == "checked":
            while not m.is_over():
                m.apply(rng.choice(m.legal_actions()))
                actions += 1
        elif kind == "observed":
            while not m.is_over():
                obs = m.observation(m.current_player())
                m.apply(rng.choice(obs.legal_actions))
                actions += 1
        else:
            while not m.is_over():
                m.apply_unchecked(rng.choice(m.legal_actions()))
                actions += 1
    return actions, time.process_time() - cpu0, time.perf_counter() - wall0


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--rules", default="knack")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--matches", type=int, default=200)
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--seed", type=int, default=1)
    a = p.parse_args()
    rules = preset(a.rules)
    out = {
        "rules": a.rules,
        "players": a.players,
        "matches_per_run": a.matches,
        "runs": a.runs,
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
    }
    for kind in ("checked", "observed", "unchecked"):
        cpu_rates, wall_rates, counts, cpus = [], [], [], []
        for r in range(a.runs):
            n, cpu, wall = loop(kind, rules, a.players, a.matches, a.seed + r)
            cpu_rates.append(n / cpu)
            wall_rates.append(n / wall)
            counts.append(n)
            cpus.append(cpu)
        out[kind] = {
            "actions_per_second_cpu": round(statistics.median(cpu_rates)),
            "actions_per_second_wall": round(statistics.median(wall_rates)),
            "actions_per_run": round(statistics.median(counts)),
            "matches_per_second_cpu": round(a.matches / statistics.median(cpus), 1),
        }
    print(json.dumps(out))


if __name__ == "__main__":
    main()
