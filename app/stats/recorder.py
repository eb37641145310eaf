"""Counting the games against bots, and writing what was counted even when storage is full.

Each change (a deal, a match, an import, a reset) takes the stored statistics and
changes them in place or returns new ones. ``Recorder`` writes them at once; when the
write fails (a full storage), the change waits in memory and is replayed on every
later try (the next save, the page's timer, "Try again"), first dropping the oldest
history entries if that makes the statistics fit, with a notice. Another tab may write
in between: its figures stay, as every try starts from what is stored.
"""

from __future__ import annotations

from collections.abc import Callable

from app.stats import model as stats_mod
from app.stats.model import KEY_STATS, Stats
from app.storage import Notice, Store
from app.writes import Banner, Writes

Change = Callable[[Stats], "Stats | None"]


class Recorder:
    """The statistics of the games against bots as stored, with the changes that
    could not be written yet (``pending``)."""

    def __init__(
        self,
        store: Store,
        writes: Writes,
        banner: Banner,
        *,
        written: Callable[[Stats], None] = lambda _stats: None,
        changed: Callable[[], None] = lambda: None,
    ) -> None:
        self.store, self.writes, self.banner = store, writes, banner
        self.pending: list[Change] = []
        self._written = written  # told the statistics after every try to write them
        self._changed = changed  # told when the banner says something new

    def now(self) -> Stats:
        """The statistics as stored, with the changes not written yet (a change that a
        figure of the statistics refuses is dropped: it must not stop the game)."""
        stats, _ = stats_mod.load_stats(self.store)
        for change in list(self.pending):
            try:
                result = change(stats)
            except ValueError:
                self.pending.remove(change)
                continue
            stats = stats if result is None else result
        return stats

    def update(self, change: Change) -> Stats:
        """Change the statistics and write them; if the write fails, the change waits."""
        self.pending.append(change)
        return self.flush()

    def replace(self, stats: Stats) -> Stats:
        """The statistics become ``stats`` (an import, a reset)."""
        return self.update(lambda _old: stats)

    def flush(self) -> Stats:
        """Write the stored statistics with every pending change; if they do not fit,
        drop the oldest history entries, with a notice; if nothing fits, keep the
        changes for later. The statistics as they now stand."""
        stats = self.now()
        if not self.pending:  # every change was refused: nothing to write
            return stats
        notice = stats_mod.save_stats(self.store, stats)
        if notice is not None:
            stats, notice = self._trimmed(stats, notice)
        if notice is None:
            self.pending.clear()
        self._written(stats)
        self.writes.check(KEY_STATS, notice)
        return stats

    def _trimmed(self, stats: Stats, notice: Notice) -> tuple[Stats, Notice | None]:
        """The statistics without their oldest history entries, written, if that fits."""
        n = len(stats.history)
        for drop in sorted({max(1, n // 10), (n + 1) // 2, n}):
            if drop > n or n == 0:
                break
            trimmed = Stats(stats.overall, stats.presets, stats.history[drop:])
            if stats_mod.save_stats(self.store, trimmed) is None:
                message = f"the {drop} oldest matches of the history were dropped to fit"
                self.banner.tell([Notice("history_trimmed", KEY_STATS, message, count=drop)])
                self._changed()
                return trimmed, None
        return stats, notice

    def waiting(self) -> bool:
        """Changes wait to be written."""
        return bool(self.pending)


def record_shared(store: Store, writes: Writes, preset: str, place: int, players: int) -> Stats:
    """A match of several people at one device, counted apart from the games against bots
    (``KEY_SHARED``): won when a person won (``place`` is the best person's)."""
    stats, _ = stats_mod.load_stats(store, stats_mod.KEY_SHARED)
    stats.record_match(preset, place=place, players=players)
    writes.check(stats_mod.KEY_SHARED, stats_mod.save_stats(store, stats, stats_mod.KEY_SHARED))
    return stats
