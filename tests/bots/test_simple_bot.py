"""The ladder's simple outside heuristic (bench/simple_bot.py) plays whole
matches of every preset and option with legal actions only, the same seed
giving the same play, and it is loadable as an arena spec."""

import dataclasses
from pathlib import Path

import pytest

from bench.simple_bot import SimpleBot, make
from engine import Match, preset
from engine.arena import build_rules, load_bot, run
from engine.bots.observe import view_of

ROOT = Path(__file__).resolve().parents[2]

VARIANTS = [
    ("classic", {}),
    ("knack", {}),
    ("pub", {}),
    ("hosenowi", {}),
    ("knack", {"mistery": True}),
    ("hosenowi", {"mistery": True, "luegen": True}),
    ("hosenowi", {"luegen": True}),
    ("pub", {"luegen": True}),
    ("classic", {"deal": "hidden", "passing": False, "pass_refresh": False}),
    ("classic", {"deal": "hidden", "passing": False, "pass_refresh": False, "luegen": True}),
    ("knack", {"deal": "forehand_choice", "deck": 36, "swap_two": True}),
]


def play(rules, seed, players=4, max_actions=4000):
    """A whole match of simple bots; every action checked legal. Returns the
    action texts and the kinds of action the bots chose."""
    m = Match(rules, players=players, seed=seed)
    bots = [make(seed * 10 + s) for s in range(players)]
    trace, kinds = [], set()
    while not m.is_over() and len(trace) < max_actions:
        s = m.current_player()
        obs = m.observation(s)
        a = bots[s].choose(obs)
        assert a in obs.legal_actions, f"simple chose illegal {a} from {obs.legal_actions}"
        m.apply(a)
        trace.append(str(a))
        kinds.add(str(a).split()[0])
    assert m.is_over(), "match did not end"
    return trace, kinds


@pytest.mark.parametrize(("name", "opts"), VARIANTS)
def test_plays_every_variant_legally_and_reproducibly(name, opts):
    rules = dataclasses.replace(preset(name), **opts)
    seen = set()
    for seed in (1, 2):
        a, kinds = play(rules, seed)
        b, _ = play(rules, seed)
        assert a == b
        seen |= kinds
    if rules.luegen:
        assert "announce" in seen
    if rules.deal == "hidden":
        assert "hold" in seen
    else:
        assert "swap" in seen


def test_decides_as_documented():
    """Hold above 28, knock at 26 when allowed, else the best swap by value."""
    rules = preset("classic")  # knock anytime, passing
    bot = SimpleBot(0)
    for seed in range(40):
        m = Match(rules, players=4, seed=seed)
        while m.phase.value == "choose":
            m.apply(bot.choose(m.observation(m.current_player())))
        if m.is_over() or m.phase.value != "play":
            continue
        obs = m.observation(m.current_player())
        view = view_of(obs)
        v = view.value(view.hand)
        move = view.legal[obs.legal_actions.index(bot.choose(obs))]
        best = max(
            view.strength(view.after(mv)[0]) for mv in view.legal if mv[0] in ("swap", "all")
        )
        if best == 31:
            assert view.strength(view.after(move)[0]) == 31
        elif v >= SimpleBot.KNOCK_AT:
            assert move == ("knock",)
        elif best > v:
            assert move[0] in ("swap", "all")
            assert view.strength(view.after(move)[0]) == best
        else:
            assert move == ("pass",)


def test_arena_spec():
    spec = f"{ROOT / 'bench' / 'simple_bot.py'}:make"
    assert load_bot(spec, 3).name == "simple"
    r = run(build_rules("knack"), 4, ["easy", spec, spec, spec], 2, seed=1)
    assert r["matches"] == 2
    assert sum(b["wins"] for b in r["bots"]) == pytest.approx(2)
