"""Positions where a decent player must not err, built with stacked decks and a
few applied actions. medium and hard must pass all of them."""

import dataclasses

import pytest

from engine import preset
from engine.bots import make
from engine.bots.core import card_id
from engine.bots.evaluate import p31_for
from engine.bots.observe import view_of
from tests.bots.positions import OPEN_CLASSIC, impossible_announcement
from tests.engine.helpers import stacked_match

STRONG = [("medium", {}), ("hard", {"samples": 12}), ("hard", {})]
IDS = ["medium", "hard-12", "hard"]



def choose(spec, match, seed=0):
    name, opts = spec
    seat = match.current_player()
    obs = match.observation(seat)
    action = make(name, seed, **opts).choose(obs)
    assert action in obs.legal_actions
    return str(action)


@pytest.mark.parametrize("spec", STRONG, ids=IDS)
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_takes_the_31_on_the_table(spec, seed):
    m = stacked_match(
        preset("hosenowi"),
        4,
        dealer=3,
        hands={0: "AH KH 7C", 1: "8S 9S 7D", 2: "8C 9C 8D", 3: "9H 7S 8H"},
        extra="QH 10S JD",
    )
    assert choose(spec, m, seed) == "swap 2 0"


@pytest.mark.parametrize("spec", STRONG, ids=IDS)
def test_takes_31_with_swap_all(spec):
    m = stacked_match(
        OPEN_CLASSIC,
        3,
        dealer=2,
        hands={0: "7C 8D 9S", 1: "8S 9C 7D", 2: "8C 9D 8H"},
        extra="AS KS QS",
    )
    assert choose(spec, m) == "swap all"


@pytest.mark.parametrize("spec", STRONG, ids=IDS)
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_does_not_knock_a_weak_hand_early(spec, seed):
    m = stacked_match(
        OPEN_CLASSIC,
        4,
        dealer=3,
        hands={0: "7C 8D 10S", 1: "8S 9S 7D", 2: "8C 9C 8H", 3: "9H 7S 9D"},
        extra="QH JC AD",
    )
    assert choose(spec, m, seed) != "knock"


def _feeding_position():
    """Heads-up: seat 1 is known to hold QS and JS (it took them from the
    table); seat 0 could make 27 by giving AS for KH, and seat 1 would answer
    with 31."""
    m = stacked_match(
        OPEN_CLASSIC,
        2,
        dealer=1,
        hands={0: "AS 9H JS", 1: "8C 9C 10D"},
        extra="QS 8H 7D",
        stock="KH 7C 8D",
    )
    for a in ("swap 2 1", "swap 0 0", "pass", "swap 1 1", "pass", "pass"):
        m.apply(a)
    return m


def test_feeding_position_is_what_it_claims():
    m = _feeding_position()
    obs = m.observation(0)
    assert m.current_player() == 0
    assert [str(c) for c in obs.hand] == ["AS", "9H", "8H"]
    assert [str(c) for c in obs.table] == ["KH", "7C", "8D"]
    assert sorted(str(c) for c in obs.known_cards[1]) == ["JS", "QS"]
    view = view_of(obs)
    with_ace = [card_id("AS"), card_id("7C"), card_id("8D")]
    assert p31_for(view, 1, with_ace) == 1.0
    assert p31_for(view, 1, view.table) == 0.0


@pytest.mark.parametrize("spec", STRONG, ids=IDS)
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_does_not_hand_the_next_player_31(spec, seed):
    m = _feeding_position()
    action = choose(spec, m, seed)
    m.apply(action)
    assert "AS" not in [str(c) for c in m.observation(0).table], action


@pytest.mark.parametrize("spec", STRONG, ids=IDS)
@pytest.mark.parametrize("seed", [0, 1])
def test_challenges_an_impossible_announcement(spec, seed):
    m = impossible_announcement()
    assert m.current_player() == 2
    assert str(m.observation(2).phase) == "decide"
    assert choose(spec, m, seed) == "challenge 0"


@pytest.mark.parametrize("spec", STRONG, ids=IDS)
def test_does_not_challenge_a_certainly_true_announcement(spec):
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
    m.apply("announce 9 show 0 1")  # 7C 8D + 9S: true, and likely
    m.apply("announce 21 show 0 1")  # AH KH: 21 for almost any third card
    # seat 2 holds 10C 8S 7H = 10, the highest; seat 0 is lowest and decides
    assert m.current_player() == 2
    m.apply("announce 10 show 0 1")
    assert m.current_player() == 0
    assert choose(spec, m) != "challenge 1"


# The deal choice (keep the dealt hand, or take the three unseen cards and lay
# one's own hand open on the table). bench/find_blunders.py found it the most
# frequent mistake of today's hard (bench/hard_v1) that the observation alone
# shows: 70 of its 348 costly decisions in 90 matches against three medium
# (knack and classic), 9 of the 23 that a search of the observation alone also
# sees. hard_v1 judges the choice by rollouts of only 20 samples, and here the
# two options differ by a tenth to a quarter of a life, so some seeds pick the
# wrong one. The three positions are dealt as in those matches (at full lives).


