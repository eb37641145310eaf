"""Which cards the player's legal moves use, and what a move changed on the table.

Pure functions of ``engine.Action`` objects (never of their texts): the view makes a
card clickable only if some legal action uses it, the table session (``TableSession``,
through ``app.table.choosing``) accepts a click only on such a card, and a played
move's cards are drawn highlighted.

>>> from engine import Action
>>> sorted(card_keys(Action.parse("swap 2 1")))
['hand-2', 'table-1']
>>> sorted(card_keys(Action.parse("announce 21 show 0 2")))
['hand-0', 'hand-2']
>>> card_keys(Action.knock())
frozenset()
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from engine import Action, ActionKind, Observation

if TYPE_CHECKING:
    from app.table.state import UIState

_WHOLE_TABLE = frozenset({"table-0", "table-1", "table-2"})
_WHOLE_HAND = frozenset({"hand-0", "hand-1", "hand-2"})


def hand_active(obs: Observation, ui: UIState) -> set[int]:
    """Hand indices some legal action uses (only while the player decides)."""
    if ui.frame.mode != "human":
        return set()
    return {i for a in obs.legal_actions for i in a.hand_cards}


def table_active(obs: Observation, ui: UIState) -> set[str]:
    """Table indices ("0"-"2", "mistery") some legal action uses, while the player decides."""
    if ui.frame.mode != "human":
        return set()
    return set(table_keys(obs.legal_actions))


def table_keys(actions: Iterable[Action]) -> Iterable[str]:
    """The ``data-index`` of every table card ``actions`` use ("mistery" for the
    face-down card)."""
    for a in actions:
        yield from map(str, a.table_cards)
        if a.kind is ActionKind.MISTERY:
            yield "mistery"


def card_keys(action: Action) -> frozenset[str]:
    """Keys (``hand-2``, ``table-1``, ``table-mistery``) of the cards ``action`` uses."""
    hand = {f"hand-{i}" for i in action.hand_cards}
    return frozenset(hand | {f"table-{i}" for i in table_keys((action,))})


def changed_keys(seat: int, action: Action) -> frozenset[str]:
    """What ``seat``'s move changed, as ``data-key``-like names the screen highlights
    (another seat's hand is not on the screen: only its seat is).

    >>> sorted(changed_keys(1, Action.parse("swap 2 1")))
    ['seat-1', 'table-1']
    >>> sorted(changed_keys(0, Action.mistery(2)))
    ['hand-2', 'seat-0', 'table-mistery']
    """
    keys = {f"seat-{seat}"}
    kind = action.kind
    if kind is ActionKind.SWAP_ALL or kind is ActionKind.NEW:
        keys |= _WHOLE_TABLE
        if seat == 0 and kind is ActionKind.SWAP_ALL:
            keys |= _WHOLE_HAND
    elif kind in (ActionKind.SWAP, ActionKind.SWAP_TWO, ActionKind.MISTERY):
        keys |= {f"table-{i}" for i in table_keys((action,))}
        if seat == 0:
            keys |= {f"hand-{i}" for i in action.hand_cards}
    return frozenset(keys)
