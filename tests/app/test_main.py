"""The start-up module's pure parts (URL parameters, dealing, markup) under CPython."""

from __future__ import annotations

import doctest
import re

from app import main


def test_docstring_examples():
    assert doctest.testmod(main).failed == 0


def test_read_params_ignores_bad_values():
    assert main.read_params("") == main.Params(seed=None, lang="de")
    assert main.read_params("?seed=abc&lang=fr") == main.Params(seed=None, lang="de")
    assert main.read_params("?seed=-3&lang=en") == main.Params(seed=-3, lang="en")


def test_seeded_deal_is_three_distinct_cards_and_depends_on_the_seed():
    hands = {tuple(str(c) for c in main.deal_hand(seed)) for seed in range(20)}
    assert all(len(set(hand)) == 3 for hand in hands)
    assert len(hands) > 10


def test_render_hand_marks_cards_and_selection():
    cards = main.deal_hand(1)
    markup = main.render_hand(cards, selected=2)
    found = re.findall(r'data-card="([^"]+)" data-index="(\d)"', markup)
    assert found == [(str(card), str(i)) for i, card in enumerate(cards)]
    assert markup.count('data-selected="true"') == 1
    assert re.search(r'data-index="2" data-selected="true"', markup)
    assert markup.count("<svg") == 3
