"""The screen's extra panels: settings dialog, rules help, statistics, storage notices.

State (:class:`Panels`, kept in ``UIState.panels``), markup (:func:`overlays`,
:func:`more_buttons`) and the controller's side (:func:`press`,
:func:`draft`, :func:`import_text`, :func:`startup_notices`). The markup
functions are pure; the controller functions change the controller's UI
state, settings and stored statistics but never touch the DOM (a download goes
through ``host.download(filename, text)`` when the host has it). Their styles are
in ``static/panels.css``.

Control names (``data-action``), none of which looks like a move:
``open-help``/``close-help``, ``open-stats``/``close-stats``,
``stats-scope-<name>``, ``stats-export``, ``stats-reset``,
``stats-reset-confirm``, ``stats-reset-cancel``, ``dismiss-notices``; and
``retry-save`` (in the banner while a write fails), ``take-over`` and
``own-match`` (in ``[data-testid=other-tab]`` while another tab has the match),
which the controller handles.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

import engine
from app.escape import escape as esc
from app.help import rules as rules_help
from app.i18n import lookup
from app.settings import dialog as settings_form
from app.settings import model as st
from app.stats import model as stats_mod
from app.stats import panel as stats_view
from app.storage import KEY_SETTINGS, Notice, load_match

ACTIONS = frozenset(
    {
        "open-help",
        "close-help",
        "open-stats",
        "close-stats",
        "stats-export",
        "stats-reset",
        "stats-reset-confirm",
        "stats-reset-cancel",
        "dismiss-notices",
    }
)
"""Control names handled here (plus every ``stats-scope-<name>``)."""

STORAGE_CODES = ("corrupt", "newer", "unavailable", "write_failed", "backup_failed")
"""Notice codes about stored data the player should hear about."""

_T = {
    "help": ("Spielregeln", "Rules"),
    "stats": ("Statistik", "Statistics"),
    "notices": ("Hinweise", "Notices"),
    "dismiss": ("Verstanden", "Got it"),
    "retry": ("Erneut speichern", "Try again"),
    "other_tab_title": ("In einem anderen Tab geöffnet", "Open in another tab"),
    "other_tab_open": (
        "Diese Partie ist in einem anderen Tab dieses Browsers geöffnet und wird dort "
        "gespeichert. Damit sich die beiden nicht gegenseitig überschreiben, spielt und "
        "speichert dieser Tab erst, wenn du es sagst.",
        "This match is open in another tab of this browser and is saved there. So that "
        "the two do not overwrite each other, this tab plays and saves only when you say so.",
    ),
    "other_tab_taken": (
        "Die Partie wurde in einem anderen Tab übernommen. Dieser Tab speichert nicht "
        "mehr; dein letzter Stand ist dort gespeichert.",
        "The match was taken over in another tab. This tab no longer saves; your last "
        "position is saved there.",
    ),
    "take_over": ("Hier weiterspielen", "Continue it here"),
    "take_over_hint": (
        "(der andere Tab hört dann auf zu speichern)",
        "(the other tab then stops saving)",
    ),
    "own_match": ("Hier eine neue Partie beginnen", "Start a new match here"),
    "own_match_hint": (
        "(sie ersetzt die gespeicherte Partie)",
        "(it replaces the saved match)",
    ),
}


def _tr(key: str, lang: str) -> str:
    return lookup(_T, key, lang)


@dataclass
class Panels:
    """What the extra panels show."""

    help_open: bool = False
    stats_open: bool = False
    scope: str = stats_view.SCOPE_ALL
    confirm_reset: bool = False
    message: str = ""
    error: bool = False
    stats: Any = None  # app.stats.Stats while the statistics panel is open
    notices: tuple[Notice, ...] = ()
    focus: str = ""  # data-key the page should focus after the next redraw
    other_tab: str = ""  # "open"/"taken": another tab has the match (app.tabs)

    def take_focus(self) -> str:
        """The data-key to focus now (once), or ""."""
        key, self.focus = self.focus, ""
        return key


# -- markup ------------------------------------------------------------------------


def _settings_of(ui: Any) -> st.Settings:
    settings, _ = st.from_dict(dict(ui.settings or {}), ui.lang)
    return settings


def settings_markup(ui: Any) -> str:
    """The settings dialog for the settings the UI holds (the draft while editing)."""
    return settings_form.render(_settings_of(ui), ui.lang, open=bool(ui.settings_open))


def _help_rules(obs: Any, ui: Any) -> tuple[engine.Rules, str]:
    """The rule set the help describes: the dialog's while it is open and valid,
    else the match's."""
    if ui.settings_open:
        settings = _settings_of(ui)
        try:
            return st.rules(settings), settings.preset
        except engine.InvalidInputError:
            pass
    rules = obs.rules
    preset = ui.preset if ui.preset in engine.PRESETS else st.CUSTOM_BASE
    named = engine.preset(preset)
    plain = dataclasses.replace(rules, lives=named.lives, mistery=False, luegen=False)
    return rules, preset if plain == named else st.CUSTOM


