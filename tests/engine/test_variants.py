"""Mistery and Lügen in detail, lives, swimming and the end of a match."""

import dataclasses

import pytest

from engine import IllegalActionError, Match, Phase, Rules, preset
from engine.events import EventKind
from tests.engine.helpers import cards, stacked_match, texts

CLASSIC, KNACK, HOSEN = preset("classic"), preset("knack"), preset("hosenowi")
H3 = {0: "AH KH 9S", 1: "QH 10H JD", 2: "7C 8S 9D"}  # 21, 20, 9
TABLE = "10C 8C 7S"


def replace(rules, **kw):
    return dataclasses.replace(rules, **kw)


# -- Mistery ----------------------------------------------------------------------

MIST = replace(HOSEN, mistery=True)


def mistery_match():
    return stacked_match(MIST, 3, dealer=2, hands=H3, extra=TABLE, mistery="QC")


def test_mistery_card_is_face_down_and_unknown():
    m = mistery_match()
    for s in range(3):
        o = m.observation(s)
        assert o.has_mistery and o.mistery is None and o.mistery_by is None
        assert cards("QC")[0] not in o.hand + o.table
    acts = texts(m.legal_actions())
    assert acts[-3:] == ["mistery 0", "mistery 1", "mistery 2"]


def test_mistery_swap_only_giver_knows():
    m = mistery_match()
    m.apply("mistery 2")  # seat 0 gives 9S, gets QC unseen
    assert m.observation(0).hand == cards("AH KH QC")
    assert m.observation(0).mistery == cards("9S")[0]
    assert m.observation(1).mistery is None and m.observation(1).mistery_by == 0
    # the log: the mover sees cards, others see none
    assert str(m.observation(1).log[-1]) == "seat 0 swaps a card for the face-down card"
    assert m.observation(1).log[-1].given == () and m.observation(1).log[-1].taken == ()
    assert str(m.observation(0).log[-1]) == "seat 0 swaps 9S for the face-down card QC"
    assert m.log[-1].given == ()  # the public log
    # next Mistery swap: the new giver knows, the old one no longer does
    m.apply("mistery 0")  # seat 1 gives QH, gets 9S
    assert m.observation(1).hand == cards("9S 10H JD")
    assert m.observation(1).mistery == cards("QH")[0]
    assert m.observation(0).mistery is None


def test_swap_all_and_refresh_leave_mistery():
    r = replace(CLASSIC, mistery=True)
    m = stacked_match(
        r,
        3,
        dealer=2,
        hands={0: H3[1], 1: H3[2], 2: H3[0]},
        extra=TABLE,
        mistery="QC",
        stock="JC KC AC",
    )
    m.apply("keep")
    m.apply("mistery 0")  # seat 0 puts QH face down
    m.apply("swap all")
    assert m.observation(0).mistery == cards("QH")[0]
    m.apply("pass")
    m.apply("pass")
    m.apply("pass")
    m.apply("pass")  # everyone passed: refresh
    assert m.observation(0).table == cards("JC KC AC")
    assert m.observation(0).mistery == cards("QH")[0]
    assert m._deal.mistery == cards("QH")[0]


def test_mistery_swap_can_make_31():
    m = stacked_match(MIST, 3, dealer=2, hands=H3, extra=TABLE, mistery="QH".replace("Q", "J"))
    m.apply("mistery 2")  # AH KH JH
    assert m.results[0].reason == "31"


def test_no_mistery_action_without_option():
    m = stacked_match(HOSEN, 3, dealer=2, hands=H3, extra=TABLE)
    assert not [a for a in texts(m.legal_actions()) if a.startswith("mistery")]
    assert not m.observation(0).has_mistery


# -- Lügen -------------------------------------------------------------------------

LUEG = replace(CLASSIC, luegen=True)


def luegen_after_knock(knocker_turns=0):
    """Classic + Lügen, 3 players, dealer 2; ``knocker_turns`` passes before a knock."""
    m = stacked_match(LUEG, 3, dealer=1, hands={2: H3[0], 0: H3[1], 1: H3[2]}, extra=TABLE)
    # dealer 1: order 2, 0, 1; the dealer chooses, then seat 2 starts
    m.apply("keep")
    assert m.current_player() == 2
    for _ in range(knocker_turns):
        m.apply("pass")
    m.apply("knock")
    m.apply("pass")
    m.apply("pass")
    return m


