"""The table tells the story (issue 12), in the browser: cards fly at the speed chosen
and not at all with ``speed=0`` or reduced motion; a knock shows the last round with
whose turns remain; a bot's 31 is called before the result; seat boxes keep their size
when badges come and go; nothing is wider than a 360 px phone on any screen; the
keyboard reaches the cards and knocks with ``k``; the sound switch is remembered; the
table mid-bot-turn (cards in flight, the call on screen) passes axe.

The seeds were found with the real ``app.controller.Controller`` on a fake page (as in
``tests/app/test_controller.py``), the player passing whenever allowed, and then
checked here: a seeded match plays the same in the page as in CPython (the bots seed
their helper generators with whole numbers; a float seed went through ``hash``, which
is 32 bits in Pyodide and 64 in CPython).

- seed 3, classic, 3 bots: the player passes; Anna swaps, Ben swaps all three, Clara
  knocks; the player's last turn. Knocking at once instead: Anna, Ben, Clara remain.
- seed 4, classic, 3 bots: the player passes; Anna takes A♠ for 9♠ and has 31.
"""

from __future__ import annotations

import random
import re
import time

import pytest
from playwright.sync_api import expect

from tests.e2e.axe import describe, violations
from tests.e2e.pages import GamePage, game_in

BOTS3 = "&preset=classic&bots=3&mistery=0&luegen=0&new=1"
KNOCKED = 3  # the seed where Clara knocks after the player's pass (or the player knocks)
THIRTY_ONE = 4  # the seed where Anna reaches 31 after the player's pass
PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 800}


@pytest.fixture(scope="module")
def context(browser):
    """One context for the module: later page loads restore the memory snapshot."""
    context = browser.new_context(locale="en-US", viewport=DESKTOP)
    yield context
    context.close()


@pytest.fixture(scope="module")
def calm_context(browser):
    """A browser whose user asked for reduced motion (``prefers-reduced-motion``)."""
    context = browser.new_context(locale="en-US", viewport=DESKTOP, reduced_motion="reduce")
    yield context
    context.close()


@pytest.fixture
def calm_game(calm_context):
    yield from game_in(calm_context)


# ---------------------------------------------------------------- cards in flight

# Every flying copy ``app.dom.animate`` appends to <body>, by its card, from now on.
RECORD_FLIGHTS = """() => {
  window.flights = [];
  new MutationObserver(records => {
    for (const r of records) for (const n of r.addedNodes)
      if (n.classList && n.classList.contains('flying')) window.flights.push(n.dataset.card);
  }).observe(document.body, {childList: true});
}"""


def _bots_move_after_a_pass(game: GamePage, site_url: str, speed: str) -> tuple[list, list]:
    """Seed 3: the player passes, the bots swap (Anna one card, Ben all three) and
    Clara knocks. The cards that flew meanwhile, and the log."""
    game.open(site_url, f"?seed={KNOCKED}&speed={speed}&lang=en" + BOTS3)
    game.page.evaluate(RECORD_FLIGHTS)
    assert game.pass_turn() == "human"
    return game.page.evaluate("() => window.flights"), game.log_lines()


# Anna takes 9♦ and lays 10♣; Ben takes K♥ 10♣ A♥ and lays K♠ J♣ 7♠: each card flies.
SWAPPED = sorted(["9D", "10C", "KH", "10C", "AH", "KS", "JC", "7S"])


def test_a_bots_swap_flies_at_normal_speed_and_not_at_speed_0_or_with_reduced_motion(
    game, calm_game, site_url
):
    flown, log = _bots_move_after_a_pass(game, site_url, "normal")
    assert "Anna takes 9♦ and lays 10♣" in log, log
    assert sorted(flown) == SWAPPED, flown
    expect(game.page.locator(".flying")).to_have_count(0)  # every copy landed and went
    expect(game.page.locator(".card.arriving")).to_have_count(0)

    still, same = _bots_move_after_a_pass(game, site_url, "0")
    assert same == log  # the same moves
    assert still == []

    calm, same = _bots_move_after_a_pass(calm_game, site_url, "normal")
    assert same == log
    assert calm == []


