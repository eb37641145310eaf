"""Rules help for the rule set being played, in German or English, as markup.

The text is written for this project (not taken from the source texts) and is
assembled from the ``Rules`` object, so it always describes the options that
are on: the deal, the moves allowed, how a deal ends and who pays, lives and
swimming, and Mistery and Lügen when they are switched on. Each preset keeps
its own names (Knack and Blitz; Einunddreißig and Feuer; Hosen owi).

Every example hand's value comes from ``engine.hand_value`` with these rules,
so the numbers are right whatever the options say. The texts themselves are in
``app.help.rules_texts``; this module picks those that apply and writes the markup.

>>> import engine
>>> values = [v for _, v, _ in examples(engine.preset("pub"), "en")]
>>> 31 in values and 33 in values      # 31, and Feuer worth 33 in the pub rules
True
>>> html = render(engine.preset("knack"), "knack", "de")
>>> "Blitz" in html and 'data-testid="rules-help"' in html
True
"""

from __future__ import annotations

import dataclasses

import engine
from app.cards.names import card_name, card_short, rank_name, suit_name
from app.cards.svg import card_svg
from app.escape import escape as esc
from app.help import rules_texts as texts
from app.help.rules_texts import Text, Traits
from app.i18n import feuer_name, fmt_value, game_name, life_word, preset_name, swim_word
from app.settings import model as st
from app.table import keys
from engine import DealMode, Rules, hand_value, traits
from engine.cards import LOWEST_RANK


def _pick(lang: str, de: str, en: str) -> str:
    return en if lang == "en" else de


def _value_text(value: float, rules: Rules, preset: str, lang: str) -> str:
    if value > 31:
        return f"{feuer_name(preset, lang)} ({fmt_value(value)})"
    return fmt_value(value)


def _pick_text(text: Text, lang: str) -> str:
    return text[1] if lang == "en" else text[0]


def _applies(rules: Rules, trait: tuple[str, bool] | None) -> bool:
    """Whether a text for ``trait`` (a rule option that is on or off) fits ``rules``."""
    return trait is None or bool(getattr(rules, trait[0])) is trait[1]


def examples(
    rules: Rules, lang: str, preset: str = "classic", style: str = "french"
) -> list[tuple[str, float, str]]:
    """Example hands for these rules: ``(cards text, value, why)``, the value
    computed by ``engine.hand_value``. Only hands the rules' deck holds; suits and
    court cards are named as on the ``style`` faces (Herz/Pik or Herz/Grün...)."""
    low = int(LOWEST_RANK[rules.deck])
    words = {**_card_words(style, lang), "feuer": feuer_name(preset, lang)}
    items = [
        (cards, _pick_text(why, lang))
        for cards, trait, why in texts.EXAMPLES
        if _applies(rules, trait)
    ]
    lowest = f"{_rank(low)}H {_rank(low + 1)}S {_rank(low)}D"
    why = _pick_text(texts.LOWEST_EXAMPLE, lang)
    if not rules.handeln:
        why += _pick_text(texts.AS_LOW_AS_IT_GOES, lang)
    items.append((lowest, why))
    out = []
    for text, why in items:
        cards = engine.parse_cards(text)
        out.append((text, hand_value(cards, rules), why.format(**words)))
    return out


def _card_words(style: str, lang: str) -> dict[str, str]:
    """Names used in the examples' explanations, as the chosen faces call them."""
    style = style if style in ("french", "german", "swiss") else "french"
    words = {s: suit_name(s, style, lang) for s in "CDHS"}
    queen, jack = rank_name("Q", style, lang), rank_name("J", style, lang)
    ten = rank_name("10", style, lang)
    if lang == "en":
        words = {k: v.lower() for k, v in words.items()}
        return {**words, "Q": queen, "T": ten.lower(), "J": jack.lower(), "Jd": ""}
    article = "Der " + jack
    return {**words, "Q": queen, "T": ten, "J": jack, "Jd": article}


def _rank(n: int) -> str:
    return {11: "J", 12: "Q", 13: "K", 14: "A"}.get(n, str(n))


@dataclasses.dataclass(frozen=True)
class _Words:
    """The words the help fills into its texts for one rule set, preset and language:
    ``{game}``, ``{feuer}``, ``{lives}``, ``{a_life}``, ``{swim}``, the card names
    ``{Q}`` ``{q}`` ``{J}`` ``{T}`` and the rules' figures (``{n_lives}``, ``{deck}``,
    ``{deck_ranks}``, ``{lowest}``, ``{max_cycles}``)."""

    lang: str
    fields: dict[str, object]

    def say(self, text: Text, **more: object) -> str:
        """``text`` in this language with the words filled in."""
        return _pick_text(text, self.lang).format(**self.fields, **more)


