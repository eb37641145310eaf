"""How long online play takes to set up and to carry a move, between two browsers.

    python bench/online.py [--runs 3] [--site dist/site]

Each run starts two browser contexts in Debian's Chromium (a host's and a guest's, like
two devices) and the local signalling service (scripts/signal.mjs) on 127.0.0.1, and
times, on the host's clock:

- open: from "Open a table" to the invite link in the lobby (the transport's library
  and the QR encoder load, the table registers with the signalling service);
- join: from the guest's "Sit down" to the guest's seat in the host's lobby (the data
  channel opens, hello, welcome, lobby);
- move: from a person's move to the other page showing it (the host's referee checks it
  and sends the new views), the median over the person's moves of the run;

and the bytes the guest's page fetched for online play (``net.mjs``, PeerJS, the QR
encoder). Prints each run and the medians. The machine's loopback stands for the
network: on the internet add the round trips to the signalling server and between the
devices.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from scripts.build import build  # noqa: E402
from scripts.serve import start_server  # noqa: E402
from tests.e2e.net_support import start_signal  # noqa: E402
from tests.e2e.online_support import OnlinePage  # noqa: E402
from tests.e2e.pages import with_query  # noqa: E402
from tests.e2e.support import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

ONLINE_FILES = ("net.mjs", "peerjs.min.js", "qrcode.mjs", "online.json")


def log_count(person: OnlinePage) -> int:
    return person.page.locator("[data-testid=log] li").count()


def timed_move(mover: OnlinePage, watcher: OnlinePage) -> float | None:
    """A move of ``mover`` (a button, so that it is one click), in ms until ``watcher``
    shows it; None when no button move is offered now."""
    for action in ("knock", "keep", "pass", "take", "swap all"):
        button = mover.page.locator(f'[data-testid=actions] [data-action="{action}"]:enabled')
        if button.count():
            before = log_count(watcher)
            start = time.perf_counter()
            button.click()
            watcher.page.wait_for_function(
                "n => document.querySelectorAll('[data-testid=log] li').length > n",
                arg=before,
                timeout=30_000,
            )
            return (time.perf_counter() - start) * 1000
    return None


def one_run(browser, url: str, signal_url: str) -> dict[str, float]:
    host = OnlinePage(browser, url, signal_url)
    guest = OnlinePage(browser, url, signal_url)
    sizes: dict[str, int] = {}
    guest.page.on(
        "response",
        lambda r: sizes.__setitem__(r.url.rsplit("/", 1)[-1], len(r.body()))
        if r.url.rsplit("/", 1)[-1] in ONLINE_FILES
        else None,
    )
    try:
        host.open_dialog()
        host.page.locator("[data-testid=online] [name=name]").fill("Hana")
        host.page.locator("[data-testid=online] [name=players]").fill("2")
        start = time.perf_counter()
        host.page.click("[data-action=host]")
        host.page.locator("[data-testid=invite-link]").wait_for()
        opened = (time.perf_counter() - start) * 1000
        link = host.page.locator("[data-testid=invite-link]").get_attribute("href") or ""
        guest.page.goto(with_query(link, "&lang=en&speed=0"))
        guest.wait_for("[data-testid=join]")
        guest.page.locator("[data-testid=join] [name=name]").fill("Ben")
        start = time.perf_counter()
        guest.page.click("[data-action=join]")
        host.page.locator("[data-seat='1'][data-kind=guest]").wait_for()
        joined = (time.perf_counter() - start) * 1000
        host.page.click("[data-action=start-online]")
        for p in (host, guest):
            p.wait_for("[data-testid=hand] [data-card]")
        moves = []
        for _ in range(40):
            if len(moves) >= 6:
                break
            for mover, watcher in ((host, guest), (guest, host)):
                if mover.state == "deal-over":
                    mover.next_deal()
                if mover.state == "human":
                    took = timed_move(mover, watcher)
                    if took is not None:
                        moves.append(took)
            host.page.wait_for_timeout(50)
        online_bytes = sum(sizes.values())
        return {
            "open": opened,
            "join": joined,
            "move": statistics.median(moves) if moves else float("nan"),
            "moves": len(moves),
            "kb": online_bytes / 1024,
        }
    finally:
        host.close()
        guest.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--site", type=Path, help="a built site (default: build one)")
    args = parser.parse_args()
    site = args.site or build(Path(tempfile.mkdtemp(prefix="schwimmen-bench-")))
    server, url = start_server(site)
    signal = start_signal()
    results = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for run in range(args.runs):
                r = one_run(browser, url, signal.url)
                results.append(r)
                print(
                    f"run {run + 1}: open {r['open']:.0f} ms, join {r['join']:.0f} ms, "
                    f"move {r['move']:.0f} ms (median of {r['moves']}), "
                    f"online files {r['kb']:.0f} KB"
                )
            browser.close()
    finally:
        signal.stop()
        server.shutdown()
    for key, unit in (("open", "ms"), ("join", "ms"), ("move", "ms"), ("kb", "KB")):
        print(f"median {key}: {statistics.median(r[key] for r in results):.0f} {unit}")


if __name__ == "__main__":
    main()
