"""The end-of-deal and end-of-match panels (app.table.results) and their controls: who
won, who lost what, the last deal's hands, the first_out rule said, Escape closing the
match result onto the finished table and the way back."""

from __future__ import annotations

import random

import pytest

import engine
from engine import parse_cards
from engine.events import DealResult
from tests.app.test_controller import make, play_match
from tests.app.test_view import draw, obs, ui

# Ben knocked and lost his last life; Anna and Clara still play.
LAST = DealResult(
    deal_number=6,
    reason="knock",
    knocker=2,
    hands={1: parse_cards("AH 10H 9H"), 2: parse_cards("7C 8C 9D"), 3: parse_cards("KS QS 8S")},
    values={1: 30, 2: 17, 3: 28},
    lost=(0, 0, 1, 0),
    lives_after=(-1, 2, -1, 1),
)


def _over(rules=None, **changes):
    """The match-over screen after ``LAST`` (Anna wins); ``changes`` go to the UI state."""
    o = obs(
        rules=rules or engine.preset("classic"),
        lives=[-1, 2, -1, 1],
        out_deal=(3, None, 6, None),
        legal_actions=[],
        current=None,
        last_deal=LAST,
    )
    return draw(o, ui(mode="match-over", winners=(1,), lang="en", **changes))


def test_match_over_says_who_won_who_lost_what_and_shows_the_last_hands():
    box = _over().find(data_testid="match-over")
    text = box.all_text()
    assert box.find(id="match-over-title").all_text() == "Anna wins!"
    assert "The last deal (deal 6)" in text and "Ben knocks! The lowest hand loses." in text
    assert "Ben loses a life and is out" in text
    rows = box.find(class_="results").find_all(data_lost=True)  # the deal-over rows
    assert [r.get("data-lost") for r in rows] == ["0", "0", "1", "0"]
    assert [c.get("data-card") for c in rows[1].find_all(data_card=True)] == ["AH", "10H", "9H"]
    assert rows[0].find(class_="cards").children == []  # out before the deal: dealt nothing
    ranking = [li.get("data-seat") for li in box.find(class_="ranking").find_all(data_seat=True)]
    assert ranking == ["1", "3", "2", "0"]
    assert {b.get("data-action") for b in box.find_all(data_action=True)} == {
        "new-match",
        "close-result",
    }
    assert box.find_all(data_testid="first-out") == []  # played to the last one standing


def test_with_first_out_the_panel_says_the_match_ends_at_the_first_elimination():
    box = _over(engine.preset("hosenowi")).find(data_testid="match-over")
    note = box.find(data_testid="first-out").all_text()
    assert "ends as soon as someone is out" in note and "ranked by the lives" in note


def test_a_shared_win_with_the_player_says_you():
    o = obs(lives=[2, 2, -1, 1], out_deal=(None, None, 6, None), legal_actions=[], current=None)
    box = draw(o, ui(mode="match-over", winners=(0, 1), lang="en")).find(data_testid="match-over")
    assert box.find(id="match-over-title").all_text() == "Shared win: you and Anna"
    assert box.find_all(class_="results") == []  # no last deal known: no rows


def test_closed_the_result_leaves_the_finished_table_and_a_bar_to_come_back():
    tree = _over(match_panel=False)
    assert tree.find_all(data_testid="match-over") == []
    assert tree.find_all(role="dialog") == []
    bar = tree.find(data_testid="match-bar")
    assert "Anna wins!" in bar.all_text()
    assert {b.get("data-action") for b in bar.find_all(data_action=True)} == {
        "show-result",
        "new-match",
    }
    assert tree.find(data_testid="hand") and tree.find(data_testid="table")


def test_deal_over_says_who_went_out():
    o = obs(lives=[-1, 2, -1, 1], last_deal=LAST, legal_actions=[], current=None)
    text = draw(o, ui(mode="deal-over")).find(data_testid="deal-over").all_text()
    assert "Ben verliert ein Leben und scheidet aus" in text


def _finished(query="?seed=3&speed=0&bots=1&lives=1&lang=en"):
    c, host, _ = make(query)
    play_match(c, host, random.Random(1))
    assert host.state == "match-over"
    return c, host


def test_escape_closes_the_match_result_and_show_result_brings_it_back():
    c, host = _finished()
    c.handle({"type": "escape"})
    assert host.state == "match-over"  # the state stays: the match is over
    assert not host.tree().find_all(data_testid="match-over")
    assert c.take_focus() == "act-show-result"
    c.handle({"type": "escape"})  # nothing more to close: the bar stays
    assert host.tree().find(data_testid="match-bar")
    c.handle({"type": "action", "action": "show-result"})
    assert host.tree().find(data_testid="match-over")
    assert c.take_focus() == "act-new-match"
    c.handle({"type": "action", "action": "new-match"})
    assert host.state in ("human", "busy", "deal-over") and c.ui.panels.match_panel


def test_escape_closes_the_settings_over_the_match_result_first():
    c, host = _finished()
    c.handle({"type": "action", "action": "settings"})
    c.handle({"type": "escape"})
    assert not c.ui.panels.settings_open and host.tree().find(data_testid="match-over")


@pytest.mark.parametrize("name", ["close-result", "show-result"])
def test_the_result_controls_do_nothing_before_the_match_is_over(name):
    c, host, _ = make("?seed=3&speed=0&bots=1&lives=3")
    shown = host.markup
    c.handle({"type": "action", "action": name})
    assert c.ui.panels.match_panel and host.markup == shown
