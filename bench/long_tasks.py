"""The longest main-thread tasks while a 6-player match plays with animations on.

    python bench/long_tasks.py [--runs 3] [--deals 3] [--speed normal] [--site dist/site]

Each run opens a seeded match of the player and five hard bots at 360x740 in
Debian's Chromium (animations and sounds on), plays the player's turns (a swap,
a knock from the fourth turn on, the next deal after each result) for ``--deals``
deals, and records every task over 50 ms with the browser's Long Tasks API
(``PerformanceObserver`` of ``longtask``) from the game's mount on (the first
drawing and the bots' first turns included; Pyodide's start-up, which
bench/startup.py measures, left out). The page's own report of tasks over 150 ms
(``slow task NAME``, app/dom.py) names the slowest. Prints per run the number of
long tasks, the longest and the player's moves, then the medians over the runs.
The page's budget is 200 ms for any task (issue 12).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from scripts.build import build  # noqa: E402
from scripts.serve import start_server  # noqa: E402
from tests.e2e.pages import GamePage  # noqa: E402
from tests.e2e.support import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

# Every long task since the game was mounted (``boot:app``, app/main.py): the bots'
# first turns before the player's are counted too, Pyodide's start-up is not.
OBSERVE = """() => {
  window.__long = [];
  const from = performance.getEntriesByName('boot:app')[0]?.startTime ?? 0;
  new PerformanceObserver(list => {
    for (const e of list.getEntries())
      if (e.startTime >= from) window.__long.push(Math.round(e.duration));
  }).observe({type: 'longtask', buffered: true});
}"""
BUDGET_MS = 200


def play(page, game: GamePage, deals: int) -> int:
    """Play the player's turns until ``deals`` deals are over (or the match); the moves."""
    moves, seen = 0, 0
    state = game.wait_human(timeout=120_000)
    while seen < deals and state != "match-over":
        if state == "deal-over":
            seen += 1
            page.locator("[data-action=next-deal]").click()
        elif moves % 5 >= 3 and "knock" in game.offered():
            page.locator('[data-action="knock"]').click()
            moves += 1
        else:
            hands, tables = game.active("hand"), game.active("table")
            if hands and tables:
                game.hand_card(hands[moves % len(hands)]).click()
                game.table_card(tables[-1]).click()
            else:
                page.locator("[data-testid=actions] button.primary").first.click()
            moves += 1
        state = game.wait_human(timeout=120_000)
    return moves


def run(site: Path, runs: int, deals: int, speed: str) -> dict:
    server, url = start_server(site)
    out: list[dict] = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for n in range(runs):
                context = browser.new_context(viewport={"width": 360, "height": 740})
                page = context.new_page()
                slow: list[str] = []  # the page names its own tasks over 150 ms (app.dom)
                page.on("console", lambda m, slow=slow: slow.append(m.text)
                        if m.text.startswith("slow task") else None)
                game = GamePage(page)
                query = f"?seed={40 + n}&preset=classic&bots=5&difficulty=hard&speed={speed}"
                game.open(url, query + "&new=1&lang=de&mistery=0&luegen=0")
                page.evaluate(OBSERVE)
                moves = play(page, game, deals)
                page.wait_for_timeout(500)  # the last animations' tasks are counted too
                long = sorted(page.evaluate("() => window.__long"))
                out.append(
                    {
                        "run": n,
                        "moves": moves,
                        "long_tasks": len(long),
                        "longest_ms": long[-1] if long else 0,
                        "over_budget": sum(d > BUDGET_MS for d in long),
                        "durations_ms": long[-8:],
                        "slow_tasks": slow[-8:],
                    }
                )
                context.close()
            browser.close()
    finally:
        server.shutdown()
    longest = [r["longest_ms"] for r in out]
    return {
        "speed": speed,
        "players": 6,
        "budget_ms": BUDGET_MS,
        "runs": out,
        "median_longest_ms": statistics.median(longest),
        "max_longest_ms": max(longest),
        "median_long_tasks": statistics.median(r["long_tasks"] for r in out),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--deals", type=int, default=3)
    parser.add_argument("--speed", default="normal", choices=("fast", "normal", "slow"))
    parser.add_argument("--site", type=Path)
    args = parser.parse_args()
    site = args.site or build(Path(tempfile.mkdtemp(prefix="schwimmen-long-")))
    print(json.dumps(run(site, args.runs, args.deals, args.speed), indent=2))


if __name__ == "__main__":
    main()
