"""The site build: self-contained, relative URLs, a precache list that matches the files."""

from __future__ import annotations

import json
import re
import shutil

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


def test_site_holds_the_runtime_and_every_python_source(site):
    for name in ("pyodide.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"):
        assert (site / "vendor/pyodide" / name).is_file()
    assert (site / "vendor/pyscript/core.js").is_file()
    assert not list(site.rglob("*.map"))
    sources = site_build.python_sources()
    assert {"engine/__init__.py", "app/main.py"} <= {p.as_posix() for p in sources}
    toml = (site / "pyscript.toml").read_text(encoding="utf-8")
    for rel in sources:
        assert (site / "py" / rel).read_bytes() == (site_build.ROOT / rel).read_bytes()
        assert f'"./py/{rel.as_posix()}" = "./{rel.as_posix()}"' in toml
        # Bytecode for the page's Python, loaded without checking the source's time.
        pyc = site_build.pyc_name(rel)
        assert pyc.parent.name == "__pycache__" and pyc.name.startswith(rel.stem + ".cpython-3")
        data = (site / "py" / pyc).read_bytes()
        assert int.from_bytes(data[4:8], "little") == 0b01  # hash-based, unchecked
        assert f'"./py/{pyc.as_posix()}" = "./{pyc.as_posix()}"' in toml


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

    (copy / "py/app/main.py").write_text("# changed\n", encoding="utf-8")
    site_build.write_service_worker(copy)
    changed, precache = sw_constants(copy)
    assert changed != original and changed.startswith(site_build.CACHE_PREFIX)
    assert dict(precache)["./py/app/main.py"] == site_build.file_hash(copy / "py/app/main.py")

    (copy / "static/extra.txt").write_text("new\n", encoding="utf-8")
    site_build.write_service_worker(copy)
    added, precache = sw_constants(copy)
    assert added != changed and "./static/extra.txt" in dict(precache)


def test_bench_page_boots_from_the_same_runtime(site):
    bench = site.parent / "bench"
    html = (bench / "bare.html").read_text(encoding="utf-8")
    assert 'src="../site/vendor/pyscript/core.js"' in html
    assert '"../site/vendor/pyodide/pyodide.mjs"' in (bench / "bare.toml").read_text()
