"""The player's statistics: what they count, how the controller feeds them, how they are kept.

Everything counts the human player only (seat 0 in the page), overall and per
preset (``classic``, ``knack``, ``pub``, ``hosenowi``, ``custom``).

What the controller calls (plain data, derived from the engine):

1. When a deal in which the player held cards is over (lives already
   applied), **before** ``record_match`` for the last deal of a match::

       stats.record_deal(preset, lives_lost=before[0] - after[0],
                         hand_value=engine.hand_value(final_hand, rules),
                         knocked=(knocked_by == 0))

   ``before``/``after`` are ``match.lives()`` before and after the deal (-1
   for an eliminated seat, so going out from 0 lives is a loss of 1 and a
   two-life loss from 1 is 2). ``hand_value`` is the player's final hand's
   value, or None if unknown; a 31 and a Feuer are read from it (31, and
   anything above 31, which only Feuer reaches). ``knocked``: the player was
   the deal's first knocker; a knock counts as lost when ``lives_lost > 0``.
   Deals the player watches after going out are not recorded.

2. When the match is over (``match.is_over()``), once::

       stats.record_match(preset, place=..., players=n, crown=...)

   ``place`` is the engine's ``match.places()[seat]``: 1 for a win (also a
   shared first place under ``first_out``), otherwise the seat's standing by
   lives and by when it went out. ``crown``: won with all starting lives.

3. Keep them with :func:`save_stats` after each call, read them with
   :func:`load_stats` at start-up. ``stats.matches`` and ``stats.wins`` feed
   ``data-matches`` and ``data-wins``; :meth:`Stats.summary` the table;
   ``app.stats.chart`` the chart; :meth:`Stats.to_json` / :meth:`Stats.from_json`
   export and import files.

Stored format, version 2 (:data:`VERSION`)::

    {"overall": TALLY, "presets": {"knack": TALLY, ...},
     "history": [{"date": "2026-11-30", "preset": "knack", "place": 1,
                  "players": 4, "won": true}, ...]}

where TALLY has the whole-number counters of :data:`COUNTERS` and the number
``hand_total`` (sum of recorded final hand values). ``history`` keeps the
latest :data:`HISTORY_CAP` matches, oldest first.

Version 1 was ``{"matches": m, "wins": w}``: only the two numbers the page
showed. :func:`migrate_v1` keeps them as the overall counts; everything else
starts at zero (per-preset counts, streaks and history were never recorded).

>>> s = Stats()
>>> s.record_deal("knack", lives_lost=0, hand_value=31, knocked=False)
>>> s.record_deal("knack", lives_lost=1, hand_value=18.0, knocked=True)
>>> s.record_match("knack", place=1, players=4, crown=False, date="2026-11-30")
>>> s.matches, s.wins, s.summary().thirty_ones, s.summary("knack").knocks_lost
(1, 1, 1, 1)
>>> Stats.from_json(s.to_json()) == s
True
"""

from __future__ import annotations

import dataclasses
import json
import time
from dataclasses import dataclass, field
from typing import Any

from app import safe_json
from app.stats.checks import (
    check_date,
    check_keys,
    check_name,
    count,
    is_int,
    is_number,
)
from app.storage import KEY_STATS as KEY_STATS  # the statistics' key, named here too
from app.storage import Notice, Store
from engine import InvalidInputError

VERSION = 2
"""Version of the stored and exported statistics."""
HISTORY_CAP = 200
"""How many recent match results are kept for the chart."""
FILE_FORMAT = "schwimmen-stats"
"""The ``format`` marker of an exported statistics file."""

COUNTERS = (
    "matches",  # finished matches
    "wins",  # matches won (place 1)
    "crowns",  # matches won with all starting lives
    "deals",  # deals the player held cards in
    "lives_lost",
    "thirty_ones",  # deals ending with the player holding 31
    "feuers",  # deals ending with the player holding Feuer (three aces)
    "knocks",  # deals the player knocked first
    "knocks_lost",  # ... and lost a life in
    "hand_deals",  # deals with a known final hand value (for the average)
    "current_streak",  # matches won in a row, up to the latest
    "longest_streak",
)
"""The whole-number counters of a tally, in stored order."""

_MAX_PRESETS = 64
_MAX_HAND = 1000


