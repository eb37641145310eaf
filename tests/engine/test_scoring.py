"""Hand values and normal deal scoring as example tables (docs/rules.md)."""

import dataclasses

import pytest

from engine import (
    InvalidInputError,
    LossReason,
    Rules,
    hand_value,
    parse_cards,
    preset,
    score_deal,
)
from engine.scoring import hand_key, score_with_reasons

CLASSIC = preset("classic")
R = Rules


def opts(**kw):
    return dataclasses.replace(CLASSIC, **kw)


@pytest.mark.parametrize(
    ("hand", "rules", "value"),
    [
        # docs/rules.md examples (32 cards, no options)
        ("AH KH 9S", None, 21),
        ("QH 10H JD", None, 20),
        ("AC KC 9C", None, 30),
        ("AD KD 10D", None, 31),
        ("7C 7S 7H", None, 30.5),
        ("7H 8S 7D", None, 8),
        # more plain hands
        ("AH QH JH", None, 31),
        ("AS 10S JS", None, 31),
        ("AH KS QD", None, 11),
        ("7H 8H 9H", None, 24),
        ("9C 9D 8S", None, 9),
        ("KH KS 7C", None, 10),
        ("AH AS KD", None, 11),
        ("AH AS AD", None, 30.5),  # three aces without feuer: an ordinary Rang
        ("AH 7H 8D", None, 18),
        ("10H JH 9S", None, 20),
        ("8D 7D AS", None, 15),
        ("2H 3S 2D", R(deck=52), 3),  # lowest hand, 52 cards
        ("6H 7S 6D", R(deck=36), 7),  # lowest hand, 36 cards
        ("2H 3H 4H", R(deck=52), 9),
        ("6C 6S 6H", R(deck=36), 30.5),
        ("5H 5S 5D", R(deck=52), 30.5),
        # feuer
        ("AH AS AD", preset("knack"), 32),
        ("AH AS AC", preset("pub"), 33),
        ("AH AS AC", preset("hosenowi"), 32),
        ("AH AS KC", preset("knack"), 11),
        ("KH KS KC", preset("knack"), 30.5),
        # flush_30 (pub)
        ("7H 8H 9H", preset("pub"), 30),
        ("AH KH 10H", preset("pub"), 31),
        ("7H 8H 9S", preset("pub"), 15),
        ("7H 7S 7C", preset("pub"), 30.5),
        ("2H 3H 4H", opts(deck=52, flush_30=True, max_players=9), 30),
        # handeln: two of a rank count their sum
        ("KH KS 9C", opts(handeln=True), 20),
        ("AH AS 9C", opts(handeln=True), 22),
        ("7H 7S AH", opts(handeln=True), 18),  # suit sum 18 beats 14
        ("7H 7S 9C", opts(handeln=True), 14),
        ("9H 9S 8H", opts(handeln=True), 18),
        ("KH KS KC", opts(handeln=True), 30.5),
        ("7H 8S 9C", opts(handeln=True), 9),
        ("AH AS 10H", opts(handeln=True), 22),
        ("AH AS AC", opts(handeln=True, feuer=True), 32),
    ],
)
def test_hand_value(hand, rules, value):
    got = hand_value(parse_cards(hand), rules)
    assert got == value
    assert type(got) is (float if value == 30.5 else int)


def test_hand_value_accepts_text_and_any_order():
    for order in ("AD KD 10D", "KD 10D AD", "10D AD KD"):
        assert hand_value(order) == 31


@pytest.mark.parametrize("bad", ["AH KH", "AH KH QH JH", "", "AH AH KH", "XX KH QH"])
def test_hand_value_rejects_bad_hands(bad):
    with pytest.raises(InvalidInputError):
        hand_value(bad)


def test_hand_value_rejects_non_cards():
    with pytest.raises(InvalidInputError, match="not a Card"):
        hand_value(["AH", "KH", 7])
    assert hand_value(["AH", "KH", "QH"]) == 31  # card texts are read as cards
    with pytest.raises(InvalidInputError):
        hand_value(5)


