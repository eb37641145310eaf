"""The content of every event the engine emits: kind, seat, cards, values, lives, reasons.

Each test stacks a deal, plays it, and compares the log with the exact events
expected (``Event`` is a frozen dataclass, so a dropped seat or card fails).
Events private to one seat (a Mistery swap, a hidden-deal hold) are checked in
the mover's own log and, without the cards, in everyone else's and the public
log. The English text of events (``str``) is covered by the golden transcripts.
"""

import dataclasses

import pytest

from engine import DealEnd, EventKind, LossReason, LuegenOutcome, Rules, preset
from engine.events import Event
from tests.engine.helpers import cards, stacked_match

E = EventKind
CLASSIC, KNACK, PUB, HOSEN = (preset(n) for n in ("classic", "knack", "pub", "hosenowi"))
OPEN = dataclasses.replace(CLASSIC, deal="open")
H3 = {0: "AH KH 9S", 1: "QH 10H JD", 2: "7C 8S 9D"}  # 21, 20, 9
TABLE = "10C 8C 7S"


def ev(kind, **fields):
    for name in ("given", "taken", "cards"):
        if isinstance(fields.get(name), str):
            fields[name] = cards(fields[name])
    return Event(kind, **fields)


def deal_events(m, number=1):
    """The events of deal ``number``, from its ``deal`` event to its ``deal_end``."""
    log = list(m.log)
    start = next(i for i, e in enumerate(log) if e.kind is E.DEAL and e.value == number)
    end = next(i for i, e in enumerate(log) if e.kind is E.DEAL_END and e.value == number)
    return log[start : end + 1]


def test_open_deal_swaps_knock_and_a_tie():
    m = stacked_match(OPEN, 3, dealer=2, hands=H3, extra="10C 8D 7H")
    for action in ("swap 2 0", "swap all", "knock", "pass", "pass"):
        m.apply(action)
    assert deal_events(m) == [
        ev(E.DEAL, seat=2, value=1),
        ev(E.TABLE, cards="10C 8D 7H"),
        ev(E.SWAP, seat=0, given="9S", taken="10C"),
        ev(E.SWAP_ALL, seat=1, given="QH 10H JD", taken="9S 8D 7H"),
        ev(E.KNOCK, seat=2),
        ev(E.PASS, seat=0),
        ev(E.PASS, seat=1),
        ev(E.REVEAL, seat=0, cards="AH KH 10C", value=21),
        ev(E.REVEAL, seat=1, cards="9S 8D 7H", value=9),
        ev(E.REVEAL, seat=2, cards="7C 8S 9D", value=9),
        ev(E.LOSE, seat=1, lives=1, reason=LossReason.TIE),
        ev(E.LOSE, seat=2, lives=1, reason=LossReason.TIE),
        ev(E.DEAL_END, value=1, reason=DealEnd.KNOCK),
    ]
    # the next deal is dealt by the next player
    assert m.log[len(deal_events(m))] == ev(E.DEAL, seat=0, value=2)
    result = m.results[0]
    assert result.reasons == {1: LossReason.TIE, 2: LossReason.TIE}
    assert result.knocker == 2 and result.values == {0: 21, 1: 9, 2: 9}


def test_lowest_alone_and_the_knocker_paying_the_tie():
    m = stacked_match(OPEN, 3, dealer=2, hands=H3, extra=TABLE)
    m.apply("knock")
    m.apply("pass")
    m.apply("pass")
    assert deal_events(m)[-2:] == [
        ev(E.LOSE, seat=2, lives=1, reason=LossReason.LOWEST),
        ev(E.DEAL_END, value=1, reason=DealEnd.KNOCK),
    ]
    knack = dataclasses.replace(KNACK, deal="open", knock="anytime")
    tie = {0: "7H 8D 9C", 1: "QH 10H JD", 2: "7C 8S 9D"}
    m = stacked_match(knack, 3, dealer=2, hands=tie, extra=TABLE)
    m.apply("knock")  # seat 0, tied with seat 2 at 9
    m.apply("pass")
    m.apply("pass")
    assert deal_events(m)[-2:] == [
        ev(E.LOSE, seat=0, lives=1, reason=LossReason.KNOCKER_PAID_TIE),
        ev(E.DEAL_END, value=1, reason=DealEnd.KNOCK),
    ]


