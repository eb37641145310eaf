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
from typing import Any

from app.cards.mini import face as card_face
from app.cards.names import card_name, card_short
from app.cards.svg import back_svg
from app.escape import escape as esc
from app.help import rules as rules_help
from app.i18n import fmt_value, preset_name, t
from app.settings import dialog as settings_dialog
from app.stats import panel as stats_panel
from app.table import choosing, coach, notices, results, review, story, telling
from app.table import luegen as luegen_view
from app.table.moves import card_keys, hand_active, table_active
from app.table.parts import backs as _mini_backs
from app.table.parts import button as _button
from app.table.parts import lives_el as _lives_el
from app.table.parts import seat_name
from app.table.state import UIState
from engine import Action, ActionKind, Card, EventKind, Observation, hand_value
from engine.observation import is_out


@functools.lru_cache(maxsize=4)
def card_back(lang: str) -> str:
    """The back of a card, drawn once per language."""
    return back_svg(lang=lang)


def phase_name(obs: Observation) -> str:
    """The observation's phase as plain text ("choose", "play", ...)."""
    return str(obs.phase)


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
    selected = (zone, index) in ui.selected
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
        name = "" if active else card_name(card, ui.style, ui.lang)
    face = card_back(ui.lang) if face_down else card_face(str(card), ui.style, ui.lang, selected)
    hinted = bool(ui.hints) and f"{zone}-{index}" in card_keys(ui.hints[0].action)
    marks = {
        "selected": selected,
        "active": active,
        "changed": f"{zone}-{index}" in ui.changed,
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


# ---------------------------------------------------------------- seats


def _seat_el(
    obs: Observation, seat: int, ui: UIState, moves: dict[int, Any], *, me: bool = False
) -> str:
    lives_list = list(obs.lives)
    lives = lives_list[seat] if seat < len(lives_list) else 0
    current = obs.current
    classes = ["seat"]
    if me:
        classes.append("me")
    if is_out(lives):
        classes.append("out")
    elif lives == 0:
        classes.append("swimming")
    if current == seat and ui.mode in _RUNNING:
        classes.append("current")
    if ui.thinking == seat:
        classes.append("thinking")
    if f"seat-{seat}" in ui.changed:
        classes.append("changed")
    badges = []
    if obs.dealer == seat:
        badges.append(
            f'<span class="tag dealer" title="{esc(t("dealer", ui.lang))}">'
            f"{esc(t('dealer', ui.lang))}</span>"
        )
    if obs.knocked_by == seat:
        badges.append(f'<span class="tag knock">{esc(t("knocked", ui.lang))}</span>')
    note = ui.notes.get(seat)  # online: "away" (page gone or silent), "bot" (a bot plays)
    if note in ("away", "bot"):
        said = telling.tr(f"note_{note}", ui.lang)
        badges.append(f'<span class="tag {note}" data-testid="{note}-{seat}">{esc(said)}</span>')
    if seat in ui.ratings:  # a table server's: a signed-in person's rating for these rules
        rating = f"{ui.ratings[seat]:g}"
        badges.append(
            f'<span class="tag rating" data-testid="rating" data-rating="{rating}" '
            f'title="{esc(t("rating", ui.lang))}">{esc(rating)}</span>'
        )
    badges.append(ui.reactions.get(seat, ""))  # a table server's (app.online.reactions)
    name = seat_name(ui, seat)
    if me:
        badges.append(_hand_value(obs, ui))
    inner = [
        f'<div class="seat-head"><span class="name">{esc(name)}</span>{"".join(badges)}</div>',
        f'<div class="seat-lives">{_lives_el(lives, ui)}</div>',
        _seat_line(seat, ui, _unsaid(obs, seat, moves), me=me),
    ]
    ann = obs.announcements.get(seat)
    if ann:  # the player's own too, on their seat like everyone's
        inner.append(luegen_view.seat_announcement(ann, ui.style, ui.lang, me=me))
    if not me and not ann and not is_out(lives):
        inner.append(f'<div class="backs">{_mini_backs(obs.rules.hand_size, ui)}</div>')
    return (
        f'<div class="{" ".join(classes)}" data-testid="seat-{seat}" data-seat="{seat}" '
        f'data-lives="{lives}">{"".join(inner)}</div>'
    )


def _unsaid(obs: Observation, seat: int, moves: dict[int, Any]) -> dict[int, Any]:
    """The last moves the seat's line should say: not a knock its "knocked" tag shows,
    nor an announcement its bubble shows ("said 10" beside "says 10")."""
    move = moves.get(seat)
    if move is None:
        return moves
    knocked = move.kind is EventKind.KNOCK and not move.final and obs.knocked_by == seat
    announced = move.kind is EventKind.ANNOUNCE and seat in obs.announcements
    return {s: m for s, m in moves.items() if s != seat} if knocked or announced else moves


def _seat_line(seat: int, ui: UIState, moves: dict[int, Any], *, me: bool) -> str:
    """One line of the seat that never changes its size: "is thinking …" on its turn,
    else its last move until its next turn (``app.table.story.last_moves``)."""
    if ui.thinking == seat:
        text, cls = t("thinking", ui.lang, name=seat_name(ui, seat)), " thinking"
    elif seat in moves:
        text, cls = telling.seat_move(moves[seat], ui.style, ui.lang, me=me), ""
        if seat in ui.moved_for:  # a bot made this move for the person (online)
            text, cls = f"{text} ({telling.tr('by_bot_' + ui.moved_for[seat], ui.lang)})", " by-bot"
    else:
        text, cls = "", " empty"
    return f'<p class="seat-move{cls}" data-testid="last-move-{seat}">{esc(text)}</p>'


def _hand_value(obs: Observation, ui: UIState) -> str:
    """The player's hand value beside their name (a hand of three cards only)."""
    if len(obs.hand) != obs.rules.hand_size:
        return ""
    try:
        value = hand_value(tuple(obs.hand), obs.rules)
    except (ValueError, TypeError):
        return ""
    text = telling.tr("hand_value", ui.lang, value=fmt_value(value))
    return f'<span class="hand-value" data-testid="hand-value">{esc(text)}</span>'


def seat_sides(order: Sequence[int]) -> tuple[list[int], list[int], list[int]]:
    """Split the opponents (in playing order) over the player's left, the far side
    and the right, as people sit round a table; up to three all sit opposite.

    >>> seat_sides([1, 2, 3, 4, 5, 6, 7, 8])
    ([1, 2], [3, 4, 5, 6], [7, 8])
    >>> seat_sides([1, 2])
    ([], [1, 2], [])
    """
    n = len(order)
    k = 0 if n <= 3 else n // 3
    return list(order[:k]), list(order[k : n - k]), list(order[n - k :])


# ---------------------------------------------------------------- moves


def _true_value(obs: Observation, values: Sequence[str]) -> str:
    """The offered announcement equal to the hand's real value (the honest default)."""
    try:
        value = hand_value(tuple(obs.hand), obs.rules)
    except (ValueError, AttributeError, TypeError):
        return values[0] if values else ""
    text = str(int(value)) if value == int(value) else str(value)
    return text if text in values else (values[0] if values else "")


def _announce_controls(obs: Observation, legal: Sequence[Action], ui: UIState) -> str:
    values: list[str] = []
    for a in legal:
        if a.kind is ActionKind.ANNOUNCE and a.value_text not in values:
            values.append(a.value_text)
    chosen = ui.announce_value if ui.announce_value in values else _true_value(obs, values)
    options = "".join(
        f'<option value="{esc(v)}"{" selected" if v == chosen else ""}>'
        f"{esc(fmt_value(float(v)))}</option>"
        for v in values
    )
    shown = sorted(int(i) for z, i in ui.selected if z == "hand")
    parts = [
        '<div class="announce">',
        f"<label>{esc(t('announce_value', ui.lang))} "
        '<select data-testid="announce-value" data-key="announce-value" name="announce-value">'
        f"{options}</select></label>",
    ]
    if len(shown) == 2:
        action = next(
            (a for a in legal if a.value_text == chosen and a.hand_cards == tuple(shown)), None
        )
        parts.append(
            _button(
                str(action) if action else "announce-pending",
                t("announce", ui.lang, value=fmt_value(float(chosen))),
                cls="primary",
                disabled=action is None,
            )
        )
    else:
        parts.append(
            _button("announce-pending", t("announce_pick", ui.lang), cls="primary", disabled=True)
        )
    parts.append("</div>")
    return "".join(parts)


def _hold_controls(obs: Observation, legal: Sequence[Action], ui: UIState) -> str:
    holds = [a for a in legal if a.kind is ActionKind.HOLD]
    if not holds:
        return ""
    hand = list(obs.hand)
    chosen = tuple(sorted(int(i) for z, i in ui.selected if z == "hand"))
    picked = next((a for a in holds if a.hand_cards == chosen), None)
    if picked is not None:
        button = _button(str(picked), t("hold", ui.lang), cls="primary")
        return f'<div class="holds">{button}</div>'
    chips = []
    for action in holds:
        label = " ".join(
            card_short(hand[i], ui.style, ui.lang) for i in action.hand_cards if i < len(hand)
        )
        chips.append(_button(str(action), label, cls="chip", title=t("hold", ui.lang)))
    return f'<div class="holds"><p>{esc(t("hold_pick", ui.lang))}</p>{"".join(chips)}</div>'


# Moves drawn as a button labelled with the action's own text key (i18n).
_PLAIN_BUTTONS = frozenset(
    {ActionKind.KEEP, ActionKind.TAKE, ActionKind.SWAP_ALL, ActionKind.PASS, ActionKind.NEW}
)


def _action_bar(obs: Observation, ui: UIState) -> str:
    if ui.mode != "human":
        return '<div class="actions" data-testid="actions"></div>'
    legal = list(obs.legal_actions)
    kinds = {a.kind for a in legal}
    buttons: list[str] = []
    extra = ""
    for action in legal:
        text, kind = str(action), action.kind
        if kind in _PLAIN_BUTTONS:
            buttons.append(_button(text, t(text, ui.lang), cls="primary" if text == "keep" else ""))
        elif kind is ActionKind.KNOCK:
            # After the first knock, "knock" means: keep this hand for the last round.
            final = obs.knocked_by is not None
            buttons.append(
                _button(text, t("knock_final" if final else "knock", ui.lang), cls="knock")
            )
        elif kind is ActionKind.GIVEUP:  # each Lügen choice says what it costs
            buttons.append(luegen_view.giveup_button(obs, ui.lang, ui.preset))
        elif kind is ActionKind.CHALLENGE and action.target is not None:
            name = functools.partial(seat_name, ui)
            buttons.append(
                luegen_view.challenge_button(obs, action.target, name, ui.lang, ui.preset)
            )
    if ActionKind.ANNOUNCE in kinds:
        extra += _announce_controls(obs, legal, ui)
    extra += _hold_controls(obs, legal, ui)
    if legal:  # the coach: what would the hard bot do?
        buttons.append(
            _button("hint", coach.tr("hint", ui.lang), title=coach.tr("hint_title", ui.lang))
        )
    if ui.selected:
        buttons.append(_button("clear-selection", telling.tr("cancel", ui.lang), cls="ghost"))
    return (
        f'<div class="actions" data-testid="actions">{extra}'
        f'<div class="buttons">{"".join(buttons)}</div></div>'
    )


def _status(obs: Observation, ui: UIState) -> str:
    if ui.notice:
        return ui.notice
    if ui.mode == "human" and obs.knocked_by not in (None, 0) and phase_name(obs) == "play":
        return f"{telling.tr('your_last', ui.lang)} {_turn_prompt(obs, ui)}"
    return _turn_prompt(obs, ui)


def _turn_prompt(obs: Observation, ui: UIState) -> str:
    if ui.mode == "human":
        phase = phase_name(obs)
        kinds = {a.kind for a in obs.legal_actions}
        if phase == "choose" or ActionKind.KEEP in kinds:
            return t("your_choice", ui.lang)
        if phase == "announce":
            return t("your_announce", ui.lang)
        if phase == "decide":
            return t("your_decide", ui.lang)
        if ActionKind.HOLD in kinds:
            return t("your_hold", ui.lang)
        two = ActionKind.SWAP_TWO in kinds
        return telling.swap_prompt(ui.selected, ui.touch, ui.lang, two=two)
    current = obs.current
    others = (0,) if ui.mode == "busy" else ()  # a watcher waits for seat 0 too
    if ui.mode in ("busy", "watching") and current is not None and current not in others:
        return t("waiting", ui.lang, name=seat_name(ui, current))
    return ""


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
    draft = settings_dialog.draft_settings(ui.settings, lang) if ui.settings_open else None
    out = [settings_dialog.render(draft, lang, open=True)] if draft is not None else []
    out.append(notices.banner(p.notices, lang))
    if p.other_tab:
        out.append(notices.other_tab(p.other_tab, lang))
    if p.help_open:
        rules, preset = rules_help.rules_for(
            obs.rules, ui.preset, draft if ui.settings_open else None
        )
        out.append(rules_help.render(rules, preset, lang, style=ui.style))
    if p.review_open and p.review is not None and ui.mode == "deal-over":
        names = p.review_names or ui.names
        out.append(review.markup(p.review, p.review_deal, names, ui.style, lang, p.review_who))
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


_RUNNING = ("human", "busy", "watching")
"""The modes in which a deal is being played on the screen (no result over it)."""


def _hand_cards(obs: Observation, ui: UIState) -> str:
    """The player's cards; the ones a legal move uses are buttons. A watcher sees the
    cards of the seat in front of it face down (its view holds no hand)."""
    if ui.mode == "watching" and not obs.hand:
        held = obs.rules.hand_size if obs.lives[0] >= 0 and obs.phase != "over" else 0
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
        badge = card_short(mine, ui.style, lang)
        # The name holds the badge's text too, the card as the player sees it.
        label += f": {badge}, {card_name(mine, ui.style, lang)} ({t('mistery_mine', lang)})"
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
    if ui.mode == "deal-over":
        return results.deal_over(obs, ui)
    if ui.mode == "match-over":
        return results.match_over(obs, ui)
    return _cover(ui) if ui.cover else ""


def render(obs: Observation, ui: UIState) -> str:
    """The markup inside ``#app`` for seat 0's observation and the UI state."""
    lang = ui.lang
    moves = story.last_moves(obs)
    sides = seat_sides(obs.order_from(0)[1:])  # the next player first
    seats = "".join(
        f'<div class="side {name}">{"".join(_seat_el(obs, s, ui, moves) for s in group)}</div>'
        for name, group in zip(("left", "top", "right"), sides, strict=True)
    )
    matches, wins = ui.stats
    variant = preset_name("custom" if ui.custom else ui.preset, lang)
    return (
        f'<div class="game seats-{len(obs.lives)}{"" if ui.anim else " no-anim"}" '
        f'data-mode="{esc(ui.mode)}">'
        '<header class="topbar">'
        '<h1 class="title">Schwimmen '
        f'<span class="variant">{esc(variant)}</span></h1>'
        f"{_sound_switch(ui)}{'' if ui.online_bar else _settings_button(lang)}"
        "</header>"
        f"{ui.online_bar}"
        f'<section class="opponents" aria-label="{esc(t("table", lang))}">{seats}</section>'
        '<section class="middle">'
        '<div class="table-cards" data-testid="table" role="group" '
        f'aria-label="{esc(t("table", lang))}">'
        f"{_table_cards(obs, ui)}{_callout(ui)}</div>"
        f"{_info(obs, ui)}"
        f'<p class="status" data-testid="status" role="status">{esc(_status(obs, ui))}</p>'
        f'<p class="ticker" data-testid="last-line" aria-hidden="true">{esc(ui.last_line)}</p>'
        "</section>"
        '<section class="my-area">'
        f"{_seat_el(obs, 0, ui, moves, me=True)}"
        f'<div class="hand" data-testid="hand" role="group" aria-label="{esc(t("hand", lang))}">'
        f"{_hand_cards(obs, ui)}</div>"
        "</section>"
        # The moves, then the coach's advice under them (so the buttons do not move): the
        # bar keeps to the window's lower edge when the table is taller than the window.
        f"{_action_bar(obs, ui)}{coach.markup(ui.hints, ui.lang)}"
        f'<div class="stats" data-testid="stats" data-matches="{matches}" data-wins="{wins}">'
        f"{esc(t(ui.stats_words, lang, matches=matches, wins=wins))}</div>"
        f"{more_buttons(lang, online=bool(ui.online_bar), server=ui.server)}"
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
    lang, name = ui.lang, ui.cover
    if ui.cover_ready:
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
    chosen = [i for z, i in ui.selected if z == zone and i in usable]
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
    remaining = obs.turns_to_come() if ui.mode in _RUNNING else ()
    if remaining:
        text = telling.last_round([seat_name(ui, s) for s in remaining], lang)
        parts.append(f'<span class="last-round" data-testid="last-round">{esc(text)}</span>')
    return f'<p class="info">{"".join(parts)}</p>'


def _callout(ui: UIState) -> str:
    """The word called over the table as a deal ends ("31!"), drawn above the cards, and
    for a deal that ended as dealt, why ("Ben was dealt 31 — nobody got a turn")."""
    if not ui.callout:
        return ""
    note = ""
    if ui.dealt:
        note = f'<span class="callout-note" data-testid="dealt">{esc(ui.dealt)}</span>'
    return (
        f'<div class="callout" data-testid="callout" role="status">'
        f'<span class="callout-word">{esc(ui.callout)}</span>{note}</div>'
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
        f'<button type="button" class="icon sound{"" if ui.sound else " off"}" '
        f'data-action="sound" data-key="act-sound" aria-pressed="{str(ui.sound).lower()}" '
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


def _short(cards: Sequence[Any], i: int, ui: UIState) -> str:
    return card_short(cards[i], ui.style, ui.lang) if 0 <= i < len(cards) else "?"