def test_rang_tiebreak_orders_30_5_by_rank():
    low, high = parse_cards("7C 7S 7H"), parse_cards("KC KS KH")
    assert hand_key(low, CLASSIC) == hand_key(high, CLASSIC)
    tb = opts(rang_tiebreak=True)
    assert hand_key(low, tb) < hand_key(high, tb)
    assert hand_value(low, tb) == hand_value(high, tb) == 30.5


def H(text):
    return parse_cards(text)


@pytest.mark.parametrize(
    ("hands", "rules", "knocker", "lost"),
    [
        # lowest loses
        (["AH KH 10H", "7C 8S 9D", "QD JD 7D"], CLASSIC, None, [0, 1, 0]),
        # ties all lose
        (["7C 8S 9D", "9H 8C 7S", "AD KD 10C"], CLASSIC, None, [1, 1, 0]),
        # all tied: all lose (the match's void rule is separate)
        (["9C 8S 7D", "9H 8C 7S"], CLASSIC, None, [1, 1]),
        # knocker among tied lowest: only the knocker pays (knack)
        (["7C 8S 9D", "9H 8C 7S", "AD KD 10C"], preset("knack"), 1, [0, 1, 0]),
        (["7C 8S 9D", "9H 8C 7S", "AD KD 10C"], preset("knack"), 2, [1, 1, 0]),
        # without knocker_pays_ties the knocker is not special
        (["7C 8S 9D", "9H 8C 7S", "AD KD 10C"], CLASSIC, 1, [1, 1, 0]),
        # Feuer: everybody else loses one, even a 31
        (["AH AS AC", "AD KD 10D", "7C 8S 9D"], preset("pub"), None, [0, 1, 1]),
        # Feuer heads-up with feuer_two_lives_heads_up (knack): two lives
        (["AH AS AC", "AD KD 10D"], preset("knack"), None, [0, 2]),
        (["AH AS AC", "AD KD 10D"], preset("pub"), None, [0, 1]),
        # heads-up counted among seats still in the deal (None = eliminated)
        (["AH AS AC", None, "AD KD 10D"], preset("knack"), None, [0, 0, 2]),
        (["AH AS AC", "7C 8S 9D", "AD KD 10D"], preset("knack"), None, [0, 1, 1]),
        # every hand 31: nobody loses, also when the knocker would pay the tie
        (["AH KH 10H", "AD KD 10D"], CLASSIC, None, [0, 0]),
        (["AH KH 10H", "AD KD 10D", "AC QC JC"], preset("knack"), 1, [0, 0, 0]),
        (["AH KH 10H", "AD KD 10D", None], opts(under_21_pays=True), None, [0, 0, 0]),
        # ... but Feuer still beats them, and one 31 short of all is normal scoring
        (["AH AS AC", "AD KD 10D", "10C KC QC"], preset("pub"), None, [0, 1, 1]),
        (["AH KH 10H", "AD KD 10D", "AC QC 9C"], CLASSIC, None, [0, 0, 1]),
        # without feuer, three aces is a 30.5
        (["AH AS AC", "AD KD 10D", "7C 8S 9D"], CLASSIC, None, [0, 0, 1]),
        # eliminated seats lose nothing
        ([None, "7C 8S 9D", "AD KD 10C"], CLASSIC, None, [0, 1, 0]),
        # rang_tiebreak decides between 30.5 hands
        (["7C 7S 7H", "KC KS KH"], opts(rang_tiebreak=True), None, [1, 0]),
        (["7C 7S 7H", "KC KS KH"], CLASSIC, None, [1, 1]),
        # under_21_pays: all <= 20 and lowest above 20 lose; highest never
        (
            ["AH KH 9S", "QH 10H JD", "AD KD 10D", "7C 8S 9D", "AC QC 7S"],
            opts(under_21_pays=True),
            None,
            [1, 1, 0, 1, 1],
        ),
        # under_21_pays: only one above 20 (it is the highest): only <= 20 lose
        (["AH KH 10H", "QS 10S JD", "7C 8S 9D"], opts(under_21_pays=True), None, [0, 1, 1]),
        # under_21_pays: everyone <= 20, the highest is spared
        (["QS 10S JD", "9C 8D 7H", "AC 7S 8C"], opts(under_21_pays=True), None, [0, 1, 1]),
        # under_21_pays: all tied: the highest never lose, so nobody
        (["9C 8D 7H", "9H 8S 7D"], opts(under_21_pays=True), None, [0, 0]),
        # under_21_pays + knocker_pays_ties: knocker at lowest spares others at that value
        (
            ["7C 8S 9D", "9H 8C 7S", "QS 10S JD", "AD KD 10D"],
            opts(under_21_pays=True, knocker_pays_ties=True),
            0,
            [1, 0, 1, 0],
        ),
        # ... but only when the knocker has the lowest value of the deal
        (
            ["QS 10S JD", "9H 8C 7S", "QH 10H JC", "AD KD 10D"],
            opts(under_21_pays=True, knocker_pays_ties=True),
            0,
            [1, 1, 1, 0],
        ),
    ],
)
def test_score_deal(hands, rules, knocker, lost):
    parsed = [None if h is None else H(h) for h in hands]
    assert score_deal(parsed, rules, knocker) == lost


