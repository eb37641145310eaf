"""Turns: legal actions per option, apply, knocking, passing, 7-8-9, stock, max_cycles."""

import pytest

from engine import Action, IllegalActionError, InvalidInputError, parse_cards

from .support import legal, rules, snapshot, stacked

HANDS3 = {1: "7C 8D 9H", 2: "7D 8H 10S", 0: "QH 10H JD"}  # 9, 10, 20


def card(text):
    return parse_cards(text)[0]


def swaps():
    return [f"swap {h} {t}" for h in range(3) for t in range(3)]


def open_classic(**changes):
    return rules("classic", deal="open", **changes)


def test_classic_turn_actions():
    m = stacked(open_classic(), 3, 0, HANDS3, extra="AS KS 7S", stock="10C JC QC")
    acts = legal(m)
    assert set(acts) == {*swaps(), "swap all", "pass", "knock"}
    assert len(acts) == len(set(acts)) == 12
    assert legal(m) == acts  # stable order
    assert m.observation(1).legal_actions == m.legal_actions()
    assert m.observation(2).legal_actions == []
    assert all(isinstance(a, Action) for a in m.legal_actions())


def test_single_swap_keeps_positions():
    m = stacked(open_classic(), 3, 0, HANDS3, extra="AS KS 7S")
    before_hand = m.observation(1).hand
    before_table = m.observation(1).table
    m.apply("swap 0 1")
    after = m.observation(1)
    assert after.hand == (before_table[1], *before_hand[1:])
    assert after.table == (before_table[0], before_hand[0], before_table[2])
    assert m.current_player() == 2
    assert m.observation(0).table == after.table


def test_swap_all():
    m = stacked(open_classic(), 3, 0, HANDS3, extra="AS KS 7S")
    hand, table = m.observation(1).hand, m.observation(1).table
    m.apply(Action.parse("swap all"))
    assert m.observation(1).hand == table  # position by position
    assert m.observation(1).table == hand


def test_swap_two_only_with_the_option():
    m = stacked(rules("pub"), 3, 0, {1: "7C 8D 9H", 2: "7D 8H 10S", 0: "QH 10H JD"},
                extra="AS KS 7S")  # fmt: skip
    m.apply("keep")  # seat 1 keeps; seat 2 starts
    assert m.current_player() == 2
    acts = legal(m)
    twos = [a for a in acts if len(a.split()) == 5]
    assert len(twos) == 18  # 3 pairs of hand cards x 6 ordered pairs of table cards
    for a in twos:
        _, h1, t1, h2, t2 = a.split()
        assert h1 != h2 and t1 != t2
        assert Action.parse(a) in m.legal_actions()
    assert set(acts) - set(twos) == {*swaps(), "swap all", "pass", "knock"}
    hand, table = m.observation(2).hand, m.observation(2).table
    m.apply("swap 0 2 2 0")
    o = m.observation(2)
    assert o.hand == (table[2], hand[1], table[0])
    assert o.table == (hand[2], table[1], hand[0])

    c = stacked(open_classic(), 3, 0, HANDS3, extra="AS KS 7S")
    assert not any(len(a.split()) == 5 for a in legal(c))
    with pytest.raises(IllegalActionError):
        c.apply("swap 0 0 1 1")


def test_knock_anytime():
    m = stacked(open_classic(), 3, 0, HANDS3, extra="AS KS 7S")
    assert "knock" in legal(m)
    m.apply("knock")
    for seat in range(3):
        assert m.observation(seat).knocked_by == 1
    assert m.current_player() == 2
    assert "knock" not in legal(m)
    m.apply("pass")
    assert m.lives() == [3, 3, 3]
    assert "knock" not in legal(m)
    m.apply("pass")  # seat 0, the last turn: the deal is scored
    assert m.lives() == [3, 2, 3]


def test_knocker_keeps_the_hand_and_final_cycle_counts_others_only():
    m = stacked(open_classic(), 3, 0, HANDS3, extra="AS KS 7S")
    m.apply("pass")  # seat 1
    m.apply("knock")  # seat 2 knocks
    assert m.current_player() == 0
    m.apply("swap 0 0")
    assert m.current_player() == 1
    m.apply("pass")
    # seat 2 does not move again: the deal is over; seat 1 (9) lost
    assert m.lives() == [3, 2, 3]


def test_knock_after_first_cycle():
    r = rules("knack")
    m = stacked(r, 3, 0, HANDS3, extra="AS KS 8S")
    m.apply("keep")
    for seat in (1, 2, 0):
        assert m.current_player() == seat
        assert "knock" not in legal(m)
        m.apply("pass")
    assert m.current_player() == 1
    assert "knock" in legal(m)


def test_knock_after_own_swap():
    r = rules("hosenowi")
    m = stacked(r, 3, 0, HANDS3, extra="AS KS 8S")
    assert "knock" not in legal(m) and "pass" not in legal(m)
    m.apply("swap 0 0")
    assert "knock" not in legal(m)  # seat 2 has not swapped
    m.apply("swap 0 0")
    m.apply("swap 0 0")
    assert m.current_player() == 1
    assert "knock" in legal(m)
    # with passing: passing is not swapping
    c = stacked(open_classic(knock="after_own_swap"), 3, 0, HANDS3, extra="AS KS 8S")
    c.apply("pass")
    c.apply("swap 1 1")
    c.apply("pass")
    assert c.current_player() == 1
    assert "knock" not in legal(c)
    c.apply("pass")
    assert c.current_player() == 2
    assert "knock" in legal(c)


