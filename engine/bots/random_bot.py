"""The ``random`` bot: a uniformly random legal action (the ladder's floor)."""

from __future__ import annotations

import random


class RandomBot:
    """Picks uniformly among ``observation.legal_actions`` with its own generator."""

    name = "random"

    def __init__(self, seed: int = 0):
        self.seed = seed
        self.rng = random.Random(seed)

    def choose(self, observation):
        actions = list(observation.legal_actions)
        return actions[self.rng.randrange(len(actions))]

    def decide(self, view) -> int:
        """Index of a uniformly random move of a ``View``."""
        return self.rng.randrange(len(view.legal))

    def __repr__(self) -> str:
        return f"RandomBot(seed={self.seed})"
