"""The ``random`` bot: a uniformly random legal action (the ladder's floor)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from .view import View

if TYPE_CHECKING:
    from ..actions import Action
    from ..observation import Observation


class RandomBot:
    """Picks uniformly among ``observation.legal_actions`` with its own generator."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def choose(self, observation: Observation) -> Action:
        actions = list(observation.legal_actions)
        return actions[self.rng.randrange(len(actions))]

    def decide(self, view: View) -> int:
        """Index of a uniformly random move of a ``View``."""
        return self.rng.randrange(len(view.legal))

    def __repr__(self) -> str:
        return f"RandomBot(seed={self.seed})"
