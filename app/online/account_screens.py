"""What the account's part of a table server's "My tables" shows (``app.online.account``
keeps the state and speaks to the server): the words, the frozen :class:`Shown` and
:class:`Rated`, and the markup: the sign-in form, who is signed in with their passkeys,
their ratings with a chart, the leaderboard, and the link that adds a device.

>>> 'data-signed-in="false"' in panel(Shown(), "en")
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from app.escape import escape as esc
from app.i18n import lookup, preset_name
from app.online.screens import qr_svg
from app.table.parts import button as _button
from engine import PRESETS
from engine.online.protocol import NAME_MAX

RULE_SETS = (*PRESETS, "custom")  # as server.ratings.rules_key names them

_T: dict[str, tuple[str, str]] = {
    "account": ("Konto", "Account"),
    "sign_in": ("Mit Passkey anmelden", "Sign in with a passkey"),
    "sign_in_intro": (
        "Angemeldet gehören dir deine Tische auf jedem Gerät, auf dem du dich anmeldest. "
        "Kein Passwort, keine E-Mail: nur ein Passkey und ein Name.",
        "Signed in, your tables are yours on every device you sign in on. No password, "
        "no e-mail: only a passkey and a name.",
    ),
    "display_name": ("Angezeigter Name", "Display name"),
    "signed_in_as": ("Angemeldet als {name}", "Signed in as {name}"),
    "sign_out": ("Abmelden", "Sign out"),
    "passkeys": ("Deine Passkeys", "Your passkeys"),
    "passkey_line": ("Passkey {n}", "Passkey {n}"),
    "remove": ("Entfernen", "Remove"),
    "add_passkey": ("Passkey hinzufügen", "Add a passkey"),
    "delete_account": ("Konto löschen", "Delete the account"),
    "delete_question": (
        "Konto, Passkeys und die Liste deiner Tische auf dem Server löschen? "
        "Deine Plätze an den Tischen bleiben auf diesem Gerät.",
        "Delete the account, its passkeys and its list of tables on the server? "
        "Your seats stay on this device.",
    ),
    "delete_confirm": ("Ja, löschen", "Yes, delete"),
    "cancel": ("Abbrechen", "Cancel"),
    "busy": ("Einen Moment …", "One moment …"),
    "add_device": ("Gerät hinzufügen", "Add a device"),
    "device_text": (
        "Öffne diesen Link (oder scanne den Code) auf dem anderen Gerät: er legt dort "
        "einen Passkey für dein Konto an. Einmal gültig, 10 Minuten lang.",
        "Open this link (or scan the code) on the other device: it creates a passkey for "
        "your account there. It works once, for 10 minutes.",
    ),
    "device_qr": ("QR-Code des Links für das andere Gerät", "QR code of the other device's link"),
    "join_device": (
        "Dieser Link fügt dieses Gerät einem Konto hinzu: es bekommt einen eigenen Passkey.",
        "This link adds this device to an account: it gets a passkey of its own.",
    ),
    "add_this_device": ("Dieses Gerät hinzufügen", "Add this device"),
    "ratings": ("Deine Wertungen", "Your ratings"),
    "rating": ("Wertung", "Rating"),
    "matches": ("{n} Partien", "{n} matches"),
    "one_match": ("1 Partie", "1 match"),
    "matches_head": ("Partien", "Matches"),
    "chart": (
        "Verlauf der Wertung über {n} Partien, von {low} bis {high}",
        "The rating over {n} matches, from {low} to {high}",
    ),
    "leaderboard": ("Bestenliste", "Leaderboard"),
    "rules": ("Regeln", "Rules"),
    "show": ("Zeigen", "Show"),
    "who": ("Name", "Name"),
    "board_empty": ("Noch niemand hat eine Wertung.", "Nobody has a rating yet."),
    "need_name": (
        "Gib einen Namen ein, um einen Passkey anzulegen.",
        "Type a name to create a passkey.",
    ),
    "no_passkeys_here": (
        "Dieser Server bietet keine Passkeys an (er braucht einen Hostnamen).",
        "This server offers no passkeys (it needs a host name).",
    ),
}


def tr(key: str, lang: str, **values: Any) -> str:
    return lookup(_T, key, lang, **values)


@dataclass(frozen=True)
class Shown:
    """What the account panel shows."""

    known: bool = False  # the server has answered
    signed_in: bool = False
    name: str = ""
    passkeys: tuple[str, ...] = ()  # their ids
    here: bool = True  # the server offers passkeys
    busy: bool = False
    note: str = ""  # what went wrong last
    asking_delete: bool = False
    draft_name: str = field(default="")  # the name field's value
    ratings: tuple[Rated, ...] = ()  # the signed-in person's, per rule set
    board: tuple[str, tuple[Mapping[str, Any], ...]] | None = None  # (rules, rows) shown
    device_link: str = ""  # signed in: the one-time link that adds another device
    joining: bool = False  # this device came by such a link: it may add itself


@dataclass(frozen=True)
class Rated:
    """A person's rating for one rule set, and its history (oldest first)."""

    rules: str
    rating: float
    matches: int
    history: tuple[float, ...]


