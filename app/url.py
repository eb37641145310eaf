"""The page's address: its query read into a dict, and text made safe for one.

Decoded here once, without importing ``urllib`` at start-up; ``app.settings.model``
says what the fields mean (``seed``, ``preset``, ``bots``, ...) and ``app.online.page``
which of them open an online table.
"""

from __future__ import annotations

_HEX = frozenset("0123456789abcdefABCDEF")
_SAFE = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.~")


def parse_query(search: str) -> dict[str, str]:
    """``location.search`` as a dict of values. A key given twice keeps its FIRST value,
    as ``URLSearchParams.get`` does in the page's JavaScript (``static/watchdog.js``,
    ``static/net.mjs``): one reading of the URL for both, so the host cannot register
    with one signalling server and invite to another, nor the boot screen and the game
    speak two languages.

    >>> parse_query("?seed=3&bots=2&new=1")
    {'seed': '3', 'bots': '2', 'new': '1'}
    >>> parse_query("?lang=de&lang=en&signal=a&signal=b")
    {'lang': 'de', 'signal': 'a'}
    """
    query: dict[str, str] = {}
    for field in search.lstrip("?").split("&"):
        if field:
            name, _, value = field.partition("=")
            query.setdefault(unquote(name), unquote(value))
    return query


def unquote(text: str) -> str:
    """A query field decoded as ``urllib.parse.unquote_plus`` does (``+`` is a space,
    ``%XX`` a UTF-8 byte, a stray ``%`` stays).

    >>> unquote("caf%C3%A9+au+lait%2")
    'café au lait%2'
    """
    text = text.replace("+", " ")
    if "%" not in text:
        return text
    first, *rest = text.split("%")
    out = bytearray(first.encode())
    for part in rest:
        if len(part) >= 2 and part[0] in _HEX and part[1] in _HEX:
            out.append(int(part[:2], 16))
            out += part[2:].encode()
        else:
            out += b"%" + part.encode()
    return out.decode("utf-8", "replace")


def quote(text: str) -> str:
    """``text`` for a URL's query (percent-encoded UTF-8).

    >>> quote("ab-1 ä")
    'ab-1%20%C3%A4'
    """
    return "".join(c if c in _SAFE else "".join(f"%{b:02X}" for b in c.encode()) for c in text)
