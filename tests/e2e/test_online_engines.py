"""Online play across engines (issue 23): a host in Chromium, guests in Firefox and in
WebKit, through the local signalling service (``scripts/signal``).

Debian's WebKitGTK is built without WebRTC (no ``RTCPeerConnection``; Safari has it), so
the WebKit guest cannot sit down there: its page must say why, in words, and the table
goes on without it. The Firefox guest plays the whole match with the Chromium host.
"""

from __future__ import annotations

import random

import pytest

from tests.e2e.engines.online import TABLE_READY, EngineOnline, play_together

pytestmark = pytest.mark.engines


def test_a_chromium_host_and_guests_in_firefox_and_webkit(make_driver, site_url, signal):
    host = EngineOnline(make_driver("chromium"), site_url, signal.url, "Hana")
    fritz = EngineOnline(make_driver("firefox"), site_url, signal.url, "Fritz")
    wanda = EngineOnline(make_driver("webkit"), site_url, signal.url, "Wanda")
    link = host.host(players="3", lives="1", bot_level="easy")
    assert "join=" in link

    fritz.join(link)
    has_webrtc = wanda.driver.evaluate("() => typeof RTCPeerConnection === 'function'")
    if has_webrtc:  # a WebKit with WebRTC (Safari, a later build): it plays like the others
        wanda.join(link)
    else:
        wanda.open_invite(link)
        wanda.wait_for("[data-testid=join], [data-testid=online-problem]")
        if wanda.driver.count("[data-testid=join]"):
            wanda.driver.fill("[data-testid=join] [name=name]", wanda.name)
            wanda.driver.click("[data-action=join]")
        wanda.wait_for("[data-testid=online-problem]", timeout=30)
        said = " ".join(wanda.driver.texts("[data-testid=online-problem]"))
        assert "WebRTC" in said, said
        assert wanda.driver.count("[data-testid=online-problem] [data-action=leave-online]") == 1

    host.driver.click("[data-action=start-online]")
    players = [host, fritz, wanda] if has_webrtc else [host, fritz]
    for person in players:
        person.wait_for(TABLE_READY)
    play_together(players, random.Random(4), lambda: all(p.state == "match-over" for p in players))
    rankings = [p.ranking() for p in players]
    assert all(r == rankings[0] for r in rankings), rankings
    assert {"Hana", "Fritz"} <= set(rankings[0]) and len(rankings[0]) == 3
    for person in (host, fritz, wanda):
        assert person.driver.errors() == [], (person.driver.name, person.driver.errors())
