"""The rule options of RULES.md as one frozen ``Rules`` object, and the presets.

Field names are the option names of RULES.md. Enum fields also accept the
plain strings of RULES.md, so a rule set can be written by hand or read from
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
from dataclasses import dataclass
from typing import Any

from .cards import LOWEST_RANK
from .errors import InvalidInputError


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
            if f.name in _ENUM_FIELDS:
                object.__setattr__(self, f.name, _to_enum(f.name, value))
            elif f.type == "bool":
                if not isinstance(value, bool):
                    raise InvalidInputError(
                        f"rule option {f.name} must be true or false, not {value!r}"
                    )
            elif not isinstance(value, int) or isinstance(value, bool):
                raise InvalidInputError(
                    f"rule option {f.name} must be a whole number, not {value!r}"
                )
        self._check_consistency()

    def _check_consistency(self) -> None:
        problems = []
        if self.deck not in LOWEST_RANK:
            problems.append(f"deck {self.deck} does not exist (choose 32, 36 or 52)")
        if self.pass_refresh and not self.passing:
            problems.append("pass_refresh needs passing")
        if self.feuer_two_lives_heads_up and not self.feuer:
            problems.append("feuer_two_lives_heads_up needs feuer")
        if self.deal is DealMode.HIDDEN:
            for name in ("mistery", "swap_two", "seven_eight_nine", "passing", "pass_refresh"):
                if getattr(self, name):
                    problems.append(f"the hidden deal has no table, so {name} cannot be on")
        if self.min_players < 2:
            problems.append(f"min_players is {self.min_players}, at least 2 are needed")
        if self.min_players > self.max_players:
            problems.append(
                f"min_players ({self.min_players}) is more than max_players ({self.max_players})"
            )
        if self.max_players > 9:
            problems.append(f"max_players is {self.max_players}, at most 9 can play")
        needed = self.cards_needed(self.max_players)
        if self.deck in LOWEST_RANK and needed > self.deck:
            problems.append(
                f"{self.max_players} players need {needed} cards but the deck has {self.deck}"
            )
        if self.lives < 1:
            problems.append(f"lives is {self.lives}, at least 1 is needed")
        if self.max_cycles < 1:
            problems.append(f"max_cycles is {self.max_cycles}, at least 1 is needed")
        if self.feuer_value <= 31:
            problems.append(f"feuer_value is {self.feuer_value}, it must be more than 31")
        if problems:
            raise InvalidInputError("inconsistent rule set: " + "; ".join(problems))

    def cards_needed(self, players: int) -> int:
        """Cards a deal with this many players uses (RULES.md's count)."""
        hidden = self.deal is DealMode.HIDDEN
        return 3 * players + 3 + (1 if self.mistery else 0) + (2 if hidden else 0)

    @property
    def lowest_hand(self) -> int:
        """The deck's lowest possible hand value: 8 with 32 cards, 7 with 36, 3 with 52.
        Also the lowest Lügen announcement."""
        return int(LOWEST_RANK[self.deck]) + 1

    @property
    def announce_values(self) -> tuple[int | float, ...]:
        """The Lügen announcements in increasing order: lowest hand ... 30, then 30.5."""
        return (*range(self.lowest_hand, 31), 30.5)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-friendly dict (enums as their strings)."""
        out = {}
        for f in dataclasses.fields(self):
            v = getattr(self, f.name)
            out[f.name] = v.value if isinstance(v, enum.Enum) else v
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        """Inverse of :meth:`to_dict`; missing options take the classic defaults."""
        if not isinstance(data, dict):
            raise InvalidInputError(f"rules must be a JSON object, not {type(data).__name__}")
        known = {f.name for f in dataclasses.fields(cls)}
        unknown = sorted(k for k in data if k not in known)
        if unknown:
            raise InvalidInputError(f"unknown rule options {unknown}; known: {sorted(known)}")
        return cls(**data)

    @classmethod
    def field_types(cls) -> dict[str, type]:
        """Option name -> the Python type a value is converted to (bool, int or an enum)."""
        out: dict[str, type] = {}
        for f in dataclasses.fields(cls):
            out[f.name] = _ENUM_FIELDS.get(f.name, bool if f.type == "bool" else int)
        return out


def _to_enum(name: str, value: Any) -> enum.StrEnum:
    kind = _ENUM_FIELDS[name]
    if isinstance(value, kind):
        return value
    try:
        return kind(value)
    except ValueError:
        choices = ", ".join(m.value for m in kind)
        raise InvalidInputError(
            f"rule option {name} cannot be {value!r}: choose one of {choices}"
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
"""The four named rule sets of RULES.md."""


def preset(name: str) -> Rules:
    """The preset of that name; an unknown name raises InvalidInputError listing the known ones."""
    try:
        return PRESETS[name]
    except (KeyError, TypeError):
        raise InvalidInputError(
            f"unknown preset {name!r}: known presets are {', '.join(PRESETS)}"
        ) from None
