"""The Lügen variant: what to show, what to announce, whom to challenge.

The player with the lowest announcement decides: give up (one life) or
challenge someone (two lives for whoever was wrong). So an announcer wants not
to be the lowest, a liar wants not to be challenged, and the decider wants to
challenge exactly the announcements that are probably false.

The decider's judgment is Bayesian over the hidden third card: with two cards
shown, a true announcement V needs a third card c with value(shown + c) = V.
The third card's candidates (``third_card_candidates``) are the one card the
announcer is known to hold beyond the two it showed (it took that card from the
open table, for all to see), else every card whose place the decider does not
know. Only when no candidate makes V is the announcement a lie for sure, and a
known third card settles it either way.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..rules import CHALLENGE_LOSS, GIVEUP_LOSS
from .core import RulesInfo, deck_ids, hand_value
from .moves import Move
from .view import View

LIE_PRIOR = 0.3  # how often we expect an announcement to be a lie, before evidence
LIE_SPREAD = 8.0  # a liar's announcement is spread over about this many values


def consistent_cards(
    shown: Sequence[int], value: float, info: RulesInfo, pool: Sequence[int]
) -> int:
    """How many cards of ``pool`` would make ``shown`` + card worth exactly ``value``."""
    a, b = shown
    return sum(1 for c in pool if c != a and c != b and hand_value(a, b, c, info) == value)


def known_third(view: View, seat: int) -> int | None:
    """The card ``seat`` is known to hold beside the two it showed, or ``None``.

    A seat's known cards (taken from the open table, or shown) are all in its
    hand, and a hand has three cards: a known card that was not shown is the third.
    """
    _, shown = view.announcements[seat]
    held = [c for c in view.known.get(seat, []) if c not in shown]
    return held[0] if held else None


def third_card_candidates(view: View, seat: int) -> list[int]:
    """The cards ``seat``'s unshown third card may be, seen from ``view``: the one
    it is known to hold, else every card whose place ``view`` does not know (never
    a card known to be elsewhere: in another hand, on the table, out of play)."""
    _, shown = view.announcements[seat]
    third = known_third(view, seat)
    if third is not None:
        return [third]
    return [c for c in view.unseen() if c not in shown]


def p_lie(view: View, seat: int) -> float:
    """The chance that ``seat``'s announcement is false, seen from ``view``
    (exactly 0 or 1 where what ``view`` saw settles it)."""
    value, shown = view.announcements[seat]
    if len(shown) != 2:
        return 0.0  # a 31 shown whole
    pool = third_card_candidates(view, seat)
    if not pool:
        return 0.0
    n = consistent_cards(list(shown), value, view.info, pool)
    if n == 0:
        return 1.0
    if len(pool) == 1:
        return 0.0  # the third card is known and makes the value: the truth
    like_true = n / len(pool)
    like_lie = 1.0 / LIE_SPREAD
    return LIE_PRIOR * like_lie / (LIE_PRIOR * like_lie + (1 - LIE_PRIOR) * like_true)


def _life_utility(lives: int, lost: int) -> float:
    """Utility of losing ``lost`` lives with ``lives`` left: elimination weighs most."""
    if lost == 0:
        return 0.0
    left = lives - lost
    return -lost - (3.0 if left < 0 else 0.0)


def utility(view: View, move: Move) -> float | None:
    """The decider's expected life utility of ``move`` (give up: a sure loss of one
    life; a challenge: two lives unless the announcement is a lie); ``None`` for a
    move that is no decision."""
    my_lives = max(view.lives[view.seat], 0)
    if move[0] == "giveup":
        return _life_utility(my_lives, GIVEUP_LOSS)
    if move[0] == "challenge":
        return (1 - p_lie(view, move[1])) * _life_utility(my_lives, CHALLENGE_LOSS)
    return None


def decide(view: View, rng: random.Random) -> int:
    """Index into ``view.legal`` of the decision (challenge or give up)."""
    best_i, best_u = None, None
    for i, m in enumerate(view.legal):
        u = utility(view, m)
        if u is None:
            continue
        if best_u is None or u > best_u + 1e-9:
            best_i, best_u = i, u
    return best_i if best_i is not None else 0


def _plausibility(
    shown: Sequence[int], value: float, info: RulesInfo, pool: Sequence[int]
) -> float:
    return consistent_cards(list(shown), value, info, pool) / max(len(pool), 1)


def candidates_seen_by_others(view: View, shown: Sequence[int]) -> list[int]:
    """What the other seats could take this seat's unshown card for, were it to show
    ``shown``: a card they know it holds, else any card whose place is not public
    (not on the table, out of play, in someone's known cards or shown)."""
    third = [c for c in view.own_known if c not in shown]
    if third:
        return third[:1]
    public = set(view.table) | set(view.out) | set(shown)
    for cards in view.known.values():
        public.update(cards)
    for s, (_, cards) in view.announcements.items():
        if s != view.seat:
            public.update(cards)
    return [c for c in deck_ids(view.info.deck) if c not in public]


def danger(true_v: float, low_so_far: float | None, remaining: int) -> float:
    """How often an announcer with hand value ``true_v`` lies, when the lowest
    announcement so far is ``low_so_far`` (``None``: none yet) and ``remaining``
    seats announce after it: most when it would be the lowest, some when the hand
    is weak, never with a hand of 24 or more that is not the lowest."""
    if low_so_far is not None and true_v <= low_so_far:
        return 0.8
    if true_v < 20:
        return 0.5 + 0.1 * min(remaining, 3)
    if true_v < 24:
        return 0.25 + 0.05 * min(remaining, 3)
    return 0.0


def announce(view: View, rng: random.Random, honesty: float = 0.0) -> int:
    """Index into ``view.legal`` of the announcement.

    Truth when it is not the lowest so far (showing the pair that makes the
    truth look least likely, to tempt a wrong challenge); otherwise, with a
    probability that grows with the danger, a lie just above the lowest
    announcement so far, with the pair that makes it most believable.
    ``honesty`` (0..1) adds truthfulness for weaker bots.
    """
    info = view.info
    hand = view.hand
    true_v = hand_value(hand[0], hand[1], hand[2], info)
    options: dict[tuple[float, int, int], int] = {}  # (value, shown, shown) -> index
    for i, m in enumerate(view.legal):
        if m[0] == "announce":
            options[(m[1], m[2], m[3])] = i
    if not options:
        return 0
    # what a decider would consider possible for our unshown card, per pair shown
    pairs = [(0, 1), (0, 2), (1, 2)]
    pools = {(a, b): candidates_seen_by_others(view, (hand[a], hand[b])) for a, b in pairs}

    others = [v for s, (v, _) in view.announcements.items() if s != view.seat]
    remaining = len(view.order) - 1 - len(others)
    low_so_far = min(others) if others else None
    danger_ = danger(true_v, low_so_far, remaining) * (1.0 - honesty)

    if rng.random() >= danger_:
        # truth: the pair under which the truth looks least likely
        truth, truth_p = None, 2.0
        for a, b in pairs:
            key = (true_v, a, b)
            if key not in options:
                continue
            p = _plausibility((hand[a], hand[b]), true_v, info, pools[a, b])
            if p < truth_p:
                truth, truth_p = key, p
        if truth is not None:
            return options[truth]
    # a lie: the smallest believable value above the danger line
    floor = (low_so_far if low_so_far is not None else 20) + 1
    floor = max(floor, true_v + 1)
    best, best_score = None, None
    for (v, a, b), i in options.items():
        if v == true_v or v < floor:
            continue
        p = _plausibility((hand[a], hand[b]), v, info, pools[a, b])
        if p <= 0:
            continue
        score_ = p - 0.01 * (v - floor)  # believable first, then modest
        if best_score is None or score_ > best_score:
            best, best_score = i, score_
    if best is not None:
        return best
    # no believable lie: the truth after all
    for (v, _, _), i in options.items():
        if v == true_v:
            return i
    return next(iter(options.values()))
