"""Match flow per option, with stacked decks (docs/rules.md "A deal")."""

import dataclasses

import pytest

from engine import Match, Phase, Rules, preset
from engine.events import EventKind
from tests.engine.helpers import cards, stacked_match, texts

CLASSIC, KNACK, PUB, HOSEN = (preset(n) for n in ("classic", "knack", "pub", "hosenowi"))

# Three hands without 31, Feuer or Rang, and a harmless table.
H3 = {0: "AH KH 9S", 1: "QH 10H JD", 2: "7C 8S 9D"}  # 21, 20, 9
TABLE = "10C 8C 7S"


def replace(rules, **kw):
    return dataclasses.replace(rules, **kw)


def kinds(match, start=0):
    return [e.kind for e in match.log[start:]]


# -- deal modes -------------------------------------------------------------------


def test_open_deal_hosenowi():
    m = stacked_match(HOSEN, 3, dealer=2, hands=H3, extra=TABLE)
    assert m.phase is Phase.PLAY and m.current_player() == 0 and m.first_player == 0
    o = m.observation(0)
    assert o.hand == cards("AH KH 9S") and o.table == cards(TABLE)
    # no passing, no knock before an own swap, no swap_two
    assert texts(m.legal_actions()) == [f"swap {h} {t}" for h in range(3) for t in range(3)] + [
        "swap all"
    ]
    m.apply("swap 2 0")  # 9S for 10C
    assert m.observation(0).hand == cards("AH KH 10C")
    assert m.observation(1).table == cards("9S 8C 7S")
    assert str(m.log[-1]) == "seat 0 swaps 9S for 10C"
    assert m.current_player() == 1
    m.apply("swap 0 0")
    m.apply("swap 0 0")
    assert "knock" in texts(m.legal_actions())  # seat 0 has swapped


def test_dealer_choice_keep():
    m = stacked_match(CLASSIC, 3, dealer=1, hands={2: H3[0], 0: H3[1], 1: H3[2]}, extra=TABLE)
    assert m.phase is Phase.CHOOSE and m.current_player() == 1
    assert texts(m.legal_actions()) == ["keep", "take"]
    o = m.observation(1)
    assert o.hand == cards("7C 8S 9D") and o.table == () and o.chooser == 1
    assert m.observation(0).legal_actions == []
    m.apply("keep")
    assert m.phase is Phase.PLAY and m.current_player() == 2 and m.first_player == 2
    assert m.observation(1).table == cards(TABLE)
    assert m.observation(1).hand == cards("7C 8S 9D")


def test_dealer_choice_take():
    m = stacked_match(KNACK, 3, dealer=1, hands={2: H3[0], 0: H3[1], 1: H3[2]}, extra=TABLE)
    m.apply("take")
    assert m.observation(1).hand == cards(TABLE)
    assert m.observation(2).table == cards("7C 8S 9D")
    assert str(m.log[-2]) == "seat 1 lays 7C 8S 9D open and takes the other three"
    assert m.current_player() == 2


def test_forehand_choice_pub():
    m = stacked_match(PUB, 3, dealer=0, hands={1: H3[0], 2: H3[1], 0: H3[2]}, extra=TABLE)
    assert m.current_player() == 1 and m.phase is Phase.CHOOSE
    m.apply("keep")
    assert m.current_player() == 2 and m.first_player == 2


def hidden_rules(**kw):
    return Rules(deal="hidden", passing=False, pass_refresh=False, **kw)


def test_hidden_deal_hold_and_knock():
    m = stacked_match(hidden_rules(), 3, dealer=2, hands=H3, extra="10C 8C")
    assert m.current_player() == 0 and m.observation(0).table == ()
    assert m.observation(0).hand == cards("AH KH 9S 10C 8C")
    assert m.observation(1).hand == cards("QH 10H JD")
    assert len(m.legal_actions()) == 11  # 10 holds + knock (anytime)
    m.apply("hold 0 1 3")
    assert m.observation(0).hand == cards("AH KH 10C")
    assert m.observation(1).hand == cards("QH 10H JD 9S 8C")
    assert str(m.log[-1]) == "seat 0 keeps three cards and passes two on"
    assert str(m.observation(0).log[-1]) == "seat 0 keeps AH KH 10C and passes 9S 8C on"
    m.apply("knock")  # seat 1 keeps its three, passes 9S 8C on
    assert m.observation(1).hand == cards("QH 10H JD")
    assert m.observation(2).hand == cards("7C 8S 9D 9S 8C")
    m.apply("hold 0 1 2")
    assert m.current_player() == 0
    m.apply("hold 0 1 2")  # seat 0 has the two passed by seat 2
    assert m.results[0].knocker == 1
    assert m.results[0].lost == (0, 0, 1)


