"""The open tables of a table server (``?online=open``, issue 41): the tables their
creators listed for anyone to sit down at, and "Play now".

``[data-testid=open-tables]`` lists one ``[data-table=ID]`` per open table (the game,
its lives, the time per move, who sits there, the free seats) with a link ``a[href]``
(``?join=ID``) that sits down there through the join form, as an invitation does. "Play
now" (``[data-action=play-now]``, with a game and a time per move) asks the server
(``POST /api/play-now``) for the oldest open table that fits: the page then goes to it
(``?join=ID``), or, when none fits, to the new open table the server made with this
person at seat 0 (``?join=ID#seat=TOKEN&name=NAME``: the room keeps the seat, as for a
seat's link, and takes the fragment out of the address).

Markup as text, like ``app.online.screens``; every name is escaped where it is shown.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from app import forms
from app.escape import escape as esc
from app.host import Host
from app.i18n import lookup, preset_name
from app.online import screens
from app.table.mode import Mode
from app.table.parts import button
from app.table.state import UIState
from app.url import quote
from engine import PRESETS
from engine.online.protocol import MOVE_TIMES, ProtocolError, clean_name

_T: dict[str, tuple[str, str]] = {
    "open_tables": ("Offene Tische", "Open tables"),
    "open_intro": (
        "Tische, an die sich jeder setzen kann, die ältesten zuerst.",
        "Tables anyone may sit down at, the oldest first.",
    ),
    "open_none": ("Gerade ist kein Tisch offen.", "No table is open now."),
    "open_loading": ("Lade die offenen Tische …", "Loading the open tables …"),
    "open_free": ("{n} frei", "{n} free"),
    "play_now": ("Jetzt spielen", "Play now"),
    "play_now_intro": (
        "Setzt dich an den ältesten offenen Tisch mit diesem Spiel und dieser Zeit, "
        "oder eröffnet einen.",
        "Sits you down at the oldest open table of this game and time, or opens one.",
    ),
    "your_name": ("Dein Name", "Your name"),
    "game": ("Spiel", "Game"),
    "time": ("Zeit pro Zug", "Time per move"),
    "refresh": ("Neu laden", "Refresh"),
    "lives": ("{n} Leben", "{n} lives"),
}


def tr(key: str, lang: str, **values: Any) -> str:
    return lookup(_T, key, lang, **values)


def table_row(row: Mapping[str, Any], link: str, lang: str) -> str:
    """One open table: its people as the link that sits down there, then the game.

    >>> r = {"table": "t1", "preset": "knack", "lives": 3, "move_time": 60, "free": 2}
    >>> shown = table_row(r, "/?join=", "en")
    >>> 'data-table="t1"' in shown and "2 free" in shown and 'href="/?join=t1"' in shown
    True
    """
    table = str(row.get("table", ""))
    names = _rated_names(row)
    preset = str(row.get("preset", ""))
    game = preset_name(preset if preset in PRESETS else "custom", lang)
    time = screens.tr(f"time_{row.get('move_time', 0)}", lang)
    lives = tr("lives", lang, n=row.get("lives", "?"))
    free = tr("open_free", lang, n=row.get("free", 0))
    return (
        f'<li class="my-table" data-table="{esc(table)}">'
        f'<a href="{esc(link + quote(table))}">{esc(", ".join(names) or table)}</a>'
        f'<span class="my-table-game">{esc(game)} · {esc(lives)} · {esc(time)}</span>'
        f'<span class="my-table-turn">{esc(free)}</span></li>'
    )


def _rated_names(row: Mapping[str, Any]) -> list[str]:
    """The people at a table, a signed-in person's rating beside their name.

    >>> _rated_names({"names": ["Hana", "Ben"], "ratings": [12.5, None]})
    ['Hana (12.5)', 'Ben']
    """
    names, rated = row.get("names"), row.get("ratings")
    names = names if isinstance(names, list) else []
    rated = rated if isinstance(rated, list) and len(rated) == len(names) else [None] * len(names)
    return [
        f"{n} ({r:g})" if isinstance(r, int | float) and not isinstance(r, bool) else str(n)
        for n, r in zip(names, rated, strict=True)
        if n
    ]


def _select(name: str, label: str, options: Sequence[tuple[str, str]], chosen: str) -> str:
    items = "".join(
        f'<option value="{esc(v)}"{" selected" if v == chosen else ""}>{esc(text)}</option>'
        for v, text in options
    )
    control = f'<select id="play-{name}" name="{name}">{items}</select>'
    return forms.field(name, label, control, prefix="play")


def screen(
    rows: Sequence[Mapping[str, Any]] | None, link: str, name: str, problem: str, lang: str
) -> str:
    """The open tables (``rows`` None while they load) and "Play now"."""
    if rows is None:
        body = f'<p class="note" role="status">{esc(tr("open_loading", lang))}</p>'
    elif not rows:
        body = f'<p class="note" role="status">{esc(tr("open_none", lang))}</p>'
    else:
        body = f'<ul class="my-tables">{"".join(table_row(r, link, lang) for r in rows)}</ul>'
    games = [(p, preset_name(p, lang)) for p in PRESETS]
    times = [(str(t), screens.tr(f"time_{t}", lang)) for t in MOVE_TIMES]
    error = (
        f'<p class="settings-error" role="alert" data-testid="online-error">{esc(problem)}</p>'
        if problem
        else ""
    )
    return (
        '<div class="online-layer">'
        '<section class="panel settings online" data-testid="open-tables" '
        'aria-labelledby="open-tables-title">'
        f'<h2 id="open-tables-title">{esc(tr("open_tables", lang))}</h2>'
        f'<p class="note">{esc(tr("open_intro", lang))}</p>{body}'
        f'<form data-form="play-now" class="play-now" aria-labelledby="play-now-title">'
        f'<h3 id="play-now-title">{esc(tr("play_now", lang))}</h3>'
        f'<p class="note">{esc(tr("play_now_intro", lang))}</p>'
        f"{forms.field('name', tr('your_name', lang), _name_input(name), prefix='play')}"
        f"{_select('preset', tr('game', lang), games, 'classic')}"
        f"{_select('move_time', tr('time', lang), times, '0')}"
        f"{error}"
        '<div class="buttons">'
        f"{button('play-now', tr('play_now', lang), cls='primary')}"
        f"{button('open-tables', tr('refresh', lang), cls='ghost')}"
        f"{button('leave-online', screens.tr('back', lang), cls='ghost')}</div>"
        "</form></section></div>"
    )


def _name_input(name: str) -> str:
    return (
        f'<input id="play-name" name="name" maxlength="20" autocomplete="nickname" '
        f'value="{esc(name)}">'
    )


class OpenTablesRoom:
    """The open tables' page (see the module text). ``net`` is
    ``app.online.server_net.ServerNet``; ``go(url)`` opens another address of the site;
    ``base`` is the page's address without its query."""

    def __init__(
        self,
        host: Host,
        net: Any,
        *,
        lang: str,
        base: str,
        name: str,
        go: Callable[[str], None],
    ) -> None:
        self.host, self.net, self.go, self.base = host, net, go, base
        self.ui = UIState.of(lang=lang)
        self.name = name
        self.rows: list[dict[str, Any]] | None = None
        self.problem = ""

    def start(self) -> None:
        self.net.open_tables()
        self._render()

    def refresh(self) -> None:
        self._render()

    def handle(self, intent: Mapping[str, Any]) -> None:
        if intent.get("type") == "action":
            self.press(str(intent.get("action")), intent.get("form"))

    def press(self, name: str, form: Mapping[str, Any] | None = None) -> None:
        if name == "open-tables":
            self.rows, self.problem = None, ""
            self.start()
        elif name == "play-now":
            self._play_now(dict(form or {}))
        elif name == "leave-online":
            self.host.leave_online()

    def take_focus(self) -> str:
        return self.ui.panels.take_focus()

    def tick(self) -> None:
        pass

    def release(self) -> None:
        pass

    def _play_now(self, form: dict[str, Any]) -> None:
        try:
            self.name = clean_name(form.get("name", ""))
            move_time = int(str(form.get("move_time", "0")))
        except (ProtocolError, ValueError) as e:
            self.problem = getattr(e, "detail", str(e))
            self._render()
            return
        preset = str(form.get("preset", "classic"))
        self.problem = ""
        self.net.play_now({"name": self.name, "preset": preset, "move_time": move_time})

    # ------------------------------------------------------------ the server's answers

    def net_open_tables(self, rows: Any) -> None:
        self.rows = [r for r in rows if isinstance(r, dict)] if isinstance(rows, list) else []
        self._render()

    def net_played(self, found: Any) -> None:
        """ "Play now" found a table (``{table}``) or made one (``{table, token}``)."""
        table = str(found.get("table", "")) if isinstance(found, dict) else ""
        if not table:
            return
        url = f"{self.base}?join={quote(table)}"
        token = found.get("token")
        if isinstance(token, str):  # the new table's seat 0 is this person's
            url += f"#seat={quote(token)}&name={quote(self.name)}"
        self.go(url)

    def net_failed(self, error: str) -> None:
        self.problem = error
        self._render()

    def _render(self) -> None:
        lang = self.ui.lang
        content = screen(self.rows, f"{self.base}?join=", self.name, self.problem, lang)
        self.ui.frame = dataclasses.replace(self.ui.frame, mode=Mode.BUSY)
        markup = (
            f'<div class="game online-page" data-mode="{Mode.BUSY}">'
            '<header class="topbar"><h1 class="title">Schwimmen '
            f'<span class="variant">{esc(tr("open_tables", lang))}</span></h1></header>'
            f"<main>{content}</main></div>"
        )
        self.host.show(markup, [], Mode.BUSY)


__all__ = ["OpenTablesRoom", "screen", "table_row"]
