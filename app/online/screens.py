"""The screens of online play as markup: the join screen, the lobby with its invite, the
bar over an online table, the question before leaving and a problem's screen (the "Play
online" dialog is ``app.online.dialog``'s, the words ``app.online.words``'). Pure
functions of plain data; every text from elsewhere (a name, an address) goes through
``esc``.

Contract (CONFORMANCE.md): the dialog ``[data-testid=online]`` has a field ``name`` and
``[data-action=host]``; the lobby ``[data-testid=lobby]`` lists seats ``[data-seat]``
with ``data-kind`` host, guest, bot or open, the invite ``[data-testid=invite-link]``
(an ``<a>`` whose ``href`` is the whole join URL) and ``[data-testid=invite-qr]``
(inline SVG), and the host's ``[data-action=start-online]``; the join screen
``[data-testid=join]`` has a field ``name`` and ``[data-action=join]``.

>>> "data-testid=\\"join\\"" in join_screen("<b>Bo</b>", "en")
True
>>> "&lt;b&gt;Bo&lt;/b&gt;" in join_screen("<b>Bo</b>", "en")
True
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from app.escape import escape as esc
from app.i18n import life_word, preset_name
from app.online.dialog import name_field
from app.online.invitation import Invitation, invitation_line
from app.online.words import WORDS, tr
from app.table.parts import button as _button
from engine import PRESETS

# ---------------------------------------------------------------- joining

# The details ``protocol.clean_name`` and the referee give for a refused name (English,
# lower case: wire text), each with the words the join form says instead.
_NAME_DETAILS = (
    (re.compile(r"a name may not be empty"), "name_empty"),
    (re.compile(r"a name (may not hold control characters|is text, not .*)"), "name_control"),
    (
        re.compile(r"a name of (?P<len>\d+) characters; at most (?P<n>\d+) are allowed"),
        "name_long",
    ),
    (re.compile(r"someone at this table is called (?P<name>.+) already"), "name_taken"),
)


def join_problem(detail: str, lang: str) -> str:
    """Why a name was refused, as a sentence for the join form (``detail``: the
    ProtocolError's detail, from this page or from the host).

    >>> join_problem("a name may not be empty", "en")
    'Give a name.'
    >>> join_problem("someone at this table is called Ben already", "de")
    'Am Tisch heißt schon jemand Ben. Wähl einen anderen Namen.'
    >>> join_problem("odd", "en")
    'The host did not accept this name (odd).'
    """
    for pattern, key in _NAME_DETAILS:
        found = pattern.fullmatch(detail)
        if found:
            return tr(key, lang, **found.groupdict())
    return tr("name_refused", lang, detail=detail[:200])


def join_screen(
    name: str,
    lang: str,
    problem: str = "",
    invitation: Invitation | None = None,
    server: bool = False,
) -> str:
    """What a guest sees on opening an invitation (``[data-testid=join]``): whose table
    and its rules when the link says (``invitation``), the name field, why a name was
    refused (``problem``), and who deals (the host's page, or a ``server``'s referee)."""
    table = (
        f'<p class="join-table" data-testid="join-table">'
        f"{esc(invitation_line(invitation, lang))}</p>"
        if invitation is not None
        else ""
    )
    error = (
        f'<p class="settings-error" role="alert" data-testid="online-error">{esc(problem)}</p>'
        if problem
        else ""
    )
    return (
        '<div class="online-layer">'
        '<form class="panel settings online" data-testid="join" data-form="join" '
        'aria-labelledby="join-title">'
        f'<h2 id="join-title">{esc(tr("join_title", lang))}</h2>{table}'
        f'<p class="note">{esc(tr("join_intro_server" if server else "join_intro", lang))}</p>'
        + name_field(name, lang)
        + f"{error}"
        '<div class="buttons">'
        f"{_button('join', tr('join', lang), cls='primary')}"
        f"{_button('leave-online', tr('cancel', lang), cls='ghost')}</div>"
        "</form></div>"
    )


# ---------------------------------------------------------------- the lobby


def lobby(
    body: Mapping[str, Any],
    me: int | None,
    lang: str,
    *,
    host: bool,
    invite: str = "",
    qr: Sequence[str] = (),
    status: str = "",
    said: str = "",
) -> str:
    """The lobby (``[data-testid=lobby]``) from a ``lobby`` message's body. The host
    also gets the invite (link and QR code: ``qr`` is the code's rows of "0"/"1"; a
    button to share or copy the link, ``said``: what became of the last press) and
    buttons per seat and to start."""
    rows = []
    for s in body["seats"]:
        seat, kind = int(s["seat"]), str(s["kind"])
        name = str(s.get("name") or "")
        label = tr(
            "kind_" + _kind_shown(seat, kind),
            lang,
            level=tr("level_" + str(s.get("level") or "medium"), lang),
        )
        shown = name or tr("seat_n", lang, n=seat + 1)
        tags = [label]
        if seat == me:
            tags.append(tr("you", lang))
        if s.get("away"):
            tags.append(tr("away", lang))
        controls = ""
        if host and seat != 0 and not body.get("started"):
            if kind != "bot":
                controls += _small_button(f"seat-bot-{seat}", tr("make_bot", lang), shown)
            if kind != "open":
                controls += _small_button(f"seat-open-{seat}", tr("make_open", lang), shown)
        rows.append(
            f'<li class="lobby-seat" data-seat="{seat}" data-kind="{esc(kind)}"'
            f"{' data-away' if s.get('away') else ''}>"
            f'<span class="lobby-name">{esc(shown)}</span>'
            f'<span class="lobby-kind">{esc(" · ".join(tags))}</span>{controls}</li>'
        )
    rules = body.get("rules") or {}
    preset = body.get("preset")
    game = preset_name(str(preset) if preset in PRESETS else "custom", lang)
    life = life_word(str(preset) if preset in PRESETS else "custom", lang)
    summary = tr(
        "rules_line",
        lang,
        game=game,
        lives=rules.get("lives", "?"),
        life=life,
        seats=body["players"],
    )
    time = tr("time_line", lang, time=tr(f"time_{body.get('move_time', 0)}", lang))
    invite_el = ""
    if host and invite:
        invite_el = (
            f'<section class="invite" aria-labelledby="invite-title">'
            f'<h3 id="invite-title">{esc(tr("invite", lang))}</h3>'
            f"<p>{esc(tr('invite_text', lang))}</p>"
            f'<p class="invite-link"><a data-testid="invite-link" href="{esc(invite)}" '
            f'target="_blank" rel="noopener">{esc(invite)}</a></p>'
            f"{share_row(said, lang)}{qr_svg(qr, tr('qr_label', lang))}</section>"
        )
    if host and not body.get("started"):
        foot = (
            f'<p class="note">{esc(tr("start_hint", lang))}</p><div class="buttons">'
            f"{_button('start-online', tr('start', lang), cls='primary')}"
            f"{_button('leave-online', tr('leave', lang), cls='ghost')}</div>"
        )
    else:
        foot = (
            f'<p class="note" role="status">{esc(tr("waiting", lang, name=_opener(body, lang)))}'
            '</p><div class="buttons">'
            f"{_button('leave-online', tr('leave', lang), cls='ghost')}</div>"
        )
    return (
        '<div class="online-layer">'
        '<section class="panel settings online" data-testid="lobby" '
        'aria-labelledby="lobby-title">'
        f'<h2 id="lobby-title">{esc(tr("lobby", lang))}</h2>'
        f'<p class="note">{esc(summary)}. {esc(time)}</p>{status}'
        f'<ol class="lobby-seats">{"".join(rows)}</ol>{invite_el}{foot}</section></div>'
    )


def _kind_shown(seat: int, kind: str) -> str:
    """The kind a lobby row names: at a table server the creator sits at seat 0 as a
    guest of the server's referee (``engine.online.protocol``), named as the creator."""
    return "creator" if seat == 0 and kind == "guest" else kind


def _opener(body: Mapping[str, Any], lang: str) -> str:
    """Who starts the match: the name at seat 0 (the host, or a server table's creator)."""
    names = [str(s.get("name") or "") for s in body["seats"] if int(s["seat"]) == 0]
    return (names[0] if names else "") or tr("the_creator", lang)


def share_row(
    said: str, lang: str, action: str = "share-invite", label: str = "share", testid: str = ""
) -> str:
    """The invite's button ``[data-action=share-invite]`` (the Web Share API where the
    browser has it, the clipboard otherwise) and the line that says what became of it
    (``[data-testid=invite-said]``: ``said`` is shared, copied or failed, or ""). Another
    link's button names its ``action``, its ``label`` (a text's key) and the ``testid``
    of its line."""
    text = tr("said_" + said, lang) if said else ""
    return (
        '<p class="invite-share">'
        f"{_button(action, tr(label, lang), cls='ghost small')}"
        f'<span data-testid="{testid or "invite-said"}" role="status">{esc(text)}</span></p>'
    )


def qr_svg(rows: Sequence[str], label: str, testid: str = "invite-qr") -> str:
    """A QR code as inline SVG (``[data-testid=invite-qr]``): one square per dark module
    of ``rows`` (strings of "0" and "1"), with the quiet zone of four modules around it
    that scanners need."""
    n = len(rows)
    quiet = 4
    parts = [
        f"M{x + quiet} {y + quiet}h1v1h-1z"
        for y, row in enumerate(rows)
        for x, bit in enumerate(row)
        if bit == "1"
    ]
    size = n + 2 * quiet
    return (
        f'<svg class="invite-qr" data-testid="{testid}" role="img" aria-label="{esc(label)}" '
        f'viewBox="0 0 {size} {size}" xmlns="http://www.w3.org/2000/svg" '
        f'shape-rendering="crispEdges" data-modules="{n}">'
        f'<rect width="{size}" height="{size}" fill="#fff"/>'
        f'<path d="{"".join(parts)}" fill="#000"/></svg>'
    )


# ---------------------------------------------------------------- the bar over the table


def detail_text(detail: str, lang: str, server: bool = False) -> str:
    """A connection detail in words; a table server's own words where it has them.

    >>> detail_text("lost", "en"), detail_text("lost", "en", server=True)
    ('The link to the host is gone.', 'The link to the table server is gone.')
    """
    key = "detail_" + detail
    return tr(key + "_server" if server and key + "_server" in WORDS else key, lang)


def status_line(state: str, detail: str, lang: str, server: bool = False) -> str:
    """The connection state in words (``[data-testid=online-state]``), with what it
    means when something is wrong (at a ``server``'s table, said of the server)."""
    words = tr("state_" + state, lang) if state else ""
    more = detail_text(detail, lang, server) if detail and state != "open" else ""
    if more.startswith("detail_"):
        more = detail
    text = f"{words}. {more}" if more else words
    return (
        f'<p class="online-state" data-testid="online-state" data-state="{esc(state)}" '
        f'data-detail="{esc(detail)}" role="status">{esc(text)}</p>'
    )


def clock_text(left_ms: float) -> str:
    """Minutes and seconds left, rounded up (hours too from one hour on).

    >>> clock_text(61_001), clock_text(0), clock_text(29_500), clock_text(86_400_000)
    ('1:02', '0:00', '0:30', '24:00:00')
    """
    seconds = int(-(-max(0.0, left_ms) // 1000))
    if seconds >= 3600:
        return f"{seconds // 3600}:{seconds // 60 % 60:02d}:{seconds % 60:02d}"
    return f"{seconds // 60}:{seconds % 60:02d}"


def timer_text(seat: int, left_ms: float, names: Sequence[str], lang: str) -> str:
    """The running time of the decision due now; ``seat`` as the screen numbers it (0 is
    the person at this page)."""
    if seat == 0:
        return tr("timer_me", lang, t=clock_text(left_ms))
    name = names[seat] if seat < len(names) else str(seat)
    return tr("timer_other", lang, name=name, t=clock_text(left_ms))


def bar(state_el: str, timer: str, lang: str, *, extra: str = "") -> str:
    """The line over an online table: connection state, move timer, leaving."""
    return (
        '<div class="online-bar" data-testid="online-bar">'
        f"{state_el}"
        f'<p class="move-timer" data-testid="move-timer" aria-live="off">{esc(timer)}</p>'
        f"{extra}"
        f"{_button('leave-online', tr('leave', lang), cls='ghost')}</div>"
    )


def bar_notes(over: str | None, rematch: bool, rejected: str, lang: str) -> str:
    """The notes in the bar over a table: a match that ended by time (``over``: how it
    ended, None while it runs), the ``rematch`` button for the page that runs the table,
    and a move of this page's the referee did not accept (``rejected``: why)."""
    extra = ""
    if over is not None:
        if over == "timeout":
            extra = f'<p class="online-note" role="status">{esc(tr("timeout_over", lang))}</p>'
        if rematch:
            extra += _button("rematch", tr("rematch", lang), cls="primary")
    if rejected:
        text = esc(tr("rejected", lang, detail=rejected))
        extra += f'<p class="online-note" role="alert">{text}</p>'
    return extra


def refused_note(refused: str, lang: str) -> str:
    """This guest refused the host's last message (``refused``: why; it did not fit
    together, or was unreadable) and shows what it had before; "" when it did not."""
    if not refused:
        return ""
    text = esc(tr("refused", lang, detail=refused[:200]))
    return f'<p class="online-note" role="alert" data-testid="refused">{text}</p>'


def leave_question(host: bool, lang: str, *, server: bool = False) -> str:
    """Asked before leaving a table, with where it leads: back to the game against bots;
    the host's table closes for everyone, a guest's seat is played by a bot; a table
    server's table goes on (``server``)."""
    key = "leave_server" if server else "leave_host" if host else "leave_guest"
    return (
        '<div class="online-layer">'
        '<section class="panel settings online" data-testid="leave-question" role="alertdialog" '
        'aria-labelledby="leave-title" aria-describedby="leave-text">'
        f'<h2 id="leave-title">{esc(tr("leave_title", lang))}</h2>'
        f'<p id="leave-text">{esc(tr(key, lang))}</p>'
        '<div class="buttons">'
        f"{_button('leave-confirm', tr('leave', lang), cls='primary')}"
        f"{_button('leave-cancel', tr('stay', lang), cls='ghost')}</div></section></div>"
    )


def problem_screen(title: str, text: str, lang: str, *, retry: bool, reload: bool = False) -> str:
    """A connection that failed, or a version to update: said in words, with a way on."""
    buttons = ""
    if retry:
        buttons += f"{_button('retry-online', tr('retry', lang), cls='primary')}"
    if reload:
        buttons += f"{_button('reload', tr('reload', lang), cls='primary')}"
    buttons += f"{_button('leave-online', tr('leave', lang), cls='ghost')}"
    return (
        '<div class="online-layer">'
        '<section class="panel settings online" data-testid="online-problem" role="alert" '
        'aria-labelledby="problem-title">'
        f'<h2 id="problem-title">{esc(title)}</h2><p>{esc(text)}</p>'
        f'<div class="buttons">{buttons}</div></section></div>'
    )


# ---------------------------------------------------------------- small parts


def _small_button(action: str, label: str, seat_name: str) -> str:
    return (
        f'<button type="button" class="ghost small" data-action="{esc(action)}" '
        f'data-key="act-{esc(action)}" aria-label="{esc(label)}: {esc(seat_name)}">'
        f"{esc(label)}</button>"
    )


__all__ = [
    "bar",
    "bar_notes",
    "clock_text",
    "join_problem",
    "join_screen",
    "lobby",
    "problem_screen",
    "qr_svg",
    "refused_note",
    "share_row",
    "status_line",
    "timer_text",
    "tr",
]
