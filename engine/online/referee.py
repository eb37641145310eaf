"""The host's referee: the match, the seats and every check of a guest's message, no I/O.

The engine runs only on the host's page. The page's transport hands each guest's
text to :meth:`Referee.receive` with the id of the connection it came on, and sends
what comes back: a list of ``(connection id, message text)``. The page calls
:meth:`Referee.tick` often (a few times a second) with nothing to hand in: the move
timer, the stand-in bots for absent guests and the bots' paced moves all run from the
clock given to the referee (milliseconds), so tests drive time by hand.

What the referee guarantees, whatever arrives:

- A message is refused, with a ``rejected`` naming the reason, and changes nothing,
  when it is too long, not JSON, of an unknown kind or shape, from a connection
  without a seat, for another seat, out of turn, for an earlier state (``seq``), or
  illegal (the engine decides: ``Match.apply``).
- Work per message is bounded before it is read: a token bucket per connection
  (:attr:`Timing.burst` messages at once, :attr:`Timing.rate` per second after) drops
  the rest with one ``rejected``, and the length check comes next, both O(1).
- A seat is bound to a connection and to a secret given at ``welcome``; a ``hello``
  with that secret on a new connection takes the seat back (the old connection loses it).
- Each guest receives only its own seat's view (``views.Feed``), after every move.
- A guest whose connection closed, who said ``bye`` or who was silent for
  :attr:`Timing.silent_ms` is absent; after :attr:`Timing.grace_ms` a bot of the
  table's level plays that seat's decisions until the guest is back.
- With a time per move, each decision of a person (host or guest) has a deadline; when
  it passes, a bot makes that move (``on_timeout="bot"``) or the match ends for
  everyone with no life lost (``"end"``).
- A guest whose deadline passed :data:`BOT_PLAYS_AFTER` times in one match has their
  seat played by a bot (Board Game Arena's "zombie"): its decisions are made at once
  while no page of the seat is here (``present``), and get their deadline while one is;
  the seat's own accepted move takes it back. Every page's lobby says so (``bot_plays``).
- Each guest may give the person to move more time once per match (``more-time``):
  :data:`MORE_TIME_SHARE` of the move time, never more than a whole move time left.

A table server runs the same referee with no host at the table: the creator sits at
seat 0 as a guest holding ``owner_secret`` and uses the lobby controls over the
protocol (``seat``, ``start``, ``rematch``, refused from any other seat as
``not-owner``); with ``secret_hash`` the seats keep only the hash of their secrets, so
what :meth:`Referee.to_dict` saves cannot sit down at the table.

>>> from engine import preset
>>> clock = iter(range(0, 10**9, 10)).__next__
>>> ref = Referee(TableConfig(preset("classic"), players=3), "Hana", clock=clock)
>>> out = ref.receive("c1", protocol.hello("Ben"))
>>> [protocol.parse_host(text).kind for conn, text in out]
['welcome', 'lobby']
>>> [s.kind.value for s in ref.seats]
['host', 'guest', 'open']
>>> out = ref.receive("c1", protocol.act("knock", seq=0, seat=1))
>>> protocol.parse_host(out[0][1]).body["reason"]
'not-started'
"""

from __future__ import annotations

import dataclasses
import os
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine import (
    PRESETS,
    Action,
    IllegalActionError,
    InvalidInputError,
    Match,
    Rules,
    bots,
    bounds,
)
from engine.online import protocol
from engine.online.protocol import (
    FLOOD,
    MOVE_TIMES,
    ON_TIMEOUT,
    RESULT_READ_MS,
    Act,
    Bye,
    EndReason,
    GuestMessage,
    Hello,
    HostMessage,
    Lobby,
    MoreTime,
    OnTimeout,
    Over,
    Ping,
    Pong,
    ProtocolError,
    React,
    Reason,
    Rejected,
    Rematch,
    SeatKind,
    SetSeat,
    Start,
    State,
    Timer,
    UpdateNeeded,
    VersionMismatch,
    Watch,
    Welcome,
)
from engine.online.views import Feed
from engine.record import MatchRecord

__all__ = [
    "SAVE_FORMAT",
    "Bucket",
    "Buckets",
    "Out",
    "Referee",
    "Seat",
    "SeatKind",
    "Sent",
    "TableConfig",
    "Timing",
]

Out = tuple[str, str]
"""A message to send: (connection id, message text)."""
Sent = tuple[str, HostMessage]
"""A message to send: (connection id, the message's value)."""

SAVE_FORMAT = "schwimmen-online-table"
"""The ``format`` of :meth:`Referee.to_dict`, the host's saved table."""
STAND_IN_REASONS = ("timeout", "away", "left")
"""Why a bot made a person's move: their time ran out, they were away too long, or
they let two deadlines pass and a bot plays their seat until they act."""
BOT_PLAYS_AFTER = 2
"""Deadlines a guest may miss in one match before a bot plays their seat until they act."""
MORE_TIME_SHARE = 0.5
"""The share of the move time one gift of more time adds (lichess gives 15 s a press)."""
MAX_BOT_MOVES = 10_000
"""Bot moves one call may make when bots play without pauses (a whole match of bots
is about 300): a bound, so that no call can run on."""


