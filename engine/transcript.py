"""Readable transcripts of seeded matches: the golden files of ``tests/golden``.

``scripts/regen_golden.py`` writes them; ``tests/engine/test_golden.py`` fails
when the engine's play drifts from them.
"""

from __future__ import annotations

import json
import random

from .match import Match
from .rules import Rules

__all__ = ["transcript"]


def transcript(rules: Rules, players: int, seed: int) -> str:
    """A readable record of a whole match played by a seeded random chooser
    (uniform, but knocking with probability 0.3 when it may, so deals stay
    short). Every line shows the mover's hand and the table before the move,
    then the events it caused; golden files keep these to catch rule changes.
    """
    match = Match(rules, players=players, seed=seed)
    rng = random.Random(seed)
    lines = [
        f"# rules {json.dumps(rules.to_dict(), sort_keys=True)}",
        f"# players {players}, seed {seed}",
    ]
    shown = 0

    def flush() -> None:
        nonlocal shown
        log = match.log
        lines.extend(f"    {e}" for e in log[shown:])
        shown = len(log)

    flush()
    while not match.is_over():
        legal = match.legal_actions()
        knock = [a for a in legal if str(a) == "knock"]
        action = knock[0] if knock and rng.random() < 0.3 else rng.choice(legal)
        seat = match.current_player()
        o = match.observation(seat)  # type: ignore[arg-type]
        hand = " ".join(map(str, o.hand))
        table = " ".join(map(str, o.table)) or "-"
        face_down = match.mistery_card
        mistery = f" [{face_down}]" if face_down is not None else ""
        lines.append(f"seat {seat} holds {hand} | table {table}{mistery} | {o.phase}: {action}")
        match.apply(action)
        flush()
    lines.append(f"# winner {match.winner()}, lives {match.lives()}, deals {match.deal_count}")
    return "\n".join(lines) + "\n"
