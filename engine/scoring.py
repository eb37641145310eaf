"""Hand values and the normal scoring of a deal (docs/rules.md, "What a hand is worth"
and "Scoring a deal").

>>> from engine import parse_cards, preset
>>> hand_value(parse_cards("AH KH 9S"))
21
>>> hand_value(parse_cards("7C 7S 7H"))
30.5
>>> hand_value(parse_cards("AC AS AH"), preset("pub"))
33
>>> score_deal([parse_cards("AH KH 10H"), parse_cards("7C 8S 9D"), parse_cards("QD JD 7D")],
...            preset("classic"))
[0, 1, 0]
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence

from . import bounds
from .bounds import shown
from .cards import Card, Rank, parse_cards
from .errors import InvalidInputError
from .events import LossReason
from .rules import PRESETS, Rules

__all__ = [
    "hand_key",
    "hand_value",
    "is_feuer",
    "score_deal",
    "score_hands",
    "score_with_reasons",
    "value3",
]


def _as_card(c: object) -> Card:
    if isinstance(c, Card):
        return c
    if isinstance(c, str):
        return Card.parse(c)
    raise InvalidInputError(f"{shown(c)} in the hand is not a Card")


def _check_hand(cards: object) -> tuple[Card, Card, Card]:
    if isinstance(cards, str):
        cards = parse_cards(cards)
    if not isinstance(cards, Iterable):
        raise InvalidInputError(f"a hand is three cards, not {shown(cards)}")
    # at most four are read: a hand of thousands is refused without listing them
    items: tuple[object, ...] = tuple(itertools.islice(cards, 4))
    if len(items) != 3:
        got = "more" if len(items) > 3 else str(len(items))
        listed = " ".join(str(x) if isinstance(x, Card) else shown(x) for x in items[:3])
        raise InvalidInputError(f"a hand is three cards, got {got}: {listed or 'none'}")
    a, b, c = (x if isinstance(x, Card) else _as_card(x) for x in items)  # texts are welcome
    if len({a, b, c}) != 3:
        raise InvalidInputError(f"the hand {a} {b} {c} repeats a card")
    return a, b, c


def hand_value(cards: Sequence[Card] | str, rules: Rules | None = None) -> int | float:
    """The value of a three-card hand under ``rules`` (``None``: the classic preset).

    Returns an ``int`` or ``30.5``; Feuer (three aces with ``feuer``) returns
    ``rules.feuer_value``. Other hand sizes raise InvalidInputError.
    """
    if rules is None:
        rules = PRESETS["classic"]
    if not isinstance(rules, Rules):
        raise InvalidInputError(f"hand_value needs a Rules object, not {shown(rules)}")
    return value3(_check_hand(cards), rules)


def value3(hand: Sequence[Card], rules: Rules) -> int | float:
    """:func:`hand_value` without input checks, for the engine's hot paths."""
    a, b, c = hand
    ra, rb, rc = a.rank, b.rank, c.rank
    if ra is rb and rb is rc:
        if ra is Rank.ACE and rules.feuer:
            return rules.feuer_value
        return 30.5
    pa, pb, pc = _POINTS[ra], _POINTS[rb], _POINTS[rc]
    sa, sb, sc = a.suit, b.suit, c.suit
    if sa is sb:
        if sb is sc:
            best = pa + pb + pc
            if rules.flush_30 and best < 30:
                best = 30
        else:
            best = max(pa + pb, pc)
    elif sa is sc:
        best = max(pa + pc, pb)
    elif sb is sc:
        best = max(pb + pc, pa)
    else:
        best = max(pa, pb, pc)
    if rules.handeln:
        if ra is rb:
            best = max(best, pa + pb)
        elif ra is rc:
            best = max(best, pa + pc)
        elif rb is rc:
            best = max(best, pb + pc)
    return best


_POINTS = {r: r.points for r in Rank}


def is_feuer(hand: Sequence[Card], rules: Rules) -> bool:
    """Three aces while the ``feuer`` option is on."""
    return rules.feuer and all(c.rank is Rank.ACE for c in hand)


def hand_key(hand: Sequence[Card], rules: Rules) -> tuple[int | float, int]:
    """A sort key: hands compare by value; with ``rang_tiebreak`` a 30½ of a lower
    rank is lower than one of a higher rank (otherwise all 30½ are equal)."""
    v = value3(hand, rules)
    if v == 30.5 and rules.rang_tiebreak:
        return (v, int(hand[0].rank))
    return (v, 0)


