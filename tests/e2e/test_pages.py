"""The page object's one retry after a Chromium renderer crash at start-up (no browser:
fake tabs that crash on cue), and that nothing else is retried."""

from __future__ import annotations

import pytest
from playwright.sync_api import Error as PlaywrightError

from tests.e2e.pages import GamePage, RendererCrashWarning


class FakeTab:
    def __init__(self, context, crashes=0, error="Page.goto: Target crashed"):
        self.context, self.crashes, self.error = context, crashes, error
        self.visited: list[str] = []
        self.closed = False
        self.url = "http://site/?seed=1"

    def locator(self, selector):
        return selector

    def goto(self, url):
        self.visited.append(url)
        if self.crashes:
            self.crashes -= 1
            raise PlaywrightError(self.error)

    def reload(self):
        self.goto(self.url)

    def close(self):
        self.closed = True


class FakeContext:
    def __init__(self, crashes_per_tab):
        self.plan = list(crashes_per_tab)
        self.tabs: list[FakeTab] = []

    def new_page(self):
        tab = FakeTab(self, self.plan.pop(0) if self.plan else 0)
        self.tabs.append(tab)
        return tab


@pytest.fixture(autouse=True)
def settles_at_once(monkeypatch):
    monkeypatch.setattr(GamePage, "wait_human", lambda self, timeout=0: "human")


def test_a_crash_while_loading_is_retried_once_in_a_new_tab():
    context = FakeContext([1, 0])
    first = context.new_page()
    seen = []
    game = GamePage(first, on_new_page=seen.append)
    with pytest.warns(RendererCrashWarning):
        game.open("http://site/", "?seed=3")
    second = context.tabs[1]
    assert game.page is second and seen == [second] and first.closed
    assert second.visited == ["http://site/?seed=3"] and len(game.crashes) == 1
    game.reload()  # no crash: the same tab
    assert game.page is second and second.visited[-1] == second.url


def test_a_second_crash_fails_and_other_errors_are_never_retried():
    context = FakeContext([1, 1])
    game = GamePage(context.new_page())
    with pytest.warns(RendererCrashWarning), pytest.raises(PlaywrightError, match="crashed"):
        game.open("http://site/")
    other = FakeContext([1])
    tab = other.new_page()
    tab.error = "Timeout 75000ms exceeded"
    with pytest.raises(PlaywrightError, match="Timeout"):
        GamePage(tab).open("http://site/")
    assert len(other.tabs) == 1  # no new tab for a timeout
