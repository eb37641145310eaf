"""The table server's connection layer in real Chromium pages served by ``./scripts/server``
(the site built for the server's own origin): two browser contexts (two devices) at one
table over ``static/tables.mjs``, the server killed with ``kill -9`` and started again
mid-match (the links reconnect, nothing told is lost), a seat moved to another device by
its token, "My tables", the policy that lets the page reach its server and nothing else,
and a reminder shown by the service worker."""

from __future__ import annotations

import json
import signal
import subprocess
from pathlib import Path

import pytest

from engine import preset
from engine.online import protocol
from server.pgtemp import free_port
from tests.e2e.support import open_game

ROOT = Path(__file__).resolve().parents[2]
# A seeded deal in which the player gets a turn. Unseeded, about one deal in twenty ends
# before it (a bot dealt or taking 31), and the page never shows "human" to wait for.
PLAYER_FIRST = "?seed=5"

SETUP = """async () => {
  window.tables = await import(new URL("./static/tables.mjs", document.baseURI).href);
  window.got = []; window.states = [];
  window.connect = (id) => {
    window.link = window.tables.join(id);
    window.link.onState = (s, d) => window.states.push(s);
    window.link.onMessage = (t) => window.got.push(JSON.parse(t));
  };
  return true;
}"""


class ScriptServer:
    """``./scripts/server --port PORT --database URL`` in the background."""

    def __init__(self, port: int, database: str) -> None:
        self.proc = subprocess.Popen(
            ["bash", "scripts/server", "--port", str(port), "--database", database],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        self.url = self.proc.stdout.readline().strip()
        assert self.url == f"http://127.0.0.1:{port}/", self.url

    def kill(self, sig: int = signal.SIGKILL) -> None:
        self.proc.send_signal(sig)
        self.proc.wait(30)


@pytest.fixture
def table_server(tmp_path):
    port, database = free_port(), f"sqlite:///{tmp_path / 'tables.db'}"
    servers = [ScriptServer(port, database)]

    def restart() -> ScriptServer:
        servers[-1].kill()
        servers.append(ScriptServer(port, database))
        return servers[-1]

    yield servers[0], restart
    for server in servers:
        if server.proc.poll() is None:
            server.kill(signal.SIGTERM)


def messages(page, kind: str) -> list[dict]:
    return page.evaluate("k => window.got.filter(m => m.kind === k)", kind)


def send(page, message: dict) -> None:
    assert page.evaluate("t => window.link.send(t)", json.dumps(message))


def hello(page, name: str, secret: str | None = None) -> None:
    body = {"kind": "hello", "version": protocol.VERSION, "name": name}
    if secret:
        body["secret"] = secret
    send(page, body)


def wait_for(page, script: str, arg=None, timeout: float = 20_000) -> None:
    page.wait_for_function(script, arg=arg, timeout=timeout)


def last_seq(page) -> int:
    return page.evaluate(
        "Math.max(-1, ...window.got.filter(m => m.kind === 'state').map(m => m.seq))"
    )


def test_two_devices_play_through_the_server_which_is_killed_and_restarted(browser, table_server):
    server, restart = table_server
    a, b = browser.new_context(), browser.new_context()
    pa, pb = a.new_page(), b.new_page()
    for page in (pa, pb):
        open_game(page, server.url, PLAYER_FIRST)
        assert page.evaluate(SETUP)
    made = pa.evaluate(
        "c => window.tables.create(c)",
        {"name": "Hana", "players": 2, "preset": "classic", "rules": preset("classic").to_dict()},
    )
    pa.evaluate("id => window.connect(id)", made["table"])
    wait_for(pa, "() => window.states.includes('open')")
    hello(pa, "Hana", made["token"])
    pb.evaluate("id => window.connect(id)", made["table"])
    wait_for(pb, "() => window.states.includes('open')")
    hello(pb, "Ann")
    wait_for(pb, "() => window.got.some(m => m.kind === 'welcome')")
    ann_token = messages(pb, "welcome")[0]["secret"]
    send(pa, {"kind": "start"})
    for page in (pa, pb):
        wait_for(page, "() => window.got.some(m => m.kind === 'state')")
    seq = max(last_seq(pa), last_seq(pb))

    restart()  # kill -9, then the same command on the same database and port
    for page in (pa, pb):
        wait_for(page, "() => window.states.includes('reconnecting')")
        wait_for(
            page, "() => window.states.lastIndexOf('open') > window.states.indexOf('reconnecting')"
        )
        page.evaluate("() => { window.got = []; }")
    hello(pa, "Hana", made["token"])
    hello(pb, "Ann", ann_token)
    for page in (pa, pb):
        wait_for(page, "() => window.got.some(m => m.kind === 'state')")
        assert last_seq(page) == seq  # the table is where it was

    # Ann's seat moves to a second device of hers: the token (a link's fragment carries it)
    c = browser.new_context()
    pc = c.new_page()
    open_game(pc, server.url, PLAYER_FIRST)
    assert pc.evaluate(SETUP)
    pc.evaluate("id => window.connect(id)", made["table"])
    wait_for(pc, "() => window.states.includes('open')")
    hello(pc, "Ann", ann_token)
    wait_for(pc, "() => window.got.some(m => m.kind === 'welcome' && m.seat === 1)")
    mine = pc.evaluate(
        "s => window.tables.myTables(s)", [{"table": made["table"], "token": ann_token}]
    )
    assert [(t["table"], t["seat"], t["started"]) for t in mine] == [(made["table"], 1, True)]
    for context in (a, b, c):
        context.close()


def test_the_page_reaches_its_server_and_nothing_else(browser, table_server):
    server, _restart = table_server
    context = browser.new_context()
    page = context.new_page()
    open_game(page, server.url, PLAYER_FIRST)
    policy = page.evaluate(
        "() => document.querySelector('meta[http-equiv=Content-Security-Policy]').content"
    )
    port = server.url.rsplit(":", 1)[1].rstrip("/")
    assert f"connect-src 'self' http://127.0.0.1:{port} ws://127.0.0.1:{port};" in policy
    blocked = page.evaluate(
        """() => new Promise((done) => {
          const seen = (e) => done(e.blockedURI);
          document.addEventListener('securitypolicyviolation', seen, {once: true});
          try { new WebSocket('ws://127.0.0.1:9/'); } catch { done('threw'); }
          setTimeout(() => done(null), 3000);
        })"""
    )
    assert blocked is not None
    context.close()


def test_a_reminder_is_shown_by_the_service_worker(browser, table_server):
    server, _restart = table_server
    context = browser.new_context()
    context.grant_permissions(["notifications"], origin=server.url.rstrip("/"))
    page = context.new_page()
    open_game(page, server.url, PLAYER_FIRST)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=30_000)
    cdp = context.new_cdp_session(page)
    versions: list[dict] = []
    cdp.on("ServiceWorker.workerRegistrationUpdated", lambda e: versions.extend(e["registrations"]))
    cdp.send("ServiceWorker.enable")
    registration = page.evaluate(
        "async () => (await navigator.serviceWorker.getRegistration()).scope"
    )
    page.wait_for_timeout(500)
    found = [r for r in versions if r["scopeURL"] == registration]
    assert found, versions
    message = {
        "kind": "turn",
        "table": "abcdefghijkmnpqr",
        "seat": 1,
        "title": "Your turn",
        "body": "Schwimmen: table abcdefghijkmnpqr",
        "url": "/?table=abcdefghijkmnpqr",
    }
    push = {
        "origin": server.url.rstrip("/"),
        "registrationId": found[0]["registrationId"],
        "data": json.dumps(message),
    }
    shown = """async () => {
      const r = await navigator.serviceWorker.getRegistration();
      return (await r.getNotifications()).map(n => [n.title, n.data && n.data.table]);
    }"""
    for i in range(150):  # (wait_for_function would take the promise itself as truthy)
        # Delivered again every 5 s: once in a few dozen runs the first delivery, made
        # while the worker is still starting, shows nothing (one table's reminder
        # replaces the last, so a second delivery shows no second notification).
        if i % 25 == 0:
            cdp.send("ServiceWorker.deliverPushMessage", push)
        if ["Your turn", "abcdefghijkmnpqr"] in page.evaluate(shown):
            break
        page.wait_for_timeout(200)
    assert ["Your turn", "abcdefghijkmnpqr"] in page.evaluate(shown)
    context.close()