def score_deal(
    hands: Sequence[Sequence[Card] | None], rules: Rules, knocker: int | None = None
) -> list[int]:
    """Lives lost per seat under normal scoring (no Lügen) of the final hands.

    ``hands`` is in seat order; ``None`` marks a seat not in the deal (eliminated),
    which loses nothing. Handles Feuer (with ``feuer_two_lives_heads_up``), ties,
    ``knocker_pays_ties`` and ``under_21_pays``; when every hand is 31, nobody
    loses. The void rule is the match's job.
    """
    if not isinstance(rules, Rules):
        raise InvalidInputError(f"score_deal needs a Rules object, not {shown(rules)}")
    if isinstance(hands, str) or not isinstance(hands, Sequence):
        raise InvalidInputError(f"score_deal needs a list of hands, not {shown(hands)}")
    if len(hands) > bounds.PLAYERS.hi:
        raise InvalidInputError(f"score_deal takes at most {bounds.PLAYERS.hi} hands")
    checked = [None if h is None else _check_hand(h) for h in hands]
    seats = [s for s, h in enumerate(checked) if h is not None]
    if not seats:
        raise InvalidInputError("score_deal needs at least one hand")
    seen: set[Card] = set()
    for s in seats:
        dup = seen.intersection(checked[s])  # type: ignore[arg-type]
        if dup:
            raise InvalidInputError(f"the card {min(dup)} is in two hands (seat {s})")
        seen.update(checked[s])  # type: ignore[arg-type]
    if knocker is not None and (not bounds.is_whole(knocker) or knocker not in seats):
        raise InvalidInputError(f"knocker {shown(knocker)} is not a seat with a hand")
    return score_hands(checked, rules, knocker)


def score_hands(
    hands: Sequence[Sequence[Card] | None], rules: Rules, knocker: int | None = None
) -> list[int]:
    """:func:`score_deal` without input checks."""
    return score_with_reasons(hands, rules, knocker)[0]


def score_with_reasons(
    hands: Sequence[Sequence[Card] | None], rules: Rules, knocker: int | None = None
) -> tuple[list[int], dict[int, LossReason]]:
    """Lives lost per seat, and why each losing seat loses (unchecked input;
    the match calls this).

    >>> lost, why = score_with_reasons(
    ...     [parse_cards("7C 8S 9D"), parse_cards("9H 8C 7S"), parse_cards("AD KD 10C")],
    ...     PRESETS["knack"], knocker=1)
    >>> lost, why
    ([0, 1, 0], {1: <LossReason.KNOCKER_PAID_TIE: 'knocker_paid_tie'>})
    """
    lost = [0] * len(hands)
    why: dict[int, LossReason] = {}
    seats = [s for s, h in enumerate(hands) if h is not None]
    if rules.feuer:
        for s in seats:
            if is_feuer(hands[s], rules):  # type: ignore[arg-type]
                cost = 2 if rules.feuer_two_lives_heads_up and len(seats) == 2 else 1
                for o in seats:
                    if o != s:
                        lost[o] = cost
                        why[o] = LossReason.FEUER
                return lost, why
    keys = {s: hand_key(hands[s], rules) for s in seats}  # type: ignore[arg-type]
    if all(k[0] == 31 for k in keys.values()):
        return lost, why  # everyone holds 31: a 31 never costs a life except against Feuer
    low = min(keys.values())
    if rules.under_21_pays:
        high = max(keys.values())
        above = [k for k in keys.values() if k[0] > 20 and k != high]
        low_above = min(above) if above else None
        losers = [
            s for s in seats if keys[s] != high and (keys[s][0] <= 20 or keys[s] == low_above)
        ]
    else:
        losers = [s for s in seats if keys[s] == low]
    tied = [s for s in losers if keys[s] == low]
    if rules.knocker_pays_ties and knocker in tied and len(tied) > 1:
        # the knocker pays the tie alone; under_21_pays: the others at that value are spared
        losers = [s for s in losers if s == knocker or keys[s] != low]
        why[knocker] = LossReason.KNOCKER_PAID_TIE
    for s in losers:
        if s not in why:
            if rules.under_21_pays:
                why[s] = LossReason.UNDER_21
            else:
                why[s] = LossReason.TIE if len(losers) > 1 else LossReason.LOWEST
    for s in why:
        lost[s] = 1
    return lost, dict(sorted(why.items()))
