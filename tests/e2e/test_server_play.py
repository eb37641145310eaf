"""Playing a table server's tables through the page (issue 22, part 6): real Chromium
pages served by ``./scripts/server``, each person in a browser context of their own.
The page is the same online room as for peer-to-peer play, a guest of the server's
referee; the creator runs the lobby from seat 0.

- a whole correspondence match (10 minutes a move) where each person's page is opened
  for their move and closed after it;
- the move timer running out, each kind (a bot moves; the match ends for everyone);
- "My tables" lists the tables and opens one;
- a seat taken to a second browser context by its link (the token only in the fragment);
- the reminders' switch asks the browser's permission first, and says a refusal;
- the dialog, the lobby, "My tables" and the table pass axe and fit 360 px.
"""

from __future__ import annotations

import json
import random
import signal
import time
import urllib.error
import urllib.request
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import expect

from server.pgtemp import free_port
from tests.e2e.axe import describe, violations
from tests.e2e.decisions import hidden, on_playwright
from tests.e2e.online_support import OnlinePage
from tests.e2e.pages import GamePage
from tests.e2e.test_server import ScriptServer

TABLE_READY = "[data-testid=hand] [data-card]"
QUERY = "&lang=en&speed=0"


@pytest.fixture(scope="module")
def server_url(tmp_path_factory):
    """One ``./scripts/server`` (SQLite) for the module: its start builds the site."""
    path = tmp_path_factory.mktemp("tables") / "tables.db"
    server = ScriptServer(free_port(), f"sqlite:///{path}")
    yield server.url
    server.kill(signal.SIGTERM)


class Person(OnlinePage):
    """One person's browser at a table server (no signalling service)."""

    def __init__(self, browser, url: str, *, width: int = 900) -> None:
        super().__init__(browser, url, "", width=width)
        self.query = "?lang=en&speed=0"
        self.requests: list[str] = []
        self.context.on("request", lambda r: self.requests.append(r.url))

    def open(self, table: str) -> None:
        """A new page at the table (the page before it, if any, closed first)."""
        self.page.close()
        self.page = self.context.new_page()
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.goto(f"{self.site_url}?join={table}{QUERY}")

    def seats_kept(self) -> dict:
        return self.local("server-seats") or {}


def api(url: str, path: str, body: dict) -> dict:
    """A POST to the server, as a page makes it; waits out the server's rate limit (a
    client address gets 30 at once, then 2 a second)."""
    request = urllib.request.Request(
        url.rstrip("/") + path,
        data=json.dumps(body).encode(),
        headers={"content-type": "application/json", "origin": url.rstrip("/")},
    )
    for _ in range(30):
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return json.loads(response.read())
        except urllib.error.HTTPError as e:
            if e.code != 429:
                raise
            time.sleep(1)
    raise AssertionError("the server kept saying 429")


def summaries(url: str, table: str, *tokens: str) -> list[dict]:
    """What "My tables" says of these seats at ``table`` (one request)."""
    seats = [{"table": table, "token": t} for t in tokens]
    rows = {r["seat"]: r for r in api(url, "/api/my-tables", {"seats": seats})["tables"]}
    return [rows[s] for s in sorted(rows)]


def summary(url: str, table: str, token: str) -> dict:
    return summaries(url, table, token)[0]


