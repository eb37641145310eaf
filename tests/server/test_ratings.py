"""Ratings (``server/ratings.py``): the update is OpenSkill's Plackett-Luce, checked
against the library's own figures for the same ratings and ranks; bots are fixed
anchors; a seat handed to a bot after its person left; and whole matches through the
server on SQLite and PostgreSQL, rated from their places for the signed-in people."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from openskill.models import PlackettLuce

from engine.online import protocol
from server import ratings
from server.ratings import ANCHORS, START_MU, START_SIGMA, Entrant, Seat, entrants, rate

from .support import Served, play_until
from .test_accounts import ORIGIN, Authenticator, post, register, signed_out

LIBRARY = PlackettLuce()  # a model of its own: the figures the server's must equal


def library(priors: list[tuple[float, float]], ranks: list[float]) -> list[tuple[float, float]]:
    teams = [[LIBRARY.rating(mu=mu, sigma=sigma)] for mu, sigma in priors]
    return [(t[0].mu, t[0].sigma) for t in LIBRARY.rate(teams, ranks=ranks)]


def test_the_update_is_the_librarys_for_places_with_a_tie_and_a_bot():
    priors = {"a": (28.0, 5.0), "b": (22.0, 7.0), "d": (25.0, 8.0)}
    seats = [Seat("a"), Seat("b"), Seat(bot="hard"), Seat("d"), Seat(None)]
    places = [2, 2, 1, 4, 5]  # a and b share second place; d is out first of the two
    new = rate(entrants(seats, places), priors)
    expected = library(
        [priors["a"], priors["b"], ANCHORS["hard"], priors["d"], (START_MU, START_SIGMA)],
        [2, 2, 1, 4, 5],
    )
    assert new == {"a": expected[0], "b": expected[1], "d": expected[3]}
    assert set(new) == {"a", "b", "d"}  # neither the bot's nor the unsigned person's kept


def test_bots_are_anchors_whose_ratings_never_move():
    seats = [Seat("a"), Seat(bot="medium")]
    first = rate(entrants(seats, [1, 2]), {})
    second = rate(entrants(seats, [1, 2]), first)
    expected = library([first["a"], ANCHORS["medium"]], [1, 2])
    assert second["a"] == expected[0]  # the bot entered at its anchor both times


def test_a_seat_handed_to_a_bot_is_the_leavers_loss_and_nobody_elses():
    seats = [Seat("a"), Seat("b", handed=True), Seat("c")]
    found = entrants(seats, [3, 1, 2])  # the bot that finished b's seat won
    assert [(e.account, e.rank) for e in found] == [("a", 3), ("b", 4), ("c", 2)]
    new = rate(found, {})
    alone = rate(entrants([Seat("a"), Seat("c")], [3, 2]), {})
    assert new["b"][0] < START_MU  # the leaver lost
    assert new["a"][0] > alone["a"][0] - 1e-9  # being behind the bot costs a nothing more
    assert new["c"][0] > alone["c"][0]


def test_a_seat_that_missed_two_deadlines_is_read_as_handed_to_a_bot():
    """The referee's record of the match (issue 41's hand-over) marks the leaver, even
    one who came back and took the seat again."""

    def seat(kind: str, secret: str | None = None, level: str = "") -> SimpleNamespace:
        return SimpleNamespace(kind=kind, secret=secret, level=level)

    seats = [seat("guest", "ha"), seat("guest", "hb"), seat("bot", level="easy")]
    ref = SimpleNamespace(seats=seats, missed={0: 1, 1: 2})
    found = ratings.seats_of(ref, {"ha": "a", "hb": "b"})
    assert found == [Seat("a"), Seat("b", handed=True), Seat(bot="easy")]


def test_fewer_than_two_rate_nothing():
    assert rate([Entrant(0, 1, "a", None)], {}) == {}


@pytest.fixture
def served(database, clock):
    with Served(database, clock, public_url=ORIGIN) as served:
        yield served


def _sign_in_and_claim(served: Served, table: str, token: str, name: str) -> None:
    signed_out(served)
    assert register(served, Authenticator(), name=name).status_code == 200
    held = {"seats": [{"table": table, "token": token}]}
    assert post(served, "/api/account/tables", held).status_code == 200


def test_a_finished_match_rates_the_signed_in_people_from_its_places(served):
    made = served.create(name="Hana", players=3)
    owner = served.page(made["table"], "Hana", made["token"])
    owner.hello()
    guest = served.page(made["table"], "Ben")
    guest.hello()
    owner.send(protocol.set_seat(2, "bot", "easy"))
    _sign_in_and_claim(served, made["table"], made["token"], "Hana")
    _sign_in_and_claim(served, made["table"], guest.guest.secret, "Ben")
    owner.send(protocol.start())
    pages = [owner, guest]
    play_until(pages, lambda: owner.guest.over is not None and guest.guest.over is not None)
    places = list(owner.guest.over["places"])
    expected = library([(START_MU, START_SIGMA), (START_MU, START_SIGMA), ANCHORS["easy"]], places)
    board = served.client.get("/api/ratings/classic").json()["ratings"]
    by_name = {row["name"]: row for row in board}
    assert (by_name["Hana"]["mu"], by_name["Hana"]["sigma"]) == pytest.approx(expected[0])
    assert (by_name["Ben"]["mu"], by_name["Ben"]["sigma"]) == pytest.approx(expected[1])
    assert by_name["Ben"]["rating"] == ratings.shown(*expected[1])
    assert [row["rating"] for row in board] == sorted((r["rating"] for r in board), reverse=True)
    mine = served.client.get("/api/account/ratings").json()["ratings"]  # Ben is signed in
    assert len(mine["classic"]["history"]) == 1 and mine["classic"]["matches"] == 1
    assert served.client.get("/api/ratings/nonsense").status_code == 404
    at_table = served.client.get(f"/api/tables/{made['table']}/ratings").json()
    assert at_table["seats"] == {"0": ratings.shown(*expected[0]), "1": by_name["Ben"]["rating"]}
    assert served.client.get("/api/tables/zzzzzzzzzzzzzzzz/ratings").status_code == 404
    signed_out(served)
    assert served.client.get("/api/account/ratings").status_code == 401
