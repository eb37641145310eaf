"""The settings dialog's words (``app.settings.dialog``), in German and in English: its
labels and hints, the custom rule options grouped as the dialog shows them with their
names and their values' names, and the rules' problems in the player's words.

>>> option_label("deck", "en"), choice_label("deal", "hidden", "de")
('Deck', 'Verdeckt, zwei weiter')
"""

from __future__ import annotations

from typing import Any

import engine
from app.i18n import lookup

WORDS: dict[str, tuple[str, str]] = {
    "title": ("Einstellungen", "Settings"),
    "game": ("Partie", "Match"),
    "preset": ("Regelwerk", "Rule set"),
    "custom": ("Eigene Regeln", "Custom rules"),
    "bots": ("Computerspieler", "Computer players"),
    "people": ("Personen an diesem Gerät", "People at this device"),
    "person_name": ("Name von Person {n}", "Name of person {n}"),
    "people_hint": (
        "ab 2 spielt ihr abwechselnd auf einem Gerät; zwischen euren Zügen sind die "
        "Karten verdeckt",
        "from 2 you take turns on one device; the cards are covered between your turns",
    ),
    "bots_hint": ("{lo} bis {hi} bei diesen Regeln", "{lo} to {hi} with these rules"),
    "difficulty": ("Spielstärke", "Difficulty"),
    "per_bot": ("Für jeden einzeln …", "Per player …"),
    "lives": ("Leben zu Beginn", "Starting lives"),
    "lives_hint": ("leer = wie im Regelwerk ({n})", "empty = as in the rule set ({n})"),
    # The variants keep their German names (the source's own, "Mistery" spelt so), explained.
    "mistery": ("Mistery – die verdeckte Karte", "Mistery – the mystery card"),
    "mistery_hint": (
        "Eine vierte Karte liegt verdeckt in der Mitte: mit ihr blind tauschen.",
        "A fourth table card lies face down: swap with it blind.",
    ),
    "luegen": ("Lügen – Ansagen und Anzweifeln", "Lügen – the liar's variant"),
    "luegen_hint": (
        "Am Ende sagt jeder seinen Wert an und zeigt zwei Karten; wer am wenigsten "
        "ansagt, gibt auf oder zweifelt jemanden an.",
        "At the end everyone announces their hand's value and shows two cards; the "
        "lowest gives up or calls someone's bluff.",
    ),
    "look": ("Darstellung", "Display"),
    "deck_style": ("Kartenbild", "Card faces"),
    "lang": ("Sprache", "Language"),
    "speed": ("Tempo", "Speed"),
    "speed_0": ("Sofort (keine Animation)", "Instant (no animation)"),
    "speed_fast": ("Schnell", "Fast"),
    "speed_normal": ("Normal", "Normal"),
    "speed_slow": ("Gemütlich", "Relaxed"),
    "easy": ("Leicht", "Easy"),
    "medium": ("Mittel", "Medium"),
    "hard": ("Schwer", "Hard"),
    "hard_not_stronger": (
        "Bei diesen Regeln spielt „Schwer“ kaum stärker als „Mittel“.",
        "With these rules “Hard” plays hardly better than “Medium”.",
    ),
    # short choices (a select cuts long ones off); the suits are said in the hint
    "french": ("Französisch", "French"),
    "german": ("Deutsch", "German"),
    "swiss": ("Schweizer (36 Karten)", "Swiss (36 cards)"),
    "style_suits": (
        "Französisch: Kreuz, Pik, Herz, Karo. Deutsch: Eichel, Grün, Herz, Schelle. "
        "Schweizer: Eicheln, Schilten, Rosen, Schellen, nur mit 36 Karten.",
        "French: clubs, spades, hearts, diamonds. German: acorns, leaves, hearts, bells. "
        "Swiss: acorns, shields, roses, bells, with 36 cards only.",
    ),
    "style_note": (
        "Mit {deck} Karten zeigen wir {shown} Bilder.",
        "With {deck} cards we show {shown} faces.",
    ),
    "shown_french": ("französische", "French"),
    "shown_german": ("deutsche", "German"),
    "rules": ("Regeln im Einzelnen", "Rule options"),
    "rules_named": (
        "Wähle „Eigene Regeln“, um jede Regel einzeln einzustellen.",
        "Choose “Custom rules” to set every rule on its own.",
    ),
    "player": ("Spieler {name}", "Player {name}"),
    "start": ("Neue Partie starten", "Start new match"),
    "close": ("Schließen", "Close"),
    "help": ("Regeln erklären", "Explain the rules"),
    "invalid": ("Diese Regeln passen nicht zusammen:", "These rules do not fit together:"),
    "engine_says": ("Meldung der Spiel-Engine: {msg}", "Engine message: {msg}"),
    "applies": (
        "Sprache, Kartenbild und Tempo gelten sofort; alles andere ab der nächsten Partie.",
        "Language, card faces and speed apply at once; everything else from the next match.",
    ),
}

