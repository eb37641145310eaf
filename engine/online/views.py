"""What a seat may know, on the wire: an observation, its log and the deal results as
JSON-safe dicts, and back.

The host builds every guest's message from ``Match.observation(seat)`` and
``Match.results_for(seat)`` only: the engine's view for that seat, which holds no
other hand, no stock and no face-down Mistery card the seat did not lay (habit 5:
hidden information is left out by construction, never removed by hand). This module
writes that view as JSON values and reads it back on the guest into an
``engine.Observation``, field for field, so the guest's page draws it with the same
``app.table.view.render`` as the host's.

The log grows through a whole match, so it travels in pieces: each ``state``
message carries the events from ``log_from`` on, and the guest's :class:`Mirror`
splices them onto what it has. :class:`Feed` keeps, per connection, how much was
sent. A guest that (re)joins gets the last :data:`MAX_SYNC_EVENTS` events at once.

>>> from engine import Match, preset
>>> m = Match(preset("knack"), players=3, seed=1)
>>> obs = m.observation(1)
>>> observation_from_wire(observation_to_wire(obs)) == obs
True
>>> observation_to_wire(obs)["hand"]  # seat 1's own cards, as text
['9C', '8H', '9D']
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engine import (
    Action,
    Card,
    DealEnd,
    DealResult,
    Event,
    EventKind,
    InvalidInputError,
    LossReason,
    LuegenOutcome,
    Match,
    Observation,
    Phase,
    Rules,
    bounds,
)
from engine.online import consistent
from engine.online.schema import (
    Check,
    bad,
    boolean,
    fields,
    integer,
    list_of,
    number,
    optional,
    quote,
    text,
)

MAX_SEATS = bounds.PLAYERS.hi
"""The most seats any rule set allows."""
MAX_SYNC_EVENTS = 3000
"""Events a (re)joining guest gets at once: a long match has several hundred; this keeps the
first message far below ``protocol.MAX_HOST_CHARS`` even for a custom marathon."""
MAX_SYNC_RESULTS = 200
"""Deal results a (re)joining guest gets at once (one per finished deal)."""
MAX_EVENTS = MAX_SYNC_EVENTS
"""Events one message may carry."""
BIG = bounds.COUNT.hi
"""A bound for counts (deals, turns, moves) that no match reaches. Lives have their own
ranges (``engine.bounds.LIVES_LEFT``, ``LIFE_LOSS``): a page draws a heart per life."""
MAX_LOG = 20_000
"""Events a guest's :class:`Mirror` keeps (the oldest go first): a marathon match has a
few thousand; a host that sends more cannot make the guest's memory grow without end."""
MAX_RESULTS = 2_000
"""Deal results a guest's Mirror keeps (one per finished deal; the oldest go first)."""
VALUE = number(0, bounds.FEUER_VALUE.hi)
"""A hand value (up to Feuer's) or a Lügen announcement (31 for a hand shown whole)."""

_CARD_LISTS = ("given", "taken", "cards")


def _only(word: str) -> Callable[[str], str]:
    """A reader for a reason that is one plain word (a ValueError for anything else)."""

    def read(value: str) -> str:
        if value != word:
            raise ValueError(value)
        return value

    return read


_EVENT_REASONS: dict[EventKind, Callable[[str], str]] = {
    EventKind.LOSE: LossReason,
    EventKind.DEAL_END: DealEnd,
    EventKind.CHALLENGE: LuegenOutcome,
    EventKind.KNOCK: _only("keep"),
    EventKind.MATCH_END: _only("crown"),
}
"""The reasons an event of each kind may carry (``Event.reason``), as the engine keeps them."""


# ---------------------------------------------------------------- to the wire


def _cards(cards: Sequence[Card]) -> list[str]:
    return [str(c) for c in cards]


def _seat_map(mapping: dict[int, Any], value: Callable[[Any], Any]) -> dict[str, Any]:
    """A per-seat dict; JSON object keys are text, so the seats are written as text."""
    return {str(seat): value(v) for seat, v in mapping.items()}


def _announcement(entry: tuple[int | float, tuple[Card, ...]]) -> list[Any]:
    return [entry[0], _cards(entry[1])]


