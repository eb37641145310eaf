"""The game page as a page object: domain verbs for browser tests, web-first waits only.

>>> # game = GamePage(page).open(site_url, "?seed=3&speed=0&lang=en")
>>> # game.swap(hand=0, table=2); game.knock(); game.next_deal()

Every verb acts the way a person would (a click, a drag, keys) and then waits
for the page to settle: ``#app[data-state]`` leaves ``busy`` and comes to
``human``, ``deal-over`` or ``match-over``. Locators follow CONFORMANCE.md.
"""

from __future__ import annotations

import contextlib
import random
import re
import warnings
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Locator, Page, expect

from tests.e2e.support import BOOT_TIMEOUT_MS, record_errors

SETTLED = re.compile(r"^(human|deal-over|match-over)$")
SETTLE_MS = 30_000
CONTROLS = frozenset({"hint", "clear-selection"})  # buttons that are no moves


def with_query(link: str, extra: str) -> str:
    """An invite ``link`` with ``extra`` query fields ("&lang=en"), put before its
    fragment (which names the host and the rules for the join form).

    >>> with_query("http://h/?join=t#by=Hana", "&lang=en")
    'http://h/?join=t&lang=en#by=Hana'
    """
    base, mark, fragment = link.partition("#")
    return base + extra + mark + fragment


def choose_move(
    offered: list[str],
    active: Callable[[str], list[str]],
    announce_values: Callable[[], list[str]],
    rng: random.Random,
) -> tuple:
    """One random move among what a page offers, whatever drives the browser.

    ``offered``: the enabled move buttons (``GamePage.offered``); ``active(zone)``: the
    usable cards' ``data-index`` in ``hand`` or ``table``; ``announce_values()``: the
    values a Lügen announcement may name (empty when none is due). Returns
    ``("act", action)``, ``("announce", value, a, b)``, ``("hold", a, b, c)`` or
    ``("swap", hand_index, table_index)``. The same ``rng`` gives the same choices on
    every engine (tests/e2e/engines/game.py plays with it too).
    """
    if any(a.startswith("challenge") or a == "giveup" for a in offered):
        return ("act", rng.choice(offered))
    values = announce_values()
    if values:
        a, b = rng.sample(sorted(int(i) for i in active("hand")), 2)
        return ("announce", rng.choice(values), a, b)
    holds = [a for a in offered if a.startswith("hold ")]
    if holds:
        return ("hold", *map(int, rng.choice(holds).split()[1:]))
    if "knock" in offered and rng.random() < 0.4:
        return ("act", "knock")
    buttons = [a for a in offered if a in ("keep", "take", "swap all", "pass", "new")]
    hands, tables = active("hand"), active("table")
    if hands and tables and (not buttons or rng.random() < 0.7):
        return ("swap", int(rng.choice(hands)), rng.choice(tables))
    return ("act", rng.choice(buttons or offered))


class RendererCrashWarning(UserWarning):
    """Chromium's renderer process died while the page started (see ``GamePage._boot``)."""


