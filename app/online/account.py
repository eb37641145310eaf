"""Signing in to a table server with a passkey, on the server's page ("My tables").

``Account`` keeps what the server said of this browser's session (signed in or not,
the display name, the passkeys) and speaks to it through ``static/account.mjs`` (the
browser's side of WebAuthn). The room (``app.online.room.OnlineRoom``) shows
:func:`panel` on "My tables", hands it the account's controls (``press``) and, signed
in, asks it for "My tables" (the account's seats, with their tokens, from any device)
and tells it of every seat this device takes, so the account keeps it.

Contract (CONFORMANCE.md, "people who return"): ``[data-action=sign-in]`` signs in
(registering a passkey first where the browser offers none); signed in,
``[data-testid=account]`` has ``data-signed-in="true"`` and shows the display name,
and ``[data-action=sign-out]`` signs out.

>>> 'data-signed-in="false"' in panel(Account.signed_out(), "en")
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from app.escape import escape as esc
from app.i18n import lookup, preset_name
from app.online.screens import qr_svg
from app.table.parts import button as _button
from engine import PRESETS
from engine.online.protocol import NAME_MAX

KEY_SERVER = "server-seats"  # as app.online.room's: the seats this device keeps
KEY_NAME = "online-name"  # as app.online.room's: the name last given
KEEP_SEATS = 50  # as app.online.room.KEEP_SERVER_TABLES
VERSION = 1
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


class Account:
    """This browser's session at the table server (see the module text)."""

    def __init__(
        self, page: Any, store: Any, changed: Callable[[], None], bridge: Any = None
    ) -> None:
        self.page, self.store, self.changed = page, store, changed
        self.bridge = bridge or PyodideBridge(page)  # tests: values and calls as they are
        self.module: Any = None
        self.pending: list[tuple[str, tuple[Any, ...]]] = []
        stored, _notice = store.load(KEY_NAME, VERSION)
        self.shown = Shown(draft_name=stored if isinstance(stored, str) else "")
        self.sign_in_at_start = False  # the game's "Sign in" opened this page
        self.link_base = ""  # this page's address: a device link is link_base + its fragment
        self.qr: Callable[[str], Sequence[str]] = lambda _text: ()
        self.device_token = ""  # a device link's token, from this page's fragment

    @staticmethod
    def signed_out() -> Shown:
        return Shown(known=True)

    # ------------------------------------------------------------ the module

    def loaded(self, module: Any) -> None:
        self.module = module
        self._ask_state(then_sign_in=self.sign_in_at_start)
        pending, self.pending = self.pending, []
        for name, args in pending:
            getattr(self, name)(*args)

    def _later(self, name: str, *args: Any) -> bool:
        if self.module is None:
            self.pending.append((name, args))
            return True
        return False

    def _await(self, promise: Any, done: Callable[[Any], None]) -> None:
        def failed(error: Any) -> None:
            message = getattr(error, "message", None) or str(error)
            self._set(busy=False, note=str(message)[:200])

        promise.then(self.bridge.proxy(done), self.bridge.proxy(failed))

    def _set(self, **changes: Any) -> None:
        """Change what the panel shows; the screen is drawn anew only when the panel
        changes (drawing wipes a name being typed into its field)."""
        before = panel(self.shown, "en")
        self.shown = replace(self.shown, **changes)
        if panel(self.shown, "en") != before:
            self.changed()

    def _ask_state(self, then_sign_in: bool = False) -> None:
        def said(state: Any) -> None:
            got = self.bridge.to_py(state)
            was = self.shown.signed_in
            self._take_state(got)
            if self.shown.signed_in != was:
                self.session_changed()
            if self.shown.signed_in:
                self._ask_ratings()
            if then_sign_in and not self.shown.signed_in and self.shown.here:
                self.sign_in(self.shown.draft_name)

        self._await(self.module.state(), said)

    def _ask_ratings(self) -> None:
        def said(found: Any) -> None:
            got = self.bridge.to_py(found)
            self._set(ratings=rated(got if isinstance(got, dict) else {}))

        self._await(self.module.ratings(), said)

    def _take_state(self, got: Mapping[str, Any]) -> None:
        keys = tuple(str(k.get("id")) for k in got.get("passkeys") or () if isinstance(k, dict))
        self._set(
            known=True,
            signed_in=got.get("signed_in") is True,
            name=str(got.get("name") or ""),
            passkeys=keys,
            here=got.get("passkeys_here") is not False,
            busy=False,
            asking_delete=False,
        )

    # ------------------------------------------------------------ intents

    def press(self, name: str, form: Mapping[str, Any] | None) -> bool:
        """An account control; False for any other name."""
        if name == "sign-in":
            typed = str((form or {}).get("name", "")).strip()
            self.sign_in(typed or self.shown.draft_name)
        elif name == "sign-out" and self.module is not None:
            self._set(busy=True, note="")
            self._await(self.module.signOut(), lambda _: self._ask_state())
        elif name == "add-passkey" and self.module is not None:
            self._set(busy=True, note="")
            self._await(self.module.register(self.shown.name), lambda _: self._ask_state())
        elif name.startswith("remove-passkey-") and self.module is not None:
            index = name.removeprefix("remove-passkey-")
            keys = self.shown.passkeys
            if index.isdigit() and int(index) < len(keys):
                self._set(busy=True, note="")
                self._await(
                    self.module.removePasskey(keys[int(index)]), lambda _: self._ask_state()
                )
        elif name == "add-device" and self.module is not None:
            self._set(busy=True, note="")
            self._await(self.module.deviceLink(), self._linked)
        elif name == "add-this-device" and self.module is not None and self.device_token:
            token, self.device_token = self.device_token, ""  # one use, whatever comes of it
            self._set(busy=True, note="", joining=False)
            self._await(self.module.registerDevice(token), lambda _: self._ask_state())
        elif name == "leaderboard" and self.module is not None:
            self.leaderboard(str((form or {}).get("rules", "classic")))
        elif name == "delete-account":
            self._set(asking_delete=True)
        elif name == "delete-account-cancel":
            self._set(asking_delete=False)
        elif name == "delete-account-confirm" and self.module is not None:
            self._set(busy=True, note="", asking_delete=False)
            self._await(self.module.remove(), lambda _: self._ask_state())
        else:
            return False
        return True

    def sign_in(self, name: str) -> None:
        """Sign in with a passkey the browser offers, or register one for ``name``."""
        if self._later("sign_in", name):
            return
        self._set(busy=True, note="", draft_name=name)

        self._await(self.module.signIn(name or None), lambda _: self._ask_state())

    def _linked(self, made: Any) -> None:
        got = self.bridge.to_py(made)
        token = str(got.get("token", "")) if isinstance(got, dict) else ""
        self._set(busy=False, device_link=f"{self.link_base}?online=tables#device={token}")

    def came_by_link(self, fragment: Mapping[str, str]) -> None:
        """This page was opened by a device link (``#device=TOKEN``): offer to add it."""
        token = fragment.get("device", "")
        if len(token) == 32 and all(c in "0123456789abcdef" for c in token):
            self.device_token = token
            self.shown = replace(self.shown, joining=True)

    def leaderboard(self, rules: str) -> None:
        """The leaderboard of ``rules`` (``GET /api/ratings/{rules}``), shown on the panel."""
        rules = rules if rules in RULE_SETS else "classic"

        def said(rows: Any) -> None:
            got = self.bridge.to_py(rows)
            listed = tuple(r for r in got if isinstance(r, dict)) if isinstance(got, list) else ()
            self._set(board=(rules, listed))

        self._await(self.module.leaderboard(rules), said)

    def table_ratings(self, table: str, ui: Any, redraw: Callable[[], None]) -> None:
        """The ratings of the signed-in people at ``table`` into ``ui.look.ratings`` (the
        table's ``[data-testid=rating]``), then ``redraw``."""
        if self._later("table_ratings", table, ui, redraw):
            return

        def said(seats: Any) -> None:
            got = self.bridge.to_py(seats)
            found = got if isinstance(got, dict) else {}
            ui.look.ratings = {
                int(seat): float(value)
                for seat, value in found.items()
                if str(seat).isdigit() and isinstance(value, (int, float))
            }
            redraw()

        self._await(self.module.tableRatings(table), said)

    def panel(self, lang: str) -> str:
        link = self.shown.device_link
        return panel(self.shown, lang, self.qr(link) if link else ())

    def session_changed(self) -> None:
        """Signed in or out: "My tables" is listed anew (set by the page)."""

    # ------------------------------------------------------------ seats

    def tables(self, held: Sequence[Mapping[str, str]], answer: Callable[[Any], None]) -> None:
        """The account's seats (this device's ``held`` added to them): kept on this
        device with their tokens, then handed to ``answer`` as "My tables"' rows."""
        if self._later("tables", held, answer):
            return
        given = self.bridge.to_js([dict(h) for h in held])

        def listed(rows: Any) -> None:
            found = self.bridge.to_py(rows)
            adopt(self.store, found, self.shown.name)
            answer(found)

        self._await(self.module.tables(given), listed)

    def claim(self, table: str, token: str) -> None:
        """A seat taken on this device becomes the account's at once (signed in)."""
        if self.shown.signed_in:
            self.tables([{"table": table, "token": token}], lambda _rows: None)

    def claim_all(self) -> None:
        """Every seat this device keeps becomes the account's (signed in)."""
        seats, _notice = self.store.load(KEY_SERVER, VERSION)
        held = [
            {"table": str(t), "token": s["secret"]}
            for t, s in (seats.items() if isinstance(seats, dict) else ())
            if isinstance(s, dict) and isinstance(s.get("secret"), str)
        ]
        if self.shown.signed_in:
            self.tables(held[-KEEP_SEATS:], lambda _rows: None)


