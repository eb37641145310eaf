"""Online records and messages that once stopped a page, and seats and names a tampered
record or a guest could misuse (issue 26, faults 4, 5 and 10). Driven through the page's
``OnlineTable`` and the ``Referee``, as a person's page would meet them."""

from __future__ import annotations

import json

import pytest

from app.online.room import KEY_HOST
from app.storage import MemoryBackend, Store
from engine import InvalidInputError, preset
from engine.online import protocol
from engine.online.protocol import ProtocolError, Reason
from engine.online.referee import Referee, SeatKind, TableConfig
from tests.online.fake_net import Clock, Hub, guest_table, host_table
from tests.online.test_table import join, open_table, two_at_table

HUGE = "9" * 5000


def saved_table(store: Store) -> dict:
    return store.load(KEY_HOST, 1)[0]


def test_a_saved_table_with_a_5000_digit_action_is_set_aside_and_said():
    hub, clock = Hub(), Clock()
    store = Store(MemoryBackend())
    two_at_table(hub, clock, None, store=store)
    record = saved_table(store)
    record["table"]["match"]["actions"].append(f"swap {HUGE} 0")
    store.save(KEY_HOST, record, 1)
    hub.host_table, hub.links = None, {}
    again, page = host_table(hub, clock, store, table_id="table-1")
    again.start()  # raised a plain ValueError before: the page stayed at "booting"
    hub.run()
    assert again.ref is None and 'data-testid="online"' in page.markup  # the dialog
    assert (
        'data-testid="notices"' in page.markup and "schwimmen.backup.online-host.1" in page.markup
    )
    assert store.load(KEY_HOST, 1)[0] is None  # set aside: the next start is clean
    assert json.loads(store.backend.items["schwimmen.backup.online-host.1"])["data"] == record


def forged_lobby(seats: int, players: int) -> str:
    return protocol.lobby(
        {
            "seats": [
                {
                    "seat": i,
                    "kind": "host" if i == 0 else "bot",
                    "name": f"P{i}",
                    "away": False,
                    "level": None,
                }
                for i in range(seats)
            ],
            "players": players,
            "preset": "classic",
            "rules": preset("classic").to_dict(),
            "move_time": 0,
            "on_timeout": "bot",
            "bot_level": "easy",
            "started": True,
        }
    )


def test_a_lobby_with_fewer_seats_than_the_guests_is_refused_and_the_page_goes_on():
    hub, clock = Hub(), Clock()
    host, _, ben, ben_page = two_at_table(hub, clock)
    assert ben.guest.seat == 1
    ben.net_message("host", forged_lobby(1, 2))  # raised IndexError on every later state
    assert 'data-testid="refused"' in ben_page.markup
    for _ in range(3):  # later states, ticks and clicks still work
        clock.now += 6_000
        ben.tick()
        host.tick()
        hub.run()
    ben.press("hint")
    assert 'data-testid="hand"' in ben_page.markup
    assert ben.guest.lobby["players"] == 2 and len(ben.guest.lobby["seats"]) == 2


# ---------------------------------------------------------------- seats and names


def referee(**kw) -> Referee:
    clock = iter(range(0, 10**9, 10)).__next__
    return Referee(TableConfig(preset("classic"), players=3), "Hana", clock=clock, **kw)


def test_a_saved_table_with_a_secret_on_the_host_or_a_bot_seat_is_refused():
    ref = referee()
    ref.receive("c1", protocol.hello("Ben"))
    ref.start(1)
    data = ref.to_dict()
    assert [s["secret"] is not None for s in data["seats"]] == [False, True, False]
    clock = iter(range(10**9)).__next__
    Referee.from_dict(data, clock=clock)  # as saved: fine
    for seat in (0, 2):
        tampered = json.loads(json.dumps(data))
        tampered["seats"][seat]["secret"] = "b" * 32
        with pytest.raises(InvalidInputError, match="only a guest's seat has a secret"):
            Referee.from_dict(tampered, clock=clock)
    twice = json.loads(json.dumps(data))
    twice["seats"][2] = {
        "kind": "guest",
        "name": "Eve",
        "level": "",
        "secret": data["seats"][1]["secret"],
    }
    with pytest.raises(InvalidInputError, match="same secret"):
        Referee.from_dict(twice, clock=clock)


