"""The game's one straight path: intent -> engine action -> bots' turns -> render.

``Controller`` owns the match, the bots and the UI state. It never touches
the DOM: it talks to a *host* (``app.dom`` in the page, a fake in tests) with
two calls:

- ``host.show(markup, log_lines, state)``: put the screen on the page and set
  ``#app``'s ``data-state`` (``human``, ``busy``, ``deal-over``, ``match-over``);
- ``host.later(ms, callback)``: run ``callback`` in a later task (a timer), so
  every bot turn is its own short task and the page never freezes.

The page also calls ``tick()`` every few seconds (it renews this tab's claim on the
saved match and retries writes that failed), ``on_storage(key)`` when another tab
changed storage and ``release()`` when the page goes away (see ``app.tabs``).

Saving: every write is checked. A write that fails (a full storage) is said at once
in the notices banner; the statistics' changes stay in memory and are written as
soon as there is room (on the next save, the page's timer or "Try again"), first by
dropping the oldest history entries if that makes them fit. The saved match never
claims a result the statistics do not hold yet, and a saved match that cannot be
brought up to date is removed rather than left behind to be resumed later.

What is legal comes from the engine (``match.legal_actions()``); the
controller only matches the player's clicks against that list.
"""

from __future__ import annotations

import dataclasses
import os
import time
from collections.abc import Callable, Sequence
from typing import Any, Protocol

import engine
from app import seating, tabs
from app.i18n import BOT_NAMES, t
from app.settings import dialog as settings_dialog
from app.settings import model as st
from app.stats import model as stats_mod
from app.stats import panel as stats_panel
from app.storage import (
    KEY_MATCH,
    KEY_SETTINGS,
    KEY_STATS,
    MemoryBackend,
    Notice,
    Store,
    clear_match,
    load_match,
    save_match,
)
from app.table import choosing, coach, keys, log, notices, story, telling, view
from app.table.moves import changed_keys
from app.table.notices import FAILED
from app.table.saved import Saved, read_saved
from app.table.view import Panels, UIState
from engine import Action, EventKind

# Pauses in milliseconds at speed 1; ``speed=0`` makes them all 0.
BOT_THINK_MS = 650
AFTER_HUMAN_MS = 200
CLOSING_MS = 1400  # a deal's final move and its call ("31!") stay this long before the result
SETTINGS_WAIT_MS = 300  # bots wait while the settings dialog is open
TICK_MS = 3000  # how often the page calls Controller.tick()


class Host(Protocol):
    def show(self, markup: str, log: Sequence[tuple[int, str]], state: str) -> None: ...
    def later(self, ms: float, callback: Callable[[], None]) -> None: ...


def parse_query(search: str) -> dict[str, str]:
    """``location.search`` as a dict of values (the last one wins).

    >>> parse_query("?seed=3&bots=2&new=1")
    {'seed': '3', 'bots': '2', 'new': '1'}
    """
    query: dict[str, str] = {}
    for field in search.lstrip("?").split("&"):
        if field:
            name, _, value = field.partition("=")
            query[_unquote(name)] = _unquote(value)
    return query


_HEX = frozenset("0123456789abcdefABCDEF")


def _unquote(text: str) -> str:
    """A query field decoded as ``urllib.parse.unquote_plus`` does (``+`` is a space,
    ``%XX`` a UTF-8 byte, a stray ``%`` stays), without importing ``urllib`` at start-up.

    >>> _unquote("caf%C3%A9+au+lait%2")
    'café au lait%2'
    """
    text = text.replace("+", " ")
    if "%" not in text:
        return text
    first, *rest = text.split("%")
    out = bytearray(first.encode())
    for part in rest:
        if len(part) >= 2 and part[0] in _HEX and part[1] in _HEX:
            out.append(int(part[:2], 16))
            out += part[2:].encode()
        else:
            out += b"%" + part.encode()
    return out.decode("utf-8", "replace")


# ---------------------------------------------------------------- the controller


