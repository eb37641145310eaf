"""How often the rollout policy plays what the medium bots really play, by kind and cycle.

    python bench/policy_agreement.py --preset pub --matches 40
    python bench/policy_agreement.py --preset pub --matches 40 --policy fitted

The hard bot's search plays every seat to the end of the deal with a cheap policy
(``sim.greedy``); its verdicts are only as good as that policy is a picture of how
the other seats play. This plays matches of four medium bots (seeded from the
match) and, at every turn of a seat with more than one legal move, asks the policy
what it would play in the same position (the true hands: the policy reads only its
own hand, the table and the cycle) and compares it with medium's move. Printed:
agreement of the kind of move (knock, pass, swap, swap-two, all, ...) and of the
exact move, by medium's kind and by cycle, and the moves most often confused.
``--policy``: ``greedy`` (``sim.greedy``, the default) or ``fitted`` (below: greedy
with medium's look-ahead measure of a hand; docs/bots-experiments.md has both).
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.find_blunders import true_deal
from bench.hard_variants import PRESETS
from engine import Match, Phase
from engine.arena import build_rules
from engine.bots import make, sim
from engine.bots.core import deck_ids
from engine.bots.observe import view_of

# -- a rollout policy nearer to how medium plays (measured, not adopted) --------

_LOOK: dict = {}
"""Per rule set: the look-ahead value of three cards (see ``look``), filled lazily."""


def look(d: sim.Deal, a: int, b: int, c: int) -> float:
    """Medium's measure of a hand without the table: its value plus half the
    expected gain of one more swap with any card of the deck it does not hold
    (medium counts only the unseen cards; the deck is the rollout's cheap
    stand-in), plus a hundredth of its points as the tie-break ``qt`` has."""
    cache = _LOOK.get(d.info)
    if cache is None:
        cache = _LOOK[d.info] = {}
    key = a << 12 | b << 6 | c
    got = cache.get(key)
    if got is not None:
        return got
    st = d.st
    A, B = a << 12, b << 6
    base = st[A | B | c]
    total = 0.0
    n = 0
    for x in deck_ids(d.info.deck):
        if x in (a, b, c):
            continue
        best = base
        v = st[x << 12 | B | c]
        if v > best:
            best = v
        v = st[A | x << 6 | c]
        if v > best:
            best = v
        v = st[A | B | x]
        if v > best:
            best = v
        total += best
        n += 1
    got = d.qt[key] + 0.5 * (total / n - base)
    for k in (
        key,
        a << 12 | c << 6 | b,
        b << 12 | a << 6 | c,
        b << 12 | c << 6 | a,
        c << 12 | a << 6 | b,
        c << 12 | b << 6 | a,
    ):
        cache[k] = got
    return got


def fitted(d: sim.Deal) -> tuple:
    """``greedy`` with medium's measure of a hand (``look``) for every single swap,
    swap-two, swap-all and pass: medium plays for the next swap too."""
    info = d.info
    if info.hidden or info.mistery or info.seven_eight_nine:
        return sim.greedy(d)
    seat = d.cur
    hand = d.hands[seat]
    a, b, c = hand
    final = d.knocker >= 0
    v = d.st[a << 12 | b << 6 | c]
    if not final and d.can_knock(seat) and v >= sim.knock_threshold(len(d.order), d.cycle, d.thr):
        return ("knock",)
    if final:
        return sim.greedy(d)
    table = d.table
    cur = look(d, a, b, c)
    best_q = cur + 0.05 if info.passing else -1.0
    best: tuple = ("pass",)
    for t in range(3):
        x = table[t]
        for h, q in (
            (0, look(d, x, b, c)),
            (1, look(d, a, x, c)),
            (2, look(d, a, b, x)),
        ):
            if q > best_q:
                best_q, best = q, ("swap", h, t)
    q = look(d, table[0], table[1], table[2])
    if q > best_q:
        best_q, best = q, ("all",)
    if info.swap_two:
        for h1 in range(3):
            for h2 in range(h1 + 1, 3):
                for t1 in range(3):
                    for t2 in range(3):
                        if t1 == t2:
                            continue
                        h3 = hand[:]
                        h3[h1] = table[t1]
                        h3[h2] = table[t2]
                        q = look(d, h3[0], h3[1], h3[2])
                        if q > best_q:
                            best_q, best = q, ("swap2", h1, t1, h2, t2)
    return best


POLICIES = {"greedy": sim.greedy, "fitted": fitted}
"""The policies ``--policy`` (and ``bench/hard_variants.py``'s ``policy=NAME``) can name."""


def same_move(a: tuple, b: tuple) -> bool:
    """Equal moves (a swap-two's two swaps in either order)."""
    if a[0] == "swap2" and b[0] == "swap2":
        return {a[1:3], a[3:5]} == {b[1:3], b[3:5]}
    return a == b


def run(label: str, matches: int, seed: int, policy, players: int = 4) -> dict:
    base, settings = PRESETS[label]
    rules = build_rules(base, settings)
    seeds = random.Random(seed)
    kind_ok: Counter = Counter()
    exact_ok: Counter = Counter()
    seen: Counter = Counter()
    by_cycle: Counter = Counter()
    by_cycle_ok: Counter = Counter()
    confused: Counter = Counter()
    for i in range(matches):
        match = Match(rules, players=players, seed=seeds.getrandbits(32))
        meds = {p: make("medium", seed=(seed * 100_003 + i) * 10 + p) for p in range(players)}
        while not match.is_over():
            seat = match.current_player()
            obs = match.observation(seat)
            actions = list(obs.legal_actions)
            if len(actions) == 1:
                match.apply(actions[0])
                continue
            view = view_of(obs)
            idx = meds[seat].decide(view)
            if view.phase == Phase.PLAY and not view.info.hidden:
                played = view.legal[idx]
                d = true_deal(match, view)
                guess = policy(d)
                seen[played[0]] += 1
                cyc = min(view.cycle, 3)
                by_cycle[cyc] += 1
                if guess[0] == played[0]:
                    kind_ok[played[0]] += 1
                    by_cycle_ok[cyc] += 1
                else:
                    confused[(played[0], guess[0])] += 1
                if same_move(guess, played):
                    exact_ok[played[0]] += 1
            match.apply(actions[idx])
    return {
        "seen": seen,
        "kind_ok": kind_ok,
        "exact_ok": exact_ok,
        "by_cycle": by_cycle,
        "by_cycle_ok": by_cycle_ok,
        "confused": confused,
    }


def report(r: dict) -> str:
    total = sum(r["seen"].values())
    lines = [
        f"{total} turns; kind agrees {100 * sum(r['kind_ok'].values()) / total:.1f} %, "
        f"exact move {100 * sum(r['exact_ok'].values()) / total:.1f} %",
        "",
        "| medium played | turns | same kind | same move |",
        "|---|---:|---:|---:|",
    ]
    for kind, n in r["seen"].most_common():
        lines.append(
            f"| {kind} | {n} | {100 * r['kind_ok'][kind] / n:.1f} % "
            f"| {100 * r['exact_ok'][kind] / n:.1f} % |"
        )
    lines += ["", "| cycle | turns | same kind |", "|---|---:|---:|"]
    for c in sorted(r["by_cycle"]):
        n = r["by_cycle"][c]
        name = f"{c}+" if c == 3 else str(c)
        lines.append(f"| {name} | {n} | {100 * r['by_cycle_ok'][c] / n:.1f} % |")
    lines += ["", "most often confused (medium played -> the policy):"]
    for (a, b), n in r["confused"].most_common(8):
        lines.append(f"  {a} -> {b}: {n}")
    return "\n".join(lines)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--preset", default="pub", choices=sorted(PRESETS))
    ap.add_argument("--matches", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--policy", default="greedy", choices=sorted(POLICIES))
    a = ap.parse_args(argv)
    policy = POLICIES[a.policy]
    print(f"{a.preset}, {a.matches} matches of four medium bots, policy {a.policy}")
    print(report(run(a.preset, a.matches, a.seed, policy)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
