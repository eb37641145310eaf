"""The game screen as markup: a pure function of one seat's observation and UI state
(``app.table.state``).

Nothing here decides what is legal: buttons and clickable cards come from
``observation.legal_actions`` (the engine's list); this module only groups and
labels them. Every text that reaches the markup goes through ``esc``.

The page contract (CONFORMANCE.md "The page") lives here: ``data-testid``
names, ``data-card``/``data-index`` on cards, ``data-selected``, ``data-action``
on every button (an action text for moves, a control name otherwise).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from app.cards.mini import face as card_face
from app.cards.names import card_name, card_short
from app.cards.svg import back_svg
from app.escape import escape as esc
from app.help import rules as rules_help
from app.i18n import preset_name, t
from app.settings import dialog as settings_dialog
from app.stats import panel as stats_panel
from app.table import bar, choosing, coach, notices, results, review, seats, story, telling
from app.table.mode import RUNNING
from app.table.moves import card_keys, hand_active, table_active
from app.table.parts import button as _button
from app.table.parts import seat_name
from app.table.state import UIState
from engine import Card, Observation
from engine.observation import is_out


@functools.lru_cache(maxsize=4)
def card_back(lang: str) -> str:
    """The back of a card, drawn once per language."""
    return back_svg(lang=lang)


# ---------------------------------------------------------------- cards


def _card_el(
    card: Card | None,
    zone: str,
    index: str,
    ui: UIState,
    *,
    active: bool,
    label: str | None = None,
    extra_class: str = "",
    badge: str = "",
    laid_by: str = "",
    tab_stop: bool = True,
) -> str:
    selected = (zone, index) in ui.choice.selected
    face_down = card is None
    text = "??" if face_down else str(card)
    # A face-up card the player may use (a button) is named by its face, an
    # <svg role="img"> labelled with rank and suit, like a button holding an <img alt>:
    # an aria-label on the button would override the face, and a name that is not the
    # button's text must contain the rank printed in its corners (axe:
    # label-content-name-mismatch). Any other card is one image with the same name.
    if label or card is None:
        name = label or t("mistery", ui.lang)
    else:
        name = "" if active else card_name(card, ui.look.style, ui.lang)
    style = ui.look.style
    face = card_back(ui.lang) if face_down else card_face(str(card), style, ui.lang, selected)
    hinted = bool(ui.choice.hints) and f"{zone}-{index}" in card_keys(ui.choice.hints[0].action)
    marks = {
        "selected": selected,
        "active": active,
        "changed": f"{zone}-{index}" in ui.frame.changed,
        "hinted": hinted,
        "laid": bool(laid_by),
    }
    classes = ["card", extra_class, *(name for name, on in marks.items() if on)]
    attrs = [
        f'class="{esc(" ".join(c for c in classes if c))}"',
        f'data-card="{esc(text)}"',
        f'data-index="{esc(index)}"',
        f'data-zone="{esc(zone)}"',
        f'data-key="{esc(zone)}-{esc(index)}"',
        f'data-selected="{"true" if selected else "false"}"',
    ]
    if name:
        attrs.append(f'aria-label="{esc(name)}"')
    if hinted:
        attrs.append('data-hinted="true"')
    if active:
        attrs += [
            'role="button"',
            # one card per zone is in the tab order; arrow keys reach the others
            f'tabindex="{0 if tab_stop else -1}"',
            f'aria-pressed="{"true" if selected else "false"}"',
        ]
    else:
        attrs += ['role="img"', 'aria-disabled="true"']
    return f"<div {' '.join(attrs)}>{face}{_badges(badge, laid_by)}</div>"


def _badges(badge: str, laid_by: str) -> str:
    """A card's small marks: its place in a two-card swap, who laid it this round."""
    badge_el = f'<span class="badge">{esc(badge)}</span>' if badge else ""
    if laid_by:  # said in the log too: the mark is for the eye
        badge_el += f'<span class="laid-by" aria-hidden="true">{esc(laid_by)}</span>'
    return badge_el


# ---------------------------------------------------------------- panels