class GamePage:
    """One browser tab with the game.

    ``on_new_page(page)`` is called for a tab that replaces a crashed one (to attach
    the same listeners); ``crashes`` lists the renderer crashes survived.
    """

    def __init__(self, page: Page, on_new_page: Callable[[Page], None] | None = None):
        self.page = page
        self.app = page.locator("#app")
        self.on_new_page = on_new_page
        self.crashes: list[str] = []
        self.settings = SettingsDialog(self)
        self.stats = StatsPanel(self)
        self.help = RulesHelp(self)
        self.review = DealReview(self)

    # ---------------------------------------------------------------- loading

    def open(self, url: str, query: str = "") -> GamePage:
        return self._boot(lambda: self.page.goto(url + query), url + query)

    def reload(self) -> GamePage:
        return self._boot(self.page.reload, self.page.url)

    def _boot(self, go: Callable[[], object], target: str) -> GamePage:
        """Load the page with ``go`` and wait until it settles.

        Chromium's renderer has crashed (SIGSEGV in its main thread, at the edge of a
        small secondary stack: V8's stack switching for WebAssembly, which Pyodide
        uses in Chromium) in a few of many runs while Pyodide started. That is no
        fault of the page, and a crashed tab stays dead: the load is tried ONCE more
        in a new tab of the same context (saved data, service worker and origin are
        the context's, so a resume resumes), with a warning in the test report. A
        second crash, and every other failure, fails the test.
        """
        try:
            go()
            self.wait_human(timeout=BOOT_TIMEOUT_MS)
        except PlaywrightError as exc:
            if "crash" not in str(exc).lower() or self.crashes:
                raise
            self.crashes.append(f"{target}: {exc}".splitlines()[0])
            warnings.warn(
                RendererCrashWarning(f"Chromium renderer crashed, loading again: {target}"),
                stacklevel=3,
            )
            self._new_tab()
            self.page.goto(target)
            self.wait_human(timeout=BOOT_TIMEOUT_MS)
        return self

    def _new_tab(self) -> None:
        old, self.page = self.page, self.page.context.new_page()
        self.app = self.page.locator("#app")
        if self.on_new_page is not None:
            self.on_new_page(self.page)
        with contextlib.suppress(PlaywrightError):  # the crashed tab may be gone already
            old.close()

    # ---------------------------------------------------------------- reading

    @property
    def state(self) -> str:
        return self.app.get_attribute("data-state") or ""

    def wait_human(self, timeout: float = SETTLE_MS) -> str:
        """Wait until the page waits for the player (a move, next deal or new match)."""
        self.page.wait_for_function(
            "() => { const a = document.getElementById('app'); return a.dataset.error"
            " || ['human', 'deal-over', 'match-over'].includes(a.dataset.state); }",
            timeout=timeout,
        )
        assert self.app.get_attribute("data-error") is None, self.app.get_attribute("data-error")
        expect(self.app).to_have_attribute("data-state", SETTLED)
        return self.state

    def hand(self) -> Locator:
        return self.page.locator("[data-testid=hand] [data-card]")

    def table(self) -> Locator:
        return self.page.locator("[data-testid=table] [data-card]")

    def hand_card(self, index: int | str) -> Locator:
        return self.page.locator(f'[data-testid=hand] [data-card][data-index="{index}"]')

    def table_card(self, index: int | str) -> Locator:
        return self.page.locator(f'[data-testid=table] [data-card][data-index="{index}"]')

    def cards(self, where: Locator) -> list[str]:
        return where.evaluate_all("els => els.map(e => e.dataset.card)")

    def offered(self) -> list[str]:
        """``data-action`` of every enabled move button the player is offered now
        (controls such as the coach's ``hint`` are no moves)."""
        found = self.page.locator("[data-testid=actions] [data-action]:enabled").evaluate_all(
            "els => els.map(e => e.dataset.action)"
        )
        return [a for a in found if a not in CONTROLS]

    def active(self, zone: str) -> list[str]:
        """``data-index`` of the cards in ``zone`` (hand/table) the player may use."""
        return self.page.locator(f"[data-testid={zone}] [data-card][tabindex]").evaluate_all(
            "els => els.map(e => e.dataset.index)"
        )

    def lives(self) -> list[int]:
        return [
            int(x)
            for x in self.page.locator("[data-testid^=seat-]").evaluate_all(
                "els => els.sort((a, b) => a.dataset.seat - b.dataset.seat)"
                ".map(e => e.dataset.lives)"
            )
        ]

    def log_lines(self) -> list[str]:
        return self.page.locator("[data-testid=log] li").all_inner_texts()

    # ---------------------------------------------------------------- moves

    def _act(self, action: str) -> str:
        button = self.page.locator(f'[data-action="{action}"]')
        expect(button).to_be_enabled()
        button.click()
        return self.wait_human()

    def swap(self, hand: int, table: int | str) -> str:
        """Tap a hand card, then a table card."""
        self.hand_card(hand).click()
        self.table_card(table).click()
        return self.wait_human()

    def drag_swap(self, hand: int, table: int) -> str:
        """Drag a hand card onto a table card."""
        self.hand_card(hand).drag_to(self.table_card(table))
        return self.wait_human()

    def mistery(self, hand: int) -> str:
        return self.swap(hand, "mistery")

    def swap_two(self, h1: int, t1: int, h2: int, t2: int) -> str:
        """Pub: tap two hand cards, then the two table cards they go for."""
        self.hand_card(h1).click()
        self.hand_card(h2).click()
        self.table_card(t1).click()
        self.table_card(t2).click()
        return self.wait_human()

    def knock(self) -> str:
        return self._act("knock")

    def pass_turn(self) -> str:
        return self._act("pass")

    def keep(self) -> str:
        return self._act("keep")

    def take(self) -> str:
        return self._act("take")

    def swap_all(self) -> str:
        return self._act("swap all")

    def new_cards(self) -> str:
        return self._act("new")

    def giveup(self) -> str:
        return self._act("giveup")

    def challenge(self, seat: int) -> str:
        return self._act(f"challenge {seat}")

    def hold(self, a: int, b: int, c: int) -> str:
        """Hidden deal: select three cards, then keep them."""
        for i in (a, b, c):
            self.hand_card(i).click()
        return self._act(f"hold {' '.join(map(str, sorted((a, b, c))))}")

    def announce(self, value: str, a: int, b: int) -> str:
        """Lügen: choose the value, select the two cards to show, announce."""
        self.page.locator("[data-testid=announce-value]").select_option(value)
        self.hand_card(a).click()
        self.hand_card(b).click()
        a, b = sorted((a, b))
        return self._act(f"announce {value} show {a} {b}")

    def next_deal(self) -> str:
        expect(self.app).to_have_attribute("data-state", "deal-over")
        return self._act("next-deal")

    def new_match(self, **fields: str | bool) -> str:
        """Start a new match from the settings form (fields by name), or with the same settings."""
        if fields:
            self.settings.open()
            self.settings.choose(**fields)
            return self.settings.start_match()
        self.page.locator("[data-action=new-match]:visible").click()
        return self.wait_human()

    # ---------------------------------------------------------------- whole games

    def play_move(self, rng: random.Random) -> str:
        """Make one move chosen at random among what the page offers (``choose_move``)."""
        move = choose_move(self.offered(), self.active, self._announce_values, rng)
        kind, *args = move
        if kind == "announce":
            return self.announce(*args)
        if kind == "hold":
            return self.hold(*args)
        if kind == "swap":
            return self.swap(*args)
        return self._act(*args)

    def _announce_values(self) -> list[str]:
        """The values a Lügen announcement may name now (none: no announcement due)."""
        if not self.page.locator("[data-testid=announce-value]").count():
            return []
        return self.page.locator("[data-testid=announce-value] option").evaluate_all(
            "els => els.map(e => e.value)"
        )

    def play_until(
        self, states: tuple[str, ...] = ("match-over",), seed: int = 0, max_moves: int = 400
    ) -> str:
        """Play random moves (and start next deals) until the page is in one of ``states``."""
        rng = random.Random(seed)
        state = self.wait_human()
        for _ in range(max_moves):
            if state in states:
                return state
            state = self.next_deal() if state == "deal-over" else self.play_move(rng)
        raise AssertionError(f"not in {states} after {max_moves} moves")

    def play_to(self, reached, rng: random.Random, what: str, limit: int = 80) -> None:
        """Play (knocking whenever possible, to end deals soon) until ``reached()``."""
        for _ in range(limit):
            state = self.wait_human()
            if reached():
                return
            if state == "deal-over":
                self.next_deal()
            elif state == "match-over":
                raise AssertionError(f"the match ended before {what}: choose another seed")
            elif "knock" in self.offered():
                self.knock()
            else:
                self.play_move(rng)
        raise AssertionError(f"{what} not reached in {limit} moves")


