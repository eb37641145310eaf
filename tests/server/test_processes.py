"""Real server processes: ``kill -9`` mid-match loses nothing any page was told and the
table goes on after a restart; two processes on one PostgreSQL serve one table, a guest
on each (``LISTEN/NOTIFY``)."""

from __future__ import annotations

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
