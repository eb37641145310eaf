"""Fixtures of the cross-browser tier (``tests/e2e/test_engines*.py``, marker ``engines``).

- ``driver``: a launched ``Driver`` of each engine in turn (``chromium``, ``firefox``,
  ``webkit``) on a fresh profile, with the CSP violation recorder; after the test no
  script error, console error or CSP violation may have happened in any page it loaded.
- ``make_driver(name, profile)``: more browsers in one test (online play).
- ``x_display``: one Xvfb display for the session's WebKit browsers.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.e2e.engines.base import Driver
from tests.e2e.engines.chromium import ChromiumDriver
from tests.e2e.engines.firefox import FirefoxDriver
from tests.e2e.engines.webkit import WebKitDriver, xvfb

ENGINES = ("chromium", "firefox", "webkit")

# Every Content Security Policy violation, also those the policy blocks silently, is
# kept in window.__violations and said as a console error: so Driver.errors() sees the
# violations of every page loaded, in every engine.
WATCH_VIOLATIONS = """
window.__violations = [];
document.addEventListener('securitypolicyviolation', (e) => {
  const text = `${e.effectiveDirective} blocked ${e.blockedURI} (${e.sourceFile}:${e.lineNumber})`;
  window.__violations.push(text);
  console.error('CSP violation: ' + text);
});
"""


@pytest.fixture(scope="session")
def x_display() -> Iterator[str]:
    with xvfb() as display:
        yield display


@pytest.fixture
def make_driver(request, tmp_path) -> Iterator[Callable[..., Driver]]:
    """``make_driver(name, profile=None, init_scripts=...)``: a launched driver, quit
    after the test (its errors are the test's to check)."""
    made: list[Driver] = []

    def make(name: str, profile: Path | None = None, init_scripts=(WATCH_VIOLATIONS,)) -> Driver:
        profile = profile or tmp_path / f"{name}-{len(made)}"
        if name == "chromium":
            driver = ChromiumDriver(request.getfixturevalue("playwright"), profile, init_scripts)
        elif name == "firefox":
            driver = FirefoxDriver(profile, init_scripts)
        elif name == "webkit":
            driver = WebKitDriver(request.getfixturevalue("x_display"), profile, init_scripts)
        else:
            raise ValueError(f"no such engine: {name}")
        made.append(driver)
        return driver.launch()

    yield make
    for driver in made:
        with contextlib.suppress(Exception):  # a browser that died is the test's failure
            driver.quit()


@pytest.fixture(params=ENGINES)
def driver(request, make_driver) -> Iterator[Driver]:
    """One engine, launched; no error or CSP violation allowed by the end of the test."""
    launched = make_driver(request.param)
    yield launched
    errors = launched.errors()
    assert errors == [], f"{launched.name} {launched.version}: {errors}"
