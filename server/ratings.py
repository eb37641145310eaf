"""Ratings for two to nine players (issue 40, 2): one per signed-in person and rule set,
updated after each finished match from its places with OpenSkill's Plackett-Luce model
(``openskill``), the bots as fixed anchors.

- **Who takes part.** Every seat of the match: a person signed in (their rating, kept), a
  person who is not (a new player's rating, kept nowhere), a bot (its level's
  :data:`ANCHORS`, which never move: a rating against bots means something).
- **Places** are the engine's (``Match.places``: ties share a place; the first out is
  last); lower is better, as the model reads ranks.
- **A seat handed to a bot after its person left** (``Seat.handed``) does not count for
  the others' loss: the bot that finished it is left out of the match, so nobody's
  rating moves for being behind it; the leaver takes part as last, a loss.
- A match that ended for everyone on a time-out (``ended == "timeout"``, no life lost)
  is not rated; neither is a match with fewer than two who take part.

``GET /api/ratings/{rules}``: the leaderboard of a rule set (the 50 best by ``rating``,
the model's ordinal ``mu - 3 sigma``); ``GET /api/account/ratings``: the signed-in
person's ratings and their history; ``GET /api/tables/{id}/ratings``: the rating of
each signed-in person at a table, shown beside their name.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from openskill.models import PlackettLuce
from sqlalchemy.ext.asyncio import AsyncConnection
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from engine import PRESETS
from engine.online.referee import BOT_PLAYS_AFTER
from server import db

MODEL = PlackettLuce()
START_MU, START_SIGMA = MODEL.mu, MODEL.sigma  # 25 and 25/3: a new player
ANCHORS: Mapping[str, tuple[float, float]] = {
    # a bot level's fixed (mu, sigma): what beating it says, with a small doubt
    "random": (10.0, 1.0),
    "easy": (18.0, 1.0),
    "medium": (25.0, 1.0),
    "hard": (30.0, 1.0),
}
BOARD_SIZE = 50
HISTORY = 100  # points of a person's history per rule set in an answer


@dataclass(frozen=True)
class Seat:
    """Who sat at a seat when the match ended."""

    account: str | None = None  # a signed-in person's account
    bot: str | None = None  # a bot's level (a bot's seat)
    handed: bool = False  # a person left and a bot finished the seat: ``account`` left


@dataclass(frozen=True)
class Entrant:
    """One who takes part in the rating of a match, and their rank (1 best)."""

    seat: int
    rank: int
    account: str | None
    anchor: tuple[float, float] | None  # a bot's fixed rating


def entrants(seats: Sequence[Seat], places: Sequence[int]) -> list[Entrant]:
    """Who takes part, ranked: a seat's place, but a seat handed to a bot is its
    leaver's, ranked last (below every place), and its bot takes no part.

    >>> [(e.seat, e.rank) for e in entrants([Seat("a"), Seat(bot="easy"), Seat("c")], [2, 1, 3])]
    [(0, 2), (1, 1), (2, 3)]
    >>> left = [Seat("a"), Seat("b", handed=True), Seat("c")]
    >>> [(e.seat, e.rank, e.account) for e in entrants(left, [3, 1, 2])]
    [(0, 3, 'a'), (1, 4, 'b'), (2, 2, 'c')]
    """
    last = max(places, default=0) + 1
    out = []
    for i, (seat, place) in enumerate(zip(seats, places, strict=True)):
        if seat.handed:
            if seat.account is not None:
                out.append(Entrant(i, last, seat.account, None))
            continue
        anchor = ANCHORS.get(seat.bot or "", ANCHORS["medium"]) if seat.bot else None
        out.append(Entrant(i, place, seat.account, anchor))
    return out


def rate(
    found: Sequence[Entrant], ratings: Mapping[str, tuple[float, float]]
) -> dict[str, tuple[float, float]]:
    """The new (mu, sigma) of every signed-in person in ``found``, from their ratings
    (``ratings``; a new player's where none) and the ranks; the anchors' and the
    unsigned people's results are dropped.

    >>> new = rate([Entrant(0, 1, "a", None), Entrant(1, 2, None, ANCHORS["medium"])], {})
    >>> new["a"][0] > START_MU and new["a"][1] < START_SIGMA
    True
    """
    if len(found) < 2:
        return {}
    teams = []
    for e in found:
        mu, sigma = (
            e.anchor
            if e.anchor is not None
            else ratings.get(e.account or "", (START_MU, START_SIGMA))
        )
        teams.append([MODEL.rating(mu=mu, sigma=sigma)])
    result = MODEL.rate(teams, ranks=[float(e.rank) for e in found])
    return {
        e.account: (team[0].mu, team[0].sigma)
        for e, team in zip(found, result, strict=True)
        if e.account is not None and e.anchor is None
    }


def shown(mu: float, sigma: float) -> float:
    """The rating shown and ranked by: the model's ordinal, ``mu - 3 sigma`` (0 for a
    new player), to one decimal.

    >>> shown(25.0, 25 / 3)
    0.0
    """
    return round(mu - 3 * sigma, 1)


def rules_key(preset: str) -> str:
    """The rule set a rating is for: a preset's name, or ``custom`` for any other rules.

    >>> rules_key("classic"), rules_key("mine")
    ('classic', 'custom')
    """
    return preset if preset in PRESETS else "custom"


# ---------------------------------------------------------------- storing


async def ratings_of(
    conn: AsyncConnection, rules: str, accounts: Sequence[str]
) -> dict[str, tuple[float, float]]:
    r = db.ratings.c
    query = sa.select(r.account_id, r.mu, r.sigma).where(
        r.rules == rules, r.account_id.in_(list(accounts))
    )
    return {row[0]: (row[1], row[2]) for row in (await conn.execute(query)).all()}


async def record(
    conn: AsyncConnection,
    rules: str,
    seats: Sequence[Seat],
    places: Sequence[int],
    *,
    table_id: str,
    match_no: int,
    now: int,
) -> dict[str, tuple[float, float]]:
    """Rate a finished match and store the new ratings and a point of each one's
    history, in the caller's transaction. Returns the new ratings."""
    found = entrants(seats, places)
    people = [e.account for e in found if e.account is not None]
    if not people:
        return {}
    before = await ratings_of(conn, rules, people)
    after = rate(found, before)
    r = db.ratings.c
    for account, (mu, sigma) in after.items():
        if account in before:
            await conn.execute(
                db.ratings.update()
                .where(r.account_id == account, r.rules == rules)
                .values(mu=mu, sigma=sigma, matches=r.matches + 1, updated=now)
            )
        else:
            await conn.execute(
                db.ratings.insert().values(
                    account_id=account, rules=rules, mu=mu, sigma=sigma, matches=1, updated=now
                )
            )
        await conn.execute(
            db.rating_history.insert().values(
                account_id=account,
                rules=rules,
                table_id=table_id,
                match_no=match_no,
                mu=mu,
                sigma=sigma,
                at=now,
            )
        )
    return after


