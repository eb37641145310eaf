"""A table server's table that finishes (issue 41) on the page: "More time" for the one to
move (``app.online.finish``), and the mark and log line of a seat a bot plays after two
missed deadlines, against the fake server of ``test_server_room``."""

from __future__ import annotations

import random

from app.online.room import KEY_SERVER, Phase
from app.storage import MemoryBackend, Store
from engine.online.referee import Timing
from tests.online.fake_net import Clock
from tests.online.test_server_room import FakeServer, room
from tests.online.test_table import FORM

AS_THE_SERVER = Timing(grace_ms=float("inf"), silent_ms=float("inf"))
"""A server's referee waits for its people: only the clock decides (``server.tables``)."""


def two_at_a_table(clock: Clock):
    server = FakeServer(clock)
    hana, hana_page, _ = room(server, Phase.SETUP)
    hana.start()
    hana.press("host", {**FORM, "players": "2", "move_time": "600", "on_timeout": "bot"})
    server.run()
    server.ref.timing = AS_THE_SERVER
    ben, ben_page, ben_net = room(server, None, "abcdefghijkmnpqr")
    ben.start()
    ben.press("join", {"name": "Ben"})
    server.run()
    hana.press("start-online")
    server.run()
    return server, (hana, hana_page), (ben, ben_page, ben_net)


def test_the_one_not_to_move_gives_more_time_once():
    clock = Clock()
    server, (hana, hana_page), (ben, ben_page, _) = two_at_a_table(clock)
    ref = server.ref
    pages = {0: (hana, hana_page), 1: (ben, ben_page)}
    mover = ref.match.current_player()
    giver, giver_page = pages[1 - mover]
    assert 'data-action="more-time"' in giver_page.markup
    assert 'data-action="more-time"' not in pages[mover][1].markup  # never for oneself
    clock.now += 400_000
    deadline = ref.deadline
    giver.press("more-time")
    server.run()
    assert ref.deadline == deadline + 300_000 and ref.gave_time == {1 - mover}
    assert 'data-action="more-time"' not in giver_page.markup  # once per match
    giver.press("more-time")  # a second press sends nothing
    server.run()
    assert ref.deadline == deadline + 300_000


def test_a_seat_a_bot_plays_is_marked_on_every_page_and_said_in_the_log():
    clock = Clock()
    server, (hana, hana_page), (_ben, _, ben_net) = two_at_a_table(clock)
    ref = server.ref
    ben_net.close()  # Ben leaves
    rng = random.Random(3)
    for _ in range(200):
        if ref.bot_plays or ref.ended:
            break
        if ref.match.current_player() == 0:
            if hana.ui.frame.mode == "deal-over":
                hana.press("next-deal")
            hana.press(str(rng.choice(hana._obs().legal_actions)))
        else:
            clock.now = ref.deadline
            server.tick()
        clock.now += 150
        server.run()
    assert ref.bot_plays == {1}
    assert 'data-testid="bot-1"' in hana_page.markup
    assert "a bot plays until their next move" in hana_page.markup
    if ref.match.current_player() == 0:  # Ben's next turn: the bot's move at once
        hana.press(str(rng.choice(hana._obs().legal_actions)))
        server.run()
        assert "left" in ref.stand_ins.values()


def test_reminders_come_as_one_summary_a_day_when_chosen_and_the_choice_is_kept():
    clock = Clock()
    server = FakeServer(clock)
    store = Store(MemoryBackend())
    hana, page, net = room(server, Phase.SETUP, store=store)
    hana.start()
    hana.press("host", {**FORM, "players": "2"})
    server.run()
    hana.press("seat-bot-1")
    hana.press("start-online")
    server.run()
    assert 'data-testid="reminders-daily"' not in page.markup  # reminders off: no choice
    hana.press("remind-on")
    server.run()
    assert net.daily is False and 'data-daily="off"' in page.markup
    hana.press("remind-daily")
    server.run()
    assert net.reminded[-1][2] is True and net.daily is True  # the server is told
    assert 'data-daily="on"' in page.markup and 'data-action="remind-each"' in page.markup
    assert store.load(KEY_SERVER, 1)[0]["abcdefghijkmnpqr"]["daily"] is True
    again, again_page, again_net = room(server, None, "abcdefghijkmnpqr", store=store)
    again.start()  # the same seat on a reloaded page: still once a day
    server.run()
    assert 'data-daily="on"' in again_page.markup
    again.press("remind-each")
    server.run()
    assert again_net.daily is False and 'data-daily="off"' in again_page.markup
