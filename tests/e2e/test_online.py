"""Online play between browsers (issue 13): separate browser contexts (each its own
storage, like separate devices), the local signalling service (``scripts/signal``), the
real data channels between the pages. No internet: the service listens on 127.0.0.1.
"""

from __future__ import annotations

import dataclasses
import random

import pytest
from playwright.sync_api import expect

from engine import Match
from engine.record import MatchRecord
from tests.e2e.axe import describe, violations
from tests.e2e.net_support import silent_port
from tests.e2e.online_support import OnlinePage, play_together
from tests.e2e.pages import with_query
from tests.online.test_secrets import Spy

TABLE_READY = "[data-testid=hand] [data-card]"


@pytest.fixture
def people(browser, site_url, signal):
    made: list[OnlinePage] = []

    def person(**kw) -> OnlinePage:
        made.append(OnlinePage(browser, site_url, signal.url, **kw))
        return made[-1]

    yield person
    for p in made:
        errors = p.errors
        p.close()
        assert errors == [], errors


def host_and_guest(people, **fields: str) -> tuple[OnlinePage, OnlinePage]:
    """Hana opens a table with the dialog's ``fields``, Ben sits down, the match starts."""
    host, ben = people(), people()
    link = host.host("Hana", **fields)
    ben.join(link, "Ben")
    host.page.click("[data-action=start-online]")
    for p in (host, ben):
        p.wait_for(TABLE_READY)
    return host, ben


def audit(page, screen: str) -> None:
    found = violations(page)
    assert found == [], describe(found, screen)


def moves_made(page: OnlinePage) -> int:
    return page.page.locator("[data-testid=log] li").count()


def check_no_foreign_cards(host: OnlinePage, guests: dict[int, OnlinePage], monkeypatch) -> int:
    """Replay the host's match and check every ``state`` message each guest page received
    at the moment it describes (``seq`` moves in): none names a card its seat may not
    know (tests/online/test_secrets.py's oracle). Returns how many were checked."""
    record = MatchRecord.from_dict(host.local("online-host")["table"]["match"])
    by_seq: dict[int, list[tuple[int, dict]]] = {}
    for seat, guest in guests.items():
        for message in guest.all_messages():
            if message.pop("kind", None) == "state":
                by_seq.setdefault(message["seq"], []).append((seat, message))
    spy = Spy()
    start_deal = Match._start_deal

    def start_deal_seen(match, stacked=None):
        if hasattr(match, "_deal"):
            spy.saw(match, match.deal_number)
        start_deal(match, stacked)

    monkeypatch.setattr(Match, "_start_deal", start_deal_seen)
    start = dataclasses.replace(record, actions=())
    match = Match.replay(start)
    for k in range(len(record.actions) + 1):
        for seat, message in by_seq.get(k, []):
            spy.check(match, seat, message)
        if k < len(record.actions):
            match.apply(record.actions[k])
    assert spy.leaks == [], spy.leaks[:5]
    return spy.messages


