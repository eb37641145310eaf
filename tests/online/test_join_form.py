"""The join form a guest sees on opening an invitation (app.online.screens.join_screen,
drawn by app.online.room): what it says when a name is refused; and the host's invite
with its button to share or copy the link."""

from __future__ import annotations

import html
import re
from unittest.mock import ANY

import pytest

from tests.online.fake_net import Clock, FakePage, Hub, guest_table
from tests.online.test_table import open_table


def shown_error(markup: str) -> str:
    found = re.search(r'data-testid="online-error">([^<]*)</p>', markup)
    assert found, "the join form shows no error"
    return html.unescape(found.group(1))


def refused(lang: str, name: str) -> tuple[str, str]:
    """Ben's page (in ``lang``) tries to sit down at Hana's table as ``name``: the join
    form's error and its markup."""
    hub, clock = Hub(), Clock()
    open_table(hub, clock)
    guest, page = guest_table(hub, clock, lang=lang)
    guest.start()
    guest.press("join", {"name": name})
    hub.run()
    assert 'data-testid="join"' in page.markup
    return shown_error(page.markup), page.markup


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("name", ["   ", "x" * 21, "Eve\u202eevil", "hana"])
def test_every_refused_name_is_said_in_a_sentence_of_the_page_language(lang, name):
    error, _ = refused(lang, name)
    assert error[0].isupper() and error.endswith("."), error
    english = {"Give", "A", "The", "Someone"}
    assert (error.split()[0] in english) == (lang == "en"), error


def test_a_name_taken_by_the_host_is_named_back():
    error, _ = refused("de", "hana")
    assert error == "Am Tisch heißt schon jemand Hana. Wähl einen anderen Namen."
    error, _ = refused("en", "x" * 21)
    assert error == "The name has 21 characters; at most 20 are allowed."


class SharingPage(FakePage):
    """A page whose share sheet or clipboard answers ``outcome``."""

    def __init__(self, outcome: str) -> None:
        super().__init__()
        self.outcome, self.offered = outcome, []

    def share(self, url, title, done):
        self.offered.append((url, title))
        done(self.outcome)


@pytest.mark.parametrize(("outcome", "said"), [("copied", "Copied."), ("shared", "Shared.")])
def test_the_invite_has_a_button_that_shares_or_copies_the_link(outcome, said):
    hub, clock = Hub(), Clock()
    host, _ = open_table(hub, clock)
    sharing = SharingPage(outcome)
    host.host = sharing
    host._render()
    assert 'data-action="share-invite"' in sharing.markup
    assert "Share or copy the link" in sharing.markup
    host.press("share-invite")
    link = re.search(r'data-testid="invite-link" href="([^"]+)"', sharing.markup)
    assert link and sharing.offered == [(html.unescape(link.group(1)), ANY)]
    assert sharing.patched["invite-said"] == said
    host._render()  # the next lobby drawing still says it
    assert f'role="status">{said}</span>' in sharing.markup


def test_a_link_that_could_not_be_copied_is_said_so():
    hub, clock = Hub(), Clock()
    host, _ = open_table(hub, clock)
    host.host = sharing = SharingPage("failed")
    host.press("share-invite")
    assert sharing.patched["invite-said"].startswith("The link could not be copied")


def invite_of(markup: str) -> str:
    link = re.search(r'data-testid="invite-link" href="([^"]+)"', markup)
    assert link, "no invite link"
    return html.unescape(link.group(1))


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        (
            "en",
            "Hana's table: Knack, 2 tokens, Mistery, Lügen (bluffing). Time per move: 1 minute.",
        ),
        ("de", "Der Tisch von Hana: Knack, 2 Spielmarken, Mistery, Lügen. Zeit pro Zug: 1 Minute."),
    ],
)
def test_the_join_form_names_the_host_and_the_rules_the_invite_carries(lang, said):
    hub, clock = Hub(), Clock()
    form = {"lives": "2", "mistery": "on", "luegen": "on", "move_time": "60"}
    _, host_page = open_table(hub, clock, form)
    link = invite_of(host_page.markup)
    guest, page = guest_table(hub, clock, lang=lang)
    guest.adopt(link.partition("#")[2])  # app.online.page hands the room the fragment
    guest.start()
    found = re.search(r'data-testid="join-table">([^<]*)</p>', page.markup)
    assert found and html.unescape(found.group(1)) == said


@pytest.mark.parametrize(
    "fragment",
    [
        "",
        "by=&game=knack",
        "by=Hana&lives=0",
        "by=Hana&game=poker",
        "by=Hana&time=7",
        "by=Hana&mistery=yes",
        "by=Eve%E2%80%AEevil",
    ],
)
def test_a_link_without_a_sound_invitation_shows_the_form_without_it(fragment):
    hub, clock = Hub(), Clock()
    open_table(hub, clock)
    guest, page = guest_table(hub, clock)
    guest.adopt("#" + fragment)
    guest.start()
    assert 'data-testid="join"' in page.markup and "join-table" not in page.markup