def test_deal_choice_keep_and_take():
    m = stacked_match(CLASSIC, 3, dealer=0, hands=H3, extra=TABLE)
    m.apply("keep")
    assert list(m.log) == [
        ev(E.DEAL, seat=0, value=1),
        ev(E.KEEP, seat=0),
        ev(E.TABLE, cards=TABLE),
    ]
    m = stacked_match(PUB, 3, dealer=0, hands=H3, extra=TABLE)  # forehand: seat 1 chooses
    m.apply("take")
    assert list(m.log) == [
        ev(E.DEAL, seat=0, value=1),
        ev(E.TAKE, seat=1, given="QH 10H JD"),
        ev(E.TABLE, cards="QH 10H JD"),
    ]
    assert m.observation(1).hand == cards(TABLE)


def test_swap_two_lists_both_pairs():
    m = stacked_match(PUB, 3, dealer=2, hands={0: H3[1], 1: H3[2], 2: H3[0]}, extra=TABLE)
    m.apply("keep")  # seat 0 chooses (forehand), seat 1 starts
    m.apply("swap 0 1 2 0")
    assert m.log[-1] == ev(E.SWAP, seat=1, given="7C 9D", taken="8C 10C")


def test_refresh_and_reshuffle():
    r = dataclasses.replace(OPEN, max_cycles=50)
    hands = {0: "AH KH 7C", 1: "QH JH 8D"}
    m = stacked_match(r, 2, dealer=1, hands=hands, extra="10C 8C 7S", stock="QC JC 9C")
    m.apply("pass")
    m.apply("pass")
    assert m.log[-3:] == (
        ev(E.PASS, seat=0),
        ev(E.PASS, seat=1),
        ev(E.REFRESH, cards="QC JC 9C"),
    )
    assert m.observation(0).discard == cards("10C 8C 7S")
    # 23 cards in the stock: seven refreshes leave 2, the eighth reshuffles
    for _ in range(7):
        m.apply("pass")
        m.apply("pass")
    assert m.log[-3:] == (
        ev(E.PASS, seat=1),
        ev(E.RESHUFFLE),
        ev(E.REFRESH, cards=m.observation(0).table),
    )
    kinds = [e.kind for e in m.log]
    assert kinds.count(E.REFRESH) == 8 and kinds.count(E.RESHUFFLE) == 1


def test_seven_eight_nine_new_cards():
    r = dataclasses.replace(KNACK, deal="open")
    m = stacked_match(r, 3, dealer=2, hands=H3, extra="7H 8D 9C", stock="AS KS QS")
    m.apply("new")
    assert m.log[-1] == ev(E.NEW, seat=0, cards="AS KS QS")
    assert m.current_player() == 0


def test_mistery_swap_is_private_to_the_mover():
    m = stacked_match(dataclasses.replace(HOSEN, mistery=True), 3, 2, H3, TABLE, mistery="QC")
    m.apply("mistery 2")
    public = ev(E.MISTERY, seat=0)
    assert m.log[-1] == public
    assert m.observation(0).log[-1] == ev(E.MISTERY, seat=0, given="9S", taken="QC")
    assert m.observation(1).log[-1] == public and m.observation(2).log[-1] == public


def test_hidden_hold_is_private_and_a_knock_passes_on():
    r = Rules(deal="hidden", passing=False, pass_refresh=False)
    m = stacked_match(r, 3, dealer=2, hands=H3, extra="10C 8C")
    m.apply("hold 0 1 3")
    m.apply("knock")
    assert m.log[-2:] == (ev(E.HOLD, seat=0), ev(E.KNOCK, seat=1))
    assert m.observation(0).log[-2] == ev(E.HOLD, seat=0, given="9S 8C", taken="AH KH 10C")
    assert m.observation(1).log[-2] == ev(E.HOLD, seat=0)


def test_final_cycle_knock_to_keep_the_hand():
    m = stacked_match(HOSEN, 3, dealer=2, hands=H3, extra=TABLE)
    m.apply("swap 2 0")  # seat 0
    m.apply("swap 0 0")  # seat 1
    m.apply("swap 0 1")  # seat 2
    m.apply("knock")  # seat 0 knocks
    m.apply("swap 0 0")  # seat 1
    m.apply("knock")  # seat 2 keeps the hand
    events = deal_events(m)
    assert events[5] == ev(E.KNOCK, seat=0)
    assert events[7] == ev(E.KNOCK, seat=2, reason="keep")
    assert m.results[0].knocker == 0


