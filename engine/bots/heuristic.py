"""The heuristic bots: ``easy`` (a beginner) and ``medium`` (a solid player).

Both read an observation through ``observe.view_of`` and pick one of its legal
actions. ``medium`` scores every legal move by the resulting hand's value plus
its expected gain from a next swap with an unseen card, minus what the table
it leaves is worth to the next player; it knocks when the chance that someone
ends below it is high enough for the number of players, the cycle and the
lives at stake. ``easy`` looks at its own hand only, with noise, and knocks at
a fixed threshold.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Iterable
from typing import TYPE_CHECKING

from . import luegen
from .core import PTS, is_top, strength
from .evaluate import feed_penalty, next_hands, p_safe_knock, potential, score_hand
from .model import knock_thresholds
from .observe import view_of
from .params import Params, levels_for
from .view import View

if TYPE_CHECKING:
    from ..actions import Action
    from ..observation import Observation


class _Bot:
    name = "bot"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def choose(self, observation: Observation) -> Action:
        """One of ``observation.legal_actions``."""
        actions = list(observation.legal_actions)
        if len(actions) == 1:
            return actions[0]
        view = view_of(observation)
        return actions[self.decide(view)]

    def decide(self, view: View) -> int:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"


def _moves(view: View, kinds: Collection[str]) -> list[int]:
    return [i for i, m in enumerate(view.legal) if m[0] in kinds]


TURN_KINDS = ("swap", "swap2", "all")


class EasyBot(_Bot):
    """A beginner: greedy on its own hand with noise, knocks at a fixed value,
    sometimes overlooks a move, tells the truth in Lügen more often than not."""

    name = "easy"
    NOISE = 3.0
    KNOCK_AT = 27
    MISS = 0.2
    HONESTY = 0.9

    def decide(self, view: View) -> int:
        rng = self.rng
        legal = view.legal
        phase = view.phase
        if phase == "choose":
            want = "keep" if view.value(view.hand) + rng.gauss(0, 2) >= 18 else "take"
            return next((i for i, m in enumerate(legal) if m[0] == want), 0)
        if phase == "announce":
            return luegen.announce(view, rng, honesty=self.HONESTY)
        if phase == "decide":
            if rng.random() < self.MISS:
                return rng.randrange(len(legal))
            return luegen.decide(view, rng)
        if view.info.hidden:
            return self._hold(view)
        v = view.value(view.hand)
        knock = _moves(view, ("knock",))
        threshold = self.KNOCK_AT - (3 if view.cycle >= 4 else 0)
        if knock and view.knocker < 0 and v >= threshold:
            return knock[0]
        best, best_s = None, v + 0.5
        for i, m in enumerate(legal):
            if m[0] not in TURN_KINDS:
                continue
            hand, _ = view.after(m)
            s = view.strength(hand) + rng.gauss(0, self.NOISE)
            if rng.random() < self.MISS:
                continue  # overlooked
            if s > best_s:
                best, best_s = i, s
        if best is not None:
            return best
        for kind in ("new", "pass"):
            idx = _moves(view, (kind,))
            if idx and (kind != "new" or rng.random() < 0.5):
                return idx[0]
        if knock and view.knocker >= 0:
            return knock[0]
        swaps = _moves(view, (*TURN_KINDS, "mistery"))
        if swaps:
            return rng.choice(swaps)
        return rng.randrange(len(legal))

    def _hold(self, view: View) -> int:
        knock = _moves(view, ("knock",))
        if knock and view.knocker < 0 and view.value(view.hand[:3]) >= self.KNOCK_AT:
            return knock[0]
        best, best_s = 0, None
        for i, m in enumerate(view.legal):
            if m[0] != "hold":
                continue
            hand, _ = view.after(m)
            s = view.strength(hand) + self.rng.gauss(0, self.NOISE)
            if best_s is None or s > best_s:
                best, best_s = i, s
        return best


class MediumBot(_Bot):
    """A solid heuristic player (see the module docstring)."""

    name = "medium"

    def __init__(self, seed: int = 0, params: Params | None = None) -> None:
        """``params``: the numbers to play with; by default the rule set's
        (``params.levels_for(info).medium``)."""
        super().__init__(seed)
        self.params = params

    def numbers(self, view: View) -> Params:
        """The numbers this bot plays with on ``view``'s rule set."""
        return self.params or levels_for(view.info).medium

    def decide(self, view: View) -> int:
        phase = view.phase
        if phase == "choose":
            return self._deal_choice(view)
        if phase == "announce":
            return luegen.announce(view, self.rng)
        if phase == "decide":
            return luegen.decide(view, self.rng)
        if view.info.hidden:
            return self._hold(view)
        return self.ranked(view)[0][0]

    # -- knocking ------------------------------------------------------------

    def knock_target(self, view: View) -> float:
        n = len(view.order)
        fair = 1.0 - 1.0 / n
        margin = self.numbers(view).knock_margin
        my_lives = view.lives[view.seat]
        if my_lives == 0:
            margin += 0.15  # swimming: a lost life ends the match for us
        elif my_lives >= 3:
            margin -= 0.05
        if view.info.knocker_pays_ties:
            margin += 0.05
        return fair + (1.0 - fair) * margin

    def wants_knock(self, view: View, value: float) -> bool:
        """Knock at the self-play threshold for the number of players and the
        cycle (higher when a loss costs more), or when the opponent model says
        the knock is safe enough."""
        thr = knock_thresholds(view.info, len(view.order), self.numbers(view))
        t = thr[min(view.cycle, len(thr) - 1)]
        my_lives = view.lives[view.seat]
        if my_lives == 0:
            t += 1  # swimming: a lost life ends the match for us
        if view.info.knocker_pays_ties:
            t += 0.5
        if view.info.under_21_pays:
            t = max(t, 21)
        if value >= t:
            return True
        return p_safe_knock(view, value) >= self.knock_target(view)

    # -- turns -----------------------------------------------------------------

    def ranked(self, view: View) -> list[tuple[int, float]]:
        """Every legal move of a turn with its score, best first."""
        info = view.info
        unseen = view.unseen()
        final = view.knocker >= 0
        numbers = self.numbers(view)
        alpha = 0.0 if final else numbers.alpha
        cur = view.hand
        hands = next_hands(view, random.Random(self.rng.getrandbits(64)))
        scores: list[tuple[int, float]] = []
        for i, m in enumerate(view.legal):
            kind = m[0]
            if kind in TURN_KINDS:
                hand, table = view.after(m)
                if view.is_top(hand):
                    s = 100.0 + strength(hand[0], hand[1], hand[2], info)
                else:
                    given = [c for c in cur if c not in hand]
                    s = score_hand(hand, unseen, info, alpha)
                    s -= feed_penalty(view, table, given, hands, numbers)
            elif m[0] == "mistery":
                s = self._mistery_score(view, m[1], unseen, alpha)
            elif kind == "pass":
                s = score_hand(cur, unseen, info, alpha)
                s -= feed_penalty(view, view.table, [], hands, numbers)
                s += 0.05  # keeping the table as it is gives nothing away
            elif kind == "knock":
                v = view.strength(cur)
                if final:
                    s = v - feed_penalty(view, view.table, [], hands, numbers) + 0.05
                elif self.wants_knock(view, v):
                    s = 50.0 + v
                else:
                    s = -50.0
            elif kind == "new":
                s = self._new_score(view, unseen, alpha)
            else:
                s = -100.0
            scores.append((i, s))
        scores.sort(key=lambda p: -p[1])
        return scores

    def _mistery_score(self, view: View, h: int, unseen: list[int], alpha: float) -> float:
        info = view.info
        cur = view.hand
        if view.mist >= 0:
            hand = list(cur)
            hand[h] = view.mist
            return score_hand(hand, unseen, info, alpha) + 0.1
        if not unseen:
            return -100.0
        total = 0.0
        for c in unseen:
            hand = list(cur)
            hand[h] = c
            total += strength(hand[0], hand[1], hand[2], info)
        mean = total / len(unseen)
        # the given card stays hidden: no feeding; the gain to come is roughly
        # the mean gain of the current hand
        gain = potential(cur, unseen, info) - view.strength(cur)
        return mean + alpha * gain - 0.3

    def _new_score(self, view: View, unseen: list[int], alpha: float) -> float:
        info = view.info
        if len(unseen) < 3:
            return -100.0
        cur = view.hand
        rng = random.Random(self.rng.getrandbits(64))
        total = 0.0
        tries = 8
        for _ in range(tries):
            table = rng.sample(unseen, 3)
            best = strength(cur[0], cur[1], cur[2], info)
            for t in range(3):
                for h in range(3):
                    hand = list(cur)
                    hand[h] = table[t]
                    v = strength(hand[0], hand[1], hand[2], info)
                    if v > best:
                        best = v
            v = strength(table[0], table[1], table[2], info)
            total += max(best, v)
        mean = total / tries
        return mean + alpha * 1.5

    # -- deal choice and hidden deal -------------------------------------------

    def _deal_choice(self, view: View) -> int:
        info = view.info
        unseen = view.unseen()
        hand = view.hand
        numbers = self.numbers(view)
        keep = score_hand(hand, unseen, info, numbers.alpha) + numbers.deal_keep
        if view.is_top(hand):
            keep = 100.0
        rng = random.Random(self.rng.getrandbits(64))
        total = 0.0
        tries = 24
        for _ in range(tries):
            other = rng.sample(unseen, 3)
            total += score_hand(other, unseen, info, numbers.alpha)
        take = total / tries - numbers.deal_gift * _table_gift(hand)
        want = "keep" if keep >= take else "take"
        return next((i for i, m in enumerate(view.legal) if m[0] == want), 0)

    def _hold(self, view: View) -> int:
        info = view.info
        unseen = view.unseen()
        knock = _moves(view, ("knock",))
        held = view.hand[:3]
        # in the final cycle a knock keeps the old hand: compared below
        if knock and view.knocker < 0 and self.wants_knock(view, view.strength(held)):
            return knock[0]
        alpha = 0.0 if view.knocker >= 0 else self.numbers(view).alpha
        best, best_s = 0, None
        for i, m in enumerate(view.legal):
            if m[0] == "hold":
                hand, _ = view.after(m)
                given = [c for c in view.hand if c not in hand]
                s = score_hand(hand, unseen, info, alpha) - 0.4 * _table_gift(given)
            elif m[0] == "knock":
                s = view.strength(held) + 0.01
            else:
                continue
            if view.is_top(hand if m[0] == "hold" else held):
                s += 100.0
            if best_s is None or s > best_s:
                best, best_s = i, s
        return best


def _table_gift(cards: Iterable[int]) -> float:
    """How much a set of face-up cards helps whoever gets them: the best suit
    sum among them above a single ace (a pair of high cards of one suit)."""
    by_suit: dict[int, int] = {}
    for c in cards:
        by_suit[c >> 4] = by_suit.get(c >> 4, 0) + PTS[c]
    best = max(by_suit.values(), default=0)
    return max(0.0, best - 11)


__all__ = ["EasyBot", "MediumBot", "is_top"]
