"""The settings dialog as markup: a pure function of the (draft) settings and the language.

The form ``[data-testid=settings]`` carries the page contract's field names
(``preset``, ``bots``, ``difficulty``, ``lives``, ``mistery``, ``luegen``,
``deck_style``, ``lang``) plus ``speed``, the per-bot difficulties
``difficulty_1`` ... and, for a custom rule set, one ``rule.<option>`` field per
option of docs/rules.md that is not a field of its own (everything but ``lives``,
``mistery``, ``luegen``). Its ``new-match`` button starts a match with them.

The page sends the fields as text (a checked checkbox as ``on``, an unchecked
one absent). :func:`normalize` turns the dialog's helper fields into what
``app.settings.model.from_form`` reads; :func:`draft` does both and gives the
settings the dialog shows next. An inconsistent custom rule set is kept in the
draft so the player sees what is wrong: :func:`problems` explains it in the
player's language, with the engine's own message beside it, and the start
button stays disabled until it is fixed. The dialog's words, German and English, are
in ``app.settings.words``.

>>> s, _ = draft({"preset": "custom", "from_preset": "knack", "bots": "2"}, st.defaults("en"))
>>> s.preset, st.rules(s).feuer, st.rules(s).knock.value
('custom', True, 'after_first_cycle')
>>> bad, _ = draft({"preset": "custom", "rule.deal": "hidden", "rule.passing": "on"})
>>> problems(bad, "en")[0]
'The hidden deal has no open table: switch off passing.'
>>> 'data-testid="settings"' in render(bad, "en")
True
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Mapping
from typing import Any

import engine
from app import forms
from app.escape import escape as esc
from app.i18n import preset_line, preset_name, t
from app.settings import model as st
from app.settings.choices import (
    DIFFICULTIES,
    LIVES_RANGE,
    NAME_MAX,
    OWN_OPTIONS,
    PEOPLE_MAX,
    PRESET_CHOICES,
    SPEEDS,
)
from app.settings.words import CHOICES, GROUPS, OPTIONS, choice_label, problem_text, tr
from app.storage import Notice
from engine import InvalidInputError, bots

PER_BOT = "per_bot"
"""The ``difficulty`` value that switches to one difficulty per bot."""

HELPER_FIELDS = ("from_preset",)
"""Fields of the dialog that are not settings (``normalize`` drops them)."""

_NUMBER_LIMITS = {  # the engine's ranges (engine.bounds), which Rules enforce
    name: (limits.lo, limits.hi)
    for name, limits in (
        ("max_cycles", engine.bounds.MAX_CYCLES),
        ("feuer_value", engine.bounds.FEUER_VALUE),
        ("min_players", engine.bounds.PLAYERS),
        ("max_players", engine.bounds.PLAYERS),
    )
}


# -- from the page's fields to settings --------------------------------------------


def normalize(fields: Mapping[str, Any]) -> dict[str, str]:
    """The dialog's fields as ``app.settings.model.from_form`` reads them.

    - ``difficulty=per_bot`` with ``difficulty_1`` ... ``difficulty_N`` becomes
      a comma list (one per bot; N is the ``bots`` field);
    - ``preset=custom`` without any ``rule.`` field (the player just picked
      "custom" while a named preset was shown) takes every rule option of
      ``from_preset``, so a custom rule set starts from what was on screen;
    - helper fields are dropped.

    >>> normalize({"difficulty": "per_bot", "bots": "2", "difficulty_1": "hard",
    ...            "difficulty_2": "easy"})["difficulty"]
    'hard,easy'
    """
    out = {str(k): str(v) for k, v in fields.items()}
    if out.get("difficulty") == PER_BOT:
        try:
            n = max(1, min(8, int(out.get("bots", "1"))))
        except ValueError:
            n = 1
        levels = [out.get(f"difficulty_{i}", "medium") for i in range(1, n + 1)]
        out["difficulty"] = ",".join(levels) if n > 1 else levels[0]
    base = out.get("from_preset", "")
    if (
        out.get("preset") == st.CUSTOM
        and base in engine.PRESETS
        and not any(k.startswith("rule.") for k in out)
    ):
        for option, value in engine.preset(base).to_dict().items():
            if option == "lives" and not out.get("lives", "").strip():
                out["lives"] = str(value)  # "as in the rule set" would become classic's
            if option in OWN_OPTIONS:
                continue
            if isinstance(value, bool):
                if value:
                    out["rule." + option] = "on"
            else:
                out["rule." + option] = str(value)
    for key in [k for k in out if k.startswith("difficulty_")]:
        del out[key]
    for key in HELPER_FIELDS:
        out.pop(key, None)
    return out


def draft(
    fields: Mapping[str, Any], base: st.Settings | None = None
) -> tuple[st.Settings, list[Notice]]:
    """The settings the dialog holds after the player changed a field (never raises;
    an inconsistent custom rule set is kept so :func:`problems` can explain it)."""
    return st.from_form(normalize(fields), base=base)


def draft_settings(draft: Mapping[str, Any] | None, lang: str) -> st.Settings:
    """The settings a stored draft (``Settings.to_dict()``, kept while the dialog is
    open) stands for; what cannot be read falls back like stored settings do."""
    settings, _ = st.from_dict(dict(draft or {}), lang)
    return settings


def draft_rule_options(settings: st.Settings) -> dict[str, Any]:
    """The rule options the settings ask for, as plain JSON values, whether or not
    they fit together (lives, Mistery and Lügen included)."""
    options = st.base_preset(settings).to_dict()
    options.update(settings.custom)
    if settings.lives is not None:
        options["lives"] = settings.lives
    options["mistery"] = settings.mistery
    options["luegen"] = settings.luegen
    return options


def engine_error(settings: st.Settings) -> str | None:
    """The engine's message if these settings give no playable rule set, else None."""
    try:
        st.rules(settings)
    except InvalidInputError as exc:
        return str(exc)
    return None


