"""What the outcome of a deal is worth to a seat, for the hard bot's searches.

Where the last player standing wins, a deal is worth the lives it costs, an
elimination weighing extra (``utility``). Where the first elimination ends the
match (``first_out``, Hosen owi), the winner is whoever then holds the most lives,
so what the other seats lose matters as much as one's own: a deal is worth the
change in the chance of winning the match (``win_chance``).
"""

from __future__ import annotations

from .view import View

ELIMINATION = 4.0
"""What being out of the match costs on top of the life: it loses the match, so it
weighs like several lives (4 won more matches than 2 against three medium bots,
docs/bots-experiments.md round 2; 6 no more than 4)."""


def utility(lost: int, lives: int) -> float:
    """Outcome of a deal for one seat: 0 when no life is lost, below 0 otherwise,
    with an elimination (swimming and losing, or losing more than is left)
    costing extra."""
    if lost <= 0:
        return 0.0
    return -float(lost) - (ELIMINATION if lives - lost < 0 else 0.0)


WIN_BASE = 2.5
"""``first_out`` (Hosen owi): a match still running is won by whoever holds the
most lives at the first elimination, so a seat's chance of winning it is taken
as proportional to ``WIN_BASE`` to the power of its lives (one more life than
three others gives about 45 %)."""

FIRST_OUT_SCALE = 10.0
"""The chance of winning, in the units of ``utility`` (a life at the start of a
four-player match moves it by about 0.13, about one life)."""


def win_chance(lives: dict[int, int], me: int) -> float:
    """``first_out``: this seat's chance of winning after a deal that leaves
    ``lives`` (below 0: out, which ends the match; the most lives win, equal
    lives share the place)."""
    if any(v < 0 for v in lives.values()):
        best = max(lives.values())
        top = [s for s, v in lives.items() if v == best]
        return 1.0 / len(top) if me in top else 0.0
    total = sum(WIN_BASE**v for v in lives.values())
    return WIN_BASE ** lives[me] / total


def outcome_value(view: View):
    """What a deal's result (lives lost per seat) is worth to this seat: lives
    (``utility``) where the last one standing wins, the chance of winning where
    the first elimination ends the match (``first_out``: another seat losing
    matters too)."""
    me = view.seat
    if not view.info.first_out:
        lives = max(view.lives[me], 0)
        return lambda lost: utility(lost.get(me, 0), lives)
    before = {s: view.lives[s] for s in view.order}
    now = FIRST_OUT_SCALE * win_chance(before, me)
    cache: dict[tuple, float] = {}

    def value(lost: dict[int, int]) -> float:
        key = tuple(lost.get(s, 0) for s in view.order)
        got = cache.get(key)
        if got is None:
            after = {s: v - lost.get(s, 0) for s, v in before.items()}
            if all(v < 0 for v in after.values()):
                after = before  # the void rule: nobody loses
            got = cache[key] = FIRST_OUT_SCALE * win_chance(after, me) - now
        return got

    return value


__all__ = ["ELIMINATION", "outcome_value", "utility", "win_chance"]
