"""Rules help for the rule set being played, in German or English, as markup.

The text is written for this project (not taken from the source texts) and is
assembled from the ``Rules`` object, so it always describes the options that
are on: the deal, the moves allowed, how a deal ends and who pays, lives and
swimming, and Mistery and Lügen when they are switched on. Each preset keeps
its own names (Knack and Blitz; Einunddreißig and Feuer; Hosen owi).

Every example hand's value comes from ``engine.hand_value`` with these rules,
so the numbers are right whatever the options say.

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
from app.i18n import feuer_name, fmt_value, game_name, life_word, preset_name, swim_word
from app.settings import model as st
from app.table import keys
from engine import DealMode, Direction, KnockRule, MatchEnd, Rules, SwimMode, hand_value, traits
from engine.cards import LOWEST_RANK


def _pick(lang: str, de: str, en: str) -> str:
    return en if lang == "en" else de


def _value_text(value: float, rules: Rules, preset: str, lang: str) -> str:
    if value > 31:
        return f"{feuer_name(preset, lang)} ({fmt_value(value)})"
    return fmt_value(value)


Text = tuple[str, str]
"""A text in German and in English."""

# Example hands: (cards, the rule trait it needs, on or off, or None for every rule
# set; why the hand counts what it does). {H} {S} {C} name suits, {Q} {T} {J} {Jd}
# ranks as the faces call them (``_card_words``), {feuer} the preset's three aces.
_EXAMPLES: tuple[tuple[str, tuple[str, bool] | None, Text], ...] = (
    (
        "AH KH 9S",
        None,
        (
            "Ass und König sind beide {H}: 11 + 10. Die {S} 9 steht allein.",
            "Ace and king are both {H}: 11 + 10. The nine of {S} stands alone.",
        ),
    ),
    (
        "QH 10H JD",
        None,
        (
            "{Q} und {T} in {H}: 10 + 10. {Jd} zählt für sich nur 10.",
            "{Q} and {T} of {H}: 10 + 10. The {J} alone would be only 10.",
        ),
    ),
    ("AC KC 9C", None, ("Alle drei in {C}: 11 + 10 + 9.", "All three are {C}: 11 + 10 + 9.")),
    (
        "AD KD 10D",
        None,
        (
            "Ass und zwei Zehner einer Farbe: 31, die beste normale Hand.",
            "An ace and two ten-point cards of one suit: 31, the best ordinary hand.",
        ),
    ),
    (
        "8C 8S 8H",
        None,
        (
            "Drei gleiche Ränge zählen 30½, egal welche.",
            "Three of a rank count 30½, whichever rank.",
        ),
    ),
    (
        "AC AS AH",
        ("feuer", True),
        (
            "Drei Asse sind {feuer}: besser als jede andere Hand, das Spiel endet sofort.",
            "Three aces are {feuer}: above every other hand, the deal ends at once.",
        ),
    ),
    (
        "KH KS 9D",
        ("handeln", True),
        ("Handeln: zwei Könige zählen zusammen 20.", "Handeln: two kings count 20 together."),
    ),
    (
        "7C 8C 9C",
        ("flush_30", True),
        (
            "Drei Karten einer Farbe zählen hier mindestens 30 (sonst nur 24).",
            "Three cards of one suit count at least 30 here (otherwise only 24).",
        ),
    ),
    ("7C 8C 9C", ("flush_30", False), ("Eine Farbe: 7 + 8 + 9.", "One suit: 7 + 8 + 9.")),
)
_LOWEST_EXAMPLE: Text = (
    "Drei Farben: nur die beste Einzelkarte zählt.",
    "Three suits: only the best single card counts.",
)
_AS_LOW_AS_IT_GOES: Text = (
    " So niedrig geht es mit diesem Kartenspiel.",
    " As low as this deck goes.",
)


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
        (cards, _pick_text(why, lang)) for cards, trait, why in _EXAMPLES if _applies(rules, trait)
    ]
    lowest = f"{_rank(low)}H {_rank(low + 1)}S {_rank(low)}D"
    why = _pick_text(_LOWEST_EXAMPLE, lang)
    items.append((lowest, why + ("" if rules.handeln else _pick_text(_AS_LOW_AS_IT_GOES, lang))))
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

Traits = tuple[tuple[tuple[str, bool], Text], ...]
"""Texts that each apply while one rule option is on (True) or off (False)."""


def sections(rules: Rules, preset: str, lang: str, style: str = "french") -> list[Section]:
    """The help as ``(id, title, paragraphs)``, for these rules (texts, no markup)."""
    w = _words(rules, preset, lang, style)
    out = [
        _goal(rules, w),
        ("values", w.say(_TITLES["values"]), _values(rules, w)),
        ("deal", w.say(_TITLES["deal"]), [_dealing(rules, w)]),
        ("turns", w.say(_TITLES["turns"]), _turns(rules, w)),
        ("pays", w.say(_TITLES["pays"]), _pays(rules, w)),
        ("end", w.say(_TITLES["end"]), _ending(rules, w)),
    ]
    if rules.mistery:
        out.append(("mistery", "Mistery", [w.say(t) for t in _MISTERY]))
    if rules.luegen:
        or_feuer = w.say((" (außer bei {feuer})", " (except by {feuer})")) if rules.feuer else ""
        luegen = [w.say(t, or_feuer=or_feuer) for t in _LUEGEN]
        out.append(("luegen", w.say(_TITLES["luegen"]), luegen))
    return out


def _traits(rules: Rules, w: _Words, table: Traits, **more: object) -> list[str]:
    """The texts of ``table`` whose rule option is as ``rules`` have it, in order."""
    return [w.say(text, **more) for trait, text in table if _applies(rules, trait)]


_TITLES: dict[str, Text] = {
    "goal": ("{game}: worum es geht", "{game}: the idea"),
    "values": ("Was eine Hand wert ist", "What a hand is worth"),
    "deal": ("Das Geben", "Dealing"),
    "turns": ("Ein Zug", "A turn"),
    "pays": ("Wer zahlt", "Who pays"),
    "end": ("Leben und Ende der Partie", "Lives and the end of a match"),
    "luegen": ("Lügen", "Lügen (bluffing)"),
}

_GOAL: Text = (
    "Jeder hat drei Karten und versucht, durch Tauschen mit der Mitte einen möglichst "
    "hohen Wert zu sammeln. Wer am Ende eines Spiels den niedrigsten Wert hat, "
    "verliert {a_life}. Alle beginnen mit {n_lives} {lives}.",
    "Everyone holds three cards and swaps with the table to build the highest value "
    "they can. Whoever holds the lowest value when a deal ends loses {a_life}. Everyone "
    "starts with {n_lives} {lives}.",
)
_DECK: dict[Direction, Text] = {
    Direction.CLOCKWISE: (
        "Gespielt wird mit {deck} Karten ({deck_ranks}), im Uhrzeigersinn.",
        "The deck has {deck} cards ({deck_ranks}); play goes clockwise.",
    ),
    Direction.COUNTERCLOCKWISE: (
        "Gespielt wird mit {deck} Karten ({deck_ranks}), gegen den Uhrzeigersinn.",
        "The deck has {deck} cards ({deck_ranks}); play goes counterclockwise.",
    ),
}


def _goal(rules: Rules, w: _Words) -> Section:
    return ("goal", w.say(_TITLES["goal"]), [w.say(_GOAL), w.say(_DECK[rules.direction])])


_VALUES: tuple[Text, ...] = (
    (
        "Ass zählt 11, König, {Q}, {J} und {T} zählen 10, die anderen Karten ihre Zahl. "
        "Zusammengezählt werden nur Karten derselben Farbe; es zählt die beste Farbe der Hand.",
        "An ace counts 11; king, {q}, {J} and {T} count 10; the other cards their number. "
        "Only cards of the same suit are added up; the best suit of the hand counts.",
    ),
    (
        "Drei Karten gleichen Rangs (etwa drei Siebener) zählen 30½.",
        "Three cards of the same rank (say three sevens) count 30½.",
    ),
)
_VALUE_OPTIONS: Traits = (
    (
        ("rang_tiebreak", True),
        (
            "Haben zwei Spieler 30½, gewinnt der höhere Rang: drei Könige schlagen drei Achter.",
            "If two players hold 30½, the higher rank wins: three kings beat three eights.",
        ),
    ),
    (
        ("rang_tiebreak", False),
        ("Alle 30½-Hände sind gleich viel wert.", "All 30½ hands are worth the same."),
    ),
    (
        ("handeln", True),
        (
            "Handeln: auch zwei Karten gleichen Rangs zählen zusammen (zwei Könige = 20).",
            "Handeln: two cards of one rank also count together (two kings = 20).",
        ),
    ),
    (
        ("flush_30", True),
        (
            "Drei Karten einer Farbe zählen mindestens 30.",
            "Three cards of one suit count at least 30.",
        ),
    ),
    (
        ("feuer", True),
        (
            "Drei Asse heißen {feuer} und stehen über allem, sogar über 31.",
            "{three_aces_are}beat everything, even 31.",
        ),
    ),
    (
        ("feuer", False),
        (
            "Drei Asse sind hier nichts Besonderes: sie zählen 30½.",
            "Three aces are nothing special here: they count 30½.",
        ),
    ),
    (
        ("handeln", False),
        ("Die niedrigste mögliche Hand ist {lowest}.", "The lowest possible hand is {lowest}."),
    ),
    (
        ("handeln", True),
        (
            "Die Beispiele unten sind mit genau diesen Regeln gerechnet.",
            "The examples below are worked out with exactly these rules.",
        ),
    ),
)


def _values(rules: Rules, w: _Words) -> list[str]:
    return [w.say(t) for t in _VALUES] + _traits(rules, w, _VALUE_OPTIONS)


_DEALING: dict[DealMode, Text] = {
    DealMode.OPEN: (
        "Jeder bekommt drei Karten, drei weitere liegen offen in der Mitte. Es beginnt der "
        "Spieler nach dem Geber.",
        "Everyone gets three cards and three more lie open on the table. The player after "
        "the dealer starts.",
    ),
    DealMode.DEALER_CHOICE: (
        "Jeder bekommt drei Karten. {who} schaut seine an und entscheidet: behalten (dann "
        "kommen drei neue Karten offen in die Mitte) oder sie offen hinlegen und die drei "
        "anderen blind nehmen. Danach beginnt der Spieler nach ihm.",
        "Everyone gets three cards. {who} looks at theirs and decides: keep them (three "
        "fresh cards are then laid open on the table) or lay them open and take the other "
        "three unseen. The next player then starts.",
    ),
    DealMode.HIDDEN: (
        "Verdecktes Spiel: es gibt keine Mitte. Wer am Zug ist, hat fünf Karten, behält drei "
        "davon und gibt zwei verdeckt an den nächsten weiter.",
        "Hidden deal: there is no table. The player to move holds five cards, keeps three "
        "and passes the other two face down to the next player.",
    ),
}
_DEALING[DealMode.FOREHAND_CHOICE] = _DEALING[DealMode.DEALER_CHOICE]
_CHOOSER: dict[DealMode, Text] = {
    DealMode.DEALER_CHOICE: ("Der Geber", "The dealer"),
    DealMode.FOREHAND_CHOICE: ("Der Spieler nach dem Geber", "The player after the dealer"),
}
_MISTERY_CARD: Traits = (
    (
        ("mistery", True),
        (
            " Dazu kommt eine vierte Karte verdeckt in die Mitte (Mistery).",
            " A fourth card goes face down beside them (Mistery).",
        ),
    ),
)


def _dealing(rules: Rules, w: _Words) -> str:
    chooser = _CHOOSER.get(rules.deal)
    who = w.say(chooser) if chooser else ""
    return w.say(_DEALING[rules.deal], who=who) + "".join(_traits(rules, w, _MISTERY_CARD))


_SWAP: Text = (
    "Wer dran ist, tauscht eine Handkarte gegen eine Karte der Mitte oder alle drei "
    "auf einmal.",
    "On your turn you swap one hand card for a table card, or all three at once.",
)
_TURN_OPTIONS: Traits = (
    (
        ("swap_two", True),
        (
            "Man darf auch zwei Karten auf einmal tauschen: zwei Handkarten wählen, dann die "
            "zwei Tischkarten dafür (die erste für die erste; per Tastatur mit Enter).",
            "You may also swap two at once: choose two hand cards, then the two table cards "
            "they go for (the first for the first; by keyboard with Enter).",
        ),
    ),
    (
        ("passing", True),
        (
            "Man darf schieben, also einmal nichts tun.{refresh}",
            "You may pass and do nothing.{refresh}",
        ),
    ),
    (
        ("seven_eight_nine", True),
        (
            "Liegen 7, 8 und 9 in der Mitte, darf man sie durch drei neue ersetzen und ist "
            "dann gleich noch einmal dran.",
            "If a 7, an 8 and a 9 lie on the table, you may replace them with three new "
            "cards and then move again.",
        ),
    ),
)
_PASS_REFRESH: Traits = (
    (
        ("pass_refresh", True),
        (
            " Schieben alle reihum, kommt die Mitte weg und drei neue Karten kommen.",
            " If everyone passes in a row, the table cards go and three new ones come.",
        ),
    ),
)
_KNOCK_WHEN: dict[KnockRule, Text] = {
    KnockRule.ANYTIME: ("jederzeit", "at any time"),
    KnockRule.AFTER_FIRST_CYCLE: ("ab der zweiten Runde", "from the second round on"),
    KnockRule.AFTER_OWN_SWAP: (
        "erst, wenn man selbst mindestens einmal getauscht hat",
        "once you have swapped at least once yourself",
    ),
}
_KNOCK: Text = (
    "Klopfen darf man {when}. Dann kommt jeder andere noch genau einmal dran, danach "
    "wird gezählt. Der Klopfer behält seine Karten.",
    "You may knock {when}. Everyone else then has exactly one more turn before the "
    "hands are counted. The knocker keeps their cards.",
)
_DEAL_ENDS: Text = (
    "Wer 31{or_feuer} bekommt, beendet das Spiel sofort. "
    "Nach {max_cycles} Runden ohne Klopfen endet es ebenfalls.",
    "Reaching 31{or_feuer} ends the deal at once. It also "
    "ends after {max_cycles} rounds without a knock.",
)


def _turns(rules: Rules, w: _Words) -> list[str]:
    turns = [w.say(_SWAP)] if rules.deal is not DealMode.HIDDEN else []
    refresh = "".join(_traits(rules, w, _PASS_REFRESH))
    turns += _traits(rules, w, _TURN_OPTIONS, refresh=refresh)
    turns.append(w.say(_KNOCK, when=w.say(_KNOCK_WHEN[rules.knock])))
    or_feuer = w.say((" oder {feuer}", " or {feuer}")) if rules.feuer else ""
    turns.append(w.say(_DEAL_ENDS, or_feuer=or_feuer))
    return turns


_PAYS: Traits = (
    (
        ("luegen", True),
        (
            "Mit Lügen entscheidet nicht der Kartenwert direkt, sondern die Ansagerunde "
            "(siehe unten).",
            "With Lügen the announcement round decides instead of the plain values (see "
            "below).",
        ),
    ),
    (
        ("luegen", False),
        (
            "Der niedrigste Wert verliert {a_life}; bei Gleichstand zahlen alle Niedrigsten.",
            "The lowest value loses {a_life}; on a tie all of the lowest pay.",
        ),
    ),
    (
        ("luegen", False),
        ("Halten alle 31, verliert niemand.", "If everyone holds 31, nobody loses."),
    ),
)
_PAYS_WITHOUT_LUEGEN: Traits = (
    (
        ("knocker_pays_ties", True),
        (
            "Ist der Klopfer unter den Niedrigsten, zahlt nur er.",
            "If the knocker is among the lowest, only the knocker pays.",
        ),
    ),
    (
        ("under_21_pays", True),
        (
            "Außerdem zahlt jeder mit 20 oder weniger; wer den höchsten Wert hat, zahlt nie.",
            "Also everyone with 20 or less pays; whoever has the highest value never pays.",
        ),
    ),
)
_FEUER_PAYS: Traits = (
    (
        ("feuer", True),
        (
            "Bei {feuer} verlieren alle anderen {a_life}{heads_up}",
            "With {feuer} everyone else loses {a_life}{heads_up}",
        ),
    ),
)
_HEADS_UP: dict[bool, Text] = {
    True: (", zu zweit sogar zwei.", " (two when only two are left)."),
    False: (".", "."),
}
_VOID: Text = (
    "Würden alle Übrigen auf einmal ausscheiden, verliert in diesem Spiel niemand.",
    "If a deal would put out everyone left at once, nobody loses in it.",
)


def _pays(rules: Rules, w: _Words) -> list[str]:
    pays = _traits(rules, w, _PAYS)
    if not rules.luegen:
        pays += _traits(rules, w, _PAYS_WITHOUT_LUEGEN)
    heads_up = w.say(_HEADS_UP[rules.feuer_two_lives_heads_up])
    return [*pays, *_traits(rules, w, _FEUER_PAYS, heads_up=heads_up), w.say(_VOID)]


_SWIMMING: dict[SwimMode, Text] = {
    SwimMode.EVERYONE: (
        "Mit 0 {lives} ist man nicht raus, sondern darf {swim}; wer dann noch einmal "
        "verliert, scheidet aus.",
        "At 0 {lives} you are not out but {on_a_swim}; lose once more and you are out.",
    ),
    SwimMode.FIRST_ONLY: (
        "Nur wer im ersten Spiel, in dem jemand auf 0 kommt, genau 0 erreicht, darf "
        "{swim}; später ist man bei 0 gleich raus.",
        "Only those who reach exactly 0 in the first deal where anyone does may go on "
        "{a_swim}; later, 0 means out.",
    ),
}
_NO_SWIMMING: Text = ("Bei 0 {lives} ist man sofort raus.", "At 0 {lives} you are out at once.")
_MATCH_END: dict[MatchEnd, Text] = {
    MatchEnd.LAST_STANDING: (
        "Die Partie läuft, bis nur noch einer übrig ist. Wer mit allen Leben gewinnt, "
        "gewinnt „mit Krone“.",
        "The match goes on until one player is left. Winning with every life still "
        "there is a win “with crown”.",
    ),
    MatchEnd.FIRST_OUT: (
        "Die Partie endet, sobald jemand ausscheidet; die Übrigen werden nach ihren "
        "Leben gereiht, gleich viele teilen sich den Platz.",
        "The match ends as soon as someone is out; the others are ranked by their "
        "lives, equal lives share a place.",
    ),
}


def _ending(rules: Rules, w: _Words) -> list[str]:
    swimming = _SWIMMING.get(rules.swim, _NO_SWIMMING)
    return [w.say(swimming), w.say(_MATCH_END[rules.match_end])]


_MISTERY: tuple[Text, ...] = (
    (
        "Neben der offenen Mitte liegt eine Karte verdeckt. Du darfst eine "
        "Handkarte gegen sie tauschen, ohne sie vorher zu sehen: tippe die "
        "Handkarte und dann die verdeckte Karte (oder ziehe sie darauf). Deine "
        "abgegebene Karte liegt dann verdeckt dort; nur du weißt, welche es ist "
        "(sie ist für dich markiert).",
        "Beside the open table a card lies face down. You may swap a hand card "
        "for it without seeing it first: tap your card, then the face-down card "
        "(or drag it there). Your card then lies face down in its place; only you "
        "know which it is (it is marked for you).",
    ),
    (
        "Nur dieser Tausch berührt die verdeckte Karte; „alle drei tauschen“ "
        "und neue Mitten lassen sie liegen.",
        "Only this swap touches the face-down card; swapping all three and new "
        "table cards leave it where it is.",
    ),
)
_LUEGEN: tuple[Text, ...] = (
    (
        "Am Ende des Spiels{or_feuer} zeigt jeder zwei seiner Karten und sagt einen Wert an: "
        "{lowest} bis 30 oder 30½. Die Ansage darf gelogen sein. Wer 31 hat, zeigt alle drei "
        "und muss nichts ansagen.",
        "When a deal ends{or_feuer}, everyone shows two of their cards and announces a value: "
        "{lowest} to 30 or 30½. It may be a lie. A 31 is shown whole and needs no "
        "announcement.",
    ),
    (
        "Angesagt wird ab dem Klopfer (sonst ab dem ersten Spieler) reihum; "
        "jede Ansage ist mit ihren zwei Karten für alle zu sehen.",
        "Announcements go round from the knocker (or else from the deal's first "
        "player); everyone sees each one with its two cards.",
    ),
    (
        "Wer am niedrigsten angesagt hat (bei Gleichstand der letzte davon), "
        "entscheidet: aufgeben kostet ein Leben. Oder er zweifelt einen anderen "
        "an: hat der gelogen, verliert der zwei Leben, sonst der Zweifler zwei.",
        "Whoever announced lowest (on a tie the last of them) decides: giving up "
        "costs one life. Or they challenge another player: if that player lied, "
        "they lose two lives, otherwise the challenger loses two.",
    ),
)


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