def event_to_wire(event: Event) -> dict[str, Any]:
    """An event as a dict of its fields that differ from the defaults.

    >>> from engine import parse_cards
    >>> kh, s9 = parse_cards("KH 9S")
    >>> event_to_wire(Event(EventKind.SWAP, seat=2, given=(kh,), taken=(s9,)))
    {'kind': 'swap', 'seat': 2, 'given': ['KH'], 'taken': ['9S']}
    """
    out: dict[str, Any] = {"kind": event.kind.value}
    if event.seat is not None:
        out["seat"] = event.seat
    for name in _CARD_LISTS:
        cards = getattr(event, name)
        if cards:
            out[name] = _cards(cards)
    for name in ("value", "lives", "target"):
        if getattr(event, name) is not None:
            out[name] = getattr(event, name)
    if event.reason:
        out["reason"] = str(event.reason)
    if event.seats:
        out["seats"] = list(event.seats)
    return out


def result_to_wire(result: DealResult) -> dict[str, Any]:
    """A deal result as a dict of all its fields (per-seat dicts keyed by the seat as text)."""
    return {
        "deal_number": result.deal_number,
        "reason": str(result.reason),
        "knocker": result.knocker,
        "hands": _seat_map(result.hands, _cards),
        "values": _seat_map(result.values, lambda v: v),
        "lost": list(result.lost),
        "void": result.void,
        "reasons": _seat_map(result.reasons, str),
        "feuer": result.feuer,
        "thirty_one": list(result.thirty_one),
        "announcements": _seat_map(result.announcements, _announcement),
        "decider": result.decider,
        "challenged": result.challenged,
        "outcome": None if result.outcome is None else str(result.outcome),
        "shown": list(result.shown),
        "lives_after": list(result.lives_after),
        "own_hand": _cards(result.own_hand),
        "table": _cards(result.table),
    }


def observation_to_wire(obs: Observation, log_from: int = 0) -> dict[str, Any]:
    """Every field of ``obs`` as JSON values; the log from event ``log_from`` on (the
    guest has the events before it), with ``log_from`` saying where it starts."""
    return {
        "seat": obs.seat,
        "players": obs.players,
        "rules": obs.rules.to_dict(),
        "phase": str(obs.phase),
        "hand": _cards(obs.hand),
        "table": _cards(obs.table),
        "mistery": None if obs.mistery is None else str(obs.mistery),
        "has_mistery": obs.has_mistery,
        "mistery_by": obs.mistery_by,
        "lives": list(obs.lives),
        "out_deal": list(obs.out_deal),
        "knocked_by": obs.knocked_by,
        "current": obs.current,
        "dealer": obs.dealer,
        "first_player": obs.first_player,
        "chooser": obs.chooser,
        "cycle": obs.cycle,
        "turns": obs.turns,
        "final_turns_left": obs.final_turns_left,
        "passes": obs.passes,
        "deal_number": obs.deal_number,
        "deal_count": obs.deal_count,
        "stock_size": obs.stock_size,
        "discard": _cards(obs.discard),
        "known_cards": _seat_map(obs.known_cards, _cards),
        "announcements": _seat_map(obs.announcements, _announcement),
        "announce_order": list(obs.announce_order),
        "legal_actions": [str(a) for a in obs.legal_actions],
        "swapped": list(obs.swapped),
        "swim_open": obs.swim_open,
        "log_from": log_from,
        "log": [event_to_wire(e) for e in obs.log[log_from:]],
        "last_deal": None if obs.last_deal is None else result_to_wire(obs.last_deal),
        "winner": list(obs.winner) if isinstance(obs.winner, list) else obs.winner,
    }


# ---------------------------------------------------------------- from the wire


def _parsed(parse: Any, max_len: int, what: str) -> Any:
    """A check reading a short text with the engine's ``parse`` (a card, an action)."""

    def check(value: Any, where: str) -> Any:
        text(max_len)(value, where)
        try:
            return parse(value)
        except InvalidInputError:
            raise bad(where, f"is no {what}: {quote(value)}") from None

    return check


_card = _parsed(Card.parse, 3, "card")
_action = _parsed(Action.parse, 40, "action")


def _cards_of(max_len: int) -> Check:
    return list_of(_card, max_len)


def _enum(kind: Callable[[str], Any]) -> Check:
    def check(value: Any, where: str) -> Any:
        text(30)(value, where)
        try:
            return kind(value)
        except ValueError:
            raise bad(where, f"is {quote(value)}, not a known value") from None

    return check


def read_rules(value: Any, where: str) -> Rules:
    """A rule set written as its options (``Rules.to_dict``), checked by the engine."""
    if not isinstance(value, dict) or len(value) > 64:
        raise bad(where, "must be an object of rule options")
    try:
        return Rules.from_dict(value)
    except InvalidInputError as e:
        raise bad(where, str(e)[:200]) from None


