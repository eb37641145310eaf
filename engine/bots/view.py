"""What a bot knows, in the bots' own terms.

``View`` is built from an engine ``Observation`` (see ``from_observation``) and
holds only what that observation says, plus what follows from the public log:
which cards each opponent is known to hold (they took them from the table and
have not given them back), which cards left play, who swapped. Moves are small
tuples (their shapes in ``moves``) decoded from the action texts of CONFORMANCE.md:

>>> decode("swap 2 1"), decode("swap all"), decode("announce 30.5 show 0 2")
(('swap', 2, 1), ('all',), ('announce', 30.5, 0, 2))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypeAlias

from .core import RulesInfo, deck_ids, hand_value, is_top, strength
from .moves import Move

if TYPE_CHECKING:
    from ..actions import Action

Turn: TypeAlias = tuple[str, list[int], list[int], list[int], int, bool]
"""One turn of a seat read from the public log (``observe.last_turns``): its kind, the
open table before it, the cards given and taken, its cycle, and whether the knock rule
would have let the seat knock instead."""


_WORDS: dict[str, Move] = {
    "keep": ("keep",),
    "take": ("take",),
    "pass": ("pass",),
    "knock": ("knock",),
    "new": ("new",),
    "giveup": ("giveup",),
}


def decode(text: str) -> Move:
    """The move tuple of an action text (an unknown kind raises ``ValueError``)."""
    parts = str(text).split()
    head = parts[0]
    if head == "swap":
        if parts[1] == "all":
            return ("all",)
        n = [int(p) for p in parts[1:]]
        return ("swap", n[0], n[1]) if len(n) == 2 else ("swap2", n[0], n[1], n[2], n[3])
    if head == "mistery":
        return ("mistery", int(parts[1]))
    if head == "hold":
        return ("hold", int(parts[1]), int(parts[2]), int(parts[3]))
    if head == "announce":
        v = float(parts[1])
        value: float = int(v) if v == int(v) else v
        return ("announce", value, int(parts[3]), int(parts[4]))
    if head == "challenge":
        return ("challenge", int(parts[1]))
    move = _WORDS.get(head)
    if move is None:
        raise ValueError(f"not an action text: {text!r}")
    return move


@dataclass
class View:
    """One seat's knowledge at a decision (integers for cards, see ``core``)."""

    info: RulesInfo
    seat: int
    players: int
    phase: str
    hand: list[int]
    table: list[int]
    lives: list[int]
    order: list[int]  # active seats in playing order, starting with the deal's first player
    legal: list[Move]  # decoded legal moves, in the order of ``actions``
    actions: list[Action] = field(default_factory=list)  # the engine's Action objects
    has_mist: bool = False
    mist: int = -1  # the face-down card if this seat knows it
    knocker: int = -1
    dealer: int = -1
    first: int = -1
    cycle: int = 0
    stock_size: int = 0
    swapped: dict[int, bool] = field(default_factory=dict)
    known: dict[int, list[int]] = field(default_factory=dict)  # cards opponents surely hold
    own_known: list[int] = field(default_factory=list)  # own cards the opponents know of
    out: list[int] = field(default_factory=list)  # cards known to be out of play
    announcements: dict[int, tuple[float, list[int]]] = field(default_factory=dict)
    passes: int = 0
    turns_taken: dict[int, int] = field(default_factory=dict)
    final_left: int = 0  # with a knock: turns left in the final cycle, this one included
    # seat -> its turns in this deal, oldest first, each (kind, open table
    # before that turn, cards given, cards taken), read from the public log
    last_turn: dict[int, list[Turn]] = field(default_factory=dict)

    # -- derived knowledge -------------------------------------------------

    def next_seat(self, seat: int | None = None) -> int:
        s = self.seat if seat is None else seat
        i = self.order.index(s)
        return self.order[(i + 1) % len(self.order)]

    def opponents(self) -> list[int]:
        return [s for s in self.order if s != self.seat]

    def unseen(self) -> list[int]:
        """Cards whose place this seat does not know (others' hidden cards, stock,
        the face-down card), in deck order."""
        seen = set(self.hand) | set(self.table) | set(self.out)
        for cards in self.known.values():
            seen.update(cards)
        for _, shown in self.announcements.values():
            seen.update(shown)
        if self.mist >= 0:
            seen.add(self.mist)
        return [c for c in deck_ids(self.info.deck) if c not in seen]

    def value(self, hand: Sequence[int] | None = None) -> float:
        h = self.hand if hand is None else hand
        return hand_value(h[0], h[1], h[2], self.info)

    def strength(self, hand: Sequence[int] | None = None) -> float:
        h = self.hand if hand is None else hand
        return strength(h[0], h[1], h[2], self.info)

    def after(self, move: Move) -> tuple[list[int], list[int]]:
        """This seat's hand and the open table after one of its turn moves
        (a Mistery swap with an unknown card leaves a -1 in the hand)."""
        hand = self.hand[:3]
        table = self.table[:]
        if move[0] == "swap":
            h, t = move[1], move[2]
            hand[h], table[t] = table[t], hand[h]
        elif move[0] == "swap2":
            for h, t in ((move[1], move[2]), (move[3], move[4])):
                hand[h], table[t] = table[t], hand[h]
        elif move[0] == "all":
            hand, table = table, hand
        elif move[0] == "mistery":
            hand[move[1]] = self.mist
        elif move[0] == "hold":
            hand = [self.hand[i] for i in move[1:4]]
        return hand, table

    def is_top(self, hand: Sequence[int]) -> bool:
        return -1 not in hand and is_top(self.value(hand), self.info)
