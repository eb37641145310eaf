"""Take the online play pictures in docs/screenshots/ (phone 360x740, desktop 1280x800):
the "Play online" dialog, the host's lobby with the invite, and a guest's table.

    python -m tests.e2e.online_screenshots [--site dist/site] [--out docs/screenshots]

Starts the local signalling service (``scripts/signal.mjs``) and two browser contexts,
a host's and a guest's, as ``tests/e2e/test_online.py`` does.
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import sync_playwright

from scripts.serve import start_server
from tests.e2e.camera import SIZES, command_line, show
from tests.e2e.net_support import start_signal
from tests.e2e.online_support import OnlinePage
from tests.e2e.support import CHROMIUM, CHROMIUM_ARGS


def take(site: Path, out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    server, url = start_server(site)
    signal = start_signal()
    taken: list[Path] = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for size, (w, h) in SIZES.items():
                host = OnlinePage(browser, url, signal.url, width=w)
                guest = OnlinePage(browser, url, signal.url, width=w)
                for person in (host, guest):
                    person.page.set_viewport_size({"width": w, "height": h})

                def snap(person: OnlinePage, name: str, size: str = size) -> None:
                    path = out / f"{name}-{size}.png"
                    person.page.screenshot(path=str(path))
                    taken.append(path)

                host.open_dialog()
                host.page.locator("[data-testid=online] [name=name]").fill("Hana")
                snap(host, "online-dialog")
                link = host.host("Hana", players="4", lives="3", move_time="60")
                guest.join(link, "Ben")
                host.page.locator("[data-seat='1'][data-kind=guest]").wait_for()
                host.page.wait_for_timeout(300)
                snap(host, "online-lobby")
                host.page.click("[data-action=start-online]")
                guest.wait_for("[data-testid=hand] [data-card]")
                guest.page.wait_for_timeout(500)
                snap(guest, "online-guest")
                host.close()
                guest.close()
            browser.close()
    finally:
        signal.stop()
        server.shutdown()
    return taken


def main() -> None:
    site, out = command_line(__doc__.splitlines()[0])
    show(take(site, out))


if __name__ == "__main__":
    main()
