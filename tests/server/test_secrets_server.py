"""The oracle of ``tests/online/test_secrets.py`` against the table server: every
``state`` message any page receives from the server is checked as it is built, against
the engine's full state at that moment, over random matches of every variant (a page
comes back on a new socket mid-match). No other message may name a card."""

from __future__ import annotations

import json

import pytest

from engine import preset
from engine.online import protocol
from tests.online.support import VARIANTS, cards_in
from tests.online.test_secrets import spy  # noqa: F401 - the oracle's fixture

from .support import Served, play_until


@pytest.mark.parametrize(("name", "players", "options"), VARIANTS)
def test_no_page_is_sent_a_card_its_seat_may_not_know(spy, tmp_path, clock, name, players, options):  # noqa: F811
    database = f"sqlite:///{tmp_path / 'tables.db'}"
    rules = {**preset(name).to_dict(), **options}
    with Served(database, clock) as served:
        made = served.create(players=players, rules=rules)
        owner = served.page(made["table"], "Hana", made["token"])
        owner.hello()
        ann, bob = served.page(made["table"], "Ann"), served.page(made["table"], "Bob")
        ann.hello()
        bob.hello()
        owner.send(protocol.start())
        pages = [owner, ann, bob]
        play_until(pages, lambda: len(owner.guest.mirror.observation.log) > 25, seed=players)
        ann.close()  # Ann's page closes; a new one comes back with her token
        back = served.page(made["table"], "Ann", ann.guest.secret)
        back.hello()
        pages = [owner, back, bob]
        play_until(pages, lambda: owner.guest.over is not None, seed=players + 1)
        for page in pages:
            page.sync()
    assert spy.messages > 30
    assert not spy.leaks, spy.leaks[:5]
    sent = [text for page in [owner, ann, back, bob] for text in page.inbox]
    states = [t for t in sent if json.loads(t)["kind"] == "state"]
    assert len(states) > 30
    for text in sent:
        if json.loads(text)["kind"] == "state":
            assert text in spy.checked  # every state the server sent was checked
        else:
            assert not cards_in(json.loads(text)), text
