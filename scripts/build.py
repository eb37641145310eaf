"""Build the self-contained static site into ``dist/site`` (and a bench page into ``dist/bench``).

    python scripts/build.py [--out DIR]

The site holds the page, the static files, the Python runtime copied from
``node_modules`` (run ``npm ci`` first), every ``*.py`` of ``engine/`` and
``app/``, a ``pyscript.toml`` whose ``[files]`` table lists those sources, and a
service worker whose precache list and cache name are generated from the built
files. Every URL is relative, so the folder works from any static host and
under any sub-path. Nothing here needs the network.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Runtime files the page needs, by pattern: PyScript's chunk names carry a hash
# that changes with every release. Plugins we switch off in pyscript.toml
# (editor, terminal, game, donkey) are left out on purpose.
RUNTIME = {
    "vendor/pyodide": (
        "node_modules/pyodide",
        [
            "pyodide.mjs",
            "pyodide.asm.mjs",
            "pyodide.asm.wasm",
            "python_stdlib.zip",
            "pyodide-lock.json",
        ],
    ),
    "vendor/pyscript": (
        "node_modules/@pyscript/core/dist",
        ["core.js", "core-*.js", "toml-*.js", "error-*.js"],
    ),
}

RUNTIME_LOCK = "node_modules/pyodide/pyodide-lock.json"

# Python packages shipped to the browser: every *.py below them, found by glob.
PY_PACKAGES = ("engine", "app")
PY_DIR = "py"  # where the sources lie inside the site

# Bytecode compiled by the page's own Pyodide (scripts/compile_pyc.mjs), kept
# between builds by content: the page then imports without compiling.
PYC_CACHE = ROOT / "dist" / ".pyc-cache"

# The page, and every file of static/ (but the service worker template), as they are.
PAGE = "index.html"
STATIC_DIR = "static"
SW_TEMPLATE = "static/sw.js"
SW_NAME = "sw.js"
CACHE_PREFIX = "schwimmen-"


class BuildError(RuntimeError):
    """The build cannot go on (a missing input); the message says what to do."""


def build(out: Path | None = None) -> Path:
    """Build the site into ``out/site`` (default ``dist/``) and return that folder."""
    out = (out or ROOT / "dist").resolve()
    site = out / "site"
    if site.exists():
        shutil.rmtree(site)
    site.mkdir(parents=True)

    _copy(ROOT / PAGE, site / PAGE)
    for path in sorted((ROOT / STATIC_DIR).rglob("*")):
        rel = path.relative_to(ROOT)
        if path.is_file() and rel.as_posix() != SW_TEMPLATE:
            _copy(path, site / rel)
    _copy_runtime(site)
    sources = _copy_python(site)
    sources += _compile_python(site, sources)
    (site / "pyscript.toml").write_text(_pyscript_toml(sources), encoding="utf-8")
    # Static hosts that run Jekyll (GitHub Pages from a branch) would drop __init__.py.
    (site / ".nojekyll").write_text("", encoding="utf-8")
    write_service_worker(site)
    _build_bench(out)
    return site


def _copy(src: Path, dst: Path) -> None:
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(src, dst)


def _copy_runtime(site: Path) -> None:
    for dst_dir, (src_dir, patterns) in RUNTIME.items():
        src = ROOT / src_dir
        if not src.is_dir():
            raise BuildError(f"{src_dir} is missing: run `npm ci` (or ./scripts/setup) first")
        for pattern in patterns:
            matches = sorted(p for p in src.glob(pattern) if p.is_file())
            if not matches:
                raise BuildError(f"no file matches {src_dir}/{pattern}: is the npm package right?")
            for path in matches:
                _copy(path, site / dst_dir / path.name)


def python_sources() -> list[Path]:
    """Every ``*.py`` of the shipped packages, relative to the repository, sorted."""
    found = []
    for package in PY_PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            rel = path.relative_to(ROOT)
            if "__pycache__" not in rel.parts:
                found.append(rel)
    return sorted(found)


def _copy_python(site: Path) -> list[Path]:
    sources = python_sources()
    for rel in sources:
        _copy(ROOT / rel, site / PY_DIR / rel)
    return sources


def pyc_name(rel: Path) -> Path:
    """Where the page's Python looks for the bytecode of ``rel`` (``__pycache__/...pyc``)."""
    lock = json.loads((ROOT / RUNTIME_LOCK).read_text(encoding="utf-8"))
    major, minor = lock["info"]["python"].split(".")[:2]
    return rel.parent / "__pycache__" / f"{rel.stem}.cpython-{major}{minor}.pyc"


