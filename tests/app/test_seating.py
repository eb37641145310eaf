"""app.seating: an observation seen from another chair is the same game with the seats
renumbered; the screen drawn from it is that seat's screen."""

from __future__ import annotations

import dataclasses
import random

import pytest

import engine
from app import seating
from app.table import view
from app.table.view import UIState
from engine import bots

# Observation fields that hold no seat number (a new field must be placed here or be
# turned in seating.observation: this test fails until it is).
NO_SEAT = {
    "players", "rules", "phase", "hand", "table", "mistery", "has_mistery", "cycle",
    "turns", "final_turns_left", "passes", "deal_number", "deal_count", "stock_size",
    "discard", "swim_open",
}
TURNED = {
    "seat", "mistery_by", "lives", "out_deal", "knocked_by", "current", "dealer",
    "first_player", "chooser", "known_cards", "announcements", "announce_order",
    "legal_actions", "swapped", "log", "last_deal", "winner",
}  # fmt: skip


def test_every_observation_field_is_placed():
    fields = {f.name for f in dataclasses.fields(engine.Observation)}
    assert fields == NO_SEAT | TURNED


def _matches():
    for preset, extra in [
        ("classic", {}),
        ("knack", {}),
        ("hosenowi", {"luegen": True}),
        ("classic", {"mistery": True}),
        ("pub", {}),
    ]:
        rules = dataclasses.replace(engine.PRESETS[preset], **extra)
        yield preset, engine.Match(rules, players=4, seed=len(preset) + len(extra))


@pytest.mark.parametrize(("preset", "match"), list(_matches()), ids=lambda x: str(x)[:20])
def test_a_turned_observation_is_that_seats_game(preset, match):
    rng = random.Random(1)
    players = [bots.make("medium", seed=i) for i in range(4)]
    checked = 0
    for _ in range(150):
        if match.is_over():
            break
        current = match.current_player()
        for viewer in range(4):
            real = match.observation(viewer)
            seen = seating.observation(real, viewer)
            assert seen.seat == 0 and seen.hand == real.hand
            assert seen.lives[0] == real.lives[viewer]
            assert seen.current == (current - viewer) % 4
            assert seen.dealer == (real.dealer - viewer) % 4
            assert [e.seat for e in seen.log if e.seat is not None] == [
                (e.seat - viewer) % 4 for e in real.log if e.seat is not None
            ]
            if real.last_deal is not None:
                assert seen.last_deal.lost[0] == real.last_deal.lost[viewer]
            if viewer == current:
                back = {seating.action_back(a, viewer, 4) for a in seen.legal_actions}
                assert back == set(real.legal_actions)
            checked += 1
        if rng.random() < 0.3:  # draw the turned screen now and then
            seen = seating.observation(match.observation(current), current)
            names = seating.names(("", "Anna", "Ben", "Clara"), current)
            markup = view.render(seen, UIState.of(mode="human", names=names))
            assert all(f'data-card="{c}"' in markup for c in seen.hand)
        match.apply(players[current].choose(match.observation(current)))
    assert checked > 200


def test_seat_0_is_left_as_it_is():
    match = engine.Match(engine.PRESETS["classic"], players=3, seed=1)
    obs = match.observation(0)
    assert seating.observation(obs, 0) is obs
    assert seating.names(["a", "b", "c"], 1) == ("b", "c", "a")
