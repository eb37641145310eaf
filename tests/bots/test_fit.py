"""The refitting command (bench/fit.py): a vector of zeros is today's numbers, each
knob moves what it names, and a fit from the same seed chooses the same numbers on the
same matches (the budget aside, CPU time)."""

import argparse

from bench import fit
from engine.bots.params import DEFAULT


def test_zeros_are_todays_numbers_and_each_knob_moves_its_own():
    for level, knobs in fit.KNOBS.items():
        assert fit.params_of(level, DEFAULT, [0.0] * len(knobs)) == DEFAULT
    first = fit.params_of("medium", DEFAULT, [1.0, 0, 0, 0, 0, 0])
    assert first.knock_row(4) == (24.0, 26.0, 27.0, 28.0)  # cycle 0 only, one later
    later = fit.params_of("hard", DEFAULT, [0, 0.5, 0.25])
    assert later.knock_row(3) == (24.0, 26.5, 27.5, 28.5)
    assert later.rollout_swap2_margin == 0.75


def test_a_fit_replays_from_its_seed():
    args = argparse.Namespace(
        preset="pub", level="medium", seed=3, generations=1, population=2, matches=2,
        samples=8, score="lives", out=None, spread=None,
    )  # fmt: skip
    a, b = fit.fit(args), fit.fit(args)
    assert a["vector"] == b["vector"] and a["history"] == b["history"]
    assert a["matches_played"] == 6  # two matches for today's numbers and each candidate
    assert a["vector"] != [0.0] * len(fit.KNOBS["medium"])
