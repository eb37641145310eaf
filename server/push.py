"""Reminders by Web Push: "your turn", and a reminder when 80 % of a decision's time is
used, to the pages that opted in for their seat at that table.

The server's VAPID key pair is made once and kept in the database (every process signs
with the same key; the page subscribes with its public half). Each message is
encrypted for the subscription (RFC 8291, ``aes128gcm``, ``pywebpush``'s ``encode``)
and posted after the commit that caused it, to all of a seat's subscriptions at once
(at most ``PER_SEAT`` of them; a new one replaces the oldest), each given at most
``TIMEOUT_S``; a push service that says the subscription is gone (404, 410) makes the
server forget it. A stop waits ``STOP_GRACE_S`` for pushes under way, not more.

A seat may choose one summary a day instead (``daily``, kept with its subscriptions):
its "your turn" and reminders are not sent; once a day, from :data:`SUMMARY_HOUR` UTC,
each of its browsers gets one push listing the tables waiting for it (``daily_summary``;
one process of many claims the day in the database, before it sends).

A subscription's endpoint is a URL a page gives, so a hostile page would have the
server post anywhere. So an endpoint must be ``https://`` on port 443 at one of the
browsers' push services (``PUSH_HOSTS``), its host written in DNS-label characters only
(the HTTP client reads it exactly as checked: no backslash, no user, no other port),
and at send time every address its name resolves to must be a public one (not private,
loopback, link-local, multicast, reserved or unspecified, IPv4 or IPv6, mapped or
embedded IPv4 too). The post then goes to the address checked, with the name only as
TLS server name and ``Host`` (no second lookup that a rebinding DNS could answer
differently), and a redirect is never followed. ``--push-endpoint`` prefixes (the
tests' local receiver) are taken as the operator names them.
"""

from __future__ import annotations

import asyncio
import base64
import ipaddress
import json
import logging
import re
import socket
import time
from collections.abc import Awaitable, Callable, Sequence
from datetime import UTC, datetime
from typing import Any
from urllib.parse import urlsplit

import httpx

from server.store import Deadline, Store
from server.tables import Turn

log = logging.getLogger("schwimmen.push")

PUSH_HOSTS = (
    "fcm.googleapis.com",
    "updates.push.services.mozilla.com",
    "web.push.apple.com",
    ".notify.windows.com",
)
"""Where browsers' push services take messages (Chrome, Firefox, Safari, Edge); a
leading dot: any host under that domain."""
KEY_SETTING = "vapid_private_pem"
TTL_S = 24 * 3600  # a push service keeps an undelivered reminder this long
PER_SEAT = 5
"""Subscriptions kept per seat (a person's browsers); a new one replaces the oldest."""
TIMEOUT_S = 5.0
"""One post's whole time, the name's lookup included."""
STOP_GRACE_S = 2.0
"""How long a stop waits for the pushes under way before it drops them."""
SUMMARY_HOUR = 8
"""The hour (UTC) from which the day's summaries go out (the first look after it)."""
SUMMARY_SETTING = "summary_day"
"""The setting holding the last day (UTC, ISO) whose summaries went out."""
SUMMARY_URL = "/?online=tables"
"""Where a summary's click leads: "My tables"."""

_URL_CHARS = r"[A-Za-z0-9\-._~!$&'()*+,;=:@/%?]"
"""What RFC 3986 allows in a path and query, unescaped: no backslash, space or ``#``."""
_ENDPOINT = re.compile(
    rf"https://(?P<host>[A-Za-z0-9-]{{1,63}}(?:\.[A-Za-z0-9-]{{1,63}})+)(?::443)?"
    rf"(?P<path>/{_URL_CHARS}*)"
)
_PLAIN_URL = re.compile(rf"https?://{_URL_CHARS}+")
_NAT64 = ipaddress.ip_network("64:ff9b::/96")
_NOT_GLOBAL = (ipaddress.ip_network("192.0.0.0/24"), ipaddress.ip_network("fec0::/10"))
"""Not reachable on the internet, though ``ipaddress`` (3.11.7) calls them global: the
IETF's protocol assignments, and IPv6 site-local addresses (a private network's)."""

Resolve = Callable[[str], Awaitable[list[str]]]

TEXTS = {
    "turn": {"de": "Du bist dran", "en": "Your turn"},
    "remind": {"de": "Deine Zeit läuft ab", "en": "Your time is running out"},
    "body": {
        "de": "Schwimmen: Tisch {table}",
        "en": "Schwimmen: table {table}",
    },
    "summary": {"de": "Tische warten auf dich: {n}", "en": "Tables waiting for you: {n}"},
    "summary_body": {"de": "Schwimmen: {tables}", "en": "Schwimmen: {tables}"},
}


