"""Hand evaluation shared by the heuristic and search bots.

- ``potential``: the expected hand value after one more swap with an unseen card;
- ``p31_for``: the chance that a player completes 31 (or Feuer) from a table;
- ``feed_penalty``: what leaving a table costs when the next player moves next;
- ``p_safe_knock``: the chance that someone ends below a hand if it knocks now.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from math import comb

from . import model
from .core import PTS, RulesInfo, hand_value, is_top, strength
from .params import DEFAULT, Params
from .view import View


def potential(hand: Sequence[int], unseen: list[int], info: RulesInfo) -> float:
    """Mean over unseen cards c of the best of keeping ``hand`` or putting c in it."""
    a, b, c = hand
    base = strength(a, b, c, info)
    if not unseen:
        return base
    total = 0.0
    for x in unseen:
        total += _best_with(a, b, c, x, base, info)
    return total / len(unseen)


def _best_with(a: int, b: int, c: int, x: int, best: float, info: RulesInfo) -> float:
    """The best of ``best`` and the three hands made by putting ``x`` in place of
    one of ``a``, ``b``, ``c`` (unrolled: this is the bots' innermost loop)."""
    v = strength(x, b, c, info)
    if v > best:
        best = v
    v = strength(a, x, c, info)
    if v > best:
        best = v
    v = strength(a, b, x, info)
    return v if v > best else best


def score_hand(hand: Sequence[int], unseen: list[int], info: RulesInfo, alpha: float) -> float:
    """Value now plus ``alpha`` times the expected gain of a next swap."""
    s = strength(hand[0], hand[1], hand[2], info)
    if alpha <= 0:
        return s
    return s + alpha * (potential(hand, unseen, info) - s)


def _tops_with(x: int, info: RulesInfo, pool: set[int]) -> list[tuple[int, int]]:
    """Pairs of cards (from ``pool``) that make 31 or Feuer together with ``x``."""
    suit, rank = x >> 4, x & 15
    same = sorted(c for c in pool if c >> 4 == suit)
    tens = [c for c in same if PTS[c] == 10]
    out = []
    if rank == 14:
        out = [(y, z) for i, y in enumerate(tens) for z in tens[i + 1 :]]
        if info.feuer:
            aces = sorted(c for c in pool if c & 15 == 14)
            out += [(y, z) for i, y in enumerate(aces) for z in aces[i + 1 :]]
    elif PTS[x] == 10:
        ace = suit * 16 + 14
        if ace in pool:
            out = [(ace, z) for z in tens if z != x]
    return out


def p31_for(view: View, seat: int, table: list[int]) -> float:
    """Chance that ``seat`` can make 31 or Feuer with one swap from ``table``
    (or by swapping all), given the cards it is known to hold."""
    info = view.info
    if len(table) == 3 and is_top(hand_value(table[0], table[1], table[2], info), info):
        return 1.0
    known = [c for c in view.known.get(seat, []) if c not in table]
    free = 3 - len(known)
    unseen = view.unseen()
    u = len(unseen)
    pool = set(unseen) | set(known)
    p = 0.0
    for x in table:
        for y, z in _tops_with(x, info, pool):
            k = (y in known) + (z in known)
            if k == 2:
                return 1.0
            if k == 1:
                q = free / u if u else 0.0
            else:
                q = comb(free, 2) / comb(u, 2) if u >= 2 and free >= 2 else 0.0
            p += q
    return min(p, 1.0)


def next_hands(view: View, rng: random.Random, k: int = 6) -> list[list[int]]:
    """``k`` guesses of the next player's hand: its known cards plus unseen ones."""
    nxt = view.next_seat()
    known = [c for c in view.known.get(nxt, []) if c not in view.table][:3]
    unseen = view.unseen()
    need = 3 - len(known)
    if len(unseen) < need:
        return []
    return [known + rng.sample(unseen, need) for _ in range(k)]


def best_from(hand: Sequence[int], table: Sequence[int], info: RulesInfo) -> float:
    """The best hand a player holding ``hand`` can make from ``table`` in one turn."""
    a, b, c = hand
    best = strength(a, b, c, info)
    for x in table:
        best = _best_with(a, b, c, x, best, info)
    if len(table) == 3:
        v = strength(table[0], table[1], table[2], info)
        if v > best:
            best = v
    return best


def feed_penalty(
    view: View,
    table: list[int],
    given: list[int],
    hands: list[list[int]] | None = None,
    params: Params = DEFAULT,
) -> float:
    """What a table costs when the next player moves on it: a big price for a
    likely 31 (``params.feed_31``) and, with ``hands`` (guesses of the next
    player's hand), a share of its expected gain from the table (more with fewer
    players: ``params.feed_weight``)."""
    nxt = view.next_seat()
    if view.knocker >= 0 and view.final_left <= 1:
        return 0.0  # nobody moves after this turn
    if view.knocker == nxt:
        return 0.0
    pen = params.feed_31 * p31_for(view, nxt, table)
    if hands:
        info = view.info
        gain = 0.0
        for h in hands:
            gain += best_from(h, table, info) - strength(h[0], h[1], h[2], info)
        pen += params.feed_weight(len(view.order)) * gain / len(hands)
    return pen


def turns_at_end(view: View, seat: int) -> int:
    """How many turns ``seat`` will have had when the deal ends after one more."""
    return view.turns_taken.get(seat, view.cycle) + 1


def p_safe_knock(view: View, value: float) -> float:
    """Chance that a knock with this hand value costs no life: at least one
    opponent ends strictly below it (``under_21_pays``: and it is above 20)."""
    info = view.info
    n = len(view.order)
    all_at_least = 1.0
    for o in view.opponents():
        known = view.known.get(o, [])
        kv = _partial_value(known, info)
        if kv >= value:
            continue  # that opponent is already known to hold at least as much
        all_at_least *= model.p_at_least(info, n, turns_at_end(view, o), value)
    p = 1.0 - all_at_least
    if info.under_21_pays and value <= 20:
        p *= 0.1
    return p


def _partial_value(cards: list[int], info: RulesInfo) -> float:
    """A lower bound for a hand that holds ``cards`` (up to three)."""
    if not cards:
        return 0
    if len(cards) == 3:
        return strength(cards[0], cards[1], cards[2], info)
    by_suit: dict[int, int] = {}
    for c in cards:
        by_suit[c >> 4] = by_suit.get(c >> 4, 0) + PTS[c]
    return max(by_suit.values())
