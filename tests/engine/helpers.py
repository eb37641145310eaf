"""Stacked decks for engine tests."""

from engine import Match, make_deck, parse_cards
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
