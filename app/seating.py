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
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from engine import Action, ActionKind

T = TypeVar("T")


def _seat(k: int, n: int) -> Callable[[int | None], int | None]:
    return lambda s: None if s is None else (s - k) % n


def _per_seat(values: Iterable[T], k: int) -> list[T]:
    """A per-seat list turned so that seat ``k``'s entry comes first."""
    values = list(values)
    return values[k:] + values[:k]


def _keys(d: dict[int, T], f: Callable[[int | None], int | None]) -> dict[int, T]:
    return {f(s): v for s, v in d.items()}


def event(e: Any, k: int, n: int) -> Any:
    """An engine ``Event`` with its seats turned by ``k``."""
    if k == 0:
        return e
    f = _seat(k, n)
    return dataclasses.replace(
        e, seat=f(e.seat), target=f(e.target), seats=tuple(f(s) for s in e.seats)
    )


def result(r: Any, k: int, n: int) -> Any:
    """An engine ``DealResult`` with its seats turned by ``k``."""
    if r is None or k == 0:
        return r
    f = _seat(k, n)
    return dataclasses.replace(
        r,
        knocker=f(r.knocker),
        hands=_keys(r.hands, f),
        values=_keys(r.values, f),
        lost=tuple(_per_seat(r.lost, k)),
        reasons=_keys(r.reasons, f),
        feuer=f(r.feuer),
        thirty_one=tuple(f(s) for s in r.thirty_one),
        announcements=_keys(r.announcements, f),
        decider=f(r.decider),
        challenged=f(r.challenged),
        shown=tuple(f(s) for s in r.shown),
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


def observation(obs: Any, viewer: int) -> Any:
    """``obs`` (an ``engine.Observation``) seen with ``viewer`` at seat 0."""
    n = obs.players
    k = viewer % n
    if k == 0:
        return obs
    f = _seat(k, n)
    winner = obs.winner
    winner = [f(s) for s in winner] if isinstance(winner, list) else f(winner)
    return dataclasses.replace(
        obs,
        seat=f(obs.seat),
        mistery_by=f(obs.mistery_by),
        lives=_per_seat(obs.lives, k),
        out_deal=tuple(_per_seat(obs.out_deal, k)),
        knocked_by=f(obs.knocked_by),
        current=f(obs.current),
        dealer=f(obs.dealer),
        first_player=f(obs.first_player),
        chooser=f(obs.chooser),
        known_cards=_keys(obs.known_cards, f),
        announcements=_keys(obs.announcements, f),
        announce_order=tuple(f(s) for s in obs.announce_order),
        legal_actions=[action(a, k, n) for a in obs.legal_actions],
        swapped=tuple(_per_seat(obs.swapped, k)),
        log=tuple(event(e, k, n) for e in obs.log),
        last_deal=result(obs.last_deal, k, n),
        winner=winner,
    )


def names(all_names: Iterable[str], viewer: int) -> tuple[str, ...]:
    """Seat names in the turned order (the viewer's own first)."""
    listed = list(all_names)
    return tuple(_per_seat(listed, viewer % max(1, len(listed))))
