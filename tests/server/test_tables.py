"""Whole tables through the server in this process, on SQLite and on PostgreSQL: the
creator's lobby controls, a match to its end, every refusal, restarts, the move timer
with a hand-driven clock, "My tables"."""

from __future__ import annotations

import json

import pytest

from engine import Match, preset
from engine.online import protocol
from engine.online.protocol import EndReason, OnTimeout
from engine.record import MatchRecord
from server.tables import token_hash

from .support import Served, play_until, rejected


def seated(served: Served, players: int = 3, **choices):
    """A table whose creator (seat 0) and one guest (seat 1) sit; the rest open."""
    made = served.create(players=players, **choices)
    owner = served.page(made["table"], "Hana", made["token"])
    assert owner.hello()[0] == {
        "kind": "welcome",
        "version": protocol.VERSION,
        "seat": 0,
        "secret": made["token"],
    }
    guest = served.page(made["table"], "Ann")
    guest.hello()
    assert guest.guest.seat == 1
    return made, owner, guest


def stored_moves(served: Served, table: str) -> list[tuple[int, int, str]]:
    async def read():
        async with served.server.store.begin() as conn:
            return await served.server.store.moves(conn, table)

    return served.call(read)


def test_a_match_from_the_lobby_to_its_end_and_its_rematch(database, clock):
    with Served(database, clock) as served:
        made, owner, guest = seated(served)
        owner.sync()
        assert [s["kind"] for s in owner.guest.lobby["seats"]] == ["guest", "guest", "open"]
        assert rejected(guest.send(protocol.start())) == ["not-owner"]
        owner.send(protocol.set_seat(2, "bot", "easy"))
        owner.send(protocol.start())
        pages = [owner, guest]
        play_until(pages, lambda: owner.guest.over is not None and guest.guest.over is not None)
        guest.sync()
        assert owner.guest.over["reason"] == "end" and owner.guest.over == guest.guest.over
        moves = stored_moves(served, made["table"])
        entry = served.server.tables.cache[made["table"]]
        assert [a for _, _, a in moves] == entry.ref.match.actions
        assert [s for _, s, _ in moves] == list(range(len(moves)))  # each once, in order
        replayed = Match.replay(MatchRecord.from_dict(entry.ref.match.record().to_dict()))
        assert tuple(replayed.lives()) == owner.guest.over["lives"]
        assert rejected(guest.send(protocol.rematch())) == ["not-owner"]
        owner.send(protocol.rematch())
        guest.sync()
        assert owner.guest.over is None and guest.guest.observation.log[0].kind.value == "deal"
        assert {m for m, _, _ in stored_moves(served, made["table"])} <= {1, 2}


def test_refusals_change_nothing(database, clock):
    with Served(database, clock) as served:
        made, owner, guest = seated(served, players=2)
        owner.send(protocol.start())
        guest.sync()
        mover, other = (owner, guest) if owner.my_turn() else (guest, owner)
        seq = mover.guest.mirror.seq
        action = str(mover.guest.observation.legal_actions[0])
        assert rejected(other.send(protocol.act(action, seq=seq, seat=other.guest.seat))) == [
            "not-your-turn"
        ]
        assert rejected(other.send(protocol.act(action, seq=seq, seat=mover.guest.seat))) == [
            "wrong-seat"
        ]
        assert rejected(mover.send(protocol.act(action, seq=seq + 1, seat=mover.guest.seat))) == [
            "stale"
        ]
        assert rejected(mover.send(protocol.act("swap 9 9", seq=seq, seat=mover.guest.seat))) == [
            "illegal"
        ]
        assert rejected(mover.send("{nope")) == ["not-json"]
        assert rejected(mover.send("x" * 5000)) == ["too-large"]
        assert rejected(mover.send('{"kind":"act","seat":0}')) == ["bad-message"]
        assert rejected(mover.send(protocol.hello("Eve"))) == ["already-seated"]
        stranger = served.page(made["table"], "Eve")
        assert rejected(stranger.hello()) == ["started"]
        assert rejected(stranger.send(protocol.hello("Eve", "f" * 32))) == ["bad-secret"]
        assert rejected(stranger.send(protocol.act(action, seq=seq, seat=0))) == ["not-seated"]
        assert stored_moves(served, made["table"]) == []
        assert not rejected(mover.act(action))
        assert len(stored_moves(served, made["table"])) >= 1


