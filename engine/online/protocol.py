"""The messages between the host's page and the guests' pages, as JSON text.

Every message is one JSON object whose ``kind`` names it. Guests send:

- ``hello`` {version, name, secret?}: sit down (``secret``: take back one's seat);
- ``act`` {seat, action, seq}: a move as its action text, for the match as it was after
  ``seq`` moves (the ``seq`` of the last ``state``), so a late double click is refused;
- ``ping`` {}: still here (the host counts a silent guest as absent); ``bye`` {}: leaving;
- ``more-time`` {seq}: give the person deciding after ``seq`` moves more time, once per
  match (a seated guest who is not the one to move; lichess's "give time");
- at a table whose referee is not on the creator's page (a table server), the creator's
  lobby controls, from the connection holding seat 0: ``seat`` {seat, to, level?} (make a
  seat a bot or open it again), ``start`` {}, ``rematch`` {};
- ``watch`` {version}: at a table server, watch the table without a seat: the page is sent
  the lobby, the public view (``views.Feed.watch``: no hand), the timer and the end, and
  may send nothing but ``ping``;
- ``react`` {reaction}: at a table server, a seated person's preset reaction (one of
  :data:`REACTIONS`: no free text, so nothing to moderate), relayed to the table's pages.

The host sends:

- ``welcome`` {version, seat, secret}: the seat and the secret to keep for coming back;
- ``lobby`` {seats, players, preset, rules, move_time, on_timeout, bot_level, started}: who
  sits where (``kind`` host, guest, bot or open; ``name``; ``away``; a bot's ``level``;
  at a table with a move timer ``bot_plays``: a bot plays a person's seat after two missed
  deadlines until they act again, and ``gave_time``: the seat gave its more time) and, at a
  table server, ``watchers``: how many pages watch it;
- ``state`` {seq, obs, results_from, results}: the seat's view (``engine.online.views``);
- ``timer`` {seat, seq, left_ms}: the decision after ``seq`` moves must come within
  ``left_ms`` milliseconds (a duration: the two devices' clocks need not agree);
- ``over`` {reason, lives, places}: the match ended (``end``) or time ran out (``timeout``,
  nobody lost a life for it);
- ``rejected`` {reason, detail, of, seq}: a message refused, why (``schema.Reason``) and
  which (its kind, and an act's ``seq``); nothing changed;
- ``update-needed`` {version, reload}: a hello of another protocol version; ``reload``
  says whose page is older (``guest`` or ``host``) and must reload to update;
- ``pong`` {}: the answer to ``ping``;
- ``reaction`` {seat, reaction}: a table server relays ``seat``'s ``react`` to every page
  of the table (never stored).

Reading is bounded before anything else: a guest's message longer than
:data:`MAX_GUEST_CHARS` is refused without being looked at, then ``engine.safe_json``
reads it flat (depth, number and string limits), then its kind's schema checks every
field. Names are text of at most :data:`NAME_MAX` characters without control or
direction-changing characters, trimmed and never empty; they are data, never markup:
every page escapes them when it shows them (``app.escape``, as ``app.table.view`` does
with every text).

>>> parse_guest(hello("  Anna  ")).body
{'version': 2, 'name': 'Anna'}
>>> parse_guest(act("swap 0 2", seq=7, seat=1))
Message(kind='act', body={'seat': 1, 'action': 'swap 0 2', 'seq': 7})
>>> parse_guest('{"kind": "act", "seat": 1}')
Traceback (most recent call last):
...
engine.online.schema.ProtocolError: bad-message: act lacks action, seq
>>> parse_guest("x" * 200_000)
Traceback (most recent call last):
...
engine.online.schema.ProtocolError: too-large: a message of 200000 characters; at most 1024 are read
"""

from __future__ import annotations

import enum
import json
import re
from dataclasses import dataclass
from typing import Any, ClassVar

