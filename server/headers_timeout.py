"""uvicorn's HTTP/1.1 protocol (h11) with a deadline for a request's headers.

uvicorn closes a kept-alive connection that stays idle (``timeout_keep_alive``) and
refuses headers over its size limit, but a client that sends a request's headers a
byte at a time would hold its connection for ever. Here each request's headers, from
the first byte (or from the connection's opening), must be there within
``HEADERS_S``, or the connection is closed. The body's deadline is the application's
(``server.app.BodyLimit``).
"""

from __future__ import annotations

import asyncio
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

HEADERS_S = 10.0


def with_headers_deadline(seconds: float = HEADERS_S) -> type[H11Protocol]:
    """The protocol class for ``uvicorn.Config(http=...)``."""

    class HeadersDeadline(H11Protocol):
        _deadline: asyncio.TimerHandle | None = None

        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            self._watch()

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            self._watch()

        def connection_lost(self, exc: Exception | None) -> None:
            self._stop_watch()
            super().connection_lost(exc)

        def _watch(self) -> None:
            """A deadline while a request's headers are incomplete, none otherwise."""
            if self.conn.their_state is not h11.IDLE or self.transport.is_closing():
                self._stop_watch()
            elif self._deadline is None:
                self._deadline = self.loop.call_later(seconds, self._too_slow)

        def _stop_watch(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None

        def _too_slow(self) -> None:
            self._deadline = None
            if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
                self.transport.close()

    return HeadersDeadline
