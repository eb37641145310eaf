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
from typing import Any

import engine
from app.cards.names import card_name, card_short, rank_name, suit_name
from app.cards.svg import card_svg
from app.escape import escape as esc
from app.i18n import feuer_name, fmt_value, game_name
from app.settings import model as st
from app.table import keys
from engine import DealMode, Direction, KnockRule, MatchEnd, Rules, SwimMode, hand_value
from engine.cards import LOWEST_RANK


def _pick(lang: str, de: str, en: str) -> str:
    return en if lang == "en" else de


def _value_text(value: float, rules: Rules, preset: str, lang: str) -> str:
    if value > 31:
        return f"{feuer_name(preset, lang)} ({fmt_value(value)})"
    return fmt_value(value)


def lives_word(preset: str, lang: str, plural: bool = True) -> str:
    """What this preset calls lives: tokens in knack (English), Spielmarken in pub."""
    if preset == "pub":
        return _pick(
            lang, "Spielmarken" if plural else "Spielmarke", "tokens" if plural else "token"
        )
    if preset == "knack" and lang == "en":
        return "tokens" if plural else "token"
    return _pick(lang, "Leben", "lives" if plural else "life")


def swim_word(preset: str, lang: str) -> str:
    """What this preset calls playing on at 0 lives."""
    if preset == "knack" and lang == "en":
        return "free ride"
    return _pick(lang, "schwimmen", "swimming")


def examples(
    rules: Rules, lang: str, preset: str = "classic", style: str = "french"
) -> list[tuple[str, float, str]]:
    """Example hands for these rules: ``(cards text, value, why)``, the value
    computed by ``engine.hand_value``. Only hands the rules' deck holds; suits and
    court cards are named as on the ``style`` faces (Herz/Pik or Herz/Grün...)."""
    low = int(LOWEST_RANK[rules.deck])
    words = _card_words(style, lang)
    items: list[tuple[str, str]] = [
        (
            "AH KH 9S",
            _pick(
                lang,
                "Ass und König sind beide {H}: 11 + 10. Die {S} 9 steht allein.",
                "Ace and king are both {H}: 11 + 10. The nine of {S} stands alone.",
            ),
        ),
        (
            "QH 10H JD",
            _pick(
                lang,
                "{Q} und {T} in {H}: 10 + 10. {Jd} zählt für sich nur 10.",
                "{Q} and {T} of {H}: 10 + 10. The {J} alone would be only 10.",
            ),
        ),
        (
            "AC KC 9C",
            _pick(
                lang,
                "Alle drei in {C}: 11 + 10 + 9.",
                "All three are {C}: 11 + 10 + 9.",
            ),
        ),
        (
            "AD KD 10D",
            _pick(
                lang,
                "Ass und zwei Zehner einer Farbe: 31, die beste normale Hand.",
                "An ace and two ten-point cards of one suit: 31, the best ordinary hand.",
            ),
        ),
        (
            "8C 8S 8H",
            _pick(
                lang,
                "Drei gleiche Ränge zählen 30½, egal welche.",
                "Three of a rank count 30½, whichever rank.",
            ),
        ),
    ]
    if rules.feuer:
        items.append(
            (
                "AC AS AH",
                _pick(
                    lang,
                    f"Drei Asse sind {feuer_name(preset, lang)}: besser als jede andere Hand, "
                    "das Spiel endet sofort.",
                    f"Three aces are {feuer_name(preset, lang)}: above every other hand, "
                    "the deal ends at once.",
                ),
            )
        )
    if rules.handeln:
        items.append(
            (
                "KH KS 9D",
                _pick(
                    lang,
                    "Handeln: zwei Könige zählen zusammen 20.",
                    "Handeln: two kings count 20 together.",
                ),
            )
        )
    if rules.flush_30:
        items.append(
            (
                "7C 8C 9C",
                _pick(
                    lang,
                    "Drei Karten einer Farbe zählen hier mindestens 30 (sonst nur 24).",
                    "Three cards of one suit count at least 30 here (otherwise only 24).",
                ),
            )
        )
    else:
        items.append(
            (
                "7C 8C 9C",
                _pick(lang, "Eine Farbe: 7 + 8 + 9.", "One suit: 7 + 8 + 9."),
            )
        )
    lowest = f"{_rank(low)}H {_rank(low + 1)}S {_rank(low)}D"
    items.append(
        (
            lowest,
            _pick(
                lang,
                "Drei Farben: nur die beste Einzelkarte zählt."
                + ("" if rules.handeln else " So niedrig geht es mit diesem Kartenspiel."),
                "Three suits: only the best single card counts."
                + ("" if rules.handeln else " As low as this deck goes."),
            ),
        )
    )
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


