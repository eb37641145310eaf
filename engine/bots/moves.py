"""The bots' moves: small tuples whose first item names the kind.

A search plays thousands of simulated turns per decision, so a move stays a plain
tuple (no object to build per turn); these aliases give each kind its exact shape,
and mypy tells the kinds apart by the first item (``if move[0] == "swap":``
narrows ``move`` to ``Swap``). ``view.decode`` reads them from the engine's action
texts (CONFORMANCE.md); ``sim.Deal.apply`` plays the turn moves.

>>> from .view import decode
>>> decode("hold 0 3 4"), is_turn(decode("hold 0 3 4")), is_turn(decode("giveup"))
(('hold', 0, 3, 4), True, False)
"""

from __future__ import annotations

from typing import Literal, TypeAlias, TypeGuard

Swap: TypeAlias = tuple[Literal["swap"], int, int]
"""One card of the hand (index) for one of the table (index)."""
SwapTwo: TypeAlias = tuple[Literal["swap2"], int, int, int, int]
"""Two single swaps at once: hand, table, hand, table."""
SwapAll: TypeAlias = tuple[Literal["all"]]
Mistery: TypeAlias = tuple[Literal["mistery"], int]
"""A hand card (index) for the face-down card."""
Hold: TypeAlias = tuple[Literal["hold"], int, int, int]
"""The hidden deal: the three of the five cards (hand, then the two received) kept."""
Knock: TypeAlias = tuple[Literal["knock"]]
Pass: TypeAlias = tuple[Literal["pass"]]
New: TypeAlias = tuple[Literal["new"]]

TurnMove: TypeAlias = Swap | SwapTwo | SwapAll | Mistery | Hold | Knock | Pass | New
"""A move of the turn phase: what the simulator plays."""

Choice: TypeAlias = tuple[Literal["keep"]] | tuple[Literal["take"]]
"""The deal choice: keep the hand, or take the other three cards."""
Announce: TypeAlias = tuple[Literal["announce"], float, int, int]
"""Lügen: the value announced (30.5 and Feuer are not whole) and the two cards shown."""
Challenge: TypeAlias = tuple[Literal["challenge"], int]
"""Lügen: the seat challenged."""
GiveUp: TypeAlias = tuple[Literal["giveup"]]

Move: TypeAlias = TurnMove | Choice | Announce | Challenge | GiveUp
"""Any move a bot can be offered."""

TURN_KINDS = frozenset(("swap", "swap2", "all", "mistery", "hold", "knock", "pass", "new"))


def is_turn(move: Move) -> TypeGuard[TurnMove]:
    """Whether ``move`` is a move of the turn phase."""
    return move[0] in TURN_KINDS


def turn_move(move: Move) -> TurnMove:
    """``move`` as a turn move; another kind raises ``ValueError`` (a caller's bug)."""
    if not is_turn(move):
        raise ValueError(f"not a move of the turn phase: {move!r}")
    return move
