"""Checks of the values in stored or imported statistics (``app.stats.model``): whole
numbers, counts, short names, dates and the keys of a JSON object. Each ``check_`` function
returns the value when it fits and raises ``engine.InvalidInputError`` naming where it
sits otherwise, so a damaged file is refused with a reason.

>>> count(3, "wins"), check_name("knack", "preset")
(3, 'knack')
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from typing import Any, TypeGuard

from engine import InvalidInputError

MAX_COUNT = 10**9
"""Counts above this are taken for damaged data."""

_NAME = re.compile(r"[a-z][a-z0-9_]{0,31}")


def is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def is_number(value: object) -> TypeGuard[int | float]:
    return (is_int(value) or isinstance(value, float)) and math.isfinite(value)


def check_keys(data: Any, keys: Sequence[str], what: str) -> None:
    if not isinstance(data, dict):
        raise InvalidInputError(f"{what} must be a JSON object, not {type(data).__name__}")
    if set(data) != set(keys):
        raise InvalidInputError(
            f"{what} must have exactly the keys {', '.join(keys)}; "
            f"found {', '.join(map(str, data)) or 'none'}"
        )


def check_name(name: Any, what: str) -> str:
    if not isinstance(name, str) or not _NAME.fullmatch(name):
        raise InvalidInputError(f"{what} must be a short lower-case name, not {name!r}")
    return name


def is_date(value: object) -> TypeGuard[str]:
    """True for a real calendar date written ``YYYY-MM-DD``.

    >>> [is_date(x) for x in ("2024-02-29", "2023-02-29", "2026-13-01", "2026-1-01", 20261130)]
    [True, False, False, False, False]
    """
    if not isinstance(value, str) or len(value) != 10 or value[4] != "-" or value[7] != "-":
        return False
    y, m, d = value[:4], value[5:7], value[8:]
    if not (y + m + d).isascii() or not (y + m + d).isdigit():
        return False
    year, month, day = int(y), int(m), int(d)
    if year < 1 or not 1 <= month <= 12:
        return False
    leap = year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)
    days = (31, 29 if leap else 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)[month - 1]
    return 1 <= day <= days


def check_date(value: Any, where: str) -> str:
    if is_date(value):
        return value
    raise InvalidInputError(f"{where} must be a date like 2026-11-30, not {value!r}")


def count(value: Any, where: str) -> int:
    if not is_int(value) or not 0 <= value <= MAX_COUNT:
        raise InvalidInputError(
            f"{where} must be a whole number from 0 to {MAX_COUNT}, not {value!r}"
        )
    return value
