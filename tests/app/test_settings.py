"""app.settings.model: validation with fallbacks, URL parameters, the dialog, the rules."""

import dataclasses
import json
from urllib.parse import parse_qs

import pytest
from hypothesis import given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as hs

import engine
from app.settings import choices
from app.settings import model as st
from app.settings.model import Settings
from app.storage import MemoryBackend, Store


class JsNullLike:
    def __bool__(self):
        return False


# -- defaults ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("browser_lang", "lang"),
    [
        ("de", "de"),
        ("de-DE", "de"),
        ("DE-at", "de"),
        ("de_CH", "de"),
        ("gsw-CH", "de"),
        ("en-US", "en"),
        ("en", "en"),
        ("fr-FR", "en"),
        ("", "en"),
        (None, "en"),
        (JsNullLike(), "en"),
        (["fr-FR", "de-DE", "en"], "de"),
        (("en-GB", "de"), "en"),
        ([], "en"),
    ],
)
def test_default_language_follows_the_browser(browser_lang, lang):
    assert st.defaults(browser_lang).lang == lang


def test_defaults_build_the_classic_rules_for_four_players():
    s = st.defaults("de")
    assert st.rules(s) == engine.preset("classic")
    assert st.players(s) == 4
    assert st.bot_difficulties(s) == ("medium",) * 3
    assert s.seed is None


# -- stored dicts ---------------------------------------------------------------------

VARIED = [
    Settings(),
    Settings(
        preset="knack",
        bots=8,
        difficulty="hard",
        difficulties=("easy", "hard"),
        lives=7,
        mistery=True,
        luegen=True,
        deck_style="german",
        lang="en",
        speed="0",
        seed=123456789,
    ),
    Settings(preset="custom", custom={"deck": 36, "handeln": True, "knock": "after_own_swap"}),
    Settings(preset="pub", custom={"flush_30": False}, bots=2, deck_style="swiss", speed="slow"),
    Settings(preset="hosenowi", bots=7, lives=1, seed=0),
]


@pytest.mark.parametrize("settings", VARIED)
def test_dict_round_trip_is_exact_and_json_safe(settings):
    d = json.loads(json.dumps(settings.to_dict()))
    assert st.from_dict(d) == (settings, [])


@pytest.mark.parametrize(
    ("field", "bad"),
    [
        ("preset", "foo"),
        ("preset", None),
        ("preset", 3),
        ("custom", "deck=36"),
        ("custom", {"deck": "36"}),
        ("custom", {"deck": True}),
        ("custom", {"handeln": "yes"}),
        ("custom", {"knock": "sometimes"}),
        ("custom", {"no_such_option": 1}),
        ("custom", {"lives": 5}),  # lives is a field of its own
        ("custom", {"max_cycles": 10**30}),
        ("bots", "3"),
        ("bots", 2.5),
        ("bots", True),
        ("bots", None),
        ("difficulty", "x"),
        ("difficulty", "HARD"),
        ("difficulties", "easy"),
        ("difficulties", ["easy", "x"]),
        ("difficulties", ["easy"] * 9),
        ("lives", 0),
        ("lives", 11),
        ("lives", -3),
        ("lives", 10**100),
        ("lives", "5"),
        ("lives", 3.0),
        ("mistery", "true"),
        ("mistery", 1),
        ("luegen", None),
        ("deck_style", "tarot"),
        ("lang", "fr"),
        ("lang", "EN"),
        ("speed", "warp"),
        ("speed", 0),
        ("seed", "abc"),
        ("seed", -1),
        ("seed", 2**64),
        ("seed", 1.5),
        ("seed", False),
    ],
)
def test_bad_stored_field_falls_back_to_its_default_with_a_notice(field, bad):
    good = VARIED[1].to_dict()
    stored = {**good, field: bad}
    s, notices = st.from_dict(stored, "de")
    expected = st.defaults("de") if field == "lang" else Settings()
    assert getattr(s, field) == getattr(expected, field)
    assert [n.subject for n in notices] == [field]
    assert notices[0].code == "setting"
    # every other field survived
    for other in good:
        if other != field:
            assert getattr(s, other) == getattr(VARIED[1], other), other


