"""The limits for every piece of JSON text the page reads, and the one function to read it.

Text reaches the page's Python from ``localStorage`` (settings, statistics, the
saved match: ``app.storage``, ``app.table.saved.read_saved``) and from files the
player imports (``app.stats.model.Stats.from_json``). All of it goes through
:func:`loads`, which is ``engine.safe_json.loads`` (the engine reads its own match
text with the same scan) with a size limit per kind of text. Text beyond a limit,
nested deeper than :data:`MAX_DEPTH`, or holding NaN, Infinity, huge numbers or a
key twice raises ``engine.InvalidInputError``; the caller treats it like any other
damaged data (``app.storage`` moves it to a backup key and says so).

>>> loads('{"lang": "en"}', "settings")
{'lang': 'en'}
>>> loads("[" * 20000 + "]" * 20000, "stats")
Traceback (most recent call last):
...
engine.errors.InvalidInputError: JSON nested deeper than 64 levels (at character 64)
>>> loads("x" * (LIMITS["settings"] + 1), "settings")
Traceback (most recent call last):
...
engine.errors.InvalidInputError: JSON text of 65537 characters; at most 65536 are allowed
"""

from __future__ import annotations

from typing import Any

from engine.safe_json import MAX_DEPTH, check
from engine.safe_json import loads as _loads

__all__ = ["LIMITS", "MAX_DEPTH", "check", "limit", "loads"]

LIMITS: dict[str, int] = {
    "settings": 64 * 1024,  # a few hundred characters in use
    "stats": 1024 * 1024,  # 200 history entries and 64 presets: about 35,000
    "match": 4 * 1024 * 1024,  # the engine's text (10,000 for a long match), escaped twice
    "import": 1024 * 1024,  # an exported statistics file (indented): about 60,000 at most
}
"""Characters allowed per kind of text: far above what the game writes, far below
what could slow the page down. Other stored keys get :data:`DEFAULT_LIMIT`."""
DEFAULT_LIMIT = 64 * 1024


def limit(kind: str) -> int:
    """The size limit in characters for ``kind`` (a storage key or ``"import"``)."""
    return LIMITS.get(kind, DEFAULT_LIMIT)


def loads(text: str, kind: str) -> Any:
    """Parse ``text`` of ``kind`` within its limits (see the module text)."""
    return _loads(text, max_chars=limit(kind))
