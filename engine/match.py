"""The match state machine: deals, turns, Lügen, scoring, lives.

>>> from engine import preset
>>> m = Match(preset("knack"), players=3, seed=7)
>>> m.phase, m.current_player() == m.dealer
(<Phase.CHOOSE: 'choose'>, True)
>>> [str(a) for a in m.legal_actions()]
['keep', 'take']
>>> m.apply("keep")
>>> m.phase
<Phase.PLAY: 'play'>
>>> m2 = Match.from_json(m.to_json())
>>> m2.observation(0) == m.observation(0)
True
"""

from __future__ import annotations

import dataclasses
import itertools
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import field
from typing import Any

from . import bounds
from .actions import Action, ActionKind
from .cards import Card, Rank, make_deck, parse_cards
from .errors import IllegalActionError, InvalidInputError
from .events import DealEnd, DealResult, Event, EventKind, LossReason, LuegenOutcome
from .observation import Observation, Phase, places
from .record import MatchRecord
from .rules import (
    ANNOUNCE_SHOWN,
    HAND_SIZE,
    DealMode,
    Direction,
    KnockRule,
    MatchEnd,
    Rules,
    SwimMode,
)
from .scoring import score_with_reasons, value3

__all__ = ["DealEnd", "Match", "Phase"]  # DealEnd lives in events; kept importable here


_PUBLIC = -1
"""The log's key for everyone (no seat): each entry as all may read it."""
_DECKS = {size: make_deck(size) for size in (32, 36, 52)}
_SWAPS = [Action.swap(h, t) for h in range(3) for t in range(3)]
_SWAP_TWOS = [
    Action.swap_two(h1, t1, h2, t2)
    for h1, h2 in itertools.combinations(range(3), 2)
    for t1 in range(3)
    for t2 in range(3)
    if t1 != t2
]
_MISTERIES = [Action.mistery(h) for h in range(3)]
_HOLDS = [Action.hold(*c) for c in itertools.combinations(range(HAND_SIZE + 2), HAND_SIZE)]
_KEEP, _TAKE = Action.keep(), Action.take()
_SWAP_ALL, _PASS, _KNOCK, _NEW = Action.swap_all(), Action.pass_(), Action.knock(), Action.new()
_GIVEUP = Action.giveup()
_789 = frozenset((Rank.SEVEN, Rank.EIGHT, Rank.NINE))
# Lügen: every announcement of each deck, built once
_ANNOUNCES = {
    size: [
        Action.announce(v, a, b)
        for v in Rules(deck=size).announce_values
        for a, b in itertools.combinations(range(HAND_SIZE), ANNOUNCE_SHOWN)  # cards to show
    ]
    for size in _DECKS
}


@dataclasses.dataclass(slots=True, eq=False)
class _Deal:
    """Everything that lives for one deal; ``_start_deal`` makes a fresh one.

    Card lists are in the order action indices use. A new per-deal field needs
    only a line here: ``copy`` (for ``Match.clone``) copies every field.
    """

    n_active: int = 0  # active seats in this deal
    first_player: int = 0
    hands: list[list[Card]] = field(
        default_factory=list
    )  # per seat; [] for a seat out of the match
    known: list[list[Card]] = field(
        default_factory=list
    )  # per seat: cards all players know it holds
    swapped: list[bool] = field(default_factory=list)  # per seat: swapped in this deal
    table: list[Card] = field(default_factory=list)  # the open table cards
    stock: list[Card] = field(default_factory=list)
    discard: list[Card] = field(default_factory=list)
    pending: list[Card] = field(default_factory=list)  # hidden deal: the two cards in transit
    other: list[Card] = field(default_factory=list)  # deal choice: the chooser's other three
    mistery: Card | None = None  # the face-down card
    mistery_by: int | None = None  # who put it there (knows it)
    chooser: int | None = None  # seat making the deal choice
    knocker: int | None = None  # the first knocker
    final_left: int = 0  # turns left after the knock
    turns: int = 0  # turns completed
    passes: int = 0  # passes in a row
    ann: dict[int, tuple[int | float, tuple[Card, ...]]] = field(
        default_factory=dict
    )  # Lügen announcements
    ann_order: list[int] = field(default_factory=list)  # Lügen: who announces, in order
    ann_index: int = 0  # Lügen: announcements made
    end_reason: DealEnd | None = None
    feuer_seat: int | None = None

    def copy(self) -> _Deal:
        """An independent copy (lists and dicts copied, lists of lists per item)."""
        new = _Deal.__new__(_Deal)
        for name in _DEAL_FIELDS:
            v = getattr(self, name)
            if type(v) is list:
                v = [x[:] if type(x) is list else x for x in v]
            elif type(v) is dict:
                v = dict(v)
            setattr(new, name, v)
        return new


_DEAL_FIELDS = tuple(f.name for f in dataclasses.fields(_Deal))


