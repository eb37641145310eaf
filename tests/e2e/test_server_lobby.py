"""People who come back to a table server, through the page (issue 41, parts 2 and 3).

"Play now" from two browser contexts: the first opens an open table (none fits), the
second finds it under "Open tables" and sits down there by "Play now".

Watching: a player's
watch link opens the table in another browser context as a watcher sees it, live:
``#app[data-state=watching]``, the table and the log, every hand face down or absent,
and the number of watchers on the players' pages. No ``state`` frame the watcher's page
receives holds a hand, a face-down card or a move, and no card in it or on its screen is
in a player's hand (read from each player's own page at the same moment). A finished
match is stepped through move by move with the replay's buttons."""

from __future__ import annotations

import json
import random
import re
from urllib.parse import parse_qs, urlsplit

from playwright.sync_api import expect

from tests.e2e.test_server_play import QUERY, audit, fits, open_table, people, server_url  # noqa: F401
from tests.online.support import cards_in


def cards(page, selector: str) -> set[str]:
    return set(
        page.locator(f"{selector} [data-card]").evaluate_all("els => els.map(e => e.dataset.card)")
    )


def test_a_watcher_sees_the_table_and_no_hand(people):  # noqa: F811
    hana, ben, table = open_table(people, preset="knack", lives="1")
    link = hana.page.locator("[data-testid=watch-link]")
    href = link.get_attribute("href") or ""
    assert parse_qs(urlsplit(href).query) == {"watch": [table]}
    eye = people(width=360)
    frames: list[dict] = []

    def listen(ws) -> None:
        ws.on("framereceived", lambda text: frames.append(json.loads(text)))

    eye.page.on("websocket", listen)
    eye.page.goto(href + QUERY)
    eye.page.wait_for_selector("#app[data-state=watching]", timeout=60_000)
    eye.wait_for("[data-testid=seat-1]")  # the table (its cards come with the deal choice)
    expect(hana.page.locator("[data-testid=watchers]")).to_contain_text("1 watching")
    expect(eye.page.locator("[data-testid=watchers]")).to_contain_text("1 watching")
    audit(eye.page, "a watcher's table at 360 px")
    fits(eye.page)
    rng, checked = random.Random(7), 0
    for _ in range(8):
        mover = next((p for p in (hana, ben) if p.state in ("human", "deal-over")), None)
        if mover is None or eye.state == "match-over":
            break
        mover.move(rng)
        hana.page.wait_for_timeout(300)
        checked += check_now(eye, hana, ben, frames)
    assert checked >= 3
    states = [f for f in frames if f["kind"] == "state"]
    assert len(states) >= 2
    for f in states:
        obs = f["obs"]
        assert (obs["hand"], obs["mistery"], obs["legal_actions"]) == ([], None, [])
    assert cards(eye.page, "[data-testid=hand]") == {"??"}  # the seat in front, face down
    assert not [f for f in frames if f["kind"] == "welcome"]


def check_now(eye, hana, ben, frames: list[dict]) -> int:
    """Once the three pages show the same table (read again after the hands, unchanged):
    no card of a hand on the watcher's screen but the open table, nor in its last view
    (the log and the results may name cards once shown; the server's tests check every
    message against every seat's knowledge). 1 when checked, 0 when never settled."""
    pages = (hana, ben, eye)
    for _ in range(40):
        tables = [cards(p.page, "[data-testid=table]") for p in pages]
        if tables[0] == tables[1] == tables[2] and "??" not in tables[0]:
            hands = cards(hana.page, "[data-testid=hand]") | cards(ben.page, "[data-testid=hand]")
            if [cards(p.page, "[data-testid=table]") for p in pages] == tables:
                break
        eye.page.wait_for_timeout(250)
    else:
        return 0
    table = tables[0]  # open to all (a player's page may still draw a card it just laid)
    shown = cards(eye.page, "#app") - {"??"} - table
    assert not shown & hands, (shown, hands)
    last = [f for f in frames if f["kind"] == "state"][-1]["obs"]
    public = ("log", "last_deal", "table", "discard", "known_cards", "announcements")
    now = {k: v for k, v in last.items() if k not in public}  # known to all: taken, shown
    assert not cards_in(now) & hands, (cards_in(now), hands)
    return 1