@dataclass
class Tally:
    """The counters for one scope (overall, or one preset)."""

    matches: int = 0
    wins: int = 0
    crowns: int = 0
    deals: int = 0
    lives_lost: int = 0
    thirty_ones: int = 0
    feuers: int = 0
    knocks: int = 0
    knocks_lost: int = 0
    hand_deals: int = 0
    current_streak: int = 0
    longest_streak: int = 0
    hand_total: float = 0

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


@dataclass(frozen=True)
class Result:
    """One finished match, for the history chart."""

    date: str
    preset: str
    place: int
    players: int
    won: bool


@dataclass(frozen=True)
class Summary:
    """Figures for display. Rates are fractions 0..1 and averages plain numbers,
    or None when nothing was counted yet; ``average_place`` covers the history."""

    matches: int
    wins: int
    win_rate: float | None
    crowns: int
    deals: int
    lives_lost: int
    lives_per_deal: float | None
    thirty_ones: int
    feuers: int
    knocks: int
    knocks_lost: int
    knock_loss_rate: float | None
    average_hand: float | None
    average_place: float | None
    current_streak: int
    longest_streak: int


@dataclass
class Stats:
    """All statistics of the player. Mutable: the ``record_*`` methods add to it."""

    overall: Tally = field(default_factory=Tally)
    presets: dict[str, Tally] = field(default_factory=dict)
    history: list[Result] = field(default_factory=list)

    # -- recording --------------------------------------------------------------

    def record_deal(
        self,
        preset: str,
        *,
        lives_lost: int,
        hand_value: float | None = None,
        knocked: bool = False,
    ) -> None:
        """Count one finished deal the player held cards in (see the module text).

        Raises InvalidInputError for impossible values (lives_lost outside 0..2,
        a hand value that is no number from 0 to 1000, a bad preset name).
        """
        check_name(preset, "preset")
        if not is_int(lives_lost) or not 0 <= lives_lost <= 2:
            raise InvalidInputError(f"lives_lost must be 0, 1 or 2, not {lives_lost!r}")
        if hand_value is not None and not (is_number(hand_value) and 0 <= hand_value <= _MAX_HAND):
            raise InvalidInputError(f"hand_value must be a number or None, not {hand_value!r}")
        if not isinstance(knocked, bool):
            raise InvalidInputError(f"knocked must be True or False, not {knocked!r}")
        for tally in self._scopes(preset):
            tally.deals += 1
            tally.lives_lost += lives_lost
            if knocked:
                tally.knocks += 1
                tally.knocks_lost += lives_lost > 0
            if hand_value is not None:
                tally.hand_deals += 1
                tally.hand_total += hand_value
                tally.thirty_ones += hand_value == 31
                tally.feuers += hand_value > 31

    def record_match(
        self,
        preset: str,
        *,
        place: int,
        players: int,
        crown: bool = False,
        date: str | None = None,
    ) -> None:
        """Count one finished match: the player's ``place`` (1 = won) among
        ``players``; ``crown`` for a win with all starting lives; ``date`` as
        ``YYYY-MM-DD`` (today if None). Raises InvalidInputError for impossible values.
        """
        check_name(preset, "preset")
        if not is_int(players) or not 2 <= players <= 9:
            raise InvalidInputError(f"players must be 2 to 9, not {players!r}")
        if not is_int(place) or not 1 <= place <= players:
            raise InvalidInputError(f"place must be 1 to {players}, not {place!r}")
        won = place == 1
        if not isinstance(crown, bool) or (crown and not won):
            raise InvalidInputError(f"crown must be False or True for a win, not {crown!r}")
        date = today() if date is None else check_date(date, "date")
        for tally in self._scopes(preset):
            tally.matches += 1
            tally.wins += won
            tally.crowns += crown
            tally.current_streak = tally.current_streak + 1 if won else 0
            tally.longest_streak = max(tally.longest_streak, tally.current_streak)
        self.history.append(Result(date, preset, place, players, won))
        del self.history[:-HISTORY_CAP]

    def drop_oldest(self, n: int) -> int:
        """Forget the ``n`` oldest matches of the history (the counts stay), to make
        the record fit a full storage; returns how many were dropped.

        >>> s = Stats()
        >>> for _ in range(3): s.record_match("pub", place=2, players=3, date="2026-11-30")
        >>> s.drop_oldest(2), len(s.history), s.matches
        (2, 1, 3)
        """
        n = max(0, min(n, len(self.history)))
        del self.history[:n]
        return n

    def reset(self) -> None:
        """Forget everything."""
        self.overall = Tally()
        self.presets = {}
        self.history = []

    def _scopes(self, preset: str) -> tuple[Tally, Tally]:
        return self.overall, self.presets.setdefault(preset, Tally())

    # -- reading ----------------------------------------------------------------

    @property
    def matches(self) -> int:
        """Finished matches (the page's ``data-matches``)."""
        return self.overall.matches

    @property
    def wins(self) -> int:
        """Matches won (the page's ``data-wins``)."""
        return self.overall.wins

    def summary(self, preset: str | None = None) -> Summary:
        """The figures overall, or for one preset (zeros for a preset never played)."""
        t = self.overall if preset is None else self.presets.get(preset, Tally())
        places = [r.place for r in self.history if preset is None or r.preset == preset]
        return Summary(
            matches=t.matches,
            wins=t.wins,
            win_rate=_ratio(t.wins, t.matches),
            crowns=t.crowns,
            deals=t.deals,
            lives_lost=t.lives_lost,
            lives_per_deal=_ratio(t.lives_lost, t.deals),
            thirty_ones=t.thirty_ones,
            feuers=t.feuers,
            knocks=t.knocks,
            knocks_lost=t.knocks_lost,
            knock_loss_rate=_ratio(t.knocks_lost, t.knocks),
            average_hand=_ratio(t.hand_total, t.hand_deals),
            average_place=_ratio(sum(places), len(places)),
            current_streak=t.current_streak,
            longest_streak=t.longest_streak,
        )

    # -- formats -------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The stored form (version :data:`VERSION`)."""
        return {
            "overall": self.overall.to_dict(),
            "presets": {name: t.to_dict() for name, t in self.presets.items()},
            "history": [dataclasses.asdict(r) for r in self.history],
        }

    @classmethod
    def from_dict(cls, data: Any) -> Stats:
        """Check stored data of version :data:`VERSION`; InvalidInputError names the
        first problem (a wrong type, a negative or huge count, counts that contradict
        each other)."""
        check_keys(data, ("overall", "presets", "history"), "statistics")
        overall = _tally(data["overall"], "overall")
        presets_data = data["presets"]
        if not isinstance(presets_data, dict) or len(presets_data) > _MAX_PRESETS:
            raise InvalidInputError(f"presets must be a dict of up to {_MAX_PRESETS} presets")
        presets = {}
        for name, value in presets_data.items():
            check_name(name, "presets: a preset name")
            presets[name] = _tally(value, f"presets.{name}")
        for counter in ("matches", "wins", "deals", "lives_lost"):
            total = sum(getattr(t, counter) for t in presets.values())
            if total > getattr(overall, counter):
                raise InvalidInputError(
                    f"the presets' {counter} ({total}) are more than overall "
                    f"({getattr(overall, counter)})"
                )
        history_data = data["history"]
        if not isinstance(history_data, list):
            raise InvalidInputError("history must be a list")
        history = [_result(r, f"history[{i}]") for i, r in enumerate(history_data)]
        history = history[-HISTORY_CAP:]
        if len(history) > overall.matches:
            raise InvalidInputError(
                f"history has {len(history)} matches, more than the {overall.matches} counted"
            )
        return cls(overall, presets, history)

    def to_json(self) -> str:
        """An export file (JSON text) that :meth:`from_json` reads back."""
        return json.dumps(
            {"format": FILE_FORMAT, "version": VERSION, **self.to_dict()},
            ensure_ascii=False,
            indent=1,
        )

    @classmethod
    def from_json(cls, text: str) -> Stats:
        """Read an export file (also of version 1, and the raw ``localStorage``
        record). Raises InvalidInputError saying what is wrong with the file."""
        if not isinstance(text, str):
            raise InvalidInputError("a statistics file must be text")
        try:
            data = safe_json.loads(text, "import")  # bounded: deep nesting is refused first
        except InvalidInputError as exc:
            raise InvalidInputError(f"this is not a statistics file (not JSON: {exc})") from None
        if isinstance(data, dict) and "format" in data:
            if data["format"] != FILE_FORMAT:
                raise InvalidInputError(
                    f"this is not a statistics file (format {data['format']!r})"
                )
            version = data.get("version")
            body = {k: v for k, v in data.items() if k not in ("format", "version")}
        elif isinstance(data, dict) and set(data) == {"version", "data"}:
            version, body = data["version"], data["data"]
        else:
            raise InvalidInputError(f'this is not a statistics file (no "format": "{FILE_FORMAT}")')
        if not is_int(version) or version < 1:
            raise InvalidInputError(f"the statistics file has no valid version ({version!r})")
        if version > VERSION:
            raise InvalidInputError(
                f"the statistics file has version {version}; this page reads up to {VERSION}"
            )
        if version == 1:
            body = migrate_v1(body)
        return cls.from_dict(body)


