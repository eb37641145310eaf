"""A new release reaches an open page safely: it waits until the player reloads, and a
release whose files do not match their listed hashes is never used."""

from __future__ import annotations

import random
import shutil

import pytest
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
