"""The peer-to-peer host's page: it holds the ``Referee``, and the engine runs only here.

Its person's moves go to ``Referee.host_act``, every guest's text to ``Referee.receive``,
and what the referee says to send goes out at once. The table is saved after every
change, with the transport's id and token, so a reload takes the same table back. The
dialog opens the table; the lobby seats bots and starts the match; the bar offers the
rematch.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import engine
from app.host import Host
from app.i18n import BOT_NAMES
from app.online.dialog import read_dialog, servers_note, table_config
from app.online.invitation import invitation_fragment
from app.online.room import Control, Form, Net, Room
from app.online.shell import Phase
from app.online.sources import HostSeats
from app.settings import model as st
from app.storage import Store
from app.url import quote
from engine import Action, Observation
from engine.online import protocol
from engine.online.protocol import ProtocolError
from engine.online.referee import Referee, SeatKind, Timing

BOT_MS = 650  # the pause before a bot's move at normal speed (as app.controller's)
DEAL_MS = 4000  # the pause after a deal, to read its result


class HostRoom(Room):
    """The host's page (see the module text): ``ref`` is None until the dialog opens the
    table, or a reload takes the saved one back."""

    role = "host"

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
        servers: dict[str, Any] | None = None,
        qr: Callable[[str], Sequence[str]] | None = None,
        seed_source: Callable[[], int] | None = None,
        touch: bool = False,
    ) -> None:
        super().__init__(
            host,
            net,
            store,
            settings=settings,
            clock=clock,
            first=Phase.SETUP,
            invite_base=invite_base,
            table_id=table_id,
            qr=qr,
            touch=touch,
        )
        self.servers = servers or {}
        self.seed_source = seed_source or (lambda: random.SystemRandom().getrandbits(31))
        self.ref: Referee | None = None
        self.saved_version: tuple[Any, ...] = ()  # the table as last saved

    def start(self) -> None:
        """A saved table that is this one: straight back to it."""
        self._take_back()
        super().start()

    def _take_back(self) -> None:
        saved = self.records.host_table(self.table_id)
        if saved is None:
            return
        try:
            ref = self._referee_from(saved["table"])
            self._seat_referee(ref)
        except (engine.InvalidInputError, KeyError, TypeError, ValueError) as e:
            self._warn(f"Schwimmen: the saved online table cannot be used: {e}")
            self.records.set_host_table_aside(str(e))
            return
        self.phase = Phase.TABLE if ref.match is not None else Phase.LOBBY
        self._catch_up()
        self._connect({"id": saved["id"], "token": saved.get("token", "")})

    # ------------------------------------------------------------ controls

    def controls(self) -> dict[str, Control]:
        return {
            **super().controls(),
            "host": self._open_from_dialog,
            "start-online": self._start_match,
            "seat-": self._set_seat,
            "rematch": self._rematch,
            "new-match": self._rematch,
        }

    def _open_from_dialog(self, _name: str, form: Form) -> bool:
        if self.phase is not Phase.SETUP:
            return False
        self.open_table(dict(form or {}))
        return True

    def _start_match(self, _name: str, _form: Form) -> bool:
        if self.ref is None or self.ref.match is not None:
            return False
        self._send_all(self.ref.start(self.seed_source()))
        self.phase = Phase.TABLE
        self._update()
        return True

    def _set_seat(self, name: str, _form: Form) -> bool:
        """``seat-bot-N`` or ``seat-open-N`` in the lobby (anything else is let be)."""
        if self.ref is None or self.ref.match is not None:
            return False
        _, kind, number = name.split("-", 2) if name.count("-") == 2 else ("", "", "")
        if kind not in ("bot", "open") or not number.isdigit():
            return True
        try:
            out = self.ref.set_seat(int(number), SeatKind(kind))
        except engine.InvalidInputError:
            return True
        self._send_all(out)
        self._update()
        return True

    def _rematch(self, name: str, form: Form) -> bool:
        """The rematch once the match ended ("New match" before: look at the table)."""
        if self.ref is not None and self.ref.ended:
            self._send_all(self.ref.rematch(self.seed_source()))
            self._update()
            return True
        return name == "new-match" and self._look_at_table(name, form)

    def _moved(self, ref: Referee, action: Action) -> None:
        """The person's move (real seat numbers), to the referee."""
        try:
            self._send_all(ref.host_act(action))
        except ProtocolError as e:  # the referee refused (the timer ran out just now)
            self.rejected = e.detail
            if self.session is not None:
                self.session.refused()

    # ------------------------------------------------------------ opening a table

    def open_table(self, form: dict[str, Any]) -> None:
        """The dialog's "Open a table": check the choices, set up the referee, and
        register the table with the signalling service."""
        draft = read_dialog(form, self.draft)
        self.draft = draft
        try:
            name = protocol.clean_name(draft.name)
            config = table_config(draft, self.settings)
        except ProtocolError as e:
            self.problem = e.detail
            self._render()
            return
        except engine.InvalidInputError as e:
            self.problem = str(e)
            self._render()
            return
        self.problem = ""
        self.records.keep_name(name)
        self._seat_referee(
            Referee(config, name, clock=self.clock, bot_names=BOT_NAMES, timing=self._timing())
        )
        self.phase = Phase.LOBBY
        self._connect(None)
        self._update()

    def _timing(self) -> Timing:
        pause = st.timings(self.settings)[1]
        factor = 0 if pause == 0 else pause / BOT_MS
        return Timing(bot_ms=BOT_MS * factor, deal_ms=DEAL_MS * factor)

    def _referee_from(self, data: Any) -> Referee:
        return Referee.from_dict(data, clock=self.clock, bot_names=BOT_NAMES, timing=self._timing())

    def _seat_referee(self, ref: Referee) -> None:
        self.ref = ref
        self._screen(HostSeats(ref, lambda action: self._moved(ref, action)))

    # ------------------------------------------------------------ the transport's reports

    def refresh(self) -> None:
        """The dialog names the transport's servers (only its note is drawn anew)."""
        if self.phase is Phase.SETUP:
            self.host.replace("online-servers", servers_note(self.servers, self.ui.lang))
        super().refresh()

    def retry(self) -> None:
        if self.ref is not None:
            self._connect(self.net.identity())
        super().retry()

    def _opened(self) -> None:
        if self.ref is None:
            return
        self._save()  # the id and token now belong to this table
        identity = self.net.identity()
        if identity:
            self.host.hosting(identity["id"])

    def net_message(self, conn: str, text: Any) -> None:
        """A guest's text, to the referee."""
        if self.ref is None:
            return
        self._send_all(self.ref.receive(conn, text))
        self._update(draw=False)  # a ping changes nothing: no saving, no drawing

    def net_closed(self, conn: str) -> None:
        """The link to a guest closed."""
        if self.ref is not None:
            self._send_all(self.ref.disconnected(conn))
            self._update(draw=False)

    def tick(self) -> None:
        """The referee's clock: bots, timers, absent guests."""
        if self.ref is not None:
            self._send_all(self.ref.tick())
        super().tick()

    def leave(self) -> None:
        """The table closes for everyone, and is forgotten."""
        if self.ref is not None:
            self.records.forget_host_table()
        super().leave()

    def _send_all(self, out: Sequence[tuple[str, str]]) -> None:
        for conn, text in out:
            self.net.send(conn, text)

    # ------------------------------------------------------------ the table as shown

    def _runs_lobby(self) -> bool:
        return True

    def _lobby_body(self) -> dict[str, Any] | None:
        return None if self.ref is None else self.ref.lobby()

    def _over(self) -> dict[str, Any] | None:
        ref = self.ref
        if ref is None or ref.ended is None or ref.match is None:
            return None
        return {"reason": ref.ended, "lives": ref.match.lives(), "places": ref.match.places()}

    def _time_left(self) -> tuple[int, float] | None:
        return None if self.ref is None else self.ref.time_left()

    def _invite(self) -> str:
        identity = self.net.identity()  # once the table is registered
        if not identity or not self.invite_base:
            return ""
        fragment = invitation_fragment(self._lobby_body() or {})
        return self.invite_base + quote(identity["id"]) + fragment

    # ------------------------------------------------------------ saving

    def _keep(self) -> None:
        """Save the table and count a finished match when it changed (not for every
        ping)."""
        if self._version() != self.saved_version:
            self._save()
            self._count_match()

    def _version(self) -> tuple[Any, ...]:
        """What changes the saved table."""
        ref = self.ref
        if ref is None:
            return ()
        moves = -1 if ref.match is None else len(ref.match.actions)
        return (moves, ref.ended, tuple((s.kind, s.name, s.away) for s in ref.seats))

    def _save(self) -> None:
        if self.ref is None:
            return
        identity = self.net.identity()
        if not identity:
            return
        record = {
            "id": identity["id"],
            "token": identity.get("token", ""),
            "table": self.ref.to_dict(),
        }
        self.records.save_host_table(record)
        self.saved_version = self._version()

    def _match_id(self, obs: Observation) -> str:
        assert self.ref is not None  # a match ended: at this table
        identity = self.net.identity() or {}
        moves = len(self.ref.match.actions) if self.ref.match else 0
        return f"host:{identity.get('id', '')}:{self.ref.seed}:{moves}"


__all__ = ["HostRoom"]
