"""The move bar under the table: a button for each move the engine offers that is not
made with the cards (knock, hold, the Lügen announcement and challenge, ...), the line
that says whose turn it is and what to do (``status``). Pure markup of one seat's
observation and UI state, as ``app.table.view``, which places it.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from app.cards.names import card_short
from app.escape import escape as esc
from app.i18n import fmt_value, t
from app.table import coach, telling
from app.table import luegen as luegen_view
from app.table.parts import button as _button
from app.table.parts import seat_name
from app.table.state import UIState
from engine import Action, ActionKind, Observation, hand_value


def phase_name(obs: Observation) -> str:
    """The observation's phase as plain text ("choose", "play", ...)."""
    return str(obs.phase)


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
    asked = ui.choice.announce_value
    chosen = asked if asked in values else _true_value(obs, values)
    options = "".join(
        f'<option value="{esc(v)}"{" selected" if v == chosen else ""}>'
        f"{esc(fmt_value(float(v)))}</option>"
        for v in values
    )
    shown = sorted(int(i) for z, i in ui.choice.selected if z == "hand")
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
    chosen = tuple(sorted(int(i) for z, i in ui.choice.selected if z == "hand"))
    picked = next((a for a in holds if a.hand_cards == chosen), None)
    if picked is not None:
        button = _button(str(picked), t("hold", ui.lang), cls="primary")
        return f'<div class="holds">{button}</div>'
    chips = []
    for action in holds:
        label = " ".join(
            card_short(hand[i], ui.look.style, ui.lang) for i in action.hand_cards if i < len(hand)
        )
        chips.append(_button(str(action), label, cls="chip", title=t("hold", ui.lang)))
    return f'<div class="holds"><p>{esc(t("hold_pick", ui.lang))}</p>{"".join(chips)}</div>'


# Moves drawn as a button labelled with the action's own text key (i18n).
_PLAIN_BUTTONS = frozenset(
    {ActionKind.KEEP, ActionKind.TAKE, ActionKind.SWAP_ALL, ActionKind.PASS, ActionKind.NEW}
)


def action_bar(obs: Observation, ui: UIState) -> str:
    if ui.frame.mode != "human":
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
            buttons.append(luegen_view.giveup_button(obs, ui.lang, ui.look.preset))
        elif kind is ActionKind.CHALLENGE and action.target is not None:
            name = functools.partial(seat_name, ui)
            buttons.append(
                luegen_view.challenge_button(obs, action.target, name, ui.lang, ui.look.preset)
            )
    if ActionKind.ANNOUNCE in kinds:
        extra += _announce_controls(obs, legal, ui)
    extra += _hold_controls(obs, legal, ui)
    if legal:  # the coach: what would the hard bot do?
        buttons.append(
            _button("hint", coach.tr("hint", ui.lang), title=coach.tr("hint_title", ui.lang))
        )
    if ui.choice.selected:
        buttons.append(_button("clear-selection", telling.tr("cancel", ui.lang), cls="ghost"))
    return (
        f'<div class="actions" data-testid="actions">{extra}'
        f'<div class="buttons">{"".join(buttons)}</div></div>'
    )


def status(obs: Observation, ui: UIState) -> str:
    if ui.panels.notice:
        return ui.panels.notice
    if ui.frame.mode == "human" and obs.knocked_by not in (None, 0) and phase_name(obs) == "play":
        return f"{telling.tr('your_last', ui.lang)} {_turn_prompt(obs, ui)}"
    return _turn_prompt(obs, ui)


def _turn_prompt(obs: Observation, ui: UIState) -> str:
    if ui.frame.mode == "human":
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
        return telling.swap_prompt(ui.choice.selected, ui.look.touch, ui.lang, two=two)
    current = obs.current
    others = (0,) if ui.frame.mode == "busy" else ()  # a watcher waits for seat 0 too
    if ui.frame.mode in ("busy", "watching") and current is not None and current not in others:
        return t("waiting", ui.lang, name=seat_name(ui, current))
    return ""
