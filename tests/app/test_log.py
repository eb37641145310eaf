"""The log in words: every event kind of the engine, in German and English."""

from __future__ import annotations

import dataclasses
import random

import pytest

import engine
from app.table import log
from engine import DealEnd, Event, EventKind, LossReason, LuegenOutcome, parse_cards

NAMES = ("", "Anna", "Ben")
KH, S9, D7 = parse_cards("KH 9S 7D")
THREE = parse_cards("AH KH 10H")

# kind -> (event, German line, English line)
CASES: list[tuple[Event, str, str]] = [
    (Event(EventKind.DEAL, seat=1, value=3), "Spiel 3: Anna gibt", "Deal 3: Anna deals"),
    (Event(EventKind.DEAL, seat=0, value=1), "Spiel 1: Du gibst", "Deal 1: you deal"),
    (Event(EventKind.TABLE, cards=THREE), "Tisch: A♥ K♥ 10♥", "Table: A♥ K♥ 10♥"),
    (Event(EventKind.KEEP, seat=2), "Ben behält die Karten", "Ben keeps the cards"),
    (
        Event(EventKind.TAKE, seat=0, given=THREE),
        "Du nimmst neue Karten und legst A♥ K♥ 10♥ offen",
        "You take new cards and lay A♥ K♥ 10♥ open",
    ),
    (
        Event(EventKind.SWAP, seat=1, given=(KH,), taken=(S9,)),
        "Anna nimmt 9♠ und legt K♥",
        "Anna takes 9♠ and lays K♥",
    ),
    (
        Event(EventKind.SWAP, seat=0, given=(KH, D7), taken=(S9, THREE[0])),
        "Du nimmst 9♠, A♥ und legst K♥, 7♦",
        "You take 9♠, A♥ and lay K♥, 7♦",
    ),
    (
        Event(EventKind.SWAP_ALL, seat=2, given=THREE, taken=(KH, S9, D7)),
        "Ben tauscht alle drei: nimmt K♥ 9♠ 7♦, legt A♥ K♥ 10♥",
        "Ben swaps all three: takes K♥ 9♠ 7♦, lays A♥ K♥ 10♥",
    ),
    (
        Event(EventKind.MISTERY, seat=1),
        "Anna tauscht mit der Mistery-Karte",
        "Anna swaps with the Mistery card",
    ),
    (
        Event(EventKind.MISTERY, seat=0, given=(KH,), taken=(S9,)),
        "Du legst K♥ verdeckt und nimmst 9♠",
        "You lay K♥ face down and take 9♠",
    ),
    (Event(EventKind.HOLD, seat=2), "Ben gibt zwei Karten weiter", "Ben passes two cards on"),
    (
        Event(EventKind.HOLD, seat=0, given=(KH, S9), taken=THREE),
        "Du behältst A♥ K♥ 10♥ und gibst K♥ 9♠ weiter",
        "You keep A♥ K♥ 10♥ and pass K♥ 9♠ on",
    ),
    (Event(EventKind.PASS, seat=0), "Du schiebst", "You pass"),
    (
        Event(EventKind.REFRESH, cards=THREE),
        "Alle haben geschoben: neue Mitte A♥ K♥ 10♥",
        "Everyone passed: new table cards A♥ K♥ 10♥",
    ),
    (
        Event(EventKind.NEW, seat=1, cards=THREE),
        "Anna: 7-8-9, neue Mitte A♥ K♥ 10♥",
        "Anna: 7-8-9, new table cards A♥ K♥ 10♥",
    ),
    (
        Event(EventKind.RESHUFFLE),
        "Der Ablagestapel wird gemischt und ist der neue Stapel",
        "The discard pile is shuffled into the stock",
    ),
    (Event(EventKind.KNOCK, seat=2), "Ben klopft!", "Ben knocks!"),
    (
        Event(EventKind.KNOCK, seat=0, reason="keep"),
        "Du klopfst und behältst deine Karten",
        "You knock and keep your hand",
    ),
    (
        Event(EventKind.THIRTY_ONE, seat=1, cards=THREE),
        "Anna hat 31: A♥ K♥ 10♥!",
        "Anna has 31: A♥ K♥ 10♥!",
    ),
    (
        Event(EventKind.FEUER, seat=0, cards=parse_cards("AH AS AC")),
        "Du hast Feuer: A♥ A♠ A♣!",
        "You have Feuer: A♥ A♠ A♣!",
    ),
    (
        Event(EventKind.REVEAL, seat=2, cards=THREE, value=31),
        "Ben zeigt A♥ K♥ 10♥ (31)",
        "Ben shows A♥ K♥ 10♥ (31)",
    ),
    (
        Event(EventKind.ANNOUNCE, seat=1, value=30.5, cards=(KH, S9)),
        "Anna sagt 30½ an und zeigt K♥ 9♠",
        "Anna announces 30½, shows K♥ 9♠",
    ),
    (
        Event(EventKind.CHALLENGE, seat=1, target=0, reason=LuegenOutcome.LIE),
        "Anna zweifelt dich an: gelogen!",
        "Anna challenges you: a lie!",
    ),
    (
        Event(EventKind.CHALLENGE, seat=0, target=2, reason=LuegenOutcome.TRUE),
        "Du zweifelst Ben an: die Wahrheit.",
        "You challenge Ben: the truth.",
    ),
    (Event(EventKind.GIVEUP, seat=2), "Ben gibt auf", "Ben gives up"),
    (
        Event(EventKind.LOSE, seat=1, lives=1, reason=LossReason.KNOCKER_PAID_TIE),
        "Anna verliert ein Leben (Klopfer zahlt den Gleichstand)",
        "Anna loses a life (the knocker pays the tie)",
    ),
    (
        Event(EventKind.LOSE, seat=0, lives=2, reason=LossReason.FEUER),
        "Du verlierst 2 Leben (Feuer)",
        "You lose 2 lives (Feuer)",
    ),
    (
        Event(EventKind.VOID),
        "Alle würden ausscheiden: niemand verliert ein Leben",
        "Everyone left would be out: nobody loses a life",
    ),
    (Event(EventKind.SWIM, seat=1), "Anna schwimmt!", "Anna is swimming!"),
    (Event(EventKind.OUT, seat=0), "Du bist ausgeschieden", "You are out"),
    (
        Event(EventKind.DEAL_END, value=4, reason=DealEnd.STOCK),
        "Spiel 4 vorbei (kein Stapel mehr)",
        "Deal 4 over (the stock ran out)",
    ),
    (
        Event(EventKind.MATCH_END, seats=(0,), reason="crown"),
        "Du gewinnst! (mit Krone)",
        "You win! (with the crown)",
    ),
    (
        Event(EventKind.MATCH_END, seats=(1, 2)),
        "Gemeinsamer Sieg: Anna, Ben",
        "Shared win: Anna, Ben",
    ),
]


