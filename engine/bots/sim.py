"""A small, fast simulator of the rest of one deal, for the bots' search.

It follows docs/rules.md for the turn phase (swaps, swap two, swap all, Mistery,
passing with or without refresh, 7-8-9, the three knock rules, the final
cycle, 31 and Feuer ending a deal at once, the hidden deal's hold-and-pass)
and scores the end with ``core.score``. Lügen deals are scored as normal
deals: a rollout only needs a good guess of who ends lowest.

The simulator is private to the bots: a determinization of what a bot has
seen (hands of others, stock order) is loaded into a ``Deal`` and played out
many times with the cheap ``greedy`` policy below.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from .core import PTS, RulesInfo, hand_value, score, tables
from .moves import Swap, TurnMove
from .params import DEFAULT

_789 = 1 << 7 | 1 << 8 | 1 << 9  # the ranks 7, 8 and 9 as bits

# Knock thresholds of the rollout policy by number of active players.
_BASE_KNOCK = {2: 26, 3: 25, 4: 24, 5: 23}


class Deal:
    """The state of one deal from the turn phase on (hands all known)."""

    __slots__ = (
        "cur",
        "cycle",
        "discard",
        "final_left",
        "first",
        "hands",
        "info",
        "knocker",
        "mist",
        "mist_owner",
        "new_margin",
        "nxt",
        "order",
        "over",
        "passes",
        "pending",
        "qt",
        "rng",
        "st",
        "stock",
        "swap2_margin",
        "swapped",
        "table",
        "thr",
    )

    def __init__(self, info: RulesInfo, order: list[int], rng: random.Random | int):
        """``rng``: a ``random.Random``, or a whole number to seed one when the
        stock runs out (most rollouts never need it)."""
        self.info = info
        self.order = order  # active seats in playing order
        self.nxt = {s: order[(i + 1) % len(order)] for i, s in enumerate(order)}
        self.hands: dict[int, list[int]] = {}
        self.pending: dict[int, list[int]] = {s: [] for s in order}
        self.table: list[int] = []
        self.mist = -1
        self.mist_owner = -1
        self.stock: list[int] = []
        self.discard: list[int] = []
        self.cur = order[0]
        self.first = order[0]
        self.cycle = 0
        self.knocker = -1
        self.final_left = 0
        self.swapped = {s: False for s in order}
        self.passes = 0
        self.over = False
        self.rng: random.Random | int = rng
        self.thr: list[float] | None = None  # knock thresholds by cycle (greedy)
        self.swap2_margin = DEFAULT.rollout_swap2_margin  # (greedy, as ``params.Params``)
        self.new_margin = DEFAULT.rollout_789_margin
        self.st, self.qt = tables(info)  # strength and quality of three cards

    def clone(self) -> Deal:
        d = Deal.__new__(Deal)
        d.info = self.info
        d.order = self.order
        d.nxt = self.nxt
        d.hands = {s: h[:] for s, h in self.hands.items()}
        d.pending = {s: p[:] for s, p in self.pending.items()}
        d.table = self.table[:]
        d.mist = self.mist
        d.mist_owner = self.mist_owner
        d.stock = self.stock[:]
        d.discard = self.discard[:]
        d.cur = self.cur
        d.first = self.first
        d.cycle = self.cycle
        d.knocker = self.knocker
        d.final_left = self.final_left
        d.swapped = dict(self.swapped)
        d.passes = self.passes
        d.over = self.over
        d.rng = self.rng
        d.thr = self.thr
        d.swap2_margin = self.swap2_margin
        d.new_margin = self.new_margin
        d.st = self.st
        d.qt = self.qt
        return d

    # -- rules ------------------------------------------------------------

    def can_knock(self, seat: int) -> bool:
        if self.knocker >= 0:
            return False
        k = self.info.knock
        if k == "after_first_cycle":
            return self.cycle >= 1
        if k == "after_own_swap":
            return self.swapped[seat]
        return True

    def _draw3(self) -> list[int] | None:
        if len(self.stock) < 3:
            extra = self.discard
            self.discard = []
            rng = self.rng
            if isinstance(rng, int):  # a seed: the generator is made only when needed
                rng = self.rng = random.Random(rng)
            rng.shuffle(extra)
            self.stock.extend(extra)
            if len(self.stock) < 3:
                return None
        out = self.stock[:3]
        del self.stock[:3]
        return out

    def apply(self, move: TurnMove) -> None:
        """Play one move of the current seat (moves as in ``view.decode``)."""
        seat = self.cur
        hand = self.hands[seat]
        # the kinds by how often a rollout plays them (each test reads move[0] again,
        # which is what lets mypy tell the kinds apart)
        if move[0] == "swap":
            h, t = move[1], move[2]
            hand[h], self.table[t] = self.table[t], hand[h]
            self.swapped[seat] = True
            self.passes = 0
        elif move[0] == "pass":
            self.passes += 1
            if self.passes >= len(self.order):
                self.passes = 0
                if self.info.pass_refresh:
                    self.discard.extend(self.table)
                    new = self._draw3()
                    if new is None:
                        self.over = True
                        return
                    self.table = new
        elif move[0] == "knock":
            if self.info.hidden:
                self.pending[self.nxt[seat]] = self.pending[seat]
                self.pending[seat] = []
            if self.knocker < 0:
                self.knocker = seat
                self.final_left = len(self.order)  # decremented below for the knocker
            self.passes = 0
        elif move[0] == "hold":
            five = hand + self.pending[seat]
            kept = move[1:4]
            keep = [five[i] for i in kept]
            give = [c for i, c in enumerate(five) if i not in kept]
            self.hands[seat] = hand = keep
            self.pending[seat] = []
            self.pending[self.nxt[seat]] = give
            self.swapped[seat] = True
        elif move[0] == "all":
            self.hands[seat], self.table = self.table, hand
            hand = self.hands[seat]
            self.swapped[seat] = True
            self.passes = 0
        elif move[0] == "swap2":
            for h, t in ((move[1], move[2]), (move[3], move[4])):
                hand[h], self.table[t] = self.table[t], hand[h]
            self.swapped[seat] = True
            self.passes = 0
        elif move[0] == "mistery":
            h = move[1]
            hand[h], self.mist = self.mist, hand[h]
            self.mist_owner = seat
            self.swapped[seat] = True
            self.passes = 0
        elif move[0] == "new":
            self.discard.extend(self.table)
            new = self._draw3()
            if new is None:
                self.over = True
                return
            self.table = new
            self.passes = 0  # as in the engine: new cards break a round of passes
            return  # the same player moves again
        v = self.st[hand[0] << 12 | hand[1] << 6 | hand[2]]
        if v == 31 or (v > 31 and self.info.feuer and v == self.info.feuer_value):
            self.over = True  # 31, or Feuer
            return
        if self.knocker >= 0:
            self.final_left -= 1
            if self.final_left <= 0:
                self.over = True
                return
        nxt = self.nxt[seat]
        if nxt == self.first:
            self.cycle += 1
            if self.cycle >= self.info.max_cycles and self.knocker < 0:
                self.over = True
                return
        self.cur = nxt

    def lives_lost(self) -> dict[int, int]:
        t = self.st
        st = {s: t[h[0] << 12 | h[1] << 6 | h[2]] for s, h in self.hands.items()}
        return score(st, self.info, self.knocker)

    def check_start(self) -> bool:
        """End the deal if a dealt hand is already 31 or Feuer."""
        for h in self.hands.values():
            v = self.st[h[0] << 12 | h[1] << 6 | h[2]]
            if v == 31 or (v > 31 and self.info.feuer and v == self.info.feuer_value):
                self.over = True
        return self.over


def knock_threshold(n: int, cycle: int, thr: list[float] | None = None) -> float:
    """The rollout policy's knock threshold (a little lower early, lower late);
    ``thr`` (per cycle, from ``model.knock_thresholds``) overrides the default."""
    if thr is not None:
        t = thr[min(cycle, len(thr) - 1)]
        return t - (cycle - 5 if cycle > 5 else 0)
    t = _BASE_KNOCK.get(n, 22) - 1 + min(cycle, 3)
    if cycle > 5:
        t -= cycle - 5
    return t


def greedy(d: Deal) -> TurnMove:
    """The cheap rollout policy: best immediate hand, knock at a threshold.
    (``d.qt`` holds the quality of three cards: see ``core.tables``.)"""
    info = d.info
    qt = d.qt
    seat = d.cur
    hand = d.hands[seat]
    a, b, c = hand
    final = d.knocker >= 0
    if info.hidden:
        five = hand + d.pending[seat]
        # the first three always beat -1: ``kept`` is the best of the ten
        kept, bq = (0, 1, 2), -1.0
        for i in range(5):
            for j in range(i + 1, 5):
                for k in range(j + 1, 5):
                    q = qt[five[i] << 12 | five[j] << 6 | five[k]]
                    if q > bq:
                        bq, kept = q, (i, j, k)
        cur_v = hand_value(a, b, c, info)
        if (
            not final
            and d.can_knock(seat)
            and cur_v >= knock_threshold(len(d.order), d.cycle, d.thr)
            and bq < cur_v + 2
        ):
            return ("knock",)
        return ("hold", *kept)
    A, B = a << 12, b << 6
    v = d.st[A | B | c]
    if not final and d.can_knock(seat) and v >= knock_threshold(len(d.order), d.cycle, d.thr):
        return ("knock",)
    table = d.table
    best_q = qt[A | B | c]
    cur_q = best_q
    best: TurnMove | None = None
    for t in range(3):
        x = table[t]
        q = qt[x << 12 | B | c]
        if q > best_q:
            best_q, best = q, ("swap", 0, t)
        q = qt[A | x << 6 | c]
        if q > best_q:
            best_q, best = q, ("swap", 1, t)
        q = qt[A | B | x]
        if q > best_q:
            best_q, best = q, ("swap", 2, t)
    q = qt[table[0] << 12 | table[1] << 6 | table[2]]
    if q > best_q:
        best_q, best = q, ("all",)
    if info.swap_two and best is not None and best[0] == "swap":
        # a second swap on top of the best single one, if it helps further
        h0, t0 = best[1], best[2]
        h2 = hand[:]
        h2[h0] = table[t0]
        for h in range(3):
            if h == h0:
                continue
            for t in range(3):
                if t == t0:
                    continue
                h3 = h2[:]
                h3[h] = table[t]
                q = qt[h3[0] << 12 | h3[1] << 6 | h3[2]]
                if q > best_q + d.swap2_margin:
                    best_q, best = q, ("swap2", h0, t0, h, t)
    if (
        info.seven_eight_nine
        and not final
        and (1 << (table[0] & 15)) | (1 << (table[1] & 15)) | (1 << (table[2] & 15)) == _789
        and best_q < cur_q + d.new_margin
        and len(d.stock) + len(d.discard) >= 3
    ):
        return ("new",)
    if best is None:
        if info.mistery and d.mist >= 0 and v < 16 and not final:
            weakest = min(range(3), key=lambda i: PTS[hand[i]])
            return ("mistery", weakest)
        if info.passing:
            return ("pass",)
        if final and d.swapped[seat]:
            return ("knock",)
        if info.mistery and d.mist >= 0:
            weakest = min(range(3), key=lambda i: PTS[hand[i]])
            return ("mistery", weakest)
        return _forced_swap(hand, table, qt)
    return best


def _forced_swap(hand: list[int], table: list[int], qt: list[float]) -> Swap:
    """The swap of a seat that must swap and gains nothing: the least useful card
    given away for the least bad one."""
    best_q = -1.0
    best: Swap = ("swap", 0, 0)
    for h in range(3):
        for t in range(3):
            h2 = hand[:]
            h2[h] = table[t]
            q = qt[h2[0] << 12 | h2[1] << 6 | h2[2]]
            if q > best_q:
                best_q, best = q, ("swap", h, t)
    return best


def rollout(
    d: Deal, policy: Callable[[Deal], TurnMove] = greedy, limit: int = 400
) -> dict[int, int]:
    """Play the deal to its end with ``policy`` and return lives lost per seat."""
    steps = 0
    while not d.over and steps < limit:
        d.apply(policy(d))
        steps += 1
    return d.lives_lost()
