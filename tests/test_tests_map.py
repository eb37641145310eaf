"""tests/README.md maps every source module to its tests, and stays true: each module of
engine/, app/, server/ and scripts/ has a row, every test file or folder a row names
exists, and "doctests" is claimed only by a module whose examples the run collects."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import conftest

ROOT = Path(__file__).resolve().parent.parent
MAP = ROOT / "tests" / "README.md"
PACKAGES = ("engine", "app", "server", "scripts")
ROW = re.compile(r"^\| `((?:engine|app|server|scripts)/[\w/]+\.py)` \| (.+) \|$")


def source_modules() -> set[str]:
    """Every ``*.py`` of the source packages, as a path from the repository."""
    return {
        p.relative_to(ROOT).as_posix()
        for package in PACKAGES
        for p in (ROOT / package).rglob("*.py")
        if "__pycache__" not in p.parts
    }


def rows(text: str) -> dict[str, list[str]]:
    """module -> what its row lists (test paths and the word ``doctests``)."""
    out: dict[str, list[str]] = {}
    for line in text.splitlines():
        found = ROW.match(line)
        if found:
            module, cell = found.groups()
            assert module not in out, f"{module} has two rows"
            out[module] = [c.strip().strip("`") for c in cell.split(",")]
    return out


def _examples_run(module: str) -> bool:
    """Whether ``module`` has docstring examples that the default test run collects."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    collected = config["tool"]["pytest"]["ini_options"]["testpaths"]
    ignored = any(module.startswith(i) for i in conftest.collect_ignore)
    in_run = module.split("/")[0] in collected and not ignored
    return in_run and ">>>" in (ROOT / module).read_text(encoding="utf-8")


def problems(text: str, modules: set[str]) -> list[str]:
    """What is wrong with the map ``text`` for these source ``modules``."""
    mapped = rows(text)
    found = [f"{m}: no row in tests/README.md" for m in sorted(modules - set(mapped))]
    found += [f"{m}: a row for a module that does not exist" for m in sorted(set(mapped) - modules)]
    for module, entries in sorted(mapped.items()):
        tests = [e for e in entries if e != "doctests"]
        if not tests:
            found.append(f"{module}: no test file named")
        found += [f"{module}: {t} does not exist" for t in tests if not (ROOT / t).exists()]
        found += [f"{module}: {t} is not under tests/" for t in tests if not t.startswith("tests/")]
        if "doctests" in entries and module in modules and not _examples_run(module):
            found.append(f"{module}: says doctests, but it has no example the test run collects")
    return found


def test_every_module_has_its_tests_listed() -> None:
    found = problems(MAP.read_text(encoding="utf-8"), source_modules())
    assert not found, "\n".join(found)


def test_the_check_sees_a_missing_row_a_stale_one_and_a_wrong_test() -> None:
    text = MAP.read_text(encoding="utf-8")
    text = text.replace("| `engine/scoring.py` |", "| `engine/scored.py` |")
    text = text.replace("`tests/bots/test_moves.py`, doctests", "`tests/bots/test_movs.py`")
    found = problems(text, source_modules())
    assert "engine/scoring.py: no row in tests/README.md" in found
    assert "engine/scored.py: a row for a module that does not exist" in found
    assert "engine/bots/moves.py: tests/bots/test_movs.py does not exist" in found
