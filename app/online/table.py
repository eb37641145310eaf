"""An online table on one page: its host's or a guest's screen, moves and connection.

``OnlineTable`` is to online play what ``app.controller.Controller`` is to a match
against bots: the page hands it intents (``handle``), calls ``tick()`` a few times a
second and gives it what the transport reports; it draws through the same host
(``show``, ``later``, ``animate``, ``sound``, ``patch``) and never touches the DOM or the
network itself. It talks to the transport (``app.online.page`` over ``static/net.mjs``,
a fake hub in tests) through three calls, see :class:`Net`, and hears back through
:meth:`OnlineTable.net_state`, :meth:`OnlineTable.net_message` and
:meth:`OnlineTable.net_closed`.

- The **host** (``role="host"``) holds the ``Referee``: the engine runs only here. Its
  moves go to ``Referee.host_act``; every guest's text to ``Referee.receive``; what the
  referee says to send goes out at once. The table is saved after every change, with
  the transport's id and token, so a reload takes the same table back.
- A **guest** (``role="guest"``) holds a ``Guest``: it sends its moves as action texts
  and draws the view the host sent (``Guest.observation``). It keeps its seat's secret
  (and its name) per table, so a reload sits down on the same seat.

Both draw the table with ``app.table.view.render`` from their seat's observation,
turned by ``app.seating`` so that the person at the page sits at seat 0 (the page
contract holds for each person), and choose moves with ``app.table.choosing``.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol

import engine
from app import seating
from app.escape import escape as esc
from app.i18n import BOT_NAMES
from app.online import screens
from app.settings import model as st
from app.stats import model as stats_mod
from app.storage import Notice, Store
from app.table import choosing, coach, keys, log, story, view
from app.table.parts import button
from app.table.view import UIState
from engine import Action, EventKind
from engine.online import protocol
from engine.online.guest import Guest
from engine.online.protocol import ProtocolError, Reason
from engine.online.referee import Referee, SeatKind, TableConfig, Timing

KEY_HOST = "online-host"  # the host's table: the referee's record, the transport's id and token
KEY_GUEST = "online-guest"  # a guest's seats: table id -> {"name", "secret"} (a few tables)
KEY_NAME = "online-name"  # the name last given, offered next time
KEY_COUNTED = "online-counted"  # the online matches already counted (ids), against a double count
VERSION = 1  # of the records above
TICK_MS = 250  # how often the page calls tick(): the referee's clock, timers, pings
PING_MS = 5000  # a guest says it is there this often (silent for 15 s counts as away)
BOT_MS = 650  # the pause before a bot's move at normal speed (as app.controller's)
DEAL_MS = 4000  # the pause after a deal, to read its result
KEEP_GUEST_TABLES = 8  # a guest remembers its seat at this many tables at most


class Net(Protocol):
    """The transport, as the table uses it."""

    def open(self, target: Any) -> None:
        """Host: register the table (``target``: a kept ``{"id", "token"}`` or None);
        guest: connect to the table whose id is ``target``."""

    def send(self, conn: str | None, text: str) -> None:
        """Host: to the guest link ``conn``; guest: to the host (``conn`` None)."""

    def close(self) -> None:
        """Close every connection."""

    def identity(self) -> dict[str, str] | None:
        """Host: the id and token of the registered table (None before)."""


class OnlineTable:
    """One page's part of an online table (see the module text)."""

    def __init__(
        self,
        host: Any,
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
    ) -> None:
        if role not in ("host", "guest"):
            raise ValueError(f"role {role!r}: host or guest")
        self.host, self.net, self.store = host, net, store
        self.role, self.clock = role, clock
        self.settings = settings
        self.invite_base = invite_base  # the join URL without the table's id
        self.table_id = table_id
        self.servers = servers or {}
        self.qr = qr or (lambda _text: ())
        self.seed_source = seed_source or (lambda: random.SystemRandom().getrandbits(31))
        self.ref: Referee | None = None
        self.guest: Guest | None = None
        self.phase = "setup" if role == "host" else "join"
        self.state, self.detail = "", ""  # the transport's state and its detail
        self.problem = ""  # why the dialog or join form was refused
        self.draft = screens.Draft(name=self._stored_name(), players=4)
        self.ui = UIState(
            lang=settings.lang,
            style=st.card_style(settings, None),
            anim=settings.speed != "0",
            touch=touch,
            sound=settings.sound,
        )
        self.deal_seen = 0  # the last deal whose result was put away
        self.drawn = 0  # the log's events up to here are on the screen
        self.shown_key: Any = None  # what the screen shows now (a redraw when it changes)
        self.timer_shown = ""
        self.last_ping = 0.0
        self.rejected = ""  # the host's last word on a refused move of this page
        self.caught_up = False  # the first view after sitting down was taken in
        self.log_length = 0  # the log's length when last drawn (shorter: a new match)
        self.saved_version: tuple = ()  # the host's table as last saved (``_version``)
        online, _ = stats_mod.load_stats(store, stats_mod.KEY_ONLINE)
        self.ui.stats = (online.matches, online.wins)  # the table shows the online figures
        self.ui.stats_words = "stats_line_online"

    # ------------------------------------------------------------ start-up

    def start(self) -> None:
        """Show the first screen; a host with a saved table, or a guest with a seat at
        this table, goes straight back to it."""
        if self.role == "host":
            saved = self._load(KEY_HOST)
            if isinstance(saved, dict) and saved.get("id") == self.table_id and self.table_id:
                try:
                    self.ref = self._referee_from(saved["table"])
                except (engine.InvalidInputError, KeyError, TypeError) as e:
                    self._warn(f"Schwimmen: the saved online table cannot be used: {e}")
                    self.ref = None
                if self.ref is not None:
                    self.phase = "table" if self.ref.match is not None else "lobby"
                    self._catch_up()
                    self._connect({"id": saved["id"], "token": saved.get("token", "")})
        else:
            kept = self._kept_seat()
            if kept is not None:
                self._sit_down(kept["name"], kept["secret"])
        self._render()

    # ------------------------------------------------------------ intents

    def handle(self, intent: dict[str, Any]) -> None:
        """One intent from the page (the same kinds as ``Controller.handle``)."""
        kind = intent.get("type")
        if kind == "card":
            self._chosen(
                choosing.tap(
                    self._obs(), self.ui, str(intent.get("zone")), str(intent.get("index"))
                )
            )
        elif kind == "drop":
            self._chosen(choosing.drag(self.ui, tuple(intent["from"]), tuple(intent["to"])))
        elif kind == "action":
            self.press(str(intent.get("action")), intent.get("form"))
        elif kind == "value":
            self.ui.announce_value = str(intent.get("value"))
            self._render()
        elif kind == "escape":
            self.escape()
        elif kind == "key":
            self.shortcut(str(intent.get("key")))

    def take_focus(self) -> str:
        return self.ui.panels.take_focus()

    def escape(self) -> None:
        """Escape closes what lies on top: rules help, the deal review, the match result."""
        if self.ui.panels.help_open:
            self.press("close-help")
        elif self.ui.panels.review_open:
            self.press("close-review")
        elif self.ui.mode == "match-over" and self.ui.match_panel and self.phase == "table":
            self.ui.match_panel = False
            self._render()
        else:
            choosing.clear(self.ui)
            self._render()

    def shortcut(self, key: str) -> None:
        if self.ui.panels.help_open or self.phase != "table":
            return
        obs = self._obs()
        legal = obs.legal_actions if obs is not None and self.ui.mode == "human" else []
        name = keys.command(key, legal, self.ui.mode)
        if name in keys.MOVES:
            self.play(name)
        elif name is not None:
            self.press(name)

    def press(self, name: str, form: dict[str, Any] | None = None) -> None:
        """A button: a control name or an action text."""
        if name == "host" and self.role == "host" and self.phase == "setup":
            self.open_table(form or {})
        elif name == "join" and self.role == "guest" and self.phase == "join":
            self._sit_down(str((form or {}).get("name", "")), None)
        elif name in ("close-online", "leave-online"):
            self.leave()
        elif name == "retry-online":
            self.retry()
        elif name == "reload":
            reload = getattr(self.host, "reload", None)
            if reload is not None:
                reload()
        elif name == "start-online" and self.ref is not None and self.ref.match is None:
            self._send_all(self.ref.start(self.seed_source()))
            self.phase = "table"
            self._update()
        elif name.startswith("seat-") and self.ref is not None and self.ref.match is None:
            self._set_seat(name)
        elif name == "rematch" and self.ref is not None and self.ref.ended is not None:
            self._send_all(self.ref.rematch(self.seed_source()))
            self._update()
        elif name == "next-deal":
            if self.ui.mode == "deal-over" and self.ui.result is not None:
                self.deal_seen = self.ui.result.deal_number
                self._render()
        elif name == "new-match" and self.ref is not None and self.ref.ended is not None:
            self.press("rematch")  # the match-over panel's "New match": the same table
        elif name in ("close-result", "new-match", "show-result"):
            self.ui.match_panel = name == "show-result"
            self._render()
        elif name in ("open-help", "close-help"):
            self.ui.panels.help_open = name == "open-help"
            self.ui.panels.focus = "act-close-help" if name == "open-help" else "act-open-help"
            self._render()
        elif name == "sound":
            self.ui.sound = not self.ui.sound
            self._render()
        elif name == "hint":
            self.show_hint()
        elif name == "review":
            self.open_review()
        elif name == "close-review":
            self.ui.panels.close_review()
            self._render()
        elif name in choosing.CONTROLS:
            choosing.control(self.ui, name)
            self._render()
        elif self.phase == "table":
            self.play(name)

    def show_hint(self) -> None:
        """The coach, as in the game against bots: it ranks this person's moves from
        their own seat's view (which is all a guest's page has)."""
        obs = self._obs()
        if obs is None or self.ui.mode != "human":
            return
        seed = len(self.ref.match.actions) if self.ref and self.ref.match else self._guest_seq()
        coach.advise(obs, self.ui, seed=seed)
        self._render()

    def _guest_seq(self) -> int:
        return 0 if self.guest is None else self.guest.mirror.seq

    def open_review(self) -> None:
        """The host's deal review (the host's page holds the match to replay it)."""
        ref = self.ref
        if ref is None or ref.match is None or self.ui.mode != "deal-over" or not self.ui.result:
            return
        self.ui.panels.open_review(ref.match, self.ui.result.deal_number, seat=0)
        self._render()

    def _chosen(self, choice: choosing.Choice) -> None:
        if self.ui.mode != "human":
            return
        if choice.action is not None and self.play(choice.action):
            return
        if choice.action is not None or choice.cleared:
            choosing.clear(self.ui)
        self._render()

    def play(self, wanted: Action | str) -> bool:
        """The person's move, if their seat may make it now: the host's goes to the
        referee, a guest's to the host (who checks it again)."""
        obs = self._obs()
        if obs is None or self.ui.mode != "human":
            return False
        try:
            action = Action.parse(wanted)
        except (ValueError, AttributeError):
            return False
        if action not in obs.legal_actions:
            return False
        real = seating.action_back(action, self._seat(), obs.players)
        choosing.clear(self.ui)
        self.ui.hints = ()  # the coach spoke about the position before this move
        self.ui.two_mode = False
        self.ui.mode = "busy"
        if self.ref is not None:
            try:
                self._send_all(self.ref.host_act(real))
            except ProtocolError as e:  # the referee refused (the timer ran out just now)
                self.rejected = e.detail
        elif self.guest is not None:
            self.net.send(None, self.guest.act(real))
        self._update()
        return True

    # ------------------------------------------------------------ host: opening a table

    def open_table(self, form: dict[str, Any]) -> None:
        """The dialog's "Open a table": check the choices, set up the referee, and
        register the table with the signalling service."""
        draft = screens.read_dialog(form, self.draft)
        self.draft = draft
        try:
            name = protocol.clean_name(draft.name)
        except ProtocolError as e:
            self.problem = e.detail
            self._render()
            return
        try:
            config = self._config(draft)
        except engine.InvalidInputError as e:
            self.problem = str(e)
            self._render()
            return
        self.problem = ""
        self._store_name(name)
        self.ref = Referee(
            config, name, clock=self.clock, bot_names=BOT_NAMES, timing=self._timing()
        )
        self.phase = "lobby"
        self._connect(None)
        self._update()

    def _config(self, draft: screens.Draft) -> TableConfig:
        s = self.settings
        if draft.preset == "custom":
            chosen = dataclasses.replace(s, preset=st.CUSTOM)
        else:
            chosen = dataclasses.replace(s, preset=draft.preset)
        chosen = dataclasses.replace(
            chosen, lives=draft.lives, mistery=draft.mistery, luegen=draft.luegen
        )
        _, rules, notice = st.resolve(chosen)
        if notice is not None:
            raise engine.InvalidInputError(notice.message)
        preset = draft.preset if draft.preset in engine.PRESETS else "custom"
        return TableConfig(
            rules,
            players=draft.players,
            preset=preset,
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
            self.problem = e.detail
            self._render()
            return
        self.problem = ""
        self._store_name(name)
        self.guest = Guest(name, clock=self.clock, secret=secret)
        self.phase = "lobby"
        self._connect(self.table_id)
        self._render()

    # ------------------------------------------------------------ the transport's reports

    def _connect(self, target: Any) -> None:
        self.state, self.detail = "connecting", ""
        self.net.open(target)

    def refresh(self) -> None:
        """The transport's library has loaded: the dialog names its servers, the lobby
        shows the QR code. A form being filled in is not drawn anew (that would wipe
        what was typed): only the dialog's note on the servers is."""
        if self.phase in ("setup", "join"):
            replace = getattr(self.host, "replace", None)
            if self.phase == "setup" and replace is not None:
                replace("online-servers", screens.servers_note(self.servers, self.ui.lang))
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
            hosting = getattr(self.host, "hosting", None)
            if identity and hosting is not None:
                hosting(identity["id"])
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
            self._render()
            return
        if message.kind == "welcome":
            self._keep_seat(self.guest.name, self.guest.secret or "")
            self.caught_up = False
        elif message.kind == "state" and not self.caught_up:
            self._catch_up()
        elif message.kind == "rejected":
            self._guest_rejected(message.body)
        started = bool(self.guest.lobby and self.guest.lobby.get("started"))
        if message.kind in ("state", "lobby") and started:
            self.phase = "table"
        if message.kind == "over":
            self._count_match()
        self._render()

    def _catch_up(self) -> None:
        """Back at a running match (a reload): the deals that ended before are not
        shown again, and the moves before are not flown again."""
        self.caught_up = True
        self.deal_seen = max((r.deal_number for r in self._results()), default=0)
        obs = self._real_obs()
        self.drawn = 0 if obs is None else len(obs.log)

    def _guest_rejected(self, body: dict[str, Any]) -> None:
        assert self.guest is not None
        reason = body.get("reason")
        if reason == Reason.BAD_SECRET:  # the host no longer knows this seat: sit down anew
            self.guest.secret = None
            self._forget_seat()
            self.net.send(None, self.guest.hello())
        elif reason in (Reason.TABLE_FULL, Reason.STARTED):
            self.phase = "problem"
            self.problem = screens.tr(
                "full" if reason == Reason.TABLE_FULL else "started", self.ui.lang
            )
        else:
            self.rejected = str(body.get("detail") or reason)

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
            self._forget_seat()
        if self.ref is not None:
            self.store.remove(KEY_HOST)
        self.net.close()
        back = getattr(self.host, "leave_online", None)
        if back is not None:
            back()

    # ------------------------------------------------------------ what the screen shows

    def _seat(self) -> int:
        if self.ref is not None:
            return 0
        return self.guest.seat if self.guest is not None and self.guest.seat is not None else 0

    def _real_obs(self) -> Any:
        if self.ref is not None:
            return None if self.ref.match is None else self.ref.match.observation(0)
        return None if self.guest is None else self.guest.observation

    def _obs(self) -> Any:
        obs = self._real_obs()
        return None if obs is None else seating.observation(obs, self._seat())

    def _names(self) -> tuple[str, ...]:
        if self.ref is not None:
            real = [s.name for s in self.ref.seats]
        elif self.guest is not None:
            real = list(self.guest.names())
        else:
            real = []
        if real:
            real[self._seat()] = ""  # the person at this page is "you"
        return seating.names(real, self._seat())

    def _lobby_body(self) -> dict[str, Any] | None:
        if self.ref is not None:
            return self.ref.lobby()
        return None if self.guest is None else self.guest.lobby

    def _over(self) -> dict[str, Any] | None:
        """How the match ended (``reason``, ``lives``, ``places``), or None."""
        if self.ref is not None:
            m = self.ref.match
            if self.ref.ended is None or m is None:
                return None
            return {"reason": self.ref.ended, "lives": m.lives(), "places": m.places()}
        return None if self.guest is None else self.guest.over

    def _results(self) -> list[Any]:
        """The finished deals' results as this seat sees them, turned to its chair."""
        if self.ref is not None:
            found = [] if self.ref.match is None else list(self.ref.match.results_for(0))
        else:
            found = [] if self.guest is None else list(self.guest.results)
        obs = self._real_obs()
        n = obs.players if obs is not None else 0
        return [seating.result(r, self._seat(), n) for r in found]

    def _time_left(self) -> tuple[int, float] | None:
        if self.ref is not None:
            return self.ref.time_left()
        return None if self.guest is None else self.guest.time_left()

    def _version(self) -> tuple:
        """What changes the host's saved table."""
        ref = self.ref
        if ref is None:
            return ()
        moves = -1 if ref.match is None else len(ref.match.actions)
        return (moves, ref.ended, tuple((s.kind, s.name, s.away) for s in ref.seats))

    def _screen_key(self) -> tuple:
        """What the screen shows, but the running clock."""
        obs = self._real_obs()
        lobby = self._lobby_body()
        over = self._over()
        return (
            self.phase,
            self.state,
            self.detail,
            None if obs is None else (len(obs.log), obs.current, obs.phase),
            None if lobby is None else repr(lobby),
            None if over is None else over.get("reason"),
            self.guest.update_needed is not None if self.guest is not None else False,
        )

    def _mode(self, obs: Any) -> str:
        over = self._over()
        if over is not None:
            return "match-over"
        unseen = next((r for r in self._results() if r.deal_number > self.deal_seen), None)
        mine = obs.current == 0 and bool(obs.legal_actions)
        if unseen is not None and not mine:
            self.ui.result = unseen
            return "deal-over"
        if unseen is not None:  # the player's turn has come: the result gives way
            self.deal_seen = max(r.deal_number for r in self._results())
        self.ui.result = None
        return "human" if mine else "busy"

    def _render(self) -> None:
        self.shown_key = self._screen_key()
        lang = self.ui.lang
        if self.guest is not None and self.guest.update_needed is not None:
            which = self.guest.update_needed.get("reload")
            content = screens.problem_screen(
                screens.tr("state_closed", lang),
                screens.tr("update_guest" if which == "guest" else "update_host", lang),
                lang,
                retry=False,
                reload=which == "guest",
            )
            self._shell(content, "busy")
            return
        if self.state == "unreachable":
            text = screens.tr("detail_" + self.detail, lang) if self.detail else ""
            content = screens.problem_screen(
                screens.tr("state_unreachable", lang), text, lang, retry=True
            )
            self._shell(content, "busy")
            return
        if self.phase == "setup":
            content = screens.dialog(
                self.draft,
                lang,
                self.servers,
                custom=self.settings.preset == st.CUSTOM,
                problem=self.problem,
            )
            self._shell(content, "busy")
            return
        if self.phase == "join":
            self._shell(screens.join_screen(self.draft.name, lang, self.problem), "busy")
            return
        if self.phase == "problem":
            content = screens.problem_screen(
                screens.tr("lobby", lang), self.problem, lang, retry=False
            )
            self._shell(content, "busy")
            return
        obs = self._obs()
        lobby = self._lobby_body()
        if self.phase == "lobby" or obs is None:
            status = screens.status_line(self.state, self.detail, lang)
            if lobby is None:
                self._shell(f'<div class="online-layer">{status}</div>', "busy")
                return
            invite = self._invite()
            content = screens.lobby(
                lobby,
                self._seat() if self.ref is None else 0,
                lang,
                host=self.ref is not None,
                invite=invite,
                qr=self.qr(invite) if invite else (),
                status=status,
            )
            self._shell(content, "busy")
            return
        self._render_table(obs)

    def _render_table(self, obs: Any) -> None:
        ui = self.ui
        if len(obs.log) < self.log_length:  # a rematch: a new match's deals and moves
            self.deal_seen, self.drawn = 0, 0
        self.log_length = len(obs.log)
        ui.names = self._names()
        ui.mode = self._mode(obs)
        ui.can_review = self.ref is not None
        if ui.mode != "human":
            ui.hints = ()
        if ui.mode != "deal-over":  # the review spoke about the deal that was shown
            ui.panels.review, ui.panels.review_open = None, False
        rules = obs.rules
        ui.start_lives = rules.lives
        body = self._lobby_body() or {}
        ui.preset = body.get("preset") if body.get("preset") in engine.PRESETS else st.CUSTOM_BASE
        ui.custom = body.get("preset") == "custom"
        ui.thinking = obs.current if ui.mode == "busy" and obs.phase != "over" else None
        over = self._over()
        extra = ""
        if over is not None:
            ui.winners, ui.crown = self._winners(obs)
            if over.get("reason") == "timeout":
                note = esc(screens.tr("timeout_over", ui.lang))
                extra = f'<p class="online-note" role="status">{note}</p>'
            if self.ref is not None:
                extra += button("rematch", screens.tr("rematch", ui.lang), cls="primary")
        if self.rejected:
            extra += (
                f'<p class="online-note" role="alert">'
                f"{esc(screens.tr('rejected', ui.lang, detail=self.rejected))}</p>"
            )
            self.rejected = ""
        self.timer_shown = self._timer()
        ui.online_bar = screens.bar(
            screens.status_line(self.state, self.detail, ui.lang),
            self.timer_shown,
            ui.lang,
            extra=extra,
        )
        events = obs.log
        if ui.mode == "deal-over" and ui.result is not None:
            events = log.until_deal_end(obs.log, ui.result.deal_number)
        lines = log.numbered(events, ui.names, lang=ui.lang, style=ui.style, preset=ui.preset)
        ui.last_line = lines[-1][1] if lines else ""
        self.host.show(view.render(obs, ui), lines, ui.mode)
        self._tell_moves(events)

    def _winners(self, obs: Any) -> tuple[tuple[int, ...], bool]:
        """The winners (as the screen numbers seats) and the crown, from the log's end."""
        end = next((e for e in reversed(obs.log) if e.kind is EventKind.MATCH_END), None)
        if end is None:
            return (), False
        return tuple(end.seats), end.reason == "crown"

    def _tell_moves(self, events: Sequence[Any]) -> None:
        if len(events) < self.drawn:  # a new match, or a view sent anew
            self.drawn = 0
        moved = [] if self.ui.mode == "deal-over" else story.flights(events, self.drawn)
        sounds = story.sounds(events[self.drawn :])
        self.drawn = len(events)
        if not self.ui.anim:
            return
        animate = getattr(self.host, "animate", None)
        if moved and animate is not None:
            animate(moved, st.timings(self.settings)[0])
        sound = getattr(self.host, "sound", None)
        if sounds and sound is not None and self.ui.sound:
            sound(sounds)

    def _timer(self) -> str:
        left = self._time_left()
        obs = self._real_obs()
        if left is None or obs is None:
            return ""
        seat = (left[0] - self._seat()) % obs.players
        return screens.timer_text(seat, left[1], self.ui.names, self.ui.lang)

    def _show_timer(self) -> None:
        text = self._timer() if self.phase == "table" else ""
        if text == self.timer_shown:
            return
        self.timer_shown = text
        patch = getattr(self.host, "patch", None)
        if patch is not None:
            patch("move-timer", text)
        else:
            self._render()

    def _shell(self, content: str, state: str) -> None:
        """A screen that is not the table: the title and one panel."""
        self.ui.mode = state
        title = screens.tr("online", self.ui.lang)
        markup = (
            f'<div class="game online-page" data-mode="{state}">'
            '<header class="topbar"><h1 class="title">Schwimmen '
            f'<span class="variant">{esc(title)}</span></h1></header>'
            f"<main>{content}</main></div>"
        )
        self.host.show(markup, [], state)

    def _invite(self) -> str:
        identity = self.net.identity() if self.ref is not None else None
        if not identity or not self.invite_base:
            return ""
        return self.invite_base + quote(identity["id"])

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

    def _count_match(self) -> None:
        """Once per online match that ended by play: this person's place, counted in the
        online statistics (apart from the matches against bots)."""
        over = self._over()
        obs = self._real_obs()
        if over is None or over.get("reason") != "end" or obs is None:
            return
        if self.ref is not None:
            identity = self.net.identity() or {}
            moves = len(self.ref.match.actions) if self.ref.match else 0
            match_id = f"host:{identity.get('id', '')}:{self.ref.seed}:{moves}"
        else:
            match_id = f"guest:{self.table_id}:{len(obs.log)}:{self.guest and self.guest.seat}"
        counted, _ = self.store.load(KEY_COUNTED, VERSION, default=[])
        counted = [c for c in counted if isinstance(c, str)] if isinstance(counted, list) else []
        if match_id in counted:
            return
        seat = self._seat()
        places = over.get("places") or []
        if seat >= len(places):
            return
        place = int(places[seat])
        stats, _ = stats_mod.load_stats(self.store, stats_mod.KEY_ONLINE)
        _winners, crown = self._winners(self._obs())
        body = self._lobby_body() or {}
        preset = body.get("preset") if body.get("preset") in engine.PRESETS else "custom"
        try:
            stats.record_match(preset, place=place, players=obs.players, crown=crown and place == 1)
        except engine.InvalidInputError as e:
            self._warn(f"Schwimmen: the online match was not counted: {e}")
            return
        self._check(stats_mod.save_stats(self.store, stats, stats_mod.KEY_ONLINE))
        self.ui.stats = (stats.matches, stats.wins)
        self._check(self.store.save(KEY_COUNTED, [*counted, match_id][-50:], VERSION))

    def _check(self, notice: Notice | None) -> None:
        if notice is not None:
            self._warn(f"Schwimmen: {notice.message}")

    def _load(self, key: str) -> Any:
        value, notice = self.store.load(key, VERSION)
        if notice is not None:
            self._warn(f"Schwimmen: {notice.message}")
        return value

    def _stored_name(self) -> str:
        name = self._load(KEY_NAME)
        return name if isinstance(name, str) else ""

    def _store_name(self, name: str) -> None:
        self._check(self.store.save(KEY_NAME, name, VERSION))

    def _kept_seat(self) -> dict[str, str] | None:
        seats = self._load(KEY_GUEST)
        kept = seats.get(self.table_id) if isinstance(seats, dict) else None
        if (
            isinstance(kept, dict)
            and isinstance(kept.get("name"), str)
            and isinstance(kept.get("secret"), str)
        ):
            return kept
        return None

    def _keep_seat(self, name: str, secret: str) -> None:
        seats = self._load(KEY_GUEST)
        seats = dict(seats) if isinstance(seats, dict) else {}
        seats.pop(self.table_id, None)
        seats[self.table_id] = {"name": name, "secret": secret}
        while len(seats) > KEEP_GUEST_TABLES:
            seats.pop(next(iter(seats)))
        self._check(self.store.save(KEY_GUEST, seats, VERSION))

    def _forget_seat(self) -> None:
        seats = self._load(KEY_GUEST)
        if isinstance(seats, dict) and self.table_id in seats:
            seats = {k: v for k, v in seats.items() if k != self.table_id}
            self._check(self.store.save(KEY_GUEST, seats, VERSION))

    # ------------------------------------------------------------ sending

    def _send_all(self, out: Sequence[tuple[str, str]]) -> None:
        for conn, text in out:
            self.net.send(conn, text)

    def _warn(self, text: str) -> None:
        warn = getattr(self.host, "warn", None)
        if warn is not None:
            warn(text)


_SAFE = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.~")


def quote(text: str) -> str:
    """``text`` for a URL's query (percent-encoded UTF-8), without importing urllib.

    >>> quote("ab-1 ä")
    'ab-1%20%C3%A4'
    """
    return "".join(c if c in _SAFE else "".join(f"%{b:02X}" for b in c.encode()) for c in text)


__all__ = [
    "KEY_GUEST",
    "KEY_HOST",
    "TICK_MS",
    "Net",
    "OnlineTable",
    "quote",
]