class _Reader:
    """The checks for one table: seat numbers must name one of its ``players`` seats."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.seat = integer(0, players - 1)
        self.seats = list_of(self.seat, MAX_SEATS)
        self.per_seat_count = integer(bounds.LIVES_LEFT.lo, bounds.LIVES_LEFT.hi)

    def seat_map(self, inner: Check) -> Check:
        """A per-seat object (keys are seat numbers as text) read into a dict by seat."""

        def check(value: Any, where: str) -> dict[int, Any]:
            if not isinstance(value, dict) or len(value) > self.players:
                raise bad(where, "must be an object with at most one entry per seat")
            out = {}
            for key, v in value.items():
                if not (isinstance(key, str) and key.isdigit() and len(key) == 1):
                    raise bad(where, f"has the key {quote(key)}, not a seat")
                out[self.seat(int(key), f"{where} key")] = inner(v, f"{where}.{key}")
            return out

        return check

    def per_seat(self, inner: Check, where: str, value: Any) -> tuple[Any, ...]:
        """A list with exactly one entry per seat."""
        items: tuple[Any, ...] = list_of(inner, MAX_SEATS)(value, where)
        if len(items) != self.players:
            raise bad(where, f"has {len(items)} entries for {self.players} seats")
        return items

    def announcement(self, value: Any, where: str) -> tuple[int | float, tuple[Card, ...]]:
        if not isinstance(value, list) or len(value) != 2:
            raise bad(where, "must be [value, cards]")
        return VALUE(value[0], f"{where}[0]"), _cards_of(3)(value[1], f"{where}[1]")

    def winner(self, value: Any, where: str) -> int | list[int] | None:
        """None while the match runs, a seat, or (``first_out``) the seats sharing first place."""
        if isinstance(value, list):
            return list(self.seats(value, where))
        seat: int | None = optional(self.seat)(value, where)
        return seat

    def event(self, value: Any, where: str) -> Event:
        seat = self.seat
        data = fields(
            value,
            where,
            {"kind": _enum(EventKind)},
            {
                "seat": seat,
                "given": _cards_of(3),
                "taken": _cards_of(3),
                "cards": _cards_of(3),
                "value": number(0, BIG),  # a deal's number, a hand's or announced value
                "lives": integer(bounds.LIFE_LOSS.lo, bounds.LIFE_LOSS.hi),
                "target": seat,
                "reason": text(30),
                "seats": self.seats,
            },
        )
        if "reason" in data:
            read = _EVENT_REASONS.get(data["kind"])
            if read is None:
                raise bad(f"{where}.reason", f"is not expected for {data['kind']} events")
            data["reason"] = _enum(read)(data["reason"], f"{where}.reason")
        return Event(**data)

    def result(self, value: Any, where: str) -> DealResult:
        seat, count = self.seat, self.per_seat_count
        data = fields(
            value,
            where,
            {
                "deal_number": integer(1, BIG),
                "reason": _enum(DealEnd),
                "knocker": optional(seat),
                "hands": self.seat_map(_cards_of(3)),
                "values": self.seat_map(VALUE),
                "lost": list_of(integer(bounds.LIFE_LOSS.lo, bounds.LIFE_LOSS.hi), MAX_SEATS),
                "void": boolean,
                "reasons": self.seat_map(_enum(LossReason)),
                "feuer": optional(seat),
                "thirty_one": self.seats,
                "announcements": self.seat_map(self.announcement),
                "decider": optional(seat),
                "challenged": optional(seat),
                "outcome": optional(_enum(LuegenOutcome)),
                "shown": self.seats,
                "lives_after": list_of(count, MAX_SEATS),
                "own_hand": _cards_of(3),
                "table": _cards_of(3),
            },
        )
        return DealResult(**data)

    def observation(self, value: dict[str, Any], where: str) -> dict[str, Any]:
        """The observation's fields except ``log``, checked and typed as the engine's."""
        seat, seats, count = self.seat, self.seats, integer(0, BIG)
        whole = self.per_seat_count  # lives: -1 once out, at most the most any rules start with
        data = fields(
            value,
            where,
            {
                "seat": seat,
                "players": integer(self.players, self.players),
                "rules": read_rules,
                "phase": _enum(Phase),
                "hand": _cards_of(5),
                "table": _cards_of(3),
                "mistery": optional(_card),
                "has_mistery": boolean,
                "mistery_by": optional(seat),
                "lives": lambda v, w: list(self.per_seat(whole, w, v)),
                "out_deal": lambda v, w: self.per_seat(optional(count), w, v),
                "knocked_by": optional(seat),
                "current": optional(seat),
                "dealer": seat,
                "first_player": seat,
                "chooser": optional(seat),
                "cycle": count,
                "turns": count,
                "final_turns_left": count,
                "passes": count,
                "deal_number": count,
                "deal_count": count,
                "stock_size": integer(0, bounds.CARD_COUNT.hi),
                "discard": _cards_of(bounds.CARD_COUNT.hi),
                "known_cards": self.seat_map(_cards_of(3)),
                "announcements": self.seat_map(self.announcement),
                "announce_order": seats,
                "legal_actions": lambda v, w: list(list_of(_action, 256)(v, w)),
                "swapped": lambda v, w: self.per_seat(boolean, w, v),
                "swim_open": boolean,
                "log_from": count,
                "log": list_of(self.event, MAX_EVENTS),
                "last_deal": optional(self.result),
                "winner": self.winner,
            },
        )
        return data


def _reader_for(value: Any, where: str) -> _Reader:
    """The checks for the table an observation dict describes (by its ``players``)."""
    if not isinstance(value, dict):
        raise bad(where, f"must be an object, not {quote(value)}")
    seats = integer(bounds.PLAYERS.lo, bounds.PLAYERS.hi)
    return _Reader(seats(value.get("players"), f"{where}.players"))


def _read_observation(value: Any, where: str = "obs") -> tuple[dict[str, Any], int, list[Event]]:
    """A checked observation dict: (its other fields, ``log_from``, the events sent)."""
    data = _reader_for(value, where).observation(value, where)
    return data, data.pop("log_from"), list(data.pop("log"))


def _build_observation(data: dict[str, Any], log: tuple[Event, ...]) -> Observation:
    """The engine's Observation from checked fields and the whole log the guest has."""
    return Observation(**data, log=log)


