"""The Starlette application: the table API, one WebSocket per page, and the site.

- ``GET /api/health``: ``{"ok": true, "database": ...}`` once the database takes a write
  (else 503 and what is wrong);
- ``POST /api/tables`` ``{name, players, preset, rules, move_time, on_timeout,
  bot_level, open?}``: a new table, ``{table, seat, token}`` (the creator's seat and
  token); ``open``: listed under "Open tables" (``server.open_tables``);
- ``GET /api/open-tables``: the listed tables with a free seat; ``POST /api/play-now``
  ``{name, preset, move_time, players?}``: the oldest that fits, or a new listed one;
- ``GET /api/tables/{id}``: what an invitation shows (choices, names, open seats);
- ``POST /api/my-tables`` ``{seats: [{table, token}]}``: each seat held, whose turn, time left;
- ``GET /api/tables/{id}/replay/{step}``: the table's finished match as a watcher sees it
  after ``step`` moves (``replay.public_step``);
- ``GET /api/push/key``: the VAPID public key to subscribe with;
- ``POST /api/tables/{id}/push`` ``{token, subscription, lang, daily?}``: reminders for
  that seat (``daily: true``: one summary a day instead; ``{token, off: true}``: no more);
- ``WS /api/tables/{id}/ws``: the guest/host protocol of ``engine.online.protocol``;
- ``/``: the built site (``scripts/build.py --server``), when one is given.

Limits: request bodies of at most ``MAX_BODY`` bytes (413 past that), sent within
``BODY_S`` (408 past that); a POST's body is ``application/json`` (415 otherwise: a form
or ``text/plain`` from another site's page would need no preflight); WebSocket
messages of at most ``MAX_FRAME`` bytes (uvicorn closes the socket past that; the
referee refuses anything over 1024 characters with ``too-large``); a token bucket per
client address for the POSTs, one per connection for its messages; at most
``PER_ADDRESS`` WebSockets per client address, each closed if it has not said hello
``HELLO_S`` after it opened. A client address is the forwarded one behind
``--proxy-headers``, and an IPv6 address counts by its /64 (one household's or one
machine's prefix). Cross-origin requests and WebSockets are taken only from the allowed
origins (the site's own, and ``--origin``); a token travels only in a body or a
message, never in a URL.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import logging
import os
import re
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy.exc import DBAPIError
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.cors import CORSMiddleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from engine import InvalidInputError, Rules, safe_json
from engine.online import protocol
from engine.online.protocol import ProtocolError, Reason, Rejected
from engine.online.referee import Buckets, SeatKind, TableConfig, Timing
from server import accounts, db, open_tables, ratings, replay
from server.connections import address_key
from server.hub import Conn, Entry, Hub
from server.news import News
from server.push import PER_SEAT, Push
from server.store import Store
from server.tables import BROKEN, BROKEN_TEXT, CONN_TIMING, BrokenTable, Tables, token_hash

log = logging.getLogger("schwimmen.server")

MAX_BODY = 16 * 1024
MAX_FRAME = 64 * 1024
MAX_MY_TABLES = 50
TABLE_ID = re.compile(r"[a-z0-9]{16}")
TOKEN = re.compile(r"[0-9a-f]{32}")
HEALTH_PROBE_S = 5.0  # /api/health writes to the database at most this often ...
HEALTH_MEMORY_S = 60.0  # ... and reports a failed write for this long
HTTP_BURST, HTTP_RATE = 30, 2.0  # POSTs per client address: at once, then per second
HTTP_BUCKETS = 10_000  # client addresses whose POST buckets are kept (least recent go)
PER_ADDRESS = 32  # WebSockets open at once per client address
HELLO_S = 10.0  # a WebSocket says hello within this after it opened, or it is closed
BODY_S = 10.0  # a request's body arrives whole within this, or 408


def wall_clock() -> float:
    return time.time() * 1000


@dataclass
class Settings:
    """How the server runs; ``clock`` gives milliseconds since 1970 (tests set it)."""

    database: str = "sqlite:///tables.db"
    site: Path | None = None
    origins: tuple[str, ...] = ()  # other origins whose pages may use this server
    push_endpoints: tuple[str, ...] = ()  # extra push endpoints allowed (tests)
    push_subject: str = "mailto:tables@localhost"
    clock: Callable[[], float] = wall_clock
    process: str = field(default_factory=lambda: os.urandom(6).hex())
    scheduler: bool = True  # run the deadlines (tests drive them by hand)
    due_poll_s: float = 1.0
    http_rate: float = HTTP_RATE  # POSTs per second per client address (after a burst)
    per_address: int = PER_ADDRESS  # WebSockets per client address
    hello_s: float = HELLO_S
    body_s: float = BODY_S
    public_url: str = ""  # the origin pages reach this server at: passkeys' relying party


class Server:
    """Everything a running server holds (the application's ``state.server``)."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.store = Store(db.make_engine(settings.database), settings.process)
        self.hub = Hub(settings.clock)
        self.push = Push(
            self.store,
            subject=settings.push_subject,
            extra_endpoints=settings.push_endpoints,
            clock=settings.clock,
        )
        self.tables = Tables(
            self.store,
            self.hub,
            clock=settings.clock,
            on_turn=self.push.turn,
            on_remind=self.push.remind,
        )
        self.push.waiting = self.waiting
        self.accounts = accounts.Accounts(
            self.store, self.tables, settings.public_url, settings.clock
        )
        self.tables.on_match_over = lambda conn, table, match_no, ref: ratings.match_over(
            conn, table, match_no, ref, int(settings.clock())
        )
        self.news = News(self.store, self.tables, self.hub, settings.database)
        self.tables.announce_presence = self.news.presence
        rate = settings.http_rate
        self.http_timing = Timing(burst=max(HTTP_BURST, int(rate)), rate=rate)
        self.http_buckets = Buckets(self.http_timing, most=HTTP_BUCKETS)
        self.sockets: Counter[str] = Counter()  # open WebSockets per client address
        self._db_failed: tuple[float, str] | None = None  # (when, what) a write failed
        self._probed_at = -HEALTH_PROBE_S
        self._tasks: list[asyncio.Task[Any]] = []

    async def start(self) -> None:
        await db.migrate(self.settings.database)
        await self.push.load_key()
        await self.news.start()
        if self.settings.scheduler:
            await self.start_deadlines()

    async def start_deadlines(self) -> None:
        """Run the deadlines from now on (at start: also those due while it was down)."""
        self._tasks.append(asyncio.create_task(self._deadlines()))

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        await self.news.stop()
        await self.push.close()
        await self.store.close()

    async def _deadlines(self) -> None:
        """Take the deadlines that fall due, at start (those that fell due while the
        server was down) and then about every ``due_poll_s``."""
        while True:
            try:
                while await self.tables.run_due():
                    pass
                await self.tables.end_stale_lobbies()
                await self.push.daily_summary()
            except Exception:
                log.exception("deadlines")
            await asyncio.sleep(self.settings.due_poll_s)

    async def waiting(self, table_id: str, seat: int) -> bool:
        """Whether ``seat`` of the table is to decide now (for the daily summaries)."""
        try:
            entry = await self.tables.current(table_id, keep=False)
        except BrokenTable:
            return False
        m = None if entry is None or entry.ref.ended is not None else entry.ref.match
        return m is not None and m.current_player() == seat

    async def database_problem(self) -> str | None:
        """What keeps the database from taking writes now, or None: a write failed in
        the last ``HEALTH_MEMORY_S``, or the probe (a write of one setting, at most
        every ``HEALTH_PROBE_S``) fails."""
        now = time.monotonic()
        if self._db_failed is not None and now - self._db_failed[0] < HEALTH_MEMORY_S:
            return self._db_failed[1]
        if now - self._probed_at >= HEALTH_PROBE_S:
            self._probed_at = now
            try:
                async with self.store.begin() as conn:
                    await self.store.probe(conn, int(self.settings.clock()))
            except Exception as e:
                self.database_failed(e)
                return self._db_failed[1] if self._db_failed else None
        return None

    def database_failed(self, error: Exception) -> None:
        why = getattr(error, "orig", None) or error
        self._db_failed = (time.monotonic(), f"the database cannot be written: {why}"[:300])

    def http_allowed(self, request: Request) -> bool:
        """A token of the client address's POST bucket (the referee's kind of bucket);
        the buckets of the addresses heard from least recently go first."""
        return self.http_buckets.allow(client_key(request), time.monotonic() * 1000)


def client_key(request: Request | WebSocket) -> str:
    """Whom the per-address limits count: the client's address (the forwarded one
    behind ``--proxy-headers``: uvicorn puts it in the scope), by ``address_key``."""
    return address_key(request.client[0] if request.client else "?")


# ---------------------------------------------------------------- HTTP


def _server(request: Request | WebSocket) -> Server:
    server: Server = request.app.state.server  # set by create_app; Starlette's state is untyped
    return server


def _error(status: int, text: str) -> JSONResponse:
    return JSONResponse({"error": text}, status_code=status)


class NotJson(ValueError):
    """A POST whose body is not declared ``application/json`` (415)."""


async def _body(request: Request) -> Any:
    """The request's JSON body: declared as JSON, and text throughout (a lone
    surrogate escaped in a string is no text)."""
    media = request.headers.get("content-type", "").split(";", 1)[0].strip().lower()
    if media != "application/json":
        raise NotJson("the body must be application/json")
    raw = await request.body()
    try:
        body = safe_json.loads(raw.decode("utf-8"), max_chars=MAX_BODY, max_depth=6)
        json.dumps(body, ensure_ascii=False).encode("utf-8")
    except (UnicodeError, InvalidInputError) as e:
        raise ValueError(f"not a JSON body: {e}") from None
    return body


def _refused(e: Exception) -> JSONResponse:
    """The answer to a body refused by ``_body`` or by the checks after it."""
    return _error(415 if isinstance(e, NotJson) else 400, str(e)[:300])


async def health(request: Request) -> Response:
    """``ok`` when the database takes a write now (probed at most every few seconds)
    and none failed lately; else 503 and what is wrong (a full disk, say)."""
    server = _server(request)
    problem = await server.database_problem()
    name = server.store.engine.dialect.name
    if problem is not None:
        return JSONResponse({"ok": False, "database": name, "error": problem}, status_code=503)
    return JSONResponse({"ok": True, "database": name})


async def database_failed(request: Request, error: Exception) -> Response:
    """A database error while answering (a full disk, a lost connection): said as JSON,
    503, and remembered for ``/api/health``."""
    log.error("database: %s", error)
    _server(request).database_failed(error)
    return _error(503, "the database cannot take this now; try again later")


async def create_table(request: Request) -> Response:
    server = _server(request)
    if not server.http_allowed(request):
        return _error(429, "too many requests")
    try:
        body = await _body(request)
        config, name = _table_choices(body)
        listed = body.get("open", False)
        if not isinstance(listed, bool):
            raise ValueError("open: true or false")
    except (ValueError, KeyError, TypeError) as e:
        return _refused(e)
    try:
        if listed:
            made = await open_tables.create(server.tables, config, name, client_key(request))
        else:
            made = await server.tables.create(config, name)
    except open_tables.TooMany as e:
        return _error(429, str(e))
    return JSONResponse({"table": made[0], "seat": 0, "token": made[1]}, status_code=201)


async def open_list(request: Request) -> Response:
    """The open tables (``server.open_tables``)."""
    return JSONResponse({"tables": await open_tables.listing(_server(request).tables)})


async def play_now(request: Request) -> Response:
    """The oldest open table of a game and time per move with a free seat, or a new one."""
    server = _server(request)
    if not server.http_allowed(request):
        return _error(429, "too many requests")
    try:
        body = await _body(request)
        if not isinstance(body, dict) or set(body) - {"name", "preset", "move_time", "players"}:
            raise ValueError("{name, preset, move_time, players?}")
        name = protocol.clean_name(body.get("name"))
        config = open_tables.play_now_config(body)
    except (ValueError, KeyError, TypeError) as e:
        return _refused(e)
    found = await open_tables.listing(
        server.tables,
        preset_name=config.preset,
        move_time=config.move_time,
        limit=open_tables.PLAY_NOW_LOOK,
    )
    if found:
        return JSONResponse({"table": found[0]["table"]})
    try:
        table_id, token = await open_tables.create(server.tables, config, name, client_key(request))
    except open_tables.TooMany as e:
        return _error(429, str(e))
    return JSONResponse({"table": table_id, "seat": 0, "token": token}, status_code=201)


def _table_choices(body: Any) -> tuple[TableConfig, str]:
    if not isinstance(body, dict):
        raise ValueError("a table's choices are a JSON object")
    known = {"name", "players", "preset", "rules", "move_time", "on_timeout", "bot_level", "open"}
    unknown = set(body) - known
    if unknown:
        raise ValueError(f"unknown fields {sorted(unknown)}")
    name = protocol.clean_name(body.get("name"))  # ProtocolError is a ValueError
    rules = Rules.from_dict(body.get("rules"))
    config = TableConfig(
        rules,
        players=body.get("players", 4),
        preset=body.get("preset", "custom"),
        move_time=body.get("move_time", 0),
        on_timeout=body.get("on_timeout", "bot"),
        bot_level=body.get("bot_level", "medium"),
    )
    return config, name


def _summary(entry: Any, seat: int | None = None, now: float = 0) -> dict[str, Any]:
    ref = entry.ref
    m = ref.match
    turn = None if m is None or ref.ended else m.current_player()
    left = ref.time_left(now) if ref.deadline is not None and not ref.ended else None
    out: dict[str, Any] = {
        "players": ref.config.players,
        "preset": ref.config.preset,
        "move_time": ref.config.move_time,
        "on_timeout": ref.config.on_timeout,
        "names": [s.name for s in ref.seats],
        "kinds": [str(s.kind) for s in ref.seats],
        "open": sum(s.kind is SeatKind.OPEN for s in ref.seats),
        "started": m is not None,
        "ended": ref.ended,
        "turn": turn,
        "left_ms": None if left is None else int(left[1]),
        "moves": 0 if m is None else len(m.actions),
    }
    if seat is not None:
        out["seat"] = seat
        out["your_turn"] = turn == seat
    return out


async def _path_table(request: Request) -> Entry | Response:
    """The table the path names, read and not kept in the cache; or the answer that it
    is not there (404) or set aside (410)."""
    table_id = request.path_params["table_id"]
    if not TABLE_ID.fullmatch(table_id):
        return _error(404, "no such table")
    try:
        entry = await _server(request).tables.current(table_id, keep=False)
    except BrokenTable:
        return _error(410, BROKEN_TEXT)
    return _error(404, "no such table") if entry is None else entry


async def table_info(request: Request) -> Response:
    entry = await _path_table(request)
    if isinstance(entry, Response):
        return entry
    now = _server(request).settings.clock()
    return JSONResponse({"table": request.path_params["table_id"], **_summary(entry, now=now)})


async def replay_step(request: Request) -> Response:
    """A finished match, move by move, as a watcher sees it (``server.replay``)."""
    entry = await _path_table(request)
    if isinstance(entry, Response):
        return entry
    step = request.path_params["step"]
    try:
        return JSONResponse(replay.public_step(entry.ref, step))
    except replay.NotFinished as e:
        return _error(409, str(e))


async def my_tables(request: Request) -> Response:
    server = _server(request)
    if not server.http_allowed(request):
        return _error(429, "too many requests")
    try:
        body = await _body(request)
        held = body["seats"]
        if not isinstance(held, (list, tuple)) or len(held) > MAX_MY_TABLES:
            raise ValueError(f"seats: a list of at most {MAX_MY_TABLES}")
        pairs = [(h["table"], h["token"]) for h in held]
        if not all(
            isinstance(t, str) and isinstance(k, str) and TOKEN.fullmatch(k) for t, k in pairs
        ):
            raise ValueError("each seat is {table, token} with a token of 32 hexadecimal digits")
    except (ValueError, KeyError, TypeError) as e:
        return _refused(e)
    wanted = {token_hash(k): t for t, k in pairs}
    async with server.store.read() as conn:
        found = await server.store.seats_of(conn, list(wanted))
    rows = []
    now = server.settings.clock()
    for table_id, seat, digest in found:
        if wanted.get(digest) != table_id:
            continue
        try:
            entry = await server.tables.current(table_id)
        except BrokenTable:  # listed as over, so the page shows it as such
            rows.append({"table": table_id, "seat": seat, "started": True, "ended": BROKEN})
            continue
        if entry is not None:
            rows.append({"table": table_id, **_summary(entry, seat, now)})
    return JSONResponse({"tables": rows})


async def push_key(request: Request) -> Response:
    return JSONResponse({"key": _server(request).push.public_key})


async def push_subscribe(request: Request) -> Response:
    server = _server(request)
    if not server.http_allowed(request):
        return _error(429, "too many requests")
    table_id = request.path_params["table_id"]
    try:
        body = await _body(request)
        token = body["token"]
        if not isinstance(token, str) or not TOKEN.fullmatch(token):
            raise ValueError("token: 32 hexadecimal digits")
        sub = None if body.get("off") is True else _subscription(body, server.push)
    except (ValueError, KeyError, TypeError) as e:
        return _refused(e)
    digest = token_hash(token)
    async with server.store.begin() as conn:
        found = [s for t, s, _ in await server.store.seats_of(conn, [digest]) if t == table_id]
        if not found:
            return _error(403, "that token holds no seat of this table")
        if sub is None:
            await server.store.unsubscribe(conn, table_id, found[0], None)
        else:
            await server.store.subscribe(
                conn, table_id, found[0], sub, int(server.settings.clock()), keep=PER_SEAT
            )
    return Response(status_code=204)


def _subscription(body: dict[str, Any], push: Push) -> dict[str, str]:
    sub = body["subscription"]
    endpoint, keys = sub["endpoint"], sub["keys"]
    p256dh, auth = keys["p256dh"], keys["auth"]
    lang = body.get("lang", "en")
    if not push.allowed(endpoint):
        raise ValueError("the push endpoint is not a known push service")
    b64 = re.compile(r"[A-Za-z0-9_-]+={0,2}")
    if not (isinstance(p256dh, str) and b64.fullmatch(p256dh) and 80 <= len(p256dh) <= 100):
        raise ValueError("keys.p256dh: a P-256 public key, base64url")
    if not on_p256(p256dh):
        raise ValueError("keys.p256dh: not a point of the P-256 curve")
    if not (isinstance(auth, str) and b64.fullmatch(auth) and 16 <= len(auth) <= 30):
        raise ValueError("keys.auth: 16 bytes, base64url")
    if lang not in ("de", "en"):
        raise ValueError("lang: de or en")
    daily = body.get("daily", False)
    if not isinstance(daily, bool):
        raise ValueError("daily: true (one summary a day) or false (a push per move)")
    return {"endpoint": endpoint, "p256dh": p256dh, "auth": auth, "lang": lang, "daily": daily}


def on_p256(key: str) -> bool:
    """Whether ``key`` (base64url) is an uncompressed point of the P-256 curve, as a
    browser's ``p256dh`` is (``cryptography`` comes with pywebpush; without it, True).

    >>> on_p256("BA" + "A" * 85)
    False
    """
    try:
        from cryptography.hazmat.primitives.asymmetric import ec
    except ImportError:  # pragma: no cover - the server extra installs it
        return True
    try:
        raw = base64.urlsafe_b64decode(key.rstrip("=") + "=" * (-len(key.rstrip("=")) % 4))
        ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), raw)
    except ValueError:
        return False
    return len(raw) == 65


