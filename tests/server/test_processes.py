"""Real server processes: ``kill -9`` mid-match loses nothing any page was told and the
table goes on after a restart; two processes on one PostgreSQL serve one table, a guest
on each (``LISTEN/NOTIFY``); a page's socket is not compressed."""

from __future__ import annotations

import json

from .processes import RealPage, ServerProcess, play, start_table


def test_kill_9_mid_match_loses_no_move_a_page_was_told(tmp_path):
    database = f"sqlite:///{tmp_path / 'tables.db'}"
    server = ServerProcess(database)
    made, owner, guest = start_table(server)
    play([owner, guest], lambda: owner.guest.mirror.seq >= 20)
    for page in (owner, guest):
        page.drain()
    told = max(owner.guest.mirror.seq, guest.guest.mirror.seq)
    secrets = owner.guest.secret, guest.guest.secret
    assert server.kill() == -9
    server = ServerProcess(database)
    try:
        owner = RealPage(server, made["table"], "Hana", secrets[0])
        guest = RealPage(server, made["table"], "Ann", secrets[1])
        owner.hello()
        guest.hello()
        for page in (owner, guest):
            page.drain(lambda p: p.guest.observation is not None)
            assert page.guest.mirror.seq == told  # every move told is there, no other
        play([owner, guest], lambda: owner.guest.over is not None and guest.guest.over is not None)
        assert owner.guest.over == guest.guest.over and owner.guest.over["reason"] == "end"
    finally:
        server.kill()


def test_two_processes_on_one_postgresql_serve_one_table(postgres):
    from .conftest import new_database

    database = new_database(postgres)
    a = ServerProcess(database)
    b = ServerProcess(database)
    try:
        _made, owner, guest = start_table(a, guest_server=b)
        play([owner, guest], lambda: owner.guest.over is not None and guest.guest.over is not None)
        assert owner.guest.over == guest.guest.over and owner.guest.over["reason"] == "end"
        assert owner.guest.mirror.seq == guest.guest.mirror.seq
        assert [s["away"] for s in guest.guest.lobby["seats"]] == [False, False]
    finally:
        a.kill()
        b.kill()


def test_hostile_pages_are_kept_out_and_slow_no_other_table(tmp_path):
    import urllib.request

    import pytest
    from websockets.exceptions import ConnectionClosed, InvalidStatus
    from websockets.sync.client import connect

    from engine.online import protocol

    server = ServerProcess(
        f"sqlite:///{tmp_path / 'tables.db'}", "--origin", "https://game.example"
    )
    try:
        made, owner, guest = start_table(server)
        socket = f"{server.ws_url}api/tables/{made['table']}/ws"
        with pytest.raises(InvalidStatus):  # another site's page may not open a socket
            connect(socket, origin="https://evil.example", open_timeout=5, legacy=True)
        for allowed in ("https://game.example", server.url.rstrip("/")):
            connect(socket, origin=allowed, open_timeout=5, legacy=True).close()

        def preflight(origin: str) -> str | None:
            request = urllib.request.Request(
                server.url + "api/tables",
                method="OPTIONS",
                headers={"Origin": origin, "Access-Control-Request-Method": "POST"},
            )
            try:
                with urllib.request.urlopen(request, timeout=5) as answer:
                    return answer.headers.get("access-control-allow-origin")
            except urllib.error.HTTPError as e:
                return e.headers.get("access-control-allow-origin")

        assert preflight("https://game.example") == "https://game.example"
        assert preflight("https://evil.example") is None

        big = connect(socket, open_timeout=5, legacy=True)
        big.send("x" * (1 << 20))  # over the frame cap: the socket is closed
        with pytest.raises(ConnectionClosed) as closed:
            big.recv(timeout=5)
        assert closed.value.rcvd.code == 1009

        other, _owner, _guest = start_table(server)
        flood = connect(
            f"{server.ws_url}api/tables/{other['table']}/ws", open_timeout=5, legacy=True
        )
        for _ in range(3000):
            flood.send(protocol.act("knock", seq=0, seat=1))
        play([owner, guest], lambda: owner.guest.mirror.seq >= 20)  # answered all the while
        said = []
        while True:
            try:
                said.append(flood.recv(timeout=1))
            except TimeoutError:
                break
        kinds = [json.loads(t).get("reason") for t in said]
        assert kinds.count("flood") >= 1 and len(said) < 300  # the rest was dropped unread
    finally:
        server.kill()


def test_a_killed_processs_pages_stop_looking_present(postgres):
    """Two processes on one PostgreSQL, a page on each; ``kill -9`` one: the other's page
    sees that seat away once the killed process stopped saying it is alive."""
    from .conftest import new_database

    database = new_database(postgres)
    a = ServerProcess(database)
    b = ServerProcess(database)
    try:
        _made, owner, _guest = start_table(a, guest_server=b)
        owner.drain(lambda p: not any(s["away"] for s in p.guest.lobby["seats"]))
        b.kill()
        owner.drain(lambda p: p.guest.lobby["seats"][1]["away"], timeout=20)  # TTL: 6 s
    finally:
        for server in (a, b):
            if server.proc.poll() is None:
                server.kill()


def test_a_pages_socket_is_not_compressed(tmp_path):
    """No permessage-deflate: compressing each small message for each page cost more of
    the server's CPU per move than anything but the database (issue 39), and a
    compressor per socket held most of an open table's memory."""
    server = ServerProcess(f"sqlite:///{tmp_path / 'tables.db'}")
    try:
        _made, owner, guest = start_table(server)
        asked = owner.ws.request.headers.get("Sec-WebSocket-Extensions")
        assert asked is not None and "permessage-deflate" in asked  # the client offers it
        assert owner.ws.response.headers.get("Sec-WebSocket-Extensions") is None
        play([owner, guest], lambda: owner.guest.mirror.seq >= 4)
    finally:
        server.kill()


def test_the_server_keeps_the_cycle_collector_from_walking_its_start_up():
    """``quiet_collector`` (called once the server listens) freezes what start-up made
    and raises the collector's first threshold: with Python's own settings a full
    collection of a busy server stalled every table for a quarter of a second. Run in a
    process of its own, so this test's process keeps its collector as it was."""
    import subprocess
    import sys
    from pathlib import Path

    code = (
        "import gc, json\n"
        "from server.__main__ import GC_THRESHOLDS, quiet_collector\n"
        "before = gc.get_threshold()\n"
        "quiet_collector()\n"
        "after = gc.get_threshold()\n"
        "print(json.dumps([before, after, list(GC_THRESHOLDS), gc.get_freeze_count()]))\n"
    )
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=True
    ).stdout
    before, after, wanted, frozen = json.loads(out)
    assert before == [700, 10, 10] and after == wanted and wanted[0] > 700
    assert frozen > 10_000  # the modules' and the app's objects, out of its walks
