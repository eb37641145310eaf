"""The whole decision on one screen (issue 37), checked the same way in any browser.

At every moment the player decides (``#app[data-state=human]``), with the page at its
top, every card of the hand, every card on the table (the Mistery card too) and every
enabled control of the move bar lies inside the window and is not covered by anything:
``document.elementFromPoint`` at its centre (and, for a card, at the centre of its
upper-left quarter, where its index is printed, and near its lower edge) hits the
element itself (``HIDDEN``); no words are cut (``CUT``).

``Walk`` plays one seeded match with random moves and checks at most ``DECISIONS``
screens, and also the screens between the taps of a choice (two cards of a Lügen
announcement, two hand cards of a Pub swap). It drives the page through a ``Screen``:
``on_playwright`` wraps a ``GamePage`` (``tests/e2e/test_phone.py``, Chromium with touch
and a phone's pixel ratio), ``on_driver`` an ``EngineGame`` of the cross-browser tier
(Firefox's own layout metrics, ``tests/e2e/test_engines_layout.py``).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tests.e2e.engines.game import EngineGame
from tests.e2e.pages import GamePage

# One seeded match per rule set: a deal choice (classic), two-card swaps (Pub), Lügen's
# announcement and challenge with the Mistery card (Hosen owi), and nine seats (Knack).
WALKS = {
    "classic": "?seed=21&preset=classic&bots=3&mistery=0&luegen=0",
    "pub": "?seed=3&preset=pub&bots=3&mistery=0&luegen=0",
    "hosenowi-luegen-mistery": "?seed=9&preset=hosenowi&bots=3&mistery=1&luegen=1",
    "knack-nine": "?seed=4&preset=knack&bots=8&mistery=0&luegen=0",
}
COMMON = "&speed=0&new=1&lives=2"
LUEGEN = "hosenowi-luegen-mistery"

DECISIONS = 10  # screens checked per match at most (time in CI)

HIDDEN = """() => {
  const width = document.documentElement.clientWidth, height = window.innerHeight;
  const name = el => el.dataset.card ? `${el.dataset.zone} ${el.dataset.card}`
    : el.dataset.action || el.dataset.testid || el.tagName;
  const where = el => !el ? 'nothing' : typeof el.className === 'string' && el.className
    ? `${el.tagName.toLowerCase()}.${el.className.split(' ')[0]}` : el.tagName.toLowerCase();
  const cards = document.querySelectorAll(
    '[data-testid=hand] [data-card], [data-testid=table] [data-card]');
  const controls = [...document.querySelectorAll(
    '[data-testid=actions] button, [data-testid=actions] select')].filter(e => !e.disabled);
  const out = [];
  for (const el of [...cards, ...controls]) {
    const r = el.getBoundingClientRect();
    if (r.top < -0.5 || r.left < -0.5 || r.bottom > height + 0.5 || r.right > width + 0.5) {
      out.push(`${name(el)}: outside, ${Math.round(r.left)},${Math.round(r.top)}`
        + `..${Math.round(r.right)},${Math.round(r.bottom)} of ${width}x${height}`);
      continue;
    }
    const points = [[r.left + r.width / 2, r.top + r.height / 2]];
    if (el.dataset.card) {  // the index in the upper-left corner, and the lower edge
      points.push([r.left + r.width / 4, r.top + r.height / 4]);
      points.push([r.right - r.width / 4, r.bottom - r.height / 8]);
    }
    for (const [x, y] of points) {
      const hit = document.elementFromPoint(x, y);
      if (!hit || !(hit === el || el.contains(hit))) {
        out.push(`${name(el)}: covered at ${Math.round(x)},${Math.round(y)} by ${where(hit)}`);
        break;
      }
    }
  }
  return out;
}"""


# Words cut off: a seat's last move taller than its line (Pub: "took 10♥ 7♥ · laid" and
# nothing after, issue 37), or in a deal's result a row's name and tags running under
# its cards ("only you see them" under the card images at 360 px).
CUT = """() => {
  const out = [];
  for (const line of document.querySelectorAll('.opponents .seat-move')) {
    if (line.scrollHeight > line.clientHeight + 1) out.push(`cut: ${line.textContent}`);
  }
  for (const row of document.querySelectorAll('.results li')) {
    const cards = row.querySelector('.cards');
    if (!cards || !cards.children.length) continue;
    const left = cards.getBoundingClientRect().left;
    for (const el of row.querySelectorAll('.who *')) {
      const r = el.getBoundingClientRect();
      if (r.width && r.right > left + 0.5) out.push(`under the cards: ${el.textContent}`);
    }
  }
  return out;
}"""

LANDED = "() => !document.querySelector('.flying, .card.arriving')"
# A tap where the card is, as a person makes it, without scrolling.
TAP = """(selector) => document.querySelector(selector).dispatchEvent(
  new MouseEvent('click', {bubbles: true, cancelable: true, composed: true}))"""


@dataclass
class Screen:
    """What a walk needs of a page, whichever browser shows it."""

    evaluate: Callable[..., Any]  # (fn, arg=None): the value of a JavaScript function
    wait: Callable[[str], Any]  # until a JavaScript function returns something truthy
    press: Callable[[str], None]  # a key
    settled: Callable[[], str]  # waits until the page waits for the player: its state
    offered: Callable[[], list[str]]
    active: Callable[[str], list[str]]
    play_move: Callable[[random.Random], str]
    next_deal: Callable[[], str]


def on_playwright(game: GamePage) -> Screen:
    page = game.page
    return Screen(
        page.evaluate, page.wait_for_function, page.keyboard.press, game.wait_human,
        game.offered, game.active, game.play_move, game.next_deal,
    )  # fmt: skip


def on_driver(game: EngineGame) -> Screen:
    driver = game.driver
    return Screen(
        driver.evaluate, driver.wait, driver.press, game.wait_settled,
        game.offered, game.active, game.play_move, game.next_deal,
    )  # fmt: skip


def hidden(screen: Screen) -> list[str]:
    """What of the decision is outside the window or covered (``HIDDEN``), once the
    cards in flight have landed (a card waits hidden where it lands, ``app/dom.py``)."""
    screen.evaluate("() => window.scrollTo(0, 0)")
    screen.wait(LANDED)
    return screen.evaluate(HIDDEN)


def card(zone: str, index: str) -> str:
    return f'[data-testid={zone}] [data-card][data-index="{index}"]'


class Walk:
    """One match on one screen: the screens checked and what was hidden on them."""

    def __init__(self, screen: Screen, what: str, *, two_swaps: bool = False):
        self.screen, self.what, self.two_swaps = screen, what, two_swaps
        self.screens = 0
        self.swapped_two = 0  # swaps of two cards made by tapping
        self.short: list[str] = []

    def check(self, moment: str) -> None:
        self.screens += 1
        found = hidden(self.screen) + self.screen.evaluate(CUT)
        if found:
            self.short.append(f"{self.what}, {moment}: {found}")

    def tap(self, zone: str, index: str) -> None:
        self.screen.evaluate(TAP, card(zone, index))

    def count(self, selector: str) -> int:
        return self.screen.evaluate("(s) => document.querySelectorAll(s).length", selector)

    def choices(self) -> str:
        """The screens between the taps of a choice: two cards of a Lügen announcement
        (then cleared again), or Pub's swap of two cards, made by tapping (two hand
        cards, then two table cards). Returns the state after the move, or ""."""
        screen = self.screen
        hands, tables = screen.active("hand"), screen.active("table")
        if self.count("[data-testid=announce-value]") and len(hands) >= 2:
            self.tap("hand", hands[0])
            self.tap("hand", hands[1])
            self.check("two cards chosen to show")
            screen.press("Escape")
        elif self.two_swaps and len(hands) >= 2 and len(tables) >= 2:
            self.tap("hand", hands[0])
            self.tap("hand", hands[1])
            self.check("two hand cards chosen to swap")
            if self.count("[data-testid=hand] .paired") != 2:
                screen.press("Escape")  # no swap of two began: a plain move next
                return ""
            self.tap("table", tables[0])
            self.check("two hand cards and a table card chosen")
            self.tap("table", tables[1])
            self.swapped_two += 1
            return screen.settled()
        return ""

    def play(self, rng: random.Random) -> None:
        screen = self.screen
        state = screen.settled()
        while self.screens < DECISIONS and state != "match-over":
            if state == "deal-over":
                self.screens += 1
                cut = screen.evaluate(CUT)
                if cut:
                    self.short.append(f"{self.what}, a deal's result: {cut}")
                state = screen.next_deal()
                continue
            self.check(f"decision {self.screens + 1} ({', '.join(screen.offered()[:4])})")
            state = self.choices() or screen.play_move(rng)


def walk_url(rules: str) -> str:
    """The query of a walk ("rules" or "rules:de")."""
    rules, _, lang = rules.partition(":")
    return f"{WALKS[rules]}{COMMON}&lang={lang or 'en'}"


def check_walk(walk: Walk, rules: str) -> None:
    """A whole match walked: enough screens, none short, Pub's swap of two tapped. A
    move that then fails (a click on a covered card hits what covers it) is told after
    the screens found short."""
    try:
        walk.play(random.Random(7))
    except Exception as exc:
        if not walk.short:
            raise
        raise AssertionError("\n".join([*walk.short, f"and then: {exc}"])) from exc
    print(f"\nscreen {walk.what}: {walk.screens} screens checked, {len(walk.short)} short")
    assert walk.screens >= 3, f"{walk.what}: the match gave too few decisions to check"
    assert walk.short == [], "\n".join(walk.short)
    assert walk.swapped_two or not rules.startswith("pub"), "no swap of two cards could be tapped"