# ---------------------------------------------------------------- the panel


def panel(shown: Shown, lang: str, qr: Sequence[str] = ()) -> str:
    """The account's part of "My tables": the sign-in form, or who is signed in with
    their passkeys, sign-out and deletion.

    >>> html = panel(Shown(known=True, signed_in=True, name="<Bo>", passkeys=("a",)), "en")
    >>> 'data-signed-in="true"' in html and "&lt;Bo&gt;" in html and "sign-out" in html
    True
    """
    note = (
        f'<p class="settings-error" role="alert" data-testid="account-error">{esc(shown.note)}</p>'
        if shown.note
        else ""
    )
    busy = f'<p class="note" role="status">{esc(tr("busy", lang))}</p>' if shown.busy else ""
    if shown.signed_in:
        body = _signed_in(shown, lang) + _device(shown, qr, lang)
    elif shown.joining:
        body = (
            f'<p class="note">{esc(tr("join_device", lang))}</p><div class="buttons">'
            f"{_button('add-this-device', tr('add_this_device', lang), cls='primary')}</div>"
        )
    elif not shown.here:
        body = f'<p class="note">{esc(tr("no_passkeys_here", lang))}</p>'
    else:
        body = _sign_in_form(shown, lang)
    state = "true" if shown.signed_in else "false"
    known = ' data-known="true"' if shown.known else ""  # the server has said
    return (
        f'<form class="account" data-form="account" data-testid="account" '
        f'data-signed-in="{state}"{known} aria-labelledby="account-title">'
        f'<h3 id="account-title">{esc(tr("account", lang))}</h3>{body}{busy}{note}'
        f"{_leaderboard(shown, lang)}</form>"
    )


def _ratings(shown: Shown, lang: str) -> str:
    """The person's rating per rule set, each with a small chart of its history."""
    if not shown.ratings:
        return ""
    rows = "".join(
        f'<li data-rules="{esc(r.rules)}"><span>{esc(preset_name(r.rules, lang))}: '
        f"<strong>{r.rating:g}</strong> "
        f"({esc(tr('matches' if r.matches != 1 else 'one_match', lang, n=r.matches))})</span>"
        f"{rating_chart(r, lang)}</li>"
        for r in shown.ratings
    )
    return (
        '<section class="my-ratings" data-testid="my-ratings" aria-labelledby="my-ratings">'
        f'<h4 id="my-ratings">{esc(tr("ratings", lang))}</h4><ul>{rows}</ul></section>'
    )


def rating_chart(r: Rated, lang: str) -> str:
    """A rating's history as a small line chart (``<svg role="img">`` with its words).

    >>> 'role="img"' in rating_chart(Rated("classic", 2.0, 2, (1.0, 2.0)), "en")
    True
    """
    width, height, pad = 160, 40, 4
    points = r.history or (r.rating,)
    low, high = min(points), max(points)
    span = (high - low) or 1.0
    step = (width - 2 * pad) / max(1, len(points) - 1)
    xy = [
        (pad + i * step, height - pad - (p - low) / span * (height - 2 * pad))
        for i, p in enumerate(points)
    ]
    line = " ".join(f"{x:.1f},{y:.1f}" for x, y in xy)
    label = tr("chart", lang, low=f"{low:g}", high=f"{high:g}", n=len(points))
    return (
        f'<svg class="rating-chart" viewBox="0 0 {width} {height}" role="img" '
        f'aria-label="{esc(label)}"><title>{esc(label)}</title>'
        f'<polyline points="{line}" fill="none" stroke="currentColor" stroke-width="2"/>'
        f'<circle cx="{xy[-1][0]:.1f}" cy="{xy[-1][1]:.1f}" r="3" fill="currentColor"/></svg>'
    )


