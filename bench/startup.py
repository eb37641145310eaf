"""Start-up time of the page against a bare PyScript page on the same runtime packages.

    python bench/startup.py [--runs 5] [--out results.json]

Builds the site (``dist/site``) and the bare page (``dist/bench/bare.html``: PyScript
and Pyodide as published, full standard library, plugins off as in the game), serves
``dist/`` on a free port as GitHub Pages does (gzip, ETags, ``max-age=600``) and,
interleaving the two
pages round by round, measures in Debian's Chromium:

- cold: a fresh browser profile (empty HTTP cache, no service worker);
- warm: the same profile launched again once the first visit has settled (for our
  page: the service worker installed and the memory snapshot made).

The time is from navigation start to the page leaving ``data-state="booting"``
(``#app`` for the game, ``<body>`` for the bare page), read in the page with
``performance.now()``. Bytes are what the page's requests transferred over the
network until then (Chrome's ``encodedDataLength``: gzip-compressed where the server
compressed, ~0 for cache hits). For our page it also reports ``data-boot`` of each
visit (``snapshot`` or ``fresh``) and a breakdown from static/boot.mjs's marks:
navigation -> interpreter module running -> interpreter ready -> first screen.
Prints one JSON object with medians and the ratios ours / bare against the targets.
"""

from __future__ import annotations

import argparse
import json
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
from tests.e2e.support import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

PAGES = {"ours": "site/index.html?seed=1", "bare": "bench/bare.html"}
TIMEOUT_MS = 90_000
TARGETS = {"ratio_cold": 1.0, "ratio_warm": 0.5, "cold_bytes": 4_500_000}
# static/boot.mjs's performance marks, in the order they happen.
MARKS = ("boot:start", "boot:interpreter", "boot:app")

# Records when the first element with data-state leaves "booting".
WATCH_BOOT = """
window.__boot = null;
new MutationObserver((_, observer) => {
  const el = document.querySelector("[data-state]");
  if (el && el.dataset.state !== "booting" && window.__boot === null) {
    window.__boot = { ms: performance.now(), error: el.dataset.error || null };
    observer.disconnect();
  }
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-state"] });
"""


def visit(playwright, profile: Path, url: str, settle: bool) -> dict:
    """One page load in a persistent profile; returns ms to leave booting, bytes moved,
    how our page booted and its marks. ``settle``: wait for the service worker and the
    memory snapshot before closing."""
    context = playwright.chromium.launch_persistent_context(
        str(profile), executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True
    )
    try:
        context.add_init_script(WATCH_BOOT)
        page = context.pages[0] if context.pages else context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        moved = {"bytes": 0, "requests": 0}

        def finished(event):
            moved["bytes"] += int(event.get("encodedDataLength", 0))
            moved["requests"] += 1

        cdp.on("Network.loadingFinished", finished)
        page.goto(url)
        page.wait_for_function("() => window.__boot !== null", timeout=TIMEOUT_MS)
        boot = page.evaluate("window.__boot")
        result = {"ms": boot["ms"], "bytes": moved["bytes"], "requests": moved["requests"]}
        if boot["error"]:
            raise RuntimeError(f"{url} failed to start: {boot['error']}")
        result["boot"] = page.evaluate("document.getElementById('app')?.dataset.boot ?? null")
        result["marks"] = page.evaluate(
            "Object.fromEntries(performance.getEntriesByType('mark')"
            ".map(m => [m.name, m.startTime]))"
        )
        if settle:
            # The service worker's precache and the snapshot worker, before the profile closes.
            page.evaluate("navigator.serviceWorker.ready.then(() => true)")
            page.wait_for_function(
                "() => ['saved', 'failed']"
                ".includes(document.getElementById('app').dataset.snapshot)",
                timeout=TIMEOUT_MS,
            )
            result["snapshot"] = page.evaluate("document.getElementById('app').dataset.snapshot")
        return result
    finally:
        context.close()


def run(runs: int) -> dict:
    build(ROOT / "dist")
    # Served as GitHub Pages serves: gzip, ETags, Cache-Control max-age=600.
    server, base = start_server(ROOT / "dist", max_age=600)
    samples = {(name, kind): [] for name in PAGES for kind in ("cold", "warm")}
    try:
        with sync_playwright() as playwright, tempfile.TemporaryDirectory() as tmp:
            for round_no in range(runs):
                order = list(PAGES) if round_no % 2 == 0 else list(reversed(PAGES))
                for name in order:
                    profile = Path(tmp) / f"{name}-{round_no}"
                    url = base + PAGES[name]
                    cold = visit(playwright, profile, url, settle=name == "ours")
                    warm = visit(playwright, profile, url, settle=False)
                    samples[name, "cold"].append(cold)
                    samples[name, "warm"].append(warm)
                    print(
                        f"round {round_no + 1}/{runs} {name}: cold {cold['ms']:.0f} ms, "
                        f"warm {warm['ms']:.0f} ms ({warm['boot']})",
                        file=sys.stderr,
                    )
    finally:
        server.shutdown()

    def summary(name, kind):
        rows = samples[name, kind]
        out = {
            "median_ms": round(statistics.median(r["ms"] for r in rows)),
            "runs_ms": [round(r["ms"]) for r in rows],
            "median_bytes": round(statistics.median(r["bytes"] for r in rows)),
            "requests": rows[-1]["requests"],
        }
        if name == "ours":
            out["boot"] = [r["boot"] for r in rows]
            out["breakdown_ms"] = breakdown(rows)
        return out

    result = {
        "runs": runs,
        "when": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "measure": "navigation start to data-state leaving 'booting'",
        **{name: {kind: summary(name, kind) for kind in ("cold", "warm")} for name in PAGES},
    }
    for kind in ("cold", "warm"):
        ratio = result["ours"][kind]["median_ms"] / result["bare"][kind]["median_ms"]
        result[f"ratio_{kind}"] = round(ratio, 3)
        # What our page adds to PyScript's own start; steadier than the ratio on a busy box.
        extra = result["ours"][kind]["median_ms"] - result["bare"][kind]["median_ms"]
        result[f"extra_ms_{kind}"] = extra
    result["cold_bytes"] = result["ours"]["cold"]["median_bytes"]
    result["targets"] = TARGETS
    result["within_targets"] = {key: result[key] <= limit for key, limit in TARGETS.items()}
    return result


def breakdown(rows: list[dict]) -> dict:
    """Median ms of each step: navigation -> our interpreter module running -> interpreter
    ready -> PyScript done, app.main.start() called -> the first screen drawn."""
    steps = {}
    for row in rows:
        points = [0.0] + [row["marks"].get(mark) for mark in MARKS] + [row["ms"]]
        if None in points:
            continue
        names = ["to_interpreter_module", "interpreter", "pyscript", "first_screen"]
        for step, a, b in zip(names, points[:-1], points[1:], strict=True):
            steps.setdefault(step, []).append(b - a)
    return {step: round(statistics.median(values)) for step, values in steps.items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="rounds per page (default 5)")
    parser.add_argument("--out", type=Path, help="also write the JSON to this file")
    args = parser.parse_args(argv)
    result = run(args.runs)
    text = json.dumps(result, indent=2)
    print(text)
    if args.out:
        args.out.write_text(text + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
