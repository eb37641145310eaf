"""Hard against three medium with variants of the hard bot (experiments, not the ladder).

    python bench/hard_variants.py --samples 24 --variant beta=1 --matches 1000 --out r.json
    python bench/hard_variants.py --preset pub --bot hard_frozen --matches 300 --out a.json
    python bench/hard_variants.py --summary r1.json r2.json ...
    python bench/hard_variants.py --paired a.json b.json   # the same matches, match by match

Knack by default (``--preset``: a ladder label such as ``pub`` or ``hosenowi+luegen``),
4 players, hard in position 0 with the seats rotating every match (as the
arena does). Like the page, hard is made fresh for each decision with a seed from
the match, the seat and the move number, and a fixed ``samples``. Records the
win (a shared first place as a fraction), hard's lives lost per deal, and the
time of each hard decision with more than one legal action (wall and process
CPU time; CPU time is the steadier figure on a shared machine). The medium bots
are seeded afresh for every match (from the seed, the match and the seat), so two
runs with the same seed play the same match deals against the same opponents and
``--paired`` compares them match by match. ``--bot hard_frozen`` plays the hard
bot of a pinned revision (``bench/frozen.py``) instead of today's; ``--opponents
hard_frozen`` (or ``hard``) seats three of those instead of the medium bots, each
made fresh for each decision like the bot under test (parity is then 25 %). ``--variant``
patches the bot for the run only (``+`` joins several):

- ``topk=K``: search medium's best K moves (default 4);
- ``beta=B``: sharpness of the opponent model (``sampler.BETA``, default 1.0;
  it was 0.5 before round 2);
- ``guesses=G``: guesses drawn and weighed per opponent and decision, on every
  rule set (``sampler.guesses_for``: 384 where nobody knocks in the first cycle,
  as on knack, 96 elsewhere; before that 96 everywhere);
- ``noknockw=W``: weight of "could have knocked but did not"
  (``sampler.NOT_KNOCKING``, default 0.7);
- ``tie``: the knock thresholds of the model and the rollouts raised by 0.5
  under ``knocker_pays_ties``, as medium actually knocks;
- ``knockadd=X``: the knock thresholds of the opponent model and the rollouts
  raised by ``X``;
- ``margin=M``: medium's favourite move kept unless the search finds another
  better by ``M`` lives a deal (``hard.PRIOR_MARGIN``, default 0);
- ``policy=NAME``: the search's rollouts (turns and the deal choice) play the
  policy ``NAME`` of ``bench/policy_agreement.py`` (``fitted``) instead of ``sim.greedy``;
- ``elim=E``: the extra cost of an elimination in the utility (``hard.ELIMINATION``,
  default 4; it was 2 before round 2);
- ``blind=all``: every blind Mistery swap is a candidate of the search, not only
  medium's favourite one (its face-down card is drawn in every world all the same);
- ``medium=KINDS``: hard plays medium's move (its prior's favourite) in the kinds of
  decision listed (``choose``, ``first``, ``later``, ``luegen``: ``hard.decision_kind``)
  and searches only in the others: where does the search gain (issue 42, item 3)?
- ``peek``: a ceiling, not a bot: hard's search sees the true hands (and the true
  face-down card) in every world, only the stock order drawn; the deal choice too.
  ``peek=first`` peeks in the first cycle only (the deal choice and cycle 0, before
  the other seats' turns say anything), ``peek=later`` from the second cycle on.
  What is left between it and medium is what the search frame itself (the candidates,
  the rollout policy, the utility) can win with perfect knowledge of the cards.

See docs/bots-experiments.md for the figures.
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
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import frozen
from engine import bots
from engine.arena import build_rules
from engine.bots import hard, model, sampler, sim
from engine.bots.params import DECISION_KINDS
from engine.match import Match

PRESETS = {
    f"{base}{suffix}": (base, settings)
    for base in ("knack", "classic", "pub", "hosenowi")
    for suffix, settings in (("", []), ("+luegen", ["luegen=true"]), ("+mistery", ["mistery=true"]))
}
"""A ladder label (``scripts/bots_report.py``): its preset and ``--set`` changes."""


def apply_variant(name: str) -> None:
    for part in name.split("+"):
        key, _, val = part.partition("=")
        if key == "base":
            continue
        if key == "topk":
            orig = hard.HardBot.__init__
            k = int(val)

            def init(self, seed=0, samples=192, budget_ms=None, top_k=4, _o=orig, _k=k):
                _o(self, seed, samples, budget_ms, _k)

            hard.HardBot.__init__ = init
        elif key == "guesses":
            g = int(val)
            sampler.guesses_for = lambda view, _g=g: _g
        elif key == "beta":
            sampler.BETA = float(val)
        elif key == "noknockw":
            sampler.NOT_KNOCKING = float(val)
        elif key == "tie":

            def thresholds(info, n, params=None, _f=model.knock_thresholds):
                add = 0.5 if info.knocker_pays_ties else 0.0
                return [t + add for t in _f(info, n, params)]

            sampler.knock_thresholds = thresholds
        elif key == "elim":
            hard.ELIMINATION = float(val)
        elif key == "margin":
            hard.PRIOR_MARGIN = float(val)
        elif key == "policy":
            from bench.policy_agreement import POLICIES

            policy = POLICIES[val]

            def fitted_rollout(d, policy=policy, limit=400):
                return sim.rollout(d, policy, limit)

            hard.rollout = fitted_rollout
        elif key == "blind" and val == "all":

            def search_every_blind(
                view, cands, rng, samples, budget_ms, params=None, _s=hard.search
            ):
                # decide() picks from the list it passed, so the extra moves go in there
                cands.extend(
                    i for i, m in enumerate(view.legal) if m[0] == "mistery" and i not in cands
                )
                return _s(view, cands, rng, samples, budget_ms, params)

            hard.search = search_every_blind
        elif key == "peek":
            _peek(val or "all")
        elif key == "value":
            name, *args = val.split(":")
            if name != "firstout":
                raise SystemExit(f"value={val}: firstout[:BASE:SCALE]")
            _first_out_value(*(float(x) for x in args))
        elif key == "medium":
            _medium_in(set(val.split(",")))
        elif key == "knockadd":
            add = float(val)

            def thresholds(info, n, params=None, _f=model.knock_thresholds, _a=add):
                return [t + _a for t in _f(info, n, params)]

            sampler.knock_thresholds = thresholds
        else:
            raise SystemExit(f"unknown variant {part!r}")


def _medium_in(kinds: set[str]) -> None:
    """``medium=KIND,...``: hard's numbers leave those kinds of decision out of
    ``Params.search``, so it plays medium's move there and searches in the others."""
    if not kinds <= set(DECISION_KINDS):
        raise SystemExit(f"medium={','.join(sorted(kinds))}: kinds are {DECISION_KINDS}")
    own = hard._Prior.numbers

    def numbers(self, view, _own=own):
        mine = _own(self, view)
        return dataclasses.replace(mine, search=mine.search - kinds)

    hard._Prior.numbers = numbers


