"""A table that finishes when someone stops playing (issue 41), through the page served by
``./scripts/server`` with 30 s a move: a person who leaves misses two deadlines, a bot
plays their seat (marked on the others' pages), and they take it back by acting at their
next turn; "Give more time" is pressed once by the one not to move."""

from __future__ import annotations

import random
import time

from playwright.sync_api import expect

from tests.e2e import test_server_play as play
from tests.e2e.test_server_play import (
    TABLE_READY,
    Person,
    audit,
    fits,
    open_table,
    summary,
    until,
)

server_url = play.server_url  # the fixtures: one ./scripts/server for the module, people
people = play.people

BOT_PLAYS_BEN = "[data-testid=bot-1]"  # on Hana's page: Ben's seat is the one after hers


def play_turns(person: Person, url: str, table: str, token: str, rng, done, seconds: float):
    """``person`` makes each of their moves (the others' run out or are made) until
    ``done()``; False if the time is up first."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if done():
            return True
        row = summary(url, table, token)
        assert not row["ended"], row
        if row["your_turn"] and person.state in ("human", "deal-over"):
            moves = row["moves"]
            person.move(rng)
            until(lambda m=moves: summary(url, table, token)["moves"] > m, 10)
        else:
            time.sleep(0.6)
    return bool(done())


def test_a_leavers_seat_goes_to_a_bot_after_two_missed_deadlines_and_back(people, server_url):
    hana, ben, table = open_table(
        people, preset="classic", lives="6", move_time="30", on_timeout="bot"
    )
    tokens = {p: p.seats_kept()[table]["secret"] for p in (hana, ben)}
    ben.page.close()  # Ben leaves without a word
    rng = random.Random(5)
    marked = hana.page.locator(BOT_PLAYS_BEN)
    assert play_turns(hana, server_url, table, tokens[hana], rng, marked.is_visible, 150)
    expect(marked).to_have_text("a bot plays until their next move")
    audit(hana.page, "a table where a bot plays a seat")
    assert not summary(server_url, table, tokens[hana])["ended"]

    ben.open(table)  # Ben is back: his next turn waits for him, and his move takes it back
    ben.wait_for(TABLE_READY)
    expect(ben.page.locator("[data-testid=bot-0]")).to_be_visible()

    end = time.monotonic() + 120
    while marked.count():  # whoever is to move moves; Ben's own move ends the mark
        assert time.monotonic() < end, "Ben's seat was not taken back"
        row = summary(server_url, table, tokens[hana])
        assert not row["ended"], row
        (hana if row["your_turn"] else ben).move(rng)
        time.sleep(0.6)
    expect(ben.page.locator("[data-testid=bot-0]")).to_have_count(0)


def test_the_one_not_to_move_gives_more_time_once(people, server_url):
    hana, ben, table = open_table(people, preset="classic", lives="3", move_time="60")
    token = hana.seats_kept()[table]["secret"]
    giver = ben if summary(server_url, table, token)["your_turn"] else hana
    button = giver.page.locator("[data-action=more-time]")
    expect(button).to_be_visible(timeout=15_000)
    expect(button).to_have_text("Give more time")
    giver.page.set_viewport_size({"width": 360, "height": 640})  # a phone's
    audit(giver.page, "a table with 'Give more time' at 360 px")
    fits(giver.page)
    time.sleep(2)  # a little of the mover's time is gone: the gift gives it back
    before = summary(server_url, table, token)["left_ms"]
    button.click()
    expect(button).to_have_count(0)  # once per match
    assert summary(server_url, table, token)["left_ms"] > before