# ---------------------------------------------------------------- the WebSocket


def origin_allowed(origin: str | None, host: str | None, allowed: tuple[str, ...]) -> bool:
    """A page's origin may open a socket: the server's own, or one of ``allowed``; a
    client that names none is no browser page (browsers always send it).

    >>> origin_allowed("http://127.0.0.1:8000", "127.0.0.1:8000", ())
    True
    >>> origin_allowed("https://evil.example", "tables.example.org", ("https://game.example",))
    False
    """
    if origin is None:
        return True
    return origin in allowed or (
        host is not None and origin in (f"http://{host}", f"https://{host}")
    )


async def table_socket(websocket: WebSocket) -> None:
    server = _server(websocket)
    table_id = websocket.path_params["table_id"]
    headers = websocket.headers
    if not origin_allowed(headers.get("origin"), headers.get("host"), server.settings.origins):
        await websocket.close(code=1008)
        return
    if not TABLE_ID.fullmatch(table_id):
        await websocket.close(code=4404)
        return
    client = client_key(websocket)
    if server.sockets[client] >= server.settings.per_address:
        await websocket.close(code=1008)  # before accepting: an HTTP 403
        return
    server.sockets[client] += 1
    try:
        await _serve_socket(server, websocket, table_id)
    finally:
        server.sockets[client] -= 1
        if server.sockets[client] <= 0:
            del server.sockets[client]


