"""Watching a table server's table (issue 41, part 3): a page that says ``watch`` gets
the lobby (with how many watch), the public view, the timer and the end; never a card
any seat may not know (the oracle of ``tests/online/test_secrets.py``, each watcher's
``state`` checked against every seat's knowledge as it is built), and it cannot act."""

from __future__ import annotations

import json

import pytest

from engine import Match, preset
from engine.online import protocol
from engine.online.guest import Guest
from engine.online.views import Feed
from tests.online.support import VARIANTS, cards_in
from tests.online.test_secrets import Spy, spy  # noqa: F401 - the oracle's fixture

from .support import Page, Served, play_until, rejected


@pytest.fixture
def watched(spy: Spy, monkeypatch: pytest.MonkeyPatch) -> Spy:  # noqa: F811
    """The oracle, also for watchers: a watcher's view must hide what any seat may not know."""
    watch = Feed.watch

    def checked(feed: Feed, match: Match, stand_ins=None):
        body = watch(feed, match, stand_ins)
        for seat in range(match.players):
            spy.check(match, seat, body)
        return body

    monkeypatch.setattr(Feed, "watch", checked)
    return spy


def watcher(served: Served, table: str) -> Page:
    page = served.page(table, "watcher")
    page.guest = Guest.watcher(clock=served.clock)
    return page


def seated(served: Served, players: int = 3, **choices) -> tuple[dict, list[Page]]:
    made = served.create(players=players, **choices)
    owner = served.page(made["table"], "Hana", made["token"])
    owner.hello()
    ann = served.page(made["table"], "Ann")
    ann.hello()
    return made, [owner, ann]


@pytest.mark.parametrize(("name", "players", "options"), VARIANTS)
def test_a_watcher_is_sent_no_card_any_seat_may_not_know(
    watched, tmp_path, clock, name, players, options
):
    rules = {**preset(name).to_dict(), **options}
    with Served(f"sqlite:///{tmp_path / 'tables.db'}", clock) as served:
        made, pages = seated(served, players, rules=rules)
        early = watcher(served, made["table"])
        early.send(early.guest.watch())  # in the lobby, before the match
        pages[0].send(protocol.start())
        play_until(pages, lambda: len(pages[0].guest.mirror.observation.log) > 25, seed=players)
        late = watcher(served, made["table"])  # mid-match: the whole public view at once
        late.send(late.guest.watch())
        play_until(pages, lambda: pages[0].guest.over is not None, seed=players + 1)
        for page in [early, late]:
            page.sync()
    assert not watched.leaks, watched.leaks[:5]
    for page, least in [(early, 6), (late, 2)]:  # late: the whole view, then at least the end
        states = [t for t in page.inbox if json.loads(t)["kind"] == "state"]
        assert len(states) >= least
        for text in page.inbox:
            if json.loads(text)["kind"] == "state":
                assert text in watched.checked
            else:
                assert not cards_in(json.loads(text)), text
        assert page.guest.over is not None
        assert page.guest.observation.hand == ()


def test_the_watchers_oracle_sees_a_seats_view(watched, monkeypatch):
    """Were a watcher sent seat 0's own view, the check would find its hand."""
    m = Match(preset("classic"), players=3, seed=4)
    monkeypatch.setattr(Match, "public_observation", Match.observation)
    Feed().watch(m)
    assert {seat for seat, _, _ in watched.leaks} == {1, 2}


def test_watchers_are_counted_and_cannot_act(database, clock):
    with Served(database, clock) as served:
        made, (owner, ann) = seated(served)
        eye = watcher(served, made["table"])
        eye.send(eye.guest.watch())
        assert eye.guest.lobby["watchers"] == 1
        other = watcher(served, made["table"])
        other.send(other.guest.watch())
        owner.send(protocol.start())
        for page in (owner, ann, eye, other):
            page.sync()
        assert owner.guest.lobby["watchers"] == 2
        assert eye.guest.observation is not None and eye.guest.observation.hand == ()
        seq = eye.guest.mirror.seq
        refused = eye.send(protocol.act("knock", seq=seq, seat=0))
        assert rejected(refused) == ["not-seated"]
        assert rejected(eye.send(eye.guest.hello())) == ["not-seated"]
        assert rejected(eye.send(eye.guest.watch())) == ["already-seated"]
        assert eye.guest.mirror.seq == seq  # nothing moved
        other.close()
        clock.advance(1000)
        served.call(_settle)  # the coalesced presence news
        owner.sync()
        assert owner.guest.lobby["watchers"] == 1


async def _settle() -> None:
    import asyncio

    await asyncio.sleep(0.6)


def test_a_seated_page_cannot_watch(database, clock):
    with Served(database, clock) as served:
        _made, (owner, _ann) = seated(served)
        assert rejected(owner.send(protocol.watch())) == ["already-seated"]


def test_no_such_table_to_watch(database, clock):
    with Served(database, clock) as served:
        eye = watcher(served, "abcdefghijkmnpqr")
        assert rejected(eye.send(protocol.watch())) == ["not-seated"]


def test_a_finished_match_replays_move_by_move_in_public(watched, database, clock):
    with Served(database, clock) as served:
        made, pages = seated(
            served, 3, preset_name="knack", rules={**preset("knack").to_dict(), "lives": 1}
        )
        table = made["table"]
        assert served.client.get(f"/api/tables/{table}/replay/0").status_code == 409
        pages[0].send(protocol.start())
        assert served.client.get(f"/api/tables/{table}/replay/0").status_code == 409  # running
        play_until(pages, lambda: pages[0].guest.over is not None, seed=5)
        final = pages[0].guest.observation
        moves = pages[0].guest.mirror.seq
        steps = [served.client.get(f"/api/tables/{table}/replay/{k}") for k in range(moves + 2)]
        assert served.client.get("/api/tables/nosuchtable00000/replay/1").status_code == 404
    bodies = [s.json() for s in steps]
    assert [b["step"] for b in bodies] == [*range(moves + 1), moves]  # past the end: the end
    assert {b["moves"] for b in bodies} == {moves}
    views = []
    for b in bodies:
        replayed = Guest.watcher(clock=clock)
        replayed.receive(protocol.state(b["state"]))  # a watcher's page takes it as live
        views.append(replayed.observation)
    assert all(v.hand == () and not v.legal_actions for v in views)
    assert [len(v.log) for v in views] == sorted(len(v.log) for v in views)
    assert views[-1].phase == "over" and views[-1].lives == final.lives
    assert views[-1].last_deal is not None and len(views[-1].last_deal.hands) >= 1
    assert not watched.leaks, watched.leaks[:5]
