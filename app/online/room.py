"""An online table's page: what every role's page has in common (the base :class:`Room`).

A room is to online play what ``app.controller.Controller`` is to the game against bots.
The page hands it intents (``handle``), calls ``tick()`` a few times a second and gives it
what the transport (:class:`Net`) reports (``net_state``, ``net_message``,
``net_closed``); it draws through the same host (``app.host.Host``) and never touches the
DOM or the network itself. One class per role, each in its module: the peer-to-peer host
(``host_room.HostRoom``, it holds the ``Referee``), a peer-to-peer guest
(``guest_room.GuestRoom``, a ``Guest``) and a table server's page
(``server_room.ServerRoom``, a guest of the server's referee with the server's screens).

The base holds the session (once the match runs, an ``app.table.session.TableSession``
over the role's seat source: the same screen, keys and focus as against bots), the switch
between the table and the other screens (``app.online.shell``), the line over the table,
the controls every role has, and leaving (asked first). ``app.online.records`` keeps.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import engine
from app.host import Host
from app.online import screens, shell
from app.online.dialog import Draft
from app.online.records import KEY_GUEST, KEY_HOST, KEY_SERVER, Records
from app.online.shell import Phase
from app.online.transport import Net, ServerCalls
from app.online.words import tr
from app.settings import model as st
from app.storage import Notice, Store
from app.table import notices
from app.table.mode import Mode
from app.table.session import SeatSource, TableSession
from app.table.state import UIState
from engine import Action, Observation

TICK_MS = 250  # how often the page calls tick(): the referee's clock, timers, pings

Form = Mapping[str, Any] | None
Control = Callable[[str, Form], bool]  # a control's name and the form: taken or not

__all__ = ["KEY_GUEST", "KEY_HOST", "KEY_SERVER", "TICK_MS", "Net", "Phase", "Room", "ServerCalls"]


class Room:
    """One page's part of an online table (see the module text); a role's class says
    what its page holds and adds its own controls to :meth:`controls`."""

    role = ""  # "host" or "guest", for what is said about the page
    server = ""  # the table server's origin; "" for peer-to-peer play

    def __init__(
        self,
        host: Host,
        net: Net,
        store: Store,
        *,
        settings: st.Settings,
        clock: Callable[[], float],
        first: Phase,
        invite_base: str = "",
        table_id: str = "",
        qr: Callable[[str], Sequence[str]] | None = None,
        touch: bool = False,
    ) -> None:
        self.host, self.net, self.store, self.clock = host, net, store, clock
        self.notices: list[Notice] = []  # damaged stored data, told to the person
        self.records = Records(store, self._check, self._warn)
        self.settings = settings
        self.invite_base = invite_base  # the join URL without the table's id
        self.table_id = table_id
        self.servers: dict[str, Any] = {}  # the transport's servers, named by the dialog
        self.qr = qr or (lambda _text: ())
        self.phase = first
        self.state, self.detail = "", ""  # the transport's state and its detail
        self.problem = ""  # why the dialog or join form was refused
        self.invite_said = ""  # what became of sharing the invite (screens.share_row)
        self.draft = Draft(name=self.records.name(), players=4)
        self.ui = self._first_ui(settings, touch)
        self.session: TableSession | None = None
        self.leaving = False  # "Leave the table" was pressed: the question is on screen
        self.shown_key: Any = None  # what the screen shows now (a redraw when it changes)
        self.timer_shown = ""
        self.rejected = ""  # the referee's last word on a refused move of this page
        self.caught_up = False  # the first view after sitting down was taken in
        self.log_length = 0  # the log's length when last drawn (shorter: a new match)
        self._controls = self.controls()

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
        ui.look.stats = self.records.online_figures()  # the table shows the online figures
        return ui

    # ------------------------------------------------------------ start-up

    def start(self) -> None:
        """Show the first screen (a role first goes back to its table, if it has one)."""
        self._render()

    def adopt(self, fragment: str) -> bool:
        """Take in the address's fragment: True when it brought a seat (a host's: never)."""
        return False

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

    def press(self, name: str, form: Form = None) -> None:
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

    def controls(self) -> dict[str, Control]:
        """The room's own controls by name; a name ending in "-" stands for every name
        that starts so (``seat-bot-2``). A role's class adds its own to these."""
        return {
            "close-online": self._ask_to_leave,
            "leave-online": self._ask_to_leave,
            "leave-confirm": self._answer_leave,
            "leave-cancel": self._answer_leave,
            "share-invite": self._share_invite,
            "retry-online": _always(self.retry),
            "reload": _always(self.host.reload),
            "dismiss-notices": _always(self._dismiss_notices),
            "new-match": self._look_at_table,
        }

    def _control(self, name: str, form: Form) -> bool:
        """A control of the room's, if ``name`` is one (the session asks before it takes
        a name for a move)."""
        control = self._controls.get(name) or self._controls.get(name.partition("-")[0] + "-")
        return control is not None and control(name, form)

    def _ask_to_leave(self, _name: str = "", _form: Form = None) -> bool:
        """Leaving cannot be undone at a running table: ask first, saying where it leads.
        Before a table is open (the dialog, the join form) there is nothing to lose."""
        stuck = self.state == "unreachable" or self._update_needed() is not None
        if self.phase in (Phase.SETUP, Phase.JOIN, Phase.PROBLEM, Phase.TABLES) or stuck:
            self.leave()
            return True
        self.leaving = True
        self.ui.panels.focus = "act-leave-cancel"
        self._render()
        return True

    def _answer_leave(self, name: str, _form: Form) -> bool:
        self.leaving = False
        if name == "leave-confirm":
            self.leave()
            return True
        self.ui.panels.focus = "act-leave-online"
        self._render()
        return True

    def _share_invite(self, _name: str, _form: Form) -> bool:
        invite = self._invite()
        if not invite:
            return False
        self.host.share(invite, tr("share_title", self.ui.lang), self._shared)
        return True

    def _dismiss_notices(self) -> None:
        self.notices = []
        self._render()

    def _look_at_table(self, _name: str, _form: Form) -> bool:
        """A guest's "New match": whoever runs the table decides; look at the table."""
        self.ui.panels.match_panel = False
        self._render()
        return True

    def _shared(self, said: str) -> None:
        """The invite was shared or copied, or could not be: said next to its button
        (patched in, so the focus stays on the button; kept for the next drawing)."""
        self.invite_said = self._said(said, "invite-said")

    def _said(self, said: str, testid: str) -> str:
        kept = said if said in ("shared", "copied", "failed") else ""
        self.host.patch(testid, tr("said_" + kept, self.ui.lang) if kept else "")
        return kept

    # ------------------------------------------------------------ the table

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

    def _catch_up(self) -> None:
        """Back at a running match (a reload): the deals that ended before are not
        shown again, and the moves before are not flown again."""
        self.caught_up = True
        if self.session is not None:
            self.session.caught_up()

    # ------------------------------------------------------------ the transport's reports

    def _connect(self, target: Any) -> None:
        self.state, self.detail = "connecting", ""
        self.net.open(target)

    def refresh(self) -> None:
        """The transport's library has loaded: the lobby shows the QR code. A form being
        filled in is not drawn anew (that would wipe what was typed)."""
        if self.phase not in (Phase.SETUP, Phase.JOIN):
            self._render()

    def retry(self) -> None:
        """Try the connection again after it failed."""
        self._render()

    def net_state(self, state: str, detail: str = "") -> None:
        """The transport's state changed (``static/net.mjs`` STATES)."""
        self.state, self.detail = str(state), str(detail or "")
        if state == "open":
            self._opened()
        self._render()

    def _opened(self) -> None:
        """The transport is open (again)."""

    def net_message(self, conn: str, text: Any) -> None:
        """A message arrived: from guest link ``conn`` (host) or from the host (guest)."""

    def net_closed(self, conn: str) -> None:
        """Host: the link to a guest closed."""

    def tick(self) -> None:
        """Called every :data:`TICK_MS`: the running timer (and a role's clock, pings)."""
        self._update(draw=False)

    def release(self) -> None:
        """The page goes away (a reload, a closed tab): nothing to say; the host sees
        the link close and keeps the seat for its person."""

    def leave(self) -> None:
        """Leave the table, back to the game against bots (a role first says so)."""
        self.net.close()
        self.host.leave_online()

    # ------------------------------------------------------------ what the role holds

    def _runs_lobby(self) -> bool:
        """This page seats bots, starts the match and offers the rematch."""
        return False

    def _lobby_body(self) -> dict[str, Any] | None:
        return None

    def _over(self) -> dict[str, Any] | None:
        """How the match ended (``reason``, ``lives``, ``places``), or None."""
        return None

    def _time_left(self) -> tuple[int, float] | None:
        return None

    def _update_needed(self) -> dict[str, Any] | None:
        """The host's word that one of the two pages must be reloaded, or None."""
        return None

    def _invite(self) -> str:
        """The invite link ("" where this page does not invite)."""
        return ""

    def _match_id(self, obs: Observation) -> str:
        """The finished match's id, against counting it twice."""
        raise NotImplementedError

    def _key_more(self) -> tuple[Any, ...]:
        """What else a role's screens show, for :meth:`_screen_key`."""
        return ()

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

    def _preset(self) -> str:
        """The table's preset as the lobby names it (``custom`` for rules of the host's)."""
        preset = (self._lobby_body() or {}).get("preset")
        return preset if isinstance(preset, str) and preset in engine.PRESETS else "custom"

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
            self._update_needed() is not None,
            self.problem,
            *self._key_more(),
        )

    def _render(self) -> None:
        self.shown_key = self._screen_key()
        self.ui.panels.notices = list(self.notices)
        content = shell.screen(self._view())
        if content is not None:
            self._shell(content, Mode.BUSY)
        elif self.session is not None:
            self.session.refresh()

    def _view(self) -> shell.ScreenView:
        """Where this page is, for the screens that are not the table."""
        update = self._update_needed()
        lobby = self._lobby_body()
        invite = self._invite() if lobby is not None else ""
        return shell.ScreenView(
            self.ui.lang,
            self.phase,
            state=self.state,
            detail=self.detail,
            server=self.server,
            hosting=self.role == "host",
            update=None if update is None else str(update.get("reload") or ""),
            leaving=self.leaving,
            problem=self.problem,
            draft=self.draft,
            servers=self.servers,
            custom=self.settings.preset == st.CUSTOM,
            invite_base=self.invite_base,
            lobby=lobby,
            seat=self._seat(),
            runs_lobby=self._runs_lobby(),
            invite=invite,
            qr=tuple(self.qr(invite)) if invite else (),
            said=self.invite_said,
            at_table=self._real_obs() is not None,
            **self._view_more(),
        )

    def _view_more(self) -> dict[str, Any]:
        """A role's own fields of :class:`app.online.shell.ScreenView`."""
        return {}

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
        self.timer_shown, lang = self._timer(), ui.lang
        status = screens.status_line(self.state, self.detail, lang, bool(self.server))
        ui.look.online_bar = screens.bar(status, self.timer_shown, lang, extra=self._bar_extra())

    def _bar_extra(self) -> str:
        """The bar's second line: how the match ended, the rematch, a refused move (said
        once), a refused message, and what else a role's bar shows."""
        over = self._over()
        reason = None if over is None else str(over.get("reason"))
        notes = screens.bar_notes(reason, self._runs_lobby(), self.rejected, self.ui.lang)
        self.rejected = ""
        return notes + self._refused_note() + self._bar_more()

    def _bar_more(self) -> str:
        return ""

    def _refused_note(self) -> str:
        """Why this page refused its host's last message ("" when it did not)."""
        return ""

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
        banner = notices.banner(self.notices, self.ui.lang)
        markup = shell.frame(content, state, self.ui.lang, banner=banner, note=self._refused_note())
        self.host.show(markup, [], state)

    # ------------------------------------------------------------ saving and statistics

    def _update(self, *, draw: bool = True) -> None:
        """After the table may have changed: keep what a role keeps of it, then draw the
        screen (``draw=False``: only when what it shows changed; else just the running
        clock)."""
        self._keep()
        if draw or self._screen_key() != self.shown_key:
            self._render()
        else:
            self._show_timer()

    def _keep(self) -> None:
        """Save what changed (the host's table)."""

    def _count_match(self) -> None:
        """Once per online match that ended by play: this person's place, counted in the
        online statistics (apart from the matches against bots)."""
        over, obs = self._over(), self._real_obs()
        if over is None or over.get("reason") != "end" or obs is None or self.session is None:
            return
        outcome = self.session.source.outcome()
        figures = self.records.count_place(
            self._match_id(obs),
            self._preset(),
            over.get("places") or [],
            self._seat(),
            players=obs.players,
            crowned=bool(outcome and outcome.crown),
        )
        if figures is not None:
            self.ui.look.stats = figures

    def _check(self, notice: Notice | None) -> None:
        """A notice about stored data: in the console, and in the banner (the last 8)."""
        if notice is not None:
            self._warn(f"Schwimmen: {notice.message}")
            self.notices = [*self.notices, notice][-8:]

    def _warn(self, text: str) -> None:
        self.host.warn(text)


def _always(act: Callable[[], object]) -> Control:
    """A control that does ``act`` whenever it is pressed."""

    def control(_name: str, _form: Form) -> bool:
        act()
        return True

    return control
