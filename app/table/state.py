"""What a table screen shows that is not in the observation: ``UIState``, in parts with
one writer each, which the view (``app.table.view``) draws:

- ``Look``, what the page looks like (language, cards, speed, sound, the figures under
  the table): the session's owner sets it (``app.controller``, ``app.online.room``);
- ``Choice``, the choice in progress (chosen cards, the Lügen value, the coach's
  advice): the session (``app.table.session``, through ``choosing`` and ``coach``);
- ``Panels``, what lies over the table (settings, help, statistics, review, notices):
  the session and its owner, each for its own panels;
- ``Frame``, frozen: what the match and the session's state make of this drawing (the
  mode, names, cover, highlights, the result shown), worked out once per refresh by the
  session (``app.table.frame``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from app.storage import Notice
from app.table.mode import Mode
from engine import DealResult


@dataclass
class Panels:
    """What the panels over the table show: rules help, statistics, notices."""

    help_open: bool = False
    settings_open: bool = False
    settings: dict[str, Any] = field(default_factory=dict)  # the settings dialog's draft
    match_panel: bool = True  # at match-over: the result shows (closed: the finished table)
    notice: str = ""  # a word over the table (another match than the address asked for)
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
class Look:
    """What the page looks like: set by the session's owner."""

    lang: str = "de"
    style: str = "french"  # card faces
    preset: str = "classic"  # the named preset whose words the screen uses
    custom: bool = False  # the player's own rule set (built on ``preset``)
    anim: bool = True  # False with speed=0: no transitions
    touch: bool = False  # a touch screen: the prompts say "tap", else "click"
    sound: bool = True  # the sound switch (app.sound)
    server: bool = False  # the build names a table server: "My tables" under the table
    start_lives: int = 3
    stats: tuple[int, int] = (0, 0)  # finished matches, matches won
    stats_words: str = "stats_line"  # what they count: against bots, online, at one device
    online_bar: str = ""  # an online table: its line of connection state and timer (markup)
    ratings: dict[int, float] = field(default_factory=dict)  # seat -> a signed-in person's rating
    reactions: dict[int, str] = field(default_factory=dict)  # seat -> its reaction (markup, online)


@dataclass
class Choice:
    """The person's choice in progress: written by the session."""

    selected: tuple[tuple[str, str], ...] = ()  # ("hand", "0"), ("table", "mistery")
    announce_value: str | None = None
    hints: tuple[Any, ...] = ()  # the coach's ranked moves (app.table.coach.Line), best first


@dataclass(frozen=True)
class Frame:
    """What one drawing shows beyond the observation: worked out once per refresh by the
    session (``app.table.frame.work_out``), never changed after."""

    mode: Mode = Mode.BUSY  # the #app data-state
    names: tuple[str, ...] = ()
    reviewers: tuple[tuple[str, str], ...] = ()  # shared device: (action, name) per person
    thinking: int | None = None  # the bot seat whose turn is being paced
    changed: frozenset[str] = frozenset()  # keys like "table-1", "seat-2": drawn highlighted
    winners: tuple[int, ...] = ()  # at match-over
    crown: bool = False  # at match-over: the engine's Match.crown (won with all lives)
    result: DealResult | None = None  # the deal result shown at deal-over (None: the last)
    callout: str = ""  # the word called over the table as a deal ends ("31!")
    dealt: str = ""  # the deal on screen ended as dealt: who was dealt what, in words
    last_line: str = ""  # the log's newest line, shown at the table (the log may be off-screen)
    cover: str = ""  # a shared device is being passed on: the person whose turn comes
    cover_ready: bool = False  # that person's turn has come: they may uncover
    can_review: bool = True  # the deal review is offered (an online guest has no match to replay)
    notes: Mapping[int, str] = field(default_factory=dict)  # seat -> "away" (online)
    moved_for: Mapping[int, str] = field(default_factory=dict)  # seat -> why a bot moved


@dataclass
class UIState:
    """Everything the screen shows that is not in the observation, by writer."""

    look: Look = field(default_factory=Look)
    choice: Choice = field(default_factory=Choice)
    panels: Panels = field(default_factory=Panels)  # settings, help, stats, review, notices
    frame: Frame = field(default_factory=Frame)

    @classmethod
    def of(cls, **given: Any) -> UIState:
        """A UI state from named fields of any part (``UIState.of(lang="en",
        mode="human")``): each goes to the part that has it."""
        parts: dict[str, dict[str, Any]] = {}
        for part in (Look, Choice, Panels, Frame):
            names = {f.name for f in fields(part)}
            parts[part.__name__] = {k: v for k, v in given.items() if k in names}
        unknown = set(given) - {k for kept in parts.values() for k in kept}
        if unknown:
            raise TypeError(f"no part of UIState has {sorted(unknown)}")
        return cls(
            look=Look(**parts["Look"]),
            choice=Choice(**parts["Choice"]),
            panels=Panels(**parts["Panels"]),
            frame=Frame(**parts["Frame"]),
        )

    @property
    def lang(self) -> str:
        """The language the page speaks now (``look.lang``), read everywhere."""
        return self.look.lang
