"""The coach's hint and the Lügen decision in the browser: the hint lists the best legal
moves with their meaning in words (checked against the engine's legal moves for the same
seed, played in this process), the weaker ones only counted, and a Lügen decision shows
what each choice costs, on its buttons and in the hint, with giving up among them. Both
screens pass axe.
"""

from __future__ import annotations

import random
import re

import pytest
from playwright.sync_api import expect

from app.table import coach
from engine import preset
from tests.app.test_controller import make, settle
from tests.e2e.axe import describe, violations
from tests.e2e.pages import GamePage

# Pub rules allow two swaps at once: dozens of legal moves, most behind the disclosure.
PUB = "?seed=3&speed=0&preset=pub&bots=2"
# A figure with the precision its sampled deals support ("30–70% safe"), or a proof.
FIGURE = r"((\d+–\d+|over \d+|under \d+|about \d+)% safe|certainly safe|a sure loss)"
LUEGEN = "?seed=5&speed=0&lang=en&preset=hosenowi&bots=2&lives=3&luegen=1&new=1"


@pytest.fixture(autouse=True)
def phone(game):
    game.page.set_viewport_size({"width": 360, "height": 740})


def _no_violations(game: GamePage, screen: str) -> None:
    found = violations(game.page)
    assert not found, describe(found, screen)


def _engine_position(query: str):
    """The same match played in this process: the controller with a fake page."""
    c, host, _ = make(query)
    assert settle(c, host) == "human"
    return c.match.observation(0)


def test_hint_lists_the_best_legal_moves_with_their_meaning(game, site_url):
    obs = _engine_position(PUB)
    game.open(site_url, PUB + "&lang=en&new=1&mistery=0&luegen=0")
    assert game.cards(game.hand()) == [str(c) for c in obs.hand]  # the same position
    page = game.page
    page.locator("[data-action=hint]").click()
    box = page.locator("[data-testid=hint]")
    expect(box).to_be_visible()
    legend = box.locator(".hint-legend")
    expect(legend).to_have_text(
        re.compile(r"^safe = your chance of keeping your life in this deal, estimated from \d+")
    )

    lines = box.locator("[data-hint-action]")
    listed = lines.evaluate_all("els => els.map(e => e.dataset.hintAction)")
    legal = {str(a) for a in obs.legal_actions}
    assert len(legal) > coach.SHOWN + coach.MORE  # dozens: the weaker ones only counted
    assert len(listed) == len(set(listed)) == coach.SHOWN + coach.MORE
    assert set(listed) <= legal
    summary = box.locator(".hint-more summary")
    expect(summary).to_have_text(f"{coach.MORE} more")
    unlisted = len(legal) - len(listed)
    expect(box.locator(".hint-unlisted")).to_have_text(f"and {unlisted} weaker ones, not listed")
    expect(lines.nth(coach.SHOWN)).to_be_hidden()
    summary.click()
    expect(lines.nth(len(listed) - 1)).to_be_visible()
    for i in range(len(listed)):
        line = lines.nth(i)
        expect(line.locator(".hint-move")).to_have_text(re.compile(r"^(Best: )?[a-zA-Z].+"))
        # the hand value before and after (or that the new cards are unseen), the chance
        expect(line.locator(".hint-detail")).to_have_text(
            re.compile(rf"^hand (stays \d+|\d+½? → (\d+½?|\?)).* · {FIGURE}$")
        )
    expect(lines.first.locator(".hint-move")).to_have_text(re.compile("^(Best|About equal): "))
    _no_violations(game, "the hint with every move shown")


def _play_to_decision(game: GamePage) -> None:
    """Play (knocking when possible) until the player decides; announce the lowest value."""
    rng = random.Random(2)
    announce = game.page.locator("[data-testid=announce-value]")
    for _ in range(80):
        state = game.wait_human()
        offered = game.offered()
        if "giveup" in offered:
            return
        if state == "deal-over":
            game.next_deal()
        elif announce.count():
            game.announce("8", 0, 1)
        elif "knock" in offered:
            game.knock()
        else:
            game.play_move(rng)
    raise AssertionError("no Lügen decision for the player: choose another seed")


def test_luegen_decision_shows_the_stakes_and_giving_up(game, site_url):
    rules = preset("hosenowi")
    game.open(site_url, LUEGEN)
    _play_to_decision(game)
    page = game.page
    lives = game.lives()
    mine = page.locator("[data-testid=seat-0] .announce-bubble")
    expect(mine.locator(".said")).to_have_text("you say 8")  # on the player's own seat

    challenges = [a for a in game.offered() if a.startswith("challenge ")]
    assert challenges
    out = rules.out_after(lives[0], rules.challenge_loss)  # swim everyone: always open
    you = f"you lose {rules.challenge_loss} lives" + (" and are out" if out else "")
    for action in challenges:
        seat = int(action.split()[1])
        name = page.locator(f"[data-testid=seat-{seat}] .name").inner_text()
        button = page.locator(f'[data-testid=actions] [data-action="{action}"]')
        expect(button.locator(".stake-move")).to_have_text(
            re.compile(rf"^Challenge {name} \(says \d+½?\)$")
        )
        lie = f"A lie: {name} loses {rules.challenge_loss} lives"
        expect(button.locator(".stake-cost")).to_have_text(
            re.compile(rf"^{lie}( and is out)?\. The truth: {you}\.$")
        )
    giveup = page.locator('[data-testid=actions] [data-action="giveup"]')
    expect(giveup.locator(".stake-cost")).to_have_text(
        re.compile(rf"^You lose {rules.giveup_loss} life")
    )

    page.locator("[data-action=hint]").click()
    box = page.locator("[data-testid=hint]")
    legend = box.locator(".hint-legend")
    expect(legend).to_have_text(re.compile(r"^safe = the chance the announcement is a lie"))
    listed = box.locator("[data-hint-action]").evaluate_all(
        "els => els.map(e => e.dataset.hintAction)"
    )
    assert sorted(listed) == sorted([*challenges, "giveup"])
    for action in challenges:
        line = box.locator(f'[data-hint-action="{action}"]')
        expect(line.locator(".hint-detail")).to_have_text(
            re.compile(rf"^A lie: .+\. The truth: {you}\. · {FIGURE}$")
        )
    expect(box.locator('[data-hint-action="giveup"] .hint-detail')).to_have_text(
        re.compile(rf"^You lose {rules.giveup_loss} life")
    )

    # A bot's shown cards: small on a phone held upright (issue 37: the opponents compact
    # at the top, so the whole decision fits one screen), and a tap enlarges them.
    seat = int(challenges[0].split()[1])
    bubble = page.locator(f"[data-testid=seat-{seat}] .announce-bubble")
    assert bubble.locator(".shown .mini").first.bounding_box()["width"] >= 20
    big = bubble.locator(".shown-big")
    expect(big).to_be_hidden()
    bubble.locator("summary").click()
    expect(big).to_be_visible()
    assert big.locator(".big-card").first.bounding_box()["width"] >= 90
    _no_violations(game, "the Lügen decision with the hint and shown cards enlarged")
    bubble.locator("summary").press("Enter")  # and the keyboard closes them again
    expect(big).to_be_hidden()
