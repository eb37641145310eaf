"""Every number the engine accepts, with its range, written once.

docs/rules.md gives most of them (lives 1-10, at most 9 players, three cards in a hand,
announcements up to 30); the rest are the project's own limits (a deal's cycles, the
Feuer value, a seed). ``Rules``, ``Action.parse``, ``Match``, the saved-match reader
and the replay check their numbers here; the page's storage and the online messages
between pages (``engine.online``) reuse the same ranges, so a number that one of them
lets in is a number every other one can handle, and anything the page draws once per
unit (a heart per life, a seat per player) draws a bounded number of them.

Text is read with :meth:`Range.read`, which looks at the length of a run of digits
*before* ``int()`` sees it: Python refuses to convert more than 4,300 digits with a
plain ``ValueError``, and a long run costs time, so no range of ours reads more than
:data:`MAX_DIGITS` digits.

>>> LIVES.check(3), 10 in LIVES, 11 in LIVES, True in LIVES
(3, True, False, False)
>>> LIVES.check(10**6)
Traceback (most recent call last):
...
engine.errors.InvalidInputError: lives is 1000000; it must be from 1 to 10
>>> SEAT.read("0007")
7
>>> SEAT.read("9" * 5000, "challenge seat")
Traceback (most recent call last):
...
engine.errors.InvalidInputError: challenge seat has 5000 digits; it must be from 0 to 8
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from .errors import InvalidInputError

__all__ = [
    "ANNOUNCED",
    "CARD_COUNT",
    "COUNT",
    "DECKS",
    "FEUER_VALUE",
    "HAND_INDEX",
    "HOLD_INDEX",
    "LIFE_LOSS",
    "LIVES",
    "LIVES_LEFT",
    "MAX_CYCLES",
    "MAX_DIGITS",
    "PLAYERS",
    "SEAT",
    "SEED",
    "TABLE_INDEX",
    "Range",
    "is_whole",
    "shown",
]

MAX_DIGITS = 20
"""The most digits any number is read from (leading zeros included): more than the
largest seed has, far fewer than what is slow to convert."""


def is_whole(value: Any) -> bool:
    """A whole number, and not ``True``/``False`` (which Python counts as ints)."""
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class Range:
    """Whole numbers from ``lo`` to ``hi``; ``name`` says what they count in messages."""

    lo: int
    hi: int
    name: str

    def __contains__(self, value: object) -> bool:
        return is_whole(value) and self.lo <= value <= self.hi  # type: ignore[operator]

    def problem(self, value: object, what: str | None = None) -> str | None:
        """Why ``value`` is not in the range, in English (None when it is)."""
        what = what or self.name
        if not is_whole(value):
            return f"{what} must be a whole number, not {_short(value)}"
        if not self.lo <= value <= self.hi:  # type: ignore[operator]  # is_whole: an int
            return f"{what} is {_short(value)}; it must be from {self.lo} to {self.hi}"
        return None

    def check(
        self, value: object, what: str | None = None, error: type[Exception] = InvalidInputError
    ) -> int:
        """``value`` itself when it is in the range; else raise ``error`` (by default
        InvalidInputError) with :meth:`problem`'s words."""
        why = self.problem(value, what)
        if why is not None or not isinstance(value, int):
            raise error(why)
        return value

    def read(
        self, text: object, what: str | None = None, error: type[Exception] = InvalidInputError
    ) -> int:
        """The number written as ASCII digits in ``text``, checked; a longer run than
        :data:`MAX_DIGITS` is refused before any conversion.

        >>> PLAYERS.read(" 4 "), COUNT.read("0")
        (4, 0)
        >>> PLAYERS.read("٣")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        engine.errors.InvalidInputError: players must be written with the digits 0-9, not '٣'
        """
        what = what or self.name
        if not isinstance(text, str):
            raise error(f"{what} must be text of digits, not {_short(text)}")
        digits = text.strip()
        if not (digits.isascii() and digits.isdigit()):
            raise error(f"{what} must be written with the digits 0-9, not {_short(digits)}")
        if len(digits) > MAX_DIGITS:
            raise error(f"{what} has {len(digits)} digits; it must be from {self.lo} to {self.hi}")
        return self.check(int(digits), what, error)

    def clamp(self, value: float) -> int:
        """``value`` moved into the range (for drawing: never more hearts than lives allow).

        >>> LIVES.clamp(10**9), LIVES.clamp(-5), LIVES.clamp(float("nan"))
        (10, 1, 1)
        """
        if isinstance(value, float) and not math.isfinite(value):
            return self.lo if math.isnan(value) or value < 0 else self.hi
        return int(min(self.hi, max(self.lo, value)))


def shown(value: object, limit: int = 40) -> str:
    """``repr(value)`` for an error message, never echoing much input: a long text is
    cut, and a huge number is described (``repr`` of more than 4,300 digits would raise
    ``ValueError`` itself).

    >>> shown("x" * 100), shown(10**5000), shown([1, 2])
    ("'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...", 'a number of more than 12 digits', 'a list')
    """
    if is_whole(value) and abs(value) >= 10**12:  # type: ignore[arg-type]
        return "a number of more than 12 digits"
    if isinstance(value, str | int | float | bool | type(None)):
        text = repr(value[: limit + 1] if isinstance(value, str) else value)
    else:
        text = f"a {type(value).__name__}"  # a container may hold anything: not echoed
    return text if len(text) <= limit else text[: limit - 3] + "..."


_short = shown


PLAYERS = Range(2, 9, "players")
"""Players at a table (docs/rules.md: ``min_players`` >= 2, ``max_players`` <= 9)."""
SEAT = Range(0, PLAYERS.hi - 1, "seat")
"""A seat number: 0 ... 8."""
LIVES = Range(1, 10, "lives")
"""Starting lives (docs/rules.md: 3 usual, 5 in the pub rules, 1-10 online)."""
LIVES_LEFT = Range(-1, LIVES.hi, "lives left")
"""A seat's lives during a match: -1 once out, 0 while swimming, at most the start."""
LIFE_LOSS = Range(0, 2, "lives lost")
"""Lives one seat loses in one deal: two at most (Feuer heads-up, a Lügen challenge)."""
MAX_CYCLES = Range(1, 500, "max_cycles")
"""Cycles before a deal without a knock ends (docs/rules.md: default 50)."""
FEUER_VALUE = Range(32, 99, "feuer_value")
"""What Feuer is worth (docs/rules.md: above 31; 32 online, 33 in the pub rules)."""
SEED = Range(0, 2**64 - 1, "seed")
"""A match's seed: any 64-bit whole number at or above 0."""
HAND_INDEX = Range(0, 2, "hand index")
"""A card of the three in a hand (action texts)."""
HOLD_INDEX = Range(0, 4, "card index")
"""A card of the five on a turn of the hidden deal (``hold A B C``)."""
TABLE_INDEX = Range(0, 2, "table index")
"""An open table card (``swap H T``)."""
ANNOUNCED = Range(0, 30, "announced value")
"""A whole Lügen announcement (30.5 is the one other); the rules narrow it to the
deck's lowest hand and up (``Rules.announce_values``)."""
DECKS = (32, 36, 52)
"""The deck sizes (docs/rules.md, option ``deck``)."""
CARD_COUNT = Range(0, max(DECKS), "cards")
"""How many cards a pile, a stock or a list of cards may hold."""
COUNT = Range(0, 10**9, "count")
"""Deals, turns, moves and events of one match: far more than any match reaches."""