@pytest.mark.parametrize(("event", "de", "en"), CASES, ids=lambda x: getattr(x, "kind", None))
def test_each_event_in_german_and_english(event, de, en):
    assert log.line(event, NAMES) == de
    assert log.line(event, NAMES, lang="en") == en


def test_every_event_kind_has_words_of_its_own():
    assert {e.kind for e, _, _ in CASES} == set(EventKind)
    for event, _, _ in CASES:  # never the engine's fallback sentence
        assert log.line(event, NAMES, lang="en") != str(event)


@pytest.mark.parametrize("reason", list(LossReason))
def test_every_loss_reason_and_deal_end_has_words(reason):
    for lang in ("de", "en"):
        line = log.line(Event(EventKind.LOSE, seat=1, lives=1, reason=reason), NAMES, lang=lang)
        assert "why_" not in line and "(" in line
    for end in DealEnd:
        line = log.line(Event(EventKind.DEAL_END, value=1, reason=end), NAMES, lang="en")
        assert "end_" not in line


def test_knack_calls_feuer_blitz_and_german_faces_have_their_names():
    feuer = Event(EventKind.FEUER, seat=1, cards=parse_cards("AH AS AC"))
    assert "Blitz" in log.line(feuer, NAMES, preset="knack")
    assert log.line(feuer, NAMES, preset="knack", lang="en") == "Anna has three aces: A♥ A♠ A♣!"
    swap = Event(EventKind.SWAP, seat=1, given=(KH,), taken=(S9,))
    assert log.line(swap, NAMES, style="german") == "Anna nimmt Grün-9 und legt Herz-K"


def test_numbered_keeps_the_last_lines_numbered_by_their_place_in_the_log():
    events = [Event(EventKind.PASS, seat=i % 3) for i in range(100)]
    lines = log.numbered(events, NAMES, lang="en", keep=3)
    assert lines == [(98, "Anna passes"), (99, "Ben passes"), (100, "You pass")]


def _log_of(seed_range, rules, want, players=3):
    """Seat 0's log of the first seeded random match whose log has every kind in ``want``."""
    for seed in seed_range:
        m = engine.Match(rules, players=players, seed=seed)
        rng = random.Random(seed)
        while not m.is_over():
            m.apply(rng.choice(m.legal_actions()))
        events = m.observation(0).log
        if want <= {e.kind for e in events}:
            return events
    raise AssertionError(f"no seed reaches {want}")


def test_a_whole_match_log_has_a_line_for_every_event_and_hides_bots_cards():
    rules = dataclasses.replace(engine.preset("hosenowi"), mistery=True)
    events = _log_of(range(200), rules, {EventKind.MISTERY, EventKind.SWIM, EventKind.OUT})
    lines = log.numbered(events, NAMES, lang="en", keep=10_000)
    assert len(lines) == len(events)
    for event, (_, text) in zip(events, lines, strict=True):
        assert text and text != str(event)
        if event.kind is EventKind.MISTERY and event.seat != 0:
            assert text == f"{NAMES[event.seat]} swaps with the Mistery card"
