"""What one match on this device counts in the statistics, and that it counts it once.

Against bots, each finished deal the player held cards in is counted (lives lost, the
hand's value, a knock) and the finished match (the player's place, the crown). At a
shared device the match counts apart (``KEY_SHARED``: won when a person won), its deals
nowhere. ``deal_noted`` and ``recorded`` say how far the match has been counted; the
saved match keeps them (as far as the written statistics hold them), so a resumed
match counts neither twice nor never.
"""

from __future__ import annotations

from collections.abc import Callable

from app.stats import model as stats_mod
from app.stats.recorder import Recorder, record_shared
from app.writes import Writes
from engine import Match
from engine.observation import is_out


class Tally:
    """The counting of one match (see the module text)."""

    def __init__(self, recorder: Recorder, writes: Writes, preset: str, people: int) -> None:
        self.recorder, self.writes = recorder, writes
        self.preset, self.people = preset, people  # "custom" counts apart from the presets
        self.deal_noted = 0  # the last finished deal counted
        self.recorded = False  # the finished match is counted
        self.marks: tuple[int, bool] = (0, False)  # (deal_noted, recorded) as written

    def resume(self, deal_noted: int, recorded: bool) -> None:
        """A saved match: counted as far as its record says."""
        self.deal_noted, self.recorded = deal_noted, recorded
        self.marks = (deal_noted, recorded)

    def written(self) -> None:
        """The statistics were written: the marks follow what is counted."""
        if not self.recorder.waiting():
            self.marks = (self.deal_noted, self.recorded)

    def saved(self) -> tuple[int, bool]:
        """(deal_noted, recorded) for the saved match: deals and the result the written
        statistics do not hold yet are marked as not counted, so a resumed match counts
        them (again, for its statistics)."""
        return self.marks if self.recorder.waiting() else (self.deal_noted, self.recorded)

    def deals(self, match: Match) -> None:
        """Once per finished deal: count it (not at a shared device)."""
        for result in match.results_for(0):
            if result.deal_number <= self.deal_noted:
                continue
            self.deal_noted = result.deal_number
            lost = result.lost[0] if result.lost else 0
            if self.people > 1 or (is_out(match.lives()[0]) and not lost):
                continue  # nobody's statistics, or the player held no cards in this deal
            self.recorder.update(
                self._deal_change(min(2, lost), dict(result.values).get(0), result.knocker == 0)
            )

    def _deal_change(
        self, lost: int, value: int | float | None, knocked: bool
    ) -> Callable[[stats_mod.Stats], None]:
        def change(stats: stats_mod.Stats) -> None:
            stats.record_deal(self.preset, lives_lost=lost, hand_value=value, knocked=knocked)

        return change

    def match(self, match: Match) -> stats_mod.Stats | None:
        """Once, when the match is over: the player's place (the shared device's
        figures, returned, at one device)."""
        if self.recorded:
            return None
        self.recorded = True
        places = match.places()
        if self.people > 1:
            best = min(places[p] for p in range(self.people))
            return record_shared(self.recorder.store, self.writes, self.preset, best, len(places))
        crown = match.crown and places[0] == 1
        self.recorder.update(
            lambda s: s.record_match(self.preset, place=places[0], players=len(places), crown=crown)
        )
        return None

    def figures(self) -> tuple[int, int]:
        """(matches, wins) the table shows: of the games against bots, or of the matches
        of several people at this device."""
        if self.people > 1:
            stats, _ = stats_mod.load_stats(self.recorder.store, stats_mod.KEY_SHARED)
        else:
            stats = self.recorder.now()
        return stats.matches, stats.wins