from engine import InvalidInputError, bounds, names, safe_json
from engine.online import views
from engine.online.schema import (
    Check,
    ProtocolError,
    Reason,
    bad,
    boolean,
    fields,
    integer,
    list_of,
    one_of,
    optional,
    quote,
    text,
)

__all__ = [
    "CORRESPONDENCE_MOVE_TIMES",
    "FLOOD",
    "LIVE_MOVE_TIMES",
    "MAX_GUEST_CHARS",
    "MAX_HOST_CHARS",
    "MAX_LEFT_MS",
    "MOVE_TIMES",
    "NAME_MAX",
    "ON_TIMEOUT",
    "REACTIONS",
    "RESULT_READ_MS",
    "VERSION",
    "Act",
    "Bye",
    "GuestMessage",
    "Hello",
    "HostMessage",
    "Lobby",
    "Message",
    "MoreTime",
    "Over",
    "Ping",
    "Pong",
    "ProtocolError",
    "React",
    "Reaction",
    "Reason",
    "Rejected",
    "Rematch",
    "SeatKind",
    "SetSeat",
    "Start",
    "State",
    "Timer",
    "UpdateNeeded",
    "VersionMismatch",
    "Watch",
    "Welcome",
    "act",
    "bye",
    "clean_name",
    "compact",
    "encode",
    "hello",
    "lobby",
    "more_time",
    "name_key",
    "over",
    "parse_guest",
    "parse_host",
    "ping",
    "pong",
    "react",
    "reaction",
    "read_guest",
    "rejected",
    "rematch",
    "set_seat",
    "start",
    "state",
    "timer",
    "update_needed",
    "watch",
    "welcome",
]

VERSION = 2  # 2: a deal's result carries its last table (DealResult.table)
"""The protocol version: host and guest must speak the same one (a ``hello`` carries it)."""
MAX_GUEST_CHARS = 1024
"""The longest message a guest may send: a hello with a name of 20 escaped emoji is
about 300 characters."""
MAX_HOST_CHARS = 1024 * 1024
"""The longest message a guest reads: the first ``state`` of a long match (all its log,
up to ``views.MAX_SYNC_EVENTS`` events) is a few hundred kilobytes at most."""
MAX_DEPTH = 12
"""Nesting a message may have: a state's deal result is six levels deep."""
NAME_MAX = names.NAME_MAX
"""The longest player name, in characters, after trimming (``engine.names``)."""
SECRET_CHARS = 32
"""A seat's secret: 16 random bytes as hexadecimal digits."""
LIVE_MOVE_TIMES = (0, 30, 60, 120, 300)
"""Seconds per decision for a live table (a host's page, or a server); 0 is no limit."""
CORRESPONDENCE_MOVE_TIMES = (600, 3600, 43200, 86400)
"""Seconds per decision for a correspondence table, which only a table server keeps
(10 minutes, 1 hour, 12 hours, 24 hours: the table outlives a closed browser)."""
MOVE_TIMES = LIVE_MOVE_TIMES + CORRESPONDENCE_MOVE_TIMES
"""Every time per decision a table may have."""
RESULT_READ_MS = 10_000
"""Reading a deal's result counts for nobody: the first decision of the next deal gets
this much more time (every page shows the result before the table)."""
REACTIONS = (
    "\N{THUMBS UP SIGN}",
    "\N{SMILING FACE WITH OPEN MOUTH AND SMILING EYES}",
    "\N{FACE WITH OPEN MOUTH}",
    "\N{CLAPPING HANDS SIGN}",
    "\N{SEE-NO-EVIL MONKEY}",
)
"""The reactions a seated person may send at a table server's table (issue 41): presets
only, so there is nothing to moderate."""
MAX_LEFT_MS = max(MOVE_TIMES) * 1000 + RESULT_READ_MS
"""The most time a ``timer`` may give: the longest move time and a deal's result to read
(the referee's deadline is never later than that)."""


