"""The statistics panel as markup, and the words for statistics files and storage notices.

Pure functions of ``app.stats.model.Stats`` and the language. The panel
``[data-testid=stats-panel]`` shows one scope at a time (overall, or one
preset the player has played), the figures of ``Stats.summary``, the chart of
``app.stats.model.chart_svg`` and the controls:

- ``stats-scope-<name>`` (``stats-scope-all`` for overall): switch the scope;
- ``stats-export``: download the statistics as a JSON file
  (:func:`export_filename`, ``Stats.to_json``);
- a file input ``[data-testid=stats-import-file]`` (its label is the import
  button): the page reads the file and hands the text to :func:`import_stats`;
- ``stats-reset`` asks, ``stats-reset-confirm`` / ``stats-reset-cancel`` answer;
- ``close-stats``.

The small always-present element ``[data-testid=stats]`` with
``data-matches``/``data-wins`` is the game screen's (``app.table.view``).

>>> from app.stats.model import Stats
>>> s = Stats()
>>> s.record_deal("knack", lives_lost=1, hand_value=31, knocked=True)
>>> s.record_match("knack", place=1, players=3, date="2026-11-30")
>>> html = render(s, "en", scope="knack")
>>> 'data-testid="stats-panel"' in html and "Three aces" in html
True
>>> import_stats("{oops", "en")[0] is None
True
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from app import safe_json
from app.escape import escape as esc
from app.i18n import feuer_name, lookup, preset_name
from app.stats import chart as stats_chart
from app.stats.model import Stats, Summary
from app.storage import Notice
from engine import PRESETS, InvalidInputError

SCOPE_ALL = "all"
"""The scope name for the figures over every preset."""
PRESET_ORDER = (*PRESETS, "custom")

_T: dict[str, tuple[str, str]] = {
    "apart": ("Mit Freunden", "With friends"),
    "apart_online": (
        "Online: {matches} Partien, {wins} gewonnen",
        "Online: {matches} matches, {wins} won",
    ),
    "apart_shared": (
        "An einem Gerät: {matches} Partien, {wins} von einem Menschen gewonnen",
        "At one device: {matches} matches, {wins} won by a person",
    ),
    "apart_note": (
        "Sie zählen getrennt von den Partien gegen Bots oben.",
        "They count apart from the matches against bots above.",
    ),
    "title": ("Statistik", "Statistics"),
    "all": ("Alle", "All"),
    "custom": ("Eigene Regeln", "Custom rules"),
    "matches": ("Partien", "Matches"),
    "wins": ("Siege", "Wins"),
    "crowns": ("Siege mit Krone", "Wins with crown"),
    "deals": ("Spiele", "Deals"),
    "lives_lost": ("Verlorene Leben", "Lives lost"),
    "thirty_ones": ("31 auf der Hand", "31 in hand"),
    "feuers": ("{feuer}", "{feuer}"),
    "knocks": ("Geklopft", "Knocks"),
    "knocks_lost": ("… und danach verloren", "… and lost a life after"),
    "average_hand": ("Durchschnittlicher Endwert", "Average final hand"),
    "longest_streak": ("Längste Siegesserie", "Longest winning streak"),
    "current_streak": ("Aktuelle Serie", "Current streak"),
    "average_place": ("Durchschnittlicher Platz", "Average place"),
    "chart": ("Verlauf", "Over time"),
    "rule_set": ("Regeln", "Rules"),
    "rate": ("Quote", "Rate"),
    "export": ("Exportieren (JSON)", "Export (JSON)"),
    "import": ("Importieren …", "Import …"),
    "reset": ("Zurücksetzen", "Reset"),
    "reset_ask": (
        "Wirklich alle Statistiken löschen? Das lässt sich nicht rückgängig machen.",
        "Really delete all statistics? This cannot be undone.",
    ),
    "reset_yes": ("Ja, löschen", "Yes, delete"),
    "import_ask": (
        "Die importierte Statistik ({matches} Partien) ersetzt deine jetzige "
        "({now} Partien) ganz. Die jetzige wird vorher gesichert.",
        "The imported statistics ({matches} matches) replace yours ({now} matches) "
        "entirely. Yours are backed up first.",
    ),
    "import_yes": ("Ersetzen", "Replace"),
    "reset_no": ("Abbrechen", "Cancel"),
    "close": ("Schließen", "Close"),
    "open": ("Statistik", "Statistics"),
    "none": ("Noch keine Partie beendet.", "No match finished yet."),
    "imported": (
        "Statistik importiert: {matches} Partien, {wins} Siege.",
        "Statistics imported: {matches} matches, {wins} wins.",
    ),
    "import_failed": (
        "Diese Datei ist keine lesbare Statistik-Datei, nichts wurde geändert. ({why})",
        "This file is not a readable statistics file; nothing was changed. ({why})",
    ),
    "import_empty": ("Die Datei ist leer.", "The file is empty."),
    "import_too_large": (
        "Die Datei ist zu groß ({size} kB; höchstens {limit} kB).",
        "The file is too large ({size} kB; at most {limit} kB).",
    ),
    "exported": ("Gespeichert als {name}.", "Saved as {name}."),
    "was_reset": ("Statistik gelöscht.", "Statistics deleted."),
    # storage notices (app.storage.Notice codes)
    "n_corrupt": (
        "Gespeicherte Daten ({what}) waren beschädigt oder in einem alten Format. "
        "Das Spiel beginnt damit neu; die alten Daten liegen als Sicherung unter „{backup}“.",
        "Saved data ({what}) was damaged or in an old format. The game starts it afresh; "
        "the old data is kept as a backup under “{backup}”.",
    ),
    "n_newer": (
        "Gespeicherte Daten ({what}) stammen von einer neueren Version. "
        "Sie liegen als Sicherung unter „{backup}“; hier beginnt es neu.",
        "Saved data ({what}) comes from a newer version. It is kept as a backup "
        "under “{backup}”; here it starts afresh.",
    ),
    "n_unavailable": (
        "Der Browser erlaubt kein Speichern: Statistik und Einstellungen gelten nur bis "
        "zum Neuladen.",
        "The browser does not allow saving: statistics and settings last only until reload.",
    ),
    "n_write_failed": (
        "{what} konnte nicht gespeichert werden (Speicher voll?).",
        "{what} could not be saved (storage full?).",
    ),
    # A write that failed, per record: what is not kept, and what to do.
    "n_write_failed_stats": (
        "Die Statistik (mit dem Ergebnis dieser Partie) konnte nicht gespeichert werden: "
        "Der Speicher des Browsers für diese Seite ist voll. Sie bleibt erhalten, solange "
        "diese Seite offen ist, und wird gespeichert, sobald wieder Platz ist. "
        "Sichere sie mit „Statistik → Exportieren“ und gib Speicher frei (in den "
        "Browser-Einstellungen gespeicherte Website-Daten löschen, die du nicht mehr "
        "brauchst); dann „Erneut speichern“.",
        "The statistics (with this match's result) could not be saved: the browser's "
        "storage for this page is full. They are kept while this page stays open and saved "
        "as soon as there is room. Export them (Statistics → Export) and free some space "
        "(delete stored site data you no longer need in the browser's settings); then "
        "press “Try again”.",
    ),
    "n_write_failed_match": (
        "Die laufende Partie konnte nicht gespeichert werden: Der Speicher des Browsers "
        "für diese Seite ist voll. Wenn du die Seite schließt oder neu lädst, ist sie "
        "verloren. Gib Speicher frei (in den Browser-Einstellungen gespeicherte "
        "Website-Daten löschen, die du nicht mehr brauchst); dann „Erneut speichern“.",
        "The match in progress could not be saved: the browser's storage for this page is "
        "full. Closing or reloading the page loses it. Free some space (delete stored site "
        "data you no longer need in the browser's settings); then press “Try again”.",
    ),
    "n_write_failed_settings": (
        "Die Einstellungen konnten nicht gespeichert werden: Der Speicher des Browsers "
        "ist voll. Sie gelten, bis die Seite geschlossen wird.",
        "The settings could not be saved: the browser's storage is full. They apply until "
        "the page is closed.",
    ),
    "n_saved": (
        "Wieder gespeichert: {what}. Es geht nichts mehr verloren.",
        "Saved again: {what}. Nothing is lost any more.",
    ),
    "n_history_trimmed": (
        "Der Speicher ist fast voll: Damit die Statistik hineinpasst, wurden die {n} "
        "ältesten Partien aus dem Verlauf entfernt (die Summen bleiben). Exportiere die "
        "Statistik, um den Verlauf zu sichern.",
        "Storage is nearly full: to make the statistics fit, the {n} oldest matches were "
        "dropped from the history (the totals stay). Export the statistics to keep the "
        "history.",
    ),
    "n_backup_failed": (
        "Beschädigte Daten ({what}) konnten nicht gesichert werden und bleiben unverändert.",
        "Damaged data ({what}) could not be backed up and stays as it is.",
    ),
    "n_url": (
        "Der URL-Parameter „{what}“ hat einen ungültigen Wert und wird nicht verwendet.",
        "The URL parameter “{what}” has an invalid value and is not used.",
    ),
    "n_rules": (
        "Diese Regeln gehen so nicht zusammen; gespielt wird mit angepassten Einstellungen.",
        "These rules do not work together; the match is played with adjusted settings.",
    ),
    "n_other": ("Hinweis: {message}", "Note: {message}"),
    "w_stats": ("Statistik", "statistics"),
    "w_settings": ("Einstellungen", "settings"),
    "w_match": ("laufende Partie", "match in progress"),
    "w_stats-online": ("Online-Statistik", "online statistics"),
    "w_stats-shared": ("Statistik am gemeinsamen Gerät", "statistics at one device"),
    "w_online-host": ("dein Online-Tisch", "your online table"),
    "w_online-guest": ("deine Plätze an Online-Tischen", "your seats at online tables"),
    "w_online-name": ("dein Name für Online-Partien", "your name for online play"),
    "w_online-counted": ("gezählte Online-Partien", "online matches already counted"),
    "n_set_aside": (
        "Der letzte Start kam nicht bis zum Tisch. Damit das Spiel wieder startet, wurde "
        "{what} beiseitegelegt (gesichert unter „{backup}“).",
        "The last start did not reach the table. So that the game starts again, {what} "
        "was set aside (kept as a backup under “{backup}”).",
    ),
    "n_import_backup": (
        "Die Statistik vor dem Import liegt als Sicherung unter „{backup}“.",
        "The statistics from before the import are kept as a backup under “{backup}”.",
    ),
    "dismiss": ("OK", "OK"),
}


def tr(key: str, lang: str, **values: Any) -> str:
    """The panel's text for ``key`` in ``lang`` (German unless ``en``)."""
    return lookup(_T, key, lang, **values)


