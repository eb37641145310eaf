"""Suits, ranks, cards and decks.

A card's text is its rank followed by its suit letter, as players write it:

>>> Card.parse("10H")
Card.parse('10H')
>>> str(Card.parse("qs"))
'QS'
>>> [str(c) for c in parse_cards("AH KH 10H")]
['AH', 'KH', '10H']
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from .bounds import shown
from .errors import InvalidInputError


class Suit(enum.Enum):
    """The four suits. The letter is the French name's initial in English;
    German and Swiss faces map onto the same four (see ``app`` for names)."""

    CLUBS = "C"  # Kreuz / Eichel / Eicheln
    DIAMONDS = "D"  # Karo / Schelle / Schellen
    HEARTS = "H"  # Herz / Herz / Rosen
    SPADES = "S"  # Pik / Grün / Schilten

    def __str__(self) -> str:
        return self.value

    # Cards sort by rank, then suit; suits sort in declaration order (C, D, H, S).
    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Suit):
            return NotImplemented
        return _SUIT_INDEX[self] < _SUIT_INDEX[other]

    def __le__(self, other: object) -> bool:
        if not isinstance(other, Suit):
            return NotImplemented
        return _SUIT_INDEX[self] <= _SUIT_INDEX[other]

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, Suit):
            return NotImplemented
        return _SUIT_INDEX[self] > _SUIT_INDEX[other]

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, Suit):
            return NotImplemented
        return _SUIT_INDEX[self] >= _SUIT_INDEX[other]


_SUIT_INDEX = {s: i for i, s in enumerate(Suit)}


class Rank(enum.IntEnum):
    """Ranks in rank order (2 lowest, Ace highest), as used by ``rang_tiebreak``."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def points(self) -> int:
        """Card points: Ace 11, picture cards and 10 count 10, others their number."""
        if self is Rank.ACE:
            return 11
        return min(int(self), 10)

    @property
    def symbol(self) -> str:
        return _RANK_SYMBOLS[self]

    def __str__(self) -> str:
        return self.symbol


_RANK_SYMBOLS = {r: str(int(r)) for r in Rank if r <= Rank.TEN}
_RANK_SYMBOLS.update({Rank.JACK: "J", Rank.QUEEN: "Q", Rank.KING: "K", Rank.ACE: "A"})
_RANKS_BY_SYMBOL = {s: r for r, s in _RANK_SYMBOLS.items()}
_SUITS_BY_LETTER = {s.value: s for s in Suit}


@dataclass(frozen=True, eq=False, slots=True)
class Card:
    """One playing card. Ordered by rank, then suit (C < D < H < S)."""

    rank: Rank
    suit: Suit
    # rank * 4 + suit index: a fast, process-independent key for ==, < and hash
    # (enum hashes depend on string hashing, which differs between runs).
    key: int = field(init=False, repr=False)

    def __post_init__(self) -> None:
        if not isinstance(self.rank, Rank) or not isinstance(self.suit, Suit):
            raise InvalidInputError(
                f"a card needs a Rank and a Suit, not {shown(self.rank)}, {shown(self.suit)}"
            )
        object.__setattr__(self, "key", int(self.rank) * 4 + _SUIT_INDEX[self.suit])

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, Card):
            return NotImplemented
        return self.key == other.key

    def __hash__(self) -> int:
        return self.key

    def __lt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.key < other.key

    def __le__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.key <= other.key

    def __gt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.key > other.key

    def __ge__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.key >= other.key

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card from text such as ``"10H"``, ``"as"`` or ``" QD"``."""
        if not isinstance(text, str):
            raise InvalidInputError(f"a card is text like '10H', not {shown(text)}")
        t = text.strip().upper()
        rank = _RANKS_BY_SYMBOL.get(t[:-1])
        suit = _SUITS_BY_LETTER.get(t[-1:])
        if rank is None or suit is None:
            raise InvalidInputError(
                f"{shown(text)} is not a card: write the rank (2-10, J, Q, K, A) "
                "then the suit (C, D, H, S), like '10H' or 'AS'"
            )
        return _CARDS[rank, suit]

    @property
    def points(self) -> int:
        return self.rank.points

    def __str__(self) -> str:
        return _TEXTS[self.key]

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


_CARDS = {(r, s): Card(r, s) for r in Rank for s in Suit}
_TEXTS = {c.key: f"{c.rank.symbol}{c.suit.value}" for c in _CARDS.values()}
"""Each card's text by its key (a table server writes some fifty cards a move)."""


def parse_cards(text: str) -> tuple[Card, ...]:
    """Read cards separated by spaces or commas; a repeated card is an error."""
    if not isinstance(text, str):
        raise InvalidInputError(f"cards are text like 'AH KH 10H', not {shown(text)}")
    cards = tuple(Card.parse(part) for part in text.replace(",", " ").split())
    if len(set(cards)) != len(cards):
        twice = next(c for i, c in enumerate(cards) if c in cards[:i])
        raise InvalidInputError(f"{shown(text)} names the card {twice} more than once")
    return cards


LOWEST_RANK = {32: Rank.SEVEN, 36: Rank.SIX, 52: Rank.TWO}
"""The lowest rank in each deck size; every rank from it to Ace is in the deck."""


def make_deck(size: int = 32) -> tuple[Card, ...]:
    """All cards of a 32-, 36- or 52-card deck in a fixed order (suit by suit)."""
    if size not in LOWEST_RANK:
        raise InvalidInputError(f"deck {shown(size)} does not exist: choose 32, 36 or 52")
    low = LOWEST_RANK[size]
    return tuple(_CARDS[r, s] for s in Suit for r in Rank if r >= low)
