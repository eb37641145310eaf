"""Pass-and-play in the page: three persons and one bot share a phone for a deal. Each
person's turn starts behind a cover; under it no hand is drawn (the page holds no card of
anyone's hand), and after a tap the screen is that person's own. Every cover passes axe."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.axe import describe, violations
from tests.e2e.pages import GamePage
from tests.e2e.support import BOOT_TIMEOUT_MS

PHONE = {"width": 360, "height": 740}
SHARED = "?seed=4&preset=classic&bots=1&people=3&speed=0&lang=en&mistery=0&luegen=0&new=1"
WAITING = (
    "() => { const a = document.getElementById('app'); return a.dataset.error ||"
    " document.querySelector('[data-action=reveal]') ||"
    " ['deal-over', 'match-over'].includes(a.dataset.state); }"
)


def test_three_persons_and_a_bot_pass_the_phone_for_a_deal(game: GamePage, site_url):
    game.page.set_viewport_size(PHONE)
    page = game.page
    page.goto(site_url + SHARED)  # the first person's cover: no "human" state yet
    page.wait_for_function(WAITING, timeout=BOOT_TIMEOUT_MS)
    people_seen = set()
    audited = False
    for _ in range(60):
        page.wait_for_function(WAITING, timeout=20_000)
        assert game.app.get_attribute("data-error") is None
        if game.state in ("deal-over", "match-over"):
            break
        cover = page.locator("[data-testid=cover]")
        expect(cover).to_be_visible()
        # Nothing private under the cover: no card of any hand is in the page.
        assert page.locator("[data-zone=hand]").count() == 0
        expect(page.locator(".log-box")).to_be_hidden()
        if not audited:
            found = violations(page)
            assert not found, describe(found, "the pass-and-play cover")
            audited = True
        name = cover.locator("h2").inner_text()
        people_seen.add(name)
        page.locator("[data-action=reveal]").click()
        assert game.wait_human() == "human"
        expect(page.locator("[data-testid=hand] [data-card]")).to_have_count(3)
        offered = game.offered()
        move = "knock" if "knock" in offered else ("keep" if "keep" in offered else None)
        if move:
            page.locator(f'[data-action="{move}"]').click()
        else:
            game.hand_card(int(game.active("hand")[0])).click()
            game.table_card(game.active("table")[0]).click()
    assert game.state == "deal-over"
    assert people_seen == {"Player 1's turn", "Player 2's turn", "Player 3's turn"}


@pytest.mark.parametrize("people", ["3", "1"])
def test_names_typed_in_the_settings_start_a_named_match(game: GamePage, site_url, people):
    """Issue 37: with ``?people=3``, names typed in the settings and "Start a new match"
    did nothing (the name check was imported from online play's part, not loaded).
    From ``?people=1``, choosing three people in the dialog shows their name fields."""
    page = game.page
    page.set_viewport_size(PHONE)
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(site_url + SHARED.replace("people=3", f"people={people}"))
    if people == "1":
        game.wait_human()
    else:
        page.wait_for_function(WAITING, timeout=BOOT_TIMEOUT_MS)
    dialog = game.settings.open()
    if people == "1":
        expect(page.locator("[data-testid=person-names]")).to_have_count(0)
        dialog.choose(people="3")
    expect(page.locator("[data-testid=person-names] input")).to_have_count(3)
    dialog.choose(person_1="Anna", person_2="Ben", person_3="Clara")
    dialog.start_button.click()
    page.wait_for_function(WAITING, timeout=20_000)
    assert game.app.get_attribute("data-error") is None
    turn = page.locator("[data-testid=cover] h2")
    expect(turn).to_have_text(re.compile(r"^(Anna|Ben|Clara)'s turn$"))  # (a new dealer)
    person = turn.inner_text().split("'")[0]
    page.locator("[data-action=reveal]").click()
    assert game.wait_human() == "human"
    seats = " ".join(page.locator("[data-testid^=seat-]").all_inner_texts())
    assert all(name in seats for name in {"Anna", "Ben", "Clara"} - {person}), seats
    assert not [e for e in errors if "ModuleNotFoundError" in e], errors