def scope_label(scope: str, lang: str) -> str:
    """``all`` -> "All"; a preset -> its one name ("Classic", "Knack", "Hosen owi" ...)."""
    if scope == SCOPE_ALL:
        return tr("all", lang)
    return preset_name(scope, lang)


def scopes(stats: Stats) -> list[str]:
    """``all`` and every preset with recorded figures, in a fixed order."""
    played = [p for p in PRESET_ORDER if p in stats.presets]
    played += sorted(p for p in stats.presets if p not in PRESET_ORDER)
    return [SCOPE_ALL, *played]


def _number(value: float | None, lang: str, digits: int = 1) -> str:
    if value is None:
        return "–"
    text = f"{value:.{digits}f}"
    return text.replace(".", ",") if lang != "en" else text


def _percent(value: float | None, lang: str) -> str:
    if value is None:
        return ""
    return f"{round(100 * value)} %" if lang != "en" else f"{round(100 * value)}%"


def rows(summary: Summary, scope: str, lang: str) -> list[tuple[str, str, str]]:
    """(key, label, value) of every figure shown for one scope."""
    if scope == SCOPE_ALL:
        feuer = "Feuer / Blitz" if lang != "en" else "Feuer / three aces"
    else:
        feuer = feuer_name(scope, lang)
    rate = _percent(summary.win_rate, lang)
    knock_rate = _percent(summary.knock_loss_rate, lang)
    return [
        ("matches", tr("matches", lang), str(summary.matches)),
        ("wins", tr("wins", lang), f"{summary.wins}" + (f" ({rate})" if rate else "")),
        ("crowns", tr("crowns", lang), str(summary.crowns)),
        ("deals", tr("deals", lang), str(summary.deals)),
        ("lives_lost", tr("lives_lost", lang), str(summary.lives_lost)),
        ("thirty_ones", tr("thirty_ones", lang), str(summary.thirty_ones)),
        ("feuers", tr("feuers", lang, feuer=feuer), str(summary.feuers)),
        ("knocks", tr("knocks", lang), str(summary.knocks)),
        (
            "knocks_lost",
            tr("knocks_lost", lang),
            f"{summary.knocks_lost}" + (f" ({knock_rate})" if knock_rate else ""),
        ),
        ("average_hand", tr("average_hand", lang), _number(summary.average_hand, lang)),
        ("longest_streak", tr("longest_streak", lang), str(summary.longest_streak)),
        ("current_streak", tr("current_streak", lang), str(summary.current_streak)),
        ("average_place", tr("average_place", lang), _number(summary.average_place, lang)),
    ]


