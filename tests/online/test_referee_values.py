"""The referee taking messages as values and answering with values (what a table
server does), and leaving out the pages' messages for a transport that builds them."""

from __future__ import annotations

import hashlib

from engine.online import protocol
from engine.online.protocol import (
    FLOOD,
    Act,
    Hello,
    Lobby,
    Ping,
    Pong,
    Reason,
    Rejected,
    Start,
    State,
    Welcome,
)
from engine.online.referee import Referee

from .support import Clock, config

OWNER = "0" * 31 + "1"


def digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()[:32]


def hostless(*, views: bool) -> Referee:
    return Referee(
        config("classic", 2),
        "Hana",
        clock=Clock(),
        secret_hash=digest,
        owner_secret=OWNER,
        seeds=lambda: 7,
        views=views,
    )


def started(*, views: bool) -> Referee:
    ref = hostless(views=views)
    ref.take("c0", Hello("Hana", OWNER))
    ref.take("c1", Hello("Ben"))
    ref.take("c0", Start())
    return ref


def test_take_answers_with_values():
    ref = hostless(views=True)
    out = ref.take("c0", Hello("Hana", OWNER))
    assert out[0] == ("c0", Welcome(0, OWNER))
    assert [type(m) for _, m in out[1:]] == [Lobby]
    assert ref.take("c0", Ping()) == [("c0", Pong())]
    stale = ref.take("c0", Act(0, "knock", 5))
    assert stale == [("c0", Rejected(Reason.NOT_STARTED, "the match has not started", "act", 5))]


def test_a_move_tells_every_bound_seat_its_view():
    ref = started(views=True)
    seat = ref.match.current_player()
    action = str(ref.match.legal_actions()[0])
    out = ref.take(f"c{seat}", Act(seat, action, 0))
    assert sorted(c for c, m in out if isinstance(m, State)) == ["c0", "c1"]


def test_without_views_only_the_answers_to_the_sender_are_built():
    ref = started(views=False)
    assert ref.match is not None and len(ref.match.actions) == 0
    seat = ref.match.current_player()
    action = str(ref.match.legal_actions()[0])
    assert ref.take(f"c{seat}", Act(seat, action, 0)) == []
    assert len(ref.match.actions) == 1  # the move was made all the same
    assert ref.take("c9", Hello("Eve")) == [
        ("c9", Rejected(Reason.STARTED, "the match has begun; only its players return", "hello"))
    ]


def test_receive_is_take_of_the_text_read_with_flood_control():
    ref = hostless(views=True)
    text = protocol.hello("Hana", OWNER)
    assert ref.receive("c0", text) == [
        (c, protocol.encode(m)) for c, m in hostless(views=True).take("c0", Hello("Hana", OWNER))
    ]
    answers = [ref.receive("c0", protocol.ping()) for _ in range(ref.timing.burst + 1)]
    assert answers[-2] == [("c0", protocol.encode(FLOOD))] and answers[-1] == []