def test_final_cycle_keep_knock_without_passing():
    r = rules("hosenowi")
    m = stacked(r, 3, 0, HANDS3, extra="AS KS 8S")
    for _ in range(3):
        m.apply("swap 0 0")
    m.apply("knock")  # seat 1, first knock
    assert m.current_player() == 2
    assert "knock" in legal(m)  # seat 2 has swapped: it may keep its hand
    hand = m.observation(2).hand
    lives = m.lives()
    m.apply("knock")
    assert m.observation(2).hand == hand
    assert all(m.observation(s).knocked_by == 1 for s in range(3))
    assert m.current_player() == 0  # the final cycle is not extended
    assert m.lives() == lives
    m.apply(m.legal_actions()[0])
    assert m.lives() != lives  # seat 0's turn was the last


def test_final_cycle_no_keep_knock_without_own_swap():
    r = rules("hosenowi", knock="anytime")
    m = stacked(r, 3, 0, HANDS3, extra="AS KS 8S")
    m.apply("knock")
    assert "knock" not in legal(m)


def test_final_cycle_no_keep_knock_with_passing():
    m = stacked(open_classic(), 3, 0, HANDS3, extra="AS KS 8S")
    for _ in range(3):
        m.apply("swap 0 0")
    m.apply("knock")
    assert "knock" not in legal(m)
    assert "pass" in legal(m)


# --- 7-8-9 ----------------------------------------------------------------------------


def test_new_with_seven_eight_nine():
    r = rules("knack")
    hands = {1: "QC 8D 9H", 2: "7D 8H 10S", 0: "QH 10H JD"}
    m = stacked(r, 3, 0, hands, extra="9S 7C 8C", stock="AC KC JC 10C")
    m.apply("keep")
    assert m.current_player() == 1
    assert "new" in legal(m)
    m.apply("new")
    assert m.current_player() == 1  # another turn
    assert m.observation(1).table == parse_cards("AC KC JC")
    assert "new" not in legal(m)
    assert m.observation(1).hand == parse_cards("QC 8D 9H")


def test_no_new_without_the_option_or_the_cards():
    hands = {1: "QC 8D 9H", 2: "7D 8H 10S", 0: "QH 10H JD"}
    m = stacked(open_classic(), 3, 0, hands, extra="9S 7C 8C")
    assert "new" not in legal(m)
    m = stacked(rules("knack"), 3, 0, hands, extra="9S 7C 10C")
    m.apply("keep")
    assert "new" not in legal(m)
    with pytest.raises(IllegalActionError):
        m.apply("new")


# --- passing --------------------------------------------------------------------------


def test_pass_refresh():
    m = stacked(open_classic(), 3, 0, HANDS3, extra="AS KS 8S", stock="10C JC QC 9C")
    m.apply("pass")
    m.apply("pass")
    assert m.observation(0).table == parse_cards("AS KS 8S")
    m.apply("pass")
    assert m.observation(0).table == parse_cards("10C JC QC")
    assert m.current_player() == 1


def test_pass_count_restarts_after_a_swap():
    m = stacked(open_classic(), 3, 0, HANDS3, extra="AS KS 8S", stock="10C JC QC 9C")
    m.apply("pass")  # 1
    m.apply("swap 0 0")  # 2
    table = m.observation(0).table
    m.apply("pass")  # 0
    m.apply("pass")  # 1
    assert m.observation(0).table == table
    m.apply("pass")  # 2: three in a row
    assert m.observation(0).table == parse_cards("10C JC QC")
    assert m.current_player() == 0  # the first of those passers


def test_passes_without_refresh_change_nothing():
    m = stacked(open_classic(pass_refresh=False), 3, 0, HANDS3, extra="AS KS 8S")
    table = m.observation(0).table
    for _ in range(6):
        m.apply("pass")
    assert m.observation(0).table == table
    assert m.current_player() == 1
    assert m.lives() == [3, 3, 3]


def test_stock_running_short_reuses_the_discards():
    r = open_classic()
    players = 9
    hands = {
        1: "7C 8D 9H", 2: "7D 8H 10S", 3: "QH 10H JD", 4: "7H 8C 9D", 5: "KC QD 10C",
        6: "JC JH 8S", 7: "AC AD 9S", 8: "KD KH 7S", 0: "QC QS 10D",
    }  # fmt: skip
    m = stacked(r, players, 0, hands, extra="AS KS 9C", stock="JS AH")
    seen_tables = []
    for _ in range(4):
        for _ in range(players):
            m.apply("pass")
        table = m.observation(0).table
        assert len(table) == 3 and len(set(table)) == 3
        seen_tables.append(set(table))
        in_hands = {c for s in range(players) for c in m.observation(s).hand}
        assert not in_hands & set(table)
        assert len(in_hands) == 27
    assert seen_tables[0] <= {card(t) for t in ("AS", "KS", "9C", "JS", "AH")}
    assert m.lives() == [3] * players