def migrate_v1(data: Any) -> dict[str, Any]:
    """Version 1 ``{"matches": m, "wins": w}`` -> version 2 data (see the module text)."""
    check_keys(data, ("matches", "wins"), "version 1 statistics")
    overall = Tally(matches=count(data["matches"], "matches"), wins=count(data["wins"], "wins"))
    return {"overall": overall.to_dict(), "presets": {}, "history": []}


KEY_ONLINE = "stats-online"
"""Online matches (``app.online.room``): the place of the person at this device."""
KEY_SHARED = "stats-shared"
"""Matches of several people at one device: a win is a match a person won (not a bot)."""
APART = (("online", KEY_ONLINE), ("shared", KEY_SHARED))
"""The statistics kept apart from the games against bots: (kind, storage key)."""


def load_stats(store: Store, key: str = KEY_STATS) -> tuple[Stats, Notice | None]:
    """The stored statistics (version 1 records are migrated), or empty ones; bad
    stored data is moved to a backup with a Notice. ``key``: the matches against bots
    (:data:`KEY_STATS`), or those with friends, apart (:data:`KEY_ONLINE`,
    :data:`KEY_SHARED`)."""
    stats, notice = store.load(key, VERSION, migrate={1: migrate_v1}, validate=Stats.from_dict)
    return (stats if stats is not None else Stats()), notice