def _deal_choice(rules, players, dealer, hands, extra):
    m = stacked_match(rules, players, dealer=dealer, hands=hands, extra=extra)
    assert m.current_player() == dealer
    assert str(m.observation(dealer).phase) == "choose"
    return m


@pytest.mark.parametrize("spec", STRONG, ids=IDS)
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_keeps_a_good_hand_heads_up(spec, seed):
    """Classic, two players: the dealer holds A♠ J♠ 9♣ (21). Three unseen cards
    are worth less on average, and taking them would lay A♠ J♠ open for the
    only opponent, who moves first. Keep. (hard_v1 takes with seed 3.)"""
    m = _deal_choice(
        preset("classic"),
        2,
        dealer=1,
        hands={0: "KC QH QD", 1: "AS JS 9C"},
        extra="8C 7D 8S",
    )
    assert choose(spec, m, seed) == "keep"


@pytest.mark.parametrize("spec", STRONG, ids=IDS)
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_keeps_a_good_hand_with_four_players(spec, seed):
    """Classic, four players: the dealer holds 10♦ J♥ Q♥ (20 in hearts, two
    high hearts). Taking would give the next player J♥ Q♥ on the table for a
    hand that is on average weaker. Keep. (hard_v1 takes with seed 7.)"""
    m = _deal_choice(
        preset("classic"),
        4,
        dealer=2,
        hands={0: "9S 7D AD", 1: "KH 7S 8H", 2: "10D JH QH", 3: "QS 7C QD"},
        extra="AH JD KC",
    )
    assert choose(spec, m, seed) == "keep"


# hard with 12 samples (the page) is left out: for this margin (0.09 of a life by
# a search of 2,000 samples) 12 samples are too few, it takes in 19 of 30 seeds
# (seed 2 keeps); with its default samples hard takes in 30 of 30, medium too.
TAKE_SPECS = [s for s, i in zip(STRONG, IDS, strict=True) if i != "hard-12"]
TAKE_IDS = [i for i in IDS if i != "hard-12"]


@pytest.mark.parametrize("spec", TAKE_SPECS, ids=TAKE_IDS)
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_takes_the_unseen_cards_for_a_poor_hand(spec, seed):
    """Knack, four players: the dealer holds K♥ 10♣ K♦, three suits, worth 10
    (about the worst hand). Three unseen cards are better on average, and the
    hand laid open gives nobody two cards of a suit. Take. (hard_v1 keeps with
    seeds 3 and 6.)"""
    m = _deal_choice(
        preset("knack"),
        4,
        dealer=0,
        hands={0: "KH 10C KD", 1: "KS 9H 9S", 2: "JD 8D QD", 3: "8C 7S 10D"},
        extra="QS 10H 7C",
    )
    assert choose(spec, m, seed) == "take"


# Lügen by search (issue 25): hard weighs the other seats' hands by their play and
# their announcements; medium keeps the heuristic, which counts every unseen card
# alike as the announcer's third card, so medium is not asked to pass these.
HARD_SPECS = [s for s, i in zip(STRONG, IDS, strict=True) if i != "medium"]
HARD_IDS = [i for i in IDS if i != "medium"]


def _knocker_announces_30():
    """Classic with Lügen, open deal, three players. Seat 1 holds A♠ K♠ 9♠ (30) and
    knocks in the first cycle; everyone else passes. Seat 1 announces 30 showing
    A♠ K♠, seat 2 21 showing A♦ K♦ (its hand: A♦ K♦ 7♥), seat 0 9 (7♣ 8♦ 9♥, true,
    the lowest). Of the ~20 cards seat 0 cannot place only 9♠ makes 30 with A♠ K♠,
    so by the cards alone seat 1 looks false (luegen.p_lie 0.54) and the heuristic
    challenges, losing two lives; but a knock in the first cycle with A♠ K♠ and any
    other card (21) is unlikely, and so is announcing 30 from 21 when 21 is not the
    lowest: the announcement is true. Giving up costs one life."""
    rules = dataclasses.replace(OPEN_CLASSIC, luegen=True)
    m = stacked_match(
        rules,
        3,
        dealer=2,
        hands={0: "7C 8D 9H", 1: "AS KS 9S", 2: "AD KD 7H"},
        extra="QH 8C 7S",
    )
    for a in ("pass", "knock", "pass", "pass"):
        m.apply(a)
    m.apply("announce 30 show 0 1")  # true
    m.apply("announce 21 show 0 1")  # true
    m.apply("announce 9 show 0 1")  # true, the lowest: seat 0 decides
    return m


def test_knocker_position_is_what_it_claims():
    from engine.bots.luegen import p_lie

    m = _knocker_announces_30()
    assert m.current_player() == 0 and str(m.observation(0).phase) == "decide"
    view = view_of(m.observation(0))
    assert p_lie(view, 1) > 0.5  # the heuristic's reason to challenge
    assert str(make("medium", 0).choose(m.observation(0))) == "challenge 1"


@pytest.mark.parametrize("spec", HARD_SPECS, ids=HARD_IDS)
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_does_not_challenge_what_the_knock_makes_true(spec, seed):
    m = _knocker_announces_30()
    assert choose(spec, m, seed) == "giveup"
