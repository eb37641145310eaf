"""Start-up time of the page against a bare PyScript page on the same runtime packages.

    python bench/startup.py [--runs 7] [--phone] [--out results.json]
    python bench/startup.py --site dist-a/site --against dist-b/site   # an A/B of two builds

Builds the site (``dist/site``) and the bare page (``dist/bench/bare.html``: PyScript
and Pyodide as published, full standard library, plugins off as in the game), serves
them on a free port as GitHub Pages does (gzip, ETags, ``max-age=600``) and,
interleaving the two pages round by round, measures in Debian's Chromium:

- cold: a fresh browser profile (empty HTTP cache, no service worker), at
  ``index.html?seed=1``;
- warm: the same profile launched again once the first visit has settled and gone
  (for our page: the service worker installed, the memory snapshot made, the screen
  kept), at ``index.html``: a returning player.

``--phone`` does both as on a phone: Chromium's CPU throttling at 4x, a slow-4G
network (Lighthouse's: 562.5 ms request latency, 1.47 Mbit/s down, 675 kbit/s up)
and a 360x740 touch screen, for both pages alike. ``--against DIR`` puts another
built site in the bare page's place (both then at ``index.html``), for an
interleaved A/B of two builds; ``--site DIR`` measures a site built elsewhere.

The time is from navigation start to the page leaving ``data-state="booting"``
(``#app`` for the game, ``<body>`` for the bare page), read in the page with
``performance.now()``. ``paint_ms`` is the first contentful paint; for our page
``first_screen`` says whether the stored table was on it (static/first-screen.js:
``shown``, or why not). Bytes are what the page's requests transferred over the
network until then (Chrome's ``encodedDataLength``: gzip-compressed where the server
compressed, ~0 for cache hits). For our page it also reports ``data-boot`` of each
visit (``snapshot`` or ``fresh``) and a breakdown from static/boot.mjs's marks:
navigation -> interpreter module running -> interpreter ready -> PyScript done ->
first screen drawn by Python. Prints one JSON object with medians and the ratios
ours / bare against the targets.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import Error as PlaywrightError  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

from scripts.build import build  # noqa: E402
from scripts.serve import start_server  # noqa: E402
from tests.e2e.support import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

# Where each page is under the served folder, on the first visit and on the return.
PAGES = {
    "ours": ("site/index.html?seed=1", "site/index.html"),
    "bare": ("bench/bare.html", "bench/bare.html"),
}
TIMEOUT_MS = 90_000
PHONE_TIMEOUT_MS = 240_000
TARGETS = {"ratio_cold": 0.5, "ratio_warm": 0.35, "cold_bytes": 4_500_000}
FIRST_SCREEN_TARGET_MS = {"desktop": 200, "phone": 600}
# static/boot.mjs's performance marks, in the order they happen.
MARKS = ("boot:start", "boot:interpreter", "boot:app")
# Lighthouse's slow 4G as DevTools applies it (its "devtools" throttling), and 4x CPU.
SLOW_4G = {
    "offline": False,
    "latency": 562.5,
    "downloadThroughput": 1474.56 * 1024 / 8,
    "uploadThroughput": 675 * 1024 / 8,
}
CPU_SLOWDOWN = 4
PHONE_SCREEN = {
    "viewport": {"width": 360, "height": 740},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}

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

READ_PAGE = """() => {
  const app = document.getElementById('app');
  const mark = (name) => performance.getEntriesByName(name)[0]?.startTime ?? null;
  return {
    boot: app?.dataset.boot ?? null,
    first_screen: app?.dataset.firstScreen ?? null,
    stored_ms: mark('screen:first'),
    paint_ms: mark('first-contentful-paint'),
    marks: Object.fromEntries(performance.getEntriesByType('mark')
      .map(m => [m.name, m.startTime])),
  };
}"""


def visit(playwright, profile: Path, url: str, settle: bool, phone: bool) -> dict:
    """One page load in a persistent profile; returns ms to leave booting, first paint,
    bytes moved, how our page booted and its marks. ``settle``: wait for the service
    worker and the memory snapshot, then leave the page (it keeps its screen)."""
    screen = PHONE_SCREEN if phone else {}
    context = playwright.chromium.launch_persistent_context(
        str(profile), executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True, **screen
    )
    timeout = PHONE_TIMEOUT_MS if phone else TIMEOUT_MS
    try:
        context.add_init_script(WATCH_BOOT)
        page = context.pages[0] if context.pages else context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        if phone:
            cdp.send("Network.emulateNetworkConditions", SLOW_4G)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
        moved = {"bytes": 0, "requests": 0}

        def finished(event):
            moved["bytes"] += int(event.get("encodedDataLength", 0))
            moved["requests"] += 1

        cdp.on("Network.loadingFinished", finished)
        page.goto(url, timeout=timeout)
        page.wait_for_function("() => window.__boot !== null", timeout=timeout)
        boot = page.evaluate("window.__boot")
        result = {"ms": boot["ms"], "bytes": moved["bytes"], "requests": moved["requests"]}
        if boot["error"]:
            raise RuntimeError(f"{url} failed to start: {boot['error']}")
        result.update(page.evaluate(READ_PAGE))
        if settle and result["boot"] is not None:
            # The service worker's precache and the snapshot worker, before the profile
            # closes; then the player leaves (pagehide: the page keeps its screen).
            page.evaluate("navigator.serviceWorker.ready.then(() => true)")
            page.wait_for_function(
                "() => ['saved', 'failed']"
                ".includes(document.getElementById('app').dataset.snapshot)",
                timeout=timeout,
            )
            result["snapshot"] = page.evaluate("document.getElementById('app').dataset.snapshot")
            page.goto("about:blank")
        return result
    finally:
        context.close()


def run(runs: int, phone: bool, site: Path | None, against: Path | None) -> dict:
    if site is None:
        site = build(ROOT / "dist")
    pages = dict(PAGES)
    with tempfile.TemporaryDirectory() as served:
        # One folder served as GitHub Pages serves (gzip, ETags, max-age=600): the site,
        # and the bare page (or the other build).
        os.symlink(site.resolve(), Path(served) / "site")
        if against is None:
            os.symlink((ROOT / "dist" / "bench").resolve(), Path(served) / "bench")
        else:
            os.symlink(against.resolve(), Path(served) / "other")
            pages["bare"] = ("other/index.html?seed=1", "other/index.html")
        server, base = start_server(Path(served), max_age=600)
        try:
            samples = measure(runs, phone, base, pages)
        finally:
            server.shutdown()
    return summarize(samples, runs, phone, against)


def measure(runs: int, phone: bool, base: str, pages: dict) -> dict:
    samples = {(name, kind): [] for name in pages for kind in ("cold", "warm")}
    crashes = samples["crashes"] = []
    with sync_playwright() as playwright, tempfile.TemporaryDirectory() as tmp:
        for round_no in range(runs):
            order = list(pages) if round_no % 2 == 0 else list(reversed(pages))
            for name in order:
                first, back = (base + path for path in pages[name])
                for attempt in range(2):
                    profile = Path(tmp) / f"{name}-{round_no}-{attempt}"
                    try:
                        cold = visit(playwright, profile, first, settle=True, phone=phone)
                        warm = visit(playwright, profile, back, settle=False, phone=phone)
                        break
                    except PlaywrightError as error:
                        # Chromium's rare renderer crash at start (tests/e2e/pages.py):
                        # the pair is measured again in a new profile, once.
                        if "crash" not in str(error).lower() or attempt:
                            raise
                        crashes.append(f"round {round_no + 1} {name}")
                        print(f"renderer crashed: {name}, measured again", file=sys.stderr)
                samples[name, "cold"].append(cold)
                samples[name, "warm"].append(warm)
                print(
                    f"round {round_no + 1}/{runs} {name}: cold {cold['ms']:.0f} ms, "
                    f"warm {warm['ms']:.0f} ms ({warm['boot']}, first paint "
                    f"{warm['paint_ms'] or 0:.0f} ms, {warm['first_screen']})",
                    file=sys.stderr,
                )
    return samples


def summarize(samples: dict, runs: int, phone: bool, against: Path | None) -> dict:
    def summary(name, kind):
        rows = samples[name, kind]
        out = {
            "median_ms": round(statistics.median(r["ms"] for r in rows)),
            "runs_ms": [round(r["ms"]) for r in rows],
            "median_paint_ms": _median(r["paint_ms"] for r in rows),
            "median_bytes": round(statistics.median(r["bytes"] for r in rows)),
            "requests": rows[-1]["requests"],
        }
        if rows[0]["boot"] is not None:
            out["boot"] = [r["boot"] for r in rows]
            out["first_screen"] = [r["first_screen"] for r in rows]
            out["stored_screen_ms"] = _median(r["stored_ms"] for r in rows)
            out["breakdown_ms"] = breakdown(rows)
        return out

    profile = "phone" if phone else "desktop"
    result = {
        "runs": runs,
        "profile": profile,
        "against": "bare PyScript page" if against is None else str(against),
        "when": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "load_average": [round(x, 2) for x in os.getloadavg()],
        "measure": "navigation start to data-state leaving 'booting'",
        "renderer_crashes": samples["crashes"],
        **{name: {kind: summary(name, kind) for kind in ("cold", "warm")} for name in PAGES},
    }
    for kind in ("cold", "warm"):
        ratio = result["ours"][kind]["median_ms"] / result["bare"][kind]["median_ms"]
        result[f"ratio_{kind}"] = round(ratio, 3)
        # What our page adds to PyScript's own start; steadier than the ratio on a busy box.
        extra = result["ours"][kind]["median_ms"] - result["bare"][kind]["median_ms"]
        result[f"extra_ms_{kind}"] = extra
    result["cold_bytes"] = result["ours"]["cold"]["median_bytes"]
    warm = samples["ours", "warm"]
    painted = [r["paint_ms"] for r in warm if r["first_screen"] == "shown" and r["paint_ms"]]
    # The stored table was on the first paint (it goes in before the browser may paint).
    result["table_painted_ms"] = _median(painted) if len(painted) == len(warm) else None
    targets = {**TARGETS, "table_painted_ms": FIRST_SCREEN_TARGET_MS[profile]}
    result["targets"] = targets
    result["within_targets"] = {
        key: result[key] is not None and result[key] <= limit for key, limit in targets.items()
    }
    return result


def _median(values) -> int | None:
    found = [v for v in values if v is not None]
    return round(statistics.median(found)) if found else None


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
    parser.add_argument("--runs", type=int, default=7, help="rounds per page (default 7)")
    parser.add_argument("--phone", action="store_true", help="4x CPU, slow 4G, 360x740")
    parser.add_argument("--site", type=Path, help="a built site to measure (default: build)")
    parser.add_argument("--against", type=Path, help="another built site instead of bare")
    parser.add_argument("--out", type=Path, help="also write the JSON to this file")
    args = parser.parse_args(argv)
    if args.site is None and args.against is not None:
        parser.error("--against needs --site (two builds to compare)")
    if args.site is not None and args.against is None and not (ROOT / "dist/bench").is_dir():
        build(ROOT / "dist")  # the bare page
    result = run(args.runs, args.phone, args.site, args.against)
    text = json.dumps(result, indent=2)
    print(text)
    if args.out:
        args.out.write_text(text + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