def push_host(endpoint: object) -> str | None:
    """The host of ``endpoint`` if it is a browsers' push service's URL, else None.

    >>> push_host("https://fcm.googleapis.com/fcm/send/abc")
    'fcm.googleapis.com'
    >>> push_host("https://wns2-par02p.notify.windows.com/w/?token=x")
    'wns2-par02p.notify.windows.com'
    >>> push_host("https://169.254.169.254\\\\.notify.windows.com/") is None
    True
    >>> push_host("https://a.notify.windows.com:25/"), push_host("http://fcm.googleapis.com/")
    (None, None)
    """
    if not isinstance(endpoint, str) or len(endpoint) > 1000:
        return None
    found = _ENDPOINT.fullmatch(endpoint)
    if found is None:
        return None
    host = found["host"].lower()
    if any(host == h or (h.startswith(".") and host.endswith(h)) for h in PUSH_HOSTS):
        return host
    return None


def endpoint_allowed(endpoint: object, extra: Sequence[str] = ()) -> bool:
    """Whether the server may post to ``endpoint`` (see the module text).

    >>> endpoint_allowed("https://fcm.googleapis.com/fcm/send/abc")
    True
    >>> endpoint_allowed("http://169.254.169.254/latest/"), endpoint_allowed("https://evil.example/")
    (False, False)
    """
    if push_host(endpoint) is not None:
        return True
    return (
        isinstance(endpoint, str)
        and bool(_PLAIN_URL.fullmatch(endpoint))
        and any(endpoint.startswith(prefix) for prefix in extra)
    )


def public_address(address: str) -> bool:
    """Whether ``address`` is one the server may post to: reachable on the internet,
    and not one of this machine's or its network's (an IPv4 address inside an IPv6 one
    is judged as itself).

    >>> [public_address(a) for a in ("93.184.216.34", "2606:4700::1111")]
    [True, True]
    >>> bad = ("169.254.169.254", "10.1.2.3", "127.0.0.1", "0.0.0.0", "224.0.0.1", "240.0.0.1",
    ...        "100.64.0.1", "::1", "::", "fe80::1", "fc00::1", "ff02::1", "::ffff:127.0.0.1",
    ...        "64:ff9b::a9fe:a9fe", "2002:7f00:1::1")
    >>> [a for a in bad if public_address(a)]
    []
    """
    try:
        ip: ipaddress.IPv4Address | ipaddress.IPv6Address = ipaddress.ip_address(
            address.split("%", 1)[0]
        )
    except ValueError:
        return False
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.teredo is not None:
            return False
        embedded = ip.ipv4_mapped or ip.sixtofour
        if ip in _NAT64:
            embedded = ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF)
        if embedded is not None:
            ip = embedded
    return ip.is_global and not (
        any(ip in network for network in _NOT_GLOBAL)
        or ip.is_private
        or ip.is_loopback
        or ip.is_link_local
        or ip.is_multicast
        or ip.is_reserved
        or ip.is_unspecified
    )


async def resolve(host: str) -> list[str]:
    """Every address ``host`` resolves to (for port 443)."""
    infos = await asyncio.get_running_loop().getaddrinfo(host, 443, type=socket.SOCK_STREAM)
    return [str(info[4][0]) for info in infos]


class Refused(Exception):
    """An endpoint the server will not post to: not one it allows (``endpoint_allowed``),
    or a push service's name that resolves to no address or to one not public."""


def message(kind: str, table_id: str, seat: int, lang: str, url: str) -> dict[str, Any]:
    """The push message's content (the service worker shows ``title`` and ``body`` and
    opens ``url`` on a click)."""
    lang = lang if lang in ("de", "en") else "en"
    return {
        "kind": kind,
        "table": table_id,
        "seat": seat,
        "title": TEXTS[kind][lang],
        "body": TEXTS["body"][lang].format(table=table_id),
        "url": url,
    }


def summary(tables: Sequence[str], lang: str) -> dict[str, Any]:
    """The day's summary for one browser: the tables waiting for its person.

    >>> summary(["abc", "def"], "en")["title"]
    'Tables waiting for you: 2'
    """
    lang = lang if lang in ("de", "en") else "en"
    return {
        "kind": "summary",
        "tables": list(tables),
        "title": TEXTS["summary"][lang].format(n=len(tables)),
        "body": TEXTS["summary_body"][lang].format(tables=", ".join(tables)),
        "url": SUMMARY_URL,
    }


