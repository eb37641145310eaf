"""An online table's page, the host's or a guest's: the dialog, the join form, the
lobby, the connection, and around them the table screen written once for every table.

``OnlineRoom`` is to online play what ``app.controller.Controller`` is to the game
against bots. The page hands it intents (``handle``), calls ``tick()`` a few times a
second and gives it what the transport reports (``net_state``, ``net_message``,
``net_closed``); it draws through the same host (``app.host.Host``) and never touches
the DOM or the network itself. It talks to the transport (``app.online.page`` over
``static/net.mjs``, a fake hub in tests) through :class:`Net`.

- The **host** (``role="host"``) holds the ``Referee``: the engine runs only here. Its
  moves go to ``Referee.host_act``, every guest's text to ``Referee.receive``, and what
  the referee says to send goes out at once. The table is saved after every change, with
  the transport's id and token, so a reload takes the same table back.
- A **guest** (``role="guest"``) holds a ``Guest``: it sends its moves as action texts
  and shows the view the host sent. It keeps its seat's secret (and its name) per
  table, so a reload sits down on the same seat.

Once the match runs, the screen is an ``app.table.session.TableSession`` over the seat
source ``app.online.sources.HostSeats`` or ``GuestSeats``: the same screen, keys,
hint, results and focus as the game against bots. This module adds the connection
line and the move timer over the table, the rematch, and leaving (asked first).
"""

from __future__ import annotations

import dataclasses
import enum
import random
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

import engine
from app.escape import escape as esc
from app.host import Host
from app.i18n import BOT_NAMES
from app.online import screens, server_screens
from app.online.sources import GuestSeats, HostSeats
from app.settings import model as st
from app.stats import model as stats_mod
from app.storage import Notice, Store
from app.table import notices
from app.table.mode import Mode
from app.table.parts import button
from app.table.session import SeatSource, TableSession
from app.table.state import UIState
from app.url import quote
from engine import Action, Observation
from engine.online import protocol
from engine.online.guest import Guest
from engine.online.protocol import ProtocolError, Reason
from engine.online.referee import Referee, SeatKind, TableConfig, Timing

KEY_HOST = "online-host"  # the host's table: the referee's record, the transport's id and token
KEY_GUEST = "online-guest"  # a guest's seats: table id -> {"name", "secret"} (a few tables)
KEY_NAME = "online-name"  # the name last given, offered next time
KEY_COUNTED = "online-counted"  # the online matches already counted (ids), against a double count
KEY_SERVER = "server-seats"  # a table server's seats: table id -> {"name", "secret"} ("My tables")
VERSION = 1  # of the records above
TICK_MS = 250  # how often the page calls tick(): the referee's clock, timers, pings
PING_MS = 5000  # a guest says it is there this often (silent for 15 s counts as away)
BOT_MS = 650  # the pause before a bot's move at normal speed (as app.controller's)
DEAL_MS = 4000  # the pause after a deal, to read its result
KEEP_GUEST_TABLES = 8  # a guest remembers its seat at this many tables at most
KEEP_SERVER_TABLES = 50  # a table server's seats ("My tables" asks for at most 50)
SEAT_TOKEN = re.compile(r"[0-9a-f]{32}")  # a table server's seat token (its secret)

__all__ = [
    "KEY_GUEST",
    "KEY_HOST",
    "KEY_SERVER",
    "TICK_MS",
    "Net",
    "OnlineRoom",
    "Phase",
    "ServerCalls",
    "quote",
]


class Phase(enum.StrEnum):
    """Where an online page is."""

    SETUP = "setup"  # the host's dialog
    JOIN = "join"  # a guest's name form
    LOBBY = "lobby"  # seats filling up
    TABLE = "table"  # the match
    PROBLEM = "problem"  # the table is full, or started without this guest
    TABLES = "tables"  # "My tables" (a table server's)


class Net(Protocol):
    """The transport, as the room uses it."""

    def open(self, target: Any) -> None:
        """Host: register the table (``target``: a kept ``{"id", "token"}`` or None);
        guest: connect to the table whose id is ``target``."""

    def send(self, conn: str | None, text: str) -> None:
        """Host: to the guest link ``conn``; guest: to the host (``conn`` None)."""

    def close(self) -> None:
        """Close every connection."""

    def identity(self) -> dict[str, str] | None:
        """Host: the id and token of the registered table (None before)."""


class ServerCalls(Protocol):
    """A table server's API, beside its ``Net`` (``app.online.server_net``): the answers
    come back as ``net_created``, ``net_tables`` or ``net_failed``."""

    def create(self, choices: dict[str, Any]) -> None:
        """Open a table with the creator at seat 0 (``POST /api/tables``)."""

    def my_tables(self, seats: list[dict[str, str]]) -> None:
        """The tables these ``{table, token}`` seats are at (``POST /api/my-tables``)."""

    def remind(self, table: str, token: str, lang: str, on: bool) -> None:
        """This seat's reminders by Web Push on or off (``POST /api/tables/{id}/push``);
        the answer comes back as ``net_reminded(on, granted)``."""


def _check_role(role: str, server: str) -> None:
    if role not in ("host", "guest"):
        raise ValueError(f"role {role!r}: host or guest")
    if server and role != "guest":
        raise ValueError("at a table server every page is a guest, the creator too")


