"""Whether a view a guest was sent could be its seat's real view: the guest's last check.

The schema (``engine.online.views``) makes sure every field of a ``state`` message has
its type and its range; this module makes sure the fields fit together, so a hostile or
broken host cannot hand the guest's page, its coach or its bots a position that no
match can be in (a hand that repeats a card, legal actions that do not fit the hand or
the phase, lives above the rules' start, a seat that is out but to move). Such a view
once made the hint raise in seven places, and the page stopped with ``data-error``.

The check has two parts. First what can be seen at once: each card at most once and
from the rules' deck, lives within the rules, the seat to move in the match. Then the
engine's own answer: ``Match.from_observation`` deals a full match that agrees with the
view, and that match must show the seat the very same view (legal actions included).
On the views of real matches both always hold while a match runs (checked over
thousands of random matches in ``tests/online/test_consistent.py``); once it is over,
only the first part is asked, since the last deal's cards are no longer in play.

>>> from engine import Match, preset
>>> m = Match(preset("knack"), players=3, seed=1)
>>> problem(m.observation(1)) is None
True
>>> import dataclasses
>>> obs = m.observation(1)
>>> problem(dataclasses.replace(obs, hand=(obs.hand[0], obs.hand[0], obs.hand[1])))
'the card 9C is in the hand twice'
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator

from engine import Card, Match, Observation, Phase, make_deck
from engine.observation import FIELD_NAMES

__all__ = ["problem", "public_problem"]


def problem(obs: Observation) -> str | None:
    """Why ``obs`` cannot be a seat's real view, in English; None when it can be."""
    return (
        _rules_problem(obs)
        or _cards_problem(obs)
        or _own_problem(obs)
        or _turn_problem(obs)
        or _world_problem(obs)
    )


def public_problem(obs: Observation) -> str | None:
    """Why ``obs`` cannot be a watcher's view (``Match.public_observation``): it holds
    no hand, no face-down card and no move, and its cards and lives fit as a seat's do
    (no deal is tried: a view without a hand is no seat's)."""
    if obs.hand or obs.mistery is not None or obs.legal_actions:
        return "a watcher's view holds a hand, a face-down card or moves"
    return _rules_problem(obs) or _cards_problem(obs)


def _rules_problem(obs: Observation) -> str | None:
    r = obs.rules
    if not r.min_players <= obs.players <= r.max_players:
        return f"{obs.players} players, but its rules allow {r.min_players} to {r.max_players}"
    for seat, lives in enumerate(obs.lives):
        if lives > r.lives:
            return f"seat {seat} has {lives} lives, but its rules start with {r.lives}"
        if (lives < 0) != (obs.out_deal[seat] is not None):
            return f"seat {seat} is out by its lives but not by its deal, or the other way"
    return None


def _zones(obs: Observation) -> Iterator[tuple[str, Iterable[Card]]]:
    """Where the view places cards; no card may be in two places or twice in one.
    Another seat's known cards and its shown cards may overlap (both are in its hand)."""
    yield "hand", obs.hand
    yield "table", obs.table
    yield "discard pile", obs.discard
    if obs.mistery is not None:
        yield "face-down card", (obs.mistery,)
    others = set(obs.known_cards) | set(obs.announcements)
    for seat in sorted(others - {obs.seat}):
        held = dict.fromkeys(obs.known_cards.get(seat, ()))
        held.update(dict.fromkeys(obs.announcements.get(seat, (0, ()))[1]))
        yield f"hand of seat {seat}", held


def _cards_problem(obs: Observation) -> str | None:
    deck = frozenset(make_deck(obs.rules.deck))
    where: dict[Card, str] = {}
    for zone, cards in _zones(obs):
        for card in cards:
            if card not in deck:
                return f"the card {card} is not in a {obs.rules.deck}-card deck"
            if card in where:
                again = "twice" if where[card] == zone else f"and the {zone}"
                return f"the card {card} is in the {where[card]} {again}"
            where[card] = zone
    return None


def _own_problem(obs: Observation) -> str | None:
    own = obs.announcements.get(obs.seat)
    if own is not None and not set(own[1]) <= set(obs.hand):
        return "its own announcement shows cards it does not hold"
    return None


def _turn_problem(obs: Observation) -> str | None:
    over = obs.phase is Phase.OVER
    if over != (obs.current is None):
        return "a match that is over has nobody to move, and only such a match"
    if obs.current is not None and obs.lives[obs.current] < 0:
        return f"seat {obs.current} is to move but out of the match"
    if obs.legal_actions and obs.current != obs.seat:
        return "it offers moves while another seat is to decide"
    if not over and obs.current == obs.seat and not obs.legal_actions:
        return "it is this seat's turn but offers no move"
    return None


def _world_problem(obs: Observation) -> str | None:
    """The engine's answer: a match dealt to agree with ``obs`` shows the same view."""
    if obs.phase is Phase.OVER:
        return None
    try:
        world = Match.from_observation(obs, random.Random(0))
        again = world.observation(obs.seat)
    except Exception as e:  # any failure of the deal means that no deal fits
        return f"no deal of the cards fits it ({type(e).__name__})"
    for name in FIELD_NAMES:
        if getattr(again, name) != getattr(obs, name):
            return f"its {name.replace('_', ' ')} do not fit the rest"
    return None
