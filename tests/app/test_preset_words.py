"""Each preset's own words in play (issue 37): Pub and Knack play with tokens (RULES.md,
``engine.traits``), shown as tokens and said as tokens, the others with lives and
hearts; Knack calls a 31 "Knack"."""

from __future__ import annotations

import dataclasses

import engine
from app.table import coach, log, luegen, results, telling
from engine import Event, EventKind, LossReason, parse_cards
from tests.app.test_results import LAST, _over
from tests.app.test_view import draw, obs, ui

NAMES = ("", "Anna", "Ben", "Clara")


def test_pub_shows_and_says_tokens_classic_lives():
    pub = _over(rules=engine.preset("pub"), preset="pub").all_text()
    assert "Ben loses a token and is out" in pub and "life" not in pub
    classic = _over().all_text()
    assert "Ben loses a life and is out" in classic
    seat = draw(obs(rules=engine.preset("pub")), ui(preset="pub", lang="en"))
    lives = seat.find(data_testid="seat-1").find(class_="lives")
    assert "●" in lives.all_text() and "♥" not in lives.all_text()
    assert "tokens" in (lives.get("aria-label") or "")
    hearts = draw(obs(), ui(lang="en")).find(data_testid="seat-1").find(class_="lives")
    assert "♥" in hearts.all_text()


def test_the_log_says_tokens_in_pub():
    lose = Event(EventKind.LOSE, seat=2, lives=1, reason=LossReason.LOWEST)
    assert log.line(lose, NAMES, lang="en", preset="pub").startswith("Ben loses a token")
    assert log.line(lose, NAMES, lang="de", preset="pub").startswith("Ben verliert eine Spielm")
    assert log.line(lose, NAMES, lang="en", preset="classic").startswith("Ben loses a life")


def test_knack_calls_a_31_knack():
    held = Event(EventKind.THIRTY_ONE, seat=1, cards=tuple(parse_cards("AH KH 10H")))
    assert log.line(held, NAMES, lang="de", preset="knack").startswith("Knack! Anna hat")
    assert log.line(held, NAMES, lang="en", preset="classic").startswith("31! Anna has")
    assert telling.callout("31", "de", "knack") == "Knack!"
    assert telling.callout("31", "en", "classic") == "31!"
    thirty_one = dataclasses.replace(LAST, reason="31", knocker=None, thirty_one=(1,))
    said = results.reason_text(thirty_one, ui(preset="knack", lang="en"))
    assert "Anna: Knack! The deal ends at once." in said, said


def test_luegen_in_pub_costs_tokens():
    """Pub with Lügen: the decision's buttons, the coach's line and the verdict say
    tokens (they said "You lose 1 life." whatever the preset)."""
    rules = dataclasses.replace(engine.preset("pub"), luegen=True)
    said = {1: (30, tuple(parse_cards("AH KH")))}
    decide = obs(
        rules=rules, phase="decide", announcements=said, legal_actions=["challenge 1", "giveup"]
    )
    tree = draw(decide, ui(preset="pub", lang="en"))
    assert tree.find(data_action="giveup").find(class_="stake-cost").all_text() == (
        "You lose 1 token."
    )
    assert tree.find(data_action="challenge 1").find(class_="stake-cost").all_text() == (
        "A lie: Anna loses 2 tokens. The truth: you lose 2 tokens."
    )
    giveup = engine.Action.parse("giveup")
    assert coach.explain(decide, giveup, NAMES.__getitem__, ui().look.style, "de", "pub")[0] == (
        "Du verlierst 1 Spielmarke."
    )
    gave_up = dataclasses.replace(LAST, decider=0, outcome="giveup", lost=(1, 0, 0, 0))
    assert luegen.verdict(gave_up, NAMES.__getitem__, "en", preset="pub") == (
        "You give up and lose 1 token."
    )
    assert luegen.verdict(gave_up, NAMES.__getitem__, "en") == "You give up and lose 1 life."
