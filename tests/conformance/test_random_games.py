"""Whole random matches: action texts, observations, clones, determinism, lives and match end."""

import json
import os
import subprocess
import sys

import pytest

from engine import Action, Card, InvalidInputError, Match

from .support import legal, new_rng, rules, snapshot, stacked

CONFIGS = [
    ("classic", {}, 4),
    ("knack", {}, 3),
    ("pub", {}, 4),
    ("hosenowi", {}, 3),
    ("hosenowi", dict(mistery=True, luegen=True), 4),
    ("classic", dict(mistery=True, deck=52, direction="counterclockwise"), 6),
    ("knack", dict(luegen=True, deck=36), 2),
    ("pub", dict(mistery=True, luegen=True), 5),
    ("classic", dict(deal="hidden", passing=False, pass_refresh=False), 4),
    ("knack", dict(deal="hidden", passing=False, pass_refresh=False, seven_eight_nine=False,
                   luegen=True), 3),
    ("classic", dict(handeln=True, under_21_pays=True, rang_tiebreak=True, flush_30=True), 5),
    ("classic", dict(swim="first_only", match_end="first_out"), 9),
    ("hosenowi", dict(swim="none", match_end="last_standing", direction="counterclockwise"), 8),
]


def value(v):
    return getattr(v, "value", v)


def check_observation(m, r, players):
    cur = m.current_player()
    assert 0 <= cur < players
    assert m.lives()[cur] != -1
    acts = m.legal_actions()
    assert acts, "legal actions are never empty while the match runs"
    assert len(set(map(str, acts))) == len(acts)
    seen = []
    for seat in range(players):
        o = m.observation(seat)
        assert o.seat == seat
        assert o.rules == r
        assert isinstance(o.hand, tuple) and all(isinstance(c, Card) for c in o.hand)
        assert isinstance(o.table, tuple) and all(isinstance(c, Card) for c in o.table)
        assert list(o.lives) == m.lives()
        assert o.knocked_by is None or 0 <= o.knocked_by < players
        assert isinstance(o.announcements, dict)
        if not r.mistery:
            assert o.mistery is None
        if seat == cur:
            assert o.legal_actions == acts
        else:
            assert o.legal_actions == []
        if m.lives()[seat] != -1:
            seen += o.hand
        if value(r.deal) == "hidden":
            assert o.table == ()
    table = m.observation(cur).table
    assert len(set(seen + list(table))) == len(seen) + len(table)
    for a in acts:
        assert Action.parse(str(a)) == a
        assert str(Action.parse(str(a))) == str(a)


def check_end(m, r, players):
    lives = m.lives()
    active = [s for s in range(players) if lives[s] != -1]
    assert active, "the void rule keeps someone in"
    if value(r.match_end) == "last_standing":
        assert len(active) == 1
        assert m.winner() == active[0]
    else:
        assert len(active) < players
        best = max(lives)
        top = [s for s in range(players) if lives[s] == best]
        if len(top) == 1:
            assert m.winner() == top[0]
        else:
            assert sorted(m.winner()) == top


@pytest.mark.parametrize("name, changes, players", CONFIGS)
def test_random_matches(name, changes, players):
    r = rules(name, lives=2, **changes)
    rng = new_rng(players)
    for seed in range(2):
        m = Match(r, players=players, seed=seed)
        assert m.lives() == [2] * players
        steps = 0
        while not m.is_over():
            assert m.winner() is None
            check_observation(m, r, players)
            before = m.lives()
            m.apply(rng.choice(m.legal_actions()))
            after = m.lives()
            for b, a in zip(before, after, strict=True):
                assert -1 <= a <= b
                if b == -1:
                    assert a == -1
            if value(r.match_end) == "first_out":
                assert m.is_over() == (-1 in after)
            else:
                assert m.is_over() == (sum(x != -1 for x in after) == 1)
            steps += 1
            assert steps < 20000
        check_end(m, r, players)


# --- lives, swimming, the void rule, per deal ------------------------------------------

ONE_LIFE_LOSSES = [
    ("classic", dict(swim="everyone"), 4),
    ("classic", dict(swim="none"), 4),
    ("classic", dict(swim="first_only"), 5),
    ("classic", dict(swim="first_only", under_21_pays=True), 6),
    ("pub", dict(swim="first_only"), 4),
    ("classic", dict(swim="everyone", match_end="first_out"), 3),
    ("classic", dict(swim="none", knocker_pays_ties=True), 2),
]


