"""What a table screen waits for: ``#app[data-state]`` (CONFORMANCE.md, "The page")."""

from __future__ import annotations

import enum


class Mode(enum.StrEnum):
    """The screen's state; its value is the page's ``data-state``."""

    HUMAN = "human"  # the person at this screen decides
    BUSY = "busy"  # others move, a move is on its way, or the device is passed on
    DEAL_OVER = "deal-over"  # a finished deal's result, until ``next-deal``
    MATCH_OVER = "match-over"
    WATCHING = "watching"  # a watcher's page (a table server's): nobody here plays


RUNNING = (Mode.HUMAN, Mode.BUSY, Mode.WATCHING)
"""The modes in which a deal is being played on the screen (no result over it)."""