# The rule options of a custom rule set, grouped for the dialog. Each entry:
# option -> (label de, label en, hint de, hint en). Choice labels are in CHOICES.
GROUPS: tuple[tuple[tuple[str, str], tuple[str, ...]], ...] = (
    (("Karten und Geben", "Cards and dealing"), ("deck", "deal", "direction")),
    (
        ("Züge", "Turns"),
        ("swap_two", "passing", "pass_refresh", "seven_eight_nine", "knock", "max_cycles"),
    ),
    (
        ("Werte", "Hand values"),
        ("feuer", "feuer_value", "flush_30", "handeln", "rang_tiebreak"),
    ),
    (
        ("Wer zahlt", "Who pays"),
        ("feuer_two_lives_heads_up", "knocker_pays_ties", "under_21_pays", "swim", "match_end"),
    ),
    (("Spielerzahl", "Players"), ("min_players", "max_players")),
)

OPTIONS: dict[str, tuple[str, str, str, str]] = {
    "deck": ("Kartenspiel", "Deck", "", ""),
    "deal": (
        "Geben",
        "Deal",
        "Wer wählt, behält seine drei Karten oder tauscht sie gegen drei neue. Verdeckt: "
        "jeder bekommt fünf Karten und gibt zwei weiter.",
        "Whoever chooses keeps their three cards or swaps them for three new ones. "
        "Hidden: everyone gets five cards and passes two on.",
    ),
    "direction": ("Spielrichtung", "Direction of play", "", ""),
    "swap_two": (
        "Zwei Karten auf einmal tauschen",
        "Swap two cards at once",
        "zusätzlich zu einer oder allen drei",
        "besides one card or all three",
    ),
    "passing": ("Schieben erlaubt", "Passing allowed", "einen Zug auslassen", "skip a turn"),
    "pass_refresh": (
        "Schieben alle, kommt eine neue Mitte",
        "If everyone passes, new table cards",
        "braucht „Schieben erlaubt“",
        "needs “Passing allowed”",
    ),
    "seven_eight_nine": (
        "7-8-9 in der Mitte darf weggelegt werden",
        "7-8-9 on the table may be replaced",
        "",
        "",
    ),
    "knock": ("Klopfen erlaubt", "Knocking allowed", "", ""),
    "max_cycles": (
        "Höchstens so viele Runden ohne Klopfen",
        "At most this many rounds without a knock",
        "",
        "",
    ),
    "feuer": (
        "Drei Asse sind Feuer",
        "Three aces are Feuer",
        "beendet das Spiel sofort, alle anderen zahlen",
        "ends the deal at once, everyone else pays",
    ),
    "feuer_value": (
        "Wert von Feuer",
        "Value of Feuer",
        "mehr als 31 (nur zur Anzeige)",
        "more than 31 (for display only)",
    ),
    "flush_30": (
        "Drei Karten einer Farbe zählen mindestens 30",
        "Three cards of one suit count at least 30",
        "",
        "",
    ),
    "handeln": (
        "Zwei gleiche Bilder/Zahlen zählen (Handeln)",
        "A pair of one rank counts (Handeln)",
        "z. B. zwei Könige = 20",
        "e.g. two kings = 20",
    ),
    "rang_tiebreak": (
        "Bei 30½ gewinnt der höhere Rang",
        "Between 30½ hands the higher rank wins",
        "",
        "",
    ),
    "feuer_two_lives_heads_up": (
        "Feuer zu zweit kostet zwei Leben",
        "Feuer heads-up costs two lives",
        "braucht „Drei Asse sind Feuer“",
        "needs “Three aces are Feuer”",
    ),
    "knocker_pays_ties": (
        "Bei Gleichstand zahlt nur der Klopfer",
        "On a tie only the knocker pays",
        "",
        "",
    ),
    "under_21_pays": (
        "Wer 20 oder weniger hat, zahlt",
        "Everyone with 20 or less pays",
        "",
        "",
    ),
    "swim": ("Schwimmen bei 0 Leben", "Swimming at 0 lives", "", ""),
    "match_end": ("Ende der Partie", "End of the match", "", ""),
    "min_players": ("Mindestens Spieler", "Fewest players", "", ""),
    "max_players": ("Höchstens Spieler", "Most players", "", ""),
}

