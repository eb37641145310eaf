"""The page's peak memory in each browser engine, against a phone's budget (300 MB).

    python bench/memory.py [--engines chromium,firefox,webkit] [--lives 1] [--matches 2]
                           [--out m.json]

Builds the site, serves it on a free port and, per engine (the cross-browser tier's
drivers, tests/e2e/engines/), on a fresh profile:

1. **fresh**: the first visit, until the memory snapshot is saved (a second Pyodide
   runs in a worker then to make it: the start's real peak);
2. **warm**: the browser relaunched on that profile, the page restored from the
   snapshot (its bytes are held while restoring);
3. **match1**, **match2**...: then 9-player Knack matches (8 hard bots) played to their
   end, one after another in the same page (``--matches``; memory that keeps growing
   from one to the next would be a leak).

Before them, **blank**: a plain page of the same origin (the folder listing of
``static/``), the engine's own share of a content process.

Figures per phase:

- ``wasm_mb``: the page's WebAssembly memory (Pyodide's heap; caught by an init script
  that wraps ``WebAssembly.Memory``/``instantiate``, the page is unchanged; it only
  grows, so it is also its peak);
- ``js_heap_mb``: the used JavaScript heap, where the engine tells a page
  (Chromium's ``performance.memory``; Firefox and WebKit do not: null), after a garbage
  collection where the engine lets a test ask for one (Chromium; not Firefox or WebKit);
- ``snapshot_mb``: the stored snapshot's length (the bytes read and handed over);
- ``process_peak_mb`` / ``process_mb``: peak (``VmHWM``) and present (``VmRSS``) resident
  memory of the page's content process (the biggest of the engine's content processes:
  Chromium's renderer, Firefox's content process, ``WebKitWebProcess``), the engine's
  own baseline included (``process_mb`` after that collection, ``process_before_gc_mb``
  before it); ``page_peak_mb``, that peak less the blank page's, is what is
  held against the budget.

Prints one JSON object. Run it on a quiet machine (``nice -n 19``, one at a time).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from scripts.build import build  # noqa: E402
from scripts.serve import start_server  # noqa: E402
from tests.e2e.engines.chromium import ChromiumDriver  # noqa: E402
from tests.e2e.engines.firefox import FirefoxDriver  # noqa: E402
from tests.e2e.engines.game import EngineGame  # noqa: E402
from tests.e2e.engines.webkit import WebKitDriver, xvfb  # noqa: E402

BUDGET_MB = 300
MB = 1024 * 1024
# Keeps every WebAssembly memory the page makes (Emscripten imports one or exports it).
WATCH_WASM = """
(() => {
  const seen = (globalThis.__wasmMemories = []);
  const keep = (m) => { if (m instanceof WebAssembly.Memory && !seen.includes(m)) seen.push(m); };
  const Memory = WebAssembly.Memory;
  WebAssembly.Memory = function (...args) { const m = new Memory(...args); keep(m); return m; };
  WebAssembly.Memory.prototype = Memory.prototype;
  const exported = (result) => {
    const instance = result.instance || result;
    for (const value of Object.values(instance.exports || {})) keep(value);
    return result;
  };
  for (const name of ['instantiate', 'instantiateStreaming']) {
    const plain = WebAssembly[name];
    WebAssembly[name] = (...args) => plain.apply(WebAssembly, args).then(exported);
  }
})();
"""
READ = """async () => {
  const hit = await caches.open('schwimmen.snapshot').then(c => c.match('./__snapshot__'));
  return {
    wasm: (globalThis.__wasmMemories || []).reduce((n, m) => n + m.buffer.byteLength, 0),
    js: performance.memory ? performance.memory.usedJSHeapSize : null,
    snapshot: hit ? Number(hit.headers.get('x-length')) : null,
    boot: document.getElementById('app').dataset.boot || null,
  };
}"""
CONTENT = {
    "chromium": lambda cmd: "--type=renderer" in cmd,
    "firefox": lambda cmd: "-contentproc" in cmd and " tab" in f" {cmd}",
    "webkit": lambda cmd: "WebKitWebProcess" in cmd,
}
NINE = "?preset=knack&bots=8&difficulty=hard&lives={lives}&speed=0&lang=en&new=1"


def descendants(root: int) -> list[int]:
    """Process ids below ``root`` (from /proc)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError, IndexError, ValueError):
                ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
                children.setdefault(ppid, []).append(int(entry.name))
    found, todo = [], [root]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def content_memory(engine: str) -> dict:
    """Peak and present resident memory (MB) of the engine's biggest content process."""
    best = {"process_peak_mb": None, "process_mb": None}
    for pid in descendants(os.getpid()):
        with contextlib.suppress(OSError):
            cmd = (Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ")).decode()
            if not CONTENT[engine](cmd):
                continue
            status = dict(
                line.split(":", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines()
            )
            peak = int(status["VmHWM"].split()[0]) / 1024
            if best["process_peak_mb"] is None or peak > best["process_peak_mb"]:
                now = int(status["VmRSS"].split()[0]) / 1024
                best = {"process_peak_mb": round(peak, 1), "process_mb": round(now, 1)}
    return best


def figures(game: EngineGame, engine: str) -> dict:
    read = game.driver.evaluate(READ)
    before_gc = content_memory(engine)["process_mb"]
    collected = game.driver.collect_garbage()
    if collected:
        read["js"] = game.driver.evaluate(READ)["js"]
    mb = lambda n: None if n is None else round(n / MB, 1)  # noqa: E731
    return {
        "boot": read["boot"],
        "wasm_mb": mb(read["wasm"]),
        "js_heap_mb": mb(read["js"]),
        "snapshot_mb": mb(read["snapshot"]),
        "process_before_gc_mb": before_gc if collected else None,
        **content_memory(engine),
    }


def measure(driver, url: str, lives: int, matches: int) -> dict:
    engine = driver.name
    game = EngineGame(driver, settle_s=300)  # eight hard bots on a busy machine
    out = {"engine": engine}
    driver.goto(url + "static/")  # a plain page of the same origin: the engine's own share
    out["blank"] = content_memory(engine)
    game.open(url, "?bots=1&speed=0&lang=en&new=1")
    game.driver.wait(
        "() => ['saved', 'failed'].includes(document.getElementById('app').dataset.snapshot)",
        timeout=300,
        what="the snapshot",
    )
    out["version"] = driver.version
    out["fresh"] = figures(game, engine)
    driver.relaunch()
    game.open(url, "?bots=1&speed=0&lang=en&new=1")
    out["warm"] = figures(game, engine)
    game.open(url, NINE.format(lives=lives))
    players = game.driver.count("[data-testid^=seat-]")
    for number in range(1, matches + 1):
        started = time.monotonic()
        if number > 1:
            game.new_match()
        assert game.play_until(seed=9 + number, max_moves=2000) == "match-over"
        out[f"match{number}"] = {
            "players": players,
            "seconds": round(time.monotonic() - started, 1),
            **figures(game, engine),
        }
    phases = ["fresh", "warm", *(f"match{n}" for n in range(1, matches + 1))]
    peaks = [out[p]["process_peak_mb"] or 0 for p in phases]
    out["peak_mb"] = max(peaks)
    out["page_peak_mb"] = round(out["peak_mb"] - (out["blank"]["process_peak_mb"] or 0), 1)
    out["within_budget"] = out["page_peak_mb"] <= BUDGET_MB
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engines", default="chromium,firefox,webkit")
    parser.add_argument("--lives", type=int, default=1, help="lives in the 9-player match")
    parser.add_argument("--matches", type=int, default=2, help="9-player matches in a row")
    parser.add_argument(
        "--webkit-memory-limit", type=int, default=0, help="MB: WebKit's memory-pressure limit"
    )
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    results = {"budget_mb": BUDGET_MB, "load_before": os.getloadavg()[0], "engines": []}
    with tempfile.TemporaryDirectory() as tmp, contextlib.ExitStack() as stack:
        site = build(Path(tmp) / "dist")
        server, url = start_server(site)
        stack.callback(server.shutdown)
        playwright = stack.enter_context(sync_playwright())
        display = None
        for name in args.engines.split(","):
            profile = Path(tmp) / name
            if name == "chromium":
                driver = ChromiumDriver(playwright, profile, [WATCH_WASM])
            elif name == "firefox":
                driver = FirefoxDriver(profile, [WATCH_WASM])
            else:
                display = display or stack.enter_context(xvfb())
                driver = WebKitDriver(display, profile, [WATCH_WASM], args.webkit_memory_limit)
            try:
                results["engines"].append(measure(driver.launch(), url, args.lives, args.matches))
            finally:
                driver.quit()
    results["load_after"] = os.getloadavg()[0]
    text = json.dumps(results, indent=2)
    if args.out:
        args.out.write_text(text + "\n", encoding="utf-8")
    print(text)


if __name__ == "__main__":
    main()
