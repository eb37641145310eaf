"""An online table's seat sources for the table screen (``app.table.session``).

- ``HostSeats``: the host's page holds the referee (``engine.online.referee``), so its
  seat's view, the results and the match to review all come from the match itself;
- ``GuestSeats``: a guest's page has only what the host sent (``engine.online.guest``):
  its seat's view, results and the lobby; no match to replay, so no review.

A move goes out through ``send`` (the page's online room gives it: to the referee, or
to the host as a message). Who is away, and whose decisions a bot makes while its
person is gone, comes from the lobby (``notes``), so every page says it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from app.table.session import Outcome
from engine import Action, DealResult, EventKind, Match, Observation
from engine.online.guest import Guest
from engine.online.referee import Referee


def _outcome(obs: Observation | None, reason: str | None) -> Outcome | None:
    """How the match ended: the winners and the crown from the log's end (none when the
    time ran out: nobody won)."""
    if reason is None or obs is None:
        return None
    end = next((e for e in reversed(obs.log) if e.kind is EventKind.MATCH_END), None)
    if end is None:
        return Outcome((), reason=reason)
    return Outcome(tuple(end.seats), crown=end.reason == "crown", reason=reason)


def lobby_notes(seats: Sequence[Mapping[str, Any]]) -> dict[int, str]:
    """Per seat of a lobby, ``bot`` for a person whose seat a bot plays after two missed
    deadlines (until they act), else ``away`` for a person whose page is gone or silent."""
    notes = {i: "away" for i, s in enumerate(seats) if s.get("away")}
    return notes | {i: "bot" for i, s in enumerate(seats) if s.get("bot_plays")}


class HostSeats:
    """The host's seat (always seat 0) at its own referee's table."""

    can_review = True
    shared = False

    def __init__(self, ref: Referee, send: Callable[[Action], None]) -> None:
        self.ref = ref
        self._send = send

    def seat(self) -> int:
        return 0

    def persons(self) -> Sequence[int]:
        return (0,)

    def observation(self) -> Observation | None:
        m = self.ref.match
        return None if m is None else m.observation(0)

    def public_observation(self) -> Observation | None:
        m = self.ref.match
        return None if m is None else m.public_observation(0)

    def results(self) -> Sequence[DealResult]:
        m = self.ref.match
        return [] if m is None else m.results_for(0)

    def names(self) -> Sequence[str]:
        return ["" if i == 0 else s.name for i, s in enumerate(self.ref.seats)]

    def notes(self) -> Mapping[int, str]:
        return lobby_notes(self.ref.lobby()["seats"])

    def stand_ins(self) -> Mapping[int, str]:
        return self.ref.stand_ins

    def outcome(self) -> Outcome | None:
        return _outcome(self.observation(), self.ref.ended)

    def play(self, action: Action) -> None:
        self._send(action)

    def review_match(self) -> Match | None:
        return self.ref.match

    def hint_seed(self) -> int:
        m = self.ref.match
        return 0 if m is None else len(m.actions)


class GuestSeats:
    """A guest's seat, mirrored from what the host sent."""

    can_review = False  # a guest has no match to replay
    shared = False

    def __init__(self, guest: Guest, send: Callable[[Action], None]) -> None:
        self.guest = guest
        self._send = send

    def seat(self) -> int:
        return 0 if self.guest.seat is None else self.guest.seat

    def persons(self) -> Sequence[int]:
        return (self.seat(),)

    def observation(self) -> Observation | None:
        return self.guest.observation

    def public_observation(self) -> Observation | None:
        return None  # nothing is covered at a guest's page

    def results(self) -> Sequence[DealResult]:
        return self.guest.results

    def names(self) -> Sequence[str]:
        names = list(self.guest.names())
        if self.guest.seat is not None and self.guest.seat < len(names):
            names[self.guest.seat] = ""  # the person at this page is "you"
        return names

    def notes(self) -> Mapping[int, str]:
        lobby = self.guest.lobby or {}
        return lobby_notes(lobby.get("seats") or ())

    def stand_ins(self) -> Mapping[int, str]:
        return self.guest.mirror.stand_ins

    def outcome(self) -> Outcome | None:
        over = self.guest.over
        return _outcome(self.observation(), None if over is None else str(over.get("reason")))

    def play(self, action: Action) -> None:
        self._send(action)

    def review_match(self) -> Match | None:
        return None

    def hint_seed(self) -> int:
        return self.guest.mirror.seq
