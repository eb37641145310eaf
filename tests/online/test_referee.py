"""The host's referee: the lobby, whole matches with guests and bots, every refusal
leaving the match as it was, coming back, stand-in bots, the move timer and floods."""

from __future__ import annotations

import json

import pytest

from engine import InvalidInputError, preset
from engine.online import protocol
from engine.online.guest import Guest
from engine.online.protocol import EndReason, OnTimeout
from engine.online.referee import Buckets, Referee, SeatKind, TableConfig, Timing
from engine.online.schema import ProtocolError

from .support import Clock, Table, config


def kinds(out) -> list[str]:
    return [protocol.parse_host(text).kind for _, text in out]


def refused(replies) -> str:
    """The reason of the one ``rejected`` among ``replies``."""
    (told,) = [r for r in replies if r.kind == "rejected"]
    return told.body["reason"]


def started(players: int = 4, seed: int = 1, timing: Timing | None = None, **options) -> Table:
    """A table of ``players`` with guests on seats 1 and 2 (connections c1, c2), started."""
    table = Table(config("classic", players, **options), timing=timing)
    table.join("c1", "Ann")
    table.join("c2", "Bob")
    table.deliver(table.ref.start(seed))
    return table


def until_turn(table: Table, seat: int, seed: int = 0) -> None:
    """Play on (people with random choices, bots by themselves) until ``seat`` decides."""
    for n in range(500):
        if table.ref.match.current_player() == seat:
            return
        table.play_step(seed, n)
    raise AssertionError(f"seat {seat} never got a turn")


def snapshot(table: Table) -> tuple:
    m = table.ref.match
    return m.to_json(), [repr(m.observation(s)) for s in range(m.players)], table.ref.ended


# ---------------------------------------------------------------- the lobby


def test_guests_take_the_open_seats_in_order_and_see_the_lobby():
    table = Table(config("knack", 4), bot_names=("Anna", "Ben", "Clara"))
    ann = table.join("c1", "  Ann ")
    bob = table.join("c2", "<b>Bob</b>")
    assert (ann.seat, bob.seat) == (1, 2)
    assert [s.kind for s in table.ref.seats] == ["host", "guest", "guest", "open"]
    assert ann.names() == ("Hana", "Ann", "<b>Bob</b>", "")  # text, escaped where shown
    assert ann.lobby["preset"] == "knack" and not ann.lobby["started"]
    assert len(ann.secret) == 32 and ann.secret != bob.secret
    for text in table.inbox["c1"] + table.inbox["c2"]:  # a secret goes to its owner only
        if json.loads(text)["kind"] != "welcome":
            assert ann.secret not in text and bob.secret not in text
    table.deliver(table.ref.start(7))
    assert table.ref.seats[3].kind == "bot" and table.ref.seats[3].name == "Clara"
    assert ann.lobby["started"] and ann.observation.seat == 1


def test_a_full_table_a_started_match_and_a_second_hello_are_refused():
    table = Table(config("classic", 2))
    table.join("c1", "Ann")
    assert refused(table.send("c1", protocol.hello("Ann"))) == "already-seated"
    assert refused(table.send("c2", protocol.hello("Bob"))) == "table-full"
    table.deliver(table.ref.set_seat(1, SeatKind.OPEN))  # the host frees the seat
    assert refused(table.send("c1", protocol.ping())) == "not-seated"
    table.join("c2", "Bob")
    table.deliver(table.ref.start(1))
    assert refused(table.send("c3", protocol.hello("Cem"))) == "started"


def test_leaving_the_lobby_frees_the_seat_and_bots_can_be_set():
    table = Table(config("classic", 3))
    table.join("c1", "Ann")
    table.join("c2", "Bob")
    out = table.ref.receive("c1", protocol.bye())
    assert kinds(out) == ["lobby"] and out[0][0] == "c2"
    assert table.ref.seats[1].kind == "open"
    table.deliver(table.ref.set_seat(1, SeatKind.BOT, "hard"))
    assert table.guests["c2"].lobby["seats"][1] == {
        "seat": 1, "kind": "bot", "name": "", "away": False, "level": "hard",
    }  # fmt: skip
    with pytest.raises(InvalidInputError):
        table.ref.set_seat(0, SeatKind.BOT)
    with pytest.raises(InvalidInputError):
        table.ref.set_seat(1, SeatKind.BOT, "genius")


