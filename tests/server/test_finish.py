"""Tables that finish when someone stops playing (issue 41), through the server in this
process on SQLite and PostgreSQL: two missed deadlines hand a seat to a bot until its
person acts again, and "more time" may be given once per match by anyone else seated."""

from __future__ import annotations

import json

from engine.online import protocol
from engine.online.referee import Referee
from server.hub import Entry
from server.store import Row
from server.tables import _catch_up
from tests.online.test_referee import started, until_turn
from tests.online.test_referee_finish import PATIENT

from .support import Page, Served, rejected
from .test_tables import _with_rules, seated

LONG = _with_rules(lives=10)
"""Rules whose match outlasts every test here (its seeds are the server's, random)."""


def referee(served: Served, table: str):
    return served.server.tables.cache[table].ref


def let_time_run_out(served: Served, table: str) -> None:
    """The clock passes the deadline of the decision due; the scheduler handles it."""
    served.clock.now = referee(served, table).deadline
    assert served.due() == 1


def lobby_seat(page: Page, seat: int) -> dict:
    return page.guest.lobby["seats"][seat]


def play_while_the_guest_misses(served: Served, table: str, owner: Page, misses: int) -> None:
    """The creator plays its turns; each of the absent guest's turns runs out of time,
    ``misses`` times."""
    missed = 0
    while missed < misses:
        owner.sync()
        assert owner.guest.over is None
        if owner.my_turn():
            owner.play(7, len(owner.inbox))
        else:
            let_time_run_out(served, table)
            missed += 1


def test_two_missed_deadlines_hand_the_seat_to_a_bot_until_its_person_acts(database, clock):
    with Served(database, clock) as served:
        made, owner, guest = seated(
            served, players=2, move_time=600, on_timeout="bot", rules=LONG
        )
        table = made["table"]
        owner.send(protocol.start())
        secret = guest.guest.secret
        guest.close()  # the guest leaves the table for good, it seems
        play_while_the_guest_misses(served, table, owner, 1)
        assert "bot_plays" not in lobby_seat(owner, 1)  # the first miss: a bot's one move
        play_while_the_guest_misses(served, table, owner, 1)
        owner.sync()
        assert lobby_seat(owner, 1)["bot_plays"] is True  # every page is told
        ref = referee(served, table)
        assert ref.missed == {1: 2} and ref.bot_plays == {1}
        for n in range(3):  # the bot moves for seat 1 at once: no deadline of its
            assert owner.my_turn() and owner.guest.over is None
            owner.play(8, n)
            assert ref.deadline is not None and ref.time_left()[0] == 0
        assert "left" in owner.guest.mirror.stand_ins.values()  # said in the log
    with Served(database, clock) as served:  # a restart keeps who plays the seat
        guest = served.page(table, "Ann", secret)
        guest.hello()
        ref = referee(served, table)
        assert ref.bot_plays == {1} and ref.missed == {1: 2}
        assert lobby_seat(guest, 1)["bot_plays"] is True
        owner = served.page(table, "Hana", made["token"])
        owner.hello()
        while not guest.my_turn():  # back at the table: its next turn waits for it
            assert owner.my_turn(), "the guest's turn must wait for the guest"
            owner.play(9, len(owner.inbox))
            guest.sync()
        assert ref.time_left()[0] == 1 and ref.bot_plays == {1}
        guest.play(9, 0)  # acting takes the seat back, and the move counts
        owner.sync()
        assert "bot_plays" not in lobby_seat(owner, 1) and ref.bot_plays == set()
        assert owner.guest.mirror.seq == guest.guest.mirror.seq
        assert ref.missed == {1: 2}  # one more miss in this match: a bot again


def test_more_time_once_per_match_by_someone_else_seated(database, clock):
    with Served(database, clock) as served:
        made, owner, guest = seated(served, players=2, move_time=600, on_timeout="bot")
        table = made["table"]
        owner.send(protocol.start())
        guest.sync()
        mover, giver = (owner, guest) if owner.my_turn() else (guest, owner)
        seq = mover.guest.mirror.seq
        ref = referee(served, table)
        deadline = ref.deadline
        clock.advance(400_000)
        assert rejected(mover.send(protocol.more_time(seq))) == ["more-time"]  # not oneself
        assert rejected(giver.send(protocol.more_time(seq + 1))) == ["stale"]
        stranger = served.page(table, "Eve")
        assert rejected(stranger.send(protocol.more_time(seq))) == ["not-seated"]
        assert ref.deadline == deadline
        told = giver.send(protocol.more_time(seq))
        assert not rejected(told)
        assert ref.deadline == deadline + 300_000  # half the move time
        mover.sync()
        assert mover.guest.countdown.deadline - deadline >= 299_000  # the mover's clock too
        assert lobby_seat(mover, giver.guest.seat)["gave_time"] is True
        assert rejected(giver.send(protocol.more_time(seq))) == ["more-time"]  # once only
        assert ref.deadline == deadline + 300_000
    with Served(database, clock) as served:  # stored: still given after a restart
        giver = served.page(table, "Hana" if giver is owner else "Ann", giver.guest.secret)
        giver.hello()
        assert rejected(giver.send(protocol.more_time(seq))) == ["more-time"]


def test_another_processs_cached_referee_takes_the_record_with_the_moves():
    table = started(players=3, seed=4, timing=PATIENT, move_time=30)
    ref = table.ref
    table.deliver(ref.disconnected("c1"))
    cached = Referee.from_dict(ref.to_dict(), clock=table.clock)  # another process's
    for misses in (1, 2):
        until_turn(table, 1, seed=misses)
        table.tick(ref.time_left()[1])
    assert ref.bot_plays == {1}
    moves = len(ref.match.actions)
    row = Row("t", 2, json.dumps(ref.to_dict()), 1, moves, None, None, 30)
    assert _catch_up(Entry(1, 1, cached), row)  # the new moves applied, not rebuilt
    assert len(cached.match.actions) == moves
    assert (cached.missed, cached.bot_plays, cached.stand_ins) == (
        {1: 2},
        {1},
        ref.stand_ins,
    )
