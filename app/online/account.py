"""Signing in to a table server with a passkey, on the server's page ("My tables").

``Account`` keeps what the server said of this browser's session (signed in or not,
the display name, the passkeys) and speaks to it through ``static/account.mjs`` (the
browser's side of WebAuthn). The table server's room (``app.online.server_room.ServerRoom``) shows
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
from dataclasses import replace
from typing import Any

from app.online.account_screens import RULE_SETS, Rated, Shown, panel
from app.online.records import KEEP_SERVER_TABLES as KEEP_SEATS
from app.online.records import KEY_NAME, KEY_SERVER, VERSION


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
        elif name == "add-this-device" and self.device_token:
            self.add_this_device()
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

    def add_this_device(self) -> None:
        """This device joins the account by its one-time link: at once, or as soon as
        ``account.mjs`` is here (a tap while it loads is not lost)."""
        if self._later("add_this_device") or not self.device_token:
            return
        token, self.device_token = self.device_token, ""  # one use, whatever comes of it
        self._set(busy=True, note="", joining=False)
        self._await(self.module.registerDevice(token), lambda _: self._ask_state())

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

    def table_ratings(self, table: str, answer: Callable[[dict[int, float]], None]) -> None:
        """The ratings of the signed-in people at ``table`` by their real seats (the
        table's ``[data-testid=rating]``), to ``answer``."""
        if self._later("table_ratings", table, answer):
            return

        def said(seats: Any) -> None:
            got = self.bridge.to_py(seats)
            found = got if isinstance(got, dict) else {}
            answer(
                {
                    int(seat): float(value)
                    for seat, value in found.items()
                    if str(seat).isdigit() and isinstance(value, (int, float))
                }
            )

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

    def claim(self, table: str, token: str, then: Callable[[], None] = lambda: None) -> None:
        """A seat taken on this device becomes the account's at once (signed in); then
        ``then`` (once the server has it, so what follows sees the seat as the account's)."""
        if self.shown.signed_in:
            self.tables([{"table": table, "token": token}], lambda _rows: then())
        else:
            then()

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


__all__ = ["Account", "Shown", "adopt", "panel"]
