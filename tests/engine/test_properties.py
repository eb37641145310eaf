"""Property tests (hypothesis, modest example counts) and the small value types."""

import dataclasses
import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import PRESETS, Match, Rules, hand_value, make_deck, preset, score_deal
from engine.events import Event, EventKind
from engine.observation import FIELD_NAMES
from tests.engine.helpers import cards

DECK_RULES = st.sampled_from(
    [
        Rules(),
        Rules(deck=36),
        Rules(deck=52),
        preset("pub"),
        preset("knack"),
        Rules(handeln=True),
        Rules(deck=52, flush_30=True, handeln=True, feuer=True),
    ]
)


@st.composite
def rules_and_hands(draw, count=1):
    rules = draw(DECK_RULES)
    deck = make_deck(rules.deck)
    picked = draw(
        st.lists(st.sampled_from(deck), min_size=3 * count, max_size=3 * count, unique=True)
    )
    return rules, [tuple(picked[3 * i : 3 * i + 3]) for i in range(count)]


@settings(max_examples=150, deadline=None)
@given(rules_and_hands())
def test_hand_value_range_and_order_independence(data):
    rules, (hand,) = data
    v = hand_value(hand, rules)
    assert {hand_value(p, rules) for p in itertools.permutations(hand)} == {v}
    if rules.feuer and all(c.rank.symbol == "A" for c in hand):
        assert v == rules.feuer_value
    else:
        assert rules.lowest_hand <= v <= 31
        assert v == 30.5 or v == int(v)
    # without options the value is the best suit sum or 30.5
    if rules == Rules():
        best = max(sum(c.points for c in hand if c.suit is s.suit) for s in hand)
        assert v in (best, 30.5)


@settings(max_examples=100, deadline=None)
@given(st.integers(2, 6).flatmap(lambda n: rules_and_hands(count=n)), st.data())
def test_score_deal_properties(data, more):
    rules, hands = data
    knocker = more.draw(st.one_of(st.none(), st.integers(0, len(hands) - 1)))
    lost = score_deal(hands, rules, knocker)
    assert len(lost) == len(hands) and all(x in (0, 1, 2) for x in lost)
    values = [hand_value(h, rules) for h in hands]
    if not (rules.feuer and rules.feuer_value in values):
        losers = [s for s, x in enumerate(lost) if x]
        # a loser never holds more than a non-loser
        for s in losers:
            assert all(values[s] <= values[o] for o in range(len(hands)) if not lost[o])
        if not rules.under_21_pays:
            assert losers  # someone always loses in normal scoring


def test_event_sentences():
    kh, s9, ah, ad = cards("KH 9S AH AD")
    assert str(Event(EventKind.SWAP, seat=2, given=(kh,), taken=(s9,))) == "seat 2 swaps KH for 9S"
    assert str(Event(EventKind.KNOCK, seat=1)) == "seat 1 knocks"
    assert str(Event(EventKind.LOSE, seat=3, lives=2, reason="lie")) == (
        "seat 3 loses 2 lives (caught lying)"
    )
    assert str(Event(EventKind.ANNOUNCE, seat=0, value=30.5, cards=(ah, ad))) == (
        "seat 0 announces 30½ showing AH AD"
    )
    assert str(Event(EventKind.MATCH_END, seats=(1,), reason="crown")) == (
        "seat 1 wins the match with crown"
    )
    for kind in EventKind:
        assert str(Event(kind, seat=0, value=1, lives=1, target=1, seats=(0, 1)))


def test_observation_fields_complete_and_log_view():
    m = Match(PRESETS["knack"], players=3, seed=2)
    o = m.observation(0)
    assert set(vars(o)) == set(FIELD_NAMES)
    assert dataclasses.replace(o, seat=0) == o
    log = o.log
    assert isinstance(log, tuple) and log[0].kind is EventKind.DEAL
    m.apply(m.legal_actions()[0])
    assert len(o.log) == len(log)  # an old observation does not change


def test_engine_imports_bots_lazily():
    import subprocess
    import sys
    from pathlib import Path

    code = (
        "import sys, engine; assert 'engine.bots' not in sys.modules; "
        "print(engine.bots.make('random', 1).choose.__name__)"
    )
    root = Path(__file__).resolve().parents[2]
    res = subprocess.run(
        [sys.executable, "-c", code],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert res.stdout.strip() == "choose"
