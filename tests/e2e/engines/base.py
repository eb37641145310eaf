"""What a cross-browser scenario needs from a browser, whatever drives it.

A ``Driver`` is one browser with one tab and a profile folder of its own. Each engine
has its own implementation (``chromium.py``: Playwright; ``firefox.py``: puppeteer over
WebDriver BiDi through a small Node bridge; ``webkit.py``: Selenium and WebKitWebDriver),
and the scenarios in ``tests/e2e/test_engines.py`` are written once against this class.

The engines differ in what they offer a test (init scripts, console messages, network
emulation), so the interface is small and everything else is built on ``evaluate``:

- ``evaluate(fn, arg)``: ``fn`` is the source of a JavaScript function of one argument
  (it may return a promise); the result comes back as JSON.
- ``click``, ``select``, ``fill``, ``press``: real input events on the first element
  that matches a CSS selector (no engine-specific selector syntax).
- ``go_offline(True/False)``, ``relaunch()`` (close the browser and start it again on
  the same profile: a second visit after the browser was closed), ``errors()`` (every
  uncaught script error and console error so far), ``resize(width, height)`` (Chromium
  and Firefox only).
- ``init_scripts`` given at construction run before any of the page's own scripts on
  every load (the CSP violation recorder needs that).

Waiting polls ``evaluate`` from here: the same waits in every engine.
"""

from __future__ import annotations

import json
import time
from abc import ABC, abstractmethod
from collections.abc import Sequence
from pathlib import Path
from typing import Any

POLL_S = 0.1


class DriverError(AssertionError):
    """A browser command failed, or a wait ran out (the message says which)."""


class Driver(ABC):
    """One browser engine, one tab, one profile (see the module's docstring)."""

    name: str = ""
    version: str = ""

    def __init__(self, profile: Path, init_scripts: Sequence[str] = ()):
        self.profile = Path(profile)
        self.profile.mkdir(parents=True, exist_ok=True)
        self.init_scripts = tuple(init_scripts)

    # ---------------------------------------------------------------- engine-specific

    @abstractmethod
    def launch(self) -> Driver:
        """Start the browser on ``profile`` with one tab."""

    @abstractmethod
    def close(self) -> None:
        """End the browser (its profile stays)."""

    @abstractmethod
    def goto(self, url: str) -> None:
        """Load ``url`` in the tab and wait for its ``load`` event."""

    @abstractmethod
    def reload(self) -> None:
        """Load the tab's page again."""

    @abstractmethod
    def evaluate(self, fn: str, arg: Any = None) -> Any:
        """Run the JavaScript function ``fn`` with ``arg`` in the page; its (awaited) value."""

    @abstractmethod
    def click(self, selector: str) -> None:
        """Click the first element matching ``selector`` as a mouse would."""

    @abstractmethod
    def select(self, selector: str, value: str) -> None:
        """Choose the option ``value`` of the ``<select>`` at ``selector``."""

    @abstractmethod
    def fill(self, selector: str, text: str) -> None:
        """Replace the text of the field at ``selector`` with ``text``, by typing."""

    @abstractmethod
    def press(self, key: str) -> None:
        """Press a key (``"Escape"``, ``"Enter"``) in the focused element."""

    @abstractmethod
    def go_offline(self, offline: bool = True) -> None:
        """Cut the browser off the network (every request fails) or connect it again."""

    @abstractmethod
    def errors(self) -> list[str]:
        """Uncaught script errors and console errors of every page loaded so far."""

    def collect_garbage(self) -> bool:
        """Collect the page's JavaScript garbage now, where the engine lets a test
        (Chromium over CDP); False where it does not (Firefox, WebKit)."""
        return False

    def resize(self, width: int, height: int) -> None:
        """Give the page a window of ``width`` x ``height`` CSS pixels (by default 1000x800),
        where the engine's driver lets a test set it (Chromium, Firefox)."""
        raise DriverError(f"{self.name}: this driver cannot set the window's size")

    def quit(self) -> None:
        """Close the browser and whatever helper process drives it."""
        self.close()

    def relaunch(self) -> Driver:
        """Close the browser and start it again on the same profile."""
        self.close()
        return self.launch()

    # ---------------------------------------------------------------- built on evaluate

    @property
    def url(self) -> str:
        return self.evaluate("() => location.href")

    def attribute(self, selector: str, name: str) -> str | None:
        """The attribute ``name`` of the first element at ``selector`` (None: no such
        element or attribute)."""
        return self.evaluate(
            "([s, n]) => document.querySelector(s)?.getAttribute(n) ?? null", [selector, name]
        )

    def count(self, selector: str) -> int:
        return self.evaluate("(s) => document.querySelectorAll(s).length", selector)

    def texts(self, selector: str) -> list[str]:
        return self.evaluate(
            "(s) => [...document.querySelectorAll(s)].map(e => e.textContent.trim())", selector
        )

    def visible(self, selector: str) -> bool:
        """Some element at ``selector`` is rendered with a size (not hidden)."""
        return self.evaluate(
            "(s) => [...document.querySelectorAll(s)].some(e => e.getClientRects().length > 0"
            " && getComputedStyle(e).visibility !== 'hidden')",
            selector,
        )

    def click_visible(self, selector: str, timeout: float = 30) -> None:
        """Click the first *visible* element at ``selector`` (several may match, e.g. a
        ``new-match`` button in a hidden dialog and one in the result panel): it is
        marked with a fresh ``data-e2e-click`` attribute, then clicked by that."""
        self._clicks = getattr(self, "_clicks", 0) + 1
        mark = str(self._clicks)
        self.wait(
            "([s, mark]) => { const e = [...document.querySelectorAll(s)].find("
            "x => x.getClientRects().length > 0); if (e) e.dataset.e2eClick = mark; return !!e; }",
            [selector, mark],
            timeout,
            f"{selector} to be visible",
        )
        self.click(f'[data-e2e-click="{mark}"]')

    def wait(self, fn: str, arg: Any = None, timeout: float = 30, what: str = "") -> Any:
        """Poll ``fn(arg)`` until it returns something truthy; return that."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                value, failed = self.evaluate(fn, arg), None
            except DriverError as exc:  # e.g. the page is navigating: ask again
                value, failed = None, exc
            if value:
                return value
            if time.monotonic() > deadline:
                raise DriverError(f"{self.name}: waited {timeout} s for {what or fn}") from failed
            time.sleep(POLL_S)

    def wait_visible(self, selector: str, timeout: float = 30) -> None:
        self.wait(
            "(s) => [...document.querySelectorAll(s)].some(e => e.getClientRects().length > 0)",
            selector,
            timeout,
            f"{selector} to be visible",
        )

    def wait_gone(self, selector: str, timeout: float = 30) -> None:
        self.wait(
            "(s) => ![...document.querySelectorAll(s)].some(e => e.getClientRects().length > 0)",
            selector,
            timeout,
            f"{selector} to be hidden",
        )

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name} {self.version} {self.profile}>"


def js_call(fn: str, arg: Any) -> str:
    """``fn(arg)`` as one JavaScript expression (for drivers that evaluate text)."""
    return f"({fn})({json.dumps(arg)})"