def test_hidden_31_after_hold_ends_deal():
    m = stacked_match(hidden_rules(), 3, dealer=2, hands=H3, extra="JH 8C")
    m.apply("hold 0 1 3")  # AH KH JH = 31
    assert m.deal_count >= 1 and m.results[0].reason == "31"


# -- turn options ------------------------------------------------------------------


def test_swap_two_pub():
    m = stacked_match(PUB, 3, dealer=0, hands={1: H3[0], 2: H3[1], 0: H3[2]}, extra=TABLE)
    m.apply("keep")  # seat 1 chose; seat 2 starts
    acts = texts(m.legal_actions())
    assert "swap 0 1 1 2" in acts and len([a for a in acts if len(a.split()) == 5]) == 18
    m.apply("swap 1 2 0 1")
    assert m.observation(2).hand == cards("8C 7S JD")
    assert m.observation(2).table == cards("10C QH 10H")
    assert str(m.log[-1]) == "seat 2 swaps QH, 10H for 8C, 7S"


def test_swap_two_not_offered_elsewhere():
    m = stacked_match(HOSEN, 3, dealer=2, hands=H3, extra=TABLE)
    assert not [a for a in texts(m.legal_actions()) if len(a.split()) == 5]


def test_pass_refresh_lays_new_table_and_first_passer_moves():
    r = replace(CLASSIC, knock="after_own_swap")
    m = stacked_match(
        r, 3, dealer=2, hands={0: H3[1], 1: H3[2], 2: H3[0]}, extra=TABLE, stock="JC QC KC AC"
    )
    m.apply("keep")
    first = m.current_player()
    assert first == 0
    for _ in range(3):
        m.apply("pass")
    assert m.observation(0).table == cards("JC QC KC")
    assert m.observation(0).discard == cards(TABLE)
    assert m.current_player() == first
    assert EventKind.REFRESH in kinds(m)
    # a swap breaks the row of passes
    m.apply("pass")
    m.apply("swap 0 0")
    m.apply("pass")
    m.apply("pass")
    assert m.observation(0).table == cards("7C QC KC")  # two passes only: no refresh


def test_passing_without_refresh_changes_nothing():
    m = stacked_match(PUB, 3, dealer=0, hands={1: H3[0], 2: H3[1], 0: H3[2]}, extra=TABLE)
    m.apply("keep")
    for _ in range(6):
        m.apply("pass")
    assert m.observation(0).table == cards(TABLE)
    assert EventKind.REFRESH not in kinds(m)


def test_no_passing_in_hosenowi():
    m = stacked_match(HOSEN, 3, dealer=2, hands=H3, extra=TABLE)
    assert "pass" not in texts(m.legal_actions())


def test_seven_eight_nine_new_cards_then_same_player():
    m = stacked_match(
        KNACK,
        3,
        dealer=2,
        hands={0: H3[0], 1: H3[1], 2: "10C 8C 7S"},
        extra="7H 8D 9C",
        stock="JC QC KC",
    )
    m.apply("keep")
    assert m.current_player() == 0
    assert "new" in texts(m.legal_actions())
    m.apply("new")
    assert m.current_player() == 0
    assert m.observation(0).table == cards("JC QC KC")
    assert m.observation(0).discard == cards("7H 8D 9C")
    assert "new" not in texts(m.legal_actions())
    assert m.observation(0).turns == 0  # 'new' is no turn


def test_new_not_offered_without_seven_eight_nine_rule():
    m = stacked_match(
        CLASSIC, 3, dealer=2, hands={0: H3[0], 1: H3[1], 2: "10C 8C 7S"}, extra="7H 8D 9C"
    )
    m.apply("keep")
    assert "new" not in texts(m.legal_actions())


@pytest.mark.parametrize(
    ("rule", "first_turn", "after_cycle"),
    [("anytime", True, True), ("after_first_cycle", False, True), ("after_own_swap", False, True)],
)
def test_knock_rules(rule, first_turn, after_cycle):
    r = replace(CLASSIC, knock=rule)
    m = stacked_match(r, 3, dealer=2, hands={0: H3[0], 1: H3[1], 2: "10C 8C 7S"}, extra="7H 8D QC")
    m.apply("keep")
    assert ("knock" in texts(m.legal_actions())) is first_turn
    m.apply("swap 2 2")  # seat 0 swaps: 9S for QC
    m.apply("pass")
    m.apply("pass")
    assert ("knock" in texts(m.legal_actions())) is after_cycle


