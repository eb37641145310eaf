"""Card.parse / str and parse_cards (CONFORMANCE.md, engine table)."""

import pytest

import engine
from engine import Card, InvalidInputError, parse_cards

from .support import deck_texts


def test_error_types_are_value_errors():
    assert issubclass(engine.InvalidInputError, ValueError)
    assert issubclass(engine.IllegalActionError, ValueError)


@pytest.mark.parametrize("size", [32, 36, 52])
def test_every_card_round_trips(size):
    for text in deck_texts(size):
        card = Card.parse(text)
        assert str(card) == text
        assert Card.parse(str(card)) == card


def test_distinct_texts_give_distinct_cards():
    cards = [Card.parse(t) for t in [*deck_texts(52), "6C", "6D", "6H", "6S"]]
    assert len(set(cards)) == 52


@pytest.mark.parametrize(
    "bad", ["", "1H", "11H", "0H", "XH", "10", "H", "10X", "AHH", "A H", "HA", "1 0H", "10HH", "B7"]
)
def test_bad_card_text(bad):
    with pytest.raises(InvalidInputError):
        Card.parse(bad)


def test_parse_cards_tuple_in_order():
    cards = parse_cards("AH KH 10H")
    assert isinstance(cards, tuple)
    assert [str(c) for c in cards] == ["AH", "KH", "10H"]
    assert cards == (Card.parse("AH"), Card.parse("KH"), Card.parse("10H"))


@pytest.mark.parametrize("bad", ["AH KH XX", "AH 1H", "AH AH", "7C 8C 7C", "10H 10H 9S"])
def test_parse_cards_errors(bad):
    with pytest.raises(InvalidInputError):
        parse_cards(bad)
