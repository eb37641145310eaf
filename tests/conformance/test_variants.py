"""Mistery, the hidden deal and Lügen, with the information each seat may see."""

import pytest

from engine import Match, parse_cards

from .support import legal, rules, stacked

HANDS3 = {1: "7C 8D 9H", 2: "7D 8H 10S", 0: "QH 10H JD"}  # 9, 10, 20


def card(text):
    return parse_cards(text)[0]


def shows(match, seat, texts):
    """No card of ``texts`` appears anywhere in what ``seat`` observes."""
    view = repr(match.observation(seat))
    return [t for t in texts if f"'{t}'" in view]


# --- Mistery --------------------------------------------------------------------------


def test_mistery_actions_and_knowledge():
    r = rules("hosenowi", mistery=True)
    m = stacked(r, 3, 0, HANDS3, extra="AS KS 8S", mistery="JC", stock="9C 10C QC")
    swaps = {f"swap {h} {t}" for h in range(3) for t in range(3)}
    assert set(legal(m)) == swaps | {"swap all", "mistery 0", "mistery 1", "mistery 2"}
    for seat in range(3):
        o = m.observation(seat)
        assert o.mistery is None
        assert len(o.table) == 3  # the open cards only
    table = m.observation(1).table
    m.apply("mistery 0")
    assert m.observation(1).hand == parse_cards("JC 8D 9H")
    assert m.observation(1).mistery == card("7C")
    assert m.observation(2).mistery is None
    assert m.observation(0).mistery is None
    assert m.observation(0).table == table
    for seat in (0, 2):
        assert shows(m, seat, ["7C", "JC", "8D", "9H"]) == []
    # swap all never touches the face-down card
    m.apply("swap all")  # seat 2
    assert m.observation(1).mistery == card("7C")
    assert set(m.observation(2).hand) == set(table)
    # the next Mistery swap: the new giver knows it, the old one no longer
    hand0 = m.observation(0).hand
    m.apply("mistery 1")
    assert m.observation(0).hand[1] == card("7C")
    assert m.observation(0).mistery == hand0[1]
    assert m.observation(1).mistery is None
    assert m.observation(2).mistery is None


def test_mistery_swap_counts_as_swap_for_after_own_swap():
    r = rules("hosenowi", mistery=True)
    m = stacked(r, 2, 0, {1: "7C 8D 9H", 0: "QH 10H JD"}, extra="AS KS 8S", mistery="JC")
    m.apply("mistery 2")
    m.apply("swap 0 0")
    assert m.current_player() == 1
    assert "knock" in legal(m)


def test_mistery_untouched_by_pass_refresh_and_new():
    r = rules("knack", mistery=True)
    hands = {1: "QC 8D 9H", 2: "7D 8H 10S", 0: "QH 10H JD"}
    m = stacked(r, 3, 0, hands, extra="9S 7C 8C", mistery="JC", stock="AC KC JS 10C AD KD")
    m.apply("keep")
    m.apply("mistery 0")  # seat 1 gives QC, gets JC
    assert m.observation(1).hand[0] == card("JC")
    m.apply("new")  # seat 2: 7-8-9 on the table
    assert m.observation(1).mistery == card("QC")
    for _ in range(3):
        m.apply("pass")
    assert m.observation(1).mistery == card("QC")
    assert "mistery 0" in legal(m)


def test_no_mistery_without_the_option():
    m = stacked(rules("hosenowi"), 3, 0, HANDS3, extra="AS KS 8S")
    assert not [a for a in legal(m) if a.startswith("mistery")]
    assert m.observation(1).mistery is None


# --- hidden deal ----------------------------------------------------------------------

HIDDEN = dict(deal="hidden", passing=False, pass_refresh=False)


def indices(hand, texts):
    wanted = set(parse_cards(texts))
    return " ".join(str(i) for i, c in enumerate(hand) if c in wanted)


def test_hidden_deal_hold():
    m = stacked(rules("classic", **HIDDEN), 3, 0, HANDS3, extra="AS KS")
    o = m.observation(1)
    holds = [a for a in legal(m) if a.startswith("hold")]
    assert len(holds) == 10
    assert set(legal(m)) == {*holds, "knock"}
    assert not [a for a in legal(m) if a.startswith("swap")]
    m.apply("hold " + indices(o.hand, "7C AS KS"))
    assert set(m.observation(1).hand) == set(parse_cards("7C AS KS"))
    assert len(m.observation(1).hand) == 3
    assert m.current_player() == 2
    o2 = m.observation(2)
    assert len(o2.hand) == 5
    assert set(o2.hand) == set(parse_cards("7D 8H 10S 8D 9H"))
    assert o2.table == ()
    assert shows(m, 2, ["7C", "AS", "KS"]) == []
    assert shows(m, 0, ["7C", "AS", "KS", "8D", "9H"]) == []