def test_a_flood_is_dropped_with_one_refusal(database, clock):
    with Served(database, clock) as served:
        _made, owner, guest = seated(served, players=2)
        owner.sync()
        clock.advance(5000)  # a full bucket
        for _ in range(40):  # at one instant: the burst is 20
            owner.ws.send_text(protocol.ping())
        got = [json.loads(owner.ws.receive_text()) for _ in range(21)]
        assert [m["kind"] for m in got].count("pong") == 20
        assert rejected(got) == ["flood"]
        clock.advance(5000)
        assert owner.sync() == []  # answered again once the bucket refilled
        guest.send(protocol.bye())


def test_the_server_restarts_and_every_table_goes_on(database, clock):
    with Served(database, clock) as served:
        made, owner, guest = seated(served, players=3)
        owner.send(protocol.start())
        guest.sync()
        play_until([owner, guest], lambda: len(owner.guest.mirror.observation.log) > 30)
        seq = owner.guest.mirror.seq
        secrets = (owner.guest.secret, guest.guest.secret)
    with Served(database, clock) as served:  # a new process: nothing cached
        owner = served.page(made["table"], "Hana", secrets[0])
        guest = served.page(made["table"], "Ann", secrets[1])
        owner.hello()
        guest.hello()
        assert owner.guest.mirror.seq == seq and guest.guest.mirror.seq == seq
        play_until([owner, guest], lambda: owner.guest.over is not None)
        assert owner.guest.over["reason"] == "end"


@pytest.mark.parametrize("on_timeout", ["bot", "end"])
def test_the_move_timer_runs_out(database, clock, on_timeout):
    with Served(database, clock) as served:
        made, owner, guest = seated(served, players=2, move_time=600, on_timeout=on_timeout)
        owner.send(protocol.start())
        guest.sync()
        mover = owner if owner.my_turn() else guest
        seq = mover.guest.mirror.seq
        lives = list(mover.guest.observation.lives)
        deadline = served.server.tables.cache[made["table"]].ref.deadline
        assert -1000 <= deadline - clock() - 600_000 <= 0
        assert abs(mover.guest.countdown.deadline - deadline) <= 1000
        clock.now = deadline - 1000
        assert served.due() == 1  # the reminder at 80 %, nothing else
        assert served.due() == 0
        mover.sync()
        assert mover.guest.mirror.seq == seq and mover.guest.over is None
        clock.now = deadline
        assert served.due() == 1
        owner.sync()
        guest.sync()
        if on_timeout == "bot":
            assert mover.guest.mirror.seq > seq and mover.guest.over is None
            assert served.due() == 0
        else:
            for page in (owner, guest):
                assert page.guest.over["reason"] == "timeout"
                assert list(page.guest.over["lives"]) == list(lives)  # nobody lost a life
            late = protocol.act("knock", seq=seq, seat=mover.guest.seat)
            assert rejected(mover.send(late)) == ["over"]


def test_a_deadline_that_fell_due_while_the_server_was_down_is_handled_at_start(database, clock):
    with Served(database, clock) as served:
        made, owner, _guest = seated(served, players=2, move_time=3600, on_timeout="end")
        owner.send(protocol.start())
        secret = owner.guest.secret
    clock.advance(2 * 3600_000)  # down for two hours
    with Served(database, clock, due_poll_s=0.05) as served:
        served.settings.scheduler = True
        served.call(served.server.start_deadlines)
        owner = served.page(made["table"], "Hana", secret)
        for _ in range(100):
            owner.hello() if owner.guest.seat is None else owner.sync()
            if owner.guest.over is not None:
                break
        assert owner.guest.over["reason"] == "timeout"


