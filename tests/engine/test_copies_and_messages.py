"""Copies that share nothing, sampled worlds, saved dealers, and the exact words of errors.

Written against what mutation testing (docs/mutation.md) found untested: a
clone that shared its results or log views with the original, a sampled world
with the wrong history, a record that forgot the stacked dealer, and error
messages nobody read.
"""

import dataclasses
import random

import pytest

from engine import (
    EventKind,
    IllegalActionError,
    InvalidInputError,
    Match,
    make_deck,
    preset,
    score_deal,
)
from engine.record import MatchRecord
from tests.engine.helpers import cards, stacked_match

KNACK, HOSEN = preset("knack"), preset("hosenowi")
H3 = {0: "AH KH 9S", 1: "QH 10H JD", 2: "7C 8S 9D"}
TABLE = "10C 8C 7S"


def play(m, rng, steps=10_000):
    for _ in range(steps):
        if m.is_over():
            return
        m.apply(rng.choice(m.legal_actions()))


def snapshot(m):
    return (
        list(m.results),
        m.results_for(0),
        m.lives(),
        m.places(),
        m.winner(),
        m.legal_actions(),
        [m.observation(s) for s in range(m.players)],
        m.log,
    )


@pytest.mark.parametrize("name", ["knack", "hosenowi", "pub"])
def test_a_clone_played_to_the_end_leaves_the_original_alone(name):
    rules = dataclasses.replace(preset(name), lives=1)
    m = Match(rules, players=4, seed=3)
    play(m, random.Random(1), steps=25)
    before = snapshot(m)
    for seat in range(4):
        m.observation(seat)  # the per-seat log views are cached now
    c = m.clone()
    play(c, random.Random(2))
    assert c.is_over() and len(c.results) > len(m.results)
    assert snapshot(m) == before
    # and the original still plays on exactly like a fresh replay
    again = Match.replay(m.record())
    rng1, rng2 = random.Random(4), random.Random(4)
    while not m.is_over():
        m.apply(rng1.choice(m.legal_actions()))
        again.apply(rng2.choice(again.legal_actions()))
        assert m.observation(m.current_player() or 0) == again.observation(
            again.current_player() or 0
        )
    assert snapshot(m) == snapshot(again)


def test_a_clone_of_a_finished_match_with_a_shared_first_place():
    r = dataclasses.replace(HOSEN, lives=1, swim="none")
    m = stacked_match(r, 3, dealer=2, hands={0: "AH KH QH", 1: "QS 10S JD", 2: H3[2]}, extra=TABLE)
    c = m.clone()
    assert c.winner() == [0, 1] and c.winner() is not m.winner()
    c.winner().append(2)
    assert m.winner() == [0, 1]


def test_sampled_worlds_follow_the_observation_and_the_given_generator():
    m = Match(KNACK, players=3, seed=5)
    obs = m.observation(1)
    w1 = Match.from_observation(obs, random.Random(9))
    w2 = Match.from_observation(obs, random.Random(9))
    assert w1.results == [] and w1.winner() is None and w1.places() == [1, 1, 1]
    assert [w1.observation(s) for s in range(3)] == [w2.observation(s) for s in range(3)]
    play(w1, random.Random(1))
    play(w2, random.Random(1))
    assert w1.log == w2.log  # the world's own generator comes from rng
    with pytest.raises(InvalidInputError, match=r"^a sampled world"):
        w1.record()


def test_a_sampled_hidden_deal_gives_the_cards_in_transit_to_the_mover_only():
    r = dataclasses.replace(
        KNACK, deal="hidden", passing=False, pass_refresh=False, seven_eight_nine=False
    )
    m = stacked_match(r, 3, dealer=2, hands=H3, extra="10C 8C")
    other = Match.from_observation(m.observation(1), random.Random(3))  # seat 0 moves
    assert len(other.observation(1).hand) == 3 and len(other.observation(0).hand) == 5
    mover = Match.from_observation(m.observation(0), random.Random(3))
    assert mover.observation(0).hand == m.observation(0).hand