class Match:
    """A match of Schwimmen under one rule set.

    ``Match(rules, players=4, seed=0, dealer=None, deck=None)``: ``dealer``
    fixes the first dealer, ``deck`` (every card of the rules' deck once)
    stacks the first deal; see CONFORMANCE.md. All randomness comes from
    ``random.Random(seed)``.
    """

    def __init__(
        self,
        rules: Rules,
        players: int = 4,
        seed: int = 0,
        dealer: int | None = None,
        deck: Sequence[Card] | str | None = None,
    ) -> None:
        if not isinstance(rules, Rules):
            raise InvalidInputError(
                f"Match needs a Rules object (see preset()), not {bounds.shown(rules)}"
            )
        if not _is_int(players) or not rules.min_players <= players <= rules.max_players:
            raise InvalidInputError(
                f"{bounds.shown(players)} players: these rules allow "
                f"{rules.min_players} to {rules.max_players}"
            )
        bounds.SEED.check(seed, "the seed")
        if dealer is not None and (not _is_int(dealer) or not 0 <= dealer < players):
            raise InvalidInputError(f"dealer {bounds.shown(dealer)} is not a seat 0-{players - 1}")
        stacked = None if deck is None else _check_deck(deck, rules)
        self.rules = rules
        self.players = players
        self.seed: int | None = seed  # None for a world sampled from an observation
        self._dealer_arg = dealer
        self._deck_arg = stacked
        self._rng = random.Random(seed)
        self._lives = [rules.lives] * players
        self._out_deal: list[int | None] = [None] * players  # the deal each seat went out in
        self._swim_open = True
        self.actions: list[str] = []
        """The texts of all applied actions, in order (enough to replay the match)."""
        self._log: list[tuple[Event, int | None, Event | None]] = []
        self._views: dict[int, tuple[Event, ...]] = {}
        self.deal_number = 0
        self.deal_count = 0
        """Deals finished so far; it grows by one whenever a deal ends."""
        self.last_deal: DealResult | None = None
        self.results: list[DealResult] = []
        """Every finished deal's result, in order (``last_deal`` is the last)."""
        self._final_hands: list[tuple[tuple[Card, ...], ...]] = []  # per result, every seat's
        self._winner: int | list[int] | None = None
        self._replayable = True
        self._legal: list[Action] | None = None
        self._base_play = self._make_base_play()
        self.dealer = self._rng.randrange(players) if dealer is None else dealer
        self._start_deal(stacked)

    # ------------------------------------------------------------------ queries
    def current_player(self) -> int | None:
        """The seat that must decide now, or ``None`` once the match is over."""
        return self.current

    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    def winner(self) -> int | list[int] | None:
        """The winning seat; ``None`` while running; under ``first_out`` a list
        of seats when several share first place."""
        return self._winner

    def lives(self) -> list[int]:
        """Lives per seat; ``-1`` once eliminated, ``0`` while swimming."""
        return list(self._lives)

    def places(self) -> list[int]:
        """Place per seat (1 = first): see :func:`engine.observation.places` (by
        lives; seats out by when they went out; equal standing shares a place)."""
        return places(self._lives, self._out_deal)

    @property
    def first_player(self) -> int:
        """The seat that moves first in the current deal."""
        return self._deal.first_player

    @property
    def crown(self) -> bool:
        """Won with all starting lives ("mit Krone"), in a last_standing match."""
        w = self._winner
        return (
            self.rules.match_end is MatchEnd.LAST_STANDING
            and isinstance(w, int)
            and self._lives[w] == self.rules.lives
        )

    @property
    def log(self) -> tuple[Event, ...]:
        """The public log (what every player may know)."""
        return tuple(e[0] for e in self._log)

    def legal_actions(self) -> list[Action]:
        """The actions the current seat may take, in a stable order."""
        if self._legal is None:
            self._legal = self._compute_legal()
        return list(self._legal)

    # ------------------------------------------------------------------ apply
    def apply(self, action: Action | str) -> None:
        """Apply an action (or its text) for the current seat, checked.

        Unreadable text raises InvalidInputError; an action the rules do not
        allow now raises IllegalActionError and changes nothing.
        """
        if not isinstance(action, Action):
            action = Action.parse(action)
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        for candidate in legal:  # legal actions are shared instances: identity first
            if candidate is action:
                break
        else:
            if action not in legal:
                raise IllegalActionError(self._illegal_message(action))
            action = legal[legal.index(action)]
        self._do(action)

    def apply_unchecked(self, action: Action) -> None:
        """Apply a legal ``Action`` without checking it (fast path for
        simulations; an illegal action corrupts the match)."""
        self._do(action)

    def _illegal_message(self, action: Action) -> str:
        if self.phase is Phase.OVER:
            return f"'{action}' is not allowed: the match is over"
        legal = self._legal or []
        shown = ", ".join(str(a) for a in legal[:14]) + (", ..." if len(legal) > 14 else "")
        return f"'{action}' is not allowed now: {self.situation()}; legal: {shown}"

    def situation(self) -> str:
        """A short description of the state, for messages."""
        d = self._deal
        if self.phase is Phase.OVER:
            return "the match is over"
        what = {
            Phase.CHOOSE: "to choose keep or take",
            Phase.PLAY: f"to play (cycle {d.turns // d.n_active + 1})",
            Phase.ANNOUNCE: "to announce",
            Phase.DECIDE: "to challenge or give up",
        }[self.phase]
        text = f"deal {self.deal_number}, seat {self.current} {what}"
        if d.knocker is not None:
            text += f", seat {d.knocker} knocked"
        return text

    # ------------------------------------------------------------------ seats
    def _next(self, seat: int) -> int:
        n, lives = self.players, self._lives
        step = 1 if self.rules.direction is Direction.CLOCKWISE else -1
        s = seat
        for _ in range(n):
            s = (s + step) % n
            if lives[s] >= 0:
                return s
        raise AssertionError("no active seat")

    def _order_from(self, seat: int) -> list[int]:
        """Active seats in playing order starting at ``seat`` (which is active)."""
        order = [seat]
        s = self._next(seat)
        while s != seat:
            order.append(s)
            s = self._next(s)
        return order

    def _active_seats(self) -> list[int]:
        return [s for s, v in enumerate(self._lives) if v >= 0]

    # ------------------------------------------------------------------ log
    def _emit(
        self, event: Event, private_seat: int | None = None, private: Event | None = None
    ) -> None:
        self._log.append((event, private_seat, private))

    def _log_for(self, seat: int) -> tuple[Event, ...]:
        # Per seat, the view of the log grows by the new entries only; the tuple is
        # rebuilt (a fast pointer copy) only when the log has grown.
        cached = self._views.get(seat)
        if cached is not None and len(cached) == len(self._log):
            return cached
        start = 0 if cached is None else len(cached)
        new = tuple(
            private if who == seat and private is not None else public
            for public, who, private in self._log[start:]
        )
        view = new if cached is None else cached + new
        self._views[seat] = view
        return view

    # ------------------------------------------------------------------ deals
    def _start_deal(self, stacked: Sequence[Card] | None = None) -> None:
        r = self.rules
        self.deal_number += 1
        if stacked is None:
            cards = list(_DECKS[r.deck])
            self._rng.shuffle(cards)
        else:
            cards = list(stacked)
        n = self.players
        order = self._order_from(self._next(self.dealer))
        d = self._deal = _Deal(
            n_active=len(order),
            hands=[[] for _ in range(n)],
            known=[[] for _ in range(n)],
            swapped=[False] * n,
        )
        pos = 0
        for s in order:
            d.hands[s] = cards[pos : pos + 3]
            pos += 3
        hidden = r.deal is DealMode.HIDDEN
        extra = cards[pos : pos + (2 if hidden else 3)]
        pos += len(extra)
        if r.mistery:
            d.mistery = cards[pos]
            pos += 1
        d.stock = cards[pos:]
        self._emit(Event(EventKind.DEAL, seat=self.dealer, value=self.deal_number))
        if r.deal is DealMode.OPEN:
            d.table = extra
            d.first_player = order[0]
            self._emit(Event(EventKind.TABLE, cards=tuple(extra)))
            self._begin_play()
        elif hidden:
            d.pending = extra
            d.first_player = order[0]
            self._begin_play()
        else:
            chooser = self.dealer if r.deal is DealMode.DEALER_CHOICE else order[0]
            d.chooser = chooser
            d.other = extra
            d.first_player = self._next(chooser)
            self.phase = Phase.CHOOSE
            self.current = chooser

    def _begin_play(self) -> None:
        d = self._deal
        d.chooser = None
        self.phase = Phase.PLAY
        self.current = d.first_player
        r = self.rules
        order = self._order_from(d.first_player)
        if r.feuer:
            for s in order:
                if value3(d.hands[s], r) == r.feuer_value:
                    self._end_deal(DealEnd.FEUER, feuer_seat=s)
                    return
        for s in order:
            if value3(d.hands[s], r) == 31:
                self._end_deal(DealEnd.THIRTY_ONE)
                return

    # ------------------------------------------------------------------ legality
    def _make_base_play(self) -> list[Action]:
        r = self.rules
        if r.deal is DealMode.HIDDEN:
            return list(_HOLDS)
        acts = list(_SWAPS)
        if r.swap_two:
            acts += _SWAP_TWOS
        acts.append(_SWAP_ALL)
        if r.mistery:
            acts += _MISTERIES
        return acts

    def _may_knock(self, seat: int) -> bool:
        d = self._deal
        r = self.rules
        if d.knocker is not None:
            # the final cycle: keep the hand by "knocking" when there is no passing
            return not r.passing and d.swapped[seat]
        if r.knock is KnockRule.ANYTIME:
            return True
        if r.knock is KnockRule.AFTER_FIRST_CYCLE:
            return d.turns >= d.n_active
        return d.swapped[seat]

    def _compute_legal(self) -> list[Action]:
        d = self._deal
        phase = self.phase
        r = self.rules
        if phase is Phase.PLAY:
            acts = list(self._base_play)
            # the three cards laid away count, so three new ones can always be had
            if r.seven_eight_nine and {c.rank for c in d.table} == _789:
                acts.append(_NEW)
            if r.passing:
                acts.append(_PASS)
            if self._may_knock(self.current):  # type: ignore[arg-type]
                acts.append(_KNOCK)
            return acts
        if phase is Phase.CHOOSE:
            return [_KEEP, _TAKE]
        if phase is Phase.ANNOUNCE:
            return list(_ANNOUNCES[r.deck])
        if phase is Phase.DECIDE:
            acts = [
                Action.challenge(s)
                for s in sorted(d.ann_order)
                if s != self.current and d.ann[s][0] != 31
            ]
            acts.append(_GIVEUP)
            return acts
        return []

    # ------------------------------------------------------------------ moves
    def _do(self, action: Action) -> None:
        d = self._deal
        self._legal = None
        self.actions.append(str(action))
        kind = action.kind
        seat: int = self.current  # type: ignore[assignment]
        if kind is ActionKind.SWAP:
            h, t = action.indices
            self._swap_cards(seat, ((h, t),), EventKind.SWAP)
        elif kind is ActionKind.PASS:
            self._pass(seat)
        elif kind is ActionKind.SWAP_ALL:
            hand = d.hands[seat]
            given, taken = tuple(hand), tuple(d.table)
            d.hands[seat], d.table = list(taken), list(given)
            d.known[seat] = list(taken)
            self._emit(Event(EventKind.SWAP_ALL, seat=seat, given=given, taken=taken))
            self._after_swap(seat)
        elif kind is ActionKind.KNOCK:
            self._knock(seat)
        elif kind is ActionKind.SWAP_TWO:
            h1, t1, h2, t2 = action.indices
            self._swap_cards(seat, ((h1, t1), (h2, t2)), EventKind.SWAP)
        elif kind is ActionKind.MISTERY:
            self._mistery_swap(seat, action.indices[0])
        elif kind is ActionKind.NEW:
            d.discard += d.table
            d.table = []
            d.table = self._draw_three()
            d.passes = 0
            self._emit(Event(EventKind.NEW, seat=seat, cards=tuple(d.table)))
        elif kind is ActionKind.HOLD:
            self._hold(seat, action.indices)
        elif kind is ActionKind.KEEP or kind is ActionKind.TAKE:
            self._choose(seat, kind is ActionKind.TAKE)
        elif kind is ActionKind.ANNOUNCE:
            a, b = action.indices
            self._announce(seat, action.args[0], a, b)
        elif kind is ActionKind.CHALLENGE:
            self._challenge(seat, action.indices[0])
        elif kind is ActionKind.GIVEUP:
            self._emit(Event(EventKind.GIVEUP, seat=seat))
            lost = [0] * self.players
            lost[seat] = self.rules.giveup_loss
            self._settle(
                lost, {seat: LossReason.GIVEUP}, decider=seat, outcome=LuegenOutcome.GIVEUP
            )
        else:  # pragma: no cover - every kind is handled above
            raise IllegalActionError(f"unknown action kind {kind}")

    def _choose(self, seat: int, take: bool) -> None:
        d = self._deal
        if take:
            given = tuple(d.hands[seat])
            d.table = list(given)
            d.hands[seat] = d.other
            self._emit(Event(EventKind.TAKE, seat=seat, given=given))
        else:
            d.table = d.other
            self._emit(Event(EventKind.KEEP, seat=seat))
        d.other = []
        self._emit(Event(EventKind.TABLE, cards=tuple(d.table)))
        self._begin_play()

    def _swap_cards(self, seat: int, pairs: Sequence[tuple[int, int]], kind: EventKind) -> None:
        d = self._deal
        hand, table, known = d.hands[seat], d.table, d.known[seat]
        given, taken = [], []
        for h, t in pairs:
            g, k = hand[h], table[t]
            hand[h], table[t] = k, g
            given.append(g)
            taken.append(k)
            if g in known:
                known.remove(g)
            known.append(k)
        self._emit(Event(kind, seat=seat, given=tuple(given), taken=tuple(taken)))
        self._after_swap(seat)

    def _mistery_swap(self, seat: int, h: int) -> None:
        d = self._deal
        hand = d.hands[seat]
        given, taken = hand[h], d.mistery
        if taken is None:
            raise AssertionError("a mistery swap without a face-down card")
        hand[h] = taken
        d.mistery = given
        d.mistery_by = seat
        # others cannot tell which card left the hand
        d.known[seat] = []
        self._emit(
            Event(EventKind.MISTERY, seat=seat),
            seat,
            Event(EventKind.MISTERY, seat=seat, given=(given,), taken=(taken,)),
        )
        self._after_swap(seat)

    def _hold(self, seat: int, keep: tuple[int, ...]) -> None:
        d = self._deal
        five = d.hands[seat] + d.pending
        kept = [five[i] for i in keep]
        passed = [c for i, c in enumerate(five) if i not in keep]
        d.hands[seat] = kept
        d.pending = passed
        self._emit(
            Event(EventKind.HOLD, seat=seat),
            seat,
            Event(EventKind.HOLD, seat=seat, given=tuple(passed), taken=tuple(kept)),
        )
        self._after_swap(seat)

    def _after_swap(self, seat: int) -> None:
        d = self._deal
        d.swapped[seat] = True
        d.passes = 0
        r = self.rules
        v = value3(d.hands[seat], r)
        if r.feuer and v == r.feuer_value and d.hands[seat][0].rank is Rank.ACE:
            self._end_deal(DealEnd.FEUER, feuer_seat=seat)
        elif v == 31:
            self._end_deal(DealEnd.THIRTY_ONE)
        else:
            self._end_turn(seat)

    def _pass(self, seat: int) -> None:
        d = self._deal
        d.passes += 1
        self._emit(Event(EventKind.PASS, seat=seat))
        if d.passes >= d.n_active and self.rules.pass_refresh:
            d.passes = 0
            d.discard += d.table  # with these, three new cards can always be had
            d.table = []
            d.table = self._draw_three()
            self._emit(Event(EventKind.REFRESH, cards=tuple(d.table)))
        self._end_turn(seat)

    def _knock(self, seat: int) -> None:
        d = self._deal
        if d.knocker is None:
            d.knocker = seat
            d.final_left = d.n_active
            self._emit(Event(EventKind.KNOCK, seat=seat))
        else:
            self._emit(Event(EventKind.KNOCK, seat=seat, reason="keep"))
        d.passes = 0
        # hidden deal: the received cards (d.pending) simply go on to the next player
        self._end_turn(seat)

    def _draw_three(self) -> list[Card]:
        d = self._deal
        if len(d.stock) < 3 and d.discard:
            self._rng.shuffle(d.discard)
            d.stock += d.discard
            d.discard = []
            self._emit(Event(EventKind.RESHUFFLE))
        cards = d.stock[:3]
        del d.stock[:3]
        return cards

    def _end_turn(self, seat: int) -> None:
        d = self._deal
        d.turns += 1
        if d.knocker is not None:
            d.final_left -= 1
            if d.final_left <= 0:
                self._end_deal(DealEnd.KNOCK)
                return
        elif d.turns >= self.rules.max_cycles * d.n_active:
            self._end_deal(DealEnd.MAX_CYCLES)
            return
        self.current = self._next(seat)

    # ------------------------------------------------------------------ deal end
    def _end_deal(self, reason: DealEnd, feuer_seat: int | None = None) -> None:
        d = self._deal
        r = self.rules
        d.end_reason = reason
        d.feuer_seat = feuer_seat
        if d.pending:
            # hidden deal: the two cards in transit are laid aside face down
            d.stock += d.pending
            d.pending = []
        order = self._order_from(d.first_player)
        hands = d.hands
        if feuer_seat is not None:  # reason is DealEnd.FEUER
            s = feuer_seat
            self._emit(Event(EventKind.FEUER, seat=s, cards=tuple(hands[s])))
            scored = [
                tuple(h) if lives >= 0 else None
                for h, lives in zip(hands, self._lives, strict=True)
            ]
            lost, why = score_with_reasons(scored, r)
            revealed = [s] if r.luegen else order
            if not r.luegen:
                self._reveal_all(order, skip=s)
            self._settle(lost, why, revealed=revealed)
            return
        t31 = [s for s in order if value3(hands[s], r) == 31]
        for s in t31:
            self._emit(Event(EventKind.THIRTY_ONE, seat=s, cards=tuple(hands[s])))
        if r.luegen:
            d.ann = {s: (31, tuple(hands[s])) for s in t31}
            for s in t31:
                d.known[s] = list(hands[s])
            start = d.knocker if d.knocker is not None else d.first_player
            d.ann_order = [s for s in self._order_from(start) if s not in t31]
            if not d.ann_order:
                self._settle([0] * self.players, {}, revealed=t31)
                return
            d.ann_index = 0
            self.phase = Phase.ANNOUNCE
            self.current = d.ann_order[0]
            return
        self._reveal_all(order, skip=None, already=t31)
        scored = [
            tuple(h) if lives >= 0 else None for h, lives in zip(hands, self._lives, strict=True)
        ]
        lost, why = score_with_reasons(scored, r, d.knocker)
        self._settle(lost, why, revealed=order)

    def _reveal_all(self, order: list[int], skip: int | None, already: Sequence[int] = ()) -> None:
        for s in order:
            if s != skip and s not in already:
                cards = tuple(self._deal.hands[s])
                self._emit(
                    Event(EventKind.REVEAL, seat=s, cards=cards, value=value3(cards, self.rules))
                )

    def _announce(self, seat: int, value: int | float, a: int, b: int) -> None:
        d = self._deal
        hand = d.hands[seat]
        shown = (hand[a], hand[b])
        d.ann[seat] = (value, shown)
        known = d.known[seat]
        for c in shown:
            if c not in known:
                known.append(c)
        self._emit(Event(EventKind.ANNOUNCE, seat=seat, value=value, cards=shown))
        d.ann_index += 1
        if d.ann_index < len(d.ann_order):
            self.current = d.ann_order[d.ann_index]
            return
        low = min(d.ann[s][0] for s in d.ann_order)
        deal_order = self._order_from(d.first_player)
        self.current = [s for s in deal_order if s in d.ann_order and d.ann[s][0] == low][-1]
        self.phase = Phase.DECIDE

    def _challenge(self, seat: int, target: int) -> None:
        d = self._deal
        cards = tuple(d.hands[target])
        real = value3(cards, self.rules)
        verdict = LuegenOutcome.LIE if real != d.ann[target][0] else LuegenOutcome.TRUE
        self._emit(Event(EventKind.CHALLENGE, seat=seat, target=target, reason=verdict))
        self._emit(Event(EventKind.REVEAL, seat=target, cards=cards, value=real))
        d.known[target] = list(cards)
        lost = [0] * self.players
        loser = target if verdict is LuegenOutcome.LIE else seat
        lost[loser] = self.rules.challenge_loss
        self._settle(
            lost,
            {loser: LossReason(verdict.value)},
            decider=seat,
            challenged=target,
            outcome=verdict,
            revealed=[*self._thirty_one_seats(), target],
        )

    def _thirty_one_seats(self) -> list[int]:
        d = self._deal
        return [s for s in self._order_from(d.first_player) if d.ann.get(s, (0,))[0] == 31]

    def _out_after(self, seat: int, loss: int) -> bool:
        return self.rules.out_after(self._lives[seat], loss, self._swim_open)

    def _settle(
        self,
        lost: list[int],
        why: dict[int, LossReason],
        *,
        revealed: Sequence[int] | None = None,
        decider: int | None = None,
        challenged: int | None = None,
        outcome: LuegenOutcome | None = None,
    ) -> None:
        d = self._deal
        r = self.rules
        reason = d.end_reason
        if reason is None:
            raise AssertionError("a deal is settled only after _end_deal names why it ended")
        order = self._order_from(d.first_player)
        if revealed is None:
            revealed = self._thirty_one_seats()
            if challenged is not None:
                revealed.append(challenged)
        void = any(lost) and all(self._out_after(s, lost[s]) for s in order)
        if void:
            lost = [0] * self.players
            self._emit(Event(EventKind.VOID))
        someone_out = self._take_lives(order, lost, why)
        hands = {s: tuple(d.hands[s]) for s in revealed}
        self.last_deal = DealResult(
            deal_number=self.deal_number,
            reason=reason,
            knocker=d.knocker,
            hands=hands,
            values={s: value3(h, r) for s, h in hands.items()},
            lost=tuple(lost),
            void=bool(void),
            reasons={} if void else {s: why[s] for s in order if lost[s]},
            feuer=d.feuer_seat,
            thirty_one=tuple(s for s in order if s in hands and value3(hands[s], r) == 31),
            announcements=dict(d.ann),
            decider=decider,
            challenged=challenged,
            outcome=outcome,
            shown=tuple(s for s in order if s in hands) if r.luegen else (),
            lives_after=tuple(self._lives),
            table=tuple(d.table),
        )
        self.results.append(self.last_deal)
        self._final_hands.append(tuple(tuple(h) for h in d.hands))
        self.deal_count += 1
        self._emit(Event(EventKind.DEAL_END, value=self.deal_number, reason=reason))
        remaining = self._active_seats()
        if len(remaining) <= 1 or (r.match_end is MatchEnd.FIRST_OUT and someone_out):
            self._finish(remaining)
        else:
            self.dealer = self._next(self.dealer)
            self._start_deal()

    def _take_lives(self, order: list[int], lost: list[int], why: dict[int, LossReason]) -> bool:
        """Each seat loses ``lost[seat]`` lives (``why[seat]`` says why), in playing
        order; a seat goes out or starts swimming. True if any seat went out."""
        someone_out = reached_zero = False
        for s in order:
            loss = lost[s]
            if not loss:
                continue
            self._emit(Event(EventKind.LOSE, seat=s, lives=loss, reason=why[s]))
            if self._out_after(s, loss):
                self._lives[s] = -1
                self._out_deal[s] = self.deal_number
                someone_out = True
                self._emit(Event(EventKind.OUT, seat=s))
            else:
                self._lives[s] -= loss
                if self._lives[s] == 0:
                    reached_zero = True
                    self._emit(Event(EventKind.SWIM, seat=s))
        if reached_zero and self.rules.swim is SwimMode.FIRST_ONLY:
            self._swim_open = False
        return someone_out

    def _finish(self, remaining: list[int]) -> None:
        if self.rules.match_end is MatchEnd.FIRST_OUT:
            best = max(self._lives)
            winners = [s for s, v in enumerate(self._lives) if v == best]
            self._winner = winners[0] if len(winners) == 1 else winners
        else:
            winners = remaining
            self._winner = remaining[0]
        self.phase = Phase.OVER
        self.current = None
        crown = (
            self.rules.match_end is MatchEnd.LAST_STANDING
            and self._lives[winners[0]] == self.rules.lives
        )
        self._emit(
            Event(EventKind.MATCH_END, seats=tuple(winners), reason="crown" if crown else "")
        )

    # ------------------------------------------------------------------ views
    def observation(self, seat: int) -> Observation:
        """What ``seat`` may know now, and nothing more: the public view of the table
        from its chair, with its own cards, its face-down card and its moves added."""
        d = self._deal
        self._check_seat(seat)
        hand = tuple(d.hands[seat])
        if self.phase is Phase.PLAY and self.current == seat and self.rules.deal is DealMode.HIDDEN:
            hand += tuple(d.pending)
        return Observation._build(
            {
                **self._public_fields(seat),
                "hand": hand,
                "mistery": d.mistery if d.mistery_by == seat else None,
                "legal_actions": self.legal_actions() if seat == self.current else [],
                "log": self._log_for(seat),
                "last_deal": (
                    self._own_result(len(self.results) - 1, seat) if self.results else None
                ),
            }
        )

    def public_observation(self, seat: int) -> Observation:
        """What anyone watching may know, seen from ``seat``'s chair: built from the
        public state alone (no hand, no face-down card, no moves, the log as everyone
        reads it, the deal results without anyone's own final hand): a watcher's view,
        and what a shared device shows while it is passed on. Nothing private is put in
        and taken out again."""
        self._check_seat(seat)
        return Observation._build(
            {
                **self._public_fields(seat),
                "hand": (),
                "mistery": None,
                "legal_actions": [],
                "log": self._log_for(_PUBLIC),
                "last_deal": self.results[-1] if self.results else self.last_deal,
            }
        )

    def _check_seat(self, seat: int) -> None:
        if not _is_int(seat) or not 0 <= seat < self.players:
            raise InvalidInputError(
                f"seat {bounds.shown(seat)} does not exist (0-{self.players - 1})"
            )

    def _public_fields(self, seat: int) -> dict[str, Any]:
        """The fields of an observation everyone at the table may know, seen from
        ``seat``'s chair (the cards all know another seat holds; its own are its own)."""
        d = self._deal
        return dict(
            seat=seat,
            players=self.players,
            rules=self.rules,
            phase=self.phase,
            table=tuple(d.table),
            has_mistery=d.mistery is not None,
            mistery_by=d.mistery_by,
            lives=list(self._lives),
            out_deal=tuple(self._out_deal),
            knocked_by=d.knocker,
            current=self.current,
            dealer=self.dealer,
            first_player=d.first_player,
            chooser=d.chooser,
            cycle=d.turns // d.n_active,
            turns=d.turns,
            final_turns_left=d.final_left if d.knocker is not None else 0,
            passes=d.passes,
            deal_number=self.deal_number,
            deal_count=self.deal_count,
            stock_size=len(d.stock),
            discard=tuple(d.discard),
            known_cards={s: tuple(k) for s, k in enumerate(d.known) if k and s != seat}
            if any(d.known)
            else {},
            announcements=dict(d.ann),
            announce_order=tuple(d.ann_order),
            swapped=tuple(d.swapped),
            swim_open=self._swim_open,
            winner=self._winner,
        )

    def results_for(self, seat: int, start: int = 0) -> list[DealResult]:
        """``results`` as ``seat`` may see them: each with ``own_hand``, the
        seat's own final hand of that deal (other hidden hands stay hidden); those
        from deal result ``start`` on (a view sends only the new ones)."""
        if not _is_int(seat) or not 0 <= seat < self.players:
            raise InvalidInputError(
                f"seat {bounds.shown(seat)} does not exist (0-{self.players - 1})"
            )
        return [self._own_result(i, seat) for i in range(start, len(self.results))]

    def _own_result(self, i: int, seat: int) -> DealResult:
        result = self.results[i]
        finals = self._final_hands
        if i >= len(finals) or not finals[i][seat]:
            return result
        return dataclasses.replace(result, own_hand=finals[i][seat])

    # ------------------------------------------------------------------ copies
    def clone(self) -> Match:
        """An independent copy (same future under the same actions)."""
        m = Match.__new__(Match)
        d = self.__dict__.copy()
        m.__dict__ = d
        rng = random.Random()
        rng.setstate(self._rng.getstate())
        d["_rng"] = rng
        d["_lives"] = list(self._lives)
        d["_out_deal"] = list(self._out_deal)
        d["actions"] = list(self.actions)
        d["_log"] = list(self._log)
        d["results"] = list(self.results)
        d["_final_hands"] = list(self._final_hands)
        d["_views"] = dict(self._views)  # tuples of the shared log prefix
        d["_deal"] = self._deal.copy()
        if self._legal is not None:
            d["_legal"] = list(self._legal)
        if isinstance(self._winner, list):
            d["_winner"] = list(self._winner)
        return m

    @classmethod
    def from_observation(cls, obs: Observation, rng: random.Random) -> Match:
        """A full match consistent with ``obs``: the cards the seat cannot know
        are dealt at random from ``rng``. For Monte-Carlo search; it cannot be
        saved. Public facts (cards taken from the table, shown cards) hold."""
        m = cls.__new__(cls)
        m._take_match_facts(obs, rng)
        m._deal = _public_deal(obs)
        m._deal_unknown_cards(obs)
        return m

    def _take_match_facts(self, obs: Observation, rng: random.Random) -> None:
        """The match-wide public facts of ``obs`` (lives, log, results, whose turn)."""
        self.rules = obs.rules
        self.players = obs.players
        self.seed = None
        self._dealer_arg = None
        self._deck_arg = None
        self._rng = random.Random(rng.getrandbits(64))
        self._lives = list(obs.lives)
        self._out_deal = list(obs.out_deal)
        self._swim_open = obs.swim_open
        self.actions = []
        self._log = [(e, None, None) for e in obs.log]
        self._views = {}
        self.deal_number = obs.deal_number
        self.deal_count = obs.deal_count
        # The seat's own final hand stays with the seat (it is no public fact).
        last = obs.last_deal
        self.last_deal = None if last is None else dataclasses.replace(last, own_hand=())
        self.results = [] if self.last_deal is None else [self.last_deal]
        self._final_hands = (
            []
            if last is None
            else [tuple(last.own_hand if s == obs.seat else () for s in range(obs.players))]
        )
        self._winner = list(obs.winner) if isinstance(obs.winner, list) else obs.winner
        self._replayable = False
        self._legal = None
        self._base_play = self._make_base_play()
        self.dealer = obs.dealer
        self.phase = obs.phase
        self.current = obs.current

    def _deal_unknown_cards(self, obs: Observation) -> None:
        """Deal every card ``obs`` does not show, at random: the other hands (beside
        the cards known to be in them), the cards in transit, the deal choice's other
        three, the face-down card and the stock."""
        d, seat = self._deal, obs.seat
        hidden_turn = obs.phase is Phase.PLAY and obs.rules.deal is DealMode.HIDDEN
        own = list(obs.hand)
        pool = _unseen_cards(obs)
        self._rng.shuffle(pool)
        for s in range(obs.players):
            if obs.lives[s] < 0:
                continue
            if s == seat:
                d.hands[s] = own[:3]
                if hidden_turn and obs.current == seat:
                    d.pending = own[3:]
                continue
            known = list(obs.known_cards.get(s, ()))
            d.known[s] = list(known)
            need = 3 - len(known)
            d.hands[s] = known + pool[:need]
            del pool[:need]
        if hidden_turn and obs.current != seat and obs.current is not None:
            d.pending = pool[:2]
            del pool[:2]
        if obs.phase is Phase.CHOOSE:
            d.other = pool[:3]
            del pool[:3]
        if obs.has_mistery:
            d.mistery = obs.mistery if obs.mistery is not None else pool.pop()
        if len(pool) != obs.stock_size:
            raise AssertionError(f"sampling left {len(pool)} cards for a stock of {obs.stock_size}")
        d.stock = pool

    # ------------------------------------------------------------------ save
    def record(self) -> MatchRecord:
        """What it takes to replay this match (see :mod:`engine.record`); a world
        sampled from an observation has no such record and raises InvalidInputError."""
        seed = self.seed
        if not self._replayable or seed is None:
            raise InvalidInputError("a sampled world (from an observation) cannot be saved")
        deck = self._deck_arg
        return MatchRecord(
            rules=self.rules,
            players=self.players,
            seed=seed,
            dealer=self._dealer_arg,
            deck=None if deck is None else tuple(deck),
            actions=tuple(self.actions),
        )

    @classmethod
    def replay(cls, record: MatchRecord) -> Match:
        """Rebuild a match from its record, checking every action."""
        if not isinstance(record, MatchRecord):
            raise InvalidInputError(f"replay needs a MatchRecord, not {bounds.shown(record)}")
        match = cls(
            record.rules,
            players=record.players,
            seed=record.seed,
            dealer=record.dealer,
            deck=record.deck,
        )
        for i, text in enumerate(record.actions):
            try:
                match.apply(text)
            except (InvalidInputError, IllegalActionError) as e:
                raise InvalidInputError(
                    f"action {i} ({bounds.shown(text)}) cannot be replayed: {e}"
                ) from None
        return match

    def to_json(self) -> str:
        """The match as JSON (rules, players, seed, dealer, deck, actions); see
        :mod:`engine.record`."""
        return self.record().to_json()

    @classmethod
    def from_json(cls, text: str | bytes) -> Match:
        """Rebuild a match saved with :meth:`to_json` by replaying its actions."""
        record = MatchRecord.from_json(text)
        try:
            return cls.replay(record)
        except InvalidInputError as e:
            raise InvalidInputError(f"saved match is broken: {e}") from None

    @property
    def mistery_card(self) -> Card | None:
        """The face-down Mistery card (full state, for transcripts and tests;
        a player learns it only through its own observation)."""
        return self._deal.mistery

    # set in _start_deal / _begin_play
    phase: Phase
    current: int | None


