"""docs/rules.md, the rules in the project's own words, says what the engine does: every
option of ``engine.Rules`` is described, and its preset table is ``engine.PRESETS``."""

from __future__ import annotations

import dataclasses
import enum
import re
from pathlib import Path

import pytest

import engine

RULES_DOC = Path(__file__).resolve().parent.parent / "docs" / "rules.md"


def _text() -> str:
    return RULES_DOC.read_text(encoding="utf-8")


def _cell(value: object) -> str:
    """An option's value as the table writes it."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value.value if isinstance(value, enum.Enum) else value)


def preset_table(text: str) -> dict[str, dict[str, str]]:
    """preset -> option -> cell, read from the table whose head names the presets."""
    lines = text.splitlines()
    head = next(i for i, line in enumerate(lines) if line.startswith("| option | `classic`"))
    presets = [c.strip(" `") for c in lines[head].strip("|").split("|")[1:]]
    table: dict[str, dict[str, str]] = {p: {} for p in presets}
    for line in lines[head + 2 :]:
        if not line.startswith("|"):
            break
        option, *cells = (c.strip(" `") for c in line.strip("|").split("|"))
        for preset, cell in zip(presets, cells, strict=True):
            table[preset][option] = cell
    return table


def test_every_option_is_described() -> None:
    text = _text()
    missing = [f.name for f in dataclasses.fields(engine.Rules) if f"`{f.name}`" not in text]
    assert not missing, f"options docs/rules.md does not name: {missing}"


@pytest.mark.parametrize("preset", engine.PRESETS)
def test_the_preset_table_is_the_engines(preset: str) -> None:
    rules = engine.preset(preset)
    expected = {f.name: _cell(getattr(rules, f.name)) for f in dataclasses.fields(rules)}
    assert preset_table(_text())[preset] == expected


def test_the_table_reader_sees_a_wrong_cell() -> None:
    text = _text().replace("| `lives` | 3 | 3 | 5 | 3 |", "| `lives` | 3 | 3 | 4 | 3 |")
    assert preset_table(text)["pub"]["lives"] == "4"


def test_every_enum_value_of_an_option_is_named() -> None:
    text = _text()
    for field in dataclasses.fields(engine.Rules):
        kind = type(getattr(engine.Rules(), field.name))
        if issubclass(kind, enum.Enum):
            unnamed = [m.value for m in kind if f"`{m.value}`" not in text]
            assert not unnamed, (field.name, unnamed)


def test_the_decisions_page_points_here() -> None:
    decisions = (RULES_DOC.parent / "rules-decisions.md").read_text(encoding="utf-8")
    assert "`docs/rules.md`" in decisions
    assert not re.search(r"shared/RULES", decisions)
