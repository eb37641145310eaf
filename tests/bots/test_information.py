"""Bots see only the observation: dealing everything a seat cannot see anew
(consistently with its observation) changes neither what it sees nor what it
chooses. hard runs in its fixed-sample mode, so its choice is reproducible."""

import dataclasses
import random

import pytest

from engine import Match, preset
from engine.bots import make
from engine.bots.observe import view_of

SPECS = [("random", {}), ("easy", {}), ("medium", {}), ("hard", {"samples": 4})]


def positions(rules, seed, players=4, every=4, limit=14):
    """Observations along a match played by medium bots."""
    m = Match(rules, players=players, seed=seed)
    drivers = [make("medium", seed + s) for s in range(players)]
    out = []
    n = 0
    while not m.is_over() and len(out) < limit:
        s = m.current_player()
        obs = m.observation(s)
        if n % every == 0:
            out.append((m.clone(), s))
        m.apply(drivers[s].choose(obs))
        n += 1
    return out


@pytest.mark.parametrize(
    ("name", "opts"),
    [
        ("knack", {}),
        ("hosenowi", {"mistery": True, "luegen": True}),
        ("classic", {"deal": "hidden", "passing": False, "pass_refresh": False}),
        ("pub", {}),
    ],
)
def test_resampled_hidden_cards_change_nothing(name, opts):
    rules = dataclasses.replace(preset(name), **opts)
    rng = random.Random(7)
    checked = 0
    for match, seat in positions(rules, seed=3):
        obs = match.observation(seat)
        for _ in range(2):
            world = Match.from_observation(obs, rng)
            obs2 = world.observation(seat)
            assert view_of(obs2) == view_of(obs)
            for bot_name, bot_opts in SPECS:
                a = make(bot_name, 5, **bot_opts).choose(obs)
                b = make(bot_name, 5, **bot_opts).choose(obs2)
                assert a == b, (bot_name, str(a), str(b))
            checked += 1
    assert checked >= 10
