"""What the screenshot scripts share: a served site, one page per screen size in
Debian's Chromium, and the command line (``--site``, ``--out``).

A script gives ``run`` its ``shoot(url, size, page, snap)`` function, which plays
to the states worth a picture and calls ``snap(name)`` for each; pictures are
saved as ``<out>/<name>-<size>.png``.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

from scripts.serve import start_server
from tests.e2e.support import CHROMIUM, CHROMIUM_ARGS

ROOT = Path(__file__).resolve().parents[2]
SIZES = {"phone": (360, 740), "desktop": (1280, 800)}

Snap = Callable[[str], None]
Shoot = Callable[[str, str, Page, Snap], None]


def take(site: Path, out: Path, shoot: Shoot) -> list[Path]:
    """Serve ``site``, run ``shoot`` once per screen size, return the saved pictures."""
    out.mkdir(parents=True, exist_ok=True)
    server, url = start_server(site)
    taken: list[Path] = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for size, (w, h) in SIZES.items():
                context = browser.new_context(viewport={"width": w, "height": h}, locale="de-DE")
                page = context.new_page()

                def snap(name: str, size: str = size, page: Page = page) -> None:
                    path = out / f"{name}-{size}.png"
                    page.screenshot(path=str(path))
                    taken.append(path)

                shoot(url, size, page, snap)
                context.close()
            browser.close()
    finally:
        server.shutdown()
    return taken


def command_line(description: str) -> tuple[Path, Path]:
    """A screenshot script's ``--site`` (built now unless given) and ``--out``."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--site", type=Path, help="an already built site (default: build one)")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    args = parser.parse_args()
    site = args.site
    if site is None:
        import tempfile

        from scripts.build import build

        site = build(Path(tempfile.mkdtemp(prefix="schwimmen-shots-")))
    return site, args.out


def show(paths: list[Path]) -> None:
    for path in paths:
        print(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)


def run(shoot: Shoot, description: str) -> None:
    """The command line of a screenshot script: build the site unless ``--site``
    names a built one, take the pictures, print their paths."""
    site, out = command_line(description)
    show(take(site, out, shoot))
