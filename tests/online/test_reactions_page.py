"""Reactions on a table server's page (``app.online.reactions``, issue 41): the bar's
buttons send the ``react`` message, a relayed ``reaction`` shows by its sender's seat on
every page for a few seconds, and a page that switched them off shows none and offers
none; the switch is kept in this browser. The relay is the server's
(``tests/server/test_reactions.py``): here it is played by hand."""

from __future__ import annotations

import re

from app.online.reactions import SHOW_MS
from app.storage import MemoryBackend, Store
from engine.online import protocol
from engine.online.views import Feed
from tests.online.fake_net import Clock
from tests.online.test_finish_room import two_at_a_table
from tests.online.test_server_room import room
from tests.online.test_watch_page import lobby, played, watching

CLAP = protocol.REACTIONS[3]


def _relay(server, sent: str, seat: int) -> None:
    """What the table server does with a seat's ``react``: every page gets it."""
    reaction = protocol.read_guest(sent)
    assert isinstance(reaction, protocol.React)
    server.deliver([(conn, protocol.reaction(seat, reaction.reaction)) for conn in server.links])
    server.run()


def _seat_of_reaction(markup: str) -> str | None:
    """The ``data-testid`` of the seat showing a reaction (None: none shows)."""
    seat_then_reaction = (
        r'data-testid="(seat-\d)"(?:(?!data-testid="seat-).)*data-testid="reaction"'
    )
    found = re.search(seat_then_reaction, markup, re.S)
    return None if found is None else found.group(1)


def test_a_reaction_shows_by_its_seat_on_every_page_for_a_while():
    clock = Clock()
    server, (hana, hana_page), (ben, ben_page, ben_net) = two_at_a_table(clock)
    assert ben_page.markup.count('data-action="react-') == len(protocol.REACTIONS)
    assert '<details class="reactions"' in ben_page.markup  # folded in the bar ...
    ben.press("reactions-open")
    ben.net_message("host", protocol.pong())  # a message: the page is drawn again
    assert '<details open class="reactions"' in ben_page.markup  # ... kept open once opened
    ben.press("react-3")
    assert ben_net.sent[-1] == protocol.react(CLAP)
    _relay(server, ben_net.sent[-1], seat=1)
    assert _seat_of_reaction(hana_page.markup) == "seat-1"  # Ben sits at Hana's view's seat 1
    assert _seat_of_reaction(ben_page.markup) == "seat-0"  # and at his own seat 0
    assert 'aria-label="Ben reacts: applause"' in hana_page.markup
    clock.now += SHOW_MS
    hana.tick()
    ben.tick()
    assert _seat_of_reaction(hana_page.markup) is None
    assert _seat_of_reaction(ben_page.markup) is None


def test_switched_off_a_page_shows_none_offers_none_and_keeps_the_choice():
    clock = Clock()
    store = Store(MemoryBackend())
    server, (hana, hana_page), (ben, ben_page, ben_net) = two_at_a_table(clock)
    hana.reactions.store = store
    hana.press("reactions-off")
    assert 'data-reactions="off"' in hana_page.markup
    assert 'data-action="react-' not in hana_page.markup
    assert 'data-action="reactions-on"' in hana_page.markup
    ben.press("react-0")
    _relay(server, ben_net.sent[-1], seat=1)
    assert _seat_of_reaction(hana_page.markup) is None  # off here ...
    assert _seat_of_reaction(ben_page.markup) == "seat-0"  # ... not on Ben's page
    again, _page, _net = room(server, None, "abcdefghijkmnpqr", store=store)
    assert again.reactions.on is False  # a reloaded page: still off
    hana.press("reactions-on")
    ben.press("react-0")
    _relay(server, ben_net.sent[-1], seat=1)
    assert _seat_of_reaction(hana_page.markup) == "seat-1"


def test_a_watcher_sees_the_players_reactions_and_may_switch_them_off():

    room, page, net = watching()
    room.net_message("host", lobby(1))
    room.net_message("host", protocol.state(Feed().watch(played(4))))
    assert 'data-action="react-' not in page.markup  # nothing to send without a seat
    room.net_message("host", protocol.reaction(2, CLAP))
    assert _seat_of_reaction(page.markup) == "seat-2"  # from seat 0's chair
    assert 'aria-label="Cleo reacts: applause"' in page.markup
    room.clock.now += SHOW_MS
    room.tick()
    assert _seat_of_reaction(page.markup) is None
    room.handle({"type": "action", "action": "reactions-off"})
    room.net_message("host", protocol.reaction(1, CLAP))
    assert _seat_of_reaction(page.markup) is None and 'data-reactions="off"' in page.markup
    assert not [t for t in net.sent if "react" in t]  # a watcher sends none
