"""Actions and their text form (CONFORMANCE.md, "Action texts").

An action is a kind plus a tuple of numbers; ``str`` gives the text players
and tests use and :meth:`Action.parse` inverts it:

>>> a = Action.parse("swap 2 0")
>>> a, str(a)
(Action.parse('swap 2 0'), 'swap 2 0')
>>> Action.parse("announce 30.5 show 2 0") == Action.announce(30.5, 0, 2)
True
>>> str(Action.parse("  HOLD 4 0 2 "))
'hold 0 2 4'

Indices count from 0 in the order the observation lists the cards. Index
lists that are sets (``hold``, ``show``, the pairs of ``swap H T H T``) are
stored sorted, so equal moves compare equal however they were written.
"""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass
from typing import cast

from . import bounds
from .errors import ActionOutOfRangeError, InvalidInputError


class ActionKind(enum.StrEnum):
    """What an action does."""

    KEEP = "keep"
    TAKE = "take"
    SWAP = "swap"
    SWAP_TWO = "swap_two"
    SWAP_ALL = "swap_all"
    MISTERY = "mistery"
    PASS = "pass"
    KNOCK = "knock"
    NEW = "new"
    HOLD = "hold"
    ANNOUNCE = "announce"
    CHALLENGE = "challenge"
    GIVEUP = "giveup"


_WORDS = {
    ActionKind.KEEP: "keep",
    ActionKind.TAKE: "take",
    ActionKind.PASS: "pass",
    ActionKind.KNOCK: "knock",
    ActionKind.NEW: "new",
    ActionKind.GIVEUP: "giveup",
}
_BY_WORD = {w: k for k, w in _WORDS.items()}


