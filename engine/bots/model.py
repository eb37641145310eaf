"""How strong opponents' hands tend to be after a number of turns.

The table is measured once per rule set and number of players by playing
seeded simulated deals in which nobody knocks (``sim.greedy`` picks the swaps)
and recording every hand after each of its turns. The medium bot uses it to
judge a knock: the chance that at least one opponent ends below its hand.
"""

from __future__ import annotations

import bisect
import random

from .core import RulesInfo, deck_ids, strength
from .params import Params, levels_for
from .sim import Deal, greedy

TURNS = 8  # turns tracked; later turns use the last row
_CACHE: dict[tuple[RulesInfo, int], list[list[float]]] = {}


def _measure(info: RulesInfo, n: int, deals: int = 160) -> list[list[float]]:
    rng = random.Random(20240531 + n)
    rows: list[list[float]] = [[] for _ in range(TURNS + 1)]
    order = list(range(n))
    for _ in range(deals):
        cards = deck_ids(info.deck)
        rng.shuffle(cards)
        d = Deal(info, order, rng)
        for s in order:
            d.hands[s] = cards[:3]
            del cards[:3]
        if info.hidden:
            d.pending[0] = cards[:2]
            del cards[:2]
        else:
            d.table = cards[:3]
            del cards[:3]
        if info.mistery and not info.hidden:
            d.mist = cards.pop()
        d.stock = cards
        for s in order:
            h = d.hands[s]
            rows[0].append(strength(h[0], h[1], h[2], info))
        # nobody knocks: make greedy believe it is in an endless final cycle
        d.knocker = order[-1]
        d.final_left = 10**9
        turns = dict.fromkeys(order, 0)
        for _step in range(n * TURNS):
            if d.over:
                break
            s = d.cur
            d.apply(greedy(d))
            turns[s] += 1
            if turns[s] <= TURNS:
                h = d.hands[s]
                rows[turns[s]].append(strength(h[0], h[1], h[2], info))
    for r in rows:
        r.sort()
    return rows


def table_for(info: RulesInfo, n: int) -> list[list[float]]:
    key = (info, n)
    rows = _CACHE.get(key)
    if rows is None:
        rows = _CACHE[key] = _measure(info, n)
    return rows


def p_at_least(info: RulesInfo, n: int, turns: int, v: float) -> float:
    """Chance that an opponent's hand after ``turns`` turns is worth at least ``v``."""
    rows = table_for(info, n)
    row = rows[min(max(turns, 0), TURNS)]
    if not row:
        row = rows[0]
    return 1.0 - bisect.bisect_left(row, v) / len(row)


def knock_thresholds(info: RulesInfo, n: int, params: Params | None = None) -> list[float]:
    """Per cycle, the hand value at which a medium-like player knocks (``params.knock``,
    by default the rule set's medium's)."""
    if params is None:
        params = levels_for(info).medium
    row = params.knock_row(n)
    return list(row) + [row[-1]] * (TURNS - len(row))
