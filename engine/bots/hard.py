"""The ``hard`` bot: determinized Monte-Carlo search over what it cannot see.

For a turn it takes medium's best few moves (and knock, pass, new when legal),
deals the hidden cards at random many times consistently with its observation
(``sampler``), plays each candidate in each sample to the end of the deal with
the cheap rollout policy (``sim.greedy``) and keeps the move with the best mean
outcome: lives not lost, with an elimination weighing extra. All candidates
see the same samples, so their comparison is fair even with few samples.

It searches only in the kinds of decision where the search measurably gains against
medium on the rule set (``Params.search``, by ``decision_kind``); in the others it
plays medium's move.

Reproducible by default: ``samples`` fixes the work per decision. A wall-time
``budget_ms`` caps it (then results depend on the machine's speed).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from . import luegen_search
from .heuristic import MediumBot, _Bot
from .moves import turn_move
from .params import Params, levels_for
from .sampler import iter_worlds, sample_after_choice
from .sim import rollout
from .view import View

CLOCK_EVERY = 16
"""Samples between two readings of the clock when a wall-time cap is set: a cap
that is only a safety net costs nothing measurable and a slow device cuts the
search only when a batch takes far longer than normal."""

ELIMINATION = 4.0
"""What being out of the match costs on top of the life: it loses the match, so it
weighs like several lives (4 won more matches than 2 against three medium bots,
docs/bots-experiments.md round 2; 6 no more than 4)."""


def utility(lost: int, lives: int) -> float:
    """Outcome of a deal for one seat: 0 when no life is lost, below 0 otherwise,
    with an elimination (swimming and losing, or losing more than is left)
    costing extra."""
    if lost <= 0:
        return 0.0
    return -float(lost) - (ELIMINATION if lives - lost < 0 else 0.0)


def deal_value(view: View) -> Callable[[dict[int, int]], float]:
    """What a deal's result (lives lost per seat, as ``rollout`` returns it) is
    worth to the seat deciding: its own ``utility``."""
    me = view.seat
    lives = max(view.lives[me], 0)
    return lambda lost: utility(lost.get(me, 0), lives)


class HardBot(_Bot):
    """Determinized search; see the module docstring."""

    name = "hard"
    DEFAULT_SAMPLES = 192

    def __init__(
        self,
        seed: int = 0,
        samples: int = DEFAULT_SAMPLES,
        budget_ms: float | None = None,
        top_k: int = 4,
        params: Params | None = None,
    ) -> None:
        """``params``: the numbers of hard's prior, opponent model and rollouts; by
        default the rule set's (``params.levels_for(info).hard``)."""
        super().__init__(seed)
        self.samples = samples
        self.budget_ms = budget_ms
        self.top_k = top_k
        self.params = params
        self.medium = _Prior(seed, params)
        self.medium.rng = self.rng

    def decide(self, view: View) -> int:
        numbers = self.medium.numbers(view)
        if decision_kind(view) not in numbers.search:
            return self.medium.decide(view)  # the search gains nothing here on these rules
        phase = view.phase
        if phase == "announce":
            return luegen_search.announce(view, self.rng)
        if phase == "decide":
            return luegen_search.decide(view, self.rng)
        if phase == "choose":
            res = evaluate_choice(view, self.rng, self.samples, self.budget_ms, params=numbers)
            return max(res, key=lambda p: (p[1], -p[0]))[0]
        if view.info.hidden:
            prior = [(i, 0.0) for i, m in enumerate(view.legal)]
            prior = _hold_prior(view, self.medium)
        else:
            prior = self.medium.ranked(view)
        if prior[0][1] >= 100.0:
            return prior[0][0]  # 31 or Feuer on the table: take it
        cands = [i for i, _ in prior[: self.top_k]]
        for i, m in enumerate(view.legal):
            if m[0] in ("knock", "pass", "new") and i not in cands:
                cands.append(i)
        blind = _best_blind_mistery(view, prior)
        if blind is not None and blind not in cands:
            # medium values a blind Mistery swap by a fixed estimate; the search
            # draws the face-down card from the unseen cards in every world
            cands.append(blind)
        if len(cands) == 1:
            return cands[0]
        means = search(view, cands, self.rng, self.samples, self.budget_ms, numbers)
        rank = {i: r for r, (i, _) in enumerate(prior)}
        # ties (within noise) go to medium's preference
        return max(cands, key=lambda i: (means[i] - _lean(rank.get(i, 99)), -i))