class OnTimeout(enum.StrEnum):
    """What a table does when a person's time for a decision runs out (its ``on_timeout``,
    in the lobby, the table's choices and the server's API: these texts)."""

    BOT = "bot"  # a bot makes the move for them
    END = "end"  # the match ends for everyone, with no life lost


ON_TIMEOUT = tuple(OnTimeout)
"""When time runs out: a bot makes the move, or the match ends with no life lost."""


class SeatKind(enum.StrEnum):
    """Who sits on a seat (a lobby's ``kind``)."""

    HOST = "host"  # the person at the host's page (seat 0)
    GUEST = "guest"  # a person at another page
    BOT = "bot"
    OPEN = "open"  # free in the lobby; a bot takes it when the match starts


class EndReason(enum.StrEnum):
    """Why a match ended: an ``over`` message's ``reason``, a saved table's ``ended`` (the
    server's ``tables.ended`` column): these texts."""

    END = "end"  # played to its end
    TIMEOUT = "timeout"  # a decision's time ran out on a table that ends then


OVER_REASONS = tuple(EndReason)
"""Why a match ended: played to its end, or a decision's time ran out."""

_SECRET = re.compile(r"[0-9a-f]{32}")


class VersionMismatch(ProtocolError):
    """A ``hello`` of another protocol version; ``version`` is the sender's."""

    def __init__(self, version: int) -> None:
        super().__init__(Reason.VERSION, f"protocol version {version}; this page speaks {VERSION}")
        self.version = version


@dataclass(frozen=True)
class Message:
    """A checked message: its kind and its fields as the schema keeps them (a
    ``state`` message's body is ``{"state": views.State}``)."""

    kind: str
    body: dict[str, Any]


# ---------------------------------------------------------------- names and secrets


def clean_name(value: Any) -> str:
    """A player's name as the table shows it (``engine.names.clean_name``), or a
    :class:`ProtocolError` that says why not.

    >>> clean_name("  <b>Tom</b>   & Jerry ")
    '<b>Tom</b> & Jerry'
    >>> clean_name("Jose\u0301") == "Jos\u00e9"
    True
    >>> clean_name("Eve\u202eevil")
    Traceback (most recent call last):
    ...
    engine.online.schema.ProtocolError: bad-name: a name may not hold control characters
    """
    try:
        return names.clean_name(value)
    except names.BadName as exc:
        raise ProtocolError(Reason.BAD_NAME, str(exc)) from None


name_key = names.name_key
"""What a name looks like, for telling two names apart (``engine.names.name_key``)."""


def _name(value: Any, where: str) -> str:
    return clean_name(value)


def _shown_name(value: Any, where: str) -> str:
    """A name in the lobby: as a hello keeps it, or empty (an open seat)."""
    return "" if value == "" else clean_name(value)


def _secret(value: Any, where: str) -> str:
    if not isinstance(value, str) or not _SECRET.fullmatch(value):
        raise bad(where, f"must be {SECRET_CHARS} hexadecimal digits")
    return value


def _move_time(value: Any, where: str) -> int:
    if type(value) is not int or value not in MOVE_TIMES:
        raise bad(where, f"is {quote(value)}; expected one of {', '.join(map(str, MOVE_TIMES))}")
    return value


def _rules(value: Any, where: str) -> dict[str, Any]:
    return views.read_rules(value, where).to_dict()


# ---------------------------------------------------------------- schemas

_SEAT = integer(bounds.SEAT.lo, bounds.SEAT.hi)
_COUNT = integer(0, views.BIG)
_PER_SEAT = views.MAX_SEATS

_LOBBY_SEAT: dict[str, Check] = {
    "seat": _SEAT,
    "kind": one_of(*SeatKind),
    "name": _shown_name,
    "away": boolean,
    "level": optional(text(20)),
}
_LOBBY_SEAT_EXTRA: dict[str, Check] = {"bot_plays": boolean, "gave_time": boolean}

