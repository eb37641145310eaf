"""Determinization: complete a ``View`` into a full ``sim.Deal``.

Everything the seat cannot see is dealt at random from the cards whose place
it does not know: the unknown cards of every opponent's hand (cards an
opponent is known to hold stay with it), the face-down Mistery card unless
this seat put it there, and the order of the stock. The discard pile is
public. So every sample agrees with the observation. ``iter_worlds``, what the
search uses, draws each opponent's hidden cards by how well they explain its
turns in this deal rather than uniformly.
"""

from __future__ import annotations

import bisect
import math
import random
from collections.abc import Callable, Collection, Iterator, Sequence
from typing import TypeAlias

from .core import RulesInfo, strength
from .evaluate import best_from
from .model import knock_thresholds
from .params import Params, levels_for
from .sim import Deal
from .view import Turn, View

Weigh: TypeAlias = Callable[[int, list[int]], float]
"""A further likelihood of a guessed hand: ``weigh(seat, hand)``."""
Guesses: TypeAlias = tuple[list[tuple[int, ...]], list[float]]
"""An opponent's guessed hidden cards, and the running sum of their weights."""

KNACK_WAITS = 1.0
"""How much later than ``model.knock_thresholds`` the opponent model and the rollouts
knock where the knocker alone pays a tie (``knocker_pays_ties``, knack). Measured, not
derived: on knack hard won +2.4 ± 1.9 points more against medium over 2,200 paired
matches; on Hosen owi, which lacks the rule, the same change lost 1.1 ± 2.5
(docs/bots-experiments.md)."""


def assumed_thresholds(view: View, params: Params | None = None) -> list[float]:
    """Per cycle, the hand value at which the opponent model and the rollouts knock
    (``params``: by default hard's numbers on the rule set)."""
    if params is None:
        params = levels_for(view.info).hard
    add = params.rollout_knock_add + (KNACK_WAITS if view.info.knocker_pays_ties else 0.0)
    thr = knock_thresholds(view.info, len(view.order), params)
    return [t + add for t in thr] if add else thr


def _steer(d: Deal, view: View, params: Params | None) -> None:
    """Give a sampled deal's rollouts their thresholds."""
    if params is None:
        params = levels_for(view.info).hard
    d.thr = assumed_thresholds(view, params)
    d.swap2_margin = params.rollout_swap2_margin
    d.new_margin = params.rollout_789_margin


def known_cards(view: View, seat: int) -> list[int]:
    """The cards ``seat`` surely holds (it took them from the table), at most three."""
    return [c for c in view.known.get(seat, []) if c not in view.hand][:3]


def sample_deal(view: View, rng: random.Random, params: Params | None = None) -> Deal:
    """One full deal consistent with ``view``, with this seat to move (its rollouts
    steered by ``params``, by default hard's numbers on the rule set)."""
    pool = view.unseen()
    rng.shuffle(pool)
    d = Deal(view.info, view.order, rng)
    _steer(d, view, params)
    me = view.seat
    if view.info.hidden:
        d.hands[me] = view.hand[:3]
        d.pending[me] = view.hand[3:5]
    else:
        d.hands[me] = view.hand[:3]
    for o in view.opponents():
        known = known_cards(view, o)
        need = 3 - len(known)
        d.hands[o] = known + pool[:need]
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


def sample_after_choice(
    view: View, rng: random.Random, take: bool, params: Params | None = None
) -> Deal:
    """A deal just after this seat's deal choice (keep or take), with the first
    player to move; the chooser's other three cards come from the unseen ones."""
    pool = view.unseen()
    rng.shuffle(pool)
    d = Deal(view.info, view.order, rng)
    _steer(d, view, params)
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


BETA = 1.0
"""How sharply a guessed hand is discounted for making a seen move look bad: 1.0
since each opponent is sampled on its own (docs/bots-experiments.md, round 2: 0.5
suited weighing whole deals, where a sharper model left too few useful samples)."""


NOT_KNOCKING = 0.7  # weight of "it could have knocked with this hand but did not"


