"""What a hostile client may not do to the server (issue 38): make it post anywhere
(push endpoints: parsed as the HTTP client reads them, port 443, public addresses
only, to the address checked, no redirect), make another site's visitors create
tables, wipe the POST limits, hold every connection, or stall reminders and the stop
with push endpoints that never answer.

No test sends anything to an address other than 127.0.0.1: the address checks are
tested with a resolver the test gives and an HTTP transport that answers in place of
a network."""

from __future__ import annotations

import asyncio
import contextlib
import json
import signal
import socket
import threading
import time
import urllib.error
import urllib.request

import httpx
import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect

from engine import preset
from engine.online import protocol
from server.push import PER_SEAT, Push, Refused, message
from server.tables import Turn

from .processes import ServerProcess, play, start_table
from .support import Served
from .test_push import Browser, PushService

SERVICE = "https://wns2-par02p.notify.windows.com/w/?token=abc"


def subscribe(served: Served, table: str, token: str, endpoint: str) -> int:
    sub = {"token": token, "subscription": Browser(endpoint).subscription, "lang": "en"}
    body = json.dumps(sub).encode()  # ASCII: a lone surrogate goes as its escape
    headers = {"content-type": "application/json"}
    return served.client.post(
        f"/api/tables/{table}/push", content=body, headers=headers
    ).status_code


@pytest.fixture
def sqlite(tmp_path) -> str:
    return f"sqlite:///{tmp_path / 'tables.db'}"


# ---------------------------------------------------------------- 1, 12: where a push goes


@pytest.mark.parametrize(
    "endpoint",
    [
        "https://169.254.169.254\\.notify.windows.com/",  # the client reads the host as the IP
        "https://a.notify.windows.com:25/",
        "https://a.notify.windows.com:443@127.0.0.1/",
        "https://fcm.googleapis.com@127.0.0.1/",
        "https://fcm.googleapis.com./x",
        "https://fcm.googleapis.com/\ud800",  # a lone surrogate: 400, not 500
        "https://fcm.googleapis.com/a b",
        "https://evilnotify.windows.com/",
    ],
)
def test_a_push_endpoint_the_client_would_read_otherwise_is_refused(sqlite, clock, endpoint):
    with Served(sqlite, clock) as served:
        made = served.create(players=2)
        assert subscribe(served, made["table"], made["token"], endpoint) == 400
        assert subscribe(served, made["table"], made["token"], SERVICE) == 204
        port_443 = "https://a.notify.windows.com:443/x"
        assert subscribe(served, made["table"], made["token"], port_443) == 204


def test_a_lone_surrogate_anywhere_in_a_body_is_a_400(sqlite, clock):
    with Served(sqlite, clock) as served:
        json_type = {"content-type": "application/json"}
        body = b'{"name": "Ha\\udc00na", "players": 2}'
        assert served.client.post("/api/tables", content=body, headers=json_type).status_code == 400


