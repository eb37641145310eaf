"""Refit a rule set's bot numbers (``engine/bots/params.py``) by self-play (issue 42).

    python bench/fit.py --preset pub --level medium --seed 1 --generations 5 \\
        --population 8 --matches 60 --out fit.json
    python bench/fit.py --preset pub --level medium --check fit.json --matches 400 --seed 9

The cross-entropy method (pure Python, seeded): each generation draws ``--population``
candidate vectors from a diagonal Gaussian, plays every candidate on the same
``--matches`` matches (common random numbers: the same deals, the same opponents'
seeds), keeps the best quarter (at least two) by ``--score`` and moves the Gaussian
to them (smoothed, with a floor on the spread). Every generation plays fresh matches,
so a candidate is not chosen for a lucky set of deals. The fitted vector is the last
mean, printed as the ``Params`` to put in ``engine/bots/params.py`` with the budget
(matches played, CPU seconds).

``--level medium``: the medium bot with the candidate's numbers in one seat against
three medium bots with today's numbers of the rule set (cheap). ``--level hard``: hard
(``--samples`` determinizations, made fresh for each decision as the page does) with
the candidate as its prior's, opponent model's and rollouts' numbers against three of
today's medium (expensive: about 1.2 CPU s a Pub match at 192 samples). Seats rotate
every match. Scores: ``lives`` (the seat's lives lost per deal, negated: far less noisy
than a match's win) or ``win`` (a shared first place as a fraction).

``--check FILE``: the fitted vector of FILE against today's numbers (zeros) on the
same ``--matches`` matches from ``--seed`` (take one not used to fit), paired match by
match: the win rate difference and the lives-per-deal difference, each with its 95 %
interval. Adopt a fitted row only if that check gains (docs/bots-experiments.md,
round 5).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.hard_variants import PRESETS
from engine.arena import build_rules
from engine.bots import HardBot, MediumBot
from engine.bots.core import RulesInfo
from engine.bots.params import Params, levels_for
from engine.match import Match

# -- the numbers a vector moves (each 0 = today's value) --------------------------------


@dataclasses.dataclass(frozen=True)
class Knob:
    """One coordinate of the search: its name, the spread it starts with, and how it
    changes a ``Params`` (``value`` 0 leaves it as it is)."""

    name: str
    spread: float
    apply: Callable[[Params, float], Params]


def _shift_knock(cycles: slice) -> Callable[[Params, float], Params]:
    def apply(p: Params, x: float) -> Params:
        rows = tuple(
            (n, tuple(t + x if i in range(len(row))[cycles] else t for i, t in enumerate(row)))
            for n, row in p.knock
        )
        return dataclasses.replace(p, knock=rows)

    return apply


def _add(field: str) -> Callable[[Params, float], Params]:
    return lambda p, x: dataclasses.replace(p, **{field: getattr(p, field) + x})


def _scale_feed(p: Params, x: float) -> Params:
    f = math.exp(x)  # a factor: 0 keeps today's weights
    return dataclasses.replace(
        p,
        feed_31=p.feed_31 * f,
        feed_share=tuple((n, w * f) for n, w in p.feed_share),
        feed_share_many=p.feed_share_many * f,
    )


KNOBS: dict[str, tuple[Knob, ...]] = {
    "medium": (
        Knob("knock_first", 1.5, _shift_knock(slice(0, 1))),
        Knob("knock_later", 1.0, _shift_knock(slice(1, None))),
        Knob("knock_margin", 0.1, _add("knock_margin")),
        Knob("alpha", 0.25, _add("alpha")),
        Knob("feed_log", 0.4, _scale_feed),
        Knob("deal_keep", 1.5, _add("deal_keep")),
    ),
    "hard": (
        Knob("knock_first", 1.5, _shift_knock(slice(0, 1))),
        Knob("knock_later", 1.0, _shift_knock(slice(1, None))),
        Knob("rollout_swap2_margin", 0.5, _add("rollout_swap2_margin")),
    ),
}


def params_of(level: str, base: Params, vector: Sequence[float]) -> Params:
    """``base`` moved by ``vector`` (one value per knob of ``level``)."""
    p = base
    for knob, x in zip(KNOBS[level], vector, strict=True):
        p = knob.apply(p, x)
    return p


# -- paired matches ------------------------------------------------------------------------


@dataclasses.dataclass
class Result:
    wins: list[float]  # per match
    lives: list[float]  # per match: lives lost per deal by the seat under test


def play(label: str, level: str, numbers: Params, seeds: Sequence[int], samples: int) -> Result:
    """The bot of ``level`` with ``numbers`` in seat ``i % 4`` of match ``i`` (seeded by
    ``seeds[i]``) against three medium bots with today's numbers; the medium bots and
    the bot's generators depend on the match seed and seat only, so two runs with
    different numbers play the same deals against the same opponents."""
    base, settings = PRESETS[label]
    rules = build_rules(base, settings)
    players = 4
    wins, lives = [], []
    for i, mseed in enumerate(seeds):
        match = Match(rules, players=players, seed=mseed)
        me = i % players
        others = {s: MediumBot(seed=mseed * 10 + s) for s in range(players) if s != me}
        mine = MediumBot(seed=mseed * 10 + me, params=numbers)
        start, deals = match.lives()[me], 0
        while not match.is_over():
            if match.lives()[me] >= 0:
                deals = match.deal_count  # the deals this seat played in
            seat = match.current_player()
            obs = match.observation(seat)
            if seat != me:
                action = others[seat].choose(obs)
            elif level == "medium":
                action = mine.choose(obs)
            else:  # like the page: a fresh hard bot for each decision
                key = f"{mseed}:{len(match.actions)}"
                bot = HardBot(random.Random(key).getrandbits(48), samples, params=numbers)
                action = bot.choose(obs)
            match.apply(action)
        w = match.winner()
        winners = w if isinstance(w, list) else [w]
        wins.append(1 / len(winners) if me in winners else 0.0)
        lost = start - max(match.lives()[me], -1)
        lives.append(lost / max(deals, 1))
    return Result(wins, lives)


def score(r: Result, kind: str) -> float:
    return statistics.mean(r.wins) if kind == "win" else -statistics.mean(r.lives)


def match_seeds(seed: int, stream: str, n: int) -> list[int]:
    rng = random.Random(f"{seed}:{stream}")  # a str: a stable seed on every Python
    return [rng.getrandbits(32) for _ in range(n)]


def paired(a: Sequence[float], b: Sequence[float]) -> tuple[float, float]:
    """Mean of ``b - a`` match by match and the half-width of its 95 % interval."""
    d = [y - x for x, y in zip(a, b, strict=True)]
    return statistics.mean(d), 1.96 * statistics.stdev(d) / math.sqrt(len(d))


# -- the cross-entropy method ---------------------------------------------------------------


def fit(a: argparse.Namespace) -> dict[str, object]:
    info = RulesInfo.of(build_rules(*PRESETS[a.preset]))
    base = getattr(levels_for(info), a.level)
    knobs = KNOBS[a.level]
    rng = random.Random(a.seed)
    mean = [0.0] * len(knobs)
    wider = dict(_pair(x) for x in a.spread.split(",") if x) if a.spread else {}
    unknown = set(wider) - {k.name for k in knobs}
    if unknown:
        raise SystemExit(f"--spread: no knob {', '.join(sorted(unknown))} for {a.level}")
    spread = [wider.get(k.name, k.spread) for k in knobs]
    elite_n = max(2, a.population // 4)
    played, cpu0 = 0, time.process_time()
    history: list[dict[str, object]] = []
    out: dict[str, object] = {}
    for g in range(a.generations):
        seeds = match_seeds(a.seed, f"fit{g}", a.matches)
        today = play(a.preset, a.level, base, seeds, a.samples)
        pop = [
            [rng.gauss(m, s) for m, s in zip(mean, spread, strict=True)]
            for _ in range(a.population)
        ]
        scored = []
        for v in pop:
            r = play(a.preset, a.level, params_of(a.level, base, v), seeds, a.samples)
            dw, _ = paired(today.wins, r.wins)
            scored.append((score(r, a.score) - score(today, a.score), dw, v))
        played += a.matches * (a.population + 1)
        scored.sort(key=lambda t: -t[0])
        elite = [v for _, _, v in scored[:elite_n]]
        for j in range(len(knobs)):
            xs = [v[j] for v in elite]
            mean[j] = 0.3 * mean[j] + 0.7 * statistics.mean(xs)
            sd = statistics.pstdev(xs)
            spread[j] = max(
                0.3 * spread[j] + 0.7 * sd, 0.1 * wider.get(knobs[j].name, knobs[j].spread)
            )
        best = scored[0]
        history.append(
            {
                "generation": g,
                "best_gain": best[0],
                "best_win_gain": best[1],
                "mean": mean[:],
                "spread": spread[:],
            }
        )
        print(
            f"gen {g}: best {a.score} gain {best[0]:+.4f} (win {100 * best[1]:+.1f} pts), "
            f"mean "
            + ", ".join(f"{k.name}={m:+.2f}" for k, m in zip(knobs, mean, strict=True))
            + f"  [{played} matches, {time.process_time() - cpu0:.0f} CPU s]",
            flush=True,
        )
        out = {
            "preset": a.preset,
            "level": a.level,
            "seed": a.seed,
            "score": a.score,
            "generations": g + 1,
            "population": a.population,
            "matches": a.matches,
            "samples": a.samples,
            "knobs": [k.name for k in knobs],
            "vector": mean,
            "matches_played": played,
            "cpu_s": round(time.process_time() - cpu0, 1),
            "history": history,
            "params": repr(params_of(a.level, base, mean)),
        }
        if a.out:  # after every generation: a run stopped early keeps what it found
            Path(a.out).write_text(json.dumps(out, indent=1))
    print(f"budget: {played} matches, {out['cpu_s']} CPU s")
    print(f"chosen: {out['params']}")
    return out


def _pair(text: str) -> tuple[str, float]:
    name, _, value = text.partition("=")
    return name.strip(), float(value)


def check(a: argparse.Namespace) -> dict[str, object]:
    fitted = json.loads(Path(a.check).read_text())
    if (fitted["preset"], fitted["level"]) != (a.preset, a.level):
        raise SystemExit(f"{a.check} fits {fitted['preset']} {fitted['level']}")
    info = RulesInfo.of(build_rules(*PRESETS[a.preset]))
    base = getattr(levels_for(info), a.level)
    seeds = match_seeds(a.seed, "check", a.matches)
    cpu0 = time.process_time()
    today = play(a.preset, a.level, base, seeds, a.samples)
    cand = play(a.preset, a.level, params_of(a.level, base, fitted["vector"]), seeds, a.samples)
    dw, hw = paired(today.wins, cand.wins)
    dl, hl = paired(today.lives, cand.lives)
    cpu = time.process_time() - cpu0
    print(
        f"{a.preset} {a.level}, {a.matches} paired matches (seed {a.seed}, {cpu:.0f} CPU s): "
        f"win {100 * statistics.mean(today.wins):.1f} % -> "
        f"{100 * statistics.mean(cand.wins):.1f} %, "
        f"difference {100 * dw:+.1f} ± {100 * hw:.1f} points; lives lost a deal "
        f"{statistics.mean(today.lives):.3f} -> {statistics.mean(cand.lives):.3f} "
        f"({dl:+.3f} ± {hl:.3f})"
    )
    return {
        "check_seed": a.seed,
        "matches": a.matches,
        "win_today": statistics.mean(today.wins),
        "win_fitted": statistics.mean(cand.wins),
        "win_diff": dw,
        "win_half": hw,
        "lives_diff": dl,
        "lives_half": hl,
        "cpu_s": round(cpu, 1),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--preset", default="pub", choices=sorted(PRESETS))
    ap.add_argument("--level", default="medium", choices=sorted(KNOBS))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--generations", type=int, default=5)
    ap.add_argument("--population", type=int, default=8)
    ap.add_argument("--matches", type=int, default=60)
    ap.add_argument("--samples", type=int, default=192, help="hard's determinizations")
    ap.add_argument("--score", default="lives", choices=("lives", "win"))
    ap.add_argument(
        "--spread",
        help="starting spreads, e.g. knock_first=5,knock_later=5 (Pub's hand values skip "
        "22-29, so a knock threshold must move far to matter there)",
    )
    ap.add_argument("--check", help="a fit's JSON: check it on fresh paired matches")
    ap.add_argument("--out")
    a = ap.parse_args()
    result = check(a) if a.check else fit(a)
    if a.out:
        Path(a.out).write_text(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
