"""What a table screen shows that is not in the observation: ``UIState`` and the
``Panels`` over the table. Plain data the session (``app.table.session``) and its owners
change and the view (``app.table.view``) draws."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from app.storage import Notice
from app.table.mode import Mode
from engine import DealResult


@dataclass
class Panels:
    """What the panels over the table show: rules help, statistics, notices."""

    help_open: bool = False
    stats_open: bool = False
    scope: str = "all"  # which statistics the panel shows (app.stats.panel.SCOPE_ALL)
    confirm_reset: bool = False
    import_pending: Any = None  # imported Stats waiting for "replace?" to be answered
    message: str = ""
    error: bool = False
    stats: Any = None  # app.stats.model.Stats while the statistics panel is open
    stats_apart: tuple[Any, ...] = ()  # (kind, Stats) of the matches with friends, apart
    notices: list[Notice] = field(default_factory=list)  # the banner's (app.writes.Banner)
    focus: str = ""  # data-key the page should focus after the next redraw
    other_tab: str = ""  # "open"/"taken": another tab has the match (app.tabs)
    review: tuple[Any, ...] | None = None  # the deal review, once computed (app.table.review)
    review_deal: int = 0  # the deal it reviews
    review_open: bool = False
    review_seat: int = 0  # whose decisions it reviews (a real seat)
    review_key: str = "act-review"  # the button that opened it (the focus goes back there)
    review_who: str = ""  # that person's name at a shared device ("": "you")
    review_names: tuple[str, ...] = ()  # the names in real seat order, for its words

    def take_focus(self) -> str:
        """The data-key to focus now (once), or ""."""
        key, self.focus = self.focus, ""
        return key

    def open_review(
        self,
        deal: int,
        reviewed: Callable[[], tuple[Any, ...]],
        seat: int = 0,
        key: str = "act-review",
    ) -> None:
        """Open the review of ``deal`` for ``seat`` (``reviewed()`` works it out, once
        per deal and seat), from the button ``key``."""
        if self.review is None or (self.review_deal, self.review_seat) != (deal, seat):
            self.review, self.review_deal, self.review_seat = reviewed(), deal, seat
        self.review_open, self.focus, self.review_key = True, "act-close-review", key

    def close_review(self) -> None:
        self.review_open, self.focus = False, self.review_key


@dataclass
class UIState:
    """Everything the screen shows that is not in the observation."""

    mode: Mode = Mode.BUSY  # the #app data-state
    lang: str = "de"
    style: str = "french"  # card faces
    preset: str = "classic"  # the named preset whose words the screen uses
    reviewers: tuple[tuple[str, str], ...] = ()  # shared device: (action, name) per person
    custom: bool = False  # the player's own rule set (built on ``preset``)
    names: tuple[str, ...] = ()
    selected: tuple[
        tuple[str, str], ...
    ] = ()  # ("hand", "0"), ("table", "2"), ("table", "mistery")
    announce_value: str | None = None
    thinking: int | None = None  # the bot seat whose turn is being paced
    changed: frozenset[str] = frozenset()  # keys like "table-1", "seat-2": drawn highlighted
    anim: bool = True  # False with speed=0: no transitions
    notice: str = ""
    settings_open: bool = False
    panels: Panels = field(default_factory=Panels)  # help, stats, notices
    settings: dict[str, Any] = field(default_factory=dict)
    stats: tuple[int, int] = (0, 0)  # finished matches, matches won
    stats_words: str = "stats_line"  # what they count: against bots, online, at one device
    winners: tuple[int, ...] = ()  # at match-over
    crown: bool = False  # at match-over: the engine's Match.crown (won with all lives)
    match_panel: bool = True  # at match-over: the result shows (closed: the finished table)
    result: DealResult | None = None  # the deal result shown at deal-over (None: the last)
    start_lives: int = 3
    hints: tuple[Any, ...] = ()  # the coach's ranked moves (app.table.coach.Line), best first
    callout: str = ""  # the word called over the table as a deal ends ("31!")
    dealt: str = ""  # the deal on screen ended as dealt: who was dealt what, in words
    last_line: str = ""  # the log's newest line, shown at the table (the log may be off-screen)
    touch: bool = False  # a touch screen: the prompts say "tap", else "click"
    sound: bool = True  # the sound switch (app.sound)
    cover: str = ""  # a shared device is being passed on: the person whose turn comes
    cover_ready: bool = False  # that person's turn has come: they may uncover
    server: bool = False  # the build names a table server: "My tables" under the table
    online_bar: str = ""  # an online table: its line of connection state and timer (markup)
    can_review: bool = True  # the deal review is offered (an online guest has no match to replay)
    notes: dict[int, str] = field(default_factory=dict)  # seat -> "away" (online)
    ratings: dict[int, float] = field(default_factory=dict)  # seat -> a signed-in person's rating
    reactions: dict[int, str] = field(default_factory=dict)  # seat -> its reaction (markup, online)
    moved_for: dict[int, str] = field(default_factory=dict)  # seat -> why a bot made its move
