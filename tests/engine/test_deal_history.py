"""What each finished deal left: ``DealResult.lives_after``."""

import random

import pytest

from engine import Match, preset


def _play(match: Match, rng: random.Random, on_deal_end=None, limit: int = 3000) -> None:
    """Random legal moves to the end; ``on_deal_end(match)`` after each finished deal."""
    seen = 0
    for _ in range(limit):
        if match.is_over():
            break
        match.apply(rng.choice(match.legal_actions()))
        if on_deal_end and len(match.results) > seen:
            seen = len(match.results)
            on_deal_end(match)
    assert match.is_over()


@pytest.mark.parametrize("name", ["classic", "knack", "pub", "hosenowi"])
def test_lives_after_are_the_lives_each_deal_left(name):
    for seed in range(6):
        m = Match(preset(name), players=4, seed=seed)
        lasts: list[bool] = []

        def note(m: Match, lasts: list[bool] = lasts) -> None:
            lasts.append(m.results[-1].lives_after == tuple(m.lives()))

        _play(m, random.Random(seed), note)
        # The newest result's lives are the match's lives (a dealt Feuer can end two deals
        # in one move: the earlier one keeps the lives it left, checked step by step below).
        assert lasts and all(lasts)
        start = (preset(name).lives,) * 4
        after = [r.lives_after for r in m.results]
        for before, r in zip([start, *after], m.results, strict=False):
            for seat, (b, a) in enumerate(zip(before, r.lives_after, strict=True)):
                if b < 0:
                    assert a == -1  # once out, out
                elif not r.lost[seat]:
                    assert a == b
                else:
                    assert a == -1 or a == b - r.lost[seat]


def test_lives_after_survive_a_save_and_differ_from_the_current_lives():
    m = Match(preset("classic"), players=3, seed=5)
    _play(m, random.Random(2))
    again = Match.from_json(m.to_json())
    assert [r.lives_after for r in again.results] == [r.lives_after for r in m.results]
    assert m.results[-1].lives_after == tuple(m.lives())
    assert len({r.lives_after for r in m.results}) > 1  # earlier deals show earlier lives
