"""A table server's page: a guest of the server's referee (``GuestRoom``), with the
server's own screens. Its creator's dialog asks the server for a table (``create``) and
sits down at seat 0, the owner's, who runs the lobby with the same buttons as a host's,
sent as the protocol's ``seat``, ``start`` and ``rematch`` (the server refuses them from
any other seat). "My tables" lists the seats this device keeps; a seat's link takes it
to another device; the seat's reminders by Web Push are switched on and off here. The
answers of the server's API come back as ``net_created``, ``net_tables``,
``net_reminded`` and ``net_failed``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any, Protocol

import engine
from app.host import Host
from app.online import finish, reactions, server_screens, watch
from app.online.dialog import read_dialog, table_config
from app.online.guest_room import GuestRoom
from app.online.invitation import invitation_fragment
from app.online.reactions import Reactions
from app.online.records import KEEP_SERVER_TABLES, KEY_SERVER
from app.online.room import Control, Form, Net, ServerCalls
from app.online.shell import Phase
from app.online.words import tr
from app.settings import model as st
from app.storage import Store
from app.table.parts import seat_name
from app.url import quote
from engine.online import protocol
from engine.online.guest import Guest
from engine.online.protocol import MOVE_TIMES, ProtocolError

SEAT_TOKEN = re.compile(r"[0-9a-f]{32}")  # a table server's seat token (its secret)


class ServerLink(Net, ServerCalls, Protocol):
    """A table server's transport and API (``app.online.server_net.ServerNet``)."""


