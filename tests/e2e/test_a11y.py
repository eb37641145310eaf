"""Every screen passes axe-core's WCAG 2.1 A and AA rules, in German and English, on a
360 px phone and a 1280 px desktop.

One test per language and width walks through the screens with seeded matches (so
each screen is reached, and the test says so if a seed stops reaching it): the table
on the player's turn, the coach's hint, the settings dialog, the rules help, the
statistics panel, the end of a deal and its review, the end of a match, the Lügen
announcement and decision, a Mistery table and a bot's turn. Violations are collected over the whole
walk and reported together (rule, impact, the elements).
"""

from __future__ import annotations

import random
import re
import time

import pytest
from playwright.sync_api import expect

from tests.e2e.axe import describe, violations
from tests.e2e.pages import GamePage

PLAIN = "&mistery=0&luegen=0&new=1"


@pytest.fixture(scope="module")
def context(browser):
    """One context for the module: later page loads restore the memory snapshot."""
    context = browser.new_context()
    yield context
    context.close()



class Audit:
    """Runs axe on named screens and keeps what it found."""

    def __init__(self, game: GamePage, where: str):
        self.game, self.where, self.found, self.screens = game, where, [], []

    def check(self, screen: str, state: str | None = None) -> None:
        if state is not None:
            expect(self.game.app).to_have_attribute("data-state", state)
        found = violations(self.game.page)
        if state is not None:  # the screen did not change while axe looked at it
            expect(self.game.app).to_have_attribute("data-state", state, timeout=1)
        self.screens.append(screen)
        if found:
            self.found.append(describe(found, f"{screen} ({self.where})"))


@pytest.mark.parametrize("width", [360, 1280])
@pytest.mark.parametrize("lang", ["de", "en"])
def test_every_screen_passes_axe(game, site_url, lang, width):
    started = time.monotonic()
    page = game.page
    page.set_viewport_size({"width": width, "height": 800 if width > 400 else 740})
    audit = Audit(game, f"lang={lang}, {width} px")

    # A plain match, two players, two lives: table, dialogs, end of a deal and a match.
    game.open(site_url, f"?seed=3&speed=0&lang={lang}&preset=classic&bots=1&lives=2" + PLAIN)
    expect(page.locator("html")).to_have_attribute("lang", lang)
    audit.check("the table on the player's turn", "human")
    page.locator("[data-action=hint]").click()
    expect(page.locator("[data-testid=hint]")).to_be_visible()
    audit.check("the coach's hint", "human")
    game.settings.open()
    audit.check("the settings dialog")
    game.settings.close()
    game.help.open()
    audit.check("the rules help")
    game.help.close()
    game.stats.open()
    audit.check("the statistics panel")
    game.stats.close()
    assert game.play_until(("deal-over", "match-over"), seed=1) == "deal-over"
    audit.check("the end of a deal", "deal-over")
    game.review.open()
    audit.check("the deal review", "deal-over")
    game.review.escape()
    game.next_deal()
    assert game.play_until(("match-over",), seed=2) == "match-over"
    audit.check("the end of the match", "match-over")

    # Lügen: the player announces the lowest value and so decides.
    luegen = "&preset=hosenowi&bots=2&lives=3&luegen=1&new=1"
    game.open(site_url, f"?seed=5&speed=0&lang={lang}" + luegen)
    select = page.locator("[data-testid=announce-value]")
    game.play_to(lambda: select.count() > 0, random.Random(1), "the Lügen announcement")
    audit.check("the Lügen announcement", "human")
    game.announce("8", 0, 1)
    decision = page.locator('[data-testid=actions] [data-action="giveup"]')
    game.play_to(lambda: decision.count() > 0, random.Random(2), "the Lügen decision")
    audit.check("the Lügen decision", "human")

    # Mistery at a slow speed: the table with the face-down card, then a bot's turn.
    game.open(site_url, f"?seed=4&speed=slow&lang={lang}&preset=classic&bots=3&new=1&mistery=1")
    expect(game.table_card("mistery")).to_have_count(1)
    audit.check("the Mistery table", "human")
    # The player lays a card face down (the table then names it for the player) and
    # the bots think slowly.
    assert "mistery" in game.active("table")
    game.hand_card(0).click()
    game.table_card("mistery").click()
    expect(game.table_card("mistery")).to_have_class(re.compile(r"\bmine\b"))
    audit.check("a bot's turn, a card of the player's face down", "busy")

    print(
        f"axe, lang={lang}, {width} px: {len(audit.screens)} screens in "
        f"{time.monotonic() - started:.1f} s"
    )
    assert not audit.found, "\n\n".join(audit.found)
