"""Saving and restoring matches.

A saved match is the rule set, the number of players, the seed, the stacked
first dealer/deck if any, and the list of action texts. Loading replays the
actions, so a restored match is exactly the saved one:

>>> from engine import Match, preset
>>> m = Match(preset("hosenowi"), players=2, seed=3)
>>> m.apply(m.legal_actions()[0])
>>> load(save(m)).actions == m.actions
True
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from .cards import Card
from .errors import IllegalActionError, InvalidInputError
from .rules import Rules
from .safe_json import loads as bounded_loads

if TYPE_CHECKING:
    from .match import Match

FORMAT = "schwimmen-match"
VERSION = 1
MAX_CHARS = 1_000_000
"""The longest saved-match text :func:`load` reads (a long nine-player match is about
10,000 characters); longer or deeper text is refused before it is parsed."""


def to_dict(match: Match) -> dict[str, Any]:
    """The JSON-ready record of a match."""
    if not match._replayable:
        raise InvalidInputError("a sampled world (from an observation) cannot be saved")
    deck = match._deck_arg
    return {
        "format": FORMAT,
        "version": VERSION,
        "rules": match.rules.to_dict(),
        "players": match.players,
        "seed": match.seed,
        "dealer": match._dealer_arg,
        "deck": None if deck is None else [str(c) for c in deck],
        "actions": list(match.actions),
    }


def save(match: Match) -> str:
    """The match as a JSON text."""
    return json.dumps(to_dict(match), separators=(",", ":"))


def replay(
    rules: Rules,
    players: int,
    seed: int,
    actions: Iterable[str],
    dealer: int | None = None,
    deck: Sequence[Card] | None = None,
) -> Match:
    """Rebuild a match from its start and its actions (checked one by one)."""
    from .match import Match

    match = Match(rules, players=players, seed=seed, dealer=dealer, deck=deck)
    for i, text in enumerate(actions):
        if not isinstance(text, str):
            raise InvalidInputError(f"action {i} is {text!r}, not a text")
        try:
            match.apply(text)
        except (InvalidInputError, IllegalActionError) as e:
            raise InvalidInputError(f"action {i} ({text!r}) cannot be replayed: {e}") from None
    return match


def from_dict(data: Any) -> Match:
    """Inverse of :func:`to_dict`; broken or unknown data raises InvalidInputError."""
    if not isinstance(data, dict):
        raise InvalidInputError(f"a saved match is a JSON object, not {type(data).__name__}")
    if data.get("format") != FORMAT:
        raise InvalidInputError(
            f"not a saved Schwimmen match (format {data.get('format')!r}, expected {FORMAT!r})"
        )
    version = data.get("version")
    if version != VERSION:
        raise InvalidInputError(
            f"saved match has format version {version!r}; this engine reads version {VERSION}"
        )
    missing = [k for k in ("rules", "players", "seed", "actions") if k not in data]
    if missing:
        raise InvalidInputError(f"saved match lacks {', '.join(missing)}")
    actions = data["actions"]
    if not isinstance(actions, list):
        raise InvalidInputError("saved match: 'actions' must be a list of texts")
    deck = data.get("deck")
    if deck is not None and not isinstance(deck, list):
        raise InvalidInputError("saved match: 'deck' must be a list of cards or null")
    try:
        rules = Rules.from_dict(data["rules"])
        cards = None if deck is None else [Card.parse(c) for c in deck]
        return replay(rules, data["players"], data["seed"], actions, data.get("dealer"), cards)
    except InvalidInputError as e:
        raise InvalidInputError(f"saved match is broken: {e}") from None


def load(text: str | bytes) -> Match:
    """Read a match saved with :func:`save`. Text longer than :data:`MAX_CHARS`,
    nested deeper than ``engine.safe_json.MAX_DEPTH`` or not JSON raises
    InvalidInputError without ever being handed to a recursive parser.

    >>> load("[" * 20000)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    engine.errors.InvalidInputError: saved match is not readable: JSON nested deeper than 64 ...
    """
    try:
        data = bounded_loads(text, max_chars=MAX_CHARS)
    except InvalidInputError as e:
        raise InvalidInputError(f"saved match is not readable: {e}") from None
    return from_dict(data)


def transcript(rules: Rules, players: int, seed: int) -> str:
    """A readable record of a whole match played by a seeded random chooser
    (uniform, but knocking with probability 0.3 when it may, so deals stay
    short). Every line shows the mover's hand and the table before the move,
    then the events it caused; golden files keep these to catch rule changes.
    """
    import random

    from .match import Match

    match = Match(rules, players=players, seed=seed)
    rng = random.Random(seed)
    lines = [
        f"# rules {json.dumps(rules.to_dict(), sort_keys=True)}",
        f"# players {players}, seed {seed}",
    ]
    shown = 0

    def flush() -> None:
        nonlocal shown
        log = match.log
        lines.extend(f"    {e}" for e in log[shown:])
        shown = len(log)

    flush()
    while not match.is_over():
        legal = match.legal_actions()
        knock = [a for a in legal if str(a) == "knock"]
        action = knock[0] if knock and rng.random() < 0.3 else rng.choice(legal)
        seat = match.current_player()
        o = match.observation(seat)  # type: ignore[arg-type]
        hand = " ".join(map(str, o.hand))
        table = " ".join(map(str, o.table)) or "-"
        mistery = f" [{match._mistery}]" if match._mistery is not None else ""
        lines.append(f"seat {seat} holds {hand} | table {table}{mistery} | {o.phase}: {action}")
        match.apply(action)
        flush()
    lines.append(f"# winner {match.winner()}, lives {match.lives()}, deals {match.deal_count}")
    return "\n".join(lines) + "\n"
