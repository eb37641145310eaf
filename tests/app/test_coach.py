"""The coach: the hard bot's ranking shown as words, the best move's cards outlined."""

from __future__ import annotations

import random
import time
from types import SimpleNamespace

import pytest

from app.table import coach, moves
from engine import Action, parse_cards
from tests.app.test_controller import choose, make, perform, settle


def _hint_tree(query):
    c, host, _ = make(query)
    assert settle(c, host) == "human"
    assert "hint" in host.actions()
    start = time.perf_counter()
    c.handle({"type": "action", "action": "hint"})
    took = time.perf_counter() - start
    return c, host, took


@pytest.mark.parametrize(
    "query",
    [
        "?seed=4&speed=0&preset=classic&bots=3",
        "?seed=5&speed=0&preset=hosenowi&bots=2&mistery=1",
        "?seed=6&speed=0&preset=knack&bots=8",
    ],
)
def test_hint_ranks_legal_moves_in_words_and_outlines_the_best(query):
    c, host, took = _hint_tree(query)
    legal = {str(a) for a in c.match.legal_actions()}
    box = host.tree().find(data_testid="hint")
    items = box.find_all(data_hint_action=True)
    assert 1 <= len(items) <= coach.SHOWN
    assert {i.get("data-hint-action") for i in items} <= legal
    chances = [float(i.get("data-p-safe")) for i in items]
    assert chances == sorted(chances, reverse=True)
    assert "%" in items[0].all_text() and items[0].all_text().startswith("Am besten: ")
    best = items[0].get("data-hint-action")
    marked = {e.get("data-key") for e in host.tree().find_all(data_hinted="true")}
    assert marked == set(moves.card_keys(Action.parse(best)))
    assert host.state == "human"
    assert took < 2.0  # a budget of 30 ms; generous for a busy test machine


def test_hint_goes_away_with_the_next_move_and_is_not_offered_to_bots():
    c, host, _ = _hint_tree("?seed=4&speed=0&preset=classic&bots=3")
    perform(c, host, choose(c, random.Random(1)))
    assert not host.tree().find_all(data_testid="hint")
    assert c.ui.hints == ()
    if host.state == "busy":
        assert "hint" not in host.actions()
        c.handle({"type": "action", "action": "hint"})  # ignored while the bots play
        assert c.ui.hints == ()


def test_move_words_for_every_kind_of_move():
    o = SimpleNamespace(hand=parse_cards("KH 9S 7D AC 8C"), table=parse_cards("AH 10C QS"))
    names = ["", "Anna", "Ben"]

    def words(text, lang="en"):
        return coach.move_words(o, Action.parse(text), names, "french", lang)

    assert words("swap 0 2") == "swap King of Hearts for Queen of Spades"
    assert words("swap 0 0 1 1") == (
        "swap King of Hearts↔Ace of Hearts and 9 of Spades↔10 of Clubs"
    )
    assert words("mistery 2") == "7 of Diamonds for the Mistery card"
    assert words("hold 0 3 4") == "keep King of Hearts, Ace of Clubs and 8 of Clubs"
    assert words("announce 30.5 show 0 1") == "say 30½, show King of Hearts and 9 of Spades"
    assert words("challenge 2") == "challenge Ben"
    assert words("knock") == "Knock" and words("knock", "de") == "Klopfen"
    assert words("swap 1 0", "de") == "Pik 9 gegen Herz Ass tauschen"
    assert coach.move_words(o, Action.swap(1, 0), names, "german", "de") == (
        "Grün 9 gegen Herz Ass tauschen"
    )


def test_markup_escapes_and_says_best_then_else():
    lines = (
        coach.Line(Action.knock(), "<b>Knock</b>", 0.724),
        coach.Line(Action.pass_(), "Pass", 0.5),
    )
    html = coach.markup(lines, "en")
    assert "&lt;b&gt;" in html and "<b>" not in html
    assert "Best: &lt;b&gt;Knock&lt;/b&gt; (72% safe)" in html
    assert "else: Pass (50% safe)" in html
    assert coach.markup((), "en") == ""
