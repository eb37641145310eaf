"""Lighthouse (npm ``lighthouse@12.2.3``, Debian's Chromium) on the built site, served
with gzip as GitHub Pages serves it.

    python bench/lighthouse.py [--runs 3] [--preset mobile|desktop] [--out result.json]

Builds the site, serves it on 127.0.0.1 (scripts/serve.py, gzip on), runs Lighthouse
``--runs`` times (a cold load each: Lighthouse clears the cache and storage) and prints
JSON: the median of each category score and of the main timings, and the bytes moved.
Needs the npm registry the first time (``npm exec`` fetches Lighthouse into npm's cache).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scripts.build import build  # noqa: E402
from scripts.serve import start_server  # noqa: E402
from tests.e2e.support import CHROMIUM  # noqa: E402

LIGHTHOUSE = "lighthouse@12.2.3"
AUDITS = {
    "first_contentful_paint_ms": "first-contentful-paint",
    "largest_contentful_paint_ms": "largest-contentful-paint",
    "total_blocking_time_ms": "total-blocking-time",
    "speed_index_ms": "speed-index",
    "interactive_ms": "interactive",
    "total_bytes": "total-byte-weight",
}


def lighthouse(url: str, preset: str) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        report = Path(tmp) / "report.json"
        command = [
            "npm", "exec", "--yes", f"--package={LIGHTHOUSE}", "--", "lighthouse", url,
            "--output=json", f"--output-path={report}", "--quiet",
            "--chrome-flags=--headless=new --no-sandbox --disable-gpu",
        ]  # fmt: skip
        if preset == "desktop":
            command.append("--preset=desktop")
        env = {**os.environ, "CHROME_PATH": CHROMIUM}
        subprocess.run(command, check=True, env=env, cwd=tmp, capture_output=True)
        data = json.loads(report.read_text(encoding="utf-8"))
    scores = {name: round(c["score"] * 100) for name, c in data["categories"].items()}
    figures = {key: data["audits"][audit].get("numericValue") for key, audit in AUDITS.items()}
    failed = [
        audit["id"]
        for audit in data["audits"].values()
        if audit.get("score") == 0 and audit.get("scoreDisplayMode") == "binary"
    ]
    return {"scores": scores, **figures, "failed_audits": failed}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--preset", choices=("mobile", "desktop"), default="mobile")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args(argv)
    site = build(ROOT / "dist")
    server, base = start_server(site, max_age=600)
    try:
        runs = [lighthouse(base + "index.html", args.preset) for _ in range(args.runs)]
    finally:
        server.shutdown()
    result = {
        "lighthouse": LIGHTHOUSE,
        "preset": args.preset,
        "runs": args.runs,
        "scores": {
            name: statistics.median(run["scores"][name] for run in runs)
            for name in runs[0]["scores"]
        },
        **{key: round(statistics.median(run[key] for run in runs)) for key in AUDITS},
        "failed_audits": sorted({a for run in runs for a in run["failed_audits"]}),
    }
    text = json.dumps(result, indent=2)
    print(text)
    if args.out:
        args.out.write_text(text + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