def until(check, seconds: float = 60) -> bool:
    """Poll ``check`` twice a second (the server's rate limit) until it is true."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if check():
            return True
        time.sleep(0.6)
    return bool(check())


@pytest.fixture
def people(browser, server_url):
    made: list[Person] = []

    def person(**kw) -> Person:
        made.append(Person(browser, server_url, **kw))
        return made[-1]

    yield person
    for p in made:
        errors = p.errors
        p.close()
        assert errors == [], errors


def audit(page, screen: str) -> None:
    found = violations(page)
    assert found == [], describe(found, screen)


def fits(page, width: int = 360) -> None:
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width


def open_table(people, width: int = 900, **fields: str) -> tuple[Person, Person, str]:
    """Hana opens a table of two with ``fields``, Ben sits down, Hana starts."""
    hana, ben = people(width=width), people()
    link = hana.host("Hana", players="2", **fields)
    (table,) = parse_qs(urlsplit(link).query)["join"]  # the fragment names host and rules
    ben.join(link, "Ben")
    hana.wait_for("[data-testid=lobby] [data-seat='1'][data-kind=guest]", timeout=30_000)
    hana.page.click("[data-action=start-online]")
    for p in (hana, ben):
        p.wait_for(TABLE_READY)
    return hana, ben, table


def test_a_correspondence_match_with_pages_closed_between_moves(people, server_url):
    hana, ben, table = open_table(people, preset="knack", lives="1", move_time="600")
    tokens = {p: p.seats_kept()[table]["secret"] for p in (hana, ben)}
    assert summary(server_url, table, tokens[hana])["move_time"] == 600
    for p in (hana, ben):
        p.page.close()  # both devices put away
    rng = random.Random(3)
    moves, opened = 0, 0
    for _ in range(200):
        found = summaries(server_url, table, tokens[hana], tokens[ben])
        rows = dict(zip((hana, ben), found, strict=True))
        if rows[hana]["ended"]:
            break
        (mover,) = [p for p in (hana, ben) if rows[p]["your_turn"]]
        mover.open(table)  # back at the table, a page that was closed
        opened += 1
        mover.wait_for(TABLE_READY)
        mover.page.wait_for_selector("#app[data-state=human]", timeout=30_000)
        assert mover.move(rng)
        before = rows[mover]["moves"]
        assert until(lambda m=mover, b=before: summary(server_url, table, tokens[m])["moves"] > b)
        moves += 1
        mover.page.close()
    else:
        raise AssertionError("the match did not end")
    assert rows[hana]["ended"] == "end" and opened == moves >= 2
    for p in (hana, ben):
        p.open(table)
        p.wait_for("#app[data-state=match-over]", timeout=30_000)
    assert ben.ranking("Ben").keys() == hana.ranking("Hana").keys()


@pytest.mark.parametrize("on_timeout", ["bot", "end"])
def test_the_move_timer_runs_out(people, server_url, on_timeout):
    hana, ben, table = open_table(
        people, preset="classic", lives="2", move_time="30", on_timeout=on_timeout
    )
    token = hana.seats_kept()[table]["secret"]
    row = summary(server_url, table, token)
    moves = row["moves"]
    waiting = hana if row["your_turn"] else ben
    waiting.wait_for("#app[data-state=human]")
    expect(waiting.page.locator("[data-testid=move-timer]")).to_contain_text("Your move")
    if on_timeout == "bot":
        assert until(lambda: summary(server_url, table, token)["moves"] > moves, 60)
        assert not summary(server_url, table, token)["ended"]
    else:
        for p in (hana, ben):
            p.wait_for("#app[data-state=match-over]", timeout=45_000)
            expect(p.page.locator(".online-note")).to_contain_text("nobody loses a life")
        row = summary(server_url, table, token)
        assert (row["ended"], row["moves"]) == ("timeout", moves)


def test_my_tables_lists_and_opens_a_table_and_the_screens_pass_the_audit(people, server_url):
    hana, _ben, table = open_table(people, width=360, move_time="3600")
    audit(hana.page, "a server table at 360 px")
    fits(hana.page)
    hana.open_dialog()
    expect(hana.page.locator("[name=move_time] option[value='86400']")).to_have_count(1)
    audit(hana.page, "the server's dialog at 360 px")
    fits(hana.page)
    hana.page.click("[data-action=my-tables]")
    row = hana.page.locator(f"[data-testid=my-tables] [data-table='{table}']")
    expect(row).to_contain_text("Hana, Ben")
    turn = summary(server_url, table, hana.seats_kept()[table]["secret"])
    expect(row).to_contain_text("Your turn" if turn["your_turn"] else "Ben's turn")
    expect(row).to_contain_text("left")
    audit(hana.page, "My tables at 360 px")
    fits(hana.page)
    row.locator("a[href]").click()
    hana.wait_for(TABLE_READY)
    assert f"join={table}" in hana.page.url
    # The game against bots, under its table. Seeded: unseeded, about one deal in twenty
    # ends before the player's first turn, and "human" never shows.
    hana.page.goto(f"{server_url}?lang=en&speed=0&seed=5")
    hana.page.wait_for_selector("#app[data-state=human]", timeout=60_000)
    audit(hana.page, "the game with My tables under its table at 360 px")
    fits(hana.page)
    hana.page.click("[data-action=my-tables]")
    listed = hana.page.locator(f"[data-testid=my-tables] [data-table='{table}'] a[href]")
    expect(listed).to_have_count(1)


def test_a_seat_moves_to_a_second_device_by_its_link(people, server_url):
    _hana, ben, table = open_table(people)
    ben.page.click("[data-testid=seat-move] summary")
    link = ben.page.locator("[data-testid=seat-link]").get_attribute("href") or ""
    token = ben.seats_kept()[table]["secret"]
    assert link.endswith(f"#seat={token}&name=Ben")
    expect(ben.page.locator("[data-testid=seat-qr]")).to_be_visible()
    audit(ben.page, "the seat's link on the table")
    other = people()  # Ben's second device
    other.page.goto(link)
    other.wait_for(TABLE_READY)
    assert "#" not in other.page.url  # the token leaves the address at once
    assert other.seats_kept()[table]["secret"] == token
    seat_names = other.page.locator("[data-seat]").evaluate_all(
        "els => els.map(e => e.textContent)"
    )
    assert any("Hana" in t for t in seat_names)  # Ben's view: Hana across the table
    assert all(token not in url for url in other.requests)  # never in a request line


def test_reminders_ask_the_browser_first(people, server_url):
    _hana, ben, table = open_table(people)
    switch = ben.page.locator("[data-testid=reminders]")
    expect(switch).to_have_attribute("data-reminders", "off")
    audit(ben.page, "the reminders' switch on the table")
    ben.page.click("[data-action=remind-on]")  # no permission to notify in this context
    expect(switch).to_contain_text("does not allow this page to notify")
    expect(switch).to_have_attribute("data-reminders", "off")
    assert "remind" not in ben.seats_kept()[table]


def test_a_server_tables_decisions_fit_a_phone(people, server_url):
    """Issue 37: on a table server's table the move timer, the seat's link and the
    buttons of the line over the table no longer push the hand under the moves: each
    of Hana's decisions at 360x640 is whole on the screen (``decisions.hidden``)."""
    hana, ben, _ = open_table(people, width=360, preset="classic", lives="1", move_time="600")
    hana.page.set_viewport_size({"width": 360, "height": 640})
    rng = random.Random(3)
    screens, short = 0, []
    for _ in range(300):
        if hana.state == "human" and screens < 6:
            screens += 1
            found = hidden(on_playwright(GamePage(hana.page)))
            if found:
                short.append(found)
        if screens >= 6 or "match-over" in (hana.state, ben.state):
            break
        if not (hana.move(rng) or ben.move(rng)):
            hana.page.wait_for_timeout(100)
    print(f"\nphone 360x640 server table: {screens} screens checked, {len(short)} short")
    assert screens >= 2 and short == [], short