def save_stats(store: Store, stats: Stats, key: str = KEY_STATS) -> Notice | None:
    """Store the statistics (under ``key``); a Notice (never an exception) if that fails."""
    return store.save(key, stats.to_dict(), VERSION)


# -- figures, today, and reading stored tallies and results ------------------------


def _ratio(part: float, whole: int) -> float | None:
    return part / whole if whole else None


def today() -> str:
    """Today's local date as ``YYYY-MM-DD`` (``time`` is loaded anyway; ``datetime`` is not)."""
    return time.strftime("%Y-%m-%d", time.localtime())


def _tally(data: Any, where: str) -> Tally:
    check_keys(data, (*COUNTERS, "hand_total"), where)
    t = Tally(
        **{c: count(data[c], f"{where}.{c}") for c in COUNTERS}, hand_total=data["hand_total"]
    )
    if not is_number(t.hand_total) or not 0 <= t.hand_total <= t.hand_deals * _MAX_HAND:
        raise InvalidInputError(f"{where}.hand_total ({t.hand_total!r}) does not fit hand_deals")
    for part, whole in [
        ("wins", "matches"),
        ("crowns", "wins"),
        ("knocks", "deals"),
        ("knocks_lost", "knocks"),
        ("hand_deals", "deals"),
        ("thirty_ones", "hand_deals"),
        ("feuers", "hand_deals"),
        ("longest_streak", "wins"),
        ("current_streak", "longest_streak"),
    ]:
        if getattr(t, part) > getattr(t, whole):
            raise InvalidInputError(
                f"{where}.{part} ({getattr(t, part)}) is more than {whole} ({getattr(t, whole)})"
            )
    if t.lives_lost > 2 * t.deals:
        raise InvalidInputError(f"{where}.lives_lost ({t.lives_lost}) is more than 2 per deal")
    return t


def _result(data: Any, where: str) -> Result:
    check_keys(data, ("date", "preset", "place", "players", "won"), where)
    players = data["players"]
    if not is_int(players) or not 2 <= players <= 9:
        raise InvalidInputError(f"{where}.players must be 2 to 9, not {players!r}")
    place_ = data["place"]
    if not is_int(place_) or not 1 <= place_ <= players:
        raise InvalidInputError(f"{where}.place must be 1 to {players}, not {place_!r}")
    if data["won"] is not (place_ == 1):
        raise InvalidInputError(f"{where}.won must be {place_ == 1} for place {place_}")
    return Result(
        check_date(data["date"], f"{where}.date"),
        check_name(data["preset"], f"{where}.preset"),
        place_,
        players,
        data["won"],
    )