def _words(rules: Rules, preset: str, lang: str, style: str) -> _Words:
    feuer = feuer_name(preset, lang)
    if lang == "en" and feuer == "Three aces":  # mid-sentence in knack's English text
        feuer = "three aces"
    life = life_word(preset, lang, plural=False)
    a_life = _pick(lang, "ein Leben" if life == "Leben" else "eine " + life, "a " + life)
    deck_ranks = {32: ("7 bis Ass", "7 to ace"), 36: ("6 bis Ass", "6 to ace")}.get(
        rules.deck, ("2 bis Ass", "2 to ace")
    )
    swim = swim_word(preset, lang)
    cards = _card_words(style, lang)
    fields: dict[str, object] = {
        "game": game_name(preset, lang),
        "feuer": feuer,
        "lives": life_word(preset, lang),
        "a_life": a_life,
        "swim": swim,
        # knack's English has no name of its own to call three aces by
        "three_aces_are": (
            "Three aces " if feuer == "three aces" else f"Three aces are called {feuer} and "
        ),
        "a_swim": swimming_phrase(preset),
        "on_a_swim": f"on a {swim}" if traits(preset).free_ride else swim,
        "Q": cards["Q"],
        "q": cards["Q"].lower(),
        "J": cards["J"],
        "T": cards["T"],
        "n_lives": rules.lives,
        "deck": rules.deck,
        "deck_ranks": _pick_text(deck_ranks, lang),
        "lowest": rules.lowest_hand,
        "max_cycles": rules.max_cycles,
    }
    return _Words(lang, fields)


Section = tuple[str, str, list[str]]
"""A part of the help: its id, its title and its paragraphs (texts, no markup)."""


def sections(rules: Rules, preset: str, lang: str, style: str = "french") -> list[Section]:
    """The help as ``(id, title, paragraphs)``, for these rules (texts, no markup)."""
    w = _words(rules, preset, lang, style)
    out = [
        _goal(rules, w),
        ("values", w.say(texts.TITLES["values"]), _values(rules, w)),
        ("deal", w.say(texts.TITLES["deal"]), [_dealing(rules, w)]),
        ("turns", w.say(texts.TITLES["turns"]), _turns(rules, w)),
        ("pays", w.say(texts.TITLES["pays"]), _pays(rules, w)),
        ("end", w.say(texts.TITLES["end"]), _ending(rules, w)),
    ]
    if rules.mistery:
        out.append(("mistery", "Mistery", [w.say(t) for t in texts.MISTERY]))
    if rules.luegen:
        or_feuer = w.say((" (außer bei {feuer})", " (except by {feuer})")) if rules.feuer else ""
        luegen = [w.say(t, or_feuer=or_feuer) for t in texts.LUEGEN]
        out.append(("luegen", w.say(texts.TITLES["luegen"]), luegen))
    return out


def _traits(rules: Rules, w: _Words, table: Traits, **more: object) -> list[str]:
    """The texts of ``table`` whose rule option is as ``rules`` have it, in order."""
    return [w.say(text, **more) for trait, text in table if _applies(rules, trait)]


def _goal(rules: Rules, w: _Words) -> Section:
    goal = [w.say(texts.GOAL), w.say(texts.DECK[rules.direction])]
    return ("goal", w.say(texts.TITLES["goal"]), goal)


def _values(rules: Rules, w: _Words) -> list[str]:
    return [w.say(t) for t in texts.VALUES] + _traits(rules, w, texts.VALUE_OPTIONS)


def _dealing(rules: Rules, w: _Words) -> str:
    chooser = texts.CHOOSER.get(rules.deal)
    who = w.say(chooser) if chooser else ""
    mistery_card = "".join(_traits(rules, w, texts.MISTERY_CARD))
    return w.say(texts.DEALING[rules.deal], who=who) + mistery_card


def _turns(rules: Rules, w: _Words) -> list[str]:
    turns = [w.say(texts.SWAP)] if rules.deal is not DealMode.HIDDEN else []
    refresh = "".join(_traits(rules, w, texts.PASS_REFRESH))
    turns += _traits(rules, w, texts.TURN_OPTIONS, refresh=refresh)
    turns.append(w.say(texts.KNOCK, when=w.say(texts.KNOCK_WHEN[rules.knock])))
    or_feuer = w.say((" oder {feuer}", " or {feuer}")) if rules.feuer else ""
    turns.append(w.say(texts.DEAL_ENDS, or_feuer=or_feuer))
    return turns


