"""The referee as a table server runs it: no host at the table, the creator a guest at
seat 0 with the lobby controls over the protocol, seats keeping only their secrets'
hashes, connections attached by a transport that checked the secret itself."""

from __future__ import annotations

import hashlib
import json

import pytest

from engine import InvalidInputError
from engine.online import protocol
from engine.online.guest import Guest
from engine.online.referee import Referee, SeatKind

from .support import Clock, config

OWNER = "0" * 31 + "1"


def digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()[:32]


def hostless(players: int = 3, **options) -> tuple[Referee, Clock]:
    clock = Clock()
    ref = Referee(
        config("classic", players, **options),
        "Hana",
        clock=clock,
        secret_hash=digest,
        owner_secret=OWNER,
        seeds=lambda: 7,
        bot_names=("Anna", "Ben", "Clara"),
    )
    return ref, clock


def said(out, conn: str) -> list[protocol.Message]:
    return [protocol.parse_host(text) for c, text in out if c == conn]


def test_the_creator_sits_at_seat_0_as_a_guest_and_only_the_hash_is_kept():
    ref, _ = hostless()
    assert ref.seats[0].kind is SeatKind.GUEST and ref.seats[0].secret == digest(OWNER)
    (welcome, *_rest) = said(ref.receive("c0", protocol.hello("Hana", OWNER)), "c0")
    assert welcome.kind == "welcome" and welcome.body == {
        "version": protocol.VERSION,
        "seat": 0,
        "secret": OWNER,
    }
    guest = Guest("Ann", clock=lambda: 0)
    for _, text in [o for o in ref.receive("c1", guest.hello()) if o[0] == "c1"]:
        guest.receive(text)
    assert guest.seat == 1 and guest.secret is not None
    saved = json.dumps(ref.to_dict())
    assert OWNER not in saved and guest.secret not in saved
    assert digest(guest.secret) in saved


def test_only_the_creator_sets_seats_starts_and_asks_for_a_rematch():
    ref, _ = hostless()
    ref.receive("c0", protocol.hello("Hana", OWNER))
    ref.receive("c1", protocol.hello("Ann"))
    for text in (protocol.set_seat(2, "bot"), protocol.start(), protocol.rematch()):
        (told,) = said(ref.receive("c1", text), "c1")
        assert told.body["reason"] == "not-owner"
    assert [s.kind for s in ref.seats] == ["guest", "guest", "open"]
    assert said(ref.receive("c0", protocol.set_seat(2, "bot", "hard")), "c0")[0].kind == "lobby"
    assert ref.seats[2].kind is SeatKind.BOT and ref.seats[2].level == "hard"
    (told,) = said(ref.receive("c0", protocol.rematch()), "c0")
    assert told.body["reason"] == "lobby"  # no match is over yet
    assert "state" in [m.kind for m in said(ref.receive("c0", protocol.start()), "c0")]
    assert ref.match is not None and ref.seed == 7
    (told,) = said(ref.receive("c0", protocol.start()), "c0")
    assert told.body["reason"] == "lobby"


def test_a_host_page_refuses_the_creators_controls():
    clock = Clock()
    ref = Referee(config("classic", 3), "Hana", clock=clock)
    ref.receive("c1", protocol.hello("Ann"))
    (told,) = said(ref.receive("c1", protocol.start()), "c1")
    assert told.body["reason"] == "not-owner" and ref.match is None


def test_the_creator_leaving_the_lobby_keeps_the_seat():
    ref, _ = hostless()
    ref.receive("c0", protocol.hello("Hana", OWNER))
    ref.receive("c1", protocol.hello("Ann"))
    ref.receive("c0", protocol.bye())
    ref.receive("c1", protocol.bye())
    assert [s.kind for s in ref.seats] == ["guest", "open", "open"]
    assert said(ref.receive("c2", protocol.hello("Hana", OWNER)), "c2")[0].body["seat"] == 0


def test_attach_binds_a_checked_connection_and_the_saved_table_comes_back():
    ref, clock = hostless()
    ref.receive("c1", protocol.hello("Ann"))
    ref.receive("c0", protocol.hello("Hana", OWNER))
    ref.receive("c0", protocol.start())
    back = Referee.from_dict(ref.to_dict(), clock=clock, secret_hash=digest)
    assert [s.kind for s in back.seats][:2] == ["guest", "guest"]
    seat = back.match.current_player()  # a person's: the bot of seat 2 moves at once
    assert back.seats[seat].kind is SeatKind.GUEST
    back.attach("v", seat)
    action = str(back.match.legal_actions()[0])
    out = back.receive("v", protocol.act(action, seq=len(back.match.actions), seat=seat))
    assert "state" in [m.kind for m in said(out, "v")]
    with pytest.raises(InvalidInputError):
        back.attach("v", 2)  # a bot's seat
    data = ref.to_dict()
    data["seats"][1]["kind"] = "host"
    with pytest.raises(InvalidInputError):
        Referee.from_dict(data, clock=clock)


def test_correspondence_times_are_table_choices():
    assert protocol.MOVE_TIMES[-4:] == (600, 3600, 43200, 86400)
    ref, _ = hostless(move_time=86400)
    body = protocol.parse_host(protocol.lobby(ref.lobby())).body
    assert body["move_time"] == 86400
    bad = json.loads(protocol.lobby(ref.lobby()))
    bad["move_time"] = 86401
    with pytest.raises(protocol.ProtocolError):
        protocol.parse_host(json.dumps(bad))


@pytest.mark.parametrize("move_time", [t for t in protocol.MOVE_TIMES if t])
def test_every_timer_fits_the_wire_across_a_deals_end(move_time):
    """The first decision after a deal gets the result's reading time on top of the
    move time: the page must take that timer, at every move time offered."""
    from engine import bots

    ref, clock = hostless(players=2, move_time=move_time)
    page = Guest("Hana", clock=clock, secret=OWNER)
    told = []

    def deliver(out):
        for conn, text in out:
            if conn == "c0":
                page.receive(text)  # a timer past the wire's bound is refused here
                told.append(json.loads(text))

    deliver(ref.receive("c0", page.hello()))
    deliver(ref.receive("c0", protocol.start()))
    deals = ref.match.deal_count
    for n in range(500):
        if ref.match.deal_count > deals + 1 or ref.ended:
            break
        clock.now += 1000
        if page.observation is not None and page.observation.legal_actions:
            action = bots.make("random", seed=n).choose(page.observation)
            deliver(ref.receive("c0", page.act(action)))
        deliver(ref.tick())
    timers = [m["left_ms"] for m in told if m["kind"] == "timer"]
    assert max(timers) > move_time * 1000  # a deal ended: the reading time was given
    assert max(timers) <= protocol.MAX_LEFT_MS