class SettingsDialog:
    """The settings form ``[data-testid=settings]``: open it, fill fields by name, start."""

    def __init__(self, game: GamePage):
        self.game = game

    @property
    def form(self) -> Locator:
        return self.game.page.locator("[data-testid=settings]")

    @property
    def title(self) -> Locator:
        return self.form.locator("h2")

    @property
    def error(self) -> Locator:
        """The explanation of a conflicting rule set (absent when there is none)."""
        return self.game.page.locator("[data-testid=settings-error]")

    @property
    def start_button(self) -> Locator:
        return self.form.locator("[data-action=new-match]")

    @property
    def per_bot(self) -> Locator:
        """One strength ``<select>`` per bot (difficulty ``per_bot``)."""
        return self.form.locator("[data-testid=per-bot] select")

    def field(self, name: str) -> Locator:
        """A field by its ``name``: ``preset``, ``lang``, ``rule.deck``, ``difficulty_1``..."""
        return self.form.locator(f'[name="{name}"]')

    def rule_names(self) -> list[str]:
        """The option names of the custom rule fields (``rule.<name>``)."""
        return self.form.locator("[name^='rule.']").evaluate_all(
            "els => els.map(e => e.name.slice(5))"
        )

    def open(self) -> SettingsDialog:
        self.game.page.locator("[data-action=settings]").click()
        expect(self.form).to_be_visible()
        return self

    def choose(self, **fields: str | bool) -> SettingsDialog:
        """Set fields by name (``rule.deal`` as ``rule__deal``): booleans tick a
        checkbox, other values select an option or fill a text field."""
        for key, value in fields.items():
            field = self.field(key.replace("__", "."))
            if isinstance(value, bool):
                field.set_checked(value)
            elif field.evaluate("e => e.tagName") == "SELECT":
                field.select_option(str(value))
            else:
                field.fill(str(value))
        return self

    def start_match(self) -> str:
        """Start a new match with the chosen settings and wait for the player."""
        expect(self.start_button).to_be_enabled()
        self.start_button.click()
        return self.game.wait_human()

    def open_help(self) -> RulesHelp:
        """The rules help of the preset chosen in the form."""
        self.form.locator("[data-action=open-help]").click()
        expect(self.game.help.panel).to_be_visible()
        return self.game.help

    def close(self) -> None:
        self.form.locator("[data-action=close-settings]").click()
        expect(self.form).to_be_hidden()

    def press_enter(self) -> None:
        """Press Enter in the open form (it must not be sent anywhere)."""
        expect(self.form).to_be_visible()
        self.game.page.keyboard.press("Enter")