def decision_kind(view: View) -> str:
    """Which of ``params.DECISION_KINDS`` the decision in ``view`` is."""
    if view.phase == "choose":
        return "choose"
    if view.phase in ("announce", "decide"):
        return "luegen"
    return "first" if view.cycle == 0 else "later"


class _Prior(MediumBot):
    """Medium's move score as hard's prior, with hard's numbers."""

    def numbers(self, view: View) -> Params:
        return self.params or levels_for(view.info).hard


PRIOR_MARGIN = 0.0
"""What the search must gain over medium's favourite move before hard plays
another one, in lives a deal (0: any gain beyond the tie-break)."""


def _lean(rank: int) -> float:
    """The handicap of medium's ``rank``-th move in the search's comparison."""
    return 0.002 * rank + (PRIOR_MARGIN if rank else 0.0)


def _best_blind_mistery(view: View, prior: list[tuple[int, float]]) -> int | None:
    """Medium's favourite Mistery swap, if there is one (the face-down card is
    then searched like any other move)."""
    for i, _ in prior:
        if view.legal[i][0] == "mistery":
            return i
    return None


def _hold_prior(view: View, medium: MediumBot) -> list[tuple[int, float]]:
    from .core import strength
    from .evaluate import score_hand

    unseen = view.unseen()
    out = []
    for i, m in enumerate(view.legal):
        if m[0] == "hold":
            hand, _ = view.after(m)
            s = score_hand(hand, unseen, view.info, medium.numbers(view).alpha)
            if view.is_top(hand):
                s = 100.0 + strength(hand[0], hand[1], hand[2], view.info)
        else:
            s = 0.0
        out.append((i, s))
    out.sort(key=lambda p: -p[1])
    return out


def search(
    view: View,
    cands: list[int],
    rng: random.Random,
    samples: int,
    budget_ms: float | None,
    params: Params | None = None,
) -> dict[int, float]:
    """Mean utility of each candidate move over common determinizations (``params``:
    the numbers of the opponent model and the rollouts)."""
    moves = {i: turn_move(view.legal[i]) for i in cands}
    value = deal_value(view)
    totals = dict.fromkeys(cands, 0.0)
    done = 0
    deadline = None if budget_ms is None else time.perf_counter() + budget_ms / 1000.0
    for world in iter_worlds(view, rng, samples, params=params):
        seed = rng.getrandbits(64)  # a whole number: hash() differs in Pyodide
        for i in cands:
            d = world.clone()
            d.rng = seed  # seeds the generator if the stock runs out
            d.apply(moves[i])
            totals[i] += value(rollout(d))
        done += 1
        if deadline is not None and done % CLOCK_EVERY == 0 and time.perf_counter() > deadline:
            break
    return {i: t / done for i, t in totals.items()}


def evaluate_choice(
    view: View,
    rng: random.Random,
    samples: int,
    budget_ms: float | None,
    safe_share: bool = False,
    params: Params | None = None,
) -> list[tuple[int, float]]:
    """Mean utility of ``keep`` and ``take`` (deal choice) by rollouts; with
    ``safe_share`` the share of rollouts in which this seat loses no life."""
    me = view.seat
    value = deal_value(view)
    idx = {m[0]: i for i, m in enumerate(view.legal)}
    totals = {i: 0.0 for i in idx.values()}
    done = 0
    deadline = None if budget_ms is None else time.perf_counter() + budget_ms / 1000.0
    for _ in range(max(samples, 1)):
        seed = rng.getrandbits(64)  # a whole number: hash() differs in Pyodide
        for kind, i in idx.items():
            r = random.Random(seed)
            d = sample_after_choice(view, r, take=(kind == "take"), params=params)
            lost = rollout(d)
            totals[i] += (lost.get(me, 0) == 0) if safe_share else value(lost)
        done += 1
        if deadline is not None and done % CLOCK_EVERY == 0 and time.perf_counter() > deadline:
            break
    return [(i, t / done) for i, t in totals.items()]
