"""The Schwimmen rules engine: pure Python, the same on CPython and Pyodide.

The public names are those of ``../shared/CONFORMANCE.md``; ``engine.bots`` is
imported lazily, so the engine works without it. In short:

>>> from engine import Match, preset
>>> m = Match(preset("knack"), players=3, seed=1)   # dealer, deck= for stacked deals
>>> seat = m.current_player()
>>> obs = m.observation(seat)                        # all this seat may know
>>> m.apply(obs.legal_actions[0])                    # an Action or its text ("keep")
>>> len(m.actions), m.is_over(), m.lives()
(1, False, [3, 3, 3])

- ``Match``: ``current_player()``, ``legal_actions()``, ``apply()``,
  ``apply_unchecked()``, ``is_over()``, ``winner()``, ``lives()``, ``places()``,
  ``crown``, ``observation(seat)``, ``clone()``, ``record()`` /
  ``Match.replay(record)``, ``to_json()`` / ``Match.from_json()``,
  ``Match.from_observation(obs, rng)`` (a world consistent with one seat's
  view, for Monte-Carlo bots); attributes ``phase``, ``dealer``,
  ``first_player``, ``deal_number``, ``deal_count``, ``last_deal``,
  ``results``, ``actions``, ``log``.
- ``Observation`` (``engine.observation``): one seat's view.
- ``MatchRecord`` (``engine.record``): the saved-match format;
  ``engine.transcript``: the golden transcripts.
- ``Event`` / ``EventKind`` (``engine.events``): the log; ``str(event)`` is an
  English sentence. ``DealResult``: how a deal ended; the closed sets in
  events and results are ``str``-valued enums (``DealEnd``, ``LossReason``,
  ``LuegenOutcome``), so they compare equal to their texts.
- ``Rules`` (``Rules.problems(options)``: why options do not fit, as
  ``RulesProblem``s with a ``ProblemCode``), ``PRESETS``, ``preset()``, ``traits()``
  (a preset's words: lives or tokens, Feuer or Blitz),
  ``hand_value()``, ``score_deal()``, ``Action``, ``Card``, ``parse_cards()``;
  errors ``InvalidInputError`` and ``IllegalActionError`` (both ``ValueError``),
  the only ones any input makes the public names raise.
- ``engine.bounds``: the range of every number the engine accepts (lives 1-10,
  players 2-9, seats, indices, values), reused by the page and the online messages.
- ``python -m engine.arena``: bots against bots (``engine.arena``).
"""

from types import ModuleType

from . import bounds
from .actions import Action, ActionKind
from .cards import Card, Rank, Suit, make_deck, parse_cards
from .errors import IllegalActionError, InvalidInputError
from .events import DealEnd, DealResult, Event, EventKind, LossReason, LuegenOutcome
from .match import Match
from .observation import Observation, Phase
from .rules import (
    PRESETS,
    TRAITS,
    DealMode,
    Direction,
    KnockRule,
    LifeWord,
    MatchEnd,
    ProblemCode,
    Rules,
    RulesProblem,
    SwimMode,
    Traits,
    preset,
    traits,
)
from .scoring import hand_value, score_deal

__all__ = [
    "PRESETS",
    "TRAITS",
    "Action",
    "ActionKind",
    "Card",
    "DealEnd",
    "DealMode",
    "DealResult",
    "Direction",
    "Event",
    "EventKind",
    "IllegalActionError",
    "InvalidInputError",
    "KnockRule",
    "LifeWord",
    "LossReason",
    "LuegenOutcome",
    "Match",
    "MatchEnd",
    "Observation",
    "Phase",
    "ProblemCode",
    "Rank",
    "Rules",
    "RulesProblem",
    "Suit",
    "SwimMode",
    "Traits",
    "bounds",
    "hand_value",
    "make_deck",
    "parse_cards",
    "preset",
    "score_deal",
    "traits",
]


def __getattr__(name: str) -> ModuleType:
    # Lazy: the bots package is optional for the engine and heavier to import.
    if name == "bots":
        import importlib

        return importlib.import_module(".bots", __name__)
    raise AttributeError(f"module 'engine' has no attribute {name!r}")
