"""Code a newcomer can read, checked on the source with ``ast`` (issue 20).

- No function or method in ``engine/`` or ``app/`` is longer than ``MAX_LINES``
  lines, from its ``def`` to its last line (docstring and comments included).
- No module in ``app/`` is longer than ``MAX_MODULE_LINES`` lines (issue 39: a file a
  newcomer reads whole, with one job).
- ``app/`` types an observation, a match, an action, a deal's result and a host as
  what they are (``engine.Observation``, ``engine.Match`` ...), never as ``Any``:
  mypy then checks every use of them (``pyproject.toml``'s ``[tool.mypy]``).

Both lists of exceptions below are for code others are rewriting now; each entry
names the issue that removes it, and an entry that is no longer needed fails the
test, so the lists only shrink.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MAX_LINES = 60
MAX_MODULE_LINES = 500

LONG_FUNCTIONS_ALLOWED = {
    # file: {function: the issue that shortens it}
    "app/online/dialog.py": {"dialog": "issue 22"},  # the table server
    "app/online/screens.py": {"lobby": "issue 22"},
    "engine/bots/sim.py": {"apply": "issue 25", "greedy": "issue 25"},  # the bots' rework
}

# Parameters and annotated names that stand for an engine or page object.
DOMAIN_NAMES = frozenset(
    {"obs", "observation", "match", "world", "action", "actions", "legal", "move", "host"}
    | {"last", "last_deal", "result", "results"}
)
ANY_ALLOWED: dict[str, str] = {
    # file: the issue that types it (none left)
}


def _sources(*packages: str) -> Iterator[tuple[str, ast.Module]]:
    for package in packages:
        for path in sorted((ROOT / package).rglob("*.py")):
            yield path.relative_to(ROOT).as_posix(), ast.parse(path.read_text(), str(path))


def long_functions() -> dict[str, dict[str, int]]:
    """Functions over ``MAX_LINES`` lines: file -> {name: lines}."""
    found: dict[str, dict[str, int]] = {}
    for rel, tree in _sources("engine", "app"):
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                lines = (node.end_lineno or node.lineno) - node.lineno + 1
                if lines > MAX_LINES:
                    found.setdefault(rel, {})[node.name] = lines
    return found


def _annotated(node: ast.AST) -> Iterator[tuple[str, ast.expr]]:
    """(name, annotation) of a function's parameters or of an annotated assignment."""
    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
        a = node.args
        for arg in (*a.posonlyargs, *a.args, *a.kwonlyargs, a.vararg, a.kwarg):
            if arg is not None and arg.annotation is not None:
                yield arg.arg, arg.annotation
    elif isinstance(node, ast.AnnAssign):
        target = node.target
        if isinstance(target, ast.Name):
            yield target.id, node.annotation
        elif isinstance(target, ast.Attribute):
            yield target.attr, node.annotation


def _says_any(annotation: ast.expr) -> bool:
    for n in ast.walk(annotation):
        if isinstance(n, ast.Name) and n.id == "Any":
            return True
        if isinstance(n, ast.Attribute) and n.attr == "Any":  # typing.Any
            return True
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and "Any" in n.value:
            return True
    return False


def any_typed_domain_names() -> dict[str, list[str]]:
    """``name: Any`` for the domain names in ``app/``: file -> ["line: name"]."""
    found: dict[str, list[str]] = {}
    for rel, tree in _sources("app"):
        for node in ast.walk(tree):
            for name, annotation in _annotated(node):
                if name in DOMAIN_NAMES and _says_any(annotation):
                    line = getattr(node, "lineno", 0)
                    found.setdefault(rel, []).append(f"{line}: {name}")
    return found


def test_no_function_is_longer_than_a_screen() -> None:
    found = long_functions()
    too_long = [
        f"{rel}: {name} has {lines} lines (at most {MAX_LINES}: split it into named steps)"
        for rel, names in found.items()
        for name, lines in names.items()
        if name not in LONG_FUNCTIONS_ALLOWED.get(rel, {})
    ]
    assert not too_long, "\n".join(too_long)


def test_no_module_of_the_page_is_longer_than_a_sitting() -> None:
    long = {
        str(path.relative_to(ROOT)): n
        for path in sorted((ROOT / "app").rglob("*.py"))
        if (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES
    }
    assert long == {}, f"split these along their jobs (at most {MAX_MODULE_LINES} lines): {long}"


def test_the_list_of_long_functions_only_shrinks() -> None:
    found = long_functions()
    stale = [
        f"{rel}: {name} ({issue}) is short now: take it off LONG_FUNCTIONS_ALLOWED"
        for rel, names in LONG_FUNCTIONS_ALLOWED.items()
        for name, issue in names.items()
        if name not in found.get(rel, {})
    ]
    assert not stale, "\n".join(stale)


def test_app_types_engine_objects_as_what_they_are() -> None:
    found = any_typed_domain_names()
    untyped = [
        f"{rel}:{where} is typed Any (use engine.Observation, engine.Match, engine.Action, "
        "engine.DealResult or the Host protocol)"
        for rel, hits in found.items()
        if rel not in ANY_ALLOWED
        for where in hits
    ]
    assert not untyped, "\n".join(untyped)


def test_the_list_of_untyped_files_only_shrinks() -> None:
    found = any_typed_domain_names()
    stale = [
        f"{rel} ({issue}) has no such Any left: take it off ANY_ALLOWED"
        for rel, issue in ANY_ALLOWED.items()
        if rel not in found
    ]
    assert not stale, "\n".join(stale)


def test_the_checks_see_what_they_look_for() -> None:
    # Each check finds a planted case, so a passing run means something.
    source = "def f(obs: Any, n: int) -> None:\n" + "    x = 1\n" * MAX_LINES
    tree = ast.parse(source)
    fn = tree.body[0]
    assert isinstance(fn, ast.FunctionDef)
    assert (fn.end_lineno or 0) - fn.lineno + 1 > MAX_LINES
    assert [name for name, a in _annotated(fn) if _says_any(a)] == ["obs"]
    field = ast.parse("class S:\n    match: 'Any | None' = None\n").body[0]
    assert isinstance(field, ast.ClassDef)
    assert [name for name, a in _annotated(field.body[0]) if _says_any(a)] == ["match"]
