"""A new release reaches an open page safely: it waits until the player reloads, and a
release whose files do not match their listed hashes is never used."""

from __future__ import annotations

import random
import shutil
import time

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from scripts.build import write_service_worker
from scripts.serve import start_server
from tests.e2e.pages import GamePage
from tests.e2e.support import BOOT_TIMEOUT_MS

MARK = "/* release 2 */"

# Ask for an update and record how the new release's worker gets on.
UPDATE = """async () => {
  window.__update = "none";
  const registration = await navigator.serviceWorker.getRegistration();
  registration.addEventListener("updatefound", () => {
    const worker = registration.installing;
    window.__update = worker.state;
    worker.addEventListener("statechange", () => { window.__update = worker.state; });
  });
  await registration.update().catch(() => {});
}"""
STYLE = "fetch('./static/style.css').then(r => r.text())"


@pytest.fixture
def host(built_site, tmp_path):
    """The site served from a folder of its own, so a test can publish a new release."""
    root = tmp_path / "host"
    shutil.copytree(built_site, root)
    server, url = start_server(root)
    yield root, url
    server.shutdown()


def publish_new_release(root, tamper: bool = False) -> None:
    """Change one file and list the new release; ``tamper``: then change it again, so
    what the server sends no longer matches the listed hash."""
    css = root / "static/style.css"
    css.write_text(css.read_text(encoding="utf-8") + f"\n{MARK}\n", encoding="utf-8")
    write_service_worker(root)
    if tamper:
        css.write_text(css.read_text(encoding="utf-8") + "/* not as listed */\n", "utf-8")


def open_controlled(page, url) -> GamePage:
    game = GamePage(page).open(url, "?seed=5&bots=1&speed=0&lang=en")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    return game


def caches_of(page) -> list[str]:
    return sorted(n for n in page.evaluate("caches.keys()") if n.startswith("schwimmen-"))


def test_an_open_page_keeps_its_release_until_the_player_reloads(page, host):
    root, url = host
    game = open_controlled(page, url)
    old = caches_of(page)
    assert len(old) == 1

    publish_new_release(root)
    page.evaluate(UPDATE)
    page.wait_for_function("() => window.__update === 'installed'")
    banner = page.locator("[data-testid=update]")
    expect(banner).to_be_visible()
    expect(banner).to_contain_text("A new version is ready")
    # Still the old release: its cache, its files, and the game plays on.
    assert MARK not in page.evaluate(STYLE)
    assert old[0] in caches_of(page)
    game.play_move(random.Random(1))

    # A page that starts loading now is still served whole by the old release (it
    # starts, and asks about the match the first tab has open).
    other = page.context.new_page()
    other.goto(url + "?lang=en")
    expect(other.locator("[data-testid=other-tab]")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    assert MARK not in other.evaluate(STYLE)
    expect(other.locator("[data-testid=update]")).to_be_visible()
    other.close()

    before = game.cards(game.hand())
    with page.expect_navigation():
        banner.locator("[data-action=update-reload]").click()
    game.wait_human()
    assert MARK in page.evaluate(STYLE)
    # The same match goes on (the reload drops ?seed= and ?new=, which would deal anew).
    assert "seed=" not in page.url and game.cards(game.hand()) == before
    assert old[0] not in caches_of(page) and len(caches_of(page)) == 1
    expect(page.locator("[data-testid=update]")).to_have_count(0)


def test_a_release_whose_files_do_not_match_their_hashes_is_not_used(page, host):
    root, url = host
    open_controlled(page, url)
    old = caches_of(page)

    publish_new_release(root, tamper=True)
    page.evaluate(UPDATE)
    page.wait_for_function("() => ['installed', 'redundant'].includes(window.__update)")
    assert page.evaluate("window.__update") == "redundant"  # the install failed
    expect(page.locator("[data-testid=update]")).to_have_count(0)
    assert caches_of(page) == old  # nothing half-filled is left
    GamePage(page).reload()
    assert MARK not in page.evaluate(STYLE)  # still served by the old release


# ---------------------------------------------------------------- cached files checked again

CACHED = """async ([path, body]) => {
  // the release's cache (not the memory snapshot's) and what it holds at ``path``
  const name = (await caches.keys()).find((n) => n.startsWith("schwimmen-"));
  const cache = await caches.open(name);
  const url = new URL(path, location.href).href;
  if (body !== null) await cache.put(url, new Response(body));
  const hit = await cache.match(url);
  return hit ? await hit.text() : null;
}"""
GAME_CSS = "./static/game.css"


def cached(page, path: str, body: str | None = None) -> str | None:
    """The text the release's cache holds for ``path`` (after putting ``body`` there)."""
    return page.evaluate(CACHED, [path, body])


def started(page, timeout_ms: float = 2 * BOOT_TIMEOUT_MS) -> None:
    """Wait until a game is up, across reloads the page makes on its own."""
    deadline = time.monotonic() + timeout_ms / 1000
    while time.monotonic() < deadline:
        try:
            ready = page.evaluate(
                "() => { const a = document.getElementById('app');"
                " return !!a && !a.dataset.error &&"
                " ['human', 'busy', 'deal-over', 'match-over'].includes(a.dataset.state); }"
            )
        except PlaywrightError:  # the page is navigating
            ready = False
        if ready:
            return
        time.sleep(0.5)
    raise AssertionError(f"no game started: {page.locator('#app').get_attribute('data-error')}")


def test_a_release_copies_an_older_cached_file_only_if_its_hash_still_holds(page, host):
    root, url = host
    open_controlled(page, url)  # served from the network: no check of the cache yet
    old = caches_of(page)
    cached(page, GAME_CSS, "/* damaged in the cache */")
    publish_new_release(root)  # game.css is unchanged: its hash is listed as before
    page.evaluate(UPDATE)
    page.wait_for_function("() => window.__update === 'installed'")
    (new,) = [n for n in caches_of(page) if n not in old]
    copied = page.evaluate(
        """async ([name, path]) => (await (await caches.open(name))
             .match(new URL(path, location.href).href)).text()""",
        [new, GAME_CSS],
    )
    assert copied == (root / "static/game.css").read_text(encoding="utf-8")


def test_a_damaged_cached_file_is_fetched_again_in_idle_time_after_a_start(page, site_url):
    open_controlled(page, site_url)
    original = cached(page, "./static/style.css")
    cached(page, "./static/style.css", "/* tampered */")
    game = GamePage(page).reload()  # served from the cache, the tampered file with it
    expect(game.app).to_have_attribute("data-verified", "repaired", timeout=60_000)
    assert cached(page, "./static/style.css") == original
    game.reload()
    assert page.evaluate(STYLE) == original
    expect(game.app).to_have_attribute("data-verified", "ok", timeout=60_000)


def test_a_start_that_fails_on_a_damaged_file_reloads_with_the_file_fetched_again(
    page, site_url
):
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    open_controlled(page, site_url)
    good = cached(page, "./python.zip")
    assert good is not None and len(good) > 1000
    cached(page, "./python.zip", "14 bytes, no zip")
    # No memory snapshot (it would hold the code): the start reads python.zip and fails
    # ("No module named 'app'"), then the files are checked, python.zip is fetched again
    # and the page starts once more, by itself.
    page.goto(site_url + "?snapshot=0&seed=5&bots=1&speed=0&lang=en")
    started(page)
    assert cached(page, "./python.zip") == good
    assert page.evaluate("() => sessionStorage.getItem('schwimmen.repaired')") is None
