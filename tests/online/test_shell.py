"""The screens of an online page that are not the table, as a pure function of a frozen
view (app.online.shell): each case the room can be in, drawn without a room, a store or
a browser."""

from __future__ import annotations

import dataclasses

import pytest

from app.online.dialog import Draft
from app.online.invitation import Invitation
from app.online.shell import Phase, ScreenView, frame, screen
from tests.app.markup import parse

LOBBY = {
    "seats": [
        {"seat": 0, "kind": "host", "name": "Hana"},
        {"seat": 1, "kind": "guest", "name": "Ben"},
        {"seat": 2, "kind": "open", "name": ""},
    ],
    "players": 3,
    "preset": "classic",
    "rules": {"lives": 3},
    "move_time": 0,
    "started": False,
}


def _screen(phase: Phase, lang: str = "en", **fields: object) -> str:
    shown = screen(ScreenView(lang, phase, **fields))
    assert shown is not None
    return shown


def _text(markup: str) -> str:
    return parse(markup).all_text()


def test_the_view_is_frozen():
    view = ScreenView("en", Phase.LOBBY)
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.phase = Phase.TABLE


def test_a_running_match_is_the_table_and_a_table_without_a_view_yet_the_lobby():
    assert screen(ScreenView("en", Phase.TABLE, at_table=True)) is None
    waiting = _screen(Phase.TABLE, lobby=LOBBY, seat=1)
    assert 'data-testid="lobby"' in waiting


@pytest.mark.parametrize("which", ["guest", "host", ""])
def test_a_version_to_update_comes_before_everything_and_a_guest_reloads(which):
    shown = _screen(Phase.TABLE, update=which, at_table=True, leaving=True)
    assert 'data-testid="online-problem"' in shown
    assert ('data-action="reload"' in shown) == (which == "guest")
    words = "The host plays a newer version" if which == "guest" else "the host must reload"
    assert words in _text(shown)


def test_an_unreachable_table_says_why_in_the_words_of_its_kind_and_offers_a_retry():
    peer = _screen(Phase.LOBBY, state="unreachable", detail="host")
    assert 'data-action="retry-online"' in peer and "is the host still there" in _text(peer)
    server = _screen(Phase.LOBBY, state="unreachable", detail="host", server="https://t.example")
    assert "The table server has no such table" in _text(server)


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({"hosting": True}, "The table then closes for everyone"),
        ({}, "A bot then plays your seat"),
        ({"server": "https://t.example"}, "The table goes on"),
    ],
)
def test_the_question_before_leaving_says_where_it_leads(fields, words):
    shown = _screen(Phase.TABLE, leaving=True, at_table=True, **fields)
    assert 'data-testid="leave-question"' in shown and words in _text(shown)


def test_my_tables_load_then_list_and_say_why_the_server_could_not_be_asked():
    assert "Loading the tables" in _text(_screen(Phase.TABLES))
    rows = [{"table": "t1", "seat": 0, "started": False, "names": ["Hana"]}]
    listed = _screen(Phase.TABLES, listing=rows, invite_base="/?join=")
    assert 'href="/?join=t1"' in listed
    failed = _screen(Phase.TABLES, listing=[], problem="<down>")
    assert 'data-testid="online-error"' in failed and "&lt;down&gt;" in failed


def test_the_dialog_of_a_peer_to_peer_host_and_of_a_table_server():
    peer = _screen(Phase.SETUP, draft=Draft(name="Hana"), servers={"signal": "wss://s"})
    assert 'data-testid="online"' in peer and 'value="Hana"' in peer
    assert 'data-testid="online-servers"' in peer and 'value="86400"' not in peer
    server = _screen(Phase.SETUP, server="https://t.example", creating=True)
    assert 'data-action="my-tables"' in server and 'value="86400"' in server
    assert "Opening the table" in _text(server)
    assert "wrong" in _text(_screen(Phase.SETUP, creating=True, problem="wrong"))


def test_the_join_form_names_the_invitation_and_who_deals():
    invitation = Invitation("Hana", "classic", 3, False, False, 60)
    shown = _screen(Phase.JOIN, "de", invitation=invitation, problem="Gib einen Namen ein.")
    assert 'data-testid="join-table"' in shown and "Der Tisch von Hana" in _text(shown)
    assert "Gib einen Namen ein." in _text(shown)
    assert "table server deals" in _text(_screen(Phase.JOIN, server="https://t.example"))


def test_a_refused_seat_says_why():
    shown = _screen(Phase.PROBLEM, problem="The table is full.")
    assert 'data-testid="online-problem"' in shown and "The table is full." in _text(shown)
    assert 'data-action="retry-online"' not in shown


def test_the_lobby_gives_its_controls_and_invite_to_the_page_that_runs_it_only():
    status = _screen(Phase.LOBBY, state="connecting")
    assert 'data-testid="online-state"' in status and 'data-testid="lobby"' not in status
    runs = _screen(
        Phase.LOBBY,
        lobby=LOBBY,
        runs_lobby=True,
        invite="http://x/?join=t1",
        qr=("10", "01"),
        said="copied",
    )
    assert 'data-action="start-online"' in runs and 'data-action="seat-bot-2"' in runs
    assert 'data-testid="invite-link"' in runs and 'data-testid="invite-qr"' in runs
    assert "Copied." in _text(runs)
    guest = _screen(Phase.LOBBY, lobby=LOBBY, seat=1, qr=("10",))
    assert 'data-action="start-online"' not in guest and "invite-qr" not in guest
    assert "Waiting for Hana" in _text(guest)


def test_the_frame_puts_the_title_the_banner_and_a_note_around_the_screen():
    shown = frame("<p>inside</p>", "busy", "de", banner="<aside>b</aside>", note="<p>n</p>")
    assert 'data-mode="busy"' in shown and "Online spielen" in shown
    assert shown.index("<aside>b</aside>") < shown.index("<p>n</p>") < shown.index("inside")