class OnlineRoom:
    """One page's part of an online table (see the module text)."""

    def __init__(
        self,
        host: Host,
        net: Net,
        store: Store,
        *,
        role: str,
        settings: st.Settings,
        clock: Callable[[], float],
        invite_base: str = "",
        table_id: str = "",
        servers: dict[str, Any] | None = None,
        qr: Callable[[str], Sequence[str]] | None = None,
        seed_source: Callable[[], int] | None = None,
        touch: bool = False,
        server: str = "",
        first: Phase | None = None,
    ) -> None:
        _check_role(role, server)
        self.host, self.net, self.store = host, net, store
        self.notices: list[Notice] = []  # damaged stored data, told to the person
        self.refused = ""  # why this guest refused the host's last message, if it did
        self.role, self.clock = role, clock
        self.settings = settings
        self.invite_base = invite_base  # the join URL without the table's id
        self.table_id = table_id
        self.servers = servers or {}
        self.qr = qr or (lambda _text: ())
        self.seed_source = seed_source or (lambda: random.SystemRandom().getrandbits(31))
        self.ref: Referee | None = None
        self.guest: Guest | None = None
        # server: the table server's origin; its creator's dialog and "My tables" are a
        # guest's page's (``first``), and the creator is the owner at seat 0
        self.server = server
        self.phase = first or (Phase.SETUP if role == "host" else Phase.JOIN)
        self.listing: list[dict[str, Any]] | None = None  # "My tables" as the server said
        self.creating = False  # the server is asked for a new table
        self.reminders = False  # this seat's reminders by Web Push are on (as kept)
        self.remind_note = ""  # what the browser or the server said of them
        self.seat_move_open = False  # the panel with the seat's link, kept open over redraws
        self.state, self.detail = "", ""  # the transport's state and its detail
        self.problem = ""  # why the dialog or join form was refused
        self.invitation: screens.Invitation | None = None  # what the invite link says
        self.invite_said = ""  # what became of sharing the invite (screens.share_row)
        self.seat_link_said = ""  # what became of copying the seat's link
        self.draft = screens.Draft(name=self._stored_name(), players=4)
        self.ui = self._first_ui(settings, touch)
        self.session: TableSession | None = None
        self.leaving = False  # "Leave the table" was pressed: the question is on screen
        self.shown_key: Any = None  # what the screen shows now (a redraw when it changes)
        self.timer_shown = ""
        self.last_ping = 0.0
        self.rejected = ""  # the host's last word on a refused move of this page
        self.caught_up = False  # the first view after sitting down was taken in
        self.log_length = 0  # the log's length when last drawn (shorter: a new match)
        self.saved_version: tuple[Any, ...] = ()  # the host's table as last saved

    def _first_ui(self, settings: st.Settings, touch: bool) -> UIState:
        """The table's look at the start, from the settings, with the online figures."""
        ui = UIState.of(
            lang=settings.lang,
            style=st.card_style(settings, None),
            anim=settings.speed != "0",
            touch=touch,
            sound=settings.sound,
            stats_words="stats_line_online",
        )
        online, notice = stats_mod.load_stats(self.store, stats_mod.KEY_ONLINE)
        self._check(notice)
        ui.look.stats = (online.matches, online.wins)  # the table shows the online figures
        return ui

    # ------------------------------------------------------------ start-up

    def start(self) -> None:
        """Show the first screen; a host with a saved table, or a guest with a seat at
        this table, goes straight back to it."""
        if self.role == "host":
            self._take_back()
        elif self.phase is Phase.TABLES:
            self.show_tables()
        elif self.phase is Phase.JOIN:
            kept = self._kept_seat()
            if kept is not None:
                self._sit_down(kept["name"], kept["secret"])
        self._render()

    def adopt(self, fragment: str) -> bool:
        """A seat moved here from another device: the link's fragment ``seat=TOKEN`` (and
        ``name=``) is kept as this device's seat at the table, so the page sits down on
        it. The fragment is read here only; nothing sends it anywhere but the server.

        An invitation's fragment (``screens.invitation_fragment``: the host's name and
        the rules) is kept for the join form. True when a seat was taken in; anything
        else in the fragment is ignored."""
        from app.url import parse_query

        fields = parse_query("?" + fragment.lstrip("#"))
        if self.role == "guest":
            self.invitation = screens.read_invitation(fields)
        token, name = fields.get("seat", ""), fields.get("name", "")
        if not (self.server and self.table_id and SEAT_TOKEN.fullmatch(token)):
            return False
        try:
            name = protocol.clean_name(name or self._stored_name() or "?")
        except ProtocolError:
            name = "?"
        self._keep_seat(name, token)
        return True

    def _take_back(self) -> None:
        """The host's saved table, if it is this one."""
        saved = self._load(KEY_HOST)
        if not (isinstance(saved, dict) and saved.get("id") == self.table_id and self.table_id):
            return
        try:
            self._seat_referee(self._referee_from(saved["table"]))
        except (engine.InvalidInputError, KeyError, TypeError, ValueError) as e:
            self._warn(f"Schwimmen: the saved online table cannot be used: {e}")
            # set aside, and said: the next start is clean, the text is kept as a backup
            self._check(self.store.quarantine(KEY_HOST, f"cannot be used: {str(e)[:200]}"))
            return
        assert self.ref is not None
        self.phase = Phase.TABLE if self.ref.match is not None else Phase.LOBBY
        self._catch_up()
        self._connect({"id": saved["id"], "token": saved.get("token", "")})

    # ------------------------------------------------------------ intents

    def handle(self, intent: Mapping[str, Any]) -> None:
        """One intent from the page (the same kinds as ``Controller.handle``): at the
        table the screen's own go to the session."""
        if self.phase is Phase.TABLE and self.session is not None and not self.leaving:
            self.session.handle(intent)
        elif intent.get("type") == "action":
            self.press(str(intent.get("action")), intent.get("form"))
        elif intent.get("type") == "escape" and self.leaving:
            self.press("leave-cancel")

    def press(self, name: str, form: Mapping[str, Any] | None = None) -> None:
        """A button: a control name or, at the table, an action text."""
        if self.phase is Phase.TABLE and self.session is not None and not self.leaving:
            self.session.press(name, form)
        else:
            self._control(name, form)

    def take_focus(self) -> str:
        return self.ui.panels.take_focus()

    def play(self, action: Action | str) -> bool:
        """The person's move, if their seat may make it now (the session checks it)."""
        return self.session is not None and self.session.play(action)

    def _control(self, name: str, form: Mapping[str, Any] | None) -> bool:
        """The room's own controls (the session asks before it takes a name for a move)."""
        if self._owner_control(name):
            pass
        elif name == "host" and self.phase is Phase.SETUP and self.server:
            self.create_table(dict(form or {}))
        elif name == "my-tables" and self.server:
            self.show_tables()
        elif name == "new-table" and self.server:
            self.phase = Phase.SETUP
            self._render()
        elif name in ("remind-on", "remind-off") and self.server:
            self.ask_reminders(name == "remind-on")
        elif name == "seat-move":  # the browser opens or closes the panel itself
            self.seat_move_open = not self.seat_move_open
        elif name == "copy-seat-link" and self._seat_url():
            self.host.copy(self._seat_url(), self._seat_link_copied, link="seat-link")
        elif name == "host" and self.role == "host" and self.phase is Phase.SETUP:
            self.open_table(dict(form or {}))
        elif name == "join" and self.role == "guest" and self.phase is Phase.JOIN:
            self._sit_down(str((form or {}).get("name", "")), None)
        elif name in ("close-online", "leave-online"):
            self._ask_to_leave()
        elif name in ("leave-confirm", "leave-cancel"):
            self.leaving = False
            if name == "leave-confirm":
                self.leave()
                return True
            self.ui.panels.focus = "act-leave-online"
            self._render()
        elif name == "share-invite" and self._invite():
            title = screens.tr("share_title", self.ui.lang)
            self.host.share(self._invite(), title, self._shared)
        elif name == "retry-online":
            self.retry()
        elif name == "reload":
            self.host.reload()
        elif name == "dismiss-notices":
            self.notices = []
            self._render()
        elif name == "start-online" and self.ref is not None and self.ref.match is None:
            self._send_all(self.ref.start(self.seed_source()))
            self.phase = Phase.TABLE
            self._update()
        elif name.startswith("seat-") and self.ref is not None and self.ref.match is None:
            self._set_seat(name)
        elif name in ("rematch", "new-match") and self.ref is not None and self.ref.ended:
            self._send_all(self.ref.rematch(self.seed_source()))
            self._update()
        elif name == "new-match":  # a guest's "New match": the host decides; look at the table
            self.ui.panels.match_panel = False
            self._render()
        else:
            return False
        return True

    def _owner(self) -> bool:
        """This page holds a table server's seat 0: the creator's, who runs the lobby."""
        return bool(self.server and self.guest is not None and self.guest.seat == 0)

    def _owner_control(self, name: str) -> bool:
        """The creator's lobby controls at a table server: the same buttons as a host's,
        sent as the protocol's ``seat``, ``start`` and ``rematch`` (the server refuses
        them from any other seat)."""
        if not self._owner() or self.state != "open":
            return False
        started = bool(self.guest and (self.guest.lobby or {}).get("started"))
        if name == "start-online" and not started:
            text = protocol.start()
        elif name in ("rematch", "new-match") and self._over() is not None:
            text = protocol.rematch()
        elif name.startswith("seat-") and name.count("-") == 2 and not started:
            _, kind, number = name.split("-", 2)
            if kind not in ("bot", "open") or not number.isdigit():
                return False
            text = protocol.set_seat(int(number), kind)
        else:
            return False
        self.net.send(None, text)
        return True

    def _ask_to_leave(self) -> None:
        """Leaving cannot be undone at a running table: ask first, saying where it leads.
        Before a table is open (the dialog, the join form) there is nothing to lose."""
        stuck = self.state == "unreachable" or bool(self.guest and self.guest.update_needed)
        if self.phase in (Phase.SETUP, Phase.JOIN, Phase.PROBLEM, Phase.TABLES) or stuck:
            self.leave()
            return
        self.leaving = True
        self.ui.panels.focus = "act-leave-cancel"
        self._render()

    def _moved(self, action: Action) -> None:
        """The person's move (real seat numbers): the host's goes to the referee, a
        guest's to the host (who checks it again)."""
        if self.ref is not None:
            try:
                self._send_all(self.ref.host_act(action))
            except ProtocolError as e:  # the referee refused (the timer ran out just now)
                self.rejected = e.detail
                if self.session is not None:
                    self.session.refused()
        elif self.guest is not None:
            self.net.send(None, self.guest.act(action))

    # ------------------------------------------------------------ host: opening a table

    def open_table(self, form: dict[str, Any]) -> None:
        """The dialog's "Open a table": check the choices, set up the referee, and
        register the table with the signalling service."""
        draft = screens.read_dialog(form, self.draft)
        self.draft = draft
        try:
            name = protocol.clean_name(draft.name)
            config = self._config(draft)
        except ProtocolError as e:
            self.problem = e.detail
            self._render()
            return
        except engine.InvalidInputError as e:
            self.problem = str(e)
            self._render()
            return
        self.problem = ""
        self._store_name(name)
        self._seat_referee(
            Referee(config, name, clock=self.clock, bot_names=BOT_NAMES, timing=self._timing())
        )
        self.phase = Phase.LOBBY
        self._connect(None)
        self._update()

    def _move_times(self) -> tuple[int, ...]:
        """The times a move may take: a table server's tables wait for days too."""
        return protocol.MOVE_TIMES if self.server else protocol.LIVE_MOVE_TIMES

    def create_table(self, form: dict[str, Any]) -> None:
        """The dialog's "Open a table" on a table server's page: the same checks as a
        host's, then the server is asked for the table (``net_created`` sits down)."""
        draft = screens.read_dialog(form, self.draft, self._move_times())
        self.draft = draft
        try:
            name = protocol.clean_name(draft.name)
            config = self._config(draft)
        except (ProtocolError, engine.InvalidInputError) as e:
            self.problem = e.detail if isinstance(e, ProtocolError) else str(e)
            self._render()
            return
        if self.creating:
            return  # a double click: the first call is on its way
        self.problem, self.creating = "", True
        self._store_name(name)
        calls: ServerCalls = self.net  # type: ignore[assignment]
        calls.create(
            {
                "name": name,
                "players": config.players,
                "preset": config.preset,
                "rules": config.rules.to_dict(),
                "move_time": config.move_time,
                "on_timeout": config.on_timeout,
                "bot_level": config.bot_level,
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
            detail = error or screens.tr("detail_server", self.ui.lang)
            self.remind_note = screens.tr("remind_failed", self.ui.lang, detail=detail)
            self._render()
            return
        self.creating = False
        self.problem = error or screens.tr("detail_server", self.ui.lang)
        if self.phase is Phase.TABLES:
            self.listing = []
        self._render()

    def ask_reminders(self, on: bool) -> None:
        """The seat's "Remind me" switch: the browser asks the person's permission, the
        server keeps the subscription (``net_reminded`` says how it went)."""
        guest = self.guest
        if guest is None or not guest.secret or not self.table_id:
            return
        self.remind_note = ""
        calls: ServerCalls = self.net  # type: ignore[assignment]
        calls.remind(self.table_id, guest.secret, self.ui.lang, on)

    def net_reminded(self, on: bool, granted: bool) -> None:
        """The answer to ``ask_reminders``: kept with the seat, so the switch shows its
        state on every page of this device; refused: said beside the switch."""
        lang = self.ui.lang
        if on and not granted:
            self.remind_note = screens.tr("remind_denied", lang)
        else:
            self.reminders = on
            self.remind_note = screens.tr("reminders_set", lang) if on else ""
            self._keep_remind(on)
        self._render()

    def show_tables(self) -> None:
        """"My tables": ask the server about every seat this device keeps."""
        self.phase, self.listing, self.problem = Phase.TABLES, None, ""
        seats = self._load(KEY_SERVER)
        held = [
            {"table": t, "token": s["secret"]}
            for t, s in (seats.items() if isinstance(seats, dict) else ())
            if isinstance(s, dict) and isinstance(s.get("secret"), str)
        ]
        if held:
            calls: ServerCalls = self.net  # type: ignore[assignment]
            calls.my_tables(held[-KEEP_SERVER_TABLES:])
        else:
            self.listing = []
        self._render()

    def net_tables(self, rows: Any) -> None:
        """The server's answer for "My tables": the seats it knows, latest kept first."""
        if self.phase is not Phase.TABLES:
            return
        rows = [r for r in rows if isinstance(r, dict)] if isinstance(rows, list) else []
        seats = self._load(KEY_SERVER)
        order = list(seats) if isinstance(seats, dict) else []
        rank = {t: i for i, t in enumerate(order)}
        self.listing = sorted(rows, key=lambda r: -rank.get(str(r.get("table")), -1))
        self._render()

    def _config(self, draft: screens.Draft) -> TableConfig:
        s = self.settings
        preset = st.CUSTOM if draft.preset == "custom" else draft.preset
        chosen = dataclasses.replace(
            s, preset=preset, lives=draft.lives, mistery=draft.mistery, luegen=draft.luegen
        )
        _, rules, notice = st.resolve(chosen)
        if notice is not None:
            raise engine.InvalidInputError(notice.message)
        return TableConfig(
            rules,
            players=draft.players,
            preset=draft.preset if draft.preset in engine.PRESETS else "custom",
            move_time=draft.move_time,
            on_timeout=draft.on_timeout,
            bot_level=draft.bot_level,
        )

    def _timing(self) -> Timing:
        pause = st.timings(self.settings)[1]
        factor = 0 if pause == 0 else pause / BOT_MS
        return Timing(bot_ms=BOT_MS * factor, deal_ms=DEAL_MS * factor)

    def _referee_from(self, data: Any) -> Referee:
        return Referee.from_dict(data, clock=self.clock, bot_names=BOT_NAMES, timing=self._timing())

    def _seat_referee(self, ref: Referee) -> None:
        self.ref = ref
        self._screen(HostSeats(ref, self._moved))

    def _set_seat(self, name: str) -> None:
        assert self.ref is not None
        _, kind, number = name.split("-", 2) if name.count("-") == 2 else ("", "", "")
        if kind not in ("bot", "open") or not number.isdigit():
            return
        try:
            out = self.ref.set_seat(int(number), SeatKind(kind))
        except engine.InvalidInputError:
            return
        self._send_all(out)
        self._update()

    # ------------------------------------------------------------ guest: sitting down

    def _sit_down(self, name: str, secret: str | None) -> None:
        try:
            name = protocol.clean_name(name)
        except ProtocolError as e:
            self.problem = screens.join_problem(e.detail, self.ui.lang)
            self._render()
            return
        self.problem = ""
        self._store_name(name)
        kept: Mapping[str, Any] = self._kept_seat() or {}
        self.reminders = bool(secret) and kept.get("remind") is True
        self.guest = Guest(name, clock=self.clock, secret=secret)
        self._screen(GuestSeats(self.guest, self._moved))
        self.phase = Phase.LOBBY
        self._connect(self.table_id)
        self._render()

    def _screen(self, seats: SeatSource) -> None:
        """The table screen over ``seats`` (drawn once the match runs)."""
        self.session = TableSession(
            self.host,
            seats,
            self.ui,
            controls=self._control,
            remember_sound=self._remember_sound,
            flight_ms=lambda: st.timings(self.settings)[0],
            pause=lambda ms: 0 if st.timings(self.settings)[1] == 0 else ms,
            prepare=self._prepare_table,
            moved=lambda: self._update(draw=False),  # the session has drawn the move
        )

    def _remember_sound(self, on: bool) -> None:
        self.settings = dataclasses.replace(self.settings, sound=on)
        self.ui.look.sound = on
        self._check(st.remember(self.store, self.settings.lang, sound=on))

    # ------------------------------------------------------------ the transport's reports

    def _connect(self, target: Any) -> None:
        self.state, self.detail = "connecting", ""
        self.net.open(target)

    def refresh(self) -> None:
        """The transport's library has loaded: the dialog names its servers, the lobby
        shows the QR code. A form being filled in is not drawn anew (that would wipe
        what was typed): only the dialog's note on the servers is."""
        if self.phase in (Phase.SETUP, Phase.JOIN):
            if self.phase is Phase.SETUP:
                self.host.replace(
                    "online-servers", screens.servers_note(self.servers, self.ui.lang)
                )
            return
        self._render()

    def retry(self) -> None:
        """Try the connection again after it failed."""
        if self.ref is not None:
            self._connect(self.net.identity())
        elif self.guest is not None:
            self._connect(self.table_id)
        self._render()

    def net_state(self, state: str, detail: str = "") -> None:
        """The transport's state changed (``static/net.mjs`` STATES)."""
        self.state, self.detail = str(state), str(detail or "")
        if state == "open" and self.guest is not None:
            self.net.send(None, self.guest.hello())  # (again) with the secret, if kept
        if state == "open" and self.ref is not None:
            self._save()  # the id and token now belong to this table
            identity = self.net.identity()
            if identity:
                self.host.hosting(identity["id"])
        self._render()

    def net_message(self, conn: str, text: Any) -> None:
        """A message arrived: from guest link ``conn`` (host) or from the host (guest)."""
        if self.ref is not None:
            self._send_all(self.ref.receive(conn, text))
            self._update(draw=False)  # a ping changes nothing: no saving, no drawing
            return
        if self.guest is None:
            return
        try:
            message = self.guest.receive(text)
        except ProtocolError as e:
            if self.guest.update_needed is None:
                self._warn(f"Schwimmen: a message from the host was refused: {e}")
                self.refused = e.detail  # said on the screen until a good message comes
            self._render()
            return
        if message.kind in ("welcome", "lobby", "state"):
            self.refused = ""
        if message.kind == "welcome":
            self._keep_seat(self.guest.name, self.guest.secret or "")
            self.caught_up = False
        elif message.kind == "state" and not self.caught_up:
            self._catch_up()
        elif message.kind == "rejected":
            self._guest_rejected(message.body)
        started = bool(self.guest.lobby and self.guest.lobby.get("started"))
        if message.kind in ("state", "lobby") and started:
            self.phase = Phase.TABLE
        if message.kind == "over":
            self._count_match()
        self._render()

    def _catch_up(self) -> None:
        """Back at a running match (a reload): the deals that ended before are not
        shown again, and the moves before are not flown again."""
        self.caught_up = True
        if self.session is not None:
            self.session.caught_up()

    def _guest_rejected(self, body: dict[str, Any]) -> None:
        assert self.guest is not None
        reason = body.get("reason")
        if reason == Reason.BAD_SECRET:  # the host no longer knows this seat: sit down anew
            self.guest.secret = None
            self._forget_seat()
            self.net.send(None, self.guest.hello())
        elif reason == Reason.BAD_NAME and self.guest.seat is None:  # the host's name, say
            detail = str(body.get("detail") or reason)
            self.phase, self.problem = Phase.JOIN, screens.join_problem(detail, self.ui.lang)
            self.net.close()
        elif reason in (Reason.TABLE_FULL, Reason.STARTED):
            self.phase = Phase.PROBLEM
            self.problem = screens.tr(
                "full" if reason == Reason.TABLE_FULL else "started", self.ui.lang
            )
        else:
            self.rejected = str(body.get("detail") or reason)
        if self.session is not None:
            self.session.refused()

    def _shared(self, said: str) -> None:
        """The invite was shared or copied, or could not be: said next to its button
        (patched in, so the focus stays on the button; kept for the next drawing)."""
        self.invite_said = self._said(said, "invite-said")

    def _seat_link_copied(self, said: str) -> None:
        """The seat's link was copied, or could not be: said like the invite's."""
        self.seat_link_said = self._said(said, "seat-link-said")

    def _said(self, said: str, testid: str) -> str:
        kept = said if said in ("shared", "copied", "failed") else ""
        self.host.patch(testid, screens.tr("said_" + kept, self.ui.lang) if kept else "")
        return kept

    def net_closed(self, conn: str) -> None:
        """Host: the link to a guest closed."""
        if self.ref is not None:
            self._send_all(self.ref.disconnected(conn))
            self._update(draw=False)

    def tick(self) -> None:
        """Called every :data:`TICK_MS`: the referee's clock (bots, timers, absent guests),
        a guest's ping, and the running timer on the screen."""
        if self.ref is not None:
            self._send_all(self.ref.tick())
        elif self.guest is not None and self.state == "open":
            now = self.clock()
            if now - self.last_ping >= PING_MS and self.guest.seat is not None:
                self.last_ping = now
                self.net.send(None, self.guest.ping())
        self._update(draw=False)

    def release(self) -> None:
        """The page goes away (a reload, a closed tab): nothing to say; the host sees
        the link close and keeps the seat for its person."""

    def leave(self) -> None:
        """Leave the table: a guest says bye and forgets the seat; a host closes the table
        and forgets it. The page then goes back to the game against bots."""
        if self.guest is not None and self.state == "open" and self.guest.seat is not None:
            self.net.send(None, self.guest.bye())
            started = bool((self.guest.lobby or {}).get("started"))
            # a server's table goes on ("My tables" brings it back); but a seat left in
            # the lobby is freed for someone else, and seat 0 stays the creator's
            if not self.server or not (started or self.guest.seat == 0):
                self._forget_seat()
        if self.ref is not None:
            self.store.remove(KEY_HOST)
        self.net.close()
        self.host.leave_online()

    # ------------------------------------------------------------ what the screen shows

    def _seat(self) -> int:
        return 0 if self.session is None else self.session.source.seat()

    def _real_obs(self) -> Observation | None:
        return None if self.session is None else self.session.source.observation()

    def _obs(self) -> Observation | None:
        """This page's seat's view, turned so that its person sits at seat 0."""
        return None if self.session is None else self.session.view()

    def _names(self) -> tuple[str, ...]:
        return () if self.session is None else tuple(self.ui.frame.names)

    def _lobby_body(self) -> dict[str, Any] | None:
        if self.ref is not None:
            return self.ref.lobby()
        return None if self.guest is None else self.guest.lobby

    def _preset(self) -> str:
        """The table's preset as the lobby names it (``custom`` for rules of the host's)."""
        preset = (self._lobby_body() or {}).get("preset")
        return preset if isinstance(preset, str) and preset in engine.PRESETS else "custom"

    def _over(self) -> dict[str, Any] | None:
        """How the match ended (``reason``, ``lives``, ``places``), or None."""
        if self.ref is not None:
            m = self.ref.match
            if self.ref.ended is None or m is None:
                return None
            return {"reason": self.ref.ended, "lives": m.lives(), "places": m.places()}
        return None if self.guest is None else self.guest.over

    def _time_left(self) -> tuple[int, float] | None:
        if self.ref is not None:
            return self.ref.time_left()
        return None if self.guest is None else self.guest.time_left()

    def _version(self) -> tuple[Any, ...]:
        """What changes the host's saved table."""
        ref = self.ref
        if ref is None:
            return ()
        moves = -1 if ref.match is None else len(ref.match.actions)
        return (moves, ref.ended, tuple((s.kind, s.name, s.away) for s in ref.seats))

    def _screen_key(self) -> tuple[Any, ...]:
        """What the screen shows, but the running clock."""
        obs = self._real_obs()
        lobby = self._lobby_body()
        over = self._over()
        return (
            self.phase,
            self.state,
            self.detail,
            self.leaving,
            None if obs is None else (len(obs.log), obs.current, obs.phase),
            None if lobby is None else repr(lobby),
            None if over is None else over.get("reason"),
            self.guest.update_needed is not None if self.guest is not None else False,
            None if self.listing is None else repr(self.listing),
            self.creating,
            self.problem,
            self.reminders,
            self.remind_note,
        )

    def _render(self) -> None:
        self.shown_key = self._screen_key()
        self.ui.panels.notices = list(self.notices)
        content = self._shell_content()
        if content is not None:
            self._shell(content, Mode.BUSY)
        elif self.session is not None:
            self.session.refresh()

    def _shell_content(self) -> str | None:
        """The screen when it is not the table (a problem, the dialog, the join form, the
        lobby, the question before leaving), or None at the table."""
        lang = self.ui.lang
        if self.guest is not None and self.guest.update_needed is not None:
            which = self.guest.update_needed.get("reload")
            return screens.problem_screen(
                screens.tr("state_closed", lang),
                screens.tr("update_guest" if which == "guest" else "update_host", lang),
                lang,
                retry=False,
                reload=which == "guest",
            )
        if self.state == "unreachable":
            text = screens.detail_text(self.detail, lang, bool(self.server)) if self.detail else ""
            return screens.problem_screen(
                screens.tr("state_unreachable", lang), text, lang, retry=True
            )
        if self.leaving:
            return screens.leave_question(self.ref is not None, lang, server=bool(self.server))
        if self.phase is Phase.TABLES:
            return self._tables_content()
        if self.phase is Phase.SETUP:
            custom = self.settings.preset == st.CUSTOM
            problem = self.problem or (screens.tr("creating", lang) if self.creating else "")
            return screens.dialog(
                self.draft,
                lang,
                self.servers,
                custom=custom,
                problem=problem,
                move_times=self._move_times(),
                server=self.server,
            )
        if self.phase is Phase.JOIN:
            return screens.join_screen(
                self.draft.name, lang, self.problem, self.invitation, server=bool(self.server)
            )
        if self.phase is Phase.PROBLEM:
            title = screens.tr("lobby", lang)
            return screens.problem_screen(title, self.problem, lang, retry=False)
        if self.phase is Phase.LOBBY or self._real_obs() is None:
            return self._lobby_content()
        return None

    def _tables_content(self) -> str:
        lang = self.ui.lang
        shown = server_screens.my_tables(self.listing, self.invite_base, lang)
        if self.problem:
            note = (
                f'<p class="settings-error" role="alert" data-testid="online-error">'
                f"{esc(self.problem)}</p>"
            )
            shown = shown.replace('<div class="buttons">', note + '<div class="buttons">', 1)
        return shown

    def _lobby_content(self) -> str:
        lang = self.ui.lang
        status = screens.status_line(self.state, self.detail, lang, bool(self.server))
        lobby = self._lobby_body()
        if lobby is None:
            return f'<div class="online-layer">{status}</div>'
        invite = self._invite()
        return screens.lobby(
            lobby,
            self._seat() if self.ref is None else 0,
            lang,
            host=self.ref is not None or self._owner(),
            invite=invite,
            qr=self.qr(invite) if invite else (),
            status=status,
            said=self.invite_said,
        )

    def _prepare_table(self) -> None:
        """Before the table is drawn: what only an online table shows (the connection
        line and the move timer, the rematch, a refused move, the rule set's words)."""
        ui, obs = self.ui, self._real_obs()
        self.shown_key = self._screen_key()  # the session draws the table now
        self._count_match()  # a match the last move ended counts before it is drawn
        if obs is not None and len(obs.log) < self.log_length and self.session is not None:
            self.session.restart()  # a rematch: a new match's deals and moves
        self.log_length = 0 if obs is None else len(obs.log)
        preset = self._preset()
        ui.look.preset = preset if preset in engine.PRESETS else st.CUSTOM_BASE
        ui.look.custom = preset == "custom"
        ui.look.start_lives = obs.rules.lives if obs is not None else ui.look.start_lives
        self.timer_shown = self._timer()
        status = screens.status_line(self.state, self.detail, ui.lang, bool(self.server))
        ui.look.online_bar = screens.bar(status, self.timer_shown, ui.lang, extra=self._bar_extra())

    def _bar_extra(self) -> str:
        """The bar's second line: how the match ended, the rematch, a refused move."""
        ui, extra = self.ui, ""
        over = self._over()
        if over is not None:
            if over.get("reason") == "timeout":
                note = esc(screens.tr("timeout_over", ui.lang))
                extra = f'<p class="online-note" role="status">{note}</p>'
            if self.ref is not None or self._owner():
                extra += button("rematch", screens.tr("rematch", ui.lang), cls="primary")
        if self.rejected:
            extra += (
                f'<p class="online-note" role="alert">'
                f"{esc(screens.tr('rejected', ui.lang, detail=self.rejected))}</p>"
            )
            self.rejected = ""
        return extra + self._refused_note() + self._seat_move() + self._reminders()

    def _reminders(self) -> str:
        """A table server's seat: the switch for its reminders by Web Push."""
        guest = self.guest
        if not (self.server and guest and guest.secret):
            return ""
        return server_screens.reminders(self.reminders, self.remind_note, self.ui.lang)

    def _seat_move(self) -> str:
        """A table server's seat, to take to another device: its link and QR code."""
        url = self._seat_url()
        if not url:
            return ""
        return server_screens.seat_link(
            url, self.qr(url), self.ui.lang, self.seat_move_open, self.seat_link_said
        )

    def _seat_url(self) -> str:
        """The link of a table server's seat: its fragment holds the seat's token (and
        the name); "" where there is none."""
        guest = self.guest
        if not (self.server and guest and guest.secret and self.invite_base):
            return ""
        fragment = f"#seat={guest.secret}&name={quote(guest.name)}"
        return self.invite_base + quote(self.table_id) + fragment

    def _refused_note(self) -> str:
        """This guest refused the host's last message (it did not fit together, or was
        unreadable) and shows what it had before; said until a good message comes."""
        if not self.refused:
            return ""
        text = esc(screens.tr("refused", self.ui.lang, detail=self.refused[:200]))
        return f'<p class="online-note" role="alert" data-testid="refused">{text}</p>'

    def _timer(self) -> str:
        left = self._time_left()
        obs = self._real_obs()
        if left is None or obs is None:
            return ""
        seat = (left[0] - self._seat()) % obs.players
        return screens.timer_text(seat, left[1], self.ui.frame.names, self.ui.lang)

    def _show_timer(self) -> None:
        text = self._timer() if self.phase is Phase.TABLE else ""
        if text == self.timer_shown:
            return
        self.timer_shown = text
        self.host.patch("move-timer", text)

    def _shell(self, content: str, state: Mode) -> None:
        """A screen that is not the table: the title and one panel."""
        self.ui.frame = dataclasses.replace(self.ui.frame, mode=state)  # no moves under it
        title = screens.tr("online", self.ui.lang)
        banner = notices.banner(self.notices, self.ui.lang)
        markup = (
            f'<div class="game online-page" data-mode="{state}">'
            '<header class="topbar"><h1 class="title">Schwimmen '
            f'<span class="variant">{esc(title)}</span></h1></header>'
            f"{banner}<main>{self._refused_note()}{content}</main></div>"
        )
        self.host.show(markup, [], state)

    def _invite(self) -> str:
        """The invite link, its fragment naming the host and the rules for the join
        form (which knows nothing of the table before the guest sits down)."""
        lobby = self._lobby_body()
        fragment = screens.invitation_fragment(lobby) if lobby is not None else ""
        if self._owner() and self.invite_base:
            return self.invite_base + quote(self.table_id) + fragment
        identity = self.net.identity() if self.ref is not None else None
        if not identity or not self.invite_base:
            return ""
        return self.invite_base + quote(identity["id"]) + fragment

    # ------------------------------------------------------------ saving and statistics

    def _update(self, *, draw: bool = True) -> None:
        """After the referee may have changed the table: save it and count a finished
        match when it did (not for every ping), then draw the screen (``draw=False``:
        only when what it shows changed; else just the running clock)."""
        if self._version() != self.saved_version:
            self._save()
            self._count_match()
        if draw or self._screen_key() != self.shown_key:
            self._render()
        else:
            self._show_timer()

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
        self._check(self.store.save(KEY_HOST, record, VERSION))
        self.saved_version = self._version()

    def _match_id(self, obs: Observation) -> str:
        if self.ref is not None:
            identity = self.net.identity() or {}
            moves = len(self.ref.match.actions) if self.ref.match else 0
            return f"host:{identity.get('id', '')}:{self.ref.seed}:{moves}"
        seat = self.guest and self.guest.seat
        return f"guest:{self.table_id}:{len(obs.log)}:{seat}"

    def _count_match(self) -> None:
        """Once per online match that ended by play: this person's place, counted in the
        online statistics (apart from the matches against bots)."""
        over, obs = self._over(), self._real_obs()
        if over is None or over.get("reason") != "end" or obs is None or self.session is None:
            return
        match_id = self._match_id(obs)
        counted, _ = self.store.load(KEY_COUNTED, VERSION, default=[])
        counted = [c for c in counted if isinstance(c, str)] if isinstance(counted, list) else []
        places = over.get("places") or []
        seat = self._seat()
        if match_id in counted or seat >= len(places):
            return
        place = int(places[seat])
        stats, _ = stats_mod.load_stats(self.store, stats_mod.KEY_ONLINE)
        outcome = self.session.source.outcome()
        crown = bool(outcome and outcome.crown) and place == 1
        preset = self._preset()
        try:
            stats.record_match(preset, place=place, players=obs.players, crown=crown)
        except engine.InvalidInputError as e:
            self._warn(f"Schwimmen: the online match was not counted: {e}")
            return
        self._check(stats_mod.save_stats(self.store, stats, stats_mod.KEY_ONLINE))
        self.ui.look.stats = (stats.matches, stats.wins)
        self._check(self.store.save(KEY_COUNTED, [*counted, match_id][-50:], VERSION))

    def _check(self, notice: Notice | None) -> None:
        """A notice about stored data: in the console, and in the banner (the last 8)."""
        if notice is not None:
            self._warn(f"Schwimmen: {notice.message}")
            self.notices = [*self.notices, notice][-8:]

    def _load(self, key: str) -> Any:
        value, notice = self.store.load(key, VERSION)
        self._check(notice)
        return value

    def _stored_name(self) -> str:
        name = self._load(KEY_NAME)
        return name if isinstance(name, str) else ""

    def _store_name(self, name: str) -> None:
        self._check(self.store.save(KEY_NAME, name, VERSION))

    def _seats_key(self) -> str:
        return KEY_SERVER if self.server else KEY_GUEST

    def _kept_seat(self) -> dict[str, str] | None:
        seats = self._load(self._seats_key())
        kept = seats.get(self.table_id) if isinstance(seats, dict) else None
        if (
            isinstance(kept, dict)
            and isinstance(kept.get("name"), str)
            and isinstance(kept.get("secret"), str)
        ):
            return kept
        return None

    def _keep_seat(self, name: str, secret: str) -> None:
        key = self._seats_key()
        seats = self._load(key)
        seats = dict(seats) if isinstance(seats, dict) else {}
        before = seats.pop(self.table_id, None)
        seats[self.table_id] = {"name": name, "secret": secret}
        if isinstance(before, dict) and before.get("secret") == secret and "remind" in before:
            seats[self.table_id]["remind"] = before["remind"] is True  # the same seat's
        while len(seats) > (KEEP_SERVER_TABLES if self.server else KEEP_GUEST_TABLES):
            seats.pop(next(iter(seats)))
        self._check(self.store.save(key, seats, VERSION))

    def _keep_remind(self, on: bool) -> None:
        """The reminders' state beside this table's kept seat (a server's)."""
        seats = self._load(KEY_SERVER)
        kept = seats.get(self.table_id) if isinstance(seats, dict) else None
        if isinstance(kept, dict):
            seats = {**seats, self.table_id: {**kept, "remind": on}}
            self._check(self.store.save(KEY_SERVER, seats, VERSION))

    def _forget_seat(self) -> None:
        key = self._seats_key()
        seats = self._load(key)
        if isinstance(seats, dict) and self.table_id in seats:
            seats = {k: v for k, v in seats.items() if k != self.table_id}
            self._check(self.store.save(key, seats, VERSION))

    # ------------------------------------------------------------ sending

    def _send_all(self, out: Sequence[tuple[str, str]]) -> None:
        for conn, text in out:
            self.net.send(conn, text)

    def _warn(self, text: str) -> None:
        self.host.warn(text)