def test_thirty_one_after_the_deal():
    hands = {0: "AH KH 10H", 1: "QD 10D JS", 2: H3[2]}
    m = stacked_match(HOSEN, 3, dealer=2, hands=hands, extra=TABLE)
    assert deal_events(m) == [
        ev(E.DEAL, seat=2, value=1),
        ev(E.TABLE, cards=TABLE),
        ev(E.THIRTY_ONE, seat=0, cards="AH KH 10H"),
        ev(E.REVEAL, seat=1, cards="QD 10D JS", value=20),
        ev(E.REVEAL, seat=2, cards="7C 8S 9D", value=9),
        ev(E.LOSE, seat=2, lives=1, reason=LossReason.LOWEST),
        ev(E.DEAL_END, value=1, reason=DealEnd.THIRTY_ONE),
    ]
    assert m.results[0].thirty_one == (0,)


@pytest.mark.parametrize(("rules", "lost"), [(PUB, 1), (KNACK, 2)])
def test_feuer_costs_every_other_seat(rules, lost):
    r = dataclasses.replace(rules, deal="open", min_players=2)
    m = stacked_match(r, 2, dealer=1, hands={0: "AH AS AC", 1: "AD KD 10D"}, extra=TABLE)
    assert deal_events(m) == [
        ev(E.DEAL, seat=1, value=1),
        ev(E.TABLE, cards=TABLE),
        ev(E.FEUER, seat=0, cards="AH AS AC"),
        ev(E.REVEAL, seat=1, cards="AD KD 10D", value=31),
        ev(E.LOSE, seat=1, lives=lost, reason=LossReason.FEUER),
        ev(E.DEAL_END, value=1, reason=DealEnd.FEUER),
    ]
    assert m.results[0].feuer == 0 and m.results[0].reasons == {1: LossReason.FEUER}


def test_feuer_by_a_swap_during_play():
    r = dataclasses.replace(PUB, deal="open")
    m = stacked_match(r, 3, dealer=2, hands={0: "AH AS 9S", 1: H3[1], 2: H3[2]}, extra="AC 8C 7S")
    m.apply("swap 2 0")
    events = deal_events(m)
    assert events[2:5] == [
        ev(E.SWAP, seat=0, given="9S", taken="AC"),
        ev(E.FEUER, seat=0, cards="AH AS AC"),
        ev(E.REVEAL, seat=1, cards="QH 10H JD", value=20),
    ]
    assert events[-3:] == [
        ev(E.LOSE, seat=1, lives=1, reason=LossReason.FEUER),
        ev(E.LOSE, seat=2, lives=1, reason=LossReason.FEUER),
        ev(E.DEAL_END, value=1, reason=DealEnd.FEUER),
    ]


LUEG = dataclasses.replace(CLASSIC, luegen=True)


def luegen_announced(values):
    """Seat 0 knocks; seats 0, 1, 2 (QH 10H JD = 20, 7C 8S 9D = 9, AH KH 9S = 21)
    announce ``values`` showing their first two cards."""
    m = stacked_match(LUEG, 3, dealer=1, hands={2: H3[0], 0: H3[1], 1: H3[2]}, extra=TABLE)
    for action in ("keep", "pass", "knock", "pass", "pass"):
        m.apply(action)
    for v in values:
        m.apply(f"announce {v} show 0 1")
    return m


def test_luegen_announcements_and_a_lie_caught():
    m = luegen_announced((25, 9, 21))
    m.apply("challenge 0")
    assert deal_events(m)[-7:] == [
        ev(E.ANNOUNCE, seat=0, value=25, cards="QH 10H"),
        ev(E.ANNOUNCE, seat=1, value=9, cards="7C 8S"),
        ev(E.ANNOUNCE, seat=2, value=21, cards="AH KH"),
        ev(E.CHALLENGE, seat=1, target=0, reason=LuegenOutcome.LIE),
        ev(E.REVEAL, seat=0, cards="QH 10H JD", value=20),
        ev(E.LOSE, seat=0, lives=2, reason=LossReason.LIE),
        ev(E.DEAL_END, value=1, reason=DealEnd.KNOCK),
    ]
    result = m.results[0]
    assert result.outcome is LuegenOutcome.LIE and result.reasons == {0: LossReason.LIE}
    assert result.decider == 1 and result.challenged == 0 and result.shown == (0,)
    assert result.hands == {0: cards("QH 10H JD")} and result.values == {0: 20}
    # everyone now knows the challenged hand
    assert m.observation(2).last_deal.hands[0] == cards("QH 10H JD")


