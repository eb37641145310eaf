"""The arena command: JSON shape, seat rotation, --set, bot files."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine import InvalidInputError, preset
from engine.arena import build_rules, convert_option, main, run

ROOT = Path(__file__).resolve().parents[2]


def test_cli_json_shape(capsys):
    args = "--rules knack --players 4 --bots random,random,random,random --matches 6 --seed 1"
    code = main([*args.split(), "--json"])
    assert code == 0
    out = json.loads(capsys.readouterr().out)
    assert out["matches"] == 6 and isinstance(out["seconds"], float)
    assert [b["spec"] for b in out["bots"]] == ["random"] * 4
    assert sum(b["wins"] for b in out["bots"]) == pytest.approx(6)
    for b in out["bots"]:
        assert 0 <= b["win_rate"] <= 1 and b["win_rate"] == pytest.approx(b["wins"] / 6)
    assert set(out) == {"matches", "seconds", "bots"}  # exactly CONFORMANCE's shape
    assert main([*args.split(), "--json", "--details"]) == 0
    details = json.loads(capsys.readouterr().out)
    assert [b["wins"] for b in details["bots"]] == [b["wins"] for b in out["bots"]]
    assert details["actions"] > 0 and details["actions_per_second"] > 0
    assert details["cpu_seconds"] > 0 and details["rules"]["deck"] == 32


def test_cli_as_module_prints_table():
    res = subprocess.run(
        [
            sys.executable,
            "-m",
            "engine.arena",
            "--rules",
            "hosenowi",
            "--bots",
            "random,random",
            "--matches",
            "3",
            "--set",
            "lives=1",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    assert "3 matches of hosenowi" in res.stdout and "win rate" in res.stdout


def test_same_seed_same_result_and_shared_places_count_fractions():
    rules = build_rules("hosenowi", ["lives=1"])
    a = run(rules, 3, ["random"] * 3, 12, seed=4)
    b = run(rules, 3, ["random"] * 3, 12, seed=4)
    assert [x["wins"] for x in a["bots"]] == [x["wins"] for x in b["bots"]]
    assert sum(x["wins"] for x in a["bots"]) == pytest.approx(12)


def test_seats_rotate(tmp_path):
    # a bot file that records the seats it played
    bot_file = tmp_path / "seatbot.py"
    bot_file.write_text(
        "import random\n"
        "SEATS = []\n"
        "class Bot:\n"
        "    def __init__(self, seed):\n"
        "        self.rng = random.Random(seed)\n"
        "    def choose(self, obs):\n"
        "        if not SEATS or SEATS[-1] != (obs.deal_number, obs.seat):\n"
        "            SEATS.append((obs.deal_number, obs.seat))\n"
        "        return self.rng.choice(obs.legal_actions)\n"
        "def factory(seed):\n"
        "    return Bot(seed)\n"
    )
    rules = build_rules("hosenowi", ["lives=1"])
    out = run(rules, 3, [f"{bot_file}:factory", "random", "random"], 3, seed=0)
    assert out["bots"][0]["spec"].endswith("seatbot.py:factory")
    seats = {s for _, s in sys.modules["_arena_bot_seatbot"].SEATS}
    assert seats == {0, 1, 2}


@pytest.mark.parametrize(
    ("key", "text", "value"),
    [
        ("mistery", "true", True),
        ("luegen", "0", False),
        ("lives", "5", 5),
        ("deal", "open", "open"),
    ],
)
def test_set_converts_by_field_type(key, text, value):
    assert convert_option(key, text) == value


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        (["mistery=maybe"], "true or false"),
        (["lives=x"], "whole number"),
        (["colour=red"], "unknown rule option"),
        (["lives"], "option=value"),
        (["deal=hidden"], "inconsistent"),
    ],
)
def test_bad_settings(settings, message):
    with pytest.raises(InvalidInputError, match=message):
        build_rules("knack", settings)


def test_set_changes_rules():
    r = build_rules("knack", ["mistery=true", "lives=5", "direction=counterclockwise"])
    assert r.mistery and r.lives == 5 and r.direction == "counterclockwise"
    assert r.knock == preset("knack").knock


def test_bad_arguments_exit_2(capsys):
    assert main(["--bots", "random,random", "--players", "3", "--matches", "1"]) == 2
    assert "2 bots for 3 players" in capsys.readouterr().err
    assert main(["--bots", "nobody,random", "--matches", "1"]) == 2
    assert main(["--bots", "missing.py:f,random", "--matches", "1"]) == 2