def test_a_table_ended_by_time_reads_back_its_texts_as_enums(database, clock):
    """Issue 39: the referee holds a table's time-out policy and end reason as enums; the
    database keeps their texts, as tables were always stored, so a new process reads a
    table stored before as the same enums and says the same texts."""
    with Served(database, clock) as served:
        made, owner, guest = seated(served, players=2, move_time=600, on_timeout="end")
        owner.send(protocol.start())
        guest.sync()
        clock.now = served.server.tables.cache[made["table"]].ref.deadline
        assert served.due() == 1
        owner.sync()
        assert owner.guest.over["reason"] == "timeout"
    with Served(database, clock) as served:  # a new process: read from the database

        async def read():
            async with served.server.store.begin() as conn:
                return await served.server.store.load(conn, made["table"], lock=False)

        row = served.call(read)
        assert row.ended == "timeout" and type(row.ended) is str  # the column, as before
        assert (row.state["ended"], row.state["config"]["on_timeout"]) == ("timeout", "end")
        table = served.client.get(f"/api/tables/{made['table']}").json()
        assert (table["ended"], table["on_timeout"]) == ("timeout", "end")
        owner = served.page(made["table"], "Hana", owner.guest.secret)
        owner.hello()
        assert owner.guest.over["reason"] == "timeout"
        ref = served.server.tables.cache[made["table"]].ref
        assert ref.ended is EndReason.TIMEOUT and ref.config.on_timeout is OnTimeout.END


def test_my_tables_lists_the_seats_a_device_holds(database, clock):
    with Served(database, clock) as served:
        made, owner, guest = seated(served, players=2, move_time=43200)
        other = served.create(name="Bo", players=2)
        owner.send(protocol.start())
        guest.sync()
        held = [
            {"table": made["table"], "token": owner.guest.secret},
            {"table": other["table"], "token": other["token"]},
            {"table": made["table"], "token": "0" * 32},  # no seat: left out
        ]
        answer = served.client.post("/api/my-tables", json={"seats": held})
        assert answer.status_code == 200
        rows = {r["table"]: r for r in answer.json()["tables"]}
        assert set(rows) == {made["table"], other["table"]}
        mine = rows[made["table"]]
        assert mine["seat"] == 0 and mine["started"] and mine["move_time"] == 43200
        assert mine["your_turn"] == owner.my_turn()
        assert 43200_000 - 2000 <= mine["left_ms"] <= 43200_000
        assert rows[other["table"]]["started"] is False
        assert served.client.post("/api/my-tables", json={"seats": "x"}).status_code == 400
        text = json.dumps(answer.json())
        assert owner.guest.secret not in text and token_hash(owner.guest.secret) not in text


def test_the_database_keeps_only_hashes_of_the_tokens(database, clock):
    with Served(database, clock) as served:
        made, _owner, guest = seated(served)

        async def dump():
            import sqlalchemy as sa

            async with served.server.store.begin() as conn:
                rows = []
                for name in ("tables", "seats"):
                    rows += (await conn.execute(sa.text(f"SELECT * FROM {name}"))).all()
                return repr(rows)

        text = served.call(dump)
        for token in (made["token"], guest.guest.secret):
            assert token not in text and token_hash(token) in text


def test_bad_requests_are_refused(database, clock):
    with Served(database, clock) as served:
        post = served.client.post
        json_type = {"content-type": "application/json"}
        assert post("/api/tables", content=b"{", headers=json_type).status_code == 400
        assert post("/api/tables", json={"name": "<b>", "players": 99}).status_code == 400
        assert post("/api/tables", json={"name": "A", "evil": 1}).status_code == 400
        assert post("/api/tables", content=b"x" * 20_000).status_code == 413
        assert served.client.get("/api/tables/nope").status_code == 404
        assert served.client.get("/api/health").json()["ok"] is True


def _with_rules(**options):
    return {**preset("classic").to_dict(), **options}