def test_after_first_cycle_for_others_needs_a_full_cycle():
    m = stacked_match(
        KNACK, 3, dealer=2, hands={0: H3[0], 1: H3[1], 2: "10C 8C 7S"}, extra="7H 8D QC"
    )
    m.apply("keep")
    m.apply("pass")
    m.apply("pass")
    assert "knock" not in texts(m.legal_actions())  # seat 2, still cycle 0
    m.apply("pass")
    assert "knock" in texts(m.legal_actions())  # seat 0, cycle 1


def test_after_own_swap_counts_mistery_swap():
    r = replace(HOSEN, mistery=True)
    m = stacked_match(
        r, 2, dealer=1, hands={0: "AH KH 9S", 1: "QH 10H JD"}, extra=TABLE, mistery="7D"
    )
    m.apply("mistery 2")
    m.apply("swap 0 0")
    assert "knock" in texts(m.legal_actions())


def test_final_cycle_after_knock():
    m = stacked_match(
        CLASSIC, 4, dealer=3, hands={0: H3[0], 1: H3[1], 2: H3[2], 3: "QS JS 7D"}, extra=TABLE
    )
    m.apply("keep")
    m.apply("knock")  # seat 0
    assert m.observation(1).knocked_by == 0
    assert "knock" not in texts(m.legal_actions())  # classic has passing: no keep-knock
    m.apply("pass")
    m.apply("pass")
    assert m.deal_count == 0
    m.apply("swap 2 0")  # seat 3, the last turn
    assert m.deal_count == 1
    assert m.results[0].knocker == 0 and m.results[0].reason == "knock"
    assert m.results[0].lost == (0, 0, 1, 0)
    assert m.dealer == 0 and m.deal_number == 2


def test_final_cycle_keep_knock_without_passing():
    m = stacked_match(HOSEN, 3, dealer=2, hands=H3, extra=TABLE)
    m.apply("swap 2 0")
    m.apply("swap 0 0")
    m.apply("swap 0 0")
    m.apply("knock")  # seat 0 knocks
    # seat 1 has swapped: may knock to keep; this does not extend the deal
    assert "knock" in texts(m.legal_actions())
    m.apply("knock")
    assert m.log[-1].reason == "keep"
    assert m.observation(2).knocked_by == 0
    m.apply("swap 1 1")
    assert m.deal_count >= 1 and m.results[0].knocker == 0


def test_final_cycle_no_keep_knock_before_own_swap():
    m = stacked_match(replace(HOSEN, knock="anytime"), 3, dealer=2, hands=H3, extra=TABLE)
    m.apply("knock")
    assert "knock" not in texts(m.legal_actions())


# -- deal ends -----------------------------------------------------------------------


def test_31_right_after_deal_ends_deal():
    m = stacked_match(
        HOSEN, 3, dealer=2, hands={0: "AH KH 10H", 1: "QD 10D JS", 2: H3[2]}, extra=TABLE
    )
    assert m.deal_count >= 1 and m.results[0].reason == "31"
    assert m.results[0].lost == (0, 0, 1)
    assert m.results[0].hands[0] == cards("AH KH 10H")
    assert m.deal_number >= 2


def test_31_after_deal_choice():
    m = stacked_match(
        CLASSIC, 3, dealer=0, hands={1: H3[1], 2: H3[2], 0: "7D 8H 9C"}, extra="AS KS QS"
    )
    assert m.deal_count == 0
    m.apply("take")
    assert m.deal_count >= 1 and m.results[0].reason == "31"
    assert m.results[0].lost == (0, 0, 1)


def test_31_during_play():
    m = stacked_match(
        HOSEN, 3, dealer=2, hands={0: "AH KH 9S", 1: "QD 10D JS", 2: H3[2]}, extra="10H 8C 7S"
    )
    m.apply("swap 2 0")
    assert m.results[0].reason == "31" and m.results[0].thirty_one == (0,)
    assert m.results[0].lost == (0, 0, 1)