def _leaderboard(shown: Shown, lang: str) -> str:
    """A rule set's leaderboard: pick the rules, "Show"; the 50 best by rating."""
    chosen = shown.board[0] if shown.board else "classic"
    options = "".join(
        f'<option value="{esc(k)}"{" selected" if k == chosen else ""}>'
        f"{esc(preset_name(k, lang))}</option>"
        for k in RULE_SETS
    )
    table = ""
    if shown.board is not None:
        rows = "".join(
            f"<tr><td>{i}</td><td>{esc(str(row.get('name', '')))}</td>"
            f"<td>{esc(str(row.get('rating', '')))}</td>"
            f"<td>{esc(str(row.get('matches', '')))}</td></tr>"
            for i, row in enumerate(shown.board[1], 1)
        )
        table = (
            f'<table class="leaderboard" data-testid="leaderboard" data-rules="{esc(chosen)}">'
            f"<caption>{esc(preset_name(chosen, lang))}</caption><thead><tr>"
            f'<th scope="col">#</th><th scope="col">{esc(tr("who", lang))}</th>'
            f'<th scope="col">{esc(tr("rating", lang))}</th>'
            f'<th scope="col">{esc(tr("matches_head", lang))}</th></tr></thead>'
            f"<tbody>{rows}</tbody></table>"
            if rows
            else f'<p class="note" data-testid="leaderboard">{esc(tr("board_empty", lang))}</p>'
        )
    return (
        f'<details class="board"{" open" if shown.board else ""}>'
        f"<summary>{esc(tr('leaderboard', lang))}</summary>"
        '<p class="field"><label for="account-rules">'
        f'{esc(tr("rules", lang))}</label><select name="rules" id="account-rules" '
        f'data-key="account-rules">{options}</select> '
        f"{_button('leaderboard', tr('show', lang), cls='ghost small')}</p>{table}</details>"
    )


def _device(shown: Shown, qr: Sequence[str], lang: str) -> str:
    """The "Add a device" part: a button, then the one-time link and its QR code."""
    if not shown.device_link:
        return (
            f'<div class="buttons">{_button("add-device", tr("add_device", lang), cls="ghost")}'
            "</div>"
        )
    link = shown.device_link
    return (
        f'<p class="note">{esc(tr("device_text", lang))}</p>'
        f'<p class="invite-link"><a data-testid="device-link" href="{esc(link)}" '
        f'rel="noopener">{esc(link)}</a></p>'
        f"{qr_svg(qr, tr('device_qr', lang), 'device-qr') if qr else ''}"
    )


def _sign_in_form(shown: Shown, lang: str) -> str:
    return (
        f'<p class="note">{esc(tr("sign_in_intro", lang))}</p>'
        '<p class="field"><label for="account-name">'
        f"{esc(tr('display_name', lang))}</label>"
        f'<input type="text" name="name" id="account-name" data-key="account-name" '
        f'maxlength="{NAME_MAX}" autocomplete="nickname" value="{esc(shown.draft_name)}"></p>'
        f'<div class="buttons">{_button("sign-in", tr("sign_in", lang), cls="primary")}</div>'
    )


def _signed_in(shown: Shown, lang: str) -> str:
    keys = "".join(
        f'<li data-passkey="{esc(key)}">{esc(tr("passkey_line", lang, n=i + 1))} '
        f"{_button(f'remove-passkey-{i}', tr('remove', lang), cls='ghost small')}</li>"
        for i, key in enumerate(shown.passkeys)
    )
    if shown.asking_delete:
        question = (
            f'<p role="alert">{esc(tr("delete_question", lang))}</p><div class="buttons">'
            f"{_button('delete-account-confirm', tr('delete_confirm', lang), cls='primary')}"
            f"{_button('delete-account-cancel', tr('cancel', lang), cls='ghost')}</div>"
        )
    else:
        question = ""
    return (
        f'<p class="account-name">{esc(tr("signed_in_as", lang, name=shown.name))}</p>'
        f"{_ratings(shown, lang)}"
        f'<details class="passkeys"><summary>{esc(tr("passkeys", lang))}</summary>'
        f'<ul class="passkey-list">{keys}</ul><div class="buttons">'
        f"{_button('add-passkey', tr('add_passkey', lang), cls='ghost small')}"
        f"{_button('delete-account', tr('delete_account', lang), cls='ghost small')}"
        "</div></details>"
        f"{question}"
        f'<div class="buttons">{_button("sign-out", tr("sign_out", lang), cls="ghost")}</div>'
    )


__all__ = ["RULE_SETS", "Rated", "Shown", "panel", "rating_chart", "tr"]