class Controller:
    """Runs one match at a time for the person at seat 0 against bots."""

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
        saved, self.notices = st.load_settings(self.store, browser_lang)
        # URL parameters count for this page load only; the dialog's choices are saved.
        self.next_settings, self.new_requested, more = st.apply_url(saved, self.query)
        self.notices += more
        self.settings = self.next_settings  # the settings of the match being played
        self.match: Any = None
        self.bot_levels: dict[int, str] = {}  # seat -> bot level
        self.ui = UIState()
        self.epoch = 0  # bumps with every new match: stale timers do nothing
        self.deal_seen = 0  # the last finished deal whose result the player has seen
        self.deal_noted = 0  # the last finished deal counted in the statistics
        self.watching = False  # out of the match: watch the bots without deal-over stops
        self.recorded = False
        self.storage_notices: list[Any] = []  # damaged stored data, told to the player
        # Statistics changes not written yet (a full storage): each takes the stored
        # statistics and changes them in place or returns new ones; replayed on every try.
        self.pending_stats: list[Callable[[Any], Any]] = []
        # (deal_noted, recorded) as far as the written statistics have counted them.
        self.stats_marks: tuple[int, bool] = (0, False)
        self.failing: dict[str, Notice] = {}  # storage key -> the notice of its failed write
        self.touch = False  # the page has a touch screen (set by the page before start)
        self.drawn = 0  # the log's events up to here are on the screen (moves animate once)
        self.closing: Any = None  # a finished deal's last table, shown before its result
        # Pass-and-play: the persons sit at seats 0 .. people-1; the screen shows the
        # match from the viewer's seat, and a cover hides it while the device is passed.
        self.people = 1
        self.viewer = 0
        self.covered = False
        self.seat_names: tuple[str, ...] = ("",)  # every seat's name ("" is the player)
        self.sounded = 0  # the last deal whose lost lives have sounded

    # ------------------------------------------------------------ start-up

    def start(self) -> None:
        """Resume the saved match, or start one from the URL and the settings."""
        # Damaged stored data is backed up now, and the player is told (the banner).
        self.storage_notices = self._startup_notices()
        # Bad URL parameters are ignored, but said: in the banner and in the console.
        self._tell([n for n in self.notices if n.code == "url"])
        if not self.tabs.start():  # the saved match is open in another tab: ask first
            if not self._restore():
                keep = self.next_settings  # a URL seed still serves "own-match"
                self._deal(self.next_settings)  # only drawn behind the question, never saved
                self.next_settings = keep
            self._guest("open")
            return
        if not self.new_requested and self._restore():
            if any(k in self.query for k in ("seed", "preset", "bots", "difficulty", "lives")):
                self.ui.notice = t("notice_next", self.ui.lang)
            self._advance()
            return
        self.new_match(self.next_settings)

    def _startup_notices(self) -> list[Notice]:
        """Read stored statistics and the saved match once before the game starts, so a
        damaged record is backed up here and the player is told (the later reads then
        find a clean slate); with the settings' own notices about stored data."""
        found = [n for n in self.notices if n.code in notices.STORAGE_CODES]
        for _, notice in (stats_mod.load_stats(self.store), load_match(self.store)):
            if notice is not None:
                found.append(notice)
        return found

    def new_match(self, settings: st.Settings) -> None:
        """Deal a new match with ``settings`` (this tab saves it, see ``app.tabs``)."""
        self.tabs.claim()  # asked for here: another tab with the old match stops saving
        clear_match(self.store)  # the old match is over or given up: never resume it
        self._deal(settings)
        self._advance()

    def _deal(self, settings: st.Settings) -> None:
        """Set up a new match with ``settings`` without showing or saving it."""
        self.epoch += 1
        settings, rules, notice = st.resolve(settings)
        if notice is not None:  # the rules asked for cannot be played as they are
            self._tell([notice])
        seed = settings.seed if settings.seed is not None else self.seed_source()
        self.settings = dataclasses.replace(settings, seed=seed)
        self.next_settings = dataclasses.replace(self.next_settings, seed=None)  # seeds serve once
        self.match = engine.Match(rules, players=st.players(settings), seed=seed)
        self._setup()
        self.drawn = 0  # the first deal's table is dealt from the stock on screen
        self.deal_seen = self.deal_noted = 0
        self.recorded = False
        self.watching = False
        self.stats_marks = (0, False)

    def _setup(self) -> None:
        """Bots and UI state for ``self.match`` played with ``self.settings``."""
        s = self.settings
        levels = st.bot_difficulties(s) or ("medium",)
        n = len(self.match.lives())
        self.people = min(s.people, n)
        self.bot_levels = {
            seat: levels[(seat - self.people) % len(levels)] for seat in range(self.people, n)
        }
        self.viewer = 0
        self.covered = self.people > 1  # the first person uncovers their own cards
        if self.people == 1:
            self.seat_names = ("", *BOT_NAMES[: n - 1])
        else:
            persons = tuple(t("person", s.lang, n=i + 1) for i in range(self.people))
            self.seat_names = (*persons, *BOT_NAMES[: n - self.people])
        rules = self.match.rules
        self.ui = UIState(
            lang=self.next_settings.lang,  # display choices apply at once, also on resume
            style=st.card_style(self.next_settings, rules.deck),
            preset=s.preset if s.preset in engine.PRESETS else st.CUSTOM_BASE,
            custom=s.preset == st.CUSTOM,
            names=self.seat_names,
            start_lives=rules.lives,
            anim=self.next_settings.speed != "0",
            stats=self._stats(),
            stats_words="stats_line" if self.people == 1 else "stats_line_shared",
            settings=self.next_settings.to_dict(),
            panels=Panels(notices=tuple(self.storage_notices)),
            touch=self.touch,
            sound=self.next_settings.sound,
        )
        self.drawn = len(self.match.observation(0).log)  # what happened before is not replayed
        self.closing = None
        self.sounded = self.deal_seen

    # ------------------------------------------------------------ intents

    def handle(self, intent: dict[str, Any]) -> None:
        """One intent from the page: ``{"type": "card"|"drop"|"action"|"value", ...}``."""
        kind = intent.get("type")
        if kind == "card":
            self.click_card(str(intent.get("zone")), str(intent.get("index")))
        elif kind == "drop":
            self.drop(tuple(intent["from"]), tuple(intent["to"]))
        elif kind == "action":
            self.press(str(intent.get("action")), intent.get("form"))
        elif kind == "value":
            self.ui.announce_value = str(intent.get("value"))
            self._render()
        elif kind == "escape":  # the Escape key: close the top panel, else the selection
            self.escape()
        elif kind == "key":  # a shortcut key (app.table.keys)
            self.shortcut(str(intent.get("key")))
        elif kind == "settings-draft":  # a field of the settings dialog changed
            self.settings_draft(dict(intent.get("form") or {}))
            self._render()
        elif kind == "stats-import":  # the text of a statistics file the player chose
            self.import_stats(intent.get("text"), intent.get("size"))
            self._render()
        elif kind == "storage":  # another tab changed storage
            self.on_storage(intent.get("key"))

    def escape(self) -> None:
        """Escape closes what lies on top: rules help or statistics (above the rest),
        else the deal review, else the settings dialog, else the match result (the
        finished table shows), else it clears the selection."""
        p = self.ui.panels
        if p.help_open or p.stats_open:
            self.press("close-help" if p.help_open else "close-stats")
        elif p.review_open:
            self.press("close-review")
        elif self.ui.settings_open:
            self.press("close-settings")
        elif self.ui.mode == "match-over" and self.ui.match_panel:
            self.press("close-result")
        else:
            self.press("clear-selection")

    def shortcut(self, key: str) -> None:
        """A shortcut key: the move or control it stands for, when there is one now and
        no panel lies over the table."""
        p = self.ui.panels
        if self.ui.settings_open or p.help_open or p.stats_open or p.review_open or p.other_tab:
            return
        legal = self.match.legal_actions() if self.ui.mode == "human" else []
        name = keys.command(key, legal, self.ui.mode)
        if name in keys.MOVES:
            self.play(name)
        elif name is not None:
            self.press(name)

    def take_focus(self) -> str:
        """The ``data-key`` the page should focus after this redraw (once), or ""
        (a dialog just opened or closed)."""
        return self.ui.panels.take_focus()

    def press(self, name: str, form: dict[str, Any] | None = None) -> None:
        """A button: a control name or an action text."""
        if name == "settings":
            self.ui.settings_open = True
            self.ui.settings = self.next_settings.to_dict()  # a fresh draft
            self.ui.panels.focus = "set-preset"  # the keyboard goes into the dialog
            self._render()
        elif name == "close-settings":
            self.ui.settings_open = False
            self.ui.settings = self.next_settings.to_dict()
            self.ui.panels.focus = "act-settings"
            self._render()
        elif name == "new-match":
            if form is not None:
                fields = settings_dialog.normalize(form)
                chosen, _ = st.from_form(fields, base=self.next_settings)
                self.check_write(KEY_SETTINGS, st.save_settings(self.store, chosen))
                # A seed from the URL served one match; the dialog starts fresh ones.
                self.next_settings = dataclasses.replace(chosen, seed=None)
            self.new_match(self.next_settings)
        elif name == "next-deal":
            if self.ui.mode == "deal-over":
                self._deal_on()
        elif name == "reveal":  # the next person at a shared device looks at their cards
            if self.covered and self.match.current_player() == self.viewer:
                self.covered = False
                self._advance()
        elif name in ("close-result", "show-result"):
            if self.ui.mode == "match-over":
                self._match_result(shown=name == "show-result")
        elif name == "take-over":  # continue the saved match here; the other tab stops
            self.take_over()
        elif name == "own-match":  # a new match here instead of the other tab's
            self.new_match(self.next_settings)
        elif name == "retry-save":
            self.retry_writes()
            self._render()
        elif name == "online":  # play with friends: the page opens the online dialog
            go_online = getattr(self.host, "go_online", None)
            if go_online is not None:
                go_online()
        elif name == "sound":
            self.toggle_sound()
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
        elif name in PANEL_CONTROLS or name.startswith(STATS_SCOPE):
            self._panel_control(name)
            self._render()
        else:
            self.play(name)

    def _panel_control(self, name: str) -> None:
        """Rules help, statistics and the notices banner (``PANEL_CONTROLS``)."""
        p = self.ui.panels
        lang = self.ui.lang
        if name == "open-help":
            p.help_open, p.focus = True, "act-close-help"
        elif name == "close-help":
            p.help_open = False
            p.focus = "set-open-help" if self.ui.settings_open else "act-open-help"
        elif name == "open-stats":
            _, notice = stats_mod.load_stats(self.store)
            if notice is not None:
                p.notices = (*p.notices, notice)
            p.stats = self._stats_now()  # with what could not be written yet
            p.stats_apart = tuple(
                (kind, stats_mod.load_stats(self.store, key)[0])
                for kind, key in stats_mod.APART
            )
            p.stats_open, p.confirm_reset, p.message, p.error = True, False, "", False
            p.focus = "act-close-stats"
        elif name == "close-stats":
            p.stats_open, p.confirm_reset, p.message, p.stats = False, False, "", None
            p.focus = "act-open-stats"
        elif name.startswith(STATS_SCOPE):
            p.scope = name.removeprefix(STATS_SCOPE)
            p.confirm_reset = False
        elif name == "stats-reset":
            p.confirm_reset = True
        elif name == "stats-reset-cancel":
            p.confirm_reset = False
        elif name == "stats-reset-confirm":
            self._replace_stats(stats_mod.Stats())
            p.confirm_reset = False
            p.scope = stats_panel.SCOPE_ALL
            p.message, p.error = stats_panel.tr("was_reset", lang), False
        elif name == "stats-export":
            stats = self._stats_now()  # also what a full storage could not take
            filename = stats_panel.export_filename(stats_mod.today())
            download = getattr(self.host, "download", None)
            if download is not None:
                download(filename, stats.to_json())
            p.message, p.error = stats_panel.tr("exported", lang, name=filename), False
        elif name == "dismiss-notices":
            p.notices = ()
            self.storage_notices = []

    def import_stats(self, text: Any, size: Any = None) -> None:
        """A statistics file the player chose: replace the statistics, or say why not.
        ``size`` (bytes) is given instead of the text for a file too large to read."""
        p = self.ui.panels
        if text is None and isinstance(size, int | float):
            stats, message = None, stats_panel.too_large(size, self.ui.lang)
        else:
            stats, message = stats_panel.import_stats(text, self.ui.lang)
        if stats is not None:
            self._replace_stats(stats)
            p.scope = stats_panel.SCOPE_ALL
        p.message, p.error = message, stats is None
        p.stats_open, p.confirm_reset = True, False
        if p.stats is None:
            p.stats = self._stats_now()

    def _replace_stats(self, stats: Any) -> None:
        """Replace the statistics (an import, a reset); a failed write waits in memory."""
        self._update_stats(lambda _old: stats)
        self.ui.panels.stats = stats

    def settings_draft(self, form: dict[str, Any]) -> None:
        """The player changed a field of the settings dialog: show the dialog for the new
        draft. Language, card faces and speed apply at once and are remembered."""
        base = settings_dialog.draft_settings(self.ui.settings, self.ui.lang)
        new, _ = settings_dialog.draft(form, base)
        self.ui.settings = new.to_dict()
        changed = {
            name: getattr(new, name)
            for name in ("lang", "deck_style", "speed")
            if getattr(new, name) != getattr(self.next_settings, name)
        }
        if not changed:
            return
        self.next_settings = dataclasses.replace(self.next_settings, **changed)
        # Remember only what the player changed here: the rest of next_settings may come
        # from URL parameters, which count for this page load only.
        stored, _ = st.load_settings(self.store, self.browser_lang)
        self.check_write(
            KEY_SETTINGS, st.save_settings(self.store, dataclasses.replace(stored, **changed))
        )
        self.ui.lang = self.next_settings.lang
        self.ui.anim = self.next_settings.speed != "0"
        deck = self.match.rules.deck if self.match is not None else None
        self.ui.style = st.card_style(self.next_settings, deck)

    def toggle_sound(self) -> None:
        """The top bar's sound switch: on or off, remembered with the settings."""
        self.next_settings = dataclasses.replace(
            self.next_settings, sound=not self.next_settings.sound
        )
        stored, _ = st.load_settings(self.store, self.browser_lang)
        self.check_write(
            KEY_SETTINGS,
            st.save_settings(
                self.store, dataclasses.replace(stored, sound=self.next_settings.sound)
            ),
        )
        self.ui.sound = self.next_settings.sound
        self._render()

    def show_hint(self) -> None:
        """The coach: the hard bot's ranking of the player's moves, in words, with the
        best move's cards outlined (app.table.coach; a small search budget keeps it short)."""
        if self.ui.mode != "human" or self.match.current_player() != self.viewer:
            return
        coach.advise(self._obs(), self.ui, seed=len(self.match.actions))
        self._render()

    def open_review(self) -> None:
        """At the end of a deal: the coach's word on each of the player's decisions in
        it (app.table.review), computed now from what the player knew at each one."""
        if self.ui.mode != "deal-over" or self.ui.result is None:
            return
        self.ui.panels.open_review(self.match, self.ui.result.deal_number, self.viewer)
        self._render()

    def click_card(self, zone: str, index: str) -> None:
        """A tap (or Enter/Space) on a card: select it, or complete a move with it."""
        if self.ui.mode != "human":
            return
        self.ui.changed = frozenset()  # the last move's highlight has been seen
        self._chosen(choosing.tap(self._obs(), self.ui, zone, index))

    def drop(self, source: tuple, target: tuple) -> None:
        """A card dragged onto another: the same as tapping both."""
        if self.ui.mode != "human":
            return
        self._chosen(choosing.drag(self.ui, source, target))

    def _chosen(self, choice: choosing.Choice) -> None:
        """Play the move the chosen cards make; cards that make no legal move clear the
        choice."""
        if choice.action is not None and self.play(choice.action):
            return
        if choice.action is not None or choice.cleared:
            choosing.clear(self.ui)
        self._render()

    def play(self, action: Action | str) -> bool:
        """Play the player's move (an ``Action``, or its text from a button's
        ``data-action``) if the engine offers it now."""
        if self.ui.mode != "human" or self.match.current_player() != self.viewer:
            return False
        action = self._legal(action)
        if action is None:
            return False
        if not self.tabs.may_save():  # taken over in another tab: this move would be lost
            self._guest(self.tabs.reason)
            return False
        self.ui.mode = "busy"  # accepted: leave "human" at once
        self._clear_selection()
        self.ui.two_mode = False
        self.ui.notice = ""
        self.ui.hints = ()  # the coach spoke about the position before this move
        before = self._obs()
        self.match.apply(action)
        closing = self._moved(self.viewer, before, action)
        if self.people > 1:  # the next person must not see this one's cards
            self.covered = True
        self._render()
        self._save()
        epoch = self.epoch
        pause = CLOSING_MS if closing else AFTER_HUMAN_MS
        self.host.later(self._ms(pause), lambda: self._resume(epoch))
        return True

    def _legal(self, wanted: Action | str) -> Action | None:
        """The legal action equal to ``wanted`` (a button's text is read by the engine's
        parser), or None."""
        try:
            wanted = Action.parse(wanted)
        except (ValueError, AttributeError):
            return None
        # The screen names seats as the viewer sees them (seat 0 is "you").
        wanted = seating.action_back(wanted, self.viewer, len(self.match.lives()))
        return next((a for a in self.match.legal_actions() if a == wanted), None)

    def _match_result(self, *, shown: bool) -> None:
        """Show the match result again, or close it to look at the finished table; the
        keyboard goes to the button that undoes it (``new-match`` leads the panel)."""
        self.ui.match_panel = shown
        self.ui.panels.focus = "act-new-match" if shown else "act-show-result"
        self._render()

    # ------------------------------------------------------------ the flow

    def _deal_on(self) -> None:
        """Past the end-of-deal panel: the next deal. A player who is out after the deal
        shown was offered one way on, watching: every remaining deal without a stop."""
        shown = self.ui.result
        if shown is not None and self._all_out(self.seen_lives(shown)):
            self.watching = True
            self.deal_seen = self._last_deal_number()
        else:
            self.deal_seen = shown.deal_number if shown else self._last_deal_number()
        self._advance()

    def _resume(self, epoch: int) -> None:
        if epoch == self.epoch:
            self.closing, self.ui.callout = None, ""
            self._advance()

    def _moved(self, seat: int, before: Any, action: Action) -> bool:
        """After ``seat``'s move: what the screen marks, and whether the move ended the
        deal. Then (with animations on) the table as the deal ended stays a moment, with
        the call ("31!", "Cards up!"), before the result: the engine has dealt anew."""
        self.ui.changed = changed_keys(self._seen(seat), action)
        if not self.ui.anim:
            return False
        new = self.match.observation(self.viewer).log[len(before.log) :]
        end = next((e for e in new if e.kind is EventKind.DEAL_END), None)
        if end is None:
            return False
        self.closing = story.closing(before, self._obs(), before.deal_number)
        self.ui.callout = telling.callout(str(end.reason), self.ui.lang)
        return True

    def _advance(self) -> None:
        """Show what comes next: a finished deal or match, the player's turn, or a bot's."""
        if self.tabs.role != "owner":  # the match goes on in another tab
            return
        self._note_deal_end()
        if self.match.is_over():
            self._finish()
            return
        unseen = self._unseen_result()
        if unseen is not None and self.watching and self._all_out(self.match.lives()):
            self.deal_seen = self._last_deal_number()  # watching: no stop after a deal
            unseen = None
        if unseen is not None:
            self.ui.result = unseen
            self._show("deal-over")
            return
        self.ui.result = None
        seat = self.match.current_player()
        if seat < self.people:  # a person's turn (at a shared device: after the cover)
            if self.covered or seat != self.viewer:
                self.covered, self.viewer = True, seat
                self._show("busy")
                return
            self._show("human")
            return
        self._show("busy", thinking=self._seen(seat))
        epoch = self.epoch
        self.host.later(self._ms(BOT_THINK_MS), lambda: self._bot_turn(epoch))

    def _show(self, mode: str, thinking: int | None = None) -> None:
        if mode != "deal-over":  # the review spoke about the deal that was shown
            self.ui.panels.review, self.ui.panels.review_open = None, False
        self.ui.mode = mode
        self.ui.thinking = thinking
        self._render()
        self._save()

    def _bot_turn(self, epoch: int) -> None:
        """One bot move, then back to ``_advance`` (one move per timer task)."""
        if epoch != self.epoch or self.match.is_over():
            return
        if self.ui.settings_open:  # redrawing would wipe what is being typed: wait
            self.host.later(SETTINGS_WAIT_MS, lambda: self._bot_turn(epoch))
            return
        seat = self.match.current_player()
        if seat not in self.bot_levels:
            self._advance()
            return
        start = time.perf_counter()
        action = self._bot(seat).choose(self.match.observation(seat))
        self._timed(self.bot_levels[seat], start)
        before = self._obs()
        self.match.apply(action)
        if self._moved(seat, before, action):
            self._show("busy")
            self.host.later(self._ms(CLOSING_MS), lambda: self._resume(epoch))
            return
        self._advance()

    def _bot(self, seat: int) -> Any:
        """The bot for this decision of ``seat`` (``engine.bots.for_decision``: made from
        the seed, the seat and the moves so far, so a resumed seeded match plays on
        exactly as an uninterrupted one, and as an online table's referee would)."""
        from engine import bots

        moves = len(self.match.actions)
        return bots.for_decision(self.bot_levels[seat], self.settings.seed or 0, seat, moves)

    def _timed(self, level: str, start: float) -> None:
        """Hand the page how long a bot's decision took (its making, the observation and
        ``choose``), from ``start`` (``time.perf_counter``) until now, with the bot's level
        (and the hard bot's samples); the page puts it in the browser's User Timing
        (``app.dom.Page.timed``), where bench/bot_speed_page.py reads it."""
        timed = getattr(self.host, "timed", None)  # the page has it; test hosts may not
        if timed is not None:
            detail: dict[str, Any] = {"level": level}
            if level == "hard":
                from engine.bots import TABLE_SAMPLES

                detail["samples"] = TABLE_SAMPLES
            timed("bot", (time.perf_counter() - start) * 1000, detail)

    def _finish(self) -> None:
        winner = self.match.winner()
        winners = tuple(winner) if isinstance(winner, list) else (winner,)
        self.ui.winners = tuple(self._seen(s) for s in winners)
        self.ui.crown = self.match.crown
        self.deal_seen = self._last_deal_number()
        self.covered = False  # the end is for everyone to see
        if self.people > 1 and not self.recorded:  # counted apart from the games against bots
            self.recorded = True
            self._note_shared()
        if not self.recorded:
            self.recorded = True
            won = 0 in winners
            place = self.match.places()[0]  # the engine ranks by when seats went out
            crown = won and self.match.crown
            self._update_stats(
                lambda s: s.record_match(
                    self.settings.preset, place=place, players=len(self.match.lives()), crown=crown
                )
            )
        self._show("match-over")

    def _note_shared(self) -> None:
        """A match of several people at this device, counted in their statistics
        (``KEY_SHARED``, apart from the games against bots): won when a person won."""
        places = self.match.places()
        best = min(places[p] for p in range(self.people))
        stats, _ = stats_mod.load_stats(self.store, stats_mod.KEY_SHARED)
        stats.record_match(self.settings.preset, place=best, players=len(places))
        self.check_write(
            stats_mod.KEY_SHARED, stats_mod.save_stats(self.store, stats, stats_mod.KEY_SHARED)
        )
        self.ui.stats = (stats.matches, stats.wins)

    def _note_deal_end(self) -> None:
        """Once per finished deal: count it in the statistics."""
        for result in self._results():
            if result.deal_number > self.deal_noted:
                self.deal_noted = result.deal_number
                self._note_result(result)

    def _note_result(self, last: Any) -> None:
        if self.people > 1:  # a shared device's deals are nobody's statistics
            return
        lives = self.match.lives()
        lost = last.lost[0] if last.lost else 0
        if lives[0] >= 0 or lost:  # the player held cards in this deal
            value = dict(last.values).get(0)
            self._update_stats(
                lambda s: s.record_deal(
                    self.settings.preset,  # "custom" counts apart from the presets
                    lives_lost=min(2, lost),
                    hand_value=value,
                    knocked=last.knocker == 0,
                )
            )

    def _results(self) -> list[Any]:
        """Every finished deal's result in order (the engine keeps them all)."""
        if self.people == 1:
            # Seat 0's view: with the player's own final hand (Lügen keeps it hidden).
            return list(self.match.results_for(0))
        # At a shared device everyone reads the result: no private hand, seen from the
        # viewer's chair.
        n = len(self.match.lives())
        return [seating.result(r, self.viewer, n) for r in self.match.results]

    def _all_out(self, lives: Sequence[int]) -> bool:
        """Every person at this device is out (``lives`` per real seat)."""
        return all(lives[p] < 0 for p in range(self.people))

    def seen_lives(self, shown: Any) -> Sequence[int]:
        """The real seats' lives after the deal ``shown`` (a result as the screen has
        it), or now."""
        real = next(
            (r for r in self.match.results if r.deal_number == shown.deal_number), None
        )
        return (real.lives_after if real is not None else ()) or self.match.lives()

    def _seen(self, seat: int) -> int:
        """A real seat as the screen numbers it (the viewer is seat 0)."""
        return (seat - self.viewer) % len(self.match.lives())

    def _unseen_result(self) -> Any:
        """The first finished deal the player has not been shown (deals can end at once)."""
        return next((r for r in self._results() if r.deal_number > self.deal_seen), None)

    # ------------------------------------------------------------ helpers

    def _tell(self, notices: Sequence[Any]) -> None:
        """Show ``notices`` in the notices banner (from the next redraw on) and warn in
        the console when the host has one (``host.warn``)."""
        warn = getattr(self.host, "warn", None)  # the page has it; test hosts may not
        for notice in notices:
            if warn is not None:
                warn(f"Schwimmen: {notice.message}")
            self.storage_notices = [*self.storage_notices, notice]
            self.ui.panels.notices = (*self.ui.panels.notices, notice)

    def _obs(self) -> Any:
        """What the screen shows: the viewer's observation, with the viewer at seat 0."""
        return seating.observation(self.match.observation(self.viewer), self.viewer)

    def _last_deal_number(self) -> int:
        last = self._obs().last_deal
        return last.deal_number if last is not None else 0

    def _ms(self, base: float) -> float:
        pause = st.timings(self.next_settings)[1]
        return 0 if pause == 0 else base * pause / BOT_THINK_MS

    def _clear_selection(self) -> None:
        choosing.clear(self.ui)

    def _render(self) -> None:
        obs = self._obs()
        self.ui.names = seating.names(self.seat_names, self.viewer)
        self.ui.cover = self.ui.names[0] if self.covered else ""
        self.ui.cover_ready = self.covered and self.match.current_player() == self.viewer
        if self.covered:  # passing the device: nothing private of anyone on the screen
            obs = seating.public(obs)
        events = self._shown_events(obs)
        lines = self._log_lines(events)
        self.ui.last_line = lines[-1][1] if lines else ""
        shown = seating.public(self.closing) if self.covered and self.closing else self.closing
        self.host.show(view.render(shown or obs, self.ui), lines, self.ui.mode)
        self._tell_moves(events)

    def _shown_events(self, obs: Any) -> Sequence[Any]:
        """The log as far as the screen may show it: at the end of a deal (its result or
        its closing table), up to that deal's end (the engine has dealt the next one)."""
        if self.closing is not None:  # the final move, before the hands are shown
            return story.until_final_move(log.until_deal_end(obs.log, self.closing.deal_number))
        if self.ui.mode == "deal-over" and self.ui.result is not None:
            return log.until_deal_end(obs.log, self.ui.result.deal_number)
        return obs.log

    def _tell_moves(self, events: Sequence[Any]) -> None:
        """Hand the page the cards that moved since the last drawing (it animates them)
        and the sounds they make; each event once. Under a result panel nothing moves,
        but its losses sound."""
        result = self.ui.result if self.ui.mode == "deal-over" else None
        moved = [] if result is not None else story.flights(events, self.drawn)
        sounds = story.sounds(events[self.drawn :])
        if result is not None and result.deal_number > self.sounded:  # shown the first time
            self.sounded = result.deal_number
            sounds += ("life",) if any(result.lost) else ()
        self.drawn = max(self.drawn, len(events))
        if not self.ui.anim:
            return
        animate = getattr(self.host, "animate", None)  # the page has it; test hosts may not
        if moved and animate is not None:
            animate(moved, st.timings(self.next_settings)[0])
        sound = getattr(self.host, "sound", None)
        if sounds and sound is not None and self.ui.sound:
            sound(sounds)

    def _log_lines(self, events: Sequence[Any]) -> list[tuple[int, str]]:
        """The events the screen shows, in words (the engine's events for seat 0)."""
        ui = self.ui
        return log.numbered(events, ui.names, lang=ui.lang, style=ui.style, preset=ui.preset)

    # ------------------------------------------------------------ saving

    def _save(self) -> None:
        """Save the match if this tab owns it; a failed write is said, and retried."""
        if self.pending_stats:  # statistics first: the record below may then claim them
            self._flush_stats()
        if not self.tabs.may_save():
            if self.tabs.reason == "taken" and self.ui.panels.other_tab != "taken":
                self._guest("taken")
            return
        # Deals and the result the written statistics do not hold yet are marked as not
        # counted, so that a resumed match counts them (again, for its statistics).
        deal_noted, recorded = (
            self.stats_marks if self.pending_stats else (self.deal_noted, self.recorded)
        )
        record = Saved(
            self.match,
            self.settings,
            deal_seen=self.deal_seen,
            deal_noted=deal_noted,
            recorded=recorded,
            watching=self.watching,
        )
        notice = save_match(self.store, record.to_json())
        if notice is not None:
            # The stored match is older than this one: resumed later, it would replay
            # (and count again) what happened since. No saved match is better.
            clear_match(self.store)
        self.check_write(KEY_MATCH, notice)

    def check_write(self, key: str, notice: Notice | None) -> None:
        """The outcome of a write to ``key``: a failure is told once (at once, in the
        banner), and a success after failures says the data is safe again."""
        if notice is not None:
            if key not in self.failing:
                self.failing[key] = notice
                self._tell([notice])
                self._render()
            return
        if self.failing.pop(key, None) is None:
            return
        keep = [n for n in self.ui.panels.notices if not (n.code in FAILED and n.subject == key)]
        saved = Notice("saved", key, f"{key} saved again")
        self.ui.panels.notices = (*keep, saved)
        self.storage_notices = [
            *(n for n in self.storage_notices if not (n.code in FAILED and n.subject == key)),
            saved,
        ]
        self._render()

    def retry_writes(self) -> None:
        """Write again what could not be written (statistics, the match)."""
        if self.pending_stats:
            self._flush_stats()
        if KEY_MATCH in self.failing and self.match is not None:
            self._save()

    def tick(self) -> None:
        """Called by the page every :data:`TICK_MS`: renew this tab's claim on the
        match (or notice that another tab took it) and retry failed writes."""
        if self.match is None:
            return
        if self.tabs.check():
            self._guest("taken")
        if self.pending_stats or self.failing:
            self.retry_writes()

    def on_storage(self, key: str | None) -> None:
        """Another tab changed storage (``key`` the full storage key, None if it
        cleared everything): stop saving if it took the match, show its statistics."""
        if self.match is None:
            return
        prefix = self.store.prefix
        if key in (None, prefix + tabs.KEY_OWNER) and self.tabs.check():
            self._guest("taken")
        if key in (None, prefix + KEY_STATS):
            stats = self._flush_stats() if self.pending_stats else self._stats_now()
            self.ui.stats = self._stats()
            if self.ui.panels.stats_open:
                self.ui.panels.stats = stats
            if not self.ui.settings_open:  # a redraw would wipe what is being typed
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
        self.ui.mode = "busy"
        self.ui.thinking = None
        self._clear_selection()
        self._render()

    def _restore(self) -> bool:
        text, _ = load_match(self.store)
        if not isinstance(text, str):
            return False
        try:
            saved = read_saved(text, self.browser_lang)
        except Exception as exc:  # a damaged record or one this engine cannot read: start anew
            notice = self.store.quarantine(KEY_MATCH, f"cannot resume: {exc}")
            if notice is not None:
                self.storage_notices = [*self.storage_notices, notice]
            return False
        self.epoch += 1
        self.match = saved.match
        self.settings = saved.settings
        self.deal_seen = saved.deal_seen
        self.deal_noted = saved.deal_noted
        self.recorded = saved.recorded
        self.watching = saved.watching
        self.stats_marks = (saved.deal_noted, saved.recorded)
        self._setup()
        return True

    # ------------------------------------------------------------ statistics

    def _stats(self) -> tuple[int, int]:
        """The figures the table shows: of the games against bots, or of the matches of
        several people at this device."""
        if self.people > 1:
            stats, _ = stats_mod.load_stats(self.store, stats_mod.KEY_SHARED)
        else:
            stats = self._stats_now()
        return stats.matches, stats.wins

    def _stats_now(self) -> Any:
        """The statistics as stored, with the changes not written yet."""
        stats, _ = stats_mod.load_stats(self.store)
        for change in list(self.pending_stats):
            try:
                result = change(stats)
            except ValueError:  # a figure the statistics refuse must not stop the game
                self.pending_stats.remove(change)
                continue
            stats = stats if result is None else result
        return stats

    def _update_stats(self, change: Callable[[Any], Any]) -> Any:
        """Change the statistics and write them: ``change(stats)`` changes them in
        place or returns new ones. If the write fails, the change waits in memory."""
        self.pending_stats.append(change)
        return self._flush_stats()

    def _flush_stats(self) -> Any:
        """Write the stored statistics with every pending change (another tab may have
        written in between: its figures stay). If they do not fit, drop the oldest
        history entries, with a notice; if nothing fits, keep the changes for later."""
        stats = self._stats_now()
        if not self.pending_stats:  # every change was refused: nothing to write
            return stats
        notice = stats_mod.save_stats(self.store, stats)
        if notice is not None:
            n = len(stats.history)
            for drop in sorted({max(1, n // 10), (n + 1) // 2, n}):
                if drop > n or n == 0:
                    break
                trimmed = stats_mod.Stats(stats.overall, stats.presets, stats.history[drop:])
                if stats_mod.save_stats(self.store, trimmed) is None:
                    stats, notice = trimmed, None
                    message = f"the {drop} oldest matches of the history were dropped to fit"
                    self._tell([Notice("history_trimmed", KEY_STATS, message, count=drop)])
                    self._render()
                    break
        self.ui.stats = self._stats() if self.people > 1 else (stats.matches, stats.wins)
        if self.ui.panels.stats_open:
            self.ui.panels.stats = stats
        if notice is None:
            self.pending_stats.clear()
            self.stats_marks = (self.deal_noted, self.recorded)
        self.check_write(KEY_STATS, notice)
        return stats


PANEL_CONTROLS = frozenset(
    {
        "open-help",
        "close-help",
        "open-stats",
        "close-stats",
        "stats-export",
        "stats-reset",
        "stats-reset-confirm",
        "stats-reset-cancel",
        "dismiss-notices",
    }
)
"""Controls of the rules help, the statistics and the notices banner (plus every
``stats-scope-<name>``), none of which looks like a move."""

STATS_SCOPE = "stats-scope-"
