"""The wire form of a seat's view: every observation comes back equal, draws the same
screen, and a guest's mirror fed piece by piece equals the host's view; anything
malformed is refused with ProtocolError."""

from __future__ import annotations

import copy
import json

import pytest

from app.table.view import UIState, render
from engine import Match, preset
from engine.online import views
from engine.online.schema import ProtocolError
from engine.online.views import Feed, Mirror, observation_from_wire, observation_to_wire, read_state

from .support import VARIANTS, play_randomly, random_match


def through_json(value):
    """What the other page reads: the value written as JSON text and read back."""
    return json.loads(json.dumps(value))


@pytest.mark.parametrize(("name", "players", "options"), VARIANTS)
def test_every_view_comes_back_equal_and_draws_the_same(name, players, options):
    match = random_match(name, players, options, seed=11)
    deals = 0
    for step, m in enumerate(play_randomly(match, seed=5)):
        # the first moves, every deal's end and the match's, and a sample between them
        # (each check writes the whole log: every step of a long match would be slow)
        if step >= 40 and step % 20 and m.deal_count == deals and not m.is_over():
            continue
        deals = m.deal_count
        for seat in range(players):
            obs = m.observation(seat)
            back = observation_from_wire(through_json(observation_to_wire(obs)))
            assert back == obs, (step, seat)
            assert repr(back) == repr(obs)  # the same types too (enums, tuples, lists)
            assert render(back, UIState()) == render(obs, UIState()), (step, seat)


@pytest.mark.parametrize(("name", "players", "options"), VARIANTS[:1] + VARIANTS[4:6])
def test_a_mirror_fed_in_pieces_equals_the_host_view(name, players, options):
    match = random_match(name, players, options, seed=3)
    feeds = [Feed() for _ in range(players)]
    mirrors = [Mirror() for _ in range(players)]
    sizes = []
    for m in play_randomly(match, seed=8):
        for seat in range(players):
            body = through_json(feeds[seat].state(m, seat))
            sizes.append(len(body["obs"]["log"]))
            obs = mirrors[seat].update(read_state(body))
            assert obs == m.observation(seat)
            assert mirrors[seat].results == m.results_for(seat)
            assert mirrors[seat].seq == len(m.actions)
    assert max(sizes[players:]) < 60  # after the first, each message carries a few events


def test_a_long_match_is_sent_from_its_last_events(monkeypatch):
    monkeypatch.setattr(views, "MAX_SYNC_EVENTS", 40)
    monkeypatch.setattr(views, "MAX_SYNC_RESULTS", 2)
    m = random_match("classic", 3, {}, seed=4)
    *_, m = (x for _, x in zip(range(200), play_randomly(m, seed=4), strict=False))
    mirror = Mirror()
    obs = mirror.update(read_state(through_json(Feed().state(m, 1))))
    full = m.observation(1)
    assert mirror.log_start == len(full.log) - 40
    assert obs.log == full.log[-40:]
    assert mirror.results == m.results_for(1)[-2:] and mirror.results_start > 0
    assert render(obs, UIState()) == render(full, UIState())


def test_a_seats_next_state_makes_only_the_deal_results_it_has_not_sent(monkeypatch):
    """A table server writes every seat's state at every move: the deal results the
    page has are not made again (each is a copy with the seat's own hand)."""
    m = random_match("classic", 3, {}, seed=4)
    *_, m = (x for _, x in zip(range(150), play_randomly(m, seed=4), strict=False))
    assert len(m.results) >= 2
    feed = Feed()
    feed.state(m, 1)
    made = []
    own_result = Match._own_result

    def counted(self, i, seat):
        made.append(i)
        return own_result(self, i, seat)

    monkeypatch.setattr(Match, "_own_result", counted)
    body = feed.state(m, 1)
    last = len(m.results) - 1
    assert made == [last] and body["results"] == []  # the view's own last deal alone
    assert m.results_for(1, 1) == m.results_for(1)[1:]


def test_a_piece_after_a_gap_is_refused_and_a_resend_replaces():
    m = Match(preset("classic"), players=3, seed=2)
    feed, mirror = Feed(), Mirror()
    mirror.update(read_state(through_json(feed.state(m, 0))))
    for _ in range(3):
        m.apply(m.legal_actions()[0])
    feed.state(m, 0)  # lost on the way
    m.apply(m.legal_actions()[0])
    with pytest.raises(ProtocolError, match="starts at"):
        mirror.update(read_state(through_json(feed.state(m, 0))))
    resend = through_json(Feed(log_sent=1, results_sent=0).state(m, 0))
    mirror.update(read_state(resend))
    mirror.update(read_state(resend))  # the same piece twice changes nothing
    assert mirror.observation == m.observation(0)


def _valid() -> dict:
    m = Match(preset("knack"), players=3, seed=1)
    for _ in range(12):
        m.apply(m.legal_actions()[-1 if len(m.actions) % 5 == 4 else 0])
    while m.deal_count == 0:
        m.apply(m.legal_actions()[-1])
    return through_json(Feed().state(m, m.current_player()))


BROKEN = [
    ("obs", "seat", 3),  # players is 3
    ("obs", "seat", "1"),
    ("obs", "players", 12),
    ("obs", "hand", ["ZZ"]),
    ("obs", "hand", ["AH"] * 6),
    ("obs", "table", "AH KH"),
    ("obs", "phase", "nap"),
    ("obs", "lives", [3, 3]),
    ("obs", "swapped", [True, 1, False]),
    ("obs", "legal_actions", ["fly away"]),
    ("obs", "rules", {"deck": 33}),
    ("obs", "rules", {"cheat": True}),
    ("obs", "known_cards", {"x": ["AH"]}),
    ("obs", "announcements", {"1": [21]}),
    ("obs", "winner", "me"),
    ("obs", "stock_size", -1),
    ("obs", "log", [{"kind": "teleport"}]),
    ("obs", "log", [{"kind": "swap", "seat": 1, "given": "AH"}]),
    ("obs", "log", [{"kind": "pass", "reason": "lowest"}]),  # a reason pass events lack
    ("obs", "log", [{"kind": "lose", "seat": 1, "lives": 1, "reason": "bored"}]),
    ("obs", "log", [{"kind": "pass", "seat": 0, "extra": 1}]),
    ("obs", "last_deal", {"deal_number": 1}),
    ("obs", "mistery", "??"),
    ("obs", "extra", 1),
    ("", "seq", -1),
    ("", "results", [{}]),
    ("", "results_from", "0"),
]


@pytest.mark.parametrize(("part", "key", "value"), BROKEN)
def test_a_malformed_view_is_refused(part, key, value):
    body = _valid()
    read_state(copy.deepcopy(body))  # the valid one is read
    (body["obs"] if part else body)[key] = value
    with pytest.raises(ProtocolError) as caught:
        read_state(body)
    assert caught.value.reason == "bad-message"


def test_results_and_events_name_the_field_that_is_wrong():
    body = _valid()
    body["obs"]["last_deal"]["hands"] = {"0": ["AH", "XX"]}
    with pytest.raises(ProtocolError, match=r"state\.obs\.last_deal\.hands\.0\[1\] is no card"):
        read_state(body)
