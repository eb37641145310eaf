"""Words at a table server's table (issue 37): the server deals, not the host's page;
the creator is named so, not "guest"; a guest waits for the creator by name."""

from __future__ import annotations

import html
import re

from app.online import screens


def _lobby(seat0_kind: str, name: str = "Hana") -> dict:
    return {
        "seats": [
            {"seat": 0, "kind": seat0_kind, "name": name},
            {"seat": 1, "kind": "guest", "name": "Ben"},
        ],
        "players": 2,
        "preset": "pub",
        "rules": {"lives": 5},
        "move_time": 600,
        "started": False,
    }


def _text(markup: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", markup))


def test_the_join_page_says_who_deals():
    assert "The table server deals" in _text(screens.join_screen("", "en", server=True))
    assert "Tisch-Server" in _text(screens.join_screen("", "de", server=True))
    assert "The host's device deals" in _text(screens.join_screen("", "en"))


def test_a_server_tables_creator_is_no_guest_and_is_waited_for_by_name():
    creator = screens.lobby(_lobby("guest"), 0, "en", host=True)
    row = re.search(r'data-seat="0".*?</li>', creator)
    assert row and "creator · you" in _text(row.group(0))
    guest = _text(screens.lobby(_lobby("guest"), 1, "en", host=False))
    assert "Waiting for Hana to start the match" in guest
    assert "host" not in guest
    nameless = _text(screens.lobby(_lobby("guest", name=""), 1, "en", host=False))
    assert "Waiting for the table's creator" in nameless


def test_a_pub_table_counts_tokens():
    assert "5 tokens" in _text(screens.lobby(_lobby("host"), 1, "en", host=False))
    assert "5 Spielmarken" in _text(screens.lobby(_lobby("host"), 1, "de", host=False))


def test_my_tables_names_each_preset_as_the_lobby_does():
    from app.i18n import preset_name
    from app.online import server_screens

    for preset in ("classic", "knack", "pub", "hosenowi"):
        row = {"table": "t1", "names": ["Hana"], "preset": preset, "move_time": 600}
        for lang in ("de", "en"):
            shown = _text(server_screens.my_tables([row], "/?join=", lang))
            assert f"{preset_name(preset, lang)} · " in shown, (preset, lang, shown)
    assert "Einunddreißig" not in _text(
        server_screens.my_tables([{"table": "t", "preset": "classic"}], "/?join=", "de")
    )


def test_a_server_tables_connection_speaks_of_the_table_server():
    lost = _text(screens.status_line("reconnecting", "lost", "en", server=True))
    assert "table server" in lost and "host" not in lost
    gone = _text(screens.status_line("unreachable", "host", "de", server=True))
    assert "Tisch-Server" in gone and "Gastgeber" not in gone
    assert "host" in _text(screens.status_line("reconnecting", "lost", "en"))  # peer to peer
