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

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Locator, Page, expect

from tests.e2e.support import BOOT_TIMEOUT_MS

SETTLED = re.compile(r"^(human|deal-over|match-over)$")
SETTLE_MS = 30_000
CONTROLS = frozenset({"hint", "two-swaps", "clear-selection"})  # buttons that are no moves


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
        (controls such as the coach's ``hint`` or ``two-swaps`` are no moves)."""
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
        self.page.locator('[data-action="two-swaps"]').click()
        self.hand_card(h1).click()
        self.table_card(t1).click()
        self.hand_card(h2).click()
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
            self.page.locator("[data-action=settings]").click()
            form = self.page.locator("[data-testid=settings]")
            expect(form).to_be_visible()
            for name, value in fields.items():
                field = form.locator(f'[name="{name}"]')
                if isinstance(value, bool):
                    field.set_checked(value)
                elif field.evaluate("e => e.tagName") == "SELECT":
                    field.select_option(str(value))
                else:
                    field.fill(str(value))
            form.locator("[data-action=new-match]").click()
        else:
            self.page.locator("[data-action=new-match]:visible").click()
        return self.wait_human()

    # ---------------------------------------------------------------- whole games

    def play_move(self, rng: random.Random) -> str:
        """Make one move chosen at random among what the page offers."""
        offered = self.offered()
        if any(a.startswith("challenge") or a == "giveup" for a in offered):
            return self._act(rng.choice(offered))
        if self.page.locator("[data-testid=announce-value]").count():
            values = self.page.locator("[data-testid=announce-value] option").evaluate_all(
                "els => els.map(e => e.value)"
            )
            a, b = rng.sample(sorted(int(i) for i in self.active("hand")), 2)
            return self.announce(rng.choice(values), a, b)
        holds = [a for a in offered if a.startswith("hold ")]
        if holds:
            a, b, c = map(int, rng.choice(holds).split()[1:])
            return self.hold(a, b, c)
        if "knock" in offered and rng.random() < 0.4:
            return self.knock()
        buttons = [a for a in offered if a in ("keep", "take", "swap all", "pass", "new")]
        hands, tables = self.active("hand"), self.active("table")
        if hands and tables and (not buttons or rng.random() < 0.7):
            return self.swap(int(rng.choice(hands)), rng.choice(tables))
        choice = rng.choice(buttons or offered)
        return self._act(choice)

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
