"""The rule options of docs/rules.md as one frozen ``Rules`` object, and the presets.

Field names are the option names of docs/rules.md. Enum fields also accept the
plain strings of docs/rules.md, so a rule set can be written by hand or read from
JSON:

>>> r = Rules(deal="open", knock="after_own_swap", passing=False, pass_refresh=False)
>>> r.deal is DealMode.OPEN, r.deal == "open"
(True, True)
>>> import dataclasses
>>> dataclasses.replace(preset("knack"), mistery=True).mistery
True
>>> Rules.from_dict(preset("pub").to_dict()) == preset("pub")
True
"""

from __future__ import annotations

import dataclasses
import enum
import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

from . import bounds
from .cards import LOWEST_RANK
from .errors import InvalidInputError

HAND_SIZE = 3
"""Cards in a hand."""
ANNOUNCE_SHOWN = 2
"""Lügen: cards shown with an announcement."""
CHALLENGE_LOSS = 2
"""Lügen: lives lost by whoever was wrong in a challenge (the liar or the challenger)."""
GIVEUP_LOSS = 1
"""Lügen: lives lost by a decider who gives up."""


class DealMode(enum.StrEnum):
    """How a deal starts (option ``deal``)."""

    OPEN = "open"
    DEALER_CHOICE = "dealer_choice"
    FOREHAND_CHOICE = "forehand_choice"
    HIDDEN = "hidden"


class KnockRule(enum.StrEnum):
    """When the first knock of a deal is allowed (option ``knock``)."""

    ANYTIME = "anytime"
    AFTER_FIRST_CYCLE = "after_first_cycle"
    AFTER_OWN_SWAP = "after_own_swap"


class SwimMode(enum.StrEnum):
    """Who may swim at 0 lives (option ``swim``)."""

    EVERYONE = "everyone"
    FIRST_ONLY = "first_only"
    NONE = "none"


class MatchEnd(enum.StrEnum):
    """When a match ends (option ``match_end``)."""

    LAST_STANDING = "last_standing"
    FIRST_OUT = "first_out"


class Direction(enum.StrEnum):
    """Playing direction (option ``direction``)."""

    CLOCKWISE = "clockwise"
    COUNTERCLOCKWISE = "counterclockwise"


_ENUM_FIELDS: dict[str, type[enum.StrEnum]] = {
    "deal": DealMode,
    "knock": KnockRule,
    "swim": SwimMode,
    "match_end": MatchEnd,
    "direction": Direction,
}


