"""scripts/serve.py, the static server of the tests and ``./scripts/serve``: gzip as
GitHub Pages sends it, revalidation, and plain files for a client without gzip."""

from __future__ import annotations

import gzip
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from scripts.serve import start_server

TEXT = "Schwimmen " * 500


@pytest.fixture
def base_url(tmp_path: Path) -> Iterator[str]:
    (tmp_path / "page.html").write_text(TEXT, encoding="utf-8")
    server, url = start_server(tmp_path)
    try:
        yield url
    finally:
        server.shutdown()
        server.server_close()


def _get(url: str, **headers: str) -> tuple[int, dict[str, str], bytes]:
    request = urllib.request.Request(url, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:  # 304 comes as an "error"
        return error.code, dict(error.headers), b""


def test_a_text_file_is_sent_gzipped_whole(base_url: str) -> None:
    status, headers, body = _get(base_url + "page.html", **{"Accept-Encoding": "gzip"})
    assert status == 200 and headers["Content-Encoding"] == "gzip"
    assert int(headers["Content-Length"]) == len(body) < len(TEXT)
    assert gzip.decompress(body).decode() == TEXT


def test_an_unchanged_file_is_not_sent_again(base_url: str) -> None:
    _, headers, _ = _get(base_url + "page.html", **{"Accept-Encoding": "gzip"})
    status, _, body = _get(
        base_url + "page.html", **{"Accept-Encoding": "gzip", "If-None-Match": headers["ETag"]}
    )
    assert (status, body) == (304, b"")


def test_a_client_without_gzip_gets_the_plain_file(base_url: str) -> None:
    status, headers, body = _get(base_url + "page.html")
    assert status == 200 and "Content-Encoding" not in headers
    assert body.decode() == TEXT