def test_a_bad_name_takes_no_seat():
    table = Table(config("classic", 3))
    assert refused(table.send("c1", protocol.hello("\x1b[31mred"))) == "bad-name"
    assert [s.kind for s in table.ref.seats] == ["host", "open", "open"]
    with pytest.raises(ProtocolError):
        Referee(config("classic", 3), "   ", clock=Clock())


@pytest.mark.parametrize(("version", "reload"), [(protocol.VERSION + 1, "host"), (0, "guest")])
def test_another_version_is_told_who_must_reload(version, reload):
    table = Table(config("classic", 3))
    text = json.dumps({"kind": "hello", "version": version, "name": "Ann", "new": True})
    (told,) = table.send("c1", text)
    assert told.kind == "update-needed"
    assert told.body == {"version": protocol.VERSION, "reload": reload}
    assert table.ref.seats[1].kind == "open"


def test_the_table_checks_its_choices():
    with pytest.raises(InvalidInputError):
        TableConfig(preset("pub"), players=2)
    with pytest.raises(InvalidInputError):
        TableConfig(preset("classic"), players=3, move_time=45)
    with pytest.raises(InvalidInputError):
        TableConfig(preset("classic"), players=3, on_timeout="pause")


# ---------------------------------------------------------------- whole matches


@pytest.mark.parametrize(
    ("name", "options"), [("classic", {}), ("knack", {"mistery": True}), ("pub", {"lives": 2})]
)
def test_a_whole_match_with_two_guests_and_a_bot(name, options):
    table = Table(config(name, 4, **options))
    table.join("c1", "Ann")
    table.join("c2", "Bob")
    table.deliver(table.ref.start(5))
    table.play_to_end(seed=5)
    m = table.ref.match
    assert m.is_over() and table.ref.ended == "end"
    for guest in table.guests.values():
        obs = guest.observation
        assert obs.lives == m.lives() and obs.places() == m.places()
        assert obs.winner == m.winner()
        assert guest.over == {"reason": "end", "lives": (*m.lives(),), "places": (*m.places(),)}
        assert guest.results == m.results_for(guest.seat)
    with pytest.raises(ProtocolError, match="over"):
        table.ref.host_act("knock")


def test_bots_play_the_same_for_the_same_seed():
    def moves(seed):
        table = started(seed=seed)
        table.play_to_end(seed=2)
        return table.ref.match.actions

    assert moves(3) == moves(3)


def test_a_rematch_keeps_the_table():
    table = started(players=3, lives=1)
    table.play_to_end(seed=1)
    ann = table.guests["c1"]
    table.deliver(table.ref.rematch(9))
    assert ann.over is None and ann.mirror.log_start == 0
    assert ann.observation == table.ref.match.observation(1)
    assert [s.kind for s in table.ref.seats] == ["host", "guest", "guest"]
    table.play_to_end(seed=2)
    assert ann.observation.lives == table.ref.match.lives()


# ---------------------------------------------------------------- refusals


def forged(table: Table) -> list[tuple[str, str, str]]:
    """(connection, text, expected reason) of forged messages, seat 1 to decide."""
    m = table.ref.match
    seq = len(m.actions)
    legal = str(m.legal_actions()[0])
    return [
        ("c1", protocol.act(legal, seq=seq, seat=2), "wrong-seat"),
        ("c2", protocol.act(legal, seq=seq, seat=2), "not-your-turn"),
        ("c1", protocol.act("swap 7 7", seq=seq, seat=1), "illegal"),
        ("c1", protocol.act("challenge 2", seq=seq, seat=1), "illegal"),
        ("c1", protocol.act("make me win", seq=seq, seat=1), "illegal"),
        ("c1", protocol.act(legal, seq=seq + 1, seat=1), "stale"),
        ("c1", '{"kind": "act", "seat": 1, "action": "' + legal + '", "seq": ', "not-json"),
        ("c1", '{"kind": "act", "seat": 1, "action": "knock", "seq": 1, "as": 0}', "bad-message"),
        ("c1", "x" * 1_000_000, "too-large"),
        ("c1", protocol.act("p" * 999_990, seq=seq, seat=1), "too-large"),
        ("c9", protocol.act(legal, seq=seq, seat=1), "not-seated"),
        ("c1", protocol.hello("Ann"), "already-seated"),
    ]  # fmt: skip


