"""Determinization: complete a ``View`` into a full ``sim.Deal``.

Everything the seat cannot see is dealt at random from the cards whose place
it does not know: the unknown cards of every opponent's hand (cards an
opponent is known to hold stay with it), the face-down Mistery card unless
this seat put it there, and the order of the stock. The discard pile is
public. So every sample agrees with the observation.
"""

from __future__ import annotations

import math

from .core import strength
from .evaluate import best_from
from .model import knock_thresholds
from .sim import Deal
from .view import View


def sample_deal(view: View, rng) -> Deal:
    """One full deal consistent with ``view``, with this seat to move."""
    pool = view.unseen()
    rng.shuffle(pool)
    d = Deal(view.info, view.order, rng)
    d.thr = knock_thresholds(view.info, len(view.order))
    me = view.seat
    if view.info.hidden:
        d.hands[me] = view.hand[:3]
        d.pending[me] = view.hand[3:5]
    else:
        d.hands[me] = view.hand[:3]
    for o in view.opponents():
        known = [c for c in view.known.get(o, []) if c not in view.hand]
        need = 3 - len(known)
        d.hands[o] = known[:3] + pool[:need]
        del pool[:need]
    d.table = view.table[:]
    if view.has_mist:
        if view.mist >= 0:
            d.mist = view.mist
            d.mist_owner = me
        elif pool:
            d.mist = pool.pop()
    d.stock = pool
    d.discard = view.out[:]
    d.cur = me
    d.first = view.first if view.first in view.order else view.order[0]
    d.cycle = view.cycle
    d.knocker = view.knocker
    d.final_left = view.final_left
    d.swapped = {s: view.swapped.get(s, False) for s in view.order}
    d.passes = view.passes
    return d


def sample_after_choice(view: View, rng, take: bool) -> Deal:
    """A deal just after this seat's deal choice (keep or take), with the first
    player to move; the chooser's other three cards come from the unseen ones."""
    pool = view.unseen()
    rng.shuffle(pool)
    d = Deal(view.info, view.order, rng)
    d.thr = knock_thresholds(view.info, len(view.order))
    me = view.seat
    other = pool[:3]
    del pool[:3]
    if take:
        d.hands[me] = other
        d.table = view.hand[:3]
    else:
        d.hands[me] = view.hand[:3]
        d.table = other
    for o in view.opponents():
        d.hands[o] = pool[:3]
        del pool[:3]
    if view.info.mistery and pool:
        d.mist = pool.pop()
    d.stock = pool
    d.discard = view.out[:]
    first = view.next_seat(me)
    d.cur = first
    d.first = first
    d.check_start()
    return d


BETA = 0.5  # how sharply a guessed hand is discounted for making a seen move look bad


NOT_KNOCKING = 0.7  # weight of "it could have knocked with this hand but did not"


def _regret(info, last: tuple, hand: list[int], passing: bool, thr=None) -> float:
    """How much worse the seat's move is than its best immediate option, if its
    hand after the move is ``hand`` (0 for a move that fits perfectly); with
    ``thr`` (knock thresholds by cycle) also how far a hand it did not knock
    with lies above the threshold."""
    kind, table, given, taken = last[:4]
    cycle, could_knock = (last[4], last[5]) if len(last) >= 6 else (0, False)
    held = hand  # the hand before the turn
    r = 0.0
    if kind in ("pass", "keep"):
        if len(table) == 3:
            r = best_from(hand, table, info) - strength(hand[0], hand[1], hand[2], info)
    elif kind == "swap":
        before = hand[:]
        for g, t in zip(given, taken, strict=False):
            if t not in before:
                return 0.0
            before[before.index(t)] = g
        held = before
        if len(table) == 3:
            # without passing a swap was forced: compare with the other swaps only
            best = best_from(before, table, info) if passing else best_swap(before, table, info)
            r = max(0.0, best - strength(hand[0], hand[1], hand[2], info))
    elif kind == "knock":
        return max(0.0, 24.0 - strength(hand[0], hand[1], hand[2], info))
    elif kind == "keep_deal":
        return 0.5 * max(0.0, 18.0 - strength(hand[0], hand[1], hand[2], info))
    else:
        return 0.0
    if could_knock and thr is not None:
        t = thr[min(cycle, len(thr) - 1)]
        v = strength(held[0], held[1], held[2], info)
        if v >= t:
            r += NOT_KNOCKING * (v - t + 1)
    return r


def best_swap(hand, table, info) -> float:
    """The best hand reachable with exactly one single swap or swapping all."""
    a, b, c = hand
    best = strength(table[0], table[1], table[2], info)
    for x in table:
        for v in (strength(x, b, c, info), strength(a, x, c, info), strength(a, b, x, info)):
            if v > best:
                best = v
    return best


def world_weight(view: View, d: Deal) -> float:
    """Likelihood of the opponents' moves in this deal under a near-greedy
    model: each guessed hand is walked back through the seat's turns (swaps
    are public, so the hand before each turn follows from the one after)."""
    total = 0.0
    info = view.info
    thr = knock_thresholds(info, len(view.order))
    for seat, turns in view.last_turn.items():
        hand = d.hands.get(seat)
        if hand is None:
            continue
        h = hand[:]
        for turn in reversed(turns):
            kind, _, given, taken = turn[:4]
            total += _regret(info, turn, h, info.passing, thr)
            if kind == "all":
                break  # the hand before is public: nothing more to learn
            if kind == "swap":
                for g, t in zip(given, taken, strict=False):
                    if t in h:
                        h[h.index(t)] = g
    return math.exp(-BETA * total)


def sample_worlds(view: View, rng, k: int, oversample: int = 8) -> list[Deal]:
    """``k`` determinizations, drawn from ``oversample * k`` uniform ones in
    proportion to how well each explains the opponents' latest moves."""
    if not view.last_turn or oversample <= 1 or view.info.hidden:
        return [sample_deal(view, rng) for _ in range(k)]
    pool = [sample_deal(view, rng) for _ in range(k * oversample)]
    weights = [world_weight(view, d) for d in pool]
    total = sum(weights)
    if total <= 0:
        return pool[:k]
    # systematic resampling: low variance, deterministic given rng
    step = total / k
    u = rng.random() * step
    out = []
    acc = 0.0
    i = 0
    for d, w in zip(pool, weights, strict=True):
        acc += w
        while u < acc and i < k:
            out.append(d)
            u += step
            i += 1
    while len(out) < k:
        out.append(pool[len(out)])
    return out


def iter_worlds(view: View, rng, k: int, batch: int = 8):
    """``k`` determinizations as ``sample_worlds`` gives them, drawn in batches,
    so a caller with a time budget can stop early without paying for the rest."""
    left = max(k, 1)
    while left > 0:
        n = min(batch, left)
        yield from sample_worlds(view, rng, n)
        left -= n