class StatsPanel:
    """The statistics: the summary ``[data-testid=stats]`` and the panel with figures."""

    def __init__(self, game: GamePage):
        self.game = game

    @property
    def summary(self) -> Locator:
        """Always in the page, with ``data-matches`` and ``data-wins``."""
        return self.game.page.locator("[data-testid=stats]")

    @property
    def panel(self) -> Locator:
        return self.game.page.locator("[data-testid=stats-panel]")

    @property
    def message(self) -> Locator:
        """The answer to the last export, import or reset (``data-kind`` ok/error)."""
        return self.game.page.locator("[data-testid=stats-message]")

    @property
    def notice(self) -> Locator:
        return self.game.page.locator("[data-testid=stats-notice]")

    @property
    def chart(self) -> Locator:
        return self.panel.locator("svg[role=img]")

    def matches(self) -> int:
        return int(self.summary.get_attribute("data-matches") or "0")

    def wins(self) -> str:
        return self.summary.get_attribute("data-wins") or ""

    def figure(self, name: str) -> str:
        """A figure of the open panel by its key: ``matches``, ``deals``, ``wins``..."""
        return self.panel.locator(f'[data-figure="{name}"] td').inner_text()

    def open(self) -> StatsPanel:
        self.game.page.locator("[data-action=open-stats]").click()
        expect(self.panel).to_be_visible()
        return self

    def close(self) -> None:
        self.panel.locator("[data-action=close-stats]").click()
        expect(self.panel).to_be_hidden()

    def escape(self) -> None:
        """Close with the Escape key."""
        self.game.page.keyboard.press("Escape")
        expect(self.panel).to_be_hidden()

    def scope(self, preset: str) -> StatsPanel:
        """Show the figures of one preset only."""
        self.panel.locator(f'[data-action="stats-scope-{preset}"]').click()
        expect(self.panel).to_have_attribute("data-scope", preset)
        return self

    def export(self, target: Path) -> Path:
        """Export to a file, saved at ``target``; returns the browser's suggested name."""
        with self.game.page.expect_download() as info:
            self.panel.locator("[data-action=stats-export]").click()
        download = info.value
        download.save_as(target)
        return Path(download.suggested_filename)

    def import_file(self, path: Path) -> StatsPanel:
        """Choose ``path`` in the import field (the panel answers in :attr:`message`)."""
        self.panel.locator("[data-testid=stats-import-file]").set_input_files(path)
        return self

    def reset(self) -> StatsPanel:
        """Reset the statistics, confirming the question."""
        self.panel.locator("[data-action=stats-reset]").click()
        self.panel.locator("[data-action=stats-reset-confirm]").click()
        return self