@dataclass(frozen=True)
class TableConfig:
    """The host's choices for the table, shown in the lobby.

    ``move_time``: seconds per decision (``protocol.MOVE_TIMES``, 0 for no limit);
    ``on_timeout``: an :class:`OnTimeout`, ``bot`` (a bot makes the move) or ``end`` (the
    match ends, no life lost), its text taken for it; ``bot_level``: the bots filling open
    seats and standing in for people.
    """

    rules: Rules
    players: int
    preset: str = "custom"
    move_time: int = 0
    on_timeout: str = OnTimeout.BOT  # always an OnTimeout once made (see __post_init__)
    bot_level: str = "medium"

    def __post_init__(self) -> None:
        r = self.rules
        if not isinstance(r, Rules):
            raise InvalidInputError(f"a table needs a Rules object, not {bounds.shown(r)}")
        bounds.PLAYERS.check(self.players)  # first the engine's range, then the rules'
        if not r.min_players <= self.players <= r.max_players:
            raise InvalidInputError(
                f"{self.players} players: these rules allow {r.min_players} to {r.max_players}"
            )
        _choice("time per move", self.move_time, MOVE_TIMES)
        if not isinstance(self.on_timeout, OnTimeout):  # a text, as JSON and forms give it
            _choice("on_timeout", self.on_timeout, [str(p) for p in ON_TIMEOUT])
            object.__setattr__(self, "on_timeout", OnTimeout(self.on_timeout))
        _choice("bot level", self.bot_level, bots.NAMES)
        _choice("preset", self.preset, (*PRESETS, "custom"))

    def to_dict(self) -> dict[str, Any]:
        """The choices as JSON values (the rules as their options)."""
        return {
            **{f.name: getattr(self, f.name) for f in dataclasses.fields(self)},
            "rules": self.rules.to_dict(),
            "on_timeout": str(self.on_timeout),
        }

    @classmethod
    def from_dict(cls, data: Any) -> TableConfig:
        """Inverse of :meth:`to_dict`; anything that does not fit raises InvalidInputError."""
        if not isinstance(data, dict) or set(data) != {f.name for f in dataclasses.fields(cls)}:
            raise InvalidInputError("a table's choices are an object of its fields")
        return cls(**{**data, "rules": Rules.from_dict(data["rules"])})


def end_reason(value: Any) -> EndReason | None:
    """How a saved table's match ended (its ``ended``: ``None``, ``"end"`` or
    ``"timeout"``, as tables were always saved); anything else raises InvalidInputError.

    >>> end_reason("timeout") is EndReason.TIMEOUT, end_reason(None)
    (True, None)
    """
    if value is None or isinstance(value, EndReason):
        return value
    _choice("a saved table's end", value, [str(r) for r in EndReason])
    return EndReason(value)


def _choice(what: str, value: Any, allowed: Sequence[Any]) -> None:
    """``value`` is one of ``allowed`` and of its type (``False`` is not the time 0)."""
    if not any(type(value) is type(a) and value == a for a in allowed):
        raise InvalidInputError(f"{what} {bounds.shown(value)}: choose one of {tuple(allowed)}")


@dataclass(frozen=True)
class Timing:
    """The referee's pace and patience, in milliseconds (and the flood limits)."""

    grace_ms: float = 30_000  # an absent guest's seat waits this long for a stand-in bot
    silent_ms: float = 15_000  # a guest silent this long is absent (guests ping every 5 s)
    bot_ms: float = 0  # a pause before each bot move, for the pages to show the last one
    deal_ms: float = 0  # a longer pause after a deal ended, to read its result
    burst: int = 20  # messages a connection may send at once ...
    rate: float = 10  # ... and per second after that


@dataclass
class Seat:
    """One seat of the table. A guest seat keeps its ``secret`` (and its ``name``) while
    its person is away; ``conn`` is the connection it is bound to now, if any."""

    kind: SeatKind
    name: str = ""
    level: str = ""  # a bot's level
    conn: str | None = None
    secret: str | None = None
    last_seen: float = 0.0  # when the bound connection last sent something
    gone_at: float | None = None  # when the connection closed or said bye
    away: bool = False  # as the lobby last said
    feed: Feed = field(default_factory=Feed)


@dataclass
class Bucket:
    """Flood control for one connection: ``tokens`` refill at the rate, up to the burst
    (the table server keeps one per WebSocket too, ``server.hub.Conn``, and one per
    client address and per seat, :class:`Buckets`)."""

    tokens: float
    at: float
    warned: bool = False

    def allow(self, now: float, timing: Timing) -> bool:
        """Take a token for one message, if there is one."""
        elapsed = max(0.0, now - self.at)
        self.tokens = min(float(timing.burst), self.tokens + elapsed * timing.rate / 1000)
        self.at = now
        if self.tokens >= 1:
            self.tokens -= 1
            self.warned = False
            return True
        return False


