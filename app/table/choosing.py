"""Choosing a move with the cards: taps and drags turned into the move they make.

Every table that takes a player's moves (``app.controller`` against bots and at a shared
device, ``app.online.room`` at an online table) chooses cards the same way, so it lives
here once, as functions of the observation on the screen (the player at seat 0) and
the UI state, whose selection (``ui.choice.selected``, in the order the cards were chosen)
they change. A hand card and then a table card (or the other way round) make a swap;
a second card of the same side before any of the other begins a swap of two cards
(Pub): two hand cards, then the two table cards they go for, in that order.

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
    ui.choice.selected = ()


CONTROLS = frozenset({"clear-selection"})
"""The button of choosing itself: forget the cards."""


def control(ui: UIState, name: str) -> None:
    """One of :data:`CONTROLS` pressed: the choice starts afresh."""
    clear(ui)


def tap(obs: Observation, ui: UIState, zone: str, index: str) -> Choice:
    """A tap (or Enter/Space) on a card of ``zone`` (``hand`` or ``table``): select it,
    or complete a move with the card chosen before. A card no legal move uses is
    ignored; a chosen card tapped again is put back."""
    usable = hand_active(obs, ui) if zone == "hand" else table_active(obs, ui)
    if (int(index) if zone == "hand" and index.isdigit() else index) not in usable:
        return CHOOSING
    kinds = {a.kind for a in obs.legal_actions}
    key = (zone, index)
    if zone == "hand" and kinds & {ActionKind.ANNOUNCE, ActionKind.HOLD}:
        # Choosing cards to show (Lügen: two) or to keep (hidden deal: three).
        announcing = ActionKind.ANNOUNCE in kinds
        limit = obs.rules.announce_shown if announcing else obs.rules.hand_size
        ui.choice.selected = _toggled([k for k in ui.choice.selected if k[0] == "hand"], key, limit)
        return CHOOSING
    if key in ui.choice.selected:
        ui.choice.selected = tuple(k for k in ui.choice.selected if k != key)
        return CHOOSING
    mine = [k for k in ui.choice.selected if k[0] == zone]
    others = [k for k in ui.choice.selected if k[0] != zone]
    if len(others) == 2:  # a swap of two cards: the other side's first, then its second
        if index == "mistery":  # the Mistery card is swapped alone
            return CHOOSING
        if mine:
            return _two(ui, [*ui.choice.selected, key])
        ui.choice.selected = (*ui.choice.selected, key)
        return CHOOSING
    if len(others) == 1 and not mine:
        hand_i, table_i = (index, others[0][1]) if zone == "hand" else (others[0][1], index)
        ui.choice.selected = ()
        return pair(int(hand_i), table_i)
    if len(mine) == 1 and not others and _two_possible(kinds, mine[0], key):
        ui.choice.selected = (*mine, key)  # a second card of one side: a swap of two begins
        return CHOOSING
    ui.choice.selected = (key,)
    return CHOOSING


def _toggled(chosen: list[tuple[str, str]], key: tuple[str, str], limit: int) -> tuple[Any, ...]:
    """``chosen`` with ``key`` taken out, or put in (dropping the oldest beyond ``limit``)."""
    if key in chosen:
        chosen.remove(key)
    elif len(chosen) < limit:
        chosen.append(key)
    else:
        chosen = [*chosen[1:], key]
    return tuple(chosen)


def _two_possible(kinds: set[ActionKind], first: tuple[str, str], second: tuple[str, str]) -> bool:
    """Two cards of one side may begin a swap of two (never with the Mistery card)."""
    return ActionKind.SWAP_TWO in kinds and "mistery" not in (first[1], second[1])


def two_swap_step(ui: UIState) -> str:
    """Where a swap of two cards stands: ``""`` (none begun), ``"table"`` (two hand
    cards chosen: the table cards are due) or ``"hand"`` (the other way round)."""
    for zone, other in (("hand", "table"), ("table", "hand")):
        if sum(1 for z, _ in ui.choice.selected if z == zone) == 2:
            return other
    return ""


def numbers(obs: Observation, ui: UIState) -> dict[tuple[str, str], str]:
    """The cards of a swap of two numbered "1" and "2" on each side, in the order they
    were chosen (the first hand card goes for the first table card); none for two
    cards chosen to show or to keep."""
    offered = any(a.kind is ActionKind.SWAP_TWO for a in obs.legal_actions)
    if not offered or not two_swap_step(ui):
        return {}
    out: dict[tuple[str, str], str] = {}
    for zone in ("hand", "table"):
        for n, key in enumerate((k for k in ui.choice.selected if k[0] == zone), start=1):
            out[key] = str(n)
    return out


def _two(ui: UIState, chosen: list[tuple[str, str]]) -> Choice:
    """Two hand cards and two table cards chosen: the swap of two they make."""
    ui.choice.selected = ()
    hands = [int(i) for z, i in chosen if z == "hand"]
    tables = [i for z, i in chosen if z == "table"]
    if not all(i.isdigit() for i in tables):
        return CLEARED
    return _made(Action.swap_two, hands[0], int(tables[0]), hands[1], int(tables[1]))


def drag(ui: UIState, source: tuple[Any, ...], target: tuple[Any, ...]) -> Choice:
    """A card dragged onto another: the same as tapping both."""
    if source[0] == target[0]:
        return CHOOSING
    hand_i, table_i = (source[1], target[1]) if source[0] == "hand" else (target[1], source[1])
    ui.choice.selected = ()
    return pair(int(hand_i), str(table_i))


def pair(hand_i: int, table_i: str) -> Choice:
    """A hand card and a table card chosen together: the swap they make."""
    if table_i == "mistery":
        return _made(Action.mistery, hand_i)
    if not table_i.isdigit():  # not a card of the table: no move
        return CLEARED
    return _made(Action.swap, hand_i, int(table_i))


def _made(make: Callable[..., Action], *indices: int) -> Choice:
    """The action the chosen cards' indices build; none (cleared) if they build none,
    like one hand card twice."""
    try:
        return Choice(make(*indices))
    except engine.InvalidInputError:
        return CLEARED


__all__ = [
    "CHOOSING",
    "CLEARED",
    "CONTROLS",
    "Choice",
    "clear",
    "control",
    "drag",
    "numbers",
    "pair",
    "tap",
    "two_swap_step",
]