def more_buttons(ui: Any) -> str:
    """A row under the table: statistics and rules help."""
    lang = ui.lang
    return (
        '<nav class="more-buttons">'
        f'<button type="button" class="ghost" data-action="open-stats" data-key="act-open-stats">'
        f"{esc(_tr('stats', lang))}</button>"
        f'<button type="button" class="ghost" data-action="open-help" data-key="act-open-help">'
        f"{esc(_tr('help', lang))}</button></nav>"
    )


def overlays(obs: Any, ui: Any) -> str:
    """Rules help, statistics and the notices banner (each only when there is one)."""
    p: Panels = ui.panels
    lang = ui.lang
    out = []
    if p.notices:
        items = "".join(
            f'<li data-code="{esc(n.code)}" data-subject="{esc(n.subject)}">'
            f"{esc(stats_view.notice_text(n, lang))}</li>"
            for n in p.notices
        )
        retry = ""
        if any(n.code in ("write_failed", "backup_failed") for n in p.notices):
            retry = (
                '<button type="button" data-action="retry-save" data-key="act-retry-save">'
                f"{esc(_tr('retry', lang))}</button>"
            )
        out.append(
            f'<div class="notices" data-testid="notices" role="alert" '
            f'aria-label="{esc(_tr("notices", lang))}"><ul>{items}</ul>{retry}'
            f'<button type="button" data-action="dismiss-notices" data-key="act-dismiss-notices">'
            f"{esc(_tr('dismiss', lang))}</button></div>"
        )
    if p.other_tab:
        out.append(other_tab_markup(p.other_tab, lang))
    if p.help_open:
        rules, preset = _help_rules(obs, ui)
        out.append(rules_help.render(rules, preset, lang, style=ui.style))
    if p.stats_open and p.stats is not None:
        stats_notices = [stats_view.notice_text(n, lang) for n in p.notices if n.subject == "stats"]
        out.append(
            stats_view.render(
                p.stats,
                lang,
                scope=p.scope,
                confirm_reset=p.confirm_reset,
                message=p.message,
                error=p.error,
                notices=stats_notices,
            )
        )
    return "".join(out)


def other_tab_markup(reason: str, lang: str) -> str:
    """The question a tab asks while another tab has the match (``reason``: ``open``
    when this tab started, ``taken`` when the other one took it over later).

    >>> html = other_tab_markup("open", "en")
    >>> 'data-action="take-over"' in html and 'data-action="own-match"' in html
    True
    """
    text = _tr("other_tab_taken" if reason == "taken" else "other_tab_open", lang)
    return (
        '<div class="overlay other-tab-layer">'
        f'<section class="panel other-tab" data-testid="other-tab" data-reason="{esc(reason)}" '
        'role="alertdialog" aria-modal="true" aria-labelledby="other-tab-title">'
        f'<h2 id="other-tab-title">{esc(_tr("other_tab_title", lang))}</h2>'
        f"<p>{esc(text)}</p>"
        '<div class="buttons">'
        '<button type="button" class="primary" data-action="take-over" data-key="act-take-over">'
        f"{esc(_tr('take_over', lang))}</button>"
        f"<small>{esc(_tr('take_over_hint', lang))}</small>"
        '<button type="button" data-action="own-match" data-key="act-own-match">'
        f"{esc(_tr('own_match', lang))}</button>"
        f"<small>{esc(_tr('own_match_hint', lang))}</small>"
        "</div></section></div>"
    )


# -- the controller's side ----------------------------------------------------------


def startup_notices(ctl: Any) -> list[Notice]:
    """Read stored statistics and the saved match once before the game starts, so a
    damaged record is backed up here and the player is told (the later reads then
    find a clean slate). Settings notices come from ``ctl.notices``."""
    notices = [n for n in ctl.notices if n.code in STORAGE_CODES]
    _, notice = stats_mod.load_stats(ctl.store)
    if notice is not None:
        notices.append(notice)
    _, notice = load_match(ctl.store)
    if notice is not None:
        notices.append(notice)
    return notices


