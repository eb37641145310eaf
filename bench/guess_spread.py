"""How many of the opponent model's guesses carry the weight (effective sample size).

    python bench/guess_spread.py --preset knack --matches 6
    python bench/guess_spread.py --preset hosenowi --guesses 384

The hard bot's worlds take each opponent's hidden cards from ``sampler.guesses_for``
guesses drawn once per decision and weighed by how well they explain that
opponent's turns (``sampler._candidates``). When a few guesses hold most of the
weight, every world repeats those few hands. This plays matches of four medium
bots and, at every turn with more than one legal move, weighs the guesses of each
opponent who has moved in the deal, as the search would, and prints the
percentiles of the effective sample size ``(sum w)^2 / sum w^2`` of those
weights (out of the number of guesses). JSON on stdout.
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.hard_variants import PRESETS
from engine import Match, Phase
from engine.arena import build_rules
from engine.bots import make, sampler
from engine.bots.observe import view_of


def spreads(label: str, matches: int, guesses: int, seed: int = 100) -> list[float]:
    """The effective sample size of every opponent's weighed guesses, at every
    turn of ``matches`` matches of four medium bots."""
    base, settings = PRESETS[label]
    rules = build_rules(base, settings)
    own = sampler.guesses_for
    sampler.guesses_for = lambda view: guesses
    out: list[float] = []
    try:
        for m in range(matches):
            match = Match(rules, players=4, seed=seed + m)
            players = {s: make("medium", seed=s + 10 * m) for s in range(4)}
            steps = 0
            while not match.is_over() and steps < 2000:
                seat = match.current_player()
                obs = match.observation(seat)
                view = view_of(obs)
                if view.phase == Phase.PLAY and len(obs.legal_actions) > 1:
                    out.extend(_turn_spreads(view, random.Random(steps)))
                match.apply(players[seat].choose(obs))
                steps += 1
    finally:
        sampler.guesses_for = own
    return out


def _turn_spreads(view, rng) -> list[float]:
    pool = view.unseen()
    thr = sampler.assumed_thresholds(view)
    out = []
    for o in view.opponents():
        if not view.last_turn.get(o):
            continue  # no turn yet: its cards are drawn uniformly, no weights
        known = sampler.known_cards(view, o)
        if not 0 < 3 - len(known) <= len(pool):
            continue
        _, cum = sampler._candidates(view, o, known, pool, rng, thr)
        weights = [cum[0]] + [b - a for a, b in itertools.pairwise(cum)]
        total = sum(weights)
        if total > 0:
            out.append(total * total / sum(w * w for w in weights))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--preset", default="knack", choices=sorted(PRESETS))
    ap.add_argument("--matches", type=int, default=6)
    ap.add_argument("--guesses", type=int, default=sampler.CANDIDATES, help="default 96")
    a = ap.parse_args()
    xs = sorted(spreads(a.preset, a.matches, a.guesses))
    if not xs:
        raise SystemExit("no opponent had moved at any turn: nothing to weigh")
    n = len(xs)
    print(
        json.dumps(
            {
                "preset": a.preset,
                "guesses": a.guesses,
                "weighings": n,
                "ess_p10": round(xs[n // 10], 1),
                "ess_median": round(xs[n // 2], 1),
                "ess_p90": round(xs[9 * n // 10], 1),
            }
        )
    )


if __name__ == "__main__":
    main()