def test_forged_moves_are_refused_and_change_nothing():
    table = started()
    until_turn(table, 1)
    before = snapshot(table)
    for conn, text, why in forged(table):
        replies = table.send(conn, text)
        assert refused(replies) == why, (text[:60], replies)
        assert snapshot(table) == before, why
        assert len(replies) == 1  # only the refusal, to the sender only
    rejected = protocol.parse_host(table.inbox["c1"][-1]).body
    assert rejected["of"] == "hello"
    ann = table.guests["c1"]
    replies = table.send("c1", ann.act(ann.observation.legal_actions[0]))
    assert not [r for r in replies if r.kind == "rejected"]  # and the match goes on
    assert len(table.ref.match.actions) > len(json.loads(before[0])["actions"])


def test_an_illegal_move_is_told_with_its_seq():
    table = started()
    until_turn(table, 2)
    bob = table.guests["c2"]
    (told,) = table.send("c2", bob.act("swap 2 9"))
    assert told.body["reason"] == "illegal" and told.body["seq"] == bob.mirror.seq
    assert told.body["of"] == "act" and "swap 2 9" in told.body["detail"]


def test_no_move_before_the_start_or_after_the_end():
    table = Table(config("classic", 3))
    ann = table.join("c1", "Ann")
    assert refused(table.send("c1", protocol.act("keep", seq=0, seat=ann.seat))) == "not-started"
    table.deliver(table.ref.start(2))
    table.play_to_end(seed=3)
    assert refused(table.send("c1", protocol.act("keep", seq=0, seat=ann.seat))) == "over"


# ---------------------------------------------------------------- coming back


def test_a_guest_comes_back_with_its_secret_on_a_new_connection():
    table = started(seed=4)
    for n in range(12):
        table.play_step(4, n)
    ann = table.guests["c1"]
    table.deliver(table.ref.disconnected("c1"))
    assert table.ref.seats[1].away
    assert table.guests["c2"].lobby["seats"][1]["away"]
    again = table.join("c1b", "Someone", secret=ann.secret)
    assert again.seat == 1 and again.secret == ann.secret
    assert again.names()[1] == "Ann"  # the seat keeps its name
    assert again.observation == table.ref.match.observation(1)  # the whole view at once
    assert not table.ref.seats[1].away
    assert refused(table.send("c1", protocol.ping())) == "not-seated"  # the old one is out
    table.play_to_end(seed=4)
    assert again.observation.lives == table.ref.match.lives()


def test_a_new_connection_with_the_secret_takes_the_seat_from_the_old_one():
    table = started(seed=2)
    ann = table.guests["c1"]
    twin = table.join("c1b", "Ann", secret=ann.secret)
    assert twin.seat == 1 and table.ref.seats[1].conn == "c1b"
    assert refused(table.send("c1", protocol.ping())) == "not-seated"


def test_a_wrong_secret_takes_no_seat():
    table = started()
    assert refused(table.send("c7", protocol.hello("Eve", "f" * 32))) == "bad-secret"


def test_a_guest_who_said_bye_in_a_match_can_come_back():
    table = started(seed=6)
    ann = table.guests["c1"]
    table.deliver(table.ref.receive("c1", protocol.bye()))
    assert table.ref.seats[1].kind == "guest" and table.ref.seats[1].away
    assert table.join("c1b", "Ann", secret=ann.secret).seat == 1


# ---------------------------------------------------------------- stand-in bots


