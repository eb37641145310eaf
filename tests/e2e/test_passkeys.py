"""Passkeys through the page on ``./scripts/server --public-url http://localhost:N`` (issue
40): Chromium's virtual authenticator (the DevTools protocol's ``WebAuthn`` domain,
through Playwright's CDP session) stands in for the person's device.

One browser context opens a table, then signs in from the game's "Sign in": the browser
offers no passkey, so one is registered, and the table held before signing in becomes
the account's. A second context, which has never seen the table, gets the same passkey
(exported with ``WebAuthn.getCredentials``, imported with ``WebAuthn.addCredential``),
signs in on "My tables" and finds the table there, and sits down at it. A third context
opens the first one's one-time "Add a device" link and registers a passkey of its own for
the account.
"""

from __future__ import annotations

import random
import signal
import subprocess
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import expect

from server.pgtemp import free_port
from tests.e2e.axe import describe, violations
from tests.e2e.online_support import OnlinePage, play_together

ROOT = Path(__file__).resolve().parents[2]
SIGNED_IN = "[data-testid=account][data-signed-in=true]"


def start_server(database: str) -> tuple[subprocess.Popen[str], str]:
    """``./scripts/server`` whose public address is ``http://localhost:PORT``: a host
    name (WebAuthn takes no IP address) and a secure context without TLS. Returns the
    process and the site's URL."""
    port = free_port()
    url = f"http://localhost:{port}"
    proc = subprocess.Popen(
        [
            "bash",
            "scripts/server",
            "--port",
            str(port),
            "--public-url",
            url,
            "--database",
            database,
        ],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    assert proc.stdout is not None
    assert proc.stdout.readline().strip() == f"{url}/"
    return proc, f"{url}/"


@pytest.fixture(scope="module")
def server_url(tmp_path_factory):
    database = f"sqlite:///{tmp_path_factory.mktemp('passkeys') / 'tables.db'}"
    proc, url = start_server(database)
    try:
        yield url
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(30)


class Device(OnlinePage):
    """A person's browser with a platform authenticator (a virtual one)."""

    def __init__(self, browser, url: str, width: int = 900) -> None:
        super().__init__(browser, url, "", width=width)
        self.query = "?lang=en&speed=0"
        self.cdp = self.context.new_cdp_session(self.page)
        self.cdp.send("WebAuthn.enable", {"enableUI": False})
        options = {
            "protocol": "ctap2",
            "transport": "internal",
            "hasResidentKey": True,
            "hasUserVerification": True,
            "isUserVerified": True,
            "automaticPresenceSimulation": True,
        }
        made = self.cdp.send("WebAuthn.addVirtualAuthenticator", {"options": options})
        self.authenticator = made["authenticatorId"]

    def credentials(self) -> list[dict]:
        got = self.cdp.send("WebAuthn.getCredentials", {"authenticatorId": self.authenticator})
        return got["credentials"]

    def add(self, credential: dict) -> None:
        self.cdp.send(
            "WebAuthn.addCredential",
            {"authenticatorId": self.authenticator, "credential": credential},
        )


@pytest.fixture
def devices(browser, server_url):
    made: list[Device] = []

    def device() -> Device:
        made.append(Device(browser, server_url))
        return made[-1]

    yield device
    for d in made:
        errors = d.errors
        d.close()
        assert errors == [], errors


def test_a_passkey_registers_signs_in_on_a_second_device_and_brings_my_tables(devices):
    first = devices()
    link = first.host("Hana", players="2")
    (table,) = parse_qs(urlsplit(link).query)["join"]
    first.page.goto(first.site_url + first.query)
    first.wait_for("#app[data-state]")
    first.page.click("[data-action=sign-in]")  # beside "My tables", under the game
    account = first.page.locator(SIGNED_IN)
    expect(account).to_contain_text("Hana", timeout=30_000)
    expect(first.page.locator(f"[data-testid=my-tables] [data-table='{table}']")).to_have_count(1)
    (credential,) = first.credentials()
    assert credential["isResidentCredential"]
    first.page.click("[data-testid=account] .board summary")
    first.page.select_option("[name=rules]", "classic")
    first.page.click("[data-action=leaderboard]")
    expect(first.page.locator("[data-testid=leaderboard]")).to_contain_text("Nobody")
    found = violations(first.page)
    assert found == [], describe(found, "My tables, signed in, the leaderboard open")
    first.page.click("[data-action=add-device]")  # a one-time link for another device
    device_link = first.page.locator("[data-testid=device-link]")
    expect(device_link).to_be_visible(timeout=30_000)
    expect(first.page.locator("[data-testid=device-qr]")).to_have_count(1)
    first.page.set_viewport_size({"width": 360, "height": 640})
    assert first.page.evaluate("() => document.documentElement.scrollWidth") <= 360
    found = violations(first.page)
    assert found == [], describe(found, "the device link at 360 px")

    third = devices()  # no passkey of the account: the link registers one of its own
    third.page.goto(device_link.get_attribute("href") or "")
    third.page.click("[data-action=add-this-device]", timeout=60_000)
    expect(third.page.locator(SIGNED_IN)).to_contain_text("Hana", timeout=30_000)
    third_row = third.page.locator(f"[data-testid=my-tables] [data-table='{table}']")
    expect(third_row).to_have_count(1, timeout=30_000)
    assert "#" not in third.page.url  # the token left the address at once
    assert len(third.credentials()) == 1

    second = devices()
    second.add(credential)
    second.page.goto(f"{second.site_url}?online=tables&lang=en&speed=0")
    panel = second.page.locator("[data-testid=account][data-signed-in=false]")
    expect(panel).to_have_count(1, timeout=60_000)
    expect(second.page.locator(f"[data-testid=my-tables] [data-table='{table}']")).to_have_count(0)
    found = violations(second.page)
    assert found == [], describe(found, "My tables, signed out")
    second.page.click("[data-testid=account] [data-action=sign-in]")
    expect(second.page.locator(SIGNED_IN)).to_contain_text("Hana", timeout=30_000)
    row = second.page.locator(f"[data-testid=my-tables] [data-table='{table}']")
    expect(row).to_contain_text("Hana", timeout=30_000)
    row.locator("a[href]").click()
    second.wait_for("[data-testid=lobby]")  # sat down on the account's seat, no join form
    assert table in (second.local("server-seats") or {})

    second.page.goto(f"{second.site_url}?online=tables&lang=en&speed=0")
    expect(second.page.locator(SIGNED_IN)).to_have_count(1, timeout=60_000)
    second.page.click("[data-action=sign-out]")
    expect(second.page.locator("[data-testid=account][data-signed-in=false]")).to_have_count(
        1, timeout=30_000
    )


def test_a_match_against_a_bot_rates_the_signed_in_person_on_every_device(devices):
    hana = devices()
    hana.page.goto(f"{hana.site_url}?online=tables&lang=en&speed=0")
    hana.page.locator("[data-testid=account][data-known]").wait_for(timeout=60_000)
    hana.page.locator("#account-name").fill("Hana")  # once the page has drawn all it will
    hana.page.click("[data-testid=account] [data-action=sign-in]")
    expect(hana.page.locator(SIGNED_IN)).to_contain_text("Hana", timeout=30_000)
    hana.host("Hana", players="2", preset="knack", lives="1")
    hana.page.click("[data-action=seat-bot-1]")
    hana.wait_for("[data-testid=lobby] [data-seat='1'][data-kind=bot]", timeout=30_000)
    hana.page.click("[data-action=start-online]")
    hana.wait_for("[data-testid=hand] [data-card]")
    mine = hana.page.locator("[data-testid=rating]")
    expect(mine).to_have_count(1, timeout=30_000)  # beside Hana, signed in; none for the bot
    assert mine.get_attribute("data-rating") == "0"  # a new player's
    rng = random.Random(5)
    play_together([hana], rng, lambda: hana.state == "match-over")
    expect(mine).not_to_have_attribute("data-rating", "0", timeout=30_000)
    after = float(mine.get_attribute("data-rating") or "nan")

    other = devices()
    (credential,) = hana.credentials()
    other.add(credential)
    other.page.goto(f"{other.site_url}?online=tables&lang=en&speed=0")
    other.page.click("[data-testid=account] [data-action=sign-in]", timeout=60_000)
    rated = other.page.locator("[data-testid=my-ratings] [data-rules=knack]")
    expect(rated).to_contain_text(f"{after:g}", timeout=30_000)
    expect(rated.locator("svg.rating-chart")).to_have_count(1)
