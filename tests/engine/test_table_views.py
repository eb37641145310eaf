"""What the engine says so that no page has to work it out (issue 20): the order of
play, the turns still to come after a knock, who is out, a finished deal's last table,
and what anyone watching may see. Checked against seeded matches played to the end."""

from __future__ import annotations

import dataclasses
import random

import pytest

from engine import EventKind, Match, preset
from engine.observation import Phase, is_out

CASES = [
    ("classic", {}),
    ("knack", {"mistery": True}),
    ("hosenowi", {"luegen": True}),
    ("pub", {"direction": "counterclockwise"}),
    ("classic", {"deal": "hidden", "passing": False, "pass_refresh": False}),
]
IDS = ["classic", "knack-mistery", "hosenowi-luegen", "pub-ccw", "classic-hidden"]


def rules_of(name, extra):
    return dataclasses.replace(preset(name), **extra) if extra else preset(name)


def matches(name, extra, seeds=range(4)):
    """(match, every step's (observation before, action, match after)) for seeded matches."""
    for seed in seeds:
        m = Match(rules_of(name, extra), players=4, seed=seed)
        rng = random.Random(seed)
        while not m.is_over():
            yield m, rng.choice(m.legal_actions())


@pytest.mark.parametrize(("name", "extra"), CASES, ids=IDS)
def test_the_turns_to_come_are_the_turns_that_come(name, extra):
    """After a knock, the seats named are the ones that move next, in that order, until
    the deal ends (a 31 may end it sooner)."""
    expected: list[int] = []
    deal = None
    checked = 0
    for m, action in matches(name, extra):
        if m.deal_number != deal:
            expected, deal = [], m.deal_number
        obs = m.observation(m.current_player())
        if expected:
            assert obs.current == expected.pop(0)
            assert list(obs.turns_to_come()) == [obs.current, *expected]
            checked += 1
        elif obs.turns_to_come():
            expected = list(obs.turns_to_come())[1:]
        m.apply(action)
    assert checked


def test_no_turns_to_come_during_luegens_announcements():
    """Issue 37: a 31 in the last round ends the turns; the announcements and the
    challenge after it named "Last round: ..." still (seed 5, three seats)."""
    rules = rules_of("classic", {"luegen": True})
    seen = 0
    for seed in range(8):
        m = Match(rules, players=3, seed=seed)
        rng = random.Random(seed)
        while not m.is_over():
            obs = m.observation(m.current_player())
            if obs.phase in (Phase.ANNOUNCE, Phase.DECIDE) and obs.knocked_by is not None:
                assert obs.turns_to_come() == (), (seed, [str(e) for e in obs.log[-3:]])
                seen += 1
            m.apply(rng.choice(obs.legal_actions))
    assert seen  # a knock before the announcements was met


@pytest.mark.parametrize(("name", "extra"), CASES, ids=IDS)
def test_the_order_of_play_and_who_is_out(name, extra):
    for m, action in matches(name, extra, seeds=range(2)):
        obs = m.observation(0)
        order = obs.order_from(obs.dealer)
        active = [s for s in order if not obs.is_out(s)]
        assert sorted(order) == list(range(obs.players))
        assert set(active) == set(obs.active) == {s for s, v in enumerate(m.lives()) if v >= 0}
        if obs.current is not None and not obs.is_out(obs.dealer):
            assert active == m._order_from(obs.dealer)
        assert all(is_out(v) == (v < 0) for v in obs.lives)
        m.apply(action)


@pytest.mark.parametrize(("name", "extra"), CASES, ids=IDS)
def test_a_finished_deals_last_table_and_hands(name, extra):
    ended = 0
    for m, action in matches(name, extra):
        before = m.observation(0)
        deals = m.deal_count
        m.apply(action)
        if m.deal_count == deals:
            continue
        ended += 1
        end = m.observation(0).at_deal_end()
        result = m.results[-1]
        assert end.deal_number == result.deal_number
        if m.deal_count > deals + 1:  # the next deal ended at once too (a dealt 31)
            continue
        assert end.table == result.table
        assert end.current is None and end.legal_actions == []
        final = m._final_hands[-1][0]
        assert end.hand == tuple(final)  # its own final hand (empty for a seat that was out)
        assert end.log[-1].kind is EventKind.DEAL_END and end.log[-1].value == result.deal_number
        assert end.lives == before.lives  # the lives as they were while the deal was played
        if not m.rules.luegen and before.table and result.reason != "feuer":
            assert len(end.table) == len(before.table)
    assert ended


@pytest.mark.parametrize(("name", "extra"), CASES, ids=IDS)
def test_the_public_observation_holds_nothing_private(name, extra):
    for m, action in matches(name, extra, seeds=range(2)):
        for seat in range(4):
            own, public = m.observation(seat), m.public_observation(seat)
            assert public.hand == () and public.mistery is None and public.legal_actions == []
            assert public.table == own.table and public.lives == own.lives
            assert len(public.log) == len(own.log)
            for e in public.log:
                if e.kind in (EventKind.MISTERY, EventKind.HOLD):
                    assert e.given == () and e.taken == ()
            assert public.last_deal is None or public.last_deal.own_hand == ()
        m.apply(action)