def _regret(
    info: RulesInfo,
    last: Turn,
    hand: list[int],
    passing: bool,
    thr: list[float] | None = None,
) -> float:
    """How much worse the seat's move is than its best immediate option, if its
    hand after the move is ``hand`` (0 for a move that fits perfectly); with
    ``thr`` (knock thresholds by cycle) also how far a hand it did not knock
    with lies above the threshold."""
    kind, table, given, taken, cycle, could_knock = last
    held = hand  # the hand before the turn
    r = 0.0
    if kind in ("pass", "keep"):
        if len(table) == 3:
            r = best_option(hand, table, info, True) - strength(hand[0], hand[1], hand[2], info)
    elif kind == "swap":
        before = hand[:]
        for g, t in zip(given, taken, strict=False):
            if t not in before:
                return 0.0
            before[before.index(t)] = g
        held = before
        if len(table) == 3:
            # without passing a swap was forced: compare with the other swaps only
            best = best_option(before, table, info, passing)
            r = max(0.0, best - strength(hand[0], hand[1], hand[2], info))
    elif kind == "knock":
        return max(0.0, 24.0 - strength(hand[0], hand[1], hand[2], info))
    elif kind == "keep_deal":
        return 0.5 * max(0.0, 18.0 - strength(hand[0], hand[1], hand[2], info))
    else:
        return 0.0
    if could_knock and thr is not None:
        line = thr[min(cycle, len(thr) - 1)]
        v = strength(held[0], held[1], held[2], info)
        if v >= line:
            r += NOT_KNOCKING * (v - line + 1)
    return r


def best_option(hand: Sequence[int], table: Sequence[int], info: RulesInfo, keep: bool) -> float:
    """The best hand a seat holding ``hand`` could have made from ``table`` in its
    turn: every single swap and swapping all, two swaps at once where the rules
    allow them (``swap_two``), and keeping the hand when it may (``keep``: passing,
    or the evidence is a pass)."""
    best = best_from(hand, table, info) if keep else best_swap(hand, table, info)
    if info.swap_two:
        v = best_two(hand, table, info)
        if v > best:
            best = v
    return best


def best_two(hand: Sequence[int], table: Sequence[int], info: RulesInfo) -> float:
    """The best hand made by two single swaps at once."""
    best = 0.0
    for h1 in range(3):
        for h2 in range(h1 + 1, 3):
            for t1 in range(3):
                for t2 in range(3):
                    if t1 == t2:
                        continue
                    h = list(hand)
                    h[h1], h[h2] = table[t1], table[t2]
                    v = strength(h[0], h[1], h[2], info)
                    if v > best:
                        best = v
    return best


def best_swap(hand: Sequence[int], table: Sequence[int], info: RulesInfo) -> float:
    """The best hand reachable with exactly one single swap or swapping all."""
    a, b, c = hand
    best = strength(table[0], table[1], table[2], info)
    for x in table:
        for v in (strength(x, b, c, info), strength(a, x, c, info), strength(a, b, x, info)):
            if v > best:
                best = v
    return best


def seat_regret(view: View, seat: int, hand: list[int], thr: list[float]) -> float:
    """How badly ``seat``'s turns in this deal fit the guess that it now holds
    ``hand`` (0 when every turn was its best immediate option): the guessed
    hand is walked back through its turns (swaps are public, so the hand
    before each turn follows from the one after)."""
    total = 0.0
    info = view.info
    h = hand[:]
    for turn in reversed(view.last_turn.get(seat, ())):
        kind, _, given, taken = turn[:4]
        total += _regret(info, turn, h, info.passing, thr)
        if kind == "all":
            break  # the hand before is public: nothing more to learn
        if kind == "swap":
            for g, t in zip(given, taken, strict=False):
                if t in h:
                    h[h.index(t)] = g
    return total


CANDIDATES = 96
"""Guesses drawn per opponent and decision, from which each determinization
picks that opponent's hidden cards in proportion to their likelihood."""

LATE_KNOCK_CANDIDATES = 384
"""Guesses per opponent where nobody may knock in a deal's first cycle (knack's
``after_first_cycle``). Of 96 weighed guesses a few carry the weight: their
effective number is 24 at the median and 6 at the tenth percentile of the
weighings in medium's knack matches (``bench/guess_spread.py``), so the worlds
repeat a handful of hands. 384 guesses won +2.2 ± 1.9 points on knack against
three medium over 3,000 paired matches on three seeds, for about 3 ms more a
decision; on Hosen owi they measured −0.2 ± 1.9 (docs/bots-experiments.md), so
the other rule sets keep 96."""


def guesses_for(view: View) -> int:
    """How many guesses of each opponent's hidden cards a decision weighs."""
    return LATE_KNOCK_CANDIDATES if view.info.knock == "after_first_cycle" else CANDIDATES


