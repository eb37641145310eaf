"""Rewrite the golden match transcripts in tests/golden/ (after a deliberate rule change).

    python scripts/regen_golden.py

Each file is ``engine.transcript.transcript`` of one seeded match; the test
``tests/engine/test_golden.py`` fails when the engine's play drifts from them.
Read the diff (git diff tests/golden) before committing new files.
"""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine import preset  # noqa: E402
from engine.rules import DealMode, Direction, Rules, SwimMode  # noqa: E402
from engine.transcript import transcript  # noqa: E402

GOLDEN_DIR = ROOT / "tests" / "golden"


def hidden(rules: Rules) -> Rules:
    """``rules`` with the hidden deal (which has no open table to pass on or renew)."""
    return dataclasses.replace(
        rules, deal=DealMode.HIDDEN, passing=False, pass_refresh=False, seven_eight_nine=False
    )


def cases() -> dict[str, tuple[Rules, int, int]]:
    """name -> (rules, players, seed)."""
    return {
        "classic": (preset("classic"), 4, 1),
        "knack": (preset("knack"), 4, 2),
        "pub": (preset("pub"), 4, 3),
        "hosenowi": (preset("hosenowi"), 4, 4),
        "hosenowi-mistery-luegen": (
            dataclasses.replace(preset("hosenowi"), mistery=True, luegen=True),
            3,
            5,
        ),
        "knack-hidden": (hidden(preset("knack")), 3, 6),
        "classic-52-house-rules": (
            dataclasses.replace(
                preset("classic"),
                deck=52,
                handeln=True,
                under_21_pays=True,
                rang_tiebreak=True,
                swim=SwimMode.FIRST_ONLY,
                direction=Direction.COUNTERCLOCKWISE,
            ),
            6,
            7,
        ),
    }


def main() -> None:
    GOLDEN_DIR.mkdir(parents=True, exist_ok=True)
    for name, (rules, players, seed) in cases().items():
        path = GOLDEN_DIR / f"{name}.txt"
        path.write_text(transcript(rules, players, seed), encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
