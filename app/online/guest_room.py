"""A guest's page at a peer-to-peer table: it holds a ``Guest``, sends its moves as action
texts and shows the view the host sent. It keeps its seat's secret (and its name) per
table, so a reload sits down on the same seat. A table server's page
(``app.online.server_room``) is a guest of the server's referee and builds on this one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from app.host import Host
from app.online import screens
from app.online.invitation import Invitation, read_invitation
from app.online.room import Control, Form, Net, Room
from app.online.shell import Phase
from app.online.sources import GuestSeats
from app.online.words import tr
from app.settings import model as st
from app.storage import Store
from app.url import parse_query
from engine import Action, Observation
from engine.online import protocol
from engine.online.guest import Guest
from engine.online.protocol import ProtocolError, Reason

PING_MS = 5000  # a guest says it is there this often (silent for 15 s counts as away)


class GuestRoom(Room):
    """A guest's page (see the module text): ``guest`` is None until it sits down."""

    role = "guest"

    def __init__(
        self,
        host: Host,
        net: Net,
        store: Store,
        *,
        settings: st.Settings,
        clock: Callable[[], float],
        invite_base: str = "",
        table_id: str = "",
        qr: Callable[[str], Sequence[str]] | None = None,
        touch: bool = False,
        first: Phase = Phase.JOIN,
    ) -> None:
        super().__init__(
            host,
            net,
            store,
            settings=settings,
            clock=clock,
            first=first,
            invite_base=invite_base,
            table_id=table_id,
            qr=qr,
            touch=touch,
        )
        self.guest: Guest | None = None
        self.invitation: Invitation | None = None  # what the invite link says
        self.refused = ""  # why this guest refused the host's last message, if it did
        self.last_ping = 0.0

    def start(self) -> None:
        """A seat kept at this table: sit down on it again."""
        if self.phase is Phase.JOIN:
            kept = self.records.seat(self.table_id)
            if kept is not None:
                self._sit_down(kept["name"], kept["secret"])
        super().start()

    def adopt(self, fragment: str) -> bool:
        """An invitation's fragment (``app.online.invitation``: the host's name and the
        rules) is kept for the join form; anything else in it is ignored."""
        self.invitation = read_invitation(self._fragment(fragment))
        return False

    @staticmethod
    def _fragment(fragment: str) -> dict[str, str]:
        return parse_query("?" + fragment.lstrip("#"))

    def controls(self) -> dict[str, Control]:
        return {**super().controls(), "join": self._join}

    def _join(self, _name: str, form: Form) -> bool:
        if self.phase is not Phase.JOIN:
            return False
        self._sit_down(str((form or {}).get("name", "")), None)
        return True

    def _sit_down(self, name: str, secret: str | None) -> None:
        try:
            name = protocol.clean_name(name)
        except ProtocolError as e:
            self.problem = screens.join_problem(e.detail, self.ui.lang)
            self._render()
            return
        self.problem = ""
        self.records.keep_name(name)
        self._seated(secret)
        guest = Guest(name, clock=self.clock, secret=secret)
        self.guest = guest
        self._screen(GuestSeats(guest, lambda action: self._moved(guest, action)))
        self.phase = Phase.LOBBY
        self._connect(self.table_id)
        self._render()

    def _seated(self, secret: str | None) -> None:
        """About to sit down (on a kept seat when ``secret`` is given)."""

    def _moved(self, guest: Guest, action: Action) -> None:
        """The person's move (real seat numbers), to the host (who checks it again)."""
        self.net.send(None, guest.act(action))

    # ------------------------------------------------------------ the transport's reports

    def retry(self) -> None:
        if self.guest is not None:
            self._connect(self.table_id)
        super().retry()

    def _opened(self) -> None:
        if self.guest is not None:
            self.net.send(None, self.guest.hello())  # (again) with the secret, if kept

    def net_message(self, conn: str, text: Any) -> None:
        """The host's message: taken in if it fits what came before, else refused and
        said (the last valid state stays on the screen)."""
        guest = self.guest
        if guest is None:
            return
        try:
            message = guest.receive(text)
        except ProtocolError as e:
            if guest.update_needed is None:
                self._warn(f"Schwimmen: a message from the host was refused: {e}")
                self.refused = e.detail  # said on the screen until a good message comes
            self._render()
            return
        if message.kind in ("welcome", "lobby", "state"):
            self.refused = ""
        if message.kind == "welcome":
            self._keep_seat(guest.name, guest.secret or "")
            self.caught_up = False
        elif message.kind == "state" and not self.caught_up:
            self._catch_up()
        elif message.kind == "rejected":
            self._rejected(guest, message.body)
        else:
            self._heard(message.kind, message.body)
        started = bool(guest.lobby and guest.lobby.get("started"))
        if message.kind in ("state", "lobby") and started:
            self.phase = Phase.TABLE
        if message.kind == "over":
            self._count_match()
            self._heard_over()
        self._render()

    def _heard_over(self) -> None:
        """The match ended (the host's ``over``): what a role does then, once."""

    def _heard(self, kind: str, body: dict[str, Any]) -> None:
        """A role's own messages (a table server's ``reaction``)."""

    def _keep_seat(self, name: str, secret: str) -> None:
        """This table's seat, kept on this device (to come back to it)."""
        self.records.keep_seat(self.table_id, name, secret)

    def _rejected(self, guest: Guest, body: dict[str, Any]) -> None:
        reason = body.get("reason")
        if reason == Reason.BAD_SECRET:  # the host no longer knows this seat: sit down anew
            guest.secret = None
            self.records.forget_seat(self.table_id)
            self.net.send(None, guest.hello())
        elif reason == Reason.BAD_NAME and guest.seat is None:  # the host's name, say
            detail = str(body.get("detail") or reason)
            self.phase, self.problem = Phase.JOIN, screens.join_problem(detail, self.ui.lang)
            self.net.close()
        elif reason in (Reason.TABLE_FULL, Reason.STARTED):
            self.phase = Phase.PROBLEM
            self.problem = tr("full" if reason == Reason.TABLE_FULL else "started", self.ui.lang)
        else:
            self.rejected = str(body.get("detail") or reason)
        if self.session is not None:
            self.session.refused()

    def tick(self) -> None:
        """Say it is there, every :data:`PING_MS`."""
        guest = self.guest
        if guest is not None and self.state == "open":
            now = self.clock()
            if now - self.last_ping >= PING_MS and guest.seat is not None:
                self.last_ping = now
                self.net.send(None, guest.ping())
        super().tick()

    def leave(self) -> None:
        """Say bye and forget the seat (a bot plays it to the end)."""
        guest = self.guest
        if guest is not None and self.state == "open" and guest.seat is not None:
            self.net.send(None, guest.bye())
            if self._forgets_seat(guest, bool((guest.lobby or {}).get("started"))):
                self.records.forget_seat(self.table_id)
        super().leave()

    def _forgets_seat(self, guest: Guest, started: bool) -> bool:
        """Whether a seat left is forgotten (at a peer-to-peer table, always)."""
        return True

    # ------------------------------------------------------------ the table as shown

    def _lobby_body(self) -> dict[str, Any] | None:
        return None if self.guest is None else self.guest.lobby

    def _over(self) -> dict[str, Any] | None:
        return None if self.guest is None else self.guest.over

    def _time_left(self) -> tuple[int, float] | None:
        return None if self.guest is None else self.guest.time_left()

    def _update_needed(self) -> dict[str, Any] | None:
        return None if self.guest is None else self.guest.update_needed

    def _refused_note(self) -> str:
        return screens.refused_note(self.refused, self.ui.lang)

    def _view_more(self) -> dict[str, Any]:
        return {"invitation": self.invitation}

    def _match_id(self, obs: Observation) -> str:
        seat = self.guest and self.guest.seat
        return f"guest:{self.table_id}:{len(obs.log)}:{seat}"


__all__ = ["PING_MS", "GuestRoom"]
