"""Two tabs of one browser with the same saved match: the second one asks before it
touches the match, taking it over stops the first one (which says so), and statistics
written in one tab show in the other."""

from __future__ import annotations

import json
import random

import pytest
from playwright.sync_api import expect

from tests.e2e.pages import GamePage
from tests.e2e.support import record_errors

# Five lives: the two steps A plays below cannot end the match, however the deals go.
QUICK = "?seed=21&new=1&speed=0&lang=en&preset=knack&bots=1&lives=5"
SAVED_ACTIONS = """() => JSON.parse(JSON.parse(JSON.parse(
  localStorage.getItem('schwimmen.match')).data).match).actions"""


def step(game: GamePage, rng: random.Random) -> None:
    """One decision of the player: a move, or the next deal after one ended."""
    if game.state == "deal-over":
        game.next_deal()
    else:
        game.play_move(rng)


@pytest.fixture
def context(browser):
    context = browser.new_context(locale="en-US", viewport={"width": 900, "height": 800})
    yield context
    context.close()


def test_a_second_tab_asks_takes_over_and_shares_statistics(context, site_url):
    errors: list[str] = []
    page_a, page_b = context.new_page(), context.new_page()
    record_errors(page_a, errors)
    record_errors(page_b, errors)
    a = GamePage(page_a).open(site_url, QUICK)
    step(a, random.Random(1))
    before_b = page_a.evaluate(SAVED_ACTIONS)

    page_b.goto(site_url + "?speed=0&lang=en")  # resumes the same saved match
    question = page_b.locator("[data-testid=other-tab]")
    expect(question).to_be_visible(timeout=75_000)
    expect(question).to_have_attribute("data-reason", "open")
    expect(question).to_contain_text("open in another tab")
    expect(question.locator("[data-action=take-over]")).to_be_visible()
    expect(question.locator("[data-action=own-match]")).to_be_visible()
    expect(page_b.locator("#app")).to_have_attribute("data-state", "busy")
    assert page_b.locator("#app").get_attribute("data-error") is None
    assert page_b.evaluate(SAVED_ACTIONS) == before_b  # B wrote nothing

    # A plays on and keeps saving its own match, untouched by B.
    rng = random.Random(2)
    for _ in range(4):  # a move (after a next deal, if one had ended)
        step(a, rng)
        after_a = page_a.evaluate(SAVED_ACTIONS)
        if len(after_a) > len(before_b):
            break
    assert len(after_a) > len(before_b) and after_a[: len(before_b)] == before_b

    question.locator("[data-action=take-over]").click()
    b = GamePage(page_b)
    b.wait_human()
    expect(question).to_have_count(0)
    # A hears of it at once, stops and says so.
    told = page_a.locator("[data-testid=other-tab]")
    expect(told).to_have_attribute("data-reason", "taken")
    expect(told).to_contain_text("taken over in another tab")
    expect(page_a.locator("#app")).to_have_attribute("data-state", "busy")

    # B continues A's match from where A left it, and A never writes again.
    assert b.play_until(seed=3) == "match-over"
    final = page_b.evaluate(SAVED_ACTIONS)
    assert final[: len(after_a)] == after_a and len(final) > len(after_a)
    assert page_a.evaluate(SAVED_ACTIONS) == final

    # The statistics B wrote show in A without a reload.
    expect(page_b.locator("[data-testid=stats]")).to_have_attribute("data-matches", "1")
    expect(page_a.locator("[data-testid=stats]")).to_have_attribute("data-matches", "1")
    stored = json.loads(page_a.evaluate("() => localStorage.getItem('schwimmen.stats')"))
    assert stored["data"]["overall"]["matches"] == 1
    assert errors == [], errors