def win_chance(lives: dict[int, int], me: int, base: float) -> float:
    """``first_out``: a seat's chance of winning a match that leaves ``lives``
    (below 0: out, which ends it; the most lives win, equal lives share the
    place), while it runs taken as proportional to ``base`` to the power of the
    seat's lives."""
    if any(v < 0 for v in lives.values()):
        best = max(lives.values())
        top = [s for s, v in lives.items() if v == best]
        return 1.0 / len(top) if me in top else 0.0
    return base ** lives[me] / sum(base**v for v in lives.values())


def _first_out_value(base: float = 2.5, scale: float = 10.0) -> None:
    """``value=firstout[:BASE:SCALE]``: under ``first_out`` (Hosen owi) the search
    values a deal by the change in this seat's chance of winning the match
    (``win_chance``, times ``scale`` to be in lives), so the others' losses count;
    elsewhere it keeps ``hard.utility``."""
    own = hard.deal_value

    def value(view):
        if not view.info.first_out:
            return own(view)
        me = view.seat
        before = {s: view.lives[s] for s in view.order}
        now = scale * win_chance(before, me, base)
        cache: dict[tuple, float] = {}

        def of(lost: dict[int, int]) -> float:
            key = tuple(lost.get(s, 0) for s in view.order)
            got = cache.get(key)
            if got is None:
                after = {s: v - lost.get(s, 0) for s, v in before.items()}
                if all(v < 0 for v in after.values()):
                    after = before  # nobody left: the deal is void
                got = cache[key] = scale * win_chance(after, me, base) - now
            return got

        return of

    hard.deal_value = value


