"""The whole decision on one phone screen (issue 37, part 1): at every moment the player
decides (``#app[data-state=human]``), at four phone sizes in portrait, with the page at
its top, every card of the hand, every card on the table (the Mistery card too) and
every enabled control of the move bar lies inside the window and is not covered by
anything: ``document.elementFromPoint`` at its centre (and, for a card, at the centre
of its upper-left quarter, where its index is printed, and near its lower edge) hits
the element itself.

``test_in_view.py`` checks that each button can be reached; this checks that the
decision can be seen. Each walk plays one seeded match (lives 2) with random moves,
checking at most ``DECISIONS`` screens, and also the screens between the taps of a
choice (two cards of a Lügen announcement, two hand cards of a Pub swap). Run with
``-s`` to read the figures per size.
"""

from __future__ import annotations

import random

import pytest

from tests.e2e.pages import GamePage
from tests.e2e.support import record_errors

PHONES = {
    "360x640": (360, 640),
    "360x740": (360, 740),
    "390x844": (390, 844),
    "412x915": (412, 915),
}

# One seeded match per rule set: a deal choice (classic), two-card swaps (Pub), Lügen's
# announcement and challenge with the Mistery card (Hosen owi), and nine seats (Knack).
WALKS = {
    "classic": "?seed=21&preset=classic&bots=3&mistery=0&luegen=0",
    "pub": "?seed=3&preset=pub&bots=3&mistery=0&luegen=0",
    "hosenowi-luegen-mistery": "?seed=9&preset=hosenowi&bots=3&mistery=1&luegen=1",
    "knack-nine": "?seed=4&preset=knack&bots=8&mistery=0&luegen=0",
}
COMMON = "&speed=0&new=1&lang=en&lives=2"
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


def hidden(page) -> list[str]:
    """What of the decision is outside the window or covered (``HIDDEN``), once the
    cards in flight have landed (a card waits hidden where it lands, ``app/dom.py``)."""
    page.evaluate("() => window.scrollTo(0, 0)")
    page.wait_for_function("() => !document.querySelector('.flying, .card.arriving')")
    return page.evaluate(HIDDEN)


class Walk:
    """One match on one phone: the screens checked and what was hidden on them."""

    def __init__(self, game: GamePage, what: str, *, two_swaps: bool = False):
        self.game, self.what, self.two_swaps = game, what, two_swaps
        self.screens = 0
        self.swapped_two = 0  # swaps of two cards made by tapping
        self.short: list[str] = []

    def check(self, moment: str) -> None:
        page = self.game.page
        self.screens += 1
        found = hidden(page) + page.evaluate(CUT)
        if found:
            self.short.append(f"{self.what}, {moment}: {found}")

    def tap(self, zone: str, index: str) -> None:
        """A tap as a person makes it: where the card is, without scrolling."""
        card = (self.game.hand_card if zone == "hand" else self.game.table_card)(index)
        card.dispatch_event("click")

    def choices(self) -> str:
        """The screens between the taps of a choice: two cards of a Lügen announcement
        (then cleared again), or Pub's swap of two cards, made by tapping (two hand
        cards, then two table cards). Returns the state after the move, or ""."""
        game, page = self.game, self.game.page
        hands, tables = game.active("hand"), game.active("table")
        if page.locator("[data-testid=announce-value]").count() and len(hands) >= 2:
            self.tap("hand", hands[0])
            self.tap("hand", hands[1])
            self.check("two cards chosen to show")
            page.keyboard.press("Escape")
        elif self.two_swaps and len(hands) >= 2 and len(tables) >= 2:
            self.tap("hand", hands[0])
            self.tap("hand", hands[1])
            self.check("two hand cards chosen to swap")
            if page.locator("[data-testid=hand] .paired").count() != 2:
                page.keyboard.press("Escape")  # no swap of two began: a plain move next
                return ""
            self.tap("table", tables[0])
            self.check("two hand cards and a table card chosen")
            self.tap("table", tables[1])
            self.swapped_two += 1
            return game.wait_human()
        return ""

    def play(self, rng: random.Random) -> None:
        game = self.game
        state = game.wait_human()
        while self.screens < DECISIONS and state != "match-over":
            if state == "deal-over":
                self.screens += 1
                cut = game.page.evaluate(CUT)
                if cut:
                    self.short.append(f"{self.what}, a deal's result: {cut}")
                state = game.next_deal()
                continue
            self.check(f"decision {self.screens + 1} ({', '.join(game.offered()[:4])})")
            state = self.choices() or game.play_move(rng)


@pytest.fixture(params=list(PHONES))
def phone(request, browser):
    w, h = PHONES[request.param]
    context = browser.new_context(
        viewport={"width": w, "height": h},
        device_scale_factor=2,
        has_touch=True,
        is_mobile=True,
        locale="en-US",
    )
    page = context.new_page()
    errors: list[str] = []
    record_errors(page, errors)
    yield request.param, GamePage(page)
    context.close()
    assert errors == [], errors


@pytest.mark.parametrize("rules", list(WALKS))
def test_every_decision_is_on_one_phone_screen(phone, site_url, rules):
    size, game = phone
    game.open(site_url, WALKS[rules] + COMMON)
    walk = Walk(game, f"{size} {rules}", two_swaps=rules == "pub")
    walk.play(random.Random(7))
    print(f"\nphone {size} {rules}: {walk.screens} screens checked, {len(walk.short)} short")
    assert walk.screens >= 3, f"{walk.what}: the match gave too few decisions to check"
    assert walk.short == [], "\n".join(walk.short)
    assert walk.swapped_two or rules != "pub", "no swap of two cards could be tapped"


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
    found = hidden(game.page)
    context.close()
    assert found == [], found
