"""Docstring examples in engine/ and app/ are collected by the default test run."""

from __future__ import annotations

import tomllib
from pathlib import Path

import conftest

ROOT = Path(__file__).resolve().parents[1]


def test_engine_and_app_examples_are_collected():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["pytest"]["ini_options"]
    assert {"tests", "engine", "app"} <= set(config["testpaths"])
    assert "--doctest-modules" in config["addopts"]
    with_examples = {
        p.relative_to(ROOT).as_posix()
        for folder in ("engine", "app")
        for p in (ROOT / folder).rglob("*.py")
        if ">>>" in p.read_text(encoding="utf-8")
    }
    assert len(with_examples) >= 10
    # Only the two browser-bound modules are left out, and they have no examples to lose
    # (and the table server's migrations, which run Alembic when imported).
    assert set(conftest.collect_ignore) == {"app/dom.py", "app/main.py", "server/migrations"}
    assert not with_examples & set(conftest.collect_ignore)
