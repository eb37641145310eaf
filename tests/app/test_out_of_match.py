"""The player is out and the bots play on: the deal-over screen offers one way on,
watching the others to the end without stops (its button keeps the contract's name
``next-deal``), beside a new match."""

from __future__ import annotations

import random

from tests.app.test_controller import choose, make, perform, settle


def _until_out(query: str):
    """A match in which the player goes out while at least two bots play on."""
    for seed in range(1, 60):
        c, host, store = make(query.format(seed=seed))
        rng = random.Random(seed)
        for _ in range(2000):
            state = settle(c, host)
            if state == "match-over":
                break
            if state == "deal-over":
                if c.match.lives()[0] < 0:
                    return c, host, store
                c.handle({"type": "action", "action": "next-deal"})
                continue
            texts = [str(a) for a in c.match.legal_actions()]
            perform(c, host, "knock" if "knock" in texts else choose(c, rng))
    raise AssertionError("the player never went out early")


QUERY = "?seed={seed}&speed=0&preset=classic&bots=3&lives=1&mistery=0&luegen=0"


def test_out_of_the_match_one_choice_in_one_sentence():
    _, host, _ = _until_out(QUERY + "&lang=en")
    panel = host.tree().find(data_testid="deal-over")
    note = panel.find(data_testid="out-choice").all_text()
    assert note.startswith("You are out:") and note.count(".") == 1  # one sentence
    primary = [b for b in panel.find_all(data_action=True) if "primary" in (b.get("class") or "")]
    assert [b.get("data-action") for b in primary] == ["next-deal"]
    assert primary[0].all_text() == "Watch the others to the end"
    assert panel.find(data_action="new-match").all_text() == "New match"
    assert panel.find_all(data_action="watch-to-end") == []  # no second way to say the same
    assert "Next deal" not in panel.all_text()


def test_out_of_the_match_watch_to_the_end_without_stops():
    c, host, _ = _until_out(QUERY)
    seen = len(host.states)
    c.handle({"type": "action", "action": "next-deal"})
    assert c.session.watching
    assert settle(c, host) == "match-over"
    assert "deal-over" not in host.states[seen:]  # no stop after the remaining deals
    assert "human" not in host.states[seen:]
    assert c.tally.recorded and len(c.match.results) > 0


def test_watching_survives_a_reload_and_ends_with_a_new_match():
    c, host, store = _until_out(QUERY)
    c.handle({"type": "action", "action": "next-deal"})
    assert host.state == "busy"  # the bots play on
    c2, host2, _ = make("?speed=0", store=store)  # a reload: resumes, still watching
    assert c2.session.watching
    assert settle(c2, host2) == "match-over"
    assert "deal-over" not in host2.states
    c2.handle({"type": "action", "action": "new-match"})
    assert not c2.session.watching and c2.match.lives()[0] >= 0


def test_out_choice_only_when_the_player_is_out():
    c, host, _ = make("?seed=3&speed=0&bots=2&lives=3")
    for _ in range(2000):
        state = settle(c, host)
        if state == "deal-over":
            break
        perform(c, host, choose(c, random.Random(0)))
    assert state == "deal-over" and c.ui.frame.result.lives_after[0] >= 0  # 3 lives: still in
    assert "new-match" not in host.actions()
    assert not host.tree().find_all(data_testid="out-choice")
    c.handle({"type": "action", "action": "next-deal"})  # the next deal, not watching
    assert not c.session.watching and settle(c, host) in ("human", "deal-over")