def test_a_bot_plays_for_an_absent_guest_after_the_grace_period_until_it_returns():
    table = started(seed=3, timing=Timing(grace_ms=10_000))
    until_turn(table, 1)
    ann = table.guests["c1"]
    table.deliver(table.ref.disconnected("c1"))
    m = table.ref.match
    moves = len(m.actions)
    table.tick(9_999)
    assert len(m.actions) == moves  # the seat waits for its person
    table.tick(1)
    assert len(m.actions) > moves  # then a bot decides for it
    decided = len(m.log)
    while not [e for e in m.log[decided:] if e.seat == 1 and e.kind != "deal"]:
        table.play_step(3, len(m.actions))  # and goes on deciding for seat 1 ...
        assert m.current_player() != 1  # ... at once, whenever it is to move
    back = table.join("c1b", "Ann", secret=ann.secret)
    until_turn(table, 1)
    moves = len(table.ref.match.actions)
    for _ in range(6):  # back, and saying so: the seat waits for its person
        table.send("c1b", protocol.ping())
        table.tick(10_000)
    assert len(table.ref.match.actions) == moves
    replies = table.send("c1b", back.act(back.observation.legal_actions[0]))
    assert not [r for r in replies if r.kind == "rejected"]


def test_a_silent_guest_counts_as_absent_and_a_ping_keeps_it_here():
    table = started(seed=8, timing=Timing(grace_ms=5_000, silent_ms=15_000))
    until_turn(table, 2)
    for _ in range(4):  # Bob pings every 5 s: here, so nobody moves for him
        table.tick(5_000)
        assert [r.kind for r in table.send("c2", protocol.ping())] == ["pong"]
    assert table.ref.match.current_player() == 2 and not table.ref.seats[2].away
    out = table.tick(15_000)  # silent for 15 s: away, told to the others
    assert "lobby" in kinds(out) and table.ref.seats[2].away
    table.tick(5_000)  # and after the grace period a bot moves for him
    assert table.ref.match.current_player() != 2


# ---------------------------------------------------------------- the move timer


def test_time_runs_out_and_a_bot_moves():
    table = started(seed=5, move_time=30)
    until_turn(table, 1)
    ann = table.guests["c1"]
    seat, left = ann.time_left()
    assert seat == 1 and 29_000 < left <= 30_000 and table.ref.time_left() == (1, left)
    moves = len(table.ref.match.actions)
    table.tick(left - 1)
    assert len(table.ref.match.actions) == moves and ann.time_left() == (1, 1)
    table.tick(1)
    assert len(table.ref.match.actions) > moves and table.ref.ended is None
    assert ann.time_left() is None or ann.countdown.seq == ann.mirror.seq > moves
    table.play_to_end(seed=5)  # and the match goes on to its end


def test_the_hosts_time_runs_out_too():
    table = started(seed=5, move_time=60)
    until_turn(table, 0)
    seat, left = table.ref.time_left()
    assert seat == 0 and 59_000 < left <= 60_000
    moves = len(table.ref.match.actions)
    table.tick(left)
    assert len(table.ref.match.actions) > moves


def test_time_runs_out_and_the_match_ends_with_no_life_lost():
    # (guests are never silent here: only the transport tells who is away)
    table = started(seed=6, timing=Timing(silent_ms=10**12), move_time=120, on_timeout="end")
    until_turn(table, 2)
    lives = table.ref.match.lives()
    table.tick(table.ref.time_left()[1] - 1)
    assert table.ref.ended is None
    out = table.tick(1)
    assert table.ref.ended == "timeout" and table.ref.match.lives() == lives
    assert sorted(c for c, t in out if protocol.parse_host(t).kind == "over") == ["c1", "c2"]
    for guest in table.guests.values():
        assert guest.over["reason"] == "timeout" and list(guest.over["lives"]) == lives
        assert guest.time_left() is None
    bob = table.guests["c2"]
    assert refused(table.send("c2", bob.act(bob.observation.legal_actions[0]))) == "over"
    assert table.join("c2b", "Bob", secret=bob.secret).over["reason"] == "timeout"


