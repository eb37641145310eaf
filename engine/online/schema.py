"""Checks for JSON values that came from another device, and the one error they raise.

Every message between host and guests is read by ``engine.online.protocol`` and checked
here field by field: the type, the range, the length, and that no key is unknown or
missing. A failed check raises :class:`ProtocolError` with a :class:`Reason` (a code
the page can put into words) and a detail naming the field (``hello.name``) for the
console. A check returns the value as the reader keeps it, so a checked message
holds nothing it did not expect.

>>> seat = integer(0, 8)
>>> fields({"seat": 3}, "welcome", {"seat": seat})
{'seat': 3}
>>> fields({"seat": True}, "welcome", {"seat": seat})
Traceback (most recent call last):
...
engine.online.schema.ProtocolError: bad-message: welcome.seat must be a whole number, not True
>>> fields({"seat": 1, "x": 0}, "welcome", {"seat": seat})
Traceback (most recent call last):
...
engine.online.schema.ProtocolError: bad-message: welcome has unknown fields ['x']
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from typing import Any

from engine.errors import quote as quote  # (the checks' details use it, and protocol's)


class Reason(enum.StrEnum):
    """Why a message was refused: the ``reason`` of a ``rejected`` message."""

    TOO_LARGE = "too-large"  # longer than the limit for its direction
    NOT_JSON = "not-json"  # not readable as bounded JSON
    BAD_MESSAGE = "bad-message"  # a field of the wrong type, length or range; unknown kind
    BAD_NAME = "bad-name"  # empty after trimming, too long, or with control characters
    VERSION = "version"  # another protocol version (answered by ``update-needed``)
    FLOOD = "flood"  # more messages than the connection may send per second
    NOT_SEATED = "not-seated"  # the connection has no seat (say hello first)
    ALREADY_SEATED = "already-seated"  # a second hello on a seated connection
    TABLE_FULL = "table-full"  # no open seat is left
    STARTED = "started"  # joining a match that has begun, without a seat's secret
    BAD_SECRET = "bad-secret"  # a secret that belongs to no seat of this table
    NOT_STARTED = "not-started"  # a move before the match began
    OVER = "over"  # a move after the match ended
    WRONG_SEAT = "wrong-seat"  # a move claiming another seat than the connection's
    NOT_YOUR_TURN = "not-your-turn"  # another seat is to decide
    STALE = "stale"  # a move made for an earlier state of the match
    ILLEGAL = "illegal"  # unreadable action text, or one the rules do not allow now
    NOT_OWNER = "not-owner"  # a lobby control from another seat than the table's creator
    LOBBY = "lobby"  # a lobby control that does not fit the table now (started, not over)
    MORE_TIME = "more-time"  # more time that cannot be given now (one's own turn, given already)


class ProtocolError(ValueError):
    """A message that cannot be accepted: ``reason`` says why (a :class:`Reason`),
    ``detail`` where, in English, for the console (it may quote the sender's input:
    escape it before it reaches markup)."""

    def __init__(self, reason: Reason, detail: str) -> None:
        super().__init__(f"{reason}: {detail}")
        self.reason = reason
        self.detail = detail


Check = Callable[[Any, str], Any]
"""A check: ``check(value, where)`` returns the value as kept, or raises ProtocolError."""


def bad(where: str, what: str) -> ProtocolError:
    """The error for a field that does not fit its schema."""
    return ProtocolError(Reason.BAD_MESSAGE, f"{where} {what}")


def integer(lo: int, hi: int) -> Check:
    """A whole number from ``lo`` to ``hi`` (``true`` is no number here)."""
    return _in_range(int, "a whole number", lo, hi)


def number(lo: float, hi: float) -> Check:
    """A whole or decimal number from ``lo`` to ``hi`` (hand values: 30.5)."""
    return _in_range(int | float, "a number", lo, hi)


def _in_range(kind: Any, name: str, lo: float, hi: float) -> Check:
    """A value of ``kind`` (never a bool, which Python counts as an int) in ``lo..hi``."""

    def check(value: Any, where: str) -> Any:
        if not isinstance(value, kind) or isinstance(value, bool):
            raise bad(where, f"must be {name}, not {quote(value)}")
        if not lo <= value <= hi:
            raise bad(where, f"is {value}; it must be from {lo} to {hi}")
        return value

    return check


def boolean(value: Any, where: str) -> bool:
    """``true`` or ``false``."""
    if not isinstance(value, bool):
        raise bad(where, f"must be true or false, not {quote(value)}")
    return value


def text(max_len: int) -> Check:
    """A string of at most ``max_len`` characters."""

    def check(value: Any, where: str) -> str:
        if not isinstance(value, str):
            raise bad(where, f"must be text, not {quote(value)}")
        if len(value) > max_len:
            raise bad(where, f"has {len(value)} characters; at most {max_len} are allowed")
        return value

    return check


def one_of(*choices: str) -> Check:
    """One of these strings."""

    def check(value: Any, where: str) -> str:
        if value not in choices or not isinstance(value, str):
            raise bad(where, f"is {quote(value)}; expected one of {', '.join(choices)}")
        return value

    return check


def optional(inner: Check) -> Check:
    """``null`` (kept as None) or a value ``inner`` accepts."""

    def check(value: Any, where: str) -> Any:
        return None if value is None else inner(value, where)

    return check


def list_of(inner: Check, max_len: int) -> Check:
    """A list of at most ``max_len`` values, each checked by ``inner``; kept as a tuple."""

    def check(value: Any, where: str) -> tuple[Any, ...]:
        if not isinstance(value, list):
            raise bad(where, f"must be a list, not {quote(value)}")
        if len(value) > max_len:
            raise bad(where, f"has {len(value)} entries; at most {max_len} are allowed")
        return tuple(inner(v, f"{where}[{i}]") for i, v in enumerate(value))

    return check


def fields(
    value: Any,
    where: str,
    required: Mapping[str, Check],
    optional_fields: Mapping[str, Check] | None = None,
) -> dict[str, Any]:
    """An object with exactly the ``required`` keys and any of the optional ones, each
    checked; an unknown key is refused (a sender cannot smuggle anything in)."""
    if not isinstance(value, dict):
        raise bad(where, f"must be an object, not {quote(value)}")
    extra = optional_fields or {}
    unknown = sorted(k for k in value if k not in required and k not in extra)
    if unknown:
        raise bad(where, f"has unknown fields {quote(unknown, 80)}")
    missing = [k for k in required if k not in value]
    if missing:
        raise bad(where, f"lacks {', '.join(missing)}")
    out = {k: check(value[k], f"{where}.{k}") for k, check in required.items()}
    out.update({k: check(value[k], f"{where}.{k}") for k, check in extra.items() if k in value})
    return out
