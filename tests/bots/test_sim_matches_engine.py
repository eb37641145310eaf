"""The bots' fast simulator (``engine/bots/sim.py``) plays a deal exactly as the engine does.

The hard bot and the coach search with ``sim.Deal``, a re-implementation of the
turn rules on small integers. Here both play the same first deal of many seeded
matches of every preset and variant, move by move (random legal moves of the
engine, decoded for the simulator), and every difference fails: hands, the open
table, the face-down card, stock and discard pile, next seat, cycle, knocker,
who swapped, the end of the deal and (without Lügen) who loses lives.

The simulator is loaded from the stacked deck as CONFORMANCE.md deals it, not
from the engine's state, and its generator starts like the match's, so the
stock reshuffles agree too.
"""

import dataclasses
import random

import pytest

from engine import PRESETS, Match, Phase, make_deck
from engine.bots.core import RulesInfo, card_id
from engine.bots.sim import Deal
from engine.bots.view import decode
from engine.rules import DealMode, Direction, KnockRule

VARIANTS = {
    "plain": {},
    "mistery": {"mistery": True},
    "luegen": {"luegen": True},
    "hidden": {
        "deal": "hidden",
        "mistery": False,
        "swap_two": False,
        "seven_eight_nine": False,
        "passing": False,
        "pass_refresh": False,
    },
    "deck36": {"deck": 36, "direction": "counterclockwise"},
    "deck52": {"deck": 52, "mistery": True},
    # short deals that end by max_cycles, and the scoring options
    "short": {"max_cycles": 2, "handeln": True, "under_21_pays": True, "rang_tiebreak": True},
    # many passes: new table cards, the stock reshuffled, 7-8-9
    "refresh": {
        "passing": True,
        "pass_refresh": True,
        "seven_eight_nine": True,
        "flush_30": True,
        "max_cycles": 12,
    },
}
DEALS = 40  # per preset and variant: 4 x 8 x 40 = 1280 deals
KNOCK = 0.15  # chance to knock when allowed (keeps most deals short)
PASS = {"refresh": 0.8}  # chance to pass when allowed (else 0.1)
NEW = 0.7  # chance to lay new cards on a 7-8-9


def _rules(name, variant):
    return dataclasses.replace(PRESETS[name], **VARIANTS[variant])


def _order(rules, players, start):
    step = 1 if rules.direction is Direction.CLOCKWISE else -1
    return [(start + step * i) % players for i in range(players)]


def _load(rules, players, dealer, deck, seed, take):
    """The simulator's deal from the stacked deck, after the deal choice ``take``."""
    ids = [card_id(c) for c in deck]
    order = [*_order(rules, players, dealer)[1:], dealer]  # from the player after the dealer
    hands = {s: ids[3 * i : 3 * i + 3] for i, s in enumerate(order)}
    pos = 3 * players
    hidden = rules.deal is DealMode.HIDDEN
    extra = ids[pos : pos + (2 if hidden else 3)]
    pos += len(extra)
    mist = -1
    if rules.mistery:
        mist, pos = ids[pos], pos + 1
    first = order[0]
    table = extra
    if rules.deal in (DealMode.DEALER_CHOICE, DealMode.FOREHAND_CHOICE):
        chooser = dealer if rules.deal is DealMode.DEALER_CHOICE else order[0]
        if take:
            hands[chooser], table = extra, hands[chooser]
        first = order[(order.index(chooser) + 1) % players]
    d = Deal(RulesInfo.of(rules), _order(rules, players, first), random.Random(seed))
    d.hands = hands
    d.cur = d.first = first
    d.mist = mist
    d.stock = ids[pos:]
    if hidden:
        d.pending[first] = extra
        table = []
    d.table = table
    return d


