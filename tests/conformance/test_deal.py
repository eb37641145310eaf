"""Stacked first deals, deal modes, direction and the checks right after the deal."""

import pytest

from engine import InvalidInputError, Match, parse_cards

from .support import full_deck, legal, rules, stacked


def cs(text):
    return set(parse_cards(text))


def hand(match, seat):
    return match.observation(seat).hand


HANDS3 = {1: "7C 8D 9H", 2: "7D 8H 9S", 0: "QH 10H JD"}


def test_dealer_choice_keep():
    m = stacked(rules("classic"), 3, 0, HANDS3, extra="AS KS 7S", stock="10C JC QC")
    assert m.current_player() == 0
    assert legal(m) == ["keep", "take"]
    assert hand(m, 0) == parse_cards("QH 10H JD")
    assert hand(m, 1) == parse_cards("7C 8D 9H")
    assert hand(m, 2) == parse_cards("7D 8H 9S")
    for seat in range(3):
        assert m.observation(seat).table == ()
    assert m.observation(1).legal_actions == []
    m.apply("keep")
    assert hand(m, 0) == parse_cards("QH 10H JD")
    assert m.observation(0).table == parse_cards("AS KS 7S")
    assert m.observation(2).table == m.observation(0).table
    assert m.current_player() == 1


def test_dealer_choice_take():
    m = stacked(rules("classic"), 3, 0, HANDS3, extra="AS KS 7S")
    m.apply("take")
    assert hand(m, 0) == parse_cards("AS KS 7S")
    assert m.observation(1).table == parse_cards("QH 10H JD")
    assert m.current_player() == 1
    assert "keep" not in legal(m)


def test_dealer_choice_other_dealer_four_players():
    hands = {3: "7C 8D 9H", 0: "7D 8H 9S", 1: "QH 10H JD", 2: "KC QC 8S"}
    m = stacked(rules("classic"), 4, 2, hands, extra="AS KS 7S")
    assert m.current_player() == 2
    for seat, text in hands.items():
        assert hand(m, seat) == parse_cards(text)
    m.apply("keep")
    assert m.current_player() == 3


def test_forehand_choice():
    # pub: the player after the dealer chooses, the player after the chooser starts
    m = stacked(rules("pub"), 3, 0, HANDS3, extra="AS KS 7S")
    assert m.current_player() == 1
    assert legal(m) == ["keep", "take"]
    m.apply("take")
    assert hand(m, 1) == parse_cards("AS KS 7S")
    assert m.observation(0).table == parse_cards("7C 8D 9H")
    assert m.current_player() == 2


def test_forehand_choice_keep_four_players():
    hands = {0: "7C 8D 9H", 1: "7D 8H 9S", 2: "QH 10H JD", 3: "KC QC 8S"}
    m = stacked(rules("pub"), 4, 3, hands, extra="AS KS 7S")
    assert m.current_player() == 0
    m.apply("keep")
    assert hand(m, 0) == parse_cards("7C 8D 9H")
    assert m.observation(3).table == parse_cards("AS KS 7S")
    assert m.current_player() == 1


def test_open_deal():
    m = stacked(rules("hosenowi"), 3, 0, HANDS3, extra="AS KS 7S")
    assert m.current_player() == 1
    assert m.observation(2).table == parse_cards("AS KS 7S")
    for seat, text in HANDS3.items():
        assert hand(m, seat) == parse_cards(text)
    assert "keep" not in legal(m) and "take" not in legal(m)


def test_counterclockwise_order():
    r = rules("classic", deal="open", direction="counterclockwise")
    hands = {3: "7C 8D 9H", 2: "7D 8H 9S", 1: "QH 10H JD", 0: "KC QC 8S"}
    m = stacked(r, 4, 0, hands, extra="AS KS 7S")
    for seat, text in hands.items():
        assert hand(m, seat) == parse_cards(text)
    seen = []
    for _ in range(5):
        seen.append(m.current_player())
        m.apply("pass")
    assert seen == [3, 2, 1, 0, 3]


def test_clockwise_order():
    r = rules("classic", deal="open", pass_refresh=False)
    hands = {1: "7C 8D 9H", 2: "7D 8H 9S", 3: "QH 10H JD", 0: "KC QC 8S"}
    m = stacked(r, 4, 0, hands, extra="AS KS 7S")
    seen = []
    for _ in range(6):
        seen.append(m.current_player())
        m.apply("pass")
    assert seen == [1, 2, 3, 0, 1, 2]


def test_counterclockwise_dealer_choice():
    r = rules("classic", direction="counterclockwise")
    hands = {0: "7C 8D 9H", 3: "7D 8H 9S", 2: "QH 10H JD", 1: "KC QC 8S"}
    m = stacked(r, 4, 1, hands, extra="AS KS 7S")
    assert m.current_player() == 1
    m.apply("keep")
    assert m.current_player() == 0
    m.apply("pass")
    assert m.current_player() == 3