def _button(action: str, label: str, cls: str = "") -> str:
    c = f' class="{esc(cls)}"' if cls else ""
    return (
        f'<button type="button"{c} data-action="{esc(action)}" data-key="act-{esc(action)}">'
        f"{esc(label)}</button>"
    )


def _tabs(known: Iterable[str], scope: str, lang: str) -> str:
    """One tab per scope (all matches, each preset played), ``scope`` selected."""
    return "".join(
        f'<button type="button" role="tab" data-action="stats-scope-{esc(s)}" '
        f'data-key="act-stats-scope-{esc(s)}" aria-selected="{"true" if s == scope else "false"}"'
        f"{' class=on' if s == scope else ''}>{esc(scope_label(s, lang))}</button>"
        for s in known
    )


def _message(message: str, error: bool) -> str:
    """The answer to the last export, import or reset ("" if none); a failed import
    is an alert."""
    if not message:
        return ""
    return (
        f'<p class="message{" error" if error else ""}" data-testid="stats-message" '
        f'data-kind="{"error" if error else "ok"}" role="{"alert" if error else "status"}">'
        f"{esc(message)}</p>"
    )


def _import_question(now: Stats, imported: Stats, lang: str) -> str:
    """Whether the statistics of a chosen file may replace the present ones."""
    ask = tr("import_ask", lang, matches=imported.matches, now=now.matches)
    return (
        f'<div class="confirm" role="alertdialog" aria-label="{esc(tr("import", lang))}" '
        f'data-testid="stats-import-confirm"><p>{esc(ask)}</p>'
        f"{_button('stats-import-confirm', tr('import_yes', lang), 'danger')}"
        f"{_button('stats-import-cancel', tr('reset_no', lang), 'ghost')}</div>"
    )