def _is_int(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _check_deck(deck: Sequence[Card] | str, rules: Rules) -> list[Card]:
    if isinstance(deck, str):
        cards = list(parse_cards(deck))
    else:
        try:
            cards = [c if isinstance(c, Card) else Card.parse(c) for c in deck]
        except TypeError:
            raise InvalidInputError(
                f"deck must be a sequence of cards, not {bounds.shown(deck)}"
            ) from None
    full = _DECKS[rules.deck]
    if len(cards) != len(full) or set(cards) != set(full):
        missing = sorted(set(full) - set(cards))
        extra = sorted(set(cards) - set(full))
        twice = sorted(c for c, n in Counter(cards).items() if n > 1)
        dup = len(cards) - len(set(cards))
        raise InvalidInputError(
            f"deck is not exactly the {rules.deck}-card deck: {len(cards)} cards"
            + (f", missing {' '.join(map(str, missing))}" if missing else "")
            + (f", not in this deck {' '.join(map(str, extra))}" if extra else "")
            + (f", {dup} repeated ({' '.join(map(str, twice))})" if dup else "")
        )
    return cards


def _public_deal(obs: Observation) -> _Deal:
    """The current deal's public facts in ``obs``, with no hand dealt yet."""
    return _Deal(
        n_active=sum(1 for v in obs.lives if v >= 0),
        first_player=obs.first_player,
        chooser=obs.chooser,
        knocker=obs.knocked_by,
        final_left=obs.final_turns_left,
        turns=obs.turns,
        passes=obs.passes,
        swapped=list(obs.swapped),
        mistery_by=obs.mistery_by,
        ann=dict(obs.announcements),
        ann_order=list(obs.announce_order),
        ann_index=sum(1 for s in obs.announce_order if s in obs.announcements),
        table=list(obs.table),
        discard=list(obs.discard),
        hands=[[] for _ in range(obs.players)],
        known=[[] for _ in range(obs.players)],
        end_reason=_why_ended(obs),
    )


def _why_ended(obs: Observation) -> DealEnd | None:
    """Why the deal ended, read from the public facts while Lügen's announcements run
    (before them the deal has not ended, so ``None``). A deal's only 31s are those that
    end it, and each of them is announced as 31 for all to see."""
    if obs.phase is not Phase.ANNOUNCE and obs.phase is not Phase.DECIDE:
        return None
    if any(value == 31 for value, _ in obs.announcements.values()):
        return DealEnd.THIRTY_ONE
    return DealEnd.KNOCK if obs.knocked_by is not None else DealEnd.MAX_CYCLES


def _unseen_cards(obs: Observation) -> list[Card]:
    """The cards of the deck that ``obs`` shows nowhere, in deck order."""
    seen = set(obs.hand) | set(obs.table) | set(obs.discard)
    if obs.mistery is not None:
        seen.add(obs.mistery)
    for cards in obs.known_cards.values():
        seen.update(cards)
    return [c for c in _DECKS[obs.rules.deck] if c not in seen]
