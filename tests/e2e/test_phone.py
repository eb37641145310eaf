"""The whole decision on one screen (issue 37, part 1): at every moment the player
decides, at four phone sizes in portrait and at four desktop sizes, every card of the
hand and of the table and every enabled move button lies inside the window, uncovered,
with the page at its top (how that is checked: ``tests/e2e/decisions.py``).

``test_in_view.py`` checks that each button can be reached; this checks that the
decision can be seen. Each walk plays one seeded match (lives 2) with random moves. A
phone walks every rule set; a desktop or laptop walks the tallest decisions, Lügen's
announcement and challenge with the Mistery card, also in German, whose longer words
("Clara anzweifeln (sagt 20)") make the challenge's buttons taller, and nine seats,
whose last moves must not be cut. Firefox walks Lügen too (``test_engines_layout.py``).
Run with ``-s`` to read the figures per size.
"""

from __future__ import annotations

import random

import pytest

from tests.e2e.decisions import LUEGEN, WALKS, Walk, check_walk, hidden, on_playwright, walk_url
from tests.e2e.pages import GamePage
from tests.e2e.support import record_errors

PHONES = ("360x640", "360x740", "390x844", "412x915")
DESKTOPS = ("1000x800", "1280x800", "1366x768", "1920x1080")  # from the log beside the table

# Which rule sets each screen walks, in English unless ":de" follows.
SCREENS = (
    [(size, rules) for size in PHONES for rules in WALKS]
    + [(size, LUEGEN) for size in DESKTOPS]
    + [(size, f"{LUEGEN}:de") for size in ("1000x800", "1280x800", "1366x768")]
    + [(size, "knack-nine") for size in ("1000x800", "1280x800")]
)


@pytest.fixture
def screen(request, browser):
    """A window of ``request.param`` ("WIDTHxHEIGHT"); one narrower than a desktop is
    a phone held in the hand (touch, device scale 2)."""
    w, h = map(int, request.param.split("x"))
    phone = w < 1000
    context = browser.new_context(
        viewport={"width": w, "height": h},
        device_scale_factor=2 if phone else 1,
        has_touch=phone,
        is_mobile=phone,
        locale="en-US",
    )
    page = context.new_page()
    errors: list[str] = []
    record_errors(page, errors)
    yield request.param, GamePage(page)
    context.close()
    assert errors == [], errors


@pytest.mark.parametrize(
    ("screen", "rules"), SCREENS, indirect=["screen"], ids=[f"{s}-{r}" for s, r in SCREENS]
)
def test_every_decision_is_on_one_screen(screen, site_url, rules):
    size, game = screen
    game.open(site_url, walk_url(rules))
    check_walk(Walk(on_playwright(game), f"{size} {rules}", two_swaps=rules == "pub"), rules)


def test_three_to_challenge_fit_the_smallest_phone(browser, site_url):
    """Seed 7 (classic with Lügen): the player has the lowest announcement and may
    challenge any of three, each button with what it costs; at 360x640 the hand stays
    clear of them."""
    context = browser.new_context(
        viewport={"width": 360, "height": 640}, has_touch=True, is_mobile=True, locale="en-US"
    )
    game = GamePage(context.new_page())
    game.open(site_url, "?seed=7&speed=0&lang=en&preset=classic&luegen=1&bots=3&lives=3&new=1")
    rng = random.Random(1)
    for _ in range(300):
        state = game.wait_human()
        if state == "deal-over":
            game.next_deal()
        elif sum(a.startswith("challenge ") for a in game.offered()) >= 3:
            break
        elif game.page.locator("[data-testid=announce-value]").count():
            game.announce("8", 0, 1)
        else:
            game.play_move(rng)
    else:
        raise AssertionError("no decision among three challenges")
    found = hidden(on_playwright(game))
    context.close()
    assert found == [], found