def _pays(rules: Rules, w: _Words) -> list[str]:
    pays = _traits(rules, w, texts.PAYS)
    if not rules.luegen:
        pays += _traits(rules, w, texts.PAYS_WITHOUT_LUEGEN)
    heads_up = w.say(texts.HEADS_UP[rules.feuer_two_lives_heads_up])
    return [*pays, *_traits(rules, w, texts.FEUER_PAYS, heads_up=heads_up), w.say(texts.VOID)]


def _ending(rules: Rules, w: _Words) -> list[str]:
    swimming = texts.SWIMMING.get(rules.swim, texts.NO_SWIMMING)
    return [w.say(swimming), w.say(texts.MATCH_END[rules.match_end])]


def swimming_phrase(preset: str) -> str:
    """Playing on at 0 lives, mid-sentence in English."""
    return "a free ride" if traits(preset).free_ride else "swimming"


def _example_items(rules: Rules, preset: str, lang: str, style: str) -> str:
    items = []
    for text, value, why in examples(rules, lang, preset, style):
        cards = engine.parse_cards(text)
        names = ", ".join(card_name(c, style, lang) for c in cards)
        faces = "".join(
            f'<span class="mini" aria-hidden="true">{card_svg(str(c), style, lang=lang)}</span>'
            for c in cards
        )
        short = " ".join(card_short(c, style, lang) for c in cards)
        shown = _value_text(value, rules, preset, lang)
        items.append(
            f'<li class="example" data-cards="{esc(text)}" data-value="{esc(value)}">'
            f'<span class="faces" role="img" aria-label="{esc(names)}">{faces}</span>'
            f'<span class="what"><strong>{esc(short)} = {esc(shown)}</strong>'
            f"<span>{esc(why)}</span></span></li>"
        )
    return "".join(items)


def rules_for(
    played: Rules, preset: str, draft: st.Settings | None = None
) -> tuple[Rules, str]:
    """The rule set the help describes and the preset it is named after: the settings
    dialog's ``draft`` (``app.settings.model.Settings``) while it is open and valid,
    else the rules ``played`` (under ``preset``: ``custom`` when they differ from it
    in more than lives, Mistery and Lügen).

    >>> rules_for(engine.preset("knack"), "knack")[1]
    'knack'
    >>> rules_for(dataclasses.replace(engine.preset("knack"), max_cycles=9), "knack")[1]
    'custom'
    """
    if draft is not None:
        try:
            return st.rules(draft), draft.preset
        except engine.InvalidInputError:
            pass
    base = preset if preset in engine.PRESETS else st.CUSTOM_BASE
    named = engine.preset(base)
    plain = dataclasses.replace(played, lives=named.lives, mistery=False, luegen=False)
    return played, base if plain == named else st.CUSTOM


def render(
    rules: Rules,
    preset: str,
    lang: str,
    *,
    style: str = "french",
    open: bool = True,
) -> str:
    """The help overlay ``[data-testid=rules-help]`` for ``rules`` (named after
    ``preset``, which may be ``custom``) in ``lang``; its close button is
    ``data-action="close-help"``."""
    lang = "en" if lang == "en" else "de"
    if str(style) == "swiss" and rules.deck != 36:
        style = "german"
    if str(style) == "german" and rules.deck > 36:
        style = "french"
    title_game = preset_name(preset if preset in engine.PRESETS else st.CUSTOM, lang)
    parts = []
    for sid, title, paragraphs in sections(rules, preset, lang, style):
        body = "".join(f"<p>{esc(t)}</p>" for t in paragraphs)
        if sid == "values":
            body += (
                f"<h4>{esc(_pick(lang, 'Beispiele', 'Examples'))}</h4>"
                f'<ul class="examples">{_example_items(rules, preset, lang, style)}</ul>'
            )
        parts.append(f'<section data-section="{esc(sid)}"><h3>{esc(title)}</h3>{body}</section>')
    parts.append(keys.help_section(lang))
    hidden = "" if open else " hidden"
    heading = _pick(lang, f"Regeln: {title_game}", f"Rules: {title_game}")
    return (
        f'<div class="overlay help-layer"{hidden}>'
        f'<article class="panel rules-help" data-testid="rules-help" data-lang="{lang}" '
        f'data-preset="{esc(preset)}" role="dialog" aria-modal="true" '
        f'aria-labelledby="help-title">'
        f'<h2 id="help-title">{esc(heading)}</h2>{"".join(parts)}'
        f'<div class="buttons"><button type="button" class="primary" data-action="close-help" '
        f'data-key="act-close-help">{esc(_pick(lang, "Schließen", "Close"))}</button></div>'
        "</article></div>"
    )
