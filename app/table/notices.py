"""Banners over the table: notices about stored data, and the question a tab asks
while another tab has the match (``app.tabs``). Pure markup; styles in
``static/panels.css``.

Control names (``data-action``): ``dismiss-notices``, ``retry-save`` (while a write
fails), ``take-over`` and ``own-match`` (in ``[data-testid=other-tab]``); the
controller handles them. ``restore-set-aside`` (after a start that failed set the saved
match aside, ``app.recovery``) is handled by the page itself (``app.events``).
"""

from __future__ import annotations

from collections.abc import Sequence

from app.escape import escape as esc
from app.i18n import lookup
from app.stats.panel import notice_text
from app.storage import Notice

STORAGE_CODES = ("corrupt", "newer", "unavailable", "write_failed", "backup_failed", "set_aside")
"""Notice codes about stored data the player should hear about."""

FAILED = ("write_failed", "backup_failed")
"""Notice codes of a write that did not happen."""

_T = {
    "notices": ("Hinweise", "Notices"),
    "dismiss": ("Verstanden", "Got it"),
    "retry": ("Erneut speichern", "Try again"),
    "restore": ("Noch einmal damit versuchen", "Try it again"),
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


def banner(notices: Sequence[Notice], lang: str) -> str:
    """The notices banner (with "Try again" while a write fails); "" without notices.

    >>> banner((), "en")
    ''
    >>> 'data-action="retry-save"' in banner((Notice("write_failed", "stats", "full"),), "en")
    True
    """
    if not notices:
        return ""
    items = "".join(
        f'<li data-code="{esc(n.code)}" data-subject="{esc(n.subject)}">'
        f"{esc(notice_text(n, lang))}</li>"
        for n in notices
    )
    retry = ""
    if any(n.code in FAILED for n in notices):
        retry = (
            '<button type="button" data-action="retry-save" data-key="act-retry-save">'
            f"{esc(_tr('retry', lang))}</button>"
        )
    if any(n.code == "set_aside" for n in notices):  # app.recovery: put it back, reload
        retry += (
            '<button type="button" data-action="restore-set-aside" '
            f'data-key="act-restore-set-aside">{esc(_tr("restore", lang))}</button>'
        )
    return (
        f'<div class="notices" data-testid="notices" role="alert" '
        f'aria-label="{esc(_tr("notices", lang))}"><ul>{items}</ul>{retry}'
        f'<button type="button" data-action="dismiss-notices" data-key="act-dismiss-notices">'
        f"{esc(_tr('dismiss', lang))}</button></div>"
    )


def other_tab(reason: str, lang: str) -> str:
    """The question a tab asks while another tab has the match (``reason``: ``open``
    when this tab started, ``taken`` when the other one took it over later).

    >>> html = other_tab("open", "en")
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