@pytest.mark.parametrize("name, changes, players", ONE_LIFE_LOSSES)
def test_swim_modes(name, changes, players):
    """Rules whose deals cost at most one life each and whose deals end on an action."""
    r = rules(name, **changes)
    swim = value(r.swim)
    rng = new_rng(7)
    for seed in range(3):
        m = Match(r, players=players, seed=seed)
        window = True  # first_only: nobody has reached 0 yet
        while not m.is_over():
            before = m.lives()
            m.apply(rng.choice(m.legal_actions()))
            after = m.lives()
            if after == before:
                continue
            newly_zero = False
            for b, a in zip(before, after, strict=True):
                if b == -1:
                    assert a == -1
                elif b == 0:
                    assert a in (0, -1)
                elif a != b:
                    if b - 1 > 0:
                        assert a == b - 1
                    elif swim == "none" or (swim == "first_only" and not window):
                        assert a == -1
                    else:
                        assert a == 0
                        newly_zero = True
            if newly_zero:
                window = False
            assert any(a != -1 for a in after)
        check_end(m, r, players)


def test_swim_none_never_shows_zero():
    r = rules("knack", swim="none", lives=1)
    rng = new_rng(3)
    for seed in range(5):
        m = Match(r, players=4, seed=seed)
        while not m.is_over():
            assert 0 not in m.lives()
            m.apply(rng.choice(m.legal_actions()))


ALL_21 = {1: "AH KH 9S", 2: "AS KS 9C", 0: "AC KC 9H"}


def all_tied(r):
    """Three hands of 21: seat 1 knocks, the others pass, all tie at the end of deal 1.
    (All 31 would be no tie: then nobody loses.)"""
    m = stacked(r, 3, 0, ALL_21, extra="7D 8D 9D")
    for action in ("knock", "pass", "pass"):
        m.apply(action)
    assert m.results[0].reason == "knock"
    return m


def test_everyone_tied_loses():
    m = all_tied(rules("classic", deal="open"))
    assert m.results[0].lives_after == (2, 2, 2)


def test_everyone_holding_31_loses_nothing():
    all_31 = {1: "AH KH 10H", 2: "AS KS 10S", 0: "AC QC 10C"}
    m = stacked(rules("classic", deal="open"), 3, 0, all_31, extra="7D 8D 9D")
    assert m.results[0].reason == "31"
    assert m.results[0].lives_after == (3, 3, 3)


def test_void_rule_when_all_would_be_eliminated():
    m = all_tied(rules("classic", deal="open", swim="none", lives=1))
    assert m.results[0].void and m.results[0].lives_after == (1, 1, 1)
    assert not m.is_over()


def test_swimming_after_a_tie():
    m = all_tied(rules("classic", deal="open", lives=1))
    assert m.results[0].lives_after == (0, 0, 0)
    assert not m.is_over()


def test_first_out_shared_first_place():
    # seat 1 (9) is out at once with one life and no swimming; seats 2 and 0 share first place
    r = rules("hosenowi", lives=1, swim="none")
    hands = {1: "7C 8D 9H", 2: "AH KH 10H", 0: "QS 10S JD"}
    m = stacked(r, 3, 0, hands, extra="AS KS 8S")
    assert m.is_over()
    assert m.lives() == [1, -1, 1]
    assert sorted(m.winner()) == [0, 2]


def test_first_out_single_winner():
    r = rules("hosenowi", lives=1, swim="none", luegen=True)
    hands = {1: "7C 8D 9H", 2: "AH KH 10H", 0: "QS 10S JD"}
    m = stacked(r, 3, 0, hands, extra="AS KS 8S")
    m.apply("announce 9 show 0 1")  # seat 1
    m.apply("announce 20 show 0 1")  # seat 0
    assert m.current_player() == 1
    m.apply("giveup")
    assert m.is_over()
    assert m.lives() == [1, -1, 1]
    assert sorted(m.winner()) == [0, 2]


def test_last_standing_two_players():
    r = rules("classic", deal="open", lives=1, swim="none")
    m = stacked(r, 2, 0, {1: "7C 8D 9H", 0: "AH KH 10H"}, extra="AS KS 8S")
    assert m.is_over()
    assert m.winner() == 0
    assert m.lives() == [1, -1]


def test_feuer_heads_up_two_lives_eliminate_directly():
    r = rules("knack", lives=1)
    m = stacked(r, 2, 0, {1: "AC AS AH", 0: "7C 8D 9H"}, extra="KS QS 8S")
    m.apply("keep")
    assert m.lives() == [-1, 1]
    assert m.is_over() and m.winner() == 1


# --- clone and determinism --------------------------------------------------------------