def more_buttons(lang: str, *, online: bool = False, server: bool = False) -> str:
    """A row under the table: play with friends online ("My tables" too when the build
    names a table server), statistics and rules help (at an online table: rules help
    only)."""
    help_button = (
        f'<button type="button" class="ghost" data-action="open-help" data-key="act-open-help">'
        f"{esc(t('open_help', lang))}</button>"
    )
    if online:
        return f'<nav class="more-buttons">{help_button}</nav>'
    return (
        '<nav class="more-buttons">'
        f'<button type="button" class="ghost" data-action="online" data-key="act-online">'
        f"{esc(t('play_online', lang))}</button>"
        f"{_my_tables_button(lang) if server else ''}"
        f'<button type="button" class="ghost" data-action="open-stats" data-key="act-open-stats">'
        f"{esc(t('open_stats', lang))}</button>"
        f"{help_button}</nav>"
    )


def _my_tables_button(lang: str) -> str:
    """A table server's "My tables" and "Open tables", and signing in with a passkey."""
    return (
        '<button type="button" class="ghost" data-action="my-tables" data-key="act-my-tables">'
        f"{esc(t('my_tables', lang))}</button>"
        '<button type="button" class="ghost" data-action="open-tables" '
        f'data-key="act-open-tables">{esc(t("open_tables", lang))}</button>'
        '<button type="button" class="ghost" data-action="sign-in" data-key="act-sign-in">'
        f"{esc(t('sign_in', lang))}</button>"
    )


def _panels(obs: Observation, ui: UIState) -> str:
    """The settings dialog, the notices banner, the other-tab question, rules help,
    the deal review and statistics, each only when open (a closed dialog drawn on every
    render cost the first screen more than all the rest of it)."""
    p, lang = ui.panels, ui.lang
    draft = settings_dialog.draft_settings(p.settings, lang) if p.settings_open else None
    out = [settings_dialog.render(draft, lang, open=True)] if draft is not None else []
    out.append(notices.banner(p.notices, lang))
    if p.other_tab:
        out.append(notices.other_tab(p.other_tab, lang))
    if p.help_open:
        rules, preset = rules_help.rules_for(
            obs.rules, ui.look.preset, draft if ui.panels.settings_open else None
        )
        out.append(rules_help.render(rules, preset, lang, style=ui.look.style))
    if p.review_open and p.review is not None and ui.frame.mode == "deal-over":
        names = p.review_names or ui.frame.names
        out.append(review.markup(p.review, p.review_deal, names, ui.look.style, lang, p.review_who))
    if p.stats_open and p.stats is not None:
        about_stats = [stats_panel.notice_text(n, lang) for n in p.notices if n.subject == "stats"]
        out.append(
            stats_panel.render(
                p.stats,
                lang,
                scope=p.scope,
                confirm_reset=p.confirm_reset,
                confirm_import=p.import_pending,
                message=p.message,
                error=p.error,
                notices=about_stats,
                apart=p.stats_apart,
            )
        )
    return "".join(out)


# ---------------------------------------------------------------- the whole screen


def _hand_cards(obs: Observation, ui: UIState) -> str:
    """The player's cards; the ones a legal move uses are buttons. A watcher sees the
    cards of the seat in front of it face down (its view holds no hand)."""
    if ui.frame.mode == "watching" and not obs.hand:
        held = obs.rules.hand_size if not is_out(obs.lives[0]) and obs.phase != "over" else 0
        label = t("card_down", ui.lang)
        return "".join(
            _card_el(None, "hand", str(i), ui, active=False, label=label) for i in range(held)
        )
    usable = hand_active(obs, ui)
    badges = choosing.numbers(obs, ui)
    stop = _tab_stop("hand", [str(i) for i in sorted(usable)], ui)
    return "".join(
        _card_el(
            c,
            "hand",
            str(i),
            ui,
            active=i in usable,
            badge=badges.get(("hand", str(i)), ""),
            extra_class="paired" if ("hand", str(i)) in badges else "",
            tab_stop=str(i) == stop,
        )
        for i, c in enumerate(obs.hand)
    )


def _table_cards(obs: Observation, ui: UIState) -> str:
    """The open table cards (those laid in the last round marked with who laid them),
    then the face-down Mistery card."""
    usable = table_active(obs, ui)
    badges = choosing.numbers(obs, ui)
    stop = _tab_stop("table", sorted(usable, key=_table_order), ui)
    laid = story.laid_marks(obs)
    cards = "".join(
        _card_el(
            c,
            "table",
            str(i),
            ui,
            active=str(i) in usable,
            badge=badges.get(("table", str(i)), ""),
            extra_class="paired" if ("table", str(i)) in badges else "",
            laid_by=seat_name(ui, laid[str(c)]) if str(c) in laid else "",
            tab_stop=str(i) == stop,
        )
        for i, c in enumerate(obs.table)
    )
    return cards + (_mistery_card(obs, ui, "mistery" in usable, stop) if obs.has_mistery else "")


