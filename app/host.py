"""The page as the game's Python sees it: every call a table or a panel makes on it.

``app.dom.Page`` is the one implementation in the browser; tests build their pages on
``QuietHost`` below (``FakeHost`` in ``tests/app/test_controller.py``, ``FakePage`` in
``tests/online/fake_net.py``). Nothing else touches the DOM (STYLE.md, habit 8), so this
Protocol is the whole of what the rest of ``app/`` may ask of a page.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from app.table.state import UIState
from app.table.story import Flight


class Host(Protocol):
    """The page a table draws on and asks for time, sound and navigation."""

    def show(self, markup: str, log: Sequence[tuple[int, str]], state: str) -> None:
        """Put ``markup`` in ``#app``, append the new log lines, set ``data-state``."""

    def later(self, ms: float, callback: Callable[[], None]) -> None:
        """Run ``callback`` in a later task (a timer), so no task runs long."""

    def warn(self, text: str) -> None:
        """A warning in the browser console (bad URL parameters, refused messages)."""

    def animate(self, flights: Sequence[Flight], ms: float) -> None:
        """Fly the cards that moved since the last drawing."""

    def sound(self, names: Sequence[str]) -> None:
        """Play the named sounds (``app.sound``)."""

    def timed(self, name: str, ms: float, detail: Mapping[str, Any]) -> None:
        """Put a span of Python's work in the browser's User Timing."""

    def download(self, filename: str, text: str) -> None:
        """Offer ``text`` as a file to save."""

    def patch(self, testid: str, text: str) -> None:
        """Change one element's text without drawing anew (a running clock)."""

    def replace(self, testid: str, markup: str) -> None:
        """Put ``markup`` in place of one element (a form being typed in stays)."""

    def share(self, url: str, title: str, done: Callable[[str], None]) -> None:
        """Offer ``url`` to the system's share sheet (the Web Share API), or copy it to
        the clipboard where there is none; ``done`` hears ``shared``, ``copied`` or
        ``failed`` (then the link ``[data-testid=invite-link]`` is selected), or
        nothing when the person closed the share sheet."""

    def copy(self, url: str, done: Callable[[str], None], link: str = "invite-link") -> None:
        """Copy ``url`` to the clipboard; ``done`` hears ``copied`` or ``failed`` (then
        the link ``[data-testid=<link>]`` is selected, for the person to copy)."""

    def go_online(self, role: str = "host") -> None:
        """Open the "Play online" page (``role="tables"``: a table server's "My tables")."""

    def hosting(self, table_id: str, field: str = "host") -> None:
        """The host's table is open: its address brings it back after a reload
        (``field="join"``: a table server's, which the page joins again)."""

    def leave_online(self) -> None:
        """Back to the game against bots."""

    def reload(self) -> None:
        """Load the page again (an update the player asked for)."""


class Screen(Protocol):
    """What the page drives: the game against bots (``app.controller.Controller``) or an
    online table (``app.online.room.Room``)."""

    ui: UIState

    def handle(self, intent: Mapping[str, Any]) -> None:
        """One intent from the page's events."""

    def take_focus(self) -> str:
        """The ``data-key`` to focus after this drawing (once), or ""."""

    def tick(self) -> None:
        """The page's timer."""

    def release(self) -> None:
        """The page goes away."""


class QuietHost:
    """A ``Host`` that draws nowhere and plays nothing: the base of test pages, which
    keep what they need of it."""

    def show(self, markup: str, log: Sequence[tuple[int, str]], state: str) -> None:
        pass

    def later(self, ms: float, callback: Callable[[], None]) -> None:
        pass

    def warn(self, text: str) -> None:
        pass

    def animate(self, flights: Sequence[Flight], ms: float) -> None:
        pass

    def sound(self, names: Sequence[str]) -> None:
        pass

    def timed(self, name: str, ms: float, detail: Mapping[str, Any]) -> None:
        pass

    def download(self, filename: str, text: str) -> None:
        pass

    def patch(self, testid: str, text: str) -> None:
        pass

    def replace(self, testid: str, markup: str) -> None:
        pass

    def share(self, url: str, title: str, done: Callable[[str], None]) -> None:
        pass

    def copy(self, url: str, done: Callable[[str], None], link: str = "invite-link") -> None:
        pass

    def go_online(self, role: str = "host") -> None:
        pass

    def hosting(self, table_id: str, field: str = "host") -> None:
        pass

    def leave_online(self) -> None:
        pass

    def reload(self) -> None:
        pass
