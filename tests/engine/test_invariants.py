"""Invariants over thousands of seeded random matches, for every preset with
Mistery and Lügen on and off and the 32-, 36- and 52-card decks."""

import dataclasses
import itertools
import random
from collections import Counter

import pytest

from engine import PRESETS, Match, Phase, hand_value, make_deck
from engine.events import EventKind

CONFIGS = [
    pytest.param(name, mistery, luegen, deck, id=f"{name}-m{int(mistery)}-l{int(luegen)}-{deck}")
    for name, mistery, luegen, deck in itertools.product(
        sorted(PRESETS), (False, True), (False, True), (32, 36, 52)
    )
]
MATCHES = 36  # per configuration: 48 configurations, 1728 matches (2188 in this file)
DEEP = 2  # of them checked in depth at every step


def all_cards(m):
    cards = [c for h in m._deal.hands for c in h] + m._deal.table + m._deal.stock + m._deal.discard
    cards += m._deal.pending + m._deal.other
    if m._deal.mistery is not None:
        cards.append(m._deal.mistery)
    return cards


def check_observation(m, seat, rng):
    o = m.observation(seat)
    own = m._deal.hands[seat]
    assert o.hand[:3] == tuple(own)
    if len(o.hand) == 5:
        assert o.phase is Phase.PLAY and m.current == seat and tuple(m._deal.pending) == o.hand[3:]
    assert o.table == tuple(m._deal.table)
    assert o.mistery is None or (m._deal.mistery_by == seat and o.mistery == m._deal.mistery)
    assert o.discard == tuple(m._deal.discard)
    for s, known in o.known_cards.items():
        assert s != seat and set(known) <= set(m._deal.hands[s])
    for s, (_value, shown) in o.announcements.items():
        assert set(shown) <= set(m._deal.hands[s])
    if o.last_deal is not None:
        for s, hand in o.last_deal.hands.items():
            assert o.last_deal.values[s] == hand_value(hand, m.rules)
    for e in o.log:
        if e.kind in (EventKind.MISTERY, EventKind.HOLD) and e.seat != seat:
            assert e.given == () and e.taken == ()
    if seat == m.current:
        assert o.legal_actions == m.legal_actions()
    else:
        assert o.legal_actions == []
    # the observation is all this seat may know: a world sampled from it
    # looks exactly the same to this seat and is a complete, consistent match
    w = Match.from_observation(o, rng)
    assert sorted(all_cards(w)) == sorted(make_deck(m.rules.deck))
    assert w.observation(seat) == o
    if seat == m.current:
        w.apply(rng.choice(w.legal_actions()))


def play(rules, seed, deep):
    rng = random.Random(seed)
    players = rng.randint(rules.min_players, rules.max_players)
    m = Match(rules, players=players, seed=seed)
    deck = sorted(make_deck(rules.deck))
    kinds = Counter()
    lives = m.lives()
    steps = 0
    while not m.is_over():
        legal = m.legal_actions()
        assert legal, m.situation()
        assert m.current_player() is not None and m._lives[m.current_player()] >= 0
        if deep:
            assert len(set(legal)) == len(legal)
            assert sorted(all_cards(m)) == deck
            check_observation(m, m.current_player(), rng)
            check_observation(m, (m.current_player() + 1) % players, rng)
        else:
            assert len(all_cards(m)) == len(deck)
        # random, with a lean towards knocking so that deals stay short
        knock = legal[-1]
        lean = knock.kind == "knock" and rng.random() < 0.2
        action = knock if lean else rng.choice(legal)
        kinds[action.kind] += 1
        m.apply(action)
        now = m.lives()
        assert all(b <= a for a, b in zip(lives, now, strict=True)), (lives, now)
        lives = now
        steps += 1
        assert steps < 20000, "match does not end"
    assert m.legal_actions() == [] and m.current_player() is None
    w = m.winner()
    if rules.match_end == "last_standing":
        assert isinstance(w, int) and sum(v >= 0 for v in m.lives()) == 1 and m.lives()[w] >= 0
    else:
        assert -1 in m.lives()
        ws = w if isinstance(w, list) else [w]
        assert all(m.lives()[s] == max(m.lives()) for s in ws)
    assert len(m.results) == m.deal_count
    return m, kinds


@pytest.mark.parametrize(("name", "mistery", "luegen", "deck"), CONFIGS)
def test_random_matches_keep_invariants(name, mistery, luegen, deck):
    base = PRESETS[name]
    if base.deal == "hidden" and mistery:
        return
    rules = dataclasses.replace(base, mistery=mistery, luegen=luegen, deck=deck)
    total = Counter()
    for i in range(MATCHES):
        _, kinds = play(rules, seed=1000 * i + deck, deep=i < DEEP)
        total.update(kinds)
    # the random games did exercise the options
    assert total["swap"] > 0 and total["knock"] > 0
    assert (total["mistery"] > 0) is mistery
    assert (total["announce"] > 0) is luegen


HIDDEN = [
    dataclasses.replace(
        PRESETS[n],
        deal="hidden",
        passing=False,
        pass_refresh=False,
        swap_two=False,
        seven_eight_nine=False,
        luegen=lg,
    )
    for n in ("classic", "knack")
    for lg in (False, True)
]


@pytest.mark.parametrize("rules", HIDDEN, ids=["classic", "classic-lg", "knack", "knack-lg"])
def test_random_hidden_deal_matches(rules):
    for i in range(40):
        _, kinds = play(rules, seed=i, deep=i < DEEP)
        assert kinds["hold"] > 0


OPTIONS = [
    dict(swim="first_only"),
    dict(swim="none"),
    dict(direction="counterclockwise"),
    dict(under_21_pays=True),
    dict(handeln=True, rang_tiebreak=True),
    dict(flush_30=True),
    dict(knocker_pays_ties=True, under_21_pays=True),
    dict(max_cycles=1),
    dict(swap_two=True, seven_eight_nine=True, mistery=True, luegen=True),
    dict(match_end="first_out", lives=1),
]


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: ",".join(o))
def test_random_matches_with_house_rules(options):
    rules = dataclasses.replace(PRESETS["classic"], **options)
    for i in range(30):
        play(rules, seed=i, deep=i < 2)
