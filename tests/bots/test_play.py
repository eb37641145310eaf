"""Every bot plays every preset and option without an illegal action, and the
same seed gives the same play."""

import dataclasses
import random

import pytest

from engine import InvalidInputError, Match, preset
from engine import bots as bots_pkg
from engine.bots import NAMES, make

# hard with few samples keeps the suite fast; it is the same code as the default
FAST = {"hard": {"samples": 3}}

VARIANTS = [
    ("classic", {}),
    ("knack", {}),
    ("pub", {}),
    ("hosenowi", {}),
    ("hosenowi", {"mistery": True}),
    ("hosenowi", {"luegen": True}),
    ("knack", {"luegen": True, "mistery": True}),
    ("classic", {"deal": "hidden", "passing": False, "pass_refresh": False}),
    ("classic", {"deck": 36, "swap_two": True}),
    ("classic", {"deck": 52, "handeln": True, "under_21_pays": True}),
    ("classic", {"pass_refresh": False, "rang_tiebreak": True, "direction": "counterclockwise"}),
    ("pub", {"luegen": True}),
    ("knack", {"deal": "forehand_choice", "swim": "first_only"}),
]


def _bot(name, seed):
    return make(name, seed, **FAST.get(name, {}))


def play(rules, names, seed, players=None, max_actions=3000):
    players = players or len(names)
    m = Match(rules, players=players, seed=seed)
    bots = [_bot(names[s % len(names)], seed * 10 + s) for s in range(players)]
    trace = []
    while not m.is_over() and len(trace) < max_actions:
        s = m.current_player()
        obs = m.observation(s)
        a = bots[s].choose(obs)
        assert a in obs.legal_actions, f"{names[s % len(names)]} chose illegal {a}"
        m.apply(a)
        trace.append(str(a))
    assert m.is_over(), "match did not end"
    return trace, m


@pytest.mark.parametrize(("name", "opts"), VARIANTS)
def test_every_bot_plays_every_variant(name, opts):
    rules = dataclasses.replace(preset(name), **opts)
    for seed in (1, 2):
        play(rules, ["hard", "medium", "easy", "random"], seed)


@pytest.mark.parametrize("players", [2, 3, 6])
def test_other_table_sizes(players):
    rules = dataclasses.replace(preset("classic"), deck=52) if players == 6 else preset("knack")
    play(rules, ["hard", "medium", "easy"], 5, players=players)


@pytest.mark.parametrize("name", NAMES)
def test_same_seed_same_play(name):
    rules = dataclasses.replace(preset("hosenowi"), mistery=True, luegen=True)
    names = [name, "medium", name, "easy"]
    a, _ = play(rules, names, 11)
    b, _ = play(rules, names, 11)
    assert a == b


def test_different_seeds_differ_for_random_play():
    rules = preset("classic")
    a, _ = play(rules, ["random"] * 3, 1)
    b = []
    m = Match(rules, players=3, seed=1)
    bots = [make("random", 100 + s) for s in range(3)]
    while not m.is_over():
        s = m.current_player()
        act = bots[s].choose(m.observation(s))
        m.apply(act)
        b.append(str(act))
    assert a != b


def test_make_rejects_unknown_names_listing_the_known():
    with pytest.raises(InvalidInputError) as err:
        make("grandmaster")
    for n in NAMES:
        assert n in str(err.value)
    with pytest.raises(InvalidInputError):
        make("easy", seed="x")


def test_names_and_module_access():
    assert {"random", "easy", "medium", "hard"} <= set(NAMES)
    import engine

    assert engine.bots is bots_pkg
    assert make("hard", 3, samples=5, budget_ms=20).samples == 5


def test_bots_do_not_touch_global_random():
    state = random.getstate()
    play(preset("knack"), ["hard", "medium", "easy", "random"], 3)
    assert random.getstate() == state


def test_the_bots_seed_their_generators_with_whole_numbers(monkeypatch):
    """A seeded match must play alike in CPython and in the page. ``random.Random`` seeded
    with a float goes through ``hash()``, which is 32 bits in Pyodide (wasm32) and 64
    bits in CPython: the same seed then plays differently in the page. Every generator
    the bots make must get a whole number (or text, or nothing)."""
    import random as random_module

    import engine
    from engine import bots as bots_module

    kinds: set[type] = set()
    real = random_module.Random.seed

    def seed(self, a=None, version=2):
        kinds.add(type(a))
        return real(self, a, version)

    monkeypatch.setattr(random_module.Random, "seed", seed)
    for level in ("easy", "medium", "hard"):
        match = engine.Match(engine.PRESETS["knack"], players=4, seed=3)
        players = [bots_module.make(level, seed=i) for i in range(4)]
        for _ in range(40):
            if match.is_over():
                break
            seat = match.current_player()
            match.apply(players[seat].choose(match.observation(seat)))
    assert kinds and kinds <= {int, str, type(None)}, kinds
