"""A watcher's page at a table server's table (``?watch=ID``, issue 41): the table as a
spectator sees it, live, over the server's WebSocket.

The page says ``watch`` (``engine.online.protocol.Watch``) instead of ``hello``: the
server sends it the lobby, the public view (``Match.public_observation`` from seat 0's
chair: the table, the shown cards, lives, the log; never a hand), the move timer and the
end. It has no seat and sends nothing but ``ping``. The screen is the table screen written
once (``app.table.session``) over :class:`WatchSeats`, in the mode ``watching``
(``#app[data-state=watching]``; ``deal-over`` and ``match-over`` as for a player), with
the line over it saying how many watch. The players' pages show the watch link
(``[data-testid=watch-link]``, :func:`watch_link`).

Once the match is over, its moves can be stepped through (``replay-first``,
``replay-back``, ``replay-next``, ``replay-last``; ``[data-testid=replay-step]`` says
where): each step is the public view the server deals again from the stored moves
(``GET /api/tables/{id}/replay/{step}``, ``server.replay``), read like a live ``state``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import Any

from app.escape import escape as esc
from app.host import Host
from app.i18n import lookup
from app.online import reactions, screens
from app.online.sources import GuestSeats
from app.settings import model as st
from app.storage import Store
from app.table import notices
from app.table.mode import Mode
from app.table.parts import seat_name
from app.table.session import TableSession
from app.table.state import UIState
from app.url import quote
from engine import PRESETS, Action, DealResult, Observation
from engine.online.guest import Guest
from engine.online.protocol import ProtocolError
from engine.online.views import Mirror, read_state

PING_MS = 5000  # a watcher says it is there this often (as a guest's page)

_T: dict[str, tuple[str, str]] = {
    "watching": ("Zuschauen", "Watching"),
    "watch_link": ("Zuschauen-Link", "Link to watch"),
    "watchers": ("{n} schauen zu", "{n} watching"),
    "watcher_one": ("1 schaut zu", "1 watching"),
    "watch_wait": (
        "Die Partie hat noch nicht begonnen; sie erscheint hier, sobald sie läuft.",
        "The match has not begun yet; it appears here once it runs.",
    ),
    "watch_gone": ("Diesen Tisch gibt es nicht (mehr).", "There is no such table (any more)."),
    "replay": ("Die Partie Zug für Zug", "The match move by move"),
    "replay_step": ("Zug {step} von {moves}", "Move {step} of {moves}"),
    "replay-first": ("Zum Anfang", "To the start"),
    "replay-back": ("Zug zurück", "Move back"),
    "replay-next": ("Nächster Zug", "Next move"),
    "replay-last": ("Zum Ende", "To the end"),
}
REPLAY_BUTTONS = ("replay-first", "replay-back", "replay-next", "replay-last")


def tr(key: str, lang: str, **values: Any) -> str:
    return lookup(_T, key, lang, **values)


def watchers_text(count: int, lang: str) -> str:
    """How many pages watch, in words ("" for none).

    >>> watchers_text(0, "en"), watchers_text(1, "en"), watchers_text(3, "de")
    ('', '1 watching', '3 schauen zu')
    """
    if count <= 0:
        return ""
    return tr("watcher_one", lang) if count == 1 else tr("watchers", lang, n=count)


def watch_url(base: str, table_id: str) -> str:
    """The address that opens ``table_id`` for a watcher (``base``: this page's, without
    its query).

    >>> watch_url("https://t.example/", "abc")
    'https://t.example/?watch=abc'
    """
    return f"{base}?watch={quote(table_id)}"


def watch_link(url: str, count: int, lang: str) -> str:
    """The link a player gives to whoever wants to watch, and how many do.

    >>> 'data-testid="watch-link"' in watch_link("https://t/?watch=a", 2, "en")
    True
    """
    said = watchers_text(count, lang)
    count_el = f' <span class="watchers" data-testid="watchers">{esc(said)}</span>' if said else ""
    return (
        f'<p class="watch-line"><a data-testid="watch-link" href="{esc(url)}" '
        f'rel="noopener">{esc(tr("watch_link", lang))}</a>{count_el}</p>'
    )


def players_link(
    invite_base: str, table_id: str, lobby: Mapping[str, Any] | None, lang: str
) -> str:
    """The watch link under a table server's running table, for its players: the page's
    address from the invitation's (``...?join=``), and the lobby's count of watchers.

    >>> "?watch=t1" in players_link("https://t/?join=", "t1", {"watchers": 0}, "en")
    True
    """
    if not (invite_base and table_id):
        return ""
    count = (lobby or {}).get("watchers", 0)
    url = watch_url(invite_base.split("?", 1)[0], table_id)
    return watch_link(url, count if isinstance(count, int) else 0, lang)


def replay_controls(step: int | None, moves: int, lang: str) -> str:
    """The step buttons of a finished match's replay and where it is (``step`` None:
    not begun; the first button begins it).

    >>> 'data-action="replay-next"' in replay_controls(3, 10, "en")
    True
    """
    where = tr("replay_step", lang, step=step, moves=moves) if step is not None else ""
    at_start = step is not None and step <= 0  # None: any button begins the replay
    at_end = step is not None and step >= moves
    buttons = "".join(
        _step_button(
            name,
            lang,
            disabled=(name in ("replay-first", "replay-back") and at_start)
            or (name in ("replay-next", "replay-last") and at_end),
        )
        for name in REPLAY_BUTTONS
    )
    return (
        f'<div class="replay" role="group" aria-label="{esc(tr("replay", lang))}">'
        f"{buttons}"
        f'<span class="replay-step" data-testid="replay-step" role="status">{esc(where)}</span>'
        "</div>"
    )


def _step_button(name: str, lang: str, *, disabled: bool) -> str:
    off = " disabled" if disabled else ""
    return (
        f'<button type="button" class="ghost small" data-action="{name}" '
        f'data-key="act-{name}"{off}>{esc(tr(name, lang))}</button>'
    )


class WatchSeats(GuestSeats):
    """A watcher's seat source: the public view from seat 0's chair; nobody of this
    device plays, so every seat keeps its name and no move is ever sent. During a
    replay (``shown``) the replayed step's view stands in for the live one."""

    shown: Mirror | None = None

    def persons(self) -> tuple[int, ...]:
        return ()

    def observation(self) -> Observation | None:
        return self.guest.observation if self.shown is None else self.shown.observation

    def results(self) -> list[Any]:
        return self.guest.results if self.shown is None else self.shown.results

    def outcome(self) -> Any:
        if self.shown is None:  # live: as the server said (a time-out ends it too)
            return super().outcome()
        obs = self.shown.observation  # a replayed step: over only at a played-out end
        return None if obs is None or obs.phase != "over" else super().outcome()

    def play(self, action: Action) -> None:
        """A watcher has no move (the view offers none)."""


