"""The game page as a page object over any ``Driver``: the domain verbs of
``tests/e2e/pages.py`` (``GamePage``), on Chromium, Firefox and WebKit alike.

``GamePage`` is built on Playwright's locators and web-first assertions, which only
Playwright has; this one says the same things with CSS selectors and ``Driver.wait``.
The random player is the very same (``pages.choose_move``), so a seed plays the same
moves in every engine, and the selectors are those of CONFORMANCE.md.
"""

from __future__ import annotations

import random

from tests.e2e.engines.base import Driver, DriverError
from tests.e2e.pages import CONTROLS, choose_move

BOOT_S = 90  # the page gives up after 60 s without progress; WebKit boots slowest
SETTLE_S = 30
SETTLED = ("human", "deal-over", "match-over")  # the page waits for the player

SETTLED_NOW = """(states) => { const a = document.getElementById('app');
  return a && (a.dataset.error ? ['error', a.dataset.error]
    : states.includes(a.dataset.state) ? [a.dataset.state, null] : null); }"""
ENABLED_ACTIONS = """() => [...document.querySelectorAll('[data-testid=actions] [data-action]')]
  .filter(e => !e.disabled).map(e => e.dataset.action)"""
ACTIVE = """(zone) => [...document.querySelectorAll(`[data-testid=${zone}] [data-card][tabindex]`)]
  .map(e => e.dataset.index)"""
CARDS = """(zone) => [...document.querySelectorAll(`[data-testid=${zone}] [data-card]`)]
  .sort((a, b) => (a.dataset.index > b.dataset.index) - (a.dataset.index < b.dataset.index))
  .map(e => e.dataset.card)"""


def card(zone: str, index: int | str) -> str:
    return f'[data-testid={zone}] [data-card][data-index="{index}"]'


def set_field(driver: Driver, selector: str, value: str | bool) -> None:
    """Set a form field as a person would: a boolean ticks a checkbox, other values
    choose an option of a ``<select>`` or are typed into a field."""
    kind = driver.evaluate(
        "(s) => { const e = document.querySelector(s); return e.type || e.tagName; }", selector
    )
    if isinstance(value, bool):
        if driver.evaluate("(s) => document.querySelector(s).checked", selector) != value:
            driver.click(selector)
    elif kind.startswith("select"):
        driver.select(selector, str(value))
    else:
        driver.fill(selector, str(value))


class EngineGame:
    """One tab with the game, in whichever engine ``driver`` runs."""

    def __init__(self, driver: Driver, settle_s: float = SETTLE_S):
        self.driver = driver
        self.settle_s = settle_s  # the longest wait for the bots' turns to end

    # ---------------------------------------------------------------- loading

    def open(self, url: str, query: str = "") -> EngineGame:
        self.driver.goto(url + query)
        self.wait_settled(BOOT_S)
        return self

    def reload(self) -> EngineGame:
        self.driver.reload()
        self.wait_settled(BOOT_S)
        return self

    # ---------------------------------------------------------------- reading

    def app(self, name: str) -> str | None:
        """An attribute of ``#app``: ``data-state``, ``data-boot``, ``data-snapshot``..."""
        return self.driver.attribute("#app", name)

    @property
    def state(self) -> str:
        return self.app("data-state") or ""

    def wait_settled(self, timeout: float = 0, states: tuple[str, ...] = SETTLED) -> str:
        """Wait until ``#app[data-state]`` is one of ``states`` (by default: the page
        waits for the player) within ``timeout`` s (0: ``settle_s``); a start-up error
        fails at once with its text."""
        timeout = timeout or self.settle_s
        state, error = self.driver.wait(SETTLED_NOW, list(states), timeout, f"#app in {states}")
        if error is not None:
            raise DriverError(f"{self.driver.name}: the page says: {error}")
        return state

    def offered(self) -> list[str]:
        """The enabled move buttons (controls such as ``hint`` are no moves)."""
        return [a for a in self.driver.evaluate(ENABLED_ACTIONS) if a not in CONTROLS]

    def active(self, zone: str) -> list[str]:
        return self.driver.evaluate(ACTIVE, zone)

    def cards(self, zone: str) -> list[str]:
        """``data-card`` of every card in ``hand`` or ``table``, in ``data-index`` order."""
        return self.driver.evaluate(CARDS, zone)

    def log_count(self) -> int:
        return self.driver.count("[data-testid=log] li")

    def announce_values(self) -> list[str]:
        return self.driver.evaluate(
            "() => [...document.querySelectorAll('[data-testid=announce-value] option')]"
            ".map(e => e.value)"
        )

    # ---------------------------------------------------------------- moves

    def act(self, action: str) -> str:
        self.driver.click(f'[data-action="{action}"]')
        return self.wait_settled()

    def swap(self, hand: int, table: int | str) -> str:
        self.driver.click(card("hand", hand))
        self.driver.click(card("table", table))
        return self.wait_settled()

    def hold(self, a: int, b: int, c: int) -> str:
        for i in (a, b, c):
            self.driver.click(card("hand", i))
        return self.act(f"hold {' '.join(map(str, sorted((a, b, c))))}")

    def announce(self, value: str, a: int, b: int) -> str:
        self.driver.select("[data-testid=announce-value]", value)
        self.driver.click(card("hand", a))
        self.driver.click(card("hand", b))
        a, b = sorted((a, b))
        return self.act(f"announce {value} show {a} {b}")

    def next_deal(self) -> str:
        return self.act("next-deal")

    def new_match(self) -> str:
        """Start a new match with the same settings (the result panel's button)."""
        self.driver.click_visible("[data-action=new-match]")
        return self.wait_settled()

    def play_move(self, rng: random.Random) -> str:
        """One random move, chosen as ``GamePage.play_move`` chooses it."""
        kind, *args = choose_move(self.offered(), self.active, self.announce_values, rng)
        if kind == "announce":
            return self.announce(*args)
        if kind == "hold":
            return self.hold(*args)
        if kind == "swap":
            return self.swap(*args)
        return self.act(*args)

    def play_until(self, states=("match-over",), seed: int = 0, max_moves: int = 400) -> str:
        """Play random moves (and start next deals) until the page is in ``states``."""
        rng = random.Random(seed)
        state = self.wait_settled()
        for _ in range(max_moves):
            if state in states:
                return state
            state = self.next_deal() if state == "deal-over" else self.play_move(rng)
        raise AssertionError(f"{self.driver.name}: not in {states} after {max_moves} moves")

    # ---------------------------------------------------------------- panels

    def open_settings(self) -> None:
        self.driver.click("[data-action=settings]")
        self.driver.wait_visible("[data-testid=settings]")

    def choose(self, **fields: str | bool) -> None:
        """Fill the settings form by field name (``rule__deal`` for ``rule.deal``)."""
        for key, value in fields.items():
            set_field(
                self.driver, f'[data-testid=settings] [name="{key.replace("__", ".")}"]', value
            )

    def start_match(self) -> str:
        self.driver.click("[data-testid=settings] [data-action=new-match]")
        return self.wait_settled()

    def open_stats(self) -> None:
        self.driver.click("[data-action=open-stats]")
        self.driver.wait_visible("[data-testid=stats-panel]")

    def stats_figure(self, name: str) -> str:
        return self.driver.texts(f'[data-testid=stats-panel] [data-figure="{name}"] td')[0]

    def escape(self, panel: str) -> None:
        """Close the open ``panel`` (a data-testid) with the Escape key."""
        self.driver.press("Escape")
        self.driver.wait_gone(f"[data-testid={panel}]")
