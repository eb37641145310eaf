"""One scripted sequence of intents against every seat source (issue 20): the game
against bots (``app.local``), an online table's host (the referee) and a guest (the
mirror) must answer it alike, since one table screen (``app.table.session``) serves
them all. It would have caught the three drifts of the two copies the screen once was:
the sound switch was not remembered online, shortcut keys still worked under the deal
review, and Escape on the match result did not move the focus."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from app.settings import model as st
from app.storage import MemoryBackend, Store
from tests.app.markup import parse
from tests.app.test_controller import FakeHost
from tests.online.fake_net import Clock, Hub, guest_table, host_table

FORM = {"name": "Hana", "preset": "classic", "lives": "2", "players": "2", "bot_level": "easy"}


@dataclass
class Table:
    """A screen under test: what the page hands intents to, its page, its store, and
    a step that lets the others (bots, the other page) move."""

    screen: Any
    page: Any
    store: Store
    step: Callable[[], None]

    def tree(self):
        return parse(self.page.markup)

    def state(self) -> str:
        return str(self.page.state)

    def actions(self) -> set[str]:
        return {e.get("data-action") for e in self.tree().find_all(data_action=True)}


def local() -> Table:
    from app.controller import Controller

    host, store = FakeHost(), Store(MemoryBackend())
    c = Controller(host, store, query="?seed=4&speed=0&bots=1&lives=2&lang=en", tab_id="t")
    c.start()

    def step() -> None:
        if host.timers:
            host.timers.pop(0)[1]()

    return Table(c, host, store, step)


def online(role: str) -> Table:
    hub, clock = Hub(), Clock()
    h_store, g_store = Store(MemoryBackend()), Store(MemoryBackend())
    host, h_page = host_table(hub, clock, h_store)
    host.start()
    host.press("host", FORM)
    hub.run()
    guest, g_page = guest_table(hub, clock, g_store)
    guest.start()
    guest.press("join", {"name": "Ben"})
    hub.run()
    host.press("start-online")
    hub.run()
    rng = random.Random(9)
    mine, other = (host, guest) if role == "host" else (guest, host)

    def step() -> None:  # the other page's person moves as soon as they may
        clock.now += 200
        if other.ui.frame.mode == "deal-over":
            other.press("next-deal")
        elif other.ui.frame.mode == "human":
            other.press(str(rng.choice(other._obs().legal_actions)))
        hub.run()
        host.tick()
        guest.tick()
        hub.run()

    store = h_store if role == "host" else g_store
    return Table(mine, h_page if role == "host" else g_page, store, step)


SOURCES = {"local": local, "host": lambda: online("host"), "guest": lambda: online("guest")}


def until(t: Table, states: tuple[str, ...], rng: random.Random, limit: int = 3000) -> str:
    """Let everyone move (this screen's person too, by random legal moves, and past
    results) until this screen is in one of ``states``."""
    for _ in range(limit):
        state = t.state()
        if state in states:
            return state
        if state == "human":
            legal = [str(a) for a in t.screen.session.view().legal_actions]
            t.screen.press(rng.choice(legal))
        elif state == "deal-over":
            t.screen.press("next-deal")
        t.step()
    raise AssertionError(f"never {states}: {t.state()}")


@pytest.mark.parametrize("kind", SOURCES)
def test_one_scripted_sequence_gives_the_same_screens_everywhere(kind):
    t = SOURCES[kind]()
    rng = random.Random(1)
    until(t, ("human",), rng)
    while not any(str(a).startswith("swap ") for a in t.screen.session.view().legal_actions):
        t.screen.press(str(t.screen.session.view().legal_actions[0]))  # the deal choice
        until(t, ("human",), rng)
    hand = t.tree().find(data_testid="hand")
    first = next(c for c in hand.find_all(data_zone="hand") if c.get("role") == "button")
    index = first.get("data-index")

    # select a card, then Escape clears the choice
    t.screen.handle({"type": "card", "zone": "hand", "index": index})
    assert t.tree().find(data_key=f"hand-{index}").get("data-selected") == "true"
    t.screen.handle({"type": "escape"})
    assert t.tree().find(data_key=f"hand-{index}").get("data-selected") == "false"

    # H asks the coach; the hint is for this seat's own moves
    t.screen.handle({"type": "key", "key": "h"})
    hints = t.tree().find(data_testid="hint").find_all(data_hint_action=True)
    legal = {str(a) for a in t.screen.session.view().legal_actions}
    assert hints and {h.get("data-hint-action") for h in hints} <= legal

    # the sound switch, remembered with the settings (drift 1)
    t.screen.handle({"type": "action", "action": "sound"})
    assert t.tree().find(data_action="sound").get("aria-pressed") == "false"
    assert st.load_settings(t.store, "en")[0].sound is False

    # rules help over the table: keys mean nothing, Escape closes it and the focus returns
    t.screen.handle({"type": "action", "action": "open-help"})
    assert t.screen.take_focus() == "act-close-help"
    t.screen.handle({"type": "key", "key": "k"})
    assert t.state() == "human"
    t.screen.handle({"type": "escape"})
    assert t.screen.take_focus() == "act-open-help" and not t.screen.ui.panels.help_open

    # a deal's result: the review where this page holds the match; keys are dead under it
    until(t, ("deal-over", "match-over"), rng)
    if t.state() == "deal-over":
        can_review = "review" in t.actions()
        assert can_review == (kind != "guest")
        if can_review:
            t.screen.handle({"type": "action", "action": "review"})
            assert t.screen.take_focus() == "act-close-review"
            t.screen.handle({"type": "key", "key": "n"})  # drift 2: N must not go on
            assert t.state() == "deal-over" and t.screen.ui.panels.review_open
            t.screen.handle({"type": "escape"})
            assert t.screen.take_focus() == "act-review"
        t.screen.handle({"type": "key", "key": "n"})  # now N goes on
        assert t.state() != "deal-over" or t.screen.session.deal_seen > 0
        assert t.screen.take_focus() == "hand-0"  # back on the table, not on the page

    # the match result: Escape looks at the table and moves the focus (drift 3)
    until(t, ("match-over",), rng)
    assert t.tree().find_all(data_testid="match-over")
    t.screen.handle({"type": "escape"})
    assert t.screen.take_focus() == "act-show-result"
    assert not t.tree().find_all(data_testid="match-over")
    assert t.tree().find(data_testid="match-bar")