def test_a_table_saved_with_the_texts_of_its_end_reads_them_as_enums():
    """Issue 39: the time-out policy and the end reason are enums (``StrEnum``) in the
    referee, and a table saved with their texts (every table saved so far) loads as
    them and saves the same text again; the messages say the same words."""
    table = started(seed=6, timing=Timing(silent_ms=10**12), move_time=120, on_timeout="end")
    assert table.ref.config.on_timeout is OnTimeout.END
    until_turn(table, 2)
    out = table.tick(table.ref.time_left()[1])
    assert table.ref.ended is EndReason.TIMEOUT
    over = [text for _, text in out if protocol.parse_host(text).kind == "over"]
    assert over and all('"reason":"timeout"' in text for text in over)
    saved = json.dumps(table.ref.to_dict())
    data = json.loads(saved)
    assert (data["ended"], data["config"]["on_timeout"]) == ("timeout", "end")
    back = Referee.from_dict(data, clock=table.clock)
    assert back.ended is EndReason.TIMEOUT and back.config.on_timeout is OnTimeout.END
    assert json.dumps(back.to_dict()) == saved
    assert json.loads(json.dumps(back.lobby()))["on_timeout"] == "end"


def test_buckets_count_per_key_and_forget_the_least_recently_heard():
    """The one token bucket, per key: the table server's POSTs per address and hellos
    per seat (issue 39). A key heard again is kept; past ``most`` the least recent goes."""
    buckets = Buckets(Timing(burst=1, rate=0.001), most=2)
    assert buckets.allow("a", 0) and not buckets.allow("a", 0)
    assert buckets.allow("b", 0) and not buckets.allow("a", 1)  # "a" is now the most recent
    assert buckets.allow("c", 2) and len(buckets) == 2  # "b" is forgotten, not "a"
    assert not buckets.allow("a", 3)
    assert buckets.allow("b", 4)  # forgotten: a full bucket again


def test_without_a_time_per_move_nobody_is_hurried():
    table = started(seed=5)
    until_turn(table, 1)
    moves = len(table.ref.match.actions)
    for _ in range(360):  # an hour, the guests' pages saying they are here
        table.send("c1", protocol.ping())
        table.send("c2", protocol.ping())
        table.tick(10_000)
    assert len(table.ref.match.actions) == moves and table.ref.time_left() is None


def test_bots_wait_for_their_pause():
    table = Table(config("classic", 3), timing=Timing(bot_ms=500, deal_ms=3000))
    table.deliver(table.ref.start(2))  # the host and two bots
    until_turn(table, 0)
    table.deliver(table.ref.host_act(table.ref.match.legal_actions()[0]))
    moves = len(table.ref.match.actions)
    table.tick(499)
    assert len(table.ref.match.actions) == moves
    table.tick(1)
    assert len(table.ref.match.actions) == moves + 1  # one bot move per pause


# ---------------------------------------------------------------- floods


def test_a_flood_is_dropped_with_one_refusal(monkeypatch):
    parsed = []
    parse = protocol.parse_guest
    monkeypatch.setattr(protocol, "parse_guest", lambda text: parsed.append(1) or parse(text))
    table = started()
    burst = table.ref.timing.burst
    table.clock.advance(10_000)  # the buckets are full again after the joins
    parsed.clear()
    out = []
    for _ in range(10_000):
        out += table.ref.receive("c1", "x" * 1_000_000)
    assert len(parsed) == burst  # only a burst was looked at
    reasons = [protocol.parse_host(t).body["reason"] for _, t in out]
    assert reasons == ["too-large"] * burst + ["flood"]
    table.clock.advance(1000)  # a second later the connection is heard again
    assert [r.kind for r in table.send("c1", protocol.ping())] == ["pong"]
    assert [r.kind for r in table.send("c2", protocol.ping())] == ["pong"]  # others never hushed


def test_a_steady_stream_within_the_rate_is_read():
    table = started()
    rate = table.ref.timing.rate
    for _ in range(200):
        table.clock.advance(1000 / rate)
        replies = [r.kind for r in table.send("c1", protocol.ping())]
        assert [k for k in replies if k != "lobby"] == ["pong"]  # (Bob falls silent)


# ---------------------------------------------------------------- the guest's side


