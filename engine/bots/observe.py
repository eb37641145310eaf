"""Turn an engine ``Observation`` into the bots' ``View``.

Only fields of the observation are read; this is the one place that knows
their names, so the bots stay independent of the engine's internals.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .core import RulesInfo, card_id
from .view import Turn, View, decode

if TYPE_CHECKING:
    from ..events import Event
    from ..observation import Observation
    from ..rules import Rules

_INFO_CACHE: dict[int, tuple[object, RulesInfo]] = {}


def rules_info(rules: Rules) -> RulesInfo:
    """``RulesInfo`` of a ``Rules``, cached by identity (rules are frozen)."""
    hit = _INFO_CACHE.get(id(rules))
    if hit is not None and hit[0] is rules:
        return hit[1]
    info = RulesInfo.of(rules)
    if len(_INFO_CACHE) > 64:
        _INFO_CACHE.clear()
    _INFO_CACHE[id(rules)] = (rules, info)
    return info


def play_order(obs: Observation) -> list[int]:
    """Active seats in playing order, starting with the deal's first player."""
    n = obs.players
    step = (
        -1
        if str(getattr(obs.rules.direction, "value", obs.rules.direction)) == ("counterclockwise")
        else 1
    )
    lives = obs.lives
    start = obs.first_player if obs.first_player is not None else obs.seat
    order: list[int] = []
    s = start
    for _ in range(n):
        if lives[s] >= 0:
            order.append(s)
        s = (s + step) % n
    if not order:
        order = [obs.seat]
    return order


def view_of(obs: Observation) -> View:
    """The ``View`` of an observation for the seat it was made for."""
    info = rules_info(obs.rules)
    order = play_order(obs)
    n_act = len(order)
    turns = getattr(obs, "turns", 0) or 0
    turns_taken: dict[int, int] = {}
    for p, s in enumerate(order):
        turns_taken[s] = 0 if turns <= p else (turns - p - 1) // n_act + 1
    known = {
        s: [card_id(c) for c in cards]
        for s, cards in (obs.known_cards or {}).items()
        if s != obs.seat
    }
    knocker = obs.knocked_by if obs.knocked_by is not None else -1
    legal = list(obs.legal_actions)
    swapped = {s: bool(v) for s, v in enumerate(obs.swapped)} if obs.swapped else {}
    return View(
        info=info,
        seat=obs.seat,
        players=obs.players,
        phase=str(getattr(obs.phase, "value", obs.phase)),
        hand=[card_id(c) for c in obs.hand],
        table=[card_id(c) for c in obs.table],
        lives=list(obs.lives),
        order=order,
        legal=[decode(str(a)) for a in legal],
        actions=legal,
        has_mist=bool(obs.has_mistery),
        mist=card_id(obs.mistery) if obs.mistery is not None else -1,
        knocker=knocker,
        dealer=obs.dealer,
        first=obs.first_player,
        cycle=obs.cycle,
        stock_size=obs.stock_size,
        swapped=swapped,
        known=known,
        out=[card_id(c) for c in obs.discard],
        announcements={
            s: (v, [card_id(c) for c in shown]) for s, (v, shown) in obs.announcements.items()
        },
        passes=getattr(obs, "passes", 0) or 0,
        turns_taken=turns_taken,
        final_left=getattr(obs, "final_turns_left", 0) or 0,
        last_turn=last_turns(obs.log, obs.seat, len(order), info.knock),
        own_known=public_cards(obs.log, obs.seat),
    )


def _kind(event: Event) -> str:
    return str(getattr(event.kind, "value", event.kind))


def _deal_start(log: Sequence[Event]) -> int:
    """Index of the current deal's ``deal`` event in ``log`` (0 if none)."""
    for i in range(len(log) - 1, -1, -1):
        if _kind(log[i]) == "deal":
            return i
    return 0


def public_cards(log: Sequence[Event], seat: int) -> list[int]:
    """The cards of ``seat``'s hand that every other seat knows it holds: what it
    took from the open table in this deal and kept, and cards it showed (what the
    others' observations list as ``known_cards`` for it; a seat's own observation
    leaves itself out, so a bot reads its own from the public log).

    A blind Mistery swap makes the others lose track of which card left the hand.
    """
    known: list[int] = []
    for e in log[_deal_start(log) :]:
        if e.seat != seat:
            continue
        k = _kind(e)
        if k == "swap":
            for g, t in zip(e.given, e.taken, strict=False):
                if card_id(g) in known:
                    known.remove(card_id(g))
                known.append(card_id(t))
        elif k == "swap_all":
            known = [card_id(c) for c in e.taken]
        elif k == "mistery":
            known = []
        elif k in ("announce", "31"):
            known += [card_id(c) for c in e.cards if card_id(c) not in known]
    return known


def last_turns(
    log: Sequence[Event], seat: int, n_active: int = 4, knock_rule: str = "anytime"
) -> dict[int, list[Turn]]:
    """Each other seat's turns of the current deal, oldest first, each as
    ``(kind, open table before the turn, given, taken, cycle, could_knock)``
    (replayed from the public events; ``could_knock``: the knock rule would
    have let that seat knock instead)."""
    start = _deal_start(log)
    table: list[int] = []
    out: dict[int, list[Turn]] = {}
    turns = 0
    knocked = False
    swapped: set[int] = set()
    n = max(n_active, 1)

    def could(s: int) -> bool:
        if knocked:
            return False
        if knock_rule == "after_first_cycle":
            return turns >= n
        if knock_rule == "after_own_swap":
            return s in swapped
        return True

    for e in log[start:]:
        k = _kind(e)
        if k in ("table", "refresh", "new"):
            table = [card_id(c) for c in e.cards]
            continue
        if k == "keep" and e.seat is not None:
            out.setdefault(e.seat, []).append(("keep_deal", [], [], [], 0, False))
            continue
        if k not in ("swap", "swap_all", "pass", "knock", "mistery", "hold") or e.seat is None:
            continue  # not a turn (a turn always names its seat)
        s = e.seat
        meta = (turns // n, could(s))
        if k == "swap":
            given = [card_id(c) for c in e.given]
            taken = [card_id(c) for c in e.taken]
            before = table[:]
            for g, t in zip(given, taken, strict=False):
                if t in table:
                    table[table.index(t)] = g
            out.setdefault(s, []).append(("swap", before, given, taken, *meta))
        elif k == "swap_all":
            before = table[:]
            table = [card_id(c) for c in e.given]
            out.setdefault(s, []).append(("all", before, table[:], before, *meta))
        else:
            if k == "knock":
                if e.reason == "keep":
                    k = "keep"
                knocked = True
            out.setdefault(s, []).append((k, table[:], [], [], *meta))
        if k in ("swap", "swap_all", "mistery", "hold"):
            swapped.add(s)
        turns += 1
    out.pop(seat, None)
    return out