class Recorder:
    """An HTTP transport in place of the network: keeps each request, answers ``status``
    (with a ``Location`` to 127.0.0.1 for a redirect)."""

    def __init__(self, status: int = 201) -> None:
        self.requests: list[httpx.Request] = []
        self.status = status
        self.transport = httpx.MockTransport(self.answer)

    def answer(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        return httpx.Response(self.status, headers={"location": "http://127.0.0.1:9/admin"})


def sender(addresses: dict[str, list[str]], recorder: Recorder) -> Push:
    from py_vapid import Vapid02

    async def resolve(host: str) -> list[str]:
        return addresses[host]

    push = Push(None, resolve=resolve, transport=recorder.transport)  # type: ignore[arg-type]
    key = Vapid02()
    key.generate_keys()
    push.use_key(key)
    return push


def post_once(push: Push, endpoint: str) -> int:
    keys = Browser(endpoint).subscription["keys"]
    sub = {"endpoint": endpoint, **keys, "lang": "en"}

    async def go() -> int:
        try:
            return await push.post(sub, message("turn", "t" * 16, 0, "en", "/"))
        finally:
            await push.close()

    return asyncio.run(go())


PRIVATE = [
    "169.254.169.254",
    "10.0.0.7",
    "192.168.1.1",
    "127.0.0.1",
    "0.0.0.0",
    "224.0.0.251",
    "100.64.0.1",
    "::1",
    "fe80::1",
    "fd00::1",
    "ff02::1",
    "::ffff:169.254.169.254",
    "64:ff9b::a9fe:a9fe",
    "fec0::1",  # site-local: a private network's, though ipaddress calls it global
    "192.0.0.8",  # IETF protocol assignments: not forwarded (Python 3.11.7 says global)
]


@pytest.mark.parametrize("address", PRIVATE)
def test_a_push_service_name_resolving_to_a_private_address_gets_nothing(address):
    recorder = Recorder()
    host = "wns2-par02p.notify.windows.com"
    push = sender({host: [address]}, recorder)
    with pytest.raises(Refused):
        post_once(push, SERVICE)
    push = sender({host: ["20.42.65.92", address]}, recorder)  # one bad address is enough
    with pytest.raises(Refused):
        post_once(push, SERVICE)
    assert recorder.requests == []


def test_a_push_goes_to_the_address_checked_and_no_redirect_is_followed():
    recorder = Recorder(status=307)
    host = "wns2-par02p.notify.windows.com"
    push = sender({host: ["2603:1030::5"]}, recorder)
    assert post_once(push, SERVICE) == 307
    (request,) = recorder.requests  # the redirect to 127.0.0.1 was not followed
    assert str(request.url) == "https://[2603:1030::5]/w/?token=abc"
    assert request.headers["host"] == host
    assert request.extensions["sni_hostname"] == host  # the certificate is checked for it
    assert "vapid t=" in request.headers["authorization"]
    assert request.headers["content-encoding"] == "aes128gcm"


# ---------------------------------------------------------------- 8: JSON only


@pytest.mark.parametrize(
    "kind", ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]
)
def test_a_post_that_is_not_declared_json_creates_nothing(sqlite, clock, kind):
    """A form or ``text/plain`` needs no preflight: another site's page could send it."""
    with Served(sqlite, clock) as served:
        choices = {"name": "Hana", "players": 2, "rules": preset("classic").to_dict()}
        body = json.dumps(choices).encode()
        headers = {"content-type": kind, "origin": "https://evil.example"}
        answer = served.client.post("/api/tables", content=body, headers=headers)
        assert answer.status_code == 415
        for path in ("/api/my-tables", "/api/tables/abcdefghijklmnop/push"):
            assert served.client.post(path, content=b"{}", headers=headers).status_code == 415
        assert served.call(count_tables, served) == 0
        json_type = {"content-type": "application/json; charset=utf-8"}
        assert served.client.post("/api/tables", content=body, headers=json_type).status_code == 201
        assert served.call(count_tables, served) == 1


async def count_tables(served: Served) -> int:
    import sqlalchemy as sa

    async with served.server.store.begin() as conn:
        return (await conn.execute(sa.text("SELECT COUNT(*) FROM tables"))).scalar()


# ---------------------------------------------------------------- 7: POST limits


class From:
    """A request from ``address`` as the limiter sees it."""

    def __init__(self, address: str) -> None:
        self.client = (address, 40000)


def test_many_addresses_do_not_refill_an_emptied_post_bucket(sqlite, clock):
    with Served(sqlite, clock, http_rate=0.001) as served:
        allowed = served.server.http_allowed
        while allowed(From("203.0.113.7")):
            pass
        for n in range(12_000):  # more addresses than buckets are kept
            assert allowed(From(f"10.{n >> 16 & 255}.{n >> 8 & 255}.{n & 255}"))
            if n % 100 == 0:
                assert not allowed(From("203.0.113.7")), n
        assert len(served.server.http_buckets) <= 10_000


def test_an_ipv6_client_is_limited_by_its_64_prefix(sqlite, clock):
    with Served(sqlite, clock, http_rate=0.001) as served:
        allowed = served.server.http_allowed
        while allowed(From("2001:db8:5:6::1")):
            pass
        assert not allowed(From("2001:db8:5:6:ffff::2"))  # another address of that /64
        assert allowed(From("2001:db8:5:7::1"))
        assert allowed(From("::ffff:203.0.113.8"))


# ---------------------------------------------------------------- 5: push subscriptions


