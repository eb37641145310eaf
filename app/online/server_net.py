"""A table server's tables in the page: ``static/tables.mjs`` as an
``app.online.room.Net``, with the two calls of the server's API the room needs
(``create`` a table, ``my_tables``, ``remind``).

On a page built for a table server (``scripts/build.py --server``) every table is one
of the server's and every page a guest of its referee, the creator too (seat 0, with
the owner's token as its secret): ``app.online.server_room.ServerRoom`` plays it
through ``GuestSeats`` as a peer-to-peer guest's page plays a host's table. The link
reconnects by itself; the room says hello again each time it reports ``open``. Tokens
travel in request and message bodies only.
"""

from __future__ import annotations

import json
from typing import Any

SERVER_META = "schwimmen-server"  # scripts/build.py writes it into a server build's page


def server_of(js: Any) -> str:
    """The table server the build names (its origin), or "" for peer-to-peer play."""
    meta = js.document.querySelector(f'meta[name="{SERVER_META}"]')
    if meta is None or type(meta).__name__ in ("JsNull", "JsUndefined"):
        return ""
    return str(meta.content or "")


class ServerNet:
    """``static/tables.mjs`` as the room's transport: one link to one table, and the API
    calls whose answers come back as ``net_created``, ``net_tables``, ``net_failed``."""

    def __init__(self, page: Any) -> None:
        self.page, self.js = page, page.js
        self.table: Any = None  # the ServerRoom
        self.module: Any = None
        self.link: Any = None
        self.pending: list[tuple[str, tuple[Any, ...]]] = []  # calls before the module loaded
        self._proxies: list[Any] = []

    def loaded(self, module: Any) -> None:
        self.module = module
        pending, self.pending = self.pending, []
        for name, args in pending:
            getattr(self, name)(*args)

    def _proxy(self, fn: Any) -> Any:
        from pyodide.ffi import create_proxy

        proxy = create_proxy(self.page._guard(fn))
        self._proxies.append(proxy)
        return proxy

    def _later(self, name: str, *args: Any) -> bool:
        if self.module is None:
            self.pending.append((name, args))
            return True
        return False

    def open(self, target: Any) -> None:
        """Connect to table ``target`` (its id)."""
        if self._later("open", target):
            return
        self.close()
        room = self.table
        self.link = self.module.join(str(target))
        self.link.onMessage = self._proxy(lambda text: room.net_message("host", str(text)))
        self.link.onState = self._proxy(
            lambda state, detail=None: room.net_state(str(state), _text(detail))
        )

    def send(self, conn: str | None, text: str) -> None:
        if self.link is not None:
            self.link.send(text)

    def close(self) -> None:
        if self.link is not None:
            self.link.close()
        self.link = None

    def identity(self) -> dict[str, str] | None:
        return None  # the server holds the table: the page has no id of its own to keep

    def create(self, choices: dict[str, Any]) -> None:
        """``POST /api/tables``: the room hears ``net_created(table, token)``."""
        if self._later("create", choices):
            return
        from pyodide.ffi import to_js

        given = to_js(choices, dict_converter=self.js.Object.fromEntries)
        self._await(
            self.module.create(given),
            lambda made: self.table.net_created(str(made.table), str(made.token)),
        )

    def my_tables(self, seats: list[dict[str, str]]) -> None:
        """``POST /api/my-tables``: the room hears ``net_tables(rows)``."""
        if self._later("my_tables", seats):
            return
        from pyodide.ffi import to_js

        given = to_js(seats, dict_converter=self.js.Object.fromEntries)
        self._await(self.module.myTables(given), lambda rows: self.table.net_tables(rows.to_py()))

    def remind(self, table: str, token: str, lang: str, on: bool, daily: bool = False) -> None:
        """``tables.remind``: the browser's permission, then ``POST /api/tables/{id}/push``
        (``daily``: one summary a day); the room hears ``net_reminded(on, granted)``."""
        if self._later("remind", table, token, lang, on, daily):
            return
        self._await(
            self.module.remind(table, token, lang, not on, daily),
            lambda granted: self.table.net_reminded(on, bool(granted)),
        )

    def open_tables(self) -> None:
        """``GET /api/open-tables``: the page hears ``net_open_tables(rows)``."""
        if self._later("open_tables"):
            return
        self._await(self.module.openTables(), lambda rows: self.table.net_open_tables(rows.to_py()))

    def play_now(self, choices: dict[str, Any]) -> None:
        """``POST /api/play-now``: the page hears ``net_played({table, token?})``."""
        if self._later("play_now", choices):
            return
        from pyodide.ffi import to_js

        given = to_js(choices, dict_converter=self.js.Object.fromEntries)
        self._await(self.module.playNow(given), lambda got: self.table.net_played(got.to_py()))

    def replay(self, table: str, step: int) -> None:
        """``GET /api/tables/{id}/replay/{step}``: a watcher's page hears
        ``net_replayed({step, moves, state})``."""
        if self._later("replay", table, step):
            return
        self._await(  # read as JSON: its nulls become None (``to_py`` keeps ``jsnull``)
            self.module.replay(table, step),
            lambda got: self.table.net_replayed(json.loads(str(self.js.JSON.stringify(got)))),
        )

    def _await(self, promise: Any, done: Any) -> None:
        def failed(error: Any) -> None:
            self.table.net_failed(_text(getattr(error, "message", error)))

        promise.then(self._proxy(done), self._proxy(failed))


def _text(value: Any) -> str:
    return "" if value is None or type(value).__name__ in ("JsNull", "JsUndefined") else str(value)
