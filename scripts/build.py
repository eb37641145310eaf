"""Build the self-contained static site into ``dist/site`` (and a bench page into ``dist/bench``).

    python scripts/build.py [--out DIR]

    python scripts/build.py --online my-servers.json   # other signalling/ICE servers

    python scripts/build.py --server https://tables.example.org   # a table server's tables

The site holds the page, the static files, the Python runtime and the WebRTC
library of online play copied from ``node_modules`` (run ``npm ci`` first),
``python.zip`` with every ``*.py`` of ``engine/`` and ``app/`` and its bytecode
(compiled by the page's Pyodide under Node), a ``pyscript.toml`` that loads the
zip, ``online.json`` (the servers online play uses; the page's Content Security
Policy lets it connect to exactly those), and a service worker whose precache
list and cache name are generated from the built files. Every URL is relative,
so the folder works from any static host and under any sub-path. Nothing here
needs the network.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import urllib.parse
import zipfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any, TypeAlias

ROOT = Path(__file__).resolve().parent.parent

# Runtime files the page needs, by pattern: PyScript's chunk names carry a hash
# that changes with every release. Plugins we switch off in pyscript.toml
# (editor, terminal, game, donkey) are left out on purpose, and so are Pyodide's
# full standard library (the page gets a trimmed one, STDLIB_ZIP) and its package
# lock file (the page loads no packages: static/boot.mjs hands Pyodide an empty one).
PYODIDE_DIR = "node_modules/pyodide"
RUNTIME = {
    "vendor/pyodide": (PYODIDE_DIR, ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm"]),
    "vendor/pyscript": (
        "node_modules/@pyscript/core/dist",
        ["core.js", "core-*.js", "toml-*.js", "error-*.js"],
    ),
    # Online play's WebRTC library (static/net.mjs loads it when a table is opened or
    # joined, never at start): PeerJS's self-contained browser build. It is precached
    # like every file, so a release's files stay one set checked against its hashes.
    "vendor/peerjs": ("node_modules/peerjs/dist", ["peerjs.min.js"]),
    # The invite's QR code (app.online.page loads it on the host's page only): the
    # encoder of qrcode-generator as an ES module; app.online.screens draws the SVG.
    "vendor/qrcode": ("node_modules/qrcode-generator/dist", ["qrcode.mjs"]),
}
# What the bare PyScript page of bench/startup.py boots from: Pyodide as published.
BARE_RUNTIME = {
    "vendor/pyodide": (
        PYODIDE_DIR,
        [*RUNTIME["vendor/pyodide"][1], "python_stdlib.zip", "pyodide-lock.json"],
    ),
    "vendor/pyscript": RUNTIME["vendor/pyscript"],
}

# Python packages shipped to the browser: every *.py below them, found by glob, as
# bytecode only, in one zip that static/boot.mjs writes to the working directory
# (/home/pyodide) and puts on sys.path. Command-line tools the page never runs stay out.
PY_PACKAGES = ("engine", "app")
NOT_SHIPPED = ("engine/arena.py",)
PY_ZIP = "python.zip"
PY_ZIP_PATH = "/home/pyodide/" + PY_ZIP  # as tracebacks in the page show it
# PyScript's Python package, as its release writes it into the working directory.
PYSCRIPT_STDLIB = "node_modules/@pyscript/core/src/stdlib/pyscript.js"
PYSCRIPT_PATH = "/home/pyodide"
PYC_FORMAT = "zip-pyc-2"  # part of the bytecode cache key: bump when the layout changes
# Docstrings are for readers and doctests, not for the page: compiled as ``python -OO``
# (the page's code has no assert statements, so nothing else changes).
PYC_OPTIMIZE = 2

# The standard library the page ships (scripts/trim_stdlib.mjs): the modules Pyodide
# and PyScript import at start (STDLIB_START), those engine/ and app/ import, and what
# they import in turn; as bytecode (no compiling at start) or as source (fewer bytes).
STDLIB_ZIP = "stdlib.zip"
STDLIB_START = ROOT / "scripts" / "stdlib_start.txt"
STDLIB_FORM = "bytecode"
STDLIB_CACHE = ROOT / "dist" / ".stdlib-cache"

# Bytecode compiled by the page's own Pyodide (scripts/compile_pyc.mjs), kept
# between builds by content: the page then imports without compiling.
PYC_CACHE = ROOT / "dist" / ".pyc-cache"

# Online play (static/net.mjs, docs/online.md): the PeerJS signalling servers the page
# may use, the PeerJS API key, the ICE servers (STUN, TURN) of its WebRTC connections,
# and whether ``?signal=`` may name a signalling server on this machine
# (``scripts/signal``, the tests). Public defaults: PeerJS's own cloud PeerServer and the
# ICE servers the PeerJS client uses by default. ``--online FILE`` replaces any of them.
ONLINE_JSON = "online.json"
ONLINE_DEFAULTS = {
    "signal": ["wss://0.peerjs.com/"],
    "key": "peerjs",
    "iceServers": [
        {"urls": "stun:stun.l.google.com:19302"},
        {
            "urls": ["turn:eu-0.turn.peerjs.com:3478", "turn:us-0.turn.peerjs.com:3478"],
            "username": "peerjs",
            "credential": "peerjsp",
        },
    ],
    "loopback": True,
}
# What ``?signal=`` may name when ``loopback`` is on: a signalling server on the player's
# own machine, plain ws:// (a loopback address is a secure context's own; CSP host
# sources cannot name IPv6 literals, so [::1] is left out).
LOOPBACK_SOURCES = ("ws://127.0.0.1:*", "ws://localhost:*")
LOOPBACK_HOSTS = ("127.0.0.1", "localhost")
ICE_SCHEMES = ("stun:", "stuns:", "turn:", "turns:")

# The page, and every file of static/ (but the templates), as they are.
PAGE = "index.html"
STATIC_DIR = "static"
SW_TEMPLATE = "static/sw.js"
SW_NAME = "sw.js"
CACHE_PREFIX = "schwimmen-"
# The interpreter module (PyScript's `interpreter`), filled in with the build's files.
BOOT_TEMPLATE = "static/boot.mjs"
# The stored first screen's check (index.html runs it after #app), filled in with the
# release its screens belong to: a screen stored by another release is not shown.
SCREEN_TEMPLATE = "static/first-screen.js"
TEMPLATES = (SW_TEMPLATE, BOOT_TEMPLATE, SCREEN_TEMPLATE)


Config: TypeAlias = dict[str, Any]
"""Settings as JSON has them (online play's servers, the boot configuration)."""

Runtime: TypeAlias = dict[str, tuple[str, list[str]]]
"""Files copied from ``node_modules``: site folder -> (package folder, file patterns)."""


class BuildError(RuntimeError):
    """The build cannot go on (a missing input); the message says what to do."""


def build(
    out: Path | None = None, online: Config | None = None, server: str | None = None
) -> Path:
    """Build the site into ``out/site`` (default ``dist/``) and return that folder.

    ``online`` replaces entries of ``ONLINE_DEFAULTS`` (see ``online_config``);
    ``server`` names the table server whose tables the page plays (``server_origin``):
    its policy then connects to that server and nothing else."""
    out = (out or ROOT / "dist").resolve()
    online_settings = online_config(online)
    if server is not None:
        online_settings = {**online_settings, "server": server_origin(server)}
    site = out / "site"
    if site.exists():
        shutil.rmtree(site)
    site.mkdir(parents=True)

    page = (ROOT / PAGE).read_text(encoding="utf-8")
    page = with_server_meta(with_connect_src(page, online_settings), online_settings)
    (site / PAGE).write_text(page, encoding="utf-8")
    write_online_json(site, online_settings)
    for path in sorted((ROOT / STATIC_DIR).rglob("*")):
        rel = path.relative_to(ROOT)
        if path.is_file() and rel.as_posix() not in TEMPLATES:
            _copy(path, site / rel)
    _copy_runtime(site, RUNTIME)
    sources = _write_python_zip(site)
    stdlib = _write_stdlib_zip(site, sources)
    write_boot_module(site, stdlib["modules"])
    write_first_screen(site)
    (site / "pyscript.toml").write_text(_pyscript_toml(), encoding="utf-8")
    # Static hosts that run Jekyll (GitHub Pages from a branch) would drop __init__.py.
    (site / ".nojekyll").write_text("", encoding="utf-8")
    write_service_worker(site)
    _build_bench(out)
    return site


def online_config(overrides: Config | None = None) -> Config:
    """``ONLINE_DEFAULTS`` with ``overrides`` applied, checked; a ``BuildError`` names what
    is wrong. Signalling servers are ``wss://`` URLs (``ws://`` only on this machine: a
    page served over HTTPS may not open plain WebSockets elsewhere), without user,
    query or fragment; ICE servers are WebRTC's ``RTCIceServer`` records.

    >>> online_config({"signal": ["wss://peer.example.org:8443/s/"]})["signal"]
    ['wss://peer.example.org:8443/s/']
    >>> online_config({"signal": ["https://peer.example.org/"]})
    Traceback (most recent call last):
    ...
    scripts.build.BuildError: online signal 'https://peer.example.org/': not a wss:// URL
    """
    overrides = dict(overrides or {})
    unknown = sorted(set(overrides) - set(ONLINE_DEFAULTS))
    if unknown:
        raise BuildError(f"online settings: unknown {unknown}, known {sorted(ONLINE_DEFAULTS)}")
    config = {**json.loads(json.dumps(ONLINE_DEFAULTS)), **overrides}
    signal = config["signal"]
    if not (isinstance(signal, list) and signal and all(isinstance(u, str) for u in signal)):
        raise BuildError("online signal: a non-empty list of URLs")
    config["signal"] = [_signal_url(url) for url in signal]
    key = config["key"]
    if not (isinstance(key, str) and re.fullmatch(r"[A-Za-z0-9_-]{1,64}", key)):
        raise BuildError(f"online key {key!r}: 1-64 letters, digits, _ or -")
    servers = config["iceServers"]
    if not isinstance(servers, list):
        raise BuildError("online iceServers: a list of {urls, username?, credential?}")
    for server in servers:
        urls = server.get("urls") if isinstance(server, dict) else None
        urls = [urls] if isinstance(urls, str) else urls
        extra = set(server) - {"urls", "username", "credential"} if urls else set()
        if not urls or extra or not all(
            isinstance(u, str) and u.startswith(ICE_SCHEMES) for u in urls
        ):
            raise BuildError(f"online iceServers: {server!r} is no STUN/TURN server record")
    if not isinstance(config["loopback"], bool):
        raise BuildError("online loopback: true or false")
    return config


def _signal_url(url: str) -> str:
    parts = urllib.parse.urlsplit(url)
    local = parts.scheme == "ws" and parts.hostname in LOOPBACK_HOSTS
    if parts.scheme != "wss" and not local:
        raise BuildError(f"online signal {url!r}: not a wss:// URL")
    if not parts.hostname or parts.username or parts.password or parts.query or parts.fragment:
        raise BuildError(f"online signal {url!r}: only scheme, host, port and path")
    try:
        parts.port  # noqa: B018 - raises on a port that is no number
    except ValueError as error:
        raise BuildError(f"online signal {url!r}: {error}") from None
    return urllib.parse.urlunsplit((parts.scheme, parts.netloc.lower(), parts.path or "/", "", ""))


def server_origin(url: str) -> str:
    """A table server's origin, checked: ``https://`` (``http://`` only on this machine),
    a host and maybe a port, nothing else.

    >>> server_origin("https://Tables.example.org/"), server_origin("http://127.0.0.1:8123")
    ('https://tables.example.org', 'http://127.0.0.1:8123')
    >>> server_origin("http://tables.example.org")
    Traceback (most recent call last):
    ...
    scripts.build.BuildError: server 'http://tables.example.org': not an https:// URL
    """
    parts = urllib.parse.urlsplit(url)
    local = parts.scheme == "http" and parts.hostname in LOOPBACK_HOSTS
    if parts.scheme != "https" and not local:
        raise BuildError(f"server {url!r}: not an https:// URL")
    if not parts.hostname or parts.username or parts.password or parts.query or parts.fragment:
        raise BuildError(f"server {url!r}: only scheme, host and port")
    if parts.path not in ("", "/"):
        raise BuildError(f"server {url!r}: the server's origin, without a path")
    try:
        parts.port  # noqa: B018 - raises on a port that is no number
    except ValueError as error:
        raise BuildError(f"server {url!r}: {error}") from None
    return f"{parts.scheme}://{parts.netloc.lower()}"


def connect_sources(config: Config) -> list[str]:
    """The page's ``connect-src``: its own files, the signalling servers (their origins)
    and, with ``loopback``, WebSockets to this machine. A build for a table server
    connects to its files and to that server (HTTP and WebSocket) and nothing else.

    >>> connect_sources(online_config())
    ["'self'", 'wss://0.peerjs.com', 'ws://127.0.0.1:*', 'ws://localhost:*']
    >>> connect_sources({**online_config(), "server": "https://t.example.org"})
    ["'self'", 'https://t.example.org', 'wss://t.example.org']
    """
    if config.get("server"):
        origin = config["server"]
        ws = origin.replace("https://", "wss://", 1).replace("http://", "ws://", 1)
        return ["'self'", origin, ws]
    sources = ["'self'"]
    for url in config["signal"]:
        parts = urllib.parse.urlsplit(url)
        origin = f"{parts.scheme}://{parts.netloc}"
        if origin not in sources:
            sources.append(origin)
    if config["loopback"]:
        sources += [s for s in LOOPBACK_SOURCES if s not in sources]
    return sources


def with_connect_src(page: str, config: Config) -> str:
    """The page with its Content Security Policy's ``connect-src`` set for ``config``."""
    pattern = r'(<meta http-equiv="Content-Security-Policy" content="[^"]*?connect-src )[^;"]*'
    new, count = re.subn(pattern, lambda m: m.group(1) + " ".join(connect_sources(config)), page)
    if count != 1:
        raise BuildError(f"{PAGE}: no Content-Security-Policy meta tag with connect-src")
    return new


SERVER_META = "schwimmen-server"
"""The ``<meta name>`` that tells the page's Python, before anything loads, which table
server the build names (``app.online.page.server_of``); absent without ``--server``."""


def with_server_meta(page: str, config: Config) -> str:
    """The page with a ``<meta name="schwimmen-server">`` naming the build's table server
    right after its policy (the same origin ``connect-src`` names), or unchanged."""
    if not config.get("server"):
        return page
    tag = f'<meta name="{SERVER_META}" content="{config["server"]}">'
    new, count = re.subn(r'(<meta http-equiv="Content-Security-Policy"[^>]*>)', r"\1" + tag, page)
    if count != 1:
        raise BuildError(f"{PAGE}: no Content-Security-Policy meta tag")
    return new


def write_online_json(site: Path, config: Config) -> Path:
    """``online.json``: what static/net.mjs reads (and the page names in its online
    dialog), with the version of the WebRTC library beside it."""
    package = ROOT / "node_modules/peerjs/package.json"
    if not package.is_file():
        raise BuildError("node_modules/peerjs is missing: run `npm ci` (or ./scripts/setup) first")
    library = {"name": "peerjs", "version": json.loads(package.read_text())["version"]}
    target = site / ONLINE_JSON
    text = json.dumps({**config, "library": library}, indent=1, sort_keys=True)
    target.write_text(text + "\n", encoding="utf-8")
    return target


def _copy(src: Path, dst: Path) -> None:
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(src, dst)


def _copy_runtime(site: Path, runtime: Runtime) -> None:
    for dst_dir, (src_dir, patterns) in runtime.items():
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
            if "__pycache__" not in rel.parts and rel.as_posix() not in NOT_SHIPPED:
                found.append(rel)
    return sorted(found)


def compile_python(sources: dict[Path, bytes], shown: str = PY_ZIP_PATH) -> dict[Path, bytes]:
    """Bytecode for every ``{path: source bytes}``, compiled by the page's own Pyodide;
    tracebacks name the files ``shown/path``.

    Needs Node (a few seconds); results are cached by Pyodide version, path and
    source bytes in ``dist/.pyc-cache``, so a rebuild compiles only what changed.
    """
    version = pyodide_version()
    compiler = (ROOT / "scripts/compile_pyc.mjs").read_bytes()
    cache = {}
    for rel, data in sources.items():
        key = f"{PYC_FORMAT}\0{PYC_OPTIMIZE}\0{version}\0{shown}\0{rel.as_posix()}\0"
        digest = hashlib.sha256(key.encode() + compiler + data)
        cache[rel] = PYC_CACHE / f"{digest.hexdigest()[:32]}.pyc"
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
                [node, str(ROOT / "scripts/compile_pyc.mjs"), str(src), str(out), shown]
                + [str(PYC_OPTIMIZE)]
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
                _replace_atomically(built, cache[rel])
    return {rel: cache[rel].read_bytes() for rel in sources}


def pyodide_version() -> str:
    package = ROOT / PYODIDE_DIR / "package.json"
    if not package.is_file():
        raise BuildError(f"{PYODIDE_DIR} is missing: run `npm ci` (or ./scripts/setup) first")
    version: str = json.loads(package.read_text())["version"]
    return version


def _replace_atomically(src: Path, dst: Path) -> None:
    """Copy ``src`` to ``dst`` whole or not at all (a cache that an interrupted or a
    parallel build half-wrote would be trusted by every later build)."""
    part = dst.with_name(f"{dst.name}.{os.getpid()}.part")
    shutil.copyfile(src, part)
    os.replace(part, dst)


def _zip_entry(name: str) -> zipfile.ZipInfo:
    """A deflated entry with a fixed date, so the same input gives the same bytes."""
    info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
    info.compress_type = zipfile.ZIP_DEFLATED
    return info


def _write_python_zip(site: Path) -> dict[Path, bytes]:
    """``python.zip``: the ``.pyc`` of every source (no source); returns ``{path: source}``.

    The page puts the zip itself on ``sys.path`` (zipimport), so one request
    brings all the Python, nothing is unpacked and nothing is compiled.
    Tracebacks still name each file and line (``PY_ZIP_PATH``).
    """
    sources = {rel: (ROOT / rel).read_bytes() for rel in python_sources()}
    compiled = compile_python(sources)
    # PyScript's own package, which it writes as source into the working directory and
    # imports at every start: found first here (the zip leads sys.path), so it is not
    # compiled in the page. Tracebacks name the files PyScript wrote.
    theirs = pyscript_sources()
    compiled.update(compile_python(theirs, shown=PYSCRIPT_PATH))
    zips: dict[str, list[Path]] = {PY_ZIP: list(theirs)}
    for rel in sources:
        zips.setdefault(part_zip(rel), []).append(rel)
    for name, members in zips.items():
        with zipfile.ZipFile(site / name, "w") as archive:
            for rel in sorted(members):
                entry = _zip_entry(f"{rel.as_posix()}c")
                archive.writestr(entry, compiled[rel], compresslevel=9)
    return sources


def later_parts() -> dict[str, tuple[str, tuple[str, ...]]]:
    """``app.parts.PARTS``: the parts of our Python loaded when first needed (read from
    the file, so that the build imports nothing of the page)."""
    spec = importlib.util.spec_from_file_location("_parts", ROOT / "app" / "parts.py")
    if spec is None or spec.loader is None:
        raise BuildError("app/parts.py cannot be read as a module")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    parts: dict[str, tuple[str, tuple[str, ...]]] = module.PARTS
    return parts


def part_zip(rel: Path) -> str:
    """The zip that ships ``rel``: its part's, or python.zip (what every start imports)."""
    for zip_name, folders in later_parts().values():
        if any(rel.as_posix().startswith(folder + "/") for folder in folders):
            return zip_name
    return PY_ZIP


def pyscript_sources() -> dict[Path, bytes]:
    """PyScript's Python package (``pyscript/*.py``) as its release writes it: read from
    its npm package's module of them, each checked to be in the chunk the page loads."""
    node = shutil.which("node")
    if node is None:
        raise BuildError("node is missing: it reads PyScript's Python package")
    module = (ROOT / PYSCRIPT_STDLIB).as_uri()
    script = (
        f"const m = (await import({json.dumps(module)})).default;"
        "const out = {}; const walk = (o, p) => { for (const [k, v] of Object.entries(o))"
        " typeof v === 'string' ? out[p + k] = v : walk(v, p + k + '/'); };"
        "walk(m, ''); console.log(JSON.stringify(out));"
    )
    run = subprocess.run(
        [node, "--input-type=module", "-e", script], capture_output=True, text=True, check=False
    )
    if run.returncode != 0:
        raise BuildError(f"reading {PYSCRIPT_STDLIB} failed:\n{run.stderr[-2000:]}")
    files = json.loads(run.stdout)
    chunks = "".join(
        path.read_text(encoding="utf-8")
        for path in (ROOT / RUNTIME["vendor/pyscript"][0]).glob("core-*.js")
    )
    for name, text in files.items():
        if not name.startswith("pyscript/") or json.dumps(text, ensure_ascii=False) not in chunks:
            raise BuildError(f"{name} of {PYSCRIPT_STDLIB} is not what PyScript's chunk writes")
    if "pyscript/__init__.py" not in files:
        raise BuildError(f"{PYSCRIPT_STDLIB} holds no pyscript package")
    return {Path(name): text.encode() for name, text in sorted(files.items())}


def stdlib_roots(sources: dict[Path, bytes]) -> list[str]:
    """The standard-library modules the page imports first: those Pyodide and
    PyScript load at start (``STDLIB_START``) and every module that the shipped
    sources import anywhere (also inside functions), found with ``ast``."""
    start = STDLIB_START.read_text(encoding="utf-8").split("\n")
    names = {line.strip() for line in start if line.strip() and not line.startswith("#")}
    ours = set(PY_PACKAGES) | {"js", "pyodide", "pyscript", "__future__"}
    for rel, data in sources.items():
        for node in ast.walk(ast.parse(data, filename=str(rel))):
            if isinstance(node, ast.Import):
                found = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                found = [node.module]
            else:
                continue
            names.update(name for name in found if name.split(".")[0] not in ours)
    return sorted(names)


def _write_stdlib_zip(site: Path, sources: dict[Path, bytes]) -> dict[str, list[str]]:
    """``stdlib.zip``: the trimmed standard library (scripts/trim_stdlib.mjs), cached in
    ``dist/.stdlib-cache`` by Pyodide version, form and roots. Returns the script's
    report: ``modules`` shipped, roots found ``elsewhere`` (built into the interpreter)."""
    roots = stdlib_roots(sources)
    script = ROOT / "scripts/trim_stdlib.mjs"
    key = json.dumps([pyodide_version(), STDLIB_FORM, roots, file_hash(script)]).encode()
    digest = hashlib.sha256(key).hexdigest()[:32]
    cached_zip = STDLIB_CACHE / f"{digest}.zip"
    cached_list = STDLIB_CACHE / f"{digest}.json"
    if not (cached_zip.is_file() and cached_list.is_file()):
        node = shutil.which("node")
        if node is None:
            raise BuildError("node is missing: it trims the standard library for the page")
        STDLIB_CACHE.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory() as tmp:
            roots_file, out = Path(tmp) / "roots.json", Path(tmp) / STDLIB_ZIP
            roots_file.write_text(json.dumps(roots), encoding="utf-8")
            run = subprocess.run(
                [node, str(script), str(roots_file), str(out), STDLIB_FORM],
                capture_output=True,
                text=True,
                check=False,
                cwd=ROOT,
            )
            if run.returncode != 0:
                raise BuildError(f"trimming the standard library failed:\n{run.stderr[-2000:]}")
            result = json.loads(run.stdout.strip().splitlines()[-1])
            if result["missing"]:
                raise BuildError(f"no such standard-library modules: {result['missing']}")
            report = Path(tmp) / "report.json"
            report.write_text(json.dumps(result), encoding="utf-8")
            _replace_atomically(out, cached_zip)
            _replace_atomically(report, cached_list)
    shutil.copyfile(cached_zip, site / STDLIB_ZIP)
    listed: dict[str, list[str]] = json.loads(cached_list.read_text(encoding="utf-8"))
    return listed


def _pyscript_toml() -> str:
    """The repository's pyscript.toml as it is (the interpreter module brings the Python)."""
    return (ROOT / "pyscript.toml").read_text(encoding="utf-8")


def page_modules(sources: Iterable[Path | str]) -> list[str]:
    """Dotted names of the shipped modules, packages first (the snapshot imports them)."""
    names = []
    for rel in sources:
        parts = list(Path(rel).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        names.append(".".join(parts))
    return sorted(names, key=lambda name: (name.count("."), name))


def build_id(site: Path, config: Config | None = None) -> str:
    """What a memory snapshot depends on: our Python, the standard library, the
    runtime, the boot code and its configuration (the modules the snapshot imports).
    A snapshot made by another build is never restored."""
    parts = [PY_ZIP, STDLIB_ZIP, "vendor/pyodide/pyodide.asm.wasm", "vendor/pyodide/pyodide.mjs"]
    parts += [zip_name for zip_name, _ in later_parts().values()]
    parts += ["vendor/pyodide/pyodide.asm.mjs", "static/snapshot-worker.mjs"]
    digest = hashlib.sha256()
    for rel in parts:
        digest.update(f"{rel}\0{file_hash(site / rel)}\0".encode())
    digest.update((ROOT / BOOT_TEMPLATE).read_bytes())
    digest.update(json.dumps(config, sort_keys=True).encode())
    return digest.hexdigest()[:16]


def boot_config(site: Path, stdlib: list[str]) -> Config:
    """What static/boot.mjs needs to know about this build: among it the modules a
    memory snapshot holds imported (the standard library's that the page loads at
    start, then ours), so that a restored page imports almost nothing."""
    lock = json.loads((ROOT / PYODIDE_DIR / "pyodide-lock.json").read_text(encoding="utf-8"))
    sizes = {
        rel: (site / rel).stat().st_size
        for rel in ("vendor/pyodide/pyodide.asm.wasm", STDLIB_ZIP, PY_ZIP)
    }
    config = {
        "pythonZip": PY_ZIP,
        "pythonZipPath": PY_ZIP_PATH,
        "stdlibZip": STDLIB_ZIP,
        # The page loads no packages: Pyodide gets the lock file's header and no entries.
        "lock": {"info": lock["info"], "packages": {}},
        "modules": stdlib + page_modules(python_sources()),
        "sizes": sizes,
        # Checked by the snapshot worker: it fetches our code again, maybe later.
        "pythonZipHash": file_hash(site / PY_ZIP),
        # The parts loaded when first needed (app.parts): the snapshot holds them all.
        "parts": {
            name: {"zip": zip_name, "hash": file_hash(site / zip_name)}
            for name, (zip_name, _) in sorted(later_parts().items())
        },
    }
    return {"build": build_id(site, config), **config}


def write_boot_module(site: Path, stdlib: list[str]) -> Path:
    template = (ROOT / BOOT_TEMPLATE).read_text(encoding="utf-8")
    if "__BOOT_CONFIG__" not in template:
        raise BuildError(f"{BOOT_TEMPLATE} lacks the marker __BOOT_CONFIG__")
    config = json.dumps(boot_config(site, stdlib), indent=1, sort_keys=True)
    target = site / BOOT_TEMPLATE
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(template.replace("__BOOT_CONFIG__", config), encoding="utf-8")
    return target


def screen_release(site: Path) -> str:
    """What a stored first screen depends on: the Python that wrote its markup and the
    styles that lay it out (static/first-screen.js shows only screens of its release)."""
    parts = sorted(site.glob("*.zip")) + sorted((site / STATIC_DIR).glob("*.css"))
    digest = hashlib.sha256()
    for path in parts:
        digest.update(f"{path.relative_to(site).as_posix()}\0{file_hash(path)}\0".encode())
    return digest.hexdigest()[:16]


def write_first_screen(site: Path) -> Path:
    template = (ROOT / SCREEN_TEMPLATE).read_text(encoding="utf-8")
    if "__SCREEN_RELEASE__" not in template:
        raise BuildError(f"{SCREEN_TEMPLATE} lacks the marker __SCREEN_RELEASE__")
    target = site / SCREEN_TEMPLATE
    text = template.replace("__SCREEN_RELEASE__", json.dumps(screen_release(site)))
    target.write_text(text, encoding="utf-8")
    return target


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
    """A cache name that changes whenever any precached file or the service worker's
    own code changes (a new worker must never install into the live release's cache)."""
    worker = (ROOT / SW_TEMPLATE).read_bytes()
    digest = hashlib.sha256(json.dumps(entries).encode() + b"\0" + worker).hexdigest()[:16]
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
<script type="module" src="./vendor/pyscript/core.js"></script>
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
    """A bare page that boots PyScript from the same runtime packages (bench/startup.py),
    as published: Pyodide's full standard library and lock file, PyScript's defaults
    but for the plugins the game also switches off."""
    bench = out / "bench"
    if bench.exists():
        shutil.rmtree(bench)
    bench.mkdir(parents=True)
    _copy_runtime(bench, BARE_RUNTIME)
    config = (ROOT / "pyscript.toml").read_text(encoding="utf-8")
    bare_interpreter = 'interpreter = "./vendor/pyodide/pyodide.mjs"'
    config = re.sub(r"(?m)^interpreter = .*$", bare_interpreter, config)
    plugins = next(
        line.split("=", 1)[1].strip() for line in config.splitlines() if line.startswith("plugins")
    )
    (bench / "bare.toml").write_text(config, encoding="utf-8")
    (bench / "bare.html").write_text(BARE_HTML.format(plugins=plugins), encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "dist", help="output folder")
    parser.add_argument(
        "--server",
        help="the table server whose tables the page plays (its origin, https://; "
        "http:// on 127.0.0.1; docs/server.md)",
    )
    parser.add_argument(
        "--online",
        type=Path,
        help="JSON file with online settings replacing the defaults (signal, key, "
        "iceServers, loopback; docs/online.md)",
    )
    args = parser.parse_args(argv)
    try:
        online = None
        if args.online:
            try:
                online = json.loads(args.online.read_text(encoding="utf-8"))
            except (OSError, ValueError) as error:
                raise BuildError(f"--online {args.online}: {error}") from None
            if not isinstance(online, dict):
                raise BuildError(f"--online {args.online}: a JSON object of settings")
        site = build(args.out, online, args.server)
    except BuildError as exc:
        print(f"build failed: {exc}", file=sys.stderr)
        return 1
    files = sum(1 for p in site.rglob("*") if p.is_file())
    size = sum(p.stat().st_size for p in site.rglob("*") if p.is_file())
    print(f"built {site} ({files} files, {size / 1e6:.1f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
