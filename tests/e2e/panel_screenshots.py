"""Screenshots of the settings dialog, statistics, rules help and a Lügen decision
(phone 360x740 and desktop 1280x800) into docs/screenshots/.

    python -m tests.e2e.panel_screenshots [--site dist/site] [--out docs/screenshots]

Builds the site first unless ``--site`` names a built one.
"""

from __future__ import annotations

import random

from playwright.sync_api import Page

from tests.e2e.camera import Snap, run
from tests.e2e.pages import GamePage


def _settle(page: Page) -> None:
    # Let the panels' entry animation finish so the pictures show the final look.
    page.wait_for_function(
        "() => document.getAnimations().every(a => a.playState !== 'running')", timeout=5000
    )


def _play_a_few_matches(game: GamePage) -> None:
    for seed, preset in ((1, "knack"), (2, "classic"), (3, "knack")):
        game.open(game.url, f"?seed={seed}&speed=0&lang=de&preset={preset}&bots=1&lives=1&new=1")
        game.play_until(seed=seed)


def _luegen_decision(game: GamePage) -> bool:
    page = game.page
    rng = random.Random(1)
    for _ in range(300):
        state = game.wait_human()
        if state == "deal-over":
            game.next_deal()
            continue
        offered = game.offered()
        if any(a.startswith("challenge ") for a in offered):
            return True
        select = page.locator("[data-testid=announce-value]")
        if select.count():
            game.announce("8", 0, 1)
            continue
        game.play_move(rng)
    return False


def shoot(url: str, size: str, page: Page, snap: Snap) -> None:
    game = GamePage(page)
    game.url = url
    _play_a_few_matches(game)

    def settled_snap(name: str) -> None:
        _settle(page)
        snap(name)

    game.open(url, "?seed=5&speed=0&lang=de&preset=knack&bots=3&new=1")
    page.locator("[data-action=settings]").click()
    settled_snap("settings")
    form = page.locator("[data-testid=settings]")
    form.locator("[name=preset]").select_option("custom")
    form.locator("[name='rule.deal']").select_option("hidden")
    page.locator("[data-testid=settings-error]").scroll_into_view_if_needed()
    settled_snap("settings-conflict")
    form.locator("[name=lang]").select_option("en")
    form.locator("[name=preset]").select_option("hosenowi")
    form.locator("[name=mistery]").set_checked(True)
    form.locator("[name=luegen]").set_checked(True)
    form.locator("[data-action=open-help]").click()
    settled_snap("rules-help-en")
    page.locator(".rules-help .examples").scroll_into_view_if_needed()
    settled_snap("rules-help-examples-en")
    page.keyboard.press("Escape")
    form.locator("[name=lang]").select_option("de")
    form.locator("[data-action=close-settings]").click()
    page.locator("[data-action=open-stats]").click()
    settled_snap("stats")
    page.locator("[data-action=close-stats]").click()
    game.open(url, "?seed=7&speed=0&lang=en&preset=classic&luegen=1&bots=3&lives=3&new=1")
    if _luegen_decision(game):
        settled_snap("luegen-decision-en")
        page.locator("[data-action=hint]").click()  # the coach's advice, scrolled into view
        page.locator("[data-testid=hint]").wait_for()
        settled_snap("luegen-hint-en")
        offered = [a for a in game.offered() if a.startswith("challenge ")]
        game.challenge(int(offered[0].split()[1]))
        settled_snap("luegen-verdict-en")


if __name__ == "__main__":
    run(shoot, __doc__.splitlines()[0])
