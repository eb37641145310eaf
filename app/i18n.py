"""German and English texts for everything the game screen shows.

``t(key, lang, **values)`` looks a text up and fills in ``{placeholders}``;
unknown languages fall back to German, unknown keys to the key itself (so a
missing text is visible, never a crash).

>>> t("knock", "de"), t("knock", "en")
('Klopfen', 'Knock')
>>> t("lost_lives", "en", name="Anna", n=2)
'Anna loses 2 lives'
>>> game_name("knack", "de"), game_name("classic", "en")
('Knack', '31')
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.bots import BOT_NAMES as BOT_NAMES  # the engine's: the server names bots too
from engine.rules import LifeWord, traits

LANGS = ("de", "en")

_TEXTS: dict[str, tuple[str, str]] = {
    # buttons for moves
    "keep": ("Karten behalten", "Keep my cards"),
    "take": ("Neue Karten nehmen", "Take new cards"),
    "swap all": ("Alle drei tauschen", "Swap all three"),
    "knock": ("Klopfen", "Knock"),
    # after the first knock (Hosen owi): no second knock, the player holds their hand
    "knock_final": ("Halten (Karten behalten)", "Hold (keep this hand)"),
    "pass": ("Schieben", "Pass"),
    "new": ("7-8-9: neue Mitte", "7-8-9: new table"),
    "giveup": ("Aufgeben (1 Leben)", "Give up (1 life)"),
    "challenge": ("{name} anzweifeln", "Challenge {name}"),
    "announce": ("{value} ansagen", "Announce {value}"),
    "announce_pick": ("Zwei Karten zum Zeigen wählen", "Pick two cards to show"),
    "announce_value": ("Ansage", "Announcement"),
    "hold": ("Diese drei behalten", "Keep these three"),
    "hold_pick": ("Wähle drei Karten, die du behältst:", "Pick the three cards to keep:"),
    # controls
    "next_deal": ("Nächstes Spiel", "Next deal"),
    "new_match": ("Neue Partie", "New match"),
    # out of the match while the others play on: watch them without stops, or start anew
    "watch_to_end": ("Den anderen bis zum Ende zusehen", "Watch the others to the end"),
    "you_are_out": (
        "Du bist ausgeschieden: Sieh den anderen ohne Halt bis zum Ende zu "
        "oder beginne eine neue Partie.",
        "You are out: watch the others play on to the end without stops, "
        "or start a new match.",
    ),
    "settings": ("Einstellungen", "Settings"),
    "open_stats": ("Statistik", "Statistics"),
    "play_online": ("Online spielen", "Play online"),
    "my_tables": ("Meine Tische", "My tables"),
    "open_tables": ("Offene Tische", "Open tables"),
    "sign_in": ("Anmelden", "Sign in"),
    "rating": ("Wertung", "Rating"),
    "open_help": ("Spielregeln", "Rules"),
    "close": ("Schließen", "Close"),
    "clear": ("Auswahl aufheben", "Clear the selection"),
    "start": ("Neue Partie starten", "Start new match"),
    # table and seats
    "you": ("Du", "You"),
    "person": ("Spieler {n}", "Player {n}"),  # persons at a shared device
    "your_choice": (
        "Du bist dran: behalten oder neue Karten?",
        "Your turn: keep your cards or take new ones?",
    ),
    "your_swap": (
        "Du bist dran: tippe eine Handkarte und dann eine Tischkarte.",
        "Your turn: tap a hand card, then a table card.",
    ),
    "your_hold": ("Du bist dran: behalte drei Karten.", "Your turn: keep three cards."),
    "your_announce": (
        "Sag deinen Wert an und zeige zwei Karten.",
        "Announce your value and show two cards.",
    ),
    "your_decide": (
        "Du hast die niedrigste Ansage: aufgeben oder anzweifeln?",
        "You have the lowest announcement: give up or challenge?",
    ),
    "thinking": ("{name} überlegt …", "{name} is thinking …"),
    "waiting": ("Warte auf {name} …", "Waiting for {name} …"),
    "dealer": ("Geber", "Dealer"),
    "knocked": ("hat geklopft", "knocked"),
    "swimming": ("schwimmt", "swimming"),
    "free_ride": ("schwimmt", "free ride"),
    "out": ("ausgeschieden", "out"),
    "table": ("Tisch", "Table"),
    "hand": ("Deine Karten", "Your cards"),
    "mistery": ("Mistery-Karte (verdeckt)", "Mistery card (face down)"),
    "card_down": ("Verdeckte Karte", "Face-down card"),
    "mistery_mine": ("von dir verdeckt gelegt", "laid face down by you"),
    "stock": ("Stapel: {n}", "Stock: {n}"),
    "deal_no": ("Spiel {n}", "Deal {n}"),
    "value": ("Wert {value}", "Value {value}"),
    "log": ("Verlauf", "Log"),
    "announced": ("sagt {value}", "says {value}"),
    # the knock, as the end-of-deal panel says it
    "l_knock": ("{name} klopft!", "{name} knocks!"),
    "l_knock_you": ("Du klopfst!", "You knock!"),
    # end of a deal
    "deal_over": ("Spiel vorbei", "Deal over"),
    "reason_lowest": ("Niedrigster Wert verliert.", "The lowest hand loses."),
    "reason_tie": ("Gleichstand: alle Niedrigsten verlieren.", "A tie: all of the lowest lose."),
    "reason_knocker": (
        "Gleichstand mit dem Klopfer: nur der Klopfer zahlt.",
        "A tie with the knocker: only the knocker pays.",
    ),
    "reason_feuer": (
        "{feuer}! Alle anderen verlieren ein Leben.",
        "{feuer}! Everyone else loses a life.",
    ),
    "reason_feuer_tokens": (
        "{feuer}! Alle anderen verlieren eine Spielmarke.",
        "{feuer}! Everyone else loses a token.",
    ),
    "reason_31": ("{call}! Das Spiel endet sofort.", "{call}! The deal ends at once."),
    "reason_cycles": ("Zu viele Runden ohne Klopfen.", "Too many rounds without a knock."),
    "reason_void": (
        "Alle wären ausgeschieden: niemand verliert.",
        "Everyone would be out: nobody loses.",
    ),
    "lost_life": ("{name} verliert ein Leben", "{name} loses a life"),
    "lost_lives": ("{name} verliert {n} Leben", "{name} loses {n} lives"),
    "lost_life_you": ("Du verlierst ein Leben", "You lose a life"),
    "lost_lives_you": ("Du verlierst {n} Leben", "You lose {n} lives"),
    "lost_token": ("{name} verliert eine Spielmarke", "{name} loses a token"),
    "lost_tokens": ("{name} verliert {n} Spielmarken", "{name} loses {n} tokens"),
    "lost_token_you": ("Du verlierst eine Spielmarke", "You lose a token"),
    "lost_tokens_you": ("Du verlierst {n} Spielmarken", "You lose {n} tokens"),
    "and_out": (" und scheidet aus", " and is out"),
    "and_out_you": (" und scheidest aus", " and are out"),
    "nobody_lost": ("Niemand verliert.", "Nobody loses."),
    # end of a match
    "first_out": (
        "Bei diesen Regeln endet die Partie, sobald jemand ausscheidet; "
        "die anderen stehen nach ihren Leben in der Rangliste.",
        "With these rules the match ends as soon as someone is out; "
        "the others are ranked by the lives they have left.",
    ),
    "last_deal": ("Das letzte Spiel (Spiel {n})", "The last deal (deal {n})"),
    "see_table": ("Tisch ansehen", "Look at the table"),
    "show_result": ("Ergebnis zeigen", "Show the result"),
    "winner": ("{name} gewinnt!", "{name} wins!"),
    "no_winner": ("Die Partie endet ohne Sieger.", "The match ends without a winner."),
    "winner_you": ("Du gewinnst!", "You win!"),
    "winners": ("Gemeinsamer Sieg: {names}", "Shared win: {names}"),
    "winners_you": ("Gemeinsamer Sieg: du und {names}", "Shared win: you and {names}"),
    "and": ("und", "and"),
    "crown": ("mit Krone", "with crown"),
    "ranking": ("Rangliste", "Ranking"),
    "stats_line": (
        "Partien: {matches} · Siege: {wins}",
        "Matches: {matches} · Wins: {wins}",
    ),
    "stats_line_online": (
        "Online-Partien: {matches} · Siege: {wins}",
        "Online matches: {matches} · Wins: {wins}",
    ),
    "stats_line_shared": (
        "Partien an diesem Gerät: {matches} · von Menschen gewonnen: {wins}",
        "Matches at this device: {matches} · Won by a person: {wins}",
    ),
    "custom_rules": ("Eigene Regeln", "Custom rules"),
    "notice_next": (
        "Die neuen Einstellungen gelten ab der nächsten Partie.",
        "The new settings apply from the next match.",
    ),
}

# The game's name in the prose of a preset's texts (docs/rules.md, "The presets").
_GAME_NAMES = {
    "classic": ("Einunddreißig", "31"),
    "pub": ("Einunddreißig", "31"),
    "knack": ("Knack", "Blitz"),
    "hosenowi": ("Hosen owi", "Hosen owi"),
}
# Each preset's one name in every list (settings, online dialog, statistics, the top bar,
# the rules help) and the one line that says how it differs from the others.
_PRESET_NAMES = {
    "classic": ("Klassisch", "Classic"),
    "knack": ("Knack", "Knack"),
    "pub": ("Kneipe", "Pub"),
    "hosenowi": ("Hosen owi", "Hosen owi"),
    "custom": ("Eigene Regeln", "Custom rules"),
}
_PRESET_LINES = {
    "classic": (
        "3 Leben, Klopfen jederzeit, der Geber darf die Tischkarten nehmen",
        "3 lives, knock any time, the dealer may take the table's cards",
    ),
    "knack": (
        "Drei Asse sind Blitz, 7-8-9 auf dem Tisch wird neu gelegt, Klopfen ab Runde 2",
        "Three aces are Blitz, 7-8-9 on the table is dealt anew, knock from round 2",
    ),
    "pub": (
        "5 Marken, zwei Karten auf einmal tauschen, eine Farbe zählt 30, ab 3 Spielern",
        "5 tokens, swap two cards at once, one suit counts 30, 3 players or more",
    ),
    "hosenowi": (
        "Offen ausgeteilt, Klopfen erst nach eigenem Tausch, Ende beim ersten Ausscheiden",
        "Dealt open, knock after your own swap, the match ends when one is out",
    ),
    "custom": ("Die Regeln, die du selbst eingestellt hast", "The rules you set yourself"),
}


def t(key: str, lang: str = "de", **values: object) -> str:
    """The text for ``key`` in ``lang`` ("de" or "en"), with values filled in."""
    return lookup(_TEXTS, key, lang, **values)


def lookup(
    table: Mapping[str, tuple[str, str]], key: str, lang: str = "de", /, **values: object
) -> str:
    """``table[key]``, a (German, English) pair, in ``lang`` (German unless "en"), with
    ``{placeholders}`` filled in; an unknown key gives the key itself. Every module's
    own table of texts is read through this.

    >>> lookup({"hi": ("Hallo {name}", "Hello {name}")}, "hi", "en", name="Ann")
    'Hello Ann'
    """
    pair = table.get(key, (key, key))
    text = pair[1] if lang == "en" else pair[0]
    return text.format(**values) if values else text


def game_name(preset: str | None, lang: str = "de") -> str:
    """The game's name in a preset's prose ("Knack", "Hosen owi", "31")."""
    return _pair(_GAME_NAMES.get(preset or "", ("Schwimmen", "Schwimmen")), lang)


def preset_name(preset: str | None, lang: str = "de") -> str:
    """The preset's one name, the same in every list ("Classic", "Knack", "Pub", ...);
    a rule set of the player's own is "Custom rules".

    >>> [preset_name(p, "en") for p in ("classic", "knack", "pub", "hosenowi", "custom")]
    ['Classic', 'Knack', 'Pub', 'Hosen owi', 'Custom rules']
    """
    return _pair(_PRESET_NAMES.get(preset or "", _PRESET_NAMES["custom"]), lang)


def preset_line(preset: str | None, lang: str = "de") -> str:
    """One line on how the preset differs from the others."""
    return _pair(_PRESET_LINES.get(preset or "", _PRESET_LINES["custom"]), lang)


def feuer_name(preset: str | None, lang: str = "de") -> str:
    """What this preset calls three aces: "Feuer", or "Blitz" in Knack (``engine.traits``)."""
    if traits(preset).three_aces_blitz:
        return _pair(("Blitz", "Three aces"), lang)
    return "Feuer"


def thirty_one_name(preset: str | None) -> str:
    """What this preset calls a hand of 31: "Knack" in Knack (``engine.traits``), else
    "31" (the same in both languages)."""
    return "Knack" if traits(preset).thirty_one_knack else "31"


def life_word(preset: str | None, lang: str = "de", plural: bool = True) -> str:
    """What this preset calls a life (``engine.traits``): tokens in pub and knack.

    >>> life_word("pub", "de"), life_word("classic", "en", plural=False)
    ('Spielmarken', 'life')
    """
    if traits(preset).life is LifeWord.TOKENS:
        pair = ("Spielmarken", "tokens") if plural else ("Spielmarke", "token")
    else:
        pair = ("Leben", "lives") if plural else ("Leben", "life")
    return _pair(pair, lang)


def life_symbol(preset: str | None) -> str:
    """The sign of one life on the table: a heart, or a token (a disc) where the preset
    plays with tokens."""
    return "●" if traits(preset).life is LifeWord.TOKENS else "♥"


def lost_words(preset: str | None, n: int, lang: str, name: str = "", you: bool = False) -> str:
    """ "Anna loses a life", "You lose 2 tokens": what a deal cost one seat, in the
    preset's word for a life.

    >>> lost_words("pub", 2, "en", "Anna"), lost_words("classic", 1, "de", you=True)
    ('Anna loses 2 tokens', 'Du verlierst ein Leben')
    """
    tokens = traits(preset).life is LifeWord.TOKENS
    key = ("lost_token" if tokens else "lost_life") if n == 1 else (
        "lost_tokens" if tokens else "lost_lives"
    )
    return t(key + ("_you" if you else ""), lang, name=name, n=n)


def swim_word(preset: str | None, lang: str = "de") -> str:
    """What this preset calls playing on at 0 lives: swimming, or a free ride (knack's
    English)."""
    if traits(preset).free_ride:
        return _pair(("schwimmen", "free ride"), lang)
    return _pair(("schwimmen", "swimming"), lang)


def _pair(pair: tuple[str, str], lang: str) -> str:
    return pair[1] if lang == "en" else pair[0]


def fmt_value(value: float | int | None, lang: str = "de") -> str:
    """A hand value as players write it: 31, 30½, 21.

    >>> fmt_value(30.5), fmt_value(21.0), fmt_value(None)
    ('30½', '21', '?')
    """
    if value is None:
        return "?"
    whole = int(value)
    return f"{whole}½" if value != whole else str(whole)