class WatchSession(TableSession):
    """The table screen for a watcher: ``watching`` where a player's would say whose
    turn it is (``human`` or ``busy``)."""

    def _mode(self, obs: Observation) -> tuple[Mode, DealResult | None]:
        mode, result = super()._mode(obs)
        return (Mode.WATCHING if mode in (Mode.HUMAN, Mode.BUSY) else mode), result


class WatchRoom:
    """A watcher's page (see the module text); ``net`` is ``app.online.server_net.ServerNet``."""

    def __init__(
        self,
        host: Host,
        net: Any,
        *,
        settings: st.Settings,
        clock: Callable[[], float],
        table_id: str,
        touch: bool = False,
        store: Store | None = None,
    ) -> None:
        self.host, self.net, self.clock = host, net, clock
        self.settings, self.table_id = settings, table_id
        self.guest = Guest.watcher(clock=clock)
        self.ui = UIState.of(
            lang=settings.lang,
            style=st.card_style(settings, None),
            anim=settings.speed != "0",
            touch=touch,
            sound=settings.sound,
        )
        self.ui.look.server = True
        self.seats = WatchSeats(self.guest, lambda _action: None)
        self.session = WatchSession(
            host,
            self.seats,
            self.ui,
            controls=self._control,
            flight_ms=lambda: st.timings(self.settings)[0],
            pause=lambda ms: 0 if st.timings(self.settings)[1] == 0 else ms,
            prepare=self._prepare,
        )
        self.session.watching = True  # no stops between deals: the match goes on
        self.state, self.detail = "", ""
        self.gone = False  # the server knows no such table
        self.caught_up = False
        self.last_ping = 0.0
        self.timer_shown = ""
        self.step: int | None = None  # the replay's step shown (None: the live table)
        self.moves = 0  # the replayed match's moves
        self.reactions = reactions.Reactions(store, clock)  # the players', by their seats
        self.reacted: tuple[Any, ...] = ()  # the reactions drawn last

    # ------------------------------------------------------------ the page's calls

    def start(self) -> None:
        self.state = "connecting"
        self.net.open(self.table_id)
        self._render()

    def refresh(self) -> None:
        self._render()

    def handle(self, intent: Mapping[str, Any]) -> None:
        if self.guest.observation is not None:
            self.session.handle(intent)
        elif intent.get("type") == "action":
            self._control(str(intent.get("action")), intent.get("form"))

    def take_focus(self) -> str:
        return self.ui.panels.take_focus()

    def tick(self) -> None:
        now = self.clock()
        if self.state == "open" and now - self.last_ping >= PING_MS:
            self.last_ping = now
            self.net.send(None, self.guest.ping())
        timer = self._timer()
        if timer != self.timer_shown and self.guest.observation is not None:
            self.timer_shown = timer
            self.host.patch("move-timer", timer)
        if self.reactions.showing() != self.reacted:  # one's time is over
            self._render()

    def release(self) -> None:
        """The page goes away: the socket's close tells the server."""

    # ------------------------------------------------------------ the transport's reports

    def net_state(self, state: str, detail: str = "") -> None:
        self.state, self.detail = str(state), str(detail or "")
        if state == "open":
            self.net.send(None, self.guest.watch())  # (again) after a reconnect
        self._render()

    def net_message(self, _conn: str, text: Any) -> None:
        try:
            message = self.guest.receive(text)
        except ProtocolError as e:
            self.host.warn(f"Schwimmen: a message from the server was refused: {e}")
            return
        if message.kind == "state" and not self.caught_up:
            self.caught_up = True
            self.session.caught_up()  # what happened before is not flown again
        if message.kind == "reaction":
            self.reactions.heard(message.body)
        if message.kind == "rejected" and message.body.get("detail") == "there is no such table":
            self.gone = True
            self.net.close()
        self._render()

    def net_failed(self, error: str) -> None:
        self.detail = error
        self._render()

    def net_replayed(self, data: Any) -> None:
        """A step of the replay came (``{step, moves, state}``): shown as a live view
        would be, from the start of its match (nothing flies)."""
        try:
            mirror = Mirror(public=True)
            mirror.update(read_state(data["state"]))
            step, moves = int(data["step"]), int(data["moves"])
        except (ProtocolError, KeyError, TypeError, ValueError) as e:
            self.host.warn(f"Schwimmen: a step of the replay was refused: {e}")
            return
        self.seats.shown, self.step, self.moves = mirror, step, moves
        self.session.restart()
        self.session.watching = True
        self.session.caught_up()
        self._render()

    def _replay(self, name: str) -> None:
        step = -1 if self.step is None else self.step
        target = {
            "replay-first": 0,
            "replay-back": step - 1,
            "replay-next": step + 1,
            "replay-last": self.moves if self.step is not None else 10**6,
        }[name]
        self.net.replay(self.table_id, max(0, target))

    def _control(self, name: str, _form: Mapping[str, Any] | None) -> bool:
        if name in REPLAY_BUTTONS and self.guest.over is not None:
            self._replay(name)
            return True
        if name == "leave-online":
            self.net.close()
            self.host.leave_online()
            return True
        if name == "retry-online":
            self.start()
            return True
        if name in reactions.CONTROLS:  # a watcher only switches them on or off
            self.reactions.press(name)
            if name != "reactions-open":  # the browser opens or closes the fold itself
                self._render()
            return True
        return False

    # ------------------------------------------------------------ the screen

    def _prepare(self) -> None:
        """Before the table is drawn: the rule set's words and the line over the table."""
        ui, obs = self.ui, self.guest.observation
        lobby = self.guest.lobby or {}
        preset = lobby.get("preset")
        known = isinstance(preset, str) and preset in PRESETS
        ui.look.preset = str(preset) if known else st.CUSTOM_BASE
        ui.look.custom = not known
        ui.look.start_lives = obs.rules.lives if obs is not None else ui.look.start_lives
        self.timer_shown = self._timer()
        status = screens.status_line(self.state, self.detail, ui.lang, True)
        extra = self._watchers()
        if self.guest.over is not None:  # a finished match: step through its moves
            extra += replay_controls(self.step, self.moves, ui.lang)
        extra += self.reactions.bar(False, ui.lang)
        self.reacted = self.reactions.showing()
        shown = {} if obs is None else self.reactions.by_seat(0, obs.players)
        badge = reactions.badge
        ui.look.reactions = {s: badge(r, seat_name(ui, s), ui.lang) for s, r in shown.items()}
        ui.look.online_bar = screens.bar(status, self.timer_shown, ui.lang, extra=extra)

    def _watchers(self) -> str:
        count = (self.guest.lobby or {}).get("watchers", 0)
        said = watchers_text(count if isinstance(count, int) else 0, self.ui.lang)
        words = tr("watching", self.ui.lang) + (f" · {said}" if said else "")
        return f'<p class="online-note watchers" data-testid="watchers">{esc(words)}</p>'

    def _timer(self) -> str:
        left, obs = self.guest.time_left(), self.guest.observation
        if left is None or obs is None:
            return ""
        names = self.guest.names()  # a watcher has no seat: every seat by its name
        name = names[left[0]] if left[0] < len(names) else str(left[0] + 1)
        return screens.tr("timer_other", self.ui.lang, name=name, t=screens.clock_text(left[1]))

    def _render(self) -> None:
        if self.guest.observation is not None and not self.gone:
            self.session.refresh()
            return
        lang = self.ui.lang
        if self.gone:
            title, text = tr("watch_gone", lang), ""
        else:
            title, text = tr("watching", lang), tr("watch_wait", lang)
        status = screens.status_line(self.state, self.detail, lang, True)
        panel = (
            '<div class="online-layer"><section class="panel settings online" '
            'data-testid="watch-wait" aria-labelledby="watch-title">'
            f'<h2 id="watch-title">{esc(title)}</h2>{status}<p>{esc(text)}</p>'
            f"{self._watchers()}"
            f'<div class="buttons">{_leave(lang)}</div></section></div>'
        )
        self.ui.frame = dataclasses.replace(self.ui.frame, mode=Mode.WATCHING)
        banner = notices.banner([], lang)
        markup = (
            f'<div class="game online-page" data-mode="{Mode.WATCHING}">'
            '<header class="topbar"><h1 class="title">Schwimmen '
            f'<span class="variant">{esc(tr("watching", lang))}</span></h1></header>'
            f"{banner}<main>{panel}</main></div>"
        )
        self.host.show(markup, [], Mode.WATCHING)


def _leave(lang: str) -> str:
    from app.table.parts import button

    return button("leave-online", screens.tr("leave", lang), cls="ghost")


__all__ = ["WatchRoom", "WatchSeats", "watch_link", "watch_url", "watchers_text"]
