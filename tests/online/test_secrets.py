"""The key property of online play: no message a guest receives names a card its seat may
not know. Every ``state`` message is checked as it is built, against the host's engine at
that moment: the other hands, the stock, the cards in transit and the face-down Mistery
card. The current view's cards must all be known to the seat now; a logged event or a
deal result may name a card its seat saw at some moment of that deal (a card taken from
the table, then laid face down, was seen), never one hidden from it all deal long.
Every other message must name no card at all."""

from __future__ import annotations

import json

import pytest

from engine import Match
from engine.online import protocol
from engine.online.views import Feed

from .support import VARIANTS, Table, cards_in, config, deal_of_events, hidden_from


class Spy:
    """Checks each state body at the moment it is built (see the module text)."""

    def __init__(self) -> None:
        self.hidden_all_deal: dict[tuple[int, int, int], set[str]] = {}
        self.followed: set[int] = set()  # the matches whose views were checked
        self.checked: set[str] = set()
        self.leaks: list[tuple[int, str, set[str]]] = []
        self.messages = 0

    def saw(self, match: Match, deal: int) -> None:
        """Every seat's hidden cards now, narrowing what stayed hidden all deal long."""
        for seat in range(match.players):
            key = (id(match), deal, seat)
            hidden = hidden_from(match, seat)
            self.hidden_all_deal[key] = self.hidden_all_deal.get(key, hidden) & hidden

    def check(self, match: Match, seat: int, body: dict) -> None:
        self.messages += 1
        self.followed.add(id(match))
        self.saw(match, match.deal_number)
        obs = body["obs"]
        now = {k: v for k, v in obs.items() if k not in ("log", "last_deal")}
        self.report(seat, "view", cards_in(now) & hidden_from(match, seat))
        deals = deal_of_events(match)
        for i, event in enumerate(obs["log"], start=obs["log_from"]):
            hidden = self.hidden_all_deal[(id(match), deals[i], seat)]
            self.report(seat, f"event {i}", cards_in(event) & hidden)
        results = [*body["results"], *([obs["last_deal"]] if obs["last_deal"] else [])]
        for r in results:
            hidden = self.hidden_all_deal[(id(match), r["deal_number"], seat)]
            self.report(seat, f"result {r['deal_number']}", cards_in(r) & hidden)
        self.checked.add(protocol.state(body))

    def report(self, seat: int, where: str, leaked: set[str]) -> None:
        if leaked:
            self.leaks.append((seat, where, leaked))


@pytest.fixture
def spy(monkeypatch: pytest.MonkeyPatch) -> Spy:
    spy = Spy()
    start_deal, do, state = Match._start_deal, Match._do, Feed.state

    def start_deal_seen(match, stacked=None):
        if hasattr(match, "_deal"):  # a deal ends: what stayed hidden until its end
            spy.saw(match, match.deal_number)
        start_deal(match, stacked)

    def do_seen(match, action):
        # Every moment counts, not only those a view was built at: several bots may
        # move before the next view, and a card one of them laid face up on the table
        # was seen by all, though the next took it before anyone was sent a view.
        do(match, action)
        if id(match) in spy.followed:
            spy.saw(match, match.deal_number)

    def state_checked(feed, match, seat, stand_ins=None):
        body = state(feed, match, seat, stand_ins)
        spy.check(match, seat, body)
        return body

    monkeypatch.setattr(Match, "_start_deal", start_deal_seen)
    monkeypatch.setattr(Match, "_do", do_seen)
    monkeypatch.setattr(Feed, "state", state_checked)
    return spy


def play(table: Table, seed: int, rejoin_at: int) -> None:
    """Play to the end; the guest of seat 1 comes back on a new connection at move
    ``rejoin_at`` (a whole view at once), and the guest of seat 2 is away a while."""
    ref = table.ref
    for n in range(5000):
        if ref.ended is not None:
            return
        if n == rejoin_at:
            secret = table.guests["c1"].secret
            table.deliver(ref.disconnected("c1"))
            table.join("c1b", "Ann", secret=secret)
        table.play_step(seed, n)
    raise AssertionError("the match did not end")


@pytest.mark.parametrize(("name", "players", "options"), VARIANTS)
@pytest.mark.parametrize("seed", [1, 2])
def test_no_message_names_a_card_its_seat_may_not_know(spy, name, players, options, seed):
    table = Table(config(name, players, **options))
    table.join("c1", "Ann")
    table.join("c2", "Bob")
    table.deliver(table.ref.start(seed))
    play(table, seed, rejoin_at=7 + seed)
    assert spy.messages > 20
    assert not spy.leaks, spy.leaks[:5]
    for conn, texts in table.inbox.items():
        for text in texts:
            if json.loads(text)["kind"] == "state":
                assert text in spy.checked, conn  # every state sent was checked
            else:
                assert not cards_in(json.loads(text)), text


def test_the_oracle_sees_a_leak(spy):
    """The check fails when a seat is sent another seat's view."""
    table = Table(config("classic", 3, deal="open"))
    table.join("c1", "Ann")
    table.deliver(table.ref.start(3))
    m = table.ref.match
    Feed().state(m, 2)  # built for seat 2: checked as seat 2's, no leak
    assert not spy.leaks
    body = Feed().state(m, 2)
    spy.check(m, 1, body)  # seat 2's view as if for seat 1
    assert spy.leaks and spy.leaks[0][1] == "view"
