"""A passkey account on a table server's page (``app.online.account`` in the room): the
browser's side (``static/account.mjs``) is a fake that answers at once, as the server
would; the ceremonies themselves are tested on the server (tests/server/test_accounts.py)
and in Chromium (tests/e2e/test_passkeys.py)."""

from __future__ import annotations

from typing import Any

from app.online.account import KEY_SERVER, Shown, adopt, panel
from app.online.page import _account
from app.online.room import Phase
from app.storage import MemoryBackend, Store
from tests.online.fake_net import Clock
from tests.online.test_server_room import FakeServer, room

MINE = "0123456789abcdef0123456789abcdef"
THEIRS = "fedcba9876543210fedcba9876543210"


class Done:
    """A promise already kept (or broken)."""

    def __init__(self, value: Any = None, error: Exception | None = None) -> None:
        self.value, self.error = value, error

    def then(self, ok, failed) -> None:
        if self.error is not None:
            failed(self.error)
        else:
            ok(self.value)


class Bridge:
    def proxy(self, fn):
        return fn

    def to_js(self, value):
        return value

    def to_py(self, value):
        return value


class FakeModule:
    """``account.mjs`` with a server that knows one account and one more table."""

    def __init__(self) -> None:
        self.signed_in = False
        self.claimed: list[list[dict[str, str]]] = []

    def state(self) -> Done:
        if not self.signed_in:
            return Done({"signed_in": False, "passkeys_here": True})
        return Done({"signed_in": True, "name": "Hana", "passkeys": [{"id": "k1"}]})

    def signIn(self, name) -> Done:
        self.signed_in = True
        return Done({"signed_in": True, "name": "Hana"})

    def signOut(self) -> Done:
        self.signed_in = False
        return Done(True)

    def ratings(self) -> Done:
        history = [{"rating": 0.5, "at": 1}, {"rating": 2.5, "at": 2}]
        return Done({"classic": {"rating": 2.5, "matches": 2, "history": history}})

    def leaderboard(self, rules) -> Done:
        return Done(
            [{"name": "<Bo>", "rating": 4.0, "matches": 3}, {"name": "Hana", "rating": 2.5}]
        )

    def tableRatings(self, table) -> Done:
        return Done({"0": 2.5, "x": 9, "1": "odd"})

    def deviceLink(self) -> Done:
        return Done({"token": "ab" * 16, "expires_ms": 600_000})

    def registerDevice(self, token) -> Done:
        self.signed_in = True
        self.device = token
        return Done({"signed_in": True, "name": "Hana"})

    def tables(self, seats) -> Done:
        self.claimed.append(list(seats))
        rows = [{"table": "t0", "seat": 0, "token": MINE, "started": False, "names": ["Hana"]}]
        rows.append(
            {"table": "t9", "seat": 1, "token": THEIRS, "started": True, "names": ["Bo", "Hana"]}
        )
        return Done(rows)


def test_signing_in_lists_the_accounts_tables_and_keeps_their_seats():
    store = Store(MemoryBackend())
    store.save(KEY_SERVER, {"t0": {"name": "Hana", "secret": MINE}}, 1)
    server = FakeServer(Clock())
    r, page, net = room(server, Phase.TABLES, store=store)
    module = FakeModule()
    r.account = _account(page, store, r, sign_in=False, bridge=Bridge())
    r.start()
    r.account.loaded(module)
    server.run()
    assert net.asked and module.claimed == []  # signed out: this device's seats, as before
    assert 'data-signed-in="false"' in page.markup

    r.press("sign-in", {"name": "Hana"})
    assert module.claimed == [[{"table": "t0", "token": MINE}]]  # the seats held before
    assert 'data-signed-in="true"' in page.markup and "Signed in as Hana" in page.markup
    assert {row["table"] for row in r.listing or ()} == {"t0", "t9"}
    kept, _ = store.load(KEY_SERVER, 1)
    assert kept["t9"] == {"name": "Hana", "secret": THEIRS}  # the other device's seat
    seen: list[int] = []  # what the server had claimed when the seat's ratings were asked
    r.account.claim("t5", "c" * 32, then=lambda: seen.append(len(module.claimed)))
    assert seen == [2]  # after the claim: asked at once, a new seat's rating was missed

    assert 'data-testid="my-ratings"' in page.markup and 'class="rating-chart"' in page.markup

    r.press("leaderboard", {"rules": "pub"})
    assert 'data-testid="leaderboard" data-rules="pub"' in page.markup
    assert "&lt;Bo&gt;" in page.markup  # a name from the server, escaped

    got: list[dict[int, float]] = []
    r.account.table_ratings("t0", got.append)
    assert got == [{0: 2.5}]  # what is no seat's number is left out

    r.account.link_base = "https://t.example/"
    r.press("add-device")
    assert 'href="https://t.example/?online=tables#device=' + "ab" * 16 in page.markup

    r.press("sign-out")
    assert 'data-signed-in="false"' in page.markup


def _came_by_device_link():
    """A room whose page was opened by an "add a device" link, not signed in; the
    passkey module not loaded yet."""
    store = Store(MemoryBackend())
    r, page, _net = room(FakeServer(Clock()), Phase.TABLES, store=store)
    r.account = _account(page, store, r, sign_in=False, bridge=Bridge())
    r.account.came_by_link({"device": "cd" * 16})
    r.start()
    return r, page, FakeModule()


def test_a_device_link_offers_to_add_this_device_once():
    r, page, module = _came_by_device_link()
    r.account.loaded(module)
    assert 'data-action="add-this-device"' in page.markup
    r.press("add-this-device")
    assert module.device == "cd" * 16 and 'data-signed-in="true"' in page.markup
    assert r.account.device_token == ""
    r.account.came_by_link({"device": "no token"})
    assert r.account.device_token == ""


def test_a_tap_on_add_this_device_before_the_module_is_here_is_not_lost():
    """The button shows from the link at once; ``account.mjs`` may come later (a loaded
    machine lost the tap, and the device never joined)."""
    r, page, module = _came_by_device_link()
    assert 'data-action="add-this-device"' in page.markup
    r.press("add-this-device")
    r.account.loaded(module)
    assert module.device == "cd" * 16 and 'data-signed-in="true"' in page.markup


def test_adopt_keeps_what_this_device_had_and_at_most_fifty():
    store = Store(MemoryBackend())
    store.save(KEY_SERVER, {"t0": {"name": "Me", "secret": MINE}}, 1)
    rows = [{"table": f"x{i}", "seat": 0, "token": THEIRS, "names": ["Hana"]} for i in range(60)]
    adopt(store, [{"table": "t0", "token": THEIRS}, *rows], "Hana")
    kept, _ = store.load(KEY_SERVER, 1)
    assert len(kept) == 50 and "x0" in kept  # the newest (first listed) stay
    assert "t0" not in kept or kept["t0"]["secret"] == MINE


def test_a_rating_shows_beside_a_signed_in_name_at_the_table():
    from app.table import view
    from tests.app.test_view import obs, ui

    html = view.render(obs(), ui(ratings={1: 12.5}))
    assert html.count('data-testid="rating"') == 1 and 'data-rating="12.5"' in html


def test_the_panel_escapes_the_name_and_offers_no_passkeys_on_an_ip_address():
    html = panel(Shown(known=True, signed_in=True, name="<b>", passkeys=("a", "b")), "en")
    assert "&lt;b&gt;" in html and "remove-passkey-1" in html
    assert "sign-in" not in panel(Shown(known=True, here=False), "en")