def problems(settings: st.Settings, lang: str) -> list[str]:
    """Why the settings give no playable rule set, in the player's words (empty if fine).

    The engine names the problems (``engine.Rules.problems``); this puts the
    ones a player can fix in the dialog into words, and says "invalid" with the
    engine's message for anything else."""
    try:
        found = engine.Rules.problems(draft_rule_options(settings), players=st.players(settings))
    except InvalidInputError:
        found = []
    out = [text for text in (problem_text(p, lang) for p in found) if text]
    if not out and engine_error(settings):
        out.append(tr("invalid", lang))
    return out


# -- markup -------------------------------------------------------------------


_key = functools.partial(forms.key, prefix="set")
_select = functools.partial(forms.select, prefix="set")
_field = functools.partial(forms.field, prefix="set")
_check = functools.partial(forms.check, prefix="set")


def _number(name: str, value: Any, lo: int, hi: int, placeholder: str = "") -> str:
    ph = f' placeholder="{esc(placeholder)}"' if placeholder else ""
    return (
        f'<input type="number" inputmode="numeric" name="{esc(name)}" id="set-{esc(name)}" '
        f'{_key(name)} min="{lo}" max="{hi}" step="1" value="{esc(value)}"{ph}>'
    )


def _preset_label(name: str, lang: str) -> str:
    """The preset's one name (``app.i18n.preset_name``), as in every other list."""
    return preset_name(name, lang)


def _people(settings: st.Settings) -> str:
    """How many people share this device: a choice, not a typed number, because a choice
    redraws the dialog at once (``app.events``), and a name field must appear for each."""
    counts = [(str(n), str(n), False) for n in range(1, PEOPLE_MAX + 1)]
    return _select("people", counts, settings.people)


def _person_names(settings: st.Settings, lang: str) -> str:
    """With several people at this device, a name for each (kept with the settings): the
    seat, the cover and the results call them by it."""
    if settings.people < 2:
        return ""
    rows = []
    for i in range(1, settings.people + 1):
        given = settings.names[i - 1] if i - 1 < len(settings.names) else ""
        control = (
            f'<input type="text" name="person_{i}" id="set-person_{i}" {_key(f"person_{i}")} '
            f'maxlength="{NAME_MAX}" autocomplete="off" value="{esc(given)}" '
            f'placeholder="{esc(t("person", lang, n=i))}">'
        )
        rows.append(_field(f"person_{i}", tr("person_name", lang, n=i), control))
    return f'<div class="person-names" data-testid="person-names">{"".join(rows)}</div>'


