"""The coach API, and the bots' fast card arithmetic against the engine's."""

import dataclasses
import itertools
import random

import pytest

from engine import Match, hand_value, make_deck, preset, score_deal
from engine.bots import hint
from engine.bots.core import RulesInfo, card_id, score, strength
from engine.bots.core import hand_value as fast_value
from tests.engine.helpers import luegen_decision, stacked_match


def test_hint_ranks_every_legal_action_and_finds_the_31():
    m = stacked_match(
        preset("hosenowi"),
        4,
        dealer=3,
        hands={0: "AH KH 7C", 1: "8S 9S 7D", 2: "8C 9C 8D", 3: "9H 7S 8H"},
        extra="QH 10S JD",
    )
    obs = m.observation(0)
    ranked = hint(obs, budget_ms=None, samples=8)
    assert sorted(str(h.action) for h in ranked) == sorted(str(a) for a in obs.legal_actions)
    assert str(ranked[0].action) == "swap 2 0"
    assert ranked[0].p_safe == 1.0
    probs = [h.p_safe for h in ranked]
    assert probs == sorted(probs, reverse=True)
    assert all(0.0 <= p <= 1.0 for p in probs)
    assert hint(obs, budget_ms=None, samples=8) == ranked  # deterministic


@pytest.mark.parametrize(
    ("name", "opts"),
    [("classic", {}), ("hosenowi", {"luegen": True}), ("pub", {}), ("knack", {"mistery": True})],
)
def test_hint_works_in_every_phase(name, opts):
    rules = dataclasses.replace(preset(name), **opts)
    m = Match(rules, players=3, seed=4)
    from engine.bots import make

    bots = [make("medium", s) for s in range(3)]
    phases = set()
    for _ in range(200):
        if m.is_over():
            break
        s = m.current_player()
        obs = m.observation(s)
        ranked = hint(obs, budget_ms=None, samples=2)
        assert len(ranked) == len(obs.legal_actions)
        phases.add(str(obs.phase))
        m.apply(bots[s].choose(obs))
    assert "play" in phases


def test_hint_respects_the_time_budget():
    import time

    m = Match(preset("classic"), players=4, seed=2)
    while str(m.observation(m.current_player()).phase) != "play":
        m.apply(m.legal_actions()[0])
    obs = m.observation(m.current_player())
    t = time.perf_counter()
    hint(obs, budget_ms=30, samples=100000)
    assert time.perf_counter() - t < 2.0


OPTION_SETS = [
    {},
    {"feuer": True},
    {"flush_30": True, "feuer": True, "feuer_value": 33},
    {"handeln": True},
    {"rang_tiebreak": True},
    {"under_21_pays": True},
    {"knocker_pays_ties": True, "feuer": True, "feuer_two_lives_heads_up": True},
    {"under_21_pays": True, "knocker_pays_ties": True},
]


@pytest.mark.parametrize("opts", OPTION_SETS)
@pytest.mark.parametrize("deck", [32, 52])
def test_fast_values_and_scoring_match_the_engine(opts, deck):
    rules = dataclasses.replace(preset("classic"), deck=deck, **opts)
    info = RulesInfo.of(rules)
    cards = make_deck(deck)
    rng = random.Random(deck)
    for _ in range(400):
        hand = rng.sample(cards, 3)
        ids = [card_id(c) for c in hand]
        assert fast_value(*ids, info) == hand_value(hand, rules), hand
    for _ in range(300):
        n = rng.choice([2, 3, 4, 5])
        dealt = rng.sample(cards, 3 * n)
        hands = [dealt[3 * i : 3 * i + 3] for i in range(n)]
        knocker = rng.choice([None, *range(n)])
        want = score_deal(hands, rules, knocker=knocker)
        st = {s: strength(*(card_id(c) for c in h), info) for s, h in enumerate(hands)}
        got = score(st, info, -1 if knocker is None else knocker)
        assert [got[s] for s in range(n)] == list(want), (hands, knocker)


def test_all_three_card_hands_of_the_short_deck():
    rules = dataclasses.replace(preset("knack"), handeln=True)
    info = RulesInfo.of(rules)
    for hand in itertools.combinations(make_deck(32), 3):
        assert fast_value(*(card_id(c) for c in hand), info) == hand_value(hand, rules)


def test_hint_in_the_lugen_decision_ranks_the_certain_lie_first():
    from tests.bots.positions import impossible_announcement

    m = impossible_announcement()
    ranked = hint(m.observation(2), budget_ms=None)
    assert str(ranked[0].action) == "challenge 0"
    assert ranked[0].p_safe == 1.0
    assert {str(h.action) for h in ranked} == {"challenge 0", "challenge 1", "giveup"}
    assert next(h for h in ranked if str(h.action) == "giveup").p_safe == 0.0


def test_hint_in_the_lugen_decision_ranks_giving_up_above_a_risky_challenge():
    """A challenge that is probably wrong costs two lives; giving up costs one for sure,
    so the coach puts it first (as the bots decide), not last for its 0% chance."""
    obs = luegen_decision().observation(0)
    ranked = hint(obs, budget_ms=None)
    assert str(obs.phase) == "decide"
    assert str(ranked[0].action) == "giveup"
    assert {str(h.action) for h in ranked} == {"challenge 1", "challenge 2", "giveup"}
    risky = next(h for h in ranked if str(h.action) == "challenge 1")
    assert 0.0 < risky.p_safe < 0.5
