"""Open tables and "Play now" (issue 41, part 2), on SQLite and PostgreSQL: a listed
table shows under ``GET /api/open-tables`` until its match starts or it has no free
seat; "Play now" sits down at the oldest that fits or opens a new listed one; one client
lists at most ``PER_CLIENT`` tables not started, and the list is bounded."""

from __future__ import annotations

import pytest

from engine import preset
from engine.online import protocol
from server import open_tables, ratings
from server.ratings import START_MU, START_SIGMA

from .support import Served
from .test_accounts import ORIGIN
from .test_ratings import _sign_in_and_claim


def listed(served: Served) -> list[dict]:
    answer = served.client.get("/api/open-tables")
    assert answer.status_code == 200
    return answer.json()["tables"]


def play_now(served: Served, **body) -> tuple[int, dict]:
    body = {"name": "Ben", "preset": "classic", "move_time": 0, **body}
    answer = served.client.post("/api/play-now", json=body)
    return answer.status_code, answer.json()


def test_an_open_table_is_listed_until_it_starts(database, clock):
    with Served(database, clock) as served:
        hidden = served.create(players=2)  # not listed: an invitation only
        made = served.create(players=3, open=True, move_time=60)
        (row,) = listed(served)
        assert row == {
            "table": made["table"],
            "players": 3,
            "preset": "classic",
            "lives": preset("classic").lives,
            "move_time": 60,
            "names": ["Hana"],
            "ratings": [None],  # Hana is not signed in
            "free": 2,
        }
        assert hidden["table"] not in [r["table"] for r in listed(served)]
        owner = served.page(made["table"], "Hana", made["token"])
        owner.hello()
        served.page(made["table"], "Ann").hello()
        assert [r["names"] for r in listed(served)] == [["Hana", "Ann"]]
        owner.send(protocol.start())
        assert listed(served) == []


def test_the_signed_in_people_at_an_open_table_show_their_ratings(database, clock):
    with Served(database, clock, public_url=ORIGIN) as served:
        _rated_listing(served)


def _rated_listing(served: Served) -> None:
    made = served.create(name="Hana", players=3, open=True)
    served.page(made["table"], "Hana", made["token"]).hello()
    ben = served.page(made["table"], "Ben")
    ben.hello()
    _sign_in_and_claim(served, made["table"], ben.guest.secret, "Ben")
    (row,) = listed(served)
    assert row["names"] == ["Hana", "Ben"]
    assert row["ratings"] == [None, ratings.shown(START_MU, START_SIGMA)]  # a new player's


def test_a_full_table_is_not_listed(database, clock):
    with Served(database, clock) as served:
        made = served.create(players=2, open=True)
        served.page(made["table"], "Ann").hello()
        assert listed(served) == []


def test_play_now_sits_down_at_the_oldest_that_fits_or_opens_one(database, clock, monkeypatch):
    monkeypatch.setattr(open_tables, "PER_CLIENT", 10)  # one test client lists them all
    with Served(database, clock) as served:
        other_game = served.create(preset_name="knack", open=True)
        clock.advance(1000)
        other_time = served.create(open=True, move_time=600)
        clock.advance(1000)
        status, first = play_now(served, move_time=600)
        assert (status, first) == (200, {"table": other_time["table"]})
        status, made = play_now(served)  # classic, no time: none fits, a new one
        assert status == 201 and made["seat"] == 0 and len(made["token"]) == 32
        clock.advance(1000)
        served.create(open=True)  # a younger one of the same kind
        status, found = play_now(served)
        assert (status, found) == (200, {"table": made["table"]})  # the oldest first
        tables = [r["table"] for r in listed(served)]
        assert tables[:2] == [other_game["table"], other_time["table"]]
        assert made["table"] in tables


@pytest.mark.parametrize(
    "body",
    [
        {"name": "Ben", "preset": "nope", "move_time": 0},
        {"name": "", "preset": "classic", "move_time": 0},
        {"name": "Ben", "preset": "classic", "move_time": 7},
        {"name": "Ben", "preset": "classic", "move_time": 0, "players": 12},
        {"name": "Ben", "preset": "classic", "move_time": 0, "rules": {}},
    ],
)
def test_play_now_refuses_what_is_no_table(tmp_path, clock, body):
    with Served(f"sqlite:///{tmp_path / 't.db'}", clock) as served:
        assert served.client.post("/api/play-now", json=body).status_code == 400
        assert served.client.post("/api/tables", json={**body, "open": "yes"}).status_code == 400
        assert listed(served) == []


def test_one_client_lists_a_few_tables_and_the_list_is_bounded(database, clock, monkeypatch):
    with Served(database, clock) as served:
        made = [served.create(open=True) for _ in range(open_tables.PER_CLIENT)]
        answer = served.client.post(
            "/api/tables",
            json={
                "name": "Hana",
                "players": 3,
                "preset": "classic",
                "open": True,
                "rules": preset("classic").to_dict(),
            },
        )
        assert answer.status_code == 429 and "open tables" in answer.json()["error"]
        status, _ = play_now(served, preset="knack")  # would open one more: refused too
        assert status == 429
        assert len(listed(served)) == open_tables.PER_CLIENT
        owner = served.page(made[0]["table"], "Hana", made[0]["token"])
        owner.hello()
        owner.send(protocol.start())  # a started table no longer counts
        assert served.create(open=True)["table"]
        monkeypatch.setattr(open_tables, "PER_CLIENT", 100)
        for _ in range(8):
            served.create(open=True)
        monkeypatch.setattr(open_tables, "MAX_LISTED", 5)
        assert len(listed(served)) == 5
