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


def test_site_holds_the_runtime_and_every_python_source_with_bytecode(site):
    for name in ("pyodide.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"):
        assert (site / "vendor/pyodide" / name).is_file()
    assert (site / "vendor/pyscript/core.js").is_file()
    assert not list(site.rglob("*.map"))
    sources = site_build.python_sources()
    assert {"engine/__init__.py", "engine/match.py", "app/main.py"} <= {
        p.as_posix() for p in sources
    }
    with zipfile.ZipFile(site / "python.zip") as archive:
        names = set(archive.namelist())
        assert names == {p.as_posix() for p in sources} | {f"{p.as_posix()}c" for p in sources}
        for rel in sources:
            assert archive.read(rel.as_posix()) == (site_build.ROOT / rel).read_bytes()
            pyc = archive.read(f"{rel.as_posix()}c")
            # Bytecode of the page's Python, loaded without checking the source.
            assert pyc[:4] != importlib.util.MAGIC_NUMBER  # made by Pyodide's 3.14, not us
            assert int.from_bytes(pyc[4:8], "little") == 0b01  # hash-based, unchecked
    assert '"./python.zip" = "./python.zip"' in (site / "pyscript.toml").read_text()


def test_page_and_config_use_only_relative_urls(site):
    for name in ("index.html", "pyscript.toml", "static/manifest.webmanifest", "sw.js"):
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


def test_bench_page_boots_from_the_same_runtime(site):
    bench = site.parent / "bench"
    html = (bench / "bare.html").read_text(encoding="utf-8")
    assert 'src="../site/vendor/pyscript/core.js"' in html
    assert '"../site/vendor/pyodide/pyodide.mjs"' in (bench / "bare.toml").read_text()
