"""The cross-browser tier: the same scenarios in Chromium, Firefox and WebKit (issue 23).

Each test runs once per engine (``driver``: a ``Driver``, tests/e2e/engines/) on a
fresh profile, and ends with no script error, console error or Content Security Policy
violation in any page it loaded (the fixture checks). The scenarios are written once,
against ``EngineGame``: a first visit and a whole match against bots with Mistery and
Lügen; the settings and statistics panels; a relaunched browser restored from the
memory snapshot; an offline reload after one visit; a new release offered and taken.
"""

from __future__ import annotations

import random
import shutil

import pytest

import engine as rules_engine
from scripts.serve import start_server
from tests.e2e.engines.features import NEEDED, probe
from tests.e2e.engines.game import BOOT_S, EngineGame
from tests.e2e.test_updates import MARK, STYLE, UPDATE, publish_new_release

pytestmark = pytest.mark.engines

EN = "&speed=0&lang=en"
SNAPSHOT_S = 180  # a second Pyodide in a worker, on a loaded 2-core machine
CONTROLLED = "() => navigator.serviceWorker.controller !== null"
NEW_PAGE = "() => !window.__old_page && document.readyState === 'complete'"
SNAPSHOT_DONE = (
    "() => ['saved', 'failed'].includes(document.getElementById('app').dataset.snapshot)"
)


def dealt(seed: int) -> list[str]:
    """Seat 0's hand of a 2-player classic match, dealt by CPython's engine here: the
    page deals with Pyodide's, in whichever engine."""
    match = rules_engine.Match(rules_engine.preset("classic"), players=2, seed=seed)
    return [str(c) for c in match.observation(0).hand]


def violations(game: EngineGame) -> list[str]:
    return game.driver.evaluate("() => window.__violations")


def snapshot_saved(game: EngineGame) -> None:
    game.driver.wait(SNAPSHOT_DONE, timeout=SNAPSHOT_S, what="the memory snapshot")
    assert game.app("data-snapshot") == "saved", f"{game.driver.name}: no snapshot"


def play_one_move(game: EngineGame, seed: int = 1) -> None:
    assert game.state == "human"
    before = game.log_count()
    game.play_move(random.Random(seed))
    assert game.log_count() > before


def test_a_first_visit_and_a_whole_match_with_mistery_and_luegen(driver, site_url):
    game = EngineGame(driver).open(site_url, "?seed=7&bots=1" + EN)
    assert game.app("data-boot") == "fresh"
    assert game.cards("hand") == dealt(7)  # the same cards in every engine
    game.driver.click('[data-testid=hand] [data-card][data-index="1"]')
    assert game.driver.attribute("[data-testid=hand] [data-selected=true]", "data-index") == "1"

    game.open(site_url, "?seed=11&preset=hosenowi&mistery=1&luegen=1&bots=2&lives=1&new=1" + EN)
    rng, laid_face_down, announced = random.Random(3), 0, 0
    for _ in range(400):
        state = game.wait_settled()
        if state == "match-over":
            break
        if state == "deal-over":
            game.next_deal()
        elif not laid_face_down and "mistery" in game.active("table") and game.active("hand"):
            game.swap(int(game.active("hand")[0]), "mistery")
            laid_face_down += 1
            assert any("face down" in line for line in game.driver.texts("[data-testid=log] li"))
        else:
            announced += bool(game.announce_values())
            game.play_move(rng)
    assert game.state == "match-over"
    assert laid_face_down and announced, (laid_face_down, announced)
    assert game.driver.count("[data-testid=match-over]") == 1
    assert violations(game) == []


def test_the_settings_and_statistics_panels(driver, site_url):
    game = EngineGame(driver).open(site_url, "?seed=4&new=1" + EN)
    game.open_settings()
    game.choose(preset="knack", bots="1", lives="1")
    game.start_match()
    settings = game.driver.evaluate(
        "() => JSON.parse(localStorage.getItem('schwimmen.settings')).data"
    )
    assert settings["preset"] == "knack" and int(settings["bots"]) == 1, settings
    assert game.play_until(seed=2) == "match-over"
    assert game.driver.attribute("[data-testid=stats]", "data-matches") == "1"
    game.reload()  # kept in localStorage; the panel opens from the table
    assert game.driver.attribute("[data-testid=stats]", "data-matches") == "1"

    game.open_stats()
    assert game.stats_figure("matches") == "1"
    assert game.driver.count("[data-testid=stats-panel] svg[role=img]") == 1  # the chart
    game.escape("stats-panel")
    assert violations(game) == []