def test_everyone_dealt_31_nobody_loses():
    # docs/rules.md: when every active player holds 31, nobody loses (the tie rule
    # would otherwise cost each of them a life)
    m = stacked_match(
        HOSEN, 3, dealer=0, hands={0: "AH KH 10H", 1: "AD QD JD", 2: "AS KS QS"}, extra=TABLE
    )
    first = m.results[0]
    assert first.reason == "31" and first.thirty_one == (1, 2, 0)
    assert first.lost == (0, 0, 0) and not first.void
    assert first.lives_after == (3, 3, 3)
    assert EventKind.LOSE not in kinds(m)[: kinds(m).index(EventKind.DEAL_END)]


def test_feuer_after_deal_beats_31():
    m = stacked_match(
        KNACK, 3, dealer=2, hands={0: "AH KH 10H", 1: "AS AC AD", 2: H3[2]}, extra=TABLE
    )
    m.apply("keep")
    assert m.results[0].reason == "feuer" and m.results[0].feuer == 1
    assert m.lives() == [2, 3, 2]


def test_feuer_during_play_and_heads_up_two_lives():
    m = stacked_match(KNACK, 2, dealer=1, hands={0: "AS AC 9D", 1: "QH 10H JD"}, extra="AD 8C 7S")
    m.apply("keep")
    m.apply("swap 2 0")
    assert m.results[0].reason == "feuer"
    assert m.lives() == [3, 1]


def test_feuer_heads_up_one_life_without_rule():
    m = stacked_match(
        replace(KNACK, feuer_two_lives_heads_up=False),
        2,
        dealer=1,
        hands={0: "AS AC 9D", 1: "QH 10H JD"},
        extra="AD 8C 7S",
    )
    m.apply("keep")
    m.apply("swap 2 0")
    assert m.lives() == [3, 2]


def test_three_aces_without_feuer_is_a_rang():
    m = stacked_match(CLASSIC, 2, dealer=1, hands={0: "AS AC 9D", 1: "QH 10H JD"}, extra="AD 8C 7S")
    m.apply("keep")
    m.apply("swap 2 0")
    assert m.deal_count == 0


def test_knocker_pays_ties_in_match():
    m = stacked_match(
        KNACK, 3, dealer=2, hands={0: "7C 8S 9D", 1: "9H 8C 7S", 2: "AD KD 10C"}, extra="JH QC 7D"
    )
    m.apply("keep")
    for _ in range(3):
        m.apply("pass")
    m.apply("knock")  # seat 0, a 9 like seat 1
    m.apply("pass")
    m.apply("pass")
    assert m.results[0].lost == (1, 0, 0)


def test_max_cycles_ends_deal_without_knocker():
    r = replace(CLASSIC, max_cycles=2, pass_refresh=False)
    m = stacked_match(r, 3, dealer=2, hands={0: H3[0], 1: H3[1], 2: "10C 8C 7S"}, extra="7H 8D QC")
    m.apply("keep")
    for _ in range(5):
        m.apply("pass")
    assert m.deal_count == 0
    m.apply("pass")
    assert m.results[0].reason == "max_cycles" and m.results[0].knocker is None
    assert m.results[0].lost == (0, 0, 1)


def test_stock_running_short_reshuffles_discards():
    r = replace(CLASSIC, knock="after_own_swap")
    m = Match(r, players=9, seed=5)
    m.apply("keep")
    stock0 = m.observation(0).stock_size
    assert stock0 == 32 - 30
    for _ in range(9):
        m.apply("pass")
    # two cards in stock: the table went to discards and was reshuffled in
    assert EventKind.RESHUFFLE in kinds(m)
    o = m.observation(0)
    assert len(o.table) == 3 and o.stock_size + len(o.discard) == 2


def test_direction_counterclockwise():
    r = replace(HOSEN, direction="counterclockwise")
    m = stacked_match(r, 3, dealer=0, hands={2: H3[0], 1: H3[1], 0: H3[2]}, extra=TABLE)
    assert m.current_player() == 2
    assert m.observation(2).hand == cards("AH KH 9S")
    m.apply("swap 0 0")
    assert m.current_player() == 1


@pytest.mark.parametrize("deck", [36, 52])
def test_other_decks_play(deck):
    r = replace(CLASSIC, deck=deck)
    m = Match(r, players=5, seed=3)
    o = m.observation(m.current_player())
    assert o.stock_size == deck - 15 - 3
    low = {36: 6, 52: 2}[deck]
    all_cards = [c for c in o.hand] + list(o.table)
    assert all(int(c.rank) >= low for c in all_cards)
