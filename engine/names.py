"""Players' names: what a name may hold, and when two names are one.

Every place that takes a name uses these: the people at one device (``app.settings``),
an online table's messages (``engine.online.protocol``), a table server. They live
here, outside ``engine.online``, because online play's code ships apart from what the
page imports at start (``app.parts``), and naming the people at one device must work
without it.

>>> clean_name("  <b>Tom</b>   & Jerry ")
'<b>Tom</b> & Jerry'
>>> clean_name("Eve\\u202eevil")
Traceback (most recent call last):
...
engine.names.BadName: a name may not hold control characters
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from engine.errors import InvalidInputError, quote

NAME_MAX = 20
"""The longest player name, in characters, after trimming."""

# Control characters (C0, DEL, C1), the line and paragraph separators, the marks and
# overrides that turn the direction of text (a name could make the words after it read
# backwards), invisible characters (soft hyphen, zero width space, word joiner and the
# like), the byte order mark, lone surrogates and the non-characters.
_FORBIDDEN = re.compile(
    "[\x00-\x1f\x7f-\x9f\xad\u061c\u180e\u200b\u200e\u200f\u2028-\u202e"
    "\u2060-\u206f\ufeff\ufff9-\uffff\ud800-\udfff]"
)
_SPACES = re.compile(r"\s+")
# Joiners and variation selectors are kept (emoji and some scripts need them), and so are
# characters that look blank (the Hangul fillers, the blank Braille pattern, the combining
# grapheme joiner, Khmer's inherent vowels, the musical null notehead and formatting
# marks, the tag characters), but a name of nothing else would show as nothing; and
# names are told apart without them ("Hana" and "Hana" with a filler are one name).
_INVISIBLE = re.compile(
    "[\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200c\u200d\u2800\u3164\ufe00-\ufe0f"
    "\uffa0\U0001d159\U0001d173-\U0001d17a\U000e0000-\U000e007f\U000e0100-\U000e01ef]"
)
_SHOWN = frozenset("LNPS")
"""The Unicode categories (their first letter) of a character that shows: letters,
digits, punctuation, symbols; marks, formats, spaces and unassigned ones alone do not."""
_UNSHOWN = frozenset(("Cc", "Cf", "Cn", "Co", "Cs"))
"""Categories left out of a name's key: controls, formats, unassigned, private, surrogates."""
_LOOKALIKE = str.maketrans(
    "\u0430\u0435\u043e\u0440\u0441\u0443\u0445\u0456\u0458\u0455\u04bb\u0501\u051b\u051d\u04cf"
    "\u03bf\u03bd\u03b9\u03c1\u03b1\u03c5",
    "aeopcyxijshdqwlovipau",
)
"""Cyrillic and Greek small letters drawn as Latin ones: one name's key, not two."""


class BadName(InvalidInputError):
    """A name that cannot be taken; the message says why, in English."""


def clean_name(value: Any) -> str:
    """A player's name as the table shows it: composed (NFC), runs of spaces made one,
    trimmed; a :class:`BadName` for what is not text, holds control characters, has
    nothing that shows (by category, :data:`_SHOWN`) or is longer than :data:`NAME_MAX`.

    >>> clean_name("Jose\u0301") == "Jos\u00e9"
    True
    """
    if not isinstance(value, str):
        raise BadName(f"a name is text, not {quote(value)}")
    if _FORBIDDEN.search(value):
        raise BadName("a name may not hold control characters")
    name = _SPACES.sub(" ", unicodedata.normalize("NFC", value)).strip()
    if not any(_shows(c) for c in name):
        raise BadName("a name may not be empty: it needs a letter, digit or sign that shows")
    if len(name) > NAME_MAX:
        raise BadName(f"a name of {len(name)} characters; at most {NAME_MAX} are allowed")
    return name


def _shows(c: str) -> bool:
    return unicodedata.category(c)[0] in _SHOWN and not _INVISIBLE.match(c)


def name_key(name: str) -> str:
    """What a name looks like, for telling two names apart: compatibility forms folded
    (NFKC: a full-width letter is the letter), case folded, the characters that show as
    nothing left out, Cyrillic and Greek look-alikes read as Latin, spaces made one
    ("" for a name that looks empty).

    >>> name_key(" Hana\u3164 "), name_key("\u2800"), name_key("HANA") == name_key("hana")
    ('hana', '', True)
    >>> name_key("\uff28\u0430na")  # a full-width H, a Cyrillic a
    'hana'
    """
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())
    shown = "".join(
        c for c in folded if unicodedata.category(c) not in _UNSHOWN and not _INVISIBLE.match(c)
    )
    return _SPACES.sub(" ", shown.translate(_LOOKALIKE)).strip()
