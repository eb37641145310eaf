"""The words the table uses to tell what happens (``app.table.story`` finds it out):
a seat's last move, the last round after a knock, the word called as a deal ends,
the turn prompt that follows the player's selection, the player's hand value.

>>> from app.table.story import Move
>>> from engine import EventKind, parse_cards
>>> seat_move(Move(EventKind.SWAP, took=parse_cards("KS"), laid=parse_cards("7H")), "french", "en")
'took K♠ · laid 7♥'
>>> seat_move(Move(EventKind.KNOCK, final=True), "french", "de")
'hält das Blatt'
>>> last_round(["Ben", "You"], "en")
'Last round: Ben, You'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from app.cards.names import card_short
from app.i18n import fmt_value, lookup, t, thirty_one_name
from engine import Card, DealResult, EventKind

if TYPE_CHECKING:
    from app.table.story import Move

_T: dict[str, tuple[str, str]] = {
    # a move a bot made for a person (online): on the seat and in the log
    "by_bot_timeout": ("Zeit abgelaufen: ein Bot zog", "time ran out: a bot moved"),
    "by_bot_away": ("nicht da: ein Bot zog", "away: a bot moved"),
    "by_bot_left": ("ein Bot spielt für den Platz", "a bot plays the seat"),
    "note_away": ("nicht da", "away"),
    "note_bot": ("ein Bot spielt, bis zum nächsten Zug", "a bot plays until their next move"),
    # a seat's last move, shown on the seat until its next turn
    "swap": ("nahm {took} · legte {laid}", "took {took} · laid {laid}"),
    "swap_all": ("tauschte alle drei", "swapped all three"),
    "mistery": ("tauschte verdeckt", "swapped face down"),
    "mistery_you": ("legte {laid} verdeckt · zog {took}", "laid {laid} face down · drew {took}"),
    "pass": ("schob", "passed"),
    "knock": ("klopfte!", "knocked!"),
    "hold": ("hält das Blatt", "held the hand"),
    "keep": ("behielt die Karten", "kept the cards"),
    "take": ("legte {laid} offen", "laid {laid} open"),
    "new": ("neue Tischkarten (7-8-9)", "new table cards (7-8-9)"),
    "hidden": ("behielt drei Karten", "kept three cards"),
    "announce": ("sagte {value}", "said {value}"),
    # the knock and the final round
    "last_round": ("Letzte Runde: {names}", "Last round: {names}"),
    "your_last": ("Dein letzter Zug!", "Your last turn!"),
    # called over the table as a deal ends
    "call_31": ("{call}!", "{call}!"),
    "call_feuer": ("Feuer!", "Fire!"),
    "call_knock": ("Aufdecken!", "Cards up!"),
    "call_max_cycles": ("Runden vorbei – aufdecken!", "Out of rounds – cards up!"),
    # a deal that ended as it was dealt, before anyone moved
    "dealt_31": (
        "{names} bekam 31 ausgeteilt – niemand kam zum Zug.",
        "{names} was dealt 31 — nobody got a turn.",
    ),
    "dealt_31_many": (
        "{names} bekamen 31 ausgeteilt – niemand kam zum Zug.",
        "{names} were dealt 31 — nobody got a turn.",
    ),
    "three_aces": ("drei Asse", "three aces"),
    "dealt_31_you": (
        "Du bekamst 31 ausgeteilt – niemand kam zum Zug.",
        "You were dealt 31 — nobody got a turn.",
    ),
    "dealt_feuer_you": (
        "Du bekamst {feuer} ausgeteilt – niemand kam zum Zug.",
        "You were dealt {feuer} — nobody got a turn.",
    ),
    "dealt_feuer": (
        "{names} bekam {feuer} ausgeteilt – niemand kam zum Zug.",
        "{names} was dealt {feuer} — nobody got a turn.",
    ),
    # the turn prompt, following the selection; tap on touch screens, click with a mouse
    "pick_table": ("Jetzt eine Tischkarte {verb}.", "Now {verb} a table card."),
    "pick_hand": ("Jetzt eine deiner Karten {verb}.", "Now {verb} one of your cards."),
    "swap_tap": (
        "Du bist dran: tippe eine Handkarte und dann eine Tischkarte.",
        "Your turn: tap a hand card, then a table card.",
    ),
    "swap_click": (
        "Du bist dran: klicke eine Handkarte und dann eine Tischkarte an.",
        "Your turn: click a hand card, then a table card.",
    ),
    # ... where a swap of two cards is offered too (Pub)
    "pick_table_or_two": (
        "Jetzt eine Tischkarte {verb} – oder eine zweite Handkarte, um zwei zu tauschen.",
        "Now {verb} a table card, or a second hand card to swap two.",
    ),
    "pick_hand_or_two": (
        "Jetzt eine deiner Karten {verb} – oder eine zweite Tischkarte, um zwei zu tauschen.",
        "Now {verb} one of your cards, or a second table card to swap two.",
    ),
    "pick_two_tables": (
        "Zwei tauschen: jetzt die zwei Tischkarten {verb}, erst die für 1, dann die für 2.",
        "Swapping two: now {verb} the two table cards, first the one for 1, then for 2.",
    ),
    "pick_two_hands": (
        "Zwei tauschen: jetzt die zwei Handkarten {verb}, erst die für 1, dann die für 2.",
        "Swapping two: now {verb} the two hand cards, first the one for 1, then for 2.",
    ),
    "swap_two_tap": (
        "Du bist dran: tippe eine Handkarte und dann eine Tischkarte (zwei Handkarten, "
        "dann zwei Tischkarten: zwei tauschen).",
        "Your turn: tap a hand card, then a table card (two hand cards, then two table "
        "cards: swap two).",
    ),
    "swap_two_click": (
        "Du bist dran: klicke eine Handkarte und dann eine Tischkarte an (zwei Handkarten, "
        "dann zwei Tischkarten: zwei tauschen).",
        "Your turn: click a hand card, then a table card (two hand cards, then two table "
        "cards: swap two).",
    ),
    "verb_tap": ("antippen", "tap"),
    "verb_click": ("anklicken", "click"),
    "cancel": ("Abbrechen", "Cancel"),
    "sound": ("Ton", "Sound"),
    # a shared device (pass-and-play)
    "cover_turn": ("{name} ist dran", "{name}'s turn"),
    "cover_tap": (
        "Gib das Gerät an {name}. {name}: tippe, wenn nur du hinsiehst.",
        "Hand the device to {name}. {name}: tap when only you are looking.",
    ),
    "cover_show": ("Meine Karten zeigen", "Show my cards"),
    "cover_wait": ("Die anderen sind dran …", "The others are playing …"),
    "cover_pass": (
        "Die Karten bleiben verdeckt, bis die nächste Person dran ist.",
        "The cards stay covered until the next person's turn.",
    ),
    "hand_value": ("Dein Blatt: {value}", "Your hand: {value}"),
    "stock": ("{n} Karten im Stapel", "{n} cards in the stock"),
    "laid_by": ("gelegt von {name}", "laid by {name}"),
}


def tr(key: str, lang: str, **values: object) -> str:
    return lookup(_T, key, lang, **values)


def _cards(cards: Sequence[Card], style: str, lang: str) -> str:
    return " ".join(card_short(c, style, lang) for c in cards)


def seat_move(move: Move, style: str, lang: str, *, me: bool = False) -> str:
    """A seat's last move in a few words."""
    kind = move.kind
    took, laid = _cards(move.took, style, lang), _cards(move.laid, style, lang)
    if kind is EventKind.SWAP:
        return tr("swap", lang, took=took, laid=laid)
    if kind is EventKind.MISTERY:
        return tr("mistery_you", lang, took=took, laid=laid) if me and took else tr("mistery", lang)
    if kind is EventKind.KNOCK:
        return tr("hold" if move.final else "knock", lang)
    if kind is EventKind.TAKE:
        return tr("take", lang, laid=laid)
    if kind is EventKind.ANNOUNCE:
        return tr("announce", lang, value=fmt_value(move.value))
    if kind is EventKind.HOLD:
        return tr("hidden", lang)
    return tr(
        {
            EventKind.SWAP_ALL: "swap_all",
            EventKind.PASS: "pass",
            EventKind.KEEP: "keep",
            EventKind.NEW: "new",
        }.get(kind, "pass"),
        lang,
    )


