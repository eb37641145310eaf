"""The site build: self-contained, relative URLs, a precache list that matches the files."""

from __future__ import annotations

import importlib.util
import json
import re
import shutil
import zipfile

import pytest

from scripts import build as site_build


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    return site_build.build(tmp_path_factory.mktemp("dist"))


def sw_constants(site):
    text = (site / "sw.js").read_text(encoding="utf-8")
    name = json.loads(re.search(r"const CACHE_NAME = (.+);", text).group(1))
    precache = json.loads(re.search(r"const PRECACHE = (\[.*?\n\]);", text, re.S).group(1))
    return name, precache


def test_precache_lists_every_built_file_but_the_service_worker(site):
    _, precache = sw_constants(site)
    on_disk = {
        "./" + p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()
    } - {"./sw.js", "./.nojekyll"}
    assert {url for url, _ in precache} == on_disk
    for url, digest in precache:
        assert digest == site_build.file_hash(site / url), url


def test_site_holds_the_runtime_and_our_python_as_bytecode_only(site):
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm"):
        assert (site / "vendor/pyodide" / name).is_file()
    # Pyodide's full standard library and package lock are not what the page loads.
    for name in ("python_stdlib.zip", "pyodide-lock.json"):
        assert not (site / "vendor/pyodide" / name).exists()
    assert (site / "vendor/pyscript/core.js").is_file()
    assert not list(site.rglob("*.map"))
    sources = site_build.python_sources()
    shipped = {p.as_posix() for p in sources}
    assert {"engine/__init__.py", "engine/match.py", "app/main.py"} <= shipped
    assert "engine/arena.py" not in shipped  # a command-line tool
    theirs = {f"{name.as_posix()}c" for name in site_build.pyscript_sources()}
    assert "pyscript/__init__.pyc" in theirs  # PyScript's own package, precompiled
    parts = {zip_name: folders for zip_name, folders in site_build.later_parts().values()}
    found = set()
    for zip_name in ("python.zip", *parts):
        with zipfile.ZipFile(site / zip_name) as archive:
            names = set(archive.namelist())
        # A part holds its folders and nothing else; python.zip none of theirs.
        folders = [f + "/" for fs in parts.values() for f in fs]
        in_parts = {n for n in names if n.startswith(tuple(folders))}
        assert in_parts == (names if zip_name in parts else set()), zip_name
        found |= names
    assert found == {f"{name}c" for name in shipped} | theirs
    assert "app/online/page.pyc" in zipfile.ZipFile(site / "online.zip").namelist()
    for zip_name in ("python.zip", *parts):
        with zipfile.ZipFile(site / zip_name) as archive:
            for info in archive.infolist():
                assert info.compress_type == zipfile.ZIP_DEFLATED
                pyc = archive.read(info)
                # Bytecode of the page's Python, loaded without checking any source.
                assert pyc[:4] != importlib.util.MAGIC_NUMBER  # Pyodide's 3.14 made it
                assert int.from_bytes(pyc[4:8], "little") == 0b01  # hash-based, unchecked
    assert "[files]" not in (site / "pyscript.toml").read_text()  # boot.mjs brings it


def test_the_test_only_accessibility_checker_stays_out_of_the_site(site):
    """axe-core is a devDependency the browser tests inject; the site never serves it."""
    assert (site_build.ROOT / "node_modules/axe-core/axe.min.js").is_file()
    marker = b"axe-core"  # in axe's licence header and source
    for path in site.rglob("*"):
        if path.is_file():
            assert "axe" not in path.name.lower(), path
            if path.suffix in (".js", ".mjs", ".html", ".json", ".toml"):
                assert marker not in path.read_bytes(), path