@dataclass(frozen=True)
class Rules:
    """One complete rule set. The defaults are the ``classic`` preset."""

    deck: int = 32
    deal: DealMode = DealMode.DEALER_CHOICE
    lives: int = 3
    swap_two: bool = False
    passing: bool = True
    pass_refresh: bool = True
    seven_eight_nine: bool = False
    knock: KnockRule = KnockRule.ANYTIME
    feuer: bool = False
    feuer_value: int = 32
    feuer_two_lives_heads_up: bool = False
    knocker_pays_ties: bool = False
    flush_30: bool = False
    handeln: bool = False
    under_21_pays: bool = False
    rang_tiebreak: bool = False
    swim: SwimMode = SwimMode.EVERYONE
    match_end: MatchEnd = MatchEnd.LAST_STANDING
    direction: Direction = Direction.CLOCKWISE
    mistery: bool = False
    luegen: bool = False
    max_cycles: int = 50
    min_players: int = 2
    max_players: int = 9

    def __post_init__(self) -> None:
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            checked = _checked(f.name, f.type, value)
            if checked is not value:
                object.__setattr__(self, f.name, checked)
        self._check_consistency()

    def _check_consistency(self) -> None:
        found = _consistency(self)
        if found:
            raise InvalidInputError("inconsistent rule set: " + "; ".join(map(str, found)))

    @classmethod
    def problems(cls, options: Mapping[str, Any], players: int | None = None) -> list[RulesProblem]:
        """Why these options (``to_dict`` values; missing ones take the classic
        defaults) make no playable rule set, as codes a page can put into words;
        empty when they fit. With ``players``, also whether that many may play
        (checked once the options themselves fit). Unknown options and values
        of the wrong type raise InvalidInputError, as ``Rules(...)`` does.

        >>> [p.code for p in Rules.problems({"pass_refresh": True, "passing": False})]
        [<ProblemCode.PASS_REFRESH_NEEDS_PASSING: 'pass_refresh_needs_passing'>]
        >>> hidden = {"deal": "hidden", "passing": False, "pass_refresh": False}
        >>> for p in Rules.problems({**hidden, "mistery": True}):
        ...     print(p)
        the hidden deal has no table, so mistery cannot be on
        9 players need 33 cards but the deck has 32
        >>> Rules.problems(preset("pub").to_dict(), players=2)[0].numbers
        {'players': 2, 'min': 3, 'max': 9}
        """
        if not isinstance(options, Mapping):
            raise InvalidInputError(f"rules must be a JSON object, not {type(options).__name__}")
        known = {f.name: f for f in dataclasses.fields(cls)}
        _refuse_unknown(options, known)
        if players is not None and (not bounds.is_whole(players) or players not in bounds.COUNT):
            raise InvalidInputError(f"players must be a whole number, not {bounds.shown(players)}")
        values = {name: options.get(name, f.default) for name, f in known.items()}
        for name, value in values.items():
            values[name] = _checked(name, known[name].type, value)
        view = SimpleNamespace(**values)  # checked values that need not fit together
        found = _consistency(view)
        if not found and players is not None:
            lo, hi = view.min_players, view.max_players
            if not lo <= players <= hi:
                found.append(
                    RulesProblem(
                        ProblemCode.PLAYERS_OUT_OF_RANGE,
                        numbers={"players": players, "min": lo, "max": hi},
                    )
                )
        return found

    def cards_needed(self, players: int) -> int:
        """Cards a deal with this many players uses (docs/rules.md's count)."""
        return cards_needed(players, mistery=self.mistery, hidden=self.deal is DealMode.HIDDEN)

    @property
    def lowest_hand(self) -> int:
        """The deck's lowest possible hand value: 8 with 32 cards, 7 with 36, 3 with 52.
        Also the lowest Lügen announcement."""
        return int(LOWEST_RANK[self.deck]) + 1

    @property
    def hand_size(self) -> int:
        """Cards in a hand: 3 (also the cards a hold keeps in the hidden deal)."""
        return HAND_SIZE

    @property
    def announce_shown(self) -> int:
        """Lügen: the cards shown with an announcement, 2 (the third stays hidden)."""
        return ANNOUNCE_SHOWN

    @property
    def announce_values(self) -> tuple[int | float, ...]:
        """The Lügen announcements in increasing order: lowest hand ... 30, then 30.5."""
        return (*range(self.lowest_hand, 31), 30.5)

    @property
    def challenge_loss(self) -> int:
        """Lügen: the lives a challenge costs the side that was wrong, 2."""
        return CHALLENGE_LOSS

    @property
    def giveup_loss(self) -> int:
        """Lügen: the lives giving up costs the decider, 1."""
        return GIVEUP_LOSS

    def out_after(self, lives: int, loss: int, swim_open: bool = True) -> bool:
        """Whether a player with ``lives`` lives is out after losing ``loss`` more:
        below 0 always; at exactly 0 when this loss may not start a swim (``swim``
        ``none``, or ``first_only`` once that first swimming deal is over, which
        ``swim_open`` says).

        >>> r = Rules()
        >>> r.out_after(1, 1), r.out_after(1, 2), r.out_after(0, 1)
        (False, True, True)
        >>> Rules(swim=SwimMode.FIRST_ONLY).out_after(1, 1, swim_open=False)
        True
        """
        left = lives - loss
        if left < 0:
            return True
        if left == 0 and loss > 0:
            swim = self.swim
            return swim is SwimMode.NONE or (swim is SwimMode.FIRST_ONLY and not swim_open)
        return False

    def to_dict(self) -> dict[str, Any]:
        """A JSON-friendly dict (enums as their strings), a new one at each call."""
        return dict(self._as_dict)

    @functools.cached_property
    def _as_dict(self) -> dict[str, Any]:
        """:meth:`to_dict`'s values, worked out once: rules never change, and a table
        server writes them into every view and every saved table at every move."""
        out = {}
        for f in dataclasses.fields(self):
            v = getattr(self, f.name)
            out[f.name] = v.value if isinstance(v, enum.Enum) else v
        return out

    @classmethod
    def from_dict(cls, data: object) -> Rules:
        """Inverse of :meth:`to_dict`; missing options take the classic defaults (any
        value that is not a JSON object of known options is refused)."""
        if not isinstance(data, dict):
            raise InvalidInputError(f"rules must be a JSON object, not {type(data).__name__}")
        _refuse_unknown(data, {f.name for f in dataclasses.fields(cls)})
        return cls(**data)

    @classmethod
    def field_types(cls) -> dict[str, type]:
        """Option name -> the Python type a value is converted to (bool, int or an enum)."""
        out: dict[str, type] = {}
        for f in dataclasses.fields(cls):
            out[f.name] = _ENUM_FIELDS.get(f.name, bool if f.type == "bool" else int)
        return out