_MATCH: list[Match] = []
"""The match being played, for the ``peek`` variant (set by ``play``)."""


def _peek(when: str) -> None:
    from bench.find_blunders import after_choice, true_deal

    fair_worlds, fair_after_choice = hard.iter_worlds, hard.sample_after_choice
    if when not in ("all", "first", "later"):
        raise SystemExit(f"peek={when}: all, first or later")

    def peeks(view) -> bool:
        return when == "all" or (view.cycle == 0) == (when == "first")

    def true_worlds(view, rng, samples, params=None):
        if not peeks(view):
            yield from fair_worlds(view, rng, samples, params=params)
            return
        base = true_deal(_MATCH[0], view)
        for _ in range(samples):
            d = base.clone()
            rng.shuffle(d.stock)
            yield d

    def true_after_choice(view, rng, take, params=None):
        if when == "later":
            return fair_after_choice(view, rng, take, params)
        d = after_choice(_MATCH[0], view, take)
        rng.shuffle(d.stock)
        d.rng = rng
        return d

    hard.iter_worlds = true_worlds
    hard.sample_after_choice = true_after_choice


def make_hard(bot: str, seed: int, samples: int):
    if bot == "hard":
        return bots.make("hard", seed=seed, samples=samples)
    return frozen.make(bot, seed, samples=samples)


def make_opponent(name: str, seed: int, samples: int):
    if name == "medium":
        return bots.make("medium", seed=seed)
    return make_hard(name, seed, samples)


def play(
    samples: int,
    matches: int,
    seed: int,
    players: int = 4,
    label="knack",
    bot="hard",
    opponents="medium",
) -> dict:
    base, settings = PRESETS[label]
    rules = build_rules(base, settings)
    seeds = random.Random(seed)
    per, loss, active, wall, cpu = [], [], [], [], []
    for i in range(matches):
        match = Match(rules, players=players, seed=seeds.getrandbits(32))
        me = i % players
        seats = [s for s in range(players) if s != me]
        meds = {
            s: bots.make("medium", seed=(seed * 100_003 + i) * 10 + p)
            for p, s in enumerate(seats, 1)
        }
        deals, lives, n_active = match.deal_count, match.lives()[me], players
        while not match.is_over():
            if match.deal_count != deals:
                now = match.lives()[me]
                if lives >= 0:
                    loss.append(lives - now)
                    active.append(n_active)
                deals, lives = match.deal_count, now
                n_active = sum(1 for v in match.lives() if v >= 0)
            seat = match.current_player()
            obs = match.observation(seat)
            if seat == me:
                _MATCH[:] = [match]
                key = f"{seed}:{i}:{len(match.actions)}"
                hard_bot = make_hard(bot, random.Random(key).getrandbits(48), samples)
                c0, w0 = time.process_time(), time.perf_counter()
                action = hard_bot.choose(obs)
                if len(obs.legal_actions) > 1:
                    cpu.append(time.process_time() - c0)
                    wall.append(time.perf_counter() - w0)
            elif opponents == "medium":
                action = meds[seat].choose(obs)
            else:  # like hard, made fresh for each decision
                key = f"{seed}:{i}:{len(match.actions)}"
                other = make_opponent(opponents, random.Random(key).getrandbits(48), samples)
                action = other.choose(obs)
            match.apply(action)
        now = match.lives()[me]
        if lives >= 0:
            loss.append(lives - now)
            active.append(n_active)
        w = match.winner()
        winners = w if isinstance(w, list) else [w]
        per.append(1 / len(winners) if me in winners else 0.0)
    return {
        "samples": samples,
        "preset": label,
        "bot": bot,
        "opponents": opponents,
        "seed": seed,
        "matches": matches,
        "wins": sum(per),
        "per_match": per,
        "deal_loss": loss,
        "deal_active": active,
        "ms_wall": [round(t * 1000, 3) for t in wall],
        "ms_cpu": [round(t * 1000, 3) for t in cpu],
    }


