"""Random matches of many rule sets for the online tests."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from engine import Match, preset

VARIANTS = [
    ("classic", 4, {}),
    ("knack", 5, {}),
    ("pub", 4, {}),
    ("hosenowi", 3, {}),
    ("classic", 3, {"mistery": True}),
    ("knack", 4, {"mistery": True, "luegen": True}),
    ("classic", 4, {"luegen": True, "deal": "open", "lives": 2}),
    ("classic", 4, {"deal": "hidden", "passing": False, "pass_refresh": False}),
]
"""Rule sets the random matches cover: every preset, Mistery, Lügen, the hidden deal."""


def random_match(name: str, players: int, options: dict[str, Any], seed: int) -> Match:
    return Match(dataclasses.replace(preset(name), **options), players=players, seed=seed)


def play_randomly(match: Match, seed: int):
    """Yield the match after each random move, to the end."""
    rng = random.Random(seed)
    yield match
    while not match.is_over():
        match.apply(rng.choice(match.legal_actions()))
        yield match