def test_luegen_announcement_order_starts_with_knocker():
    m = luegen_after_knock(knocker_turns=1)  # seat 0 knocks
    assert m.phase is Phase.ANNOUNCE
    assert m.observation(0).announce_order == (0, 1, 2)
    assert m.current_player() == 0
    acts = texts(m.legal_actions())
    assert acts[:3] == ["announce 8 show 0 1", "announce 8 show 0 2", "announce 8 show 1 2"]
    assert acts[-1] == "announce 30.5 show 1 2" and len(acts) == 72


def test_luegen_order_without_knock_is_deal_order():
    r = replace(LUEG, max_cycles=1, pass_refresh=False)
    m = stacked_match(r, 3, dealer=1, hands={2: H3[0], 0: H3[1], 1: H3[2]}, extra=TABLE)
    m.apply("keep")
    for _ in range(3):
        m.apply("pass")
    assert m.phase is Phase.ANNOUNCE
    assert m.observation(1).announce_order == (2, 0, 1)


def test_luegen_visibility_and_challenge_of_a_lie():
    m = luegen_after_knock(knocker_turns=1)  # order 0, 1, 2
    m.apply("announce 25 show 0 1")  # seat 0 holds QH 10H JD = 20: a lie
    for s in range(3):
        ann = m.observation(s).announcements
        assert ann == {0: (25, cards("QH 10H"))}
    assert str(m.log[-1]) == "seat 0 announces 25 showing QH 10H"
    m.apply("announce 9 show 0 2")  # seat 1: 7C 8S 9D = 9, true
    m.apply("announce 21 show 0 1")  # seat 2: AH KH 9S = 21, true
    assert m.phase is Phase.DECIDE and m.current_player() == 1
    assert texts(m.legal_actions()) == ["challenge 0", "challenge 2", "giveup"]
    m.apply("challenge 0")
    res = m.results[0]
    assert res.lost == (2, 0, 0) and res.outcome == "lie" and res.challenged == 0
    assert res.hands == {0: cards("QH 10H JD")}  # only the challenged hand is shown
    assert res.announcements[1] == (9, cards("7C 9D"))
    assert m.lives()[0] == 1


def test_luegen_challenge_of_the_truth_costs_challenger_two():
    m = luegen_after_knock(knocker_turns=1)
    m.apply("announce 20 show 0 1")  # true
    m.apply("announce 9 show 0 1")
    m.apply("announce 21 show 0 1")
    m.apply("challenge 0")
    assert m.results[0].lost == (0, 2, 0) and m.results[0].outcome == "true"


def test_luegen_giveup_costs_one():
    m = luegen_after_knock(knocker_turns=1)
    m.apply("announce 20 show 0 1")
    m.apply("announce 9 show 0 1")
    m.apply("announce 21 show 0 1")
    m.apply("giveup")
    assert m.results[0].lost == (0, 1, 0) and m.results[0].outcome == "giveup"
    assert m.results[0].hands == {}


def test_luegen_tie_decider_is_last_in_deal_order():
    # seat 0 knocks: announcement order 0, 1, 2; the deal's order is 2, 0, 1
    m = luegen_after_knock(knocker_turns=1)
    m.apply("announce 12 show 0 1")
    m.apply("announce 12 show 0 1")
    m.apply("announce 21 show 0 1")
    assert m.current_player() == 1  # last of seats 0 and 1 in the deal order 2, 0, 1
    m2 = luegen_after_knock(knocker_turns=1)
    m2.apply("announce 12 show 0 1")
    m2.apply("announce 21 show 0 1")
    m2.apply("announce 12 show 0 1")
    assert m2.current_player() == 0  # seats 0 and 2 tie: in deal order 2, 0 -> seat 0


def test_luegen_31_is_shown_whole_and_not_challengeable():
    m = stacked_match(
        LUEG, 3, dealer=1, hands={2: "AH KH 10H", 0: "QS 10S JD", 1: H3[2]}, extra=TABLE
    )
    m.apply("keep")
    assert m.phase is Phase.ANNOUNCE
    assert m.observation(1).announcements == {2: (31, cards("AH KH 10H"))}
    assert m.observation(1).announce_order == (0, 1)
    m.apply("announce 20 show 0 1")
    m.apply("announce 9 show 0 1")
    assert texts(m.legal_actions()) == ["challenge 0", "giveup"]
    m.apply("giveup")
    assert m.results[0].thirty_one == (2,) and m.results[0].hands[2] == cards("AH KH 10H")


