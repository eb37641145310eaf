"""Bots frozen at a pinned git revision, for the ladder and the benches.

    from bench import frozen
    bot = frozen.make("hard_v1", seed=7)       # the hard bot before issue 14
    bot = frozen.make("hard_frozen", seed=7)   # hard as it was when issue 25 began

A frozen bot is ``engine/bots`` of a pinned revision of this repository, taken
out of git history (``git archive``) into a folder under the system's temporary
directory and imported there under a package name of its own. Only the bots are
old: their few imports from the rest of the engine (``engine.cards``,
``engine.rules``, ``engine.errors``) are today's modules, so the old bots read
today's observations, as the ladder needs. Nothing is copied into the tree.

The revision must be in the clone's history: a shallow clone (or a tree without
``.git``) raises ``FrozenUnavailable`` saying so and how to fix it, never a
silent fallback to today's bot.
"""

from __future__ import annotations

import contextlib
import importlib
import io
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import types
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.arena import Bot
    from engine.observation import Observation

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Pin:
    """A bot frozen at ``rev``, played with ``samples`` determinizations."""

    rev: str
    samples: int
    what: str


PINS = {
    "hard_v1": Pin(
        "644503424b7e8c758e8e35372b141a740139b84f",
        20,
        "the hard bot before issue 14 (the ladder's samples=20 hard of then)",
    ),
    "hard_frozen": Pin(
        "2292b10bc984ccc45430e5985669440b5f2c0c90",
        192,
        "the hard bot as it was on main when issue 25 began (its page setting, 192 samples)",
    ),
}
"""Name -> pinned revision of ``engine/bots``. hard_v1's revision is the one
whose ``engine/bots`` was copied into ``bench/hard_v1`` (identical but for three
absolute imports)."""


class FrozenUnavailable(RuntimeError):
    """The pinned revision cannot be had from this checkout."""


def _git(*args: str) -> bytes:
    try:
        return subprocess.run(
            ["git", "-C", str(ROOT), *args], check=True, capture_output=True
        ).stdout
    except FileNotFoundError as e:
        raise FrozenUnavailable("git is missing: the frozen bots come from git history") from e
    except subprocess.CalledProcessError as e:
        raise FrozenUnavailable(e.stderr.decode(errors="replace").strip()) from e


def _check_rev(name: str, rev: str) -> None:
    try:
        _git("cat-file", "-e", f"{rev}^{{commit}}")
    except FrozenUnavailable as e:
        shallow = False
        with contextlib.suppress(FrozenUnavailable):
            shallow = _git("rev-parse", "--is-shallow-repository").strip() == b"true"
        why = "this is a shallow clone" if shallow else f"git says: {e}"
        raise FrozenUnavailable(
            f"the frozen bot {name!r} needs revision {rev[:12]} of this repository, which "
            f"is not in the history of {ROOT} ({why}); fetch the whole history "
            "(git fetch --unshallow) or clone without --depth"
        ) from None


def _extract(rev: str) -> Path:
    """The folder holding ``engine/bots`` of ``rev`` (extracted once per machine)."""
    base = Path(tempfile.gettempdir()) / f"schwimmen-bots-{rev[:16]}"
    if (base / "ok").is_file():
        return base
    data = _git("archive", "--format=tar", rev, "engine/bots")
    tmp = Path(tempfile.mkdtemp(prefix=base.name + ".", dir=base.parent))
    with tarfile.open(fileobj=io.BytesIO(data)) as tar:
        tar.extractall(tmp, filter="data")
    (tmp / "ok").write_text(rev + "\n")
    try:
        os.rename(tmp, base)  # atomic: parallel workers never see half a folder
    except OSError:
        shutil.rmtree(tmp, ignore_errors=True)  # another process was first
    if not (base / "ok").is_file():
        raise FrozenUnavailable(f"could not extract revision {rev[:12]} into {base}")
    return base


_ENGINE_IMPORT = re.compile(r"^\s*from \.\.(\w+) import", re.M)


def load(name: str) -> types.ModuleType:
    """The frozen ``bots`` package of ``PINS[name]`` (imported once per process)."""
    pin = PINS[name]
    pkg_name = f"frozen_{name}"
    done = sys.modules.get(f"{pkg_name}.bots")
    if done is not None:
        return done
    _check_rev(name, pin.rev)
    folder = _extract(pin.rev) / "engine"
    pkg = types.ModuleType(pkg_name)
    pkg.__path__ = [str(folder)]  # holds bots/ only
    pkg.__package__ = pkg_name
    sys.modules[pkg_name] = pkg
    # the old bots' imports from the rest of the engine get today's modules
    for py in (folder / "bots").glob("*.py"):
        for mod in _ENGINE_IMPORT.findall(py.read_text(encoding="utf-8")):
            sys.modules.setdefault(f"{pkg_name}.{mod}", importlib.import_module(f"engine.{mod}"))
    return importlib.import_module(f"{pkg_name}.bots")


def make(name: str, seed: int = 0, samples: int | None = None) -> Bot:
    """A frozen hard bot with its own seeded generator (``samples``: the pin's)."""
    bots = load(name)
    bot: Bot = bots.make("hard", seed, samples=PINS[name].samples if samples is None else samples)
    return bot


def view_of(name: str, observation: Observation) -> Any:
    """The frozen bots' own ``View`` of an observation (a class of that release)."""
    load(name)
    return importlib.import_module(f"frozen_{name}.bots.observe").view_of(observation)
