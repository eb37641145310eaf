"""Start-up notices in the browser: a damaged saved match still gives a clean start,
with a notice and the damaged text kept in a backup key; bad URL parameters are said
in the banner and in the console."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from tests.e2e.pages import GamePage
from tests.e2e.support import record_errors


@pytest.fixture
def context(browser):
    context = browser.new_context(locale="en-US", viewport={"width": 900, "height": 800})
    yield context
    context.close()


def test_garbage_fields_in_a_saved_match_give_a_clean_start_with_a_notice(context, site_url):
    page = context.new_page()
    errors: list[str] = []
    record_errors(page, errors)
    game = GamePage(page)
    game.open(site_url, "?seed=5&speed=0&lang=en&new=1")
    # Spoil the counters of the saved match, keeping the engine's match text intact.
    damaged = page.evaluate(
        """() => {
          const env = JSON.parse(localStorage.getItem('schwimmen.match'));
          const rec = JSON.parse(env.data);
          Object.assign(rec, {deal_seen: "x", log: [[1]], out_order: 5, line_no: null});
          env.data = JSON.stringify(rec);
          const text = JSON.stringify(env);
          localStorage.setItem('schwimmen.match', text);
          return text;
        }"""
    )
    game.open(site_url, "?speed=0&lang=en")  # a reload that resumes (no new=1)
    notices = page.locator("[data-testid=notices]")
    expect(notices).to_be_visible()
    expect(notices).to_contain_text("match in progress")
    expect(notices).to_contain_text("schwimmen.backup.match.1")
    assert page.evaluate("() => localStorage.getItem('schwimmen.backup.match.1')") == damaged
    saved = json.loads(page.evaluate("() => localStorage.getItem('schwimmen.match')"))
    assert json.loads(saved["data"])["deal_seen"] == 0  # a fresh match is saved
    assert errors == [], errors


def test_bad_url_parameters_are_shown_and_warned(context, site_url):
    page = context.new_page()
    warnings: list[str] = []
    page.on("console", lambda m: m.type == "warning" and warnings.append(m.text))
    GamePage(page).open(site_url, "?seed=5&speed=0&lang=en&new=1&bots=many")
    notices = page.locator("[data-testid=notices]")
    expect(notices).to_contain_text("The URL parameter “bots” has an invalid value")
    assert any("URL parameter bots" in w for w in warnings), warnings
