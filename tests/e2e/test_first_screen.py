"""The first screen: a returning player's table is on the page at first paint, inert,
until Python draws its own (static/first-screen.js; app/dom.py keeps it when the page
is hidden or goes away). Stored markup is data: anything but the view's elements and
attributes, or too much of it, is not shown and the page starts as always.
"""

from __future__ import annotations

import random
import re

import pytest
from playwright.sync_api import expect

from tests.e2e.pages import GamePage
from tests.e2e.support import BOOT_TIMEOUT_MS, record_errors

# What the page showed while it was still booting: taken the moment the stored screen
# went in (before the browser painted) and again just before Python drew its own.
WATCH_FIRST_SCREEN = """
window.__first = null;
window.__pwned = false;
const read = (root) => ({
  hand: [...root.querySelectorAll('[data-testid=hand] [data-card]')].map(e => e.dataset.card),
  table: [...root.querySelectorAll('[data-testid=table] [data-card]')].map(e => e.dataset.card),
  lives: [...root.querySelectorAll('[data-testid^=seat-]')].map(e => e.dataset.lives),
  status: root.querySelector('[data-testid=status]')?.textContent ?? null,
  log: [...root.querySelectorAll('[data-testid=log] li')].map(e => e.textContent),
});
new MutationObserver((_, observer) => {
  const app = document.getElementById('app');
  if (!app || !app.dataset.firstScreen || window.__first) return;
  observer.disconnect();
  const shown = app.querySelectorAll(':scope > .first-screen');
  window.__first = {
    how: app.dataset.firstScreen,
    state: app.dataset.state,
    at: performance.now(),
    parts: shown.length,
    inert: [...shown].every(e => e.inert && e.getAttribute('aria-hidden') === 'true'),
    ids: app.querySelectorAll('.first-screen [id]').length,
    ...read(app),
  };
}).observe(document, { subtree: true, childList: true, attributes: true,
                       attributeFilter: ['data-first-screen'] });
"""

READ_SCREEN = """() => {
  const root = document.getElementById('app');
  return {
    hand: [...root.querySelectorAll('[data-testid=hand] [data-card]')].map(e => e.dataset.card),
    table: [...root.querySelectorAll('[data-testid=table] [data-card]')].map(e => e.dataset.card),
    lives: [...root.querySelectorAll('[data-testid^=seat-]')].map(e => e.dataset.lives),
    status: root.querySelector('[data-testid=status]')?.textContent ?? null,
    log: [...root.querySelectorAll('[data-testid=log] li')].map(e => e.textContent),
    leftover: root.querySelectorAll('.first-screen').length,
  };
}"""

FIRST_PAINT = """() => ({
  paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
  stored: performance.getEntriesByName('screen:first')[0]?.startTime ?? null,
})"""

# Change the stored record (keeping the rest: release, language, match) and keep this
# page from storing its own screen as it goes away, as if it had crashed.
TAMPER = """(change) => {
  window.schwimmenScreen.keep = () => false;
  const record = JSON.parse(localStorage.getItem('schwimmen.screen'));
  localStorage.setItem('schwimmen.screen', JSON.stringify({ ...record, ...change }));
}"""


def stored_record(page) -> dict | None:
    return page.evaluate("JSON.parse(localStorage.getItem('schwimmen.screen'))")


def first_seen(page) -> dict | None:
    return page.evaluate("window.__first")


def test_the_stored_table_is_painted_first_and_is_the_table_python_draws(page, site_url):
    errors: list[str] = []
    record_errors(page, errors)
    page.add_init_script(WATCH_FIRST_SCREEN)
    game = GamePage(page).open(site_url, "?seed=5&bots=2&speed=0&lang=en")
    assert first_seen(page) is None  # a first visit: nothing stored yet
    game.play_move(random.Random(2))
    before = page.evaluate(READ_SCREEN)

    game.open(site_url)  # the player comes back (pagehide: the page keeps its screen)
    seen = first_seen(page)
    assert seen is not None and seen["how"] == "shown", seen
    assert seen["state"] == "booting"
    assert seen["parts"] == 2 and seen["inert"] and seen["ids"] == 0, seen
    paint = page.evaluate(FIRST_PAINT)
    assert paint["stored"] is not None and paint["stored"] <= paint["paint"], paint

    drawn = page.evaluate(READ_SCREEN)
    assert drawn["leftover"] == 0  # Python's screen replaced it
    for part in ("hand", "table", "lives", "status", "log"):
        assert seen[part] == drawn[part] == before[part], part
    assert len(seen["hand"]) == 3 and seen["log"], seen
    assert errors == []


def test_a_new_match_or_another_language_starts_from_the_boot_screen(page, site_url):
    page.add_init_script(WATCH_FIRST_SCREEN)
    game = GamePage(page).open(site_url, "?seed=5&bots=2&speed=0&lang=en")
    game.reload()
    assert first_seen(page)["how"] == "shown"

    game.open(site_url, "?seed=5&bots=2&speed=0&lang=de")  # not the language it was drawn in
    assert first_seen(page)["how"] == "stale"
    assert first_seen(page)["hand"] == []
    game.open(site_url, "?seed=6&bots=2&speed=0&new=1")  # a new match: not last time's table
    assert first_seen(page) is None
    game.open(site_url, "?speed=0")
    assert first_seen(page)["how"] == "shown"
    # The saved match is another than the one the screen showed (another tab played on).
    page.evaluate(TAMPER, {"match": "1:0"})
    game.reload()
    assert first_seen(page)["how"] == "stale"
    # A screen of another release (stored before an update).
    page.evaluate(TAMPER, {"release": "an-older-release"})
    game.reload()
    assert first_seen(page)["how"] == "stale"


