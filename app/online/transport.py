"""The transport as a room (``app.online.room``) uses it: :class:`Net` for the messages of
a table (``app.online.page.PageNet`` over ``static/net.mjs`` peer to peer,
``app.online.server_net.ServerNet`` at a table server, a fake hub in tests), and a table
server's API beside it (:class:`ServerCalls`).
"""

from __future__ import annotations

from typing import Any, Protocol


class Net(Protocol):
    """The transport, as the room uses it."""

    def open(self, target: Any) -> None:
        """Host: register the table (``target``: a kept ``{"id", "token"}`` or None);
        guest: connect to the table whose id is ``target``."""

    def send(self, conn: str | None, text: str) -> None:
        """Host: to the guest link ``conn``; guest: to the host (``conn`` None)."""

    def close(self) -> None:
        """Close every connection."""

    def identity(self) -> dict[str, str] | None:
        """Host: the id and token of the registered table (None before)."""


class ServerCalls(Protocol):
    """A table server's API, beside its ``Net`` (``app.online.server_net``): the answers
    come back as ``net_created``, ``net_tables`` or ``net_failed``."""

    def create(self, choices: dict[str, Any]) -> None:
        """Open a table with the creator at seat 0 (``POST /api/tables``)."""

    def my_tables(self, seats: list[dict[str, str]]) -> None:
        """The tables these ``{table, token}`` seats are at (``POST /api/my-tables``)."""

    def remind(self, table: str, token: str, lang: str, on: bool, daily: bool = False) -> None:
        """This seat's reminders by Web Push on or off (``POST /api/tables/{id}/push``;
        ``daily``: one summary a day instead of a push a move); the answer comes back as
        ``net_reminded(on, granted)``."""


__all__ = ["Net", "ServerCalls"]