@pytest.mark.parametrize("stored", [None, [], "settings", 42, ["preset", "knack"]])
def test_stored_settings_that_are_no_dict_give_defaults(stored):
    s, notices = st.from_dict(stored, "en")
    assert s == st.defaults("en")
    assert len(notices) == 1


def test_unknown_and_missing_keys_are_tolerated():
    s, notices = st.from_dict({"preset": "knack", "future_option": 1}, "en")
    assert s == dataclasses.replace(st.defaults("en"), preset="knack")
    assert notices == []


def test_stored_bots_out_of_range_of_the_rules_are_clamped():
    s, notices = st.from_dict({"preset": "hosenowi", "bots": 8})
    assert s.bots == 7
    assert [(n.code, n.subject) for n in notices] == [("setting", "bots")]
    s, _ = st.from_dict({"preset": "custom", "custom": {"max_players": 3}, "bots": 5})
    assert s.bots == 2


# -- the store --------------------------------------------------------------------


def test_settings_are_remembered_without_the_seed():
    store = Store(MemoryBackend())
    s = dataclasses.replace(VARIED[1], seed=99)
    assert st.save_settings(store, s) is None
    loaded, notices = st.load_settings(store, "de")
    assert loaded == dataclasses.replace(s, seed=None)
    assert notices == []


def test_first_visit_loads_defaults():
    assert st.load_settings(Store(MemoryBackend()), "en-GB") == (st.defaults("en"), [])


@pytest.mark.parametrize(
    "raw",
    [
        "not json",
        '{"version": 1, "data": "classic"}',
        '{"version": 2, "data": {}}',
        '{"version": 1, "data": {"preset": "foo", "bots": -4}}',
        '{"version": 1, "data": {"preset": "pub", "bots": 1, "lang": "en"}}',
    ],
)
def test_unusable_stored_settings_are_backed_up_and_repaired(raw):
    backend = MemoryBackend({"schwimmen.settings": raw})
    store = Store(backend)
    s, notices = st.load_settings(store, "de")
    assert notices
    assert st.bot_range(s)[0] <= s.bots <= st.bot_range(s)[1]
    assert [text for _, text in store.backups("settings")] == [raw]
    if '"pub"' in raw:  # only the number of bots was bad
        assert (s.preset, s.bots, s.lang) == ("pub", 2, "en")
    elif "-4" in raw:
        assert (s.preset, s.bots) == ("classic", 1)
    else:
        assert s == st.defaults("de")
    # the repair is stored (or nothing is, for data that was moved away whole)
    again, notices = st.load_settings(store, "de")
    assert (again, notices) == (s, [])
    assert len(store.backups("settings")) == 1


def test_quota_error_while_saving_is_a_notice():
    store = Store(MemoryBackend(quota=10))
    assert st.save_settings(store, Settings()).code == "write_failed"


# -- URL parameters --------------------------------------------------------------------


def url(query, base=None):
    return st.apply_url(base or Settings(), query)


