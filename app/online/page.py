"""Online play in the page: the transport (``static/net.mjs``) and the QR code library
loaded on first use, handed to a room (``app.online.room``), and the page's timer.

The page is online when its URL says so (``app.main`` asks :func:`wanted`):

- ``?online=host``: the "Play online" dialog (the game's ``[data-action=online]`` goes
  here);
- ``?host=ID``: the host's table ``ID``, taken back from this device's storage after a
  reload (the page puts it in the URL once the table is open);
- ``?join=ID``: an invitation to table ``ID`` (``?table=ID`` too: a reminder's link);
- ``?online=tables``: "My tables" (a table server's page);
- ``?watch=ID``: watch table ``ID`` (a table server's page, ``app.online.watch``);
- ``?online=open``: the open tables and "Play now" (``app.online.open_tables``).

On a page built for a table server (``app.online.server_net``) every table is the
server's: the dialog creates one through its API and the page sits down at it as a
guest, the creator at seat 0.

``?signal=`` is kept in every such URL and in the invite link (``net.mjs`` checks it).
Nothing here runs, and nothing connects, on a page without these parameters.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from app.host import Screen
from app.online.account import Account
from app.online.guest_room import GuestRoom
from app.online.host_room import HostRoom
from app.online.room import TICK_MS, Room
from app.online.server_net import ServerNet, server_of
from app.online.server_room import ServerRoom
from app.online.shell import Phase
from app.url import quote

TABLE_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")
"""A table id as it may come in a URL (``net.mjs`` checks PeerJS's own rule again)."""


def wanted(query: dict[str, str]) -> tuple[str, str] | None:
    """(role, table id) when the URL asks for online play, else None. An id that is no
    id still makes the page a guest's (the join screen then says the link is broken).

    >>> wanted({"join": "schwimmen-ab12"}), wanted({"online": "host"}), wanted({"seed": "3"})
    (('guest', 'schwimmen-ab12'), ('host', ''), None)
    >>> wanted({"host": "<x>"}), wanted({"online": "tables"}), wanted({"table": "t2"})
    (None, ('tables', ''), ('guest', 't2'))
    >>> wanted({"watch": "t3"})
    ('watch', 't3')
    """
    if "watch" in query:
        return "watch", query["watch"] if TABLE_ID.fullmatch(query["watch"]) else ""
    for key in ("join", "table"):
        if key in query:
            table = query[key]
            return "guest", table if TABLE_ID.fullmatch(table) else ""
    if "host" in query:
        table = query["host"]
        return ("host", table) if TABLE_ID.fullmatch(table) else None
    if query.get("online") in ("host", "tables", "open", "account"):
        return str(query["online"]), ""
    return None


def url_for(pathname: str, query: dict[str, str], **fields: str) -> str:
    """A URL of this page with ``fields`` and the signalling choice of ``query``.

    >>> url_for("/s/", {"signal": "ws://127.0.0.1:9/", "seed": "1"}, join="t1")
    '/s/?signal=ws%3A%2F%2F127.0.0.1%3A9%2F&join=t1'
    """
    kept = {"signal": query["signal"]} if query.get("signal") else {}
    pairs = [*kept.items(), *fields.items()]
    return pathname + ("?" + "&".join(f"{k}={quote(v)}" for k, v in pairs) if pairs else "")


class PageNet:
    """``static/net.mjs`` as an ``app.online.room.Net``: its host or join handle, with
    a connection id for each guest link."""

    def __init__(self, page: Any, role: str) -> None:
        self.page, self.js, self.role = page, page.js, role
        self.table: Room | None = None
        self.module: Any = None
        self.handle: Any = None
        self.links: dict[str, Any] = {}
        self.count = 0
        self.pending: list[Any] = []  # open() calls made before the module loaded
        self._proxies: list[Any] = []

    def loaded(self, module: Any) -> None:
        self.module = module
        for target in self.pending:
            self.open(target)
        self.pending = []

    def _proxy(self, fn: Any) -> Any:
        from pyodide.ffi import create_proxy

        proxy = create_proxy(self.page._guard(fn))
        self._proxies.append(proxy)
        return proxy

    def open(self, target: Any) -> None:
        if self.module is None:
            self.pending.append(target)
            return
        self.close()
        from pyodide.ffi import to_js

        table = self.table
        assert table is not None
        if self.role == "host":
            given = to_js(dict(target or {}), dict_converter=self.js.Object.fromEntries)
            self.handle = self.module.host(given)
            self.handle.onConnection = self._proxy(self._connection)
        else:
            self.handle = self.module.join(str(target))
            self.handle.onMessage = self._proxy(lambda text: table.net_message("host", str(text)))
        self.handle.onState = self._proxy(
            lambda state, detail=None: table.net_state(str(state), _text(detail))
        )

    def _connection(self, link: Any) -> None:
        table = self.table
        assert table is not None
        self.count += 1
        conn = f"g{self.count}"
        self.links[conn] = link

        def state(state: Any, detail: Any = None) -> None:
            if str(state) == "closed" and self.links.pop(conn, None) is not None:
                table.net_closed(conn)

        link.onMessage = self._proxy(lambda text: table.net_message(conn, str(text)))
        link.onState = self._proxy(state)

    def send(self, conn: str | None, text: str) -> None:
        target = self.handle if conn is None else self.links.get(conn)
        if target is None:
            return
        try:
            target.send(text)
        except Exception as e:  # over the size cap: never stop the page for it
            self.js.console.warn(f"Schwimmen: a message was not sent: {e}")

    def close(self) -> None:
        if self.handle is not None:
            self.handle.close()
        self.handle = None
        self.links = {}

    def identity(self) -> dict[str, str] | None:
        h = self.handle
        if self.role != "host" or h is None or _text(h.id) == "":
            return None
        return {"id": _text(h.id), "token": _text(h.token)}


def _text(value: Any) -> str:
    return "" if value is None or type(value).__name__ in ("JsNull", "JsUndefined") else str(value)


class QR:
    """QR codes from the ``qrcode-generator`` library (loaded on first use); rows of
    "0"/"1" for ``app.online.screens.qr_svg``. Empty until the library is there."""

    def __init__(self) -> None:
        self.module: Any = None
        self.cache: dict[str, Sequence[str]] = {}

    def __call__(self, text: str) -> Sequence[str]:
        if self.module is None or not text:
            return ()
        if text not in self.cache:
            code = self.module.default(0, "M")
            code.addData(text)
            code.make()
            n = int(code.getModuleCount())
            self.cache[text] = [
                "".join("1" if code.isDark(r, c) else "0" for c in range(n)) for r in range(n)
            ]
        return self.cache[text]


def start(
    page: Any,
    store: Any,
    query: dict[str, str],
    role: str,
    table_id: str,
    settings: Any,
    notices: Sequence[Any] = (),
) -> Screen:
    """Put an online table on the page (``app.main`` calls this instead of starting the
    game against bots) and load what it needs; ``notices`` (``app.storage.Notice``) are
    shown in its banner from the first screen on."""
    import asyncio

    js = page.js
    server = server_of(js)
    if server:
        return _start_server(page, store, role, table_id, settings, server)
    if role in ("tables", "watch", "open"):  # no table server in this build: the dialog
        role = "host"
    net = PageNet(page, role)
    qr = QR()
    location = js.location
    base = str(location.origin) + str(location.pathname)
    kind = HostRoom if role == "host" else GuestRoom
    table = kind(
        page,
        net,
        store,
        settings=settings,
        clock=lambda: float(js.performance.now()),
        invite_base=url_for(base, query, join="") if role == "host" else "",
        table_id=table_id,
        qr=qr,
        touch=bool(js.window.matchMedia("(pointer: coarse)").matches),
    )
    net.table = table
    page.controller = table
    table.notices = [*notices, *table.notices]
    if role == "guest" and str(location.hash or ""):  # the invite names host and rules
        table.adopt(str(location.hash))
    table.start()

    async def load() -> None:
        from pyscript import js_import

        url = js.URL.new("./static/net.mjs", js.document.baseURI).href
        (module,) = await js_import(url)
        if role == "host":
            qr_url = js.URL.new("./vendor/qrcode/qrcode.mjs", js.document.baseURI).href
            (qr.module,) = await js_import(qr_url)
            config = await module.config()
            table.servers = config.to_py()
        net.loaded(module)
        page._guard(table.refresh)()

    page.loading = asyncio.ensure_future(load())  # kept: a task nobody holds may vanish
    tick = net._proxy(table.tick)
    js.setInterval(tick, TICK_MS)
    return table


def _start_server(
    page: Any, store: Any, role: str, table_id: str, settings: Any, server: str
) -> Screen:
    """A table server's page: the room as a guest over ``static/tables.mjs``; the creator's
    dialog and "My tables" are its first screens. A seat moved here by a link (its token
    in the fragment) is taken in, and the fragment leaves the address at once."""

    js = page.js
    net = ServerNet(page)
    if role == "watch":
        return _start_watching(page, net, table_id, settings, store)
    if role == "open":
        return _start_open_tables(page, store, net, settings)
    qr = QR()
    location = js.location
    base = str(location.origin) + str(location.pathname)
    first = {"host": Phase.SETUP, "tables": Phase.TABLES, "account": Phase.TABLES}.get(
        role, Phase.JOIN
    )
    table = ServerRoom(
        page,
        net,
        store,
        settings=settings,
        clock=lambda: float(js.performance.now()),
        invite_base=url_for(base, {}, join=""),
        table_id=table_id,
        qr=qr,
        touch=bool(js.window.matchMedia("(pointer: coarse)").matches),
        server=server,
        first=first,
    )
    net.table = table
    page.controller = table
    table.account = account = _account(page, store, table, sign_in=role == "account")
    account.link_base, account.qr = base, qr
    fragment = str(location.hash or "")
    if fragment:
        account.came_by_link(_fields(fragment))
        table.adopt(fragment)
        js.history.replaceState(None, "", str(location.pathname) + str(location.search))
    table.start()

    def take_qr(module: Any) -> None:
        qr.module = module

    modules = [(QR_MODULE, take_qr), (TABLES_MODULE, net.loaded), (ACCOUNT_MODULE, account.loaded)]
    _load_then(page, table, modules)
    js.setInterval(net._proxy(table.tick), TICK_MS)
    return table


def _start_watching(
    page: Any, net: ServerNet, table_id: str, settings: Any, store: Any = None
) -> Screen:
    """A watcher's page at a table server's table (``app.online.watch``)."""

    from app.online.watch import WatchRoom

    js = page.js
    table = WatchRoom(
        page,
        net,
        settings=settings,
        clock=lambda: float(js.performance.now()),
        table_id=table_id,
        touch=bool(js.window.matchMedia("(pointer: coarse)").matches),
        store=store,
    )
    net.table = table
    page.controller = table
    table.start()
    _load_then(page, table, [(TABLES_MODULE, net.loaded)])
    js.setInterval(net._proxy(table.tick), TICK_MS)
    return table


def _start_open_tables(page: Any, store: Any, net: ServerNet, settings: Any) -> Screen:
    """The open tables and "Play now" (``app.online.open_tables``)."""

    from app.online.open_tables import OpenTablesRoom
    from app.online.records import KEY_NAME, VERSION

    js = page.js
    location = js.location
    kept, _ = store.load(KEY_NAME, VERSION)
    table = OpenTablesRoom(
        page,
        net,
        lang=settings.lang,
        base=str(location.origin) + str(location.pathname),
        name=kept if isinstance(kept, str) else "",
        go=lambda url: js.location.assign(url),
    )
    net.table = table
    page.controller = table
    table.start()
    _load_then(page, table, [(TABLES_MODULE, net.loaded)])
    return table


TABLES_MODULE = "./static/tables.mjs"  # the table server's transport
QR_MODULE = "./vendor/qrcode/qrcode.mjs"
ACCOUNT_MODULE = "./static/account.mjs"  # the browser's side of WebAuthn


def _load_then(page: Any, screen: Any, modules: Sequence[tuple[str, Any]]) -> None:
    """Import each of ``modules`` (a path beside the page, and what takes the module) in
    turn, then draw ``screen`` again; the task is kept on the page (a task nobody holds
    may vanish)."""
    import asyncio

    js = page.js

    async def load() -> None:
        from pyscript import js_import

        for path, take in modules:
            (module,) = await js_import(js.URL.new(path, js.document.baseURI).href)
            take(module)
        page._guard(screen.refresh)()

    page.loading = asyncio.ensure_future(load())


def _fields(fragment: str) -> dict[str, str]:
    from app.url import parse_query

    return parse_query("?" + fragment.lstrip("#"))


def _account(
    page: Any, store: Any, room: ServerRoom, *, sign_in: bool, bridge: Any = None
) -> Account:
    """The passkey account of a table server's page: its panel is drawn anew on "My
    tables" whenever it changes, and signing in or out lists "My tables" anew.
    ``sign_in``: the game's "Sign in" opened the page, so signing in begins at once."""

    def changed() -> None:
        if room.phase is Phase.TABLES:
            room._render()

    def session_changed() -> None:
        if room.phase is Phase.TABLES:
            room.show_tables()  # signed in: the account's tables; signed out: this device's
        else:
            account.claim_all()  # the seats held before signing in become the account's

    account = Account(page, store, changed, bridge)
    account.sign_in_at_start = sign_in
    account.session_changed = session_changed  # type: ignore[method-assign]
    return account
