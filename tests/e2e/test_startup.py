"""Start-up: a memory snapshot for later visits, safe fallbacks when it is wrong, the
boot screen in the player's language, and the trimmed standard library.

The snapshot lives in Cache Storage (``schwimmen.snapshot``), one entry whose headers
name the build (``X-Build``) and the raw length; static/boot.mjs restores it and
static/snapshot-worker.mjs makes it once the first screen is up.
"""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import expect

from tests.e2e.pages import GamePage
from tests.e2e.support import BOOT_TIMEOUT_MS, CHROMIUM, CHROMIUM_ARGS, hand_cards, record_errors

SNAPSHOT_MADE = (
    "() => ['saved', 'failed'].includes(document.getElementById('app').dataset.snapshot)"
)

# The stored snapshot's headers, or null.
READ_SNAPSHOT = """async () => {
  const hit = await (await caches.open('schwimmen.snapshot')).match('./__snapshot__');
  return hit && { build: hit.headers.get('x-build'), length: hit.headers.get('x-length') };
}"""

# Store the snapshot again with other headers or a damaged body (its length kept, a
# few bytes in the middle changed: only the checksum can tell).
REWRITE_SNAPSHOT = """async ({ build, garbage }) => {
  const cache = await caches.open('schwimmen.snapshot');
  const hit = await cache.match('./__snapshot__');
  const body = new Uint8Array(await hit.arrayBuffer());
  if (garbage) body.fill(7, body.length >> 1, (body.length >> 1) + 64);
  const headers = new Headers(hit.headers);
  if (build) headers.set('x-build', build);
  await cache.put('./__snapshot__', new Response(body, { headers }));
}"""


def boot_of(page) -> str | None:
    return page.locator("#app").get_attribute("data-boot")


def wait_snapshot_saved(page) -> dict:
    page.wait_for_function(SNAPSHOT_MADE, timeout=BOOT_TIMEOUT_MS)
    expect(page.locator("#app")).to_have_attribute("data-snapshot", "saved")
    stored = page.evaluate(READ_SNAPSHOT)
    assert stored and int(stored["length"]) > 1_000_000, stored
    return stored


def play_one_move(game: GamePage) -> None:
    """One move by the player, then the page waits for them again."""
    assert game.state == "human"
    moves_before = len(game.log_lines())
    game.play_move(random.Random(1))
    assert len(game.log_lines()) > moves_before


@pytest.fixture
def profile_dir(tmp_path):
    return tmp_path / "profile"


def launch(browser_type, profile_dir):
    return browser_type.launch_persistent_context(
        str(profile_dir), executable_path=CHROMIUM, args=CHROMIUM_ARGS, locale="en-US"
    )


def test_a_relaunched_browser_starts_from_the_snapshot_and_deals_anew(
    browser_type, profile_dir, site_url
):
    context = launch(browser_type, profile_dir)
    try:
        page = context.pages[0] if context.pages else context.new_page()
        game = GamePage(page).open(site_url, "?bots=1&speed=0&new=1")
        assert boot_of(page) == "fresh"
        first = hand_cards(page) + game.cards(game.table())
        wait_snapshot_saved(page)
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    finally:
        context.close()

    deals = [first]
    for _ in range(2):
        context = launch(browser_type, profile_dir)
        try:
            page = context.pages[0] if context.pages else context.new_page()
            errors: list[str] = []
            record_errors(page, errors)
            game = GamePage(page).open(site_url, "?bots=1&speed=0&new=1")
            assert boot_of(page) == "snapshot"
            deals.append(hand_cards(page) + game.cards(game.table()))
            # The restored Python plays on (a seed whose first deal waits for the player).
            game.open(site_url, "?seed=5&bots=1&speed=0&new=1")
            assert boot_of(page) == "snapshot"
            play_one_move(game)
            assert errors == []
        finally:
            context.close()
    # Without ?seed each launch deals its own cards, restored snapshot or not.
    assert len({tuple(deal) for deal in deals}) == 3, deals


def test_a_snapshot_of_another_build_is_not_used_and_is_replaced(page, site_url):
    warnings: list[str] = []
    page.on("console", lambda m: m.type == "warning" and warnings.append(m.text))
    game = GamePage(page).open(site_url, "?seed=5&bots=1&speed=0")
    ours = wait_snapshot_saved(page)["build"]

    page.evaluate(REWRITE_SNAPSHOT, {"build": "an-older-build", "garbage": False})
    game.reload()
    assert boot_of(page) == "fresh"
    assert any("another build" in text for text in warnings), warnings
    play_one_move(game)
    assert wait_snapshot_saved(page)["build"] == ours  # made anew for this build

    game.reload()
    assert boot_of(page) == "snapshot"


