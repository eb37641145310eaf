"""The search values a deal's outcome through one function, ``hard.deal_value``:
its own lives lost, an elimination costing extra; other seats' losses do not count.
The bench swaps it for other valuations (``bench/hard_variants.py --variant value=...``)."""

import random

from engine import Match, preset
from engine.bots import hard
from engine.bots.observe import view_of
from tests.bots.positions import turn_view


def knack_view():
    """A turn of a knack deal (after the dealer's choice), with several moves."""
    return turn_view("knack", moved=0)


def test_a_deal_is_worth_the_seats_own_lives():
    view = knack_view()
    me, other = view.seat, view.opponents()[0]
    value = hard.deal_value(view)
    lives = view.lives[me]
    assert value({}) == 0.0
    assert value({other: 1}) == 0.0
    assert value({me: 1}) == hard.utility(1, lives) == -1.0
    assert value({me: lives + 1}) == -(lives + 1) - hard.ELIMINATION


def test_the_search_reads_the_deal_value(monkeypatch):
    view = knack_view()
    cands = list(range(len(view.legal)))
    monkeypatch.setattr(hard, "deal_value", lambda view: lambda lost: 0.25)
    means = hard.search(view, cands, random.Random(1), 8, None)
    assert means == dict.fromkeys(cands, 0.25)


def test_the_deal_choice_reads_it_too(monkeypatch):
    m = Match(preset("pub"), players=4, seed=3)
    view = view_of(m.observation(m.current_player()))
    assert view.phase == "choose"
    monkeypatch.setattr(hard, "deal_value", lambda view: lambda lost: -0.5)
    res = hard.evaluate_choice(view, random.Random(1), 8, None)
    assert [v for _, v in res] == [-0.5] * len(view.legal)
