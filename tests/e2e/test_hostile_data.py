"""Hostile data in the browser: JSON nested 20,000 levels deep in every stored key and in
an imported statistics file. Such text once stopped Pyodide for good (a RangeError deep
in ``json.loads``); now the page starts, keeps the text in a backup key and says so, and
an import after a refused one still works."""

from __future__ import annotations

import json
import random

import pytest
from playwright.sync_api import expect

from app.stats.model import FILE_FORMAT

DEEP = 20_000
NESTED = "[" * DEEP + "]" * DEEP


@pytest.fixture
def context(browser):
    context = browser.new_context(locale="en-US", viewport={"width": 900, "height": 800})
    yield context
    context.close()



def test_deep_nesting_in_every_stored_key_gives_a_start_with_backups_and_notices(game, site_url):
    page = game.page
    game.open(site_url, "?seed=5&speed=0&lang=en&new=1")
    stored = page.evaluate(
        """nested => {
          const items = {
            'schwimmen.stats': nested,
            'schwimmen.settings': nested,
            // a valid envelope whose text (the saved match) is the deep nesting
            'schwimmen.match': JSON.stringify({version: 1, data: nested}),
          };
          for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v);
          return items;
        }""",
        NESTED,
    )
    game.open(site_url, "?speed=0&lang=en")  # starts: a game is up, no data-error
    notices = page.locator("[data-testid=notices]")
    expect(notices).to_be_visible()
    for what in ("statistics", "settings", "match in progress"):
        expect(notices).to_contain_text(f"Saved data ({what}) was damaged")
    backups = page.evaluate(
        """() => Object.fromEntries(['stats', 'settings', 'match'].map(
             k => [k, localStorage.getItem('schwimmen.backup.' + k + '.1')]))"""
    )
    assert backups == {
        "stats": stored["schwimmen.stats"],
        "settings": stored["schwimmen.settings"],
        "match": stored["schwimmen.match"],
    }
    expect(game.stats.summary).to_have_attribute("data-matches", "0")
    # The page keeps working: a move is accepted and the fresh match is saved. (Its
    # first deal is random and may have ended before the player's turn: deal on.)
    if game.state == "deal-over":
        game.next_deal()
    assert game.state == "human"
    game.play_move(random.Random(1))
    saved = json.loads(page.evaluate("() => localStorage.getItem('schwimmen.match')"))
    assert json.loads(saved["data"])["match"].startswith("{")
    game.reload()  # and the next start is clean: nothing left to back up
    expect(page.locator("[data-testid=notices]")).to_have_count(0)


def test_a_deeply_nested_import_is_refused_and_a_valid_import_works_after_it(
    game, site_url, tmp_path
):
    page = game.page
    game.open(site_url, "?seed=5&speed=0&lang=en&new=1")
    stats = game.stats.open()
    deep = tmp_path / "deep.json"
    deep.write_text(NESTED, encoding="utf-8")
    stats.import_file(deep)
    message = stats.message
    expect(message).to_have_attribute("data-kind", "error")
    expect(message).to_contain_text("not a readable statistics file")
    expect(message).to_contain_text("nested deeper than 64 levels")

    good = tmp_path / "good.json"
    good.write_text(
        json.dumps({"format": FILE_FORMAT, "version": 1, "matches": 7, "wins": 3}),
        encoding="utf-8",
    )
    stats.import_file(good)
    expect(message).to_have_attribute("data-kind", "ok")
    expect(message).to_contain_text("7 matches, 3 wins")
    expect(stats.summary).to_have_attribute("data-matches", "7")
    stored = json.loads(page.evaluate("() => localStorage.getItem('schwimmen.stats')"))
    assert stored["data"]["overall"]["matches"] == 7
    # The game itself still answers after both imports.
    stats.escape()
    game.play_move(random.Random(2))