def _compile_python(site: Path, sources: list[Path]) -> list[Path]:
    """Put a ``.pyc`` beside every source in the site; returns their relative paths.

    Compiling needs Node and the page's Pyodide (a few seconds); results are
    cached by Pyodide version, path and source bytes, so a rebuild only compiles
    what changed.
    """
    version = json.loads((ROOT / "node_modules/pyodide/package.json").read_text())["version"]

    def cached(rel: Path) -> Path:
        key = hashlib.sha256(f"{version}\0{rel.as_posix()}\0".encode() + (ROOT / rel).read_bytes())
        return PYC_CACHE / f"{key.hexdigest()[:32]}.pyc"

    missing = [rel for rel in sources if not cached(rel).is_file()]
    if missing:
        node = shutil.which("node")
        if node is None:
            raise BuildError("node is missing: it compiles the Python sources for the page")
        with tempfile.TemporaryDirectory() as tmp:
            run = subprocess.run(
                [node, str(ROOT / "scripts/compile_pyc.mjs"), str(ROOT), tmp]
                + [rel.as_posix() for rel in missing],
                capture_output=True,
                text=True,
                check=False,
            )
            if run.returncode != 0:
                raise BuildError(f"compiling Python for the page failed:\n{run.stderr[-2000:]}")
            PYC_CACHE.mkdir(parents=True, exist_ok=True)
            for rel in missing:
                built = Path(tmp) / pyc_name(rel)
                if not built.is_file():
                    raise BuildError(f"no bytecode for {rel} (expected {pyc_name(rel)})")
                shutil.copyfile(built, cached(rel))
    compiled = []
    for rel in sources:
        _copy(cached(rel), site / PY_DIR / pyc_name(rel))
        compiled.append(pyc_name(rel))
    return compiled


def _pyscript_toml(sources: list[Path]) -> str:
    """The repository's pyscript.toml plus a generated ``[files]`` table.

    Relative targets land in the interpreter's working directory, which is on
    ``sys.path``, so ``import engine`` and ``import app`` work in the page.
    """
    base = (ROOT / "pyscript.toml").read_text(encoding="utf-8").rstrip() + "\n"
    lines = ["", "# Generated by scripts/build.py: every Python source, and its bytecode."]
    lines.append("[files]")
    for rel in sources:
        posix = rel.as_posix()
        lines.append(f'"./{PY_DIR}/{posix}" = "./{posix}"')
    return base + "\n".join(lines) + "\n"


def file_hash(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]


def precache_entries(site: Path) -> list[tuple[str, str]]:
    """``(url, content hash)`` for every built file the service worker keeps.

    Generated from what is on disk, so a new file is precached without edits.
    The service worker itself is left out (the browser fetches it on its own),
    and so are dot files such as ``.nojekyll``, which are for the host.
    """
    entries = []
    for path in sorted(site.rglob("*")):
        if path.is_file() and path.name != SW_NAME and not path.name.startswith("."):
            entries.append(("./" + path.relative_to(site).as_posix(), file_hash(path)))
    return entries


def cache_name(entries: list[tuple[str, str]]) -> str:
    """A cache name that changes whenever any precached file changes."""
    digest = hashlib.sha256(json.dumps(entries).encode()).hexdigest()[:16]
    return CACHE_PREFIX + digest


def write_service_worker(site: Path) -> Path:
    entries = precache_entries(site)
    template = (ROOT / SW_TEMPLATE).read_text(encoding="utf-8")
    for marker in ("__CACHE_NAME__", "__CACHE_PREFIX__", "__PRECACHE__"):
        if marker not in template:
            raise BuildError(f"{SW_TEMPLATE} lacks the marker {marker}")
    text = (
        template.replace("__CACHE_NAME__", json.dumps(cache_name(entries)))
        .replace("__CACHE_PREFIX__", json.dumps(CACHE_PREFIX))
        .replace("__PRECACHE__", "[\n" + ",\n".join(json.dumps(e) for e in entries) + "\n]")
    )
    target = site / SW_NAME
    target.write_text(text, encoding="utf-8")
    return target


BARE_HTML = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>bare PyScript</title>
<script type="module" src="../site/vendor/pyscript/core.js"></script>
</head>
<body data-state="booting">
<mpy-config>plugins = {plugins}</mpy-config>
<script type="py" config="./bare.toml">
from pyscript import document
document.body.textContent = str(sum(range(10)))
document.body.dataset.state = "ready"
</script>
</body>
</html>
"""


def _build_bench(out: Path) -> None:
    """A bare page that boots PyScript from the same runtime files (bench/startup.py)."""
    bench = out / "bench"
    if bench.exists():
        shutil.rmtree(bench)
    bench.mkdir(parents=True)
    config = (ROOT / "pyscript.toml").read_text(encoding="utf-8")
    config = config.replace('"./vendor/', '"../site/vendor/')
    plugins = next(
        line.split("=", 1)[1].strip() for line in config.splitlines() if line.startswith("plugins")
    )
    (bench / "bare.toml").write_text(config, encoding="utf-8")
    (bench / "bare.html").write_text(BARE_HTML.format(plugins=plugins), encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "dist", help="output folder")
    args = parser.parse_args(argv)
    try:
        site = build(args.out)
    except BuildError as exc:
        print(f"build failed: {exc}", file=sys.stderr)
        return 1
    files = sum(1 for p in site.rglob("*") if p.is_file())
    size = sum(p.stat().st_size for p in site.rglob("*") if p.is_file())
    print(f"built {site} ({files} files, {size / 1e6:.1f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
