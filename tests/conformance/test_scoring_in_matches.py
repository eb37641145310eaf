"""Every deal of random matches is scored as score_deal says, with the void rule and swimming.

Before each action the test knows every hand (each seat's own observation) and the
table, so it can work out the final hands of a deal that this action ends, score them
with score_deal, and check the lives the match reports afterwards."""

import pytest

from engine import Match, score_deal

from .support import new_rng, rules, texts

CONFIGS = [
    ("classic", {}, 4),
    ("classic", dict(swim="none"), 3),
    ("classic", dict(under_21_pays=True, handeln=True), 5),
    ("classic", dict(rang_tiebreak=True, knocker_pays_ties=True, max_cycles=3), 4),
    ("knack", {}, 3),
    ("knack", dict(under_21_pays=True), 4),
    ("knack", dict(direction="counterclockwise", deck=36), 2),
    ("pub", {}, 4),
    ("pub", dict(swim="none", match_end="first_out", deck=52), 6),
]


def hand_after(action, hand, table):
    words = str(action).split()
    hand = list(hand)
    if words[:2] == ["swap", "all"]:
        return tuple(table)
    if words[0] == "swap":
        nums = [int(w) for w in words[1:]]
        for h, t in zip(nums[0::2], nums[1::2], strict=True):
            hand[h] = table[t]
    return tuple(hand)


def expected_lives(m, r, action):
    """The lives after ``action`` if it ends the deal, else None when unknown."""
    n = len(m.lives())
    lives = m.lives()
    cur = m.current_player()
    if str(action) in ("take", "new") or str(action).startswith("mistery"):
        return None
    obs = [m.observation(s) for s in range(n)]
    active = [s for s in range(n) if lives[s] != -1]
    hands = {s: obs[s].hand for s in active}
    hands[cur] = hand_after(action, hands[cur], obs[cur].table)
    knocker = obs[cur].knocked_by
    if knocker is None and str(action) == "knock":
        knocker = cur
    lost = score_deal([hands[s] for s in active], r,
                      knocker=None if knocker is None else active.index(knocker))  # fmt: skip
    new = list(lives)
    for s, k in zip(active, lost, strict=True):
        if k:
            left = lives[s] - k
            out = left < 0 or (left == 0 and getattr(r.swim, "value", r.swim) == "none")
            new[s] = -1 if out else left
    if all(new[s] == -1 for s in active):
        return lives  # the void rule
    return new


@pytest.mark.parametrize("name, changes, players", CONFIGS)
def test_deals_scored_like_score_deal(name, changes, players):
    r = rules(name, lives=2, **changes)
    rng = new_rng(players * 7)
    checked = 0
    for seed in range(3):
        m = Match(r, players=players, seed=seed)
        while not m.is_over():
            action = rng.choice(m.legal_actions())
            before = m.lives()
            expected = expected_lives(m, r, action)
            m.apply(action)
            # every config here starts a deal with a choice: a deal ended iff the match
            # is over or the next deal's choice is due
            ended = m.is_over() or texts(m.legal_actions()) == ["keep", "take"]
            if not ended:
                assert m.lives() == before
            elif expected is not None:
                assert m.lives() == expected, (str(action), before)
                checked += 1
    assert checked >= 5
