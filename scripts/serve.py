"""Serve a folder over HTTP on 127.0.0.1 (default: the built site on port 8000).

    python scripts/serve.py [--dir dist/site] [--port 8000]

A threaded static server with the MIME types the page needs. Like GitHub Pages it
sends text, scripts and WebAssembly gzip-compressed to a browser that accepts it
(so the bytes a visit moves are the ones a player's visit moves); zip files are
compressed already and go as they are. Tests and the start-up benchmark use
``start_server`` to run one on a free port.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import http.server
import io
import os
import sys
import threading
from pathlib import Path
from typing import Any, BinaryIO

ROOT = Path(__file__).resolve().parent.parent


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with explicit types for modules, WebAssembly and the manifest."""

    extensions_map = {  # noqa: RUF012 - the base class's own name and shape
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
        ".webmanifest": "application/manifest+json",
        ".svg": "image/svg+xml",
        ".toml": "text/plain; charset=utf-8",
        ".py": "text/plain; charset=utf-8",
    }
    verbose = False
    compress = True
    max_age: int | None = None  # Cache-Control max-age in seconds (GitHub Pages: 600)
    _gzipped: dict[tuple[str, int, int], bytes]  # per server (make_server), shared by requests
    _lock: threading.Lock

    def log_message(self, format: str, *args: Any) -> None:
        if self.verbose:
            super().log_message(format, *args)

    def end_headers(self) -> None:
        if self.max_age is not None:
            self.send_header("Cache-Control", f"max-age={self.max_age}")
        super().end_headers()

    def send_head(self) -> io.BytesIO | BinaryIO | None:
        """The plain file, or its gzip form (compressed once per file version); both
        answer a revalidation of an unchanged file with 304 Not Modified."""
        path = self.translate_path(self.path)
        ctype = self.guess_type(path)
        wants = "gzip" in self.headers.get("Accept-Encoding", "")
        if not (self.compress and wants and os.path.isfile(path) and _compressible(ctype)):
            return super().send_head()
        stat = os.stat(path)
        etag = f'"{stat.st_mtime_ns:x}-{stat.st_size:x}-gz"'
        if self.headers.get("If-None-Match") == etag:
            self.send_response(304)
            self.send_header("ETag", etag)
            self.end_headers()
            return None
        key = (path, stat.st_mtime_ns, stat.st_size)
        with self._lock:
            body = self._gzipped.get(key)
        if body is None:
            with open(path, "rb") as f:
                body = gzip.compress(f.read(), compresslevel=6, mtime=0)
            with self._lock:
                self._gzipped[key] = body
        self.send_response(200)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(int(stat.st_mtime)))
        self.send_header("ETag", etag)
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        return io.BytesIO(body)  # send_head's caller copies it, then closes it


def _compressible(ctype: str) -> bool:
    return ctype.startswith("text/") or ctype.split(";")[0] in {
        "application/javascript",
        "application/json",
        "application/manifest+json",
        "application/wasm",
        "image/svg+xml",
    }


class _Server(http.server.ThreadingHTTPServer):
    def handle_error(self, request: Any, client_address: Any) -> None:
        # A browser that closes a connection mid-response (a test that is done, a
        # reload) is no server error worth a traceback.
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def make_server(
    directory: Path,
    port: int = 0,
    verbose: bool = False,
    compress: bool = True,
    max_age: int | None = None,
) -> _Server:
    """A ThreadingHTTPServer for ``directory`` on 127.0.0.1 (port 0: a free one).
    ``max_age``: send ``Cache-Control: max-age`` (GitHub Pages sends 600 seconds)."""
    attrs: dict[str, object] = {
        "verbose": verbose,
        "compress": compress,
        "max_age": max_age,
        "_gzipped": {},
        "_lock": threading.Lock(),
    }
    handler = type("Handler", (QuietHandler,), attrs)
    bound = functools.partial(handler, directory=str(directory))
    return _Server(("127.0.0.1", port), bound)


def start_server(
    directory: Path, port: int = 0, compress: bool = True, max_age: int | None = None
) -> tuple[_Server, str]:
    """Serve ``directory`` from a background thread; returns ``(server, base_url)``.

    Call ``server.shutdown()`` when done.
    """
    server = make_server(directory, port, compress=compress, max_age=max_age)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--dir", type=Path, default=ROOT / "dist" / "site")
    parser.add_argument("--port", type=int, default=8000)
    args = parser.parse_args(argv)
    if not (args.dir / "index.html").is_file():
        parser.error(f"{args.dir} has no index.html: run `python scripts/build.py` first")
    server = make_server(args.dir, args.port, verbose=True)
    print(f"Serving {args.dir} on http://127.0.0.1:{server.server_address[1]}/ (Ctrl-C stops)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
