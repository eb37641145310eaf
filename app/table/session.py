"""One table screen, whoever deals: written once over the seat it is fed from.

A ``TableSession`` turns the page's intents into moves, keeps what the screen shows
(the chosen cards, which deal's result is up, the hint, the review, the closing table
of a deal, the cover of a shared device, keys and focus), and draws the seat's view
with ``app.table.view``. It never asks what kind of table it serves. A *seat source*
(``app.table.source.SeatSource``) says what this screen's seat sees and takes its moves:

- ``app.local.LocalSeats``: the match on this device, against bots and between the
  people at it (the screen follows whoever's turn it is);
- ``app.online.sources.HostSeats``: an online table's referee on the host's page;
- ``app.online.sources.GuestSeats``: a guest's mirror of the host's table.

What differs between them is data (``SeatSource.can_review``: may this seat open the
review? ``shared``: is a device passed between people? ``notes``: who is away?), never
a branch here. The owner of the session (``app.controller`` for the game against bots,
``app.online.room`` for an online table) handles its own controls (settings,
statistics, the lobby) through ``controls``, hears ``moved`` once a person's move is
drawn and ``proceed`` when the screen has moved on (past a deal's result, its closing
table, the cover).

Following one click, one straight path down: ``app.events`` makes an intent; ``handle``
turns two card taps into an ``Action`` (``app.table.choosing``) and ``play`` hands it
to the source if the engine offered it; the source applies or sends it and returns
(it never calls anyone back); ``refresh`` draws the seat's new view (turned by
``app.seating`` so the person sits at seat 0, the observation built once) and hands
the page the cards that moved; then the owner hears ``moved`` once (the controller
saves and lets the bots move).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from app import seating
from app.host import Host
from app.table import choosing, coach, frame, keys, log, review, story, telling, view
from app.table.frame import REVIEW_OF
from app.table.mode import Mode
from app.table.source import Outcome as Outcome  # its home before; app.online imports it
from app.table.source import SeatSource as SeatSource  # its home before: app.online imports it
from app.table.state import UIState
from engine import Action, DealResult, EventKind, Observation
from engine.observation import is_out

CLOSING_MS = 1400  # a deal's final move and its call ("31!") stay this long before the result


Intent = Mapping[str, Any]
Controls = Callable[[str, "Mapping[str, Any] | None"], bool]


class TableSession:
    """The screen of one seat source (see the module text)."""

    def __init__(
        self,
        host: Host,
        source: SeatSource,
        ui: UIState,
        *,
        controls: Controls | None = None,
        proceed: Callable[[], None] | None = None,
        moved: Callable[[], None] = lambda: None,
        remember_sound: Callable[[bool], None] | None = None,
        flight_ms: Callable[[], float] = lambda: 300,
        pause: Callable[[float], float] = lambda ms: ms,
        prepare: Callable[[], None] = lambda: None,
    ) -> None:
        self.host, self.source, self.ui = host, source, ui
        self._controls = controls or (lambda _name, _form: False)
        self._proceed = proceed or self.refresh
        self._moved = moved  # a person's move is drawn (the owner saves, the bots go on)
        self._remember_sound = remember_sound or (lambda _on: None)
        self._flight_ms, self._pause = flight_ms, pause
        self._prepare_owner = prepare  # the owner's part of the UI state, before each drawing
        self.deal_seen = 0  # the last finished deal whose result the person has seen
        self.watching = False  # out of the match: the rest is watched without stops
        self.covered = source.shared  # a shared device: the first person uncovers
        self.drawn = 0  # the log's events up to here are on the screen (moves fly once)
        self.closing = 0  # a finished deal whose last table is on screen (0: none)
        self.closed = 0  # the last deal whose closing table was shown (or needs none)
        self.sounded = 0  # the last deal whose lost lives have sounded
        self.alive = True  # a replaced session's timers do nothing
        # A move handed to the source whose effect has not come back yet (a guest's goes
        # to the host): the log's length then. The screen stays busy until it grows.
        self.sent: int | None = None
        self.last_move: tuple[int, Action] | None = None  # (real seat, move) to highlight
        self.callout = ""  # the word called over a deal's closing table ("31!")

    # ------------------------------------------------------------ intents

    def handle(self, intent: Intent) -> None:
        """One intent from the page (``app.events``): a card, a drop, a button, a value,
        Escape or a shortcut key."""
        kind = intent.get("type")
        if kind == "card":
            self.tap(str(intent.get("zone")), str(intent.get("index")))
        elif kind == "drop":
            self.drop(tuple(intent["from"]), tuple(intent["to"]))
        elif kind == "action":
            self.press(str(intent.get("action")), intent.get("form"))
        elif kind == "value":
            self.ui.choice.announce_value = str(intent.get("value"))
            self.refresh()
        elif kind == "escape":
            self.escape()
        elif kind == "key":
            self.shortcut(str(intent.get("key")))

    def tap(self, zone: str, index: str) -> None:
        """A tap (or Enter/Space) on a card: select it, or complete a move with it."""
        obs = self.view()
        if self.ui.frame.mode is not Mode.HUMAN or obs is None:
            return
        self.last_move = None  # the last move's highlight has been seen
        self._chosen(choosing.tap(obs, self.ui, zone, index), obs)

    def drop(self, source: tuple[Any, ...], target: tuple[Any, ...]) -> None:
        """A card dragged onto another: the same as tapping both."""
        if self.ui.frame.mode is Mode.HUMAN:
            self._chosen(choosing.drag(self.ui, source, target))

    def _chosen(self, choice: choosing.Choice, seen: Observation | None = None) -> None:
        """Play the move the chosen cards make (``seen``: the view they were chosen on);
        cards that make no legal move clear the choice."""
        if choice.action is not None and self.play(choice.action, seen):
            return
        if choice.action is not None or choice.cleared:
            choosing.clear(self.ui)
        self.refresh()

    def escape(self) -> None:
        """Escape closes what lies on top: rules help or statistics (above the rest),
        else the deal review, else the settings dialog, else the match result (the
        finished table shows), else it clears the selection."""
        p = self.ui.panels
        if p.help_open or p.stats_open:
            self.press("close-help" if p.help_open else "close-stats")
        elif p.review_open:
            self.press("close-review")
        elif self.ui.panels.settings_open:
            self.press("close-settings")
        elif self.ui.frame.mode is Mode.MATCH_OVER and self.ui.panels.match_panel:
            self.press("close-result")
        else:
            self.press("clear-selection")

    def covering(self) -> bool:
        """A panel or question lies over the table: shortcut keys mean nothing then."""
        p = self.ui.panels
        return (
            self.ui.panels.settings_open
            or p.help_open
            or p.stats_open
            or p.review_open
            or (bool(p.other_tab))
        )

    def shortcut(self, key: str) -> None:
        """A shortcut key (``app.table.keys``): the move or control it stands for, when
        there is one now and nothing lies over the table."""
        if self.covering():
            return
        obs = self.view()
        legal = obs.legal_actions if obs is not None and self.ui.frame.mode is Mode.HUMAN else []
        name = keys.command(key, legal, self.ui.frame.mode)
        if name in keys.MOVES:
            self.play(name)
        elif name is not None:
            self.press(name)

    def take_focus(self) -> str:
        """The ``data-key`` the page should focus after this redraw (once), or ""."""
        return self.ui.panels.take_focus()

    def press(self, name: str, form: Mapping[str, Any] | None = None) -> None:
        """A button: one of the screen's controls, the owner's, or a move's text."""
        own = _CONTROLS.get(name)
        whose = name.removeprefix(REVIEW_OF)
        if own is not None:
            own(self)
        elif name.startswith(REVIEW_OF) and whose.isdigit() and len(whose) <= 2:
            self.open_review(int(whose))
        elif name in choosing.CONTROLS:
            choosing.control(self.ui, name)
            self.refresh()
        elif not self._controls(name, form):
            self.play(name)

    # ------------------------------------------------------------ the screen's controls

    def next_deal(self) -> None:
        """Past the end-of-deal panel. A person who is out after the deal shown (all
        the people at a shared device) watches the rest without a stop."""
        shown = self.ui.frame.result
        if self.ui.frame.mode is not Mode.DEAL_OVER or shown is None:
            return
        results = self.results()
        if self._all_out(shown.lives_after):
            self.watching = True
            self.deal_seen = max((r.deal_number for r in results), default=shown.deal_number)
        else:
            self.deal_seen = shown.deal_number
        # The panel's button goes with the panel: the keyboard goes back to the table,
        # on the hand's first card (focusable while the bots play; arrows move on).
        self.ui.panels.focus = "hand-0"
        self._proceed()

    def reveal(self) -> None:
        """The next person at a shared device looks at their cards."""
        obs = self.source.observation()
        if self.covered and obs is not None and obs.current == self.source.seat():
            self.covered = False
            self._proceed()

    def match_result(self, *, shown: bool) -> None:
        """Show the match result again, or close it to look at the finished table; the
        keyboard goes to the button that undoes it."""
        if self.ui.frame.mode is not Mode.MATCH_OVER:
            return
        self.ui.panels.match_panel = shown
        self.ui.panels.focus = "act-new-match" if shown else "act-show-result"
        self.refresh()

    def toggle_sound(self) -> None:
        """The top bar's sound switch: the owner turns it and remembers it (the look is
        the owner's to write)."""
        self._remember_sound(not self.ui.look.sound)
        self.refresh()

    def help(self, *, open_: bool) -> None:
        p = self.ui.panels
        p.help_open = open_
        if open_:
            p.focus = "act-close-help"
        else:
            p.focus = "set-open-help" if self.ui.panels.settings_open else "act-open-help"
        self.refresh()

    def show_hint(self) -> None:
        """The coach: the hard bot's ranking of the person's moves, in words, with the
        best move's cards outlined (``app.table.coach``)."""
        obs = self.view()
        if self.ui.frame.mode is not Mode.HUMAN or obs is None or obs.current != 0:
            return
        coach.advise(obs, self.ui, seed=self.source.hint_seed())
        self.refresh()

    def open_review(self, seat: int | None = None) -> None:
        """At the end of a deal: the coach's word on each of the person's decisions in
        it (``app.table.review``), from what they knew at each one. At a shared device
        each person may open their own (``seat``, a person's real seat), by name."""
        match = self.source.review_match() if self.source.can_review else None
        shown = self.ui.frame
        if shown.mode is not Mode.DEAL_OVER or shown.result is None or match is None:
            return
        viewer, n = self.source.seat(), len(shown.names)
        if seat is None:
            seat = viewer
        elif seat == viewer or seat not in self.source.persons():
            return  # the viewer's is "review"; a bot's cards are nobody's to see
        key = "act-review" if seat == viewer else f"act-{REVIEW_OF}{seat}"
        panels, deal = self.ui.panels, shown.result.deal_number
        panels.open_review(deal, lambda: review.review(match, deal, seat=seat), seat, key)
        names = tuple(shown.names[(s - viewer) % n] for s in range(n))  # real seat order
        panels.review_who = names[seat] if self.source.shared else ""
        panels.review_names = names
        self.refresh()

    def close_review(self) -> None:
        self.ui.panels.close_review()
        self.refresh()

    # ------------------------------------------------------------ moves

    def play(self, wanted: Action | str, seen: Observation | None = None) -> bool:
        """The person's move (an ``Action``, or a button's action text), if the engine
        offers it to their seat now: the source applies or sends it, the change is
        drawn once, and then the owner hears of it (``moved``). ``seen``: the seat's view,
        when the caller has just built it."""
        obs = seen or self.view()
        if self.ui.frame.mode is not Mode.HUMAN or obs is None:
            return False
        try:
            action = wanted if isinstance(wanted, Action) else Action.parse(str(wanted))
        except (ValueError, AttributeError):
            return False
        if action not in obs.legal_actions:
            return False
        choosing.clear(self.ui)
        self.ui.panels.notice, self.ui.choice.hints = "", ()
        seat = self.source.seat()
        real = seating.action_back(action, seat, obs.players)  # in real seat numbers
        self.mark(seat, real)
        if self.source.shared:  # the next person must not see this one's cards
            self.covered = True
        self.sent = len(obs.log)
        self.source.play(real)
        self.refresh()
        self._moved()
        return True

    def mark(self, seat: int, action: Action) -> None:
        """Highlight what ``seat``'s move (real numbering) changed on the next drawing."""
        self.last_move = (seat, action)

    # ------------------------------------------------------------ what the screen shows

    def view(self) -> Observation | None:
        """The seat's observation turned so that its person sits at seat 0."""
        obs = self.source.observation()
        return None if obs is None else seating.observation(obs, self.source.seat())

    def results(self, players: int | None = None) -> list[DealResult]:
        """The finished deals' results, turned to this seat's chair (``players``: the
        table's size, when the caller has the observation already)."""
        if players is None:
            obs = self.source.observation()
            players = obs.players if obs is not None else 1
        return [seating.result(r, self.source.seat(), players) for r in self.source.results()]

    def closing_now(self) -> bool:
        """A finished deal's last table is on screen (the owner waits for it)."""
        return self.closing > 0

    def refresh(self) -> Mode:
        """Work out what the screen shows now (the frame, ``app.table.frame``) and draw
        it; the mode it is in. The seat's observation is built once."""
        real = self.source.observation()
        if real is None:
            return self.ui.frame.mode
        self._prepare_owner()
        seat = self.source.seat()
        obs = seating.observation(real, seat)
        self._start_closing(obs)
        mode, result = self._mode(obs)
        self._settle(mode)
        moment = frame.Moment(
            mode, result, self.covered, self.closing, self.callout, self.last_move
        )
        shown = obs
        if self.covered:  # passing the device: nothing private of anyone on the screen
            public = self.source.public_observation()
            shown = obs if public is None else seating.observation(public, seat)
        events = self._shown_events(shown, moment)
        made, moved_for = frame.by_bot(shown, self.source.stand_ins())
        names = seating.names(self.source.names(), seat)
        lines = frame.log_lines(events, made, names, self.ui.look)
        last_line = lines[-1][1] if lines else ""
        self.ui.frame = frame.work_out(obs, self.source, moment, self.ui.look, moved_for, last_line)
        at_end = shown.at_deal_end() if self.closing else None
        self.host.show(view.render(at_end or shown, self.ui), lines, mode)
        self._tell_moves(events)
        return mode

    def _mode(self, obs: Observation) -> tuple[Mode, DealResult | None]:
        """The screen's mode, and the deal result it shows (at deal-over)."""
        if self.closing or self.ui.panels.other_tab:  # another tab has the match: no moves
            return Mode.BUSY, None
        if self.source.outcome() is not None:
            return Mode.MATCH_OVER, None
        result = self._unseen_result(obs.players)
        if result is not None:
            return Mode.DEAL_OVER, result
        if self.sent is not None and len(obs.log) == self.sent:
            return Mode.BUSY, None  # the move is on its way: no second one for the same position
        self.sent = None
        if self.covered or obs.current != 0 or not obs.legal_actions:
            return Mode.BUSY, None
        return Mode.HUMAN, None

    def _settle(self, mode: Mode) -> None:
        """The advice is for the person's turn, the review for the deal shown."""
        if mode is not Mode.HUMAN:
            self.ui.choice.hints = ()
        if mode is not Mode.DEAL_OVER:
            self.ui.panels.review, self.ui.panels.review_open = None, False

    def refused(self) -> None:
        """The move on its way was refused (the host said so): the person may move again."""
        self.sent = None

    def _unseen_result(self, players: int) -> DealResult | None:
        """The first finished deal the person has not been shown (deals can end at once);
        none while they watch the rest of a match they are out of."""
        results = self.results(players)
        unseen = next((r for r in results if r.deal_number > self.deal_seen), None)
        if unseen is not None and self.watching:
            self.deal_seen = results[-1].deal_number
            return None
        return unseen

    def _start_closing(self, obs: Observation) -> None:
        """A deal ended since the last drawing: its last table stays a moment, with the
        call ("31!", "Cards up!"), before its result (the engine has dealt anew)."""
        if not self.ui.look.anim or self.closing or self.watching:
            return
        new = obs.log[self.drawn :]
        end = next((e for e in new if e.kind is EventKind.DEAL_END), None)
        last = obs.last_deal
        if end is None or last is None or last.deal_number <= max(self.deal_seen, self.closed):
            return
        self.closing = self.closed = last.deal_number
        self.callout = telling.callout(str(end.reason), self.ui.lang, self.ui.look.preset)
        # A deal nobody played is said in words on its table: that needs time to read.
        unplayed = story.unplayed(obs.log, last.deal_number)
        self.later(self._pause(CLOSING_MS * (2 if unplayed else 1)), self._closed)

    def _closed(self) -> None:
        self.closing, self.callout = 0, ""
        self._proceed()

    def _shown_events(self, obs: Observation, moment: frame.Moment) -> Sequence[Any]:
        """The log as far as the screen may show it: at the end of a deal (its result or
        its closing table), up to that deal's end (the engine has dealt the next one)."""
        if self.closing:
            return story.until_final_move(log.until_deal_end(obs.log, self.closing))
        if moment.mode is Mode.DEAL_OVER and moment.result is not None:
            return log.until_deal_end(obs.log, moment.result.deal_number)
        return obs.log

    def _tell_moves(self, events: Sequence[Any]) -> None:
        """Hand the page the cards that moved since the last drawing (it animates them)
        and the sounds they make; each event once. Under a result panel nothing moves,
        but its losses sound."""
        if len(events) < self.drawn:  # a new match, or a view sent anew
            self.drawn = 0
        result = self.ui.frame.result if self.ui.frame.mode is Mode.DEAL_OVER else None
        moved = [] if result is not None else story.flights(events, self.drawn)
        sounds = story.sounds(events[self.drawn :])
        if result is not None and result.deal_number > self.sounded:  # shown the first time
            self.sounded = result.deal_number
            sounds += ("life",) if any(result.lost) else ()
        self.drawn = max(self.drawn, len(events))
        if not self.ui.look.anim:
            return
        if moved:
            self.host.animate(moved, self._flight_ms())
        if sounds and self.ui.look.sound:
            self.host.sound(sounds)

    def caught_up(self) -> None:
        """Back at a running match (a reload): deals that ended before are not shown
        again, and moves before are not flown again."""
        self.deal_seen = max((r.deal_number for r in self.results()), default=0)
        obs = self.source.observation()
        self.drawn = 0 if obs is None else len(obs.log)
        self.sounded = self.closed = self.deal_seen

    def restart(self) -> None:
        """A new match at the same table (a rematch): its deals and moves are new."""
        self.deal_seen = self.drawn = self.closing = self.closed = self.sounded = 0
        self.watching = False

    def _all_out(self, lives: Sequence[int]) -> bool:
        """Every person at this device is out, by ``lives`` as the screen numbers seats."""
        obs = self.source.observation()
        n = obs.players if obs is not None else 1
        seat = self.source.seat()
        turned = [(p - seat) % n for p in self.source.persons()]
        return bool(lives) and all(is_out(lives[p]) for p in turned if p < len(lives))

    def later(self, ms: float, callback: Callable[[], None]) -> None:
        """``callback`` in a later task, unless this session has been replaced by then."""

        def run() -> None:
            if self.alive:
                callback()

        self.host.later(ms, run)


_CONTROLS: dict[str, Callable[[TableSession], None]] = {
    "next-deal": TableSession.next_deal,
    "reveal": TableSession.reveal,
    "close-result": lambda s: s.match_result(shown=False),
    "show-result": lambda s: s.match_result(shown=True),
    "sound": TableSession.toggle_sound,
    "open-help": lambda s: s.help(open_=True),
    "close-help": lambda s: s.help(open_=False),
    "hint": TableSession.show_hint,
    "review": TableSession.open_review,
    "close-review": TableSession.close_review,
}
"""The controls every table screen has (none looks like a move)."""
