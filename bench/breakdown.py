"""Where the hard bot loses lives that an oracle on the true hands keeps, by kind of decision.

    python bench/breakdown.py --presets pub,hosenowi,hosenowi+luegen --matches 30 --json b.json
    python bench/breakdown.py --bot hard_frozen ...     # the bot of issue 25's start

Plays matches of hard (made fresh for each decision, seeded from the match, seat
and move, as the page does) against three medium bots, 4 players, hard's seat
rotating with the match number. Every decision of hard with more than one legal
action is rated by an oracle that knows every hand:

- turns and the deal choice: ``find_blunders.oracle``, rollouts on the true hands
  and the true face-down card (only the stock's order is random; everyone then
  plays ``sim.greedy``). Two stages, so that the minimum over many noisy actions
  does not inflate the regret: every legal action gets ``--screen`` rollouts, then
  the action played and the best three get ``--rollouts`` fresh ones;
- a Lügen challenge: exact (the oracle knows which announcements are true);
- a Lügen announcement: each announcement is played on in copies of the match to
  the deal's end with the actual bots (the medium bots' generators reseeded
  ``--continuations`` times, the same seeds for every announcement); rated are the
  truthful announcements, each value's most believable lie
  (``luegen_search._options``) and the one played.

A decision's regret is the expected lives hard's action loses beyond the oracle's
best. The regrets are summed by kind: deal choice, swap (one card or all), swap-two,
pass, knock (knocking, or not knocking when the oracle would), Mistery, 7-8-9 (new),
announce, challenge (challenge or give up); a turn is named by the action played
or the oracle's best, whichever comes first in that list read from the end
(knock before Mistery before swap-two before pass before swap). Lügen deals are
rolled out as normal deals (the lowest hand loses), an approximation the turn
decisions' oracle shares with the search itself.
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import frozen
from bench.find_blunders import decision_seed, oracle
from engine import Match, Phase
from engine.arena import build_rules
from engine.bots import luegen_search, make
from engine.bots.core import card_id, hand_value
from engine.bots.observe import view_of

PLAYERS = 4
PRESETS = {
    "knack": ("knack", []),
    "classic": ("classic", []),
    "pub": ("pub", []),
    "hosenowi": ("hosenowi", []),
    "hosenowi+luegen": ("hosenowi", ["luegen=true"]),
    "knack+mistery": ("knack", ["mistery=true"]),
}
KINDS = (
    "deal choice",
    "swap",
    "swap-two",
    "pass",
    "knock",
    "Mistery",
    "7-8-9",
    "announce",
    "challenge",
)


def hard_bot(name: str, seed: int, samples: int | None):
    if name == "hard":
        return make("hard", seed) if samples is None else make("hard", seed, samples=samples)
    return frozen.make(name, seed, samples=samples)


def turn_kind(chosen: tuple, best: tuple) -> str:
    kinds = {chosen[0], best[0]}
    for move, kind in (
        ("knock", "knock"),
        ("mistery", "Mistery"),
        ("new", "7-8-9"),
        ("swap2", "swap-two"),
        ("pass", "pass"),
    ):
        if move in kinds:
            return kind
    return "swap"


def rate_turn(m: Match, view, chosen: int, args, seed: int) -> tuple[float, int]:
    """Regret (lives) of action ``chosen`` and the oracle's best action, two stages."""
    screen = oracle(m, view, args.screen, seed)
    top = sorted(screen, key=lambda i: screen[i][0])[:3]
    keep = set(top) | {chosen}
    fine = oracle(m, view, args.rollouts, seed + 1, only=keep)
    best = min(fine, key=lambda i: fine[i][0])
    return fine[chosen][0] - fine[best][0], best


def rate_challenge(m: Match, view) -> tuple[dict[int, float], int]:
    """Lives lost by each decision, from the true hands (exact)."""
    hands = m._deal.hands
    out = {}
    for i, mv in enumerate(view.legal):
        if mv[0] == "giveup":
            out[i] = float(m.rules.giveup_loss)
        elif mv[0] == "challenge":
            t = mv[1]
            real = hand_value(*[card_id(c) for c in hands[t]], view.info)
            lie = real != view.announcements[t][0]
            out[i] = 0.0 if lie else float(m.rules.challenge_loss)
    best = min(out, key=lambda i: out[i])
    return out, best


def play_on(m: Match, bots: dict, me: int, hard_name: str, samples, seed: int) -> int:
    """Lives ``me`` loses when the deal of ``m`` is played to its end."""
    before = m.lives()[me]
    deal = m.deal_number
    n = 0
    while not m.is_over() and m.deal_number == deal and m.phase in (Phase.ANNOUNCE, Phase.DECIDE):
        s = m.current_player()
        obs = m.observation(s)
        bot = hard_bot(hard_name, seed + n, samples) if s == me else bots[s]
        m.apply(bot.choose(obs))
        n += 1
    return before - m.lives()[me]


