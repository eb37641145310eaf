"""No module under app/ knows a rule (STYLE.md, habit 3; issue 20): the page shows what
the engine says. Each pattern below is a rule the page once worked out for itself, with
what the engine offers instead. The test reads the source, so a rule written back into
the page fails here."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

APP = Path(__file__).resolve().parents[2] / "app"

FORBIDDEN = [
    (r"\b(lives|now|left)\w*(\[[^\]]*\])?\)?\s*(<|>=)\s*0\b", "out: observation.is_out"),
    (r"\(\s*\w+\s*\+\s*step\s*\)\s*%", "the next seat: Observation.order_from"),
    (r"Direction\.\w+\s+else\s+-?1\b", "the order of play: Observation.order_from"),
    (r"final_turns_left\s*[<>=]", "the turns to come: Observation.turns_to_come"),
    (r"\b(hand|table)\[:3\]", "the hand size: Rules.hand_size"),
    (r"_backs\(3\b", "the hand size: Rules.hand_size"),
    (r"dataclasses\.replace\(\s*(before|obs)\b[^)]*legal_actions=\[\]", "a finished deal's table: "
     "Observation.at_deal_end"),
    (r"given=\(\),\s*taken=\(\)", "what anyone may see: Match.public_observation"),
    (r"(==|!=|\bin)\s*\(?\s*[\"'](classic|knack|pub|hosenowi)[\"']", "a preset's words: "
     "engine.traits (lives or tokens, free ride, Blitz), its name: app.i18n.preset_name"),
]  # fmt: skip
ALLOWED = {
    # Reading a stored record or a form, not a rule of the game:
    ("app/table/saved.py", "lives"),
}


def _sources():
    return sorted(p for p in APP.rglob("*.py"))


@pytest.mark.parametrize(("pattern", "instead"), FORBIDDEN, ids=[f[1] for f in FORBIDDEN])
def test_the_page_asks_the_engine(pattern, instead):
    found = []
    for path in _sources():
        rel = path.relative_to(APP.parent).as_posix()
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            code = line.split("#", 1)[0]
            if code.lstrip().startswith((">>>", "...")):
                continue
            if re.search(pattern, code) and not any(rel == a for a, _ in ALLOWED):
                found.append(f"{rel}:{n}: {line.strip()}")
    assert not found, f"rule knowledge in app/ (use {instead}):\n" + "\n".join(found)


def test_the_patterns_catch_what_they_are_for():
    """Each pattern matches the line it was written against (so none is silently dead)."""
    samples = [
        "    if lives < 0:",
        "        seat = (seat + step) % n",
        "    step = 1 if obs.rules.direction is Direction.CLOCKWISE else -1",
        "    if obs.final_turns_left <= 0:",
        "        after = hand[:3]",
        "        cards = _mini_backs(3, ui)",
        "    return dataclasses.replace(before, log=x, legal_actions=[], current=None)",
        "        dataclasses.replace(e, given=(), taken=(), cards=())",
        '    word = t("tokens" if ui.preset in ("pub", "knack") else "lives", ui.lang)',
    ]
    for (pattern, _), sample in zip(FORBIDDEN, samples, strict=True):
        assert re.search(pattern, sample), (pattern, sample)