GUEST_SCHEMAS: dict[str, tuple[dict[str, Check], dict[str, Check]]] = {
    "hello": ({"version": _COUNT, "name": _name}, {"secret": _secret}),
    "act": ({"seat": _SEAT, "action": text(40), "seq": _COUNT}, {}),
    "ping": ({}, {}),
    "bye": ({}, {}),
    "more-time": ({"seq": _COUNT}, {}),
    "seat": ({"seat": _SEAT, "to": one_of(SeatKind.BOT, SeatKind.OPEN)}, {"level": text(20)}),
    "start": ({}, {}),
    "rematch": ({}, {}),
    "watch": ({"version": _COUNT}, {}),
    "react": ({"reaction": one_of(*REACTIONS)}, {}),
}
"""Per kind a guest sends: its required fields and its optional ones, with their checks."""

HOST_SCHEMAS: dict[str, tuple[dict[str, Check], dict[str, Check]]] = {
    "welcome": ({"version": _COUNT, "seat": _SEAT, "secret": _secret}, {}),
    "lobby": (
        {
            "seats": list_of(lambda v, w: fields(v, w, _LOBBY_SEAT, _LOBBY_SEAT_EXTRA), _PER_SEAT),
            "players": integer(bounds.PLAYERS.lo, bounds.PLAYERS.hi),
            "preset": text(20),
            "rules": _rules,
            "move_time": _move_time,
            "on_timeout": one_of(*ON_TIMEOUT),
            "bot_level": text(20),
            "started": boolean,
        },
        {"watchers": _COUNT},
    ),
    "timer": ({"seat": _SEAT, "seq": _COUNT, "left_ms": integer(0, MAX_LEFT_MS)}, {}),
    "over": (
        {
            "reason": one_of(*OVER_REASONS),
            "lives": list_of(integer(bounds.LIVES_LEFT.lo, bounds.LIVES_LEFT.hi), _PER_SEAT),
            "places": list_of(integer(1, views.MAX_SEATS), _PER_SEAT),
        },
        {},
    ),
    "rejected": (
        {"reason": one_of(*Reason), "detail": text(400), "of": optional(text(20))},
        {"seq": _COUNT},
    ),
    "update-needed": ({"version": _COUNT, "reload": one_of("guest", "host")}, {}),
    "pong": ({}, {}),
    "reaction": ({"seat": _SEAT, "reaction": one_of(*REACTIONS)}, {}),
}
"""Per kind the host sends (but ``state``, read by ``views.read_state``)."""


# ---------------------------------------------------------------- reading


def _load(text_: Any, limit: int) -> tuple[str, dict[str, Any]]:
    """The message's kind and its other fields, read within ``limit`` characters."""
    if not isinstance(text_, str):
        raise ProtocolError(Reason.NOT_JSON, f"a message is text, not {type(text_).__name__}")
    if len(text_) > limit:  # before anything else: a long text costs nothing to refuse
        raise ProtocolError(
            Reason.TOO_LARGE, f"a message of {len(text_)} characters; at most {limit} are read"
        )
    try:
        data = safe_json.loads(text_, max_chars=limit, max_depth=MAX_DEPTH)
    except InvalidInputError as e:
        raise ProtocolError(Reason.NOT_JSON, str(e)[:200]) from None
    if not isinstance(data, dict):
        raise bad("a message", f"must be a JSON object, not {type(data).__name__}")
    kind = data.pop("kind", None)
    if not isinstance(kind, str):
        raise bad("a message", f"needs a kind, not {quote(kind)}")
    return kind, data


def _checked(kind: str, data: dict[str, Any], schemas: dict[str, Any]) -> Message:
    schema = schemas.get(kind)
    if schema is None:
        raise bad("kind", f"{quote(kind)} is unknown; known: {', '.join(schemas)}")
    required, extra = schema
    return Message(kind, fields(data, kind, required, extra))


