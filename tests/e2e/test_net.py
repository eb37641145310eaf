"""Online play's connection layer (``static/net.mjs``) between separate browsers: a host
and guests in their own browser contexts, each on the built page with ``?signal=``
pointing at the local signalling service (PeerJS's PeerServer, ``scripts/signal``),
talking over WebRTC data channels with host candidates only (no internet here).

Protects: messages both ways and to the right guest, the size cap on receive, a guest's
and the host's reload, the signalling service going away and coming back, the words for
what cannot be reached (within 15 s), what ``?signal=`` may name, and that the
single-player page loads and connects nothing of it. No Content Security Policy
violation and no console error anywhere."""

from __future__ import annotations

import re
import time
from urllib.parse import quote

import pytest

from tests.e2e.net_support import NetPage, closed_port, silent_port, start_signal
from tests.e2e.support import BOOT_TIMEOUT_MS, open_game, record_errors
from tests.e2e.test_csp import WATCH_VIOLATIONS

CAP = 64 * 1024
UNREACHABLE_S = 15


# Chromium's own console line for a WebSocket that could not connect: expected where a
# test takes the signalling service away (the transport says it in words instead).
SOCKET_REFUSED = re.compile(
    r"^WebSocket connection to 'wss?://[^/]+/peerjs\?key=peerjs&id=[^']*' failed: "
    r"Error in connection establishment: net::ERR_(CONNECTION_REFUSED|INTERNET_DISCONNECTED)$"
)


@pytest.fixture
def players(browser, site_url):
    """``players(signal_url, n)`` opens ``n`` pages, each in its own browser context,
    booted with ``?signal=``; afterwards each has seen no error and no CSP violation
    (``refused_sockets=True``: but Chromium's report of a refused WebSocket)."""
    opened = []

    def open_players(
        signal_url: str, count: int = 1, query: str = "", refused_sockets: bool = False
    ) -> list[NetPage]:
        new = []
        for _ in range(count):
            context = browser.new_context(locale="en-US")
            context.add_init_script(WATCH_VIOLATIONS)
            page = context.new_page()
            errors: list[str] = []
            record_errors(page, errors)
            opened.append((context, page, errors, refused_sockets))
            new.append(page)
        for page in new:  # the pages boot side by side
            page.goto(f"{site_url}?signal={quote(signal_url, safe=':/')}&lang=en&speed=0{query}")
        for page in new:
            booted(page)
        return [NetPage(page) for page in new]

    yield open_players
    for context, page, errors, refused_sockets in opened:
        if not page.is_closed():
            assert page.evaluate("() => window.__violations") == []
        context.close()
        if refused_sockets:
            errors = [e for e in errors if not SOCKET_REFUSED.match(e)]
        assert errors == [], errors


def booted(page) -> None:
    """Wait until the game has started on ``page`` (whatever it shows: after a reload
    it may ask about the match open in the tab before; the transport needs none of it)."""
    page.wait_for_function(
        "() => app.dataset.state !== 'booting' || app.dataset.error", timeout=BOOT_TIMEOUT_MS
    )
    assert page.locator("#app").get_attribute("data-error") is None


def reload(player: NetPage) -> None:
    player.page.reload()
    booted(player.page)


def open_table(players, signal_url, guests=2, **options):
    host, *others = players(signal_url, 1 + guests, **options)
    table = host.host()
    host.wait_table("open")
    for guest in others:
        guest.join(table["id"])
    for guest in others:
        guest.wait_link("open")
    return host, others, table


def test_a_host_and_two_guests_talk_both_ways(players, signal):
    host, (ann, bob), table = open_table(players, signal.url)
    host.wait_events(2, "guest")
    guests = host.guests()
    assert len(guests) == 2
    assert table["id"].startswith("schwimmen-")

    assert ann.send("hello from Ann") and bob.send("hello from Bob")
    host.wait_events(2, "message")
    # Each message came on its sender's own link.
    heard = {host.messages(g)[0]: g for g in guests}
    assert sorted(heard) == ["hello from Ann", "hello from Bob"]
    ann_id, bob_id = heard["hello from Ann"], heard["hello from Bob"]
    assert host.messages(ann_id) == ["hello from Ann"]
    assert host.messages(bob_id) == ["hello from Bob"]

    # The host answers each guest on its own link: each hears only its own.
    assert host.send("to Ann: 7H 8H 9H", to=ann_id) and host.send("to Bob: ÄÖÜ ♠ 🂡", to=bob_id)
    ann.wait_events(1, "message")
    bob.wait_events(1, "message")
    for i in range(5):  # and in order
        host.send(f"round {i}", to=ann_id)
    ann.wait_events(6, "message")
    assert ann.messages() == ["to Ann: 7H 8H 9H", *[f"round {i}" for i in range(5)]]
    assert bob.messages() == ["to Bob: ÄÖÜ ♠ 🂡"]
    for guest in (ann, bob):
        assert [e["state"] for e in guest.events("state")] == ["open"]
    assert [e["state"] for e in host.events("state", "table")] == ["open"]


