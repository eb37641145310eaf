"""Stacked decks for engine tests."""

import dataclasses

from engine import Match, make_deck, parse_cards, preset
from engine.rules import Direction


def seats_after(dealer, players, direction=Direction.CLOCKWISE):
    step = 1 if direction is Direction.CLOCKWISE else -1
    return [(dealer + step * i) % players for i in range(1, players + 1)]


def stacked_deck(rules, players, dealer, hands, extra="", mistery="", stock=""):
    """The deck order that deals ``hands`` (seat -> text) as CONFORMANCE.md says:
    three to each player from the one after the dealer, then ``extra`` (table,
    the chooser's other three, or two for the hidden deal), then the Mistery
    card, then ``stock`` from the front; remaining cards follow in deck order."""
    cards = []
    for s in seats_after(dealer, players, rules.direction):
        cards += parse_cards(hands[s])
    cards += parse_cards(extra) + parse_cards(mistery) + parse_cards(stock)
    rest = [c for c in make_deck(rules.deck) if c not in cards]
    return cards + rest


def stacked_match(rules, players, dealer, hands, extra="", mistery="", stock="", seed=1):
    deck = stacked_deck(rules, players, dealer, hands, extra, mistery, stock)
    return Match(rules, players=players, seed=seed, dealer=dealer, deck=deck)


def texts(actions):
    return [str(a) for a in actions]


def cards(text):
    return parse_cards(text)


def luegen_decision():
    """A stacked Lügen deal (open deal, three players) at its decision: seat 0 announced
    the lowest (9) and decides; Ann's 21 with A♥ K♥ shown is surely true, Ben's 10 with
    10♣ 8♠ shown likely true. Returns the match."""
    rules = dataclasses.replace(preset("classic"), deal="open", luegen=True)
    m = stacked_match(
        rules,
        3,
        dealer=2,
        hands={0: "7C 8D 9S", 1: "AH KH 7S", 2: "10C 8S 7H"},
        extra="QD JD 9C",
    )
    for a in ("knock", "pass", "pass", "announce 9 show 0 1", "announce 21 show 0 1"):
        m.apply(a)
    m.apply("announce 10 show 0 1")
    return m
