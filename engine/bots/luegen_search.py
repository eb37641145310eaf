"""Lügen for the hard bot: announcements and challenges from the determinized search.

The heuristic of ``luegen`` (medium and easy) judges an announcement by the cards
that could be its hidden third card, all alike. Here the other seats' hands are
dealt as the search deals them (``sampler.iter_worlds``: each opponent's hidden
cards drawn by how well they explain its turns in this deal), and each world is
weighed by how likely it makes every announcement already made, under the
announcers' model below (truth unless the hand is weak or would be the lowest,
lies upward). So an opponent who took two hearts from the table and announces 26
showing a heart and a club is judged by the hearts it probably holds.

- ``decide``: challenge the announcement most likely false in the weighed worlds
  when that costs fewer lives than giving up;
- ``announce``: every truthful announcement and, for each value above the truth,
  the lie with the pair that makes it most believable, each played on in every
  world: the later announcers announce by the model, the lowest decides
  (challenging by how likely each announcement looks false to it, or giving
  up), and the announcement with the best mean outcome for this seat is made.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeAlias

from ..rules import CHALLENGE_LOSS, GIVEUP_LOSS
from . import luegen
from .core import RulesInfo, hand_value
from .sampler import iter_worlds
from .sim import Deal
from .view import View

Ann: TypeAlias = tuple[int, float, float, float]
"""An announcement played on in a world: (seat, value, true value, how false it looks
to the decider; below 0 for a 31 shown whole, which is never challenged)."""
Option: TypeAlias = tuple[int, float, tuple[int, int], float]
"""An announcement this seat may make: (index into ``legal``, value, the two cards
shown, how likely it looks false to a decider)."""

WORLDS = 64
"""Worlds per Lügen decision: each costs a few hand values per announcement, far
less than a rollout, and a Lügen decision must fit the same page budget."""

DOWNWARD = 0.02
"""Likelihood weight of an announcement below the hand's value, which the bots'
announcers never make (kept above 0 so a human's odd announcement rules out no world)."""


def lie_rate(true_v: float, low_so_far: float | None, remaining: int) -> float:
    """How often the announcers' model lies with value ``true_v`` when the lowest
    announcement so far is ``low_so_far`` (``None``: none) and ``remaining`` seats
    announce after it: ``luegen.announce``'s danger."""
    return luegen.danger(true_v, low_so_far, remaining)


def likelihood(announced: float, true_v: float, low_so_far: float | None, remaining: int) -> float:
    """The chance that an announcer holding ``true_v`` announces ``announced``."""
    rate = lie_rate(true_v, low_so_far, remaining)
    if announced == true_v:
        return 1.0 - rate + 1e-3
    if announced > true_v:
        return rate / luegen.LIE_SPREAD + 1e-3
    return DOWNWARD * (rate + 1e-3)


def _ann_sequence(view: View) -> list[tuple[int, float, tuple[int, ...]]]:
    """The announcements made so far, in order: (seat, value, shown), the 31 hands
    (shown whole) first, as the engine lists them."""
    return [(s, v, tuple(shown)) for s, (v, shown) in view.announcements.items()]


def _later(view: View) -> list[int]:
    """Seats that still announce after this one (in announcing order)."""
    start = view.knocker if view.knocker in view.order else view.order[0]
    i = view.order.index(start)
    ring = view.order[i:] + view.order[:i]
    done = set(view.announcements)
    pos = ring.index(view.seat) if view.seat in ring else -1
    return [s for s in ring[pos + 1 :] if s not in done and s != view.seat]


def weighed_worlds(view: View, rng: random.Random, k: int = WORLDS) -> list[tuple[Deal, float]]:
    """``k`` determinizations, each with weight 1: every opponent who announced
    has its hidden card drawn by how well it explains its turns and how likely
    it makes its announcement (weighed while drawing, so that the worlds cover
    the hands the announcements point to)."""
    info = view.info
    seq = _ann_sequence(view)
    n = len(view.order)
    # seat -> (value, lowest before it, seats announcing after it)
    context: dict[int, tuple[float, float | None, int]] = {}
    low: float | None = None
    for i, (s, v, _) in enumerate(seq):
        if s != view.seat and v != 31:
            context[s] = (v, low, n - 1 - i)
        low = v if low is None else min(low, v)  # as luegen.announce, 31s too

    def weigh(seat: int, hand: list[int]) -> float:
        v, before, remaining = context[seat]
        return likelihood(v, hand_value(hand[0], hand[1], hand[2], info), before, remaining)

    worlds = iter_worlds(view, rng, k, weigh, tuple(context))
    return [(world, 1.0) for world in worlds]


def lie_shares(view: View, worlds: Sequence[tuple[Deal, float]]) -> dict[int, float]:
    """Per announcer other than this seat: the weighed share of worlds in which
    its announcement is false (``None`` weights fall back to the heuristic)."""
    info = view.info
    total = sum(w for _, w in worlds)
    out: dict[int, float] = {}
    for s, (v, shown) in view.announcements.items():
        if s == view.seat or v == 31 or len(shown) != 2:
            continue
        if total <= 0.0:
            out[s] = luegen.p_lie(view, s)
            continue
        lie = 0.0
        for world, w in worlds:
            h = world.hands[s]
            if hand_value(h[0], h[1], h[2], info) != v:
                lie += w
        p = lie / total
        sure = luegen.p_lie(view, s)
        out[s] = sure if sure in (0.0, 1.0) else p  # what the cards settle stays settled
    return out


def decide(view: View, rng: random.Random, k: int = WORLDS) -> int:
    """Index into ``view.legal`` of the decision: the challenge with the best
    expected life utility in the weighed worlds, or giving up."""
    shares = lie_shares(view, weighed_worlds(view, rng, k))
    lives = max(view.lives[view.seat], 0)
    best_i, best_u = None, None
    for i, m in enumerate(view.legal):
        if m[0] == "giveup":
            u = luegen._life_utility(lives, GIVEUP_LOSS)
        elif m[0] == "challenge":
            u = (1.0 - shares.get(m[1], 0.0)) * luegen._life_utility(lives, CHALLENGE_LOSS)
        else:
            continue
        if best_u is None or u > best_u + 1e-9:
            best_i, best_u = i, u
    return best_i if best_i is not None else 0


# -- announcing ------------------------------------------------------------------


def _options(view: View) -> list[Option]:
    """(index, value, shown cards, how likely it looks false to a decider) of the
    truthful announcements and, per value above the truth, its most believable lie."""
    hand = view.hand
    true_v = hand_value(hand[0], hand[1], hand[2], view.info)
    best_lie: dict[float, tuple[float, int, tuple[int, int]]] = {}
    out: list[Option] = []
    for i, m in enumerate(view.legal):
        if m[0] != "announce":
            continue
        v, shown = m[1], (hand[m[2]], hand[m[3]])
        p = _looks_false(view, shown, v)
        if v == true_v:
            out.append((i, v, shown, p))
        elif v > true_v and p < 1.0 and (v not in best_lie or p < best_lie[v][0]):
            best_lie[v] = (p, i, shown)
    out += [(i, v, shown, p) for v, (p, i, shown) in best_lie.items()]
    return out


def _looks_false(view: View, shown: Sequence[int], value: float) -> float:
    """``luegen.p_lie`` of this seat's announcement as another seat would judge it."""
    pool = luegen.candidates_seen_by_others(view, shown)
    if not pool:
        return 0.0
    n = luegen.consistent_cards(list(shown), value, view.info, pool)
    if n == 0:
        return 1.0
    if len(pool) == 1:
        return 0.0
    like_true = n / len(pool)
    like_lie = 1.0 / luegen.LIE_SPREAD
    prior = luegen.LIE_PRIOR
    return prior * like_lie / (prior * like_lie + (1 - prior) * like_true)


SIM_LOOKS_FALSE = {True: 0.12, False: 0.35}
"""How false an announcement made in the simulation looks to the decider (true,
false): the model's liars pick a believable pair, so a lie looks only somewhat
likelier false than the truth."""


def _sim_later(
    world: Deal, later: list[int], low: float | None, us: list[float], info: RulesInfo
) -> list[Ann]:
    """The later seats' announcements in ``world`` by the announcers' model, as
    (seat, value, true value, how false it looks to a decider); ``us`` are the
    world's uniform numbers, one per seat, shared by every option (common random
    numbers make the options' comparison fair)."""
    out: list[Ann] = []
    n = len(later)
    for j, s in enumerate(later):
        h = world.hands[s]
        t = hand_value(h[0], h[1], h[2], info)
        if t == 31:
            continue  # shown whole: no announcement to challenge
        v = t
        if us[j] < lie_rate(t, low, n - 1 - j):
            v = max((low if low is not None else 20) + 1, t + 1)
            v = min(v, 30.5 if v > 30 else v)
        out.append((s, v, t, SIM_LOOKS_FALSE[v == t]))
        low = v if low is None else min(low, v)
    return out


def _decider(order: list[int], anns: list[Ann]) -> int:
    """The seat that decides: the lowest announcement, the last of a tie in the
    deal's playing order (31 hands are no announcement)."""
    low = min(a[1] for a in anns if a[3] >= 0.0)
    tied = {a[0] for a in anns if a[1] == low and a[3] >= 0.0}
    return [s for s in order if s in tied][-1]


def _challenge_target(anns: list[Ann], decider: int, lives: int) -> Ann | None:
    """Whom a decider challenges (or ``None`` to give up), by how false each
    announcement looks to it and the lives at stake."""
    best = None
    for a in anns:
        if a[0] != decider and a[3] >= 0.0 and (best is None or a[3] > best[3]):
            best = a
    if best is None:
        return None
    life = luegen._life_utility
    if (1.0 - best[3]) * life(lives, CHALLENGE_LOSS) > life(lives, GIVEUP_LOSS):
        return best
    return None


def _lost_in_world(view: View, anns: list[Ann], me_true: float) -> int:
    """Lives this seat loses when the announcements are ``anns`` (seat, value,
    true value, how false it looks)."""
    me = view.seat
    d = _decider(view.order, anns)
    lives_d = max(view.lives[d], 0)
    target = _challenge_target(anns, d, lives_d)
    if d == me:
        if target is None:
            return GIVEUP_LOSS
        return 0 if target[1] != target[2] else CHALLENGE_LOSS
    if target is not None and target[0] == me and target[1] != me_true:
        return CHALLENGE_LOSS
    return 0


def announce(view: View, rng: random.Random, k: int = WORLDS) -> int:
    """Index into ``view.legal`` of the announcement with the best mean life
    utility when the rest of the Lügen phase is played on in weighed worlds."""
    info = view.info
    options = _options(view)
    if not options:
        return luegen.announce(view, rng)
    hand = view.hand
    true_v = hand_value(hand[0], hand[1], hand[2], info)
    worlds = weighed_worlds(view, rng, k)
    total = sum(w for _, w in worlds)
    if total <= 0.0:
        worlds, total = [(wd, 1.0) for wd, _ in worlds], float(len(worlds))
    later = _later(view)
    lives = max(view.lives[view.seat], 0)
    made = [(s, v) for s, v, _ in _ann_sequence(view) if s != view.seat]
    low0 = min((v for _, v in made), default=None)
    # how false each announcement made so far looks to another seat (the decider)
    looks = {s: luegen.p_lie(view, s) for s, v in made if v != 31}
    means = dict.fromkeys(range(len(options)), 0.0)
    for world, w in worlds:
        if w <= 0.0:
            continue
        us = [rng.random() for _ in later]
        past: list[Ann] = []
        for s, v in made:
            if v == 31:
                past.append((s, 31, 31, -1.0))  # shown whole: never challenged
                continue
            h = world.hands[s]
            past.append((s, v, hand_value(h[0], h[1], h[2], info), looks[s]))
        for j, (_, v, _, p) in enumerate(options):
            low = v if low0 is None else min(low0, v)
            anns = [*past, (view.seat, v, true_v, p), *_sim_later(world, later, low, us, info)]
            lost = _lost_in_world(view, anns, true_v)
            means[j] += w * luegen._life_utility(lives, lost)
    # ties (within a hundredth of a life) go to the truth, then to the lower value
    best = max(
        range(len(options)),
        key=lambda j: (means[j] / total + 0.01 * (options[j][1] == true_v), -options[j][1]),
    )
    return options[best][0]
