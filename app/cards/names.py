"""Names of cards for people: accessible names, index letters and short log forms.

The engine knows four suits and thirteen ranks; the face style (French,
German or Swiss cards) and the language only change what people read.

>>> from engine import Card
>>> card_name(Card.parse("KH"))
'Herz König'
>>> card_name("AS", lang="en")
'Ace of Spades'
>>> card_name("7D", lang="en"), card_name("10H")
('7 of Diamonds', 'Herz 10')
>>> card_name("JC", "german")
'Eichel Unter'
>>> card_name("10H", "swiss")
'Rosen Banner'
>>> card_name("JC", "swiss", "en")
'Under of Acorns'
>>> card_short("KH", lang="en"), card_short("JH"), card_short("QS", "german")
('K♥', 'B♥', 'Grün-O')
"""

from __future__ import annotations

from engine import Card, InvalidInputError, Rank, Suit

STYLES = ("french", "german", "swiss")
"""The card faces we draw: French (Kreuz, Pik, Herz, Karo), German, Swiss."""

LANGS = ("de", "en")
"""The languages card names exist in."""

_C, _D, _H, _S = Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES

_SUIT_NAMES = {
    ("french", "de"): {_C: "Kreuz", _D: "Karo", _H: "Herz", _S: "Pik"},
    ("french", "en"): {_C: "Clubs", _D: "Diamonds", _H: "Hearts", _S: "Spades"},
    ("german", "de"): {_C: "Eichel", _D: "Schelle", _H: "Herz", _S: "Grün"},
    ("german", "en"): {_C: "Acorns", _D: "Bells", _H: "Hearts", _S: "Leaves"},
    ("swiss", "de"): {_C: "Eicheln", _D: "Schellen", _H: "Rosen", _S: "Schilten"},
    ("swiss", "en"): {_C: "Acorns", _D: "Bells", _H: "Roses", _S: "Shields"},
}

_SUIT_SYMBOLS = {_C: "♣", _D: "♦", _H: "♥", _S: "♠"}

_NUMBER_WORDS = {
    "de": ("Zwei", "Drei", "Vier", "Fünf", "Sechs", "Sieben", "Acht", "Neun", "Zehn"),
    "en": ("Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten"),
}

# Picture cards and the ace: (name, index letter) per style and language.
# German-made French decks (Skat) mark Bube/Dame with B/D; German and Swiss
# faces use the German letters in both languages, as printed on the cards.
_COURTS = {
    ("french", "de"): {11: ("Bube", "B"), 12: ("Dame", "D"), 13: ("König", "K"), 14: ("Ass", "A")},
    ("french", "en"): {11: ("Jack", "J"), 12: ("Queen", "Q"), 13: ("King", "K"), 14: ("Ace", "A")},
    ("german", "de"): {11: ("Unter", "U"), 12: ("Ober", "O"), 13: ("König", "K"), 14: ("Ass", "A")},
    ("german", "en"): {11: ("Under", "U"), 12: ("Ober", "O"), 13: ("King", "K"), 14: ("Ace", "A")},
    ("swiss", "de"): {11: ("Under", "U"), 12: ("Ober", "O"), 13: ("König", "K"), 14: ("Ass", "A")},
    ("swiss", "en"): {11: ("Under", "U"), 12: ("Ober", "O"), 13: ("King", "K"), 14: ("Ace", "A")},
}


def check_style(style: str) -> str:
    """Return ``style`` if it is one of :data:`STYLES`, else raise ``InvalidInputError``."""
    if style not in STYLES:
        raise InvalidInputError(
            f"card style {style!r} does not exist: choose 'french', 'german' or 'swiss'"
        )
    return style


def check_lang(lang: str) -> str:
    """Return ``lang`` if it is one of :data:`LANGS`, else raise ``InvalidInputError``."""
    if lang not in LANGS:
        raise InvalidInputError(f"language {lang!r} is not available: choose 'de' or 'en'")
    return lang


