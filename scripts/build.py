"""Build the self-contained static site into ``dist/site`` (and a bench page into ``dist/bench``).

    python scripts/build.py [--out DIR]

The site holds the page, the static files, the Python runtime copied from
``node_modules`` (run ``npm ci`` first), ``python.zip`` with every ``*.py`` of
``engine/`` and ``app/`` and its bytecode (compiled by the page's Pyodide under
Node), a ``pyscript.toml`` that loads the zip, and a service worker whose
precache list and cache name are generated from the built files. Every URL
is relative, so the folder works from any static host and under any sub-path.
Nothing here needs the network.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import subprocess
import sys
import tempfile
import zipfile
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

# Python packages shipped to the browser: every *.py below them, found by glob,
# in one zip that PyScript writes to its working directory (/home/pyodide).
PY_PACKAGES = ("engine", "app")
PY_ZIP = "python.zip"
PY_ZIP_PATH = "/home/pyodide/" + PY_ZIP  # as tracebacks in the page show it
PYC_FORMAT = "zip-pyc-1"  # part of the bytecode cache key: bump when the layout changes

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
    _write_python_zip(site)
    (site / "pyscript.toml").write_text(_pyscript_toml(), encoding="utf-8")
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


def compile_python(sources: dict[Path, bytes]) -> dict[Path, bytes]:
    """Bytecode for every ``{path: source bytes}``, compiled by the page's own Pyodide.

    Needs Node (a few seconds); results are cached by Pyodide version, path and
    source bytes in ``dist/.pyc-cache``, so a rebuild compiles only what changed.
    """
    version = json.loads((ROOT / "node_modules/pyodide/package.json").read_text())["version"]
    cache = {}
    for rel, data in sources.items():
        key = hashlib.sha256(f"{PYC_FORMAT}\0{version}\0{rel.as_posix()}\0".encode() + data)
        cache[rel] = PYC_CACHE / f"{key.hexdigest()[:32]}.pyc"
    missing = [rel for rel in sources if not cache[rel].is_file()]
    if missing:
        node = shutil.which("node")
        if node is None:
            raise BuildError("node is missing: it compiles the Python sources for the page")
        with tempfile.TemporaryDirectory() as tmp:
            src, out = Path(tmp) / "src", Path(tmp) / "out"
            for rel in missing:  # the very bytes the zip gets, even if a file changes meanwhile
                (src / rel).parent.mkdir(parents=True, exist_ok=True)
                (src / rel).write_bytes(sources[rel])
            run = subprocess.run(
                [node, str(ROOT / "scripts/compile_pyc.mjs"), str(src), str(out), PY_ZIP_PATH]
                + [rel.as_posix() for rel in missing],
                capture_output=True,
                text=True,
                check=False,
            )
            if run.returncode != 0:
                raise BuildError(f"compiling Python for the page failed:\n{run.stderr[-2000:]}")
            PYC_CACHE.mkdir(parents=True, exist_ok=True)
            for rel in missing:
                built = out / f"{rel.as_posix()}c"
                if not built.is_file():
                    raise BuildError(f"no bytecode for {rel} from scripts/compile_pyc.mjs")
                shutil.copyfile(built, cache[rel])
    return {rel: cache[rel].read_bytes() for rel in sources}


def _write_python_zip(site: Path) -> list[Path]:
    """``python.zip``: every source with its ``.pyc`` beside it; returns the sources.

    The page puts the zip itself on ``sys.path`` (zipimport), so one request
    brings all the Python and nothing is unpacked. Entries are stored
    uncompressed with a fixed date, so the same sources give the same bytes.
    """
    sources = {rel: (ROOT / rel).read_bytes() for rel in python_sources()}
    compiled = compile_python(sources)
    with zipfile.ZipFile(site / PY_ZIP, "w", zipfile.ZIP_STORED) as archive:
        for rel, data in sources.items():
            for name, payload in ((rel.as_posix(), data), (f"{rel.as_posix()}c", compiled[rel])):
                archive.writestr(zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0)), payload)
    return list(sources)


def _pyscript_toml() -> str:
    """The repository's pyscript.toml plus a generated ``[files]`` table."""
    base = (ROOT / "pyscript.toml").read_text(encoding="utf-8").rstrip() + "\n"
    lines = [
        "",
        "# Generated by scripts/build.py: all Python of engine/ and app/ in one zip,",
        "# which index.html puts on sys.path.",
        "[files]",
        f'"./{PY_ZIP}" = "./{PY_ZIP}"',
    ]
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