def observation_from_wire(value: Any) -> Observation:
    """Inverse of :func:`observation_to_wire` for a dict with the whole log
    (``log_from`` 0); anything that does not fit raises ``ProtocolError``."""
    data, log_from, events = _read_observation(value)
    if log_from != 0:
        raise bad("obs.log_from", f"is {log_from}: this dict lacks the log's first events")
    return _build_observation(data, tuple(events))


# ---------------------------------------------------------------- host and guest


@dataclasses.dataclass
class Feed:
    """The host's note of what one connection has been sent of a match: the next
    ``state`` message carries only the log events and deal results after these.
    ``None`` until the first message, which sends the last ``MAX_SYNC_*`` of each."""

    log_sent: int | None = None
    results_sent: int | None = None

    def state(
        self, match: Match, seat: int, stand_ins: Mapping[int, str] | None = None
    ) -> dict[str, Any]:
        """The body of the next ``state`` message for ``seat`` (see the module text);
        ``stand_ins``: the moves a bot made for a person (the last ``MAX_STAND_INS``)."""
        obs = match.observation(seat)
        return self._body(match, obs, lambda start: match.results_for(seat, start), stand_ins)

    def watch(self, match: Match, stand_ins: Mapping[int, str] | None = None) -> dict[str, Any]:
        """The body of the next ``state`` message for a watcher: the public view
        (``Match.public_observation``, from seat 0's chair: no hand, no face-down card,
        no moves) and the deal results as everyone reads them, never a seat's view."""
        obs = match.public_observation(0)
        return self._body(match, obs, lambda start: match.results[start:], stand_ins)

    def _body(
        self,
        match: Match,
        obs: Observation,
        results: Callable[[int], Sequence[DealResult]],
        stand_ins: Mapping[int, str] | None,
    ) -> dict[str, Any]:
        """``results(start)``: the deal results from ``start`` on, as this page reads
        them (only those it has not been sent are made)."""
        total = len(match.results)
        log_from = _start(self.log_sent, len(obs.log), MAX_SYNC_EVENTS)
        results_from = _start(self.results_sent, total, MAX_SYNC_RESULTS)
        self.log_sent, self.results_sent = len(obs.log), total
        return {
            "seq": len(match.actions),
            "obs": observation_to_wire(obs, log_from),
            "results_from": results_from,
            "results": [result_to_wire(r) for r in results(results_from)],
            "stand_ins": [[i, why] for i, why in sorted((stand_ins or {}).items())][
                -MAX_STAND_INS:
            ],
        }


def _start(sent: int | None, total: int, cap: int) -> int:
    return max(0, total - cap) if sent is None else min(sent, total)


