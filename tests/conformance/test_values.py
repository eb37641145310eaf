"""hand_value and score_deal (docs/rules.md: What a hand is worth, Scoring a deal)."""

import pytest

from engine import InvalidInputError, hand_value, parse_cards, score_deal

from .support import rules


def hv(text, rules_=None):
    return hand_value(parse_cards(text), rules_)


@pytest.mark.parametrize(
    "text, value",
    [
        ("AH KH 9S", 21),
        ("QH 10H JD", 20),
        ("AC KC 9C", 30),
        ("AD KD 10D", 31),
        ("7C 7S 7H", 30.5),
        ("7H 8S 7D", 8),
        # more of the same rules
        ("AS 7C 8D", 11),
        ("AS QS JS", 31),
        ("AS KS QS", 31),
        ("KC KS KH", 30.5),
        ("10C 10D 10H", 30.5),
        ("AC AS AH", 30.5),  # no feuer in classic: an ordinary Rang
        ("9D 8D 7D", 24),
        ("7C 8D 9H", 9),
        ("AH 10H 7S", 21),
    ],
)
def test_examples_classic(text, value):
    assert hv(text) == value
    assert hv(text, rules("classic")) == value


def test_lowest_hands_per_deck():
    assert hv("7H 8S 7D") == 8
    assert hv("6H 7S 6D", rules("classic", deck=36)) == 7
    assert hv("2H 3S 2D", rules("classic", deck=52)) == 3
    assert hv("2H 2S 2D", rules("classic", deck=52)) == 30.5
    assert hv("6H 6S 6D", rules("classic", deck=36)) == 30.5
    assert hv("5H 4H 3H", rules("classic", deck=52)) == 12
    assert hv("AH 6H 6S", rules("classic", deck=36)) == 17


def test_feuer():
    for name, fv in (("knack", 32), ("pub", 33), ("hosenowi", 32)):
        assert hv("AC AS AH", rules(name)) == fv
        assert hv("AD AS AH", rules(name)) == fv
        assert hv("AD AS KS", rules(name)) == 21
    assert hv("AC AS AH", rules("knack", feuer_value=40)) == 40
    assert hv("AC AS AH", rules("classic")) == 30.5


def test_handeln():
    r = rules("classic", handeln=True)
    assert hv("KC KS 9H", r) == 20
    assert hv("KC KS 9H") == 10
    assert hv("AC AS 7H", r) == 22
    assert hv("AH AS KH", r) == 22
    assert hv("7H 7S 9H", r) == 16  # suit 7+9 beats pair 14
    assert hv("KC KS KH", r) == 30.5
    assert hv("AC KC 10C", r) == 31
    assert hv("7C 8D 9H", r) == 9


def test_flush_30():
    r = rules("pub")
    assert hv("7H 8H 9H", r) == 30
    assert hv("7H 8H 9H") == 24
    assert hv("AH KH 10H", r) == 31
    assert hv("7H 7S 7D", r) == 30.5
    assert hv("7H 8H 9S", r) == 15
    assert hv("AH KH 9H", r) == 30


@pytest.mark.parametrize("text", ["", "AH", "AH KH", "AH KH QH JH"])
def test_other_sizes_raise(text):
    with pytest.raises(InvalidInputError):
        hand_value(parse_cards(text))


def hands(*texts):
    return [parse_cards(t) for t in texts]


def test_lowest_loses_and_ties_all_lose():
    r = rules("classic")
    assert score_deal(hands("AH KH 9S", "QH 10H JD", "AC KC 9C"), r) == [0, 1, 0]
    assert score_deal(hands("AH KH 9S", "QH 10H JD", "QC 10C JS"), r) == [0, 1, 1]
    assert score_deal(hands("AH KH 9S", "AD KD 9C"), r) == [1, 1]
    # a knocker changes nothing without knocker_pays_ties
    assert score_deal(hands("AH KH 9S", "QH 10H JD", "QC 10C JS"), r, knocker=1) == [0, 1, 1]
    assert score_deal(hands("AH KH 9S", "QH 10H JD", "QC 10C JS"), r, knocker=0) == [0, 1, 1]


def test_knocker_pays_ties():
    r = rules("knack")
    three = hands("AH KH 9S", "QH 10H JD", "QC 10C JS")
    assert score_deal(three, r) == [0, 1, 1]
    assert score_deal(three, r, knocker=1) == [0, 1, 0]
    assert score_deal(three, r, knocker=2) == [0, 0, 1]
    assert score_deal(three, r, knocker=0) == [0, 1, 1]  # knocker not among the lowest
    lone = hands("AH KH 9S", "QH 10H JD", "AC KC 9C")
    assert score_deal(lone, r, knocker=1) == [0, 1, 0]
    assert score_deal(lone, r, knocker=0) == [0, 1, 0]