def test_score_deal_rejects_bad_input():
    with pytest.raises(InvalidInputError, match="two hands"):
        score_deal([H("AH KH QH"), H("AH 7S 8S")], CLASSIC)
    with pytest.raises(InvalidInputError, match="knocker"):
        score_deal([H("AH KH QH"), H("7H 7S 8S")], CLASSIC, knocker=5)
    with pytest.raises(InvalidInputError, match="three cards"):
        score_deal([H("AH KH"), H("7H 7S 8S")], CLASSIC)
    with pytest.raises(InvalidInputError, match="Rules"):
        score_deal([H("AH KH QH")], "classic")


@pytest.mark.parametrize(
    ("hands", "rules", "knocker", "why"),
    [
        (["AH KH 10H", "7C 8S 9D", "QD JD 7D"], CLASSIC, None, {1: "lowest"}),
        (["7C 8S 9D", "9H 8C 7S", "AD KD 10C"], CLASSIC, None, {0: "tie", 1: "tie"}),
        (["7C 8S 9D", "9H 8C 7S", "AD KD 10C"], preset("knack"), 1, {1: "knocker_paid_tie"}),
        # a knocker who is the lowest alone just has the lowest hand
        (["7C 8S 9D", "QH 8C 7S", "AD KD 10C"], preset("knack"), 0, {0: "lowest"}),
        (["AH AS AC", "AD KD 10D", "7C 8S 9D"], preset("pub"), None, {1: "feuer", 2: "feuer"}),
        (["AH AS AC", "AD KD 10D"], preset("knack"), None, {1: "feuer"}),
        (
            ["AH KH 9S", "QH 10H JD", "AD KD 10D", "7C 8S 9D", "AC QC 7S"],
            opts(under_21_pays=True),
            None,
            {0: "under_21", 1: "under_21", 3: "under_21", 4: "under_21"},
        ),
        (
            ["7C 8S 9D", "9H 8C 7S", "QS 10S JD", "AD KD 10D"],
            opts(under_21_pays=True, knocker_pays_ties=True),
            0,
            {0: "knocker_paid_tie", 2: "under_21"},
        ),
        # rang_tiebreak: two 30.5 hands are no tie
        (["7C 7S 7H", "KC KS KH"], opts(rang_tiebreak=True), None, {0: "lowest"}),
        (["7C 7S 7H", "KC KS KH"], CLASSIC, None, {0: "tie", 1: "tie"}),
        (["AH KH 10H", "AD KD 10D"], preset("knack"), 0, {}),
    ],
)
def test_score_with_reasons(hands, rules, knocker, why):
    parsed = [None if h is None else H(h) for h in hands]
    lost, reasons = score_with_reasons(parsed, rules, knocker)
    assert lost == score_deal(parsed, rules, knocker)
    assert reasons == why
    assert all(isinstance(r, LossReason) for r in reasons.values())
    assert sorted(reasons) == [s for s, n in enumerate(lost) if n]
