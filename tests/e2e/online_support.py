"""Online play in browser tests: a page object for one person's page of an online table,
and a recorder of what its data channels receive.

``OnlinePage`` acts as a person does (the dialog, the join form, the lobby's buttons,
moves by clicking cards and buttons) and reads what the page shows. Unlike
``GamePage`` its moves do not wait for the player's next turn: at an online table that
turn comes when the other pages have moved.
"""

from __future__ import annotations

import json
import random
from typing import Any

from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import Error as PlaywrightError

from tests.e2e.pages import CONTROLS, with_query
from tests.e2e.support import BOOT_TIMEOUT_MS, record_errors

# Every text a data channel of the page receives, kept in ``window.__received``, and the
# channels in ``window.__channels`` (a test sends forged messages on them). PeerJS hears
# a channel's messages with addEventListener("message").
RECORDER = """
(() => {
  window.__received = [];
  window.__channels = [];
  const add = RTCDataChannel.prototype.addEventListener;
  RTCDataChannel.prototype.addEventListener = function (type, listener, options) {
    if (type !== "message") return add.call(this, type, listener, options);
    if (!window.__channels.includes(this)) window.__channels.push(this);
    const recorded = (event) => {
      window.__received.push(typeof event.data === "string" ? event.data : "<binary>");
      return listener.call(this, event);
    };
    return add.call(this, type, recorded, options);
  };
})();
"""

SETTLED = ("human", "deal-over", "match-over")


