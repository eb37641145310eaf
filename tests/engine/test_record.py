"""Bad input, determinism, clones, JSON save and replay."""

import json
import random

import pytest

from engine import IllegalActionError, InvalidInputError, Match, Rules, make_deck, preset
from engine.record import MatchRecord
from tests.engine.helpers import stacked_deck

KNACK = preset("knack")


def random_match(rules=KNACK, players=4, seed=3, steps=60):
    m = Match(rules, players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if m.is_over():
            break
        m.apply(rng.choice(m.legal_actions()))
    return m


# -- construction errors -----------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        (dict(rules="knack"), "Rules object"),
        (dict(players=1), "allow 2 to 9"),
        (dict(players=10), "allow 2 to 9"),
        (dict(players="4"), "players"),
        (dict(seed="x"), "seed"),
        (dict(seed=1.5), "seed"),
        (dict(dealer=4), "dealer 4"),
        (dict(dealer=-1), "dealer -1"),
        (dict(deck=list(make_deck(32))[:-1]), "31 cards, missing"),
        (dict(deck=[*make_deck(32)[:-1], make_deck(32)[0]]), "repeated"),
        (dict(deck=list(make_deck(52))), "not in this deck"),
        (dict(deck="AH KH"), "missing"),
        (dict(deck=["AH", "XX"]), "not a card"),
    ],
)
def test_match_construction_errors(kwargs, message):
    args = dict(rules=KNACK, players=4, seed=0)
    args.update(kwargs)
    with pytest.raises(InvalidInputError, match=message):
        Match(**args)


def test_pub_needs_three_players():
    with pytest.raises(InvalidInputError, match="allow 3 to 9"):
        Match(preset("pub"), players=2)


def test_deck_as_card_texts_works():
    deck = [str(c) for c in reversed(make_deck(32))]
    m = Match(KNACK, players=2, seed=0, dealer=0, deck=deck)
    assert m.observation(1).hand == tuple(reversed(make_deck(32)))[:3]


# -- apply errors ------------------------------------------------------------------


def test_unparsable_action_raises_invalid_input():
    m = Match(KNACK, players=3, seed=1)
    with pytest.raises(InvalidInputError, match="'swap 9'"):
        m.apply("swap 9")
    with pytest.raises(InvalidInputError):
        m.apply(42)


def test_illegal_action_names_action_and_state_and_changes_nothing():
    m = random_match(steps=5)
    before = m.to_json()
    obs = [m.observation(s) for s in range(4)]
    illegal = "knock" if m.phase.value == "choose" else "keep"
    with pytest.raises(IllegalActionError) as info:
        m.apply(illegal)
    text = str(info.value)
    assert f"'{illegal}' is not allowed now" in text
    assert f"deal {m.deal_number}, seat {m.current_player()}" in text and "legal:" in text
    assert m.to_json() == before
    assert [m.observation(s) for s in range(4)] == obs
    assert isinstance(info.value, ValueError)


def test_observation_of_a_missing_seat():
    m = Match(KNACK, players=3)
    with pytest.raises(InvalidInputError, match="seat 3"):
        m.observation(3)


def test_legal_actions_returns_a_copy():
    m = Match(KNACK, players=3)
    m.legal_actions().clear()
    assert m.legal_actions()


# -- determinism, clone, JSON ------------------------------------------------------


def test_same_seed_same_actions_same_match():
    a = random_match(seed=11, steps=200)
    b = random_match(seed=11, steps=200)
    assert a.actions == b.actions and a.log == b.log and a.lives() == b.lives()
    c = random_match(seed=12, steps=200)
    assert c.log != a.log


def test_first_dealer_and_deal_come_from_the_seed():
    dealers = {Match(KNACK, players=5, seed=s).dealer for s in range(40)}
    assert len(dealers) == 5
    m1, m2 = Match(KNACK, players=4, seed=8), Match(KNACK, players=4, seed=8)
    assert m1.observation(0) == m2.observation(0)


