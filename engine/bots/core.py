"""Fast card arithmetic for the bots.

The bots think in small integers instead of ``Card`` objects: a card is
``suit * 16 + rank`` (suit 0-3 in ``Suit`` order, rank 2-14 as in ``Rank``),
so ``c >> 4`` is its suit and ``c & 15`` its rank. Hand values, comparisons and
scoring here mirror docs/rules.md; they exist because a search plays thousands of
simulated turns per decision and must not pay for objects on every card.
Nothing here is a source of truth for the rules: the engine is.

>>> info = RulesInfo.of(None)
>>> hand_value(card_id("AH"), card_id("KH"), card_id("10H"), info)
31
>>> hand_value(card_id("7C"), card_id("7S"), card_id("7H"), info)
30.5
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..cards import Card, Rank, Suit

if TYPE_CHECKING:
    from ..rules import Rules

SUITS = tuple(Suit)
_SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}
LOWEST = {32: 7, 36: 6, 52: 2}
LOWEST_HAND = {32: 8, 36: 7, 52: 3}

PTS = [0] * 64
for _c in range(64):
    _r = _c & 15
    if 2 <= _r <= 14:
        PTS[_c] = 11 if _r == 14 else min(_r, 10)


def card_id(card: Card | str) -> int:
    """The integer of a ``Card`` (or of its text)."""
    if isinstance(card, str):
        card = Card.parse(card)
    return _SUIT_INDEX[card.suit] * 16 + int(card.rank)


def to_card(cid: int) -> Card:
    """The ``Card`` of an integer card."""
    return Card(Rank(cid & 15), SUITS[cid >> 4])


def deck_ids(size: int) -> list[int]:
    """Every card of a deck, in a fixed order."""
    low = LOWEST[size]
    return [s * 16 + r for s in range(4) for r in range(low, 15)]


def _plain(x: object) -> object:
    """An option's plain value: enum members become their value."""
    return getattr(x, "value", x)


@dataclass(frozen=True)
class RulesInfo:
    """The options the bots care about, read once from a ``Rules`` object."""

    deck: int = 32
    deal: str = "dealer_choice"
    swap_two: bool = False
    passing: bool = True
    pass_refresh: bool = True
    seven_eight_nine: bool = False
    knock: str = "anytime"
    feuer: bool = False
    feuer_value: float = 32
    feuer_two: bool = False
    knocker_pays_ties: bool = False
    flush_30: bool = False
    handeln: bool = False
    under_21_pays: bool = False
    rang_tiebreak: bool = False
    mistery: bool = False
    luegen: bool = False
    max_cycles: int = 50
    lives: int = 3
    first_out: bool = False

    @classmethod
    def of(cls, rules: Rules | None) -> RulesInfo:
        """Read a ``Rules`` (or ``None`` for the classic defaults)."""
        if rules is None:
            return cls()
        g = rules.__getattribute__

        def opt(name: str, default: Any) -> Any:
            try:
                return _plain(g(name))
            except AttributeError:
                return default

        return cls(
            deck=int(opt("deck", 32)),
            deal=str(opt("deal", "dealer_choice")),
            swap_two=bool(opt("swap_two", False)),
            passing=bool(opt("passing", True)),
            pass_refresh=bool(opt("pass_refresh", False)),
            seven_eight_nine=bool(opt("seven_eight_nine", False)),
            knock=str(opt("knock", "anytime")),
            feuer=bool(opt("feuer", False)),
            feuer_value=float(opt("feuer_value", 32) or 32),
            feuer_two=bool(opt("feuer_two_lives_heads_up", False)),
            knocker_pays_ties=bool(opt("knocker_pays_ties", False)),
            flush_30=bool(opt("flush_30", False)),
            handeln=bool(opt("handeln", False)),
            under_21_pays=bool(opt("under_21_pays", False)),
            rang_tiebreak=bool(opt("rang_tiebreak", False)),
            mistery=bool(opt("mistery", False)),
            luegen=bool(opt("luegen", False)),
            max_cycles=int(opt("max_cycles", 50)),
            lives=int(opt("lives", 3)),
            first_out=str(opt("match_end", "last_standing")) == "first_out",
        )

    @property
    def hidden(self) -> bool:
        return self.deal == "hidden"

    @property
    def lowest_hand(self) -> int:
        return LOWEST_HAND.get(self.deck, 8)


