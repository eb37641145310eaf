"""One daily summary instead of a push per move (issue 41), on SQLite and PostgreSQL, with
the test's clock and no push service: what ``server.push`` would post is recorded."""

from __future__ import annotations

from datetime import UTC, datetime

from engine.online import protocol
from server.push import SUMMARY_URL

from .support import Served
from .test_push import Browser


def at(day: int, hour: int, minute: int = 0) -> float:
    return datetime(2026, 12, day, hour, minute, tzinfo=UTC).timestamp() * 1000


def table_at_turn(served: Served, endpoint: str, daily: bool, owner_to_move: bool) -> str:
    """A table of two whose creator asks for reminders (``daily`` or not) and then is
    (or is not) to move, after as many moves as that takes; its id."""
    made = served.create(players=2, move_time=600)
    assert subscribe(served, made["table"], made["token"], endpoint, daily) == 204
    owner = served.page(made["table"], "Hana", made["token"])
    owner.hello()
    guest = served.page(made["table"], "Ann")
    guest.hello()
    owner.send(protocol.start())
    guest.sync()
    for n in range(50):
        if owner.my_turn() == owner_to_move:
            return made["table"]
        (owner if owner.my_turn() else guest).play(0, n)
        owner.sync()
        guest.sync()
    raise AssertionError("the turn never came")


def subscribe(served: Served, table: str, token: str, endpoint: str, daily: object) -> int:
    body = {"token": token, "subscription": Browser(endpoint).subscription, "lang": "en"}
    body["daily"] = daily
    return served.client.post(f"/api/tables/{table}/push", json=body).status_code


def test_a_seat_that_chose_the_daily_summary_gets_one_a_day_and_no_push_a_move(database, clock):
    clock.now = at(7, 6)
    summary_phone = "https://fcm.googleapis.com/fcm/send/daily"
    every_move = "https://fcm.googleapis.com/fcm/send/each"
    with Served(database, clock) as served:
        sent: list[tuple[str, dict]] = []

        async def post(sub, data) -> int:  # no push service: what would go out
            sent.append((sub["endpoint"], data))
            return 201

        served.server.push.post = post
        made = served.create(players=2)
        assert subscribe(served, made["table"], made["token"], summary_phone, "yes") == 400
        quiet = table_at_turn(served, every_move, daily=False, owner_to_move=True)
        waits = table_at_turn(served, summary_phone, daily=True, owner_to_move=True)
        table_at_turn(served, summary_phone, daily=True, owner_to_move=False)  # Ann's turn
        served.call(served.server.push.drain)
        pushed = {(e, d["kind"], d["table"]) for e, d in sent}
        assert pushed == {(every_move, "turn", quiet)}  # none to the daily one's browser

        sent.clear()
        clock.now = at(7, 7, 59)
        assert served.call(served.server.push.daily_summary) == 0  # not yet
        clock.now = at(7, 8)
        assert served.call(served.server.push.daily_summary) == 1
        ((endpoint, data),) = sent
        assert endpoint == summary_phone and data["kind"] == "summary"
        assert data["tables"] == [waits] and data["url"] == SUMMARY_URL
        assert data["title"] == "Tables waiting for you: 1"
        clock.now = at(7, 20)
        assert served.call(served.server.push.daily_summary) == 0  # once a day
    with Served(database, clock) as served:  # another process (or a restart): still once
        assert served.call(served.server.push.daily_summary) == 0
        clock.now = at(8, 8, 5)
        served.server.push.post = post
        assert served.call(served.server.push.daily_summary) == 1
        assert sent[-1][1]["tables"] == [waits]
