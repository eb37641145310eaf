"""engine.bots.make and python -m engine.arena (CONFORMANCE.md: Bots and the arena)."""

import json
import os
import subprocess
import sys
import textwrap

import pytest

import engine
from engine import Match

from .support import rules

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
NAMES = ["random", "easy", "medium", "hard"]


def play_bots(r, names, seed, max_steps=3000):
    bots = [engine.bots.make(name, seed=seed + i) for i, name in enumerate(names)]
    m = Match(r, players=len(names), seed=seed)
    chosen = []
    while not m.is_over() and len(chosen) < max_steps:
        seat = m.current_player()
        obs = m.observation(seat)
        action = bots[seat].choose(obs)
        assert action in obs.legal_actions, (names[seat], str(action))
        chosen.append(str(action))
        m.apply(action)
    return chosen, m


@pytest.mark.parametrize(
    "name, changes, names",
    [
        ("knack", {}, ["hard", "medium", "easy", "random"]),
        ("classic", dict(deal="open"), ["medium", "hard", "easy"]),
        ("pub", {}, ["easy", "medium", "hard"]),
        ("hosenowi", dict(mistery=True, luegen=True), ["hard", "medium", "easy", "random"]),
        ("classic", dict(deal="hidden", passing=False, pass_refresh=False), ["hard", "easy"]),
        ("knack", dict(deck=36, luegen=True), ["medium", "hard", "random"]),
    ],
)
def test_bots_play_legal_and_deterministic(name, changes, names):
    r = rules(name, lives=1, **changes)
    first, m = play_bots(r, names, seed=3)
    assert m.is_over()
    second, _ = play_bots(r, names, seed=3)
    assert first == second


def test_make_names():
    for name in NAMES:
        bot = engine.bots.make(name, seed=0)
        assert callable(bot.choose)
        assert callable(engine.bots.make(name).choose)


def test_same_seed_same_choice_on_the_same_observation():
    r = rules("knack")
    m = Match(r, players=4, seed=8)
    m.apply("keep")
    obs = m.observation(m.current_player())
    for name in NAMES:
        a = [str(engine.bots.make(name, seed=s).choose(obs)) for s in (1, 1, 2, 2)]
        assert a[0] == a[1] and a[2] == a[3]
        assert all(x in map(str, obs.legal_actions) for x in a)


def test_unknown_bot_name():
    with pytest.raises(ValueError):
        engine.bots.make("grandmaster", seed=0)


def arena(*args, timeout=120, **env):
    done = subprocess.run([sys.executable, "-m", "engine.arena", *args], capture_output=True,
                          text=True, cwd=ROOT, timeout=timeout,
                          env={**os.environ, "PYTHONPATH": ROOT, **env})  # fmt: skip
    return done


def check_shape(out, matches, specs):
    assert isinstance(out, dict)
    assert set(out) == {"matches", "seconds", "bots"}
    assert out["matches"] == matches
    assert isinstance(out["seconds"], float) and out["seconds"] >= 0
    assert [b["spec"] for b in out["bots"]] == specs
    for b in out["bots"]:
        assert set(b) == {"spec", "wins", "win_rate"}
        assert 0 <= b["win_rate"] <= 1
        assert b["win_rate"] == pytest.approx(b["wins"] / matches)
    assert sum(b["wins"] for b in out["bots"]) == pytest.approx(matches)


def test_arena_json():
    done = arena("--rules", "knack", "--players", "4", "--bots", "hard,medium,medium,medium",
                 "--matches", "2", "--seed", "1", "--json")  # fmt: skip
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    check_shape(out, 2, ["hard", "medium", "medium", "medium"])


def test_arena_set_and_shared_places(tmp_path):
    # first_out matches can share first place: wins may be fractions, still summing to matches
    done = arena("--rules", "hosenowi", "--players", "3", "--bots", "random,easy,random",
                 "--matches", "6", "--seed", "2", "--json", "--set", "mistery=true",
                 "--set", "lives=1", "--set", "luegen=true")  # fmt: skip
    assert done.returncode == 0, done.stderr
    check_shape(json.loads(done.stdout), 6, ["random", "easy", "random"])


def test_arena_rejects_inconsistent_set():
    done = arena("--rules", "hosenowi", "--players", "3", "--bots", "random,random,random",
                 "--matches", "1", "--json", "--set", "pass_refresh=true")  # fmt: skip
    assert done.returncode != 0


def test_arena_bot_from_a_file(tmp_path):
    path = tmp_path / "mybot.py"
    path.write_text(textwrap.dedent(
        """
        import os


        class FirstBot:
            def __init__(self, seed):
                self.seed = seed
                self.seats = set()

            def choose(self, observation):
                if observation.seat not in self.seats:
                    self.seats.add(observation.seat)
                    with open(os.environ["SEATS_LOG"], "a") as f:
                        f.write(f"{observation.seat}\\n")
                return observation.legal_actions[0]


        def factory(seed):
            return FirstBot(seed)
        """
    ))  # fmt: skip
    spec = f"{path}:factory"
    log = tmp_path / "seats.txt"
    done = arena("--rules", "classic", "--players", "3", "--bots", f"{spec},random,easy",
                 "--matches", "3", "--seed", "4", "--json", SEATS_LOG=str(log))  # fmt: skip
    assert done.returncode == 0, done.stderr
    check_shape(json.loads(done.stdout), 3, [spec, "random", "easy"])
    # seats rotate between matches: the file bot sat in more than one seat
    assert len(set(log.read_text().split())) > 1


HASH_PROBE = """
import dataclasses, json, engine
out = []
for name, ch in [("hosenowi", dict(mistery=True, luegen=True)),
                 ("classic", dict(deal="hidden", passing=False, pass_refresh=False))]:
    r = dataclasses.replace(engine.preset(name), lives=1, **ch)
    bots = [engine.bots.make(n, seed=i) for i, n in enumerate(["hard", "medium", "easy", "random"])]
    m = engine.Match(r, players=4, seed=7)
    while not m.is_over():
        s = m.current_player()
        a = bots[s].choose(m.observation(s))
        out.append(str(a))
        m.apply(a)
print(json.dumps(out))
"""


def test_bots_do_not_depend_on_the_hash_seed():
    runs = []
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONPATH": ROOT, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run([sys.executable, "-c", HASH_PROBE], capture_output=True, text=True,
                              cwd=ROOT, env=env, timeout=120, check=True)  # fmt: skip
        runs.append(json.loads(done.stdout))
    assert runs[0] == runs[1] and len(runs[0]) > 20
