"""What this browser keeps of its online tables, in ``app.storage.Store``: the host's
table (the referee's record with the transport's id and token), a guest's seats per table
(its name and secret; a table server's seats are "My tables"), the name last given, and
the online matches already counted in the online statistics.

Everything read back is checked: a record that does not fit reads as none, and a notice
about damaged data goes to the room's ``check`` (the banner and the console).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import engine
from app.stats import model as stats_mod
from app.storage import Notice, Store

KEY_HOST = "online-host"  # the host's table: the referee's record, the transport's id and token
KEY_GUEST = "online-guest"  # a guest's seats: table id -> {"name", "secret"} (a few tables)
KEY_NAME = "online-name"  # the name last given, offered next time
KEY_COUNTED = "online-counted"  # the online matches already counted (ids), against a double count
KEY_SERVER = "server-seats"  # a table server's seats: table id -> {"name", "secret"} ("My tables")
VERSION = 1  # of the records above
KEEP_GUEST_TABLES = 8  # a guest remembers its seat at this many tables at most
KEEP_SERVER_TABLES = 50  # a table server's seats ("My tables" asks for at most 50)
KEEP_COUNTED = 50  # the ids of counted matches kept


class Records:
    """One page's records. ``seats``: the key its seats are kept under (a table server's
    or a peer-to-peer guest's), ``keep``: how many tables' seats are kept at most."""

    def __init__(
        self,
        store: Store,
        check: Callable[[Notice | None], None],
        warn: Callable[[str], None],
        *,
        seats: str = KEY_GUEST,
        keep: int = KEEP_GUEST_TABLES,
    ) -> None:
        self.store, self.check, self.warn = store, check, warn
        self.seats_key, self.keep = seats, keep

    def load(self, key: str) -> Any:
        value, notice = self.store.load(key, VERSION)
        self.check(notice)
        return value

    # ------------------------------------------------------------ the name

    def name(self) -> str:
        """The name last given ("" if none)."""
        name = self.load(KEY_NAME)
        return name if isinstance(name, str) else ""

    def keep_name(self, name: str) -> None:
        self.check(self.store.save(KEY_NAME, name, VERSION))

    # ------------------------------------------------------------ the host's table

    def host_table(self, table_id: str) -> dict[str, Any] | None:
        """The host's saved table, if it is table ``table_id``."""
        saved = self.load(KEY_HOST)
        if isinstance(saved, dict) and saved.get("id") == table_id and table_id:
            return saved
        return None

    def save_host_table(self, record: dict[str, Any]) -> None:
        self.check(self.store.save(KEY_HOST, record, VERSION))

    def set_host_table_aside(self, why: str) -> None:
        """A saved table that cannot be used: the next start is clean, the text is kept as
        a backup, and the person is told."""
        self.check(self.store.quarantine(KEY_HOST, f"cannot be used: {why[:200]}"))

    def forget_host_table(self) -> None:
        self.store.remove(KEY_HOST)

    # ------------------------------------------------------------ a guest's seats

    def seats(self) -> dict[str, Any]:
        """Table id -> the seat kept there, oldest first."""
        seats = self.load(self.seats_key)
        return dict(seats) if isinstance(seats, dict) else {}

    def seat(self, table_id: str) -> dict[str, Any] | None:
        """The seat kept at ``table_id`` (``name``, ``secret``, maybe ``remind``), or None."""
        kept = self.seats().get(table_id)
        if (
            isinstance(kept, dict)
            and isinstance(kept.get("name"), str)
            and isinstance(kept.get("secret"), str)
        ):
            return kept
        return None

    def keep_seat(self, table_id: str, name: str, secret: str) -> None:
        """The seat at ``table_id``, kept as the latest; the same seat keeps its reminders'
        state; the oldest tables go beyond ``keep``."""
        seats = self.seats()
        before = seats.pop(table_id, None)
        seats[table_id] = {"name": name, "secret": secret}
        if isinstance(before, dict) and before.get("secret") == secret and "remind" in before:
            seats[table_id]["remind"] = before["remind"] is True  # the same seat's
            seats[table_id]["daily"] = before.get("daily") is True
        while len(seats) > self.keep:
            seats.pop(next(iter(seats)))
        self.check(self.store.save(self.seats_key, seats, VERSION))

    def keep_remind(self, table_id: str, on: bool, daily: bool = False) -> None:
        """The reminders' state beside this table's kept seat."""
        seats = self.seats()
        kept = seats.get(table_id)
        if isinstance(kept, dict):
            seats = {**seats, table_id: {**kept, "remind": on, "daily": daily}}
            self.check(self.store.save(self.seats_key, seats, VERSION))

    def forget_seat(self, table_id: str) -> None:
        seats = self.load(self.seats_key)
        if isinstance(seats, dict) and table_id in seats:
            seats = {k: v for k, v in seats.items() if k != table_id}
            self.check(self.store.save(self.seats_key, seats, VERSION))

    # ------------------------------------------------------------ the online statistics

    def online_figures(self) -> tuple[int, int]:
        """Online matches played and won, as counted so far."""
        online, notice = stats_mod.load_stats(self.store, stats_mod.KEY_ONLINE)
        self.check(notice)
        return online.matches, online.wins

    def counted(self) -> list[str]:
        """The ids of the online matches already counted."""
        counted, _ = self.store.load(KEY_COUNTED, VERSION, default=[])
        return [c for c in counted if isinstance(c, str)] if isinstance(counted, list) else []

    def count_place(
        self,
        match_id: str,
        preset: str,
        places: Sequence[Any],
        seat: int,
        *,
        players: int,
        crowned: bool,
    ) -> tuple[int, int] | None:
        """Count a finished match once (``match_id``) in the online statistics: the place
        of ``seat`` in ``places`` (``crowned``: the winner won by a crown). The new
        figures (matches, wins), or None when it was counted before or cannot be."""
        counted = self.counted()
        if match_id in counted or seat >= len(places):
            return None
        place = int(places[seat])
        crown = crowned and place == 1
        stats, _ = stats_mod.load_stats(self.store, stats_mod.KEY_ONLINE)
        try:
            stats.record_match(preset, place=place, players=players, crown=crown)
        except engine.InvalidInputError as e:
            self.warn(f"Schwimmen: the online match was not counted: {e}")
            return None
        self.check(stats_mod.save_stats(self.store, stats, stats_mod.KEY_ONLINE))
        self.check(self.store.save(KEY_COUNTED, [*counted, match_id][-KEEP_COUNTED:], VERSION))
        return stats.matches, stats.wins


__all__ = [
    "KEY_COUNTED",
    "KEY_GUEST",
    "KEY_HOST",
    "KEY_NAME",
    "KEY_SERVER",
    "VERSION",
    "Records",
]
