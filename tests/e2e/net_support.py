"""Online play in browser tests: the local signalling service and the transport's verbs.

- ``start_signal(port=0, log=None)`` starts ``scripts/signal.mjs`` (PeerJS's PeerServer,
  the same service ``scripts/signal`` runs) on 127.0.0.1 and returns a ``Signal``: its
  ``url`` is the value for the page's ``?signal=``; ``stop()`` ends it. The
  ``signal_url`` fixture in ``conftest.py`` keeps one running for a test session.
- ``NetPage`` drives ``static/net.mjs`` in a page of the built site (a page object:
  ``host()``, ``join(table_id)``, ``send``, and what arrived), with no test page in the
  shipped site: it imports the page's own module, which its Content Security Policy
  allows for same-origin scripts.
"""

from __future__ import annotations

import contextlib
import socket
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

from playwright.sync_api import Page

ROOT = Path(__file__).resolve().parents[2]
SIGNAL_SCRIPT = ROOT / "scripts" / "signal.mjs"
SIGNAL_START_S = 20


@dataclass
class Signal:
    """A running signalling service: ``url`` for ``?signal=``, ``port``, ``stop()``."""

    process: subprocess.Popen
    url: str
    port: int

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()  # scripts/signal.mjs closes its sockets and exits
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        if self.process.stdout:
            self.process.stdout.close()


def start_signal(port: int = 0, log: Path | None = None) -> Signal:
    """Start the signalling service on ``port`` (0: a free one); its stderr goes to ``log``."""
    stderr = open(log, "ab") if log else subprocess.DEVNULL  # noqa: SIM115 - the child keeps it
    process = subprocess.Popen(
        ["node", str(SIGNAL_SCRIPT), "--port", str(port)],
        cwd=ROOT,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=stderr,
        text=True,
    )
    if log:
        stderr.close()
    deadline = time.monotonic() + SIGNAL_START_S
    assert process.stdout is not None
    for line in process.stdout:  # the line comes once the server listens
        if line.startswith("?signal="):
            url = line.strip().removeprefix("?signal=")
            return Signal(process, url, int(url.rsplit(":", 1)[1].strip("/")))
        if time.monotonic() > deadline:
            break
    Signal(process, "", 0).stop()
    raise RuntimeError(f"scripts/signal.mjs did not start (exit {process.poll()}; log {log})")


@contextlib.contextmanager
def silent_port():
    """A port on 127.0.0.1 that takes connections and never says a word (a server that
    hangs); yields the port number."""
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen(8)  # the kernel completes the handshakes; nobody accepts them
        yield listener.getsockname()[1]


def closed_port() -> int:
    """A port on 127.0.0.1 that nothing listens on (it was free a moment ago)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


# Runs in the page: the transport of static/net.mjs, with everything it reports kept in
# window.net (states, messages, drops; on the host, its guests' links by id).
_SETUP = """
async () => {
  if (window.net) return;
  const module = await import('./static/net.mjs');
  window.net = { module, log: [], links: {}, table: null, link: null };
  net.watch = (who, link) => {
    link.onState = (state, detail) => net.log.push({ who, event: 'state', state, detail });
    link.onMessage = (text) => net.log.push({ who, event: 'message', text });
    link.onDropped = (reason, bytes) => net.log.push({ who, event: 'dropped', reason, bytes });
  };
}
"""
_HOST = """
(options) => {
  const table = net.module.host(options);
  net.table = table;
  table.onState = (state, detail) => net.log.push({ who: 'table', event: 'state', state, detail });
  table.onConnection = (link) => {
    net.links[link.id] = link;
    net.log.push({ who: 'table', event: 'guest', id: link.id });
    net.watch(link.id, link);
  };
  return { id: table.id, token: table.token };
}
"""
_JOIN = """
([tableId, options]) => {
  net.link = net.module.join(tableId, options);
  net.watch('host', net.link);
}
"""


class NetPage:
    """One player's page of the built site, driving the transport module directly."""

    def __init__(self, page: Page):
        self.page = page

    def setup(self) -> NetPage:
        self.page.evaluate(_SETUP)
        return self

    def host(self, **options) -> dict:
        """Open a table; returns ``{id, token}``."""
        self.setup()
        return self.page.evaluate(_HOST, options)

    def join(self, table_id: str, **options) -> None:
        self.setup()
        self.page.evaluate(_JOIN, [table_id, options])

    def table_state(self) -> list:
        return self.page.evaluate("() => [net.table.state, net.table.detail]")

    def link_state(self) -> list:
        return self.page.evaluate("() => [net.link.state, net.link.detail]")

    def wait_table(self, state: str, timeout: float = 20_000) -> None:
        self.page.wait_for_function(
            "s => net.table && net.table.state === s", arg=state, timeout=timeout
        )

    def wait_link(self, state: str, timeout: float = 20_000) -> None:
        self.page.wait_for_function(
            "s => net.link && net.link.state === s", arg=state, timeout=timeout
        )

    def guests(self) -> list[str]:
        """Ids of the host's guests whose links are open now."""
        return self.page.evaluate(
            "() => [...net.table.guests].filter(l => l.state === 'open').map(l => l.id)"
        )

    def send(self, text: str, to: str | None = None) -> bool:
        """Send from a guest (``to=None``) or from the host to the guest ``to``."""
        return self.page.evaluate(
            "([text, to]) => (to ? net.links[to] : net.link).send(text)", [text, to]
        )

    def send_repeated(self, unit: str, times: int, to: str | None = None) -> object:
        """Send ``unit * times`` (made in the page); returns true/false or the error's name."""
        return self.page.evaluate(
            """([unit, times, to]) => {
              try { return (to ? net.links[to] : net.link).send(unit.repeat(times)); }
              catch (error) { return error.name; }
            }""",
            [unit, times, to],
        )

    def events(self, event: str | None = None, who: str | None = None) -> list[dict]:
        log = self.page.evaluate("() => net.log")
        return [
            e for e in log if (event is None or e["event"] == event) and (who in (None, e["who"]))
        ]

    def messages(self, who: str | None = None) -> list[str]:
        return [e["text"] for e in self.events("message", who)]

    def wait_events(self, count: int, event: str, who: str | None = None, timeout=20_000) -> None:
        self.page.wait_for_function(
            """([count, event, who]) => net.log.filter(
                 e => e.event === event && (who === null || e.who === who)).length >= count""",
            arg=[count, event, who],
            timeout=timeout,
        )
