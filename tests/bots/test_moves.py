"""The bots' move tuples (engine/bots/moves.py) read from every kind of action text."""

from __future__ import annotations

import pytest

from engine.bots.moves import is_turn, turn_move
from engine.bots.view import decode


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("swap 0 2", ("swap", 0, 2)),
        ("swap 0 2 1 0", ("swap2", 0, 2, 1, 0)),
        ("swap all", ("all",)),
        ("mistery 1", ("mistery", 1)),
        ("hold 0 3 4", ("hold", 0, 3, 4)),
        ("knock", ("knock",)),
        ("pass", ("pass",)),
        ("new", ("new",)),
        ("keep", ("keep",)),
        ("take", ("take",)),
        ("announce 27 show 0 2", ("announce", 27, 0, 2)),
        ("announce 30.5 show 1 2", ("announce", 30.5, 1, 2)),
        ("challenge 3", ("challenge", 3)),
        ("giveup", ("giveup",)),
    ],
)
def test_decode_reads_every_kind(text: str, move: tuple[object, ...]) -> None:
    assert decode(text) == move


def test_a_whole_announced_value_stays_a_whole_number() -> None:
    assert type(decode("announce 27 show 0 2")[1]) is int


def test_an_unknown_action_text_is_refused() -> None:
    with pytest.raises(ValueError, match="not an action text"):
        decode("fold")


def test_only_turn_moves_pass_as_turn_moves() -> None:
    assert is_turn(decode("pass")) and turn_move(decode("swap 1 1")) == ("swap", 1, 1)
    for text in ("keep", "giveup", "challenge 2", "announce 27 show 0 1"):
        assert not is_turn(decode(text))
        with pytest.raises(ValueError, match="not a move of the turn phase"):
            turn_move(decode(text))
