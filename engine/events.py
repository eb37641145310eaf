"""The public record of a match: events and deal results.

Events carry structured fields for the page to translate; ``str(event)`` is a
short English sentence:

>>> from engine import parse_cards
>>> kh, s9 = parse_cards("KH 9S")
>>> str(Event(EventKind.SWAP, seat=2, given=(kh,), taken=(s9,)))
'seat 2 swaps KH for 9S'
>>> str(Event(EventKind.KNOCK, seat=1))
'seat 1 knocks'
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass, field

from .cards import Card


class EventKind(enum.StrEnum):
    """What happened."""

    DEAL = "deal"  # seat = dealer, value = deal number
    TABLE = "table"  # cards = the open table cards laid at the start of a deal
    KEEP = "keep"  # seat keeps the dealt cards (deal choice)
    TAKE = "take"  # seat lays the dealt cards (given) open and takes the other three
    SWAP = "swap"  # given/taken: one or two cards each
    SWAP_ALL = "swap_all"
    MISTERY = "mistery"  # blind swap; cards only in the mover's own log
    HOLD = "hold"  # hidden deal; cards only in the mover's own log
    PASS = "pass"
    REFRESH = "refresh"  # everyone passed: cards = new table
    NEW = "new"  # 7-8-9: cards = new table
    RESHUFFLE = "reshuffle"  # discard pile shuffled into the stock
    KNOCK = "knock"  # reason "keep": a final-cycle knock that keeps the hand
    THIRTY_ONE = "31"  # seat holds 31: cards
    FEUER = "feuer"  # seat holds three aces: cards
    REVEAL = "reveal"  # seat shows the whole hand: cards, value
    ANNOUNCE = "announce"  # Lügen: value, cards = the two shown
    CHALLENGE = "challenge"  # seat challenges target; reason "lie" or "true"
    GIVEUP = "giveup"
    LOSE = "lose"  # seat loses `lives` lives; reason says why
    VOID = "void"  # the deal would eliminate everyone: nobody loses
    SWIM = "swim"  # seat now swims (0 lives)
    OUT = "out"  # seat is eliminated
    DEAL_END = "deal_end"  # value = deal number, reason = how it ended
    MATCH_END = "match_end"  # seats = winner(s); reason "crown" if won with all lives


class DealEnd(enum.StrEnum):
    """Why a deal ended (``DealResult.reason``, the ``deal_end`` event's reason)."""

    FEUER = "feuer"
    THIRTY_ONE = "31"
    KNOCK = "knock"
    MAX_CYCLES = "max_cycles"
    # docs/rules.md's end when three new cards cannot be had; it never happens: the
    # table's own three cards go to the discard pile first (rules-decisions)
    STOCK = "stock"


class LossReason(enum.StrEnum):
    """Why a seat loses lives (the ``lose`` event's reason)."""

    LOWEST = "lowest"  # the lowest hand of the deal, alone
    TIE = "tie"  # tied for the lowest hand: all of them lose
    KNOCKER_PAID_TIE = "knocker_paid_tie"  # knocker_pays_ties: tied lowest, pays alone
    FEUER = "feuer"  # someone else held Feuer
    UNDER_21 = "under_21"  # under_21_pays: 20 or less, or the lowest above 20
    GIVEUP = "giveup"  # Lügen: the decider gave up
    LIE = "lie"  # Lügen: caught lying
    TRUE = "true"  # Lügen: challenged a true announcement


class LuegenOutcome(enum.StrEnum):
    """How the Lügen decision went (``DealResult.outcome``; the ``challenge``
    event's reason is ``LIE`` or ``TRUE``)."""

    GIVEUP = "giveup"
    LIE = "lie"  # the challenged announcement was a lie
    TRUE = "true"  # the challenged announcement was true


@dataclass(frozen=True, slots=True)
class Event:
    """One entry of the match log."""

    kind: EventKind
    seat: int | None = None
    given: tuple[Card, ...] = ()
    taken: tuple[Card, ...] = ()
    cards: tuple[Card, ...] = ()
    value: int | float | None = None
    lives: int | None = None
    target: int | None = None
    reason: str = ""  # a DealEnd, LossReason or LuegenOutcome, or "keep"/"crown"
    seats: tuple[int, ...] = ()

    def __str__(self) -> str:
        return _describe(self)


def _cards(cards: tuple[Card, ...]) -> str:
    return " ".join(map(str, cards))


def _num(v: int | float | None) -> str:
    return "30½" if v == 30.5 else str(v)


_VERDICTS: dict[str, str] = {LuegenOutcome.LIE: ": a lie", LuegenOutcome.TRUE: ": it was true"}
_LOSE_REASONS: dict[str, str] = {  # keyed by LossReason, which is a str
    LossReason.LOWEST: "lowest hand",
    LossReason.TIE: "lowest hand",  # the same words as before ties had a reason of their own
    LossReason.KNOCKER_PAID_TIE: "lowest hand",
    LossReason.FEUER: "Feuer",
    LossReason.UNDER_21: "20 or less, or lowest above 20",
    LossReason.GIVEUP: "gave up",
    LossReason.LIE: "caught lying",
    LossReason.TRUE: "challenged a true announcement",
}


# Sentences for events whose text is a fixed pattern of the event's fields;
# the few kinds whose wording depends on what is public are written out below.
_TEMPLATES: dict[EventKind, str] = {
    EventKind.DEAL: "deal {value}: {s} deals",
    EventKind.TABLE: "table: {cards}",
    EventKind.KEEP: "{s} keeps the dealt cards",
    EventKind.TAKE: "{s} lays {given} open and takes the other three",
    EventKind.SWAP: "{s} swaps {given} for {taken}",
    EventKind.SWAP_ALL: "{s} swaps all: {given} for {taken}",
    EventKind.PASS: "{s} passes",
    EventKind.REFRESH: "everyone passed: new table cards {cards}",
    EventKind.NEW: "{s} lays new table cards for 7-8-9: {cards}",
    EventKind.RESHUFFLE: "the discard pile is shuffled into the stock",
    EventKind.THIRTY_ONE: "{s} has 31: {cards}",
    EventKind.FEUER: "{s} has Feuer: {cards}",
    EventKind.REVEAL: "{s} shows {cards} ({value})",
    EventKind.ANNOUNCE: "{s} announces {value} showing {cards}",
    EventKind.GIVEUP: "{s} gives up",
    EventKind.VOID: "everyone left would be out: nobody loses a life",
    EventKind.SWIM: "{s} is swimming",
    EventKind.OUT: "{s} is out",
    EventKind.DEAL_END: "deal {value} ends ({reason})",
}


def _describe(e: Event) -> str:
    k, s = e.kind, f"seat {e.seat}"
    template = _TEMPLATES.get(k)
    if template is not None:
        return template.format(
            s=s,
            cards=_cards(e.cards),
            # a swap lists its cards with commas: two at once with swap_two
            given=", ".join(map(str, e.given)) if k is EventKind.SWAP else _cards(e.given),
            taken=", ".join(map(str, e.taken)) if k is EventKind.SWAP else _cards(e.taken),
            value=_num(e.value),
            reason=e.reason,
        )
    if k is EventKind.MISTERY:
        if e.given:
            return f"{s} swaps {_cards(e.given)} for the face-down card {_cards(e.taken)}"
        return f"{s} swaps a card for the face-down card"
    if k is EventKind.HOLD:
        if e.given:
            return f"{s} keeps {_cards(e.taken)} and passes {_cards(e.given)} on"
        return f"{s} keeps three cards and passes two on"
    if k is EventKind.KNOCK:
        return f"{s} knocks" + (" and keeps the hand" if e.reason == "keep" else "")
    if k is EventKind.CHALLENGE:
        verdict = _VERDICTS.get(e.reason, "")
        return f"{s} challenges seat {e.target}{verdict}"
    if k is EventKind.LOSE:
        why = _LOSE_REASONS.get(e.reason, e.reason)
        life = "life" if e.lives == 1 else "lives"
        return f"{s} loses {e.lives} {life} ({why})"
    if k is EventKind.MATCH_END:
        if len(e.seats) == 1:
            crown = " with crown" if e.reason == "crown" else ""
            return f"seat {e.seats[0]} wins the match{crown}"
        return f"seats {', '.join(map(str, e.seats))} share first place"
    return f"{k.value} {s}"


@dataclass(frozen=True)
class DealResult:
    """How one deal ended, with what every player may know about it.

    ``hands``/``values`` hold only hands revealed to all (every hand in normal
    scoring; with Lügen only 31 hands, the Feuer hand and a challenged hand).
    ``lost`` is lives lost per seat after the void rule; ``reasons`` says why
    each seat that lost lives lost them (a ``LossReason``; empty for a void
    deal); ``lives_after`` the lives per seat once this deal was settled (-1:
    out), so a result shown later still says what the deal left; ``table`` the open
    table cards as the deal ended. ``own_hand`` is filled only in a
    result handed to one seat (``Match.observation(seat).last_deal``,
    ``Match.results_for(seat)``): that seat's own final hand, which it saw
    anyway (empty for a seat without cards); ``Match.results`` leaves it empty.
    """

    deal_number: int
    reason: DealEnd
    knocker: int | None
    hands: dict[int, tuple[Card, ...]]
    values: dict[int, int | float]
    lost: tuple[int, ...]
    void: bool = False
    reasons: dict[int, LossReason] = field(default_factory=dict)  # why each losing seat lost
    feuer: int | None = None
    thirty_one: tuple[int, ...] = ()
    announcements: dict[int, tuple[int | float, tuple[Card, ...]]] = field(default_factory=dict)
    decider: int | None = None
    challenged: int | None = None
    outcome: LuegenOutcome | None = None  # Lügen: how the decision went
    shown: tuple[int, ...] = ()  # Lügen: seats whose whole hand was shown
    lives_after: tuple[int, ...] = ()
    own_hand: tuple[Card, ...] = ()
    table: tuple[Card, ...] = ()  # the open table cards as the deal ended


MOVE_KINDS = frozenset(
    {
        EventKind.KEEP,
        EventKind.TAKE,
        EventKind.SWAP,
        EventKind.SWAP_ALL,
        EventKind.MISTERY,
        EventKind.HOLD,
        EventKind.PASS,
        EventKind.KNOCK,
        EventKind.NEW,
        EventKind.ANNOUNCE,
        EventKind.CHALLENGE,
        EventKind.GIVEUP,
    }
)
"""The events that are a move: every action a match applies logs exactly one of them."""


def move_events(log: Sequence[Event]) -> list[int]:
    """The places in a match's ``log`` of its moves: entry k is the event of the match's
    k-th action (``Match.actions[k]``).

    >>> move_events([Event(EventKind.DEAL, seat=0, value=1), Event(EventKind.PASS, seat=1)])
    [1]
    """
    return [i for i, e in enumerate(log) if e.kind in MOVE_KINDS]
