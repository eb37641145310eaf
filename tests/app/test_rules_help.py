"""Rules help: it follows the rule set, uses each preset's names, has every text in
both languages, values its examples with the engine and is written in our own words."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

import engine
from app.help import rules as rh
from tests.app.markup import parse

SEEDS = Path(__file__).resolve().parents[2].parent / "shared" / "seeds"


def text_of(rules: engine.Rules, preset: str, lang: str) -> str:
    return parse(rh.render(rules, preset, lang)).find(data_testid="rules-help").all_text()


@pytest.mark.parametrize("preset", engine.PRESETS)
@pytest.mark.parametrize("lang", ["de", "en"])
def test_examples_are_valued_by_the_engine(preset: str, lang: str) -> None:
    rules = engine.preset(preset)
    root = parse(rh.render(rules, preset, lang))
    items = root.find_all(data_cards=True)
    assert len(items) >= 6
    for item in items:
        cards = engine.parse_cards(item.get("data-cards"))
        assert float(item.get("data-value")) == engine.hand_value(cards, rules)


@pytest.mark.parametrize(
    ("preset", "cards", "value"),
    [
        ("classic", "AD KD 10D", 31),
        ("classic", "8C 8S 8H", 30.5),
        ("classic", "7C 8C 9C", 24),
        ("pub", "7C 8C 9C", 30),  # flush_30
        ("pub", "AC AS AH", 33),  # Feuer in the pub
        ("knack", "AC AS AH", 32),
        ("classic", "7H 8S 7D", 8),
    ],
)
def test_known_example_values(preset: str, cards: str, value: float) -> None:
    got = {c: v for c, v, _ in rh.examples(engine.preset(preset), "de", preset)}
    assert got[cards] == value


def test_examples_follow_the_options_and_the_deck() -> None:
    rules = dataclasses.replace(engine.preset("classic"), handeln=True, deck=52)
    got = {c: v for c, v, _ in rh.examples(rules, "en")}
    assert got["KH KS 9D"] == 20  # Handeln
    assert got["2H 3S 2D"] == 4  # a pair of twos counts with Handeln
    assert "AC AS AH" not in got  # no Feuer in classic
    got36 = {
        c: v for c, v, _ in rh.examples(dataclasses.replace(rules, deck=36, handeln=False), "en")
    }
    assert got36["6H 7S 6D"] == 7


@pytest.mark.parametrize(
    ("preset", "lang", "names", "absent"),
    [
        ("knack", "de", ["Knack", "Blitz"], ["Feuer"]),
        ("knack", "en", ["Blitz", "three aces", "tokens", "free ride"], ["Feuer"]),
        ("classic", "de", ["Einunddreißig"], ["Blitz"]),
        ("pub", "de", ["Einunddreißig", "Feuer", "Spielmarke"], ["Blitz"]),
        ("pub", "en", ["Feuer", "tokens"], ["Blitz"]),
        ("hosenowi", "de", ["Hosen owi", "Feuer"], ["Blitz"]),
        ("hosenowi", "en", ["Hosen owi", "Feuer"], ["Blitz"]),
    ],
)
def test_each_preset_keeps_its_own_names(preset, lang, names, absent) -> None:
    text = text_of(engine.preset(preset), preset, lang)
    for name in names:
        assert name in text, name
    for name in absent:
        assert name not in text, name


def test_options_change_the_text() -> None:
    classic = engine.preset("classic")
    plain = text_of(classic, "classic", "en")
    assert "Mistery" not in plain and "Lügen" not in plain
    both = dataclasses.replace(classic, mistery=True, luegen=True)
    text = text_of(both, "classic", "en")
    assert "face down" in text and "challenge" in text and "8 to 30 or 30½" in text
    root = parse(rh.render(both, "classic", "de"))
    assert {s.get("data-section") for s in root.find_all(data_section=True)} >= {
        "goal",
        "values",
        "deal",
        "turns",
        "pays",
        "end",
        "mistery",
        "luegen",
    }
    knack = text_of(engine.preset("knack"), "knack", "en")
    assert "from the second round on" in knack and "7, an 8 and a 9" in knack
    hidden = dataclasses.replace(classic, deal="hidden", passing=False, pass_refresh=False)
    assert "Hidden deal" in text_of(hidden, "classic", "en")
    first_out = text_of(engine.preset("hosenowi"), "hosenowi", "de")
    assert "sobald jemand ausscheidet" in first_out


@pytest.mark.parametrize("preset", engine.PRESETS)
def test_both_languages_are_complete(preset: str) -> None:
    rules = dataclasses.replace(
        engine.preset(preset),
        mistery=True,
        luegen=True,
        handeln=True,
        under_21_pays=True,
        rang_tiebreak=True,
        swim="first_only",
    )
    de = rh.sections(rules, preset, "de")
    en = rh.sections(rules, preset, "en")
    assert [s[0] for s in de] == [s[0] for s in en]
    for (sid, _, p_de), (_, _, p_en) in zip(de, en, strict=True):
        assert len(p_de) == len(p_en), sid
        for a, b in zip(p_de, p_en, strict=True):
            assert a and b and a != b, (sid, a)
    assert " the " not in " ".join(p for _, _, ps in de for p in ps)
    assert " der " not in " ".join(p for _, _, ps in en for p in ps)


def _words(text: str) -> list[str]:
    return re.findall(r"[a-zäöüß0-9½]+", text.lower())


def test_written_in_our_own_words() -> None:
    """No run of eight words from the source texts appears in the help."""
    seeds = sorted(SEEDS.glob("*.txt"))
    assert seeds, (
        f"no source texts in {SEEDS}: this test compares the help with the rule texts of the "
        "shared specification, so it needs ../shared beside the repository (a clone alone "
        "lacks them; the rules themselves are docs/rules.md)"
    )
    shingles = set()
    for path in seeds:
        words = _words(path.read_text(encoding="utf-8"))
        shingles.update(tuple(words[i : i + 8]) for i in range(len(words) - 7))
    for preset in engine.PRESETS:
        rules = dataclasses.replace(engine.preset(preset), mistery=True, luegen=True)
        for lang in ("de", "en"):
            words = _words(" ".join(p for _, _, ps in rh.sections(rules, preset, lang) for p in ps))
            copied = [w for w in zip(*(words[i:] for i in range(8)), strict=False) if w in shingles]
            assert not copied, (preset, lang, copied[:3])


def test_close_button_and_hidden_when_closed() -> None:
    root = parse(rh.render(engine.preset("classic"), "classic", "de", open=False))
    assert "hidden" in root.children[0].attrs
    root.find(data_action="close-help")


@pytest.mark.parametrize(
    ("style", "lang", "words", "absent"),
    [
        ("french", "de", ["Pik", "Dame", "Der Bube"], ["Grün", "Ober"]),
        ("german", "de", ["Grün", "Ober", "Der Unter", "Eichel"], ["Pik", "Dame", "Kreuz"]),
        ("german", "en", ["leaves", "Ober", "under"], ["spades", "queen"]),
    ],
)
def test_examples_name_cards_as_the_faces_do(style, lang, words, absent) -> None:
    text = " ".join(w for _, _, w in rh.examples(engine.preset("classic"), lang, "classic", style))
    for word in words:
        assert word in text
    for word in absent:
        assert word not in text