def test_a_seat_keeps_its_newest_subscriptions_only(sqlite, clock):
    with Served(sqlite, clock) as served:
        made = served.create(players=2)
        endpoints = [f"https://fcm.googleapis.com/fcm/send/{n}" for n in range(PER_SEAT + 3)]
        for endpoint in endpoints:
            assert subscribe(served, made["table"], made["token"], endpoint) == 204

        async def kept():
            async with served.server.store.begin() as conn:
                return await served.server.store.subscriptions(conn, made["table"], 0)

        assert sorted(s["endpoint"] for s in served.call(kept)) == sorted(endpoints[-PER_SEAT:])


class Silent:
    """Endpoints on 127.0.0.1 that take a connection and never answer."""

    def __init__(self) -> None:
        self.server = socket.create_server(("127.0.0.1", 0))
        self.held: list[socket.socket] = []
        self.base = f"http://127.0.0.1:{self.server.getsockname()[1]}/"
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                conn, _ = self.server.accept()
            except OSError:
                return
            self.held.append(conn)

    def close(self) -> None:
        self.server.close()
        for conn in self.held:
            conn.close()


def test_endpoints_that_never_answer_delay_no_other_seats_push(sqlite, clock):
    silent, service = Silent(), PushService()
    try:
        extra = (silent.base, service.base)
        with Served(sqlite, clock, push_endpoints=extra) as served:
            made = served.create(players=2)
            table = made["table"]
            for n in range(PER_SEAT):
                assert subscribe(served, table, made["token"], f"{silent.base}{n}") == 204
            guest = served.page(table, "Ann")
            guest.hello()
            assert subscribe(served, table, guest.guest.secret, f"{service.base}ann") == 204

            async def turns() -> None:
                for n in range(8):  # the owner's turn, again and again
                    served.server.push.turn(Turn(table, 0, n, None))
                await asyncio.sleep(0.5)
                served.server.push.turn(Turn(table, 1, 8, None))

            served.call(turns)
            end = time.monotonic() + 3  # well under one slow post's time
            while not service.got and time.monotonic() < end:
                time.sleep(0.05)
            assert len(silent.held) >= PER_SEAT  # the silent ones are still waited for ...
            assert [path for path, _, _ in service.got] == ["/ann"]  # ... Ann's came at once
    finally:
        silent.close()
        service.close()


# ---------------------------------------------------------------- real processes: 4, 5, 7


def forwarded(address: str) -> dict[str, str]:
    return {"X-Forwarded-For": address}


