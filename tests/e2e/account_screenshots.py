"""Take the pictures of passkeys and ratings in docs/screenshots/ (phone 360x740,
desktop 1280x800): "My tables" signed in, with the person's rating and its chart and a
leaderboard, and a table with the rating beside the signed-in person's name.

    python -m tests.e2e.account_screenshots [--out docs/screenshots]

Starts ``./scripts/server --public-url http://localhost:N`` (it builds the site for
itself) on a throw-away SQLite file, and Chromium with a virtual authenticator, as
``tests/e2e/test_passkeys.py`` does.
"""

from __future__ import annotations

import argparse
import random
import signal
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

from tests.e2e.camera import SIZES, show
from tests.e2e.online_support import play_together
from tests.e2e.support import CHROMIUM, CHROMIUM_ARGS
from tests.e2e.test_passkeys import ROOT, SIGNED_IN, Device, start_server

NAMES = {"phone": "Ben", "desktop": "Hana"}  # two accounts: the desktop's board lists both


def take(out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    taken: list[Path] = []
    with tempfile.TemporaryDirectory() as folder:
        proc, url = start_server(f"sqlite:///{Path(folder) / 'tables.db'}")
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                for size, (w, h) in SIZES.items():
                    taken += _shoot(Device(browser, url, width=w), size, (w, h), out)
                browser.close()
        finally:
            proc.send_signal(signal.SIGTERM)
            proc.wait(30)
    return taken


def _shoot(hana: Device, size: str, viewport: tuple[int, int], out: Path) -> list[Path]:
    page = hana.page
    page.set_viewport_size({"width": viewport[0], "height": viewport[1]})
    taken: list[Path] = []

    def snap(name: str) -> None:
        taken.append(out / f"{name}-{size}.png")
        page.screenshot(path=str(taken[-1]))

    page.goto(f"{hana.site_url}?online=tables&lang=en&speed=0")
    page.locator("[data-testid=account][data-known]").wait_for(timeout=60_000)
    name = NAMES[size]
    page.locator("#account-name").fill(name)
    page.click("[data-testid=account] [data-action=sign-in]")
    page.locator(SIGNED_IN).wait_for(state="attached", timeout=60_000)
    hana.host(name, players="2", preset="knack", lives="1")
    page.click("[data-action=seat-bot-1]")
    page.locator("[data-testid=lobby] [data-seat='1'][data-kind=bot]").wait_for()
    page.click("[data-action=start-online]")
    page.locator("[data-testid=rating]").wait_for()
    page.wait_for_timeout(500)
    snap("rating-at-table")
    play_together([hana], random.Random(5), lambda: hana.state == "match-over")
    page.goto(f"{hana.site_url}?online=tables&lang=en&speed=0")
    page.locator("[data-testid=my-ratings]").wait_for(timeout=60_000)
    page.click("[data-testid=account] .board summary")
    page.select_option("[name=rules]", "knack")
    page.click("[data-action=leaderboard]")
    page.locator("[data-testid=leaderboard]").wait_for()
    page.locator("[data-testid=account] .passkeys summary").click()
    snap("account")
    hana.close()
    return taken


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    show(take(parser.parse_args().out))


if __name__ == "__main__":
    main()
