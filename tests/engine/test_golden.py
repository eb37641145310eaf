"""Golden transcripts: seeded matches must play exactly as recorded.

After a deliberate rule change, run ``python scripts/regen_golden.py`` and
read the diff of tests/golden/ before committing it.
"""

import pytest

from engine.transcript import transcript
from scripts.regen_golden import GOLDEN_DIR, cases


@pytest.mark.parametrize("name", sorted(cases()))
def test_transcript_matches_golden_file(name):
    rules, players, seed = cases()[name]
    expected = (GOLDEN_DIR / f"{name}.txt").read_text(encoding="utf-8").splitlines()
    got = transcript(rules, players, seed).splitlines()
    for i, (want, have) in enumerate(zip(expected, got, strict=False)):
        assert have == want, f"{name}.txt line {i + 1} differs"
    assert len(got) == len(expected), f"{name}.txt: {len(expected)} lines, now {len(got)}"


def test_every_preset_has_a_golden_file():
    names = set(cases())
    assert {"classic", "knack", "pub", "hosenowi"} <= names
    for name in names:
        assert (GOLDEN_DIR / f"{name}.txt").is_file()
