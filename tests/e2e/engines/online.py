"""One person's page of an online table over any ``Driver`` (``online_support.OnlinePage``
is the Playwright one): open a table, join it, move when the turn comes, read the end.

Its moves do not wait for the player's next turn: at an online table that turn comes
when the other pages have moved (``play_together`` takes turns among them).
"""

from __future__ import annotations

import random

from tests.e2e.engines.base import Driver
from tests.e2e.engines.game import BOOT_S, CARDS, ENABLED_ACTIONS, SETTLED, card, set_field
from tests.e2e.pages import CONTROLS, with_query

TABLE_READY = "[data-testid=hand] [data-card]"
# The match-over ranking: [place, name, lives] per row (the person's own row says "You").
RANKING = """() => [...document.querySelectorAll('[data-testid=match-over] .ranking li')].map(
  e => [e.querySelector('.place').textContent,
        e.querySelector('.who').textContent.replace('★', '').trim(),
        e.querySelector('.now').textContent.trim()])"""


class EngineOnline:
    """A person at an online table, in the engine ``driver`` runs (its own profile)."""

    def __init__(self, driver: Driver, site_url: str, signal_url: str, name: str):
        self.driver = driver
        self.site_url = site_url
        self.query = f"?signal={signal_url}&lang=en&speed=0"
        self.name = name

    @property
    def state(self) -> str:
        return self.driver.attribute("#app", "data-state") or ""

    def wait_for(self, selector: str, timeout: float = BOOT_S) -> None:
        self.driver.wait(
            "(s) => !!document.querySelector(s) || document.getElementById('app').dataset.error",
            selector,
            timeout,
            f"{selector} on {self.name}'s page",
        )
        assert self.driver.attribute("#app", "data-error") is None

    def open_dialog(self) -> None:
        """From the game against bots: "Play online" (a result may cover the button)."""
        self.driver.goto(self.site_url + self.query)
        self.wait_for(", ".join(f"#app[data-state={s}]" for s in SETTLED))
        for _ in range(40):
            if self.driver.visible("[data-action=online]"):
                break
            if self.state == "deal-over":
                self.driver.click("[data-action=next-deal]")
            elif self.state == "match-over":
                self.driver.click_visible("[data-action=new-match]")
            self.wait_for(", ".join(f"#app[data-state={s}]" for s in SETTLED))
        self.driver.click("[data-action=online]")
        self.wait_for("[data-testid=online]")

    def host(self, **fields: str) -> str:
        """Open a table with the dialog's ``fields``; returns the invite link."""
        self.open_dialog()
        self.driver.fill("[data-testid=online] [name=name]", self.name)
        for key, value in fields.items():
            set_field(self.driver, f"[data-testid=online] [name={key}]", value)
        self.driver.click("[data-testid=online] [data-action=host]")
        self.wait_for("[data-testid=invite-link]", timeout=30)
        return self.driver.attribute("[data-testid=invite-link]", "href") or ""

    def open_invite(self, link: str) -> None:
        self.driver.goto(with_query(link, "&lang=en&speed=0"))

    def join(self, link: str) -> None:
        self.open_invite(link)
        self.wait_for("[data-testid=join]")
        self.driver.fill("[data-testid=join] [name=name]", self.name)
        self.driver.click("[data-action=join]")
        self.wait_for("[data-testid=lobby]")

    def move(self, rng: random.Random) -> bool:
        """One move if it is this person's turn (or put a deal's result away)."""
        state = self.state
        if state == "deal-over" and self.driver.count("[data-action=next-deal]"):
            self.driver.click("[data-action=next-deal]")
            return True
        if state != "human":
            return False
        offered = [a for a in self.driver.evaluate(ENABLED_ACTIONS) if a not in CONTROLS]
        hands = self.driver.evaluate(
            "() => [...document.querySelectorAll('[data-testid=hand] [data-card][tabindex]')]"
            ".map(e => e.dataset.index)"
        )
        tables = self.driver.evaluate(
            "() => [...document.querySelectorAll('[data-testid=table] [data-card][tabindex]')]"
            ".map(e => e.dataset.index)"
        )
        if "knock" in offered and rng.random() < 0.5:
            self.driver.click('[data-action="knock"]')
            return True
        buttons = [a for a in offered if a in ("keep", "take", "swap all", "pass", "new")]
        if hands and tables and (not buttons or rng.random() < 0.6):
            self.driver.click(card("hand", rng.choice(hands)))
            self.driver.click(card("table", rng.choice(tables)))
            return True
        if not offered:
            return False
        self.driver.click(f'[data-action="{rng.choice(buttons or offered)}"]')
        return True

    def hand(self) -> list[str]:
        return self.driver.evaluate(CARDS, "hand")

    def ranking(self) -> dict[str, str]:
        """Name -> "place lives" of the match-over ranking ("You" under ``name``)."""
        rows = self.driver.evaluate(RANKING)
        return {(self.name if who == "You" else who): f"{p} {now}" for p, who, now in rows}


def play_together(people: list[EngineOnline], rng: random.Random, until, limit=800) -> None:
    """Each page moves when its person's turn comes, until ``until()``."""
    for _ in range(limit):
        if until():
            return
        moved = False
        for person in people:
            moved |= person.move(rng)
        if not moved:
            people[0].driver.wait("() => new Promise(r => setTimeout(() => r(true), 100))")
    raise AssertionError("the table did not get there")
