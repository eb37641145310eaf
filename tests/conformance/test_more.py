"""Further rule points: dealer rotation, first_only swimming, knocker rules and Lügen details."""

import itertools

from engine import Match, hand_value, parse_cards

from .support import legal, new_rng, order_after, rules, stacked


def card(text):
    return parse_cards(text)[0]


def test_match_defaults_to_four_players():
    m = Match(rules("classic"))
    assert len(m.lives()) == 4
    assert m.lives() == [3, 3, 3, 3]


def next_active(seat, lives, direction):
    step = 1 if direction == "clockwise" else -1
    n = len(lives)
    for i in range(1, n + 1):
        s = (seat + step * i) % n
        if lives[s] != -1:
            return s
    raise AssertionError


def test_dealer_rotation_skips_eliminated_players():
    # with dealer_choice the dealer makes the one choice of each deal
    for direction in ("clockwise", "counterclockwise"):
        r = rules("classic", lives=1, direction=direction)
        rng = new_rng(5)
        for seed in range(4):
            m = Match(r, players=5, seed=seed)
            dealers = []
            while not m.is_over():
                if legal(m) == ["keep", "take"]:
                    dealers.append((m.current_player(), m.lives()))
                m.apply(rng.choice(m.legal_actions()))
            assert len(dealers) > 3
            for (d0, _), (d1, lives1) in itertools.pairwise(dealers):
                assert d1 == next_active(d0, lives1, direction)


def test_first_only_two_losers_in_the_first_deal_both_swim():
    r = rules("classic", deal="open", lives=1, swim="first_only")
    hands = {1: "7C 8D 9H", 2: "7D 8H 9S", 3: "AH KH 10H", 0: "QS JS 8C"}  # 9, 9, 31, 20
    m = stacked(r, 4, 0, hands, extra="AS KS 8S")
    assert m.lives() == [1, 0, 0, 1]


def play_deal(m, policy):
    """Apply actions until lives change; returns (before, after)."""
    before = m.lives()
    for _ in range(2000):
        m.apply(policy(m))
        if m.lives() != before:
            return before, m.lives()
    raise AssertionError("deal did not end")


def knock_fast(m):
    acts = legal(m)
    for pref in ("knock", "pass", "keep"):
        if pref in acts:
            return pref
    return acts[0]


def test_first_only_later_zero_is_out():
    r = rules("classic", deal="open", lives=1, swim="first_only")
    hands = {1: "7C 8D 9H", 2: "7D 8H 10S", 3: "AH KH 10H", 0: "QS JS 8C"}  # 9, 10, 31, 20
    m = stacked(r, 4, 0, hands, extra="AS KS 8S")
    assert m.lives() == [1, 0, 1, 1]
    for _ in range(10):
        if m.is_over():
            break
        before, after = play_deal(m, knock_fast)
        for b, a in zip(before, after, strict=True):
            assert a != 0 or b == 0, (before, after)  # nobody new may swim
            if b == 1 and a != 1:
                assert a == -1


def test_first_only_window_stays_open_after_a_two_life_drop():
    # Lügen: a caught lie costs two lives; dropping from 1 below 0 uses no right to swim
    r = rules("classic", deal="open", lives=1, swim="first_only", luegen=True)
    hands = {1: "7C 8D 9H", 2: "7D 8H 10S", 3: "AH KH 10H", 0: "QS JS 8C"}
    m = stacked(r, 4, 0, hands, extra="AS KS 8S")  # seat 3 has 31: announcements
    assert legal(m)[0].startswith("announce")
    m.apply("announce 9 show 0 1")  # seat 1, true
    m.apply("announce 25 show 0 1")  # seat 2, lie
    m.apply("announce 20 show 0 1")  # seat 0, true
    assert m.current_player() == 1
    m.apply("challenge 2")
    assert m.lives() == [1, 1, -1, 1]

    def policy(match):
        acts = legal(match)
        if "giveup" in acts:
            return "giveup"
        return knock_fast(match)

    _, after = play_deal(m, policy)
    assert sorted(after) == [-1, 0, 1, 1]  # the one who gave up swims