def test_a_message_over_the_cap_is_dropped_and_reported(players, signal):
    host, (guest,), table = open_table(players, signal.url, guests=1)
    host.wait_events(1, "guest")
    (guest_id,) = host.guests()
    # The guest's own cap is the same: its send() refuses, and nothing goes out.
    assert guest.send_repeated("x", CAP + 1) == "RangeError"
    guest.page.evaluate("() => net.link.close()")

    # A guest that would send more (as a forged page could) is cut off at the host.
    guest.join(table["id"], maxBytes=4 * CAP)
    guest.wait_link("open")
    host.wait_events(2, "guest")
    new_id = next(g for g in host.guests() if g != guest_id)
    assert guest.send_repeated("x", CAP) is True  # exactly the cap: delivered
    assert guest.send_repeated("x", CAP + 1) is True
    assert guest.send_repeated("ä", CAP // 2 + 1) is True  # 2 bytes each in UTF-8
    assert guest.send_repeated("x", 3 * CAP) is True
    assert guest.send("still here")
    host.wait_events(2, "message", new_id)
    dropped = host.events("dropped", new_id)
    assert [(e["reason"], e["bytes"]) for e in dropped] == [
        ("too-large", CAP + 1),
        ("too-large", CAP + 2),
        ("too-large", 3 * CAP),  # counted no further than the length
    ]
    assert [len(m) for m in host.messages(new_id)] == [CAP, len("still here")]
    # Binary data is no message either: dropped, the link stays open.
    guest.page.evaluate("() => net.link._conn.dataChannel.send(new Uint8Array(10))")
    guest.send("after binary")
    host.wait_events(3, "message", new_id)
    assert host.events("dropped", new_id)[-1] == {
        "who": new_id,
        "event": "dropped",
        "reason": "binary",
        "bytes": 10,
    }
    assert host.page.evaluate("id => net.links[id].state", new_id) == "open"


def test_a_guest_reloads_and_reconnects_to_the_same_table(players, signal):
    host, (guest, other), table = open_table(players, signal.url)
    host.wait_events(2, "guest")
    first = set(host.guests())

    reload(guest)
    # The host sees the old link go: closed, "lost" (a returning guest is a new link).
    host.page.wait_for_function(
        "() => net.log.some(e => e.event === 'state' && e.state === 'closed')", timeout=20_000
    )
    (gone,) = [e["who"] for e in host.events("state") if e["state"] == "closed"]
    assert gone in first and host.events("state", gone)[-1]["detail"] == "lost"

    guest.join(table["id"])
    guest.wait_link("open")
    host.wait_events(3, "guest")
    (back,) = set(host.guests()) - first
    guest.send("back again")
    host.wait_events(1, "message", back)
    assert host.messages(back) == ["back again"]
    assert host.send("welcome back", to=back)
    guest.wait_events(1, "message")
    assert guest.messages() == ["welcome back"]
    other.send("I stayed")  # the other guest was never disturbed
    host.wait_events(2, "message")
    assert [e["state"] for e in other.events("state")] == ["open"]


def test_the_host_reloads_and_its_guests_reconnect_on_their_own(players, signal):
    host, (ann, bob), table = open_table(players, signal.url)
    host.wait_events(2, "guest")

    reload(host)
    for guest in (ann, bob):  # the channel broke: the guests keep trying
        guest.wait_link("reconnecting")
    # The same table again: its id and the token that registered it (the app keeps both).
    again = host.host(id=table["id"], token=table["token"])
    assert again == table
    host.wait_table("open")
    for guest in (ann, bob):
        guest.wait_link("open", timeout=30_000)
        assert [e["state"] for e in guest.events("state")][-2:] == ["reconnecting", "open"]
    host.wait_events(2, "guest")
    ann.send("Ann is back")
    bob.send("Bob is back")
    host.wait_events(2, "message")
    assert sorted(host.messages()) == ["Ann is back", "Bob is back"]


def test_the_table_survives_its_signalling_service_restarting(players, tmp_path):
    service = start_signal(log=tmp_path / "signal.log")
    try:
        host, (guest,), table = open_table(players, service.url, guests=1, refused_sockets=True)
        host.wait_events(1, "guest")
        service.stop()
        host.wait_table("reconnecting")
        assert host.table_state() == ["reconnecting", "signal"]
        # A guest already at the table does not need the signalling service.
        guest.send("still talking")
        host.wait_events(1, "message")
        assert guest.link_state() == ["open", None]

        service = start_signal(service.port, log=tmp_path / "signal.log")
        host.wait_table("open", timeout=30_000)
        (late,) = players(service.url, 1)
        late.join(table["id"])
        late.wait_link("open")
        host.wait_events(2, "guest")
    finally:
        service.stop()


def test_an_unreachable_signalling_service_is_said_within_15_s(players):
    nowhere = f"ws://127.0.0.1:{closed_port()}/"
    with silent_port() as port:  # takes the connection, never answers the handshake
        silent = f"ws://127.0.0.1:{port}/"
        host, guest = players(nowhere, 2, refused_sockets=True)
        (mute,) = players(silent, 1)
        start = time.monotonic()
        host.host()
        guest.join("schwimmen-0123456789abcdef0123")
        mute.join("schwimmen-0123456789abcdef0123")
        for waiting in (host.wait_table, guest.wait_link, mute.wait_link):
            waiting("unreachable", timeout=UNREACHABLE_S * 1000)
        assert time.monotonic() - start < UNREACHABLE_S
    assert host.table_state() == ["unreachable", "signal"]
    assert guest.link_state() == ["unreachable", "signal"]
    assert mute.link_state() == ["unreachable", "signal"]


def test_offline_the_public_default_is_said_unreachable_without_trying(players, signal):
    """No ?signal=: the build's public server. The browser is offline, so nothing leaves
    this machine (the tests never reach a public server) and the words come at once."""
    (page,) = players(signal.url, 1, refused_sockets=True)
    page.page.goto(page.page.url.split("?")[0] + "?lang=en&speed=0")
    booted(page.page)
    assert page.setup().page.evaluate("() => net.module.config()")["signal"] == "wss://0.peerjs.com/"
    page.page.context.set_offline(True)
    sockets = []
    page.page.on("websocket", lambda ws: sockets.append(ws.url))
    start = time.monotonic()
    page.join("schwimmen-0123456789abcdef0123")
    page.wait_link("unreachable", timeout=UNREACHABLE_S * 1000)
    assert time.monotonic() - start < UNREACHABLE_S
    assert page.link_state() == ["unreachable", "signal"]
    assert all(url.startswith("wss://0.peerjs.com/peerjs?key=peerjs&id=") for url in sockets)


def test_a_missing_table_and_a_taken_id_are_said(players, signal):
    guest, rival = players(signal.url, 2)
    start = time.monotonic()
    guest.join("schwimmen-0123456789abcdef0123")
    guest.wait_link("unreachable", timeout=UNREACHABLE_S * 1000)
    assert time.monotonic() - start < UNREACHABLE_S
    assert guest.link_state() == ["unreachable", "host"]
    guest.join("<b>not an id</b>")
    guest.wait_link("unreachable")
    assert guest.link_state() == ["unreachable", "bad-id"]

    table = guest.host()
    guest.wait_table("open")
    rival.host(id=table["id"])  # another page, another token: the server says no
    rival.wait_table("unreachable")
    assert rival.table_state() == ["unreachable", "id-taken"]
    assert guest.table_state() == ["open", None]


def test_the_page_names_its_servers_and_refuses_others(players, signal):
    (page,) = players(signal.url, 1)
    page.setup()
    config = page.page.evaluate("() => net.module.config()")
    assert config["signal"] == signal.url and config["source"] == "url"
    assert config["problem"] is None
    assert config["allowed"] == ["wss://0.peerjs.com/"] and config["loopback"] is True
    assert config["library"] == {"name": "peerjs", "version": "1.5.5"}
    assert {"urls": "stun:stun.l.google.com:19302"} in config["iceServers"]

    checked = page.page.evaluate(
        """async (cases) => {
          const net = await import('./static/net.mjs');
          const built = await net.builtSettings();
          return cases.map((search) => {
            const c = net.resolveConfig(built, search);
            return [c.signal, c.source, c.problem];
          });
        }""",
        [
            "",
            "?signal=wss://0.peerjs.com/",
            "?signal=ws://127.0.0.1:9000/",
            "?signal=ws://localhost:9000/peer/",
            "?signal=wss://evil.example/",
            "?signal=ws://0.peerjs.com/",
            "?signal=wss://0.peerjs.com:8443/",
            "?signal=wss://127.0.0.1:9000/",
            "?signal=ws://[::1]:9000/",
            "?signal=ws://10.0.0.1:9000/",
            "?signal=http://127.0.0.1:9000/",
            "?signal=javascript:alert(1)",
            "?signal=ws://user:pw@127.0.0.1:9000/",
            "?signal=ws://127.0.0.1:9000/?x=1",
            "?signal=ws://127.0.0.1:9000/" + "a" * 300,
            "?signal=",
        ],
    )
    default = "wss://0.peerjs.com/"
    assert checked[:4] == [
        [default, "build", None],
        [default, "url", None],
        ["ws://127.0.0.1:9000/", "url", None],
        ["ws://localhost:9000/peer/", "url", None],
    ]
    for signal_url, source, problem in checked[4:]:
        assert signal_url is None and source == "url" and problem, (signal_url, problem)

    # A refused ?signal= is said, and the page opens no WebSocket at all.
    (refused,) = players("wss://evil.example/", 1)
    sockets = []
    refused.page.on("websocket", lambda ws: sockets.append(ws.url))
    refused.join("schwimmen-0123456789abcdef0123")
    refused.wait_link("unreachable")
    assert refused.link_state() == ["unreachable", "signal-refused"]
    refused.host()
    refused.wait_table("unreachable")
    assert refused.table_state() == ["unreachable", "signal-refused"]
    assert sockets == []


def test_the_single_player_page_loads_and_connects_nothing_of_online_play(context, site_url):
    page = context.new_page()
    requests, sockets = [], []
    page.on("request", lambda r: requests.append(r.url))
    page.on("websocket", lambda ws: sockets.append(ws.url))
    open_game(page, site_url, "?seed=3&bots=1&speed=0&lang=en")
    page.wait_for_function("() => ['saved', 'failed'].includes(app.dataset.snapshot)")
    online = [u for u in requests if any(n in u for n in ("net.mjs", "peerjs", "online.json"))]
    # The service worker precaches them (its own requests, not the page's): never loaded.
    assert online == []
    assert sockets == []
    assert page.evaluate("() => typeof window.peerjs") == "undefined"


# The app's way in: Python in the page imports the module with PyScript's js_import (an
# absolute URL: js_import resolves relative ones against PyScript's own files) and hands
# Python callables to the handler properties.
PYTHON_HOST = """
import js
from pyodide.ffi import create_proxy
from pyscript import js_import

(net,) = await js_import(js.URL.new("./static/net.mjs", js.document.baseURI).href)
table = net.host()
js.window.pyLog = js.Array.new()


def on_connection(link):
    def on_message(text):
        js.window.pyLog.push(f"{link.id}: {text}")
        link.send(f"Python heard {len(text)} characters")

    link.onMessage = create_proxy(on_message)


table.onConnection = create_proxy(on_connection)
table.id
"""


def test_python_in_the_page_drives_the_transport(players, signal):
    host, guest = players(signal.url, 2)
    table_id = host.page.evaluate(
        """async (code) => {
          const boot = await import('./static/boot.mjs');
          const python = await boot.loadPyodide();  // the page's own interpreter
          return await python.runPythonAsync(code);
        }""",
        PYTHON_HOST,
    )
    assert table_id.startswith("schwimmen-")
    guest.join(table_id)
    guest.wait_link("open")
    guest.send("swap 1 2 — ä")
    guest.wait_events(1, "message")
    assert guest.messages() == ["Python heard 12 characters"]
    (line,) = host.page.evaluate("() => [...pyLog]")
    assert line.endswith(": swap 1 2 — ä")
