"""The referee's part of tables that finish (issue 41) on a host's page: a guest who lets
two deadlines pass has their seat played by a bot until they move again (here "present"
is their connection), more time once per match, and the record of both saved and
checked when it is loaded."""

from __future__ import annotations

import pytest

from engine import InvalidInputError
from engine.online import protocol
from engine.online.referee import Referee, Timing

from .support import Clock
from .test_referee import refused, started, until_turn

PATIENT = Timing(grace_ms=float("inf"), silent_ms=float("inf"))
"""Absence alone hands no seat to a bot (as at a table server): only the clock does."""


def test_a_guest_who_left_misses_twice_then_a_bot_plays_until_they_move():
    table = started(players=3, seed=4, timing=PATIENT, move_time=30)
    ann = table.guests["c1"]
    table.deliver(table.ref.disconnected("c1"))
    ref = table.ref
    for misses in (1, 2):
        until_turn(table, 1, seed=misses)
        table.tick(ref.time_left()[1])
        assert ref.missed == {1: misses}
    assert ref.bot_plays == {1}
    assert table.guests["c2"].lobby["seats"][1]["bot_plays"] is True  # every page is told
    for n in range(200):  # the bot moves for seat 1 at once: no decision waits for it
        if "left" in ref.stand_ins.values():
            break
        assert ref.match.current_player() != 1
        table.play_step(9, n)
    assert "left" in ref.stand_ins.values() and ref.missed == {1: 2}
    back = table.join("c1b", "Ann", secret=ann.secret)  # Ann is back: her turn waits
    until_turn(table, 1, seed=10)
    assert ref.time_left()[0] == 1 and ref.bot_plays == {1}
    replies = table.send("c1b", back.act(back.observation.legal_actions[0]))
    assert not [r for r in replies if r.kind == "rejected"]
    assert ref.bot_plays == set() and "bot_plays" not in back.lobby["seats"][1]
    saved = Referee.from_dict(ref.to_dict(), clock=Clock())
    assert saved.missed == {1: 2} and saved.bot_plays == set()


def test_more_time_once_per_match_and_never_to_oneself():
    table = started(players=3, seed=2, timing=PATIENT, move_time=60)
    until_turn(table, 1)
    ref, seq = table.ref, len(table.ref.match.actions)
    deadline = ref.deadline
    table.tick(40_000)
    assert refused(table.send("c1", protocol.more_time(seq))) == "more-time"  # the mover
    assert not [r for r in table.send("c2", protocol.more_time(seq)) if r.kind == "rejected"]
    assert ref.deadline == deadline + 30_000 and ref.gave_time == {2}
    assert 49_000 <= table.guests["c1"].time_left()[1] <= 50_000  # the mover's clock too
    assert refused(table.send("c2", protocol.more_time(seq))) == "more-time"  # once only
    assert refused(table.send("c3", protocol.more_time(seq))) == "not-seated"
    saved = Referee.from_dict(ref.to_dict(), clock=Clock())
    assert saved.gave_time == {2}


@pytest.mark.parametrize(
    "record",
    [
        {"missed": [[0, 1]]},  # the host's seat never misses: only guests' seats are counted
        {"missed": [[1, 0]]},
        {"missed": [[1, 10**6]]},  # more misses than moves
        {"missed": [[[1], 2]]},
        {"missed": {"1": 2}},
        {"bot_plays": [3]},
        {"bot_plays": ["1"]},
        {"gave_time": [True]},
        {"gave_time": "2"},
    ],
)
def test_a_broken_record_of_the_deadlines_is_refused(record):
    table = started(players=3, seed=2, timing=PATIENT, move_time=60)
    until_turn(table, 1)
    data = {**table.ref.to_dict(), **record}
    with pytest.raises(InvalidInputError, match="record of its deadlines"):
        Referee.from_dict(data, clock=Clock())
