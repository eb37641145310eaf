"""What the player is told about stored data: the notices banner and failed writes.

``Banner`` holds the notices shown over the table (damaged records set aside, a write
that failed, a history trimmed to fit); they outlive a match, so the banner is one
object the screens share (``Panels.notices`` is its list). ``Writes`` follows every
write: a failure is told once, at once, and a success after failures says that the
data is safe again.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from app.storage import Notice, Store
from app.table.notices import FAILED, STORAGE_CODES


class Banner:
    """The notices over the table, and a warning in the console for each new one."""

    def __init__(self, warn: Callable[[str], None] = lambda _text: None) -> None:
        self.notices: list[Notice] = []
        self._warn = warn

    def tell(self, notices: Iterable[Notice]) -> None:
        """Show ``notices`` (from the next drawing on) and warn in the console."""
        for notice in notices:
            self._warn(f"Schwimmen: {notice.message}")
            self.notices.append(notice)

    def keep(self, notices: Iterable[Notice]) -> None:
        """Show ``notices`` without a console warning (read at start-up, said there)."""
        self.notices.extend(notices)

    def clear(self) -> None:
        """The player dismissed the banner."""
        self.notices.clear()

    def drop_failed(self, key: str) -> None:
        """Forget that writing ``key`` failed."""
        self.notices[:] = [n for n in self.notices if not (n.code in FAILED and n.subject == key)]


class Writes:
    """Every write's outcome, told once (``changed`` is called when the banner changed)."""

    def __init__(self, banner: Banner, changed: Callable[[], None] = lambda: None) -> None:
        self.banner = banner
        self.failing: dict[str, Notice] = {}  # storage key -> the notice of its failed write
        self._changed = changed

    def check(self, key: str, notice: Notice | None) -> None:
        """The outcome of a write to ``key`` (``notice``: it failed)."""
        if notice is not None:
            if key not in self.failing:
                self.failing[key] = notice
                self.banner.tell([notice])
                self._changed()
            return
        if self.failing.pop(key, None) is None:
            return
        self.banner.drop_failed(key)
        self.banner.keep([Notice("saved", key, f"{key} saved again")])
        self._changed()

    def failed(self, key: str) -> bool:
        """Whether the last write of ``key`` failed."""
        return key in self.failing


def stored_data_notices(store: Store, settings_notices: Iterable[Notice]) -> list[Notice]:
    """Read the stored statistics (those with friends too) and the saved match once
    before the game starts, so a damaged record is backed up then and the player told
    (later reads find a clean slate); with the settings' own notices about stored data."""
    from app.stats.model import APART, load_stats
    from app.storage import load_match

    found = [n for n in settings_notices if n.code in STORAGE_CODES]
    # the statistics with friends too: their damage was once said only in the console
    apart = [load_stats(store, key) for _, key in APART]
    for _, notice in (load_stats(store), *apart, load_match(store)):
        if notice is not None:
            found.append(notice)
    return found
