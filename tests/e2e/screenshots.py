"""Take the screenshots in docs/screenshots/ (phone 360x740 and desktop 1280x800).

    python -m tests.e2e.screenshots [--site dist/site] [--out docs/screenshots]

Builds the site first unless ``--site`` names a built one. Plays seeded
games through the page object so the pictures show real states.
"""

from __future__ import annotations

import random

from playwright.sync_api import Page

from tests.e2e.camera import Snap, run
from tests.e2e.pages import GamePage

PLAIN = "&speed=0&mistery=0&luegen=0&new=1&lang=de"
# Three people and a bot at one phone: a cover between the people's turns.
SHARED = "?seed=4&preset=classic&bots=1&people=3&speed=0&lang=de&mistery=0&luegen=0&new=1"
NAMES = ("Clara", "Jonas", "Mia")
COVER_OR_RESULT = (
    "() => { const a = document.getElementById('app'); return a.dataset.error ||"
    " document.querySelector('[data-action=reveal]') ||"
    " ['deal-over', 'match-over'].includes(a.dataset.state); }"
)


def _dealt_31(url: str, game: GamePage, snap: Snap) -> None:
    """Seed 23 of Hosen owi deals Anna a 31: the closing table says so before the result."""
    page = game.page
    page.goto(url + "?seed=23&preset=hosenowi&bots=3&speed=normal&mistery=0&luegen=0&new=1&lang=de")
    page.locator("[data-testid=dealt]").wait_for(timeout=60_000)
    page.wait_for_timeout(600)  # the call's entry over
    snap("dealt-31")
    game.wait_human()


def _shared_result(url: str, game: GamePage, snap: Snap) -> None:
    """Three named people pass the phone for a deal; the result calls each by name."""
    page = game.page
    page.goto(url + SHARED)
    page.wait_for_function(COVER_OR_RESULT, timeout=60_000)
    game.settings.open().choose(**{f"person_{i}": n for i, n in enumerate(NAMES, 1)})
    game.settings.start_button.click()
    for _ in range(60):
        page.wait_for_function(COVER_OR_RESULT, timeout=30_000)
        if game.state in ("deal-over", "match-over"):
            break
        page.locator("[data-action=reveal]").click()
        game.wait_human()
        offered = game.offered()
        move = "knock" if "knock" in offered else ("keep" if "keep" in offered else None)
        if move:
            page.locator(f'[data-action="{move}"]').click()
        else:
            game.hand_card(int(game.active("hand")[0])).click()
            game.table_card(game.active("table")[0]).click()
    snap("shared-result")


def shoot(url: str, size: str, page: Page, snap: Snap) -> None:
    game = GamePage(page)
    game.open(url, "?seed=21&preset=classic&bots=3" + PLAIN)
    if "keep" in game.offered():
        snap("choice")
        game.keep()
    game.hand_card(int(game.active("hand")[0])).click()
    snap("turn")
    game.page.keyboard.press("Escape")
    game.page.locator('[data-action="hint"]').click()
    game.page.locator(".hint-box").scroll_into_view_if_needed()
    snap("hint")
    # A bot's turn at the slow pace: cards in flight, the seats' last moves.
    game.open(url, "?seed=21&preset=classic&bots=3&speed=slow&new=1&lang=de")
    if "keep" in game.offered():
        game.keep()
    hands, tables = game.active("hand"), game.active("table")
    game.hand_card(hands[0]).click()
    game.table_card(tables[-1]).click()
    page.locator(".seat.thinking").first.wait_for()
    page.wait_for_timeout(400)  # the picture needs the bot's pause, not a test
    snap("bots-turn")
    game.wait_human()
    # The player knocks: the last round and whose turns remain, then the call at the end.
    while "knock" not in game.offered():
        game.swap(int(game.active("hand")[0]), game.active("table")[-1])
    page.locator('[data-action="knock"]').click()
    page.locator("[data-testid=last-round]").wait_for()
    page.wait_for_timeout(900)  # a bot's cards in flight
    snap("last-round")
    page.locator("[data-testid=callout]").wait_for(timeout=30_000)
    page.wait_for_timeout(600)  # the call's entry over
    snap("callout")
    game.wait_human()
    game.open(url, "?seed=21&preset=classic&bots=3" + PLAIN)
    if "keep" in game.offered():
        game.keep()
    game.play_until(("deal-over", "match-over"), seed=3)
    snap("deal-over")
    # The deal review after a deal of three decisions: two swaps, then a knock.
    game.open(url, "?seed=8&preset=classic&bots=3" + PLAIN)
    made, state = 0, game.wait_human()
    while state == "human":
        hands, tables = game.active("hand"), game.active("table")
        if made >= 2 and "knock" in game.offered():
            state = game.knock()
        elif hands and tables:
            state = game.swap(int(hands[0]), tables[-1])
        else:
            state = game.keep()
        made += 1
    game.review.open()
    page.wait_for_function(  # the panel's entry animation over: the final look
        "() => document.getAnimations().every(a => a.playState !== 'running')", timeout=5000
    )
    snap("review")
    game.review.close()
    game.open(url, "?seed=4&preset=knack&bots=8&lives=1" + PLAIN)
    snap("nine-seats")
    game.play_until(("match-over",), seed=5)
    snap("match-over")
    game.open(url, "?seed=9&preset=hosenowi&bots=3&speed=0&mistery=1&luegen=1&new=1")
    rng = random.Random(2)
    for _ in range(60):
        if game.state == "human" and game.page.locator("[data-testid=announce-value]").count():
            break
        if game.state == "deal-over":
            game.next_deal()
        elif game.state == "match-over":
            game.new_match()
        elif "knock" in game.offered():
            game.knock()
        else:
            game.play_move(rng)
    active = game.active("hand")
    if len(active) >= 2:
        game.hand_card(active[0]).click()
        game.hand_card(active[1]).click()
    snap("luegen")
    _dealt_31(url, game, snap)
    _shared_result(url, game, snap)


if __name__ == "__main__":
    run(shoot, __doc__.splitlines()[0])