def test_sampling_in_the_lugen_phase_keeps_the_announcements():
    r = dataclasses.replace(HOSEN, luegen=True)
    m = stacked_match(r, 3, dealer=2, hands=H3, extra=TABLE)
    m.apply("swap 2 0")
    m.apply("swap 0 0")
    m.apply("swap 0 1")
    m.apply("knock")
    m.apply("swap 0 0")
    m.apply("swap 0 0")
    m.apply("announce 20 show 0 1")  # seat 0 first: it knocked
    w = Match.from_observation(m.observation(1), random.Random(2))
    assert w.current_player() == m.current_player() == 1
    w.apply("announce 9 show 0 1")
    assert w.current_player() == 2 and w.observation(2).announcements.keys() == {0, 1}


@pytest.mark.parametrize("seed", range(40))
def test_a_world_sampled_in_the_announcements_knows_why_the_deal_ended(seed):
    # The observation does not say why a Lügen deal ended; the world reads it from
    # the announced 31s and the knock, and its result says the same as the match's.
    m = Match(dataclasses.replace(HOSEN, luegen=True), players=3, seed=seed)
    rng = random.Random(seed)
    while m.phase.value not in ("announce", "decide"):
        m.apply(rng.choice(m.legal_actions()))
    seat = m.current_player()
    w = Match.from_observation(m.observation(seat), random.Random(seed))
    deals = m.deal_count
    while m.deal_count == deals:
        action = rng.choice(m.legal_actions())
        m.apply(action)
        w.apply(action)
    assert w.last_deal.reason == m.last_deal.reason


def test_a_stacked_dealer_is_saved_and_replayed():
    m = Match(KNACK, players=4, seed=6, dealer=2)
    assert m.record().dealer == 2
    again = Match.replay(MatchRecord.from_json(m.to_json()))
    assert again.dealer == 2 and again.observation(0) == m.observation(0)
    assert Match.from_json(m.to_json()).dealer == 2


def test_illegal_action_messages_say_where_the_match_stands():
    m = stacked_match(KNACK, 3, dealer=0, hands=H3, extra=TABLE)
    with pytest.raises(IllegalActionError) as err:
        m.apply("knock")
    assert str(err.value) == (
        "'knock' is not allowed now: deal 1, seat 0 to choose keep or take; legal: keep, take"
    )
    m.apply("keep")
    with pytest.raises(IllegalActionError) as err:
        m.apply("knock")  # knack: not in the first cycle
    legal = ", ".join(str(a) for a in m.legal_actions())
    assert str(err.value) == (
        f"'knock' is not allowed now: deal 1, seat 1 to play (cycle 1); legal: {legal}"
    )
    for _ in range(3):
        m.apply("pass")
    m.apply("knock")
    assert m.situation() == "deal 1, seat 2 to play (cycle 2), seat 1 knocked"


def test_situation_in_the_lugen_phases_and_at_the_end():
    r = dataclasses.replace(HOSEN, luegen=True)
    m = stacked_match(r, 3, dealer=2, hands=H3, extra=TABLE)
    for action in ("swap 2 0", "swap 0 0", "swap 0 1", "knock", "swap 0 0", "swap 0 0"):
        m.apply(action)
    assert m.situation() == "deal 1, seat 0 to announce, seat 0 knocked"
    for _ in range(3):
        m.apply("announce 20 show 0 1")
    assert m.situation() == "deal 1, seat 2 to challenge or give up, seat 0 knocked"
    r = dataclasses.replace(HOSEN, lives=1, swim="none")
    m = stacked_match(r, 3, dealer=2, hands={0: "AH KH QH", 1: "QS 10S JD", 2: H3[2]}, extra=TABLE)
    assert m.situation() == "the match is over"
    with pytest.raises(IllegalActionError) as err:
        m.apply("pass")
    assert str(err.value) == "'pass' is not allowed: the match is over"


def test_bad_deck_messages_list_what_is_wrong():
    deck = list(make_deck(32))
    with pytest.raises(InvalidInputError) as err:
        Match(KNACK, players=3, deck=[*deck[:-1], deck[0]])
    assert str(err.value) == (
        f"deck is not exactly the 32-card deck: 32 cards, missing {deck[-1]}, "
        f"1 repeated ({deck[0]})"
    )
    with pytest.raises(InvalidInputError) as err:
        Match(KNACK, players=3, deck=[*deck, *cards("2H 3H")])
    assert str(err.value) == (
        "deck is not exactly the 32-card deck: 34 cards, not in this deck 2H 3H"
    )
    with pytest.raises(InvalidInputError, match=r"^deck must be a sequence of cards, not 5$"):
        Match(KNACK, players=3, deck=5)
    text = " ".join(map(str, deck))
    assert Match(KNACK, players=3, deck=text, dealer=0).observation(1).hand == tuple(deck[:3])


