"""One drawing's frame: what the match and the session's state make of it.

``TableSession.refresh`` builds the seat's observation once, settles the mode, and hands
the rest here: ``work_out`` returns the frozen ``app.table.state.Frame`` the view draws
(names turned to this chair, the cover, who is thinking, the result or the match's
end, a deal dealt as it ended, the highlights, the moves bots made for people), and
``log_lines`` the log as the page shows it. Nothing here changes anything.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from app import seating
from app.i18n import feuer_name
from app.table import log, story, telling
from app.table.mode import Mode
from app.table.moves import changed_keys
from app.table.parts import name_in, you_seat
from app.table.source import SeatSource
from app.table.state import Frame, Look
from engine import Action, DealResult, EventKind, Observation
from engine.events import MOVE_KINDS, move_events

REVIEW_OF = "review-"
"""``review-S``: at a shared device, the review of person S's (real seat) decisions."""


@dataclass(frozen=True)
class Moment:
    """What the session knows of this drawing beyond the observation."""

    mode: Mode
    result: DealResult | None  # the deal result shown at deal-over
    covered: bool  # a shared device is being passed on
    closing: int  # the deal whose last table is on screen (0: none)
    callout: str  # the word called over that table
    last_move: tuple[int, Action] | None  # (real seat, move) to highlight


def work_out(
    obs: Observation,
    source: SeatSource,
    moment: Moment,
    look: Look,
    stand_ins: Mapping[int, str],
    last_line: str,
) -> Frame:
    """The frame of a drawing of ``obs`` (the seat's private observation, turned so its
    person sits at seat 0; ``stand_ins``: the moves bots made for people, by seat)."""
    seat, n = source.seat(), obs.players
    names = seating.names(source.names(), seat)
    busy = moment.mode is Mode.BUSY and not moment.covered
    outcome = source.outcome()
    return Frame(
        mode=moment.mode,
        names=names,
        reviewers=reviewers(source, names, n),
        thinking=obs.current if busy and obs.current not in (None, 0) else None,
        changed=highlights(moment.last_move, seat, n),
        winners=() if outcome is None else tuple((s - seat) % n for s in outcome.winners),
        crown=outcome is not None and outcome.crown,
        result=moment.result,
        callout=moment.callout,
        dealt=dealt(obs, moment, names, look),
        last_line=last_line,
        cover=names[0] if moment.covered else "",
        cover_ready=moment.covered and obs.current == 0,
        can_review=source.can_review,
        notes={(s - seat) % n: note for s, note in source.notes().items()},
        moved_for=stand_ins,
    )


def reviewers(source: SeatSource, names: Sequence[str], n: int) -> tuple[tuple[str, str], ...]:
    """At a shared device whose match is here: each person's review button (the person
    at the screen's is "review", as everywhere) and name."""
    if not (source.shared and source.can_review):
        return ()
    seat = source.seat()
    return tuple(
        ("review" if s == seat else f"{REVIEW_OF}{s}", names[(s - seat) % n])
        for s in source.persons()
    )


def highlights(last_move: tuple[int, Action] | None, seat: int, n: int) -> frozenset[str]:
    """What the last move marked changed, as the screen numbers seats."""
    if last_move is None:
        return frozenset()
    mover, action = last_move
    return changed_keys((mover - seat) % n, action)


def dealt(obs: Observation, moment: Moment, names: Sequence[str], look: Look) -> str:
    """For the deal whose end is on the screen (its closing table or result): if it
    ended as dealt, why, in words ("Ben was dealt 31 — nobody got a turn")."""
    if moment.closing or moment.mode is Mode.MATCH_OVER:
        shown = obs.last_deal
    else:
        shown = moment.result if moment.mode is Mode.DEAL_OVER else None
    if shown is None or not story.unplayed(obs.log, shown.deal_number):
        return ""
    name = functools.partial(name_in, names, look.lang)
    feuer = feuer_name(look.preset, look.lang)
    return telling.dealt(shown, name, feuer, look.lang, you_seat(names))


def by_bot(obs: Observation, stand_ins: Mapping[int, str]) -> tuple[dict[int, str], dict[int, str]]:
    """The log's moves a bot made for a person (event index -> why), and on each seat
    whose last move in this deal it was, the same word (seat -> why)."""
    if not stand_ins:
        return {}, {}
    moves = move_events(obs.log)
    made = {moves[k]: why for k, why in stand_ins.items() if 0 <= k < len(moves)}
    deal = max((i for i, e in enumerate(obs.log) if e.kind is EventKind.DEAL), default=0)
    last: dict[int, int] = {}  # seat -> its last move in this deal
    for i in range(deal, len(obs.log)):
        seat = obs.log[i].seat
        if obs.log[i].kind in MOVE_KINDS and seat is not None:
            last[seat] = i
    return made, {s: made[i] for s, i in last.items() if i in made}


def log_lines(
    events: Sequence[Any], made: Mapping[int, str], names: Sequence[str], look: Look
) -> list[tuple[int, str]]:
    """The numbered log lines of ``events``; a move a bot made for a person says so."""
    lang = look.lang
    lines = log.numbered(events, names, lang=lang, style=look.style, preset=look.preset)
    return [
        (n, f"{text} ({telling.tr('by_bot_' + made[n - 1], lang)})") if n - 1 in made else (n, text)
        for n, text in lines
    ]