def post_from(server: ServerProcess, path: str, body: object, address: str) -> int:
    request = urllib.request.Request(
        server.url + path.lstrip("/"),
        data=json.dumps(body).encode(),
        headers={"content-type": "application/json", **forwarded(address)},
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status
    except urllib.error.HTTPError as e:
        return e.code


def raw_request(server: ServerProcess, head: bytes, wait_s: float = 8.0) -> tuple[bytes, float]:
    """Send ``head`` and nothing more; what the server answered before it closed the
    connection, and after how long."""
    host, port = server.url.split("//")[1].rstrip("/").split(":")
    sock = socket.create_connection((host, int(port)), timeout=wait_s)
    start = time.monotonic()
    sock.sendall(head)
    got = b""
    try:
        while chunk := sock.recv(4096):
            got += chunk
    except TimeoutError:
        got += b"<still open>"
    except ConnectionResetError:  # closed with what was sent unread
        pass
    finally:
        sock.close()
    return got, time.monotonic() - start


def test_one_address_at_its_caps_leaves_an_honest_page_playing(tmp_path):
    server = ServerProcess(
        f"sqlite:///{tmp_path / 'tables.db'}",
        *("--proxy-headers", "--per-address", "4", "--hello-timeout", "1"),
        *("--headers-timeout", "1", "--body-timeout", "1", "--http-rate", "0.01"),
    )
    try:
        made = server.create()
        ws = f"{server.ws_url}api/tables/{made['table']}/ws"
        hostile = []
        for _ in range(4):  # one address's whole cap, each a page of the creator's seat
            page = connect(ws, additional_headers=forwarded("203.0.113.9"), legacy=True)
            page.send(protocol.hello("Hana", made["token"]))
            hostile.append(page)
        with pytest.raises(InvalidStatus):
            connect(ws, additional_headers=forwarded("203.0.113.9"), open_timeout=5, legacy=True)
        _made, owner, guest = start_table(server)  # from another address
        play([owner, guest], lambda: owner.guest.mirror.seq >= 10)
        time.sleep(1.2)  # past the hello deadline: a socket with a seat stays
        hostile[0].send(protocol.ping())
        while json.loads(hostile[0].recv(timeout=5))["kind"] != "pong":
            pass
        hostile.pop().close()
        time.sleep(0.3)
        silent = connect(ws, additional_headers=forwarded("203.0.113.9"), legacy=True)
        with pytest.raises(ConnectionClosed) as closed:  # no hello: closed after a second
            silent.recv(timeout=5)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
        for n in range(4):  # four addresses of one /64 (no hello: they have a second)
            address = f"2001:db8:7:7:{n}::1"
            hostile.append(connect(ws, additional_headers=forwarded(address), legacy=True))
        with pytest.raises(InvalidStatus):  # a fifth of that /64
            connect(ws, additional_headers=forwarded("2001:db8:7:7::9"), legacy=True)

        got, took = raw_request(server, b"GET /api/health HTTP/1.1\r\nHost: x\r\n")
        assert got == b"" and took < 5  # headers a byte at a time: closed
        head = b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        got, took = raw_request(server, head + b"Content-Length: 100\r\n\r\n{")
        assert got.startswith(b"HTTP/1.1 408") and took < 5  # half a body: 408

        body = {"name": "Ann", "players": 2, "rules": preset("classic").to_dict()}
        statuses = [post_from(server, "/api/tables", body, "203.0.113.20") for _ in range(31)]
        assert statuses[:30] == [201] * 30 and statuses[30] == 429
        assert post_from(server, "/api/tables", body, "203.0.113.21") == 201  # the forwarded
        for page in hostile:
            page.close()
    finally:
        server.kill()


def test_sigterm_stops_the_server_while_pushes_hang(tmp_path):
    silent = Silent()
    server = ServerProcess(f"sqlite:///{tmp_path / 'tables.db'}", "--push-endpoint", silent.base)
    try:
        made, owner, guest = start_table(server)
        table = made["table"]
        for token in (made["token"], guest.guest.secret):
            for n in range(PER_SEAT):
                sub = {"token": token, "subscription": Browser(f"{silent.base}{n}").subscription}
                assert post_from(server, f"/api/tables/{table}/push", sub, "127.0.0.1") == 204
        play([owner, guest], lambda: owner.guest.mirror.seq >= 4)
        end = time.monotonic() + 5
        while len(silent.held) < 2 and time.monotonic() < end:
            time.sleep(0.05)
        assert len(silent.held) >= 2  # pushes under way, never answered
        start = time.monotonic()
        server.proc.send_signal(signal.SIGTERM)
        server.proc.wait(15)
        assert time.monotonic() - start < 8
    finally:
        if server.proc.poll() is None:
            server.proc.kill()
        server.kill()
        silent.close()


def test_without_a_proxy_one_address_holds_at_most_its_cap_of_connections(tmp_path):
    server = ServerProcess(f"sqlite:///{tmp_path / 'tables.db'}", "--per-address", "3")
    host, port = server.url.split("//")[1].rstrip("/").split(":")
    idle = []
    try:
        made = server.create()
        ws = f"{server.ws_url}api/tables/{made['table']}/ws"
        pages = [connect(ws, legacy=True) for _ in range(3)]  # WebSockets: the app's count
        for page in pages:
            page.send(protocol.hello("Hana", made["token"]))
        with pytest.raises(InvalidStatus):
            connect(ws, open_timeout=5, legacy=True)
        idle = [socket.create_connection((host, int(port)), timeout=5) for _ in range(3)]
        got, took = raw_request(server, b"GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n")
        assert got == b"" and took < 2  # a fourth HTTP connection: closed at once
        idle.pop().close()
        time.sleep(0.2)
        got, _ = raw_request(server, b"GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n", 2)
        assert got.startswith(b"HTTP/1.1 200")
        for page in pages:
            page.close()
    finally:
        for sock in idle:
            sock.close()
        server.kill()


def test_an_unreachable_address_of_a_push_service_is_followed_by_its_next():
    recorder = Recorder()
    tried = []

    def answer(request: httpx.Request) -> httpx.Response:
        tried.append(request.url.host)
        if request.url.host == "2603:1030::5":
            raise httpx.ConnectError("no route", request=request)
        return recorder.answer(request)

    recorder.transport = httpx.MockTransport(answer)
    push = sender({"wns2-par02p.notify.windows.com": ["2603:1030::5", "20.42.65.92"]}, recorder)
    assert post_once(push, SERVICE) == 201
    assert tried == ["2603:1030::5", "20.42.65.92"]


def test_a_body_answered_unread_gets_the_headers_deadline(tmp_path):
    """An answer sent before the body was read (415, 413, 404) left the connection
    waiting for the rest of the body with no deadline at all: a byte now and then, or
    one byte and then silence, held it for ever."""
    server = ServerProcess(
        f"sqlite:///{tmp_path / 'tables.db'}", "--headers-timeout", "1", "--body-timeout", "1"
    )
    host, port = server.url.split("//")[1].rstrip("/").split(":")
    heads = [
        b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\n",
        b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        b"Content-Length: 100000\r\n",
        b"POST /nowhere HTTP/1.1\r\nHost: x\r\n",
    ]
    try:
        for head in heads:
            if b"Content-Length" not in head:
                head += b"Content-Length: 1000\r\n"
            sock = socket.create_connection((host, int(port)), timeout=0.3)
            start, answered, closed = time.monotonic(), b"", False
            sock.sendall(head + b"\r\n{")
            while not closed and time.monotonic() - start < 6:
                try:
                    chunk = sock.recv(4096)
                    answered += chunk
                    closed = chunk == b""
                    continue
                except TimeoutError:
                    pass
                except ConnectionResetError:
                    closed = True
                with contextlib.suppress(OSError):  # closed meanwhile: the next recv says so
                    sock.sendall(b" ")  # a byte of the body now and then
            sock.close()
            assert answered.startswith(b"HTTP/1.1 4"), head
            assert closed and time.monotonic() - start < 4, head
    finally:
        server.kill()


class Forgetless:
    """A store that lists ``subs`` for every seat and fails to forget any of them."""

    def __init__(self, subs: list[dict[str, str]]) -> None:
        self.subs = subs

    @contextlib.asynccontextmanager
    async def begin(self):
        yield None

    read = begin

    async def subscriptions(self, db, table_id: str, seat: int) -> list[dict[str, str]]:
        return self.subs

    async def drop_endpoint(self, db, endpoint: str) -> None:
        raise OSError("disk I/O error")


def test_a_subscription_that_cannot_be_forgotten_leaves_no_push_running_past_the_stop():
    """One delivery failing after its post (the database) failed the seat's whole send,
    so the stop no longer saw the seat's other pushes, which ran on unwatched."""
    cancelled = []

    async def answer(request: httpx.Request) -> httpx.Response:
        if request.url.path == "/gone":
            return httpx.Response(410)
        try:
            await asyncio.sleep(30)
        except asyncio.CancelledError:
            cancelled.append(request.url.path)
            raise
        return httpx.Response(201)

    recorder = Recorder()
    recorder.transport = httpx.MockTransport(answer)
    push = sender({"wns2-par02p.notify.windows.com": ["20.42.65.92"]}, recorder)
    subs = []
    for path in ("gone", "slow"):
        endpoint = f"https://wns2-par02p.notify.windows.com/{path}"
        subs.append({"endpoint": endpoint, **Browser(endpoint).subscription["keys"], "lang": "en"})
    push.store = Forgetless(subs)  # type: ignore[assignment]

    async def go() -> list[asyncio.Task]:
        push.turn(Turn("t" * 16, 0, 1, None))
        await asyncio.sleep(0.5)  # "gone" answered, "slow" under way
        await push.close(grace_s=0.2)
        return [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]

    assert asyncio.run(go()) == []
    assert cancelled == ["/slow"]


def test_a_page_told_the_match_has_begun_keeps_its_socket(tmp_path):
    """Its hello came in time. Closed with 1008 at the hello deadline, the page would
    put "the server refused the connection" where it said that the match has begun
    (``static/tables.mjs`` takes 1008 as a refusal for good)."""
    server = ServerProcess(f"sqlite:///{tmp_path / 'tables.db'}", "--hello-timeout", "1")
    try:
        made, _owner, _guest = start_table(server)
        late = connect(f"{server.ws_url}api/tables/{made['table']}/ws", legacy=True)
        late.send(protocol.hello("Cleo"))
        assert json.loads(late.recv(timeout=5))["reason"] == "started"
        time.sleep(1.5)  # past the hello deadline
        late.send(protocol.ping())
        assert json.loads(late.recv(timeout=5))["reason"] == "not-seated"
        late.close()
    finally:
        server.kill()