def test_max_cycles_ends_the_deal_without_knocker():
    r = open_classic(pass_refresh=False, max_cycles=2)
    m = stacked(r, 3, 0, HANDS3, extra="AS KS 8S")
    for _ in range(5):
        m.apply("pass")
    assert m.lives() == [3, 3, 3]
    m.apply("pass")
    assert m.lives() == [3, 2, 3]


def test_max_cycles_counts_swaps_too():
    r = open_classic(max_cycles=1)
    m = stacked(r, 3, 0, HANDS3, extra="7S 8S 9C")
    m.apply("swap 0 0")
    m.apply("swap 0 0")
    assert m.lives() == [3, 3, 3]
    m.apply("pass")
    assert sorted(m.lives()) == [2, 3, 3]


def test_max_cycles_with_knocker_pays_ties_has_no_knocker():
    r = rules("knack", max_cycles=1, seven_eight_nine=False, pass_refresh=False)
    hands = {1: "7C 8D 9H", 2: "7D 8H 9S", 0: "QH 10H JD"}  # 9, 9, 20
    m = stacked(r, 3, 0, hands, extra="AS KS 8S")
    m.apply("keep")
    for _ in range(3):
        m.apply("pass")
    assert m.lives() == [3, 2, 2]


# --- 31 and Feuer during play ---------------------------------------------------------


def test_31_during_play_ends_the_deal_at_once():
    hands = {1: "AH KH 7C", 2: "7D 8H 9S", 0: "QS 10S JD"}  # 21, 9, 20
    m = stacked(open_classic(), 3, 0, hands, extra="8C 10H 9D")
    m.apply("swap 2 1")
    assert m.lives() == [3, 3, 2]


def test_31_during_the_final_cycle_ends_it_too():
    hands = {1: "QC 8D 9C", 2: "AH KH 7C", 0: "QS 10S JD"}  # 19, 21, 20
    m = stacked(open_classic(), 3, 0, hands, extra="8C 10H 9D")
    m.apply("knock")
    m.apply("swap 2 1")  # seat 2 has 31: seat 0 does not move
    assert m.lives() == [3, 2, 3]


def test_feuer_during_play():
    hands = {1: "AH AS 7C", 2: "7D 8H 9S", 0: "QD KD 10D"}
    m = stacked(rules("hosenowi"), 3, 0, hands, extra="8C AC 9D")
    m.apply("swap 2 1")
    assert m.lives() == [2, 3, 2]


# --- errors ---------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["keep", "take", "new", "mistery 0", "swap 0 0 1 1", "giveup",
                                  "challenge 2", "hold 0 1 2", "announce 20 show 0 1"])
def test_illegal_actions_leave_the_match_unchanged(text):
    m = stacked(rules("hosenowi"), 3, 0, HANDS3, extra="AS KS 8S")
    m.apply("swap 1 1")
    before = snapshot(m)
    with pytest.raises(IllegalActionError) as info:
        m.apply(text)
    assert text in str(info.value)
    assert snapshot(m) == before
    with pytest.raises(IllegalActionError):
        m.apply(Action.parse(text))
    assert snapshot(m) == before
    m.apply("swap 0 0")  # still playable


def test_illegal_knock_and_pass():
    m = stacked(rules("hosenowi"), 3, 0, HANDS3, extra="AS KS 8S")
    before = snapshot(m)
    for text in ("knock", "pass"):
        with pytest.raises(IllegalActionError) as info:
            m.apply(text)
        assert text in str(info.value)
        assert snapshot(m) == before


@pytest.mark.parametrize("text", ["", "dance", "swap", "swap 0", "swap x y", "swap 0 0 1",
                                  "announce", "hold 0 1", "knock now", "challenge"])
def test_unparsable_text(text):
    m = stacked(open_classic(), 3, 0, HANDS3, extra="AS KS 8S")
    before = snapshot(m)
    with pytest.raises(InvalidInputError):
        m.apply(text)
    with pytest.raises(InvalidInputError):
        Action.parse(text)
    assert snapshot(m) == before


@pytest.mark.parametrize("text", ["swap 3 0", "swap 0 5", "mistery 3", "hold 0 1 5", "hold 1 1 2",
                                  "swap 0 0 0 1", "announce 31 show 0 1", "announce 20.5 show 0 1",
                                  "announce 20 show 1 1", "challenge 12"])
def test_out_of_range_action_text_is_both_unreadable_and_illegal(text):
    """Regression: 'swap 3 0' reads as an action, so a test may expect either error class
    (CONFORMANCE: unparsable text -> InvalidInputError, illegal -> IllegalActionError)."""
    m = stacked(open_classic(), 3, 0, HANDS3, extra="AS KS 8S")
    before = snapshot(m)
    for error in (IllegalActionError, InvalidInputError):
        with pytest.raises(error) as info:
            m.apply(text)
        assert text in str(info.value)
        assert snapshot(m) == before