def _mistery_card(obs: Observation, ui: UIState, active: bool, stop: str) -> str:
    lang, mine = ui.lang, obs.mistery
    label, badge = t("mistery", lang), ""
    if mine is not None:
        badge = card_short(mine, ui.look.style, lang)
        # The name holds the badge's text too, the card as the player sees it.
        label += f": {badge}, {card_name(mine, ui.look.style, lang)} ({t('mistery_mine', lang)})"
    return _card_el(
        None,
        "table",
        "mistery",
        ui,
        active=active,
        label=label,
        extra_class="mistery" + (" mine" if mine is not None else ""),
        badge=badge,
        tab_stop=stop == "mistery",
    )


def _overlay(obs: Observation, ui: UIState) -> str:
    """What lies over the table: a result, or the cover of a shared device."""
    if ui.frame.mode == "deal-over":
        return results.deal_over(obs, ui)
    if ui.frame.mode == "match-over":
        return results.match_over(obs, ui)
    return _cover(ui) if ui.frame.cover else ""


def render(obs: Observation, ui: UIState) -> str:
    """The markup inside ``#app`` for seat 0's observation and the UI state."""
    lang = ui.lang
    moves = story.last_moves(obs)
    sides = seats.sides(obs.order_from(0)[1:])  # the next player first
    around = "".join(
        f'<div class="side {name}">{"".join(seats.seat_el(obs, s, ui, moves) for s in group)}</div>'
        for name, group in zip(("left", "top", "right"), sides, strict=True)
    )
    matches, wins = ui.look.stats
    variant = preset_name("custom" if ui.look.custom else ui.look.preset, lang)
    return (
        f'<div class="game seats-{len(obs.lives)}{"" if ui.look.anim else " no-anim"}" '
        f'data-mode="{esc(ui.frame.mode)}">'
        '<header class="topbar">'
        '<h1 class="title">Schwimmen '
        f'<span class="variant">{esc(variant)}</span></h1>'
        f"{_sound_switch(ui)}{'' if ui.look.online_bar else _settings_button(lang)}"
        "</header>"
        f"{ui.look.online_bar}"
        f'<section class="opponents" aria-label="{esc(t("table", lang))}">{around}</section>'
        '<section class="middle">'
        '<div class="table-cards" data-testid="table" role="group" '
        f'aria-label="{esc(t("table", lang))}">'
        f"{_table_cards(obs, ui)}{_callout(ui)}</div>"
        f"{_info(obs, ui)}"
        f'<p class="status" data-testid="status" role="status">{esc(bar.status(obs, ui))}</p>'
        '<p class="ticker" data-testid="last-line" aria-hidden="true">'
        f"{esc(ui.frame.last_line)}</p>"
        "</section>"
        '<section class="my-area">'
        f"{seats.seat_el(obs, 0, ui, moves, me=True)}"
        f'<div class="hand" data-testid="hand" role="group" aria-label="{esc(t("hand", lang))}">'
        f"{_hand_cards(obs, ui)}</div>"
        "</section>"
        # The moves, then the coach's advice under them (so the buttons do not move): the
        # bar keeps to the window's lower edge when the table is taller than the window.
        f"{bar.action_bar(obs, ui)}{coach.markup(ui.choice.hints, ui.lang)}"
        f'<div class="stats" data-testid="stats" data-matches="{matches}" data-wins="{wins}">'
        f"{esc(t(ui.look.stats_words, lang, matches=matches, wins=wins))}</div>"
        f"{more_buttons(lang, online=bool(ui.look.online_bar), server=ui.look.server)}"
        f"{_overlay(obs, ui)}{_panels(obs, ui)}"
        "</div>"
    )


def _settings_button(lang: str) -> str:
    """The gear of the top bar (a match against bots, or at a shared device)."""
    return (
        f'<button type="button" class="icon" data-action="settings" data-key="act-settings" '
        f'aria-label="{esc(t("settings", lang))}" title="{esc(t("settings", lang))}">⚙</button>'
    )