@pytest.mark.parametrize(
    ("query", "changes", "bad"),
    [
        ({}, {}, []),
        ({"bots": "2"}, {"bots": 2}, []),
        ({"bots": " 5 "}, {"bots": 5}, []),
        ({"bots": "99"}, {"bots": 8}, ["bots"]),
        ({"bots": "99999999999999999999999"}, {}, ["bots"]),
        ({"bots": "-1"}, {"bots": 1}, ["bots"]),
        ({"bots": "0"}, {"bots": 1}, ["bots"]),
        ({"bots": "abc"}, {}, ["bots"]),
        ({"bots": "2.5"}, {}, ["bots"]),
        ({"bots": ""}, {}, ["bots"]),
        ({"bots": "+3"}, {}, ["bots"]),
        ({"bots": "٣"}, {}, ["bots"]),
        ({"lang": "en"}, {"lang": "en"}, []),
        ({"lang": "EN-us"}, {"lang": "en"}, []),
        ({"lang": "fr"}, {}, ["lang"]),
        ({"lang": ""}, {}, ["lang"]),
        ({"preset": "knack"}, {"preset": "knack"}, []),
        ({"preset": "PUB"}, {"preset": "pub"}, []),
        ({"preset": "foo"}, {}, ["preset"]),
        ({"preset": "hosenowi", "bots": "8"}, {"preset": "hosenowi", "bots": 7}, ["bots"]),
        ({"preset": "pub", "bots": "1"}, {"preset": "pub", "bots": 2}, ["bots"]),
        ({"seed": "42"}, {"seed": 42}, []),
        ({"seed": "0"}, {"seed": 0}, []),
        ({"seed": "abc"}, {}, ["seed"]),
        ({"seed": "-5"}, {}, ["seed"]),
        ({"seed": "1e9"}, {}, ["seed"]),
        ({"seed": "9" * 40}, {}, ["seed"]),
        ({"difficulty": "hard"}, {"difficulty": "hard"}, []),
        ({"difficulty": "Easy"}, {"difficulty": "easy"}, []),
        ({"difficulty": "x"}, {}, ["difficulty"]),
        ({"difficulty": "easy,hard,medium"}, {"difficulties": ("easy", "hard", "medium")}, []),
        ({"difficulty": "easy,x"}, {}, ["difficulty"]),
        ({"speed": "0"}, {"speed": "0"}, []),
        ({"speed": "off"}, {"speed": "0"}, []),
        ({"speed": "0.0"}, {"speed": "0"}, []),
        ({"speed": "fast"}, {"speed": "fast"}, []),
        ({"speed": "SLOW"}, {"speed": "slow"}, []),
        ({"speed": "2"}, {"speed": "fast"}, []),
        ({"speed": "0.5"}, {"speed": "slow"}, []),
        ({"speed": "1"}, {"speed": "normal"}, []),
        ({"speed": "-1"}, {}, ["speed"]),
        ({"speed": "nan"}, {}, ["speed"]),
        ({"speed": "inf"}, {}, ["speed"]),
        ({"speed": "warp"}, {}, ["speed"]),
        ({"lives": "5"}, {"lives": 5}, []),
        ({"lives": "11"}, {}, ["lives"]),
        ({"lives": "0"}, {}, ["lives"]),
        ({"mistery": "1", "luegen": "true"}, {"mistery": True, "luegen": True}, []),
        ({"mistery": "maybe"}, {}, ["mistery"]),
        ({"deck_style": "german"}, {"deck_style": "german"}, []),
        ({"deck_style": "tarot"}, {}, ["deck_style"]),
        ({"utm_source": "x", "fbclid": "y"}, {}, []),
        (
            {"bots": "99", "lang": "fr", "preset": "foo", "seed": "abc", "difficulty": "x"},
            {"bots": 8},
            ["preset", "lang", "difficulty", "seed", "bots"],
        ),
    ],
)
def test_url_parameters(query, changes, bad):
    base = Settings(lang="de")
    s, new, notices = url(query, base)
    assert s == dataclasses.replace(base, **changes)
    assert new is False
    assert [n.subject for n in notices] == bad
    assert all(n.code == "url" for n in notices)
    assert all(n.subject in str(n) for n in notices)


@pytest.mark.parametrize(
    ("value", "new", "bad"),
    [
        *[("1", True, []), ("true", True, []), ("", True, []), ("YES", True, [])],
        *[("0", False, []), ("false", False, []), ("2", False, ["new"]), ("now", False, ["new"])],
    ],
)
def test_url_new_match_request(value, new, bad):
    s, requested, notices = url({"new": value})
    assert s == Settings()
    assert requested is new
    assert [n.subject for n in notices] == bad


def test_url_from_parse_qs_lists_uses_the_first_value():
    # as URLSearchParams.get in the page's JavaScript: one reading of a repeated key
    query = parse_qs("seed=1&preset=knack&bots=2&seed=7&new=1&speed=0", keep_blank_values=True)
    s, new, notices = url(query)
    assert (s.seed, s.preset, s.bots, s.speed, new, notices) == (1, "knack", 2, "0", True, [])


def test_url_named_preset_drops_custom_options_and_custom_keeps_them():
    base = Settings(preset="custom", custom={"deck": 52, "handeln": True})
    assert url({"preset": "knack"}, base)[0].custom == {}
    assert url({"preset": "custom"}, base)[0].custom == base.custom
    assert url({"bots": "2"}, base)[0].custom == base.custom