HOSTILE = {
    "script": '<div class="screen"><script>window.__pwned = true</script><p>x</p></div>',
    "python": '<div class="screen"><script type="py">import js; js.window.__pwned = True'
    "</script></div>",
    "event attribute": '<div class="screen"><svg onload="window.__pwned = true"></svg>'
    '<p class="status" data-testid="status">x</p></div>',
    "pyscript attribute": '<div class="screen"><button py-click="x">x</button></div>',
    "link": '<div class="screen"><a href="https://example.org/">x</a></div>',
    "style": '<div class="screen"><p style="color: red">x</p></div>',
    "page state": '<div class="screen"><p data-error="fake">x</p></div>',
    "foreign root": "<p>just text</p>",
    "5 MB of text": '<div class="screen">' + "x" * 5_000_000 + "</div>",
}


@pytest.mark.parametrize("markup", list(HOSTILE.values()), ids=list(HOSTILE))
def test_a_tampered_stored_screen_is_not_shown_and_the_page_starts(page, site_url, markup):
    errors: list[str] = []
    record_errors(page, errors)
    warnings: list[str] = []
    page.on("console", lambda m: m.type == "warning" and warnings.append(m.text))
    page.add_init_script(WATCH_FIRST_SCREEN)
    game = GamePage(page).open(site_url, "?seed=5&bots=2&speed=0")
    game.reload()
    assert first_seen(page)["how"] == "shown"
    expected = page.evaluate(READ_SCREEN)

    stored = page.evaluate(
        "(markup) => { try { localStorage.setItem('x', markup); localStorage.removeItem('x');"
        " return true } catch { return false } }",
        markup,
    )
    assert stored, "the browser did not keep the text"
    page.evaluate(TAMPER, {"markup": markup})
    game.reload()
    seen = first_seen(page)
    assert seen["how"] == "refused" and seen["hand"] == [] and seen["status"] is None, seen
    assert any("first screen" in text for text in warnings), warnings
    assert page.evaluate("window.__pwned") is False
    drawn = page.evaluate(READ_SCREEN)
    assert drawn["hand"] == expected["hand"] and drawn["leftover"] == 0
    assert game.state == "human"
    assert errors == []


def test_a_tap_before_python_is_ready_is_not_taken_and_says_so(browser, site_url):
    # No service worker, so that the test can hold back our Python (python.zip) until it
    # has tapped the stored screen.
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        page.add_init_script(WATCH_FIRST_SCREEN)
        game = GamePage(page).open(site_url, "?seed=5&bots=2&speed=0")
        log_before = game.log_lines()
        # The first start's snapshot worker fetches python.zip too, in idle time: held
        # here, it would stand for the reloaded page's request (CI met this race), so
        # the test waits until that attempt has ended.
        expect(page.locator("#app")).to_have_attribute(
            "data-snapshot", re.compile(r"saved|failed"), timeout=BOOT_TIMEOUT_MS
        )
        held = []
        page.route("**/python.zip", lambda route: held.append(route))
        page.reload()
        page.wait_for_function("() => window.__first !== null && window.__first.how === 'shown'")
        while not held:
            page.wait_for_timeout(50)
        assert game.state == "booting"
        card = page.locator(".first-screen [data-testid=hand] [data-card]").first
        box = card.bounding_box()
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        expect(page.locator("#boot")).to_have_class("boot nudge")
        assert game.state == "booting"
        for route in held:
            route.continue_()
        page.unroute("**/python.zip")
        game.wait_human(timeout=BOOT_TIMEOUT_MS)
        assert page.locator("[data-selected=true]").count() == 0  # the tap chose nothing
        assert game.log_lines() == log_before
    finally:
        context.close()


# Which of our zips the page has fetched so far (Resource Timing: from the network or
# the service worker's cache alike).
ZIPS_FETCHED = """() => performance.getEntriesByType('resource')
  .map(e => new URL(e.name).pathname.split('/').pop()).filter(n => n.endsWith('.zip'))"""


@pytest.mark.parametrize("offline", [False, True], ids=["online", "offline"])
def test_online_plays_code_loads_when_its_screen_opens(context, site_url, offline):
    """A fresh start (no snapshot) loads online play's code (online.zip) only when the
    player opens "Play online"; offline, the service worker has it in its cache."""
    page = context.new_page()
    errors: list[str] = []
    record_errors(page, errors)
    game = GamePage(page).open(site_url, "?seed=5&bots=2&speed=0")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    if offline:
        context.set_offline(True)
    game.open(site_url, "?snapshot=0")
    assert page.locator("#app").get_attribute("data-boot") == "fresh"
    fetched = page.evaluate(ZIPS_FETCHED)
    assert "python.zip" in fetched and "online.zip" not in fetched, fetched
    page.locator("[data-action=online]").click()
    dialog = page.locator("[data-testid=online]")
    expect(dialog).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    expect(dialog.locator("[name=name]")).to_be_visible()
    assert "online.zip" in page.evaluate(ZIPS_FETCHED)
    assert errors == []
    context.set_offline(False)
