"""WebKit (Debian's WebKitGTK) as a ``Driver``: Selenium talks to ``WebKitWebDriver``,
which starts ``webkit_shell.py`` (the engine with a kept profile, init scripts and
console output; see there) on an X display of Xvfb."""

from __future__ import annotations

import contextlib
import os
import re
import signal
import subprocess
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from selenium import webdriver
from selenium.common.exceptions import (
    ElementClickInterceptedException,
    ElementNotInteractableException,
    JavascriptException,
    NoSuchElementException,
    StaleElementReferenceException,
    WebDriverException,
)
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.select import Select
from selenium.webdriver.webkitgtk.options import Options
from selenium.webdriver.webkitgtk.service import Service

from tests.e2e.engines.base import POLL_S, Driver, DriverError

WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver"
SHELL = Path(__file__).with_name("webkit_shell.py")
ACT_S = 30
KEYS = {"Escape": Keys.ESCAPE, "Enter": Keys.ENTER, "Tab": Keys.TAB, "Space": Keys.SPACE}
# WebKit's console lines: "URL:LINE:COL: CONSOLE ERROR text", "... CONSOLE JS ERROR text"
CONSOLE_ERROR = re.compile(r"(.*?):? ?CONSOLE (?:JS )?ERROR (.*)")
# Runs FN(arg) and hands back {ok, v} or {ok: false, e}; a thrown error is no hang.
ASYNC_CALL = """const done = arguments[arguments.length - 1];
Promise.resolve().then(() => (FN)(arguments[0])).then(
  (v) => done({ ok: true, v: v === undefined ? null : v }),
  (e) => done({ ok: false, e: String((e && e.stack) || e) }));"""
NOT_YET = (
    NoSuchElementException,
    ElementNotInteractableException,
    ElementClickInterceptedException,
    StaleElementReferenceException,
)


@contextlib.contextmanager
def xvfb() -> Iterator[str]:
    """A virtual X display for the session (Xvfb tells its number itself); yields ``":N"``."""
    read, write = os.pipe()
    process = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
        pass_fds=(write,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    try:
        with os.fdopen(read) as pipe:
            number = pipe.readline().strip()
        if not number:
            raise DriverError(f"Xvfb did not start (exit {process.poll()})")
        yield f":{number}"
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:  # a loaded machine: not the tests' failure
            process.kill()
            process.wait()


class WebKitDriver(Driver):
    """WebKitGTK on the X display ``display`` with its profile in ``profile``."""

    name = "webkit"

    def __init__(
        self,
        display: str,
        profile: Path,
        init_scripts: Sequence[str] = (),
        memory_limit_mb: int = 0,
    ):
        super().__init__(profile / "webkit", init_scripts)
        self.memory_limit_mb = memory_limit_mb  # WebKit's memory-pressure limit; 0: default
        self.display = display
        self.driver: webdriver.Remote | None = None
        self.console = self.profile.parent / "webkit-console.log"
        self._read = 0  # bytes of the console log already looked at
        self._errors: list[str] = []
        self._init_file = self.profile.parent / "webkit-init.js"
        self._init_file.write_text("\n;\n".join(self.init_scripts), encoding="utf-8")

    def launch(self) -> WebKitDriver:
        options = Options()
        options.binary_location = str(SHELL)
        for arg in (
            "--automation",
            f"--profile={self.profile}",
            f"--init-script={self._init_file}",
        ):
            options.add_argument(arg)
        if self.memory_limit_mb:
            options.add_argument(f"--memory-limit={self.memory_limit_mb}")
        service = Service(
            executable_path=WEBKIT_DRIVER,
            log_output=str(self.console),  # the shell's stdout too: its console lines
            env={**os.environ, "DISPLAY": self.display},
        )
        self.driver = webdriver.WebKitGTK(options=options, service=service)
        self.driver.set_page_load_timeout(90)
        self.driver.set_script_timeout(90)
        self.version = self.driver.capabilities.get("browserVersion", "")
        return self

    def close(self) -> None:
        if self.driver is None:
            return
        pid = self._shell_pid()
        self._collect()
        self.driver.quit()
        self.driver = None
        deadline = time.monotonic() + 20
        while pid and _alive(pid) and time.monotonic() < deadline:
            time.sleep(POLL_S)  # the next launch must not share the profile with this one

    def _shell_pid(self) -> int | None:
        with contextlib.suppress(OSError, ValueError):
            return int((self.profile / "shell.pid").read_text())
        return None

    def goto(self, url: str) -> None:
        self.driver.get(url)

    def reload(self) -> None:
        self.driver.refresh()

    def evaluate(self, fn: str, arg: Any = None) -> Any:
        try:
            answer = self.driver.execute_async_script(ASYNC_CALL.replace("FN", fn, 1), arg)
        except (JavascriptException, WebDriverException) as exc:
            raise DriverError(f"webkit: {exc.msg}") from exc
        if not answer["ok"]:
            raise DriverError(f"webkit: {answer['e']}")
        return answer["v"]

    def _act(self, selector: str, act) -> None:
        """``act(element)`` once the element is there and takes input (web-first)."""
        deadline = time.monotonic() + ACT_S
        while True:
            try:
                element = self.driver.find_element(By.CSS_SELECTOR, selector)
                if element.is_displayed() and element.is_enabled():
                    act(element)
                    return
            except NOT_YET:
                pass
            if time.monotonic() > deadline:
                raise DriverError(f"webkit: {selector} did not take input in {ACT_S} s")
            time.sleep(POLL_S)

    def click(self, selector: str) -> None:
        def press(element) -> None:
            # The move bar keeps to the window's lower edge, so a card can lie behind it
            # while WebDriver counts it as in view (and would not scroll): it is brought
            # to the middle first, as a person scrolls to it. Playwright does the same.
            self.driver.execute_script(
                "arguments[0].scrollIntoView({block: 'center', inline: 'nearest'})", element
            )
            element.click()

        self._act(selector, press)

    def select(self, selector: str, value: str) -> None:
        self._act(selector, lambda element: Select(element).select_by_value(value))

    def fill(self, selector: str, text: str) -> None:
        def type_in(element):
            element.clear()
            element.send_keys(text)

        self._act(selector, type_in)

    def press(self, key: str) -> None:
        ActionChains(self.driver).send_keys(KEYS.get(key, key)).perform()

    def go_offline(self, offline: bool = True) -> None:
        state = self.profile / "network"
        state.unlink(missing_ok=True)
        pid = self._shell_pid()
        if pid is None:
            raise DriverError("webkit: the shell's process id is unknown")
        os.kill(pid, signal.SIGUSR1 if offline else signal.SIGUSR2)
        want = "offline" if offline else "online"
        deadline = time.monotonic() + 10
        while not (state.exists() and state.read_text() == want):
            if time.monotonic() > deadline:
                raise DriverError(f"webkit: the shell did not go {want}")
            time.sleep(POLL_S)

    def _collect(self) -> None:
        """Take the console's new error lines from the log."""
        with contextlib.suppress(FileNotFoundError), open(self.console, "rb") as log:
            log.seek(self._read)
            new = log.read()
        complete = new[: new.rfind(b"\n") + 1]
        self._read += len(complete)
        for line in complete.decode("utf-8", "replace").splitlines():
            found = CONSOLE_ERROR.search(line)
            if found:  # the text, then where it was said (a worker's or the page's script)
                where = f" (at {found.group(1)})" if found.group(1) else ""
                self._errors.append(found.group(2) + where)

    def errors(self) -> list[str]:
        self._collect()
        return list(self._errors)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True
