"""The messages as values: each kind of text reads into its value once, and the one
encoder writes the very text the message functions (and older pages) write."""

from __future__ import annotations

import pytest

from engine.online import protocol
from engine.online.protocol import (
    FLOOD,
    Act,
    Bye,
    Hello,
    Lobby,
    Over,
    Ping,
    Pong,
    ProtocolError,
    Reason,
    Rejected,
    Rematch,
    SeatKind,
    SetSeat,
    Start,
    State,
    Timer,
    UpdateNeeded,
    VersionMismatch,
    Welcome,
    encode,
    read_guest,
)

SECRET = "0123456789abcdef" * 2

GUEST_TEXTS = [
    ('{"kind":"hello","version":2,"name":"Anna"}', Hello("Anna")),
    (
        '{"kind":"hello","version":2,"name":"Anna","secret":"' + SECRET + '"}',
        Hello("Anna", SECRET),
    ),
    ('{"kind":"act","seat":1,"action":"swap 0 2","seq":7}', Act(1, "swap 0 2", 7)),
    ('{"kind":"ping"}', Ping()),
    ('{"kind":"bye"}', Bye()),
    ('{"kind":"seat","seat":2,"to":"bot","level":"hard"}', SetSeat(2, SeatKind.BOT, "hard")),
    ('{"kind":"seat","seat":3,"to":"open"}', SetSeat(3, SeatKind.OPEN)),
    ('{"kind":"start"}', Start()),
    ('{"kind":"rematch"}', Rematch()),
]


@pytest.mark.parametrize(("text", "value"), GUEST_TEXTS, ids=[t for t, _ in GUEST_TEXTS])
def test_a_guest_text_reads_into_its_value_and_back(text, value):
    assert read_guest(text) == value
    assert encode(read_guest(text)) == text


def test_a_guest_value_is_frozen():
    with pytest.raises(AttributeError):
        Act(1, "knock", 3).seq = 4  # type: ignore[misc]  # the assignment is the test


def test_reading_a_value_refuses_what_parsing_refuses():
    with pytest.raises(VersionMismatch):
        read_guest('{"kind":"hello","version":1,"name":"Anna"}')
    with pytest.raises(ProtocolError) as caught:
        read_guest('{"kind":"seat","seat":2,"to":"guest"}')
    assert caught.value.reason == Reason.BAD_MESSAGE


HOST_VALUES = [
    (Welcome(3, SECRET), protocol.welcome(3, SECRET)),
    (Timer(2, 17, 29_500), protocol.timer(2, seq=17, left_ms=29_500)),
    (Over("timeout", (2, -1, 0), (1, 3, 2)), protocol.over("timeout", [2, -1, 0], [1, 3, 2])),
    (Rejected(Reason.STALE, "late", "act", 4), protocol.rejected(Reason.STALE, "late", "act", 4)),
    (Rejected(Reason.NOT_JSON, "x" * 500), protocol.rejected(Reason.NOT_JSON, "x" * 500)),
    (UpdateNeeded(1), protocol.update_needed(1)),
    (Pong(), protocol.pong()),
    (Lobby({"players": 2}), protocol.lobby({"players": 2})),
    (State({"seq": 0}), protocol.state({"seq": 0})),
]


@pytest.mark.parametrize(
    ("value", "text"), HOST_VALUES, ids=[type(v).__name__ for v, _ in HOST_VALUES]
)
def test_a_host_value_encodes_as_the_message_function_writes(value, text):
    assert encode(value) == text


def test_the_wire_text_of_the_host_values_is_as_before():
    assert encode(Rejected(Reason.STALE, "late", "act", 4)) == (
        '{"kind":"rejected","reason":"stale","detail":"late","of":"act","seq":4}'
    )
    assert encode(FLOOD) == (
        '{"kind":"rejected","reason":"flood","detail":"too many messages: some were dropped",'
        '"of":null}'
    )
    assert encode(UpdateNeeded(protocol.VERSION + 1)) == (
        f'{{"kind":"update-needed","version":{protocol.VERSION},"reload":"host"}}'
    )


def test_the_seat_kinds_are_one_enum_the_lobby_reads():
    assert [str(k) for k in SeatKind] == ["host", "guest", "bot", "open"]
    from engine.online import referee

    assert referee.SeatKind is SeatKind