class Buckets:
    """A :class:`Bucket` per key (a client address, a seat), all with the same limits,
    for a limit counted per sender rather than per connection: the table server's
    POSTs per address and hellos per seat. At most ``most`` are kept; the keys heard
    from least recently are forgotten first, so a flood of new keys cannot grow it.

    >>> hellos = Buckets(Timing(burst=2, rate=1), most=100)
    >>> [hellos.allow("seat", now=0) for _ in range(3)], hellos.allow("other", now=0)
    ([True, True, False], True)
    >>> hellos.allow("seat", now=1000)  # a second later: one token more
    True
    """

    def __init__(self, timing: Timing, most: int) -> None:
        self.timing, self.most = timing, most
        self._buckets: OrderedDict[str, Bucket] = OrderedDict()

    def __len__(self) -> int:
        return len(self._buckets)

    def allow(self, key: str, now: float) -> bool:
        """Take a token of ``key``'s bucket (a full one for a new key), if there is one."""
        bucket = self._buckets.pop(key, None) or Bucket(float(self.timing.burst), now)
        self._buckets[key] = bucket  # the most recent last
        while len(self._buckets) > self.most:
            self._buckets.popitem(last=False)
        return bucket.allow(now, self.timing)


class Referee:
    """The host's table: the lobby, then the match, refereed (see the module text).

    ``clock()`` gives the time in milliseconds; ``secrets()`` a new seat's secret
    (32 hexadecimal digits; random by default); ``bot_names`` the names bots get on
    the seats they fill (seat s gets ``bot_names[s - 1]``). For a table server:
    ``secret_hash`` turns a secret into what its seat keeps (32 hexadecimal digits),
    ``owner_secret`` seats the creator at seat 0 as a guest (no host at the table),
    ``seeds()`` gives the seed of a match the creator starts over the protocol;
    ``views=False``: the messages every page gets (lobby, state, timer, over) are left
    out of what the calls return, for a transport that works them out per page itself
    (a table server, from the table as committed); the answers to a sender stay.
    """

    def __init__(
        self,
        config: TableConfig,
        host_name: str,
        *,
        clock: Callable[[], float],
        secrets: Callable[[], str] | None = None,
        bot_names: Sequence[str] = (),
        timing: Timing | None = None,
        secret_hash: Callable[[str], str] | None = None,
        owner_secret: str | None = None,
        seeds: Callable[[], int] | None = None,
        views: bool = True,
    ) -> None:
        self.config = config
        self.views = views
        self.clock = clock
        self.timing = timing or Timing()
        self._secrets = secrets or (lambda: os.urandom(16).hex())
        self._hash = secret_hash or (lambda secret: secret)
        self._seeds = seeds or (lambda: int.from_bytes(os.urandom(4), "big") >> 1)
        self._bot_names = tuple(bot_names)
        name = protocol.clean_name(host_name)
        if owner_secret is None:
            self.seats = [Seat(SeatKind.HOST, name)]
        else:  # the creator is a guest of a server's table, coming back with this secret
            self.seats = [Seat(SeatKind.GUEST, name, secret=self._hash(owner_secret))]
        self.seats += [Seat(SeatKind.OPEN) for _ in range(config.players - 1)]
        self.match: Match | None = None
        self.seed = 0
        self.ended: EndReason | None = None  # once the match is over
        self.deadline: float | None = None  # when the decision now due must be made
        self._bot_at = 0.0  # bots wait until then
        self._read_until = 0.0  # a deal's result is read until then: its time is nobody's
        self._deals = 0  # deals finished when the last move was made
        # Moves a bot made for a person (action index -> one of STAND_IN_REASONS), said
        # on every page so that nobody reads them as the person's own.
        self.stand_ins: dict[int, str] = {}
        # Per match: deadlines each guest's seat let pass, the seats a bot plays until
        # their person acts again, the seats that gave more time (all saved).
        self.missed: dict[int, int] = {}
        self.bot_plays: set[int] = set()
        self.gave_time: set[int] = set()
        # Whether a page of ``seat`` is here, for a seat a bot plays: a table server
        # knows it from its connections; by default the seat's connection says so.
        self.present: Callable[[int], bool] = self._connected
        self._conns: dict[str, int] = {}  # connection id -> seat
        self._buckets: dict[str, Bucket] = {}

    # ------------------------------------------------------------ the page's calls

    def receive(self, conn: str, text: Any) -> list[Out]:
        """A message's text from connection ``conn``: act on it, and say what to send
        (flood control per connection, then :meth:`take` of the message read)."""
        now = self.clock()
        bucket = self._buckets.get(conn)
        if bucket is None:
            bucket = self._buckets[conn] = Bucket(float(self.timing.burst), now)
        if not bucket.allow(now, self.timing):
            if bucket.warned:
                return []
            bucket.warned = True
            return _texts([(conn, FLOOD)])
        self._seen(conn, now)
        try:
            message = protocol.read_guest(text)
        except VersionMismatch as e:
            return _texts([(conn, UpdateNeeded(e.version))])
        except ProtocolError as e:
            return _texts([(conn, Rejected(e.reason, e.detail))])
        return _texts(self._take(conn, message, now))

    def take(self, conn: str, message: GuestMessage) -> list[Sent]:
        """A message already read from connection ``conn`` (a transport that reads and
        limits messages itself): act on it, and say what to send, as values."""
        now = self.clock()
        self._seen(conn, now)
        return self._take(conn, message, now)

    def _seen(self, conn: str, now: float) -> None:
        seat = self._conns.get(conn)
        if seat is not None:
            self.seats[seat].last_seen = now

    def _take(self, conn: str, message: GuestMessage, now: float) -> list[Sent]:
        try:
            match message:
                case Hello():
                    out = self._hello(conn, message, now)
                case Act():
                    out = self._act(conn, message, now)
                case Ping():
                    out = self._ping(conn)
                case Bye():
                    out = self._bye(conn, now)
                case MoreTime():
                    out = self._more_time(conn, message, now)
                case SetSeat() | Start() | Rematch():
                    out = self._owner(conn, message)
                case Watch():  # a table server's pages watch; a host's page seats
                    raise ProtocolError(Reason.BAD_MESSAGE, "this table cannot be watched")
                case React():  # relayed by a table server, never refereed
                    raise ProtocolError(Reason.BAD_MESSAGE, "this table has no reactions")
        except ProtocolError as e:
            seq = message.seq if isinstance(message, Act | MoreTime) else None
            return [(conn, Rejected(e.reason, e.detail, of=message.kind, seq=seq))]
        return out + self._run(now)

    def disconnected(self, conn: str) -> list[Out]:
        """The transport lost connection ``conn``: its seat's person is away."""
        self._buckets.pop(conn, None)
        seat = self._conns.pop(conn, None)
        now = self.clock()
        if seat is not None:
            s = self.seats[seat]
            s.conn, s.gone_at = None, now
        return _texts(self._run(now))

    def tick(self) -> list[Out]:
        """Time passed: deadlines, absent guests and the bots' moves."""
        return _texts(self._run(self.clock()))

    def host_act(self, action: Action | str) -> list[Out]:
        """The host's own move at seat 0; a refused one raises ProtocolError."""
        now = self.clock()
        return _texts(self._play(0, str(action), None, now) + self._run(now))

    def set_seat(self, seat: int, kind: SeatKind, level: str | None = None) -> list[Out]:
        """In the lobby, make ``seat`` a bot of ``level`` (the table's by default) or open
        it again. A guest sitting there loses the seat (its connection is unbound)."""
        return _texts(self._set_seat(seat, kind, level))

    def _set_seat(self, seat: int, kind: SeatKind, level: str | None) -> list[Sent]:
        if self.match is not None:
            raise InvalidInputError("seats are set in the lobby, before the match starts")
        if not 0 < seat < len(self.seats) or kind not in (SeatKind.BOT, SeatKind.OPEN):
            raise InvalidInputError(f"seat {seat!r} cannot become {kind!r}")
        old = self.seats[seat]
        if old.conn is not None:
            del self._conns[old.conn]
        self.seats[seat] = (
            self._bot(seat, level or self.config.bot_level)
            if kind is SeatKind.BOT
            else Seat(SeatKind.OPEN)
        )
        return self._lobby_all()

    def start(self, seed: int) -> list[Out]:
        """Start the match with ``seed``; open seats get bots of the table's level."""
        return _texts(self._start(seed))

    def _start(self, seed: int) -> list[Sent]:
        if self.match is not None:
            raise InvalidInputError("the match has started already")
        for i, s in enumerate(self.seats):
            if s.kind is SeatKind.OPEN:
                self.seats[i] = self._bot(i, self.config.bot_level)
        return self._begin(seed)

    def rematch(self, seed: int) -> list[Out]:
        """A new match at the same table once this one is over; everyone keeps the seat."""
        return _texts(self._rematch(seed))

    def _rematch(self, seed: int) -> list[Sent]:
        if self.match is None or self.ended is None:
            raise InvalidInputError("a rematch follows a match that is over")
        return self._begin(seed)

    # ------------------------------------------------------------ what the page shows

    def lobby(self) -> dict[str, Any]:
        """The body of the ``lobby`` message: the seats and the table's choices."""
        c = self.config
        return {
            "seats": [
                {
                    "seat": i,
                    "kind": str(s.kind),
                    "name": s.name,
                    "away": s.away,
                    "level": s.level or None,
                    **({"bot_plays": True} if i in self.bot_plays else {}),
                    **({"gave_time": True} if i in self.gave_time else {}),
                }
                for i, s in enumerate(self.seats)
            ],
            "players": c.players,
            "preset": c.preset,
            "rules": c.rules.to_dict(),
            "move_time": c.move_time,
            "on_timeout": str(c.on_timeout),
            "bot_level": c.bot_level,
            "started": self.match is not None,
        }

    # ------------------------------------------------------------ saving

    def to_dict(self) -> dict[str, Any]:
        """The table as JSON values, for the host's page to save: its choices, the seats
        with the guests' names and secrets (so they can come back after the host's page
        reloads; they stay on the host's device), the match and how it ended."""
        return {
            "format": SAVE_FORMAT,
            "config": self.config.to_dict(),
            "seats": [
                {"kind": str(s.kind), "name": s.name, "level": s.level, "secret": s.secret}
                for s in self.seats
            ],
            "seed": self.seed,
            "ended": None if self.ended is None else str(self.ended),
            "match": None if self.match is None else self.match.record().to_dict(),
            "stand_ins": [[i, why] for i, why in sorted(self.stand_ins.items())],
            **self.clock_record(),
        }

    def clock_record(self) -> dict[str, Any]:
        """What this match's deadlines left behind, as JSON values (part of
        :meth:`to_dict`): missed deadlines per seat, the seats a bot plays, the seats
        that gave more time."""
        return {
            "missed": [[seat, n] for seat, n in sorted(self.missed.items())],
            "bot_plays": sorted(self.bot_plays),
            "gave_time": sorted(self.gave_time),
        }

    def load_clock_record(self, data: Mapping[str, Any]) -> None:
        """Take what the clock and the absences left in a saved table (an older one has
        only some of it): the moves bots made for people, :meth:`clock_record`'s part.
        Damaged data raises InvalidInputError."""
        moves = 0 if self.match is None else len(self.match.actions)
        stand_ins = _saved_stand_ins(data.get("stand_ins", []), moves)
        guests = {i for i, s in enumerate(self.seats) if s.kind is SeatKind.GUEST}
        missed = data.get("missed", [])
        bot_plays, gave_time = data.get("bot_plays", []), data.get("gave_time", [])
        ok = isinstance(missed, list) and all(
            isinstance(p, list) and len(p) == 2 and type(p[1]) is int and 0 < p[1] <= moves
            for p in missed
        )
        ok = ok and isinstance(bot_plays, list) and isinstance(gave_time, list)
        seats = [p[0] for p in missed] + bot_plays + gave_time if ok else []
        if not ok or not all(type(s) is int and s in guests for s in seats):
            raise InvalidInputError("a saved table's record of its deadlines is broken")
        self.stand_ins = stand_ins
        self.missed = {seat: n for seat, n in missed}
        self.bot_plays, self.gave_time = set(bot_plays), set(gave_time)

    @classmethod
    def from_dict(
        cls,
        data: Any,
        *,
        clock: Callable[[], float],
        secrets: Callable[[], str] | None = None,
        bot_names: Sequence[str] = (),
        timing: Timing | None = None,
        secret_hash: Callable[[str], str] | None = None,
        seeds: Callable[[], int] | None = None,
        views: bool = True,
    ) -> Referee:
        """The table saved by :meth:`to_dict`, with nobody connected: each guest's seat
        waits for its person (their pages say hello again with their secrets), and the
        decision due starts a new clock. Damaged data raises InvalidInputError."""
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise InvalidInputError("not a saved online table")
        config = TableConfig.from_dict(data.get("config"))
        seats = data.get("seats")
        if not isinstance(seats, list) or len(seats) != config.players:
            raise InvalidInputError(f"a saved table needs {config.players} seats")
        now = clock()
        saved = [_saved_seat(s, i, now) for i, s in enumerate(seats)]
        kept = [s.secret for s in saved if s.secret is not None]
        if len(set(kept)) != len(kept):
            raise InvalidInputError("two seats of a saved table have the same secret")
        ref = cls(
            config,
            saved[0].name,
            clock=clock,
            secrets=secrets,
            bot_names=bot_names,
            timing=timing,
            secret_hash=secret_hash,
            seeds=seeds,
            views=views,
        )
        ref.seats = saved
        seed = data.get("seed")
        if not isinstance(seed, int):
            raise InvalidInputError("a saved table's seed is broken")
        ref.seed, ref.ended = seed, end_reason(data.get("ended"))
        if data.get("match") is not None:
            m = ref.match = Match.replay(MatchRecord.from_dict(data["match"]))
            if m.players != config.players or m.rules != config.rules:
                raise InvalidInputError("the saved match is not this table's")
            ref._deals = m.deal_count
        ref.load_clock_record(data)
        return ref

    def attach(self, conn: str, seat: int) -> None:
        """Bind ``conn`` to the person of guest ``seat`` without a hello: for a transport
        that checked the seat's secret itself (a server rebuilding the referee from its
        database); a connection bound to the seat before loses it."""
        s = self.seats[seat] if 0 <= seat < len(self.seats) else None
        if s is None or s.kind is not SeatKind.GUEST:
            raise InvalidInputError(f"seat {seat!r} has no guest to attach to")
        if s.conn == conn:
            return
        if s.conn is not None:
            self._conns.pop(s.conn, None)
        self._conns.pop(conn, None)
        s.conn, s.last_seen, s.gone_at = conn, self.clock(), None
        self._conns[conn] = seat

    def time_left(self, now: float | None = None) -> tuple[int, float] | None:
        """(seat, milliseconds left) of the decision with a deadline now, or None."""
        seat = None if self.match is None else self.match.current_player()
        if self.deadline is None or seat is None:
            return None
        return seat, max(0.0, self.deadline - (self.clock() if now is None else now))

    # ------------------------------------------------------------ guests' messages

    def _hello(self, conn: str, hello: Hello, now: float) -> list[Sent]:
        if conn in self._conns:
            held = self._conns[conn]
            raise ProtocolError(Reason.ALREADY_SEATED, f"this connection has seat {held} already")
        seat: int | None
        secret = hello.secret
        if secret is not None:  # only a guest's seat has a secret to come back to
            key = self._hash(secret)
            seat = next(
                (
                    i
                    for i, s in enumerate(self.seats)
                    if s.kind is SeatKind.GUEST and s.secret == key
                ),
                None,
            )
            if seat is None:
                raise ProtocolError(Reason.BAD_SECRET, "no seat of this table has that secret")
            s = self.seats[seat]
            if s.conn is not None:  # the old connection is stale: it loses the seat
                del self._conns[s.conn]
        else:
            if self.match is not None:
                raise ProtocolError(Reason.STARTED, "the match has begun; only its players return")
            seat = next((i for i, s in enumerate(self.seats) if s.kind is SeatKind.OPEN), None)
            if seat is None:
                raise ProtocolError(Reason.TABLE_FULL, "every seat is taken")
            self._check_name_free(hello.name)
            secret = self._secrets()
            s = self.seats[seat] = Seat(SeatKind.GUEST, hello.name, secret=self._hash(secret))
        s.conn, s.last_seen, s.gone_at, s.feed = conn, now, None, Feed()
        self._conns[conn] = seat
        out: list[Sent] = [(conn, Welcome(seat, secret))]
        out += self._lobby_all()
        if self.match is not None:
            out += self._catch_up(self.match, conn, seat, now)
        return out

    def _check_name_free(self, name: str) -> None:
        """A new guest may not take the name of anyone at the table (the host's, a
        guest's, a bot's): names are compared as they look (``protocol.name_key``)."""
        key = protocol.name_key(name)
        for s in self.seats:
            if s.kind is not SeatKind.OPEN and protocol.name_key(s.name) == key:
                raise ProtocolError(
                    Reason.BAD_NAME, f"someone at this table is called {s.name} already"
                )

    def _act(self, conn: str, act: Act, now: float) -> list[Sent]:
        seat = self._seat_of(conn)
        if act.seat != seat:
            raise ProtocolError(
                Reason.WRONG_SEAT, f"this connection plays seat {seat}, not {act.seat}"
            )
        return self._play(seat, act.action, act.seq, now)

    def _ping(self, conn: str) -> list[Sent]:
        self._seat_of(conn)
        return [(conn, Pong())]

    def _more_time(self, conn: str, gift: MoreTime, now: float) -> list[Sent]:
        """``conn``'s seat gives the person to move more time: once per match, never to
        itself, only to a decision with a clock (``MORE_TIME_SHARE`` of the move time,
        never more than a whole move time left)."""
        giver = self._seat_of(conn)
        m = self.match
        if m is None or self.ended is not None:
            raise ProtocolError(Reason.MORE_TIME, "more time is given during a match")
        mover = m.current_player()
        if gift.seq != len(m.actions):
            raise ProtocolError(
                Reason.STALE, f"more time for after {gift.seq} moves; there are {len(m.actions)}"
            )
        if mover == giver:
            raise ProtocolError(Reason.MORE_TIME, "more time is for another player, not oneself")
        if giver in self.gave_time:
            raise ProtocolError(Reason.MORE_TIME, "this seat gave more time in this match already")
        if self.deadline is None or mover is None:
            raise ProtocolError(Reason.MORE_TIME, "this decision has no clock to give time to")
        whole = self.config.move_time * 1000
        later = min(self.deadline + whole * MORE_TIME_SHARE, max(self.deadline, now + whole))
        if later <= self.deadline:
            raise ProtocolError(Reason.MORE_TIME, "the player to move has a whole move's time")
        self.gave_time.add(giver)
        self.deadline = later
        return self._lobby_all() + self._timer_all(now)

    def _bye(self, conn: str, now: float) -> list[Sent]:
        seat = self._seat_of(conn)
        del self._conns[conn]
        if self.match is None and seat != 0:  # leaving the lobby frees the seat
            self.seats[seat] = Seat(SeatKind.OPEN)
        else:  # in a match the seat waits for its person (the secret brings them back)
            s = self.seats[seat]
            s.conn, s.gone_at = None, now
        return self._lobby_all()

    def _owner(self, conn: str, control: SetSeat | Start | Rematch) -> list[Sent]:
        """The creator's lobby controls, at a table with no host (a server's)."""
        if self._seat_of(conn) != 0 or self.seats[0].kind is not SeatKind.GUEST:
            raise ProtocolError(Reason.NOT_OWNER, "only the table's creator, at seat 0, may")
        try:
            match control:
                case SetSeat():
                    return self._set_seat(control.seat, control.to, control.level)
                case Start():
                    return self._start(self._seeds())
                case Rematch():
                    return self._rematch(self._seeds())
        except InvalidInputError as e:
            raise ProtocolError(Reason.LOBBY, str(e)[:300]) from None

    def _seat_of(self, conn: str) -> int:
        seat = self._conns.get(conn)
        if seat is None:
            raise ProtocolError(Reason.NOT_SEATED, "say hello first: this connection has no seat")
        return seat

    # ------------------------------------------------------------ the match

    def _play(self, seat: int, text: str, seq: int | None, now: float) -> list[Sent]:
        """``seat``'s move (a guest's or the host's), checked; refused moves raise."""
        m = self.check_turn(seat, seq)
        try:
            m.apply(text)
        except (InvalidInputError, IllegalActionError) as e:
            raise ProtocolError(Reason.ILLEGAL, str(e)[:300]) from None
        back = []
        if seat in self.bot_plays:  # the person acted: the seat is theirs again
            self.bot_plays.discard(seat)
            back = self._lobby_all()
        return back + self._moved(m, now)

    def check_turn(self, seat: int, seq: int | None) -> Match:
        """The match, if ``seat`` may move now after ``seq`` moves; else ProtocolError
        (not started, over, another seat's turn, stale). A transport may ask before it
        does any work for a move (a table server answers these without its database)."""
        m = self.match
        if m is None:
            raise ProtocolError(Reason.NOT_STARTED, "the match has not started")
        if self.ended is not None:
            raise ProtocolError(Reason.OVER, "the match is over")
        if m.current_player() != seat:
            raise ProtocolError(
                Reason.NOT_YOUR_TURN, f"seat {m.current_player()} is to decide, not seat {seat}"
            )
        if seq is not None and seq != len(m.actions):
            raise ProtocolError(
                Reason.STALE, f"the move was made after {seq} moves; there are {len(m.actions)}"
            )
        return m

    def _begin(self, seed: int) -> list[Sent]:
        now = self.clock()
        c = self.config
        m = self.match = Match(c.rules, players=c.players, seed=seed)
        self.seed, self.ended, self.deadline = seed, None, None
        self.stand_ins = {}
        self.missed, self.bot_plays, self.gave_time = {}, set(), set()
        self._deals, self._bot_at = m.deal_count, now + self.timing.bot_ms
        for s in self.seats:
            s.feed = Feed()  # a new match: each page gets its log from the start
        return self._lobby_all() + self._states(m) + self._run(now)

    def _moved(self, m: Match, now: float) -> list[Sent]:
        """After any accepted move: every guest's new view; the end, or a pause before the
        bots go on (a longer one after a deal ended) and a new deadline."""
        out = self._states(m)
        if m.is_over():
            return out + self._end(m, EndReason.END)
        ended_deal = m.deal_count > self._deals
        self._deals = m.deal_count
        if ended_deal:
            self._read_until = now + RESULT_READ_MS
        self._bot_at = now + (self.timing.deal_ms if ended_deal else self.timing.bot_ms)
        self.deadline = None  # the next decision gets its own (see _run)
        return out

    def _end(self, m: Match, reason: EndReason) -> list[Sent]:
        self.ended, self.deadline = reason, None
        if not self.views:
            return []
        over = Over(reason, tuple(m.lives()), tuple(m.places()))
        return [(s.conn, over) for s in self.seats if s.conn is not None]

    def _run(self, now: float) -> list[Sent]:
        """Whatever is due now: who is away, the clock of a person's decision (started,
        or run out), the bots' moves."""
        out = self._presence(now)
        m = self.match
        for _ in range(MAX_BOT_MOVES):
            seat = None if m is None or self.ended is not None else m.current_player()
            if m is None or seat is None:
                break
            if self._person(seat, now):
                if self.deadline is None:  # a new decision: its clock starts now
                    if self.config.move_time:
                        start = max(now, self._read_until)
                        self.deadline = start + self.config.move_time * 1000
                        out += self._timer_all(now)
                    break
                if now < self.deadline:
                    break
                if self.config.on_timeout is OnTimeout.END:
                    out += self._end(m, EndReason.TIMEOUT)
                    break
                out += self._missed(seat) + self._bot_move(m, seat, now, "timeout")
                continue
            if now < self._bot_at:
                break
            why = "left" if seat in self.bot_plays else "away"
            out += self._bot_move(m, seat, now, why)
        return out

    def _missed(self, seat: int) -> list[Sent]:
        """``seat``'s deadline passed: counted; a guest's second in the match hands the
        seat to a bot until they act (every page's lobby says so)."""
        if self.seats[seat].kind is not SeatKind.GUEST:
            return []
        self.missed[seat] = self.missed.get(seat, 0) + 1
        if self.missed[seat] < BOT_PLAYS_AFTER or seat in self.bot_plays:
            return []
        self.bot_plays.add(seat)
        return self._lobby_all()

    def _bot_move(self, m: Match, seat: int, now: float, why: str) -> list[Sent]:
        """A bot decides for ``seat`` (a bot's seat, or a person's standing in: ``why``
        is said on every page: one of ``STAND_IN_REASONS``)."""
        s = self.seats[seat]
        level = s.level if s.kind is SeatKind.BOT else self.config.bot_level
        if s.kind is not SeatKind.BOT:
            self.stand_ins[len(m.actions)] = why
        m.apply(self._make_bot(m, seat, level).choose(m.observation(seat)))
        return self._moved(m, now)

    def _make_bot(self, m: Match, seat: int, level: str) -> Any:
        """The bot for this decision of ``seat``, seeded from the match seed, the seat and
        the moves so far, as ``app.controller`` seeds its bots: a seeded match plays the
        same on every page and after a reload."""
        return bots.for_decision(level, self.seed, seat, len(m.actions))

    # ------------------------------------------------------------ seats and presence

    def _bot(self, seat: int, level: str) -> Seat:
        if level not in bots.NAMES:
            raise InvalidInputError(f"bot level {level!r}: choose one of {bots.NAMES}")
        # The seat's own bot name, unless a person (or another bot) at the table has it:
        # then the first name nobody has, so that no two seats share a name.
        taken = {protocol.name_key(s.name) for i, s in enumerate(self.seats) if i != seat}
        names = self._bot_names
        preferred = [names[seat - 1]] if seat - 1 < len(names) else []
        free = [n for n in (*preferred, *names) if protocol.name_key(n) not in taken]
        return Seat(SeatKind.BOT, free[0] if free else "", level)

    def _absent_since(self, s: Seat, now: float) -> float | None:
        """When a guest's person went away (None: here); other seats are never absent."""
        if s.kind is not SeatKind.GUEST:
            return None
        if s.conn is None:
            return s.gone_at if s.gone_at is not None else now
        silent = s.last_seen + self.timing.silent_ms
        return silent if now >= silent else None

    def _person(self, seat: int, now: float) -> bool:
        """Whether a person decides for ``seat`` now: the host, or a guest who is here or
        away for less than the grace period (a bot stands in after it)."""
        s = self.seats[seat]
        if s.kind is SeatKind.HOST:
            return True
        if seat in self.bot_plays:  # the person left: a bot plays unless their page is here
            return self.present(seat)
        since = self._absent_since(s, now)
        return s.kind is SeatKind.GUEST and (since is None or now < since + self.timing.grace_ms)

    def _connected(self, seat: int) -> bool:
        """Whether ``seat``'s person has a page here now (the default ``present``)."""
        return self._absent_since(self.seats[seat], self.clock()) is None

    def _presence(self, now: float) -> list[Sent]:
        """Mark who is away; the lobby goes out again when that changed."""
        changed = False
        for s in self.seats:
            away = self._absent_since(s, now) is not None
            changed |= away != s.away
            s.away = away
        return self._lobby_all() if changed else []

    # ------------------------------------------------------------ messages out

    def _lobby_all(self) -> list[Sent]:
        if not self.views:
            return []
        lobby = Lobby(self.lobby())
        return [(s.conn, lobby) for s in self.seats if s.conn is not None]

    def _states(self, m: Match) -> list[Sent]:
        """Each bound guest's own view (only what its seat may know)."""
        if not self.views:
            return []
        return [
            (s.conn, State(s.feed.state(m, i, self.stand_ins)))
            for i, s in enumerate(self.seats)
            if s.conn is not None
        ]

    def _timer_all(self, now: float) -> list[Sent]:
        timer = self._timer(now) if self.views else None
        return [] if timer is None else [(s.conn, timer) for s in self.seats if s.conn is not None]

    def _timer(self, now: float) -> Timer | None:
        left = self.time_left(now)
        if left is None or self.match is None:
            return None
        return Timer(left[0], len(self.match.actions), int(left[1]))

    def _catch_up(self, m: Match, conn: str, seat: int, now: float) -> list[Sent]:
        """A guest (back) at a running or finished match: its whole view, the clock, the end."""
        if not self.views:
            return []
        out: list[Sent] = [(conn, State(self.seats[seat].feed.state(m, seat, self.stand_ins)))]
        timer = self._timer(now)
        if timer is not None:
            out.append((conn, timer))
        if self.ended is not None:
            out.append((conn, Over(self.ended, tuple(m.lives()), tuple(m.places()))))
        return out


