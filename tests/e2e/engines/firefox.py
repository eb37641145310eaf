"""Firefox (Debian's ``firefox-esr``) as a ``Driver``: puppeteer-core over WebDriver
BiDi, in a Node process of its own (``firefox_bridge.mjs``) that takes one JSON command
per line."""

from __future__ import annotations

import itertools
import json
import select
import subprocess
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tests.e2e.engines.base import Driver, DriverError, js_call

FIREFOX = "/usr/bin/firefox-esr"
BRIDGE = Path(__file__).with_name("firefox_bridge.mjs")
ROOT = Path(__file__).resolve().parents[3]
VIEWPORT = {"width": 1000, "height": 800}
COMMAND_S = 120  # no single command may take longer (a page load has 90 s of its own)


class FirefoxDriver(Driver):
    """Firefox with its profile in ``profile`` (kept across ``relaunch``)."""

    name = "firefox"

    def __init__(self, profile: Path, init_scripts: Sequence[str] = ()):
        super().__init__(profile, init_scripts)
        self.bridge: subprocess.Popen | None = None
        self._ids = itertools.count(1)
        self._log = open(self.profile.parent / f"{self.profile.name}-bridge.log", "ab")  # noqa: SIM115

    def _call(self, op: str, timeout: float = COMMAND_S, **args: Any) -> Any:
        if self.bridge is None or self.bridge.poll() is not None:
            raise DriverError(f"firefox: the bridge is not running (asked for {op})")
        ident = next(self._ids)
        self.bridge.stdin.write(json.dumps({"id": ident, "op": op, "args": args}) + "\n")
        self.bridge.stdin.flush()
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            ready, _, _ = select.select([self.bridge.stdout], [], [], max(left, 0))
            if not ready:
                raise DriverError(f"firefox: no answer to {op} in {timeout} s")
            line = self.bridge.stdout.readline()
            if not line:
                raise DriverError(f"firefox: the bridge ended during {op}")
            answer = json.loads(line)
            if answer.get("id") != ident:
                continue  # the late answer to a command that timed out
            if not answer["ok"]:
                raise DriverError(f"firefox: {op}: {answer['error']}")
            return answer["value"]

    def launch(self) -> FirefoxDriver:
        if self.bridge is None or self.bridge.poll() is not None:
            self.bridge = subprocess.Popen(
                ["node", str(BRIDGE)],
                cwd=ROOT,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=self._log,
                text=True,
                bufsize=1,
            )
        self.version = self._call(
            "launch",
            executablePath=FIREFOX,
            profile=str(self.profile),
            initScripts=list(self.init_scripts),
            viewport=VIEWPORT,
        )
        return self

    def close(self) -> None:
        if self.bridge is not None and self.bridge.poll() is None:
            self._call("close", timeout=30)

    def quit(self) -> None:
        """Close the browser and end the bridge."""
        try:
            self.close()
        finally:
            if self.bridge is not None:
                self.bridge.stdin.close()
                try:
                    self.bridge.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    self.bridge.kill()
                    self.bridge.wait()
                self.bridge.stdout.close()
                self.bridge = None
            self._log.close()

    def goto(self, url: str) -> None:
        self._call("goto", url=url)

    def reload(self) -> None:
        self._call("reload")

    def evaluate(self, fn: str, arg: Any = None) -> Any:
        return self._call("evaluate", expression=js_call(fn, arg))

    def click(self, selector: str) -> None:
        self._call("click", selector=selector)

    def select(self, selector: str, value: str) -> None:
        self._call("select", selector=selector, value=value)

    def fill(self, selector: str, text: str) -> None:
        self._call("fill", selector=selector, text=text)

    def press(self, key: str) -> None:
        self._call("press", key=key)

    def resize(self, width: int, height: int) -> None:
        self._call("viewport", width=width, height=height)

    def go_offline(self, offline: bool = True) -> None:
        self._call("offline", on=offline)

    def errors(self) -> list[str]:
        return self._call("errors")