def test_a_host_and_two_guests_play_a_whole_match_with_a_bot(people, monkeypatch):
    host, ben, bo = people(), people(), people()
    link = host.host("Hana", players="4", lives="1", bot_level="easy")
    assert "join=" in link and "signal=" in link
    assert host.seats() == {0: "host", 1: "open", 2: "open", 3: "open"}
    expect(host.page.locator("[data-testid=invite-qr] path")).to_have_count(1)
    audit(host.page, "the lobby with its invite")

    ben.join(link, "Ben")
    audit(ben.page, "a guest in the lobby")
    bo.join(link, "<b>Bo</b>")
    expect(host.page.locator("[data-seat='2'][data-kind=guest] .lobby-name")).to_have_text(
        "<b>Bo</b>"
    )
    assert host.page.locator("[data-testid=lobby] b").count() == 0  # text, never markup
    host.page.click("[data-action=start-online]")
    for p in (host, ben, bo):
        p.wait_for(TABLE_READY)
    expect(ben.page.locator("[data-testid^=seat-]", has_text="<b>Bo</b>")).to_have_count(1)
    audit(ben.page, "a guest's table")

    # Forged messages from Bo's page, past its own code: refused, and the match goes on.
    assert bo.send_raw('{"kind": "act", "seat": 1, "action": "knock", "seq": 0}')
    assert bo.send_raw('{"kind": "act", "seat": 2, "action": "swap 7 7", "seq": 0}')
    assert bo.send_raw('{"kind": "act", ')
    bo.send_raw(100_000)  # over the host's 64 KB: dropped unread
    assert not bo.send_raw(1_000_000)  # over the browser's own limit: never sent
    bo.page.wait_for_function(
        """() => window.__received.filter(m => m.includes('"rejected"')).length >= 3"""
    )
    reasons = {m["reason"] for m in bo.all_messages() if m.get("kind") == "rejected"}
    assert {"wrong-seat", "not-json"} <= reasons
    assert reasons & {"not-your-turn", "stale", "illegal"}

    rng = random.Random(5)
    pages = [host, ben, bo]
    play_together(pages, rng, lambda: moves_made(host) >= 8)
    ben.reload()  # mid-match: back on the same seat, with no join form
    ben.wait_for(TABLE_READY)
    assert ben.page.locator("[data-testid=join]").count() == 0
    expect(host.page.locator("[data-testid^=seat-]", has_text="Ben")).to_have_count(1)

    play_together(pages, rng, lambda: all(p.state == "match-over" for p in pages))
    names = {host: "Hana", ben: "Ben", bo: "<b>Bo</b>"}
    rankings = [p.ranking(names[p]) for p in pages]
    assert rankings[0] == rankings[1] == rankings[2]
    assert set(rankings[0]) == {"Hana", "Ben", "<b>Bo</b>", "Clara"}
    for p in pages:  # counted once on each device, apart from the games against bots
        assert p.local("stats-online")["overall"]["matches"] == 1
        # the game against bots the host's page opened on may have finished a deal on its
        # own before "Play online" (then it counts that deal), but never a match
        against_bots = p.local("stats") or {"overall": {"matches": 0}}
        assert against_bots["overall"]["matches"] == 0
    checked = check_no_foreign_cards(host, {1: ben, 2: bo}, monkeypatch)
    assert checked > 20


def test_the_host_reloads_and_everyone_goes_on(people):
    host, ben = host_and_guest(people, players="3", lives="2")
    rng = random.Random(2)
    play_together([host, ben], rng, lambda: moves_made(host) >= 6)
    assert "host=" in host.page.url  # the URL brings the table back
    before = host.local("online-host")["table"]["match"]["actions"]
    host.reload()
    host.wait_for(TABLE_READY)
    assert host.local("online-host")["table"]["match"]["actions"][: len(before)] == before
    # Ben's page reconnects on its own and the match goes on from where it was.
    expect(ben.page.locator("[data-testid=online-state]")).to_have_attribute(
        "data-state", "open", timeout=30_000
    )
    play_together(
        [host, ben],
        rng,
        lambda: len(host.local("online-host")["table"]["match"]["actions"]) >= len(before) + 4,
    )


def test_a_guest_who_leaves_is_replaced_by_a_bot_after_the_grace_period(people):
    host, ben = host_and_guest(people, players="2", lives="1")
    rng = random.Random(3)
    # Make it Ben's turn, then Ben's device goes away.
    play_together([host], rng, lambda: ben.state == "human")
    actions = len(host.local("online-host")["table"]["match"]["actions"])
    ben.page.close()
    host.page.wait_for_timeout(20_000)  # within the grace period (30 s) the seat waits
    assert len(host.local("online-host")["table"]["match"]["actions"]) == actions
    host.page.wait_for_function(
        "n => JSON.parse(localStorage.getItem('schwimmen.online-host')).data.table.match"
        ".actions.length > n",
        arg=actions,
        timeout=30_000,
    )