def test_clone_is_independent():
    r = rules("hosenowi", mistery=True, luegen=True)
    rng = new_rng(11)
    m = Match(r, players=4, seed=5)
    for _ in range(200):
        if m.is_over():
            break
        c = m.clone()
        before = snapshot(m)
        assert snapshot(c) == before
        # play the clone on a bit; the original must not notice
        for _ in range(5):
            if c.is_over():
                break
            c.apply(rng.choice(c.legal_actions()))
        assert snapshot(m) == before
        action = rng.choice(m.legal_actions())
        twin = m.clone()
        m.apply(action)
        twin.apply(action)
        assert snapshot(twin) == snapshot(m)


def transcript(r, players, seed, action_seed, steps=400):
    m = Match(r, players=players, seed=seed)
    rng = new_rng(action_seed)
    out = []
    for _ in range(steps):
        if m.is_over():
            break
        a = rng.choice(m.legal_actions())
        out.append(f"{m.current_player()}:{a}:{m.lives()}:{m.observation(0).hand}")
        m.apply(a)
    return out


def test_same_seed_same_match():
    r = rules("knack", mistery=True)
    assert transcript(r, 4, 3, 1) == transcript(r, 4, 3, 1)
    assert transcript(r, 4, 3, 1) != transcript(r, 4, 4, 1)


def test_same_seed_same_match_across_hash_seeds():
    code = (
        "import json, random, dataclasses, engine\n"
        "r = dataclasses.replace(engine.preset('pub'), mistery=True, luegen=True)\n"
        "m = engine.Match(r, players=5, seed=42)\n"
        "rng = random.Random(1); out = []\n"
        "for _ in range(300):\n"
        "    if m.is_over(): break\n"
        "    a = rng.choice(m.legal_actions()); out.append(str(a) + str(m.lives()))\n"
        "    m.apply(a)\n"
        "out.append(str(m.observation(0).hand))\n"
        "print(json.dumps(out))\n"
    )
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    results = []
    for hash_seed in ("0", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": root}
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                              env=env, cwd=root, timeout=60, check=True)  # fmt: skip
        results.append(json.loads(done.stdout))
    assert results[0] == results[1]
    assert len(results[0]) > 10


def test_action_parse_errors():
    for bad in ("swap all all", "hold 0 1 2 3", "announce 20 show 0", "announce x show 0 1",
                "challenge x", "mistery", "keep 1", "pass 2"):  # fmt: skip
        with pytest.raises(InvalidInputError):
            Action.parse(bad)


def test_action_texts_equal_by_value():
    assert Action.parse("swap 0 1") == Action.parse("swap 0 1")
    assert Action.parse("swap 0 1") != Action.parse("swap 1 0")
    assert Action.parse("announce 30.5 show 0 1") != Action.parse("announce 30 show 0 1")
    assert str(Action.parse("announce 30.5 show 0 1")) == "announce 30.5 show 0 1"
    assert str(Action.parse("announce 8 show 1 2")) == "announce 8 show 1 2"
    for text in ("keep", "take", "swap all", "pass", "knock", "new", "giveup", "challenge 3",
                 "mistery 2", "hold 0 2 4", "swap 0 2 1 0"):  # fmt: skip
        assert str(Action.parse(text)) == text


def test_legal_actions_in_a_stable_order():
    m = Match(rules("pub", mistery=True), players=4, seed=9)
    rng = new_rng(2)
    for _ in range(100):
        if m.is_over():
            break
        assert legal(m) == legal(m.clone())
        m.apply(rng.choice(m.legal_actions()))


@pytest.mark.parametrize("heads_up, lives", [(True, [2, -1, -1]), (False, [2, -1, 1])])
def test_feuer_heads_up_after_an_elimination(heads_up, lives):
    """Two players left of three: a Feuer costs two lives with feuer_two_lives_heads_up."""
    r = rules("knack", deal="open", luegen=True, lives=2, swim="none", seven_eight_nine=False,
              feuer_two_lives_heads_up=heads_up)  # fmt: skip
    hands = {1: "7C 8D 9H", 2: "AH KH 10H", 0: "QS JS 8C"}
    m = stacked(r, 3, 0, hands, extra="AS KS 8S", seed=19)  # seed found by search
    m.apply("announce 12 show 0 1")  # seat 1 lies (holds 9)
    m.apply("announce 20 show 0 1")  # seat 0, true
    m.apply("challenge 0")  # seat 1 decides and is wrong: two lives, out
    assert m.lives() == [2, -1, 2]
    # seed 19's second deal: seat 0 holds two aces and an ace lies on the table
    o = m.observation(0)
    assert m.current_player() == 0
    assert [str(c) for c in o.hand] == ["AS", "AH", "KS"] and str(o.table[0]) == "AC"
    m.apply("swap 2 0")
    assert m.lives() == lives
