"""The Schwimmen rules engine: pure Python, the same on CPython and Pyodide."""

from .cards import Card, Rank, Suit, make_deck, parse_cards
from .errors import IllegalActionError, InvalidInputError

__all__ = [
    "Card",
    "IllegalActionError",
    "InvalidInputError",
    "Rank",
    "Suit",
    "make_deck",
    "parse_cards",
]