def test_rang_tiebreak():
    three = hands("7C 7S 7H", "KC KS KH", "AH QH 10H")
    assert score_deal(three, rules("classic")) == [1, 1, 0]
    assert score_deal(three, rules("classic", rang_tiebreak=True)) == [1, 0, 0]
    two = hands("8C 8S 8H", "9C 9S 9H")
    assert score_deal(two, rules("classic")) == [1, 1]
    assert score_deal(two, rules("classic", rang_tiebreak=True)) == [1, 0]
    # the Rang still beats 30 and loses to 31
    mixed = hands("7C 7S 7H", "AD KD 9D")
    assert score_deal(mixed, rules("classic", rang_tiebreak=True)) == [0, 1]


def test_under_21_pays():
    r = rules("classic", under_21_pays=True)
    five = hands("7C 8D 9H", "QH 10H JD", "AH KH 9S", "AS 7S 7D", "AD QD 10D")
    # values 9, 20, 21, 18, 31: <= 20 lose; lowest above 20 (21) loses; 31 is safe
    assert score_deal(five, r) == [1, 1, 1, 1, 0]
    # 15, 25, 25: the highest never lose, nobody else above 20
    assert score_deal(hands("7C 8C 9D", "KD 8D 7H", "KS 8S 9H"), r) == [1, 0, 0]
    # all at or under 20: all but the highest lose
    assert score_deal(hands("7C 8D 9H", "QH 10H JD", "QS 8S 9C"), r) == [1, 0, 1]
    # everyone tied: the highest never lose
    assert score_deal(hands("QH 10H JD", "QS 10S JC"), r) == [0, 0]
    # lowest above 20 tied: both pay
    assert score_deal(hands("AH KH 9S", "AS KS 9D", "AD QD 10D"), r) == [1, 1, 0]
    # without the option only the lowest loses
    assert score_deal(five, rules("classic")) == [1, 0, 0, 0, 0]


def test_under_21_pays_with_knocker_pays_ties():
    r = rules("knack", under_21_pays=True)
    # values 15, 15, 18, 25, 30
    five = hands("7C 8C 9D", "7D 8D 9S", "9H 8H 7S", "KS 8S 7H", "AC KC 9C")
    values = [hand_value(h, r) for h in five]
    assert values == [15, 15, 17, 18, 30]
    assert score_deal(five, r) == [1, 1, 1, 1, 0]
    assert score_deal(five, r, knocker=0) == [1, 0, 1, 1, 0]
    assert score_deal(five, r, knocker=1) == [0, 1, 1, 1, 0]
    assert score_deal(five, r, knocker=2) == [1, 1, 1, 1, 0]  # not the lowest: nobody spared
    assert score_deal(five, r, knocker=4) == [1, 1, 1, 1, 0]
    # lowest above 20 is not affected by the knocker rule
    above = hands("AH KH 9S", "AS KS 9D", "AD QD 10D")
    assert score_deal(above, r, knocker=0) == [1, 0, 0]


def test_feuer_scoring():
    r = rules("hosenowi")
    assert score_deal(hands("AC AS AH", "AD KD 10D", "7C 8D 9H"), r) == [0, 1, 1]
    assert score_deal(hands("7C 8D 9H", "AC AS AH"), r) == [1, 0]
    assert score_deal(hands("7C 8D 9H", "KS QS JS", "AC AS AD", "8C 8S 8H"), r) == [1, 1, 0, 1]
    # knocker changes nothing
    assert score_deal(hands("AC AS AH", "AD KD 10D", "7C 8D 9H"), r, knocker=2) == [0, 1, 1]
    # without feuer three aces are a Rang
    assert score_deal(hands("AC AS AH", "AD KD 10D", "7C 8D 9H"), rules("classic")) == [0, 0, 1]


def test_feuer_two_lives_heads_up():
    r = rules("knack")
    assert score_deal(hands("AC AS AH", "AD KD 10D"), r) == [0, 2]
    assert score_deal(hands("7C 8D 9H", "AC AS AH"), r) == [2, 0]
    assert score_deal(hands("7C 8D 9H", "AC AS AH", "KD QD JD"), r) == [1, 0, 1]
    assert score_deal(hands("AC AS AH", "AD KD 10D"), rules("hosenowi")) == [0, 1]
    assert score_deal(hands("AC AS AH", "AD KD 10D"), rules("pub")) == [0, 1]


def test_hands_as_card_texts():
    """Regression: hands given as texts or sequences of card texts are read as cards."""
    assert hand_value("AH KH 9S") == 21
    assert hand_value(["AH", "KH", "9S"]) == 21
    assert hand_value(("AC", "AS", "AH"), rules("pub")) == 33
    assert score_deal([("AH", "KH", "9S"), ["QH", "10H", "JD"]], rules("classic")) == [0, 1]
    with pytest.raises(InvalidInputError):
        hand_value(["AH", "KH", "XX"])
    with pytest.raises(InvalidInputError):
        hand_value(["AH", "KH", 3])
    with pytest.raises(InvalidInputError):
        hand_value(["AH", "AH", "9S"])