def test_a_guest_refuses_a_view_of_another_seat():
    table = started()
    ann = table.guests["c1"]
    bob_state = next(t for t in reversed(table.inbox["c2"]) if '"kind":"state"' in t)
    with pytest.raises(ProtocolError, match="wrong-seat"):
        ann.receive(bob_state)


def test_a_guest_moves_only_with_a_seat():
    with pytest.raises(ProtocolError, match="not-seated"):
        Guest("Ann", clock=Clock()).act("keep")



# ---------------------------------------------------------------- the host's page reloads


def test_the_host_reloads_and_everyone_comes_back():
    table = started(seed=9, move_time=30)
    for n in range(15):
        table.play_step(9, n)
    before = table.ref.match.actions[:]
    saved = json.loads(json.dumps(table.ref.to_dict()))
    table.ref = Referee.from_dict(saved, clock=table.clock)  # a new page, nobody connected
    assert table.ref.match.actions == before
    assert [s.kind for s in table.ref.seats] == ["host", "guest", "guest", "bot"]
    assert table.ref.seats[1].name == "Ann"
    table.tick()
    assert table.ref.seats[1].away and table.ref.seats[2].away
    for conn, guest in list(table.guests.items()):  # the guests' pages say hello again
        back = table.join(conn + "r", guest.name, secret=guest.secret)
        assert back.seat == guest.seat
        assert back.observation == table.ref.match.observation(back.seat)
    for conn in ("c1", "c2"):
        del table.guests[conn]
    table.play_to_end(seed=9)
    for guest in table.guests.values():
        assert guest.observation.lives == table.ref.match.lives()


def test_a_saved_lobby_restores_too():
    table = Table(config("knack", 3, move_time=300, on_timeout="end", bot_level="hard"))
    ann = table.join("c1", "Ann")
    table.deliver(table.ref.set_seat(2, SeatKind.BOT, "easy"))
    ref = Referee.from_dict(table.ref.to_dict(), clock=table.clock)
    assert ref.config == table.ref.config and ref.match is None
    assert [(s.kind, s.level) for s in ref.seats] == [("host", ""), ("guest", ""), ("bot", "easy")]
    table.ref = ref
    assert table.join("c1r", "Ann", secret=ann.secret).seat == 1


@pytest.mark.parametrize(
    "damage",
    [
        lambda d: d.update(format="other"),
        lambda d: d["config"].update(players=7),
        lambda d: d["config"].update(move_time=7),
        lambda d: d["config"].update(players="4"),
        lambda d: d["config"].update(rules=[]),
        lambda d: d["seats"].pop(),
        lambda d: d["seats"][0].update(kind="guest"),
        lambda d: d["seats"][1].update(secret=None),
        lambda d: d["seats"][1].update(name="\x00"),
        lambda d: d["seats"][3].update(level="genius"),
        lambda d: d.update(ended="bored"),
        lambda d: d["match"]["actions"].append("knock knock"),
        lambda d: d["match"].update(players=3),
    ],
)
def test_a_damaged_saved_table_is_refused(damage):
    table = started(seed=2)
    table.play_step(2, 0)
    data = json.loads(json.dumps(table.ref.to_dict()))
    Referee.from_dict(json.loads(json.dumps(data)), clock=table.clock)
    damage(data)
    with pytest.raises(InvalidInputError):
        Referee.from_dict(data, clock=table.clock)


def test_bots_are_made_as_the_single_player_page_makes_them():
    """The referee takes a decision's bot from ``engine.bots.for_decision``, as the game
    against bots does: the same seed, seat and moves give the same choice."""
    from engine import Match, bots

    m = Match(preset("classic"), players=3, seed=5)
    m.apply(m.legal_actions()[0])
    ref = Referee(TableConfig(preset("classic"), players=3), "Hana", clock=lambda: 0)
    ref.seed = 5
    obs = m.observation(m.current_player())
    mine = ref._make_bot(m, obs.seat, "hard").choose(obs)
    assert mine == bots.for_decision("hard", 5, obs.seat, 1).choose(obs)
    assert ref._make_bot(m, obs.seat, "hard").samples == bots.TABLE_SAMPLES == 192