def parse_guest(text_: Any) -> Message:
    """Read a guest's message (the host's side). A ``hello`` of another version raises
    :class:`VersionMismatch` before its other fields are checked, since another
    version's hello may look different; everything else raises ProtocolError."""
    kind, data = _load(text_, MAX_GUEST_CHARS)
    version = data.get("version")
    if kind in ("hello", "watch") and isinstance(version, int) and version != VERSION:
        raise VersionMismatch(version)
    return _checked(kind, data, GUEST_SCHEMAS)


def parse_host(text_: Any) -> Message:
    """Read the host's message (a guest's side); a ``state``'s body is
    ``{"state": views.State}``. A ``welcome`` of another version raises VersionMismatch."""
    kind, data = _load(text_, MAX_HOST_CHARS)
    if kind == "state":
        return Message(kind, {"state": views.read_state(data)})
    message = _checked(kind, data, HOST_SCHEMAS)
    if kind == "welcome" and message.body["version"] != VERSION:
        raise VersionMismatch(message.body["version"])
    return message


# ---------------------------------------------------------------- writing
# The texts of single messages, for the pages and the tests (each is encode of a value).


def hello(name: str, secret: str | None = None) -> str:
    """A guest sits down (or, with its seat's ``secret``, comes back)."""
    return encode(Hello(name, secret))


def act(action: str, *, seq: int, seat: int) -> str:
    """A guest's move ``action`` (its text) at ``seat``, for the state after ``seq`` moves."""
    return encode(Act(seat, action, seq))


def ping() -> str:
    """A guest says it is still there."""
    return encode(Ping())


def bye() -> str:
    """A guest leaves the table."""
    return encode(Bye())


def more_time(seq: int) -> str:
    """A guest gives the person deciding after ``seq`` moves more time (once per match)."""
    return encode(MoreTime(seq))


def set_seat(seat: int, to: str, level: str | None = None) -> str:
    """The creator makes ``seat`` a bot (of ``level``) or opens it again (``to``)."""
    return encode(SetSeat(seat, SeatKind(to), level))


def start() -> str:
    """The creator starts the match; open seats get bots."""
    return encode(Start())


def rematch() -> str:
    """The creator starts a new match at the same table once this one is over."""
    return encode(Rematch())


def watch() -> str:
    """A page watches the table (a table server's), without a seat."""
    return encode(Watch())


def react(reaction: str) -> str:
    """A seated person's preset reaction (one of :data:`REACTIONS`)."""
    return encode(React(reaction))


def reaction(seat: int, reaction: str) -> str:
    """``seat``'s reaction, relayed to every page of the table."""
    return encode(Reaction(seat, reaction))


def welcome(seat: int, secret: str) -> str:
    """The host seats a guest; the guest keeps ``secret`` to come back to ``seat``."""
    return encode(Welcome(seat, secret))


def lobby(body: dict[str, Any]) -> str:
    """The table's seats and choices (built by ``engine.online.referee``)."""
    return encode(Lobby(body))


def state(body: dict[str, Any]) -> str:
    """A seat's view (``views.Feed.state`` builds the body)."""
    return encode(State(body))


def timer(seat: int, seq: int, left_ms: int) -> str:
    """``seat`` must decide within ``left_ms`` ms (the decision after ``seq`` moves)."""
    return encode(Timer(seat, seq, left_ms))


def over(reason: EndReason, lives: list[int], places: list[int]) -> str:
    """The match ended (``end``) or time ran out (``timeout``, no life lost)."""
    return encode(Over(reason, tuple(lives), tuple(places)))


def rejected(reason: Reason, detail: str, of: str | None = None, seq: int | None = None) -> str:
    """A message was refused and changed nothing: why, and which (its kind, an act's seq)."""
    return encode(Rejected(reason, detail, of, seq))


def update_needed(guest_version: int) -> str:
    """The answer to a hello of ``guest_version``: the older page must reload."""
    return encode(UpdateNeeded(guest_version))


def pong() -> str:
    """The answer to ``ping``."""
    return encode(Pong())


