"""What one seat may know: the only view of a match bots and the page get.

An :class:`Observation` is built by ``Match.observation(seat)`` from public
state plus that seat's own cards, so hidden information never gets in.
``Match.from_observation(obs, rng)`` deals a full match consistent with it
(for Monte-Carlo search).
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass, fields
from typing import Any

from .actions import Action
from .cards import Card
from .events import DealResult, Event, EventKind
from .rules import Direction, Rules


class Phase(enum.StrEnum):
    """What the match is waiting for."""

    CHOOSE = "choose"  # the deal choice: keep or take
    PLAY = "play"  # turns (also the turns of the hidden deal)
    ANNOUNCE = "announce"  # Lügen announcements
    DECIDE = "decide"  # Lügen: the decider challenges or gives up
    OVER = "over"  # the match has ended


@dataclass(frozen=True)
class Observation:
    """One seat's view of the match.

    Card lists are in the order action indices use. ``hand`` has five cards on
    this seat's own turn in the hidden deal (its three, then the two received).
    """

    seat: int
    players: int
    rules: Rules
    phase: Phase
    hand: tuple[Card, ...]
    table: tuple[Card, ...]
    mistery: Card | None  # the face-down card, only for the seat that put it there
    has_mistery: bool  # a face-down card lies on the table
    mistery_by: int | None  # seat that last put a card face down (public), or None
    lives: list[int]  # per seat; -1 once eliminated
    out_deal: tuple[int | None, ...]  # per seat: the deal in which it went out, None while in
    knocked_by: int | None
    current: int | None  # seat to act, None when the match is over
    dealer: int
    first_player: int  # first player of this deal
    chooser: int | None  # seat making the deal choice (choose phase), else None
    cycle: int  # 0-based cycle of the current deal
    turns: int  # turns completed in this deal
    final_turns_left: int  # turns left after a knock (0 without a knock)
    passes: int  # passes in a row
    deal_number: int  # 1-based number of the current (or last) deal
    deal_count: int  # deals finished so far
    stock_size: int
    discard: tuple[Card, ...]  # the open discard pile since the last reshuffle
    known_cards: dict[int, tuple[Card, ...]]  # seat -> cards all know are in that hand
    announcements: dict[int, tuple[int | float, tuple[Card, ...]]]
    announce_order: tuple[int, ...]  # Lügen: the order of announcements (31s skipped)
    legal_actions: list[Action]
    swapped: tuple[bool, ...]  # per seat: has swapped in this deal
    swim_open: bool  # swim=first_only: reaching 0 still allows swimming
    log: tuple[Event, ...]  # the whole match's log as this seat may see it
    last_deal: DealResult | None
    winner: int | list[int] | None

    @classmethod
    def _build(cls, values: dict[str, Any]) -> Observation:
        # The engine builds one observation per move; filling __dict__ directly skips
        # the frozen dataclass's per-field object.__setattr__ (the fields are checked
        # by test_observation_fields_complete).
        obs = cls.__new__(cls)
        obs.__dict__.update(values)
        return obs

    @property
    def active(self) -> tuple[int, ...]:
        """Seats still in the match."""
        return tuple(s for s, v in enumerate(self.lives) if v >= 0)

    def is_out(self, seat: int) -> bool:
        """Whether ``seat`` is out of the match (its lives read ``-1``)."""
        return is_out(self.lives[seat])

    @property
    def my_turn(self) -> bool:
        """Whether this seat is to decide now."""
        return self.current == self.seat

    def order_from(self, seat: int) -> tuple[int, ...]:
        """Every seat (in the match or out) in playing order, starting with ``seat``:
        with ``clockwise`` the next player after seat s is s+1, else s-1."""
        step = -1 if self.rules.direction is Direction.COUNTERCLOCKWISE else 1
        return tuple((seat + step * i) % self.players for i in range(self.players))

    def turns_to_come(self) -> tuple[int, ...]:
        """After a knock: the seats whose turns remain in this deal, in playing order
        from the one to play now (each seat in play gets one more turn after the
        knocker's); empty without a knock, and once the turns are over (a 31 in the last
        round ends them: Lügen's announcements that follow are no turns)."""
        if self.knocked_by is None or self.current is None or self.final_turns_left <= 0:
            return ()
        if self.phase is not Phase.PLAY:
            return ()
        in_play = [s for s in self.order_from(self.current) if not self.is_out(s)]
        return tuple(in_play[: self.final_turns_left])

    def at_deal_end(self) -> Observation | None:
        """This seat's view of the table as its last finished deal ended, before the
        next deal was dealt (the engine deals it at once): that deal's last open table,
        this seat's own final hand (or its shown hand), the log up to the deal's end,
        nobody to move. ``None`` before any deal has ended."""
        last = self.last_deal
        if last is None:
            return None
        number = last.deal_number
        log = self.log
        start = next((i for i, e in enumerate(log) if _is(e, EventKind.DEAL, number)), 0)
        end = next((i for i, e in enumerate(log) if _is(e, EventKind.DEAL_END, number)), None)
        values = dict(self.__dict__)
        values.update(
            hand=tuple(last.own_hand or last.hands.get(self.seat, ())),
            table=tuple(last.table),
            log=log if end is None else log[: end + 1],
            legal_actions=[],
            current=None,
            dealer=log[start].seat if log and log[start].seat is not None else self.dealer,
            deal_number=number,
            knocked_by=last.knocker,
            announcements=dict(last.announcements),
            lives=lives_before(log[:start], self.rules.lives, self.players),
        )
        return Observation._build(values)

    def places(self) -> list[int]:
        """Place per seat (1 = first), as :func:`places` ranks them."""
        return places(self.lives, self.out_deal)


def _is(event: Event, kind: EventKind, deal_number: int) -> bool:
    return event.kind is kind and event.value == deal_number


def lives_before(log: Sequence[Event], start: int, players: int) -> list[int]:
    """Lives per seat after the events of ``log`` (a match's log from its start),
    every seat having begun with ``start``; ``-1`` for a seat that is out."""
    lives = [start] * players
    for e in log:
        if e.seat is None or not 0 <= e.seat < players:
            continue
        if e.kind is EventKind.LOSE:
            lives[e.seat] -= e.lives or 0
        elif e.kind is EventKind.OUT:
            lives[e.seat] = -1
    return lives


def is_out(lives: int) -> bool:
    """Whether a seat with ``lives`` (as ``Match.lives()`` lists them) is out of the match.

    >>> is_out(-1), is_out(0), is_out(2)
    (True, False, False)
    """
    return lives < 0


def places(lives: Sequence[int], out_deal: Sequence[int | None]) -> list[int]:
    """Place per seat (1 = first): seats still in by lives, ahead of every seat
    that is out; seats out by the deal they went out in, the later the better.
    Equal lives (or going out in the same deal) share a place, and a place
    is 1 + the number of seats ranked above. The one ranking of a match: the
    winner of a finished match is first (under ``first_out``, all seats with
    the most lives share first place); during a match it is the standing now.

    >>> places([2, -1, 0, -1], [None, 3, None, 5])
    [1, 4, 2, 3]
    >>> places([1, 1, -1], [None, None, 2]), places([-1, 0, -1, -1], [4, None, 4, 1])
    ([1, 1, 3], [2, 1, 2, 4])
    """
    keys = [(v, out_deal[s] or 0) if v < 0 else (v, 0) for s, v in enumerate(lives)]
    return [1 + sum(1 for other in keys if other > mine) for mine in keys]


FIELD_NAMES = tuple(f.name for f in fields(Observation))