def test_luegen_true_announcement_and_giving_up():
    m = luegen_announced((20, 9, 21))
    m.apply("challenge 2")
    assert deal_events(m)[-4:] == [
        ev(E.CHALLENGE, seat=1, target=2, reason=LuegenOutcome.TRUE),
        ev(E.REVEAL, seat=2, cards="AH KH 9S", value=21),
        ev(E.LOSE, seat=1, lives=2, reason=LossReason.TRUE),
        ev(E.DEAL_END, value=1, reason=DealEnd.KNOCK),
    ]
    m = luegen_announced((20, 9, 21))
    m.apply("giveup")
    assert deal_events(m)[-3:] == [
        ev(E.GIVEUP, seat=1),
        ev(E.LOSE, seat=1, lives=1, reason=LossReason.GIVEUP),
        ev(E.DEAL_END, value=1, reason=DealEnd.KNOCK),
    ]
    assert m.results[0].outcome is LuegenOutcome.GIVEUP
    assert m.results[0].decider == 1 and m.results[0].challenged is None
    assert m.results[0].hands == {}


def test_luegen_31_is_shown_and_nobody_announces_against_all_31():
    hands = {0: "AH KH 10H", 1: "AD QD JD", 2: "AS KS QS"}
    m = stacked_match(dataclasses.replace(HOSEN, luegen=True), 3, 0, hands, extra=TABLE)
    assert deal_events(m)[2:] == [
        ev(E.THIRTY_ONE, seat=1, cards="AD QD JD"),
        ev(E.THIRTY_ONE, seat=2, cards="AS KS QS"),
        ev(E.THIRTY_ONE, seat=0, cards="AH KH 10H"),
        ev(E.DEAL_END, value=1, reason=DealEnd.THIRTY_ONE),
    ]


def test_swimming_going_out_and_the_end_with_crown():
    r = Rules(deal="open", lives=1, passing=False, pass_refresh=False)
    # seat 2 (9) loses its only life and swims
    m = stacked_match(r, 3, dealer=2, hands={0: "AH KH JH", 1: H3[1], 2: H3[2]}, extra=TABLE)
    assert deal_events(m)[-3:] == [
        ev(E.LOSE, seat=2, lives=1, reason=LossReason.LOWEST),
        ev(E.SWIM, seat=2),
        ev(E.DEAL_END, value=1, reason=DealEnd.THIRTY_ONE),
    ]
    r = Rules(deal="open", lives=1, swim="none", passing=False, pass_refresh=False)
    m = stacked_match(r, 2, dealer=1, hands={0: "AH KH JH", 1: H3[1]}, extra=TABLE)
    assert m.log[-4:] == (
        ev(E.LOSE, seat=1, lives=1, reason=LossReason.LOWEST),
        ev(E.OUT, seat=1),
        ev(E.DEAL_END, value=1, reason=DealEnd.THIRTY_ONE),
        ev(E.MATCH_END, seats=(0,), reason="crown"),
    )


def test_void_deal_and_a_shared_first_place():
    r = Rules(deal="open", lives=1, swim="none", passing=False, pass_refresh=False)
    m = stacked_match(r, 2, dealer=1, hands={0: "AH KH 9S", 1: "AS KS 9H"}, extra=TABLE)
    m.apply("knock")
    m.apply("swap 2 1")  # 21 against 21: both would be out
    assert deal_events(m)[-4:] == [
        ev(E.REVEAL, seat=0, cards="AH KH 9S", value=21),
        ev(E.REVEAL, seat=1, cards="AS KS 8C", value=21),
        ev(E.VOID),
        ev(E.DEAL_END, value=1, reason=DealEnd.KNOCK),
    ]
    assert m.results[0].reasons == {} and m.results[0].void
    h = dataclasses.replace(HOSEN, lives=1, swim="none")
    hands = {0: "AH KH QH", 1: "QS 10S JD", 2: "7C 8S 9D"}
    m = stacked_match(h, 3, dealer=2, hands=hands, extra=TABLE)
    assert m.log[-1] == ev(E.MATCH_END, seats=(0, 1))


def test_every_event_kind_is_checked_here():
    import re
    from pathlib import Path

    checked = set(re.findall(r"\bE\.([A-Z_]+)\b", Path(__file__).read_text(encoding="utf-8")))
    assert {k.name for k in EventKind} <= checked