def test_a_flying_card_moves_while_its_landing_place_waits_hidden(game, site_url):
    page = game.page
    game.open(site_url, f"?seed={KNOCKED}&speed=slow&lang=en" + BOTS3)
    expect(page.locator(".flying")).to_have_count(0)  # the bots' moves before have landed
    page.locator("[data-action=pass]").click()
    # Anna lays 10♣: a copy flies from her seat to the table, where the card waits hidden.
    seen = page.wait_for_function(
        """() => {
          const card = document.querySelector('[data-testid=table] .card.arriving');
          if (!card) return false;
          const copy = document.querySelector(`.flying[data-card="${card.dataset.card}"]`);
          const motion = copy && copy.getAnimations()[0];
          return {card: card.dataset.card, visibility: getComputedStyle(card).visibility,
                  copy: !!copy, running: !!motion && motion.playState === 'running'};
        }""",
        timeout=30_000,
    ).json_value()
    assert seen == {"card": "10C", "visibility": "hidden", "copy": True, "running": True}, seen
    # Landed: the copy is gone and the card shows (Ben takes it 1.4 s after Anna's move).
    shown = page.wait_for_function(
        """() => !document.querySelector('.flying[data-card="10C"]') && getComputedStyle(
          document.querySelector('[data-testid=table] [data-card="10C"]')).visibility""",
        timeout=30_000,
    ).json_value()
    assert shown == "visible"
    assert game.wait_human() == "human"


# ---------------------------------------------------------------- the knock


# The last-round notice as it changed with each drawing, from now on.
RECORD_LAST_ROUND = """() => {
  window.lastRound = [];
  const read = () => {
    const el = document.querySelector('[data-testid=last-round]');
    const text = el ? el.textContent : null;
    if (window.lastRound[window.lastRound.length - 1] !== text) window.lastRound.push(text);
  };
  read();
  new MutationObserver(read).observe(document.getElementById('app'),
                                     {childList: true, subtree: true});
}"""


def test_a_knock_shows_the_last_round_with_the_turns_left_in_order(game, site_url):
    page = game.page
    page.set_viewport_size(PHONE)
    game.open(site_url, f"?seed={KNOCKED}&speed=normal&lang=en" + BOTS3)
    page.evaluate(RECORD_LAST_ROUND)
    page.locator("[data-action=knock]").click()  # not game.knock(): that waits for the end
    notice = page.locator("[data-testid=last-round]")
    expect(notice).to_have_text("Last round: Anna, Ben, Clara")
    # Over the table, on a phone without scrolling.
    box = notice.bounding_box()
    assert box and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"], box
    expect(page.locator("[data-testid=seat-0] .tag.knock")).to_be_visible()
    assert game.wait_human() == "deal-over"
    shown = page.evaluate("() => window.lastRound")
    assert shown == [
        None,
        "Last round: Anna, Ben, Clara",
        "Last round: Ben, Clara",
        "Last round: Clara",
        None,  # the final table and the result: nobody is to move
    ], shown
    assert game.next_deal() == "human"
    expect(notice).to_have_count(0)


def test_the_player_is_told_it_is_their_last_turn_after_a_bot_knocked(game, site_url):
    game.open(site_url, f"?seed={KNOCKED}&speed=fast&lang=en" + BOTS3)
    status = game.page.locator("[data-testid=status]")
    expect(status).not_to_contain_text("last turn")
    assert game.pass_turn() == "human"
    assert "Clara knocks!" in game.log_lines()
    expect(game.page.locator("[data-testid=seat-3] .tag.knock")).to_be_visible()
    expect(status).to_have_text(re.compile(r"^Your last turn! "))
    expect(game.page.locator("[data-testid=last-round]")).to_have_text(
        "Last round: You, Anna, Ben"
    )
    # the tag says it: the seat's line does not say "knocked!" beside "knocked"
    expect(game.page.locator("[data-testid=seat-3] .tag.knock")).to_have_text("knocked")
    expect(game.page.locator("[data-testid=last-move-3]")).to_have_text("")


# ---------------------------------------------------------------- the end of a deal

