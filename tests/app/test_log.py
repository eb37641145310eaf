"""The log in words: every event kind of the engine, in German and English."""

from __future__ import annotations

import dataclasses
import itertools
import random

import pytest

import engine
from app.cards.names import card_short
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
        Event(EventKind.KNOCK, seat=2, reason="keep"),
        "Ben behält die Karten für die letzte Runde",
        "Ben keeps the hand for the last round",
    ),
    (
        Event(EventKind.THIRTY_ONE, seat=1, cards=THREE),
        "31! Anna hat A♥ K♥ 10♥",
        "31! Anna has A♥ K♥ 10♥",
    ),
    (
        Event(EventKind.FEUER, seat=2, cards=parse_cards("AH AS AC")),
        "Feuer! Ben hat A♥ A♠ A♣",
        "Feuer! Ben has A♥ A♠ A♣",
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
        "Gemeinsamer Sieg: Anna und Ben",
        "Shared win: Anna and Ben",
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


# Every event kind that names a seat, done by the player (seat 0): "you" with the verb
# to match, and every card the event carries, as the bots' lines have them.
ACE3 = parse_cards("AH AS AC")
YOURS: list[tuple[Event, str, str]] = [
    (Event(EventKind.DEAL, seat=0, value=3), "Spiel 3: Du gibst", "Deal 3: you deal"),
    (Event(EventKind.KEEP, seat=0), "Du behältst deine Karten", "You keep your cards"),
    (
        Event(EventKind.TAKE, seat=0, given=THREE),
        "Du nimmst neue Karten und legst A♥ K♥ 10♥ offen",
        "You take new cards and lay A♥ K♥ 10♥ open",
    ),
    (
        Event(EventKind.SWAP, seat=0, given=(KH,), taken=(S9,)),
        "Du nimmst 9♠ und legst K♥",
        "You take 9♠ and lay K♥",
    ),
    (
        Event(EventKind.SWAP_ALL, seat=0, given=THREE, taken=(KH, S9, D7)),
        "Du tauschst alle drei: nimmst K♥ 9♠ 7♦, legst A♥ K♥ 10♥",
        "You swap all three: take K♥ 9♠ 7♦, lay A♥ K♥ 10♥",
    ),
    (
        Event(EventKind.MISTERY, seat=0, given=(KH,), taken=(S9,)),
        "Du legst K♥ verdeckt und nimmst 9♠",
        "You lay K♥ face down and take 9♠",
    ),
    (
        Event(EventKind.HOLD, seat=0, given=(KH, S9), taken=THREE),
        "Du behältst A♥ K♥ 10♥ und gibst K♥ 9♠ weiter",
        "You keep A♥ K♥ 10♥ and pass K♥ 9♠ on",
    ),
    (Event(EventKind.PASS, seat=0), "Du schiebst", "You pass"),
    (
        Event(EventKind.NEW, seat=0, cards=THREE),
        "Du legst 7-8-9 ab: neue Mitte A♥ K♥ 10♥",
        "You discard 7-8-9: new table cards A♥ K♥ 10♥",
    ),
    (Event(EventKind.KNOCK, seat=0), "Du klopfst!", "You knock!"),
    (
        Event(EventKind.KNOCK, seat=0, reason="keep"),
        "Du behältst deine Karten für die letzte Runde",
        "You keep your hand for the last round",
    ),
    (
        Event(EventKind.THIRTY_ONE, seat=0, cards=THREE),
        "31! Du hast A♥ K♥ 10♥",
        "31! You have A♥ K♥ 10♥",
    ),
    (
        Event(EventKind.FEUER, seat=0, cards=ACE3),
        "Feuer! Du hast A♥ A♠ A♣",
        "Feuer! You have A♥ A♠ A♣",
    ),
    (
        Event(EventKind.REVEAL, seat=0, cards=THREE, value=31),
        "Du zeigst A♥ K♥ 10♥ (31)",
        "You show A♥ K♥ 10♥ (31)",
    ),
    (
        Event(EventKind.ANNOUNCE, seat=0, value=30, cards=(KH, S9)),
        "Du sagst 30 an und zeigst K♥ 9♠",
        "You announce 30, show K♥ 9♠",
    ),
    (Event(EventKind.CHALLENGE, seat=0, target=2), "Du zweifelst Ben an", "You challenge Ben"),
    (Event(EventKind.CHALLENGE, seat=2, target=0), "Ben zweifelt dich an", "Ben challenges you"),
    (Event(EventKind.GIVEUP, seat=0), "Du gibst auf", "You give up"),
    (
        Event(EventKind.LOSE, seat=0, lives=1, reason=LossReason.LOWEST),
        "Du verlierst ein Leben (niedrigste Hand)",
        "You lose a life (lowest hand)",
    ),
    (
        Event(EventKind.LOSE, seat=0, lives=2, reason=LossReason.LIE),
        "Du verlierst 2 Leben (gelogen)",
        "You lose 2 lives (caught lying)",
    ),
    (Event(EventKind.SWIM, seat=0), "Du schwimmst!", "You are swimming!"),
    (Event(EventKind.OUT, seat=0), "Du bist ausgeschieden", "You are out"),
    (Event(EventKind.MATCH_END, seats=(0,)), "Du gewinnst!", "You win!"),
    (
        Event(EventKind.MATCH_END, seats=(2, 0)),
        "Gemeinsamer Sieg: du und Ben",
        "Shared win: you and Ben",
    ),
]


@pytest.mark.parametrize(("event", "de", "en"), YOURS, ids=lambda x: getattr(x, "kind", None))
def test_each_of_the_players_own_events_in_german_and_english(event, de, en):
    assert log.line(event, NAMES) == de
    assert log.line(event, NAMES, lang="en") == en


def _as_anna(event: Event) -> Event:
    """The same event done by Anna (seat 1) instead of the player, as the player sees it
    (a bot's Mistery swap and hidden-deal hold without their cards)."""
    hidden = event.kind in (EventKind.MISTERY, EventKind.HOLD)
    return dataclasses.replace(
        event,
        seat=1 if event.seat == 0 else event.seat,
        target=1 if event.target == 0 else event.target,
        seats=tuple(1 if s == 0 else s for s in event.seats),
        given=() if hidden else event.given,
        taken=() if hidden else event.taken,
    )


def test_the_players_lines_cover_every_kind_with_a_seat_and_have_their_own_grammar():
    public = {EventKind.TABLE, EventKind.REFRESH, EventKind.RESHUFFLE, EventKind.VOID}
    assert {e.kind for e, _, _ in YOURS} == set(EventKind) - public - {EventKind.DEAL_END}
    for event, de, en in YOURS:
        # never a bot's sentence with "Du"/"You" put in ("Du gibt", "You deals")
        anna = _as_anna(event)
        assert de != log.line(anna, NAMES).replace("Anna", "Du")
        assert en != log.line(anna, NAMES, lang="en").replace("Anna", "You")
        # as complete as a bot's line: every card the event names is in it
        for card in (*event.given, *event.taken, *event.cards):
            assert card_short(card, "french", "en") in en


@pytest.mark.parametrize("lang", ["de", "en"])
def test_holding_in_the_final_round_is_no_second_knock(lang):
    for seat in (0, 2):
        text = log.line(Event(EventKind.KNOCK, seat=seat, reason="keep"), NAMES, lang=lang)
        assert "klopf" not in text.lower() and "knock" not in text.lower()


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
    assert log.line(feuer, NAMES, preset="knack", lang="en") == "Three aces! Anna has A♥ A♠ A♣"
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


def _names_all(text: str, cards, lang: str = "en") -> bool:
    return all(card_short(c, "french", lang) in text for c in cards)


def test_the_players_own_mistery_swap_and_announcement_name_their_cards():
    """In a real match (the player's own log, ``observation(0).log``): the Mistery swap
    says what was laid and what was drawn, the announcement the two cards shown."""
    rules = dataclasses.replace(engine.preset("hosenowi"), mistery=True, luegen=True)
    want = {EventKind.MISTERY, EventKind.ANNOUNCE}
    events = _log_of(range(300), rules, want)
    own = [e for e in events if e.seat == 0 and e.kind in want]
    assert {e.kind for e in own} == want, "choose a seed range where the player does both"
    for event in own:
        text = log.line(event, NAMES, lang="en")
        assert _names_all(text, (*event.given, *event.taken, *event.cards)), text
        if event.kind is EventKind.MISTERY:
            assert event.given and event.taken  # the player's own log has both cards
            assert text.startswith("You lay ") and " face down and take " in text


def _bot_swaps_to_31(seeds):
    """(swap, 31 call) of the first seeded random four-player match in which a bot's
    swap makes 31."""
    for seed in seeds:
        events = _log_of([seed], engine.preset("classic"), set(), players=4)
        for move, call in itertools.pairwise(events):
            bots_swap = move.kind is EventKind.SWAP and move.seat == call.seat != 0
            if call.kind is EventKind.THIRTY_ONE and bots_swap:
                return move, call
    raise AssertionError("no seed has a bot swapping to 31")


def test_a_bots_move_to_31_is_whole_and_the_next_line_calls_31():
    """The move that ends a deal names what was taken and laid; the line after it
    starts with the call, "31!", and names the winning hand."""
    move, call = _bot_swaps_to_31(range(300))
    names = (*NAMES, "Clara")
    for lang, takes, lays in (("de", " nimmt ", " und legt "), ("en", " takes ", " and lays ")):
        text = log.line(move, names, lang=lang)
        assert takes in text and lays in text
    assert _names_all(log.line(move, names, lang="en"), move.given + move.taken)
    for lang in ("de", "en"):
        text = log.line(call, names, lang=lang)
        assert text.startswith("31! ") and _names_all(text, call.cards, lang)


def test_the_log_keeps_a_whole_match():
    """Issue 37: the page kept the last 80 lines, so a match's early deals vanished."""
    import random

    from app.table import log as log_mod
    from engine import Match, preset

    m = Match(preset("classic"), players=4, seed=2)
    rng = random.Random(2)
    while not m.is_over():
        m.apply(rng.choice(m.legal_actions()))
    assert len(m.log) > 200
    lines = log_mod.numbered(m.log, ("", "Anna", "Ben", "Clara"), lang="en")
    assert [n for n, _ in lines] == list(range(1, len(m.log) + 1))
    assert lines[0][1] == log_mod.line(m.log[0], ("", "Anna", "Ben", "Clara"), lang="en")
    assert log_mod.STORED < log_mod.KEEP  # storage keeps a screenful of it
