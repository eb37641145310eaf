"""Choosing a move by tapping cards (``app.table.choosing``): a single swap as before, and
Pub's swap of two cards tapped the same way (issue 37), with no button per pair."""

from __future__ import annotations

from app.table import choosing
from engine import Action
from tests.app.test_view import obs, ui

PUB = ["swap 0 0", "swap 1 2", "swap 0 1 1 2", "swap 2 0 0 1", "swap 1 0 2 2", "swap all"]


def taps(o, u, *cards: str):
    """Tap ``hand-0``, ``table-2``... in turn; the last tap's choice."""
    choice = choosing.CHOOSING
    for card in cards:
        zone, index = card.split("-")
        choice = choosing.tap(o, u, zone, index)
    return choice


def test_a_hand_card_then_a_table_card_is_still_one_swap_where_two_are_offered():
    o = obs(legal_actions=PUB)
    assert taps(o, ui(), "hand-0", "table-0").action == Action.parse("swap 0 0")
    assert taps(o, ui(), "table-2", "hand-1").action == Action.parse("swap 1 2")


def test_two_hand_cards_then_two_table_cards_swap_two_in_the_order_chosen():
    o, u = obs(legal_actions=PUB), ui()
    assert taps(o, u, "hand-0", "hand-1", "table-1").action is None
    assert choosing.numbers(o, u) == {("hand", "0"): "1", ("hand", "1"): "2", ("table", "1"): "1"}
    assert choosing.two_swap_step(u) == "table"
    assert taps(o, u, "table-2").action == Action.parse("swap 0 1 1 2")
    assert u.choice.selected == ()
    # the table's side first, and a card tapped again is put back
    assert taps(o, u, "table-0", "table-2", "table-2", "table-1").action is None
    assert choosing.two_swap_step(u) == "hand"
    assert taps(o, u, "hand-2", "hand-0").action == Action.parse("swap 2 0 0 1")


def test_where_no_swap_of_two_is_offered_a_second_hand_card_replaces_the_first():
    o, u = obs(), ui()  # classic
    assert taps(o, u, "hand-0", "hand-2").action is None
    assert u.choice.selected == (("hand", "2"),) and choosing.numbers(o, u) == {}
    assert taps(o, u, "table-2").action == Action.parse("swap 2 2")


def test_two_cards_chosen_to_show_are_not_numbered_as_a_swap():
    o = obs(phase="announce", legal_actions=["announce 21 show 0 1", "announce 21 show 1 2"])
    u = ui(selected=(("hand", "0"), ("hand", "1")))
    assert choosing.numbers(o, u) == {}
