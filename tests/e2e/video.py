"""Record the short video in docs/video/: a round of bots on a 360 px phone at normal
speed (cards flying, the last moves on the seats, a knock's last round, the call and
the result).

    python -m tests.e2e.video [--site dist/site] [--out docs/video]

Builds the site first unless ``--site`` names a built one; Playwright records the
page as WebM, which needs an ``ffmpeg`` (Playwright's own download, or Debian's
``ffmpeg`` linked where Playwright looks for it); with ``ffmpeg`` on the PATH the
recording is then encoded again as VP9, about a fifth of the size.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

from scripts.serve import start_server
from tests.e2e.pages import GamePage
from tests.e2e.support import CHROMIUM, CHROMIUM_ARGS

ROOT = Path(__file__).resolve().parents[2]
SIZE = {"width": 360, "height": 740}
QUERY = "?seed=21&preset=classic&bots=3&speed=normal&new=1&lang=de&mistery=0&luegen=0"


def record(site: Path, out: Path) -> Path:
    out.mkdir(parents=True, exist_ok=True)
    server, url = start_server(site)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            # The game first starts without a camera: the video shows play, not the boot.
            context = browser.new_context(viewport=SIZE, locale="de-DE")
            GamePage(context.new_page()).open(url, QUERY)
            context.close()
            with tempfile.TemporaryDirectory() as raw:
                context = browser.new_context(
                    viewport=SIZE, locale="de-DE", record_video_dir=raw, record_video_size=SIZE
                )
                page = context.new_page()
                game = GamePage(page)
                game.open(url, QUERY)
                if "keep" in game.offered():
                    game.keep()
                game.swap(int(game.active("hand")[0]), game.active("table")[-1])
                while "knock" not in game.offered():
                    game.swap(int(game.active("hand")[0]), game.active("table")[-1])
                page.locator('[data-action="knock"]').click()
                page.locator("[data-testid=deal-over]").wait_for(timeout=30_000)
                page.wait_for_timeout(1500)
                video = page.video
                context.close()
                target = out / "bot-round-phone.webm"
                video.save_as(str(Path(raw) / "recorded.webm"))
                _encode(Path(raw) / "recorded.webm", target)
            browser.close()
    finally:
        server.shutdown()
    return target


def _encode(recorded: Path, target: Path) -> None:
    """Copy the recording to ``target``, encoded smaller when ``ffmpeg`` is at hand."""
    ffmpeg = shutil.which("ffmpeg")
    if ffmpeg is None:
        shutil.copyfile(recorded, target)
        return
    vp9 = ["-v", "error", "-y", "-c:v", "libvpx-vp9", "-b:v", "0", "-crf", "42", "-row-mt", "1"]
    subprocess.run([ffmpeg, "-i", str(recorded), *vp9, str(target)], check=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path)
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "video")
    args = parser.parse_args()
    site = args.site
    if site is None:
        from scripts.build import build

        site = build(Path(tempfile.mkdtemp(prefix="schwimmen-video-")))
    print(record(site, args.out))


if __name__ == "__main__":
    main()
