"""What each engine offers the page: the probe behind docs/browsers.md's table.

    python -m tests.e2e.engines.features        # builds the site, prints JSON per engine

``NEEDED`` are what the page cannot start or play without; ``OPTIONAL`` what it uses
where the engine has it and does without otherwise (docs/browsers.md says how). The
test ``test_engines.py::test_the_engine_has_what_the_page_needs`` checks ``NEEDED``.
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

# Each name -> a JavaScript expression (may be a promise) giving true/false or a word.
NEEDED = {
    "WebAssembly": "typeof WebAssembly.instantiate === 'function'",
    "service worker": "'serviceWorker' in navigator",
    "Cache Storage": "typeof caches === 'object'",
    "crypto.subtle (SHA-256)": "typeof crypto.subtle?.digest === 'function'",
    "localStorage": "(() => { try { return !!localStorage; } catch { return false; } })()",
    "TransformStream": "typeof TransformStream === 'function'",
    "module workers": "typeof Worker === 'function'",
}
OPTIONAL = {
    "Web Locks": "typeof navigator.locks?.request === 'function'",
    "requestIdleCallback": "typeof requestIdleCallback === 'function'",
    "CompressionStream gzip": "(() => { try { new CompressionStream('gzip'); return true; }"
    " catch { return false; } })()",
    "DecompressionStream brotli": "(() => { try { new DecompressionStream('brotli');"
    " return true; } catch { return false; } })()",
    "navigator.storage.persist": "typeof navigator.storage?.persist === 'function'",
    "navigator.storage.estimate": "typeof navigator.storage?.estimate === 'function'",
    "Web Push (PushManager)": "typeof PushManager === 'function'",
    "Notification": "typeof Notification === 'function'",
    "Web Audio": "typeof (window.AudioContext || window.webkitAudioContext) === 'function'",
    "Web Audio before a gesture": "(async () => { const A = window.AudioContext ||"
    " window.webkitAudioContext; if (!A) return 'none'; const c = new A(); const s = c.state;"
    " await c.close(); return s; })()",
    "WebRTC (RTCPeerConnection)": "typeof RTCPeerConnection === 'function'",
    "performance.memory": "typeof performance.memory === 'object'",
    "WebAssembly JSPI": "typeof WebAssembly.Suspending === 'function'",
    "WebAssembly exceptions": "typeof WebAssembly.Tag === 'function'",
    "BroadcastChannel": "typeof BroadcastChannel === 'function'",
}


def probe_function(probes: dict[str, str]) -> str:
    """One JavaScript function that evaluates every probe (no ``eval``: the game's
    Content Security Policy forbids it; a driver's own evaluation is allowed)."""
    parts = ",\n".join(
        f"[{json.dumps(name)}, async () => ({expression})]" for name, expression in probes.items()
    )
    return f"""async () => {{ const out = {{}};
  for (const [name, test] of [{parts}]) {{
    try {{ out[name] = await test(); }} catch (e) {{ out[name] = 'error: ' + e; }}
  }}
  return out; }}"""


def probe(driver, url: str) -> dict:
    """``{"needed": {...}, "optional": {...}}`` of the engine ``driver`` runs, in the
    game's page at ``url`` (while it starts: nothing here waits for it)."""
    driver.goto(url + "?lang=en&speed=0")
    return {
        "engine": driver.name,
        "version": driver.version,
        "needed": driver.evaluate(probe_function(NEEDED)),
        "optional": driver.evaluate(probe_function(OPTIONAL)),
    }


def main() -> None:
    from playwright.sync_api import sync_playwright

    from scripts.build import build
    from scripts.serve import start_server
    from tests.e2e.engines.chromium import ChromiumDriver
    from tests.e2e.engines.firefox import FirefoxDriver
    from tests.e2e.engines.webkit import WebKitDriver, xvfb

    results = []
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as playwright, xvfb() as x:
        server, url = start_server(build(Path(tmp) / "dist"))
        for make in (
            lambda: ChromiumDriver(playwright, Path(tmp) / "c"),
            lambda: FirefoxDriver(Path(tmp) / "f"),
            lambda: WebKitDriver(x, Path(tmp) / "w"),
        ):
            driver = make().launch()
            try:
                results.append(probe(driver, url))
            finally:
                driver.quit()
        server.shutdown()
    json.dump(results, sys.stdout, indent=2)
    print()


if __name__ == "__main__":
    main()