def test_clone_is_independent_and_equal():
    m = random_match(steps=30)
    c = m.clone()
    assert [c.observation(s) for s in range(4)] == [m.observation(s) for s in range(4)]
    rng1, rng2 = random.Random(5), random.Random(5)
    for _ in range(150):
        if m.is_over():
            break
        a = rng1.choice(m.legal_actions())
        assert rng2.choice(c.legal_actions()) == a
        m.apply(a)
        c.apply(a)
    assert c.log == m.log and c.lives() == m.lives()
    d = m.clone()
    if not d.is_over():
        d.apply(d.legal_actions()[0])
        assert len(d.actions) == len(m.actions) + 1 and len(d.log) > len(m.log)


@pytest.mark.parametrize("name", ["classic", "knack", "pub", "hosenowi"])
def test_json_round_trip(name):
    import dataclasses

    rules = dataclasses.replace(preset(name), mistery=True, luegen=True)
    m = random_match(rules, players=4, seed=21, steps=250)
    text = m.to_json()
    data = json.loads(text)
    assert data["format"] == "schwimmen-match" and data["version"] == 1
    assert data["rules"]["deal"] == rules.deal.value
    r = Match.from_json(text)
    assert r.actions == m.actions and r.log == m.log and r.lives() == m.lives()
    assert [r.observation(s) for s in range(4)] == [m.observation(s) for s in range(4)]
    assert r.to_json() == text


def test_json_round_trip_with_stacked_deck():
    deck = stacked_deck(KNACK, 3, 0, {1: "AH KH 9S", 2: "QH 10H JD", 0: "7C 8S 9D"}, "10C 8C 7S")
    m = Match(KNACK, players=3, seed=4, dealer=0, deck=deck)
    m.apply("keep")
    r = Match.from_json(m.to_json())
    assert r.observation(1).hand == m.observation(1).hand
    assert r.log == m.log


def test_replay_a_record():
    m = random_match(steps=40)
    r = Match.replay(MatchRecord(KNACK, 4, 3, actions=tuple(m.actions)))
    assert r.log == m.log
    assert m.record() == MatchRecord(KNACK, 4, 3, actions=tuple(m.actions))


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda d: "{not json", "not valid JSON"),
        (lambda d: json.dumps([1, 2]), "JSON object"),
        (lambda d: json.dumps({**d, "version": 99}), "version 99; this engine reads version 1"),
        (lambda d: json.dumps({**d, "format": "chess"}), "not a saved Schwimmen match"),
        (lambda d: json.dumps({k: v for k, v in d.items() if k != "seed"}), "lacks seed"),
        (lambda d: json.dumps({**d, "actions": "keep"}), "list of texts"),
        (lambda d: json.dumps({**d, "actions": [*d["actions"], "giveup"]}), "cannot be replayed"),
        (lambda d: json.dumps({**d, "actions": ["jump"]}), r"action 0 \('jump'\)"),
        (lambda d: json.dumps({**d, "actions": [1]}), "not a text"),
        (
            lambda d: json.dumps({**d, "rules": {**d["rules"], "deal": "x"}}),
            "saved match is broken",
        ),
        (lambda d: json.dumps({**d, "rules": {**d["rules"], "colour": 1}}), "unknown rule options"),
        (lambda d: json.dumps({**d, "players": 12}), "players"),
        (lambda d: json.dumps({**d, "deck": ["AH"]}), "deck"),
    ],
)
def test_broken_saves_raise_clear_errors(mutate, message):
    m = random_match(steps=10)
    data = json.loads(m.to_json())
    with pytest.raises(InvalidInputError, match=message):
        Match.from_json(mutate(data))


def test_sampled_world_cannot_be_saved():
    m = random_match(steps=10)
    w = Match.from_observation(m.observation(m.current_player()), random.Random(1))
    with pytest.raises(InvalidInputError, match="sampled"):
        w.to_json()


def test_rules_with_all_options_round_trip_through_json():
    rules = Rules(
        deck=52,
        handeln=True,
        under_21_pays=True,
        rang_tiebreak=True,
        swim="first_only",
        direction="counterclockwise",
        luegen=True,
        max_cycles=7,
    )
    m = Match(rules, players=6, seed=2)
    assert Match.from_json(m.to_json()).rules == rules
