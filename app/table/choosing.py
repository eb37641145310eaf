"""Choosing a move with the cards: taps and drags turned into the move they make.

Every table that takes a player's moves (``app.controller`` against bots and at a shared
device, ``app.online.room`` at an online table) chooses cards the same way, so it lives
here once, as functions of the observation on the screen (the player at seat 0) and
the UI state, whose selection (``ui.selected``) and first pair of a two-card swap
(``ui.pending``) they change.

:func:`tap` and :func:`drag` return a :class:`Choice`: the move the cards make, if any
(the caller still asks the engine whether it is legal, and clears the selection with
:func:`clear` when it is not), or that the choice was cleared because the cards make
no move.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import engine
from app.table.moves import hand_active, table_active
from engine import Action, ActionKind, Observation

if TYPE_CHECKING:
    from app.table.state import UIState


@dataclass(frozen=True)
class Choice:
    """What a tap or a drag did: ``action`` is the move it completes (None while the
    player is still choosing); ``cleared`` says the cards made no move at all."""

    action: Action | None = None
    cleared: bool = False


CHOOSING = Choice()
CLEARED = Choice(cleared=True)


def clear(ui: UIState) -> None:
    """Forget the chosen cards."""
    ui.selected = ()
    ui.pending = ()


CONTROLS = frozenset({"two-swaps", "clear-selection"})
"""The buttons of choosing itself: two swaps at once (on or off), forget the cards."""


def control(ui: UIState, name: str) -> None:
    """One of :data:`CONTROLS` pressed: either starts the choice afresh."""
    if name == "two-swaps":
        ui.two_mode = not ui.two_mode
    clear(ui)


def tap(obs: Observation, ui: UIState, zone: str, index: str) -> Choice:
    """A tap (or Enter/Space) on a card of ``zone`` (``hand`` or ``table``): select it,
    or complete a move with the card chosen before. A card no legal move uses is
    ignored."""
    usable = hand_active(obs, ui) if zone == "hand" else table_active(obs, ui)
    if (int(index) if zone == "hand" and index.isdigit() else index) not in usable:
        return CHOOSING
    kinds = {a.kind for a in obs.legal_actions}
    key = (zone, index)
    if zone == "hand" and kinds & {ActionKind.ANNOUNCE, ActionKind.HOLD}:
        # Choosing cards to show (Lügen: two) or to keep (hidden deal: three).
        announcing = ActionKind.ANNOUNCE in kinds
        limit = obs.rules.announce_shown if announcing else obs.rules.hand_size
        chosen = [k for k in ui.selected if k[0] == "hand"]
        if key in chosen:
            chosen.remove(key)
        elif len(chosen) < limit:
            chosen.append(key)
        else:
            chosen = [*chosen[1:], key]
        ui.selected = tuple(chosen)
        return CHOOSING
    other_zone = "table" if zone == "hand" else "hand"
    partner = next((k for k in ui.selected if k[0] == other_zone), None)
    if partner is None:
        ui.selected = () if key in ui.selected else (key,)
        return CHOOSING
    hand_i, table_i = (index, partner[1]) if zone == "hand" else (partner[1], index)
    return pair(ui, int(hand_i), table_i)


def drag(ui: UIState, source: tuple[Any, ...], target: tuple[Any, ...]) -> Choice:
    """A card dragged onto another: the same as tapping both."""
    if source[0] == target[0]:
        return CHOOSING
    hand_i, table_i = (source[1], target[1]) if source[0] == "hand" else (target[1], source[1])
    ui.selected = ()
    return pair(ui, int(hand_i), str(table_i))


def pair(ui: UIState, hand_i: int, table_i: str) -> Choice:
    """A hand card and a table card chosen together: the swap they make (in two-swap
    mode the first pair waits in ``ui.pending`` for the second)."""
    if table_i == "mistery":
        ui.pending = ()
        return _made(Action.mistery, hand_i)
    if not table_i.isdigit():  # not a card of the table: no move
        return CLEARED
    if ui.two_mode:
        if not ui.pending:
            ui.pending = ((hand_i, int(table_i)),)
            ui.selected = ()
            return CHOOSING
        (h1, t1) = ui.pending[0]
        ui.pending = ()
        return _made(Action.swap_two, h1, t1, hand_i, int(table_i))
    return _made(Action.swap, hand_i, int(table_i))


def _made(make: Callable[..., Action], *indices: int) -> Choice:
    """The action the chosen cards' indices build; none (cleared) if they build none,
    like one hand card twice."""
    try:
        return Choice(make(*indices))
    except engine.InvalidInputError:
        return CLEARED


__all__ = ["CHOOSING", "CLEARED", "CONTROLS", "Choice", "clear", "control", "drag", "pair", "tap"]
