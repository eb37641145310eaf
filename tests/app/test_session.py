"""app.table.session: one straight path per click (issue 39, part 5).

A person's move goes down once (page -> session -> seat source -> engine) and is drawn
once; the owner hears of it after the drawing. The page here counts its drawings and
runs the timers one at a time, as the browser would; every observation the match
builds is counted.
"""

from __future__ import annotations

import dataclasses

import pytest

from app.controller import Controller
from app.host import QuietHost
from app.storage import MemoryBackend, Store
from app.table.mode import Mode
from app.table.state import UIState
from engine import Match
from tests.online.fake_net import Clock, Hub, guest_table, host_table


class CountingHost(QuietHost):
    """A page that counts its drawings and queues timers."""

    def __init__(self) -> None:
        self.draws: list[str] = []
        self.timers: list = []

    def show(self, markup, log, state):
        self.draws.append(state)

    def later(self, ms, callback):
        self.timers.append(callback)


@pytest.fixture
def builds(monkeypatch):
    """How many observations the engine has built (``Match.observation``)."""
    counter = {"n": 0}
    real = Match.observation

    def counted(self, seat):
        counter["n"] += 1
        return real(self, seat)

    monkeypatch.setattr(Match, "observation", counted)
    return counter


def started(query: str) -> tuple[Controller, CountingHost]:
    host = CountingHost()
    c = Controller(host, Store(MemoryBackend()), query=query, seed_source=lambda: 5)
    c.start()
    return c, host


def to_persons_turn(c: Controller, host: CountingHost) -> None:
    """Run the timers until a person may move (past any result panel)."""
    for _ in range(500):
        if c.ui.frame.mode == "human":
            return
        if c.ui.frame.mode == "deal-over":
            c.press("next-deal")
        elif c.ui.frame.cover_ready:  # a shared device: the next person uncovers
            c.press("reveal")
        elif host.timers:
            host.timers.pop(0)()
        else:
            raise AssertionError(f"stuck in {c.ui.frame.mode}")
    raise AssertionError("no person's turn came")


def a_move(c: Controller) -> str:
    """A move that neither knocks nor ends the deal at once (a plain swap if any)."""
    texts = [str(a) for a in c.match.legal_actions()]
    return next((t for t in texts if t.startswith("swap ") and len(t.split()) == 3), texts[0])


@pytest.mark.parametrize("query", ["?seed=7&speed=1", "?seed=7&speed=0", "?seed=9&players=5"])
def test_a_persons_move_against_bots_is_drawn_once_and_the_next_task_is_a_bots_move(query):
    c, host = started(query)
    for _ in range(6):  # several turns: deals end on the way at some seeds
        to_persons_turn(c, host)
        host.draws.clear()
        moves = len(c.match.actions)
        assert c.play(a_move(c))
        assert len(host.draws) == 1, host.draws  # the move, drawn once
        if c.session_of().closing_now() or c.match.current_player() == 0:
            continue  # the deal's closing table waits; or the person's turn again
        assert len(host.timers) == 1
        host.timers.pop(0)()  # the next task: the bot moves, and that is drawn once
        assert len(c.match.actions) == moves + 2
        assert len(host.draws) == 2, host.draws


def test_a_refresh_builds_the_observation_once(builds):
    c, host = started("?seed=7&speed=1")
    to_persons_turn(c, host)
    builds["n"] = 0
    c.session_of().refresh()
    assert builds["n"] == 1


def test_a_persons_move_builds_the_observation_once_to_check_it_and_once_to_draw(builds):
    c, host = started("?seed=7&speed=1")
    to_persons_turn(c, host)
    builds["n"] = 0
    assert c.play(a_move(c))
    assert builds["n"] == 2


def test_at_a_shared_device_the_cover_names_the_next_person_in_the_moves_one_drawing():
    c, host = started("?seed=4&people=2&bots=0&speed=1")
    handed = 0
    for _ in range(6):
        to_persons_turn(c, host)
        first = c.seats_of().viewer
        host.draws.clear()
        assert c.play(a_move(c))
        assert len(host.draws) == 1
        nxt = c.match.current_player()
        if nxt in (None, first) or not c.seats_of().is_person(nxt) or c.session_of().closing_now():
            continue
        handed += 1
        assert c.seats_of().viewer == nxt
        assert c.ui.frame.cover == c.seats_of().seat_names[nxt] and c.ui.frame.cover_ready
        assert host.timers == []  # no second drawing waits
    assert handed


def test_the_frame_is_worked_out_once_per_refresh_and_never_changed_after():
    c, host = started("?seed=7&speed=1")
    to_persons_turn(c, host)
    drawn = c.ui.frame
    with pytest.raises(dataclasses.FrozenInstanceError):
        drawn.mode = Mode.BUSY  # type: ignore[misc]
    c.session_of().refresh()
    assert c.ui.frame is not drawn and c.ui.frame == drawn  # the same position, anew


def test_each_part_of_the_ui_state_has_its_own_fields():
    ui = UIState.of(lang="en", mode="human", selected=(("hand", "0"),), help_open=True)
    assert (ui.look.lang, ui.lang, ui.frame.mode) == ("en", "en", "human")
    assert ui.choice.selected == (("hand", "0"),) and ui.panels.help_open
    with pytest.raises(TypeError, match="colour"):
        UIState.of(colour="red")


TABLE_OF_TWO = {"name": "Hana", "preset": "knack", "lives": "1", "players": "2",
                "bot_level": "easy", "move_time": "0", "on_timeout": "bot"}


def test_an_online_move_is_drawn_once_by_the_host_and_once_by_the_guest():
    hub, clock = Hub(), Clock()
    host, host_page = host_table(hub, clock)
    host.start()
    host.press("host", TABLE_OF_TWO)
    hub.run()
    ben, ben_page = guest_table(hub, clock)
    ben.start()
    ben.press("join", {"name": "Ben"})
    hub.run()
    host.press("start-online")
    hub.run()
    drawn = {"n": 0}
    for page in (host_page, ben_page):
        page.show = counted_show(page.show, drawn)
    for _ in range(40):
        clock.now += 150  # people take a moment (the host limits messages per second)
        hub.run()
        room = next((r for r in (host, ben) if r.ui.frame.mode == "human"), None)
        if room is None:
            continue
        drawn["n"] = 0
        assert room.session is not None and room.session.play(a_move_of(room.session))
        assert drawn["n"] == 1
    assert host.ref is not None and len(host.ref.match.actions) >= 2


def counted_show(show, drawn):
    def counting(markup, log, state):
        drawn["n"] += 1
        show(markup, log, state)

    return counting


def a_move_of(session) -> str:
    texts = [str(a) for a in session.view().legal_actions]
    return next((t for t in texts if t.startswith("swap ") and len(t.split()) == 3), texts[0])


def test_a_move_made_by_two_taps_builds_the_observation_once_for_the_tap_and_once_to_draw(
    builds,
):
    c, host = started("?seed=7&speed=1")
    to_persons_turn(c, host)
    hand, table = a_move(c).split()[1:]
    c.handle({"type": "card", "zone": "hand", "index": hand})
    builds["n"] = 0
    moves = len(c.match.actions)
    c.handle({"type": "card", "zone": "table", "index": table})
    assert len(c.match.actions) == moves + 1
    assert builds["n"] == 2
