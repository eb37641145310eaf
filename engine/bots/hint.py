"""The coach: the hard bot's ranking of a human's legal actions.

``hint(observation, budget_ms=300)`` returns every legal action with the
estimated probability of not losing a life in this deal, best first. Turns and
the deal choice are judged by the same determinized rollouts as the hard bot
(all legal moves, not only the best few); Lügen decisions by the probability
that the challenged announcement is a lie (ranked, as the bots decide, by the
lives at stake: giving up costs one for sure, a wrong challenge two);
announcements by a rough model of being the lowest and of being challenged.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from . import luegen, model
from .core import to_card
from .hard import evaluate_choice
from .heuristic import MediumBot
from .moves import Move, turn_move
from .observe import view_of
from .sampler import iter_worlds
from .sim import rollout
from .view import View

if TYPE_CHECKING:
    from ..actions import Action
    from ..cards import Card
    from ..observation import Observation


@dataclass(frozen=True)
class Hint:
    """One legal action and its estimated chance of not losing a life: the share of
    ``samples`` sampled deals in which it lost none (``samples`` 0: a model's estimate,
    not a count), or, with ``certain``, what the position proves (a sure lie or truth
    seen in the log, giving up's sure loss)."""

    action: Action
    p_safe: float
    samples: int = 0
    certain: bool = False

    def __str__(self) -> str:
        return f"{self.action}: {self.p_safe:.0%}"


def hint(
    observation: Observation, budget_ms: float | None = 300, samples: int = 48, seed: int = 0
) -> list[Hint]:
    """Rank ``observation.legal_actions`` (best first) as a list of ``Hint``.

    ``samples`` bounds the work (deterministic for a given ``seed``);
    ``budget_ms`` caps the wall time (``None``: no cap).
    """
    actions = list(observation.legal_actions)
    if not actions:
        return []
    view = view_of(observation)
    rng = random.Random(seed)
    phase = view.phase
    counted, certain = 0, [False] * len(actions)
    if phase == "decide":
        probs = [luegen.p_lie(view, m[1]) if m[0] == "challenge" else 0.0 for m in view.legal]
        # proved only where the inference gives a plain yes or no
        certain = [
            _proved(observation, m) and p in (0.0, 1.0)
            for m, p in zip(view.legal, probs, strict=True)
        ]
    elif phase == "announce":
        probs = _announce_probs(view)
    elif phase == "choose":
        probs, counted = _safe_choice(view, rng, samples, budget_ms)
    else:
        probs, counted = _safe_turns(view, rng, samples, budget_ms)
    out = [
        Hint(a, round(p, 3), counted, sure)
        for a, p, sure in zip(actions, probs, certain, strict=True)
    ]
    if phase == "decide":
        # Lives, not only the chance of losing none: giving up costs one for sure, a
        # wrong challenge two, so giving up comes first when every challenge is risky.
        worth = [luegen.utility(view, m) or 0.0 for m in view.legal]
        order = sorted(range(len(out)), key=lambda i: (-worth[i], -out[i].p_safe, i))
        return [out[i] for i in order]
    tie = [0.0] * len(actions)
    if phase == "play" and not view.info.hidden:
        # equal chances: prefer what the medium heuristic prefers (31 first)
        for i, s in MediumBot(seed).ranked(view):
            tie[i] = s
    order = sorted(range(len(out)), key=lambda i: (-out[i].p_safe, -tie[i], i))
    return [out[i] for i in order]


@dataclass(frozen=True)
class ChallengeBasis:
    """What a seat could know of an announcement it may challenge.

    ``kind`` is ``"known"`` (the announcer is known to hold ``card`` beside the two
    it showed, so the value is certain: ``true`` says which way), ``"impossible"``
    (no card the announcer may hold makes the value: a sure lie) or ``"estimate"``
    (the unshown card is one of several, some making the value true).
    """

    kind: str
    card: Card | None = None  # the engine Card of a known third card
    true: bool | None = None


def challenge_basis(observation: Observation, target: int) -> ChallengeBasis:
    """Why the coach rates challenging ``target``'s announcement as it does, from
    what ``observation`` shows (the same inference the bots use, ``luegen.p_lie``)."""
    view = view_of(observation)
    value, shown = view.announcements[target]
    third = luegen.known_third(view, target) if len(shown) == 2 else None
    if third is not None:
        made = luegen.consistent_cards(list(shown), value, view.info, [third]) == 1
        return ChallengeBasis("known", to_card(third), made)
    if len(shown) == 2 and luegen.p_lie(view, target) == 1.0:
        return ChallengeBasis("impossible", None, False)
    return ChallengeBasis("estimate")


def _proved(observation: Observation, move: Move) -> bool:
    """A Lügen choice whose outcome the position settles: giving up (a sure loss), or a
    challenge of an announcement the log shows true or false (``challenge_basis``)."""
    if move[0] != "challenge":
        return True
    return challenge_basis(observation, move[1]).kind != "estimate"


def _safe_turns(
    view: View, rng: random.Random, samples: int, budget_ms: float | None
) -> tuple[list[float], int]:
    """Per legal move, the share of sampled deals it loses no life in, and how many
    deals were sampled (the same deals for every move)."""
    import time

    me = view.seat
    moves = [turn_move(m) for m in view.legal]
    safe = [0] * len(moves)
    done = 0
    deadline = None if budget_ms is None else time.perf_counter() + budget_ms / 1000.0
    for world in iter_worlds(view, rng, samples):
        seed = rng.getrandbits(64)  # a whole number: hash() differs in Pyodide
        for i, m in enumerate(moves):
            d = world.clone()
            d.rng = seed  # seeds the generator if the stock runs out
            d.apply(m)
            if rollout(d).get(me, 0) == 0:
                safe[i] += 1
        done += 1
        if deadline is not None and time.perf_counter() > deadline:
            break
    return [s / done for s in safe], done


def _safe_choice(
    view: View, rng: random.Random, samples: int, budget_ms: float | None
) -> tuple[list[float], int]:
    """The deal choice as the hard bot weighs it (``evaluate_choice``), as shares of
    deals without a lost life, per legal move; and the deals sampled."""
    done = max(samples, 1)  # evaluate_choice stops early only at the time cap
    res = dict(evaluate_choice(view, rng, done, budget_ms, safe_share=True))
    return [res.get(i, 0.0) for i in range(len(view.legal))], done


def _announce_probs(view: View) -> list[float]:
    """Rough chance of not losing for each announcement: not being the lowest
    (others' announcements modelled as final hands), and, when lying, not
    being caught."""
    info = view.info
    n = len(view.order)
    others = [v for s, (v, _) in view.announcements.items() if s != view.seat]
    later = n - 1 - len(others)
    true_v = view.value(view.hand[:3])
    probs: list[float] = []
    for m in view.legal:
        if m[0] != "announce":
            probs.append(0.0)
            continue
        v = m[1]
        below_known = any(o < v for o in others)
        p_not_lowest = 1.0
        if not below_known:
            p_all_above = model.p_at_least(info, n, view.cycle + 2, v + 0.01) ** later
            p_not_lowest = 1.0 - p_all_above if later else 0.0
        if v == true_v:
            probs.append(p_not_lowest)
        else:
            shown = [view.hand[m[2]], view.hand[m[3]]]
            pool = luegen.candidates_seen_by_others(view, shown)
            n_ok = luegen.consistent_cards(shown, v, info, pool)
            settled = len(pool) == 1  # the others know the unshown card
            p_caught = (1.0 if settled else 0.9) if n_ok == 0 else 0.35
            probs.append(p_not_lowest * (1.0 - p_caught))
    return probs
