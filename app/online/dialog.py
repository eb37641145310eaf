"""The "Play online" dialog (``[data-testid=online]``): its markup, and its form read
back into a :class:`Draft`, each field clamped or kept when it does not fit (the form is
input like any other). A peer-to-peer host's and a table server's creator's dialog are
the same but for the move times offered and "My tables".

>>> read_dialog({"players": "99", "preset": "poker"}, Draft()).players, Draft().preset
(9, 'classic')
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from app import forms
from app.escape import escape as esc
from app.i18n import preset_line, preset_name
from app.online.words import tr
from app.settings import model as st
from app.table.parts import button as _button
from engine import PRESETS, InvalidInputError, bots
from engine.online.protocol import LIVE_MOVE_TIMES, NAME_MAX, ON_TIMEOUT
from engine.online.referee import TableConfig


@dataclass(frozen=True)
class Draft:
    """The dialog's fields as the player left them."""

    name: str = ""
    preset: str = "classic"
    lives: int = 3
    mistery: bool = False
    luegen: bool = False
    players: int = 4
    bot_level: str = "medium"
    move_time: int = 0
    on_timeout: str = "bot"


LEVELS = ("easy", "medium", "hard")


def dialog(
    draft: Draft,
    lang: str,
    servers: Mapping[str, Any],
    *,
    custom: bool = False,
    seat_range: tuple[int, int] = (2, 9),
    problem: str = "",
    move_times: Sequence[int] = LIVE_MOVE_TIMES,
    server: str = "",
) -> str:
    """The "Play online" dialog (``[data-testid=online]``). ``servers``: the page's
    connection settings (``net.config()``) to name; ``custom``: offer the player's own
    rules from the settings; ``problem``: what is wrong with the fields, if anything;
    ``server``: the table server whose tables these are (with ``move_times`` up to a day,
    and "My tables"), "" for peer-to-peer play."""
    presets = [(p, preset_name(p, lang)) for p in PRESETS]
    if custom:
        presets.append(("custom", preset_name("custom", lang)))
    lines = "".join(
        f"<li><b>{esc(name)}</b>: {esc(preset_line(p, lang))}</li>" for p, name in presets
    )
    lo, hi = seat_range
    fields = [
        name_field(draft.name, lang),
        _field("preset", tr("preset", lang), _select("preset", presets, draft.preset))
        + f'<ul class="preset-lines">{lines}</ul>',
        _field(
            "lives",
            tr("lives", lang),
            f'<input type="number" name="lives" id="online-lives" data-key="online-lives" '
            f'min="1" max="10" value="{draft.lives}">',
        ),
        _check("mistery", tr("mistery", lang), draft.mistery),
        _check("luegen", tr("luegen", lang), draft.luegen),
        _field(
            "players",
            tr("seats", lang),
            f'<input type="number" name="players" id="online-players" data-key="online-players" '
            f'min="{lo}" max="{hi}" value="{draft.players}">',
            tr("seats_hint", lang, lo=lo, hi=hi),
        ),
        _field(
            "bot_level",
            tr("bot_level", lang),
            _select("bot_level", [(v, tr("level_" + v, lang)) for v in LEVELS], draft.bot_level),
        ),
        _field(
            "move_time",
            tr("move_time", lang),
            _select(
                "move_time",
                [(str(s), tr(f"time_{s}", lang)) for s in move_times],
                draft.move_time,
            ),
        ),
        _field(
            "on_timeout",
            tr("on_timeout", lang),
            _select(
                "on_timeout", [(v, tr("timeout_" + v, lang)) for v in ON_TIMEOUT], draft.on_timeout
            ),
            tr("timeout_hint", lang),
        ),
    ]
    if server:  # a table server's table may be listed under "Open tables" (issue 41)
        fields.append(_check("open", tr("list_open", lang), False))
    error = (
        f'<p class="settings-error" role="alert" data-testid="online-error">{esc(problem)}</p>'
        if problem
        else ""
    )
    return (
        '<div class="online-layer">'
        '<form class="panel settings online" data-testid="online" data-form="online" '
        'aria-labelledby="online-title">'
        f'<h2 id="online-title">{esc(tr("online", lang))}</h2>'
        f'<p class="note">{esc(tr("intro_server" if server else "intro", lang, server=server))}</p>'
        f'<fieldset class="group"><legend>{esc(tr("lobby", lang))}</legend>{"".join(fields)}'
        "</fieldset>"
        f"{'' if server else servers_note(servers, lang)}{error}"
        '<div class="buttons">'
        f"{_button('host', tr('host', lang), cls='primary')}"
        f"{_button('my-tables', tr('my_tables', lang), cls='ghost') if server else ''}"
        f"{_button('close-online', tr('cancel', lang), cls='ghost')}</div>"
        "</form></div>"
    )


