"""The game on this device: intent -> engine -> bots' turns -> render.

``Controller`` owns the match against bots (and between the people at a shared
device). The table screen itself, written once for every kind of table, is a
``app.table.session.TableSession`` over the seat source ``app.local.LocalSeats``; the
controller adds what only this page has:

- the flow: after each move, the bots' turns, one move per timer task
  (``host.later``), so the page never freezes, paced by the speed setting;
- the settings dialog, a new match, resuming the saved match;
- saving after every change (``app.table.saved``) and the rooms it draws on:
  statistics and their write queue (``app.stats.recorder``), failed writes and the
  notices banner (``app.writes``), one tab at a time (``app.tabs``), the statistics
  panel (``app.stats.controls``).

It never touches the DOM: it talks to a *host* (``app.host.Host``: ``app.dom`` in the
page, a fake in tests). The page also calls ``tick()`` every few seconds (it renews
this tab's claim on the saved match and retries writes that failed), hands it
``storage`` intents when another tab changed storage and calls ``release()`` when the
page goes away. What is legal comes from the engine; the session only matches the
player's clicks against it.
"""

from __future__ import annotations

import dataclasses
import os
import time
from collections.abc import Callable, Mapping
from typing import Any

from app import tabs
from app.host import Host
from app.i18n import t
from app.local import LocalSeats, table_ui
from app.settings import dialog as settings_dialog
from app.settings import model as st
from app.stats import controls as stats_controls
from app.stats import model as stats_mod
from app.stats.recorder import Recorder
from app.stats.tally import Tally
from app.storage import KEY_MATCH, KEY_SETTINGS, KEY_STATS, MemoryBackend, Store, clear_match
from app.table import saved
from app.table.mode import Mode
from app.table.session import TableSession
from app.table.state import Panels, UIState
from app.url import parse_query
from app.writes import Banner, Writes, stored_data_notices
from engine import Action, Match

# Pauses in milliseconds at speed 1; ``speed=0`` makes them all 0.
BOT_THINK_MS = 650
AFTER_HUMAN_MS = 200
SETTINGS_WAIT_MS = 300  # bots wait while the settings dialog is open
TICK_MS = 3000  # how often the page calls Controller.tick()

__all__ = ["TICK_MS", "Controller", "parse_query"]


