"""The join form a guest sees on opening an invitation (app.online.screens.join_screen,
drawn by app.online.room): what it says when a name is refused."""

from __future__ import annotations

import html
import re

import pytest

from tests.online.fake_net import Clock, Hub, guest_table
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
