"""Mistery and Lügen switched on in the settings dialog and played in the page."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import expect

from app.cards.names import card_short
from tests.e2e.pages import GamePage
from tests.e2e.support import record_errors


@pytest.fixture(scope="module")
def game(browser, site_url):
    """One page for the module (each test starts its own match from the settings)."""
    context = browser.new_context(locale="en-US", viewport={"width": 1000, "height": 800})
    page = context.new_page()
    errors: list[str] = []
    record_errors(page, errors)
    yield GamePage(page).open(site_url, "?seed=21&speed=0&lang=en&new=1")
    context.close()
    assert errors == [], errors


def test_mistery_from_the_settings_swap_by_click_and_by_drag(game):
    page = game.page
    game.new_match(preset="hosenowi", bots="1", lives="3", mistery=True, luegen=False)
    mistery = page.locator('[data-testid=table] [data-index="mistery"]')
    rng = random.Random(3)
    swaps = seen_after = 0
    for _ in range(120):
        state = game.wait_human()
        if state == "match-over":
            game.new_match()
            continue
        if state == "deal-over":
            game.next_deal()
            continue
        if "mistery" not in game.active("table"):
            game.play_move(rng)
            continue
        expect(mistery).to_have_attribute("data-card", "??")
        given = game.cards(game.hand())[1]
        if swaps == 0:
            game.hand_card(1).click()
            expect(game.hand_card(1)).to_have_attribute("data-selected", "true")
            mistery.click()
        else:
            game.hand_card(1).drag_to(mistery)
        state = game.wait_human()
        swaps += 1
        # The log (newest lines last, the oldest dropped) says which card went face down ...
        assert any("face down" in line for line in game.log_lines()[-6:])
        assert any(card_short(given, "french", "en") in line for line in game.log_lines()[-6:])
        # ... and the card stays recognisable to the player until someone takes it
        # (or the deal ends: the next deal has a new face-down card).
        if mistery.count() and "mine" in (mistery.get_attribute("class") or ""):
            expect(mistery).to_have_attribute("data-card", "??")
            label = mistery.get_attribute("aria-label") or ""
            assert "laid face down by you" in label
            seen_after += 1
        elif state == "human":
            assert any("Mistery" in line for line in game.log_lines()[-6:])
            seen_after += 1
        if swaps == 2:
            # The matches start with fresh seeds (the dialog's): a deal may end right
            # after a swap, but not after both.
            assert seen_after >= 1, "no swap was followed by a turn of the player"
            return
    raise AssertionError(f"only {swaps} Mistery swaps offered in 120 moves")


def test_luegen_announcement_and_decision_in_the_page(game):
    page = game.page
    game.new_match(preset="classic", bots="2", lives="3", mistery=False, luegen=True)
    rng = random.Random(5)
    announced = decided = False
    for _ in range(300):
        state = game.wait_human()
        if state == "deal-over":
            if decided:
                break
            game.next_deal()
            continue
        if state == "match-over":
            game.new_match()
            continue
        offered = game.offered()
        select = page.locator("[data-testid=announce-value]")
        if select.count():
            values = select.locator("option").evaluate_all("els => els.map(e => e.value)")
            assert values[0] == "8" and values[-2:] == ["30", "30.5"]
            # Until two cards are chosen, announcing is not possible.
            expect(page.locator("[data-testid=actions] button.primary")).to_be_disabled()
            select.select_option("8")  # the lowest announcement: the player decides
            game.hand_card(2).click()
            game.hand_card(0).click()
            button = page.locator('[data-action="announce 8 show 0 2"]')
            expect(button).to_be_enabled()
            button.click()
            game.wait_human()
            announced = True
            assert any("You announce 8" in line for line in game.log_lines())
            continue
        challenges = [a for a in offered if a.startswith("challenge ")]
        if challenges or "giveup" in offered:
            # Whoever decides may challenge any other announcer or give up.
            assert announced and challenges and "giveup" in offered, offered
            # Every earlier announcement is on the table with its two shown cards.
            seat = int(challenges[0].split()[1])
            bubble = page.locator(f"[data-testid=seat-{seat}] .announce-bubble")
            expect(bubble).to_be_visible()
            assert bubble.locator("[data-card]").count() == 2
            expect(page.locator(f'[data-action="{challenges[0]}"]')).to_contain_text("says")
            game.challenge(seat)
            decided = True
            continue
        game.play_move(rng)
    assert decided, "the player never had the Lügen decision"
    panel = page.locator("[data-testid=deal-over]")
    expect(panel).to_be_visible()
    reason = panel.locator(".reason").inner_text()
    assert "You challenged" in reason
    assert "the truth" in reason or "a lie!" in reason
    expect(panel.locator("[data-verdict]")).to_have_count(1)
    assert "lose" in reason
    expect(panel).to_contain_text("says 8")
