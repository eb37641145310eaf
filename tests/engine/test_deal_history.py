"""What each finished deal left: ``DealResult.lives_after`` and the observing seat's
own final hand (``own_hand``), which never shows another seat's hidden cards."""

import dataclasses
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


def _luegen():
    return dataclasses.replace(preset("classic"), luegen=True)


@pytest.mark.parametrize("rules", [_luegen(), preset("classic"), preset("hosenowi")])
def test_own_hand_is_the_seats_final_hand_and_nothing_else(rules):
    for seed in range(5):
        m = Match(rules, players=4, seed=seed)

        def check(m: Match) -> None:
            result = m.results[-1]
            assert result.own_hand == ()  # the shared history carries no private cards
            finals = m._final_hands[-1]
            for seat in range(4):
                mine = m.observation(seat).last_deal
                assert mine.own_hand == finals[seat]
                assert dataclasses.replace(mine, own_hand=()) == result
                assert m.results_for(seat)[-1] == mine
                # Nothing else in this seat's view of the deal shows a hidden hand.
                hidden = {
                    c for s in range(4) if s != seat and s not in result.hands for c in finals[s]
                }
                shown = {c for h in mine.hands.values() for c in h}
                shown |= {c for _, cs in mine.announcements.values() for c in cs}
                shown |= set(mine.own_hand)
                assert not hidden & (shown - _public_cards(result))

        _play(m, random.Random(seed), check)


def test_each_seats_copy_of_the_last_result_is_made_once_and_stays_its_own():
    """A table server asks every seat's observation at every move: each seat's copy of
    the last result (with its own hand) is made once per deal, and a copy of the match
    that plays on makes its own."""
    m = Match(_luegen(), players=4, seed=7)
    rng = random.Random(7)
    while len(m.results) < 2:
        m.apply(rng.choice(m.legal_actions()))
    copies = [m.observation(seat).last_deal for seat in range(4)]
    for seat, mine in enumerate(copies):
        assert mine.own_hand == m._final_hands[-1][seat]
        assert m.observation(seat).last_deal is mine  # not made again
    other = m.clone()
    while len(other.results) < 3 and not other.is_over():
        other.apply(rng.choice(other.legal_actions()))
    for seat in range(4):
        assert m.observation(seat).last_deal is copies[seat]
        theirs = other.observation(seat).last_deal
        assert theirs.own_hand == other._final_hands[-1][seat]
        assert dataclasses.replace(theirs, own_hand=()) == other.results[-1]


def _public_cards(result) -> set:
    """Cards every seat saw at the end: revealed hands and shown announcement cards."""
    cards = {c for h in result.hands.values() for c in h}
    return cards | {c for _, cs in result.announcements.values() for c in cs}


def _all_cards(result) -> set:
    """Every card a result names: hands, announcements and the own hand."""
    return _public_cards(result) | set(result.own_hand)


def test_luegen_hidden_cards_reach_only_their_owner():
    m = Match(_luegen(), players=3, seed=11)
    leaks = []

    def check(m: Match) -> None:
        result = m.results[-1]
        finals = m._final_hands[-1]
        for owner in range(3):
            secret = set(finals[owner]) - _public_cards(result)
            for seat in range(3):
                for seen in (m.observation(seat).last_deal, m.results_for(seat)[-1]):
                    if seat != owner and secret & _all_cards(seen):
                        leaks.append((result.deal_number, owner, seat))
            if secret:
                assert set(m.observation(owner).last_deal.own_hand) >= secret

    _play(m, random.Random(3), check)
    assert len(m.results) > 1
    assert leaks == []


def test_a_sampled_world_knows_only_the_observers_own_hand():
    m = Match(preset("classic"), players=3, seed=4)
    rng = random.Random(1)
    while not m.results:
        m.apply(rng.choice(m.legal_actions()))
    obs = m.observation(1)
    assert obs.last_deal.own_hand
    sim = Match.from_observation(obs, random.Random(0))
    assert sim.observation(1).last_deal == obs.last_deal
    assert sim.results[-1].own_hand == ()
    assert all(sim.observation(s).last_deal.own_hand == () for s in (0, 2))
