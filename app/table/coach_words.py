"""The coach's words (``app.table.coach``): German and English for its advice.

Each entry is ``key: (German, English)``, looked up by ``coach.tr``; the texts take
their values by name (``{hand}``, ``{lo}``). The figure's texts keep a no-break space
before "%" in German, so "72 %" never breaks over two lines.
"""

from __future__ import annotations

WORDS: dict[str, tuple[str, str]] = {
    "hint": ("Tipp", "Hint"),
    "hint_title": ("Was würde der starke Computer tun?", "What would the hard bot do?"),
    "best": ("Am besten", "Best"),
    "about_equal": ("Etwa gleich gut", "About equal"),
    # The figure, as precise as the sampled deals allow (``figure``); no break in "72 %".
    "safe_range": ("{lo}–{hi}\u00a0% sicher", "{lo}–{hi}% safe"),
    "safe_over": ("über {lo}\u00a0% sicher", "over {lo}% safe"),
    "safe_under": ("unter {hi}\u00a0% sicher", "under {hi}% safe"),
    "safe_about": ("etwa {p}\u00a0% sicher", "about {p}% safe"),
    "safe_sure": ("sicher ohne Verlust", "certainly safe"),
    "loss_sure": ("sicher verloren", "a sure loss"),
    "more": ("{n} weitere", "{n} more"),
    "unlisted": ("und {n} schwächere, nicht aufgeführt", "and {n} weaker ones, not listed"),
    # What the figure means, said once under the advice; it differs by phase.
    "legend_play": (
        "sicher = deine Chance, in diesem Spiel kein Leben zu verlieren, geschätzt aus {n} "
        "durchgespielten Verteilungen der Karten, die du nicht siehst.",
        "safe = your chance of keeping your life in this deal, estimated from {n} "
        "simulated deals of the cards you cannot see.",
    ),
    "legend_decide": (
        "sicher = die Chance, dass die Ansage gelogen ist (nach den gezeigten Karten und "
        "dem Spielverlauf): dann kostet dich das Anzweifeln nichts.",
        "safe = the chance the announcement is a lie (by the cards shown and the moves "
        "played): then the challenge costs you nothing.",
    ),
    "legend_announce": (
        "sicher = grob geschätzt deine Chance, weder am niedrigsten anzusagen noch beim "
        "Lügen ertappt zu werden.",
        "safe = a rough estimate of your chance of neither announcing lowest nor being "
        "caught lying.",
    ),
    # The move's words.
    "swap": ("{hand} gegen {table} tauschen", "swap {hand} for {table}"),
    "swap_two": ("{first} und {second} tauschen", "swap {first} and {second}"),
    "pair": ("{hand}↔{table}", "{hand}↔{table}"),
    "mistery": ("{hand} gegen die Mistery-Karte", "{hand} for the Mistery card"),
    "hold": ("{cards} behalten", "keep {cards}"),
    "announce": ("{value} ansagen, {a} und {b} zeigen", "say {value}, show {a} and {b}"),
    "challenge": ("{name} anzweifeln", "challenge {name}"),
    "and": ("und", "and"),
    # The hand value before and after the move.
    "value_change": ("Blatt {before} → {after}", "hand {before} → {after}"),
    "value_same": ("Blatt bleibt {value}", "hand stays {value}"),
    "value_mistery": (
        "Blatt {before} → ? (die verdeckte Karte kennst du nicht)",
        "hand {before} → ? (you do not know the face-down card)",
    ),
    "value_take": (
        "Blatt {before} → ? (drei neue Karten, ungesehen)",
        "hand {before} → ? (three new cards, unseen)",
    ),
    "value_true": ("dein Blatt ist {value}: die Wahrheit", "your hand is {value}: the truth"),
    "value_lie": ("dein Blatt ist {value}: gelogen", "your hand is {value}: a lie"),
    # Why a move that lowers the hand may still be good: what it holds together.
    "why_suit": (
        "jetzt weniger, dafür {count} {suit} auf der Hand: {cards}",
        "lower now, but {count} {suit} in hand: {cards}",
    ),
    "why_rank": (
        "jetzt weniger, dafür {count} vom gleichen Rang auf der Hand: {cards}",
        "lower now, but {count} of one rank in hand: {cards}",
    ),
    # What the player could know of a challenged announcement (engine's ChallengeBasis).
    "basis_true": (
        "{name} hat sicher {card} (für alle sichtbar genommen): {value} ist die Wahrheit",
        "{name} is known to hold {card} (taken in view of all): {value} is the truth",
    ),
    "basis_lie": (
        "{name} hat sicher {card} (für alle sichtbar genommen), damit sind es nicht "
        "{value}: gelogen",
        "{name} is known to hold {card} (taken in view of all), which does not make "
        "{value}: a lie",
    ),
    "basis_impossible": (
        "keine Karte, die {name} haben kann, ergibt mit den gezeigten {value}: "
        "sicher gelogen",
        "no card {name} may hold makes {value} with the cards shown: a sure lie",
    ),
    "count_2": ("zwei", "two"),
    "count_3": ("drei", "three"),
}
