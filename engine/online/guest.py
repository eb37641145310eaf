"""A guest's side of an online table, no I/O: the messages it sends and what it knows.

The guest's page hands every message from the host to :meth:`Guest.receive` and
sends the texts :meth:`Guest.hello`, :meth:`Guest.act`, :meth:`Guest.ping` and
:meth:`Guest.bye` give. The guest keeps its seat, the secret that brings it back to
that seat (the page stores it, so a reload can say hello with it), the lobby, its
seat's view as an ``engine.Observation`` (``observation``, drawn by
``app.table.view.render`` like the host's), the deal results, the running clock and
how the match ended. Whatever the host sends is checked (``protocol.parse_host``), and
so is whether it fits together: a lobby lists its seats once each and this guest's
among them, a view is one a real match could show this seat
(``engine.online.consistent``, in ``Mirror.update``). Anything unreadable or
contradictory raises ProtocolError and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine import Action, DealResult, Observation
from engine.online import protocol
from engine.online.protocol import Message, ProtocolError, Reason, VersionMismatch
from engine.online.views import Mirror

__all__ = ["Countdown", "Guest"]


@dataclass(frozen=True)
class Countdown:
    """The decision after ``seq`` moves, ``seat``'s, is due at ``deadline`` (ms, on this
    page's clock: the host said how long was left, not when)."""

    seat: int
    seq: int
    deadline: float


class Guest:
    """One guest's view of the table (see the module text). ``clock()`` gives this
    page's time in milliseconds; ``secret`` is the one kept from an earlier visit."""

    def __init__(
        self, name: str, *, clock: Callable[[], float], secret: str | None = None
    ) -> None:
        self.name = protocol.clean_name(name)
        self.clock = clock
        self.secret = secret
        self.seat: int | None = None
        self.lobby: dict[str, Any] | None = None
        self.mirror = Mirror()
        self.countdown: Countdown | None = None
        self.over: dict[str, Any] | None = None  # the ``over`` message's fields, once ended
        self.rejected: dict[str, Any] | None = None  # the last ``rejected`` message's fields
        self.update_needed: dict[str, Any] | None = None  # {"version", "reload"} if so
        self.watching = False  # a watcher's page: no seat, the public view from seat 0

    @classmethod
    def watcher(cls, *, clock: Callable[[], float]) -> Guest:
        """A page that watches a table server's table (``watch``): it has no seat and is
        sent the public view, seen from seat 0's chair."""
        guest = cls("watcher", clock=clock)
        guest.watching = True
        guest.mirror = Mirror(public=True)
        return guest

    # ------------------------------------------------------------ messages out

    def hello(self) -> str:
        """Sit down, or come back to the seat of the kept secret."""
        return protocol.hello(self.name, self.secret)

    def watch(self) -> str:
        """Watch the table (a watcher's first message, and again after a reconnect)."""
        return protocol.watch()

    def act(self, action: Action | str) -> str:
        """A move of this guest's seat, for the state it was shown last."""
        if self.seat is None:
            raise ProtocolError(Reason.NOT_SEATED, "this guest has no seat yet")
        return protocol.act(str(action), seq=self.mirror.seq, seat=self.seat)

    def ping(self) -> str:
        """Still here (send every few seconds: a silent guest counts as away)."""
        return protocol.ping()

    def bye(self) -> str:
        """Leave the table."""
        return protocol.bye()

    # ------------------------------------------------------------ messages in

    def receive(self, text: Any) -> Message:
        """Take in one message from the host; returns it, checked."""
        try:
            message = protocol.parse_host(text)
        except VersionMismatch as e:  # a welcome of another version
            reload = "guest" if e.version > protocol.VERSION else "host"
            self.update_needed = {"version": e.version, "reload": reload}
            raise
        body = message.body
        if message.kind == "welcome":
            self._check_seat(body["seat"], self.lobby)
            self.seat, self.secret = body["seat"], body["secret"]
            self.mirror = Mirror()  # the host sends everything anew after a welcome
        elif message.kind == "lobby":
            self._check_lobby(body)
            self.lobby = body
        elif message.kind == "state":
            self._state(body["state"])
        elif message.kind == "timer":
            deadline = self.clock() + body["left_ms"]
            self.countdown = Countdown(body["seat"], body["seq"], deadline)
        elif message.kind == "over":
            self.over = body
        elif message.kind == "rejected":
            self.rejected = body
        elif message.kind == "update-needed":
            self.update_needed = body
        return message

    def _check_lobby(self, body: dict[str, Any]) -> None:
        """A lobby lists each of its ``players`` seats once, in order, and this guest's
        seat among them; else ProtocolError (and the lobby kept is the one before)."""
        numbers = [s["seat"] for s in body["seats"]]
        if numbers != list(range(body["players"])):
            raise ProtocolError(
                Reason.BAD_MESSAGE,
                f"lobby lists the seats {numbers[:9]} for a table of {body['players']}",
            )
        self._check_seat(self.seat, body)

    def _check_seat(self, seat: int | None, lobby: dict[str, Any] | None) -> None:
        if seat is not None and lobby is not None and seat >= lobby["players"]:
            raise ProtocolError(
                Reason.WRONG_SEAT, f"seat {seat} is not at a table of {lobby['players']}"
            )

    def _state(self, state: Any) -> None:
        seat = 0 if self.watching else self.seat  # a watcher sees from seat 0's chair
        if state.fields["seat"] != seat:
            raise ProtocolError(
                Reason.WRONG_SEAT, f"a view of seat {state.fields['seat']} for seat {seat}"
            )
        players = None if self.lobby is None else self.lobby["players"]
        if players is not None and state.fields["players"] != players:
            raise ProtocolError(
                Reason.BAD_MESSAGE,
                f"a view of {state.fields['players']} seats at a table of {players}",
            )
        obs = self.mirror.update(state)
        if obs.phase != "over":
            self.over = None  # a new match at the same table

    # ------------------------------------------------------------ what the page shows

    @property
    def observation(self) -> Observation | None:
        """This seat's view now (None before the match)."""
        return self.mirror.observation

    @property
    def results(self) -> list[DealResult]:
        """The finished deals' results as this seat may see them, in order."""
        return self.mirror.results

    def names(self) -> tuple[str, ...]:
        """The seats' names from the lobby (empty for a bot or open seat the host left
        unnamed). Text: escape it when it goes into markup."""
        if self.lobby is None:
            return ()
        return tuple(s["name"] for s in self.lobby["seats"])

    def time_left(self) -> tuple[int, float] | None:
        """(seat, milliseconds left) of the decision due now, if it has a deadline."""
        c = self.countdown
        if c is None or c.seq != self.mirror.seq or self.over is not None:
            return None
        return c.seat, max(0.0, c.deadline - self.clock())