def test_the_standard_library_holds_what_the_page_imports_and_little_else(site):
    full = site_build.ROOT / "node_modules/pyodide/python_stdlib.zip"
    with zipfile.ZipFile(site / "stdlib.zip") as trimmed, zipfile.ZipFile(full) as published:
        names = set(trimmed.namelist())
        files = set(published.namelist())
        assert names and all(name.endswith(".pyc") for name in names)
        assert names <= {f"{name}c" for name in files}
        assert len(names) < len(files) / 3

    def paths(module):
        path = module.replace(".", "/")
        return (f"{path}.py", f"{path}/__init__.py")

    def shipped(module):
        return any(f"{p}c" in names for p in paths(module))

    sources = {p: (site_build.ROOT / p).read_bytes() for p in site_build.python_sources()}
    roots = site_build.stdlib_roots(sources)
    report = site_build._write_stdlib_zip(site, sources)  # the cached report of the build
    # Every module our code imports anywhere (json for the statistics, traceback, ...)
    # and what Pyodide and PyScript load at start, unless built into the interpreter.
    for name in ("json", "random", "dataclasses", "traceback", "asyncio", "typing"):
        assert name in roots and shipped(name), name
    # Modules built or frozen into Pyodide's interpreter (os, sys, math) need no file.
    missing = [n for n in roots if not shipped(n) and n not in report["elsewhere"]]
    assert missing == []
    assert not shipped("argparse") and not shipped("unittest")  # nothing of ours needs them


def test_the_boot_module_knows_this_build(site):
    text = (site / "static/boot.mjs").read_text(encoding="utf-8")
    config = json.loads(re.search(r"const CONFIG = (\{.*?\n\});", text, re.S).group(1))
    assert re.fullmatch(r"[0-9a-f]{16}", config["build"])
    rest = {key: value for key, value in config.items() if key != "build"}
    assert config["build"] == site_build.build_id(site, rest)
    assert config["lock"]["packages"] == {} and config["lock"]["info"]["python"]
    # The snapshot imports the stdlib's start modules, then packages before their modules.
    modules = config["modules"]
    assert modules.index("engine") < modules.index("engine.match")
    app_view = modules.index("app.table.view")
    assert modules.index("app") < app_view < modules.index("engine.bots.hard")
    assert "engine.arena" not in modules
    for rel, size in config["sizes"].items():
        assert (site / rel).stat().st_size == size


def test_the_build_id_changes_with_our_python(site, tmp_path):
    copy = tmp_path / "site"
    shutil.copytree(site, copy)
    before = site_build.build_id(copy, {})
    assert site_build.build_id(copy, {}) == before
    assert site_build.build_id(copy, {"modules": ["x"]}) != before
    (copy / "python.zip").write_bytes(b"other")
    assert site_build.build_id(copy, {}) != before


def test_page_and_config_use_only_relative_urls(site):
    pages = ("index.html", "pyscript.toml", "static/manifest.webmanifest", "sw.js")
    for name in (*pages, "static/boot.mjs", "static/watchdog.js", "static/snapshot-worker.mjs"):
        text = (site / name).read_text(encoding="utf-8")
        # No absolute paths or other hosts: the site must work under any sub-path.
        assert not re.search(r'(?:src|href)="/|"https?://(?!www\.w3\.org)', text), name
    for src in re.findall(r'(?:src|href)="(\./[^"]+)"', (site / "index.html").read_text()):
        assert (site / src).is_file(), src


def test_cache_name_changes_when_any_file_changes(site, tmp_path):
    copy = tmp_path / "site"
    shutil.copytree(site, copy)
    site_build.write_service_worker(copy)
    same, _ = sw_constants(copy)
    original, _ = sw_constants(site)
    assert same == original  # deterministic

    (copy / "python.zip").write_bytes(b"changed")
    site_build.write_service_worker(copy)
    changed, precache = sw_constants(copy)
    assert changed != original and changed.startswith(site_build.CACHE_PREFIX)
    assert dict(precache)["./python.zip"] == site_build.file_hash(copy / "python.zip")

    (copy / "static/extra.txt").write_text("new\n", encoding="utf-8")
    site_build.write_service_worker(copy)
    added, precache = sw_constants(copy)
    assert added != changed and "./static/extra.txt" in dict(precache)


def test_bench_page_boots_pyodide_as_published(site):
    bench = site.parent / "bench"
    html = (bench / "bare.html").read_text(encoding="utf-8")
    assert 'src="./vendor/pyscript/core.js"' in html
    assert '"./vendor/pyodide/pyodide.mjs"' in (bench / "bare.toml").read_text()
    for name in ("python_stdlib.zip", "pyodide-lock.json", "pyodide.asm.wasm"):
        published = site_build.ROOT / "node_modules/pyodide" / name
        assert (bench / "vendor/pyodide" / name).read_bytes() == published.read_bytes()