def _controls(confirm_reset: bool, lang: str, question: str = "") -> str:
    """Export, import (a file picker) and reset, which asks first (``confirm_reset``);
    ``question``: the import's question (``_import_question``) instead of the reset."""
    if question:
        reset = question
    elif confirm_reset:
        reset = (
            f'<div class="confirm" role="alertdialog" aria-label="{esc(tr("reset", lang))}">'
            f"<p>{esc(tr('reset_ask', lang))}</p>"
            f"{_button('stats-reset-confirm', tr('reset_yes', lang), 'danger')}"
            f"{_button('stats-reset-cancel', tr('reset_no', lang), 'ghost')}</div>"
        )
    else:
        reset = _button("stats-reset", tr("reset", lang), "danger ghost")
    return (
        '<div class="buttons stats-controls">'
        f"{_button('stats-export', tr('export', lang))}"
        f'<label class="button file" data-key="act-stats-import">{esc(tr("import", lang))}'
        '<input type="file" accept=".json,application/json" data-testid="stats-import-file" '
        'name="stats-import-file" class="visually-hidden"></label>'
        f"{reset}</div>"
    )


def render(
    stats: Stats,
    lang: str,
    *,
    scope: str = SCOPE_ALL,
    open: bool = True,
    confirm_reset: bool = False,
    confirm_import: Stats | None = None,
    message: str = "",
    error: bool = False,
    notices: Iterable[str] = (),
    apart: Iterable[tuple[str, Stats]] = (),
) -> str:
    """The statistics panel (an overlay; hidden unless ``open``).

    ``apart``: the matches with friends, counted apart from those against bots, as
    (kind, statistics) with kind ``online`` or ``shared`` (one device); one line each.

    ``message`` is the answer to the last export/import/reset (``error`` marks a
    failed import); ``notices`` are texts from :func:`notice_text` about data
    that had to be backed up. ``confirm_import``: the statistics of a file the player
    chose, which replace the present ones only once confirmed (``stats-import-confirm``
    or ``stats-import-cancel``).
    """
    known = scopes(stats)
    if scope not in known:
        scope = SCOPE_ALL
    summary = stats.summary(None if scope == SCOPE_ALL else scope)
    tabs = _tabs(known, scope, lang)
    figures = "".join(
        f'<tr data-figure="{esc(key)}"><th scope="row">{esc(label)}</th><td>{esc(value)}</td></tr>'
        for key, label, value in rows(summary, scope, lang)
    )
    empty = f'<p class="empty">{esc(tr("none", lang))}</p>' if summary.matches == 0 else ""
    per_preset = _per_preset(stats, lang) if scope == SCOPE_ALL and len(known) > 2 else ""
    chart = ""
    if summary.matches:  # with none, the line above says so once (the chart said it again)
        svg = stats_chart.chart_svg(stats, lang, None if scope == SCOPE_ALL else scope)
        caption = f'<figcaption>{esc(tr("chart", lang))}</figcaption>'
        chart = f'<figure class="chart">{caption}{svg}</figure>'
    notice_el = "".join(
        f'<p class="notice" data-testid="stats-notice" role="alert">{esc(n)}</p>' for n in notices
    )
    message_el = _message(message, error)
    question = "" if confirm_import is None else _import_question(stats, confirm_import, lang)
    controls = _controls(confirm_reset, lang, question)
    hidden = "" if open else " hidden"
    return (
        f'<div class="overlay stats-layer"{hidden}>'
        f'<section class="panel stats-panel" data-testid="stats-panel" data-scope="{esc(scope)}" '
        f'role="dialog" aria-modal="true" aria-labelledby="stats-title" '
        f'data-matches="{stats.matches}" data-wins="{stats.wins}">'
        f'<h2 id="stats-title">{esc(tr("title", lang))}</h2>{notice_el}'
        f'<div class="tabs" role="tablist">{tabs}</div>{empty}'
        f'<table class="figures">{figures}</table>{per_preset}'
        f"{chart}"
        f"{_apart(apart, lang)}{message_el}{controls}"
        f'<div class="buttons">{_button("close-stats", tr("close", lang), "primary")}</div>'
        "</section></div>"
    )