@pytest.mark.parametrize("on_timeout", ["bot", "end"])
def test_the_move_timer_runs_out(people, on_timeout):
    host, ben = host_and_guest(
        people, players="2", lives="2", move_time="30", on_timeout=on_timeout
    )
    waiting = host if host.state == "human" else ben
    other = ben if waiting is host else host
    waiting.wait_for("#app[data-state=human]")
    timer = waiting.page.locator("[data-testid=move-timer]")
    expect(timer).to_contain_text("Your move")
    expect(other.page.locator("[data-testid=move-timer]")).to_contain_text("left")
    actions = len(host.local("online-host")["table"]["match"]["actions"])
    if on_timeout == "bot":
        host.page.wait_for_function(
            "n => JSON.parse(localStorage.getItem('schwimmen.online-host')).data.table.match"
            ".actions.length > n",
            arg=actions,
            timeout=45_000,
        )
    else:
        for p in (host, ben):
            p.wait_for("#app[data-state=match-over]", timeout=45_000)
            expect(p.page.locator(".online-note")).to_contain_text("nobody loses a life")
        assert len(host.local("online-host")["table"]["match"]["actions"]) == actions
        assert ben.local("stats-online") is None  # no result to count


def test_an_unreachable_service_is_said_within_15_s_with_a_retry(browser, site_url):
    with silent_port() as port:
        host = OnlinePage(browser, site_url, f"ws://127.0.0.1:{port}/")
        try:
            host.open_dialog()
            host.page.locator("[data-testid=online] [name=name]").fill("Hana")
            host.page.click("[data-action=host]")
            problem = host.page.locator("[data-testid=online-problem]")
            expect(problem).to_be_visible(timeout=15_000)
            expect(host.page.locator("[data-action=retry-online]")).to_be_visible()
            audit(host.page, "the unreachable service")
        finally:
            host.close()


def test_the_dialog_and_the_join_screen_pass_the_audit_at_360_px(people):
    host = people(width=360)
    host.open_dialog()
    audit(host.page, "the online dialog at 360 px")
    assert host.page.evaluate("() => document.documentElement.scrollWidth") <= 360
    expect(host.page.locator("[data-testid=online-servers]")).to_contain_text("127.0.0.1")
    link = host.host("Hana")
    guest = people(width=360)
    guest.page.goto(with_query(link, "&lang=en"))
    guest.wait_for("[data-testid=join]")
    said = "Hana's table: Classic, 3 lives. Time per move: No limit."
    expect(guest.page.locator("[data-testid=join-table]")).to_have_text(said)
    audit(guest.page, "the join screen at 360 px")
    assert guest.page.evaluate("() => document.documentElement.scrollWidth") <= 360


def test_the_invite_link_is_copied_by_keyboard_at_360_px(people, site_url):
    host = people(width=360)
    origin = site_url.split("/", 3)
    host.context.grant_permissions(
        ["clipboard-read", "clipboard-write"], origin="/".join(origin[:3])
    )
    link = host.host("Hana")
    page = host.page
    assert page.evaluate("() => typeof navigator.share") == "undefined"  # Linux: the copy
    button = page.get_by_role("button", name="Share or copy the link")
    for _ in range(40):  # reached with the Tab key
        page.keyboard.press("Tab")
        if button.evaluate("b => b === document.activeElement"):
            break
    else:
        raise AssertionError("Tab never reaches the share button")
    page.keyboard.press("Enter")
    expect(page.locator("[data-testid=invite-said]")).to_have_text("Copied.")
    assert page.evaluate("() => navigator.clipboard.readText()") == link
    assert button.evaluate("b => b === document.activeElement")
    box = button.bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= 360
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
    audit(page, "the lobby with the invite at 360 px")