_RANGES: dict[str, bounds.Range] = {
    "lives": bounds.LIVES,
    "max_cycles": bounds.MAX_CYCLES,
    "feuer_value": bounds.FEUER_VALUE,
    "min_players": bounds.PLAYERS,
    "max_players": bounds.PLAYERS,
}
"""The whole-number options and their ranges (``engine.bounds``); ``deck`` is one of
``bounds.DECKS``. A value outside its range is a :class:`RulesProblem`."""


def _refuse_unknown(options: Mapping[Any, Any], known: Any) -> None:
    unknown = sorted(repr(k) if not isinstance(k, str) else k for k in options if k not in known)
    if unknown:
        shown = ", ".join(name[:40] for name in unknown[:5]) + (" ..." if len(unknown) > 5 else "")
        raise InvalidInputError(f"unknown rule options [{shown}]; known: {sorted(known)}")


def _checked(name: str, type_name: object, value: Any) -> Any:
    """An option's value as the rules keep it (enums from their text); a value of the
    wrong type, or a number far beyond any range (whose digits are not even worth
    writing into a message), raises InvalidInputError."""
    if name in _ENUM_FIELDS:
        return _to_enum(name, value)
    if type_name == "bool":
        if not isinstance(value, bool):
            raise InvalidInputError(
                f"rule option {name} must be true or false, not {bounds.shown(value)}"
            )
    elif not bounds.is_whole(value):
        raise InvalidInputError(
            f"rule option {name} must be a whole number, not {bounds.shown(value)}"
        )
    elif value not in bounds.COUNT:
        limits = _RANGES.get(name)
        allowed = f"from {limits.lo} to {limits.hi}" if limits else "32, 36 or 52"
        raise InvalidInputError(f"rule option {name} must be a whole number {allowed}")
    return value


def cards_needed(players: int, *, mistery: bool, hidden: bool) -> int:
    """Cards one deal uses (docs/rules.md): 3 per player, 3 table cards (the chooser's
    other three with a deal choice), 1 face-down with Mistery, 2 more with the
    hidden deal."""
    return 3 * players + 3 + (1 if mistery else 0) + (2 if hidden else 0)


class ProblemCode(enum.StrEnum):
    """Why a set of options is no playable rule set (docs/rules.md, "Rule sets the engine
    refuses")."""

    UNKNOWN_DECK = "unknown_deck"  # numbers: deck
    PASS_REFRESH_NEEDS_PASSING = "pass_refresh_needs_passing"
    FEUER_TWO_NEEDS_FEUER = "feuer_two_needs_feuer"
    HIDDEN_DEAL_TABLE = "hidden_deal_table"  # options: those the hidden deal cannot have
    TOO_FEW_PLAYERS = "too_few_players"  # numbers: min (below 2)
    MIN_ABOVE_MAX = "min_above_max"  # numbers: min, max
    TOO_MANY_PLAYERS = "too_many_players"  # numbers: max (above 9)
    DECK_TOO_SMALL = "deck_too_small"  # numbers: players, needed, deck
    TOO_FEW_LIVES = "too_few_lives"  # numbers: lives
    TOO_MANY_LIVES = "too_many_lives"  # numbers: lives (above 10)
    TOO_FEW_CYCLES = "too_few_cycles"  # numbers: max_cycles
    TOO_MANY_CYCLES = "too_many_cycles"  # numbers: max_cycles (above 500)
    FEUER_VALUE_TOO_LOW = "feuer_value_too_low"  # numbers: feuer_value
    FEUER_VALUE_TOO_HIGH = "feuer_value_too_high"  # numbers: feuer_value (above 99)
    PLAYERS_OUT_OF_RANGE = "players_out_of_range"  # numbers: players, min, max