class ServerRoom(GuestRoom):
    """A table server's page (see the module text); ``first`` is its first screen: the
    creator's dialog, "My tables", or the join form."""

    def __init__(
        self,
        host: Host,
        net: ServerLink,
        store: Store,
        *,
        server: str,
        settings: st.Settings,
        clock: Callable[[], float],
        invite_base: str = "",
        table_id: str = "",
        qr: Callable[[str], Sequence[str]] | None = None,
        touch: bool = False,
        first: Phase | None = None,
    ) -> None:
        self.server = server  # the server's origin
        super().__init__(
            host,
            net,
            store,
            settings=settings,
            clock=clock,
            invite_base=invite_base,
            table_id=table_id,
            qr=qr,
            touch=touch,
            first=first or Phase.JOIN,
        )
        # "My tables": this device's seats at the server's tables, kept apart and more
        self.records.seats_key, self.records.keep = KEY_SERVER, KEEP_SERVER_TABLES
        self.calls: ServerCalls = net
        self.listing: list[dict[str, Any]] | None = None  # "My tables" as the server said
        self.ratings: dict[int, float] = {}  # the signed-in people's, by real seat
        self.account: Any = None  # signing in with a passkey: app.online.account.Account
        self.creating = False  # the server is asked for a new table
        self.reminders = False  # this seat's reminders by Web Push are on (as kept)
        self.remind_note = ""  # what the browser or the server said of them
        self.remind_daily = self.remind_daily_asked = False  # one summary a day instead
        self.seat_move_open = False  # the panel with the seat's link, kept open over redraws
        self.seat_link_said = ""  # what became of copying the seat's link
        self.reactions = Reactions(store, clock)  # shown briefly by the seats, or off

    def start(self) -> None:
        if self.phase is Phase.TABLES:
            self.show_tables()
        super().start()

    def adopt(self, fragment: str) -> bool:
        """Besides an invitation, a seat moved here from another device: the link's
        fragment ``seat=TOKEN`` (and ``name=``) is kept as this device's seat at the
        table, so the page sits down on it. The fragment is read here only; nothing sends
        it anywhere but the server. True when a seat was taken in."""
        super().adopt(fragment)
        fields = self._fragment(fragment)
        token, name = fields.get("seat", ""), fields.get("name", "")
        if not (self.table_id and SEAT_TOKEN.fullmatch(token)):
            return False
        try:
            name = protocol.clean_name(name or self.records.name() or "?")
        except ProtocolError:
            name = "?"
        self._keep_seat(name, token)
        return True

    # ------------------------------------------------------------ controls

    def controls(self) -> dict[str, Control]:
        return {
            **super().controls(),
            "host": self._create_from_dialog,
            "my-tables": self._my_tables,
            "new-table": self._new_table,
            "remind-on": self._remind,
            "remind-off": self._remind,
            **{name: self._remind for name in finish.DAILY_CONTROLS},
            "more-time": self._give_time,
            "react-": self._react,
            "reactions-on": self._react,
            "reactions-off": self._react,
            "reactions-open": self._react,
            "seat-move": self._toggle_seat_move,
            "copy-seat-link": self._copy_seat_link,
            "start-online": self._owner_control,
            "seat-": self._owner_control,
            "rematch": self._owner_control,
            "new-match": self._owner_control,
        }

    def _control(self, name: str, form: Form) -> bool:
        """The room's controls, then the account panel's (sign in, sign out, passkeys)."""
        if super()._control(name, form):
            return True
        return self.account is not None and bool(self.account.press(name, form))

    def _keep_seat(self, name: str, secret: str) -> None:
        """The seat, kept on this device and, signed in, with the person's account (so
        "My tables" lists it on every device they sign in on); its ratings are asked for."""
        super()._keep_seat(name, secret)
        if self.account is not None:
            account, table = self.account, self.table_id
            account.claim(table, secret, then=lambda: account.table_ratings(table, self._rated))

    def _heard_over(self) -> None:
        """Asked once per ``over`` (not at each drawing: the answer redraws the table)."""
        if self.account is not None:  # rated in the transaction that ended the match
            self.account.table_ratings(self.table_id, self._rated)

    def _rated(self, by_seat: dict[int, float]) -> None:
        """The server's ratings at this table, by real seat; drawn by the seats as this
        page sees them (:meth:`_prepare_table`)."""
        self.ratings = by_seat
        self._render()

    def _create_from_dialog(self, _name: str, form: Form) -> bool:
        if self.phase is not Phase.SETUP:
            return False
        self.create_table(dict(form or {}))
        return True

    def _my_tables(self, _name: str, _form: Form) -> bool:
        self.show_tables()
        return True

    def _new_table(self, _name: str, _form: Form) -> bool:
        self.phase = Phase.SETUP
        self._render()
        return True

    def _remind(self, name: str, _form: Form) -> bool:
        self.ask_reminders(name != "remind-off", daily=name == "remind-daily")
        return True

    def _give_time(self, _name: str, _form: Form) -> bool:
        gift = finish.gift(self.guest)
        if not gift:
            return False
        self.net.send(None, gift)
        return True

    def _react(self, name: str, _form: Form) -> bool:
        """A reaction to send (seated, at the table), or the switch that shows them."""
        text = self.reactions.press(name)
        if text is not None and self.guest is not None and self.guest.seat is not None:
            self.net.send(None, text)
        if name != "reactions-open":  # the browser opens or closes the fold itself
            self._render()
        return True

    def _heard(self, kind: str, body: dict[str, Any]) -> None:
        if kind == "reaction":
            self.reactions.heard(body)

    def _toggle_seat_move(self, _name: str, _form: Form) -> bool:
        self.seat_move_open = not self.seat_move_open  # the browser opens or closes it
        return True

    def _copy_seat_link(self, _name: str, _form: Form) -> bool:
        url = self._seat_url()
        if not url:
            return False
        self.host.copy(url, self._seat_link_copied, link="seat-link")
        return True

    def _owner(self) -> bool:
        """This page holds seat 0: the creator's, who runs the lobby."""
        return self.guest is not None and self.guest.seat == 0

    def _owner_control(self, name: str, form: Form) -> bool:
        """The creator's lobby controls, sent to the server; a guest's "New match" (or
        the owner's before the match ended) looks at the table."""
        text = self._owner_text(name) if self._owner() and self.state == "open" else None
        if text is not None:
            self.net.send(None, text)
            return True
        return name == "new-match" and self._look_at_table(name, form)

    def _owner_text(self, name: str) -> str | None:
        started = bool(self.guest and (self.guest.lobby or {}).get("started"))
        if name == "start-online" and not started:
            return protocol.start()
        if name in ("rematch", "new-match") and self._over() is not None:
            return protocol.rematch()
        if name.startswith("seat-") and name.count("-") == 2 and not started:
            _, kind, number = name.split("-", 2)
            if kind in ("bot", "open") and number.isdigit():
                return protocol.set_seat(int(number), kind)
        return None

    # ------------------------------------------------------------ a new table

    def create_table(self, form: dict[str, Any]) -> None:
        """The dialog's "Open a table": the same checks as a host's, then the server is
        asked for the table (``net_created`` sits down)."""
        draft = read_dialog(form, self.draft, MOVE_TIMES)
        self.draft = draft
        try:
            name = protocol.clean_name(draft.name)
            config = table_config(draft, self.settings)
        except (ProtocolError, engine.InvalidInputError) as e:
            self.problem = e.detail if isinstance(e, ProtocolError) else str(e)
            self._render()
            return
        if self.creating:
            return  # a double click: the first call is on its way
        self.problem, self.creating = "", True
        self.records.keep_name(name)
        self.calls.create(
            {
                "name": name,
                "players": config.players,
                "preset": config.preset,
                "rules": config.rules.to_dict(),
                "move_time": config.move_time,
                "on_timeout": config.on_timeout,
                "bot_level": config.bot_level,
                "open": form.get("open") == "on",  # listed under "Open tables"
            }
        )
        self._render()

    def net_created(self, table_id: str, token: str) -> None:
        """The server opened the table: sit down at seat 0 with the owner's token, and
        put the table in the address (a reload joins it again)."""
        self.creating = False
        self.table_id = table_id
        name = self.draft.name
        self._keep_seat(protocol.clean_name(name), token)
        self.host.hosting(table_id, "join")
        self._sit_down(name, token)

    def net_failed(self, error: str) -> None:
        """A call to the server's API failed: said where it was asked."""
        if self.phase in (Phase.LOBBY, Phase.TABLE):  # only reminders are asked there
            detail = error or tr("detail_server", self.ui.lang)
            self.remind_note = tr("remind_failed", self.ui.lang, detail=detail)
            self._render()
            return
        self.creating = False
        self.problem = error or tr("detail_server", self.ui.lang)
        if self.phase is Phase.TABLES:
            self.listing = []
        self._render()

    # ------------------------------------------------------------ reminders

    def _seated(self, secret: str | None) -> None:
        kept = self.records.seat(self.table_id) or {}
        self.reminders = bool(secret) and kept.get("remind") is True
        self.remind_daily = self.reminders and kept.get("daily") is True

    def ask_reminders(self, on: bool, *, daily: bool = False) -> None:
        """The seat's "Remind me" switch: the browser asks the person's permission, the
        server keeps the subscription (``net_reminded`` says how it went)."""
        guest = self.guest
        if guest is None or not guest.secret or not self.table_id:
            return
        self.remind_note, self.remind_daily_asked = "", daily
        self.calls.remind(self.table_id, guest.secret, self.ui.lang, on, daily)

    def net_reminded(self, on: bool, granted: bool) -> None:
        """The answer to ``ask_reminders``: kept with the seat, so the switch shows its
        state on every page of this device; refused: said beside the switch."""
        lang = self.ui.lang
        if on and not granted:
            self.remind_note = tr("remind_denied", lang)
        else:
            self.reminders, self.remind_daily = on, on and self.remind_daily_asked
            self.remind_note = tr("reminders_set", lang) if on else ""
            self.records.keep_remind(self.table_id, on, self.remind_daily)
        self._render()

    # ------------------------------------------------------------ "My tables"

    def show_tables(self) -> None:
        """Show "My tables": ask the server about every seat this device keeps."""
        self.phase, self.listing, self.problem = Phase.TABLES, None, ""
        held = [
            {"table": t, "token": s["secret"]}
            for t, s in self.records.seats().items()
            if isinstance(s, dict) and isinstance(s.get("secret"), str)
        ]
        if self.account is not None and self.account.shown.signed_in:  # every device's seats
            self.account.tables(held[-KEEP_SERVER_TABLES:], self.net_tables)
        elif held:
            self.calls.my_tables(held[-KEEP_SERVER_TABLES:])
        else:
            self.listing = []
        self._render()

    def net_tables(self, rows: Any) -> None:
        """The server's answer for "My tables": the seats it knows, latest kept first."""
        if self.phase is not Phase.TABLES:
            return
        rows = [r for r in rows if isinstance(r, dict)] if isinstance(rows, list) else []
        rank = {t: i for i, t in enumerate(self.records.seats())}
        self.listing = sorted(rows, key=lambda r: -rank.get(str(r.get("table")), -1))
        self._render()

    # ------------------------------------------------------------ the seat's link

    def _seat_url(self) -> str:
        """The seat's link: its fragment holds the seat's token (and the name); "" where
        there is none."""
        guest = self.guest
        if not (guest and guest.secret and self.invite_base):
            return ""
        fragment = f"#seat={guest.secret}&name={quote(guest.name)}"
        return self.invite_base + quote(self.table_id) + fragment

    def _seat_link_copied(self, said: str) -> None:
        """The seat's link was copied, or could not be: said like the invite's."""
        self.seat_link_said = self._said(said, "seat-link-said")

    # ------------------------------------------------------------ the table as shown

    def _runs_lobby(self) -> bool:
        return self._owner()

    def _invite(self) -> str:
        if not (self._owner() and self.invite_base):
            return ""
        fragment = invitation_fragment(self._lobby_body() or {})
        return self.invite_base + quote(self.table_id) + fragment

    def _forgets_seat(self, guest: Guest, started: bool) -> bool:
        """The table goes on ("My tables" brings it back); but a seat left in the lobby
        is freed for someone else, and seat 0 stays the creator's."""
        return not (started or guest.seat == 0)

    def _bar_more(self) -> str:
        """More time for the one to move, the seat's link (and QR code) to another
        device, its reminders' switch, and the link to watch the table."""
        url, lang, guest = self._seat_url(), self.ui.lang, self.guest
        shown = finish.more_time(guest, lang)
        if url:
            shown += server_screens.seat_link(
                url, self.qr(url), lang, self.seat_move_open, self.seat_link_said
            )
        if guest and guest.secret:
            switch = server_screens.reminders(self.reminders, self.remind_note, lang)
            shown += finish.with_daily(switch, self.reminders, self.remind_daily, lang)
        shown += self.reactions.bar(bool(guest and guest.seat is not None), lang)
        return shown + watch.players_link(self.invite_base, self.table_id, self._lobby_body(), lang)

    def _prepare_table(self) -> None:
        """Besides the bar, the reactions showing by their seats."""
        super()._prepare_table()
        obs, ui = self._real_obs(), self.ui
        shown = {} if obs is None else self.reactions.by_seat(self._seat(), obs.players)
        me, players = self._seat(), 1 if obs is None else obs.players
        ui.look.ratings = {(s - me) % players: r for s, r in self.ratings.items()}
        badge = reactions.badge
        ui.look.reactions = {s: badge(r, seat_name(ui, s), ui.lang) for s, r in shown.items()}

    def _key_more(self) -> tuple[Any, ...]:
        listing = None if self.listing is None else repr(self.listing)
        showing = self.reactions.showing()  # a reaction's time over: drawn without it
        return (
            listing,
            self.creating,
            self.reminders,
            self.remind_daily,
            self.remind_note,
            showing,
        )

    def _view_more(self) -> dict[str, Any]:
        panel = "" if self.account is None else str(self.account.panel(self.ui.lang))
        return {
            **super()._view_more(),
            "listing": self.listing,
            "creating": self.creating,
            "account_panel": panel,
        }


__all__ = ["SEAT_TOKEN", "ServerLink", "ServerRoom"]
