"""Every move a player can make is on screen without scrolling (issue 21, part 5; issue
20: "no control a player needs is below the fold"): in each state of the table, at a
1280x800 desktop and a 360x740 phone, each enabled move button lies inside the window
as the page leaves it. The page is scrolled to its top first (a click in a test scrolls
its target into view, a person's tap does not), except where the page scrolls itself
(the coach's advice is brought into view when it opens)."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.online_support import OnlinePage
from tests.e2e.pages import GamePage
from tests.e2e.support import record_errors

SIZES = {"desktop": (1280, 800), "phone": (360, 740)}

# What a player must reach: the move bar's buttons, a result's way on, the cover's
# "Show my cards", and, with the hint open, its best line.
NEEDED = (
    "[data-testid=actions] button",
    "[data-testid=deal-over] .deal-buttons button",
    "[data-testid=match-over] .deal-buttons button",
    "[data-testid=cover] button",
    "[data-testid=hint] li:first-child",
)

OUTSIDE = """(selector) => {
  const width = document.documentElement.clientWidth, height = window.innerHeight;
  const out = [];
  for (const el of document.querySelectorAll(selector)) {
    if (el.disabled || el.closest('[hidden], details:not([open])')) continue;
    const r = el.getBoundingClientRect();
    if (!r.width && !r.height) continue;
    const row = el.closest('.scroll-row');  // a sideways row: the row itself must show
    const box = row ? row.getBoundingClientRect() : r;
    if (box.top < -0.5 || box.bottom > height + 0.5 || r.left < -0.5 && !row
        || r.right > width + 0.5 && !row) {
      const name = el.dataset.action || el.dataset.hintAction || el.textContent.trim();
      out.push(`${name}: ${Math.round(box.top)}..${Math.round(box.bottom)} of ${height}`);
    }
  }
  return out;
}"""


# A panel taller than the window keeps its last row of buttons (Close, Start) on screen.
PANELS = (
    "[data-testid=settings] > .buttons button",
    "[data-testid=stats-panel] > .buttons button",
)


# The player's own seat is one row that may wrap: nothing in it spills over its sides
# (on a phone the name spilled over the window's edge), nor the seat over the window's.
SPILLED = """() => {
  const width = document.documentElement.clientWidth, out = [];
  for (const seat of document.querySelectorAll('.seat.me')) {
    const s = seat.getBoundingClientRect();
    const left = Math.max(s.left, 0), right = Math.min(s.right, width);
    for (const el of [seat, ...seat.querySelectorAll('*')]) {
      const r = el.getBoundingClientRect();
      if (r.width && (r.left < left - 0.5 || r.right > right + 0.5)) {
        const name = el.getAttribute('class') || el.tagName;
        out.push(`${name}: ${Math.round(r.left)}..${Math.round(r.right)} of ${left}..${right}`);
      }
    }
  }
  return out;
}"""


def outside(page: Page, *, top: bool = True, needed: tuple[str, ...] = NEEDED) -> list[str]:
    """The needed controls that lie outside the window (after scrolling to the top)."""
    if top:
        page.evaluate(
            "() => { window.scrollTo(0, 0); "
            "document.querySelectorAll('.overlay').forEach(o => o.scrollTop = 0); }"
        )
    return page.evaluate(OUTSIDE, ", ".join(needed))


def check(page: Page, what: str, *, top: bool = True, needed: tuple[str, ...] = NEEDED) -> None:
    expect(page.locator("#app")).not_to_have_attribute("data-state", "booting")
    found = outside(page, top=top, needed=needed)
    assert found == [], f"{what}: below or beside the fold: {found}"
    spilled = page.evaluate(SPILLED)
    assert spilled == [], f"{what}: the player's seat spills over the window's side: {spilled}"


@pytest.fixture(params=list(SIZES))
def size(request):
    return request.param


@pytest.fixture
def game(browser, size):
    w, h = SIZES[size]
    context = browser.new_context(viewport={"width": w, "height": h}, locale="en-US")
    page = context.new_page()
    errors: list[str] = []
    record_errors(page, errors)
    yield GamePage(page)
    context.close()
    assert errors == [], errors


PLAIN = "&speed=0&new=1&lang=en&mistery=0&luegen=0"


def test_a_turn_the_hint_and_the_results(game, site_url):
    page = game.page
    game.open(site_url, "?seed=21&preset=classic&bots=3" + PLAIN)
    if "keep" in game.offered():
        check(page, "the deal choice")
        game.keep()
    check(page, "a turn")
    page.evaluate("() => window.scrollTo(0, 0)")
    page.locator("[data-action=hint]").dispatch_event("click")  # a tap: no scrolling
    expect(page.locator("[data-testid=hint]")).to_be_visible()
    check(page, "the hint open", top=False)
    first = page.locator("[data-testid=hint] > .hint-list > li").first
    expect(first).to_be_in_viewport()
    game.play_until(("deal-over",), seed=3)
    check(page, "a deal's result")
    game.open(site_url, "?seed=4&preset=knack&bots=8&lives=1" + PLAIN)
    check(page, "nine seats")
    game.play_until(("match-over",), seed=5)
    check(page, "the match's result")


def test_lugen_announcing_and_deciding(game, site_url):
    page = game.page
    game.open(site_url, "?seed=9&preset=hosenowi&bots=3&speed=0&luegen=1&new=1&lang=en")
    rng = random.Random(2)
    seen = set()
    for _ in range(150):
        state = game.wait_human()
        offered = game.offered()
        if state == "human" and page.locator("[data-testid=announce-value]").count():
            if "announce" not in seen:
                active = game.active("hand")
                game.hand_card(active[0]).click()
                game.hand_card(active[1]).click()
                check(page, "a Lügen announcement, two cards chosen")
                seen.add("announce")
                page.keyboard.press("Escape")  # the choice cleared: a random move next
        elif any(a.startswith("challenge") for a in offered):
            check(page, "a Lügen decision (challenge or give up)")
            page.evaluate("() => window.scrollTo(0, 0)")
            page.locator("[data-action=hint]").dispatch_event("click")
            expect(page.locator("[data-testid=hint]")).to_be_visible()
            check(page, "a Lügen decision with the hint open", top=False)
            seen.add("decide")
            break
        if state == "deal-over":
            game.next_deal()
        elif state == "match-over":
            game.new_match()
        else:
            game.play_move(rng)
    assert seen == {"announce", "decide"}


def test_the_players_announcement_keeps_to_their_seat(game, site_url):
    """Seed 7 (classic with Lügen): the player announces 8 and has the lowest
    announcement; their seat (name, hand, lives, "you say 8" and two cards) is more
    than one row of a phone."""
    page = game.page
    game.open(site_url, "?seed=7&speed=0&lang=en&preset=classic&luegen=1&bots=3&lives=3&new=1")
    rng = random.Random(1)
    for _ in range(300):
        state = game.wait_human()
        if state == "deal-over":
            game.next_deal()
        elif state == "match-over":
            game.new_match()
        elif any(a.startswith("challenge ") for a in game.offered()):
            break
        elif page.locator("[data-testid=announce-value]").count():
            game.announce("8", 0, 1)
        else:
            game.play_move(rng)
    expect(page.locator(".seat.me .announce-bubble")).to_be_visible()
    check(page, "the player's announcement in a Lügen decision")


def test_the_settings_and_the_statistics_keep_their_buttons_in_view(game, site_url):
    page = game.page
    game.open(site_url, "?seed=6&preset=classic&bots=2&lives=1" + PLAIN)
    game.play_until(("match-over",), seed=8)
    game.new_match()
    game.stats.open()  # a finished match: the figures and the chart make it tall
    expect(game.stats.chart).to_be_visible()
    check(page, "the statistics", needed=PANELS)
    game.stats.close()
    game.settings.open().choose(preset="custom", difficulty="per_bot")
    check(page, "the settings with a custom rule set", needed=PANELS)


@pytest.mark.parametrize("people", [2, 6])
def test_people_at_one_device(game, site_url, people):
    page = game.page
    page.goto(f"{site_url}?seed=3&preset=classic&people={people}&bots=0" + PLAIN)
    reveal = page.locator("[data-testid=cover] [data-action=reveal]")
    expect(reveal).to_be_visible(timeout=60_000)
    check(page, f"the cover ({people} people)")
    reveal.dispatch_event("click")
    game.wait_human()
    check(page, f"a person's turn ({people} people at one device)")


@pytest.fixture
def online(browser, site_url, signal, size):
    made: list[OnlinePage] = []

    def person() -> OnlinePage:
        made.append(OnlinePage(browser, site_url, signal.url))
        w, h = SIZES[size]
        made[-1].page.set_viewport_size({"width": w, "height": h})
        return made[-1]

    yield person
    for p in made:
        errors = p.errors
        p.close()
        assert errors == [], errors


def test_an_online_table_host_and_guest(online):
    host, guest = online(), online()
    link = host.host("Hana", players="3", lives="2", move_time="60")
    guest.join(link, "Ben")
    host.page.click("[data-action=start-online]")
    for p in (host, guest):
        p.wait_for("[data-testid=hand] [data-card]")
        expect(p.page.locator(".online-bar")).to_be_visible()
    rng = random.Random(4)
    checked = set()
    for _ in range(200):
        for who, p in (("host", host), ("guest", guest)):
            if p.state == "human" and who not in checked:
                check(p.page, f"the {who}'s turn at an online table")
                checked.add(who)
            p.move(rng)
        if checked == {"host", "guest"}:
            break
        host.page.wait_for_timeout(100)
    assert checked == {"host", "guest"}


# What the keyboard's focus lands on lies clear of the move bar, which keeps to the
# window's lower edge (a hand card lay 57 px behind it at 360x640 with nine seats).
COVERED = """() => {
  const bar = document.querySelector('.game > .actions'), el = document.activeElement;
  if (!bar || !el || el === document.body || bar.contains(el)) return null;
  const b = bar.getBoundingClientRect(), r = el.getBoundingClientRect();
  const name = el.dataset.card || el.dataset.action || el.tagName;
  return r.bottom > b.top + 0.5 && r.top < b.bottom - 0.5
    ? `${name}: ${Math.round(r.top)}..${Math.round(r.bottom)}, bar from ${Math.round(b.top)}`
    : null;
}"""


def test_the_focus_is_never_behind_the_move_bar(browser, site_url):
    context = browser.new_context(viewport={"width": 360, "height": 640}, locale="en-US")
    page = context.new_page()
    errors: list[str] = []
    record_errors(page, errors)
    game = GamePage(page)
    game.open(site_url, "?seed=4&preset=knack&bots=8&lives=1" + PLAIN)
    page.evaluate("() => window.scrollTo(0, 0)")
    focused, covered = set(), []
    for _ in range(24):  # the page's whole tab order, twice
        page.keyboard.press("Tab")
        focused.add(page.evaluate("() => document.activeElement.dataset.card || ''"))
        found = page.evaluate(COVERED)
        if found:
            covered.append(found)
    context.close()
    assert len(focused - {""}) >= 2, focused  # the cards were reached
    assert covered == [], covered
    assert errors == [], errors
