"""Words for the Lügen decision: right names, values, loser and grammar for "you"; what
each choice costs, from the rules; announcements on their seats, enlarged on a tap."""

from __future__ import annotations

import dataclasses
from types import SimpleNamespace

import pytest

from app.table import luegen as lv
from engine import parse_cards, preset
from engine.events import DealResult
from tests.app.test_view import draw, obs

NAMES = ["You", "Anna", "Ben"]


def deal(decider, challenged, outcome, lost, said=27, has=21):
    values = {} if challenged is None else {challenged: has}
    announced = {} if challenged is None else {challenged: (said, ())}
    return DealResult(
        4,
        "knock",
        1,
        {},
        values,
        lost,
        announcements=announced,
        decider=decider,
        challenged=challenged,
        outcome=outcome,
    )


@pytest.mark.parametrize(
    ("d", "lang", "text"),
    [
        (deal(0, None, "giveup", (1, 0, 0)), "en", "You give up and lose 1 life."),
        (deal(2, None, "giveup", (0, 0, 1)), "de", "Ben gibt auf und verliert 1 Leben."),
        (
            deal(0, 1, "true", (2, 0, 0), 30.5, 30.5),
            "en",
            "You challenged Anna. Anna said 30½ and has 30½: the truth. You lose 2 lives.",
        ),
        (
            deal(1, 0, "lie", (2, 0, 0), 25, 19),
            "en",
            "Anna challenged you. You said 25 but have 19: a lie! You lose 2 lives.",
        ),
        (
            deal(1, 2, "lie", (0, 0, 2)),
            "de",
            "Anna zweifelt Ben an. Ben sagte 27, hat aber 21: gelogen! Ben verliert 2 Leben.",
        ),
        (
            deal(1, 0, "true", (0, 2, 0), 20, 20),
            "de",
            "Anna zweifelt dich an. Du sagtest 20 und hast 20: die Wahrheit. "
            "Anna verliert 2 Leben.",
        ),
    ],
)
def test_verdict(d, lang, text):
    assert lv.verdict(d, NAMES.__getitem__, lang) == text


def test_no_verdict_without_a_decision_and_badges():
    plain = DealResult(1, "knock", 0, {}, {}, (1, 0, 0))
    assert lv.verdict(plain, NAMES.__getitem__, "en") == ""
    d = deal(0, 2, "lie", (0, 0, 2))
    assert [lv.badge(d, s, "en") for s in range(3)] == ["", "", "lied"]
    assert lv.badge(deal(0, 2, "true", (2, 0, 0)), 2, "de") == "ehrlich"


def decision(lives=(3, 3, 3), swim="everyone", swim_open=True):
    """Seat 0 decides; Anna said 30 showing AH KH, Ben 21 showing 10C 9C."""
    return SimpleNamespace(
        seat=0,
        rules=dataclasses.replace(preset("hosenowi"), luegen=True, swim=swim),
        lives=list(lives),
        swim_open=swim_open,
        announcements={0: (19, parse_cards("9S 10S")), 1: (30, parse_cards("AH KH"))},
    )


@pytest.mark.parametrize(
    ("o", "lang", "text"),
    [
        (decision(), "en", "A lie: Anna loses 2 lives. The truth: you lose 2 lives."),
        (decision(), "de", "Gelogen: Anna verliert 2 Leben. Wahr: du verlierst 2 Leben."),
        # one life left: a wrong challenge puts the player out; two lives: Anna swims
        (
            decision(lives=(1, 2, 3)),
            "en",
            "A lie: Anna loses 2 lives. The truth: you lose 2 lives and are out.",
        ),
        # without swimming, reaching 0 is out too
        (
            decision(lives=(2, 2, 3), swim="none"),
            "de",
            "Gelogen: Anna verliert 2 Leben und ist raus. "
            "Wahr: du verlierst 2 Leben und bist raus.",
        ),
    ],
)
def test_challenge_stakes(o, lang, text):
    assert lv.challenge_stakes(o, 1, NAMES.__getitem__, lang) == text


@pytest.mark.parametrize(
    ("o", "lang", "text"),
    [
        (decision(), "en", "You lose 1 life."),
        (decision(), "de", "Du verlierst 1 Leben."),
        (decision(lives=(0, 3, 3)), "en", "You lose 1 life and are out."),
        (decision(lives=(1, 3, 3)), "en", "You lose 1 life."),  # and swim
        (
            decision(lives=(1, 3, 3), swim="first_only", swim_open=False),
            "de",
            "Du verlierst 1 Leben und bist raus.",
        ),
    ],
)
def test_giveup_stakes(o, lang, text):
    assert lv.giveup_stakes(o, lang) == text


def test_decision_buttons_say_what_each_choice_costs():
    tree = draw(
        obs(
            phase="decide",
            announcements=decision().announcements,
            legal_actions=["challenge 1", "giveup"],
        )
    )
    challenge = tree.find(data_action="challenge 1")
    assert challenge.get("data-key") == "act-challenge 1" and challenge.tag == "button"
    assert challenge.find(class_="stake-move").all_text() == "Anna anzweifeln (sagt 30)"
    assert challenge.find(class_="stake-cost").all_text() == (
        "Gelogen: Anna verliert 2 Leben. Wahr: du verlierst 2 Leben."
    )
    giveup = tree.find(data_action="giveup")
    assert giveup.find(class_="stake-move").all_text() == "Aufgeben"
    assert giveup.find(class_="stake-cost").all_text() == "Du verlierst 1 Leben."


def test_announcements_sit_on_every_seat_and_enlarge_on_a_tap():
    said = decision().announcements
    tree = draw(obs(phase="decide", announcements=said, legal_actions=["giveup"]))
    mine = tree.find(data_testid="seat-0").find(class_="announce-bubble")
    assert mine.tag == "details"
    assert mine.find(class_="said").all_text() == "du sagst 19"
    anna = tree.find(data_testid="seat-1").find(class_="announce-bubble")
    summary = anna.find_all()[0]
    assert summary.tag == "summary" and summary.get("title") == "größer zeigen"
    assert anna.find(class_="said").all_text() == "sagt 30"
    shown = anna.find(class_="shown").find_all(data_card=True)
    assert [c.get("data-card") for c in shown] == ["AH", "KH"]
    assert [c.get("aria-label") for c in shown] == ["Herz Ass", "Herz König"]
    big = anna.find(class_="shown-big")
    assert big.get("aria-hidden") == "true"  # a larger copy: read once, by the small ones
    assert len(big.find_all(class_="big-card")) == 2 and not big.find_all(data_card=True)
    assert not tree.find(data_testid="seat-2").find_all(class_="announce-bubble")