def test_mistery_card_comes_after_the_table():
    r = rules("hosenowi", mistery=True)
    m = stacked(r, 3, 0, HANDS3, extra="AS KS 7S", mistery="JC", stock="10C")
    assert m.observation(1).table == parse_cards("AS KS 7S")
    for seat in range(3):
        assert m.observation(seat).mistery is None
    m.apply("mistery 0")
    assert hand(m, 1)[0] == parse_cards("JC")[0]
    assert m.observation(1).mistery == parse_cards("7C")[0]


def test_hidden_deal_cards():
    r = rules("classic", deal="hidden", passing=False, pass_refresh=False)
    m = stacked(r, 3, 0, HANDS3, extra="AS KS")
    assert m.current_player() == 1
    o = m.observation(1)
    assert o.table == ()
    assert len(o.hand) == 5
    assert o.hand == parse_cards("7C 8D 9H AS KS")  # own three, then the two
    assert hand(m, 2) == parse_cards("7D 8H 9S")
    assert hand(m, 0) == parse_cards("QH 10H JD")


# --- a deck that is not exactly the rules' deck -------------------------------------------


def test_bad_decks_raise():
    r = rules("classic")
    deck = full_deck(32)
    for bad in (
        deck[:-1],
        [*deck, deck[0]],
        [*deck[:-1], deck[0]],
        full_deck(36),
        full_deck(52),
        [*deck[:-1], parse_cards("6H")[0]],
        [],
    ):
        with pytest.raises(InvalidInputError):
            Match(r, players=3, seed=0, dealer=0, deck=bad)
    with pytest.raises(InvalidInputError):
        Match(rules("classic", deck=52), players=3, seed=0, dealer=0, deck=deck)


def test_any_order_of_the_deck_is_accepted():
    for size in (32, 36, 52):
        deck = list(reversed(full_deck(size)))
        m = Match(rules("classic", deck=size), players=3, seed=0, dealer=1, deck=deck)
        assert hand(m, 2) == tuple(deck[0:3])
        assert hand(m, 0) == tuple(deck[3:6])
        assert hand(m, 1) == tuple(deck[6:9])


def test_player_count_outside_the_rules_raises():
    with pytest.raises(InvalidInputError):
        Match(rules("pub"), players=2, seed=0)
    with pytest.raises(InvalidInputError):
        Match(rules("hosenowi"), players=9, seed=0)
    with pytest.raises(InvalidInputError):
        Match(rules("classic"), players=1, seed=0)
    Match(rules("classic"), players=9, seed=0)


# --- 31 and Feuer right after the deal --------------------------------------------------


def test_31_after_an_open_deal_ends_it_at_once():
    hands = {1: "7C 8D 9H", 2: "AH KH 10H", 0: "QS 10S JD"}
    m = stacked(rules("hosenowi"), 3, 0, hands, extra="AS KS 7S", seed=3)
    assert m.lives() == [3, 2, 3]
    assert not m.is_over()
    # the next deal: dealer 1, so seat 2 starts the open deal
    assert m.current_player() == 2


def test_31_is_checked_after_the_deal_choice_keep():
    hands = {1: "KC 9D 8H", 2: "AH KH 10H", 0: "QS 10S JD"}
    m = stacked(rules("classic"), 3, 0, hands, extra="7S 8C 7D")
    assert m.current_player() == 0
    assert m.lives() == [3, 3, 3]
    m.apply("keep")
    assert m.lives() == [3, 2, 3]
    assert m.current_player() == 1  # next dealer chooses


def test_31_is_checked_after_the_deal_choice_take():
    hands = {1: "KC 9D 8H", 2: "AH KH 10H", 0: "QS 10S JD"}
    m = stacked(rules("classic"), 3, 0, hands, extra="7S 8C 7D")
    m.apply("take")
    assert m.lives() == [2, 3, 3]


def test_31_taken_by_the_dealer():
    hands = {1: "KC 9D 8H", 2: "7H 8S 9C", 0: "QS 10S JD"}
    m = stacked(rules("classic"), 3, 0, hands, extra="AD KD 10D")
    m.apply("take")
    assert m.lives() == [3, 3, 2]  # 31 holder 0; seat 1 has 10, seat 2 has 9


def test_feuer_after_the_deal_beats_a_31():
    hands = {1: "AC AS AH", 2: "AD KD 10D", 0: "7C 8D 9H"}
    m = stacked(rules("hosenowi"), 3, 0, hands, extra="KS QS 7S", seed=0)
    # (seed 0: the next deal does not end at once as well)
    assert m.lives() == [2, 3, 2]


def test_feuer_after_the_deal_choice_heads_up_costs_two():
    hands = {1: "AC AS AH", 0: "7C 8D 9H"}
    m = stacked(rules("knack"), 2, 0, hands, extra="KS QS 7S")
    assert m.current_player() == 0
    m.apply("keep")
    assert m.lives() == [1, 3]


def test_feuer_taken_by_the_dealer():
    hands = {1: "KC QD 8H", 2: "7H 8S 9C", 0: "QS 10S JD"}
    m = stacked(rules("pub"), 3, 0, hands, extra="AD AS AC")
    # pub: seat 1 chooses; taking gives seat 1 the three aces
    assert m.current_player() == 1
    m.apply("take")
    assert m.lives() == [4, 5, 4]
