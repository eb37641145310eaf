"""Helpers for the conformance suite, written from docs/rules.md and CONFORMANCE.md only."""

import dataclasses
import random

from engine import Match, parse_cards, preset

SUITS = "CDHS"
RANKS = {
    32: ["7", "8", "9", "10", "J", "Q", "K", "A"],
    36: ["6", "7", "8", "9", "10", "J", "Q", "K", "A"],
    52: ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"],
}


def deck_texts(size=32):
    return [r + s for s in SUITS for r in RANKS[size]]


def full_deck(size=32):
    return list(parse_cards(" ".join(deck_texts(size))))


def rules(name="classic", **changes):
    return dataclasses.replace(preset(name), **changes)


def order_after(dealer, players, direction="clockwise"):
    """Seats in playing order starting with the player after the dealer."""
    step = 1 if str(getattr(direction, "value", direction)) == "clockwise" else -1
    return [(dealer + step * i) % players for i in range(1, players + 1)]


def stacked_deck(rules_, players, dealer, hands, extra="", mistery="", stock=""):
    """A deck dealing ``hands`` (seat -> text) as CONFORMANCE.md describes."""
    front = []
    for seat in order_after(dealer, players, rules_.direction):
        front += parse_cards(hands[seat])
    front += parse_cards(extra) + parse_cards(mistery) + parse_cards(stock)
    assert len(set(front)) == len(front), "test deck repeats a card"
    rest = [c for c in full_deck(rules_.deck) if c not in front]
    return front + rest


def stacked(rules_, players, dealer, hands, extra="", mistery="", stock="", seed=0):
    deck = stacked_deck(rules_, players, dealer, hands, extra, mistery, stock)
    return Match(rules_, players=players, seed=seed, dealer=dealer, deck=deck)


def texts(actions):
    return [str(a) for a in actions]


def legal(match):
    return texts(match.legal_actions())


def snapshot(match):
    """Everything the public surface shows about a match, for equality checks."""
    n = len(match.lives())
    obs = []
    for s in range(n):
        o = match.observation(s)
        obs.append(
            (
                o.seat,
                o.hand,
                o.table,
                o.mistery,
                tuple(o.lives),
                o.knocked_by,
                str(o.phase),
                tuple(sorted((k, repr(v)) for k, v in o.announcements.items())),
                tuple(texts(o.legal_actions)),
            )
        )
    return (
        match.is_over(),
        repr(match.winner()),
        tuple(match.lives()),
        None if match.is_over() else match.current_player(),
        None if match.is_over() else tuple(legal(match)),
        tuple(obs),
    )


def play_random(match, rng, max_steps=5000, on_step=None):
    """Play to the end with random legal actions; returns the number of actions."""
    steps = 0
    while not match.is_over() and steps < max_steps:
        action = rng.choice(match.legal_actions())
        if on_step:
            on_step(match, action)
        match.apply(action)
        steps += 1
    return steps


def new_rng(seed):
    return random.Random(seed)