def test_hidden_deal_knock_passes_the_received_cards():
    m = stacked(rules("classic", **HIDDEN), 3, 0, HANDS3, extra="AS KS")
    m.apply("knock")
    assert m.observation(1).hand == parse_cards("7C 8D 9H")
    assert m.observation(2).knocked_by == 1
    assert set(m.observation(2).hand) == set(parse_cards("7D 8H 10S AS KS"))
    m.apply("hold " + indices(m.observation(2).hand, "AS 7D 8H"))
    assert m.lives() == [3, 3, 3]
    assert m.current_player() == 0
    m.apply("hold " + indices(m.observation(0).hand, "QH 10H JD"))
    assert m.lives() == [3, 2, 3]  # seat 1 (9) is lowest


def test_hidden_deal_hold_counts_as_swap():
    m = stacked(rules("classic", knock="after_own_swap", **HIDDEN), 2, 0,
                {1: "7C 8D 9H", 0: "QH 10H JD"}, extra="AS KS")  # fmt: skip
    assert "knock" not in legal(m)
    m.apply("hold 0 1 2")
    m.apply("hold 0 1 2")
    assert m.current_player() == 1
    assert "knock" in legal(m)


def test_hidden_deal_31_by_hold():
    m = stacked(rules("classic", **HIDDEN), 3, 0,
                {1: "AH 7C 8D", 2: "7D 8H 9S", 0: "QS 10S JD"}, extra="KH 10H")  # fmt: skip
    m.apply("hold " + indices(m.observation(1).hand, "AH KH 10H"))
    assert m.lives() == [3, 3, 2]


# --- Lügen ----------------------------------------------------------------------------


def announce_texts(low):
    values = [str(v) for v in range(low, 31)] + ["30.5"]
    return {f"announce {v} show {a} {b}" for v in values for a, b in ((0, 1), (0, 2), (1, 2))}


HANDS4 = {1: "7C 8D 9H", 2: "7D 8H 10S", 3: "QH 10H JD", 0: "KC QC 8S"}  # 9, 10, 20, 20


def luegen_after_knock():
    r = rules("classic", deal="open", luegen=True)
    m = stacked(r, 4, 0, HANDS4, extra="AS KS 9S")
    m.apply("pass")  # 1
    m.apply("knock")  # 2
    m.apply("pass")  # 3
    m.apply("pass")  # 0
    m.apply("pass")  # 1
    return m


def test_luegen_announcements_order_and_visibility():
    m = luegen_after_knock()
    assert m.lives() == [3, 3, 3, 3]
    assert m.current_player() == 2  # the knocker first
    assert set(legal(m)) == announce_texts(8)
    assert len(legal(m)) == 24 * 3
    for seat in (0, 1, 3):
        assert m.observation(seat).legal_actions == []
        assert m.observation(seat).announcements == {}
    m.apply("announce 10 show 0 1")
    for seat in range(4):
        assert m.observation(seat).announcements == {2: (10, parse_cards("7D 8H"))}
    assert m.current_player() == 3
    m.apply("announce 12 show 1 2")
    assert m.current_player() == 0
    for seat in range(4):
        assert m.observation(seat).announcements[3] == (12, parse_cards("10H JD"))
        assert 0 not in m.observation(seat).announcements
    # seat 3's hidden card is not visible to others
    assert shows(m, 0, ["QH"]) == []
    m.apply("announce 20 show 0 1")
    assert m.current_player() == 1
    m.apply("announce 10 show 2 1")
    assert m.observation(0).announcements[1] == (10, parse_cards("8D 9H"))
    assert len(m.observation(0).announcements) == 4


def decide():
    m = luegen_after_knock()
    for text in ("announce 10 show 0 1", "announce 12 show 1 2", "announce 20 show 0 1",
                 "announce 10 show 1 2"):  # fmt: skip
        m.apply(text)
    return m


def test_luegen_decider_on_a_tie_is_last_in_playing_order():
    m = decide()
    # seats 2 and 1 both said 10; the deal's playing order is 1, 2, 3, 0
    assert m.current_player() == 2
    assert set(legal(m)) == {"giveup", "challenge 1", "challenge 3", "challenge 0"}
    assert m.lives() == [3, 3, 3, 3]