@dataclass(frozen=True)
class RulesProblem:
    """One problem of a set of options: a code with the options and numbers it
    concerns; ``str`` is the English sentence of the engine's error message."""

    code: ProblemCode
    options: tuple[str, ...] = ()
    numbers: dict[str, int] = dataclasses.field(default_factory=dict)

    def __str__(self) -> str:
        n = self.numbers
        return _PROBLEM_TEXT[self.code].format(options=", ".join(self.options), **n)


_PROBLEM_TEXT = {
    ProblemCode.UNKNOWN_DECK: "deck {deck} does not exist (choose 32, 36 or 52)",
    ProblemCode.PASS_REFRESH_NEEDS_PASSING: "pass_refresh needs passing",
    ProblemCode.FEUER_TWO_NEEDS_FEUER: "feuer_two_lives_heads_up needs feuer",
    ProblemCode.HIDDEN_DEAL_TABLE: "the hidden deal has no table, so {options} cannot be on",
    ProblemCode.TOO_FEW_PLAYERS: "min_players is {min}, at least 2 are needed",
    ProblemCode.MIN_ABOVE_MAX: "min_players ({min}) is more than max_players ({max})",
    ProblemCode.TOO_MANY_PLAYERS: "max_players is {max}, at most 9 can play",
    ProblemCode.DECK_TOO_SMALL: "{players} players need {needed} cards but the deck has {deck}",
    ProblemCode.TOO_FEW_LIVES: "lives is {lives}, at least 1 is needed",
    ProblemCode.TOO_MANY_LIVES: "lives is {lives}, at most 10 are allowed",
    ProblemCode.TOO_FEW_CYCLES: "max_cycles is {max_cycles}, at least 1 is needed",
    ProblemCode.TOO_MANY_CYCLES: "max_cycles is {max_cycles}, at most 500 are allowed",
    ProblemCode.FEUER_VALUE_TOO_LOW: "feuer_value is {feuer_value}, it must be more than 31",
    ProblemCode.FEUER_VALUE_TOO_HIGH: "feuer_value is {feuer_value}, it may be 99 at most",
    ProblemCode.PLAYERS_OUT_OF_RANGE: "{players} players: these rules allow {min} to {max}",
}

_HIDDEN_CLASH = ("mistery", "swap_two", "seven_eight_nine", "passing", "pass_refresh")


def _consistency(o: Any) -> list[RulesProblem]:
    """The problems of checked option values (a ``Rules``, or a namespace of them)."""
    found: list[RulesProblem] = []

    def add(code: ProblemCode, options: tuple[str, ...] = (), **numbers: int) -> None:
        found.append(RulesProblem(code, options, numbers))

    if o.deck not in LOWEST_RANK:
        add(ProblemCode.UNKNOWN_DECK, deck=o.deck)
    if o.pass_refresh and not o.passing:
        add(ProblemCode.PASS_REFRESH_NEEDS_PASSING)
    if o.feuer_two_lives_heads_up and not o.feuer:
        add(ProblemCode.FEUER_TWO_NEEDS_FEUER)
    if o.deal is DealMode.HIDDEN:
        clash = tuple(name for name in _HIDDEN_CLASH if getattr(o, name))
        if clash:
            add(ProblemCode.HIDDEN_DEAL_TABLE, clash)
    if o.min_players < bounds.PLAYERS.lo:
        add(ProblemCode.TOO_FEW_PLAYERS, min=o.min_players)
    if o.min_players > o.max_players:
        add(ProblemCode.MIN_ABOVE_MAX, min=o.min_players, max=o.max_players)
    if o.max_players > bounds.PLAYERS.hi:
        add(ProblemCode.TOO_MANY_PLAYERS, max=o.max_players)
    needed = cards_needed(o.max_players, mistery=o.mistery, hidden=o.deal is DealMode.HIDDEN)
    if o.deck in LOWEST_RANK and needed > o.deck:
        add(ProblemCode.DECK_TOO_SMALL, players=o.max_players, needed=needed, deck=o.deck)
    _range_problems(o, add)
    return found


