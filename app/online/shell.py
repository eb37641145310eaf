"""The screens of an online page that are not the table, as one pure function of a small
frozen view: the room (``app.online.room``) says where it is (:class:`ScreenView`), and
:func:`screen` picks what to show; nothing here reads the room, the store or the network,
so every screen is testable without a browser.

In order: a version to update, a connection that cannot be made, the question before
leaving, "My tables" (a table server's), the "Play online" dialog, the join form, a
refused seat, the lobby; at a running match :func:`screen` gives None and the room draws
the table. :func:`frame` puts the title and the notices around what it gives.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from app.escape import escape as esc
from app.online import screens, server_screens
from app.online.dialog import Draft, dialog
from app.online.invitation import Invitation
from app.online.words import tr
from engine.online.protocol import LIVE_MOVE_TIMES, MOVE_TIMES


class Phase(enum.StrEnum):
    """Where an online page is."""

    SETUP = "setup"  # the host's dialog
    JOIN = "join"  # a guest's name form
    LOBBY = "lobby"  # seats filling up
    TABLE = "table"  # the match
    PROBLEM = "problem"  # the table is full, or started without this guest
    TABLES = "tables"  # "My tables" (a table server's)


@dataclass(frozen=True)
class ScreenView:
    """What a screen that is not the table shows."""

    lang: str
    phase: Phase
    state: str = ""  # the transport's state (``static/net.mjs`` STATES) and its detail
    detail: str = ""
    server: str = ""  # the table server's origin; "" for peer-to-peer play
    hosting: bool = False  # this page holds the referee (a peer-to-peer host)
    update: str | None = None  # a version to update: which page reloads ("guest", "host")
    leaving: bool = False  # "Leave the table" was pressed: the question is asked
    problem: str = ""  # why the dialog or the join form was refused, or the seat
    creating: bool = False  # a table server is asked for a new table
    draft: Draft = field(default_factory=Draft)  # the dialog's fields
    servers: Mapping[str, Any] = field(default_factory=dict)  # the dialog names them
    custom: bool = False  # the dialog offers the person's own rules
    invitation: Invitation | None = None  # what the invite link says (the join form)
    listing: Sequence[Mapping[str, Any]] | None = None  # "My tables" (None: loading)
    account_panel: str = ""  # signing in with a passkey, on "My tables" (app.online.account)
    invite_base: str = ""  # the join URL without a table's id
    lobby: Mapping[str, Any] | None = None  # the lobby's body, once there is one
    seat: int = 0  # this page's seat at the table
    runs_lobby: bool = False  # this page seats bots and starts (host, server creator)
    invite: str = ""  # the invite link ("" where this page does not invite)
    qr: Sequence[str] = ()  # the invite link's QR code, rows of "0"/"1"
    said: str = ""  # what became of sharing the invite
    at_table: bool = False  # the match's view is here: the table is drawn


def screen(view: ScreenView) -> str | None:
    """The screen for ``view``, or None where the table is drawn.

    >>> "online-problem" in screen(ScreenView("en", Phase.LOBBY, state="unreachable"))
    True
    >>> screen(ScreenView("en", Phase.TABLE, at_table=True)) is None
    True
    """
    lang = view.lang
    if view.update is not None:
        return screens.problem_screen(
            tr("state_closed", lang),
            tr("update_guest" if view.update == "guest" else "update_host", lang),
            lang,
            retry=False,
            reload=view.update == "guest",
        )
    if view.state == "unreachable":
        text = screens.detail_text(view.detail, lang, bool(view.server)) if view.detail else ""
        return screens.problem_screen(tr("state_unreachable", lang), text, lang, retry=True)
    if view.leaving:
        return screens.leave_question(view.hosting, lang, server=bool(view.server))
    return _by_phase(view)


def _by_phase(view: ScreenView) -> str | None:
    lang = view.lang
    if view.phase is Phase.TABLES:
        return _tables(view)
    if view.phase is Phase.SETUP:
        return dialog(
            view.draft,
            lang,
            view.servers,
            custom=view.custom,
            problem=view.problem or (tr("creating", lang) if view.creating else ""),
            move_times=MOVE_TIMES if view.server else LIVE_MOVE_TIMES,
            server=view.server,
        )
    if view.phase is Phase.JOIN:
        return screens.join_screen(
            view.draft.name, lang, view.problem, view.invitation, server=bool(view.server)
        )
    if view.phase is Phase.PROBLEM:
        return screens.problem_screen(tr("lobby", lang), view.problem, lang, retry=False)
    if view.phase is Phase.LOBBY or not view.at_table:
        return _lobby(view)
    return None


def _tables(view: ScreenView) -> str:
    """The "My tables" screen, with why the server could not be asked, if it could not."""
    shown = server_screens.my_tables(view.listing, view.invite_base, view.lang)
    if view.account_panel:
        shown = shown.replace("</h2>", "</h2>" + view.account_panel, 1)
    if view.problem:
        note = (
            f'<p class="settings-error" role="alert" data-testid="online-error">'
            f"{esc(view.problem)}</p>"
        )
        shown = shown.replace('<div class="buttons">', note + '<div class="buttons">', 1)
    return shown


def _lobby(view: ScreenView) -> str:
    lang = view.lang
    status = screens.status_line(view.state, view.detail, lang, bool(view.server))
    if view.lobby is None:
        return f'<div class="online-layer">{status}</div>'
    return screens.lobby(
        view.lobby,
        view.seat,
        lang,
        host=view.runs_lobby,
        invite=view.invite,
        qr=view.qr if view.invite else (),
        status=status,
        said=view.said,
    )


def frame(content: str, mode: str, lang: str, *, banner: str = "", note: str = "") -> str:
    """A screen that is not the table in the page: the title, the notices' ``banner``,
    a ``note`` over the content (a refused message), and the content."""
    title = tr("online", lang)
    return (
        f'<div class="game online-page" data-mode="{mode}">'
        '<header class="topbar"><h1 class="title">Schwimmen '
        f'<span class="variant">{esc(title)}</span></h1></header>'
        f"{banner}<main>{note}{content}</main></div>"
    )


__all__ = ["Phase", "ScreenView", "frame", "screen"]
