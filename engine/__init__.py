"""The Schwimmen rules engine: pure Python, the same on CPython and Pyodide.

The public names are those of ``../shared/CONFORMANCE.md``. ``engine.bots`` is
imported lazily, so the engine works without it.
"""

from .actions import Action, ActionKind
from .cards import Card, Rank, Suit, make_deck, parse_cards
from .errors import IllegalActionError, InvalidInputError
from .events import DealResult, Event, EventKind
from .match import DealEnd, Match
from .observation import Observation, Phase
from .rules import (
    PRESETS,
    DealMode,
    Direction,
    KnockRule,
    MatchEnd,
    Rules,
    SwimMode,
    preset,
)
from .scoring import hand_value, score_deal

__all__ = [
    "PRESETS",
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
    "Match",
    "MatchEnd",
    "Observation",
    "Phase",
    "Rank",
    "Rules",
    "Suit",
    "SwimMode",
    "hand_value",
    "make_deck",
    "parse_cards",
    "preset",
    "score_deal",
]


def __getattr__(name: str):
    # Lazy: the bots package is optional for the engine and heavier to import.
    if name == "bots":
        import importlib

        return importlib.import_module(".bots", __name__)
    raise AttributeError(f"module 'engine' has no attribute {name!r}")