CHOICES: dict[str, dict[str, tuple[str, str]]] = {
    "deck": {
        "32": ("32 Karten (7 bis Ass)", "32 cards (7 to ace)"),
        "36": ("36 Karten (6 bis Ass, Jass)", "36 cards (6 to ace, Jass)"),
        "52": ("52 Karten (2 bis Ass)", "52 cards (2 to ace)"),
    },
    "deal": {
        "open": ("Offen auf den Tisch", "Open on the table"),
        "dealer_choice": ("Der Geber wählt", "The dealer chooses"),
        "forehand_choice": ("Die Vorhand wählt", "The next player chooses"),
        "hidden": ("Verdeckt, zwei weiter", "Hidden, pass two on"),
    },
    "direction": {
        "clockwise": ("Im Uhrzeigersinn", "Clockwise"),
        "counterclockwise": ("Gegen den Uhrzeigersinn", "Counterclockwise"),
    },
    "knock": {
        "anytime": ("Jederzeit", "Any time"),
        "after_first_cycle": ("Erst nach der ersten Runde", "Only after the first round"),
        "after_own_swap": ("Erst nach eigenem Tausch", "After your own swap"),
    },
    "swim": {
        "everyone": ("Alle dürfen schwimmen", "Everyone may swim"),
        "first_only": ("Nur wer zuerst auf 0 kommt", "Only those first at 0"),
        "none": ("Niemand: bei 0 raus", "Nobody: out at 0"),
    },
    "match_end": {
        "last_standing": ("Bis einer übrig ist", "Until one is left"),
        "first_out": ("Sobald einer ausscheidet", "As soon as someone is out"),
    },
}


def tr(key: str, lang: str, **values: Any) -> str:
    """The dialog's text for ``key`` in ``lang`` (German unless ``en``)."""
    return lookup(WORDS, key, lang, **values)


def option_label(option: str, lang: str) -> str:
    """The player's name for a rule option of docs/rules.md."""
    entry = OPTIONS.get(option)
    if entry is None:
        return option
    return entry[1] if lang == "en" else entry[0]


def choice_label(option: str, value: str, lang: str) -> str:
    """The player's name for one value of an enum-like rule option."""
    pair = CHOICES.get(option, {}).get(str(value))
    if pair is None:
        return str(value)
    return pair[1] if lang == "en" else pair[0]


def custom_options() -> tuple[str, ...]:
    """Every rule option the custom section offers, in dialog order."""
    return tuple(o for _, options in GROUPS for o in options)


def problem_text(problem: engine.RulesProblem, lang: str) -> str | None:
    """One problem in the player's words; None for those the dialog cannot cause."""
    de = lang != "en"
    code, n = problem.code, problem.numbers
    if code is engine.ProblemCode.PASS_REFRESH_NEEDS_PASSING:
        return (
            "„Neue Mitte nach Schieben“ braucht „Schieben erlaubt“."
            if de
            else "New table cards after passing need passing to be allowed."
        )
    if code is engine.ProblemCode.FEUER_TWO_NEEDS_FEUER:
        return (
            "„Feuer zu zweit kostet zwei Leben“ braucht „Drei Asse sind Feuer“."
            if de
            else "Two lives for Feuer heads-up needs three aces to be Feuer."
        )
    if code is engine.ProblemCode.HIDDEN_DEAL_TABLE:
        names = ", ".join(_short_option(o, lang) for o in problem.options)
        return (
            f"Beim verdeckten Geben gibt es keine offene Mitte: schalte {names} aus."
            if de
            else f"The hidden deal has no open table: switch off {names}."
        )
    if code is engine.ProblemCode.MIN_ABOVE_MAX:
        lo, hi = n["min"], n["max"]
        return (
            f"Mindestens {lo} Spieler, aber höchstens {hi}: das geht nicht."
            if de
            else f"At least {lo} players but at most {hi}: that cannot be."
        )
    if code is engine.ProblemCode.DECK_TOO_SMALL:
        hi, needed, deck = n["players"], n["needed"], n["deck"]
        return (
            f"{hi} Spieler brauchen {needed} Karten, das Spiel hat nur {deck}: "
            "weniger Spieler oder mehr Karten."
            if de
            else f"{hi} players need {needed} cards but the deck has {deck}: "
            "fewer players or a bigger deck."
        )
    if code is engine.ProblemCode.PLAYERS_OUT_OF_RANGE:
        players, lo, hi = n["players"], n["min"], n["max"]
        return (
            f"Mit dir sind es {players} Spieler; erlaubt sind {lo} bis {hi}."
            if de
            else f"With you there are {players} players; these rules allow {lo} to {hi}."
        )
    return None


def _short_option(option: str, lang: str) -> str:
    short = {
        "mistery": ("Mistery", "Mistery"),
        "swap_two": ("„zwei tauschen“", "swapping two"),
        "seven_eight_nine": ("7-8-9", "7-8-9"),
        "passing": ("Schieben", "passing"),
        "pass_refresh": ("„neue Mitte nach Schieben“", "new table after passing"),
    }[option]
    return short[1] if lang == "en" else short[0]
