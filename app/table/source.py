"""What a table screen is fed from: the ``SeatSource`` protocol and a finished match's
``Outcome``. ``app.table.session`` says how a screen uses them; ``app.local.LocalSeats``
and ``app.online.sources`` implement them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from engine import Action, DealResult, Match, Observation


@dataclass(frozen=True)
class Outcome:
    """A finished match: its winners (real seats), the crown, and how it ended
    (``end`` by play, ``timeout`` when an online table's time ran out)."""

    winners: tuple[int, ...]
    crown: bool = False
    reason: str = "end"


class SeatSource(Protocol):
    """Where a table screen gets its seat's match from (see the module text)."""

    @property
    def can_review(self) -> bool:
        """This page holds the match, so the deal review can replay it."""

    @property
    def shared(self) -> bool:
        """Several people take turns at this device (a cover between them)."""

    def seat(self) -> int:
        """The real seat of the person at the screen now."""

    def persons(self) -> Sequence[int]:
        """The real seats of the people at this device."""

    def observation(self) -> Observation | None:
        """What that seat sees now (``None``: no match yet)."""

    def public_observation(self) -> Observation | None:
        """What anyone watching may see from that seat's chair (under the cover)."""

    def results(self) -> Sequence[DealResult]:
        """Every finished deal's result, as that seat may see it."""

    def names(self) -> Sequence[str]:
        """Every real seat's name ("" for the person at the screen: "you")."""

    def notes(self) -> Mapping[int, str]:
        """Per real seat, a word on its person (``away``: their page is gone or silent)."""

    def stand_ins(self) -> Mapping[int, str]:
        """The moves (by their place in ``Match.actions``) a bot made for a person, and
        why (``timeout``, ``away``)."""

    def outcome(self) -> Outcome | None:
        """How the match ended, once it has."""

    def play(self, action: Action) -> None:
        """The person's move, in real seat numbers (the engine offered it)."""

    def review_match(self) -> Match | None:
        """The match to replay for the deal review (only where ``can_review``)."""

    def hint_seed(self) -> int:
        """The coach's seed for this decision (the same position, the same advice)."""
