"""The match on this device, as a table screen's seat source (``app.table.session``).

Against bots the person sits at seat 0. At a shared device (pass-and-play) the people
sit at the first seats and the screen follows whoever's turn it is (``viewer``); the
session puts a cover over the table while the device is passed on, and draws the
``public_observation`` under it. Results at a shared device are read by everyone: they
are the engine's neutral ``Match.results`` (no private Lügen hand); alone, the person
sees their own final hand too (``Match.results_for``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from app.table.session import Outcome
from engine import Action, DealResult, Match, Observation


class LocalSeats:
    """The seat source of a match played on this page (see the module text)."""

    can_review = True  # the match is here to be replayed

    def __init__(
        self,
        match: Match,
        *,
        people: int,
        names: Sequence[str],
        bot_levels: Mapping[int, str],
        moved: Callable[[int, Action], None],
    ) -> None:
        self.match = match
        self.people = people
        self.seat_names = tuple(names)  # every seat's name ("" is the one person: "you")
        self.bot_levels = dict(bot_levels)  # seat -> bot level
        self.viewer = 0  # the person at the screen now
        self._moved = moved  # told every move of a person, once applied

    @property
    def shared(self) -> bool:
        """Several people take turns at this device."""
        return self.people > 1

    def seat(self) -> int:
        return self.viewer

    def persons(self) -> Sequence[int]:
        return range(self.people)

    def is_person(self, seat: int) -> bool:
        return seat < self.people

    def observation(self) -> Observation:
        return self.match.observation(self.viewer)

    def public_observation(self) -> Observation:
        return self.match.public_observation(self.viewer)

    def results(self) -> Sequence[DealResult]:
        if self.shared:
            return self.match.results
        return self.match.results_for(0)

    def names(self) -> Sequence[str]:
        return self.seat_names

    def notes(self) -> Mapping[int, str]:
        return {}

    def stand_ins(self) -> Mapping[int, str]:
        return {}  # every bot here plays its own seat

    def outcome(self) -> Outcome | None:
        if not self.match.is_over():
            return None
        winner = self.match.winner()
        winners = tuple(winner) if isinstance(winner, list) else (winner,)
        return Outcome(tuple(s for s in winners if s is not None), crown=self.match.crown)

    def play(self, action: Action) -> None:
        seat = self.viewer
        self.match.apply(action)
        self._moved(seat, action)

    def review_match(self) -> Match:
        return self.match

    def hint_seed(self) -> int:
        return len(self.match.actions)