def sections(
    rules: Rules, preset: str, lang: str, style: str = "french"
) -> list[tuple[str, str, list[str]]]:
    """The help as ``(id, title, paragraphs)``, for these rules (texts, no markup)."""
    de = lang != "en"
    p = lambda a, b: _pick(lang, a, b)  # noqa: E731
    game = game_name(preset, lang)
    feuer = feuer_name(preset, lang)
    if lang == "en" and feuer == "Three aces":  # mid-sentence in knack's English text
        feuer = "three aces"
    lives = lives_word(preset, lang)
    life = lives_word(preset, lang, plural=False)
    swim = swim_word(preset, lang)
    a_life = p("ein Leben" if life == "Leben" else "eine " + life, "a " + life)
    deck_ranks = {32: p("7 bis Ass", "7 to ace"), 36: p("6 bis Ass", "6 to ace")}.get(
        rules.deck, p("2 bis Ass", "2 to ace")
    )
    out: list[tuple[str, str, list[str]]] = []
    w = _card_words(style, lang)

    goal = [
        p(
            f"Jeder hat drei Karten und versucht, durch Tauschen mit der Mitte einen möglichst "
            f"hohen Wert zu sammeln. Wer am Ende eines Spiels den niedrigsten Wert hat, "
            f"verliert {a_life}. Alle beginnen mit "
            f"{rules.lives} {lives}.",
            f"Everyone holds three cards and swaps with the table to build the highest value "
            f"they can. Whoever holds the lowest value when a deal ends loses {a_life}. Everyone "
            f"starts with {rules.lives} {lives}.",
        ),
        p(
            f"Gespielt wird mit {rules.deck} Karten ({deck_ranks}), "
            + (
                "im Uhrzeigersinn."
                if rules.direction is Direction.CLOCKWISE
                else "gegen den Uhrzeigersinn."
            ),
            f"The deck has {rules.deck} cards ({deck_ranks}); play goes "
            + ("clockwise." if rules.direction is Direction.CLOCKWISE else "counterclockwise."),
        ),
    ]
    out.append(("goal", p(f"{game}: worum es geht", f"{game}: the idea"), goal))

    values = [
        p(
            f"Ass zählt 11, König, {w['Q']}, {w['J']} und {w['T']} zählen 10, die anderen "
            "Karten ihre Zahl. "
            "Zusammengezählt werden nur Karten derselben Farbe; es zählt die beste Farbe der Hand.",
            f"An ace counts 11; king, {w['Q'].lower()}, {w['J']} and {w['T']} count 10; "
            "the other cards their number. "
            "Only cards of the same suit are added up; the best suit of the hand counts.",
        ),
        p(
            "Drei Karten gleichen Rangs (etwa drei Siebener) zählen 30½.",
            "Three cards of the same rank (say three sevens) count 30½.",
        ),
    ]
    if rules.rang_tiebreak:
        values.append(
            p(
                "Haben zwei Spieler 30½, gewinnt der höhere Rang: "
                "drei Könige schlagen drei Achter.",
                "If two players hold 30½, the higher rank wins: three kings beat three eights.",
            )
        )
    else:
        values.append(
            p(
                "Alle 30½-Hände sind gleich viel wert.",
                "All 30½ hands are worth the same.",
            )
        )
    if rules.handeln:
        values.append(
            p(
                "Handeln: auch zwei Karten gleichen Rangs zählen zusammen (zwei Könige = 20).",
                "Handeln: two cards of one rank also count together (two kings = 20).",
            )
        )
    if rules.flush_30:
        values.append(
            p(
                "Drei Karten einer Farbe zählen mindestens 30.",
                "Three cards of one suit count at least 30.",
            )
        )
    if rules.feuer:
        values.append(
            p(
                f"Drei Asse heißen {feuer} und stehen über allem, sogar über 31.",
                f"Three aces are called {feuer} and beat everything, even 31.",
            )
            if not (preset == "knack" and not de)
            else "Three aces beat everything, even 31."
        )
    else:
        values.append(
            p(
                "Drei Asse sind hier nichts Besonderes: sie zählen 30½.",
                "Three aces are nothing special here: they count 30½.",
            )
        )
    values.append(
        p(
            f"Die niedrigste mögliche Hand ist {rules.lowest_hand}.",
            f"The lowest possible hand is {rules.lowest_hand}.",
        )
        if not rules.handeln
        else p(
            "Die Beispiele unten sind mit genau diesen Regeln gerechnet.",
            "The examples below are worked out with exactly these rules.",
        )
    )
    out.append(("values", p("Was eine Hand wert ist", "What a hand is worth"), values))

    deal = rules.deal
    mistery_note = (
        p(
            " Dazu kommt eine vierte Karte verdeckt in die Mitte (Mistery).",
            " A fourth card goes face down beside them (Mistery).",
        )
        if rules.mistery
        else ""
    )
    if deal is DealMode.OPEN:
        deal_text = p(
            "Jeder bekommt drei Karten, drei weitere liegen offen in der Mitte. Es beginnt der "
            "Spieler nach dem Geber.",
            "Everyone gets three cards and three more lie open on the table. The player after "
            "the dealer starts.",
        )
    elif deal in (DealMode.DEALER_CHOICE, DealMode.FOREHAND_CHOICE):
        who = (
            p("Der Geber", "The dealer")
            if deal is DealMode.DEALER_CHOICE
            else p("Der Spieler nach dem Geber", "The player after the dealer")
        )
        deal_text = p(
            f"Jeder bekommt drei Karten. {who} schaut seine an und entscheidet: behalten (dann "
            "kommen drei neue Karten offen in die Mitte) oder sie offen hinlegen und die drei "
            "anderen blind nehmen. Danach beginnt der Spieler nach ihm.",
            f"Everyone gets three cards. {who} looks at theirs and decides: keep them (three "
            "fresh cards are then laid open on the table) or lay them open and take the other "
            "three unseen. The next player then starts.",
        )
    else:
        deal_text = p(
            "Verdecktes Spiel: es gibt keine Mitte. Wer am Zug ist, hat fünf Karten, behält drei "
            "davon und gibt zwei verdeckt an den nächsten weiter.",
            "Hidden deal: there is no table. The player to move holds five cards, keeps three "
            "and passes the other two face down to the next player.",
        )
    out.append(("deal", p("Das Geben", "Dealing"), [deal_text + mistery_note]))

    turns: list[str] = []
    if deal is not DealMode.HIDDEN:
        turns.append(
            p(
                "Wer dran ist, tauscht eine Handkarte gegen eine Karte der Mitte oder alle drei "
                "auf einmal.",
                "On your turn you swap one hand card for a table card, or all three at once.",
            )
        )
    if rules.swap_two:
        turns.append(
            p("Man darf auch zwei Karten auf einmal tauschen.", "You may also swap two at once.")
        )
    if rules.passing:
        turns.append(
            p("Man darf schieben, also einmal nichts tun.", "You may pass and do nothing.")
            + (
                p(
                    " Schieben alle reihum, kommt die Mitte weg und drei neue Karten kommen.",
                    " If everyone passes in a row, the table cards go and three new ones come.",
                )
                if rules.pass_refresh
                else ""
            )
        )
    if rules.seven_eight_nine:
        turns.append(
            p(
                "Liegen 7, 8 und 9 in der Mitte, darf man sie durch drei neue ersetzen und ist "
                "dann gleich noch einmal dran.",
                "If a 7, an 8 and a 9 lie on the table, you may replace them with three new "
                "cards and then move again.",
            )
        )
    when = {
        KnockRule.ANYTIME: p("jederzeit", "at any time"),
        KnockRule.AFTER_FIRST_CYCLE: p("ab der zweiten Runde", "from the second round on"),
        KnockRule.AFTER_OWN_SWAP: p(
            "erst, wenn man selbst mindestens einmal getauscht hat",
            "once you have swapped at least once yourself",
        ),
    }[rules.knock]
    turns.append(
        p(
            f"Klopfen darf man {when}. Dann kommt jeder andere noch genau einmal dran, danach "
            "wird gezählt. Der Klopfer behält seine Karten.",
            f"You may knock {when}. Everyone else then has exactly one more turn before the "
            "hands are counted. The knocker keeps their cards.",
        )
    )
    turns.append(
        p(
            f"Wer 31{' oder ' + feuer if rules.feuer else ''} bekommt, beendet das Spiel sofort. "
            f"Nach {rules.max_cycles} Runden ohne Klopfen endet es ebenfalls.",
            f"Reaching 31{' or ' + feuer if rules.feuer else ''} ends the deal at once. It also "
            f"ends after {rules.max_cycles} rounds without a knock.",
        )
    )
    out.append(("turns", p("Ein Zug", "A turn"), turns))

    pays: list[str] = []
    if rules.luegen:
        pays.append(
            p(
                "Mit Lügen entscheidet nicht der Kartenwert direkt, sondern die Ansagerunde "
                "(siehe unten).",
                "With Lügen the announcement round decides instead of the plain values (see "
                "below).",
            )
        )
    else:
        pays.append(
            p(
                f"Der niedrigste Wert verliert {a_life}; bei Gleichstand zahlen alle Niedrigsten.",
                f"The lowest value loses {a_life}; on a tie all of the lowest pay.",
            )
        )
        pays.append(
            p(
                "Halten alle 31, verliert niemand.",
                "If everyone holds 31, nobody loses.",
            )
        )
    if rules.knocker_pays_ties and not rules.luegen:
        pays.append(
            p(
                "Ist der Klopfer unter den Niedrigsten, zahlt nur er.",
                "If the knocker is among the lowest, only the knocker pays.",
            )
        )
    if rules.under_21_pays and not rules.luegen:
        pays.append(
            p(
                "Außerdem zahlt jeder mit 20 oder weniger; wer den höchsten Wert hat, zahlt nie.",
                "Also everyone with 20 or less pays; whoever has the highest value never pays.",
            )
        )
    if rules.feuer:
        pays.append(
            p(
                f"Bei {feuer} verlieren alle anderen {a_life}"
                + (", zu zweit sogar zwei." if rules.feuer_two_lives_heads_up else "."),
                f"With {feuer if not (preset == 'knack' and not de) else 'three aces'} everyone "
                f"else loses {a_life}"
                + (" (two when only two are left)." if rules.feuer_two_lives_heads_up else "."),
            )
        )
    pays.append(
        p(
            "Würden alle Übrigen auf einmal ausscheiden, verliert in diesem Spiel niemand.",
            "If a deal would put out everyone left at once, nobody loses in it.",
        )
    )
    out.append(("pays", p("Wer zahlt", "Who pays"), pays))

    swim_mode = rules.swim
    ending: list[str] = []
    if swim_mode is SwimMode.EVERYONE:
        ending.append(
            p(
                f"Mit 0 {lives} ist man nicht raus, sondern darf {swim}; wer dann noch einmal "
                "verliert, scheidet aus.",
                f"At 0 {lives} you are not out but on a {swim}; lose once more and you are out."
                if preset == "knack"
                else f"At 0 {lives} you are not out but {swim}; lose once more and you are out.",
            )
        )
    elif swim_mode is SwimMode.FIRST_ONLY:
        ending.append(
            p(
                f"Nur wer im ersten Spiel, in dem jemand auf 0 kommt, genau 0 erreicht, darf "
                f"{swim}; später ist man bei 0 gleich raus.",
                f"Only those who reach exactly 0 in the first deal where anyone does may go on "
                f"{swimming_phrase(preset)}; later, 0 means out.",
            )
        )
    else:
        ending.append(
            p(f"Bei 0 {lives} ist man sofort raus.", f"At 0 {lives} you are out at once.")
        )
    if rules.match_end is MatchEnd.LAST_STANDING:
        ending.append(
            p(
                "Die Partie läuft, bis nur noch einer übrig ist. Wer mit allen Leben gewinnt, "
                "gewinnt „mit Krone“.",
                "The match goes on until one player is left. Winning with every life still "
                "there is a win “with crown”.",
            )
        )
    else:
        ending.append(
            p(
                "Die Partie endet, sobald jemand ausscheidet; die Übrigen werden nach ihren "
                "Leben gereiht, gleich viele teilen sich den Platz.",
                "The match ends as soon as someone is out; the others are ranked by their "
                "lives, equal lives share a place.",
            )
        )
    out.append(("end", p("Leben und Ende der Partie", "Lives and the end of a match"), ending))

    if rules.mistery:
        out.append(
            (
                "mistery",
                "Mistery",
                [
                    p(
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
                    p(
                        "Nur dieser Tausch berührt die verdeckte Karte; „alle drei tauschen“ "
                        "und neue Mitten lassen sie liegen.",
                        "Only this swap touches the face-down card; swapping all three and new "
                        "table cards leave it where it is.",
                    ),
                ],
            )
        )
    if rules.luegen:
        lowest = rules.lowest_hand
        out.append(
            (
                "luegen",
                p("Lügen", "Lügen (bluffing)"),
                [
                    p(
                        f"Am Ende des Spiels{' (außer bei ' + feuer + ')' if rules.feuer else ''} "
                        f"zeigt jeder zwei seiner Karten und sagt einen Wert an: {lowest} bis "
                        "30 oder 30½. Die Ansage darf gelogen sein. Wer 31 hat, zeigt alle drei "
                        "und muss nichts ansagen.",
                        f"When a deal ends{' (except by ' + feuer + ')' if rules.feuer else ''}, "
                        f"everyone shows two of their cards and announces a value: {lowest} to "
                        "30 or 30½. It may be a lie. A 31 is shown whole and needs no "
                        "announcement.",
                    ),
                    p(
                        "Angesagt wird ab dem Klopfer (sonst ab dem ersten Spieler) reihum; "
                        "jede Ansage ist mit ihren zwei Karten für alle zu sehen.",
                        "Announcements go round from the knocker (or else from the deal's first "
                        "player); everyone sees each one with its two cards.",
                    ),
                    p(
                        "Wer am niedrigsten angesagt hat (bei Gleichstand der letzte davon), "
                        "entscheidet: aufgeben kostet ein Leben. Oder er zweifelt einen anderen "
                        "an: hat der gelogen, verliert der zwei Leben, sonst der Zweifler zwei.",
                        "Whoever announced lowest (on a tie the last of them) decides: giving up "
                        "costs one life. Or they challenge another player: if that player lied, "
                        "they lose two lives, otherwise the challenger loses two.",
                    ),
                ],
            )
        )
    return out


def swimming_phrase(preset: str) -> str:
    return "a free ride" if preset == "knack" else "swimming"


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


def rules_for(played: Rules, preset: str, draft: Any = None) -> tuple[Rules, str]:
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
    title_game = (
        game_name(preset, lang)
        if preset in engine.PRESETS
        else _pick(lang, "Eigene Regeln", "Custom rules")
    )
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
