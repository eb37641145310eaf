"""Play the bot ladder and write docs/bots.md with the plot docs/bots.svg.

    python scripts/bots_report.py                      # 1000 matches per pairing
    python scripts/bots_report.py --matches 200 --hard-matches 100 --workers 2
    python scripts/bots_report.py --from-json docs/bots.json   # rewrite the docs only

Each level plays against three of the level below (easy vs random, medium vs
easy, hard vs medium), 4 players, on knack, classic, hosenowi and
hosenowi+luegen, through ``engine.arena.run`` (seats rotate every match).
Matches are split into chunks of 100 with their own seeds and spread over
``--workers`` processes. The raw figures go to docs/bots.json.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

PRESETS = [
    ("knack", []),
    ("classic", []),
    ("hosenowi", []),
    ("hosenowi+luegen", ["luegen=true"]),
]
PAIRINGS = [
    ("easy", "random", 0.60),
    ("medium", "easy", 0.40),
    ("hard", "medium", 0.35),
]
CHUNK = 100


def hard_factory(seed: int):
    """The hard bot with the sample count of the environment (see --hard-samples)."""
    import os

    from engine.bots import make

    return make("hard", seed, samples=int(os.environ.get("BOTS_REPORT_HARD_SAMPLES", "20")))


def _play_chunk(job):
    import os

    from engine.arena import build_rules, run

    preset_name, settings, specs, matches, seed, hard_samples = job
    os.environ["BOTS_REPORT_HARD_SAMPLES"] = str(hard_samples)
    spec_list = [
        f"{Path(__file__).resolve()}:hard_factory" if s == "hard" else s for s in specs
    ]
    rules = build_rules(preset_name.split("+")[0], settings)
    r = run(rules, len(specs), spec_list, matches, seed)
    return {
        "wins": r["bots"][0]["wins"],
        "matches": matches,
        "cpu": r["cpu_seconds"],
        "seconds": r["seconds"],
    }


def ladder(
    matches: int, hard_matches: int, hard_samples: int, workers: int, seed: int, levels=None
):
    jobs = []
    for preset_name, settings in PRESETS:
        for top, below, _ in PAIRINGS:
            if levels and top not in levels:
                continue
            n = hard_matches if top == "hard" else matches
            specs = [top, below, below, below]
            for c in range(0, n, CHUNK):
                size = min(CHUNK, n - c)
                chunk_seed = seed * 100003 + len(jobs)
                jobs.append(((preset_name, settings, specs, size, chunk_seed, hard_samples), top))
    results: dict[tuple[str, str], dict] = {}
    start = time.perf_counter()
    with ProcessPoolExecutor(max_workers=workers) as pool:
        outs = list(pool.map(_play_chunk, [j for j, _ in jobs]))
    for (job, top), out in zip(jobs, outs, strict=True):
        key = (job[0], top)
        acc = results.setdefault(
            key,
            {"preset": job[0], "bot": top, "against": job[2][1], "wins": 0.0, "matches": 0,
             "cpu_seconds": 0.0},
        )
        acc["wins"] += out["wins"]
        acc["matches"] += out["matches"]
        acc["cpu_seconds"] = round(acc["cpu_seconds"] + out["cpu"], 2)
    rows = []
    for preset_name, _ in PRESETS:
        for top, _below, target in PAIRINGS:
            if (preset_name, top) not in results:
                continue
            acc = results[(preset_name, top)]
            p = acc["wins"] / acc["matches"]
            half = 1.96 * math.sqrt(max(p * (1 - p), 1e-12) / acc["matches"])
            acc.update(
                win_rate=round(p, 4),
                ci_low=round(max(0.0, p - half), 4),
                ci_high=round(min(1.0, p + half), 4),
                target=target,
                met=p >= target,
            )
            rows.append(acc)
    return {
        "rows": rows,
        "hard_samples": hard_samples,
        "workers": workers,
        "seed": seed,
        "wall_seconds": round(time.perf_counter() - start, 1),
        "cpu_seconds": round(sum(r["cpu_seconds"] for r in rows), 1),
        "python": sys.version.split()[0],
    }


# --------------------------------------------------------------------- plot
COLORS = {"easy": "#7fb77e", "medium": "#e0a458", "hard": "#c8553d"}


def svg_plot(data: dict) -> str:
    """A grouped bar chart of win rates with 95% intervals, parity and targets."""
    rows = data["rows"]
    w, h = 760, 360
    left, right, top, bottom = 60, 20, 40, 70
    plot_w, plot_h = w - left - right, h - top - bottom
    groups = [p for p, _ in PRESETS]
    gw = plot_w / len(groups)
    bw = gw / (len(PAIRINGS) + 1.5)

    def y(v: float) -> float:
        return top + plot_h * (1 - v)

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
        f'viewBox="0 0 {w} {h}" font-family="sans-serif" font-size="12">',
        f'<rect width="{w}" height="{h}" fill="white"/>',
        f'<text x="{w / 2}" y="22" text-anchor="middle" font-size="15">'
        "Win rate against three bots of the level below (4 players, 95% CI)</text>",
    ]
    for i in range(0, 11, 2):
        v = i / 10
        out.append(
            f'<line x1="{left}" y1="{y(v):.1f}" x2="{w - right}" y2="{y(v):.1f}" '
            'stroke="#ddd"/>'
        )
        out.append(
            f'<text x="{left - 6}" y="{y(v) + 4:.1f}" text-anchor="end">{int(v * 100)}%</text>'
        )
    out.append(
        f'<line x1="{left}" y1="{y(0.25):.1f}" x2="{w - right}" y2="{y(0.25):.1f}" '
        'stroke="#555" stroke-dasharray="5,4"/>'
    )
    for gi, g in enumerate(groups):
        x0 = left + gi * gw + bw * 0.75
        for pi, (top_bot, below, target) in enumerate(PAIRINGS):
            row = next(r for r in rows if r["preset"] == g and r["bot"] == top_bot)
            x = x0 + pi * bw
            v = row["win_rate"]
            out.append(
                f'<rect x="{x:.1f}" y="{y(v):.1f}" width="{bw * 0.85:.1f}" '
                f'height="{y(0) - y(v):.1f}" fill="{COLORS[top_bot]}">'
                f"<title>{top_bot} vs 3 {below} on {g}: {v:.1%} "
                f"[{row['ci_low']:.1%}, {row['ci_high']:.1%}], {row['matches']} matches"
                "</title></rect>"
            )
            cx = x + bw * 0.425
            out.append(
                f'<line x1="{cx:.1f}" y1="{y(row["ci_low"]):.1f}" x2="{cx:.1f}" '
                f'y2="{y(row["ci_high"]):.1f}" stroke="black"/>'
            )
            for end in ("ci_low", "ci_high"):
                out.append(
                    f'<line x1="{cx - 4:.1f}" y1="{y(row[end]):.1f}" x2="{cx + 4:.1f}" '
                    f'y2="{y(row[end]):.1f}" stroke="black"/>'
                )
            out.append(
                f'<line x1="{x - 2:.1f}" y1="{y(target):.1f}" x2="{x + bw * 0.85 + 2:.1f}" '
                f'y2="{y(target):.1f}" stroke="black" stroke-width="2"/>'
            )
        out.append(
            f'<text x="{left + gi * gw + gw / 2:.1f}" y="{h - bottom + 18}" '
            f'text-anchor="middle">{g}</text>'
        )
    lx = left
    for top_bot, below, target in PAIRINGS:
        out.append(
            f'<rect x="{lx}" y="{h - 30}" width="12" height="12" fill="{COLORS[top_bot]}"/>'
        )
        out.append(
            f'<text x="{lx + 16}" y="{h - 20}">{top_bot} vs 3 {below} '
            f"(target {target:.0%})</text>"
        )
        lx += 200
    out.append(f'<text x="{w - right}" y="{h - 38}" text-anchor="end">— target</text>')
    out.append(
        f'<line x1="{w - right - 90}" y1="{h - 24}" x2="{w - right - 66}" y2="{h - 24}" '
        'stroke="#555" stroke-dasharray="5,4"/>'
    )
    out.append(f'<text x="{w - right}" y="{h - 20}" text-anchor="end">parity 25%</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


# --------------------------------------------------------------------- markdown
DOC_HEAD = """# Bots