async def board(conn: AsyncConnection, rules: str) -> list[dict[str, Any]]:
    r, a = db.ratings.c, db.accounts.c
    ordinal = r.mu - 3 * r.sigma
    query = (
        sa.select(a.name, r.mu, r.sigma, r.matches)
        .join(db.accounts, a.id == r.account_id)
        .where(r.rules == rules)
        .order_by(ordinal.desc(), a.name)
        .limit(BOARD_SIZE)
    )
    return [
        {"name": name, "rating": shown(mu, sigma), "mu": mu, "sigma": sigma, "matches": n}
        for name, mu, sigma, n in (await conn.execute(query)).all()
    ]


async def history(conn: AsyncConnection, account_id: str) -> dict[str, Any]:
    """The person's rating per rule set and its history (the latest ``HISTORY``)."""
    r, h = db.ratings.c, db.rating_history.c
    now = await conn.execute(
        sa.select(r.rules, r.mu, r.sigma, r.matches).where(r.account_id == account_id)
    )
    out: dict[str, Any] = {}
    for rules, mu, sigma, matches in now.all():
        points = await conn.execute(
            sa.select(h.mu, h.sigma, h.at)
            .where(h.account_id == account_id, h.rules == rules)
            .order_by(h.id.desc())
            .limit(HISTORY)
        )
        out[rules] = {
            "rating": shown(mu, sigma),
            "matches": matches,
            "history": [{"rating": shown(m, s), "at": at} for m, s, at in reversed(points.all())],
        }
    return out


