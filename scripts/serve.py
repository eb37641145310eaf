"""Serve a folder over HTTP on 127.0.0.1 (default: the built site on port 8000).

    python scripts/serve.py [--dir dist/site] [--port 8000]

A threaded static server with the MIME types the page needs; tests and the
start-up benchmark use ``start_server`` to run one on a free port.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import threading
from pathlib import Path

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

    def log_message(self, format, *args):
        if self.verbose:
            super().log_message(format, *args)


def make_server(directory: Path, port: int = 0, verbose: bool = False):
    """A ThreadingHTTPServer for ``directory`` on 127.0.0.1 (port 0: a free one)."""
    handler = type("Handler", (QuietHandler,), {"verbose": verbose})
    bound = functools.partial(handler, directory=str(directory))
    return http.server.ThreadingHTTPServer(("127.0.0.1", port), bound)


def start_server(directory: Path, port: int = 0):
    """Serve ``directory`` from a background thread; returns ``(server, base_url)``.

    Call ``server.shutdown()`` when done.
    """
    server = make_server(directory, port)
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
