"""Lügen decisions that the breakdown (bench/breakdown.py, docs/bots-experiments.md
round 3) found hard losing lives in: decisions of the hard bot of issue 25's start
(``hard_frozen``) against three medium bots in Hosen owi with Lügen, where the oracle
on the true hands kept lives; the search of ``engine/bots/luegen_search.py`` gets
them right. Each position is the real match, rebuilt from its seed and actions."""

from __future__ import annotations

import pytest

from engine import Match
from engine.arena import build_rules
from engine.bots import make
from engine.bots.luegen import p_lie
from engine.bots.observe import view_of

RULES = build_rules("hosenowi", ["luegen=true"])

# (match seed, the match's actions up to the decision, what hard_frozen did,
#  what the oracle keeps lives with, every hand at the decision)
POSITIONS = [
    (
        4022786486,
        [
            "swap 2 1",
            "swap all",
            "swap 0 0",
            "swap 2 2",
            "knock",
            "swap 2 2",
            "swap 0 2",
            "knock",
            "announce 26 show 0 2",
            "announce 19 show 0 1",
            "announce 28 show 0 1",
            "announce 28 show 0 2",
            "challenge 2",
            "swap 2 0",
            "swap all",
            "swap 0 1",
            "announce 29 show 0 1",
            "announce 18 show 0 1",
            "announce 21 show 0 1",
        ],
        "giveup",
        "challenge 3",
        {0: "10H 8H AH", 1: "10D KH 8D", 2: "JS QS AS", 3: "KD 10S QD"},
    ),
    (
        2770360184,
        [
            "swap 1 1",
            "swap 2 0",
            "swap 0 1",
            "swap 2 1",
            "swap 2 0",
            "swap 1 1",
            "knock",
            "swap 1 1",
            "swap all",
            "swap all",
            "announce 27 show 0 1",
            "announce 30 show 1 2",
            "announce 30.5 show 0 1",
            "announce 30 show 0 1",
            "giveup",
            "swap 1 0",
            "swap 2 2",
            "swap 2 0",
            "swap 0 2",
            "knock",
            "swap 0 0",
            "swap 0 2",
            "swap 0 2",
            "announce 27 show 0 1",
            "announce 29 show 0 2",
            "announce 28 show 0 2",
            "announce 30 show 0 1",
            "challenge 2",
            "swap all",
            "swap all",
            "swap 0 2",
            "swap all",
            "knock",
            "knock",
            "swap 0 2",
            "knock",
            "announce 29 show 0 1",
            "announce 21 show 0 1",
            "announce 29 show 0 1",
            "announce 20 show 0 1",
            "giveup",
            "swap 1 1",
            "swap 0 1",
            "swap 2 1",
            "swap 2 0",
            "knock",
            "knock",
            "swap 0 0",
            "swap 0 2",
            "announce 28 show 0 1",
            "announce 27 show 0 1",
            "announce 30 show 0 2",
        ],
        "challenge 1",
        "giveup",
        {0: "10H AH QH", 1: "QD JD 8D", 2: "8S KS 9S", 3: "9D 10D AD"},
    ),
    (
        3837763603,
        [
            "swap 0 0",
            "swap 1 0",
            "swap 0 1",
            "announce 28 show 0 1",
            "announce 29 show 0 1",
            "announce 18 show 0 1",
            "giveup",
            "swap all",
            "swap 2 2",
            "swap 0 1",
            "swap all",
            "swap 0 0",
            "swap 2 0",
            "announce 20 show 0 1",
            "announce 29 show 0 1",
            "announce 28 show 0 1",
            "giveup",
            "swap all",
            "swap 2 0",
            "swap all",
            "swap 2 0",
            "swap 0 0",
            "knock",
            "swap 2 2",
            "knock",
            "knock",
            "announce 27 show 0 2",
            "announce 30 show 0 1",
            "announce 19 show 0 1",
            "announce 21 show 0 1",
            "giveup",
            "swap 1 0",
            "swap 2 0",
            "swap 0 2",
            "swap 2 1",
            "swap 1 1",
            "swap all",
            "knock",
            "swap 2 2",
            "swap 1 0",
            "swap 1 1",
            "announce 30 show 0 1",
            "announce 27 show 0 1",
            "announce 30 show 0 1",
            "announce 30.5 show 0 1",
        ],
        "challenge 2",
        "giveup",
        {0: "10D QD JD", 1: "8C 8H 8S", 2: "10S 9S AS", 3: "10H 7H QH"},
    ),
]
IDS = [f"seed{p[0]}-move{len(p[1])}" for p in POSITIONS]


def position(seed: int, actions: list[str]) -> Match:
    m = Match(RULES, players=4, seed=seed)
    for a in actions:
        m.apply(a)
    return m


@pytest.mark.parametrize("pos", POSITIONS, ids=IDS)
def test_the_position_is_what_it_claims(pos):
    seed, actions, _, _, hands = pos
    m = position(seed, actions)
    assert str(m.observation(m.current_player()).phase) == "decide"
    assert {s: " ".join(str(c) for c in m._deal.hands[s]) for s in range(4)} == hands


@pytest.mark.parametrize("pos", POSITIONS, ids=IDS)
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_hard_decides_as_the_oracle_keeps_lives(pos, seed):
    match_seed, actions, played, best, _ = pos
    m = position(match_seed, actions)
    obs = m.observation(m.current_player())
    assert str(make("hard", seed).choose(obs)) == best != played


def test_the_cards_alone_do_not_settle_them():
    """The announcement challenged (by hard_frozen or by the oracle) is settled by
    no card (a known third card or an impossible value): the play and the other
    announcements decide, which the heuristic's uniform third card does not weigh."""
    for match_seed, actions, played, best, _ in POSITIONS:
        m = position(match_seed, actions)
        view = view_of(m.observation(m.current_player()))
        for move in (played, best):
            if move.startswith("challenge"):
                assert 0.0 < p_lie(view, int(move.split()[1])) < 1.0
