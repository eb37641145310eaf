"""What every start imports never needs a part that is loaded later (``app.parts``).

The site ships our Python in ``python.zip`` and, apart, each part of ``app.parts.PARTS``
(online play: ``online.zip``), which the page fetches only before online play
(``scripts/build.py`` splits them, ``part_zip``). A module of ``python.zip`` that
imports a module of a part, even inside a function that runs long after the start,
fails with ``ModuleNotFoundError`` in a page that has not fetched the part (issue 37:
naming the people at one device imported the online part's name check and the
settings dialog could not start a match).

So, read from the source with ``ast`` like ``tests/test_imports.py`` (every import
statement, also one inside a function, and ``importlib.import_module`` with a literal
name): no module of ``python.zip`` imports a module of a part, except in the few
functions listed in :data:`GATEWAYS`, which run only on an online page or once
``app.main.load_part`` has fetched the part. Any path from the start into a part has a
first step out of ``python.zip``, so checking each module's own imports covers what
it reaches through others.
"""

from __future__ import annotations

import ast
from pathlib import Path

from scripts import build as site_build
from tests.test_imports import MODULES, ROOT, imports

GATEWAYS = {
    # (module, function): why it may import a part
    ("app.main", "_start_online"): "runs on an online page, after load_part fetched the part",
    ("app.dom", "Page._url"): "builds hosting and leaving addresses, on online screens only",
}


def shipped_in(module: str) -> str:
    """The zip the build puts ``module`` in."""
    return site_build.part_zip(MODULES[module].relative_to(ROOT))


def _functions_by_line(tree: ast.AST) -> dict[int, str]:
    """Line -> the qualified name of the innermost function holding it ("" at top level)."""
    where: dict[int, str] = {}

    def visit(node: ast.AST, name: str) -> None:
        for child in ast.iter_child_nodes(node):
            inner = name
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                inner = f"{name}.{child.name}" if name else child.name
                for line in range(child.lineno, (child.end_lineno or child.lineno) + 1):
                    where[line] = inner
            visit(child, inner)

    visit(tree, "")
    return where


def _dynamic_imports(tree: ast.AST) -> list[tuple[str, int]]:
    """``importlib.import_module("literal")`` calls: (module, line)."""
    found = []
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute | ast.Name)
            and getattr(node.func, "attr", getattr(node.func, "id", "")) == "import_module"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            found.append((node.args[0].value, node.lineno))
    return found


def part_imports(module: str) -> list[tuple[str, str, int]]:
    """(function, imported module of a part, line) for each such import of ``module``."""
    tree = ast.parse(MODULES[module].read_text(encoding="utf-8"))
    function = _functions_by_line(tree)
    return [
        (function.get(line, ""), target, line)
        for target, line in imports(module) + _dynamic_imports(tree)
        if target in MODULES and shipped_in(target) != site_build.PY_ZIP
    ]


def test_the_split_is_the_builds():
    assert shipped_in("app.online.room") == shipped_in("engine.online.protocol") == "online.zip"
    assert shipped_in("app.settings.model") == shipped_in("engine.names") == site_build.PY_ZIP


def test_what_every_start_imports_needs_no_part():
    found = [
        f"{module}:{line} ({function or 'at import'}) imports {target}"
        for module in sorted(MODULES)
        if shipped_in(module) == site_build.PY_ZIP
        for function, target, line in part_imports(module)
        if (module, function) not in GATEWAYS
    ]
    assert found == [], "python.zip reaches a part loaded later:\n" + "\n".join(found)


def test_each_gateway_still_imports_a_part():
    used = {
        (module, function)
        for module, function in GATEWAYS
        for function_found, _, _ in part_imports(module)
        if function_found == function
    }
    assert used == set(GATEWAYS), "a listed gateway no longer imports a part: drop it"


def test_the_reader_sees_imports_inside_functions(tmp_path: Path):
    source = (
        "import importlib\n"
        "def f():\n"
        "    from engine.online.protocol import clean_name\n"
        "class C:\n"
        "    def g(self):\n"
        "        importlib.import_module('app.online.page')\n"
    )
    tree = ast.parse(source)
    assert _functions_by_line(tree)[3] == "f"
    assert _functions_by_line(tree)[6] == "C.g"
    assert _dynamic_imports(tree) == [("app.online.page", 6)]