def _difficulty(settings: st.Settings, lang: str) -> str:
    per_bot = bool(settings.difficulties)
    value = PER_BOT if per_bot else settings.difficulty
    choices = [(d, tr(d, lang), False) for d in DIFFICULTIES]
    choices.append((PER_BOT, tr("per_bot", lang), False))
    hint = "" if bots.hard_is_stronger(st.resolve(settings)[1]) else tr("hard_not_stronger", lang)
    control = _select("difficulty", choices, value)
    parts = [_field("difficulty", tr("difficulty", lang), control, hint)]
    if per_bot:
        from app.i18n import BOT_NAMES

        levels = st.bot_difficulties(settings)
        rows = []
        for i, level in enumerate(levels, start=1):
            name = f"difficulty_{i}"
            label = BOT_NAMES[i - 1] if i - 1 < len(BOT_NAMES) else f"#{i}"
            rows.append(
                _field(
                    name,
                    label,
                    _select(name, [(d, tr(d, lang), False) for d in DIFFICULTIES], level),
                )
            )
        parts.append(f'<div class="per-bot" data-testid="per-bot">{"".join(rows)}</div>')
    return "".join(parts)


def _custom_section(settings: st.Settings, lang: str) -> str:
    o = draft_rule_options(settings)
    types = engine.Rules.field_types()
    en = lang == "en"
    groups = []
    for (title_de, title_en), options in GROUPS:
        items = []
        for option in options:
            label_de, label_en, hint_de, hint_en = OPTIONS[option]
            label, hint = (label_en, hint_en) if en else (label_de, hint_de)
            name = "rule." + option
            kind = types[option]
            value = o[option]
            if kind is bool:
                items.append(_check(name, label, bool(value), hint))
            elif option in CHOICES:
                choices = [(v, choice_label(option, v, lang), False) for v in CHOICES[option]]
                items.append(_field(name, label, _select(name, choices, value), hint))
            else:
                lo, hi = _NUMBER_LIMITS[option]
                items.append(_field(name, label, _number(name, value, lo, hi), hint))
        groups.append(
            f'<fieldset class="rule-group"><legend>{esc(title_en if en else title_de)}</legend>'
            f"{''.join(items)}</fieldset>"
        )
    return (
        f'<section class="custom-rules" data-testid="custom-rules">'
        f"<h3>{esc(tr('rules', lang))}</h3>{''.join(groups)}</section>"
    )


def render(settings: st.Settings, lang: str | None = None, *, open: bool = True) -> str:
    """The settings dialog for ``settings`` (usually the draft the player is editing).

    ``open=False`` renders it hidden (the form is always in the page).
    """
    lang = lang or settings.lang
    issues = problems(settings, lang)
    hidden = "" if open else " hidden"
    return (
        f'<div class="overlay settings-layer"{hidden}>'
        f'<form class="panel settings" data-testid="settings" aria-labelledby="settings-title" '
        f'data-valid="{"false" if issues else "true"}">'
        f'<h2 id="settings-title">{esc(tr("title", lang))}</h2>'
        f'<fieldset class="group"><legend>{esc(tr("game", lang))}</legend>'
        f"{_game_fields(settings, lang)}</fieldset>{_rules_part(settings, lang)}"
        f'<fieldset class="group"><legend>{esc(tr("look", lang))}</legend>'
        f"{_look_fields(settings, lang)}</fieldset>"
        f'<p class="note">{esc(tr("applies", lang))}</p>'
        f"{_problems_box(settings, issues, lang)}{_buttons(bool(issues), lang)}"
        "</form></div>"
    )


def _game_fields(settings: st.Settings, lang: str) -> str:
    """The game's fields: rules preset, bots, people, difficulty, lives, Mistery, Lügen."""
    lo, hi = st.bot_range(settings)
    preset_rules = st.base_preset(settings)
    preset_choices = [(p, _preset_label(p, lang), False) for p in PRESET_CHOICES]
    lives = "" if settings.lives is None else settings.lives
    placeholder = str(preset_rules.lives)
    game = [
        _field(
            "preset",
            tr("preset", lang),
            _select("preset", preset_choices, settings.preset),
            preset_line(settings.preset, lang),
        ),
        _field(
            "bots",
            tr("bots", lang),
            _number("bots", settings.bots, lo, hi),
            tr("bots_hint", lang, lo=lo, hi=hi),
        ),
        _field(
            "people",
            tr("people", lang),
            _people(settings),
            tr("people_hint", lang),
        ),
        _person_names(settings, lang),
        _difficulty(settings, lang),
        _field(
            "lives",
            tr("lives", lang),
            _number("lives", lives, *LIVES_RANGE, placeholder=placeholder),
            tr("lives_hint", lang, n=preset_rules.lives),
        ),
        _check("mistery", tr("mistery", lang), settings.mistery, tr("mistery_hint", lang)),
        _check("luegen", tr("luegen", lang), settings.luegen, tr("luegen_hint", lang)),
    ]
    return "".join(game)


