"""Markup escaping without the standard library's ``html`` module.

``html`` pulls in ``html.entities`` (a large table) and costs tens of
milliseconds at start-up in Pyodide; the page only ever needs these five
replacements (the same as ``html.escape(text, quote=True)``).

>>> escape('<a href="x">Tom & Jerry\\'s</a>')
'&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#x27;s&lt;/a&gt;'
"""

from __future__ import annotations


def escape(text: object, quote: bool = True) -> str:
    """``text`` made safe for markup; with ``quote`` also for attribute values."""
    s = str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    if quote:
        s = s.replace('"', "&quot;").replace("'", "&#x27;")
    return s
