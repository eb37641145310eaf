"""The statistics panel's buttons and the import of a statistics file.

Control names (``data-action``, none looks like a move): ``open-stats``,
``close-stats``, ``stats-export``, ``stats-reset`` with ``stats-reset-confirm`` and
``stats-reset-cancel``, ``stats-import-confirm`` and ``stats-import-cancel`` (an import
over statistics asks first, and backs them up), ``stats-scope-<name>``, and the notices
banner's ``dismiss-notices``. What the panel shows lives in ``app.table.state.Panels``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from app.stats import model as stats_mod
from app.stats import panel as stats_panel
from app.stats.recorder import Recorder
from app.storage import Notice
from app.table.state import Panels
from app.writes import Banner

CONTROLS = frozenset(
    {
        "open-stats",
        "close-stats",
        "stats-export",
        "stats-reset",
        "stats-reset-confirm",
        "stats-reset-cancel",
        "stats-import-confirm",
        "stats-import-cancel",
        "dismiss-notices",
    }
)
SCOPE = "stats-scope-"


def is_control(name: str) -> bool:
    """Whether ``name`` is one of the panel's controls (``CONTROLS``, ``stats-scope-*``)."""
    return name in CONTROLS or name.startswith(SCOPE)


class StatsControls:
    """The statistics panel over one store (``download(filename, text)`` saves a file)."""

    def __init__(
        self, recorder: Recorder, banner: Banner, download: Callable[[str, str], None]
    ) -> None:
        self.recorder, self.banner, self.download = recorder, banner, download

    def press(self, p: Panels, name: str, lang: str) -> None:
        """One of the controls (``is_control``) pressed, with the panels it changes."""
        if name == "open-stats":
            self.open(p)
        elif name == "close-stats":
            p.stats_open, p.confirm_reset, p.message, p.stats = False, False, "", None
            p.focus = "act-open-stats"
        elif name.startswith(SCOPE):
            p.scope, p.confirm_reset = name.removeprefix(SCOPE), False
        elif name in ("stats-reset", "stats-reset-cancel"):
            p.confirm_reset, p.import_pending = name == "stats-reset", None
        elif name in ("stats-import-confirm", "stats-import-cancel"):
            self.answer_import(p, name == "stats-import-confirm", lang)
        elif name == "stats-reset-confirm":
            p.stats = self.recorder.replace(stats_mod.Stats())
            p.confirm_reset, p.scope = False, stats_panel.SCOPE_ALL
            p.message, p.error = stats_panel.tr("was_reset", lang), False
        elif name == "stats-export":
            self.export(p, lang)
        elif name == "dismiss-notices":
            self.banner.clear()

    def open(self, p: Panels) -> None:
        """Open the panel with the statistics as they stand (with what a full storage
        could not take yet) and the matches with friends, apart."""
        _, notice = stats_mod.load_stats(self.recorder.store)
        if notice is not None:
            self.banner.keep([notice])
        p.stats = self.recorder.now()
        p.stats_apart = tuple(
            (kind, stats_mod.load_stats(self.recorder.store, key)[0])
            for kind, key in stats_mod.APART
        )
        p.stats_open, p.confirm_reset, p.message, p.error = True, False, "", False
        p.focus = "act-close-stats"

    def export(self, p: Panels, lang: str) -> None:
        stats = self.recorder.now()  # also what a full storage could not take
        filename = stats_panel.export_filename(stats_mod.today())
        self.download(filename, stats.to_json())
        p.message, p.error = stats_panel.tr("exported", lang, name=filename), False

    def import_file(self, p: Panels, text: Any, size: Any, lang: str) -> None:
        """A statistics file the player chose: replace the statistics, or say why not.
        ``size`` (bytes) is given instead of the text for a file too large to read."""
        if text is None and isinstance(size, int | float):
            stats, message = None, stats_panel.too_large(size, lang)
        else:
            stats, message = stats_panel.import_stats(text, lang)
        p.stats_open, p.confirm_reset, p.import_pending = True, False, None
        if p.stats is None:
            p.stats = self.recorder.now()
        if stats is not None and self.recorder.now() != stats_mod.Stats():
            p.import_pending = stats  # it would replace everything: ask, and back up first
            p.message, p.error = "", False
            return
        if stats is not None:
            p.stats = self.recorder.replace(stats)
            p.scope = stats_panel.SCOPE_ALL
        p.message, p.error = message, stats is None

    def answer_import(self, p: Panels, replace: bool, lang: str) -> None:
        """The answer to "replace your statistics?": back up the stored ones, then replace
        them (the message names the backup); or drop the import."""
        stats, p.import_pending = p.import_pending, None
        if stats is None or not replace:
            return
        kept = self.recorder.store.keep_copy(stats_mod.KEY_STATS)
        if isinstance(kept, Notice):  # no backup, no replacing
            self.banner.keep([kept])
            return
        p.stats = self.recorder.replace(stats)
        p.scope, p.error = stats_panel.SCOPE_ALL, False
        p.message = stats_panel.tr("imported", lang, matches=stats.matches, wins=stats.wins)
        if kept:
            p.message += " " + stats_panel.tr("n_import_backup", lang, backup=kept)