OUT_OF_RANGE = [
    {"players": 1},
    {"players": 10},  # engine.bounds.PLAYERS: at most 9 at a table
    {"players": True},
    {"players": "4"},
    {"move_time": 45},
    {"move_time": False},  # not the time 0: every page's lobby would refuse it
    {"move_time": -30},
    {"rules": _with_rules(lives=0)},
    {"rules": _with_rules(lives=11)},  # engine.bounds.LIVES: 1-10
    {"rules": _with_rules(lives=10**6)},  # a heart drawn per life would freeze each page
    {"rules": _with_rules(max_cycles=10**9)},
    {"rules": _with_rules(feuer_value=31)},
    {"name": "\u3164"},  # looks blank
    {"name": "\u2800 \u200b"},
    {"name": "x" * (protocol.NAME_MAX + 1)},
]


@pytest.mark.parametrize("choice", OUT_OF_RANGE, ids=lambda c: repr(c)[:40])
def test_a_table_outside_the_engines_ranges_is_refused(database, clock, choice):
    with Served(database, clock) as served:
        body = {"name": "Hana", "players": 3, "preset": "custom", "rules": _with_rules()}
        assert served.client.post("/api/tables", json=body).status_code == 201
        answer = served.client.post("/api/tables", json={**body, **choice})
        assert answer.status_code == 400, answer.text

        async def count():
            import sqlalchemy as sa

            async with served.server.store.begin() as conn:
                return (await conn.execute(sa.text("SELECT COUNT(*) FROM tables"))).scalar()

        assert served.call(count) == 1  # only the table in range


def test_a_guest_may_not_take_the_creators_name_or_a_blank_one(database, clock):
    with Served(database, clock) as served:
        made = served.create(name="Hana", players=3)
        served.page(made["table"], "Hana", made["token"]).hello()
        for name in ("hana", " HANA\u3164", "\u2800"):
            assert rejected(served.page(made["table"], "x").send(protocol.hello(name))) == [
                "bad-name"
            ]
        assert served.page(made["table"], "Ann").hello()[0]["seat"] == 1


def _damage(served: Served, table: str) -> None:
    """Write a state no referee can load over a table (as a damaged disk or a bad
    migration might), with a new version so that no cached referee hides it."""
    from server import db

    async def write():
        async with served.server.store.begin() as conn:
            t = db.tables.c
            await conn.execute(
                db.tables.update()
                .where(t.id == table)
                .values(state='{"format": "schwimmen-online-table"}', version=t.version + 1)
            )

    served.call(write)


def test_a_table_that_cannot_be_loaded_is_set_aside_and_stops_no_other(database, clock):
    with Served(database, clock) as served:
        tables = []
        for _ in range(2):  # the damaged one has the earlier deadline
            made, owner, guest = seated(served, players=2, move_time=30, on_timeout="end")
            owner.send(protocol.start())
            guest.sync()
            tables.append((made, owner, guest))
            clock.advance(1000)
        (bad, bad_owner, _), (good, good_owner, _) = tables
        _damage(served, bad["table"])
        clock.advance(45_000)
        assert served.due() == 1  # the other table's deadline
        good_owner.sync()
        assert good_owner.guest.over["reason"] == "timeout"
        assert "damaged" in bad_owner.sync()[-1]["detail"]  # its page is told
        assert served.due() == 0  # set aside: not tried again
        answer = served.client.get(f"/api/tables/{bad['table']}")
        assert answer.status_code == 410 and "damaged" in answer.json()["error"]
        assert served.client.get(f"/api/tables/{good['table']}").status_code == 200
        seats = [{"table": t["table"], "token": t["token"]} for t in (bad, good)]
        rows = served.client.post("/api/my-tables", json={"seats": seats}).json()["tables"]
        by_table = {r["table"]: r for r in rows}
        assert by_table[bad["table"]]["ended"] == "broken"
        assert by_table[good["table"]]["ended"] == "timeout"
        assert rejected(bad_owner.send(protocol.rematch())) == ["over"]