class RulesHelp:
    """The rules help ``[data-testid=rules-help]`` of the current preset."""

    def __init__(self, game: GamePage):
        self.game = game

    @property
    def panel(self) -> Locator:
        return self.game.page.locator("[data-testid=rules-help]")

    @property
    def title(self) -> Locator:
        return self.panel.locator("h2")

    @property
    def close_button(self) -> Locator:
        return self.panel.locator("[data-action=close-help]")

    @property
    def open_button(self) -> Locator:
        """The table's "Rules" button."""
        return self.game.page.locator(".more-buttons [data-action=open-help]")

    def open(self) -> RulesHelp:
        self.open_button.click()
        expect(self.panel).to_be_visible()
        return self

    def close(self) -> None:
        self.close_button.click()
        expect(self.panel).to_have_count(0)

    def escape(self) -> None:
        """Close with the Escape key."""
        self.game.page.keyboard.press("Escape")
        expect(self.panel).to_have_count(0)


class DealReview:
    """The deal review ``[data-testid=review]``: at ``deal-over``, the coach's word on
    each of the player's decisions in that deal (``[data-decision]``)."""

    def __init__(self, game: GamePage):
        self.game = game

    @property
    def panel(self) -> Locator:
        return self.game.page.locator("[data-testid=review]")

    @property
    def decisions(self) -> Locator:
        return self.panel.locator("[data-decision]")

    def open(self) -> DealReview:
        expect(self.game.app).to_have_attribute("data-state", "deal-over")
        self.game.page.locator("[data-action=review]").click()
        expect(self.panel).to_be_visible()
        return self

    def close(self) -> None:
        self.panel.locator("[data-action=close-review]").click()
        expect(self.panel).to_have_count(0)

    def escape(self) -> None:
        """Close with the Escape key."""
        self.game.page.keyboard.press("Escape")
        expect(self.panel).to_have_count(0)


def game_in(context):
    """A ``GamePage`` on a new tab of ``context`` that records page errors; after the
    test the tab is closed and no error may have happened (use with ``yield from``)."""
    page = context.new_page()
    errors: list[str] = []
    record_errors(page, errors)
    game = GamePage(page)
    yield game
    # Closed, so that a context shared by a module starts each test without a tab
    # that still owns the saved match (app/tabs.py would ask the next one).
    game.page.close()
    assert errors == [], errors