# ---------------------------------------------------------------- messages as values
#
# Each message is a frozen value of its own class; ``kind`` names it on the wire and
# ``body()`` gives its other fields in the wire's order. :func:`encode` is the one
# writer of every message's text; :func:`read_guest` reads a guest's text into a value.


@dataclass(frozen=True)
class Hello:
    """A guest sits down (``secret``: it comes back to its seat)."""

    kind: ClassVar[str] = "hello"
    name: str
    secret: str | None = None

    def body(self) -> dict[str, Any]:
        body: dict[str, Any] = {"version": VERSION, "name": self.name}
        if self.secret is not None:
            body["secret"] = self.secret
        return body


@dataclass(frozen=True)
class Act:
    """A guest's move (its action text) at ``seat``, for the state after ``seq`` moves."""

    kind: ClassVar[str] = "act"
    seat: int
    action: str
    seq: int

    def body(self) -> dict[str, Any]:
        return {"seat": self.seat, "action": self.action, "seq": self.seq}


@dataclass(frozen=True)
class MoreTime:
    """A guest gives the person deciding after ``seq`` moves more time (once per match)."""

    kind: ClassVar[str] = "more-time"
    seq: int

    def body(self) -> dict[str, Any]:
        return {"seq": self.seq}


@dataclass(frozen=True)
class SetSeat:
    """The creator makes ``seat`` a bot (of ``level``) or opens it again."""

    kind: ClassVar[str] = "seat"
    seat: int
    to: SeatKind
    level: str | None = None

    def body(self) -> dict[str, Any]:
        body: dict[str, Any] = {"seat": self.seat, "to": str(self.to)}
        if self.level is not None:
            body["level"] = self.level
        return body


@dataclass(frozen=True)
class _Bare:
    """A message with no fields but its kind."""

    kind: ClassVar[str] = ""

    def body(self) -> dict[str, Any]:
        return {}


@dataclass(frozen=True)
class Ping(_Bare):
    """A guest says it is still there."""

    kind: ClassVar[str] = "ping"


@dataclass(frozen=True)
class Bye(_Bare):
    """A guest leaves the table."""

    kind: ClassVar[str] = "bye"


@dataclass(frozen=True)
class Start(_Bare):
    """The creator starts the match; open seats get bots."""

    kind: ClassVar[str] = "start"


@dataclass(frozen=True)
class Rematch(_Bare):
    """The creator starts a new match at the same table once this one is over."""

    kind: ClassVar[str] = "rematch"


@dataclass(frozen=True)
class Watch:
    """A page watches the table without a seat (a table server's): the public view only."""

    kind: ClassVar[str] = "watch"

    def body(self) -> dict[str, Any]:
        return {"version": VERSION}


@dataclass(frozen=True)
class React:
    """A seated person's preset reaction at a table server's table (one of :data:`REACTIONS`)."""

    kind: ClassVar[str] = "react"
    reaction: str

    def body(self) -> dict[str, Any]:
        return {"reaction": self.reaction}


GuestMessage = Hello | Act | Ping | Bye | MoreTime | SetSeat | Start | Rematch | Watch | React
"""What a guest sends."""


@dataclass(frozen=True)
class Welcome:
    """The host seats a guest; the guest keeps ``secret`` to come back to ``seat``."""

    kind: ClassVar[str] = "welcome"
    seat: int
    secret: str

    def body(self) -> dict[str, Any]:
        return {"version": VERSION, "seat": self.seat, "secret": self.secret}


@dataclass(frozen=True)
class Lobby:
    """The table's seats and choices (``Referee.lobby`` builds the fields)."""

    kind: ClassVar[str] = "lobby"
    data: dict[str, Any]

    def body(self) -> dict[str, Any]:
        return self.data


@dataclass(frozen=True)
class State:
    """A seat's view (``views.Feed.state`` builds the fields)."""

    kind: ClassVar[str] = "state"
    data: dict[str, Any]

    def body(self) -> dict[str, Any]:
        return self.data