@dataclass(frozen=True, slots=True, eq=False)
class Action:
    """One move. Build with the class methods (``Action.swap(0, 2)``) or
    :meth:`parse`; instances are shared, so identity checks are cheap."""

    kind: ActionKind
    args: tuple[int | float, ...] = ()  # card indices or a seat; an announcement's value first

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, Action):
            return NotImplemented
        return self.kind == other.kind and self.args == other.args

    def __hash__(self) -> int:
        return hash((self.kind, self.args))

    # -- construction -------------------------------------------------------
    @classmethod
    def _make(cls, kind: ActionKind, args: tuple[int | float, ...] = ()) -> Action:
        key = (kind, args)
        a = _INTERN.get(key)
        if a is None:
            a = _INTERN[key] = cls(kind, args)
        return a

    @classmethod
    def keep(cls) -> Action:
        return cls._make(ActionKind.KEEP)

    @classmethod
    def take(cls) -> Action:
        return cls._make(ActionKind.TAKE)

    @classmethod
    def swap(cls, hand: int, table: int) -> Action:
        """Swap hand card ``hand`` for open table card ``table``."""
        _check_index(hand, _HAND, "hand")
        _check_index(table, _TABLE, "table")
        return cls._make(ActionKind.SWAP, (hand, table))

    @classmethod
    def swap_two(cls, h1: int, t1: int, h2: int, t2: int) -> Action:
        """Two single swaps at once (``swap_two`` rule)."""
        for i, what in ((h1, "hand"), (t1, "table"), (h2, "hand"), (t2, "table")):
            _check_index(i, _HAND if what == "hand" else _TABLE, what)
        if h1 == h2 or t1 == t2:
            raise ActionOutOfRangeError(
                f"'swap {h1} {t1} {h2} {t2}' must name two different hand cards "
                "and two different table cards"
            )
        if h2 < h1:
            h1, t1, h2, t2 = h2, t2, h1, t1
        return cls._make(ActionKind.SWAP_TWO, (h1, t1, h2, t2))

    @classmethod
    def swap_all(cls) -> Action:
        return cls._make(ActionKind.SWAP_ALL)

    @classmethod
    def mistery(cls, hand: int) -> Action:
        """Swap hand card ``hand`` for the face-down table card."""
        _check_index(hand, _HAND, "hand")
        return cls._make(ActionKind.MISTERY, (hand,))

    @classmethod
    def pass_(cls) -> Action:
        return cls._make(ActionKind.PASS)

    @classmethod
    def knock(cls) -> Action:
        return cls._make(ActionKind.KNOCK)

    @classmethod
    def new(cls) -> Action:
        return cls._make(ActionKind.NEW)

    @classmethod
    def hold(cls, a: int, b: int, c: int) -> Action:
        """Hidden deal: keep these three of the five cards."""
        for i in (a, b, c):
            _check_index(i, bounds.HOLD_INDEX.hi + 1, "card")
        if len({a, b, c}) != 3:
            raise ActionOutOfRangeError(f"'hold {a} {b} {c}' must name three different cards")
        return cls._make(ActionKind.HOLD, tuple(sorted((a, b, c))))

    @classmethod
    def announce(cls, value: int | float, a: int, b: int) -> Action:
        """Lügen: announce ``value``, showing hand cards ``a`` and ``b``."""
        value = _check_value(value)
        _check_index(a, _HAND, "hand")
        _check_index(b, _HAND, "hand")
        if a == b:
            raise ActionOutOfRangeError(
                f"'announce {value} show {a} {b}' must show two different cards"
            )
        return cls._make(ActionKind.ANNOUNCE, (value, min(a, b), max(a, b)))

    @classmethod
    def challenge(cls, seat: int) -> Action:
        _check_index(seat, bounds.SEAT.hi + 1, "seat")
        return cls._make(ActionKind.CHALLENGE, (seat,))

    @classmethod
    def giveup(cls) -> Action:
        return cls._make(ActionKind.GIVEUP)

    # -- what the action uses ------------------------------------------------
    @property
    def pairs(self) -> tuple[tuple[int, int], ...]:
        """The (hand, table) index pairs of a swap or double swap; ``()`` otherwise.

        >>> Action.parse("swap 2 1 0 0").pairs, Action.swap(1, 2).pairs, Action.knock().pairs
        (((0, 0), (2, 1)), ((1, 2),), ())
        """
        if self.kind is ActionKind.SWAP or self.kind is ActionKind.SWAP_TWO:
            a = self.indices
            return tuple((a[i], a[i + 1]) for i in range(0, len(a), 2))
        return ()

    @property
    def hand_cards(self) -> tuple[int, ...]:
        """Indices of the hand cards the action names: swapped away, laid face down
        (``mistery``), kept (``hold``) or shown (``announce``); sorted.

        >>> Action.parse("swap 2 1 0 0").hand_cards, Action.mistery(1).hand_cards
        ((0, 2), (1,))
        >>> Action.parse("hold 4 0 2").hand_cards, Action.parse("announce 21 show 2 0").hand_cards
        ((0, 2, 4), (0, 2))
        >>> Action.swap_all().hand_cards
        ()
        """
        k = self.kind
        if k is ActionKind.SWAP or k is ActionKind.SWAP_TWO:
            return tuple(sorted(h for h, _ in self.pairs))
        if k is ActionKind.MISTERY or k is ActionKind.HOLD or k is ActionKind.ANNOUNCE:
            return self.indices
        return ()

    @property
    def table_cards(self) -> tuple[int, ...]:
        """Indices of the open table cards a swap or double swap takes; sorted
        (the face-down card of ``mistery`` is not an open card: see ``kind``).

        >>> Action.parse("swap 0 2 1 0").table_cards, Action.mistery(1).table_cards
        ((0, 2), ())
        """
        return tuple(sorted(t for _, t in self.pairs))

    @property
    def value(self) -> int | float | None:
        """The announced value of ``announce``, else None.

        >>> Action.parse("announce 30.5 show 0 1").value, Action.knock().value
        (30.5, None)
        """
        return self.args[0] if self.kind is ActionKind.ANNOUNCE else None

    @property
    def value_text(self) -> str:
        """The announced value as the action text writes it (``"21"``, ``"30.5"``), else "".

        >>> Action.announce(30.5, 0, 1).value_text, Action.announce(21, 0, 1).value_text
        ('30.5', '21')
        """
        return "" if self.kind is not ActionKind.ANNOUNCE else _value_text(self.args[0])

    @property
    def target(self) -> int | None:
        """The seat a ``challenge`` names, else None.

        >>> Action.challenge(2).target, Action.giveup().target
        (2, None)
        """
        return self.indices[0] if self.kind is ActionKind.CHALLENGE else None

    @property
    def indices(self) -> tuple[int, ...]:
        """The whole-number arguments: card indices, or the seat a challenge names
        (every argument but an announcement's value).

        >>> Action.parse("announce 30.5 show 2 0").indices, Action.swap(1, 2).indices
        ((0, 2), (1, 2))
        """
        args = self.args[1:] if self.kind is ActionKind.ANNOUNCE else self.args
        return cast("tuple[int, ...]", args)  # the constructors check they are ints

    # -- text ---------------------------------------------------------------
    def __str__(self) -> str:
        text = _TEXT.get(self)
        if text is None:
            text = _TEXT[self] = self._text()
        return text

    def _text(self) -> str:
        k, a = self.kind, self.args
        if k in _WORDS:
            return _WORDS[k]
        if k is ActionKind.SWAP_ALL:
            return "swap all"
        if k is ActionKind.SWAP or k is ActionKind.SWAP_TWO:
            return "swap " + " ".join(map(str, a))
        if k is ActionKind.ANNOUNCE:
            v = a[0]
            return f"announce {_value_text(v)} show {a[1]} {a[2]}"
        return f"{k.value} " + " ".join(map(str, a))

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Action:
        """Read an action from its text; bad text raises InvalidInputError."""
        if isinstance(text, Action):
            return text
        if not isinstance(text, str):
            raise InvalidInputError(f"an action is text like 'swap 0 1', not {bounds.shown(text)}")
        cached = _PARSED.get(text)
        if cached is not None:
            return cached
        words = text.strip().lower().split()
        try:
            action = cls._parse_words(words)
        except InvalidInputError as e:  # keeps ActionOutOfRangeError's double kind
            raise type(e)(f"cannot read action {_quoted(text)}: {e}") from None
        if action is None:
            raise InvalidInputError(
                f"cannot read action {_quoted(text)}: expected one of keep, take, swap H T, "
                "swap H T H T, swap all, mistery H, pass, knock, new, hold A B C, "
                "announce V show A B, challenge S, giveup"
            )
        if len(_PARSED) < 4096 and len(text) <= MAX_CACHED:
            _PARSED[text] = action
        return action

    @classmethod
    def _parse_words(cls, w: list[str]) -> Action | None:
        if not w:
            return None
        head, rest = w[0], w[1:]
        if head in _BY_WORD and not rest:
            return cls._make(_BY_WORD[head])
        if head == "swap":
            if rest == ["all"]:
                return cls.swap_all()
            if len(rest) == 2:
                return cls.swap(*_ints(rest))
            if len(rest) == 4:
                return cls.swap_two(*_ints(rest))
            return None
        if head == "mistery" and len(rest) == 1:
            return cls.mistery(*_ints(rest))
        if head == "hold" and len(rest) == 3:
            return cls.hold(*_ints(rest))
        if head == "announce" and len(rest) == 4 and rest[1] == "show":
            return cls.announce(_parse_value(rest[0]), *_ints(rest[2:]))
        if head == "challenge" and len(rest) == 1:
            return cls.challenge(*_ints(rest))
        return None