def test_knocker_pays_ties_in_a_match():
    r = rules("knack")
    hands = {1: "7C 8D 9H", 2: "7D 8H 9S", 0: "QH 10H JD"}  # 9, 9, 20
    m = stacked(r, 3, 0, hands, extra="AS KS 8S", stock="10C JC QC")
    m.apply("keep")
    for _ in range(3):
        m.apply("pass")
    m.apply("knock")  # seat 1, second cycle
    m.apply("pass")
    m.apply("pass")
    assert m.lives() == [3, 2, 3]

    m = stacked(r, 3, 0, hands, extra="AS KS 8S", stock="10C JC QC")
    m.apply("keep")
    for _ in range(3):
        m.apply("pass")
    m.apply("pass")
    m.apply("knock")  # seat 2
    m.apply("pass")
    m.apply("pass")
    assert m.lives() == [3, 3, 2]

    m = stacked(rules("classic"), 3, 0, hands, extra="AS KS 8S", stock="10C JC QC")
    m.apply("keep")
    m.apply("knock")
    m.apply("pass")
    m.apply("pass")
    assert m.lives() == [3, 2, 2]


def test_under_21_pays_in_a_match():
    r = rules("classic", deal="open", under_21_pays=True)
    hands = {1: "7C 8D 9H", 2: "AD KD 7S", 3: "AC QC 9H".replace("9H", "8C"), 0: "QS 10S JS"}
    # 9, 21, 29, 30: seat 1 (<= 20) and seat 2 (lowest above 20) pay
    m = stacked(r, 4, 0, hands, extra="7H 8H 9S")
    m.apply("knock")
    for _ in range(3):
        m.apply("pass")
    assert m.lives() == [3, 2, 2, 3]


def test_new_in_the_final_cycle_and_after_first_cycle_counting():
    r = rules("knack")
    hands = {1: "QC 8D 9H", 2: "7D 8H 10S", 0: "QH 10H JD"}
    m = stacked(r, 3, 0, hands, extra="9S 7C 8C", stock="AC KC JC 10C AD KD")
    m.apply("keep")
    m.apply("new")  # not a turn: seat 1 moves again
    for _ in range(3):
        assert "knock" not in legal(m)
        m.apply("pass")
    assert m.current_player() == 1
    assert "knock" in legal(m)


def test_hidden_deal_everyone_has_five_on_their_turn():
    r = rules("classic", deal="hidden", passing=False, pass_refresh=False)
    m = Match(r, players=4, seed=3)
    rng = new_rng(1)
    for _ in range(60):
        if m.is_over():
            break
        cur = m.current_player()
        if legal(m)[0].startswith("hold"):
            for s in range(4):
                if m.lives()[s] != -1:
                    assert len(m.observation(s).hand) == (5 if s == cur else 3)
        m.apply(rng.choice(m.legal_actions()))


# --- Lügen details -------------------------------------------------------------------


def test_luegen_true_value_uses_the_rules_options():
    r = rules("pub", luegen=True, knock="anytime")
    # pub: seat 1 chooses; seat 2 starts
    hands = {1: "7H 8H 9H", 2: "KC KD 7S", 0: "QS 10S 8D"}  # flush 30, 10, 20
    m = stacked(r, 3, 0, hands, extra="AS 7D 9C")
    m.apply("keep")
    m.apply("knock")  # seat 2
    m.apply("pass")
    m.apply("pass")
    assert m.current_player() == 2
    m.apply("announce 10 show 0 1")
    m.apply("announce 20 show 0 1")  # seat 0 true
    m.apply("announce 30 show 0 1")  # seat 1: true under flush_30
    assert hand_value(parse_cards("7H 8H 9H"), r) == 30
    assert m.current_player() == 2
    m.apply("challenge 1")
    assert m.lives() == [5, 5, 3]


def test_luegen_keep_knock_does_not_change_the_order():
    r = rules("hosenowi", luegen=True)
    hands = {1: "7C 8D 9H", 2: "7D 8H 10S", 0: "QH 10H JD"}
    m = stacked(r, 3, 0, hands, extra="AS KS 8S")
    for _ in range(3):
        m.apply("swap 0 0")
    m.apply("swap 1 1")  # seat 1
    m.apply("knock")  # seat 2 first knock
    m.apply("knock")  # seat 0 keeps
    m.apply("knock")  # seat 1 keeps: the deal is over
    order = []
    for _ in range(3):
        order.append(m.current_player())
        m.apply("announce 15 show 0 1")
    assert order == [2, 0, 1]