async def _nobody_waits(_table_id: str, _seat: int) -> bool:
    return False


class Push:
    """The server's Web Push sender (see the module text). ``resolve`` and ``transport``
    (the HTTP client's) are for tests: a resolver that answers what the test says, a
    transport that answers without a network. ``clock()``: milliseconds since 1970;
    ``waiting(table, seat)``: whether that seat is to decide now (the server's tables
    answer it; for the daily summaries)."""

    def __init__(
        self,
        store: Store,
        *,
        subject: str = "mailto:tables@localhost",
        extra_endpoints: Sequence[str] = (),
        table_url: Callable[[str], str] = lambda table_id: f"/?table={table_id}",
        resolve: Resolve = resolve,
        transport: httpx.AsyncBaseTransport | None = None,
        clock: Callable[[], float] = lambda: time.time() * 1000,
    ) -> None:
        self.store = store
        self.clock = clock
        self.waiting: Callable[[str, int], Awaitable[bool]] = _nobody_waits
        self._summary_day = ""  # the day whose summaries this process saw go out
        self.subject = subject
        self.extra_endpoints = tuple(extra_endpoints)
        self.table_url = table_url
        self.resolve = resolve
        self.transport = transport
        self.client: httpx.AsyncClient | None = None
        self.vapid: Any = None
        self.public_key = ""
        self.tasks: set[asyncio.Task[Any]] = set()
        self.sent = 0

    async def load_key(self) -> None:
        """The VAPID key pair from the database, made there the first time."""
        from py_vapid import Vapid02

        fresh = Vapid02()
        fresh.generate_keys()
        pem = fresh.private_pem().decode()
        async with self.store.begin() as db:
            pem = await self.store.set_setting_once(db, KEY_SETTING, pem)
        self.use_key(Vapid02.from_pem(pem.encode()))

    def use_key(self, vapid: Any) -> None:
        from cryptography.hazmat.primitives import serialization

        self.vapid = vapid
        raw = vapid.public_key.public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        self.public_key = base64.urlsafe_b64encode(raw).rstrip(b"=").decode()

    def allowed(self, endpoint: str) -> bool:
        return endpoint_allowed(endpoint, self.extra_endpoints)

    # ------------------------------------------------------------ after a commit

    def turn(self, turn: Turn) -> None:
        if turn.subscribed:  # counted in the move's transaction: most seats have none
            self._later(self._send_seat("turn", turn.table_id, turn.seat))

    def remind(self, table_id: str, deadline: Deadline) -> None:
        self._later(self._send_seat("remind", table_id, deadline.seat))

    def _later(self, work: Any) -> None:
        try:
            task = asyncio.get_running_loop().create_task(work)
        except RuntimeError:
            work.close()
            return
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def drain(self) -> None:
        """Wait for the pushes under way (tests)."""
        while self.tasks:
            await asyncio.gather(*list(self.tasks), return_exceptions=True)

    async def close(self, grace_s: float = STOP_GRACE_S) -> None:
        """Stop: wait at most ``grace_s`` for the pushes under way, drop the rest."""
        if self.tasks:
            _done, late = await asyncio.wait(list(self.tasks), timeout=grace_s)
            for task in late:
                task.cancel()
            await asyncio.gather(*late, return_exceptions=True)
        if self.client is not None:
            await self.client.aclose()
            self.client = None

    async def _send_seat(self, kind: str, table_id: str, seat: int) -> None:
        try:  # a read: it never waits for SQLite's write lock
            async with self.store.read() as db:
                subs = await self.store.subscriptions(db, table_id, seat)
        except Exception as e:  # the database: logged here, not as an unretrieved task's
            log.warning("push: the subscriptions of %s seat %d: %s", table_id, seat, e)
            return
        url = self.table_url(table_id)
        subs = [sub for sub in subs if not sub.get("daily")]  # they get the day's summary
        await asyncio.gather(
            *(self._deliver(sub, message(kind, table_id, seat, sub["lang"], url)) for sub in subs)
        )

    async def daily_summary(self) -> int:
        """Once a day from :data:`SUMMARY_HOUR` UTC (the scheduler asks often): each
        browser of the seats that chose a summary gets one push listing the tables
        waiting for it; returns how many were sent off (0: not yet, or done today)."""
        now = datetime.fromtimestamp(self.clock() / 1000, UTC)
        day = now.date().isoformat()
        if now.hour < SUMMARY_HOUR or day == self._summary_day:
            return 0
        async with self.store.begin() as db:  # a database error: tried again next time
            claimed = await self.store.claim_setting(db, SUMMARY_SETTING, day)
            subs = await self.store.daily_subscriptions(db) if claimed else []
        self._summary_day = day
        if not claimed:
            return 0  # another process sent today's
        by_browser: dict[str, tuple[dict[str, Any], list[str]]] = {}
        for sub in subs:
            if await self.waiting(sub["table_id"], sub["seat"]):
                by_browser.setdefault(sub["endpoint"], (sub, []))[1].append(sub["table_id"])
        await asyncio.gather(
            *(self._deliver(sub, summary(t, sub["lang"])) for sub, t in by_browser.values())
        )
        return len(by_browser)

    async def _deliver(self, sub: dict[str, Any], data: dict[str, Any]) -> None:
        """Post one message; forget the subscription if its push service says it is gone.
        Whatever fails is logged and stops nothing else: one delivery that raised would
        end the seat's ``gather`` and leave its other posts running where ``close`` no
        longer sees them."""
        host = urlsplit(sub["endpoint"]).hostname
        try:
            async with asyncio.timeout(TIMEOUT_S):
                status = await self.post(sub, data)
            if status > 202:
                log.warning("push to %s failed: %s", host, status)
            if status in (404, 410):
                async with self.store.begin() as db:
                    await self.store.drop_endpoint(db, sub["endpoint"])
        except Exception as e:  # refused, unreachable, slow, a key that is no key, the database
            log.warning("push to %s failed: %s", host, type(e).__name__)

    async def post(self, sub: dict[str, Any], data: dict[str, Any]) -> int:
        """Encrypt ``data`` for ``sub`` and post it once, never following a redirect;
        the push service's status. Refused: an endpoint the server may not post to."""
        from pywebpush import WebPusher

        endpoint = sub["endpoint"]
        if self.vapid is None or not self.allowed(endpoint):
            raise Refused(endpoint[:100])
        targets = await self._pinned(endpoint)
        info = {"endpoint": endpoint, "keys": {"p256dh": sub["p256dh"], "auth": sub["auth"]}}
        body = WebPusher(info).encode(json.dumps(data, ensure_ascii=False).encode(), "aes128gcm")
        parts = urlsplit(endpoint)
        claims = {
            "sub": self.subject,
            "aud": f"{parts.scheme}://{parts.netloc}",
            "exp": int(time.time()) + 12 * 3600,
        }
        headers = {
            **self.vapid.sign(claims),
            "host": parts.netloc,
            "content-encoding": "aes128gcm",
            "content-type": "application/octet-stream",
            "ttl": str(TTL_S),
        }
        for n, (url, extensions) in enumerate(targets):
            try:
                answer = await self._client().post(
                    url, content=body["body"], headers=headers, extensions=extensions
                )
                break
            except httpx.ConnectError:  # this address is unreachable (no IPv6 route?)
                if n == len(targets) - 1:
                    raise
        if answer.status_code <= 202:
            self.sent += 1
        return answer.status_code

    async def _pinned(self, endpoint: str) -> list[tuple[str, dict[str, Any]]]:
        """The URLs to try in turn for ``endpoint``, with their request extensions: a
        push service's at each address its name resolves to now, all checked, with the
        name kept for TLS (its certificate is checked against the name); an operator's
        ``--push-endpoint`` as it is."""
        host = push_host(endpoint)
        if host is None:
            return [(endpoint, {})]
        addresses = await self.resolve(host)
        if not addresses or not all(public_address(a) for a in addresses):
            raise Refused(f"{host} resolves to {addresses[:4]}")
        rest = endpoint[len("https://") :].split("/", 1)[1]
        targets = []
        for address in dict.fromkeys(a.split("%", 1)[0] for a in addresses):
            at = f"[{address}]" if ":" in address else address
            targets.append((f"https://{at}/{rest}", {"sni_hostname": host}))
        return targets

    def _client(self) -> httpx.AsyncClient:
        if self.client is None:
            # no kept connections: one to an address was opened for one name
            transport = self.transport or httpx.AsyncHTTPTransport(
                limits=httpx.Limits(max_connections=200, max_keepalive_connections=0)
            )
            self.client = httpx.AsyncClient(
                transport=transport,
                timeout=TIMEOUT_S,
                follow_redirects=False,
                trust_env=False,
            )
        return self.client
