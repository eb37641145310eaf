"""Seen from another chair: an observation with the seats renumbered so that the viewer
sits at seat 0.

The screen is drawn for "you" at seat 0 (``app.table``: the hand at the bottom, the
others in playing order from the next one, "you" in every sentence). A person at
another seat (the next person at a shared device, a guest at an online table) sees
the same screen when every seat number in their observation is turned by their own:
seat ``s`` becomes ``(s - viewer) % n``. Turning keeps the playing order, so nothing
else changes; an action that names a seat (a Lügen challenge) is turned back before
it is played (``action_back``).

>>> from engine import Action
>>> str(action_back(Action.challenge(1), viewer=2, players=4))
'challenge 3'
>>> str(action_back(Action.parse("swap 0 1"), viewer=2, players=4))
'swap 0 1'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from typing import TypeVar

from engine import Action, ActionKind, DealResult, Event, Observation

T = TypeVar("T")


class _Turn:
    """Seat numbers turned by ``k`` at a table of ``n``: ``at(s)`` for a seat,
    ``maybe(s)`` for a seat or None, ``all(seats)``, ``keys(mapping)``."""

    def __init__(self, k: int, n: int) -> None:
        self.k, self.n = k, n

    def at(self, s: int) -> int:
        return (s - self.k) % self.n

    def maybe(self, s: int | None) -> int | None:
        return None if s is None else self.at(s)

    def all(self, seats: Iterable[int]) -> tuple[int, ...]:
        return tuple(self.at(s) for s in seats)

    def keys(self, d: Mapping[int, T]) -> dict[int, T]:
        return {self.at(s): v for s, v in d.items()}


def _per_seat(values: Iterable[T], k: int) -> list[T]:
    """A per-seat list turned so that seat ``k``'s entry comes first."""
    values = list(values)
    return values[k:] + values[:k]


def event(e: Event, k: int, n: int) -> Event:
    """An engine ``Event`` with its seats turned by ``k``."""
    if k == 0:
        return e
    f = _Turn(k, n)
    return dataclasses.replace(
        e, seat=f.maybe(e.seat), target=f.maybe(e.target), seats=f.all(e.seats)
    )


def result(r: DealResult, k: int, n: int) -> DealResult:
    """An engine ``DealResult`` with its seats turned by ``k``."""
    if k == 0:
        return r
    f = _Turn(k, n)
    return dataclasses.replace(
        r,
        knocker=f.maybe(r.knocker),
        hands=f.keys(r.hands),
        values=f.keys(r.values),
        lost=tuple(_per_seat(r.lost, k)),
        reasons=f.keys(r.reasons),
        feuer=f.maybe(r.feuer),
        thirty_one=f.all(r.thirty_one),
        announcements=f.keys(r.announcements),
        decider=f.maybe(r.decider),
        challenged=f.maybe(r.challenged),
        shown=f.all(r.shown),
        lives_after=tuple(_per_seat(r.lives_after, k)),
    )


def action(a: Action, k: int, n: int) -> Action:
    """An action as the turned screen shows it (only a challenge names a seat)."""
    if a.kind is ActionKind.CHALLENGE and a.target is not None:
        return Action.challenge((a.target - k) % n)
    return a


def action_back(a: Action, viewer: int, players: int) -> Action:
    """An action chosen on the turned screen, as the engine means it."""
    if a.kind is ActionKind.CHALLENGE and a.target is not None:
        return Action.challenge((a.target + viewer) % players)
    return a


def observation(obs: Observation, viewer: int) -> Observation:
    """``obs`` (an ``engine.Observation``) seen with ``viewer`` at seat 0."""
    n = obs.players
    k = viewer % n
    if k == 0:
        return obs
    f = _Turn(k, n)
    winner = obs.winner
    turned = list(f.all(winner)) if isinstance(winner, list) else f.maybe(winner)
    return dataclasses.replace(
        obs,
        seat=f.at(obs.seat),
        mistery_by=f.maybe(obs.mistery_by),
        lives=_per_seat(obs.lives, k),
        out_deal=tuple(_per_seat(obs.out_deal, k)),
        knocked_by=f.maybe(obs.knocked_by),
        current=f.maybe(obs.current),
        dealer=f.at(obs.dealer),
        first_player=f.at(obs.first_player),
        chooser=f.maybe(obs.chooser),
        known_cards=f.keys(obs.known_cards),
        announcements=f.keys(obs.announcements),
        announce_order=f.all(obs.announce_order),
        legal_actions=[action(a, k, n) for a in obs.legal_actions],
        swapped=tuple(_per_seat(obs.swapped, k)),
        log=tuple(event(e, k, n) for e in obs.log),
        last_deal=None if obs.last_deal is None else result(obs.last_deal, k, n),
        winner=turned,
    )


def names(all_names: Iterable[str], viewer: int) -> tuple[str, ...]:
    """Seat names in the turned order (the viewer's own first)."""
    listed = list(all_names)
    return tuple(_per_seat(listed, viewer % max(1, len(listed))))
