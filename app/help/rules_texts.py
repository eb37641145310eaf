"""The rules help's texts (``app.help.rules``), in German and in English.

Written for this project. Each text is a pair (German, English) with words filled in
by name: ``{game}``, ``{lives}``, ``{feuer}`` and the others ``app.help.rules`` names
for the rule set, preset and language. Tables keyed by a rule option's value
(``DEALING[DealMode.SINGLE]``) or listing :data:`Traits` hold the texts that differ
between rule sets; ``app.help.rules`` picks those that apply and adds the markup.
"""

from __future__ import annotations

from engine import DealMode, Direction, KnockRule, MatchEnd, SwimMode

Text = tuple[str, str]
"""A text in German and in English."""

Traits = tuple[tuple[tuple[str, bool], Text], ...]
"""Texts that each apply while one rule option is on (True) or off (False)."""


# Example hands: (cards, the rule trait it needs, on or off, or None for every rule
# set; why the hand counts what it does). {H} {S} {C} name suits, {Q} {T} {J} {Jd}
# ranks as the faces call them (``app.help.rules``), {feuer} the preset's three aces.
EXAMPLES: tuple[tuple[str, tuple[str, bool] | None, Text], ...] = (
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

LOWEST_EXAMPLE: Text = (
    "Drei Farben: nur die beste Einzelkarte zählt.",
    "Three suits: only the best single card counts.",
)

AS_LOW_AS_IT_GOES: Text = (
    " So niedrig geht es mit diesem Kartenspiel.",
    " As low as this deck goes.",
)

TITLES: dict[str, Text] = {
    "goal": ("{game}: worum es geht", "{game}: the idea"),
    "values": ("Was eine Hand wert ist", "What a hand is worth"),
    "deal": ("Das Geben", "Dealing"),
    "turns": ("Ein Zug", "A turn"),
    "pays": ("Wer zahlt", "Who pays"),
    "end": ("Leben und Ende der Partie", "Lives and the end of a match"),
    "luegen": ("Lügen", "Lügen (bluffing)"),
}

GOAL: Text = (
    "Jeder hat drei Karten und versucht, durch Tauschen mit der Mitte einen möglichst "
    "hohen Wert zu sammeln. Wer am Ende eines Spiels den niedrigsten Wert hat, "
    "verliert {a_life}. Alle beginnen mit {n_lives} {lives}.",
    "Everyone holds three cards and swaps with the table to build the highest value "
    "they can. Whoever holds the lowest value when a deal ends loses {a_life}. Everyone "
    "starts with {n_lives} {lives}.",
)

DECK: dict[Direction, Text] = {
    Direction.CLOCKWISE: (
        "Gespielt wird mit {deck} Karten ({deck_ranks}), im Uhrzeigersinn.",
        "The deck has {deck} cards ({deck_ranks}); play goes clockwise.",
    ),
    Direction.COUNTERCLOCKWISE: (
        "Gespielt wird mit {deck} Karten ({deck_ranks}), gegen den Uhrzeigersinn.",
        "The deck has {deck} cards ({deck_ranks}); play goes counterclockwise.",
    ),
}

VALUES: tuple[Text, ...] = (
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

VALUE_OPTIONS: Traits = (
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

DEALING: dict[DealMode, Text] = {
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
DEALING[DealMode.FOREHAND_CHOICE] = DEALING[DealMode.DEALER_CHOICE]

CHOOSER: dict[DealMode, Text] = {
    DealMode.DEALER_CHOICE: ("Der Geber", "The dealer"),
    DealMode.FOREHAND_CHOICE: ("Der Spieler nach dem Geber", "The player after the dealer"),
}

MISTERY_CARD: Traits = (
    (
        ("mistery", True),
        (
            " Dazu kommt eine vierte Karte verdeckt in die Mitte (Mistery).",
            " A fourth card goes face down beside them (Mistery).",
        ),
    ),
)

SWAP: Text = (
    "Wer dran ist, tauscht eine Handkarte gegen eine Karte der Mitte oder alle drei "
    "auf einmal.",
    "On your turn you swap one hand card for a table card, or all three at once.",
)

TURN_OPTIONS: Traits = (
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

PASS_REFRESH: Traits = (
    (
        ("pass_refresh", True),
        (
            " Schieben alle reihum, kommt die Mitte weg und drei neue Karten kommen.",
            " If everyone passes in a row, the table cards go and three new ones come.",
        ),
    ),
)

KNOCK_WHEN: dict[KnockRule, Text] = {
    KnockRule.ANYTIME: ("jederzeit", "at any time"),
    KnockRule.AFTER_FIRST_CYCLE: ("ab der zweiten Runde", "from the second round on"),
    KnockRule.AFTER_OWN_SWAP: (
        "erst, wenn man selbst mindestens einmal getauscht hat",
        "once you have swapped at least once yourself",
    ),
}

KNOCK: Text = (
    "Klopfen darf man {when}. Dann kommt jeder andere noch genau einmal dran, danach "
    "wird gezählt. Der Klopfer behält seine Karten.",
    "You may knock {when}. Everyone else then has exactly one more turn before the "
    "hands are counted. The knocker keeps their cards.",
)

DEAL_ENDS: Text = (
    "Wer 31{or_feuer} bekommt, beendet das Spiel sofort. "
    "Nach {max_cycles} Runden ohne Klopfen endet es ebenfalls.",
    "Reaching 31{or_feuer} ends the deal at once. It also "
    "ends after {max_cycles} rounds without a knock.",
)

PAYS: Traits = (
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

PAYS_WITHOUT_LUEGEN: Traits = (
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

FEUER_PAYS: Traits = (
    (
        ("feuer", True),
        (
            "Bei {feuer} verlieren alle anderen {a_life}{heads_up}",
            "With {feuer} everyone else loses {a_life}{heads_up}",
        ),
    ),
)

HEADS_UP: dict[bool, Text] = {
    True: (", zu zweit sogar zwei.", " (two when only two are left)."),
    False: (".", "."),
}

VOID: Text = (
    "Würden alle Übrigen auf einmal ausscheiden, verliert in diesem Spiel niemand.",
    "If a deal would put out everyone left at once, nobody loses in it.",
)

SWIMMING: dict[SwimMode, Text] = {
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

NO_SWIMMING: Text = ("Bei 0 {lives} ist man sofort raus.", "At 0 {lives} you are out at once.")

MATCH_END: dict[MatchEnd, Text] = {
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

MISTERY: tuple[Text, ...] = (
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

LUEGEN: tuple[Text, ...] = (
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