def as_card(card: Card | str) -> Card:
    """A :class:`Card`, or its text such as ``"10H"`` (bad text raises ``InvalidInputError``)."""
    if isinstance(card, Card):
        return card
    return Card.parse(card)


def as_suit(suit: Suit | str) -> Suit:
    """A :class:`Suit`, or its letter C, D, H or S."""
    if isinstance(suit, Suit):
        return suit
    for s in Suit:
        if isinstance(suit, str) and suit.strip().upper() == s.value:
            return s
    raise InvalidInputError(f"{suit!r} is not a suit: write C, D, H or S")


def as_rank(rank: Rank | int | str) -> Rank:
    """A :class:`Rank`, its number 2-14 or its symbol (``"10"``, ``"K"``)."""
    if isinstance(rank, Rank):
        return rank
    if isinstance(rank, int) and not isinstance(rank, bool) and 2 <= rank <= 14:
        return Rank(rank)
    if isinstance(rank, str):
        for r in Rank:
            if rank.strip().upper() == r.symbol:
                return r
    raise InvalidInputError(f"{rank!r} is not a rank: write 2-10, J, Q, K or A")


def suit_name(suit: Suit | str, style: str = "french", lang: str = "de") -> str:
    """The suit's name on these faces, e.g. ``suit_name(Suit.SPADES, "swiss") == "Schilten"``."""
    return _SUIT_NAMES[check_style(style), check_lang(lang)][as_suit(suit)]


def suit_symbol(suit: Suit | str) -> str:
    """The French suit character (♣ ♦ ♥ ♠), used in short forms of French cards."""
    return _SUIT_SYMBOLS[as_suit(suit)]


def rank_name(rank: Rank | int | str, style: str = "french", lang: str = "de") -> str:
    """The rank's name: ``"König"``, ``"Unter"``, ``"Banner"`` (Swiss 10), ``"Seven"``..."""
    r = as_rank(rank)
    key = check_style(style), check_lang(lang)
    if r >= Rank.JACK:
        return _COURTS[key][int(r)][0]
    if r == Rank.TEN and style == "swiss":
        return "Banner"
    return _NUMBER_WORDS[lang][int(r) - 2]


def rank_index(rank: Rank | int | str, style: str = "french", lang: str = "de") -> str:
    """What the card's corner shows: ``"7"``, ``"10"``, ``"K"``; ``"B"`` for the Swiss
    Banner, ``"U"``/``"O"`` on German and Swiss faces, ``"B"``/``"D"`` on German French."""
    r = as_rank(rank)
    key = check_style(style), check_lang(lang)
    if r >= Rank.JACK:
        return _COURTS[key][int(r)][1]
    if r == Rank.TEN and style == "swiss":
        return "B"
    return r.symbol


def card_name(card: Card | str, style: str = "french", lang: str = "de") -> str:
    """The accessible name: ``"Herz König"``, ``"Eichel Unter"``, ``"King of Hearts"``,
    ``"7 of Diamonds"``. A number card is named by the number its corner shows, so the
    name contains what is printed (WCAG 2.5.3, "label in name"); a screen reader says
    the number in the page's language."""
    c = as_card(card)
    suit = suit_name(c.suit, style, lang)
    rank = c.rank.symbol if _is_number(c.rank, style) else rank_name(c.rank, style, lang)
    if lang == "en":
        return f"{rank} of {suit}"
    return f"{suit} {rank}"


def _is_number(rank: Rank, style: str) -> bool:
    return rank < Rank.JACK and not (rank == Rank.TEN and style == "swiss")


def card_short(card: Card | str, style: str = "french", lang: str = "de") -> str:
    """A short form for logs: ``"K♥"`` for French faces, ``"Herz-K"`` or
    ``"Acorns-U"`` for German and Swiss faces (their suits have no characters)."""
    c = as_card(card)
    index = rank_index(c.rank, style, lang)
    if style == "french":
        return f"{index}{suit_symbol(c.suit)}"
    return f"{suit_name(c.suit, style, lang)}-{index}"
