"""What a Lügen announcement's unshown card may be (issue 21, part 1).

A play-test lost two lives to the coach: Ben announced 27 showing J♦ 9♦ after taking
8♦ in view of all (he swapped all three for 7♦ 9♦ 8♦, then laid 7♦ for J♦), and the
hint called challenging him "100 % safe". A card the announcer is known to hold is no
unseen card, and it is exactly the card that makes 27 true. These positions rebuild
that with the log that makes the card known, for the hint, the review and every bot.
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from app.table import coach, review
from engine import Match, preset
from engine.bots import make
from engine.bots.hint import challenge_basis, hint
from engine.bots.luegen import candidates_seen_by_others, p_lie, third_card_candidates
from engine.bots.observe import public_cards, view_of
from tests.app.markup import parse
from tests.bots.positions import AFTER, BEFORE, NAMES, RULES, lie_27, position, true_27
from tests.engine.helpers import stacked_match

LEVELS = [("medium", {}), ("hard", {"samples": 12}), ("hard", {})]


def test_a_known_card_is_the_third_card_and_settles_the_announcement():
    obs = true_27().observation(0)
    view = view_of(obs)
    assert [str(c) for c in obs.known_cards[1]] == ["9D", "8D", "JD"]
    assert third_card_candidates(view, 1) == [view.known[1][1]]  # 8♦, and nothing else
    assert p_lie(view, 1) == 0.0
    assert p_lie(view_of(lie_27().observation(0)), 1) == 1.0


def test_the_hint_never_calls_challenging_a_known_truth_safe():
    obs = true_27().observation(0)
    ranked = hint(obs, budget_ms=None)
    ben = next(h for h in ranked if str(h.action) == "challenge 1")
    assert ben.p_safe == 0.0
    assert str(ranked[0].action) != "challenge 1"
    basis = challenge_basis(obs, 1)
    assert (basis.kind, str(basis.card), basis.true) == ("known", "8D", True)
    why = coach.challenge_why(obs, 1, lambda s: NAMES[s], "french", "en")
    assert why == "Ben is known to hold 8 of Diamonds (taken in view of all): 27 is the truth"


def test_the_hint_calls_a_known_lie_a_sure_lie():
    obs = lie_27().observation(0)
    ranked = hint(obs, budget_ms=None)
    assert str(ranked[0].action) == "challenge 1" and ranked[0].p_safe == 1.0
    basis = challenge_basis(obs, 1)
    assert (basis.kind, str(basis.card), basis.true) == ("known", "7D", False)
    words = coach.lines(obs, ranked, NAMES, "french", "de")[0].why
    assert words.startswith("Ben hat sicher Karo 7") and words.endswith("gelogen")


def test_an_announcement_no_card_can_make_is_a_sure_lie_and_says_so():
    # Clara shows A♥ 10♠ and says 30: no third card makes two suits 30.
    obs = position("swap 0 2", "announce 27 show 0 1", "announce 30 show 0 2").observation(0)
    assert challenge_basis(obs, 2).kind == "impossible"
    ranked = hint(obs, budget_ms=None)
    assert str(ranked[0].action) == "challenge 2" and ranked[0].p_safe == 1.0
    assert coach.challenge_why(obs, 2, lambda s: NAMES[s], "french", "en").endswith("a sure lie")


def test_an_open_question_stays_an_estimate():
    obs = true_27().observation(0)
    assert challenge_basis(obs, 2).kind == "estimate"  # Clara's 11: A♥ known, 10♠ shown
    assert 0.0 < p_lie(view_of(obs), 2) < 1.0
    assert coach.challenge_why(obs, 2, lambda s: NAMES[s], "french", "en") == ""


@pytest.mark.parametrize("spec", LEVELS, ids=["medium", "hard-12", "hard"])
@pytest.mark.parametrize("seed", range(4))
def test_no_bot_challenges_a_known_truth_or_spares_a_known_lie(spec, seed):
    name, opts = spec
    truth = true_27().observation(0)
    assert str(make(name, seed, **opts).choose(truth)) != "challenge 1"
    lie = lie_27().observation(0)
    assert str(make(name, seed, **opts).choose(lie)) == "challenge 1"


def test_the_easy_bot_errs_only_by_its_designed_oversight():
    """easy picks a random decision one time in five (``EasyBot.MISS``); otherwise it
    judges as the others do, so a known truth is challenged about one time in fifteen."""
    truth, lie = true_27().observation(0), lie_27().observation(0)
    wrong = sum(str(make("easy", s).choose(truth)) == "challenge 1" for s in range(60))
    spared = sum(str(make("easy", s).choose(lie)) != "challenge 1" for s in range(60))
    assert wrong <= 12 and spared <= 12, (wrong, spared)


def test_the_review_judges_by_what_was_knowable_and_says_so():
    m = true_27()
    m.apply("challenge 1")  # the play-test's move: it costs two lives
    assert m.lives()[0] == RULES.lives - RULES.challenge_loss
    found = review.review(m, 1)
    decision = found[-1]
    assert str(decision.chosen) == "challenge 1"
    assert str(decision.best) != "challenge 1" and decision.chosen_p == 0.0
    html = review.markup(found, 1, NAMES, "french", "en")
    item = parse(html).find_all(data_decision=True)[-1]
    assert "That was the best move" not in item.all_text()
    knowable = item.find(class_="knowable")
    assert knowable.children[0].text == "What you could know then:"
    assert knowable.text.strip() == (
        "Ben is known to hold 8 of Diamonds (taken in view of all): 27 is the truth"
    )


def test_a_turn_is_reviewed_without_a_knowable_line():
    m = true_27()
    m.apply("giveup")
    html = review.markup(review.review(m, 1), 1, NAMES, "french", "en")
    items = parse(html).find_all(data_decision=True)
    # pass, swap, the last turn's pass, the announcement: turns; then the decision
    assert [bool(i.find_all(class_="knowable")) for i in items] == [False] * 4 + [True]


def test_an_announcer_does_not_tell_a_lie_its_known_card_disproves():
    """Ben, announcing with 8♦ known to all, cannot make 27 look like anything else:
    showing J♦ 9♦ leaves 8♦ as the third card, so a lie shown that way is caught."""
    m = stacked_match(
        RULES, 3, dealer=2, hands={0: "7C 8S 10H", 1: "QC KS AH", 2: "JD 9C 10S"}, extra="7D 9D 8D"
    )
    for text in [*BEFORE, "swap 0 2", *AFTER, "announce 11 show 0 2", "announce 10 show 0 1"]:
        m.apply(text)
    obs = m.observation(1)
    view = view_of(obs)
    assert sorted(view.own_known) == sorted(view_of(m.observation(0)).known[1])
    hand = view.hand
    assert candidates_seen_by_others(view, (hand[0], hand[1])) == [hand[2]]  # 8♦ known
    for seed in range(20):
        said = make("hard", seed).choose(obs)
        shown = [hand[i] for i in said.hand_cards]
        third = next(c for c in hand if c not in shown)
        if third in view.own_known:  # the others know the unshown card: only the truth
            assert said.value == 27, said


@pytest.mark.parametrize("preset_name", ["hosenowi", "knack"])
def test_public_cards_are_what_the_others_see_as_known(preset_name):
    """A bot reads its own publicly known cards from the log; they must be exactly what
    every other seat's observation lists for it (the engine's ``known_cards``)."""
    rules = dataclasses.replace(preset(preset_name), luegen=True, mistery=True)
    for seed in range(6):
        m = Match(rules, players=4, seed=seed)
        rng = random.Random(seed)
        checked = 0
        while not m.is_over() and checked < 400:
            me = m.current_player()
            mine = set(public_cards(m.observation(me).log, me))
            for other in range(4):
                if other != me:
                    seen = set(m.observation(other).known_cards.get(me, ()))
                    assert {str(c) for c in seen} == {str(view_of_card(c)) for c in mine}
            m.apply(rng.choice(m.legal_actions()))
            checked += 1


def view_of_card(cid: int):
    from engine.bots.core import to_card

    return to_card(cid)
