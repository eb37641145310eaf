"""Rules: presets, string/enum options, validation of inconsistent rule sets."""

import dataclasses

import pytest

from engine import PRESETS, InvalidInputError, Rules, preset
from engine.rules import DealMode, Direction, KnockRule, MatchEnd, SwimMode


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        (
            "classic",
            dict(
                deal=DealMode.DEALER_CHOICE,
                lives=3,
                passing=True,
                pass_refresh=True,
                knock=KnockRule.ANYTIME,
                feuer=False,
                min_players=2,
                max_players=9,
            ),
        ),
        (
            "knack",
            dict(
                deal=DealMode.DEALER_CHOICE,
                seven_eight_nine=True,
                feuer=True,
                feuer_value=32,
                feuer_two_lives_heads_up=True,
                knocker_pays_ties=True,
                knock=KnockRule.AFTER_FIRST_CYCLE,
                pass_refresh=True,
            ),
        ),
        (
            "pub",
            dict(
                deal=DealMode.FOREHAND_CHOICE,
                lives=5,
                swap_two=True,
                passing=True,
                pass_refresh=False,
                feuer=True,
                feuer_value=33,
                flush_30=True,
                min_players=3,
                max_players=9,
            ),
        ),
        (
            "hosenowi",
            dict(
                deal=DealMode.OPEN,
                passing=False,
                pass_refresh=False,
                knock=KnockRule.AFTER_OWN_SWAP,
                feuer=True,
                feuer_value=32,
                match_end=MatchEnd.FIRST_OUT,
                min_players=2,
                max_players=8,
            ),
        ),
    ],
)
def test_presets_match_rules_table(name, expected):
    rules = preset(name)
    assert rules is PRESETS[name]
    for key, value in expected.items():
        assert getattr(rules, key) == value, key
    assert rules.deck == 32
    assert rules.swim is SwimMode.EVERYONE
    assert rules.direction is Direction.CLOCKWISE
    assert not rules.mistery and not rules.luegen
    assert not rules.handeln and not rules.under_21_pays and not rules.rang_tiebreak
    assert rules.max_cycles == 50


def test_unknown_preset_lists_known_ones():
    with pytest.raises(InvalidInputError, match="classic, knack, pub, hosenowi"):
        preset("skat")


def test_strings_become_enums_and_replace_works():
    r = dataclasses.replace(preset("knack"), deal="open", swim="first_only")
    assert r.deal is DealMode.OPEN and r.swim is SwimMode.FIRST_ONLY
    assert r.deal == "open"
    assert dataclasses.replace(preset("hosenowi"), deal="hidden").deal is DealMode.HIDDEN


@pytest.mark.parametrize("name", sorted(PRESETS))
@pytest.mark.parametrize("switch", ["mistery", "luegen"])
def test_mistery_and_luegen_switch_on_with_any_preset(name, switch):
    r = dataclasses.replace(preset(name), **{switch: True})
    assert getattr(r, switch) is True


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_to_dict_round_trip(name):
    d = preset(name).to_dict()
    assert all(isinstance(v, (bool, int, str)) for v in d.values())
    assert d["deal"] == preset(name).deal.value
    assert Rules.from_dict(d) == preset(name)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        (dict(passing=False, pass_refresh=True), "pass_refresh needs passing"),
        (dict(feuer=False, feuer_two_lives_heads_up=True), "needs feuer"),
        (dict(deal="hidden", passing=False, pass_refresh=False, mistery=True), "mistery"),
        (dict(deal="hidden", passing=False, pass_refresh=False, swap_two=True), "swap_two"),
        (
            dict(deal="hidden", passing=False, pass_refresh=False, seven_eight_nine=True),
            "seven_eight_nine",
        ),
        (dict(deal="hidden", passing=True, pass_refresh=False), "passing"),
        (dict(deal="hidden"), "pass_refresh"),
        (dict(min_players=1), "min_players"),
        (dict(min_players=5, max_players=4), "more than max_players"),
        (dict(max_players=10), "at most 9"),
        (dict(lives=0), "lives"),
        (dict(max_cycles=0), "max_cycles"),
        (dict(feuer_value=31), "feuer_value"),
        (dict(deck=40), "deck 40"),
        (dict(deal="sideways"), "choose one of open, dealer_choice"),
        (dict(knock="never"), "knock cannot be 'never'"),
        (dict(mistery="yes"), "true or false"),
        (dict(lives="3"), "whole number"),
        (dict(lives=True), "whole number"),
    ],
)
def test_inconsistent_rules_raise(changes, message):
    with pytest.raises(InvalidInputError, match=message):
        Rules(**changes)