def _compare(m, d, rules, where):
    """Fail on any difference between the engine's deal and the simulator's."""
    players = m.players
    obs = [m.observation(s) for s in range(players)]
    cur = m.current_player()
    for s in range(players):
        hand = [card_id(c) for c in obs[s].hand]
        sim = d.hands[s] + (d.pending[s] if s == cur and rules.deal is DealMode.HIDDEN else [])
        assert hand == sim, f"{where}: seat {s} holds {hand}, simulator {sim}"
    o = obs[0]
    assert [card_id(c) for c in o.table] == d.table, f"{where}: table"
    face_down = m.mistery_card
    assert (-1 if face_down is None else card_id(face_down)) == d.mist, f"{where}: face-down card"
    assert o.stock_size == len(d.stock), f"{where}: stock {o.stock_size} vs {len(d.stock)}"
    assert [card_id(c) for c in o.discard] == d.discard, f"{where}: discard pile"
    assert cur == d.cur, f"{where}: next seat {cur}, simulator {d.cur}"
    assert o.cycle == d.cycle, f"{where}: cycle {o.cycle}, simulator {d.cycle}"
    assert (-1 if o.knocked_by is None else o.knocked_by) == d.knocker, f"{where}: knocker"
    assert o.final_turns_left == (d.final_left if d.knocker >= 0 else 0), f"{where}: final turns"
    assert list(o.swapped) == [d.swapped[s] for s in range(players)], f"{where}: swapped"
    if rules.pass_refresh:
        assert o.passes == d.passes, f"{where}: passes"


def _choose(legal, rng, variant):
    by_text = {str(a): a for a in legal}
    if "new" in by_text and rng.random() < NEW:
        return by_text["new"]
    if "pass" in by_text and rng.random() < PASS.get(variant, 0.1):
        return by_text["pass"]
    if "knock" in by_text and rng.random() < (KNOCK if variant != "refresh" else 0.02):
        return by_text["knock"]
    return rng.choice(legal)


def _play_first_deal(rules, seed, variant):
    rng = random.Random(seed)
    players = rng.randint(rules.min_players, rules.max_players)
    dealer = rng.randrange(players)
    deck = list(make_deck(rules.deck))
    rng.shuffle(deck)
    m = Match(rules, players=players, seed=seed, dealer=dealer, deck=deck)
    take = False
    if m.phase is Phase.CHOOSE:
        take = rng.random() < 0.5
        m.apply("take" if take else "keep")
    d = _load(rules, players, dealer, deck, seed, take)
    assert d.check_start() == (m.deal_count > 0), f"seed {seed}: a dealt 31 or Feuer"
    moves = 0
    while not d.over:
        _compare(m, d, rules, f"seed {seed}, move {moves}")
        action = _choose(m.legal_actions(), rng, variant)
        m.apply(action)
        d.apply(decode(str(action)))
        moves += 1
        ended = m.deal_count > 0 or m.phase is Phase.ANNOUNCE
        assert ended == d.over, f"seed {seed}, move {moves} ({action}): deal over {ended}"
    result = m.results[0] if m.results else None
    if not rules.luegen and not result.void:
        lost = d.lives_lost()
        assert list(result.lost) == [lost[s] for s in range(players)], f"seed {seed}: lives lost"
    return moves, result, {e.kind for e in m.log}


@pytest.mark.parametrize("variant", sorted(VARIANTS))
@pytest.mark.parametrize("name", sorted(PRESETS))
def test_simulator_plays_deals_like_the_engine(name, variant):
    rules = _rules(name, variant)
    ends, seen = set(), set()
    total = 0
    for seed in range(DEALS):
        moves, result, kinds = _play_first_deal(rules, 1000 * len(variant) + seed, variant)
        total += moves
        ends.add(str(result.reason) if result else "luegen")
        seen |= {str(k) for k in kinds}
    # the deals were played, and the rarer paths were taken
    assert total > 5 * DEALS
    assert {"swap", "swap_all"} <= seen or {"hold"} <= seen
    if rules.mistery:
        assert "mistery" in seen
    if variant == "short":
        assert "max_cycles" in ends
    if variant == "refresh":
        assert {"refresh", "reshuffle", "new"} <= seen, seen
    if rules.knock is not KnockRule.AFTER_FIRST_CYCLE and variant in ("plain", "mistery"):
        assert "knock" in ends