def _range_problems(o: Any, add: Callable[..., None]) -> None:
    """Lives, cycles and the Feuer value outside their ranges (``engine.bounds``)."""
    for name, low, high in (
        ("lives", ProblemCode.TOO_FEW_LIVES, ProblemCode.TOO_MANY_LIVES),
        ("max_cycles", ProblemCode.TOO_FEW_CYCLES, ProblemCode.TOO_MANY_CYCLES),
        ("feuer_value", ProblemCode.FEUER_VALUE_TOO_LOW, ProblemCode.FEUER_VALUE_TOO_HIGH),
    ):
        value, limits = getattr(o, name), _RANGES[name]
        if value < limits.lo:
            add(low, **{name: value})
        elif value > limits.hi:
            add(high, **{name: value})


def _to_enum(name: str, value: Any) -> enum.StrEnum:
    kind = _ENUM_FIELDS[name]
    if isinstance(value, kind):
        return value
    try:
        return kind(value)
    except ValueError:
        choices = ", ".join(m.value for m in kind)
        raise InvalidInputError(
            f"rule option {name} cannot be {bounds.shown(value)}: choose one of {choices}"
        ) from None


PRESETS: dict[str, Rules] = {
    "classic": Rules(),
    "knack": Rules(
        seven_eight_nine=True,
        knock=KnockRule.AFTER_FIRST_CYCLE,
        feuer=True,
        feuer_value=32,
        feuer_two_lives_heads_up=True,
        knocker_pays_ties=True,
    ),
    "pub": Rules(
        deal=DealMode.FOREHAND_CHOICE,
        lives=5,
        swap_two=True,
        pass_refresh=False,
        feuer=True,
        feuer_value=33,
        flush_30=True,
        min_players=3,
    ),
    "hosenowi": Rules(
        deal=DealMode.OPEN,
        passing=False,
        pass_refresh=False,
        knock=KnockRule.AFTER_OWN_SWAP,
        feuer=True,
        feuer_value=32,
        match_end=MatchEnd.FIRST_OUT,
        max_players=8,
    ),
}
"""The four named rule sets of docs/rules.md."""


class LifeWord(enum.StrEnum):
    """What a preset's players call a life."""

    LIVES = "lives"
    TOKENS = "tokens"


@dataclass(frozen=True)
class Traits:
    """What a preset's players call things, beside its rules (docs/rules.md, "The
    presets"): the page words these, it never compares preset names.

    >>> traits("knack").three_aces_blitz, traits("pub").life, traits("custom") == Traits()
    (True, <LifeWord.TOKENS: 'tokens'>, True)
    """

    life: LifeWord = LifeWord.LIVES
    """Lives, or tokens (pub, knack)."""
    free_ride: bool = False
    """Playing on at 0 lives is a "free ride" rather than swimming (knack's English)."""
    three_aces_blitz: bool = False
    """Three aces are called Blitz rather than Feuer (knack)."""
    thirty_one_knack: bool = False
    """A hand of 31 is called Knack rather than 31 (knack, as its players say)."""


TRAITS: dict[str, Traits] = {
    "classic": Traits(),
    "knack": Traits(
        life=LifeWord.TOKENS, free_ride=True, three_aces_blitz=True, thirty_one_knack=True
    ),
    "pub": Traits(life=LifeWord.TOKENS),
    "hosenowi": Traits(),
}
"""Each preset's words (a custom rule set has the plain ones, ``Traits()``)."""


def traits(name: str | None) -> Traits:
    """The words of the preset ``name``; any other name (``custom``) the plain ones."""
    return TRAITS.get(name or "", Traits())


def preset(name: str) -> Rules:
    """The preset of that name; an unknown name raises InvalidInputError listing the known ones."""
    try:
        return PRESETS[name]
    except (KeyError, TypeError):
        raise InvalidInputError(
            f"unknown preset {bounds.shown(name)}: known presets are {', '.join(PRESETS)}"
        ) from None
