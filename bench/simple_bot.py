"""A "simple outside heuristic" opponent for the ladder (issue 14): what a
player outside the project might write in an afternoon, to check that hard
does not lose ground against plain, unsubtle play.

    python -m engine.arena --rules knack --bots hard,bench/simple_bot.py:make,\\
bench/simple_bot.py:make,bench/simple_bot.py:make --matches 100

It looks at its own hand value only (no opponent model, no feeding penalty,
no look-ahead), in this order on a turn:

1. A move that makes 31 (or Feuer) at once is taken.
2. **Hold** with a hand worth more than ``HOLD_ABOVE`` (28): knock if the
   knock rule allows it (before anyone knocked), otherwise pass, otherwise
   "knock" to keep the hand in the final cycle (rules without passing);
   only when none of these is legal, the swap that leaves the best hand.
3. **Knock** at ``KNOCK_AT`` (26) or more when the knock rule allows it. That
   is medium's self-play threshold for 4 players in the second cycle
   (``engine.bots.params.Params.knock``), fixed here for every cycle.
4. Otherwise the **best swap by immediate hand value**: every single swap and
   swap-all (not swap-two, not an unseen Mistery card; a Mistery card it put
   there itself counts, since it knows it), taken if it raises the value.
5. Nothing raises it: ``new`` (7-8-9) if offered, else pass, else "knock" to
   keep the hand after a knock, else the swap that leaves the best hand (it
   must move: no passing in hosenowi).

Deal choice: keep a dealt hand worth ``KEEP_AT`` (17, the median of a random
hand of the 32-card deck) or more, else take the other three. Hidden deal:
knock at ``KNOCK_AT`` with the three held cards when allowed, else hold the
best three of the five. Lügen: announcement and challenge as every engine bot
does (``engine.bots.luegen``, truthful unless in danger, a Bayesian challenge).
Ties go to the first legal action, so apart from Lügen (its own seeded
generator) the bot is deterministic.
"""

from __future__ import annotations

import sys
from pathlib import Path

_ROOT = str(Path(__file__).resolve().parent.parent)
if _ROOT not in sys.path:  # loaded by path (an arena spec) from anywhere
    sys.path.insert(0, _ROOT)

from engine.bots import luegen  # noqa: E402
from engine.bots.core import is_top  # noqa: E402
from engine.bots.heuristic import _Bot  # noqa: E402
from engine.bots.view import View  # noqa: E402

SWAPS = ("swap", "all")


class SimpleBot(_Bot):
    """See the module docstring (``_Bot`` gives ``choose``: the view, then ``decide``)."""

    name = "simple"
    HOLD_ABOVE = 28
    KNOCK_AT = 26
    KEEP_AT = 17

    def decide(self, view: View) -> int:
        """Index into ``view.legal``."""
        phase = view.phase
        if phase == "announce":
            return luegen.announce(view, self.rng)
        if phase == "decide":
            return luegen.decide(view, self.rng)
        if phase == "choose":
            want = "keep" if view.value(view.hand[:3]) >= self.KEEP_AT else "take"
            chosen = _first(view, want)
            return 0 if chosen is None else chosen
        if view.info.hidden:
            return self._hidden(view)
        return self._turn(view)

    # -- a turn with a table ------------------------------------------------

    def _turn(self, view: View) -> int:
        value = view.value(view.hand)
        swaps: list[tuple[float, int]] = []  # (value after, index), legal order
        for i, m in enumerate(view.legal):
            if m[0] in SWAPS or (m[0] == "mistery" and view.mist >= 0):
                hand, _ = view.after(m)
                swaps.append((view.strength(hand), i))
        best = max(swaps, key=lambda p: (p[0], -p[1]), default=None)  # (value, index)
        if best is not None and is_top(best[0], view.info):
            return best[1]
        knock = _first(view, "knock")
        if value > self.HOLD_ABOVE:
            for kind in ("knock", "pass"):
                found = _first(view, kind)
                if found is not None:
                    return found
        elif knock is not None and view.knocker < 0 and value >= self.KNOCK_AT:
            return knock
        elif best is not None and best[0] > view.strength(view.hand):
            return best[1]
        else:
            for kind in ("new", "pass") + (("knock",) if view.knocker >= 0 else ()):
                found = _first(view, kind)
                if found is not None:
                    return found
        if best is not None:
            return best[1]
        # only moves it does not weigh are left (an unseen Mistery card, swap two, ...)
        for kind in ("pass", "mistery", "swap2", "new", "knock"):
            found = _first(view, kind)
            if found is not None:
                return found
        return 0

    # -- the hidden deal: keep three of five ----------------------------------

    def _hidden(self, view: View) -> int:
        knock = _first(view, "knock")
        if knock is not None and view.knocker < 0 and view.value(view.hand[:3]) >= self.KNOCK_AT:
            return knock
        best_i, best_v = None, None
        for i, m in enumerate(view.legal):
            if m[0] != "hold":
                continue
            hand, _ = view.after(m)
            v = view.strength(hand)
            if best_v is None or v > best_v:
                best_i, best_v = i, v
        if best_i is not None:
            return best_i
        return knock if knock is not None else 0


def _first(view: View, kind: str) -> int | None:
    """Index of the first legal move of that kind, if there is one."""
    return next((i for i, m in enumerate(view.legal) if m[0] == kind), None)


def make(seed: int = 0) -> SimpleBot:
    """Arena factory: ``bench/simple_bot.py:make``."""
    return SimpleBot(seed)


__all__ = ["SimpleBot", "make"]