class OnlinePage:
    """One person's browser (its own context: storage, service worker) at a table."""

    def __init__(self, browser: Browser, site_url: str, signal_url: str, *, width: int = 900):
        self.context = browser.new_context(locale="en-US", viewport={"width": width, "height": 900})
        self.page: Page = self.context.new_page()
        self.page.add_init_script(RECORDER)
        self.errors: list[str] = []
        record_errors(self.page, self.errors)
        self.site_url = site_url
        self.query = f"?signal={signal_url}&lang=en&speed=0"
        self.received: list[str] = []  # what earlier loads of the page received

    def close(self) -> None:
        self.context.close()

    # ---------------------------------------------------------------- getting there

    def open_dialog(self) -> None:
        """From the game against bots: "Play online"."""
        self.page.goto(self.site_url + self.query)
        # The game against bots, started (its bots may have ended the first deal at once).
        self.wait_for(", ".join(f"#app[data-state={s}]" for s in SETTLED))
        button = self.page.locator("[data-action=online]")
        for _ in range(20):  # a deal's or match's result covers the table and this button
            if button.is_visible():
                break
            if self.state == "deal-over":
                self.next_deal()
            elif self.state == "match-over":
                self.page.locator("[data-action=new-match]:visible").click()
            else:
                self.page.wait_for_timeout(250)
        button.click()
        self.wait_for("[data-testid=online]")

    def host(self, name: str, **fields: str) -> str:
        """Open a table with the dialog's ``fields``; returns the invite link."""
        self.open_dialog()
        dialog = self.page.locator("[data-testid=online]")
        dialog.locator("[name=name]").fill(name)
        for key, value in fields.items():
            field = dialog.locator(f"[name={key}]")
            if field.evaluate("e => e.tagName") == "SELECT":
                field.select_option(value)
            elif field.get_attribute("type") == "checkbox":
                field.set_checked(value == "on")
            else:
                field.fill(value)
        dialog.locator("[data-action=host]").click()
        link = self.page.locator("[data-testid=invite-link]")
        expect(link).to_be_visible(timeout=30_000)
        return link.get_attribute("href") or ""

    def join(self, link: str, name: str) -> None:
        self.page.goto(with_query(link, "&lang=en&speed=0"))
        self.wait_for("[data-testid=join]")
        self.page.locator("[data-testid=join] [name=name]").fill(name)
        self.page.click("[data-action=join]")
        self.wait_for("[data-testid=lobby]")

    def wait_for(self, selector: str, timeout: float = BOOT_TIMEOUT_MS) -> None:
        self.page.wait_for_selector(selector, timeout=timeout, state="attached")
        assert self.page.locator("#app").get_attribute("data-error") is None

    def seats(self) -> dict[int, str]:
        """The lobby's seats: number -> data-kind."""
        found = self.page.locator("[data-testid=lobby] [data-seat]").evaluate_all(
            "els => els.map(e => [e.dataset.seat, e.dataset.kind])"
        )
        return {int(s): k for s, k in found}

    def reload(self) -> None:
        self.received += self.messages()
        self.page.reload()

    # ---------------------------------------------------------------- at the table

    @property
    def state(self) -> str:
        return self.page.locator("#app").get_attribute("data-state") or ""

    def move(self, rng: random.Random) -> bool:
        """Make one move if it is this person's turn (or put a deal's result away);
        False when there is nothing to do here."""
        state = self.state
        if state == "deal-over":
            self.next_deal()
            return True
        if state != "human":
            return False
        offered = [
            a
            for a in self.page.locator("[data-testid=actions] [data-action]:enabled").evaluate_all(
                "els => els.map(e => e.dataset.action)"
            )
            if a not in CONTROLS
        ]
        hands = self._active("hand")
        tables = self._active("table")
        if "knock" in offered and rng.random() < 0.5:
            return self._click('[data-action="knock"]')
        buttons = [a for a in offered if a in ("keep", "take", "swap all", "pass", "new")]
        if hands and tables and (not buttons or rng.random() < 0.6):
            card = '[data-testid={}] [data-card][data-index="{}"]'
            self.page.click(card.format("hand", rng.choice(hands)))
            return self._click(card.format("table", rng.choice(tables)))
        if not offered:
            return False
        return self._click(f'[data-action="{rng.choice(buttons or offered)}"]')

    def next_deal(self) -> None:
        """Put a deal's result away. It may be gone already: when the person's turn
        comes, the result gives way by itself."""
        try:
            self.page.click("[data-action=next-deal]", timeout=2_000)
        except PlaywrightError:
            if self.state == "deal-over":
                raise

    def _click(self, selector: str) -> bool:
        self.page.click(selector)
        return True

    def _active(self, zone: str) -> list[str]:
        return self.page.locator(f"[data-testid={zone}] [data-card][tabindex]").evaluate_all(
            "els => els.map(e => e.dataset.index)"
        )

    def messages(self) -> list[str]:
        return self.page.evaluate("() => window.__received || []")

    def all_messages(self) -> list[dict[str, Any]]:
        return [json.loads(m) for m in [*self.received, *self.messages()] if m.startswith("{")]

    def send_raw(self, text_or_size: str | int) -> bool:
        """Send a text (or that many characters) on the page's data channel, past the
        page's own code, as a hostile guest could; False if the browser refused it."""
        return self.page.evaluate(
            """(x) => { const c = window.__channels.find(c => c.readyState === "open");
                 const text = typeof x === "number" ? "x".repeat(x) : x;
                 try { c.send(text); return true; } catch (e) { return false; } }""",
            text_or_size,
        )

    def local(self, key: str) -> Any:
        raw = self.page.evaluate("(k) => localStorage.getItem(k)", "schwimmen." + key)
        return None if raw is None else json.loads(raw)["data"]

    def ranking(self, own_name: str) -> dict[str, str]:
        """The match-over ranking: name -> place and lives as the row shows them (the
        person's own row, "You", under ``own_name``)."""
        rows = self.page.locator("[data-testid=match-over] .ranking li").evaluate_all(
            """els => els.map(e => [e.querySelector('.place').textContent,
                                   e.querySelector('.who').textContent.replace('★', '').trim(),
                                   e.querySelector('.now').textContent.trim()])"""
        )
        return {(own_name if who == "You" else who): f"{place} {now}" for place, who, now in rows}


def play_together(pages: list[OnlinePage], rng: random.Random, until, limit: int = 600) -> None:
    """Each page moves when its person's turn comes, until ``until()``."""
    for _ in range(limit):
        if until():
            return
        moved = False
        for p in pages:
            moved |= p.move(rng)
        if not moved:
            pages[0].page.wait_for_timeout(100)
    raise AssertionError("the table did not get there")