def wilson(k: float, n: int, z: float = 1.96) -> tuple[float, float]:
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return c - h, c + h


def quantile(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))]


def summary(paths: list[str]) -> None:
    for path in paths:
        r = json.loads(Path(path).read_text())
        n, k = r["matches"], r["wins"]
        lo, hi = wilson(k, n)
        dl = r["deal_loss"]
        m = statistics.mean(dl)
        half = 1.96 * statistics.stdev(dl) / math.sqrt(len(dl))
        ms = r.get("ms_cpu") or r["ms_wall"]
        print(
            f"{r.get('preset', 'knack'):<16} {r.get('bot', 'hard'):<12} "
            f"vs {r.get('opponents', 'medium'):<12} "
            f"{r.get('variant', 'base'):<16} samples={r['samples']:<3} matches={n:<5} "
            f"win {100 * k / n:5.1f}% [{100 * lo:4.1f}, {100 * hi:4.1f}]  "
            f"lives/deal {m:.3f} ± {half:.3f}  ms median {quantile(ms, 0.5):.1f} "
            f"p95 {quantile(ms, 0.95):.1f}"
        )


def paired(a_path: str, b_path: str) -> None:
    """Match-by-match difference of two runs on the same matches (b minus a)."""
    a, b = (json.loads(Path(x).read_text()) for x in (a_path, b_path))
    n = min(a["matches"], b["matches"])
    d = [y - x for x, y in zip(a["per_match"][:n], b["per_match"][:n], strict=True)]
    m = statistics.mean(d)
    half = 1.96 * statistics.stdev(d) / math.sqrt(n)
    print(
        f"{n} paired matches: {100 * statistics.mean(a['per_match'][:n]):.1f} % -> "
        f"{100 * statistics.mean(b['per_match'][:n]):.1f} %, difference "
        f"{100 * m:+.1f} ± {100 * half:.1f} points (95 %)"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--samples", type=int, default=192)
    ap.add_argument("--matches", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--variant", default="base")
    ap.add_argument("--out")
    ap.add_argument("--preset", default="knack", choices=sorted(PRESETS))
    ap.add_argument("--bot", default="hard", help="hard, or a bench/frozen.py name")
    ap.add_argument(
        "--opponents", default="medium", help="medium, hard, or a bench/frozen.py name (x3)"
    )
    ap.add_argument("--summary", nargs="*")
    ap.add_argument("--paired", nargs=2)
    a = ap.parse_args()
    if a.summary is not None:
        summary(a.summary)
        return
    if a.paired:
        paired(*a.paired)
        return
    apply_variant(a.variant)
    r = play(a.samples, a.matches, a.seed, label=a.preset, bot=a.bot, opponents=a.opponents)
    r["variant"] = a.variant
    if a.out:
        Path(a.out).write_text(json.dumps(r))
        summary([a.out])


if __name__ == "__main__":
    main()
