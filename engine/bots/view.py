"""What a bot knows, in the bots' own terms.

``View`` is built from an engine ``Observation`` (see ``from_observation``) and
holds only what that observation says, plus what follows from the public log:
which cards each opponent is known to hold (they took them from the table and
have not given them back), which cards left play, who swapped. Moves are small
tuples decoded from the action texts of CONFORMANCE.md:

>>> decode("swap 2 1"), decode("swap all"), decode("announce 30.5 show 0 2")
(('swap', 2, 1), ('all',), ('announce', 30.5, 0, 2))
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .core import RulesInfo, deck_ids, hand_value, is_top, strength


def decode(text: str) -> tuple:
    """The move tuple of an action text."""
    parts = str(text).split()
    head = parts[0]
    if head == "swap":
        if parts[1] == "all":
            return ("all",)
        nums = tuple(int(p) for p in parts[1:])
        return ("swap", *nums) if len(nums) == 2 else ("swap2", *nums)
    if head == "mistery":
        return ("mistery", int(parts[1]))
    if head == "hold":
        return ("hold", *(int(p) for p in parts[1:4]))
    if head == "announce":
        v = float(parts[1])
        value = int(v) if v == int(v) else v
        return ("announce", value, int(parts[3]), int(parts[4]))
    if head == "challenge":
        return ("challenge", int(parts[1]))
    return (head,)


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
    legal: list[tuple]  # decoded legal moves, in the order of ``actions``
    actions: list = field(default_factory=list)  # the engine's Action objects
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
    announcements: dict[int, tuple] = field(default_factory=dict)
    passes: int = 0
    turns_taken: dict[int, int] = field(default_factory=dict)
    final_left: int = 0  # with a knock: turns left in the final cycle, this one included
    # seat -> its turns in this deal, oldest first, each (kind, open table
    # before that turn, cards given, cards taken), read from the public log
    last_turn: dict[int, list[tuple]] = field(default_factory=dict)

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

    def value(self, hand=None):
        h = self.hand if hand is None else hand
        return hand_value(h[0], h[1], h[2], self.info)

    def strength(self, hand=None) -> float:
        h = self.hand if hand is None else hand
        return strength(h[0], h[1], h[2], self.info)

    def after(self, move: tuple) -> tuple[list[int], list[int]]:
        """This seat's hand and the open table after one of its turn moves
        (a Mistery swap with an unknown card leaves a -1 in the hand)."""
        hand = self.hand[:3]
        table = self.table[:]
        kind = move[0]
        if kind == "swap":
            h, t = move[1], move[2]
            hand[h], table[t] = table[t], hand[h]
        elif kind == "swap2":
            for h, t in ((move[1], move[2]), (move[3], move[4])):
                hand[h], table[t] = table[t], hand[h]
        elif kind == "all":
            hand, table = table, hand
        elif kind == "mistery":
            hand[move[1]] = self.mist
        elif kind == "hold":
            hand = [self.hand[i] for i in move[1:4]]
        return hand, table

    def is_top(self, hand) -> bool:
        return -1 not in hand and is_top(self.value(hand), self.info)
