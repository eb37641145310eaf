"""Action texts: str and parse invert each other; bad text is a precise error."""

import pytest

from engine import InvalidInputError
from engine.actions import Action, ActionKind

TEXTS = [
    "keep",
    "take",
    "swap 0 0",
    "swap 2 1",
    "swap 0 1 1 2",
    "swap 0 2 2 0",
    "swap all",
    "mistery 0",
    "mistery 2",
    "pass",
    "knock",
    "new",
    "hold 0 1 2",
    "hold 1 3 4",
    "announce 8 show 0 1",
    "announce 30 show 1 2",
    "announce 30.5 show 0 2",
    "announce 3 show 0 1",
    "challenge 0",
    "challenge 8",
    "giveup",
]


@pytest.mark.parametrize("text", TEXTS)
def test_round_trip(text):
    a = Action.parse(text)
    assert str(a) == text
    assert Action.parse(str(a)) == a
    assert Action.parse(text.upper()) is a
    assert repr(a) == f"Action.parse({text!r})"


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("  swap   1  2 ", "swap 1 2"),
        ("swap 2 0 0 1", "swap 0 1 2 0"),
        ("hold 4 0 2", "hold 0 2 4"),
        ("announce 21 show 2 0", "announce 21 show 0 2"),
        ("announce 30,5 show 0 1", "announce 30.5 show 0 1"),
        ("SWAP ALL", "swap all"),
    ],
)
def test_equal_moves_compare_equal(text, canonical):
    assert Action.parse(text) == Action.parse(canonical)
    assert str(Action.parse(text)) == canonical


def test_constructors_match_texts():
    assert Action.swap(1, 2) == Action.parse("swap 1 2")
    assert Action.swap_two(2, 0, 0, 1) == Action.parse("swap 0 1 2 0")
    assert Action.announce(30.5, 2, 1) == Action.parse("announce 30.5 show 1 2")
    assert Action.announce(21.0, 0, 1).args == (21, 0, 1)
    assert Action.pass_().kind is ActionKind.PASS
    assert Action.challenge(3) != Action.challenge(2)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "expected one of"),
        ("jump", "expected one of"),
        ("swap", "expected one of"),
        ("swap 1", "expected one of"),
        ("swap 3 0", "hand index 3"),
        ("swap 0 3", "table index 3"),
        ("swap 0 1 0 2", "two different hand cards"),
        ("swap 0 1 1 1", "two different"),
        ("swap x y", "not an index"),
        ("swap -1 0", "not an index"),
        ("mistery 3", "hand index 3"),
        ("hold 0 1 1", "three different"),
        ("hold 0 1 5", "card index 5"),
        ("hold 0 1", "expected one of"),
        ("announce 21 show 0 0", "two different"),
        ("announce 30.7 show 0 1", "whole number"),
        ("announce 31 show 0 1", "whole number up to 30"),
        ("announce 21 0 1", "expected one of"),
        ("challenge 9", "seat index 9"),
        ("keep now", "expected one of"),
        ("knock 1", "expected one of"),
    ],
)
def test_bad_text(text, message):
    with pytest.raises(InvalidInputError, match=message) as info:
        Action.parse(text)
    assert repr(text) in str(info.value)


@pytest.mark.parametrize("bad", [None, 3, ["swap", 0, 1]])
def test_non_text_rejected(bad):
    with pytest.raises(InvalidInputError):
        Action.parse(bad)