def test_luegen_lone_announcer_can_only_give_up():
    m = stacked_match(LUEG, 2, dealer=1, hands={0: "AH KH 10H", 1: "QS 10S JD"}, extra=TABLE)
    m.apply("keep")
    m.apply("announce 30 show 0 1")
    assert texts(m.legal_actions()) == ["giveup"]


def test_luegen_feuer_skips_announcements():
    r = replace(KNACK, luegen=True)
    m = stacked_match(r, 3, dealer=1, hands={2: "AH AS AD", 0: H3[1], 1: H3[2]}, extra=TABLE)
    m.apply("keep")
    res = m.results[0]
    assert res.reason == "feuer" and res.lost == (1, 1, 0) and list(res.hands) == [2]


def test_luegen_announce_values_depend_on_deck():
    r = replace(LUEG, deck=52)
    m = Match(r, players=2, seed=1)
    while m.phase is not Phase.ANNOUNCE:
        acts = m.legal_actions()
        m.apply("knock" if "knock" in texts(acts) else acts[0])
    acts = texts(m.legal_actions())
    assert acts[0] == "announce 3 show 0 1" and len(acts) == 3 * 29


def test_luegen_announcement_out_of_range_is_illegal():
    m = luegen_after_knock(knocker_turns=1)
    with pytest.raises(IllegalActionError, match="announce 5 show 0 1"):
        m.apply("announce 5 show 0 1")


# -- lives, swimming, void, match end -------------------------------------------------


def two_21s(rules):
    """Both players hold 21 when the deal ends: a tie, both lose (seat 0 knocks,
    seat 1 has to swap, 9H for 8C, and stays at 21). Two 31s would be no loss."""
    m = stacked_match(rules, 2, dealer=1, hands={0: "AH KH 9S", 1: "AS KS 9H"}, extra=TABLE)
    m.apply("knock")
    m.apply("swap 2 1")
    assert m.results[0].reason == "knock" and m.results[0].values == {0: 21, 1: 21}
    return m


def test_void_rule_when_everyone_would_be_out():
    r = Rules(deal="open", lives=1, swim="none", passing=False, pass_refresh=False)
    m = two_21s(r)
    assert m.results[0].void and m.results[0].lost == (0, 0)
    assert EventKind.VOID in [e.kind for e in m.log]
    assert m.lives() == [1, 1] or m.deal_count > 1


def test_tie_while_swimming_is_void():
    r = Rules(deal="open", lives=1, passing=False, pass_refresh=False)
    m = two_21s(r)
    assert not m.results[0].void and m.results[0].lost == (1, 1)
    # both now swim; the next identical tie would eliminate both: void
    assert [e for e in m.log if e.kind is EventKind.SWIM][:2]


def test_swim_everyone_then_out():
    r = Rules(deal="open", lives=1, passing=False, pass_refresh=False)
    m = stacked_match(r, 3, dealer=2, hands={0: "AH KH JH", 1: H3[1], 2: H3[2]}, extra=TABLE)
    assert m.results[0].lost == (0, 0, 1)
    assert m.lives()[2] in (0, -1)
    assert EventKind.SWIM in [e.kind for e in m.log]


def test_swim_none_out_at_zero():
    r = Rules(deal="open", lives=1, swim="none", passing=False, pass_refresh=False)
    m = stacked_match(r, 3, dealer=2, hands={0: "AH KH JH", 1: H3[1], 2: H3[2]}, extra=TABLE)
    assert m.lives()[2] == -1
    assert EventKind.OUT in [e.kind for e in m.log]