def test_a_damaged_snapshot_falls_back_to_a_fresh_start(page, site_url):
    errors: list[str] = []
    record_errors(page, errors)
    warnings: list[str] = []
    page.on("console", lambda m: m.type == "warning" and warnings.append(m.text))
    game = GamePage(page).open(site_url, "?seed=5&bots=1&speed=0")
    wait_snapshot_saved(page)

    page.evaluate(REWRITE_SNAPSHOT, {"build": None, "garbage": True})
    game.reload()
    assert boot_of(page) == "fresh"
    assert any("snapshot" in text and "fresh" in text for text in warnings), warnings
    play_one_move(game)
    assert errors == []
    wait_snapshot_saved(page)  # the damaged one is replaced
    game.reload()
    assert boot_of(page) == "snapshot"


UNMADE = "() => localStorage.getItem('schwimmen.snapshot.failed')"


@pytest.mark.parametrize("cut", ["network", "wrong-file"])
def test_a_snapshot_cut_short_by_the_network_is_made_on_a_later_visit(browser, site_url, cut):
    # Without a service worker the snapshot worker's downloads reach the network (here:
    # the route). online.zip is a part the worker fetches and this page does not.
    context = browser.new_context(service_workers="block", locale="en-US")
    try:
        asked: list[str] = []

        def refuse(route):
            asked.append(route.request.url)
            if cut == "network":
                route.abort("internetdisconnected")
            else:
                route.fulfill(status=200, body=b"not our code")

        context.route("**/online.zip", refuse)
        page = context.new_page()
        game = GamePage(page).open(site_url, "?seed=5&bots=1&speed=0")
        page.wait_for_function(SNAPSHOT_MADE, timeout=BOOT_TIMEOUT_MS)
        assert page.locator("#app").get_attribute("data-snapshot") == "failed"
        assert asked, "the snapshot worker did not ask for online.zip"
        context.unroute("**/online.zip")
        if cut == "wrong-file":
            # a file that is not this page's: remembered for this build, not tried again
            assert page.evaluate(UNMADE)
            game.reload()
            page.wait_for_timeout(6000)  # past the 5 s at most that the worker waits for idle
            assert page.locator("#app").get_attribute("data-snapshot") is None
            return
        assert page.evaluate(UNMADE) is None  # the network: tried again next time
        game.reload()
        wait_snapshot_saved(page)
        game.reload()
        assert boot_of(page) == "snapshot"
    finally:
        context.close()


@pytest.mark.parametrize("with_snapshot", [True, False], ids=["snapshot", "no-snapshot"])
def test_an_offline_reload_starts_and_plays(context, site_url, with_snapshot):
    page = context.new_page()
    game = GamePage(page).open(site_url, "?seed=9&bots=1&speed=0")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    wait_snapshot_saved(page)
    if not with_snapshot:
        page.evaluate("caches.delete('schwimmen.snapshot')")
    context.set_offline(True)
    game.reload()
    assert boot_of(page) == ("snapshot" if with_snapshot else "fresh")
    play_one_move(game)


# What the boot screen showed before Python took over: its visible text once the HTML
# is parsed, and every figure the progress counter showed.
WATCH_BOOT_SCREEN = """
window.__bootScreen = { text: null, figures: [] };
document.addEventListener('DOMContentLoaded', () => {
  window.__bootScreen.text = document.getElementById('boot-label').innerText;
  const figure = document.getElementById('boot-percent');
  new MutationObserver(() => window.__bootScreen.figures.push(figure.textContent))
    .observe(figure, { childList: true, characterData: true, subtree: true });
});
"""


def test_the_boot_screen_speaks_the_players_language(page, site_url):
    page.add_init_script(WATCH_BOOT_SCREEN)
    # A network of 4 MB/s, so the download takes long enough to watch.
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send(
        "Network.emulateNetworkConditions",
        {"offline": False, "latency": 20, "downloadThroughput": 4_000_000, "uploadThroughput": -1},
    )
    page.goto(site_url + "?lang=en&seed=3")
    GamePage(page).wait_human(timeout=BOOT_TIMEOUT_MS)
    seen = page.evaluate("window.__bootScreen")
    assert seen["text"].startswith("Loading the game"), seen
    assert "Das Spiel" not in seen["text"]
    # The figure moved with the bytes loaded (a first visit counts every download).
    figures = [int(text.rstrip(" %")) for text in seen["figures"]]
    assert figures == sorted(figures) and any(0 < f < 100 for f in figures), figures
    assert figures[-1] == 100

    # Without ?lang the saved language counts, over the browser's (en-US here).
    page.evaluate(
        "localStorage.setItem('schwimmen.settings',"
        " JSON.stringify({version: 1, data: {lang: 'de'}}))"
    )
    page.goto(site_url + "?seed=3")
    GamePage(page).wait_human(timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate("window.__bootScreen.text").startswith("Das Spiel wird geladen")