# What the page shows when the call ("31!") first appears over the table, kept in
# ``window.called`` (a MutationObserver sees every drawing, however short).
RECORD_CALL = """() => {
  const text = s => { const e = document.querySelector(s); return e ? e.textContent : null; };
  new MutationObserver((_, observer) => {
    const call = document.querySelector('[data-testid=callout]');
    if (!call) return;
    observer.disconnect();
    window.called = {
      call: call.textContent, shown: call.getBoundingClientRect().width > 0
        && getComputedStyle(call).visibility === 'visible',
      state: document.getElementById('app').dataset.state,
      panel: !!document.querySelector('[data-testid=deal-over]'),
      ticker: text('[data-testid=last-line]'), anna: text('[data-testid=last-move-1]'),
      table: [...document.querySelectorAll('[data-testid=table] [data-card]')]
               .map(c => c.dataset.card),
      laidBy: text('[data-testid=table] .card.laid .laid-by'),
      log: [...document.querySelectorAll('[data-testid=log] li')].map(li => li.textContent),
    };
  }).observe(document.getElementById('app'), {childList: true, subtree: true});
}"""


def test_a_bots_31_is_called_over_its_final_table_before_the_result(game, site_url):
    page = game.page
    game.open(site_url, f"?seed={THIRTY_ONE}&speed=fast&lang=en" + BOTS3)
    page.evaluate(RECORD_CALL)
    page.locator("[data-action=pass]").click()
    seen = page.wait_for_function("() => window.called", timeout=30_000).json_value()
    assert seen["call"] == "31!" and seen["shown"], seen
    assert seen["state"] == "busy" and not seen["panel"], seen  # the result comes after
    # The final move is on the table: Anna took A♠ and laid 9♠, marked with her name.
    assert seen["anna"] == "took A♠ · laid 9♠", seen
    assert "9S" in seen["table"] and "AS" not in seen["table"], seen
    assert seen["laidBy"] == "Anna", seen
    # The log has the move whole and the 31, and stops there: the hands and the lives
    # lost come with the result. The line under the table is the 31 line.
    assert "Anna takes A♠ and lays 9♠" in seen["log"], seen["log"]
    assert seen["log"][-1].startswith("31!") and "Anna has" in seen["log"][-1], seen["log"]
    assert seen["ticker"] == seen["log"][-1], seen
    assert game.wait_human() == "deal-over"
    expect(page.locator("[data-testid=callout]")).to_have_count(0)


# ---------------------------------------------------------------- a stable layout

# Every seat box's width and height, by its data-testid (seat-0 is the player's).
SEAT_BOXES = """() => Object.fromEntries(
  [...document.querySelectorAll('[data-testid^=seat-]')].map(s => {
    const r = s.getBoundingClientRect();
    return [s.dataset.testid, [r.width, r.height]];
  }))"""


# The badges on the seats now: "seat-3: hat geklopft", "seat-1: Geber", "seat-0: schwimmt".
BADGES = """() => [...document.querySelectorAll('.seat .tag, .seat .swim')].map(
  b => b.closest('.seat').dataset.testid + ': ' + b.textContent.trim())"""


def _seat_sizes_as_badges_come(game: GamePage, site_url: str, viewport: dict, seed: int):
    """One life each, the player passing (or keeping the cards): the seat boxes on each
    of the player's turns in deal 1, and on the first in deal 2 (another dealer, the
    loser of deal 1 swims); and every badge seen on the way."""
    page = game.page
    page.set_viewport_size(viewport)
    state = game.open(site_url, f"?seed={seed}&speed=0&lang=de&lives=1" + BOTS3).state
    sizes, badges = {}, set()
    while state == "human":
        sizes[f"deal 1, turn {len(sizes) + 1}"] = page.evaluate(SEAT_BOXES)
        badges.update(page.evaluate(BADGES))
        state = game.pass_turn() if "pass" in game.offered() else game.keep()
    assert state == "deal-over"
    assert game.next_deal() == "human"
    sizes["deal 2"] = page.evaluate(SEAT_BOXES)
    badges.update(page.evaluate(BADGES))
    return sizes, badges