def hand_value(a: int, b: int, c: int, info: RulesInfo) -> float:
    """The value of a three-card hand, as docs/rules.md defines it."""
    ra, rb, rc = a & 15, b & 15, c & 15
    if ra == rb == rc:
        if ra == 14 and info.feuer:
            return info.feuer_value
        return 30.5
    sa, sb, sc = a >> 4, b >> 4, c >> 4
    pa, pb, pc = PTS[a], PTS[b], PTS[c]
    if sa == sb:
        if sa == sc:
            v = pa + pb + pc
            if info.flush_30 and v < 30:
                v = 30
        else:
            v = pa + pb if pa + pb > pc else pc
    elif sa == sc:
        v = pa + pc if pa + pc > pb else pb
    elif sb == sc:
        v = pb + pc if pb + pc > pa else pa
    else:
        v = pa if pa > pb else pb
        if pc > v:
            v = pc
    if info.handeln:
        if ra == rb and pa + pb > v:
            v = pa + pb
        if ra == rc and pa + pc > v:
            v = pa + pc
        if rb == rc and pb + pc > v:
            v = pb + pc
    return v


def strength(a: int, b: int, c: int, info: RulesInfo) -> float:
    """A number that orders hands as scoring does (``rang_tiebreak`` included)."""
    v = hand_value(a, b, c, info)
    if v == 30.5 and info.rang_tiebreak:
        return 30.5 + (a & 15) / 1000.0
    return v


_TABLES: dict[RulesInfo, tuple[list[float], list[float]]] = {}


def tables(info: RulesInfo) -> tuple[list[float], list[float]]:
    """Lookup tables for the bots' innermost loops: ``strength`` and the rollout
    policy's ``quality`` (strength plus a hundredth of the card points, to prefer
    high cards among equal hands) of every three different cards of the deck,
    at index ``a << 12 | b << 6 | c``. Made once per rule set (the 32-card deck
    takes 4,960 ``strength`` calls, one per set of three cards); only real cards,
    so the Mistery's unknown ``-1`` must not be looked up.

    >>> info = RulesInfo()
    >>> st, q = tables(info)
    >>> a, b, c = card_id("AH"), card_id("KH"), card_id("7H")
    >>> st[a << 12 | b << 6 | c], st[c << 12 | a << 6 | b], q[a << 12 | b << 6 | c]
    (28, 28, 28.28)
    """
    got = _TABLES.get(info)
    if got is not None:
        return got
    st = [0.0] * (1 << 18)
    q = [0.0] * (1 << 18)
    cards = deck_ids(info.deck)
    for i, a in enumerate(cards):
        for j in range(i + 1, len(cards)):
            b = cards[j]
            for c in cards[j + 1 :]:
                v = strength(a, b, c, info)
                w = v + 0.01 * (PTS[a] + PTS[b] + PTS[c])
                for x, y, z in ((a, b, c), (a, c, b), (b, a, c), (b, c, a), (c, a, b), (c, b, a)):
                    k = x << 12 | y << 6 | z
                    st[k] = v
                    q[k] = w
    _TABLES[info] = (st, q)
    return st, q


def value3(hand: Sequence[int], info: RulesInfo) -> float:
    return hand_value(hand[0], hand[1], hand[2], info)


def is_top(v: float, info: RulesInfo) -> bool:
    """Whether a hand value ends the deal at once (31, or Feuer)."""
    return v == 31 or (info.feuer and v == info.feuer_value and v > 31)


def score(strengths: dict[int, float], info: RulesInfo, knocker: int = -1) -> dict[int, int]:
    """Lives lost per seat for final hand strengths (normal scoring, no Lügen)."""
    seats = list(strengths)
    if info.feuer:
        fire = [s for s in seats if strengths[s] == info.feuer_value and strengths[s] > 31]
        if fire:
            cost = 2 if (info.feuer_two and len(seats) == 2) else 1
            return {s: (0 if s in fire else cost) for s in seats}
    if all(v == 31 for v in strengths.values()):
        return dict.fromkeys(seats, 0)  # everyone holds 31: nobody loses
    low = min(strengths.values())
    if info.under_21_pays:
        high = max(strengths.values())
        above = [v for v in strengths.values() if v > 20 and v != high]
        low_above = min(above) if above else None
        losers = [
            s
            for s in seats
            if strengths[s] != high and (strengths[s] <= 20 or strengths[s] == low_above)
        ]
    else:
        losers = [s for s in seats if strengths[s] == low]
    if info.knocker_pays_ties and knocker in losers and strengths[knocker] == low:
        losers = [s for s in losers if s == knocker or strengths[s] != low]
    lost = dict.fromkeys(seats, 0)
    for s in losers:
        lost[s] = 1
    return lost