def test_url_bots_are_clamped_to_custom_rules():
    base = Settings(preset="custom", custom={"deck": 52})
    assert url({"bots": "99"}, base)[0].bots == 8
    base = Settings(preset="custom", custom={"max_players": 4})
    assert url({"bots": "5"}, base)[0].bots == 3


def test_url_difficulty_list_gives_one_per_bot():
    s, _, _ = url({"difficulty": "easy,hard", "bots": "4"})
    assert st.bot_difficulties(s) == ("easy", "hard", "medium", "medium")
    s, _, _ = url({"difficulty": "hard"}, s)
    assert st.bot_difficulties(s) == ("hard",) * 4
    s, _, _ = url({"difficulty": "easy,hard,hard", "bots": "2"})
    assert st.bot_difficulties(s) == ("easy", "hard")


# -- the dialog --------------------------------------------------------------------


def test_form_fields_become_settings():
    fields = {
        "preset": "knack",
        "bots": "5",
        "difficulty": "hard",
        "lives": "4",
        "mistery": "on",
        "deck_style": "german",
        "lang": "en",
    }
    s, notices = st.from_form(fields, base=Settings(seed=5, speed="0"))
    assert notices == []
    assert s == Settings(
        preset="knack",
        bots=5,
        difficulty="hard",
        lives=4,
        mistery=True,
        luegen=False,  # an unchecked box is not sent
        deck_style="german",
        lang="en",
        speed="0",
        seed=5,
    )
    r = st.rules(s)
    assert (r.lives, r.mistery, r.luegen, r.knock) == (4, True, False, "after_first_cycle")


@pytest.mark.parametrize(
    ("text", "on"),
    [
        *[("on", True), ("true", True), ("1", True)],
        *[("false", False), ("0", False), ("off", False), ("", False)],
    ],
)
def test_form_checkbox_values(text, on):
    s, _ = st.from_form({"luegen": text})
    assert s.luegen is on


def test_form_empty_lives_means_the_presets_number():
    s, notices = st.from_form({"preset": "pub", "lives": ""}, base=Settings(lives=3))
    assert (s.lives, st.rules(s).lives, notices) == (None, 5, [])


@pytest.mark.parametrize(
    ("fields", "bad"),
    [
        ({"bots": "many"}, "bots"),
        ({"bots": "12"}, "bots"),
        ({"lives": "0"}, "lives"),
        ({"lives": "drei"}, "lives"),
        ({"preset": "skat"}, "preset"),
        ({"lang": "it"}, "lang"),
        ({"difficulty": "brutal"}, "difficulty"),
        ({"deck_style": "spanish"}, "deck_style"),
    ],
)
def test_form_bad_fields_keep_the_base_value(fields, bad):
    base = Settings(bots=4, lives=6, preset="knack", lang="en", difficulty="easy")
    s, notices = st.from_form(fields, base=base)
    assert [(n.code, n.subject) for n in notices] == [("form", bad)]
    if bad == "bots" and fields["bots"] == "12":
        assert s.bots == 8
    else:
        assert getattr(s, bad) == getattr(base, bad)


def test_form_custom_rule_options():
    fields = {
        "preset": "custom",
        "bots": "3",
        "rule.deck": "36",
        "rule.deal": "open",
        "rule.knock": "after_own_swap",
        "rule.passing": "on",
        "rule.handeln": "on",
        "rule.max_cycles": "50",
    }
    s, notices = st.from_form(fields)
    assert notices == []
    # the differences from classic: pass_refresh's box was not sent, so it is off
    assert s.custom == {
        "deck": 36,
        "deal": "open",
        "knock": "after_own_swap",
        "pass_refresh": False,
        "handeln": True,
    }
    r = st.rules(s)
    assert (r.deck, r.deal, r.handeln, r.pass_refresh, r.passing) == (36, "open", True, False, True)