def test_a_relaunched_browser_starts_from_the_snapshot_and_deals_anew(driver, site_url):
    game = EngineGame(driver).open(site_url, "?bots=1&new=1" + EN)
    assert game.app("data-boot") == "fresh"
    first = game.cards("hand") + game.cards("table")
    snapshot_saved(game)
    game.driver.wait("() => navigator.serviceWorker.ready.then(() => true)")

    driver.relaunch()
    game.open(site_url, "?bots=1&new=1" + EN)
    assert game.app("data-boot") == "snapshot"
    second = game.cards("hand") + game.cards("table")
    assert second != first  # the restored random state is reseeded
    game.open(site_url, "?seed=5&bots=1&new=1" + EN)  # a seed whose deal waits for the player
    assert game.app("data-boot") == "snapshot"
    play_one_move(game)
    assert violations(game) == []


def test_after_one_visit_an_offline_reload_starts_and_plays(driver, built_site):
    # A server of its own, stopped with the browser offline: nothing reaches the network,
    # not even a service worker's own requests (Firefox's offline mode leaves those out).
    server, url = start_server(built_site)
    try:
        game = EngineGame(driver).open(url, "?seed=9&bots=1" + EN)
        driver.wait(CONTROLLED, what="the service worker to control the page")
    finally:
        server.shutdown()
        server.server_close()
    driver.go_offline()
    game.reload()
    assert game.cards("hand") == dealt(9)
    play_one_move(game)
    game.open(url, "?seed=8&bots=1&new=1" + EN)  # another deal: the page, not one cached URL
    assert game.cards("hand") == dealt(8)
    assert violations(game) == []


def test_a_new_release_is_offered_and_taken_on_reload(driver, built_site, tmp_path):
    root = tmp_path / "host"
    shutil.copytree(built_site, root)
    server, url = start_server(root)
    try:
        game = EngineGame(driver).open(url, "?seed=5&bots=1" + EN)
        driver.wait(CONTROLLED, what="the service worker to control the page")
        publish_new_release(root)
        driver.evaluate(UPDATE)
        driver.wait("() => window.__update === 'installed'", timeout=BOOT_S, what="the release")
        driver.wait_visible("[data-testid=update]")
        assert "A new version is ready" in driver.texts("[data-testid=update]")[0]
        assert MARK not in driver.evaluate(f"() => {STYLE}")  # still the old release
        before = game.cards("hand")

        driver.evaluate("() => { window.__old_page = true; }")
        driver.click("[data-action=update-reload]")
        # Ask for the style only from the new page: a fetch that a reload cuts short is
        # a console error in WebKit ("cannot load ... due to access control checks").
        driver.wait(NEW_PAGE, timeout=BOOT_S, what="the page to reload")
        driver.wait(f"() => {STYLE}.then(css => css.includes({MARK!r}))", timeout=BOOT_S)
        game.wait_settled(BOOT_S)
        assert game.cards("hand") == before  # the same match goes on
        assert driver.count("[data-testid=update]") == 0
        assert violations(game) == []
    finally:
        server.shutdown()
        server.server_close()


def test_a_restored_page_lets_go_of_the_snapshots_bytes(make_driver, site_url):
    """Once Pyodide has copied the snapshot into its memory, the page holds none of its
    31 MB (they stayed reachable from the boot watchdog for the page's whole life). Only
    Chromium tells a page its JavaScript heap, and lets a test collect garbage."""
    driver = make_driver("chromium")
    game = EngineGame(driver).open(site_url, "?bots=1&new=1" + EN)
    snapshot_saved(game)
    driver.relaunch()
    game.open(site_url, "?bots=1&new=1" + EN)
    assert game.app("data-boot") == "snapshot"
    length = driver.evaluate(
        "() => caches.open('schwimmen.snapshot').then(c => c.match('./__snapshot__'))"
        ".then(hit => Number(hit.headers.get('x-length')))"
    )
    driver.context.new_cdp_session(driver.page).send("HeapProfiler.collectGarbage")
    used = driver.evaluate("() => performance.memory.usedJSHeapSize")
    assert length > 10_000_000 and used < length, (used, length)
    assert driver.errors() == []


def test_the_engine_has_what_the_page_needs(driver, site_url):
    """The features the page cannot do without (tests/e2e/engines/features.py; what it
    does without the optional ones is in docs/browsers.md)."""
    found = probe(driver, site_url)
    assert found["needed"] == dict.fromkeys(NEEDED, True), found
