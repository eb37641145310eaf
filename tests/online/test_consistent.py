"""A guest checks that the view it is sent could be its seat's real view (issue 26).

A hostile host once froze a guest's tab with one 1.2 KB message (a rule set of a million
lives: a heart drawn per life), and a contradictory view (a hand that repeats a card,
legal actions that do not fit the hand) made the coach raise in seven places: the page
stopped with ``data-error``. Now every real view is taken in, and every contradictory
one is refused with a ProtocolError while the guest keeps what it had.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app import seating
from app.table import coach
from app.table.view import UIState
from engine import Match, preset
from engine.online import protocol
from engine.online.guest import Guest
from engine.online.protocol import ProtocolError
from engine.online.views import Feed
from tests.online.support import VARIANTS, play_randomly, random_match


def seated(seat: int, players: int) -> Guest:
    """A guest that sat down at ``seat`` of a table of ``players``."""
    guest = Guest("Ben", clock=lambda: 0.0)
    guest.receive(protocol.welcome(seat, "a" * 32))
    return guest


def state_body(match: Match, seat: int) -> dict:
    """The body of the ``state`` message the host would send ``seat`` now (whole log)."""
    return json.loads(protocol.state(Feed().state(match, seat)))


def send(guest: Guest, body: dict) -> None:
    guest.receive(json.dumps(body))


@pytest.mark.parametrize(("name", "players", "options"), VARIANTS)
def test_every_real_view_is_taken_in(name, players, options):
    for seed in range(2):
        match = random_match(name, players, options, seed)
        guests = [seated(s, players) for s in range(players)]
        feeds = [Feed() for _ in range(players)]  # as the host sends: the log in pieces
        for m in play_randomly(match, seed):
            for seat, guest in enumerate(guests):
                guest.receive(protocol.state(feeds[seat].state(m, seat)))
                assert guest.observation == m.observation(seat)


def a_view(seed: int = 3, moves: int = 4, rules=None):
    """A match a few moves in, and the state body for the seat to move."""
    m = Match(rules or preset("classic"), players=3, seed=seed)
    for _ in range(moves):
        m.apply(m.legal_actions()[0])
    return m, m.current_player(), state_body(m, m.current_player())


def refused(guest: Guest, body: dict, words: str = "") -> str:
    before = guest.observation
    with pytest.raises(ProtocolError) as caught:
        send(guest, body)
    assert guest.observation is before  # nothing changed
    assert words in caught.value.detail, caught.value.detail
    return caught.value.detail


def test_a_hand_that_repeats_a_card_is_refused():
    _m, seat, body = a_view()
    guest = seated(seat, 3)
    send(guest, body)
    bad = copy.deepcopy(body)
    bad["obs"]["hand"][1] = bad["obs"]["hand"][0]
    refused(guest, bad, "twice")
    bad = copy.deepcopy(body)
    bad["obs"]["table"][0] = bad["obs"]["hand"][0]
    refused(guest, bad, "the hand and the table")


def test_legal_actions_that_do_not_fit_the_hand_or_the_phase_are_refused():
    m, seat, body = a_view()
    guest = seated(seat, 3)
    for actions in (["mistery 0"], ["announce 21 show 0 1"], ["keep"], ["challenge 2"], []):
        bad = copy.deepcopy(body)
        bad["obs"]["legal_actions"] = actions
        refused(guest, bad)
    send(guest, body)  # the real one still goes in
    assert guest.observation == m.observation(seat)


def test_a_card_from_another_deck_and_a_stock_that_does_not_add_up_are_refused():
    _m, seat, body = a_view()
    guest = seated(seat, 3)
    bad = copy.deepcopy(body)
    bad["obs"]["hand"][0] = "2H"  # not in a 32-card deck
    refused(guest, bad, "not in a 32-card deck")
    bad = copy.deepcopy(body)
    bad["obs"]["stock_size"] -= 5
    refused(guest, bad, "no deal of the cards fits")


def test_lives_beyond_the_rules_or_the_range_are_refused():
    _m, seat, body = a_view()
    guest = seated(seat, 3)
    bad = copy.deepcopy(body)
    bad["obs"]["lives"][0] = 9  # the rules start with 3
    refused(guest, bad, "9 lives")
    # the 1.2 KB message that froze a guest's tab: a million lives for everyone
    bad = copy.deepcopy(body)
    bad["obs"]["rules"]["lives"] = 10**6
    bad["obs"]["lives"] = [10**6] * 3
    refused(guest, bad)
    bad["obs"]["rules"]["lives"] = 3
    refused(guest, bad, "must be from -1 to 10")


def test_a_seat_that_is_out_but_to_move_is_refused():
    _m, seat, body = a_view()
    guest = seated(seat, 3)
    bad = copy.deepcopy(body)
    bad["obs"]["lives"][seat] = -1
    bad["obs"]["out_deal"][seat] = 1
    refused(guest, bad, "out of the match")


def test_a_lobby_that_lists_fewer_seats_than_the_guests_is_refused():
    guest = seated(5, 6)
    lobby = {
        "seats": [
            {
                "seat": i,
                "kind": "host" if i == 0 else "bot",
                "name": f"P{i}",
                "away": False,
                "level": None,
            }
            for i in range(3)
        ],
        "players": 3,
        "preset": "classic",
        "rules": preset("classic").to_dict(),
        "move_time": 0,
        "on_timeout": "bot",
        "bot_level": "easy",
        "started": True,
    }
    with pytest.raises(ProtocolError, match="seat 5"):
        guest.receive(protocol.lobby(lobby))
    assert guest.lobby is None
    lobby["seats"] = lobby["seats"][:2]  # a table of 3 listing 2 seats
    with pytest.raises(ProtocolError, match="lists the seats"):
        seated(1, 3).receive(protocol.lobby(lobby))


# ---------------------------------------------------------------- the coach on what was let in


def mutated(draw, body: dict) -> dict:
    """``body`` with a few fields of its view replaced by other fields' values, cards of
    the deck or small numbers: the kind of view a broken or hostile host sends."""
    obs = copy.deepcopy(body["obs"])
    cards = [c for key in ("hand", "table", "discard") for c in obs[key]] or ["AH"]
    names = [
        "hand",
        "table",
        "discard",
        "legal_actions",
        "lives",
        "stock_size",
        "current",
        "knocked_by",
        "passes",
        "turns",
        "cycle",
        "swapped",
        "known_cards",
        "mistery",
        "has_mistery",
        "phase",
        "announcements",
        "final_turns_left",
        "chooser",
    ]
    for name in draw(st.lists(st.sampled_from(names), min_size=1, max_size=3, unique=True)):
        value = obs[name]
        if isinstance(value, list) and value and isinstance(value[0], str):
            i = draw(st.integers(0, len(value) - 1))
            value[i] = draw(
                st.sampled_from(
                    [
                        *cards,
                        "AS",
                        "7C",
                        "swap 0 0",
                        "mistery 1",
                        "hold 0 1 2",
                        "announce 30 show 0 1",
                        "knock",
                    ]
                )
            )
            if draw(st.booleans()):
                value.append(value[i])
        elif isinstance(value, list):
            obs[name] = draw(
                st.lists(
                    st.sampled_from([-1, 0, 1, 2, 3, True, False]),
                    min_size=len(value),
                    max_size=len(value),
                )
            )
        elif isinstance(value, bool):
            obs[name] = not value
        elif isinstance(value, int) or value is None:
            obs[name] = draw(st.one_of(st.none(), st.integers(0, 6)))
        elif name == "phase":
            obs[name] = draw(st.sampled_from(["choose", "play", "announce", "decide", "over"]))
        elif name == "mistery":
            obs[name] = draw(st.sampled_from(cards))
        elif isinstance(value, dict):
            obs[name] = {"1": [cards[0]], "2": [cards[-1], cards[0]]}
    return {**body, "obs": obs}


RULES = [
    preset("classic"),
    preset("knack"),
    dataclasses.replace(preset("hosenowi"), mistery=True),
    dataclasses.replace(preset("classic"), luegen=True),
]


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_whatever_view_the_guest_takes_in_the_coach_can_rank(data):
    rules = data.draw(st.sampled_from(RULES))
    m = Match(rules, players=3, seed=data.draw(st.integers(0, 40)))
    rng = random.Random(data.draw(st.integers(0, 99)))
    for _ in range(data.draw(st.integers(0, 40))):
        if m.is_over():
            break
        m.apply(rng.choice(m.legal_actions()))
    seat = m.current_player() if m.current_player() is not None else 0
    guest = seated(seat, 3)
    try:
        send(guest, mutated(data.draw, state_body(m, seat)))
    except ProtocolError:
        return  # refused: nothing reaches the coach
    obs = guest.observation
    if obs.current == obs.seat and obs.legal_actions:  # the hint button, as the page has it
        ui = UIState.of(lang="en", mode="human", names=("", "Anna", "Ben"))
        coach.advise(seating.observation(obs, obs.seat), ui, seed=1)
        assert len(ui.choice.hints) == len(obs.legal_actions)
