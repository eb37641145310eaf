"""Open tables and "Play now" (issue 41, part 2): tables their creators list for anyone
to sit down at, until the match starts.

- ``POST /api/tables`` with ``"open": true`` lists the new table;
- ``GET /api/open-tables``: the listed tables not yet started that have a free seat, the
  oldest first, at most :data:`MAX_LISTED` (the game, its rules, the time per move, the
  people there with the signed-in people's ratings, and the free seats);
- ``POST /api/play-now`` ``{name, preset, move_time, players?}``: the oldest listed table
  of that game and time per move with a free seat (``{table}``: the page sits down there
  as any invited guest), or else a new listed table with the asker at seat 0 (``{table,
  seat, token}``, as ``POST /api/tables`` answers).

Limits, so that one client cannot flood the list: a client (its address key,
``server.connections.address_key``) lists at most :data:`PER_CLIENT` tables that have
not started (one more is a 429, and nothing is created); the list shows at most
:data:`MAX_LISTED`; listing and "Play now" are POSTs under the per-address rate limit. A
table leaves the list when its match starts (or it ends unstarted after
``tables.LOBBY_DAYS``, deleted with its row).
"""

from __future__ import annotations

from typing import Any

from engine import PRESETS, preset
from engine.online.referee import SeatKind, TableConfig
from server import ratings
from server.tables import BrokenTable, Tables

PER_CLIENT = 3
"""Tables one client may have listed and not started at once."""
MAX_LISTED = 50
"""The most tables "Open tables" shows (the oldest first)."""
PLAY_NOW_LOOK = 20
"""Listed tables of the wanted kind "Play now" looks at for a free seat."""


class TooMany(Exception):
    """The client lists :data:`PER_CLIENT` tables already."""


async def check_room(tables: Tables, client: str) -> None:
    """TooMany when ``client`` may list no more tables now."""
    async with tables.store.read() as conn:
        listed = await tables.store.open_count(conn, client)
    if listed >= PER_CLIENT:
        raise TooMany(f"at most {PER_CLIENT} open tables per client; start or leave one first")


async def create(tables: Tables, config: TableConfig, name: str, client: str) -> tuple[str, str]:
    """A new listed table with its creator at seat 0 (TooMany past the limit)."""
    await check_room(tables, client)
    return await tables.create(config, name, listed_by=client)


def row(table_id: str, entry: Any) -> dict[str, Any] | None:
    """What the list shows of one table, or None when it has no free seat or began."""
    ref = entry.ref
    free = sum(s.kind is SeatKind.OPEN for s in ref.seats)
    if ref.match is not None or ref.ended is not None or free == 0:
        return None
    config = ref.config
    return {
        "table": table_id,
        "players": config.players,
        "preset": config.preset,
        "lives": config.rules.lives,
        "move_time": config.move_time,
        "names": [s.name for s in ref.seats if s.kind is not SeatKind.OPEN],
        "free": free,
    }


async def listing(
    tables: Tables,
    *,
    preset_name: str | None = None,
    move_time: int | None = None,
    limit: int | None = None,
) -> list[dict[str, Any]]:
    """The listed tables with a free seat, the oldest first, at most ``limit``
    (:data:`MAX_LISTED`); see the module text."""
    limit = MAX_LISTED if limit is None else limit
    async with tables.store.read() as conn:
        ids = await tables.store.open_tables(conn, limit, preset=preset_name, move_time=move_time)
    found = []
    for table_id in ids:
        try:
            entry = await tables.current(table_id, keep=False)
        except BrokenTable:
            continue
        shown = None if entry is None else row(table_id, entry)
        if entry is not None and shown is not None:
            found.append((shown, entry.ref))
    await _rate(tables, found)
    return [shown for shown, _ in found]


async def _rate(tables: Tables, found: list[tuple[dict[str, Any], Any]]) -> None:
    """Beside the names, each signed-in person's rating for the table's rules
    (``ratings``: one entry a name, None for anyone not signed in), in one read."""
    hashes = [s.secret for _, ref in found for s in ref.seats if s.secret]
    async with tables.store.read() as conn:
        holders = await ratings.accounts_of(conn, hashes)
        for shown, ref in found:
            seated = [(i, s) for i, s in enumerate(ref.seats) if s.kind is not SeatKind.OPEN]
            accounts = {i: holders[s.secret] for i, s in seated if s.secret in holders}
            rules = ratings.rules_key(ref.config.preset)
            by_seat = await ratings.at_table(conn, rules, accounts) if accounts else {}
            shown["ratings"] = [by_seat.get(i) for i, _ in seated]


def play_now_config(body: dict[str, Any]) -> TableConfig:
    """The table "Play now" opens when none fits: the game's preset rules, its time per
    move, 2-9 players (4 unless said), bots for seats still open at the start."""
    name = body.get("preset")
    if name not in PRESETS:
        raise ValueError(f"preset: one of {', '.join(PRESETS)}")
    return TableConfig(
        preset(name),
        players=body.get("players", 4),
        preset=name,
        move_time=body.get("move_time", 0),
    )
