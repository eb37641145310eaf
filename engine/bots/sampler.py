"""Determinization: complete a ``View`` into a full ``sim.Deal``.

Everything the seat cannot see is dealt at random from the cards whose place
it does not know: the unknown cards of every opponent's hand (cards an
opponent is known to hold stay with it), the face-down Mistery card unless
this seat put it there, and the order of the stock. The discard pile is
public. So every sample agrees with the observation.
"""

from __future__ import annotations

from .model import knock_thresholds
from .sim import Deal
from .view import View


def sample_deal(view: View, rng) -> Deal:
    """One full deal consistent with ``view``, with this seat to move."""
    pool = view.unseen()
    rng.shuffle(pool)
    d = Deal(view.info, view.order, rng)
    d.thr = knock_thresholds(view.info, len(view.order))
    me = view.seat
    if view.info.hidden:
        d.hands[me] = view.hand[:3]
        d.pending[me] = view.hand[3:5]
    else:
        d.hands[me] = view.hand[:3]
    for o in view.opponents():
        known = [c for c in view.known.get(o, []) if c not in view.hand]
        need = 3 - len(known)
        d.hands[o] = known[:3] + pool[:need]
        del pool[:need]
    d.table = view.table[:]
    if view.has_mist:
        if view.mist >= 0:
            d.mist = view.mist
            d.mist_owner = me
        elif pool:
            d.mist = pool.pop()
    d.stock = pool
    d.discard = view.out[:]
    d.cur = me
    d.first = view.first if view.first in view.order else view.order[0]
    d.cycle = view.cycle
    d.knocker = view.knocker
    d.final_left = view.final_left
    d.swapped = {s: view.swapped.get(s, False) for s in view.order}
    d.passes = view.passes
    return d


def sample_after_choice(view: View, rng, take: bool) -> Deal:
    """A deal just after this seat's deal choice (keep or take), with the first
    player to move; the chooser's other three cards come from the unseen ones."""
    pool = view.unseen()
    rng.shuffle(pool)
    d = Deal(view.info, view.order, rng)
    d.thr = knock_thresholds(view.info, len(view.order))
    me = view.seat
    other = pool[:3]
    del pool[:3]
    if take:
        d.hands[me] = other
        d.table = view.hand[:3]
    else:
        d.hands[me] = view.hand[:3]
        d.table = other
    for o in view.opponents():
        d.hands[o] = pool[:3]
        del pool[:3]
    if view.info.mistery and pool:
        d.mist = pool.pop()
    d.stock = pool
    d.discard = view.out[:]
    first = view.next_seat(me)
    d.cur = first
    d.first = first
    d.check_start()
    return d
