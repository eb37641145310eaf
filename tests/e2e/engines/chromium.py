"""Chromium (Debian's) as a ``Driver``, through Playwright's persistent contexts."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Playwright

from tests.e2e.engines.base import Driver, DriverError
from tests.e2e.support import CHROMIUM, CHROMIUM_ARGS, record_errors

VIEWPORT = {"width": 1000, "height": 800}


class ChromiumDriver(Driver):
    """Chromium in a persistent Playwright context (its profile folder is ``profile``)."""

    name = "chromium"

    def __init__(self, playwright: Playwright, profile: Path, init_scripts: Sequence[str] = ()):
        super().__init__(profile, init_scripts)
        self.playwright = playwright
        self.context = None
        self.page = None
        self._errors: list[str] = []

    def launch(self) -> ChromiumDriver:
        self.context = self.playwright.chromium.launch_persistent_context(
            str(self.profile),
            executable_path=CHROMIUM,
            args=CHROMIUM_ARGS,
            locale="en-US",
            viewport=VIEWPORT,
        )
        self.version = self.context.browser.version if self.context.browser else ""
        for script in self.init_scripts:
            self.context.add_init_script(script)
        self.page = self.context.pages[0] if self.context.pages else self.context.new_page()
        record_errors(self.page, self._errors)
        self.page.set_default_timeout(30_000)
        return self

    def close(self) -> None:
        if self.context is not None:
            self.context.close()
            self.context = self.page = None

    def goto(self, url: str) -> None:
        self.page.goto(url)

    def reload(self) -> None:
        self.page.reload()

    def evaluate(self, fn: str, arg: Any = None) -> Any:
        try:
            return self.page.evaluate(fn, arg)
        except PlaywrightError as exc:
            raise DriverError(f"chromium: {exc}".splitlines()[0]) from exc

    def click(self, selector: str) -> None:
        self.page.locator(selector).first.click()

    def select(self, selector: str, value: str) -> None:
        self.page.locator(selector).first.select_option(value)

    def fill(self, selector: str, text: str) -> None:
        field = self.page.locator(selector).first
        field.fill("")
        field.press_sequentially(text)

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)

    def resize(self, width: int, height: int) -> None:
        self.page.set_viewport_size({"width": width, "height": height})

    def go_offline(self, offline: bool = True) -> None:
        self.context.set_offline(offline)

    def collect_garbage(self) -> bool:
        self.context.new_cdp_session(self.page).send("HeapProfiler.collectGarbage")
        return True

    def errors(self) -> list[str]:
        return list(self._errors)