def _apart(apart: Iterable[tuple[str, Stats]], lang: str) -> str:
    """The matches with friends, one line per kind (none before the first)."""
    lines = "".join(
        f'<li data-apart="{esc(kind)}" data-matches="{stats.matches}" data-wins="{stats.wins}">'
        f"{esc(tr('apart_' + kind, lang, matches=stats.matches, wins=stats.wins))}</li>"
        for kind, stats in apart
        if stats.matches
    )
    if not lines:
        return ""
    return (
        f'<section class="apart" data-testid="stats-apart"><h3>{esc(tr("apart", lang))}</h3>'
        f'<ul>{lines}</ul><p class="note">{esc(tr("apart_note", lang))}</p></section>'
    )


def _per_preset(stats: Stats, lang: str) -> str:
    """A small table comparing the presets played: matches, wins and win rate."""
    rows_ = []
    for scope in scopes(stats)[1:]:
        s = stats.summary(scope)
        rate = _percent(s.win_rate, lang)
        rows_.append(
            f'<tr data-preset="{esc(scope)}"><th scope="row">{esc(scope_label(scope, lang))}</th>'
            f"<td>{s.matches}</td><td>{s.wins}</td><td>{esc(rate)}</td></tr>"
        )
    head = "".join(
        f'<th scope="col">{esc(tr(k, lang))}</th>' for k in ("rule_set", "matches", "wins", "rate")
    )
    return (
        f'<table class="per-preset" data-testid="stats-per-preset"><thead><tr>{head}</tr></thead>'
        f"<tbody>{''.join(rows_)}</tbody></table>"
    )


# -- files ---------------------------------------------------------------------


def export_filename(date: str) -> str:
    """The download name of an export made on ``date`` (``YYYY-MM-DD``).

    >>> export_filename("2026-11-30")
    'schwimmen-statistik-2026-11-30.json'
    """
    return f"schwimmen-statistik-{date}.json"


def import_stats(text: Any, lang: str) -> tuple[Stats | None, str]:
    """Read an exported file's text: ``(stats, message)``; stats is None (and the
    message says why, in the player's language) when the file cannot be used."""
    if not isinstance(text, str) or not text.strip():
        return None, tr("import_failed", lang, why=tr("import_empty", lang))
    try:
        stats = Stats.from_json(text)
    except InvalidInputError as exc:
        return None, tr("import_failed", lang, why=str(exc))
    return stats, tr("imported", lang, matches=stats.matches, wins=stats.wins)


# -- storage notices --------------------------------------------------------------


def notice_text(notice: Notice, lang: str) -> str:
    """A storage Notice (``app.storage``) in the player's words.

    >>> n = Notice("corrupt", "stats", "...", "schwimmen.backup.stats.1")
    >>> "schwimmen.backup.stats.1" in notice_text(n, "en")
    True
    """
    what_key = "w_" + notice.subject
    what = tr(what_key, lang) if what_key in _T else notice.subject
    key = f"n_{notice.code}_{notice.subject}"  # a text for this record, else the general one
    if key not in _T:
        key = "n_" + notice.code
    if key not in _T:
        return tr("n_other", lang, message=notice.message)
    return tr(
        key,
        lang,
        what=what,
        backup=notice.backup_key or "",
        message=notice.message,
        n=notice.count,
    )


def too_large(size: float, lang: str) -> str:
    """The message for an import file larger than ``app.safe_json`` reads.

    >>> too_large(5_000_000, "en").endswith("(The file is too large (4883 kB; at most 1024 kB).)")
    True
    """
    why = tr(
        "import_too_large",
        lang,
        size=round(size / 1024),
        limit=safe_json.limit("import") // 1024,
    )
    return tr("import_failed", lang, why=why)