def test_form_rule_options_over_a_named_preset_keep_only_differences():
    knack = engine.preset("knack").to_dict()
    fields = {"preset": "knack"}
    for option, value in knack.items():
        if option in choices.OWN_OPTIONS:
            continue
        if isinstance(value, bool):
            if value:
                fields["rule." + option] = "on"
        else:
            fields["rule." + option] = str(value)
    s, notices = st.from_form(fields)
    assert (s.custom, notices) == ({}, [])
    s, notices = st.from_form({**fields, "rule.deck": "52", "rule.rang_tiebreak": "on"})
    assert (s.custom, notices) == ({"deck": 52, "rang_tiebreak": True}, [])
    s, notices = st.from_form({**fields, "rule.deck": "drei", "rule.lives": "4", "rule.x": "1"})
    assert s.custom == {}
    assert sorted(n.subject for n in notices) == ["rule.deck", "rule.lives", "rule.x"]


def test_form_without_rule_fields():
    base = Settings(preset="custom", custom={"deck": 52})
    assert st.from_form({"preset": "custom"}, base=base)[0].custom == {"deck": 52}
    assert st.from_form({"preset": "classic"}, base=base)[0].custom == {}


# -- rules -----------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(engine.PRESETS))
@pytest.mark.parametrize(
    ("mistery", "luegen"), [(False, False), (True, False), (False, True), (True, True)]
)
def test_rules_of_every_preset_with_mistery_and_luegen(name, mistery, luegen):
    s = Settings(preset=name, mistery=mistery, luegen=luegen, bots=2)
    expected = dataclasses.replace(engine.preset(name), mistery=mistery, luegen=luegen)
    assert st.rules(s) == expected


@pytest.mark.parametrize("name", sorted(engine.PRESETS))
@pytest.mark.parametrize("lives", [1, 4, 10])
def test_rules_lives_override_the_preset(name, lives):
    assert st.rules(Settings(preset=name, lives=lives)).lives == lives


def test_custom_starts_from_classic():
    assert st.rules(Settings(preset="custom")) == engine.preset("classic")
    r = st.rules(Settings(preset="custom", custom={"deck": 52, "swim": "first_only"}, bots=8))
    assert (r.deck, r.swim, r.deal) == (52, "first_only", "dealer_choice")


def test_overrides_on_a_named_preset():
    r = st.rules(Settings(preset="knack", custom={"handeln": True}))
    assert r == dataclasses.replace(engine.preset("knack"), handeln=True)


@pytest.mark.parametrize(
    ("custom", "own", "words"),
    [
        ({"passing": False}, {}, "pass_refresh"),
        ({"feuer": False, "feuer_two_lives_heads_up": True}, {}, "feuer"),
        ({"deal": "hidden", "passing": False, "pass_refresh": False}, {"mistery": True}, "hidden"),
        ({"deal": "hidden"}, {}, "hidden"),
        ({"feuer_value": 31}, {}, "feuer_value"),
        ({"max_players": 12}, {}, "max_players"),
        ({"min_players": 5, "max_players": 4}, {}, "min_players"),
        ({"deck": 33}, {}, "deck"),
        ({"max_cycles": 0}, {}, "max_cycles"),
    ],
)
def test_inconsistent_custom_rules_raise_a_readable_error(custom, own, words):
    s = Settings(preset="custom", custom=custom, bots=2, **own)
    with pytest.raises(engine.InvalidInputError, match=words):
        st.rules(s)
    # the caller's safe fallback: the settings without their custom options
    used, r, notice = st.resolve(s)
    assert used.custom == {}
    assert r == st.rules(used)
    assert notice.code == "rules"
    assert words in notice.message


def test_too_many_players_for_the_rules_raise():
    s = Settings(preset="hosenowi", bots=8)
    with pytest.raises(engine.InvalidInputError, match="9 players"):
        st.rules(s)
    used, r, notice = st.resolve(s)
    assert (used.bots, r.max_players, notice.code) == (7, 8, "rules")


def test_resolve_passes_good_settings_through():
    s = Settings(preset="pub", bots=4, luegen=True)
    assert st.resolve(s) == (s, st.rules(s), None)


def test_bot_range_follows_the_rules():
    assert st.bot_range(Settings()) == (1, 8)
    assert st.bot_range(Settings(preset="pub")) == (2, 8)
    assert st.bot_range(Settings(preset="hosenowi")) == (1, 7)
    assert st.bot_range(Settings(preset="custom", custom={"max_players": 5})) == (1, 4)
    assert st.bot_range(Settings(preset="custom", custom={"deck": 33})) == (1, 8)  # broken: preset


