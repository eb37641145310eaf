"""Computer players for Schwimmen.

>>> from engine import bots
>>> bots.NAMES
('random', 'easy', 'medium', 'hard')
>>> bots.make("medium", seed=3).name
'medium'

``make(name, seed=0, **options)`` returns a bot with ``choose(observation)``,
which returns one of ``observation.legal_actions`` and depends only on the
observation and the bot's own seeded generator. ``hard`` takes ``samples``
(determinizations per decision, the reproducible setting) and ``budget_ms``
(a wall-time cap, ``None`` for none). ``hint(observation, budget_ms=...)``
ranks a human's legal actions with the chance of not losing a life.
"""

from __future__ import annotations

from ..errors import InvalidInputError
from .hard import HardBot
from .heuristic import EasyBot, MediumBot
from .hint import Hint, hint
from .random_bot import RandomBot

_FACTORIES = {
    "random": RandomBot,
    "easy": EasyBot,
    "medium": MediumBot,
    "hard": HardBot,
}
NAMES = tuple(_FACTORIES)
"""The bot names ``make`` knows, weakest first."""


def make(name: str, seed: int = 0, **options):
    """A new bot of that name with its own generator seeded by ``seed``.

    An unknown name raises ``InvalidInputError`` listing the known names.
    Options go to the bot's constructor (``hard``: ``samples``, ``budget_ms``,
    ``top_k``).
    """
    factory = _FACTORIES.get(str(name).strip().lower()) if isinstance(name, str) else None
    if factory is None:
        raise InvalidInputError(f"unknown bot {name!r}: known bots are {', '.join(NAMES)}")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise InvalidInputError(f"a bot seed is a whole number, not {seed!r}")
    return factory(seed, **options)


__all__ = [
    "NAMES",
    "EasyBot",
    "HardBot",
    "Hint",
    "MediumBot",
    "RandomBot",
    "hint",
    "make",
]