async def _serve_socket(server: Server, websocket: WebSocket, table_id: str) -> None:
    """Read the page's messages until it goes; a socket that has not said hello
    ``hello_s`` after it opened is closed (1008), so sockets that never say hello hold
    nothing for long. A page that did but got no seat (the table is full, its match has
    begun) keeps its socket: the page takes 1008 as a refusal for good and would say
    that in place of why it has no seat."""
    await websocket.accept()
    clock = server.settings.clock
    hello_by: float | None = time.monotonic() + server.settings.hello_s
    conn = Conn(
        table_id,
        websocket.send_text,
        lambda code: websocket.close(code),
        now=clock(),
        timing=CONN_TIMING,
    )
    writer = asyncio.create_task(conn.writer())
    try:
        while True:
            wait = None if hello_by is None else hello_by - time.monotonic()
            try:
                message = await asyncio.wait_for(websocket.receive(), wait)
            except TimeoutError:
                await websocket.close(code=1008)
                break
            if message["type"] == "websocket.disconnect":
                break
            text = message.get("text")
            if not conn.bucket.allow(clock(), conn.timing):
                if not conn.bucket.warned:
                    conn.bucket.warned = True
                    conn.reply(protocol.FLOOD)
                continue
            if text is None:
                conn.reply(Rejected(Reason.NOT_JSON, "a message is text, not bytes"))
                continue
            if hello_by is not None and _is_hello(text):
                hello_by = None
            try:
                await server.tables.receive(conn, text)
            except ProtocolError as e:
                conn.reply(Rejected(e.reason, e.detail))
            except Exception:  # a fault of the server's: said, and the socket closed
                log.exception("table %s: a message could not be handled", conn.table_id)
                await websocket.close(code=1011)
                break
    except WebSocketDisconnect:
        pass
    finally:
        await server.tables.disconnected(conn)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(writer, 2)


