"""preset/PRESETS, Rules, dataclasses.replace and inconsistent rule sets (docs/rules.md)."""

import dataclasses

import pytest

from engine import PRESETS, InvalidInputError, Rules, preset

FIELDS = [
    "deck", "deal", "lives", "swap_two", "passing", "pass_refresh", "seven_eight_nine",
    "knock", "feuer", "feuer_value", "feuer_two_lives_heads_up", "knocker_pays_ties",
    "flush_30", "handeln", "under_21_pays", "rang_tiebreak", "swim", "match_end",
    "direction", "mistery", "luegen", "max_cycles", "min_players", "max_players",
]  # fmt: skip

# The preset table of docs/rules.md, column by column.
TABLE = {
    "classic": dict(
        min_players=2, max_players=9, deck=32, deal="dealer_choice", lives=3, swap_two=False,
        passing=True, pass_refresh=True, seven_eight_nine=False, knock="anytime", feuer=False,
        feuer_two_lives_heads_up=False, knocker_pays_ties=False, flush_30=False,
    ),
    "knack": dict(
        min_players=2, max_players=9, deck=32, deal="dealer_choice", lives=3, swap_two=False,
        passing=True, pass_refresh=True, seven_eight_nine=True, knock="after_first_cycle",
        feuer=True, feuer_value=32, feuer_two_lives_heads_up=True, knocker_pays_ties=True,
        flush_30=False,
    ),
    "pub": dict(
        min_players=3, max_players=9, deck=32, deal="forehand_choice", lives=5, swap_two=True,
        passing=True, pass_refresh=False, seven_eight_nine=False, knock="anytime", feuer=True,
        feuer_value=33, feuer_two_lives_heads_up=False, knocker_pays_ties=False, flush_30=True,
    ),
    "hosenowi": dict(
        min_players=2, max_players=8, deck=32, deal="open", lives=3, swap_two=False,
        passing=False, pass_refresh=False, seven_eight_nine=False, knock="after_own_swap",
        feuer=True, feuer_value=32, feuer_two_lives_heads_up=False, knocker_pays_ties=False,
        flush_30=False,
    ),
}  # fmt: skip
COMMON = dict(
    handeln=False, under_21_pays=False, rang_tiebreak=False, swim="everyone",
    direction="clockwise", max_cycles=50, mistery=False, luegen=False,
)  # fmt: skip
MATCH_END = {
    "classic": "last_standing",
    "knack": "last_standing",
    "pub": "last_standing",
    "hosenowi": "first_out",
}


def value(v):
    """Option values may be enum members; compare by their text."""
    return getattr(v, "value", v)


def test_preset_names():
    assert set(PRESETS) == {"classic", "knack", "pub", "hosenowi"}
    for name, rules in PRESETS.items():
        assert isinstance(rules, Rules)
        assert preset(name) == rules


@pytest.mark.parametrize("name", sorted(TABLE))
def test_preset_table(name):
    rules = preset(name)
    expected = {**COMMON, **TABLE[name], "match_end": MATCH_END[name]}
    for field, want in expected.items():
        assert value(getattr(rules, field)) == want, (name, field)


def test_rules_has_exactly_the_option_names():
    names = {f.name for f in dataclasses.fields(Rules)}
    assert set(FIELDS) <= names


def test_rules_is_frozen():
    rules = preset("classic")
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.lives = 4


def test_unknown_preset_lists_known_names():
    with pytest.raises(InvalidInputError) as info:
        preset("schnauz")
    message = str(info.value)
    for name in ("classic", "knack", "pub", "hosenowi"):
        assert name in message


@pytest.mark.parametrize("name", sorted(TABLE))
@pytest.mark.parametrize(
    "changes",
    [
        dict(mistery=True),
        dict(luegen=True),
        dict(mistery=True, luegen=True),
        dict(deck=52),
        dict(deck=36, direction="counterclockwise"),
        dict(handeln=True, under_21_pays=True, rang_tiebreak=True),
        dict(swim="first_only"),
        dict(swim="none", match_end="first_out"),
        dict(lives=1),
        dict(lives=10),
        dict(max_cycles=1),
        dict(knock="after_own_swap"),
    ],
)
def test_replace_gives_valid_variants(name, changes):
    rules = dataclasses.replace(preset(name), **changes)
    for field, want in changes.items():
        assert value(getattr(rules, field)) == want
    base = preset(name)
    if any(value(getattr(base, f)) != w for f, w in changes.items()):
        assert rules != base


def test_hidden_deal_is_a_valid_custom_rule():
    rules = dataclasses.replace(
        preset("classic"), deal="hidden", passing=False, pass_refresh=False
    )
    assert value(rules.deal) == "hidden"


HIDDEN = dict(deal="hidden", passing=False, pass_refresh=False)


@pytest.mark.parametrize(
    "base, changes",
    [
        ("classic", dict(pass_refresh=True, passing=False)),
        ("knack", dict(pass_refresh=True, passing=False)),
        ("classic", dict(feuer_two_lives_heads_up=True)),
        ("knack", dict(feuer=False)),
        ("classic", {**HIDDEN, "mistery": True}),
        ("classic", {**HIDDEN, "swap_two": True}),
        ("classic", {**HIDDEN, "seven_eight_nine": True}),
        ("classic", {**HIDDEN, "passing": True}),
        ("classic", {**HIDDEN, "passing": True, "pass_refresh": True}),
        ("classic", dict(deal="hidden")),  # classic has passing
        ("pub", dict(deal="hidden", passing=False)),  # swap_two
        ("classic", dict(min_players=1)),
        ("classic", dict(min_players=0)),
        ("classic", dict(min_players=5, max_players=4)),
        ("classic", dict(max_players=10)),
        ("pub", dict(min_players=2, max_players=1)),
        ("classic", dict(lives=0)),
        ("classic", dict(lives=-1)),
        ("classic", dict(max_cycles=0)),
        ("classic", dict(feuer_value=31)),
        ("knack", dict(feuer_value=31)),
        ("pub", dict(feuer_value=30)),
        ("hosenowi", dict(feuer_value=0)),
    ],
)
def test_inconsistent_rules_raise(base, changes):
    with pytest.raises(InvalidInputError):
        dataclasses.replace(preset(base), **changes)


def test_deck_capacity_boundaries():
    # 9 players on 32 cards: 27 + 3 table = 30; with Mistery 31; hidden 27 + 2 = 29 (+3 table 32).
    dataclasses.replace(preset("classic"), max_players=9, mistery=True)
    dataclasses.replace(preset("classic"), max_players=9, deal="open", mistery=True)
    dataclasses.replace(preset("classic"), max_players=9, **HIDDEN)
    dataclasses.replace(preset("knack"), deck=36, max_players=9, mistery=True)


@pytest.mark.parametrize("changes", [dict(deck=40), dict(deck=24), dict(deal="nonsense"),
                                     dict(knock="never"), dict(swim="sometimes")])
def test_unknown_option_values_raise(changes):
    with pytest.raises(InvalidInputError):
        dataclasses.replace(preset("classic"), **changes)


def test_feuer_value_above_31_is_fine():
    assert dataclasses.replace(preset("knack"), feuer_value=40).feuer_value == 40