def servers_note(servers: Mapping[str, Any], lang: str) -> str:
    """The servers the page will use, named (the build's settings, ``online.json``)."""
    given = servers.get("signal") or ()
    signal = given if isinstance(given, str) else ", ".join(str(s) for s in given)
    signal = signal or "–"
    library = servers.get("library") or {}
    lib = f"{library.get('name', '?')} {library.get('version', '')}".strip()
    ice = []
    for server in servers.get("iceServers") or ():
        urls = server.get("urls") if isinstance(server, Mapping) else None
        ice += [urls] if isinstance(urls, str) else list(urls or ())
    text = tr("servers_text", lang, signal=signal, library=lib, ice=", ".join(ice) or "–")
    return (
        f'<details class="servers" data-testid="online-servers"><summary>'
        f"{esc(tr('servers', lang))}</summary><p>{esc(text)}</p></details>"
    )


def read_dialog(
    form: Mapping[str, Any], base: Draft, move_times: Sequence[int] = LIVE_MOVE_TIMES
) -> Draft:
    """The dialog's fields (strings from the page) as a Draft, each clamped or kept from
    ``base`` when it does not fit: the form is input like any other."""

    def number(name: str, lo: int, hi: int, default: int) -> int:
        try:
            return min(hi, max(lo, int(str(form.get(name, default)).strip())))
        except ValueError:
            return default

    def choice(name: str, options: Sequence[str], default: str) -> str:
        value = str(form.get(name, default))
        return value if value in options else default

    def flag(name: str) -> bool:
        return form.get(name) in (True, "on", "true", "1")

    time = str(form.get("move_time", base.move_time))
    return Draft(
        name=str(form.get("name", base.name))[:200],
        preset=choice("preset", (*PRESETS, "custom"), base.preset),
        lives=number("lives", 1, 10, base.lives),
        mistery=flag("mistery"),
        luegen=flag("luegen"),
        players=number("players", 2, 9, base.players),
        bot_level=choice("bot_level", bots.NAMES, base.bot_level),
        move_time=int(time) if time in {str(s) for s in move_times} else base.move_time,
        on_timeout=choice("on_timeout", ON_TIMEOUT, base.on_timeout),
    )


def table_config(draft: Draft, settings: st.Settings) -> TableConfig:
    """The dialog's choices as a table's, the rules resolved and checked as the settings'
    are (``engine.InvalidInputError`` when they do not fit)."""
    preset = st.CUSTOM if draft.preset == "custom" else draft.preset
    chosen = dataclasses.replace(
        settings, preset=preset, lives=draft.lives, mistery=draft.mistery, luegen=draft.luegen
    )
    _, rules, notice = st.resolve(chosen)
    if notice is not None:
        raise InvalidInputError(notice.message)
    return TableConfig(
        rules,
        players=draft.players,
        preset=draft.preset if draft.preset in PRESETS else "custom",
        move_time=draft.move_time,
        on_timeout=draft.on_timeout,
        bot_level=draft.bot_level,
    )


def name_field(name: str, lang: str) -> str:
    """The field for the person's name, the dialog's and the join form's."""
    return _field(
        "name",
        tr("name", lang),
        f'<input type="text" name="name" id="online-name" data-key="online-name" '
        f'maxlength="{NAME_MAX}" autocomplete="nickname" required value="{esc(name)}">',
        tr("name_hint", lang, n=NAME_MAX),
    )


def _field(name: str, label: str, control: str, hint: str = "") -> str:
    return forms.field(name, label, control, hint, prefix="online")


def _select(name: str, options: Sequence[tuple[str, str]], value: Any) -> str:
    return forms.select(name, [(v, text, False) for v, text in options], value, prefix="online")


def _check(name: str, label: str, checked: bool) -> str:
    return forms.check(name, label, checked, prefix="online")


__all__ = ["LEVELS", "Draft", "dialog", "name_field", "read_dialog", "servers_note", "table_config"]