def _cover(ui: UIState) -> str:
    """The cover of a shared device between two persons' turns: it hides the table
    (nothing private is drawn under it) until the person whose turn it is taps."""
    lang, name = ui.lang, ui.frame.cover
    if ui.frame.cover_ready:
        title = telling.tr("cover_turn", lang, name=name)
        body = telling.tr("cover_tap", lang, name=name)
        button = _button("reveal", telling.tr("cover_show", lang), cls="primary big")
    else:
        title, body, button = telling.tr("cover_wait", lang), telling.tr("cover_pass", lang), ""
    return (
        '<div class="overlay cover-layer" data-testid="cover" role="dialog" aria-modal="true" '
        f'aria-labelledby="cover-title"><div class="panel cover">'
        f'<h2 id="cover-title">{esc(title)}</h2><p>{esc(body)}</p>{button}</div></div>'
    )


def _tab_stop(zone: str, usable: Sequence[str], ui: UIState) -> str:
    """The one card of ``zone`` in the tab order: the chosen one, else the first usable."""
    chosen = [i for z, i in ui.choice.selected if z == zone and i in usable]
    return chosen[0] if chosen else (usable[0] if usable else "")


def _table_order(index: str) -> int:
    """Table cards in screen order: the open ones by index, the face-down card last."""
    return int(index) if index.isdigit() else 99


def _info(obs: Observation, ui: UIState) -> str:
    """The line over the table: the deal's number, the stock as a small pile (cards
    dealt fly from it), and after a knock the last round with whose turns remain."""
    lang = ui.lang
    parts = []
    if obs.deal_number:
        parts.append(f'<span class="deal-no">{esc(t("deal_no", lang, n=obs.deal_number))}</span>')
    if obs.stock_size is not None:
        label = telling.tr("stock", lang, n=obs.stock_size)
        parts.append(
            f'<span class="stock-pile" data-place="stock" role="img" aria-label="{esc(label)}" '
            f'title="{esc(label)}">{obs.stock_size}</span>'
        )
    remaining = obs.turns_to_come() if ui.frame.mode in RUNNING else ()
    if remaining:
        text = telling.last_round([seat_name(ui, s) for s in remaining], lang)
        parts.append(f'<span class="last-round" data-testid="last-round">{esc(text)}</span>')
    return f'<p class="info">{"".join(parts)}</p>'


def _callout(ui: UIState) -> str:
    """The word called over the table as a deal ends ("31!"), drawn above the cards, and
    for a deal that ended as dealt, why ("Ben was dealt 31 — nobody got a turn")."""
    if not ui.frame.callout:
        return ""
    note = ""
    if ui.frame.dealt:
        note = f'<span class="callout-note" data-testid="dealt">{esc(ui.frame.dealt)}</span>'
    return (
        f'<div class="callout" data-testid="callout" role="status">'
        f'<span class="callout-word">{esc(ui.frame.callout)}</span>{note}</div>'
    )


SPEAKER_ICON = (
    '<svg viewBox="0 0 24 24" width="1.2em" height="1.2em" aria-hidden="true">'
    '<path d="M3 9h4l5-4v14l-5-4H3z" fill="currentColor"/>'
    '<path class="waves" d="M15.5 8.5a5 5 0 0 1 0 7M18 6a8.5 8.5 0 0 1 0 12" fill="none" '
    'stroke="currentColor" stroke-width="2" stroke-linecap="round"/>'
    '<path class="mute" d="M15 9l6 6M21 9l-6 6" fill="none" stroke="currentColor" '
    'stroke-width="2" stroke-linecap="round"/></svg>'
)


def _sound_switch(ui: UIState) -> str:
    """The sound on/off switch in the top bar (remembered with the settings)."""
    name = telling.tr("sound", ui.lang)
    return (
        f'<button type="button" class="icon sound{"" if ui.look.sound else " off"}" '
        f'data-action="sound" data-key="act-sound" aria-pressed="{str(ui.look.sound).lower()}" '
        f'aria-label="{esc(name)}" title="{esc(name)}">{SPEAKER_ICON}</button>'
    )


def log_line(number: int, text: str) -> str:
    """One line of the log list (the list itself stays in the page; see ``log_box``)."""
    return f'<li data-line="{number}">{esc(text)}</li>'


def log_box(lang: str) -> str:
    """The log's stable frame: mounted once so ``aria-live`` announces only new lines."""
    return (
        f'<section class="log-box"><h2 id="log-title">{esc(t("log", lang))}</h2>'
        # It scrolls: tabindex lets keyboard users scroll it too.
        '<ol class="log" data-testid="log" aria-live="polite" aria-relevant="additions" '
        'tabindex="0" aria-labelledby="log-title"></ol>'
        "</section>"
    )

