"""Reactions at a table server's table (issue 41): a seated person's preset reaction
(``protocol.React``, one of ``protocol.REACTIONS``; the schema refuses any other text),
relayed as ``protocol.Reaction`` to every page of the table in this process. Nothing is
stored: not in the match, not in the referee's saved state; a page that was not there
missed it, as a wave across a table is missed.

Only a seated person may react (a watcher or a page without a seat is refused
``not-seated``), at most :data:`REACTION_TIMING`'s pace per seat, counted per table and
seat whatever page sends it (refused ``flood``), on top of the connection's own flood
limit.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.online.protocol import React, Reaction, Reason, Rejected
from engine.online.referee import Buckets, Timing
from server.hub import Conn, Hub

REACTION_TIMING = Timing(burst=3, rate=1 / 3)
"""A seat's pace: three at once, then one every three seconds."""
REACTION_SEATS = 10_000
"""Seats whose reactions are counted at once (the least recent are forgotten first)."""
TOO_FAST = "one reaction every three seconds: wait a moment"


class Reactions:
    """The relay of one process's tables (see the module text); ``clock()`` in ms."""

    def __init__(self, hub: Hub, clock: Callable[[], float]) -> None:
        self.hub, self.clock = hub, clock
        self._pace = Buckets(REACTION_TIMING, most=REACTION_SEATS)

    def receive(self, conn: Conn, message: React) -> None:
        """``conn``'s reaction: refused to it alone, or sent to every page of its table."""
        refusal = self._refusal(conn)
        if refusal is not None:
            conn.reply(refusal)
            return
        assert conn.seat is not None  # checked by the refusal
        relayed = Reaction(conn.seat, message.reaction)
        for page in self.hub.conns(conn.table_id):
            page.reply(relayed)

    def _refusal(self, conn: Conn) -> Rejected | None:
        kind = React.kind
        if conn.watching or conn.seat is None:
            return Rejected(Reason.NOT_SEATED, "only a seated person may react", kind)
        if not self._pace.allow(f"{conn.table_id}:{conn.seat}", self.clock()):
            return Rejected(Reason.FLOOD, TOO_FAST, kind)
        return None


__all__ = ["REACTION_TIMING", "Reactions"]