@pytest.mark.parametrize("bots", range(1, 9))
def test_players_is_bots_plus_one(bots):
    assert st.players(Settings(bots=bots)) == bots + 1


# -- look and pace -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("style", "custom", "drawn"),
    [
        ("french", {}, "french"),
        ("german", {}, "german"),
        ("swiss", {}, "german"),
        ("swiss", {"deck": 36}, "swiss"),
        ("german", {"deck": 36}, "german"),
        ("swiss", {"deck": 52}, "french"),
        ("german", {"deck": 52}, "french"),
        ("french", {"deck": 36}, "french"),
    ],
)
def test_card_style_falls_back_when_the_deck_does_not_exist(style, custom, drawn):
    s = Settings(preset="custom", custom=custom, deck_style=style)
    assert st.card_style(s) == drawn


def test_timings():
    assert st.timings(Settings(speed="0")) == (0, 0)
    slow, normal, fast = (st.timings(Settings(speed=x)) for x in ("slow", "normal", "fast"))
    assert slow > normal > fast > (0, 0)


def test_switching_to_custom_keeps_the_rules_played_so_far():
    base = Settings(preset="knack", custom={"handeln": True}, lives=4, mistery=True)
    expected = dataclasses.replace(engine.preset("knack"), handeln=True, lives=4, mistery=True)
    by_form, notices = st.from_form({"preset": "custom", "lives": "4", "mistery": "on"}, base=base)
    assert notices == []
    by_url, _, notices = st.apply_url(base, {"preset": "custom"})
    assert notices == []
    for s in (by_form, by_url):
        assert s.preset == "custom"
        assert "lives" not in s.custom and "mistery" not in s.custom
        assert st.rules(s) == expected


def test_resolve_keeps_consistent_custom_rules_and_only_fixes_the_bots():
    s = Settings(preset="custom", custom={"max_players": 4, "handeln": True}, bots=6)
    used, r, notice = st.resolve(s)
    assert (used.custom, used.bots, r.max_players, r.handeln) == (s.custom, 3, 4, True)
    assert "3 computer players" in notice.message


def test_resolve_message_names_the_fallback():
    s = Settings(preset="custom", custom={"passing": False}, mistery=True)
    used, _, notice = st.resolve(s)
    assert (used.preset, used.custom, used.mistery) == ("custom", {}, True)
    assert notice.message.startswith("inconsistent rule set: pass_refresh needs passing")
    assert notice.message.endswith("playing with the classic rules instead")
    s = Settings(
        preset="custom", custom={"deal": "hidden", "passing": False, "pass_refresh": False}
    )
    used, _, notice = st.resolve(dataclasses.replace(s, mistery=True))
    assert (used.custom, used.mistery) == ({}, True)  # mistery alone is fine on classic


# -- never raises ------------------------------------------------------------------

JSON = hs.recursive(
    hs.none() | hs.booleans() | hs.integers() | hs.floats() | hs.text(max_size=12),
    lambda inner: (
        hs.lists(inner, max_size=4) | hs.dictionaries(hs.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=5,
)
FIELD_NAMES = [f.name for f in dataclasses.fields(Settings)] + ["new", "rule.deck", "rule.handeln"]


@hypothesis_settings(max_examples=150, deadline=None)
@given(hs.dictionaries(hs.sampled_from(FIELD_NAMES), JSON, max_size=8))
def test_from_dict_never_raises_and_always_gives_playable_settings(d):
    s, _ = st.from_dict(d)
    used, r, _ = st.resolve(s)
    assert r.min_players <= st.players(used) <= r.max_players
    assert st.from_dict(s.to_dict()) == (s, [])


@hypothesis_settings(max_examples=150, deadline=None)
@given(hs.dictionaries(hs.sampled_from(FIELD_NAMES), hs.text(max_size=12), max_size=8))
def test_url_and_form_never_raise(texts):
    s, new, _ = st.apply_url(Settings(), texts)
    assert isinstance(new, bool)
    assert st.bot_range(s)[0] <= s.bots <= st.bot_range(s)[1]
    s, _ = st.from_form(texts, base=s)
    used, r, _ = st.resolve(s)
    assert r.min_players <= st.players(used) <= r.max_players
