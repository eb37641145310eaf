"""Take the pictures of issue 41's parts in docs/screenshots/ (phone 360x740, desktop
1280x800; each scene once, the page resized for the second size): a seat a bot plays
after two missed deadlines, "Give more time", reactions by a seat, the watcher's page,
a step of a finished match's replay, and "Open tables".

    python -m tests.e2e.server_screenshots [--out docs/screenshots]

Starts ``./scripts/server`` (it builds the site for itself) on a throw-away SQLite file,
as ``tests/e2e/account_screenshots.py`` does; the bot's seat waits for two deadlines of
30 s and the replay for a minute's deadline, so it takes three or four minutes.
"""

from __future__ import annotations

import argparse
import random
import signal
import tempfile
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect, sync_playwright

from tests.e2e.camera import SIZES, show
from tests.e2e.support import CHROMIUM, CHROMIUM_ARGS
from tests.e2e.test_passkeys import ROOT, start_server
from tests.e2e.test_server_finish import BOT_PLAYS_BEN, play_turns
from tests.e2e.test_server_play import QUERY, TABLE_READY, Person, open_table


class Camera:
    """Saves a page as ``<out>/<name>-<size>.png`` at every size of ``SIZES``."""

    def __init__(self, out: Path) -> None:
        self.out, self.taken = out, []

    def snap(self, page: Page, name: str, before: Callable[[], None] = lambda: None) -> None:
        for size, (w, h) in SIZES.items():
            page.set_viewport_size({"width": w, "height": h})
            before()  # e.g. a reaction again: it shows for a few seconds only
            page.wait_for_timeout(600)
            self.taken.append(self.out / f"{name}-{size}.png")
            page.screenshot(path=str(self.taken[-1]))
        page.set_viewport_size({"width": 900, "height": 800})


def take(out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    camera = Camera(out)
    with tempfile.TemporaryDirectory() as folder:
        proc, url = start_server(f"sqlite:///{Path(folder) / 'tables.db'}")
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)

                def people(width: int = 900) -> Person:
                    return Person(browser, url, width=width)

                _time_reactions_watching_replay(people, camera)
                _a_bot_plays_a_seat(people, url, camera)
                _open_tables(people, camera)
                browser.close()
        finally:
            proc.send_signal(signal.SIGTERM)
            proc.wait(30)
    return camera.taken


def _time_reactions_watching_replay(people, camera: Camera) -> None:
    hana, ben, _table = open_table(
        people, preset="classic", lives="2", move_time="60", on_timeout="end"
    )
    mover = hana if hana.page.locator("#app[data-state=human]").count() else ben
    giver = ben if mover is hana else hana
    expect(giver.page.locator("[data-action=more-time]")).to_be_visible(timeout=15_000)
    camera.snap(giver.page, "more-time")

    ben.page.click("[data-action=reactions-open]")
    hana.page.click("[data-action=reactions-open]")  # the picture shows the buttons too

    def ben_claps() -> None:
        ben.page.click("[data-action=react-3]")
        hana.page.locator("[data-testid=seat-1] [data-testid=reaction]").wait_for()

    camera.snap(hana.page, "reactions", before=ben_claps)
    rng, moved = random.Random(3), 0
    for _ in range(40):  # a few moves for the replay to step through
        mover = next((p for p in (hana, ben) if p.state == "human"), None)
        if moved >= 3:
            break
        moved += bool(mover and mover.move(rng))
        hana.page.wait_for_timeout(400)
    href = hana.page.locator("[data-testid=watch-link]").get_attribute("href") or ""
    eye = people()
    eye.page.goto(href + QUERY)
    eye.page.wait_for_selector("#app[data-state=watching]", timeout=60_000)
    eye.wait_for("[data-testid=seat-1]")
    camera.snap(eye.page, "watching")
    eye.page.wait_for_selector("#app[data-state=match-over]", timeout=120_000)  # time ran out
    eye.page.click("[data-action=close-result]")
    eye.page.click("[data-action=replay-first]")
    for _ in range(2):
        eye.page.click("[data-action=replay-next]")
    expect(eye.page.locator("[data-testid=replay-step]")).to_contain_text("Move 2 of")
    camera.snap(eye.page, "replay")
    for person in (hana, ben, eye):
        person.close()


def _a_bot_plays_a_seat(people, url: str, camera: Camera) -> None:
    hana, ben, table = open_table(
        people, preset="classic", lives="6", move_time="30", on_timeout="bot"
    )
    token = hana.seats_kept()[table]["secret"]
    ben.page.close()  # Ben leaves without a word: two deadlines pass
    marked = hana.page.locator(BOT_PLAYS_BEN)
    assert play_turns(hana, url, table, token, random.Random(5), marked.is_visible, 180)
    hana.wait_for(TABLE_READY)
    camera.snap(hana.page, "bot-plays-seat")
    hana.close()


def _open_tables(people, camera: Camera) -> None:
    hana, cleo = people(), people()
    hana.host("Hana", players="3", preset="knack", move_time="600", open="on")
    cleo.page.goto(f"{cleo.site_url}?online=open{QUERY}")
    cleo.wait_for("[data-testid=open-tables] [data-table]", timeout=60_000)
    camera.snap(cleo.page, "open-tables")
    for person in (hana, cleo):
        person.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    show(take(parser.parse_args().out))


if __name__ == "__main__":
    main()