def test_swim_first_only():
    r = Rules(
        deal="open", lives=1, swim="first_only", passing=False, pass_refresh=False, knock="anytime"
    )
    # deal 1: seats 1 and 2 tie lowest and reach 0 together: both swim
    m = stacked_match(
        r,
        4,
        dealer=3,
        hands={0: "AH KH JH", 1: "7C 8S 9D", 2: "9S 8H 7D", 3: "QS JS 7H"},
        extra=TABLE,
    )
    assert m.results[0].lost == (0, 1, 1, 0)
    assert m.lives()[1] in (0, -1) and m.lives()[2] in (0, -1)
    assert not m.observation(0).swim_open
    # later players are out at 0: play on until seat 0 or 3 loses their life
    import random

    rng = random.Random(0)
    while not m.is_over() and m.lives()[0] != -1 and m.lives()[3] != -1:
        m.apply(rng.choice(m.legal_actions()))
    assert 0 not in (m.lives()[0], m.lives()[3])


def test_swim_first_only_drop_below_zero_keeps_window_open():
    r = Rules(
        deal="dealer_choice", lives=1, swim="first_only", feuer=True, feuer_two_lives_heads_up=True
    )
    m = stacked_match(r, 2, dealer=1, hands={0: "AH AS AD", 1: H3[1]}, extra=TABLE)
    m.apply("keep")
    assert m.results[0].lost == (0, 2)
    assert m.lives() == [1, -1] and m.is_over() and m.winner() == 0
    assert m.observation(0).swim_open
    assert m.crown


def test_last_standing_winner_and_crown():
    r = Rules(deal="open", lives=1, swim="none", passing=False, pass_refresh=False)
    m = stacked_match(r, 2, dealer=1, hands={0: "AH KH JH", 1: H3[1]}, extra=TABLE)
    assert m.is_over() and m.winner() == 0 and m.crown
    assert m.current_player() is None and m.legal_actions() == []
    assert m.phase is Phase.OVER
    assert str(m.log[-1]) == "seat 0 wins the match with crown"
    assert m.places() == [1, 2]
    with pytest.raises(IllegalActionError, match="match is over"):
        m.apply("pass")


def test_first_out_shared_places():
    r = replace(HOSEN, lives=1)
    m = stacked_match(
        r, 3, dealer=2, hands={0: "AH KH QH", 1: "QS 10S JD", 2: "7C 8S 9D"}, extra=TABLE
    )
    # seat 2 swims at 0; play on until someone is out
    import random

    rng = random.Random(2)
    while not m.is_over():
        m.apply(rng.choice(m.legal_actions()))
    lives = m.lives()
    assert -1 in lives
    best = max(lives)
    winners = [s for s in range(3) if lives[s] == best]
    w = m.winner()
    assert (w == winners) if len(winners) > 1 else (w == winners[0])
    assert not m.crown


def test_first_out_shared_first_place_stacked():
    r = replace(HOSEN, lives=1, swim="none")
    # seat 0 holds 31 right after the deal; seat 2 is lowest, reaches 0 and is out
    m = stacked_match(
        r, 3, dealer=2, hands={0: "AH KH QH", 1: "QS 10S JD", 2: "7C 8S 9D"}, extra=TABLE
    )
    assert m.is_over() and m.results[0].lost == (0, 0, 1)
    assert m.lives() == [1, 1, -1]
    assert m.winner() == [0, 1] and m.places() == [1, 1, 3]
    assert str(m.log[-1]) == "seats 0, 1 share first place"
    assert not m.crown


@pytest.mark.parametrize("name", ["classic", "knack", "hosenowi"])
def test_places_rank_by_lives_then_by_when_seats_went_out(name):
    import random

    for seed in range(12):
        rng = random.Random(seed)
        m = Match(preset(name), players=5, seed=seed)
        while not m.is_over():
            m.apply(rng.choice(m.legal_actions()))
        out = [
            next((r.deal_number for r in m.results if r.lives_after[s] < 0), None)
            for s in range(5)
        ]
        assert m.observation(0).out_deal == tuple(out)
        places = m.places()
        assert places == m.observation(3).places()
        winner = m.winner()
        for w in winner if isinstance(winner, list) else [winner]:
            assert places[w] == 1
        for a in range(5):
            for b in range(5):
                la, lb = m.lives()[a], m.lives()[b]
                if la >= 0 and lb < 0:
                    assert places[a] < places[b]
                if la < 0 and lb < 0:
                    # the later out ranks higher; out in the same deal: the same place
                    assert (places[a] < places[b]) == (out[a] > out[b])
                    assert (places[a] == places[b]) == (out[a] == out[b])