def _is_hello(text: str) -> bool:
    """Whether ``text`` is a well-formed hello (or a watcher's ``watch``) of this
    protocol, whatever the table answers to it (read again only until the first)."""
    try:
        return protocol.parse_guest(text).kind in ("hello", "watch")
    except ProtocolError:
        return False


# ---------------------------------------------------------------- limits, headers


class BodyLimit:
    """Refuse request bodies over ``limit`` bytes (by their length, or as they come),
    413, and bodies not all there ``within_s`` after the application first asks for
    them, 408 (a body sent a byte at a time would hold its connection for ever)."""

    def __init__(self, app: Any, limit: int = MAX_BODY, within_s: float = BODY_S) -> None:
        self.app, self.limit, self.within_s = app, limit, within_s

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = dict(scope.get("headers") or []).get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > self.limit):
            await JSONResponse({"error": "the body is too large"}, status_code=413)(
                scope, receive, send
            )
            return
        seen = 0
        loop = asyncio.get_running_loop()
        by: float | None = None

        async def counted() -> Any:
            nonlocal seen, by
            if by == float("inf"):  # the body is all there: waiting for the end is fine
                return await receive()
            by = by or loop.time() + self.within_s
            try:
                message = await asyncio.wait_for(receive(), by - loop.time())
            except TimeoutError:
                raise _TooSlow from None
            if not message.get("more_body"):
                by = float("inf")
            seen += len(message.get("body", b""))
            if seen > self.limit:
                raise _TooLarge
            return message

        try:
            await self.app(scope, counted, send)
        except _TooLarge:
            await JSONResponse({"error": "the body is too large"}, status_code=413)(
                scope, receive, send
            )
        except _TooSlow:
            await JSONResponse(
                {"error": "the body came too slowly"},
                status_code=408,
                headers={"connection": "close"},
            )(scope, receive, send)


