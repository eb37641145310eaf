"""Positions the bots' tests share (and the coach's, in tests/app): built here once, so
that no test module imports another's."""

from __future__ import annotations

import dataclasses

from engine import Match, preset
from engine.bots import make
from engine.bots.observe import view_of
from engine.bots.view import View
from tests.engine.helpers import stacked_match

OPEN_CLASSIC = dataclasses.replace(preset("classic"), deal="open")

# -- a turn in the middle of a deal ---------------------------------------------------


def turn_view(name: str, moved: int = 2) -> View:
    """A turn with a choice of moves, at which at least ``moved`` opponents have
    already played in the deal (a match of medium bots)."""
    m = Match(preset(name), players=4, seed=5)
    medium = make("medium", seed=2)
    while True:
        obs = m.observation(m.current_player())
        view = view_of(obs)
        if (
            view.phase == "play"
            and len(view.legal) > 1
            and sum(bool(view.last_turn.get(o)) for o in view.opponents()) >= moved
        ):
            return view
        m.apply(medium.choose(obs))


# -- Lügen: an announcement no third card makes true ------------------------------------


def impossible_announcement() -> Match:
    """A Lügen decision for seat 2 (the lowest, 10) where seat 0's 30 cannot be true."""
    rules = dataclasses.replace(OPEN_CLASSIC, luegen=True)
    m = stacked_match(
        rules,
        3,
        dealer=2,
        hands={0: "7C 8D 9S", 1: "AH KH 7S", 2: "10C 8S 7H"},
        extra="QD JD 9C",
    )
    for a in ("knock", "pass", "pass"):
        m.apply(a)
    m.apply("announce 30 show 0 1")  # 7C 8D and any third card: never 30, a lie
    m.apply("announce 21 show 0 1")  # AH KH: true
    m.apply("announce 10 show 0 1")  # 10C 8S, hidden 7H: true, and the lowest
    return m


# -- Lügen: Ben's 27, true or a lie, settled by a card all saw him take ------------------

RULES = dataclasses.replace(preset("classic"), deal="open", luegen=True)
NAMES = ("", "Ben", "Clara")

# Seat 0 (the player) passes; Ben swaps all three and takes 7♦ 9♦ 8♦ from the table;
# Clara lays J♦ for A♥; the player swaps; Ben then takes J♦ and lays 7♦ (the move below
# is "swap 0 2") or lays 8♦ ("swap 2 2"); Clara knocks and the last turns pass.
BEFORE = ["pass", "swap all", "swap 0 2", "swap 0 0"]
AFTER = ["knock", "pass", "pass"]


def position(ben_lays: str, ben_says: str, clara_says: str = "announce 11 show 0 2") -> Match:
    """The deal at the player's Lügen decision (seat 0 announced the lowest, 10)."""
    m = stacked_match(
        RULES, 3, dealer=2, hands={0: "7C 8S 10H", 1: "QC KS AH", 2: "JD 9C 10S"}, extra="7D 9D 8D"
    )
    for text in [*BEFORE, ben_lays, *AFTER, clara_says, "announce 10 show 0 1", ben_says]:
        m.apply(text)
    assert m.current_player() == 0 and str(m.observation(0).phase) == "decide"
    return m


def true_27() -> Match:
    """Ben holds J♦ 9♦ 8♦ = 27, says 27 showing J♦ 9♦; 8♦ is known to all."""
    m = position("swap 0 2", "announce 27 show 0 1")
    assert [str(c) for c in m.observation(1).hand] == ["JD", "9D", "8D"]
    return m


def lie_27() -> Match:
    """Ben holds 7♦ 9♦ J♦ = 26 (he laid 8♦), says 27 showing J♦ 9♦; 7♦ is known."""
    m = position("swap 2 2", "announce 27 show 2 1")
    assert sorted(str(c) for c in m.observation(1).hand) == ["7D", "9D", "JD"]
    return m