HITS = """(el, fractions) => {
    const r = el.getBoundingClientRect();
    return fractions.map(([fx, fy]) => {
        const hit = document.elementFromPoint(r.left + r.width * fx, r.top + r.height * fy);
        return hit !== null && (hit === el || el.contains(hit));
    });
}"""
"""For each (x, y) fraction of ``el``'s box: does the point hit ``el`` (nothing over it)?"""


@pytest.mark.parametrize("size", [(360, 640), (1280, 800)], ids=["phone", "desktop"])
def test_the_seat_link_is_readable_copyable_and_its_code_scannable(people, server_url, size):
    """Issue 37: the panel opened as one clipped line (it shared its class with a seat's
    last move), its link and code under the buttons after it."""
    width, height = size
    _hana, ben, _table = open_table(people)
    page = ben.page
    page.set_viewport_size({"width": width, "height": height})
    origin = "/".join(server_url.split("/", 3)[:3])
    ben.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=origin)
    page.click("[data-testid=seat-move] summary")
    link = page.locator("[data-testid=seat-link]")
    href = link.get_attribute("href") or ""
    assert "#seat=" in href
    expect(link).to_have_text(href)  # the link itself, to read
    link.scroll_into_view_if_needed()
    box = link.bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= width, box
    assert box["height"] >= 10 and box["y"] >= 0 and box["y"] + box["height"] <= height, box
    assert all(link.evaluate(HITS, [[0.5, 0.5], [0.05, 0.5], [0.95, 0.5]]))
    copy = page.locator("[data-action=copy-seat-link]")
    copy.scroll_into_view_if_needed()
    assert all(copy.evaluate(HITS, [[0.5, 0.5]]))
    copy.click()
    expect(page.locator("[data-testid=seat-link-said]")).to_have_text("Copied.")
    assert page.evaluate("() => navigator.clipboard.readText()") == href
    qr = page.locator("[data-testid=seat-qr]")
    qr.scroll_into_view_if_needed()
    box = qr.bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= width, box
    # scrolled as far as the page goes, the code may end a fraction of a pixel below
    # the window (layout in fractions of a pixel, scrolling in whole ones)
    assert box["y"] >= 0 and box["y"] + box["height"] <= height + 1, box
    modules = int(qr.get_attribute("data-modules") or 0) + 8  # with the quiet zone
    assert box["width"] / modules >= 3, "a module under 3 px is hard to scan"
    corners = [[0.5, 0.5], [0.02, 0.02], [0.98, 0.02], [0.02, 0.98], [0.98, 0.98]]
    assert all(qr.evaluate(HITS, corners)), "something lies over the code"
    fits(page, width)
    audit(page, f"the seat's link open at {width} px")