def _changed(sizes: dict, seats: set[str]) -> list:
    first = sizes["deal 1, turn 1"]
    return [
        (moment, seat, first[seat], box)
        for moment, boxes in sizes.items()
        for seat, box in boxes.items()
        if seat in seats and any(abs(a - b) > 0.5 for a, b in zip(box, first[seat], strict=True))
    ]


OPPONENTS = {"seat-1", "seat-2", "seat-3"}


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["360px", "1280px"])
def test_the_opponents_seat_boxes_keep_their_size_when_badges_come(game, site_url, viewport):
    # Seed 3: Clara knocks; Anna deals deal 1, Ben deal 2.
    sizes, badges = _seat_sizes_as_badges_come(game, site_url, viewport, KNOCKED)
    assert {"seat-3: hat geklopft", "seat-1: Geber", "seat-2: Geber"} <= badges, badges
    assert _changed(sizes, OPPONENTS) == []
    # Seed 8: Clara loses and swims.
    sizes, badges = _seat_sizes_as_badges_come(game, site_url, viewport, 8)
    assert "seat-3: schwimmt" in badges, badges
    assert _changed(sizes, OPPONENTS) == []


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["360px", "1280px"])
def test_the_players_seat_box_keeps_its_size_when_the_player_swims(game, site_url, viewport):
    # Seed 3: Clara knocks, the player loses deal 1 and swims in deal 2.
    sizes, badges = _seat_sizes_as_badges_come(game, site_url, viewport, KNOCKED)
    assert {"seat-3: hat geklopft", "seat-0: schwimmt"} <= badges, badges
    assert _changed(sizes, {"seat-0"}) == []


# What sticks out to the right of the viewport: the page's scroll width, and every
# element drawn past the right edge. The flying copies are left out, and so is what an
# ancestor cuts off (a row that scrolls sideways, a label ending in "…").
TOO_WIDE = """() => {
  const w = window.innerWidth;
  const out = [];
  const name = e => e.tagName.toLowerCase() + (e.dataset.testid ? `[${e.dataset.testid}]` : '')
    + (typeof e.className === 'string' && e.className ? '.' + e.className.trim().split(/\\s+/)
    .join('.') : '');
  if (document.documentElement.scrollWidth > w)
    out.push(`page scrollWidth ${document.documentElement.scrollWidth} > ${w}`);
  for (const e of document.body.querySelectorAll('*')) {
    if (e.closest('.flying')) continue;
    const r = e.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    if (getComputedStyle(e).visibility === 'hidden') continue;
    let right = r.right;
    for (let a = e.parentElement; a && a !== document.body; a = a.parentElement)
      if (getComputedStyle(a).overflowX !== 'visible')
        right = Math.min(right, a.getBoundingClientRect().right);
    if (right > w + 0.5)
      out.push(`${name(e)} right ${right.toFixed(1)} (${(e.textContent || '').trim()
        .slice(0, 40)})`);
  }
  return out;
}"""


class Widths:
    """Checks screens for anything wider than the viewport; keeps what it found."""

    def __init__(self, game: GamePage):
        self.game, self.found, self.screens = game, [], []

    def check(self, screen: str, state: str | None = None) -> None:
        if state is not None:
            expect(self.game.app).to_have_attribute("data-state", state)
        self.screens.append(screen)
        wide = self.game.page.evaluate(TOO_WIDE)
        if wide:
            size = self.game.page.viewport_size
            self.found.append(f"{screen} at {size['width']} px:\n  " + "\n  ".join(wide[:12]))


