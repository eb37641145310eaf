"""A frozen copy of the hard bot as it was before issue 14 (the ladder's
``samples=20`` hard), kept so that the ladder can play today's hard against it.

    from bench.hard_v1 import make
    bot = make(seed=7)            # choose(observation) like engine.bots' bots

Only the imports of ``engine.cards`` and ``engine.rules`` were changed from
relative to absolute; nothing here is used by the game.
"""

from __future__ import annotations

from .hard import HardBot

SAMPLES = 20
"""What the ladder's hard used before issue 14 (the page used 12)."""


def make(seed: int = 0, samples: int = SAMPLES) -> HardBot:
    """The frozen hard bot with its own seeded generator."""
    return HardBot(seed, samples=samples)