def test_refused_messages_and_reads_do_not_wait_for_the_write_lock(tmp_path, clock):
    """Another connection holds SQLite's write lock: what the referee would refuse is
    still answered at once, and so are the reads (none of them opens a write)."""
    import sqlite3
    import time

    database = f"sqlite:///{tmp_path / 'tables.db'}"
    with Served(database, clock) as served:
        made, owner, guest = seated(served, players=2)
        owner.send(protocol.start())
        guest.sync()
        mover, other = (owner, guest) if owner.my_turn() else (guest, owner)
        seq = mover.guest.mirror.seq
        action = str(mover.guest.observation.legal_actions[0])
        stranger = served.page(made["table"], "Eve")
        holder = sqlite3.connect(tmp_path / "tables.db", isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")  # the write lock, held
        try:
            began = time.monotonic()
            assert rejected(guest.send(protocol.start())) == ["not-owner"]
            assert rejected(stranger.send(protocol.act(action, seq=seq, seat=0))) == ["not-seated"]
            assert rejected(other.send(protocol.act(action, seq=seq, seat=other.guest.seat))) == [
                "not-your-turn"
            ]
            assert rejected(
                mover.send(protocol.act(action, seq=seq + 5, seat=mover.guest.seat))
            ) == ["stale"]
            assert rejected(
                mover.send(protocol.act(action, seq=seq, seat=1 - mover.guest.seat))
            ) == ["wrong-seat"]
            assert served.client.get(f"/api/tables/{made['table']}").json()["started"]
            seats = [{"table": made["table"], "token": made["token"]}]
            assert served.client.post("/api/my-tables", json={"seats": seats}).status_code == 200
            assert time.monotonic() - began < 5  # SQLite's busy timeout is 10 s
        finally:
            holder.rollback()
            holder.close()
        assert not rejected(mover.act(action))  # and the move itself goes through after


def test_an_invitation_read_builds_no_cached_referee_and_the_cache_is_bounded_by_memory(
    database, clock
):
    with Served(database, clock) as served:
        made = [served.create(players=9) for _ in range(5)]
        for table in made:
            answer = served.client.get(f"/api/tables/{table['table']}")
            assert answer.status_code == 200 and answer.json()["players"] == 9
        assert len(served.server.tables.cache) == 0  # anyone may ask: nothing is kept
        from server.tables import RefereeCache, referee_bytes

        owner = served.page(made[0]["table"], "Hana", made[0]["token"])
        owner.hello()
        entry = served.server.tables.cache[made[0]["table"]]  # a page's table is kept
        size = referee_bytes(entry.ref)
        assert 10_000 < size < 100_000
        cache = RefereeCache(budget=3 * size)
        for n in range(10):
            cache.put(f"t{n}", entry)
        assert len(cache) == 3 and cache.bytes <= 3 * size
        assert cache.get("t9") is entry and cache.get("t0") is None  # the oldest went first


def test_a_socket_refused_a_seat_leaves_nothing_in_the_referee(database, clock):
    with Served(database, clock) as served:
        made, _owner, _guest = seated(served, players=2)
        table = made["table"]
        for n in range(20):  # a full table: every hello is refused
            stranger = served.page(table, f"Eve{n}", f"{n:032x}" if n % 2 else None)
            assert rejected(stranger.hello()) == ["bad-secret" if n % 2 else "table-full"]
            stranger.close()
        ref = served.server.tables.cache[table].ref
        assert set(ref._buckets) <= {"seat0", "seat1"}  # the seats' own, no stranger's


def test_a_reconnect_flood_of_one_seat_makes_no_flood_of_news(database, clock):
    """200 reconnects of one seat at once: its hellos past a few are refused, and the
    other page hears of who is here a few times, not 400."""
    import time

    with Served(database, clock) as served:
        made, owner, guest = seated(served)
        guest.close()  # its only page: every reconnect makes it here, then away
        owner.sync()
        before = len(owner.inbox)
        answers = []
        for _ in range(200):
            with served.client.websocket_connect(f"/api/tables/{made['table']}/ws") as ws:
                ws.send_text(protocol.hello("Ann", guest.guest.secret))
                answers.append(json.loads(ws.receive_text()))
        time.sleep(1.0)  # the end of the last gap
        owner.sync()
        lobbies = [m for m in owner.inbox[before:] if json.loads(m)["kind"] == "lobby"]
        assert len(lobbies) <= 4, len(lobbies)  # 400 before
        welcomed = [a for a in answers if a["kind"] == "welcome"]
        assert 1 <= len(welcomed) <= 5
        assert {a.get("reason") for a in answers if a["kind"] == "rejected"} == {"flood"}
        clock.advance(3000)  # a moment later the seat comes back
        again = served.page(made["table"], "Ann", guest.guest.secret)
        assert again.hello()[0]["kind"] == "welcome"


def test_the_answer_with_the_creators_token_is_kept_by_no_cache(database, clock):
    with Served(database, clock) as served:
        body = {"name": "Hana", "players": 2, "rules": preset("classic").to_dict()}
        answer = served.client.post("/api/tables", json=body)
        assert answer.status_code == 201 and answer.headers["cache-control"] == "no-store"


def test_a_push_key_that_is_no_point_of_the_curve_is_refused(database, clock):
    import base64

    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import ec

    point = (
        ec.generate_private_key(ec.SECP256R1())
        .public_key()
        .public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    )
    bent = point[:-1] + bytes([point[-1] ^ 1])  # y off by one: off the curve
    b64 = lambda raw: base64.urlsafe_b64encode(raw).decode().rstrip("=")  # noqa: E731
    with Served(database, clock) as served:
        made = served.create()
        subscription = {
            "endpoint": "https://fcm.googleapis.com/fcm/send/abc",
            "keys": {"p256dh": b64(bent), "auth": b64(b"0123456789abcdef")},
        }
        body = {"token": made["token"], "subscription": subscription}
        answer = served.client.post(f"/api/tables/{made['table']}/push", json=body)
        assert answer.status_code == 400 and "curve" in answer.json()["error"]
    from server.app import on_p256

    assert on_p256(b64(point)) and not on_p256(b64(bent))


def test_a_full_disk_is_said_as_json_and_by_the_health_check(tmp_path, clock):
    """SQLite's page limit stands in for a full disk: the same error (SQLITE_FULL)."""
    database = f"sqlite:///{tmp_path / 'tables.db'}"
    with Served(database, clock) as served:
        assert served.client.get("/api/health").json()["ok"] is True

        async def fill_the_disk():
            async with served.server.store.engine.connect() as conn:  # the pool's one
                pages = (await conn.exec_driver_sql("PRAGMA page_count")).scalar()
                await conn.exec_driver_sql(f"PRAGMA max_page_count = {pages}")

        served.call(fill_the_disk)
        body = {"name": "Hana", "players": 9, "rules": preset("classic").to_dict()}
        for _ in range(200):
            answer = served.client.post("/api/tables", json=body)
            if answer.status_code != 201:
                break
        assert answer.status_code == 503 and "try again" in answer.json()["error"]
        health = served.client.get("/api/health")
        assert health.status_code == 503 and health.json()["ok"] is False
        assert "full" in health.json()["error"]


def test_a_table_never_started_ends_after_seven_days(database, clock):
    with Served(database, clock) as served:
        lobby = served.create()
        started, owner, _ = seated(served, players=2)
        owner.send(protocol.start())
        waiting = served.page(lobby["table"], "Hana", lobby["token"])
        waiting.hello()
        clock.advance(7 * 86_400_000 - 60_000)
        assert served.call(served.server.tables.end_stale_lobbies) == 0
        served.server.tables._swept_at = -1e9  # the next sweep is due at once
        clock.advance(120_000)
        assert served.call(served.server.tables.end_stale_lobbies) == 1
        assert "never started" in waiting.sync()[-1]["detail"]
        assert served.client.get(f"/api/tables/{lobby['table']}").status_code == 404
        assert served.client.get(f"/api/tables/{started['table']}").status_code == 200


def started_two(served: Served):
    """A started two-seat table: (made, the page to move, the other page)."""
    made, owner, guest = seated(served, players=2)
    owner.send(protocol.start())
    guest.sync()
    return (made, owner, guest) if owner.my_turn() else (made, guest, owner)


def statements_of(served: Served, work) -> list[str]:
    """The SQL the server ran while ``work()`` ran (and its pages were told). On SQLite
    what the connection itself ran (its trace): a move's transaction goes to it in one
    call, past SQLAlchemy's events."""
    from sqlalchemy import event

    seen: list[str] = []
    store = served.server.store

    def record(statement, *_args):
        seen.append(" ".join(statement.split()))

    async def trace(handler):
        async with store.engine.connect() as conn:  # the pool's one connection
            raw = await conn.get_raw_connection()
            await raw.driver_connection.set_trace_callback(handler)
        await store.writer.run(lambda sqlite: sqlite.set_trace_callback(handler))  # the moves'

    def cursor_record(_conn, _cursor, statement, *_args):
        record(statement)

    if store.postgres:
        event.listen(store.engine.sync_engine, "before_cursor_execute", cursor_record)
    else:
        served.call(trace, record)
    try:
        work()
    finally:
        if store.postgres:
            event.remove(store.engine.sync_engine, "before_cursor_execute", cursor_record)
        else:
            served.call(trace, None)
    return seen


def test_a_move_at_a_cached_table_writes_its_row_and_move_and_reads_nothing(database, clock):
    with Served(database, clock) as served:
        made, mover, other = started_two(served)
        seq = mover.guest.mirror.seq

        def move():
            mover.act(mover.guest.observation.legal_actions[0])
            other.sync()

        ran = statements_of(served, move)
        writes = [s for s in ran if not s.startswith(("BEGIN", "COMMIT"))]
        # no SELECT ... FOR UPDATE, no deadline rows (no move timer), no read of the
        # push subscriptions in a transaction of its own: the UPDATE counts them
        assert [s.split()[:3] for s in writes] == [
            ["UPDATE", "tables", "SET"],
            ["INSERT", "INTO", "moves"],
        ], ran
        assert other.guest.mirror.seq == seq + 1
        assert [s for _, s, _ in stored_moves(served, made["table"])] == list(range(seq + 1))


def test_a_move_at_a_cached_table_is_one_call_into_the_sqlite_writer(tmp_path, clock, monkeypatch):
    """A move's transaction is one call into the thread of the moves' own connection
    (``db.SqliteWriter``) and nothing through the pool (no checkout, no call into
    aiosqlite's thread): aiosqlite took each cursor, statement, fetch and commit to its
    thread and back, a dozen hops a move, and the pool's checkout cost more than the hop
    (issue 39: most of a move's CPU)."""
    import aiosqlite
    from sqlalchemy import event

    from server import db

    with Served(f"sqlite:///{tmp_path / 'tables.db'}", clock) as served:
        made, mover, other = started_two(served)
        seq = mover.guest.mirror.seq
        hops, calls = [], []
        hop, call = aiosqlite.Connection._execute, db.SqliteWriter.run

        async def counted_hop(self, fn, *args, **kwargs):
            hops.append(fn)
            return await hop(self, fn, *args, **kwargs)

        async def counted_call(self, work):
            calls.append(work)
            return await call(self, work)

        checkouts = []

        def checkout(*_args):
            checkouts.append(1)

        pool = served.server.store.engine.sync_engine
        monkeypatch.setattr(aiosqlite.Connection, "_execute", counted_hop)
        monkeypatch.setattr(db.SqliteWriter, "run", counted_call)
        event.listen(pool, "checkout", checkout)
        try:
            mover.act(mover.guest.observation.legal_actions[0])
            other.sync()
        finally:
            event.remove(pool, "checkout", checkout)
        assert other.guest.mirror.seq == seq + 1
        assert len(calls) == 1, calls
        assert hops == [] and checkouts == []
        assert [s for _, s, _ in stored_moves(served, made["table"])] == list(range(seq + 1))


def test_a_cached_table_stored_anew_meanwhile_is_read_and_the_move_applied_once(database, clock):
    """Another process's write (here: the stored version moved on under the cache) is
    found by the move's UPDATE; the move is tried again from the stored row."""
    with Served(database, clock) as served:
        made, mover, other = started_two(served)
        seq = mover.guest.mirror.seq
        table = made["table"]

        async def bump():

            from server import db

            async with served.server.store.begin() as conn:
                t = db.tables.c
                await conn.execute(
                    db.tables.update().where(t.id == table).values(version=t.version + 1)
                )

        served.call(bump)
        stored_before = served.server.tables.cache[table].version + 1
        mover.act(mover.guest.observation.legal_actions[0])
        other.sync()
        assert other.guest.mirror.seq == seq + 1 and not rejected(mover.sync())
        assert served.server.tables.cache[table].version == stored_before + 1
        assert [s for _, s, _ in stored_moves(served, table)] == list(range(seq + 1))


def test_a_state_text_with_its_kept_parts_is_the_same_message():
    """The hub writes a view's rules and last deal's result once per connection and
    splices their text in: every message is ``protocol.state`` of its body, to the
    character, for a seat and a watcher, across deals and into a new connection."""
    import random

    from engine.online.views import Feed
    from server.hub import state_text

    m = Match(preset("classic"), players=3, seed=9)
    rng = random.Random(9)
    feeds, written = [Feed() for _ in range(4)], [{} for _ in range(4)]
    deals = set()
    while not m.is_over():
        m.apply(rng.choice(m.legal_actions()))
        deals.add(len(m.results))
        for seat in range(4):
            body = feeds[seat].state(m, seat) if seat < 3 else feeds[seat].watch(m)
            assert state_text(body, written[seat]) == protocol.state(body)
    assert len(deals) > 2
    fresh = Feed().state(m, 1)
    assert state_text(fresh, {}) == protocol.state(fresh)


def test_a_lobby_is_encoded_again_only_when_it_changed(monkeypatch):
    """Every change at a table sends each page the lobby if it changed; its text is
    written once and used again while the lobby stays the same (most moves), and
    written anew when it changes (here: a page goes away, so its seat is ``away``)."""
    from engine.online.referee import Referee, TableConfig
    from server.hub import Conn, Hub, lobby_body
    from server.tables import TIMING

    config = TableConfig(rules=preset("classic"), players=3, preset="classic")
    ref = Referee(
        config,
        "P0",
        clock=lambda: 0.0,
        timing=TIMING,
        secret_hash=token_hash,
        owner_secret="a" * 32,
        views=False,
    )
    ref.attach("seat0", 0)
    for i in (1, 2):
        for _, out in ref.take(f"c{i}", protocol.read_guest(protocol.hello(f"P{i}"))):
            if isinstance(out, protocol.Welcome):
                ref.attach(f"seat{out.seat}", out.seat)

    async def nothing(*_args) -> None:
        pass

    hub = Hub(lambda: 0.0)
    conns = [Conn("t", nothing, nothing, now=0.0, timing=TIMING) for _ in range(3)]
    for seat, conn in enumerate(conns):
        conn.seat = seat
        hub.add(conn)
    encoded = []
    encode = protocol.lobby
    monkeypatch.setattr(protocol, "lobby", lambda body: encoded.append(body) or encode(body))

    first = hub.lobby_text("t", ref)
    assert first == encode(lobby_body(ref, frozenset({0, 1, 2})))
    assert hub.lobby_text("t", ref) == first and len(encoded) == 1
    hub.remove(conns[2])
    changed = hub.lobby_text("t", ref)
    assert len(encoded) == 2
    assert changed == encode(lobby_body(ref, frozenset({0, 1})))
    assert json.loads(changed)["seats"][2]["away"] and not json.loads(first)["seats"][2]["away"]
    # kept only while a page of this process is at the table
    hub.lobby_text("elsewhere", ref)
    for conn in conns[:2]:
        hub.remove(conn)
    assert hub.lobbies == {}
