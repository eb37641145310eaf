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
from app.i18n import lookup
from app.table.parts import button as _button
from engine.online.protocol import NAME_MAX

KEY_SERVER = "server-seats"  # as app.online.room's: the seats this device keeps
KEY_NAME = "online-name"  # as app.online.room's: the name last given
KEEP_SEATS = 50  # as app.online.room.KEEP_SERVER_TABLES
VERSION = 1

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
        self.shown = replace(self.shown, **changes)
        self.changed()

    def _ask_state(self, then_sign_in: bool = False) -> None:
        def said(state: Any) -> None:
            got = self.bridge.to_py(state)
            was = self.shown.signed_in
            self._take_state(got)
            if self.shown.signed_in != was:
                self.session_changed()
            if then_sign_in and not self.shown.signed_in and self.shown.here:
                self.sign_in(self.shown.draft_name)

        self._await(self.module.state(), said)

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
            self.sign_in(str((form or {}).get("name", "")).strip())
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

    def panel(self, lang: str) -> str:
        return panel(self.shown, lang)

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


def panel(shown: Shown, lang: str) -> str:
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
        body = _signed_in(shown, lang)
    elif not shown.here:
        body = f'<p class="note">{esc(tr("no_passkeys_here", lang))}</p>'
    else:
        body = _sign_in_form(shown, lang)
    state = "true" if shown.signed_in else "false"
    return (
        f'<form class="account" data-form="account" data-testid="account" '
        f'data-signed-in="{state}" aria-labelledby="account-title">'
        f'<h3 id="account-title">{esc(tr("account", lang))}</h3>{body}{busy}{note}</form>'
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
        f'<details class="passkeys"><summary>{esc(tr("passkeys", lang))}</summary>'
        f'<ul class="passkey-list">{keys}</ul><div class="buttons">'
        f"{_button('add-passkey', tr('add_passkey', lang), cls='ghost small')}"
        f"{_button('delete-account', tr('delete_account', lang), cls='ghost small')}"
        "</div></details>"
        f"{question}"
        f'<div class="buttons">{_button("sign-out", tr("sign_out", lang), cls="ghost")}</div>'
    )


__all__ = ["Account", "Shown", "adopt", "panel"]