class Controller:
    """Runs one match at a time for the people at this device against bots."""

    def __init__(
        self,
        host: Host,
        store: Store | None = None,
        *,
        query: str = "",
        browser_lang: str = "de",
        seed_source: Callable[[], int] | None = None,
        tab_id: str | None = None,
        clock: Callable[[], float] | None = None,
        open_tabs: frozenset[str] | None = None,
    ) -> None:
        self.host = host
        self.store = store if store is not None else Store(MemoryBackend())
        # Which tab saves the match (app.tabs); the clock counts milliseconds;
        # open_tabs: the ids of the tabs open now, where the browser can tell.
        self.tabs = tabs.Ownership(
            self.store,
            tab_id or os.urandom(8).hex(),
            clock or (lambda: time.time() * 1000),
            alive=None if open_tabs is None else open_tabs.__contains__,
        )
        self.query = parse_query(query)
        self.browser_lang = browser_lang
        self.seed_source = seed_source or (lambda: int(time.time() * 1000) % 2_000_000_000)
        remembered, self.notices = st.load_settings(self.store, browser_lang)
        # URL parameters count for this page load only; the dialog's choices are saved.
        self.next_settings, self.new_requested, more = st.apply_url(remembered, self.query)
        self.notices += more
        self.settings = self.next_settings  # the settings of the match being played
        self.banner = Banner(host.warn)
        self.writes = Writes(self.banner, changed=self._render)
        self.recorder = Recorder(
            self.store, self.writes, self.banner, written=self._counted, changed=self._render
        )
        self.stats = stats_controls.StatsControls(self.recorder, self.banner, host.download)
        self._match: Match | None = None
        self.seats: LocalSeats | None = None
        self.session: TableSession | None = None
        self.ui = UIState()
        self.epoch = 0  # bumps with every new match: stale timers do nothing
        self.tally = Tally(self.recorder, self.writes, self.settings.preset, 1)
        self.touch = False  # the page has a touch screen (set by the page before start)
        self.server = False  # the build names a table server (set by the page before start)

    # ------------------------------------------------------------ start-up

    def start(self) -> None:
        """Resume the saved match, or start one from the URL and the settings."""
        self.banner.keep(stored_data_notices(self.store, self.notices))
        # Bad URL parameters are ignored, but said: in the banner and in the console.
        self.banner.tell([n for n in self.notices if n.code == "url"])
        if not self.tabs.start():  # the saved match is open in another tab: ask first
            if not self._restore():
                keep = self.next_settings  # a URL seed still serves "own-match"
                self._deal(self.next_settings)  # only drawn behind the question, never saved
                self.next_settings = keep
            self._guest("open")
            return
        if not self.new_requested and self._restore():
            if self._url_asks_another_match():
                self.ui.panels.notice = t("notice_next", self.ui.lang)
            self._advance()
            return
        self.new_match(self.next_settings)

    def _url_asks_another_match(self) -> bool:
        """Whether a parameter of the address asks for a match other than the one
        resumed (a reload of the address the match was started from asks nothing new)."""
        url, played = self.next_settings, self.settings
        differs = {
            "seed": url.seed != played.seed,
            "preset": (url.preset, dict(url.custom)) != (played.preset, dict(played.custom)),
            "lives": st.resolve(url)[1].lives != st.resolve(played)[1].lives,
            "mistery": url.mistery != played.mistery,
            "luegen": url.luegen != played.luegen,
            "bots": url.bots != played.bots,
            "people": url.people != played.people,
            "difficulty": st.bot_difficulties(url) != st.bot_difficulties(played),
        }
        return any(changed for key, changed in differs.items() if key in self.query)

    def new_match(self, settings: st.Settings) -> None:
        """Deal a new match with ``settings`` (this tab saves it, see ``app.tabs``)."""
        self.tabs.claim()  # asked for here: another tab with the old match stops saving
        clear_match(self.store)  # the old match is over or given up: never resume it
        self._deal(settings)
        self._advance()

    def _deal(self, settings: st.Settings) -> None:
        """Set up a new match with ``settings`` without showing or saving it."""
        settings, rules, notice = st.resolve(settings)
        if notice is not None:  # the rules asked for cannot be played as they are
            self.banner.tell([notice])
        seed = settings.seed if settings.seed is not None else self.seed_source()
        self.settings = dataclasses.replace(settings, seed=seed)
        self.next_settings = dataclasses.replace(self.next_settings, seed=None)  # seeds serve once
        self._match = Match(rules, players=st.players(settings), seed=seed)
        self._setup()
        # Everything of a new match is new: the first deal's table is dealt from the stock
        # on screen, and a first deal that ended as dealt (a 31, Feuer) is shown.
        self.session_of().restart()

    def _setup(self) -> None:
        """The seats, the screen and the UI state for ``self.match`` with ``self.settings``."""
        self.epoch += 1
        s, match = self.settings, self.match
        people = min(s.people, len(match.lives()))
        self.tally = Tally(self.recorder, self.writes, s.preset, people)
        self.seats = LocalSeats.dealt(match, s)
        self.ui = table_ui(s, self.next_settings, match.rules, people, self.tally.figures())
        self.ui.panels, self.ui.look.touch = Panels(notices=self.banner.notices), self.touch
        self.ui.look.server = self.server
        if self.session is not None:
            self.session.alive = False  # its timers belong to the match before
        self.session = TableSession(
            self.host,
            self.seats,
            self.ui,
            controls=self._control,
            proceed=self._advance,
            moved=self._person_moved,
            prepare=self._before_drawing,
            remember_sound=self._remember_sound,
            flight_ms=lambda: st.timings(self.next_settings)[0],
            pause=self._ms,
        )
        self.session.caught_up()  # what happened before is not replayed

    # ------------------------------------------------------------ intents

    def handle(self, intent: Mapping[str, Any]) -> None:
        """One intent from the page; the table's own go to the session."""
        kind = intent.get("type")
        if kind == "settings-draft":  # a field of the settings dialog changed
            self.settings_draft(dict(intent.get("form") or {}))
            self._render()
        elif kind == "stats-import":  # the text of a statistics file the player chose
            self.stats.import_file(
                self.ui.panels, intent.get("text"), intent.get("size"), self.ui.lang
            )
            self._render()
        elif kind == "storage":  # another tab changed storage
            self.on_storage(intent.get("key"))
        else:
            self.session_of().handle(intent)

    def press(self, name: str, form: Mapping[str, Any] | None = None) -> None:
        """A button: a control name or an action text."""
        self.session_of().press(name, form)

    def play(self, action: Action | str) -> bool:
        """The player's move, if the engine offers it now."""
        return self.session_of().play(action)

    def take_focus(self) -> str:
        return self.session_of().take_focus()

    def _control(self, name: str, form: Mapping[str, Any] | None) -> bool:
        """This page's own controls (the session asks before it takes a name for a move)."""
        ui = self.ui
        if name in ("settings", "close-settings"):
            ui.panels.settings_open = name == "settings"
            ui.panels.settings = self.next_settings.to_dict()  # a fresh draft
            ui.panels.focus = "set-preset" if ui.panels.settings_open else "act-settings"
        elif name == "new-match":
            if form is not None:
                chosen, _ = st.from_form(settings_dialog.normalize(form), base=self.next_settings)
                self.writes.check(KEY_SETTINGS, st.save_settings(self.store, chosen))
                # A seed from the URL served one match; the dialog starts fresh ones.
                self.next_settings = dataclasses.replace(chosen, seed=None)
            self.new_match(self.next_settings)
            return True
        elif name == "take-over":  # continue the saved match here; the other tab stops
            self.take_over()
            return True
        elif name == "own-match":  # a new match here instead of the other tab's
            self.new_match(self.next_settings)
            return True
        elif name == "retry-save":
            self.retry_writes()
        elif name == "online":  # play with friends: the page opens the online dialog
            self.host.go_online()
            return True
        elif name in ("my-tables", "open-tables") and self.server:  # a table server's:
            self.host.go_online("tables" if name == "my-tables" else "open")  # mine, or open
            return True
        elif name == "sign-in" and self.server:  # a passkey, on "My tables" (the online part)
            self.host.go_online("account")
            return True
        elif stats_controls.is_control(name):
            self.stats.press(ui.panels, name, ui.lang)
        else:
            return False
        self._render()
        return True

    def settings_draft(self, form: dict[str, Any]) -> None:
        """The player changed a field of the settings dialog: show the dialog for the new
        draft; language, card faces and speed apply at once and are remembered."""
        panels = self.ui.panels
        draft, shown, changed = settings_dialog.redraft(panels.settings, form, self.next_settings)
        panels.settings = draft.to_dict()
        if changed:
            self.next_settings = shown
            self.writes.check(KEY_SETTINGS, st.remember(self.store, self.browser_lang, **changed))
            self.ui.look.lang, self.ui.look.anim = shown.lang, shown.speed != "0"
            self.ui.look.style = st.card_style(shown, self.match.rules.deck)

    def _remember_sound(self, on: bool) -> None:
        self.ui.look.sound = on
        self.next_settings = dataclasses.replace(self.next_settings, sound=on)
        self.writes.check(KEY_SETTINGS, st.remember(self.store, self.browser_lang, sound=on))

    # ------------------------------------------------------------ the flow

    def _person_moved(self) -> None:
        """The session has drawn a person's move: save it, and let the bot whose turn it
        is move after a moment (after the deal's closing table ``_advance`` does)."""
        self._save()
        self._bots_next(self._ms(AFTER_HUMAN_MS))

    def _advance(self) -> None:
        """Show what comes next (a finished deal or match, a person's turn, a bot's) and
        let the bot whose turn it is move in a later task."""
        if self.tabs.role != "owner":  # the match goes on in another tab
            return
        if self.seats_of().follow_turn():  # the device goes to the next person
            self.session_of().covered = True
        self.session_of().refresh()
        self._save()
        self._bots_next()

    def _before_drawing(self) -> None:
        """This page's part of every drawing: finished deals are counted once, and the
        end of the match (only in the tab that plays it)."""
        if self.tabs.role != "owner" or self._match is None:
            return
        self.tally.deals(self.match)
        if self.match.is_over():
            self._finish()

    def _bots_next(self, pause: float = 0) -> None:
        """If a bot's turn is on the screen, its move in a later task (after ``pause``
        and the bot's own moment to think)."""
        session, seat = self.session_of(), self.match.current_player()
        bots_turn = seat is not None and not self.seats_of().is_person(seat)
        if session.ui.frame.mode is Mode.BUSY and bots_turn and not session.closing_now():
            epoch = self.epoch
            wait = pause + self._ms(BOT_THINK_MS)
            self.host.later(wait, lambda: self._bot_turn(epoch))

    def _bot_turn(self, epoch: int) -> None:
        """One bot move, then back to ``_advance`` (one move per timer task)."""
        if epoch != self.epoch or self.match.is_over():
            return
        if self.ui.panels.settings_open:  # redrawing would wipe what is being typed: wait
            self.host.later(SETTINGS_WAIT_MS, lambda: self._bot_turn(epoch))
            return
        seat = self.match.current_player()
        if seat is None or self.seats_of().is_person(seat):
            self._advance()
            return
        action = self.seats_of().decide(seat, self.host.timed)
        self.match.apply(action)  # a bot's: ``_advance`` follows the turn and draws it
        self.session_of().mark(seat, action)
        self._advance()

    def _ms(self, base: float) -> float:
        pause = st.timings(self.next_settings)[1]
        return 0 if pause == 0 else base * pause / BOT_THINK_MS

    def _finish(self) -> None:
        """The match is over: the end is for everyone to see, and it is counted once."""
        session = self.session_of()
        session.deal_seen = max((r.deal_number for r in self.match.results), default=0)
        session.covered = False
        shared = self.tally.match(self.match)
        if shared is not None:
            self.ui.look.stats = (shared.matches, shared.wins)

    # ------------------------------------------------------------ the screen

    def _render(self) -> None:
        if self.session is not None:
            self.session.refresh()

    def _counted(self, stats: stats_mod.Stats) -> None:
        """The recorder tried to write the statistics: what the table and panel show."""
        shared = self.people > 1
        self.ui.look.stats = self.tally.figures() if shared else (stats.matches, stats.wins)
        if self.ui.panels.stats_open:
            self.ui.panels.stats = stats
        self.tally.written()

    # ------------------------------------------------------------ saving

    def _save(self) -> None:
        """Save the match if this tab owns it; a failed write is said, and retried."""
        if self.recorder.waiting():  # statistics first: the record below may then claim them
            self.recorder.flush()
        if not self.tabs.may_save():
            if self.tabs.reason == "taken" and self.ui.panels.other_tab != "taken":
                self._guest("taken")
            return
        deal_noted, recorded = self.tally.saved()
        session = self.session_of()
        record = saved.Saved(
            self.match,
            self.settings,
            deal_seen=session.deal_seen,
            deal_noted=deal_noted,
            recorded=recorded,
            watching=session.watching,
        )
        self.writes.check(KEY_MATCH, saved.store(self.store, record))

    def retry_writes(self) -> None:
        """Write again what could not be written (statistics, the match)."""
        if self.recorder.waiting():
            self.recorder.flush()
        if self.writes.failed(KEY_MATCH) and self._match is not None:
            self._save()

    def tick(self) -> None:
        """Called by the page every :data:`TICK_MS`: renew this tab's claim on the
        match (or notice that another tab took it) and retry failed writes."""
        if self._match is None:
            return
        if self.tabs.check():
            self._guest("taken")
        if self.recorder.waiting() or self.writes.failing:
            self.retry_writes()

    def on_storage(self, key: str | None) -> None:
        """Another tab changed storage (``key`` the full storage key, None if it
        cleared everything): stop saving if it took the match, show its statistics."""
        if self._match is None:
            return
        prefix = self.store.prefix
        if key in (None, prefix + tabs.KEY_OWNER) and self.tabs.check():
            self._guest("taken")
        if key in (None, prefix + KEY_STATS):
            stats = self.recorder.flush() if self.recorder.waiting() else self.recorder.now()
            self.ui.look.stats = self.tally.figures()
            if self.ui.panels.stats_open:
                self.ui.panels.stats = stats
            if not self.ui.panels.settings_open:  # a redraw would wipe what is being typed
                self._render()

    def release(self) -> None:
        """The page goes away: another tab may take the match without asking."""
        self.tabs.release()

    def take_over(self) -> None:
        """Continue the saved match in this tab (the other tab stops saving and says so);
        a new match if there is none to continue."""
        self.tabs.claim()
        if self._restore():
            self._advance()
        else:
            self.new_match(self.next_settings)

    def _guest(self, reason: str) -> None:
        """This tab does not save the match (``reason``: ``open`` or ``taken``): stop
        the bots, accept no moves, and ask what to do (``app.table.notices``)."""
        self.epoch += 1  # timers already set do nothing
        self.ui.panels.other_tab = reason
        session = self.session_of()
        session.alive = False  # nor do the screen's own
        self.ui.choice.selected = ()
        session.refresh()  # the question lies over the table: no moves (``Panels.other_tab``)

    def _restore(self) -> bool:
        """Resume the saved match, if there is one this engine can read."""
        record, notice = saved.restore(self.store, self.browser_lang)
        self.banner.keep([notice] if notice else [])
        if record is None:
            return False
        self._match, self.settings = record.match, record.settings
        self._setup()
        self.tally.resume(record.deal_noted, record.recorded)
        session = self.session_of()
        session.deal_seen, session.watching = record.deal_seen, record.watching
        return True

    # ------------------------------------------------------------ parts, by name

    @property
    def match(self) -> Match:
        if self._match is None:
            raise RuntimeError("no match yet: start() deals one")
        return self._match

    @match.setter
    def match(self, match: Match) -> None:  # a test's stacked match (then _setup)
        self._match = match

    def session_of(self) -> TableSession:
        if self.session is None:
            raise RuntimeError("no match yet: start() deals one")
        return self.session

    def seats_of(self) -> LocalSeats:
        if self.seats is None:
            raise RuntimeError("no match yet: start() deals one")
        return self.seats

    @property
    def people(self) -> int:
        return 1 if self.seats is None else self.seats.people

    @property
    def bot_levels(self) -> dict[int, str]:
        return self.seats_of().bot_levels