def test_deck_must_serve_the_players():
    # 32 cards serve 9 players (27 + 3 table), also with Mistery (31) and hidden (32).
    Rules(max_players=9, mistery=True, passing=True)
    Rules(max_players=9, deal="hidden", passing=False, pass_refresh=False)
    with pytest.raises(InvalidInputError, match="need"):
        Rules(
            deck=32, max_players=9, mistery=True, deal="hidden", passing=False, pass_refresh=False
        )


def test_from_dict_rejects_unknown_keys():
    with pytest.raises(InvalidInputError, match="unknown rule options"):
        Rules.from_dict({"decks": 32})
    with pytest.raises(InvalidInputError):
        Rules.from_dict([1, 2])


def test_lowest_hand_and_announcements():
    assert Rules().lowest_hand == 8
    assert Rules(deck=36).lowest_hand == 7
    assert Rules(deck=52).lowest_hand == 3
    vals = Rules().announce_values
    assert vals[0] == 8 and vals[-2] == 30 and vals[-1] == 30.5 and len(vals) == 24


def test_field_types():
    t = Rules.field_types()
    assert t["mistery"] is bool and t["lives"] is int and t["deal"] is DealMode


HIDDEN = {"deal": "hidden", "passing": False, "pass_refresh": False}


@pytest.mark.parametrize(
    ("options", "players", "code", "options_named", "numbers"),
    [
        ({"deck": 40}, None, "unknown_deck", (), {"deck": 40}),
        ({"passing": False}, None, "pass_refresh_needs_passing", (), {}),
        ({"feuer_two_lives_heads_up": True}, None, "feuer_two_needs_feuer", (), {}),
        (
            {"deal": "hidden", "seven_eight_nine": True, "pass_refresh": False},
            None,
            "hidden_deal_table",
            ("seven_eight_nine", "passing"),
            {},
        ),
        ({"min_players": 1}, None, "too_few_players", (), {"min": 1}),
        ({"min_players": 6, "max_players": 4}, None, "min_above_max", (), {"min": 6, "max": 4}),
        ({"max_players": 10, "deck": 52}, None, "too_many_players", (), {"max": 10}),
        (
            {**HIDDEN, "max_players": 9, "deck": 32, "lives": 2},
            None,
            None,
            (),
            {},
        ),
        ({"lives": 0}, None, "too_few_lives", (), {"lives": 0}),
        ({"max_cycles": 0}, None, "too_few_cycles", (), {"max_cycles": 0}),
        ({"feuer_value": 31}, None, "feuer_value_too_low", (), {"feuer_value": 31}),
        ({"min_players": 3}, 2, "players_out_of_range", (), {"players": 2, "min": 3, "max": 9}),
        ({}, 9, None, (), {}),
    ],
)
def test_problems_name_each_inconsistency(options, players, code, options_named, numbers):
    found = Rules.problems(options, players=players)
    if code is None:
        assert found == []
        Rules(**options)  # fits
        return
    assert [p.code for p in found] == [code]
    assert found[0].options == options_named and found[0].numbers == numbers
    if players is None:
        # the same problem, in the same words, is why Rules(...) refuses these options
        with pytest.raises(InvalidInputError) as err:
            Rules(**options)
        assert str(err.value) == f"inconsistent rule set: {found[0]}"


def test_problems_list_every_problem_in_order():
    found = Rules.problems({**HIDDEN, "mistery": True, "lives": 0, "feuer_value": 20})
    assert [p.code for p in found] == [
        "hidden_deal_table",
        "deck_too_small",
        "too_few_lives",
        "feuer_value_too_low",
    ]
    assert found[1].numbers == {"players": 9, "needed": 33, "deck": 32}
    # the players are checked only once the options fit
    assert "players_out_of_range" not in [p.code for p in Rules.problems({"lives": 0}, players=12)]


@pytest.mark.parametrize(
    "options", [{"colour": "red"}, {"deal": "upside_down"}, {"lives": "3"}, {"swim": 1}]
)
def test_problems_refuse_unknown_options_and_wrong_types(options):
    with pytest.raises(InvalidInputError):
        Rules.problems(options)


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_presets_have_no_problems(name):
    rules = preset(name)
    assert Rules.problems(rules.to_dict()) == []
    assert rules.cards_needed(rules.max_players) <= rules.deck


def test_rules_give_a_new_dict_each_time():
    """The dict is worked out once per rules (a server writes it at every move), but
    what a caller does with its copy changes neither the rules nor the next copy."""
    rules = preset("knack")
    first = rules.to_dict()
    first["lives"] = 99
    assert rules.to_dict()["lives"] == rules.lives != 99
    assert Rules.from_dict(rules.to_dict()) == rules