class PyodideBridge:
    """Python values and callbacks for ``account.mjs``, and its answers as Python."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self._proxies: list[Any] = []  # kept: a proxy dropped is a callback gone

    def proxy(self, fn: Callable[[Any], None]) -> Any:
        from pyodide.ffi import create_proxy

        self._proxies.append(create_proxy(self.page._guard(fn)))
        return self._proxies[-1]

    def to_js(self, value: Any) -> Any:
        from pyodide.ffi import to_js

        return to_js(value, dict_converter=self.page.js.Object.fromEntries)

    def to_py(self, value: Any) -> Any:
        return value.to_py() if hasattr(value, "to_py") else value


def rated(found: Mapping[str, Any]) -> tuple[Rated, ...]:
    """The answer of ``GET /api/account/ratings`` as values (anything odd left out).

    >>> rated({"classic": {"rating": 3.5, "matches": 2, "history": [{"rating": 1.0}]}})
    (Rated(rules='classic', rating=3.5, matches=2, history=(1.0,)),)
    """
    out = []
    for rules, row in sorted(found.items()):
        if not isinstance(row, dict) or not isinstance(row.get("rating"), (int, float)):
            continue
        said = row.get("history")
        points = said if isinstance(said, list) else []
        history = tuple(
            float(p["rating"])
            for p in points
            if isinstance(p, dict) and isinstance(p.get("rating"), (int, float))
        )
        matches = row.get("matches")
        played = matches if isinstance(matches, int) else 0
        out.append(Rated(str(rules), float(row["rating"]), played, history))
    return tuple(out)


def adopt(store: Any, rows: Sequence[Any], name: str) -> None:
    """Keep the account's seats (``rows`` with a ``token``) among this device's, so a
    table of "My tables" opens on the seat; the newest ``KEEP_SEATS`` stay."""
    seats, _notice = store.load(KEY_SERVER, VERSION)
    seats = dict(seats) if isinstance(seats, dict) else {}
    for row in reversed([r for r in rows if isinstance(r, dict)]):
        table, token = str(row.get("table", "")), row.get("token")
        if not isinstance(token, str) or table in seats:
            continue
        seat = row.get("seat")
        names = row.get("names") or ()
        here = names[seat] if isinstance(seat, int) and seat < len(names) else ""
        seats[table] = {"name": str(here or name or "?"), "secret": token}
    while len(seats) > KEEP_SEATS:
        seats.pop(next(iter(seats)))
    store.save(KEY_SERVER, seats, VERSION)


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


__all__ = ["Account", "Shown", "adopt", "panel"]
