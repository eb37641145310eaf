"""What just happened on the table, read from the engine's events.

The log says everything, but on a phone it sits below the fold. This module
turns the events of the current deal into what the table itself shows:

- ``last_moves``: each seat's last move (what it took and laid), kept on its
  seat until its next turn;
- ``laid_marks``: which table cards were laid in the last round, and by whom;
- ``flights``: the cards that moved since the screen was last drawn, as
  from-where/to-where pairs the page animates (``app.dom``);
- ``until_final_move``: a finished deal's log up to its final move and call, shown
  with the engine's ``Observation.at_deal_end`` before the deal-over panel;
- ``sounds``: what the events sound like.

All pure functions of events and observations.

>>> from engine import Event, EventKind, parse_cards
>>> deal = [Event(EventKind.DEAL, seat=3, value=1),
...         Event(EventKind.TABLE, cards=parse_cards("7S 9H 8D")),
...         Event(EventKind.SWAP, seat=1, given=parse_cards("KH"), taken=parse_cards("9H"))]
>>> [str(c) for c in table_after(deal)]
['7S', 'KH', '8D']
>>> [(f.card, f.src, f.dst) for f in flights(deal, start=2)]
[('9H', 'table:9H', 'seat:1'), ('KH', 'seat:1', 'table:KH')]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from engine import Event, EventKind, Observation
from engine.events import MOVE_KINDS

# The moves a seat makes on its turn (the deal choice and announcements included; the
# Lügen decision ends the deal and is told by the result).
MOVES = MOVE_KINDS - {EventKind.CHALLENGE, EventKind.GIVEUP}
_SWAPS = frozenset({EventKind.SWAP, EventKind.SWAP_ALL})


def deal_events(log: Sequence[Event], deal_number: int | None = None) -> list[Event]:
    """The events of one deal (the current one when ``deal_number`` is None): from its
    ``deal`` event up to and including its ``deal_end``."""
    starts = [i for i, e in enumerate(log) if e.kind is EventKind.DEAL]
    if not starts:
        return list(log)
    if deal_number is None:
        start = starts[-1]
    else:
        found = next((i for i in starts if log[i].value == deal_number), None)
        if found is None:
            return []
        start = found
    out: list[Event] = []
    for event in log[start:]:
        if event.kind is EventKind.DEAL and out:
            break
        out.append(event)
    return out


def unplayed(log: Sequence[Event], deal_number: int) -> bool:
    """Deal ``deal_number`` ended as it was dealt (a dealt 31 or Feuer): nobody made a
    move in it. False for a deal not (wholly) in ``log``."""
    events = deal_events(log, deal_number)
    ended = any(e.kind is EventKind.DEAL_END for e in events)
    return ended and not any(e.kind in MOVE_KINDS for e in events)


# ---------------------------------------------------------------- the table's cards


@dataclass(frozen=True)
class Laid:
    """A card on the table and who laid it (None: it came from the stock), at which move."""

    card: Any
    seat: int | None
    move: int


def _table_laid(events: Iterable[Event]) -> list[Laid]:
    """The open table after ``events`` (one deal's), each card with who laid it."""
    table: list[Laid] = []
    moves = 0
    taker: int | None = None  # the seat that laid its dealt cards open (deal choice)
    for e in events:
        if e.kind in MOVES:
            moves += 1
        if e.kind is EventKind.TAKE:
            taker = e.seat
        elif e.kind is EventKind.TABLE:
            table = [Laid(c, taker, moves) for c in e.cards]
        elif e.kind in (EventKind.NEW, EventKind.REFRESH):
            table = [Laid(c, None, moves) for c in e.cards]
        elif e.kind in _SWAPS:
            for given, taken in zip(e.given, e.taken, strict=False):
                at = next((i for i, x in enumerate(table) if x.card == taken), None)
                if at is not None:
                    table[at] = Laid(given, e.seat, moves)
    return table


def table_after(events: Iterable[Event]) -> list[Any]:
    """The open table cards after ``events`` (one deal's), in table order."""
    return [x.card for x in _table_laid(events)]


def laid_marks(obs: Observation) -> dict[str, int]:
    """Table cards (by their text) laid by a seat within the last round of moves, with
    the seat that laid each: the screen marks them. A round is one move per seat in play.
    """
    events = deal_events(obs.log)
    moves = sum(e.kind in MOVES for e in events)
    in_play = len(obs.active)
    return {
        str(x.card): x.seat
        for x in _table_laid(events)
        if x.seat is not None and moves - x.move < in_play
    }


# ---------------------------------------------------------------- seats


@dataclass(frozen=True)
class Move:
    """A seat's last move in the deal: what it was and which cards it took and laid."""

    kind: EventKind
    took: tuple[Any, ...] = ()
    laid: tuple[Any, ...] = ()
    value: Any = None  # Lügen: the announced value
    final: bool = False  # a knock after the first one: the hand is kept, not a knock


def last_moves(obs: Observation) -> dict[int, Move]:
    """Each seat's last move in the current deal, except the seat whose turn it is (its
    last move is over once it plays again)."""
    moves: dict[int, Move] = {}
    for e in deal_events(obs.log):
        if e.kind not in MOVES or e.seat is None:
            continue
        if e.kind is EventKind.TAKE:
            moves[e.seat] = Move(e.kind, laid=e.given or e.cards)
        else:
            moves[e.seat] = Move(
                e.kind,
                took=e.taken or (e.cards if e.kind is EventKind.NEW else ()),
                laid=e.given,
                value=e.value,
                final=e.kind is EventKind.KNOCK and e.reason == "keep",
            )
    if obs.current is not None:
        moves.pop(obs.current, None)
    return moves


# ---------------------------------------------------------------- cards in motion


@dataclass(frozen=True)
class Flight:
    """A card moving across the table: ``card`` its text (None: face down), ``src`` where
    it was on the screen drawn before, ``dst`` where it is on the new one. Places are
    ``seat:N`` (a seat's box), ``table:CARD``/``hand:CARD`` (a card by its text),
    ``mistery`` (the face-down table card) and ``stock``."""

    card: str | None
    src: str
    dst: str


def _place(seat: int | None, card: Any, me: int) -> str:
    return f"hand:{card}" if seat == me else f"seat:{seat}"


def flights(
    log: Sequence[Event], start: int = 0, end: int | None = None, me: int = 0
) -> list[Flight]:
    """The cards that moved in ``log[start:end]`` (the events since the last drawing);
    the table is followed from the deal's start, so a new table can send the old cards
    away."""
    end = len(log) if end is None else end
    back = range(min(start, end) - 1, -1, -1)
    first = next((i for i in back if log[i].kind is EventKind.DEAL), 0)
    out: list[Flight] = []
    table: list[Any] = []
    for i in range(first, end):
        e = log[i]
        kind = e.kind
        shown = i >= start
        if kind in _SWAPS:
            for given, taken in zip(e.given, e.taken, strict=False):
                if shown:
                    out.append(Flight(str(taken), f"table:{taken}", _place(e.seat, taken, me)))
                    out.append(Flight(str(given), _place(e.seat, given, me), f"table:{given}"))
                table = [given if c == taken else c for c in table]
        elif kind is EventKind.MISTERY and shown:
            took = str(e.taken[0]) if e.taken else None
            laid = e.given[0] if e.given else None
            src = f"hand:{laid}" if e.seat == me and laid is not None else f"seat:{e.seat}"
            out.append(Flight(None, src, "mistery"))
            out.append(Flight(took, "mistery", _place(e.seat, took, me)))
        elif kind in (EventKind.TABLE, EventKind.NEW, EventKind.REFRESH):
            if shown:
                if kind is not EventKind.TABLE:  # the old table goes to the discard pile
                    out += [Flight(str(c), f"table:{c}", "stock") for c in table]
                out += [Flight(str(c), "stock", f"table:{c}") for c in e.cards]
            table = list(e.cards)
    return out


_CARD_SOUNDS = frozenset(
    {
        EventKind.SWAP,
        EventKind.SWAP_ALL,
        EventKind.MISTERY,
        EventKind.TAKE,
        EventKind.TABLE,
        EventKind.NEW,
        EventKind.REFRESH,
    }
)


def sounds(events: Iterable[Event]) -> tuple[str, ...]:
    """The sounds ``events`` make (``app.sound`` plays them): ``card`` when cards
    moved, ``knock`` for a knock (holding in the final round makes none).

    >>> from engine import Event, EventKind, Observation
    >>> sounds([Event(EventKind.SWAP, seat=1), Event(EventKind.KNOCK, seat=2)])
    ('card', 'knock')
    >>> sounds([Event(EventKind.KNOCK, seat=2, reason="keep"), Event(EventKind.PASS, seat=3)])
    ()
    """
    kinds = {e.kind for e in events if not (e.kind is EventKind.KNOCK and e.reason == "keep")}
    out = ("card",) if kinds & _CARD_SOUNDS else ()
    return out + (("knock",) if EventKind.KNOCK in kinds else ())


# ---------------------------------------------------------------- the end of a deal


def until_final_move(events: Sequence[Event]) -> Sequence[Event]:
    """``events`` up to a deal's final move and its 31 or Feuer, without the reveal
    and the losses that follow: what the table calls before the result is shown.

    >>> from engine import Event, EventKind, Observation
    >>> log = [Event(EventKind.SWAP, seat=1), Event(EventKind.THIRTY_ONE, seat=1),
    ...        Event(EventKind.REVEAL, seat=0), Event(EventKind.LOSE, seat=0)]
    >>> [e.kind.value for e in until_final_move(log)]
    ['swap', '31']
    """
    called = MOVES | {EventKind.THIRTY_ONE, EventKind.FEUER, EventKind.CHALLENGE, EventKind.GIVEUP}
    last = max((i for i, e in enumerate(events) if e.kind in called), default=len(events) - 1)
    return events[: last + 1]
