"""Count Chromium renderer crashes over many page starts, each in a fresh profile.

    python bench/crashes.py [--starts 100] [--site dist/site] [--restore]

A rare renderer crash (SIGSEGV) was seen while Pyodide started (see
tests/e2e/pages.py). This starts the page ``--starts`` times, each in a new
browser context (empty cache, no service worker, nothing stored), waits until it
leaves ``data-state="booting"``, clicks a card, and counts the starts that
crashed, failed or timed out. With ``--restore`` all starts share one context
whose first visit made the memory snapshot, so each start restores it (a crashed
tab is replaced by a new one). Prints one JSON object.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import Error as PlaywrightError  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

from scripts.build import build  # noqa: E402
from scripts.serve import start_server  # noqa: E402
from tests.e2e.support import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

SNAPSHOT_MADE = (
    "() => ['saved', 'failed'].includes(document.getElementById('app').dataset.snapshot)"
)
SETTLED = (
    "() => ['human', 'deal-over', 'match-over']"
    ".includes(document.getElementById('app').dataset.state)"
)
STARTED = (
    "() => { const a = document.getElementById('app');"
    " return a && (a.dataset.error || a.dataset.state !== 'booting'); }"
)


def run(site: Path, starts: int, restore: bool) -> dict:
    server, base = start_server(site)
    outcome = {"started": 0, "crashed": 0, "failed": 0, "errors": [], "boot": {}}
    began = time.monotonic()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            shared = browser.new_context() if restore else None
            if shared:
                first = shared.new_page()
                first.goto(base + "index.html?seed=0&speed=0")
                first.wait_for_function(SNAPSHOT_MADE, timeout=90_000)
                first.close()
            for number in range(starts):
                context = shared or browser.new_context()
                page = context.new_page()
                crashed = []
                page.on("crash", lambda _, crashed=crashed: crashed.append(True))
                try:
                    page.goto(base + f"index.html?seed={number}&bots=1&speed=0&new=1")
                    page.wait_for_function(STARTED, timeout=90_000)
                    error = page.evaluate("document.getElementById('app').dataset.error || null")
                    if error:
                        outcome["failed"] += 1
                        outcome["errors"].append(error[:200])
                    else:
                        page.wait_for_function(SETTLED, timeout=90_000)
                        if page.evaluate("document.getElementById('app').dataset.state") == "human":
                            page.locator("[data-testid=hand] [data-card]").first.click()
                        outcome["started"] += 1
                        how = page.evaluate("document.getElementById('app').dataset.boot")
                        outcome["boot"][how] = outcome["boot"].get(how, 0) + 1
                except PlaywrightError as exc:
                    kind = "crashed" if crashed or "crash" in str(exc).lower() else "failed"
                    outcome[kind] += 1
                    outcome["errors"].append(f"{kind}: {str(exc).splitlines()[0][:200]}")
                finally:
                    page.close()
                    if not shared:
                        context.close()
                print(f"start {number + 1}/{starts}: {outcome}", file=sys.stderr, end="\r")
            browser.close()
    finally:
        server.shutdown()
    print(file=sys.stderr)
    mode = "restore" if restore else "fresh"
    return {"starts": starts, "mode": mode, "seconds": round(time.monotonic() - began), **outcome}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--starts", type=int, default=100)
    parser.add_argument("--site", type=Path, help="a built site (default: build dist/site)")
    parser.add_argument("--restore", action="store_true", help="start from the memory snapshot")
    args = parser.parse_args(argv)
    site = args.site or build(ROOT / "dist")
    print(json.dumps(run(site, args.starts, args.restore), indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
