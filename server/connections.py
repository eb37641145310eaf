"""uvicorn's HTTP/1.1 protocol (h11) with a deadline for a request's headers and a cap
on one client address's connections.

uvicorn closes a kept-alive connection that stays idle (``timeout_keep_alive``) and
refuses headers over its size limit, but a client that sends a request's headers a
byte at a time would hold its connection for ever. Here each request's headers, from
the first byte (or from the connection's opening), must be there within
``HEADERS_S``, or the connection is closed. The body's deadline is the application's
(``server.app.BodyLimit``), but the rest of a body the application answered without
reading (an error: 404, 413, 415, 429) has ``HEADERS_S`` from the answer, as no
keep-alive timer runs while it comes.

Without a proxy in front, one address may hold at most ``per_address`` HTTP
connections at once (an IPv6 address counts by its /64); one more is closed at once. A
connection that becomes a WebSocket leaves this count for the application's, which
counts WebSockets by the forwarded address too. Behind ``--proxy-headers`` every
connection comes from the proxy, which limits its clients itself.
"""

from __future__ import annotations

import asyncio
import ipaddress
from collections import Counter
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

HEADERS_S = 10.0


def address_key(host: str) -> str:
    """Whom a limit per client address counts: an IPv4 address (mapped into IPv6 or
    not) as itself, an IPv6 address by its /64, as one machine or household gets a
    whole /64; anything else (a test client's name) as it is.

    >>> address_key("2001:db8:1:2:aaaa::1"), address_key("::ffff:10.0.0.1")
    ('2001:db8:1:2::/64', '10.0.0.1')
    """
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return host
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


def guarded_h11(seconds: float = HEADERS_S, per_address: int | None = None) -> type[H11Protocol]:
    """The protocol class for ``uvicorn.Config(http=...)``; ``per_address`` None: no cap."""
    open_from: Counter[str] = Counter()

    class Guarded(H11Protocol):
        _deadline: asyncio.TimerHandle | None = None
        _counted: str | None = None

        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            if per_address is not None and self.client is not None:
                key = address_key(self.client[0])
                if open_from[key] >= per_address:
                    transport.close()
                    return
                open_from[key] += 1
                self._counted = key
            self._watch()

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            self._watch()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if self.conn.their_state is h11.SEND_BODY:  # answered before the body was read
                self._watch()

        def handle_websocket_upgrade(self, event: h11.Request) -> None:
            self._uncount()
            super().handle_websocket_upgrade(event)

        def connection_lost(self, exc: Exception | None) -> None:
            self._stop_watch()
            self._uncount()
            super().connection_lost(exc)

        def _uncount(self) -> None:
            if self._counted is not None:
                open_from[self._counted] -= 1
                if open_from[self._counted] <= 0:
                    del open_from[self._counted]
                self._counted = None

        def _waiting_on_client(self) -> bool:
            """Whether only the client can move this connection on: a request's headers
            are incomplete, or the rest of a body is still coming after the answer went
            out (an error answered without reading it: nothing will read it, and no
            keep-alive timer runs while it comes)."""
            theirs = self.conn.their_state
            unread_body = theirs is h11.SEND_BODY and self.conn.our_state is h11.DONE
            return (theirs is h11.IDLE or unread_body) and not self.transport.is_closing()

        def _watch(self) -> None:
            """A deadline while the connection waits on the client, none otherwise."""
            if not self._waiting_on_client():
                self._stop_watch()
            elif self._deadline is None:
                self._deadline = self.loop.call_later(seconds, self._too_slow)

        def _stop_watch(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None

        def _too_slow(self) -> None:
            self._deadline = None
            if self._waiting_on_client():
                self.transport.close()

    return Guarded