_HAND = bounds.HAND_INDEX.hi + 1  # cards in a hand
_TABLE = bounds.TABLE_INDEX.hi + 1  # open table cards


def _quoted(text: str) -> str:
    """The text for an error message, cut: a hostile text is never echoed whole."""
    return repr(text) if len(text) <= 60 else repr(text[:57] + "...")


_INTERN: dict[tuple[ActionKind, tuple[int | float, ...]], Action] = {}
_TEXT: dict[Action, str] = {}
_PARSED: dict[str, Action] = {}
MAX_CACHED = 40
"""Texts up to this length are remembered once read (every action text fits; a long
hostile text is read again rather than kept)."""


def _ints(words: list[str]) -> list[int]:
    """The indices of an action text; a run of digits too long for any index is out of
    range before ``int()`` sees it (``engine.bounds``)."""
    out = []
    for w in words:
        if not w.isdigit() or not w.isascii():
            raise InvalidInputError(f"{w[:20]!r} is not an index")
        if len(w) > bounds.MAX_DIGITS:
            raise ActionOutOfRangeError(f"an index of {len(w)} digits is out of range")
        out.append(int(w))
    return out


def _check_index(i: object, size: int, what: str) -> None:
    if not isinstance(i, int) or isinstance(i, bool):
        raise InvalidInputError(f"{what} index {bounds.shown(i)} is not a whole number")
    if not 0 <= i < size:
        shown = i if abs(i) < 10**12 else "of more than 12 digits"
        raise ActionOutOfRangeError(f"{what} index {shown} is out of range 0-{size - 1}")


def _check_value(v: object) -> int | float:
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        raise InvalidInputError(f"announced value {bounds.shown(v)} is not a number")
    if isinstance(v, float) and not math.isfinite(v):
        raise InvalidInputError(f"announced value {v!r} is not a number")
    if v == 30.5:
        return 30.5
    # compared before int(): a whole number of 5,000 digits is never converted to text
    if not bounds.ANNOUNCED.lo <= v <= bounds.ANNOUNCED.hi or v != int(v):
        shown = f"{v!r:.20}" if abs(v) < 10**12 else "of more than 12 digits"
        raise ActionOutOfRangeError(
            f"announced value {shown} must be a whole number up to 30, or 30.5"
        )
    return int(v)


def _parse_value(word: str) -> int | float:
    if word in ("30.5", "30,5", "30½"):
        return 30.5
    if not word.isdigit() or not word.isascii():
        if len(word) <= bounds.MAX_DIGITS:
            try:
                float(word.replace(",", "."))
            except ValueError:
                raise InvalidInputError(f"announced value {word!r} is not a number") from None
        raise ActionOutOfRangeError(
            f"announced value {word[:20]!r} must be a whole number or 30.5"
        )
    if len(word) > bounds.MAX_DIGITS:
        raise ActionOutOfRangeError(f"an announced value of {len(word)} digits is out of range")
    return _check_value(int(word))


def _value_text(v: int | float) -> str:
    return "30.5" if v == 30.5 else str(int(v))