@dataclass(frozen=True)
class Timer:
    """``seat`` must decide within ``left_ms`` ms (the decision after ``seq`` moves)."""

    kind: ClassVar[str] = "timer"
    seat: int
    seq: int
    left_ms: int

    def body(self) -> dict[str, Any]:
        return {"seat": self.seat, "seq": self.seq, "left_ms": self.left_ms}


@dataclass(frozen=True)
class Over:
    """The match ended (``end``) or time ran out (``timeout``, no life lost)."""

    kind: ClassVar[str] = "over"
    reason: EndReason
    lives: tuple[int, ...]
    places: tuple[int, ...]

    def body(self) -> dict[str, Any]:
        return {
            "reason": str(self.reason),
            "lives": list(self.lives),
            "places": list(self.places),
        }


@dataclass(frozen=True)
class Rejected:
    """A message was refused and changed nothing: why, and which (its kind, an act's seq)."""

    kind: ClassVar[str] = "rejected"
    reason: Reason
    detail: str
    of: str | None = None
    seq: int | None = None

    def body(self) -> dict[str, Any]:
        body: dict[str, Any] = {"reason": str(self.reason), "detail": self.detail[:400]}
        body["of"] = self.of
        if self.seq is not None:
            body["seq"] = self.seq
        return body


@dataclass(frozen=True)
class UpdateNeeded:
    """The answer to a hello of ``guest_version``: the older page must reload."""

    kind: ClassVar[str] = "update-needed"
    guest_version: int

    def body(self) -> dict[str, Any]:
        return {"version": VERSION, "reload": "guest" if self.guest_version < VERSION else "host"}


@dataclass(frozen=True)
class Pong(_Bare):
    """The answer to ``ping``."""

    kind: ClassVar[str] = "pong"


@dataclass(frozen=True)
class Reaction:
    """``seat``'s reaction, relayed by a table server to every page of the table."""

    kind: ClassVar[str] = "reaction"
    seat: int
    reaction: str

    def body(self) -> dict[str, Any]:
        return {"seat": self.seat, "reaction": self.reaction}


HostMessage = Welcome | Lobby | State | Timer | Over | Rejected | UpdateNeeded | Pong | Reaction
"""What the host sends."""

FLOOD = Rejected(Reason.FLOOD, "too many messages: some were dropped")
"""The answer to the first message past a connection's flood limit (the rest are dropped)."""


def encode(message: GuestMessage | HostMessage) -> str:
    """A message's text: one compact JSON object, its kind first (names stay readable:
    no ``\\u`` escapes).

    >>> encode(Act(seat=1, action="knock", seq=3))
    '{"kind":"act","seat":1,"action":"knock","seq":3}'
    """
    return compact({"kind": message.kind, **message.body()})


def compact(value: Any) -> str:
    """``value`` as the wire writes it: compact JSON without ``\\u`` escapes."""
    return _COMPACT.encode(value)


_COMPACT = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False)
"""One encoder for every message (it keeps nothing between calls): ``json.dumps`` makes
a new one each time, a fifth of the encoding of a small message, and a table server
writes ten a move."""


def read_guest(text_: Any) -> GuestMessage:
    """A guest's message as its value, read once (:func:`parse_guest`'s checks; it raises
    what that raises).

    >>> read_guest(encode(Hello("Anna")))
    Hello(name='Anna', secret=None)
    """
    m = parse_guest(text_)
    b = m.body
    match m.kind:
        case "hello":
            return Hello(b["name"], b.get("secret"))
        case "act":
            return Act(b["seat"], b["action"], b["seq"])
        case "seat":
            return SetSeat(b["seat"], SeatKind(b["to"]), b.get("level"))
        case "more-time":
            return MoreTime(b["seq"])
        case "react":
            return React(b["reaction"])
    return _BARE_GUEST[m.kind]


_BARE_GUEST: dict[str, GuestMessage] = {
    "ping": Ping(),
    "bye": Bye(),
    "start": Start(),
    "rematch": Rematch(),
    "watch": Watch(),
}