def test_the_online_settings_are_written_and_the_policy_allows_exactly_them(site):
    online = json.loads((site / "online.json").read_text(encoding="utf-8"))
    assert online["signal"] == ["wss://0.peerjs.com/"] and online["key"] == "peerjs"
    assert online["loopback"] is True
    assert online["library"] == {"name": "peerjs", "version": "1.5.5"}
    assert (site / "vendor/peerjs/peerjs.min.js").is_file()
    page = (site / "index.html").read_text(encoding="utf-8")
    policy = re.search(r'Content-Security-Policy" content="([^"]*)"', page).group(1)
    directives = {d.split()[0]: d.split()[1:] for d in policy.split(";") if d.strip()}
    assert directives["connect-src"] == [
        "'self'",
        "wss://0.peerjs.com",
        "ws://127.0.0.1:*",
        "ws://localhost:*",
    ]
    # The page in the repository says the same (it is the policy of an unbuilt checkout).
    source = (site_build.ROOT / "index.html").read_text(encoding="utf-8")
    assert site_build.with_connect_src(source, site_build.online_config()) == source


def test_other_online_settings_change_the_json_and_the_policy_together(tmp_path):
    config = site_build.online_config(
        {
            "signal": ["wss://Peer.Example.org:8443/s", "wss://backup.example.org/"],
            "iceServers": [{"urls": "stun:stun.example.org:3478"}],
            "loopback": False,
        }
    )
    assert config["signal"] == ["wss://peer.example.org:8443/s", "wss://backup.example.org/"]
    assert site_build.connect_sources(config) == [
        "'self'",
        "wss://peer.example.org:8443",
        "wss://backup.example.org",
    ]
    page = (site_build.ROOT / "index.html").read_text(encoding="utf-8")
    built = site_build.with_connect_src(page, config)
    assert "connect-src 'self' wss://peer.example.org:8443 wss://backup.example.org;" in built
    assert "127.0.0.1" not in built
    site = tmp_path / "site"
    site.mkdir()
    written = json.loads(site_build.write_online_json(site, config).read_text())
    assert written["signal"] == config["signal"] and written["loopback"] is False


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"signal": ["ws://peer.example.org/"]}, "not a wss:// URL"),
        ({"signal": ["https://peer.example.org/"]}, "not a wss:// URL"),
        ({"signal": ["wss://user:pw@peer.example.org/"]}, "only scheme, host, port and path"),
        ({"signal": ["wss://peer.example.org/?key=x"]}, "only scheme, host, port and path"),
        ({"signal": ["wss://peer.example.org:http/"]}, "wss://peer.example.org:http/"),
        ({"signal": []}, "a non-empty list"),
        ({"signal": "wss://peer.example.org/"}, "a non-empty list"),
        ({"key": "peer js"}, "online key"),
        ({"iceServers": [{"urls": "http://stun.example.org"}]}, "no STUN/TURN server"),
        ({"iceServers": [{"urls": "stun:x", "secret": 1}]}, "no STUN/TURN server"),
        ({"iceServers": {"urls": "stun:x"}}, "a list"),
        ({"loopback": "yes"}, "true or false"),
        ({"relays": []}, "unknown ['relays']"),
    ],
)
def test_bad_online_settings_stop_the_build_with_what_is_wrong(settings, message):
    with pytest.raises(site_build.BuildError, match=re.escape(message)):
        site_build.online_config(settings)


def test_signalling_on_this_machine_may_be_a_build_setting():
    config = site_build.online_config({"signal": ["ws://127.0.0.1:9000/"], "loopback": False})
    assert site_build.connect_sources(config) == ["'self'", "ws://127.0.0.1:9000"]


def test_the_build_script_examples_hold():
    import doctest

    result = doctest.testmod(site_build)
    assert result.attempted >= 3 and result.failed == 0


def test_a_server_build_names_its_table_server_in_the_page_and_only_then():
    page = (site_build.ROOT / "index.html").read_text(encoding="utf-8")
    assert site_build.with_server_meta(page, site_build.online_config()) == page
    origin = site_build.server_origin("http://127.0.0.1:8123/")
    config = {**site_build.online_config(), "server": origin}
    built = site_build.with_server_meta(site_build.with_connect_src(page, config), config)
    policy_end = built.index(">", built.index('http-equiv="Content-Security-Policy"')) + 1
    assert built[policy_end:].startswith(
        '<meta name="schwimmen-server" content="http://127.0.0.1:8123">'
    )
    with pytest.raises(site_build.BuildError, match="no Content-Security-Policy"):
        site_build.with_server_meta("<html></html>", config)