@pytest.mark.parametrize("lang", ["de", "en"])
def test_nothing_is_wider_than_a_360_px_phone_on_any_screen(game, site_url, lang):
    page = game.page
    page.set_viewport_size(PHONE)
    widths = Widths(game)

    # The table: the player's turn, the coach's hint, the dialogs.
    game.open(site_url, f"?seed={KNOCKED}&speed=0&lang={lang}&lives=2" + BOTS3)
    widths.check("the table on the player's turn", "human")
    page.locator("[data-action=hint]").click()
    expect(page.locator("[data-testid=hint]")).to_be_visible()
    widths.check("the coach's hint", "human")
    game.settings.open()
    widths.check("the settings dialog")
    game.settings.close()
    game.help.open()
    widths.check("the rules help")
    game.help.close()
    game.stats.open()
    widths.check("the statistics")
    game.stats.close()

    # A bot's turn with cards in flight, the last round, and the call before the result.
    game.open(site_url, f"?seed={KNOCKED}&speed=slow&lang={lang}&lives=2" + BOTS3)
    page.locator("[data-action=knock]").click()
    expect(page.locator("[data-testid=last-round]")).to_be_visible()
    widths.check("a bot's turn after the player knocked", "busy")
    game.open(site_url, f"?seed={THIRTY_ONE}&speed=slow&lang={lang}&lives=2" + BOTS3)
    page.locator("[data-action=pass]").click()
    expect(page.locator("[data-testid=callout]")).to_be_visible()
    widths.check("the call over the final table", "busy")
    assert game.wait_human() == "deal-over"
    widths.check("the end of a deal", "deal-over")
    game.open(site_url, f"?seed={KNOCKED}&speed=0&lang={lang}&lives=1" + BOTS3)
    assert game.play_until(("match-over",), seed=2) == "match-over"
    widths.check("the end of the match", "match-over")

    # Lügen: the announcement (the decision: below).
    game.open(site_url, f"?seed=5&speed=0&lang={lang}" + LUEGEN)
    select = page.locator("[data-testid=announce-value]")
    game.play_to(lambda: select.count() > 0, random.Random(1), "the Lügen announcement")
    widths.check("the Lügen announcement", "human")

    # Mistery: four cards on the table.
    game.open(site_url, f"?seed=4&speed=0&lang={lang}&preset=classic&bots=3&new=1&mistery=1")
    expect(game.table_card("mistery")).to_have_count(1)
    widths.check("the Mistery table", "human")

    # A desktop: the table.
    page.set_viewport_size(DESKTOP)
    game.open(site_url, f"?seed={KNOCKED}&speed=0&lang={lang}" + BOTS3)
    widths.check("the table on a desktop", "human")

    print(f"{len(widths.screens)} screens checked for width ({lang})")
    assert not widths.found, "\n\n".join(widths.found)


LUEGEN = "&preset=hosenowi&bots=2&lives=3&luegen=1&mistery=0&new=1"


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_luegen_decision_fits_a_360_px_phone(game, site_url, lang):
    page = game.page
    page.set_viewport_size(PHONE)
    widths = Widths(game)
    game.open(site_url, f"?seed=5&speed=0&lang={lang}" + LUEGEN)
    select = page.locator("[data-testid=announce-value]")
    game.play_to(lambda: select.count() > 0, random.Random(1), "the Lügen announcement")
    game.announce("8", 0, 1)
    decision = page.locator('[data-testid=actions] [data-action="giveup"]')
    game.play_to(lambda: decision.count() > 0, random.Random(2), "the Lügen decision")
    expect(page.locator("[data-testid=seat-0] .announce-bubble")).to_be_visible()
    widths.check("the Lügen decision", "human")
    assert not widths.found, "\n\n".join(widths.found)


# ---------------------------------------------------------------- keyboard and sound


def test_the_keyboard_reaches_the_cards_and_knocks_with_k(game, site_url):
    page = game.page
    game.open(site_url, f"?seed={KNOCKED}&speed=0&lang=en" + BOTS3)
    focused = "() => { const e = document.activeElement;"
    zone = focused + " return e.dataset.zone ? e.dataset.zone + ':' + e.dataset.index : ''; }"
    for _ in range(30):  # Tab from the top of the page to the first card of the hand
        page.keyboard.press("Tab")
        if page.evaluate(zone).startswith("hand:"):
            break
    hand = game.active("hand")
    assert page.evaluate(zone) == f"hand:{hand[0]}", (page.evaluate(zone), hand)
    # One hand card in the tab order: Tab goes on to the next group, not the next card.
    assert page.locator("[data-testid=hand] [tabindex='0']").count() == 1
    page.keyboard.press("ArrowRight")
    assert page.evaluate(zone) == f"hand:{hand[1]}"
    page.keyboard.press("ArrowLeft")
    assert page.evaluate(zone) == f"hand:{hand[0]}"
    page.keyboard.press("ArrowUp")
    assert page.evaluate(zone).startswith("table:"), page.evaluate(zone)
    page.keyboard.press("ArrowDown")
    assert page.evaluate(zone).startswith("hand:"), page.evaluate(zone)

    assert "knock" in game.offered()
    page.keyboard.press("k")
    assert game.wait_human() == "deal-over"
    assert "You knock!" in game.log_lines(), game.log_lines()

    # The rules help lists the keys.
    page.keyboard.press("n")  # next deal
    assert game.wait_human() == "human"
    keys = game.help.open().panel.locator("[data-section=keys]")
    expect(keys).to_be_visible()
    for text in ("K: knock", "P: pass", "A: swap all three", "H: hint", "N: next deal", "Arrow"):
        expect(keys).to_contain_text(text)