def last_round(names: Sequence[str], lang: str) -> str:
    """The notice after a knock: the last round, and whose turns remain."""
    return tr("last_round", lang, names=", ".join(names))


def callout(reason: str, lang: str, preset: str | None = None) -> str:
    """The word called as a deal ends for ``reason`` (a ``DealEnd``), or ""; a 31 by
    the preset's name for it ("Knack!")."""
    key = "call_" + reason
    return tr(key, lang, call=thirty_one_name(preset)) if key in _T else ""


def dealt(
    result: DealResult, name: Callable[[int], str], feuer: str, lang: str, you: int | None
) -> str:
    """Why a deal that nobody played ended ("Ben was dealt 31 — nobody got a turn"), from
    its result (``DealResult``: who held Feuer or 31); "" for any other end."""
    if str(result.reason) == "feuer" and result.feuer is not None:
        seats: Sequence[int] = (result.feuer,)
        key = "dealt_feuer"
    elif str(result.reason) == "31" and result.thirty_one:
        seats = tuple(result.thirty_one)
        key = "dealt_31" if len(seats) == 1 else "dealt_31_many"
    else:
        return ""
    names = [name(s) for s in seats]
    listed = names[-1]
    if len(names) > 1:
        listed = f"{', '.join(names[:-1])} {t('and', lang)} {listed}"
    if you in seats and len(seats) == 1:
        key += "_you"
    aces = tr("three_aces", lang)
    if feuer.lower() != aces:  # "Feuer (three aces)"; knack's English has no other name
        aces = f"{feuer} ({aces})"
    return tr(key, lang, names=listed, feuer=aces)


def swap_prompt(
    selected: Sequence[tuple[str, str]], touch: bool, lang: str, *, two: bool = False
) -> str:
    """The prompt on the player's turn: what to pick next, tapped or clicked; with
    ``two`` (a swap of two cards is offered, Pub), how one begins and goes on."""
    verb = tr("verb_tap" if touch else "verb_click", lang)
    zones = [zone for zone, _ in selected]
    if two and len(zones) >= 2:  # a swap of two begun: the other side's two cards
        key = "pick_two_tables" if zones.count("hand") == 2 else "pick_two_hands"
        return tr(key, lang, verb=verb)
    if set(zones) == {"hand"}:
        return tr("pick_table_or_two" if two else "pick_table", lang, verb=verb)
    if set(zones) == {"table"}:
        return tr("pick_hand_or_two" if two else "pick_hand", lang, verb=verb)
    if two:
        return tr("swap_two_tap" if touch else "swap_two_click", lang)
    return tr("swap_tap" if touch else "swap_click", lang)
