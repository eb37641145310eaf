"""The page's Content Security Policy holds: a whole match and every panel, with not one
``securitypolicyviolation`` event (which also catches what the policy blocks silently)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from scripts.build import connect_sources, online_config
from tests.e2e.pages import GamePage
from tests.e2e.support import record_errors

WATCH_VIOLATIONS = """
window.__violations = [];
document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(
  `${e.effectiveDirective} blocked ${e.blockedURI} (${e.sourceFile}:${e.lineNumber})`));
"""


def policy(page) -> str:
    return page.locator('meta[http-equiv="Content-Security-Policy"]').get_attribute("content")


@pytest.fixture
def watched(context):
    context.add_init_script(WATCH_VIOLATIONS)
    page = context.new_page()
    errors: list[str] = []
    record_errors(page, errors)
    yield page, errors
    assert page.evaluate("window.__violations") == []
    assert errors == []


def test_the_policy_is_strict(watched, site_url):
    page, _ = watched
    GamePage(page).open(site_url, "?seed=4&bots=1&speed=0&lang=en")
    rules = dict(
        (part.split()[0], part.split()[1:]) for part in policy(page).split(";") if part.strip()
    )
    assert rules["script-src"] == ["'self'", "'wasm-unsafe-eval'"]  # no inline, no eval
    assert rules["style-src"] == ["'self'"]  # no inline style either
    assert rules["object-src"] == ["'none'"] and rules["base-uri"] == ["'self'"]
    assert rules["default-src"] == ["'self'"]
    # Our files, and online play's signalling servers (static/net.mjs, only once a table is
    # opened or joined): those of the build's settings and, for scripts/signal, this machine.
    assert rules["connect-src"] == connect_sources(online_config())
    assert rules["connect-src"][:2] == ["'self'", "wss://0.peerjs.com"]
    # Nothing of ours needs more: no inline script, no handler attribute anywhere.
    html = page.content()
    assert not re.search(r"<script>|<style|\son[a-z]+=|\sstyle=", html)


def test_a_whole_match_and_every_panel_keep_the_policy(watched, site_url, tmp_path):
    page, _ = watched
    game = GamePage(page).open(site_url, "?seed=11&bots=2&speed=0&lang=en&luegen=1")
    game.settings.open().press_enter()  # a form that would be sent goes nowhere
    game.settings.close()
    game.help.open().escape()
    game.stats.open()
    expect(game.stats.panel.locator(".empty")).to_be_visible()  # no chart before a match
    game.stats.export(tmp_path / "stats.json")
    game.stats.close()
    assert game.play_until(seed=3) == "match-over"
    page.wait_for_function("() => ['saved', 'failed'].includes(app.dataset.snapshot)")
    game.reload()  # the restored start too
    assert page.locator("#app").get_attribute("data-boot") == "snapshot"
    game.new_match()
    game.stats.open()  # a match finished: the chart too
    expect(game.stats.chart).to_be_visible()
    game.stats.close()