def test_shortcut_keys_work_with_the_focus_nowhere_in_particular(game, site_url):
    """A fresh page has the focus on <body>, as after a pressed button is redrawn away:
    the keys work there too, and only for what is allowed now."""
    page = game.page
    # Seed 2: the player's first decision is the deal choice (keep or take): no knock.
    game.open(site_url, "?seed=2&speed=0&lang=en" + BOTS3)
    assert page.evaluate("() => document.activeElement === document.body")
    assert "knock" not in game.offered() and "keep" in game.offered()
    lines = game.log_lines()
    page.keyboard.press("k")
    expect(game.app).to_have_attribute("data-state", "human")
    assert game.log_lines() == lines
    game.open(site_url, f"?seed={KNOCKED}&speed=0&lang=en" + BOTS3)
    assert page.evaluate("() => document.activeElement === document.body")
    page.keyboard.press("p")  # pass
    assert game.wait_human() == "human"
    assert "You pass" in game.log_lines()
    assert "pass" in game.offered()  # Clara has knocked: the player's last turn
    page.keyboard.press("p")
    assert game.wait_human() == "deal-over"
    page.keyboard.press("n")
    assert game.wait_human() == "human"


def test_the_sound_switch_is_remembered(game, site_url):
    game.open(site_url, f"?seed={KNOCKED}&speed=0&lang=en" + BOTS3)
    switch = game.page.locator("[data-action=sound]")
    expect(switch).to_have_attribute("aria-pressed", "true")  # on by default
    switch.click()
    expect(switch).to_have_attribute("aria-pressed", "false")
    game.reload()
    expect(switch).to_have_attribute("aria-pressed", "false")
    switch.click()
    expect(switch).to_have_attribute("aria-pressed", "true")
    game.reload()
    expect(switch).to_have_attribute("aria-pressed", "true")


# ---------------------------------------------------------------- accessibility

# Once the call is on screen: hold every animation, so the cards stay in flight.
HOLD_AT_CALL = """() => {
  new MutationObserver((_, observer) => {
    if (!document.querySelector('[data-testid=callout]')) return;
    observer.disconnect();
    document.getAnimations().forEach(a => a.pause());
    window.held = document.querySelectorAll('.flying').length;
  }).observe(document.getElementById('app'), {childList: true, subtree: true});
}"""


def test_the_table_mid_bot_turn_with_cards_in_flight_and_the_call_passes_axe(game, site_url):
    page = game.page
    game.open(site_url, f"?seed={THIRTY_ONE}&speed=slow&lang=en" + BOTS3)
    page.evaluate(HOLD_AT_CALL)
    page.locator("[data-action=pass]").click()
    page.wait_for_function("() => window.held !== undefined", timeout=30_000)
    assert page.evaluate("() => window.held") >= 2  # Anna's A♠ and 9♠
    expect(page.locator("[data-testid=callout]")).to_be_visible()
    started = time.monotonic()
    found = violations(page)
    print(f"axe mid-bot-turn: {time.monotonic() - started:.1f} s")
    # Still the same screen (the call stays about 3 s at slow speed).
    expect(game.app).to_have_attribute("data-state", "busy", timeout=1)
    assert page.locator(".flying").count() >= 2
    page.evaluate("() => document.getAnimations().forEach(a => a.play())")
    assert not found, describe(found, "the table with cards in flight and the call")
    assert game.wait_human() == "deal-over"
