"""Run the table server: ``python -m server [--port N] [--database URL] [--site DIR | --build]``.

It listens on 127.0.0.1 (``--host`` for another address, behind a TLS proxy:
``docs/server.md``), migrates the database, and prints ``http://HOST:PORT/`` once it
accepts connections. With ``--build`` it first builds the site for its own origin
(``scripts/build.py --server``) into ``dist/server/site`` and serves it too, so the page
and the table API share one origin. ``--port 0`` takes any free port (the printed line
says which). SIGTERM or Ctrl-C stops it.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import logging
import socket
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DATABASE = f"sqlite:///{ROOT / 'var' / 'tables.db'}"


def parse(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m server", description=__doc__.split("\n")[0])
    p.add_argument("--port", type=int, default=8000, help="port (0: any free one)")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on")
    p.add_argument(
        "--database",
        default=DEFAULT_DATABASE,
        help="sqlite:///PATH (default var/tables.db) or postgresql://USER@HOST:PORT/DB",
    )
    p.add_argument("--site", type=Path, help="a built site to serve (scripts/build.py --server)")
    p.add_argument("--build", action="store_true", help="build the site for this server first")
    p.add_argument("--public-url", help="the origin pages reach this server at (behind TLS)")
    p.add_argument("--origin", action="append", default=[], help="another page origin allowed")
    p.add_argument("--push-endpoint", action="append", default=[], help=argparse.SUPPRESS)
    p.add_argument("--push-subject", default="mailto:tables@localhost")
    p.add_argument("--http-rate", type=float, default=2.0, help=argparse.SUPPRESS)
    p.add_argument("--proxy-headers", action="store_true", help="trust X-Forwarded-* (behind TLS)")
    p.add_argument(
        "--per-address",
        type=int,
        default=32,
        help="WebSockets, and HTTP connections unless behind a proxy, open at once per"
        " client address (an IPv6 /64)",
    )
    p.add_argument("--hello-timeout", type=float, default=10.0, help=argparse.SUPPRESS)
    p.add_argument("--headers-timeout", type=float, default=10.0, help=argparse.SUPPRESS)
    p.add_argument("--body-timeout", type=float, default=10.0, help=argparse.SUPPRESS)
    p.add_argument("--log-level", default="warning")
    return p.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    logging.basicConfig(level=args.log_level.upper(), format="server: %(name)s: %(message)s")
    sock = socket.socket(socket.AF_INET6 if ":" in args.host else socket.AF_INET)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((args.host, args.port))
    sock.listen(512)
    port = sock.getsockname()[1]
    host = f"[{args.host}]" if ":" in args.host else args.host
    origin = (args.public_url or f"http://{host}:{port}").rstrip("/")
    site = args.site
    if args.build:
        sys.path.insert(0, str(ROOT))
        from scripts.build import BuildError, build

        try:
            site = build(ROOT / "dist" / "server", server=origin)
        except BuildError as e:
            print(f"server: build failed: {e}", file=sys.stderr)
            return 1
    return asyncio.run(serve(args, sock, origin, site))


async def serve(
    args: argparse.Namespace, sock: socket.socket, origin: str, site: Path | None
) -> int:
    import uvicorn

    from server.app import MAX_FRAME, Settings, create_app
    from server.connections import guarded_h11

    settings = Settings(
        database=args.database,
        site=site,
        origins=tuple(dict.fromkeys([origin, *args.origin])),
        push_endpoints=tuple(args.push_endpoint),
        push_subject=args.push_subject,
        http_rate=args.http_rate,
        per_address=args.per_address,
        hello_s=args.hello_timeout,
        body_s=args.body_timeout,
        public_url=origin,
    )
    config = uvicorn.Config(
        create_app(settings),
        http=guarded_h11(args.headers_timeout, None if args.proxy_headers else args.per_address),
        timeout_keep_alive=5,
        ws="websockets-sansio",
        ws_max_size=MAX_FRAME,
        # No permessage-deflate: a move's messages are a few hundred bytes to a few KB of
        # JSON, where compressing each for each page cost more of the server's CPU per
        # move than anything but the database, and kept a compressor per socket.
        ws_per_message_deflate=False,
        ws_ping_interval=20,
        ws_ping_timeout=20,
        lifespan="on",
        log_level=args.log_level,
        access_log=False,
        proxy_headers=args.proxy_headers,
        timeout_graceful_shutdown=5,
    )
    server = uvicorn.Server(config)
    task = asyncio.create_task(server.serve(sockets=[sock]))
    while not server.started:
        if task.done():
            return 1
        await asyncio.sleep(0.02)
    quiet_collector()
    print(f"{origin}/", flush=True)
    await task
    return 0


GC_THRESHOLDS = (20_000, 20, 20)
"""The cycle collector's thresholds once the server runs (Python's are 700, 10, 10)."""


def quiet_collector() -> None:
    """Keep the cycle collector from stalling every table: what start-up made (modules,
    the app) is frozen out of its reach, and it runs after 20,000 new container objects
    instead of 700. With Python's settings, at 300 moves a second a full collection
    came every 15 s, walked the whole heap (about 130 MB) for 250-275 ms, found nothing
    to free (the server's objects go by reference counting), and stalled every page of
    the process meanwhile: the run's p99 was 272 ms (``docs/performance.md``)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


if __name__ == "__main__":
    sys.exit(main())
