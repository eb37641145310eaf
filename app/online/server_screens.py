"""The screens only a table server's tables have: "My tables" (``[data-testid=my-tables]``),
the link that moves a seat to another device (``[data-testid=seat-link]``) and the
switch for this seat's reminders by Web Push (``[data-testid=reminders]``).

Markup as text, like ``app.online.screens``; every name is escaped where it is shown.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from app.escape import escape as esc
from app.i18n import preset_name
from app.online.screens import clock_text, qr_svg, share_row
from app.online.words import tr
from app.table.parts import button as _button
from engine import PRESETS


def table_line(row: Mapping[str, Any], lang: str) -> str:
    """Whose turn it is at a table of "My tables", and the time left, in words.

    >>> table_line({"started": True, "turn": 1, "seat": 1, "left_ms": 90_000}, "en")
    'Your turn · 1:30 left'
    >>> table_line({"started": True, "turn": 0, "seat": 1, "names": ["Bo", "Al"]}, "en")
    "Bo's turn"
    >>> table_line({"started": False}, "en"), table_line({"started": True, "ended": "end"}, "en")
    ('Not started yet', 'Match over')
    """
    if row.get("ended"):
        return tr("table_over", lang)
    if not row.get("started"):
        return tr("table_lobby", lang)
    turn, names = row.get("turn"), row.get("names") or ()
    if not isinstance(turn, int):
        return ""
    if turn == row.get("seat"):
        words = tr("turn_you", lang)
    else:
        name = names[turn] if turn < len(names) and names[turn] else str(turn + 1)
        words = tr("turn_of", lang, name=name)
    left = row.get("left_ms")
    if isinstance(left, (int, float)):
        words += " · " + tr("table_left", lang, t=clock_text(left))
    return words


def my_tables(rows: Sequence[Mapping[str, Any]] | None, link: str, lang: str) -> str:
    """The list of the tables this device sits at (``rows`` from ``POST /api/my-tables``,
    None while they load); each opens by ``link`` + its id."""
    if rows is None:
        body = f'<p class="note" role="status">{esc(tr("my_tables_loading", lang))}</p>'
    elif not rows:
        body = f'<p class="note" role="status">{esc(tr("my_tables_none", lang))}</p>'
    else:
        body = f'<ul class="my-tables">{"".join(_row(r, link, lang) for r in rows)}</ul>'
    return (
        '<div class="online-layer">'
        '<section class="panel settings online" data-testid="my-tables" '
        'aria-labelledby="my-tables-title">'
        f'<h2 id="my-tables-title">{esc(tr("my_tables", lang))}</h2>'
        f'<p class="note">{esc(tr("my_tables_intro", lang))}</p>{body}'
        '<div class="buttons">'
        f"{_button('new-table', tr('new_table', lang), cls='primary')}"
        f"{_button('close-online', tr('back', lang), cls='ghost')}</div></section></div>"
    )


def _row(row: Mapping[str, Any], link: str, lang: str) -> str:
    table = str(row.get("table", ""))
    names = [str(n) for n in row.get("names") or () if n]
    preset = str(row.get("preset", ""))
    game = preset_name(preset if preset in PRESETS else "custom", lang)  # as in the lobby
    time = tr(f"time_{row.get('move_time', 0)}", lang)
    mine = " data-your-turn" if row.get("your_turn") else ""
    return (
        f'<li class="my-table" data-table="{esc(table)}"{mine}>'
        f'<a href="{esc(link + table)}">{esc(", ".join(names) or table)}</a>'
        f'<span class="my-table-game">{esc(game)} · {esc(time)}</span>'
        f'<span class="my-table-turn">{esc(table_line(row, lang))}</span></li>'
    )


def seat_link(
    url: str, qr: Sequence[str], lang: str, opened: bool = False, said: str = ""
) -> str:
    """The link (and QR code) that takes this seat to another device: its token rides in
    the fragment, which no browser puts in a request. The link is shown whole, to read,
    with a button that copies it (``[data-action=copy-seat-link]``; ``said``: copied or
    failed). ``opened``: the player opened the panel, and a redraw (another seat's move)
    keeps it so. Its class is not ``seat-move``, a seat's last move on the table.

    >>> "<details open" in seat_link("https://x/#seat=s", [], "en", opened=True)
    True
    >>> 'data-action="seat-move"' in seat_link("https://x/#seat=s", [], "en")
    True
    """
    copy = share_row(said, lang, "copy-seat-link", "copy_seat_link", "seat-link-said")
    return (
        f'<details{" open" if opened else ""} class="seat-device" data-testid="seat-move">'
        f'<summary data-action="seat-move">{esc(tr("seat_link", lang))}</summary>'
        f"<p>{esc(tr('seat_link_text', lang))}</p>"
        f'<p class="invite-link"><a data-testid="seat-link" href="{esc(url)}" rel="noopener">'
        f"{esc(url)}</a></p>{copy}"
        f"{qr_svg(qr, tr('seat_qr_label', lang), 'seat-qr') if qr else ''}</details>"
    )


def reminders(on: bool, note: str, lang: str) -> str:
    """The switch for this seat's reminders ("your turn", and when most of the time is
    used): ``remind-on`` or ``remind-off``, with what the browser or the server said.

    >>> 'data-action="remind-on"' in reminders(False, "", "en")
    True
    >>> 'data-action="remind-off"' in reminders(True, "", "en")
    True
    """
    switch = (
        _button("remind-off", tr("remind_off", lang), cls="ghost small")
        if on
        else _button("remind-on", tr("remind_on", lang), cls="ghost small")
    )
    said = f'<span class="online-note" role="status">{esc(note)}</span>' if note else ""
    state = "on" if on else "off"
    return (
        f'<p class="reminders" data-testid="reminders" data-reminders="{state}">'
        f"{switch}{said}</p>"
    )


__all__ = ["my_tables", "reminders", "seat_link", "table_line"]
