"""The invitation codec (app.online.invitation): what a host's lobby writes into the
invite link's fragment is what the guest's join form reads back, and a fragment that
does not fit (a link is input like any other) reads as no invitation."""

from __future__ import annotations

import pytest

from app.online.invitation import (
    Invitation,
    invitation_fragment,
    invitation_line,
    read_invitation,
)
from app.url import parse_query


def _lobby(name: str = "Hana", **rules: object) -> dict[str, object]:
    return {
        "seats": [{"seat": 0, "name": name}, {"seat": 1, "name": ""}],
        "preset": "classic",
        "rules": {"lives": 4, "mistery": False, "luegen": True, **rules},
        "move_time": 300,
    }


def _read(fragment: str) -> Invitation | None:
    """As the guest's page reads its address's fragment (``Room.adopt``)."""
    return read_invitation(parse_query("?" + fragment.lstrip("#")))


@pytest.mark.parametrize("name", ["Hana", "Ölaf & Co", "a=b#c?d", "名前"])
def test_a_fragment_written_from_the_lobby_reads_back_as_the_same_table(name):
    fragment = invitation_fragment(_lobby(name))
    assert fragment.startswith("#by=")
    assert _read(fragment) == Invitation(name, "classic", 4, False, True, 300)


def test_no_name_at_seat_0_writes_no_fragment():
    assert invitation_fragment(_lobby("")) == ""
    assert invitation_fragment({"seats": []}) == ""


@pytest.mark.parametrize(
    "fields",
    [
        {"game": "classic"},  # whose table?
        {"by": "Hana", "game": "poker"},
        {"by": "Hana", "lives": "0"},
        {"by": "Hana", "lives": "-1"},
        {"by": "Hana", "lives": "3.5"},
        {"by": "Hana", "time": "7"},
        {"by": "Hana", "mistery": "yes"},
        {"by": "Hana", "luegen": "2"},
        {"by": "x" * 200},
        {"by": "Ha\x00na"},
    ],
)
def test_a_fragment_that_does_not_fit_is_no_invitation(fields):
    assert read_invitation(fields) is None


def test_the_defaults_of_a_short_fragment_are_the_custom_rules_without_a_time():
    assert read_invitation({"by": "Bo"}) == Invitation("Bo", "custom", 3, False, False, 0)


def test_the_join_form_says_whose_table_and_its_rules_in_both_languages():
    invitation = Invitation("Hana", "classic", 4, False, True, 300)
    assert invitation_line(invitation, "en").startswith("Hana's table: ")
    assert "5 minutes" in invitation_line(invitation, "en")
    assert invitation_line(invitation, "de").startswith("Der Tisch von Hana: ")
    assert "5 Minuten" in invitation_line(invitation, "de")
