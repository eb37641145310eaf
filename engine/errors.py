"""The exceptions the engine raises for bad input and illegal moves."""

from typing import Any


class InvalidInputError(ValueError):
    """Text, options or data that cannot be understood: bad card text, an
    unknown preset, an inconsistent rule set, broken saved data."""


class IllegalActionError(ValueError):
    """A well-formed action that the rules do not allow in this situation."""


class ActionOutOfRangeError(InvalidInputError, IllegalActionError):
    """Action text in the right form whose numbers no situation allows: an index
    past the cards (``swap 5 0``), a repeated index (``hold 1 1 2``), or a value
    no hand has (``announce 31 show 0 1``). CONFORMANCE.md calls unreadable text
    an InvalidInputError and a disallowed action an IllegalActionError; such text
    is a bit of both, so it is both, and a caller catching either one sees it."""


def quote(value: Any, limit: int = 40) -> str:
    """``repr(value)`` cut to ``limit`` characters: an error's detail never echoes much
    input."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."