def rate_announce(m: Match, view, mediums: dict, me: int, args, seed: int, played: int):
    """Mean lives lost by each announcement, the rest of the deal played by the bots."""
    rng = random.Random(seed)
    reseeds = [rng.getrandbits(48) for _ in range(args.continuations)]
    out = {}
    legal = m.observation(me).legal_actions
    # the truthful announcements and each value's most believable lie (the rest
    # are never better), plus the one played
    keep = {i for i, *_ in luegen_search._options(view)} | {played}
    for i, action in enumerate(legal):
        if i not in keep:
            continue
        total = 0
        for k, rs in enumerate(reseeds):
            c = m.clone()
            c.apply(action)
            bots = {}
            for s, b in mediums.items():
                b2 = copy.copy(b)
                b2.rng = random.Random(rs + s)
                bots[s] = b2
            total += play_on(c, bots, me, args.bot, args.samples, seed + 1000 * k)
        out[i] = total / len(reseeds)
    best = min(out, key=lambda i: out[i])
    return out, best


def play_match(label: str, match_seed: int, me: int, args, rows: list, stats: dict) -> None:
    base, settings = PRESETS[label]
    m = Match(build_rules(base, settings), players=PLAYERS, seed=match_seed)
    mediums = {s: make("medium", match_seed * 10 + s) for s in range(PLAYERS) if s != me}
    move = 0
    while not m.is_over():
        seat = m.current_player()
        obs = m.observation(seat)
        if seat != me:
            m.apply(mediums[seat].choose(obs))
            move += 1
            continue
        bot_seed = decision_seed(match_seed, seat, move)
        action = hard_bot(args.bot, bot_seed, args.samples).choose(obs)
        legal = list(obs.legal_actions)
        if len(legal) > 1:
            view = view_of(obs)
            chosen = legal.index(action)
            if obs.phase is Phase.DECIDE:
                lost, best = rate_challenge(m, view)
                regret, kind = lost[chosen] - lost[best], "challenge"
            elif obs.phase is Phase.ANNOUNCE:
                lost, best = rate_announce(m, view, mediums, me, args, bot_seed, chosen)
                regret, kind = lost[chosen] - lost[best], "announce"
            elif obs.phase is Phase.CHOOSE:
                regret, best = rate_turn(m, view, chosen, args, bot_seed)
                kind = "deal choice"
            else:
                regret, best = rate_turn(m, view, chosen, args, bot_seed)
                kind = turn_kind(view.legal[chosen], view.legal[best])
            rows.append(
                {
                    "preset": label,
                    "match_seed": match_seed,
                    "hard_seat": me,
                    "bot_seed": bot_seed,
                    "move": move,
                    "kind": kind,
                    "played": str(action),
                    "best": str(legal[best]),
                    "regret": round(regret, 4),
                    "lives": list(m.lives()),
                    "cycle": obs.cycle,
                }
            )
        m.apply(action)
        move += 1
    w = m.winner()
    winners = w if isinstance(w, list) else [w]
    stats[label]["matches"] += 1
    stats[label]["wins"] += 1 / len(winners) if me in winners else 0.0
    stats[label]["deals"] += m.deal_count


def report(rows: list, stats: dict, margin: float) -> str:
    """The breakdown as a Markdown table per preset."""
    out = []
    for label in stats:
        st = stats[label]
        mine = [r for r in rows if r["preset"] == label]
        total = sum(max(r["regret"], 0.0) for r in mine)
        out.append(
            f"\n{label}: {st['matches']} matches, {st['deals']} deals, hard won "
            f"{st['wins']:.1f}; {len(mine)} decisions with a choice, "
            f"{total:.1f} lives of regret ({total / max(st['deals'], 1):.3f} per deal)\n"
        )
        out.append(
            f"| kind | decisions | regret (lives) | share | per decision | blunders (>= {margin}) |"
        )
        out.append("|---|---:|---:|---:|---:|---:|")
        by = defaultdict(list)
        for r in mine:
            by[r["kind"]].append(r)
        for kind in KINDS:
            items = by.get(kind, [])
            if not items:
                continue
            reg = sum(max(r["regret"], 0.0) for r in items)
            bl = sum(r["regret"] >= margin for r in items)
            out.append(
                f"| {kind} | {len(items)} | {reg:.1f} | {reg / total if total else 0:.0%} | "
                f"{reg / len(items):.3f} | {bl} |"
            )
    return "\n".join(out)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--presets", default="pub,hosenowi,hosenowi+luegen")
    p.add_argument("--matches", type=int, default=20, help="per preset")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--bot", default="hard", help="hard, hard_frozen or hard_v1")
    p.add_argument("--samples", type=int, default=None, help="hard's samples (its default)")
    p.add_argument("--screen", type=int, default=48, help="oracle rollouts, first stage")
    p.add_argument("--rollouts", type=int, default=300, help="oracle rollouts, second stage")
    p.add_argument("--continuations", type=int, default=8, help="per Lügen announcement")
    p.add_argument("--margin", type=float, default=0.3)
    p.add_argument("--json", type=Path)
    args = p.parse_args(argv)
    rows: list = []
    stats: dict = {}
    start = time.process_time()
    for label in args.presets.split(","):
        stats[label] = defaultdict(float)
        seeds = random.Random(f"{label}-{args.seed}")
        for i in range(args.matches):
            play_match(label, seeds.getrandbits(32), i % PLAYERS, args, rows, stats)
            print(
                f"\r{label}: {i + 1}/{args.matches} matches, {len(rows)} decisions, "
                f"{time.process_time() - start:.0f} s CPU",
                end="",
                file=sys.stderr,
                flush=True,
            )
        print(file=sys.stderr)
        if args.json:
            args.json.write_text(json.dumps({"stats": stats, "rows": rows}, indent=0))
    print(report(rows, stats, args.margin))
    return 0


if __name__ == "__main__":
    sys.exit(main())
