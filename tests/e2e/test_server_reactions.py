"""Reactions at a table server's table (issue 41), through the page served by
``./scripts/server``: Ben's reaction shows by his seat on Hana's page and on his own, and
once Hana switches reactions off her page shows none (and still after a reload: the
choice is kept in her browser); the table with a reaction passes the audit. The
reactions are folded in the bar (``reactions-open``) so that a phone's table line stays
as short as before (``test_server_play``'s phone fit)."""

from __future__ import annotations

import time

from playwright.sync_api import expect

from tests.e2e import test_server_play as play
from tests.e2e.test_server_play import TABLE_READY, audit, open_table

server_url = play.server_url  # the fixtures: one ./scripts/server for the module, people
people = play.people

BY_BEN_ON_HANAS = "[data-testid=seat-1] [data-testid=reaction]"  # Ben sits after Hana
BY_BEN_ON_HIS = "[data-testid=seat-0] [data-testid=reaction]"  # each page's own seat is 0


def test_a_reaction_shows_by_its_seat_on_the_other_page_until_switched_off(people, server_url):
    hana, ben, table = open_table(people, preset="classic", lives="3")
    ben.page.click("[data-action=reactions-open]")  # folded in the bar until opened
    ben.page.click("[data-action=react-3]")
    shown = hana.page.locator(BY_BEN_ON_HANAS)
    expect(shown).to_have_text("👏", timeout=3_500)
    expect(shown).to_have_attribute("aria-label", "Ben reacts: applause")
    expect(ben.page.locator(BY_BEN_ON_HIS)).to_have_text("👏")
    audit(hana.page, "a table with a reaction")
    expect(shown).to_have_count(0, timeout=8_000)  # shown briefly

    hana.page.click("[data-action=reactions-open]")
    hana.page.click("[data-action=reactions-off]")
    expect(hana.page.locator("[data-testid=reactions]")).to_have_attribute("data-reactions", "off")
    expect(hana.page.locator("[data-action^=react-]")).to_have_count(0)
    ben.page.click("[data-action=react-0]")
    expect(ben.page.locator(BY_BEN_ON_HIS)).to_have_text("👍", timeout=3_500)
    time.sleep(1.0)  # Hana's page had its time to show it, if it would
    expect(hana.page.locator(BY_BEN_ON_HANAS)).to_have_count(0)

    hana.open(table)  # a reload: still off in this browser
    hana.wait_for(TABLE_READY)
    expect(hana.page.locator("[data-testid=reactions]")).to_have_attribute("data-reactions", "off")
    hana.page.click("[data-action=reactions-open]")
    hana.page.click("[data-action=reactions-on]")
    expect(hana.page.locator("[data-action^=react-]")).to_have_count(5)
