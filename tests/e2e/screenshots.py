"""Take the screenshots in docs/screenshots/ (phone 360x740 and desktop 1280x800).

    python -m tests.e2e.screenshots [--site dist/site] [--out docs/screenshots]

Builds the site first unless ``--site`` names a built one. Plays seeded
games through the page object so the pictures show real states.
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path

from playwright.sync_api import sync_playwright

from scripts.serve import start_server
from tests.e2e.pages import GamePage
from tests.e2e.support import CHROMIUM, CHROMIUM_ARGS

ROOT = Path(__file__).resolve().parents[2]
SIZES = {"phone": (360, 740), "desktop": (1280, 800)}
PLAIN = "&speed=0&mistery=0&luegen=0&new=1&lang=de"


def shoot(site: Path, out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    server, url = start_server(site)
    taken: list[Path] = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for size, (w, h) in SIZES.items():
                context = browser.new_context(viewport={"width": w, "height": h}, locale="de-DE")
                page = context.new_page()
                game = GamePage(page)

                def snap(name: str, size: str = size, page=page) -> None:
                    path = out / f"{name}-{size}.png"
                    page.screenshot(path=str(path))
                    taken.append(path)

                game.open(url, "?seed=21&preset=classic&bots=3" + PLAIN)
                if "keep" in game.offered():
                    snap("choice")
                    game.keep()
                game.hand_card(int(game.active("hand")[0])).click()
                snap("turn")
                game.page.keyboard.press("Escape")
                # A bot's turn at the slow pace: thinking bubble and the last move highlighted.
                game.open(url, "?seed=21&preset=classic&bots=3&speed=slow&new=1&lang=de")
                if "keep" in game.offered():
                    game.keep()
                hands, tables = game.active("hand"), game.active("table")
                game.hand_card(hands[0]).click()
                game.table_card(tables[-1]).click()
                page.locator(".seat.thinking").first.wait_for()
                page.wait_for_timeout(400)  # the picture needs the bot's pause, not a test
                snap("bots-turn")
                game.wait_human()
                game.open(url, "?seed=21&preset=classic&bots=3" + PLAIN)
                if "keep" in game.offered():
                    game.keep()
                game.play_until(("deal-over", "match-over"), seed=3)
                snap("deal-over")
                game.open(url, "?seed=4&preset=knack&bots=8&lives=1" + PLAIN)
                snap("nine-seats")
                game.play_until(("match-over",), seed=5)
                snap("match-over")
                game.open(url, "?seed=9&preset=hosenowi&bots=3&speed=0&mistery=1&luegen=1&new=1")
                rng = random.Random(2)
                for _ in range(60):
                    if game.state == "human" and game.page.locator(
                        "[data-testid=announce-value]"
                    ).count():
                        break
                    if game.state == "deal-over":
                        game.next_deal()
                    elif game.state == "match-over":
                        game.new_match()
                    elif "knock" in game.offered():
                        game.knock()
                    else:
                        game.play_move(rng)
                active = game.active("hand")
                if len(active) >= 2:
                    game.hand_card(active[0]).click()
                    game.hand_card(active[1]).click()
                snap("luegen")
                context.close()
            browser.close()
    finally:
        server.shutdown()
    return taken


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path)
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    args = parser.parse_args()
    site = args.site
    if site is None:
        from scripts.build import build

        site = build()
    for path in shoot(site, args.out):
        print(path)


if __name__ == "__main__":
    main()