def _texts(sent: list[Sent]) -> list[Out]:
    """The messages as their texts, each value encoded once (one lobby goes to every page)."""
    texts: dict[int, str] = {}  # by id: every value is alive in ``sent`` meanwhile
    out = []
    for conn, message in sent:
        text = texts.get(id(message))
        if text is None:
            text = texts[id(message)] = protocol.encode(message)
        out.append((conn, text))
    return out


def _saved_stand_ins(data: Any, moves: int) -> dict[int, str]:
    """The saved moves a bot made for a person (an older record has none)."""
    if not isinstance(data, list) or len(data) > moves:
        raise InvalidInputError("a saved table's stand-in moves are broken")
    found: dict[int, str] = {}
    for item in data:
        ok = isinstance(item, list) and len(item) == 2 and type(item[0]) is int
        if not ok or not 0 <= item[0] < moves or item[1] not in STAND_IN_REASONS:
            raise InvalidInputError("a saved table's stand-in moves are broken")
        found[item[0]] = item[1]
    return found


_FIRST_SEAT = (SeatKind.HOST, SeatKind.GUEST)  # the host, or a server table's creator


def _saved_seat(data: Any, seat: int, now: float) -> Seat:
    """One seat of a saved table; a guest's seat waits (away since ``now``)."""
    try:
        kind = SeatKind(data["kind"])
        name, level, secret = data["name"], data["level"], data["secret"]
        if name != "" or kind in (SeatKind.HOST, SeatKind.GUEST):  # people have names
            name = protocol.clean_name(name)
    except (TypeError, KeyError, ValueError) as e:  # ProtocolError is a ValueError
        raise InvalidInputError(f"saved seat {seat} is broken: {e}") from None
    if (kind is SeatKind.HOST and seat != 0) or (seat == 0 and kind not in _FIRST_SEAT):
        raise InvalidInputError(f"saved seat {seat} cannot be a {kind} seat")
    if kind is SeatKind.BOT and level not in bots.NAMES:
        raise InvalidInputError(f"saved seat {seat}: unknown bot level {level!r}")
    if kind is SeatKind.GUEST and not (isinstance(secret, str) and len(secret) == 32):
        raise InvalidInputError(f"saved seat {seat}: a guest's seat needs its secret")
    if kind is not SeatKind.GUEST and secret is not None:  # nobody may come back to it
        raise InvalidInputError(f"saved seat {seat}: only a guest's seat has a secret")
    return Seat(kind, name, level if kind is SeatKind.BOT else "", secret=secret, gone_at=now)