@pytest.mark.parametrize(
    "action, lives",
    [
        ("giveup", [3, 3, 2, 3]),
        ("challenge 1", [3, 1, 3, 3]),  # seat 1 said 10, holds 9: lie
        ("challenge 3", [3, 3, 3, 1]),  # seat 3 said 12, holds 20: lie
        ("challenge 0", [3, 3, 1, 3]),  # seat 0 said 20 and holds 20: true
    ],
)
def test_luegen_penalties(action, lives):
    m = decide()
    m.apply(action)
    assert m.lives() == lives
    assert not m.is_over()
    assert not legal(m)[0].startswith(("announce", "challenge", "giveup"))


def test_luegen_after_31_at_the_deal():
    r = rules("hosenowi", luegen=True)
    hands = {1: "7C 8D 9H", 2: "AH KH 10H", 3: "QS 10S JD", 0: "KC QC 8S"}
    m = stacked(r, 4, 0, hands, extra="AS KS 9S")
    for seat in range(4):
        assert m.observation(seat).announcements == {2: (31, parse_cards("AH KH 10H"))}
    assert m.lives() == [3, 3, 3, 3]
    order = []
    for value in (9, 25, 20):
        order.append(m.current_player())
        m.apply(f"announce {value} show 0 1")
    assert order == [1, 3, 0]  # the deal's playing order, without the 31 hand
    assert m.current_player() == 1
    assert set(legal(m)) == {"giveup", "challenge 3", "challenge 0"}
    m.apply("challenge 3")  # said 25, holds 20
    assert m.lives() == [3, 3, 3, 1]


def test_luegen_nobody_to_challenge():
    r = rules("hosenowi", luegen=True)
    hands = {1: "AH KH 10H", 2: "AS KS QS", 0: "7C 8D 9H"}
    m = stacked(r, 3, 0, hands, extra="AD KD 9S")
    assert m.current_player() == 0
    m.apply("announce 30.5 show 0 2")
    assert m.observation(1).announcements[0] == (30.5, parse_cards("7C 9H"))
    assert legal(m) == ["giveup"]
    m.apply("giveup")
    assert m.lives() == [2, 3, 3]


def test_luegen_feuer_skips_the_announcements():
    r = rules("hosenowi", luegen=True)
    hands = {1: "AC AS AH", 2: "7D 8H 10S", 0: "QH 10H JD"}
    m = stacked(r, 3, 0, hands, extra="KS QS 9S")
    assert m.lives() == [2, 3, 2]
    assert not legal(m)[0].startswith("announce")


@pytest.mark.parametrize("deck, low", [(32, 8), (36, 7), (52, 3)])
def test_luegen_announce_range_per_deck(deck, low):
    r = rules("classic", deal="open", luegen=True, deck=deck)
    for seed in range(20):
        m = Match(r, players=2, seed=seed)
        for _ in range(4):
            acts = legal(m)
            if acts[0].startswith("announce"):
                break
            m.apply("knock" if "knock" in acts else "pass")
        acts = legal(m)
        if acts[0].startswith("announce"):
            assert set(acts) == announce_texts(low)
            return
    raise AssertionError("no announcement reached")


def test_hidden_deal_final_cycle_keep_knock():
    m = stacked(rules("classic", **HIDDEN), 3, 0, HANDS3, extra="AS KS")
    m.apply("hold 0 1 2")  # seat 1 holds
    m.apply("knock")  # seat 2: the first knock
    assert m.current_player() == 0
    assert "knock" not in legal(m)  # seat 0 has not held in this deal
    m.apply("hold 0 1 2")
    assert m.current_player() == 1
    assert "knock" in legal(m)  # seat 1 has
    lives = m.lives()
    m.apply("knock")
    assert m.lives() != lives  # seat 1 was the last to move


def test_mistery_swap_to_31_ends_the_deal():
    r = rules("hosenowi", mistery=True)
    hands = {1: "AH KH 7C", 2: "7D 8H 9S", 0: "QS 10S JD"}  # 21, 9, 20
    m = stacked(r, 3, 0, hands, extra="8C 9C 7S", mistery="10H")
    m.apply("mistery 2")
    assert m.lives() == [3, 3, 2]


def test_mistery_swap_to_feuer_ends_the_deal():
    r = rules("hosenowi", mistery=True)
    hands = {1: "AH AS 7C", 2: "7D 8H 9S", 0: "QS 10S JD"}
    m = stacked(r, 3, 0, hands, extra="8C 9C 7S", mistery="AD")
    m.apply("mistery 2")
    assert m.lives() == [2, 3, 2]