def press(ctl: Any, name: str) -> bool:
    """Handle a panel control; False if ``name`` is not one."""
    p: Panels = ctl.ui.panels
    if name not in ACTIONS and not name.startswith("stats-scope-"):
        return False
    if name == "open-help":
        p.help_open, p.focus = True, "act-close-help"
    elif name == "close-help":
        p.help_open = False
        p.focus = "set-open-help" if ctl.ui.settings_open else "act-open-help"
    elif name == "open-stats":
        _, notice = stats_mod.load_stats(ctl.store)
        if notice is not None:
            p.notices = (*p.notices, notice)
        p.stats = ctl._stats_now()  # with what could not be written yet
        p.stats_open, p.confirm_reset, p.message, p.error = True, False, "", False
        p.focus = "act-close-stats"
    elif name == "close-stats":
        p.stats_open, p.confirm_reset, p.message, p.stats = False, False, "", None
        p.focus = "act-open-stats"
    elif name.startswith("stats-scope-"):
        p.scope = name.removeprefix("stats-scope-")
        p.confirm_reset = False
    elif name == "stats-reset":
        p.confirm_reset = True
    elif name == "stats-reset-cancel":
        p.confirm_reset = False
    elif name == "stats-reset-confirm":
        _store_stats(ctl, stats_mod.Stats())
        p.confirm_reset = False
        p.scope = stats_view.SCOPE_ALL
        p.message, p.error = stats_view.tr("was_reset", ctl.ui.lang), False
    elif name == "stats-export":
        stats = ctl._stats_now()  # also what a full storage could not take
        filename = stats_view.export_filename(stats_mod.today())
        download = getattr(ctl.host, "download", None)
        if download is not None:
            download(filename, stats.to_json())
        p.message, p.error = stats_view.tr("exported", ctl.ui.lang, name=filename), False
    elif name == "dismiss-notices":
        p.notices = ()
        ctl.storage_notices = []
    return True


def import_text(ctl: Any, text: Any, size: Any = None) -> None:
    """A statistics file the player chose: replace the statistics, or say why not.
    ``size`` (bytes) is given instead of the text for a file too large to read."""
    p: Panels = ctl.ui.panels
    if text is None and isinstance(size, int | float):
        stats, message = None, stats_view.too_large(size, ctl.ui.lang)
    else:
        stats, message = stats_view.import_stats(text, ctl.ui.lang)
    if stats is not None:
        _store_stats(ctl, stats)
        p.scope = stats_view.SCOPE_ALL
    p.message, p.error = message, stats is None
    p.stats_open, p.confirm_reset = True, False
    if p.stats is None:
        p.stats = ctl._stats_now()


def _store_stats(ctl: Any, stats: stats_mod.Stats) -> None:
    """Replace the statistics (an import, a reset); a failed write waits in memory."""
    ctl._update_stats(lambda _old: stats)
    ctl.ui.panels.stats = stats


def draft(ctl: Any, form: dict[str, Any]) -> None:
    """The player changed a field of the settings dialog: show the dialog for the new
    draft. Language, card faces and speed apply at once and are remembered."""
    base, _ = st.from_dict(dict(ctl.ui.settings or {}), ctl.ui.lang)
    new, _ = settings_form.draft(form, base)
    ctl.ui.settings = new.to_dict()
    changed = {
        name: getattr(new, name)
        for name in ("lang", "deck_style", "speed")
        if getattr(new, name) != getattr(ctl.next_settings, name)
    }
    if not changed:
        return
    ctl.next_settings = dataclasses.replace(ctl.next_settings, **changed)
    # Remember only what the player changed here: the rest of next_settings may come
    # from URL parameters, which count for this page load only.
    stored, _ = st.load_settings(ctl.store, ctl.browser_lang)
    ctl.check_write(
        KEY_SETTINGS, st.save_settings(ctl.store, dataclasses.replace(stored, **changed))
    )
    ctl.ui.lang = ctl.next_settings.lang
    ctl.ui.anim = ctl.next_settings.speed != "0"
    deck = ctl.match.rules.deck if ctl.match is not None else None
    ctl.ui.style = st.card_style(ctl.next_settings, deck)


def form_settings(ctl: Any, form: dict[str, Any]) -> st.Settings:
    """The settings a submitted dialog asks for (``new-match``)."""
    chosen, _ = st.from_form(settings_form.normalize(form), base=ctl.next_settings)
    return chosen
