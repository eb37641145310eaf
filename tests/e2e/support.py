"""Helpers for browser tests: waiting on the page's state and reading what it shows."""

from __future__ import annotations

from playwright.sync_api import Page, expect

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    # Containers often give /dev/shm only 64 MB; Chromium's tabs then crash. /tmp has room.
    "--disable-dev-shm-usage",
]
# The page gives up after 60 s; a busy 2-core machine may need most of that.
BOOT_TIMEOUT_MS = 75_000
SUBPATH = "sub/schwimmen/"


def record_errors(page: Page, errors: list[str]) -> None:
    """Append every uncaught script error and console error of ``page`` to ``errors``
    (tests assert the list is empty at the end: a page that works quietly)."""
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: m.type == "error" and errors.append(m.text))


def wait_state(page: Page, state: str = "human", timeout: float = BOOT_TIMEOUT_MS) -> None:
    """Wait until ``#app`` has ``data-state=state``; fail early with the page's error text."""
    app = page.locator("#app")
    page.wait_for_function(
        "s => { const a = document.getElementById('app');"
        " return a && (a.dataset.state === s || a.dataset.error); }",
        arg=state,
        timeout=timeout,
    )
    assert app.get_attribute("data-error") is None, app.get_attribute("data-error")
    expect(app).to_have_attribute("data-state", state)


def open_game(page: Page, url: str, query: str = "") -> Page:
    """Load the page at ``url`` (plus ``query``, e.g. ``"?seed=7"``) and wait for the player."""
    page.goto(url + query)
    wait_state(page, "human")
    return page


def hand_cards(page: Page) -> list[str]:
    """The ``data-card`` texts of the player's hand, in ``data-index`` order."""
    cards = page.locator("[data-testid=hand] [data-card]")
    return cards.evaluate_all(
        "els => els.sort((a, b) => a.dataset.index - b.dataset.index).map(e => e.dataset.card)"
    )
