"""Dependencies point one way (STYLE.md, habit 1), read from the source with ``ast``.

- No import circle among the modules of ``engine/`` and ``app/``.
- ``engine/`` never imports ``app``, ``js``, ``pyscript`` or ``pyodide``, so it
  runs the same on CPython and Pyodide and is tested without a browser.

What counts as an import: every ``import`` / ``from ... import`` statement,
also one inside a function. A function-local import only delays a circle to the
first call; the modules still need each other, which is what this test is
about. Imports under ``if TYPE_CHECKING:`` never run and are left out (they
serve annotations only). ``from pkg import name`` counts as importing the module
``pkg.name`` when that is a module, else ``pkg``; a package's ``__init__`` is
the module named after the package. ``importlib.import_module`` calls are not
statements and are not seen (the engine uses one to load ``engine.bots``
lazily, a one-way dependency).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("engine", "app")
BROWSER_ONLY = ("app", "js", "pyscript", "pyodide")


def _name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {_name(p): p for pkg in PACKAGES for p in sorted((ROOT / pkg).rglob("*.py"))}


def _is_type_checking(test: ast.expr) -> bool:
    return any(
        isinstance(n, ast.Name | ast.Attribute)
        and (getattr(n, "id", None) or getattr(n, "attr", None)) == "TYPE_CHECKING"
        for n in ast.walk(test)
    )


def imports(module: str) -> list[tuple[str, int]]:
    """(imported module, line) for every import statement of ``module`` that runs."""
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: list[tuple[str, int]] = []

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _is_type_checking(child.test):
                for other in child.orelse:
                    visit(other)
                continue
            if isinstance(child, ast.Import):
                found.extend((a.name, child.lineno) for a in child.names)
            elif isinstance(child, ast.ImportFrom):
                if child.level:
                    parts = package.split(".")
                    base = parts[: len(parts) - child.level + 1]
                    source = ".".join(base + ([child.module] if child.module else []))
                else:
                    source = child.module or ""
                for a in child.names:
                    full = f"{source}.{a.name}"
                    found.append((full if full in MODULES else source, child.lineno))
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8"), str(path)))
    return found


def graph() -> dict[str, set[str]]:
    """Module -> the project modules it imports."""
    return {
        m: {target for target, _ in imports(m) if target in MODULES and target != m}
        for m in MODULES
    }


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def connect(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(edges):
        if v not in index:
            connect(v)
    return found


def test_the_modules_are_found():
    assert {"engine.match", "engine.observation", "engine.record", "engine.bots.sim"} <= set(
        MODULES
    )
    assert "app.controller" in MODULES
    # the reader sees relative, absolute and function-local imports
    assert "engine.observation" in graph()["engine.match"]
    assert "engine.bots" in graph()["engine.arena"]  # inside a function


def test_no_import_circle():
    assert circles(graph()) == []


def test_circle_finder_finds_circles():
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []


@pytest.mark.parametrize("module", sorted(m for m in MODULES if m.split(".")[0] == "engine"))
def test_engine_imports_nothing_of_the_browser(module):
    bad = [
        f"line {line}: {target}"
        for target, line in imports(module)
        if target.split(".")[0] in BROWSER_ONLY
    ]
    assert bad == [], f"{module} imports {', '.join(bad)}"


@pytest.mark.parametrize(
    "path", sorted((ROOT / "server").rglob("*.py")), ids=lambda p: str(p.relative_to(ROOT))
)
def test_server_imports_nothing_of_the_page(path):
    """The table server runs without the page's package: what both need (the bots'
    names, the protocol) lives in engine/."""
    bad = [
        f"line {node.lineno}: {name}"
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        for name in (
            [a.name for a in node.names]
            if isinstance(node, ast.Import)
            else [node.module or ""]
            if isinstance(node, ast.ImportFrom)
            else []
        )
        if name.split(".")[0] == "app"
    ]
    assert bad == []