Computer players for every preset and option (deal choice, hidden deal, swap
one/two/all, passing, 7-8-9, each knock rule, Mistery, Lügen). They see only
`match.observation(seat)` and draw randomness from their own seeded
`random.Random`, so a bot's play depends on the observation and its seed only.

## API

```python
from engine import bots
bot = bots.make("hard", seed=7)               # names: bots.NAMES
action = bot.choose(match.observation(seat))  # one of observation.legal_actions
bots.make("hard", seed=7, samples=20, budget_ms=None)  # reproducible default
bots.make("hard", seed=7, samples=200, budget_ms=50)   # wall-time cap
bots.hint(observation, budget_ms=300, samples=48, seed=0)
# -> [Hint(action, p_safe), ...] best first: every legal action with the estimated
#    probability of not losing a life in this deal
```

`make(name, seed=0, **options)` raises `engine.InvalidInputError` listing the
known names for an unknown one. `hard` takes `samples` (determinizations per
decision; fixed work, so results are reproducible; used by tests, the arena
and the ladder), `budget_ms` (a wall-time cap, `None` for none) and `top_k`
(how many of medium's best moves it searches besides knock, pass and new).

## The levels

- **random**: a uniformly random legal action.
- **easy** (a beginner): the swap that maximizes its own hand value now, with
  noise; overlooks a move now and then (20%); knocks at a fixed 27 (24 from
  the fifth cycle); keeps a dealt hand worth about 18 or more; in Lügen mostly
  truthful, challenges like medium but sometimes at random.
- **medium** (solid heuristic): scores every legal move by the resulting
  hand's value plus half its expected gain from one more swap with an unseen
  card, minus what the table it leaves is worth to the next player: a large
  price for a likely 31 (from the cards that player is known to hold, i.e.
  took from the table) and a share of its expected gain from the table (more
  with fewer players). It takes a 31 or Feuer at once, knocks at thresholds
  measured in self-play by number of players and cycle (higher when swimming
  or under `knocker_pays_ties`) or when an opponent model says a knock is
  safe; makes the deal choice by comparing its hand with random hands from
  the unseen cards; uses 7-8-9 when the table offers little; swaps blindly
  with the Mistery card when the expected value is better (and remembers the
  card it put there); in the hidden deal keeps the best three of five without
  passing on strong pairs.
- **hard** (search): determinized Monte-Carlo. For a turn it takes medium's
  best few moves plus knock, pass and new, deals the unseen cards at random
  many times consistently with its observation, weights each deal by how well
  it explains every opponent's turns in this deal (a guessed hand is walked
  back through the public swaps; moves far from the best immediate option,
  and passing up a knock with a hand above the knock threshold, make it
  unlikely), resamples, plays every candidate in every sample to the
  end of the deal with a fast rollout policy in the bots' own simulator, and
  keeps the move with the best mean outcome (no life lost = 0, a life = -1,
  elimination extra). The deal choice is searched the same way.
