"""The page's log is the engine's events in words, line by line as they happen.

Three seeded matches, played with a fixed choice of buttons, reach new table cards after
everyone passed, a reshuffle of the discards into the stock, 31, Feuer (Knack's three
aces), a void deal, players starting to swim and going out. The same match run by the
controller in Python (same seed, same bots, seeded per decision) says what the page's
log must show at every stop; the page must show exactly that, stop after stop.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from engine import EventKind
from tests.app.test_controller import make, settle
from tests.e2e.pages import GamePage
from tests.e2e.support import record_errors

ORDER = ("pass", "keep", "knock", "swap all", "new")  # the player's fixed choice


def _choice(offered: list[str]) -> str:
    return next((a for a in ORDER if a in offered), sorted(offered)[0])


def _expected(query: str) -> tuple[list[tuple[str, list[str], str]], set[EventKind]]:
    """(state, log lines, what the player does then) at every stop of the match played
    in Python, and the event kinds its log holds."""
    c, host, _ = make(query)
    stops = []
    for _ in range(200):
        state = settle(c, host)
        lines = [text for _, text in host.log]
        if state == "match-over":
            stops.append((state, lines, ""))
            return stops, {e.kind for e in c.match.observation(0).log}
        step = (
            "next-deal"
            if state == "deal-over"
            else _choice([str(a) for a in c.match.legal_actions()])
        )
        stops.append((state, lines, step))
        c.handle({"type": "action", "action": step})
    raise AssertionError("the match did not end")


QUERIES = {
    # deal 3: everyone passes (new table cards); Ben's swap makes 31; Anna's three aces
    "knack": "?seed=11&speed=0&lang=en&preset=knack&bots=2&lives=2&difficulty=easy"
    "&mistery=0&luegen=0&new=1",
    # two void deals (everyone left would be out), swimming and going out, 31
    "pub": "?seed=35&speed=0&lang=en&preset=pub&bots=2&lives=1&difficulty=easy"
    "&mistery=0&luegen=0&new=1",
    # nine players leave a stock of two cards: the first refresh reshuffles the discards
    "reshuffle": "?seed=12&speed=0&lang=en&preset=knack&bots=8&lives=1&difficulty=easy"
    "&mistery=0&luegen=0&new=1",
}
REACHED = {
    "knack": {
        EventKind.REFRESH,
        EventKind.THIRTY_ONE,
        EventKind.FEUER,
        EventKind.SWIM,
        EventKind.OUT,
    },
    "pub": {EventKind.VOID, EventKind.THIRTY_ONE, EventKind.SWIM, EventKind.OUT},
    "reshuffle": {EventKind.RESHUFFLE, EventKind.REFRESH},
}
SAYS = {
    "knack": ("Everyone passed: new table cards ", "Knack! ", "Three aces! Anna has ", " is out"),
    "pub": ("Everyone left would be out: nobody loses a life", "You are swimming!", "You are out"),
    "reshuffle": (
        "The discard pile is shuffled into the stock",
        "Everyone passed: new table cards ",
    ),
}


@pytest.mark.parametrize("name", sorted(QUERIES))
def test_the_log_shows_every_event_as_it_happens(page: Page, site_url, name):
    stops, kinds = _expected(QUERIES[name])
    assert REACHED[name] <= kinds  # the seed still plays out as this test needs
    errors: list[str] = []
    record_errors(page, errors)
    game = GamePage(page).open(site_url, QUERIES[name])
    shown: list[str] = []  # every line the page showed (it keeps the whole match)
    for state, lines, step in stops:
        assert game.wait_human() == state
        assert game.log_lines() == lines
        shown.extend(line for line in lines if line not in shown)
        if step:
            game.page.locator(f'[data-action="{step}"]').click()
    for words in SAYS[name]:
        assert any(words in line for line in shown), (words, shown)
    if EventKind.THIRTY_ONE in REACHED[name]:
        # A bot's move that ends a deal says what it took and laid before the deal's end.
        final = game.log_lines()
        i = next(i for i, line in enumerate(final) if line.startswith(("31! ", "Knack! ")))
        assert " takes " in final[i - 1] and " lays " in final[i - 1]
    assert errors == [], errors
