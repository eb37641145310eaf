"""Reactions at a table server's table (issue 41, part 3; ``server.reactions``): a seated
person's preset reaction goes to every page of the table, watchers too, and is never
stored; an unknown one, one from a page without a seat or a watcher, and one too fast
are refused to the sender alone."""

from __future__ import annotations

import json

from engine.online import protocol
from engine.online.guest import Guest
from server.reactions import REACTION_TIMING

from .support import Page, Served, rejected

THUMBS = protocol.REACTIONS[0]


def _table(served: Served) -> tuple[dict, Page, Page, Page]:
    """A table of two people and a watcher, in the lobby."""
    made = served.create(players=3)
    owner = served.page(made["table"], "Hana", made["token"])
    owner.hello()
    ann = served.page(made["table"], "Ann")
    ann.hello()
    watcher = served.page(made["table"], "watcher")
    watcher.guest = Guest.watcher(clock=served.clock)
    watcher.send(watcher.guest.watch())
    return made, owner, ann, watcher


def _reactions(messages: list[dict]) -> list[tuple[int, str]]:
    return [(m["seat"], m["reaction"]) for m in messages if m["kind"] == "reaction"]


def _version(served: Served, table: str) -> int:
    async def load() -> int:
        store = served.server.tables.store
        async with store.read() as db:
            return (await store.load(db, table, lock=False)).version

    return served.call(load)


def test_a_reaction_goes_to_every_page_of_the_table_and_is_not_stored(database, clock):
    with Served(database, clock) as served:
        made, owner, ann, watcher = _table(served)
        version = _version(served, made["table"])
        sent = ann.send(protocol.react(THUMBS))
        assert _reactions(sent) == [(1, THUMBS)]  # its own page shows it too
        assert _reactions(owner.sync()) == [(1, THUMBS)]
        assert _reactions(watcher.sync()) == [(1, THUMBS)]
        assert _version(served, made["table"]) == version  # nothing written
        owner.send(protocol.start())
        assert _reactions(ann.send(protocol.react(protocol.REACTIONS[4]))) == [(1, "🙈")]
        state = json.dumps(served.call(served.server.tables.current, made["table"]).ref.to_dict())
        assert "🙈" not in state and THUMBS not in state  # not in the referee's saved state


def test_unknown_unseated_and_watching_reactions_are_refused(database, clock):
    with Served(database, clock) as served:
        made, owner, ann, watcher = _table(served)
        free_text = json.dumps({"kind": "react", "reaction": "you lose"})
        assert rejected(ann.send(free_text)) == ["bad-message"]
        stranger = served.page(made["table"], "Eve")  # connected, never said hello
        assert rejected(stranger.send(protocol.react(THUMBS))) == ["not-seated"]
        assert rejected(watcher.send(protocol.react(THUMBS))) == ["not-seated"]
        assert _reactions(owner.sync()) == []  # none of them reached anyone


def test_a_seat_reacting_too_fast_is_refused_until_its_pace_allows(database, clock):
    with Served(database, clock) as served:
        _made, owner, ann, _watcher = _table(served)
        burst = [ann.send(protocol.react(THUMBS)) for _ in range(REACTION_TIMING.burst)]
        assert all(_reactions(sent) == [(1, THUMBS)] for sent in burst)
        too_fast = ann.send(protocol.react(THUMBS))
        assert rejected(too_fast) == ["flood"] and _reactions(too_fast) == []
        assert rejected(owner.send(protocol.react(THUMBS))) == []  # another seat's own pace
        assert _reactions(ann.sync()) == [(0, THUMBS)]
        clock.advance(1000 / REACTION_TIMING.rate)
        assert _reactions(ann.send(protocol.react(THUMBS))) == [(1, THUMBS)]
