"""The saved match: what ``localStorage`` keeps so a reload resumes exactly.

A record is the engine's match text (``Match.to_json``: every action from the seed)
plus the little the page adds: the settings it was dealt with, how far the player has
seen and the statistics have counted the deals, whether the result is counted and
whether the player, out of the match, watches the bots to the end. The log is not
saved: it is the engine's events, read again from the match.

Records written by older versions also carry ``deal_logged``, ``line_no``, ``log``,
``out_order`` and ``player_place``; reading ignores them.

>>> from app.settings.model import Settings
>>> import engine
>>> s = Saved(engine.Match(engine.preset("classic"), players=3, seed=1), Settings(), deal_seen=2)
>>> back = read_saved(s.to_json())
>>> back.deal_seen, back.match.to_json() == s.match.to_json()
(2, True)
"""

from __future__ import annotations

import dataclasses
import json

import engine
from app import safe_json
from app.settings import model as st
from app.storage import KEY_MATCH, Notice, Store, clear_match, load_match, save_match


@dataclasses.dataclass(frozen=True)
class Saved:
    """A saved match record, read and checked field by field (see ``read_saved``)."""

    match: engine.Match
    settings: st.Settings
    deal_seen: int = 0  # the last finished deal whose result the player has seen
    deal_noted: int = 0  # the last finished deal counted in the statistics
    recorded: bool = False  # the match's result is in the statistics
    watching: bool = False  # out of the match: watch the bots without deal-over stops

    def to_json(self) -> str:
        """The record as ``localStorage`` keeps it."""
        return json.dumps(
            {
                "match": self.match.to_json(),
                "settings": self.settings.to_dict(),
                "deal_seen": self.deal_seen,
                "deal_noted": self.deal_noted,
                "recorded": self.recorded,
                "watching": self.watching,
            }
        )


def _count(record: dict[str, object], name: str) -> int:
    value = record.get(name, 0)
    if type(value) is not int or value < 0:
        raise ValueError(f"{name} is {value!r}, not a whole number >= 0")
    return value


def _flag(record: dict[str, object], name: str) -> bool:
    value = record.get(name, False)
    if not isinstance(value, bool):
        raise ValueError(f"{name} is {value!r}, not true or false")
    return value


def read_saved(text: str, browser_lang: str = "de") -> Saved:
    """The saved match ``text`` (what ``Saved.to_json`` wrote) checked as a whole;
    ``ValueError`` (or the engine's error) names the first field that is wrong.
    Missing counters take their start values.

    >>> read_saved('{"match": 1, "settings": {}}')
    Traceback (most recent call last):
    ...
    ValueError: match is 1, not the engine's match text
    """
    record = safe_json.loads(text, "match")  # bounded: never a RecursionError
    if not isinstance(record, dict):
        raise ValueError(f"the record is {type(record).__name__}, not an object")
    if not isinstance(record.get("match"), str):
        raise ValueError(f"match is {record.get('match')!r}, not the engine's match text")
    if not isinstance(record.get("settings"), dict):
        raise ValueError(f"settings is {record.get('settings')!r}, not an object")
    match = engine.Match.from_json(record["match"])
    settings, _ = st.from_dict(record["settings"], browser_lang)
    return Saved(
        match=match,
        settings=settings,
        deal_seen=_count(record, "deal_seen"),
        deal_noted=_count(record, "deal_noted"),
        recorded=_flag(record, "recorded"),
        watching=_flag(record, "watching"),
    )


def store(target: Store, record: Saved) -> Notice | None:
    """Write ``record`` (a failed write is the Notice). A stored match that cannot be
    brought up to date is removed: resumed later, it would replay (and count again)
    what happened since. No saved match is better."""
    notice = save_match(target, record.to_json())
    if notice is not None:
        clear_match(target)
    return notice


def restore(source: Store, browser_lang: str) -> tuple[Saved | None, Notice | None]:
    """The saved match, if there is one this engine can resume; a damaged record (or one
    it cannot read) is set aside in a backup, with the Notice that says so."""
    text, _ = load_match(source)
    if not isinstance(text, str):
        return None, None
    try:
        return read_saved(text, browser_lang), None
    except Exception as exc:  # a damaged record or one this engine cannot read: start anew
        return None, source.quarantine(KEY_MATCH, f"cannot resume: {exc}")
