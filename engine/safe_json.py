"""JSON text read with limits, so damaged or hostile text can never exhaust the stack.

``json.loads`` recurses once per level of nesting. CPython raises ``RecursionError``
after about a thousand levels, but in Pyodide the browser's own stack can run out
first: a ``RangeError`` in the WebAssembly code, and the interpreter is dead for the
rest of the page's life ("Pyodide has suffered a fatal error"). :func:`loads`
therefore looks at the text with a flat, linear scan *before* ``json`` sees it and
refuses it when it is too long or nested too deep. It also refuses what JSON does
not allow or what no record of ours holds: ``NaN`` and ``Infinity``, numbers written
with very many digits or too large for a float, and an object with a key given
twice. A byte order mark in front of the text is dropped (editors on some systems
write one; ``json.loads`` would refuse it).

Every refusal raises :class:`~engine.errors.InvalidInputError` (a ``ValueError``)
saying what was wrong and where; nothing else escapes. The engine reads saved
matches with it (``engine.record.load``) and the page reads every stored record
and imported file through it (``app.safe_json``), so the bound is written once.

>>> loads('{"lives": [3, 2.5, -1], "name": "Anna"}', max_chars=100)
{'lives': [3, 2.5, -1], 'name': 'Anna'}
>>> loads("[" * 20000 + "]" * 20000, max_chars=10**6)
Traceback (most recent call last):
...
engine.errors.InvalidInputError: JSON nested deeper than 64 levels (at character 64)
>>> loads('{"a": 1, "a": 2}', max_chars=100)
Traceback (most recent call last):
...
engine.errors.InvalidInputError: JSON object has the key 'a' twice
>>> loads("\\ufeff[NaN]", max_chars=100)
Traceback (most recent call last):
...
engine.errors.InvalidInputError: JSON holds NaN, which is not a number JSON allows
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable
from typing import Any

from .errors import InvalidInputError

MAX_DEPTH = 64
"""Nesting allowed by default: records of ours use fewer than ten levels. Pyodide
handled several thousand in a trial, so this leaves a wide margin."""
MAX_NUMBER_CHARS = 40
"""The longest number literal (digits, sign, point, exponent) accepted: far more than
any count, seed or value the game writes, far less than a number that is costly to convert."""

_STRUCTURE = re.compile(r'["\[\]{}]')


def check(
    text: str, *, max_chars: int, max_depth: int = MAX_DEPTH, max_string: int | None = None
) -> None:
    """Raise InvalidInputError if ``text`` is longer than ``max_chars`` characters,
    nests arrays and objects deeper than ``max_depth``, holds a string longer than
    ``max_string`` characters (if given) or a string without its closing quote.

    The scan never recurses and reads each character at most twice, so it is safe
    and fast on any text (megabytes in milliseconds). Brackets inside strings do
    not count; a backslash escapes the next character, as in JSON.

    >>> check('["[[[", {"a": "]"}]', max_chars=100, max_depth=2)
    >>> check("[[[]]]", max_chars=100, max_depth=2)
    Traceback (most recent call last):
    ...
    engine.errors.InvalidInputError: JSON nested deeper than 2 levels (at character 2)
    >>> check('["' + "x" * 50 + '"]', max_chars=100, max_string=10)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    engine.errors.InvalidInputError: JSON string at character 1 is 50 characters long; ...
    """
    if len(text) > max_chars:
        raise InvalidInputError(
            f"JSON text of {len(text)} characters; at most {max_chars} are allowed"
        )
    depth = 0
    search = _STRUCTURE.search
    find = text.find
    pos = 0
    while True:
        found = search(text, pos)
        if found is None:
            return
        at = found.start()
        char = text[at]
        if char == '"':
            end = _string_end(text, at, find)
            if max_string is not None and end - at - 1 > max_string:
                raise InvalidInputError(
                    f"JSON string at character {at} is {end - at - 1} characters long; "
                    f"at most {max_string} are allowed"
                )
            pos = end + 1
            continue
        if char in "[{":
            depth += 1
            if depth > max_depth:
                raise InvalidInputError(
                    f"JSON nested deeper than {max_depth} levels (at character {at})"
                )
        else:
            depth -= 1  # too many closing brackets: json.loads reports that
        pos = at + 1


def _string_end(text: str, start: int, find: Callable[[str, int], int]) -> int:
    """The index of the quote closing the string that opens at ``start``."""
    pos = start + 1
    while True:
        end = find('"', pos)
        if end < 0:
            raise InvalidInputError(f"JSON string at character {start} is not closed")
        slashes = 0
        back = end - 1
        while back > start and text[back] == "\\":  # each run of backslashes is read once
            slashes += 1
            back -= 1
        if slashes % 2 == 0:
            return end
        pos = end + 1


def loads(
    text: str | bytes,
    *,
    max_chars: int,
    max_depth: int = MAX_DEPTH,
    max_string: int | None = None,
) -> Any:
    """``json.loads(text)`` after :func:`check`, refusing NaN/Infinity, keys given
    twice, number literals longer than :data:`MAX_NUMBER_CHARS` and floats too large
    to hold. Bytes are read as UTF-8; a leading byte order mark is dropped. Raises
    InvalidInputError for every problem, also for text that is not JSON at all.

    >>> loads("1e999", max_chars=10)
    Traceback (most recent call last):
    ...
    engine.errors.InvalidInputError: JSON number 1e999 is too large
    >>> loads("[1, 2", max_chars=10)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    engine.errors.InvalidInputError: not valid JSON: Expecting ',' delimiter: ...
    """
    if isinstance(text, bytes | bytearray):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise InvalidInputError(f"JSON text is not UTF-8: {exc}") from None
    if not isinstance(text, str):
        raise InvalidInputError(f"JSON text must be a string, not {type(text).__name__}")
    if text.startswith("\ufeff"):
        text = text[1:]
    check(text, max_chars=max_chars, max_depth=max_depth, max_string=max_string)
    try:
        return json.loads(
            text,
            object_pairs_hook=_object,
            parse_constant=_constant,
            parse_int=_int,
            parse_float=_float,
        )
    except InvalidInputError:
        raise
    except RecursionError:  # cannot happen after check(); kept as a last net
        raise InvalidInputError("JSON nested too deeply") from None
    except ValueError as exc:
        raise InvalidInputError(f"not valid JSON: {exc}") from None


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise InvalidInputError(f"JSON object has the key {key[:40]!r} twice")
            seen.add(key)
    return out


def _constant(name: str) -> Any:
    raise InvalidInputError(f"JSON holds {name}, which is not a number JSON allows")


def _number_text(text: str) -> None:
    if len(text) > MAX_NUMBER_CHARS:
        raise InvalidInputError(
            f"JSON number of {len(text)} characters; at most {MAX_NUMBER_CHARS} are allowed"
        )


def _int(text: str) -> int:
    _number_text(text)
    return int(text)


def _float(text: str) -> float:
    _number_text(text)
    value = float(text)
    if not math.isfinite(value):
        raise InvalidInputError(f"JSON number {text} is too large")
    return value