def test_a_secret_brings_back_only_a_guest_seat():
    ref = referee()
    ref.seats[0].secret = "c" * 32  # as a tampered record once could
    out = ref.receive("c1", protocol.hello("Eve", "c" * 32))
    assert protocol.parse_host(out[0][1]).body["reason"] == Reason.BAD_SECRET
    assert ref.seats[0].conn is None


@pytest.mark.parametrize("name", ["Hana", "hana", "HANA", " Hana ", "Hana\u3164", "Ha\u2800na"])
def test_a_guest_may_not_take_the_hosts_name(name):
    ref = referee()
    out = ref.receive("c1", protocol.hello(name))
    reply = protocol.parse_host(out[0][1])
    assert reply.kind == "rejected" and reply.body["reason"] == Reason.BAD_NAME
    assert [s.kind.value for s in ref.seats] == ["host", "open", "open"]


def test_nor_the_name_of_another_guest():
    ref = referee()
    ref.receive("c1", protocol.hello("Ben"))
    out = ref.receive("c2", protocol.hello("BEN"))
    assert protocol.parse_host(out[0][1]).body["reason"] == Reason.BAD_NAME


@pytest.mark.parametrize(
    "name", ["\u3164", "\u2800", " \u3164 \u2800 ", "\u115f\u1160", "\U000e0041"]
)
def test_names_that_look_blank_are_refused(name):
    with pytest.raises(ProtocolError, match="empty"):
        protocol.clean_name(name)


def test_a_guest_refused_for_its_name_is_asked_for_another():
    hub, clock = Hub(), Clock()
    open_table(hub, clock)

    guest, page = guest_table(hub, clock)
    guest.start()
    guest.press("join", {"name": "hana"})
    hub.run()
    assert 'data-testid="join"' in page.markup and "called Hana" in page.markup
    guest.press("join", {"name": "Ben"})
    hub.run()
    assert guest.guest.seat == 1
    join(hub, clock, "Cleo")


@pytest.mark.parametrize(
    "choice",
    [
        {"players": True},
        {"players": 10**5000},  # its repr alone would raise ValueError
        {"move_time": False},
        {"move_time": 10**5000},
        {"on_timeout": ["bot"]},
        {"bot_level": "x" * 10_000},
    ],
    ids=lambda c: f"{next(iter(c))}={type(c[next(iter(c))]).__name__}",
)
def test_a_table_choice_out_of_range_raises_only_invalid_input(choice):
    with pytest.raises(InvalidInputError) as e:
        TableConfig(preset("classic"), **{"players": 3, **choice})
    assert len(str(e.value)) < 200  # the choice is not echoed whole


@pytest.mark.parametrize(
    ("there", "name"),
    [
        ("Jos\u00e9", "Jose\u0301"),  # NFD beside NFC
        ("Hana", "Ha\U000e0100na"),  # an invisible variation selector
        ("Hana", "H\u0430na"),  # a Cyrillic a
        ("Hana", "\uff28ana"),  # a full-width H
        ("bot", "anna"),  # the bot's name
    ],
)
def test_a_guest_may_not_take_a_name_that_looks_like_one_at_the_table(there, name):
    ref = Referee(
        TableConfig(preset("classic"), players=3),
        "Jos\u00e9" if there == "Jos\u00e9" else "Hana",
        clock=lambda: 0.0,
        bot_names=("Anna", "Ben"),
    )
    ref.set_seat(1, SeatKind.BOT)
    assert ref.seats[1].name == "Anna"
    out = ref.receive("c2", protocol.hello(name))
    assert protocol.parse_host(out[0][1]).body["reason"] == Reason.BAD_NAME
    assert ref.seats[2].kind is SeatKind.OPEN
