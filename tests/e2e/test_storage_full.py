"""A full localStorage in the browser: the player is told at once what could not be kept
and what to do, the finished match's result stays in the page, and once space is freed
it is written (and a reload does not count it twice)."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from tests.e2e.pages import GamePage
from tests.e2e.support import record_errors

QUICK = "?seed=4&speed=0&lang=en&preset=knack&bots=1&lives=1"
# Fill localStorage with junk keys, halving the size on every refusal, until not even
# one more character fits.
FILL = """() => {
  let n = 0, size = 1 << 20;
  while (size >= 1) {
    try { localStorage.setItem('junk.' + n, 'x'.repeat(size)); n++; }
    catch (e) { size = Math.floor(size / 2); }
  }
  return n;
}"""
FREE = """() => { for (const k of Object.keys(localStorage))
                   if (k.startsWith('junk.')) localStorage.removeItem(k); }"""
STORED_MATCHES = """() => { const r = JSON.parse(localStorage.getItem('schwimmen.stats'));
  return r.version === 1 ? r.data.matches : r.data.overall.matches; }"""


@pytest.fixture
def context(browser):
    context = browser.new_context(locale="en-US", viewport={"width": 900, "height": 800})
    yield context
    context.close()


def test_a_full_storage_is_told_and_the_result_is_written_after_space_is_freed(context, site_url):
    page = context.new_page()
    errors: list[str] = []
    record_errors(page, errors)
    game = GamePage(page)
    game.open(site_url, QUICK + "&new=1")
    # Three matches counted, no saved match, and storage filled to the brim.
    page.evaluate(
        """() => {
          localStorage.setItem('schwimmen.stats',
            JSON.stringify({version: 1, data: {matches: 3, wins: 1}}));
          localStorage.removeItem('schwimmen.match');
        }"""
    )
    assert page.evaluate(FILL) > 0
    game.open(site_url, QUICK + "&new=1")
    notices = page.locator("[data-testid=notices]")
    # Told at once: the new match cannot be saved, with what to do.
    expect(notices).to_contain_text("The match in progress could not be saved")
    expect(notices).to_contain_text("Free some space")
    retry = notices.locator("[data-action=retry-save]")
    expect(retry).to_be_visible()

    assert game.play_until(seed=2) == "match-over"
    stats = page.locator("[data-testid=stats]")
    expect(stats).to_have_attribute("data-matches", "4")  # counted in the page ...
    expect(notices).to_contain_text("The statistics (with this match's result) could not be")
    expect(notices).to_contain_text("Export them")
    assert page.evaluate(STORED_MATCHES) == 3  # ... but not in storage
    assert page.evaluate("() => localStorage.getItem('schwimmen.match')") is None

    page.evaluate(FREE)
    retry.click()
    page.wait_for_function(f"() => ({STORED_MATCHES})() === 4")
    expect(notices).to_contain_text("Saved again: statistics")
    expect(notices).to_contain_text("Saved again: match in progress")
    expect(notices.locator("[data-action=retry-save]")).to_have_count(0)
    saved = json.loads(page.evaluate("() => localStorage.getItem('schwimmen.match')"))
    assert json.loads(saved["data"])["recorded"] is True

    game.open(site_url, "?speed=0&lang=en")  # a reload: the finished match, counted once
    expect(page.locator("#app")).to_have_attribute("data-state", "match-over")
    expect(stats).to_have_attribute("data-matches", "4")
    assert page.evaluate(STORED_MATCHES) == 4
    assert errors == [], errors
