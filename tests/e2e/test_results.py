"""The end-of-deal and end-of-match panels in the page, on a 360 px phone: once out, one
clear way on; the match result covers what lies behind it (nothing there can be seen,
clicked or reached with Tab), closes with Escape onto the finished table and comes back;
with ``first_out`` it says the match ends at the first elimination; the deal-over panel
hides the next deal and has room for a two-life loss. Every screen passes axe."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import expect

from tests.e2e.axe import describe, violations
from tests.e2e.pages import GamePage

PHONE = {"width": 360, "height": 740}
# Seed 4, three bots, one life: the player (knocking whenever allowed) goes out in an
# early deal while the bots play on.
OUT = "?seed=4&preset=classic&bots=3&lives=1&speed=0&lang=en&mistery=0&luegen=0&new=1"

# Every button or usable card that is not in the panel or the top bar (which stays above
# the panels on purpose), with what covers its centre and whether it is drawn at all.
BEHIND = """(panel) => [...document.querySelectorAll('#app button, #app .card[tabindex]')]
  .filter(el => !el.closest(panel) && !el.closest('.topbar'))
  .map(el => {
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    const inView = x >= 0 && y >= 0 && x < innerWidth && y < innerHeight;
    const hit = inView ? document.elementFromPoint(x, y) : null;
    return {what: el.dataset.key || el.textContent.trim(),
            visible: getComputedStyle(el).visibility === 'visible',
            hitsItself: !!hit && el.contains(hit)};
  })"""


@pytest.fixture
def phone(game):
    game.page.set_viewport_size(PHONE)
    return game


def _no_violations(game: GamePage, screen: str) -> None:
    found = violations(game.page)
    assert not found, describe(found, screen)


def _until_out(game: GamePage) -> None:
    """Play (knocking whenever allowed, to end deals soon) until the player is out."""
    rng = random.Random(1)
    for _ in range(200):
        state = game.wait_human()
        if state == "deal-over":
            if game.page.locator("[data-testid=out-choice]").count():
                return
            game.next_deal()
        elif state == "match-over":
            raise AssertionError("the match ended before the player went out: another seed")
        elif "knock" in game.offered():
            game.knock()
        else:
            game.play_move(rng)
    raise AssertionError("the player never went out")


def _covered(game: GamePage, panel: str) -> None:
    """Nothing behind ``panel`` is drawn, takes a click, or is reached with Tab."""
    behind = game.page.evaluate(BEHIND, panel)
    assert behind, "nothing found behind the panel: the check would prove nothing"
    assert [b["what"] for b in behind if b["visible"] or b["hitsItself"]] == []
    for _ in range(12):  # Tab goes round the panel (and the top bar) only
        game.page.keyboard.press("Tab")
        focused = game.page.evaluate(
            f"""() => {{ const el = document.activeElement;
                 return !el.matches('button, .card') || !!el.closest('{panel}, .topbar'); }}"""
        )
        assert focused, "Tab reached a control behind the panel"


def test_once_out_one_choice_then_the_match_result_covers_closes_and_comes_back(phone, site_url):
    game = phone
    page = game.page
    game.open(site_url, OUT)
    _until_out(game)
    panel = page.locator("[data-testid=deal-over]")
    expect(panel.locator("[data-testid=out-choice]")).to_contain_text("You are out")
    primary = panel.locator("button.primary")
    expect(primary).to_have_count(1)
    expect(primary).to_have_text("Watch the others to the end")
    expect(primary).to_be_focused()
    expect(panel.get_by_role("button", name="New match")).to_be_visible()
    expect(panel.get_by_role("button", name="Next deal")).to_have_count(0)
    _covered(game, "[data-testid=deal-over]")
    _no_violations(game, "the out choice")

    primary.click()
    assert game.wait_human() == "match-over"  # every remaining deal without a stop
    result = page.locator("[data-testid=match-over]")
    expect(result.locator("h2")).to_have_text("Anna wins!")
    expect(result).to_contain_text("The last deal")
    expect(result.locator(".results li")).to_have_count(4)
    expect(result.locator(".ranking li")).to_have_count(4)
    expect(result.locator("[data-testid=first-out]")).to_have_count(0)
    _covered(game, "[data-testid=match-over]")
    _no_violations(game, "the end of the match")

    page.keyboard.press("Escape")
    expect(result).to_have_count(0)
    expect(game.app).to_have_attribute("data-state", "match-over")
    bar = page.locator("[data-testid=match-bar]")
    expect(bar).to_be_in_viewport()
    expect(bar.locator("[data-action=show-result]")).to_be_focused()
    expect(page.locator("[data-testid=table] [data-card]").first).to_be_visible()
    _no_violations(game, "the finished table")
    bar.locator("[data-action=show-result]").click()
    expect(result).to_be_visible()
    expect(result.locator("[data-action=new-match]")).to_be_focused()
    result.locator("[data-action=new-match]").click()
    assert game.wait_human() in ("human", "deal-over")


def _rows_fit(game: GamePage, panel: str) -> None:
    """No cell of the result rows is wider than its column (nothing clipped or hidden
    under the cards)."""
    over = game.page.locator(f"{panel} .results li > span").evaluate_all(
        "els => els.filter(e => e.scrollWidth > e.clientWidth + 1).map(e => e.textContent)"
    )
    assert over == []


def test_first_out_says_the_match_ends_at_the_first_elimination(phone, site_url):
    game = phone
    game.open(site_url, "?seed=2&preset=hosenowi&bots=3&lives=1&speed=0&lang=de&new=1")
    assert game.play_until(seed=1) == "match-over"
    note = game.page.locator("[data-testid=match-over] [data-testid=first-out]")
    expect(note).to_be_visible()
    expect(note).to_contain_text("endet die Partie, sobald jemand ausscheidet")
    # someone is out, in German the longest word a row holds
    expect(game.page.locator("[data-testid=match-over] .results")).to_contain_text(
        "ausgeschieden"
    )
    _rows_fit(game, "[data-testid=match-over]")


def test_the_deal_over_panel_hides_the_next_deal_and_fits_a_two_life_loss(phone, site_url):
    game = phone
    page = game.page
    game.open(site_url, "?seed=3&preset=classic&bots=3&lives=3&speed=0&lang=en&new=1")
    assert game.play_until(("deal-over", "match-over"), seed=1) == "deal-over"
    # The next deal is dealt behind the panel: its number, stock and dealer stay hidden.
    for hidden in (".info", ".seat .tag.dealer", "[data-testid=hand]"):
        expect(page.locator(f".game {hidden}").first).to_be_hidden()
    _covered(game, "[data-testid=deal-over]")
    # The widest loss there is, two lives, fits its row at 360 px.
    loss = page.locator("[data-testid=deal-over] .loss").first
    loss.evaluate("el => { el.textContent = '−♥♥'; }")
    fits = loss.evaluate(
        """el => { const row = el.closest('li').getBoundingClientRect();
                   const r = el.getBoundingClientRect();
                   return el.scrollWidth <= el.clientWidth && r.right <= row.right
                          && r.height < 2 * parseFloat(getComputedStyle(el).fontSize); }"""
    )
    assert fits, "the loss column clips or wraps '−♥♥'"
    _rows_fit(game, "[data-testid=deal-over]")
