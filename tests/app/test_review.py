"""The deal review (app.table.review): one entry per decision of the player in a deal,
judged by the coach from what the player knew then, computed when it is opened."""

from __future__ import annotations

import random

import pytest

from app.table import coach, review
from engine import Match, parse_cards, preset
from tests.app.markup import parse
from tests.app.test_controller import choose, make, perform, settle

# Classic, three players, seat 2 deals: seat 0 plays first. Seat 0 is dealt 7C 8C 9C and
# the table is AH KH QH; the other hands and the stock are what seat 0 never sees.
SEEN = "7C 8C 9C"
TABLE = "AH KH QH"
UNSEEN = [str(c) for c in parse_cards(
    "10S JS QS KS AS 7D 8D 9D 10D JD QD KD AD 7H 8H 9H 10H JH 10C JC QC KC AC 7S 8S 9S"
)]  # fmt: skip
# The dealer keeps; seat 0 swaps twice and knocks; the others pass (nothing unseen shows).
SCRIPT = [
    "keep",
    "swap 0 0", "pass", "pass",
    "swap 1 1", "pass", "pass",
    "knock", "pass", "pass",
]  # fmt: skip
PLAYER_MOVES = ["swap 0 0", "swap 1 1", "knock"]


def stacked(unseen: list[str]) -> Match:
    """The scripted deal with ``unseen`` as the other hands (six cards) and the stock."""
    deck = [*SEEN.split(), *unseen[:6], *TABLE.split(), *unseen[6:]]
    m = Match(preset("classic"), players=3, seed=7, dealer=2, deck=parse_cards(" ".join(deck)))
    for text in SCRIPT:
        m.apply(text)
    assert m.deal_count == 1  # the deal is over and the next one dealt
    return m


def test_one_entry_per_decision_with_the_chosen_and_the_best_move():
    m = stacked(UNSEEN)
    found = review.review(m, 1)
    assert [str(d.chosen) for d in found] == PLAYER_MOVES
    assert [d.index for d in found] == [1, 4, 7]  # places in match.actions (and seeds)
    for d in found:
        assert d.observation.seat == 0 and d.observation.deal_number == 1
        assert d.chosen in d.observation.legal_actions and d.best in d.observation.legal_actions
        assert 0.0 <= d.chosen_p <= 1.0 and 0.0 <= d.best_p <= 1.0
        assert d.best_p >= d.chosen_p  # the best move is ranked first
    first = found[0].observation  # what seat 0 saw before its first move
    assert first.hand == parse_cards(SEEN) and first.table == parse_cards(TABLE)

    tree = parse(review.markup(found, 1, ("", "Anna", "Ben"), "french", "en"))
    panel = tree.find(data_testid="review")
    items = panel.find_all(data_decision=True)
    assert [i.get("data-decision") for i in items] == ["1", "2", "3"]
    assert [e.all_text() for e in panel.all() if e.tag == "h2"] == ["Review of deal 1"]
    for item, d in zip(items, found, strict=True):
        assert item.get("data-chosen") == str(d.chosen) and item.get("data-best") == str(d.best)
        assert item.children[0].tag == "h3"
        text = " ".join(e.text for e in item.all())
        words = coach.move_words(d.observation, d.chosen, ("", "Anna", "Ben"), "french", "en")
        figure = coach.figure(d.chosen_p, d.samples, d.chosen_sure, "en")
        assert words in text and f"({figure})" in text and d.samples == coach.SAMPLES
        if d.best != d.chosen:
            best = coach.move_words(d.observation, d.best, ("", "Anna", "Ben"), "french", "en")
            best_figure = coach.figure(d.best_p, d.samples, d.best_sure, "en")
            assert best in text and f"({best_figure})" in text
            assert "100%" not in text  # 32 sampled deals prove nothing
        shown = [c.get("data-card") for c in item.find_all(class_="mini")]
        hand, table = d.observation.hand, d.observation.table
        assert shown == [str(c) for c in (*hand, *table)]  # the cards drawn, as they lay
    assert panel.find(data_action="close-review").text == "Close"