def _rules_part(settings: st.Settings, lang: str) -> str:
    """The custom rule set's options, or (for a named preset) a note that its rules hold."""
    if settings.preset == st.CUSTOM:
        return _custom_section(settings, lang)
    return (
        f'<p class="rules-note">{esc(tr("rules_named", lang))}</p>'
        f'<input type="hidden" name="from_preset" value="{esc(settings.preset)}">'
    )


def _look_fields(settings: st.Settings, lang: str) -> str:
    """How it looks: the card faces (and which are drawn with this deck), language, speed."""
    deck = st._rules_for_range(settings).deck
    style_choices = [
        ("french", tr("french", lang), False),
        ("german", tr("german", lang), False),
        # Offered always (a remembered choice must stay visible); with another deck the
        # note below says which faces are drawn instead.
        ("swiss", tr("swiss", lang), False),
    ]
    shown = st.card_style(settings, deck)
    style_hint = tr("style_suits", lang)
    if shown != settings.deck_style:
        style_hint = tr("style_note", lang, deck=deck, shown=tr("shown_" + shown, lang))
    speeds = [(s, tr("speed_" + s, lang), False) for s in SPEEDS]
    look = [
        _field(
            "deck_style",
            tr("deck_style", lang),
            _select("deck_style", style_choices, settings.deck_style),
            style_hint,
        ),
        _field(
            "lang",
            tr("lang", lang),
            _select("lang", [("de", "Deutsch", False), ("en", "English", False)], settings.lang),
        ),
        _field("speed", tr("speed", lang), _select("speed", speeds, settings.speed)),
    ]
    return "".join(look)


def _problems_box(settings: st.Settings, issues: list[str], lang: str) -> str:
    """Why these settings cannot start a match (and the engine's own words), or ""."""
    if not issues:
        return ""
    detail = engine_error(settings)
    items = "".join(f"<li>{esc(p)}</li>" for p in issues)
    engine_note = (
        f'<p class="engine-says">{esc(tr("engine_says", lang, msg=detail))}</p>'
        if detail
        else ""
    )
    return (
        f'<div class="settings-error" role="alert" data-testid="settings-error">'
        f"<strong>{esc(tr('invalid', lang))}</strong><ul>{items}</ul>{engine_note}</div>"
    )


def _buttons(invalid: bool, lang: str) -> str:
    """Start (disabled while the settings cannot start a match), help and close."""
    disabled = " disabled" if invalid else ""
    start = (
        f'<button type="button" class="primary" data-action="new-match" '
        f'data-key="act-new-match"{disabled}>{esc(tr("start", lang))}</button>'
    )
    return (
        f'<div class="buttons">{start}'
        f'<button type="button" data-action="open-help" data-key="set-open-help">'
        f"{esc(tr('help', lang))}</button>"
        f'<button type="button" class="ghost" data-action="close-settings" '
        f'data-key="act-close-settings">{esc(tr("close", lang))}</button></div>'
    )


SHOWN_AT_ONCE = ("lang", "deck_style", "speed")
"""Fields of the dialog that apply as soon as they change (the rest with a new match)."""


def redraft(
    shown: Mapping[str, Any] | None, form: Mapping[str, Any], in_use: st.Settings
) -> tuple[st.Settings, st.Settings, dict[str, Any]]:
    """A field of the dialog changed: (the new draft, the settings in use with the fields
    that apply at once, those fields that changed)."""
    base = draft_settings(shown, in_use.lang)
    new, _ = draft(form, base)
    changed = {n: getattr(new, n) for n in SHOWN_AT_ONCE if getattr(new, n) != getattr(in_use, n)}
    return new, dataclasses.replace(in_use, **changed), changed
