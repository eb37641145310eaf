"""The page boots Python from our own files, shows the engine's deal, reacts to clicks,
plays offline after one visit, works under a sub-path, and says so when it cannot start."""

from __future__ import annotations

import io
import re
import zipfile
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

import engine
from tests.e2e.pages import GamePage
from tests.e2e.support import BOOT_TIMEOUT_MS, hand_cards, open_game, wait_state

SEED = 7


def zipped(files):
    """A python.zip with these ``{name: text or bytes}`` entries (sources: the page
    compiles what has no bytecode)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data in files.items():
            archive.writestr(name, data)
    return buffer.getvalue()


def deal_hand(seed):
    """What the page should show for ``?seed=``: seat 0's hand of a 2-player classic match,
    dealt here by CPython's engine (the page deals with Pyodide's)."""
    return engine.Match(engine.preset("classic"), players=2, seed=seed).observation(0).hand


@pytest.fixture(scope="module")
def game(browser, site_url):
    """One booted page shared by the read-only checks, with every request recorded."""
    context = browser.new_context()
    requests, failures = [], []
    context.on("request", lambda r: requests.append(r.url))
    context.on("response", lambda r: r.status >= 400 and failures.append(f"{r.status} {r.url}"))
    context.on("requestfailed", lambda r: failures.append(f"failed {r.url}"))
    page = open_game(context.new_page(), site_url, f"?seed={SEED}&bots=1")
    yield page, requests, failures
    context.close()


def test_boot_shows_the_engines_hand_as_svg_cards(game):
    page, _, _ = game
    # The browser's Python (3.14 in Pyodide) deals the same cards as CPython here.
    assert hand_cards(page) == [str(card) for card in deal_hand(SEED)]
    cards = page.locator("[data-testid=hand] [data-card]")
    expect(cards).to_have_count(3)
    for index in range(3):
        card = cards.nth(index)
        expect(card).to_have_attribute("data-index", str(index))
        expect(card.locator("svg")).to_be_visible()
    expect(page.locator("#boot")).to_be_hidden()
    expect(page.get_by_role("heading", name="Schwimmen")).to_be_visible()


def test_clicking_a_card_selects_it(game):
    page, _, _ = game
    cards = page.locator("[data-testid=hand] [data-card]")
    selected = page.locator("[data-testid=hand] [data-selected=true]")
    cards.nth(1).click()
    expect(selected).to_have_count(1)
    expect(selected).to_have_attribute("data-index", "1")
    cards.nth(2).click()
    expect(selected).to_have_attribute("data-index", "2")
    cards.nth(2).click()
    expect(selected).to_have_count(0)
    expect(page.locator("#app")).to_have_attribute("data-state", "human")


def test_no_request_leaves_the_origin(game, site_url):
    _, requests, failures = game
    origin = urlsplit(site_url)[:2]
    assert any(url.endswith(".wasm") for url in requests), "the runtime came from elsewhere"
    assert any(url.endswith("/python.zip") for url in requests)
    foreign = [url for url in requests if urlsplit(url)[:2] != origin]
    assert foreign == []
    assert failures == []


def test_after_one_visit_an_offline_reload_boots_and_plays(context, site_url):
    page = open_game(context.new_page(), site_url, f"?seed={SEED}&bots=1")
    scope = page.evaluate("navigator.serviceWorker.ready.then(r => r.scope)")
    assert scope == site_url
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    context.set_offline(True)

    served = []
    page.on("response", lambda r: served.append(r))
    page.reload()
    wait_state(page, "human")
    assert hand_cards(page) == [str(card) for card in deal_hand(SEED)]
    page.locator("[data-testid=hand] [data-card]").first.click()
    expect(page.locator("[data-testid=hand] [data-selected=true]")).to_have_count(1)
    wasm = [r for r in served if r.url.endswith("pyodide.asm.wasm")]
    assert wasm and all(r.from_service_worker for r in wasm)

    # Another seed offline: the page, not only the cached URL, works.
    open_game(page, site_url, "?seed=8&bots=1&new=1")
    assert hand_cards(page) == [str(card) for card in deal_hand(8)]


def test_the_site_works_under_a_sub_path(context, subpath_url):
    requests = []
    context.on("request", lambda r: requests.append(r.url))
    # GamePage loads once more after Chromium's rare renderer crash at Pyodide's start.
    page = GamePage(context.new_page()).open(subpath_url, f"?seed={SEED}&bots=1").page
    wait_state(page, "human")
    assert hand_cards(page) == [str(card) for card in deal_hand(SEED)]
    assert requests and all(url.startswith(subpath_url) for url in requests), requests
    scope = page.evaluate("navigator.serviceWorker.ready.then(r => r.scope)")
    assert scope == subpath_url


def test_a_missing_python_file_shows_a_readable_error(page, site_url):
    page.route("**/python.zip", lambda route: route.fulfill(status=404, body="gone"))
    page.goto(site_url + "?lang=de")
    app = page.locator("#app")
    expect(app).to_have_attribute("data-error", timeout=BOOT_TIMEOUT_MS)
    expect(app).to_have_attribute("data-state", "booting")
    expect(page.get_by_role("alert")).to_contain_text("nicht starten")
    expect(page.get_by_role("alert")).to_contain_text("Eine Datei fehlt: python.zip")


def test_an_error_after_the_app_replaced_the_boot_markup_is_still_shown(page, site_url):
    main = (
        "def start():\n"
        "    import js\n"
        "    js.document.getElementById('app').innerHTML = '<p>half drawn</p>'\n"
        "    raise RuntimeError('late boom')\n"
    )
    broken = zipped({"app/__init__.py": "", "app/main.py": main})
    page.route("**/python.zip", lambda route: route.fulfill(status=200, body=broken))
    page.goto(site_url + "?lang=en")
    expect(page.locator("#app")).to_have_attribute("data-error", re.compile("late boom"))
    alert = page.get_by_role("alert")
    expect(alert).to_contain_text("could not start")
    expect(alert).to_contain_text("late boom")


def test_a_missing_runtime_script_shows_a_readable_error(page, site_url):
    page.route("**/pyscript/core.js", lambda route: route.fulfill(status=404, body="gone"))
    page.goto(site_url + "?lang=en")
    app = page.locator("#app")
    expect(app).to_have_attribute("data-error", timeout=BOOT_TIMEOUT_MS)
    expect(page.get_by_role("alert")).to_contain_text("A file is missing")


def test_a_python_error_at_start_shows_a_readable_error(page, site_url):
    main = "def start():\n    raise RuntimeError('boom 31')\n"
    broken = zipped({"app/__init__.py": "", "app/main.py": main})
    page.route("**/python.zip", lambda route: route.fulfill(status=200, body=broken))
    page.goto(site_url + "?lang=en")
    app = page.locator("#app")
    expect(app).to_have_attribute("data-error", timeout=BOOT_TIMEOUT_MS)
    assert "boom 31" in app.get_attribute("data-error")
    expect(page.get_by_role("alert")).to_contain_text("could not start")