def test_cards_the_player_never_saw_do_not_change_the_review():
    """Two deals that differ only in the other hands and the stock (revealed at the end,
    with other results) get the same review: only the player's observations count."""
    other = UNSEEN[6:12] + UNSEEN[:6] + UNSEEN[12:][::-1]  # hands swapped, stock reversed
    a, b = stacked(UNSEEN), stacked(other)
    assert a.results[0].hands != b.results[0].hands  # the revealed hands differ
    ra, rb = review.review(a, 1), review.review(b, 1)
    assert [(d.index, d.chosen, d.chosen_p, d.best, d.best_p) for d in ra] == [
        (d.index, d.chosen, d.chosen_p, d.best, d.best_p) for d in rb
    ]
    de = review.markup(ra, 1, ("", "Anna", "Ben"), "french", "de")
    assert de == review.markup(rb, 1, ("", "Anna", "Ben"), "french", "de")
    assert "Rückblick auf Spiel 1" in de and "Entscheidung 2" in de


def test_the_review_is_reproducible_and_leaves_the_match_alone():
    m = stacked(UNSEEN)
    before = m.to_json()
    first = review.review(m, 1)
    assert review.review(m, 1) == first
    assert m.to_json() == before
    assert review.review(m, 2) == ()  # no decision of seat 0 in the new deal yet


def test_a_deal_without_decisions_says_so():
    html = review.markup((), 4, ("", "Anna"), "french", "en")
    tree = parse(html)
    assert not tree.find_all(data_decision=True)
    assert "no decision" in tree.all_text()


def _to_deal_over(query: str, rng: random.Random):
    """Play through the page's intents until a deal ends; the player's decisions in it."""
    c, host, _ = make(query)
    made: list[str] = []
    for _ in range(200):
        state = settle(c, host)
        if state == "deal-over":
            deal = c.ui.frame.result.deal_number
            return c, host, [t for d, t in made if d == deal]
        assert state == "human"
        text = choose(c, rng)
        made.append((c.match.deal_number, text))
        perform(c, host, text)
    raise AssertionError("no deal ended")


@pytest.mark.parametrize(
    "query",
    [
        "?seed=8&speed=0&preset=classic&bots=3",
        "?seed=9&speed=0&preset=hosenowi&bots=2&mistery=1",
        "?seed=4&speed=0&preset=classic&bots=2&luegen=1",
    ],
)
def test_the_page_computes_the_review_on_opening_and_escape_closes_it(query, monkeypatch):
    calls = []
    real = review.review
    monkeypatch.setattr(review, "review", lambda *a, **k: calls.append(a) or real(*a, **k))
    c, host, mine = _to_deal_over(query, random.Random(2))
    assert len(mine) >= 2  # the seeds give deals with several decisions of the player
    assert calls == []  # nothing is computed before the player asks
    assert "review" in host.actions()
    assert not host.tree().find_all(data_testid="review")
    c.handle({"type": "action", "action": "review"})
    assert len(calls) == 1
    panel = host.tree().find(data_testid="review")
    items = panel.find_all(data_decision=True)
    assert [i.get("data-chosen") for i in items] == mine
    assert host.state == "deal-over" and c.take_focus() == "act-close-review"
    c.handle({"type": "escape"})
    assert not host.tree().find_all(data_testid="review")
    assert c.take_focus() == "act-review" and host.state == "deal-over"
    c.handle({"type": "action", "action": "review"})  # opened again: nothing recomputed
    assert len(calls) == 1 and host.tree().find(data_testid="review")
    c.handle({"type": "action", "action": "next-deal"})
    assert c.ui.panels.review is None
    assert not host.tree().find_all(data_testid="review")


def test_review_is_only_offered_at_the_end_of_a_deal():
    c, host, _ = make("?seed=3&speed=0&preset=classic&bots=2")
    assert settle(c, host) == "human"
    assert "review" not in host.actions()
    c.handle({"type": "action", "action": "review"})
    assert c.ui.panels.review is None
    assert not host.tree().find_all(data_testid="review")


def test_a_move_the_samples_cannot_tell_from_the_best_is_not_called_worse():
    """Issue 37: the review called a swap "not the best" where the coach's figures for
    it and the best move overlapped within their sampling error."""
    m = Match(preset("classic"), players=3, seed=1)
    seat = m.current_player()
    obs = m.observation(seat)
    chosen, best = obs.legal_actions[0], obs.legal_actions[-1]
    assert chosen != best

    def shown(chosen_p: float, best_p: float) -> str:
        d = review.Decision(0, obs, chosen, chosen_p, best, best_p, 32, False, False)
        return parse(review.markup([d], 1, ("", "Anna", "Ben"), "french", "en")).all_text()

    close = shown(0.56, 0.62)
    assert "About equal:" in close and "Best:" not in close
    assert "As good as the best move" in close
    far = shown(0.20, 0.80)
    assert "Best:" in far and "About equal" not in far