async def at_table(
    conn: AsyncConnection, rules: str, accounts: Mapping[int, str]
) -> dict[int, float]:
    """The shown rating of each seat whose person is signed in (``accounts``: seat ->
    account), for the names at a table."""
    found = await ratings_of(conn, rules, list(set(accounts.values())))
    return {
        seat: shown(*found.get(account, (START_MU, START_SIGMA)))
        for seat, account in accounts.items()
    }


# ---------------------------------------------------------------- HTTP


async def leaderboard(request: Request) -> Response:
    from server.app import _error, _server

    rules = request.path_params["rules"]
    if rules != rules_key(rules):
        return _error(404, "no such rule set")
    server = _server(request)
    async with server.store.read() as conn:
        rows = await board(conn, rules)
    return JSONResponse({"rules": rules, "ratings": rows})


async def my_ratings(request: Request) -> Response:
    from server.accounts import SESSION_COOKIE
    from server.app import _error, _server

    server = _server(request)
    async with server.store.read() as conn:
        account = await server.accounts.session(conn, request.cookies.get(SESSION_COOKIE))
        if account is None:
            return _error(401, "not signed in")
        return JSONResponse({"ratings": await history(conn, account)})


async def table_ratings(request: Request) -> Response:
    """``GET /api/tables/{id}/ratings``: ``{seats: {seat: rating}}`` for the seats whose
    person is signed in (an account holds the seat), in the table's rule set."""
    from server.app import TABLE_ID, _error, _server
    from server.tables import BrokenTable

    server = _server(request)
    table_id = request.path_params["table_id"]
    if not TABLE_ID.fullmatch(table_id):
        return _error(404, "no such table")
    try:
        entry = await server.tables.current(table_id, keep=False)
    except BrokenTable:
        entry = None
    if entry is None:
        return _error(404, "no such table")
    ref = entry.ref
    hashes = {i: s.secret for i, s in enumerate(ref.seats) if s.secret}
    async with server.store.read() as conn:
        holders = await accounts_of(conn, list(hashes.values()))
        seats = {i: holders[h] for i, h in hashes.items() if h in holders}
        found = await at_table(conn, rules_key(ref.config.preset), seats)
    return JSONResponse({"rules": rules_key(ref.config.preset), "seats": found})


def routes() -> list[Route]:
    return [
        Route("/api/ratings/{rules}", leaderboard),
        Route("/api/tables/{table_id}/ratings", table_ratings),
        Route("/api/account/ratings", my_ratings),
    ]


def seats_of(ref: Any, accounts: Mapping[str, str]) -> list[Seat]:
    """Who sat at each seat of the referee ``ref`` (``accounts``: a seat token's hash ->
    its account). A person's seat a bot played in this match after they let
    :data:`~engine.online.referee.BOT_PLAYS_AFTER` deadlines pass (``ref.missed``, kept
    until the rematch) is the leaver's, even if they took it back later."""
    out = []
    missed: Mapping[int, int] = getattr(ref, "missed", {})
    for i, s in enumerate(ref.seats):
        if missed.get(i, 0) >= BOT_PLAYS_AFTER:
            out.append(Seat(account=accounts.get(s.secret or ""), handed=True))
        elif str(s.kind) == "bot":
            out.append(Seat(bot=s.level or "medium"))
        else:
            out.append(Seat(account=accounts.get(s.secret or "")))
    return out


async def accounts_of(conn: AsyncConnection, hashes: Sequence[str]) -> dict[str, str]:
    """Seat token hash -> the account that holds it (the first to have claimed it)."""
    if not hashes:
        return {}
    a = db.account_seats.c
    query = (
        sa.select(a.token_hash, a.account_id)
        .where(a.token_hash.in_(list(hashes)))
        .order_by(a.added.desc(), a.account_id.desc())
    )
    return {h: account for h, account in (await conn.execute(query)).all()}


async def match_over(
    conn: AsyncConnection, table_id: str, match_no: int, ref: Any, now: int
) -> None:
    """A match ended by its play (``server.tables.Tables.on_match_over``): rate it."""
    hashes = [s.secret for s in ref.seats if s.secret]
    seats = seats_of(ref, await accounts_of(conn, hashes))
    places = ref.match.places()
    rules = rules_key(ref.config.preset)
    await record(conn, rules, seats, places, table_id=table_id, match_no=match_no, now=now)