def test_luegen_counterclockwise_order_and_tie():
    r = rules("classic", deal="open", luegen=True, direction="counterclockwise")
    hands = {3: "7C 8D 9H", 2: "7D 8H 10S", 1: "QH 10H JD", 0: "KC QC 8S"}
    assert order_after(0, 4, "counterclockwise") == [3, 2, 1, 0]
    m = stacked(r, 4, 0, hands, extra="AS KS 9S")
    m.apply("pass")  # 3
    m.apply("knock")  # 2
    for _ in range(3):
        m.apply("pass")  # 1, 0, 3
    order = []
    for _ in range(4):
        order.append(m.current_player())
        m.apply("announce 12 show 0 1")
    assert order == [2, 1, 0, 3]
    # all tied: the last in the deal's playing order (3, 2, 1, 0) decides
    assert m.current_player() == 0
    assert set(legal(m)) == {"giveup", "challenge 1", "challenge 2", "challenge 3"}


def test_luegen_hidden_cards_stay_hidden_after_the_decision():
    r = rules("classic", deal="open", luegen=True)
    hands = {1: "7C 8D 9H", 2: "7D 8H 10S", 3: "QH 10H JD", 0: "KC QC 8S"}
    m = stacked(r, 4, 0, hands, extra="AS KS 9S", stock="JC 10C")
    m.apply("knock")
    for _ in range(3):
        m.apply("pass")
    for _ in range(4):
        m.apply("announce 20 show 0 1")  # every seat shows cards 0 and 1
    m.apply("challenge 3") if m.current_player() != 3 else m.apply("challenge 2")
    hidden = {1: "9H", 2: "10S", 3: "JD", 0: "8S"}
    for viewer in range(4):
        o = m.observation(viewer)
        mine = {str(c) for c in (*o.hand, *o.table, *getattr(o, "discard", ()))}
        view = repr(o)
        for seat, text in hidden.items():
            if seat in (viewer, 3, 2) or text in mine:
                continue  # own card, or the challenged hand, or seen again since
            assert f"'{text}'" not in view, (viewer, seat, text)


def test_luegen_after_31_during_play():
    r = rules("classic", deal="open", luegen=True)
    hands = {1: "AH KH 7C", 2: "7D 8H 9S", 0: "QS 10S JD"}
    m = stacked(r, 3, 0, hands, extra="8C 10H 9D")
    m.apply("pass")  # 1
    m.apply("pass")  # 2
    m.apply("knock")  # 0
    m.apply("swap 2 1")  # seat 1 reaches 31 in the final cycle: the deal ends at once
    expected = {1: (31, parse_cards("AH KH 10H"))}
    for seat in range(3):
        assert m.observation(seat).announcements == expected
    assert m.current_player() == 0  # the knocker first, then seat 2 (seat 1 is shown)
    m.apply("announce 20 show 0 1")
    assert m.current_player() == 2
    m.apply("announce 9 show 0 1")
    assert m.current_player() == 2
    assert set(legal(m)) == {"giveup", "challenge 0"}


def test_seven_eight_nine_with_a_short_stock():
    r = rules("knack")
    hands = {
        1: "QC 8D 9H", 2: "7D 8H 10S", 3: "QH 10H JD", 4: "7H KC 9C", 5: "KD QD 10C",
        6: "JC JH 8S", 7: "AC AD 9D", 8: "KH KS 7S", 0: "QS JS 10D",
    }  # fmt: skip
    m = stacked(r, 9, 0, hands, extra="9S 7C 8C", stock="AH AS")
    m.apply("keep")
    assert "new" in legal(m)
    m.apply("new")
    table = set(m.observation(1).table)
    assert len(table) == 3
    assert table <= set(parse_cards("9S 7C 8C AH AS"))
    assert m.current_player() == 1


def test_luegen_order_after_a_forehand_choice():
    # pub: dealer 0, seat 1 chooses, seat 2 plays first: order 2, 0, 1
    r = rules("pub", luegen=True)
    hands = {1: "7C 8D 9H", 2: "7D 8H 10S", 0: "AH KH 10H"}
    m = stacked(r, 3, 0, hands, extra="AS KS 8S")
    assert m.current_player() == 1
    m.apply("keep")  # seat 0 holds 31: the deal ends after the choice
    assert m.observation(2).announcements == {0: (31, parse_cards("AH KH 10H"))}
    assert m.current_player() == 2
    m.apply("announce 15 show 0 1")
    assert m.current_player() == 1
    m.apply("announce 15 show 0 1")
    # tie: the last of them in the deal's playing order (2, 0, 1) decides
    assert m.current_player() == 1
    assert set(legal(m)) == {"giveup", "challenge 2"}
    m.apply("challenge 2")  # seat 2 holds 10, said 15
    assert m.lives() == [5, 5, 3]