def test_a_finished_match_replays_move_by_move(people):  # noqa: F811
    hana, ben, _table = open_table(
        people, preset="classic", lives="2", move_time="30", on_timeout="end"
    )
    href = hana.page.locator("[data-testid=watch-link]").get_attribute("href") or ""
    rng, moved = random.Random(3), 0
    for _ in range(40):
        mover = next((p for p in (hana, ben) if p.state == "human"), None)
        if moved >= 3 or mover is None:
            hana.page.wait_for_timeout(300)
            continue
        moved += mover.move(rng)
        hana.page.wait_for_timeout(400)
    assert moved >= 3
    hana.wait_for("#app[data-state=match-over]", timeout=60_000)  # the time ran out
    eye = people()
    steps: list[dict] = []
    eye.page.on("response", lambda r: "/replay/" in r.url and steps.append(r.json()))
    eye.page.goto(href + QUERY)
    eye.page.wait_for_selector("#app[data-state=match-over]", timeout=60_000)
    eye.page.click("[data-action=close-result]")
    step = eye.page.locator("[data-testid=replay-step]")
    eye.page.click("[data-action=replay-first]")
    expect(step).to_have_text(re.compile(r"Move 0 of \d+"))
    total = int(re.search(r"of (\d+)", step.inner_text()).group(1))
    assert total >= moved
    for k in range(1, 4):
        eye.page.click("[data-action=replay-next]")
        expect(step).to_have_text(f"Move {k} of {total}")
        assert eye.state == "watching"
        assert cards(eye.page, "[data-testid=hand]") <= {"??"}
    eye.page.click("[data-action=replay-back]")
    expect(step).to_have_text(f"Move 2 of {total}")
    eye.page.click("[data-action=replay-last]")
    expect(step).to_have_text(f"Move {total} of {total}")
    audit(eye.page, "a replay at 900 px")
    assert [b["step"] for b in steps] == [0, 1, 2, 3, 2, total]
    logs = [len(b["state"]["obs"]["log"]) for b in steps[:4]]
    assert logs == sorted(logs) and logs[-1] > logs[0]  # each move adds to the log
    for b in steps:  # the public view: no hand, no face-down card, no move
        obs = b["state"]["obs"]
        assert (obs["hand"], obs["mistery"], obs["legal_actions"]) == ([], None, [])


def test_an_open_table_is_joined_by_play_now_from_another_context(people):  # noqa: F811
    hana, ben = people(), people(width=360)
    for person in (hana, ben):
        person.page.goto(f"{person.site_url}?online=open{QUERY}")
        person.wait_for("[data-testid=open-tables]")
    expect(hana.page.locator("[data-testid=open-tables] [data-table]")).to_have_count(0)
    play_now(hana, "Hana")
    hana.wait_for("[data-testid=lobby]", timeout=60_000)  # at seat 0 of a new open table
    assert "#" not in hana.page.url  # the seat's token left the address
    (table,) = parse_qs(urlsplit(hana.page.url).query)["join"]
    ben.page.click("[data-action=open-tables]")  # the list again: Hana's table is there
    row = ben.page.locator(f"[data-testid=open-tables] [data-table='{table}']")
    expect(row).to_contain_text("Hana")
    assert row.locator("a[href]").get_attribute("href").endswith(f"?join={table}")
    audit(ben.page, "the open tables at 360 px")
    fits(ben.page)
    play_now(ben, "Ben")
    ben.wait_for("[data-testid=join]", timeout=60_000)  # the same table's join form
    assert parse_qs(urlsplit(ben.page.url).query)["join"] == [table]
    ben.page.locator("[data-testid=join] [name=name]").fill("Ben")
    ben.page.click("[data-action=join]")
    hana.wait_for("[data-testid=lobby] [data-seat='1'][data-kind=guest]", timeout=30_000)
    expect(hana.page.locator("[data-testid=lobby]")).to_contain_text("Ben")


def play_now(person, name: str) -> None:
    form = person.page.locator("[data-testid=open-tables] form")
    form.locator("[name=name]").fill(name)
    form.locator("[name=preset]").select_option("knack")
    form.locator("[name=move_time]").select_option("600")
    form.locator("[data-action=play-now]").click()
