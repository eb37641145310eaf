"""At a table server's table, what helps a match finish (issue 41): "More time"
(``[data-action=more-time]``), which each person may give the one to move once per match,
as lichess's "give time"; the server checks it again (``engine.online.referee``). And,
under the reminders' switch, the choice of one summary a day instead of a push a move
(``[data-testid=reminders-daily]``: ``remind-daily``, ``remind-each``).

The seat a bot plays after two missed deadlines is marked from the lobby
(``app.online.sources.lobby_notes``), on every page; this module has the button only.

>>> from engine.online.guest import Guest
>>> g = Guest("Ann", clock=lambda: 0.0)
>>> more_time(g, "en")
''
"""

from __future__ import annotations

from typing import Any

from app.escape import escape as esc
from app.i18n import lookup
from app.table.parts import button
from engine.online import protocol
from engine.online.guest import Guest

_T: dict[str, tuple[str, str]] = {
    "more_time": ("Mehr Zeit geben", "Give more time"),
    "daily_on": ("Eine Zusammenfassung am Tag", "One summary a day"),
    "daily_off": ("Eine Nachricht pro Zug", "A push per move"),
    "daily_ask": ("Lieber einmal am Tag", "Once a day instead"),
    "each_ask": ("Lieber bei jedem Zug", "At every move instead"),
    "more_time_title": (
        "Einmal pro Partie: mehr Zeit für den, der am Zug ist",
        "Once per match: more time for the one to move",
    ),
}


DAILY_CONTROLS = ("remind-daily", "remind-each")
"""The buttons that choose how reminders come, once they are on."""


def tr(key: str, lang: str, **values: Any) -> str:
    return lookup(_T, key, lang, **values)


def with_daily(reminders: str, on: bool, daily: bool, lang: str) -> str:
    """The reminders' switch (``reminders``' markup) and, when they are on, how they
    come: a push per move, or one summary a day (the server keeps it per seat).

    >>> 'data-action="remind-daily"' in with_daily("", True, False, "en")
    True
    >>> with_daily("<p>switch</p>", False, False, "en")
    '<p>switch</p>'
    """
    if not on:
        return reminders
    state = "on" if daily else "off"
    said = tr("daily_on" if daily else "daily_off", lang)
    other = "remind-each" if daily else "remind-daily"
    ask = tr("each_ask" if daily else "daily_ask", lang)
    return (
        f'{reminders}<p class="reminders" data-testid="reminders-daily" data-daily="{state}">'
        f'<span class="online-note">{esc(said)}</span>'
        f'{button(other, ask, cls="ghost small")}</p>'
    )


def can_give_time(guest: Guest | None) -> bool:
    """Whether this page's person may give more time now: seated, another person is to
    move with a clock running, and this seat has not given time in this match."""
    if guest is None:
        return False
    left = guest.time_left()
    lobby = guest.lobby or {}
    seats = lobby.get("seats") or ()
    seat = guest.seat
    if left is None or seat is None or seat >= len(seats) or left[0] == seat:
        return False
    return not seats[seat].get("gave_time")


def more_time(guest: Guest | None, lang: str) -> str:
    """The "More time" button, where it may be pressed (else nothing)."""
    if not can_give_time(guest):
        return ""
    title = tr("more_time_title", lang)
    return button("more-time", tr("more_time", lang), cls="ghost", title=title)


def gift(guest: Guest | None) -> str | None:
    """The ``more-time`` message for the decision due now (None: none may be given)."""
    if guest is None or not can_give_time(guest):
        return None
    return protocol.more_time(guest.mirror.seq)