def _candidates(
    view: View,
    seat: int,
    known: list[int],
    pool: list[int],
    rng: random.Random,
    thr: list[float],
    weigh: Weigh | None = None,
) -> Guesses:
    """Guesses of ``seat``'s unknown cards (tuples from ``pool``), each with the
    running sum of the likelihoods of its hand, for weighted drawing (``weigh``:
    a further likelihood ``weigh(seat, hand)``, such as a Lügen announcement's)."""
    need = 3 - len(known)
    guesses: list[tuple[int, ...]] = []
    cum: list[float] = []
    acc = 0.0
    for _ in range(guesses_for(view)):
        cards = tuple(rng.sample(pool, need))
        hand = known + list(cards)
        w = math.exp(-BETA * seat_regret(view, seat, hand, thr))
        acc += w * weigh(seat, hand) if weigh is not None else w
        guesses.append(cards)
        cum.append(acc)
    return guesses, cum


def _pick_guesses(
    guesses: dict[int, Guesses], rng: random.Random
) -> tuple[dict[int, tuple[int, ...]], set[int]]:
    """One world's hidden cards per opponent, each drawn from its guesses by weight
    (a guess that clashes with cards given to another opponent is drawn again, up to
    12 times, then that opponent is dealt at random), and every card so given."""
    used: set[int] = set()
    chosen: dict[int, tuple[int, ...]] = {}
    for o, (cands, cum) in guesses.items():
        total = cum[-1]
        if total <= 0.0:
            continue  # no guess explains its turns at all: deal at random
        for _try in range(12):
            i = bisect.bisect_right(cum, rng.random() * total)
            cards = cands[min(i, len(cands) - 1)]
            if used.isdisjoint(cards):
                chosen[o] = cards
                used.update(cards)
                break
    return chosen, used


def iter_worlds(
    view: View,
    rng: random.Random,
    k: int,
    weigh: Weigh | None = None,
    weigh_seats: Collection[int] = (),
    params: Params | None = None,
) -> Iterator[Deal]:
    """``k`` determinizations that agree with the observation, in which every
    opponent's hidden cards are drawn in proportion to how well they explain
    its turns in this deal (``seat_regret``).

    The likelihood is a product over opponents, so it is sampled one opponent
    at a time: for each, ``guesses_for(view)`` guesses are drawn once per decision and
    weighed; each determinization then draws every opponent's cards from its
    guesses by weight, skipping a guess that clashes with cards already given
    to another opponent, and deals the rest at random. Far more of the samples
    are likely worlds than when whole deals are drawn uniformly and weighed
    together (when three opponents each moved, few uniform deals explain all
    three). A generator, so a caller with a time budget can stop early.

    ``weigh(seat, hand)``, for the seats in ``weigh_seats``, is a further
    likelihood of a guessed hand (the Lügen search's announcements), weighed in
    when the guesses are drawn, so that the worlds cover what it makes likely.
    ``params``: the numbers of the opponent model and the rollouts (by default
    hard's on the rule set)."""
    k = max(k, 1)
    opponents = view.opponents()
    informative = [] if view.info.hidden else [o for o in opponents if view.last_turn.get(o)]
    informative += [o for o in opponents if o in weigh_seats and o not in informative]
    if not informative:
        for _ in range(k):
            yield sample_deal(view, rng, params)
        return
    pool = view.unseen()
    thr = assumed_thresholds(view, params)
    known = {o: known_cards(view, o) for o in opponents}
    guesses: dict[int, Guesses] = {}
    for o in informative:
        if 0 < 3 - len(known[o]) <= len(pool):
            guesses[o] = _candidates(
                view, o, known[o], pool, rng, thr, weigh if o in weigh_seats else None
            )
    base = sample_deal(view, rng, params)  # the public part, shared by every world
    for _ in range(k):
        chosen, used = _pick_guesses(guesses, rng)
        rest = [c for c in pool if c not in used]
        rng.shuffle(rest)
        d = base.clone()
        for o in opponents:
            cards = chosen.get(o)
            if cards is None:
                need = 3 - len(known[o])
                cards = tuple(rest[:need])
                del rest[:need]
            d.hands[o] = known[o] + list(cards)
        if view.has_mist and view.mist < 0:
            d.mist = rest.pop() if rest else -1
        d.stock = rest
        yield d
