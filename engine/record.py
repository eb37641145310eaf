"""The saved-match format: what a match is made of, as JSON.

A saved match is the rule set, the number of players, the seed, the stacked
first dealer/deck if any, and the list of action texts; replaying the actions
(``Match.replay``) rebuilds exactly the saved match. This module knows the
format only, not the match, so the engine's modules import in one direction
(``match`` uses ``record``):

>>> from engine import Match, preset
>>> m = Match(preset("hosenowi"), players=2, seed=3)
>>> m.apply(m.legal_actions()[0])
>>> rec = MatchRecord.from_json(m.to_json())
>>> rec.players, rec.actions == tuple(m.actions)
(2, True)
>>> Match.replay(rec).actions == m.actions
True
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from .bounds import shown
from .cards import Card
from .errors import InvalidInputError
from .rules import Rules
from .safe_json import loads as bounded_loads

__all__ = ["FORMAT", "VERSION", "MatchRecord"]

FORMAT = "schwimmen-match"
VERSION = 1
MAX_CHARS = 1_000_000
"""The longest saved-match text :meth:`MatchRecord.from_json` reads (a long nine-player
match is about 10,000 characters); longer or deeper text is refused before it is parsed."""


@dataclass(frozen=True)
class MatchRecord:
    """Everything needed to replay a match: its start and its action texts."""

    rules: Rules
    players: int
    seed: int
    dealer: int | None = None  # the stacked first dealer, if any
    deck: tuple[Card, ...] | None = None  # the stacked first deal, if any
    actions: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """The JSON-ready record."""
        return {
            "format": FORMAT,
            "version": VERSION,
            "rules": self.rules.to_dict(),
            "players": self.players,
            "seed": self.seed,
            "dealer": self.dealer,
            "deck": None if self.deck is None else [str(c) for c in self.deck],
            "actions": list(self.actions),
        }

    def to_json(self) -> str:
        """The record as a compact JSON text."""
        return json.dumps(self.to_dict(), separators=(",", ":"))

    @classmethod
    def from_dict(cls, data: Any) -> MatchRecord:
        """Inverse of :meth:`to_dict`; broken or unknown data raises InvalidInputError
        (whether the actions replay is ``Match.replay``'s question)."""
        if not isinstance(data, dict):
            raise InvalidInputError(f"a saved match is a JSON object, not {type(data).__name__}")
        if data.get("format") != FORMAT:
            raise InvalidInputError(
                f"not a saved Schwimmen match (format {shown(data.get('format'))}, "
                f"expected {FORMAT!r})"
            )
        version = data.get("version")
        if version != VERSION:
            raise InvalidInputError(
                f"saved match has format version {shown(version)}; "
                f"this engine reads version {VERSION}"
            )
        missing = [k for k in ("rules", "players", "seed", "actions") if k not in data]
        if missing:
            raise InvalidInputError(f"saved match lacks {', '.join(missing)}")
        actions = data["actions"]
        if not isinstance(actions, list):
            raise InvalidInputError("saved match: 'actions' must be a list of texts")
        for i, text in enumerate(actions):
            if not isinstance(text, str):
                raise InvalidInputError(f"saved match: action {i} is {shown(text)}, not a text")
        deck = data.get("deck")
        if deck is not None and not isinstance(deck, list):
            raise InvalidInputError("saved match: 'deck' must be a list of cards or null")
        try:
            rules = Rules.from_dict(data["rules"])
            cards = None if deck is None else tuple(Card.parse(c) for c in deck)
        except InvalidInputError as e:
            raise InvalidInputError(f"saved match is broken: {e}") from None
        return cls(rules, data["players"], data["seed"], data.get("dealer"), cards, tuple(actions))

    @classmethod
    def from_json(cls, text: str | bytes) -> MatchRecord:
        """Read a record written by :meth:`to_json`. Text longer than :data:`MAX_CHARS`,
        nested deeper than ``engine.safe_json.MAX_DEPTH`` or not JSON raises
        InvalidInputError without ever being handed to a recursive parser.

        >>> MatchRecord.from_json("[" * 20000)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        engine.errors.InvalidInputError: saved match is not readable: JSON nested deeper than 64 ...
        """
        try:
            data = bounded_loads(text, max_chars=MAX_CHARS)
        except InvalidInputError as e:
            raise InvalidInputError(f"saved match is not readable: {e}") from None
        return cls.from_dict(data)
