"""Words for the Lügen decision: right names, values, loser and grammar for "you"."""

from __future__ import annotations

import pytest

from app.table import luegen as lv
from engine.events import DealResult

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
