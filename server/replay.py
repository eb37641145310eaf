"""A finished match, replayed move by move from its stored moves, as a watcher sees it
(issue 41, part 3): ``GET /api/tables/{id}/replay/{step}``.

The match is dealt again from the table's seed and its moves (the referee's, which the
store keeps) are applied up to ``step``; the answer is the public view at that moment
(``engine.online.views.Feed.watch``: ``Match.public_observation``), the same a watcher's
page was sent live: the table, the shown cards, lives, the log and every finished deal's
result with the hands shown at its end; never a hand during a deal. Only a match that is
over is replayed (a running one would tell its moves before the players see the end),
and only the table's last match (a rematch replaces the one before)."""

from __future__ import annotations

from typing import Any

from engine import Match
from engine.online.referee import Referee
from engine.online.views import Feed


class NotFinished(ValueError):
    """The table's match is not over (or never began): nothing to replay."""


def public_step(ref: Referee, step: int) -> dict[str, Any]:
    """``{step, moves, state}``: the public ``state`` body after ``step`` moves (clamped
    to the match's length) of the table's finished match of ``moves`` moves."""
    final = ref.match
    if final is None or ref.ended is None:
        raise NotFinished("the match is not over: it can be watched, not replayed")
    actions = final.actions
    step = max(0, min(step, len(actions)))
    config = ref.config
    match = Match(config.rules, players=config.players, seed=ref.seed)
    for action in actions[:step]:
        match.apply(action)
    return {"step": step, "moves": len(actions), "state": Feed().watch(match)}