def test_results_for_a_seat_that_does_not_exist():
    m = Match(KNACK, players=3)
    for bad in (3, -1, True, "0"):
        with pytest.raises(InvalidInputError) as err:
            m.results_for(bad)
        assert str(err.value) == f"seat {bad!r} does not exist (0-2)"
    assert m.results_for(2) == []


def test_a_long_list_of_legal_actions_is_cut_in_messages():
    m = stacked_match(dataclasses.replace(preset("pub"), deal="open"), 3, 2, H3, extra=TABLE)
    with pytest.raises(IllegalActionError) as err:
        m.apply("keep")
    legal = ", ".join(str(a) for a in m.legal_actions()[:14])
    assert str(err.value).endswith(f"; legal: {legal}, ...")


def test_scoring_messages():
    with pytest.raises(InvalidInputError) as err:
        score_deal([cards("AH KH")], KNACK)
    assert str(err.value) == "a hand is three cards, got 2: AH KH"
    with pytest.raises(InvalidInputError) as err:
        score_deal([()], KNACK)
    assert str(err.value) == "a hand is three cards, got 0: none"
    with pytest.raises(InvalidInputError) as err:
        score_deal([5], KNACK)
    assert str(err.value) == "a hand is three cards, not 5"
    with pytest.raises(InvalidInputError) as err:
        score_deal([cards("AH KH QH"), [*cards("AH AH"[:2]), *cards("AH 7S")]], KNACK)
    assert str(err.value) == "the hand AH AH 7S repeats a card"
    with pytest.raises(InvalidInputError) as err:
        score_deal([None, None], KNACK)
    assert str(err.value) == "score_deal needs at least one hand"


def test_a_stock_of_exactly_three_is_drawn_without_a_reshuffle():
    # 36 cards, 2 players: 27 in the stock, so nine refreshes empty it exactly
    r = dataclasses.replace(preset("classic"), deck=36, deal="open")
    m = stacked_match(r, 2, dealer=1, hands={0: "AH KH 7C", 1: "QH JH 8D"}, extra=TABLE)
    for _ in range(9):
        m.apply("pass")
        m.apply("pass")
    kinds = [e.kind for e in m.log]
    assert kinds.count(EventKind.REFRESH) == 9 and EventKind.RESHUFFLE not in kinds
    assert m.observation(0).stock_size == 0
    m.apply("pass")
    m.apply("pass")
    assert [e.kind for e in m.log[-2:]] == [EventKind.RESHUFFLE, EventKind.REFRESH]


def test_feuer_shows_every_hand_and_can_send_seats_swimming():
    r = dataclasses.replace(preset("pub"), deal="open", lives=1)
    hands = {0: "AH AS AC", 1: "QS 10S JD", 2: "7C 8S 9D"}
    m = stacked_match(r, 3, dealer=2, hands=hands, extra=TABLE)
    result = m.results[0]
    assert result.lost == (0, 1, 1) and result.lives_after == (1, 0, 0)
    assert set(result.hands) == {0, 1, 2} and result.values[1] == 20


def test_everyone_sees_the_cards_a_seat_took_from_the_table():
    m = stacked_match(HOSEN, 3, dealer=2, hands=H3, extra=TABLE)
    assert m.observation(1).known_cards == {}
    m.apply("swap 2 0")  # seat 0 takes 10C
    assert m.observation(1).known_cards == {0: cards("10C")}
    assert m.observation(0).known_cards == {}  # a seat's own cards are in its hand


def test_observation_of_a_missing_seat_and_the_winner():
    r = dataclasses.replace(HOSEN, lives=1, swim="none")
    m = stacked_match(r, 3, dealer=2, hands={0: "AH KH QH", 1: "QS 10S JD", 2: H3[2]}, extra=TABLE)
    assert m.observation(2).winner == [0, 1] == m.winner()
    with pytest.raises(InvalidInputError) as err:
        m.observation(3)
    assert str(err.value) == "seat 3 does not exist (0-2)"
