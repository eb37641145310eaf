"""Count Chromium renderer crashes over many page starts, each in a fresh profile.

    python bench/crashes.py [--starts 100] [--site dist/site] [--no-build]

A rare renderer crash (SIGSEGV) was seen while Pyodide started (see
tests/e2e/pages.py). This starts the page ``--starts`` times, each in a new
browser context (empty cache, no service worker, nothing stored), waits until it
leaves ``data-state="booting"``, and counts the starts that crashed, failed or
timed out. Prints one JSON object.
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

STARTED = (
    "() => { const a = document.getElementById('app');"
    " return a && (a.dataset.error || a.dataset.state !== 'booting'); }"
)


def run(site: Path, starts: int) -> dict:
    server, base = start_server(site)
    outcome = {"started": 0, "crashed": 0, "failed": 0, "errors": []}
    began = time.monotonic()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for number in range(starts):
                context = browser.new_context()
                page = context.new_page()
                crashed = []
                page.on("crash", lambda _, crashed=crashed: crashed.append(True))
                try:
                    page.goto(base + f"index.html?seed={number}")
                    page.wait_for_function(STARTED, timeout=90_000)
                    error = page.evaluate("document.getElementById('app').dataset.error || null")
                    if error:
                        outcome["failed"] += 1
                        outcome["errors"].append(error[:200])
                    else:
                        outcome["started"] += 1
                except PlaywrightError as exc:
                    kind = "crashed" if crashed or "crash" in str(exc).lower() else "failed"
                    outcome[kind] += 1
                    outcome["errors"].append(f"{kind}: {str(exc).splitlines()[0][:200]}")
                finally:
                    context.close()
                print(f"start {number + 1}/{starts}: {outcome}", file=sys.stderr, end="\r")
            browser.close()
    finally:
        server.shutdown()
    print(file=sys.stderr)
    return {"starts": starts, "seconds": round(time.monotonic() - began), **outcome}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--starts", type=int, default=100)
    parser.add_argument("--site", type=Path, help="a built site (default: build dist/site)")
    args = parser.parse_args(argv)
    site = args.site or build(ROOT / "dist")
    print(json.dumps(run(site, args.starts), indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