- **Lügen** (all levels, `engine/bots/luegen.py`): the decider challenges the
  announcement most likely false when that beats giving up: an announcement
  no unseen third card can make true is a certain lie; otherwise a Bayesian
  estimate from how many unseen cards would make it true. Announcers tell the
  truth when they are not the lowest so far (showing the pair that makes the
  truth look least likely, to invite a losing challenge); otherwise they lie,
  with a probability growing with the danger, to the smallest believable
  value above the lowest announcement.

Files: `engine/bots/` (`__init__.py` make/NAMES, `random_bot.py`,
`heuristic.py` easy and medium, `hard.py`, `hint.py`, `luegen.py`,
`evaluate.py` hand evaluation, `model.py` knock thresholds and opponent
model, `sim.py` the fast deal simulator, `sampler.py` determinization,
`observe.py` observation to `View`, `view.py`, `core.py` integer cards).
Tests: `tests/bots/` (every bot in every preset and option, determinism,
information, blunders, hint, fast scoring against the engine's).
"""


def markdown(data: dict) -> str:
    rows = data["rows"]
    lines = [DOC_HEAD, "## Ladder", ""]
    lines.append(
        f"Regenerate with `python scripts/bots_report.py` (this run: "
        f"{data['cpu_seconds']:.0f} CPU-seconds, {data['wall_seconds']:.0f} s wall on "
        f"{data['workers']} worker processes, Python {data['python']}, hard with "
        f"`samples={data['hard_samples']}`). 4 players, seats rotating every match; "
        "win rate = wins / matches, a shared first place (`first_out`) counting as a "
        "fraction; 95% confidence interval by the normal approximation. Parity is 25%."
    )
    lines.append("")
    lines.append("| preset | bot | against | matches | win rate | 95% CI | target | met |")
    lines.append("|---|---|---|---:|---:|---|---:|---|")
    for r in rows:
        lines.append(
            f"| {r['preset']} | {r['bot']} | 3 × {r['against']} | {r['matches']} | "
            f"{r['win_rate']:.1%} | {r['ci_low']:.1%} – {r['ci_high']:.1%} | "
            f"{r['target']:.0%} | {'yes' if r['met'] else '**no**'} |"
        )
    lines.append("")
    lines.append("![win rates with 95% confidence intervals](bots.svg)")
    lines.append("")
    notes = data.get("notes")
    if notes:
        lines.append("### Notes")
        lines.append("")
        lines.extend(notes)
        lines.append("")
    return "\n".join(lines)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--matches", type=int, default=1000)
    ap.add_argument("--hard-matches", type=int, default=None)
    ap.add_argument("--hard-samples", type=int, default=20)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--from-json", default=None, help="rewrite the docs from saved figures")
    ap.add_argument("--note", action="append", default=[], help="a note line for the doc")
    ap.add_argument(
        "--levels", default=None, help="only these bots' pairings (comma-separated), e.g. hard"
    )
    ap.add_argument(
        "--merge", default=None, help="figures (JSON) whose other rows are kept with --levels"
    )
    ap.add_argument("--out", default=str(ROOT / "docs"))
    a = ap.parse_args(argv)
    out = Path(a.out)
    if a.from_json:
        data = json.loads(Path(a.from_json).read_text())
    else:
        hard_matches = a.hard_matches if a.hard_matches is not None else a.matches
        levels = set(a.levels.split(",")) if a.levels else None
        data = ladder(a.matches, hard_matches, a.hard_samples, a.workers, a.seed, levels)
        if a.merge:
            old = json.loads(Path(a.merge).read_text())
            new = {(r["preset"], r["bot"]): r for r in data["rows"]}
            keep = {(r["preset"], r["bot"]): r for r in old["rows"]}
            keep.update(new)
            order = [(p, t) for p, _ in PRESETS for t, _, _ in PAIRINGS]
            data["rows"] = [keep[k] for k in order if k in keep]
            data["cpu_seconds"] = round(sum(r["cpu_seconds"] for r in data["rows"]), 1)
            data["wall_seconds"] = round(old["wall_seconds"] + data["wall_seconds"], 1)
    if a.note:
        data["notes"] = [f"- {n}" for n in a.note]
    out.mkdir(parents=True, exist_ok=True)
    (out / "bots.json").write_text(json.dumps(data, indent=1) + "\n")
    (out / "bots.svg").write_text(svg_plot(data))
    (out / "bots.md").write_text(markdown(data))
    for r in data["rows"]:
        print(
            f"{r['preset']:<16} {r['bot']:<7} vs 3 {r['against']:<7} {r['matches']:>5} "
            f"{r['win_rate']:.3f} [{r['ci_low']:.3f}, {r['ci_high']:.3f}] target "
            f"{r['target']:.2f} {'ok' if r['met'] else 'MISSED'}"
        )
    print(f"cpu {data['cpu_seconds']} s, wall {data['wall_seconds']} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