@dataclasses.dataclass(frozen=True)
class State:
    """A checked ``state`` message: the match's move count ``seq`` (a guest's move
    names it), the observation's fields and the pieces of log and results it carries."""

    seq: int
    fields: dict[str, Any]
    log_from: int
    events: tuple[Event, ...]
    results_from: int
    results: tuple[DealResult, ...]
    stand_ins: dict[int, str] = dataclasses.field(default_factory=dict)  # move -> why


MAX_STAND_INS = 64
"""The moves a bot made for a person that a ``state`` message names at most (the latest)."""


def _stand_in(value: Any, where: str) -> tuple[int, str]:
    """One ``[move, why]`` pair of a ``state`` message's ``stand_ins``."""
    if not isinstance(value, list) or len(value) != 2:
        raise bad(where, f"must be a [move, why] pair, not {quote(value)}")
    move = integer(0, BIG)(value[0], f"{where}[0]")
    if value[1] not in ("timeout", "away", "left"):
        raise bad(f"{where}[1]", f"is no reason: {quote(value[1])}")
    return move, str(value[1])


def read_state(body: dict[str, Any]) -> State:
    """Check the body of a ``state`` message (``seq``, ``obs``, ``results_from``, ``results``)."""
    data, log_from, events = _read_observation(body.get("obs"), "state.obs")
    reader = _Reader(data["players"])
    checked = fields(
        {k: v for k, v in body.items() if k != "obs"},
        "state",
        {
            "seq": integer(0, BIG),
            "results_from": integer(0, BIG),
            "results": list_of(reader.result, MAX_SYNC_RESULTS),
            "stand_ins": list_of(_stand_in, MAX_STAND_INS),
        },
    )
    return State(
        checked["seq"],
        data,
        log_from,
        tuple(events),
        checked["results_from"],
        checked["results"],
        dict(checked["stand_ins"]),
    )


class Mirror:
    """A guest's copy of its seat's view, kept up to date from ``state`` messages.

    ``observation`` is an ``engine.Observation`` like the host's ``match.observation
    (seat)``; its log starts at the event ``log_start`` (0 unless the guest joined a
    very long match late, or the match outgrew :data:`MAX_LOG`). ``results`` are
    ``match.results_for(seat)`` from ``results_start`` on. A piece that would leave a
    gap raises ProtocolError: the guest says hello again and gets everything anew. A
    view that cannot be its seat's real view (``engine.online.consistent``) raises
    ProtocolError too; either way the mirror keeps what it had. A watcher's mirror
    (``public``) takes only a view without a hand (``consistent.public_problem``)."""

    def __init__(self, *, public: bool = False) -> None:
        self.public = public
        self.log: list[Event] = []
        self.log_start: int | None = None
        self.results: list[DealResult] = []
        self.results_start: int | None = None
        self.seq = 0
        self.observation: Observation | None = None
        self.stand_ins: dict[int, str] = {}  # move -> why a bot made it for a person

    def update(self, state: State) -> Observation:
        """Take in one state message; returns the new observation."""
        log, results = list(self.log), list(self.results)
        log_start = _splice(log, self.log_start, state.log_from, state.events, "log")
        results_start = _splice(
            results, self.results_start, state.results_from, state.results, "results"
        )
        log_start += _trim(log, MAX_LOG)
        results_start += _trim(results, MAX_RESULTS)
        observation = _build_observation(state.fields, tuple(log))
        why = (consistent.public_problem if self.public else consistent.problem)(observation)
        if why is not None:
            raise bad("state.obs", f"cannot be this seat's view: {why}")
        self.log, self.log_start = log, log_start
        self.results, self.results_start = results, results_start
        self.seq = state.seq
        self.stand_ins = dict(state.stand_ins)
        self.observation = observation
        return observation


def _trim(items: list[Any], keep: int) -> int:
    """Drop the oldest items beyond ``keep``; returns how many were dropped."""
    extra = max(0, len(items) - keep)
    del items[:extra]
    return extra


def _splice(have: list[Any], start: int | None, at: int, new: Sequence[Any], what: str) -> int:
    """Put ``new`` at position ``at`` of the sequence ``have`` holds from ``start`` on
    (dropping what followed: a resend replaces it); returns the new start. The first
    piece, and any piece from 0 (a new match), starts afresh."""
    if start is None or at == 0:
        have[:] = new
        return at
    if not start <= at <= start + len(have):
        held = f"{start}-{start + len(have)}"
        raise bad(f"state.{what}", f"starts at {at} but this guest holds {held}")
    del have[at - start :]
    have.extend(new)
    return start