class _TooLarge(Exception):
    pass


class _TooSlow(Exception):
    pass


class Headers:
    """Headers for every answer: no sniffing, no referrer, no framing; the service
    worker and the page are checked for updates on every visit."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path = scope.get("path", "")

        async def with_headers(message: Any) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                headers += [
                    (b"x-content-type-options", b"nosniff"),
                    (b"referrer-policy", b"no-referrer"),
                    (b"x-frame-options", b"DENY"),
                ]
                if path.startswith("/api/"):  # a seat's token: kept by no cache at all
                    headers.append((b"cache-control", b"no-store"))
                elif path in ("/", "/index.html", "/sw.js"):
                    headers.append((b"cache-control", b"no-cache"))
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, with_headers)


def create_app(settings: Settings | None = None) -> Starlette:
    """The application for ``settings`` (see the module text)."""
    settings = settings or Settings()
    server = Server(settings)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> Any:
        await server.start()
        try:
            yield
        finally:
            await server.stop()

    routes = [
        Route("/api/health", health),
        Route("/api/tables", create_table, methods=["POST"]),
        Route("/api/tables/{table_id}", table_info),
        Route("/api/my-tables", my_tables, methods=["POST"]),
        Route("/api/open-tables", open_list),
        Route("/api/play-now", play_now, methods=["POST"]),
        Route("/api/tables/{table_id}/replay/{step:int}", replay_step),
        Route("/api/push/key", push_key),
        Route("/api/tables/{table_id}/push", push_subscribe, methods=["POST"]),
        WebSocketRoute("/api/tables/{table_id}/ws", table_socket),
        *ratings.routes(),
        *accounts.routes(),
    ]
    if settings.site is not None:
        routes.append(Mount("/", StaticFiles(directory=str(settings.site), html=True)))
    middleware = [
        Middleware(BodyLimit, within_s=settings.body_s),
        Middleware(Headers),
        Middleware(
            CORSMiddleware,
            allow_origins=list(settings.origins),
            allow_methods=["GET", "POST"],
            allow_headers=["content-type"],
            max_age=600,
        ),
    ]
    app = Starlette(
        routes=routes,
        middleware=middleware,
        lifespan=lifespan,
        exception_handlers={DBAPIError: database_failed},
    )
    app.state.server = server
    return app
