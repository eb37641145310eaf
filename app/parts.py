"""Parts of the page's Python that are loaded when first needed, not at start.

The site ships our code in ``python.zip`` (what every start imports) and, apart, each
part of :data:`PARTS` in a zip of its own (``scripts/build.py`` splits them by folder).
A part's zip holds whole packages under ``app/`` and ``engine/``; once its bytes are
written to the browser's file system, :func:`add` puts the zip's folders on those
packages' ``__path__``, and ``import app.online...`` finds them. ``app.main`` fetches a
part before the screen that needs it (online play); the snapshot worker loads every
part, so a page restored from a memory snapshot has them all imported already.

This module never imports ``js``: the fetching is ``app.main``'s.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

HOME = "/home/pyodide"
"""Where the page writes our zips (Pyodide's working directory)."""

PARTS: dict[str, tuple[str, tuple[str, ...]]] = {
    "online": ("online.zip", ("app/online", "engine/online")),
}
"""Part name -> (its zip, relative to the page; the folders of our packages it holds)."""


def zip_name(name: str) -> str:
    """The file of part ``name`` (a URL relative to the page, and its name in HOME)."""
    return PARTS[name][0]


def loaded(name: str) -> bool:
    """True once the part's packages can be imported (or are: a restored snapshot)."""
    _, folders = PARTS[name]
    return all(
        folder.replace("/", ".") in sys.modules or _on_path(name, folder) for folder in folders
    )


def install(name: str, data: bytes, home: str = HOME) -> None:
    """Write the part's zip (its bytes as fetched) and make its packages importable."""
    path = Path(home) / zip_name(name)
    path.write_bytes(data)
    add(name, home)


def add(name: str, home: str = HOME) -> None:
    """Make the packages of a part whose zip is in ``home`` importable."""
    archive = f"{home}/{zip_name(name)}"
    for top in sorted({folder.split("/")[0] for folder in PARTS[name][1]}):
        package = importlib.import_module(top)
        entry = f"{archive}/{top}"
        if entry not in package.__path__:  # (a new __path__ entry needs no cache cleared)
            package.__path__.append(entry)


def _on_path(name: str, folder: str) -> bool:
    top = sys.modules.get(folder.split("/")[0])
    entry = f"/{zip_name(name)}/{folder.split('/')[0]}"
    return top is not None and any(str(p).endswith(entry) for p in getattr(top, "__path__", ()))
