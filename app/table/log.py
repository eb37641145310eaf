"""The match log in words: one line per engine event, as seat 0 may see it.

The engine records what happens as ``Event``s (``engine.events``) and hands each
seat its own view of them (``observation.log``: a bot's Mistery swap hides its
cards, the player's own names them). This module says each event in German or
English; the table session (``TableSession``) numbers the lines by the event's place in
the log, so the
page appends only new ones and a resumed match shows the same log again.

>>> from engine import Event, EventKind, parse_cards
>>> names = ("", "Anna", "Ben")
>>> line(Event(EventKind.SWAP, seat=1, given=parse_cards("KH"), taken=parse_cards("9S")), names)
'Anna nimmt 9♠ und legt K♥'
>>> line(Event(EventKind.KNOCK, seat=0), names, lang="en")
'You knock!'
>>> line(Event(EventKind.REFRESH, cards=parse_cards("7C 8C 9C")), names, lang="en")
'Everyone passed: new table cards 7♣ 8♣ 9♣'
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence

from app.cards.names import card_short
from app.i18n import feuer_name, fmt_value, lookup, lost_words, t, thirty_one_name
from app.table.parts import you_seat
from engine import Card, DealEnd, Event, EventKind, LossReason, LuegenOutcome

KEEP = 3000
"""Lines kept in the page: a whole match (a long nine-seat match has a few thousand
events; online play syncs as many, ``engine.online.views.MAX_SYNC_EVENTS``); beyond
that the oldest go first."""
STORED = 80
"""Lines of the log kept with the first screen in storage (``app.dom.keep_screen``):
the newest, enough for the moment before Python draws the whole log again."""

# Text keys per event kind; "_you" variants when seat 0 (the player) did it.
_T: dict[str, tuple[str, str]] = {
    "deal": ("Spiel {n}: {name} gibt", "Deal {n}: {name} deals"),
    "deal_you": ("Spiel {n}: Du gibst", "Deal {n}: you deal"),
    "table": ("Tisch: {cards}", "Table: {cards}"),
    "keep": ("{name} behält die Karten", "{name} keeps the cards"),
    "keep_you": ("Du behältst deine Karten", "You keep your cards"),
    "take": (
        "{name} legt {cards} offen und nimmt neue Karten",
        "{name} lays {cards} open and takes new cards",
    ),
    "take_you": (
        "Du nimmst neue Karten und legst {cards} offen",
        "You take new cards and lay {cards} open",
    ),
    "swap": ("{name} nimmt {take} und legt {give}", "{name} takes {take} and lays {give}"),
    "swap_you": ("Du nimmst {take} und legst {give}", "You take {take} and lay {give}"),
    "swap_all": (
        "{name} tauscht alle drei: nimmt {take}, legt {give}",
        "{name} swaps all three: takes {take}, lays {give}",
    ),
    "swap_all_you": (
        "Du tauschst alle drei: nimmst {take}, legst {give}",
        "You swap all three: take {take}, lay {give}",
    ),
    "mistery": ("{name} tauscht mit der Mistery-Karte", "{name} swaps with the Mistery card"),
    "mistery_you": (
        "Du legst {give} verdeckt und nimmst {take}",
        "You lay {give} face down and take {take}",
    ),
    "hold": ("{name} gibt zwei Karten weiter", "{name} passes two cards on"),
    "hold_you": (
        "Du behältst {take} und gibst {give} weiter",
        "You keep {take} and pass {give} on",
    ),
    "pass": ("{name} schiebt", "{name} passes"),
    "pass_you": ("Du schiebst", "You pass"),
    "refresh": (
        "Alle haben geschoben: neue Mitte {cards}",
        "Everyone passed: new table cards {cards}",
    ),
    "new": ("{name}: 7-8-9, neue Mitte {cards}", "{name}: 7-8-9, new table cards {cards}"),
    "new_you": (
        "Du legst 7-8-9 ab: neue Mitte {cards}",
        "You discard 7-8-9: new table cards {cards}",
    ),
    "reshuffle": (
        "Der Ablagestapel wird gemischt und ist der neue Stapel",
        "The discard pile is shuffled into the stock",
    ),
    "knock": ("{name} klopft!", "{name} knocks!"),
    "knock_you": ("Du klopfst!", "You knock!"),
    # A "knock" in the final round (Hosen owi) is no knock: the player holds their hand.
    "hold_final": (
        "{name} behält die Karten für die letzte Runde",
        "{name} keeps the hand for the last round",
    ),
    "hold_final_you": (
        "Du behältst deine Karten für die letzte Runde",
        "You keep your hand for the last round",
    ),
    # The call comes first: a deal ends at once, and this is the line that says why.
    "31": ("{call}! {name} hat {cards}", "{call}! {name} has {cards}"),
    "31_you": ("{call}! Du hast {cards}", "{call}! You have {cards}"),
    "feuer": ("{feuer}! {name} hat {cards}", "{feuer}! {name} has {cards}"),
    "feuer_you": ("{feuer}! Du hast {cards}", "{feuer}! You have {cards}"),
    "reveal": ("{name} zeigt {cards} ({value})", "{name} shows {cards} ({value})"),
    "reveal_you": ("Du zeigst {cards} ({value})", "You show {cards} ({value})"),
    "announce": (
        "{name} sagt {value} an und zeigt {cards}",
        "{name} announces {value}, shows {cards}",
    ),
    "announce_you": (
        "Du sagst {value} an und zeigst {cards}",
        "You announce {value}, show {cards}",
    ),
    "challenge": ("{name} zweifelt {other} an", "{name} challenges {other}"),
    "challenge_you": ("Du zweifelst {other} an", "You challenge {other}"),
    "challenge_of_you": ("{name} zweifelt dich an", "{name} challenges you"),
    "verdict_lie": ("gelogen!", "a lie!"),
    "verdict_true": ("die Wahrheit.", "the truth."),
    "giveup": ("{name} gibt auf", "{name} gives up"),
    "giveup_you": ("Du gibst auf", "You give up"),
    "void": (
        "Alle würden ausscheiden: niemand verliert ein Leben",
        "Everyone left would be out: nobody loses a life",
    ),
    "swim": ("{name} schwimmt!", "{name} is swimming!"),
    "swim_you": ("Du schwimmst!", "You are swimming!"),
    "out": ("{name} ist ausgeschieden", "{name} is out"),
    "out_you": ("Du bist ausgeschieden", "You are out"),
    "deal_end": ("Spiel {n} vorbei ({why})", "Deal {n} over ({why})"),
    "crown": ("mit Krone", "with the crown"),
    # why a deal ended
    "end_knock": ("geklopft", "knocked"),
    "end_31": ("31", "31"),
    "end_max_cycles": ("Rundenlimit", "round limit"),
    "end_stock": ("kein Stapel mehr", "the stock ran out"),
    # why a seat lost
    "why_lowest": ("niedrigste Hand", "lowest hand"),
    "why_tie": ("Gleichstand", "tie"),
    "why_knocker_paid_tie": ("Klopfer zahlt den Gleichstand", "the knocker pays the tie"),
    "why_under_21": ("20 oder weniger", "20 or less"),
    "why_giveup": ("aufgegeben", "gave up"),
    "why_lie": ("gelogen", "caught lying"),
    "why_true": ("Wahrheit angezweifelt", "challenged the truth"),
}


def tr(key: str, lang: str, **values: object) -> str:
    return lookup(_T, key, lang, **values)


def line(
    event: Event,
    names: Sequence[str],
    *,
    lang: str = "de",
    style: str = "french",
    preset: str = "classic",
) -> str:
    """``event`` as one line of the log; ``names[seat]`` names the bots (seat 0 is
    the player, who is "you")."""
    return _line(event, tuple(names), lang, style, preset)


@functools.lru_cache(maxsize=2048)  # events are frozen: a line is worked out once
def _line(event: Event, names: tuple[str, ...], lang: str, style: str, preset: str) -> str:
    say = _Say(names, lang, style)
    text = _move_line(event, say)
    return text if text is not None else _showdown_line(event, say, preset)


class _Say:
    """Seats and cards in one log's words: seat 0 is "you", the others by name."""

    def __init__(self, names: tuple[str, ...], lang: str, style: str) -> None:
        self.names, self.lang, self.style = names, lang, style
        self.you = you_seat(names)  # None at a shared device: everyone by name

    def mine(self, seat: int | None) -> str:
        """The key suffix of a sentence about "you" ("_you"), else ""."""
        return "_you" if seat is not None and seat == self.you else ""

    def name(self, seat: int | None) -> str:
        if seat is None:
            return "?"
        if seat == self.you:
            return t("you", self.lang)
        return self.names[seat] if seat < len(self.names) else f"#{seat}"

    def cards(self, cs: Sequence[Card]) -> str:
        return " ".join(card_short(c, self.style, self.lang) for c in cs)

    def listed(self, cs: Sequence[Card]) -> str:
        return ", ".join(card_short(c, self.style, self.lang) for c in cs)


def _move_line(event: Event, say: _Say) -> str | None:
    """A deal's start, its table, and the seats' moves; None for other events."""
    k, lang = event.kind, say.lang
    you = say.mine(event.seat)
    who = say.name(event.seat)
    if k is EventKind.DEAL:
        return tr("deal" + you, lang, n=event.value, name=who)
    if k in (EventKind.TABLE, EventKind.REFRESH, EventKind.RESHUFFLE, EventKind.VOID):
        return tr(_PUBLIC[k], lang, cards=say.cards(event.cards))
    if k in (EventKind.KEEP, EventKind.PASS, EventKind.GIVEUP, EventKind.SWIM, EventKind.OUT):
        return tr(str(k) + you, lang, name=who)
    if k is EventKind.TAKE:
        return tr("take" + you, lang, name=who, cards=say.cards(event.given))
    if k is EventKind.SWAP:
        take, give = say.listed(event.taken), say.listed(event.given)
        return tr("swap" + you, lang, name=who, take=take, give=give)
    if k is EventKind.SWAP_ALL:
        take, give = say.cards(event.taken), say.cards(event.given)
        return tr("swap_all" + you, lang, name=who, take=take, give=give)
    if k is EventKind.MISTERY or k is EventKind.HOLD:
        mine = "_you" if event.given else ""  # only the mover's own log names the cards
        key = "mistery" if k is EventKind.MISTERY else "hold"
        take, give = say.cards(event.taken), say.cards(event.given)
        return tr(key + mine, lang, name=who, take=take, give=give)
    if k is EventKind.NEW:
        return tr("new" + you, lang, name=who, cards=say.cards(event.cards))
    if k is EventKind.KNOCK:
        return tr(("hold_final" if event.reason == "keep" else "knock") + you, lang, name=who)
    return None


def _showdown_line(event: Event, say: _Say, preset: str) -> str:
    """How a deal ends (31, Feuer, shown hands, Lügen), the lives lost, the match's end."""
    k, lang = event.kind, say.lang
    you = say.mine(event.seat)
    who = say.name(event.seat)
    if k is EventKind.THIRTY_ONE:
        call = thirty_one_name(preset)
        return tr("31" + you, lang, name=who, cards=say.cards(event.cards), call=call)
    if k is EventKind.FEUER:
        feuer = feuer_name(preset, lang)
        return tr("feuer" + you, lang, name=who, feuer=feuer, cards=say.cards(event.cards))
    if k is EventKind.REVEAL or k is EventKind.ANNOUNCE:
        value, cards = fmt_value(event.value), say.cards(event.cards)
        return tr(str(k) + you, lang, name=who, cards=cards, value=value)
    if k is EventKind.CHALLENGE:
        key = "challenge_of_you" if say.mine(event.target) else "challenge" + you
        text = tr(key, lang, name=who, other=say.name(event.target))
        if event.reason in (LuegenOutcome.LIE, LuegenOutcome.TRUE):
            text += ": " + tr("verdict_" + str(event.reason), lang)
        return text
    if k is EventKind.LOSE:
        n = event.lives or 0
        lost = lost_words(preset, n, lang, who, you=bool(you))
        return f"{lost} ({_why(event.reason, lang, preset)})"
    if k is EventKind.DEAL_END:
        return tr("deal_end", lang, n=event.value, why=_end(event.reason, lang, preset))
    if k is EventKind.MATCH_END:
        text = winners(event.seats, say.name, lang, you=say.you)
        return text + (f" ({tr('crown', lang)})" if event.reason == "crown" else "")
    return str(event)  # a kind this module does not know yet: the engine's own words


def winners(
    seats: Sequence[int], name: Callable[[int], str], lang: str, you: int | None = 0
) -> str:
    """Who won the match, as the log and the match-over panel say it; ``name(seat)``
    names the others (seat ``you`` is "you", in the sentence's own grammar; ``None`` at a
    shared device, where everyone is named).

    >>> name = ("Du", "Anna", "Ben", "Clara").__getitem__
    >>> winners((2,), name, "de"), winners((0,), name, "en")
    ('Ben gewinnt!', 'You win!')
    >>> winners((1, 2, 3), name, "de"), winners((0, 2), name, "en")
    ('Gemeinsamer Sieg: Anna, Ben und Clara', 'Shared win: you and Ben')
    >>> winners((), name, "en")  # an online match that ended when the time ran out
    'The match ends without a winner.'
    """
    if not seats:
        return t("no_winner", lang)
    if len(seats) == 1:
        return t("winner_you", lang) if seats[0] == you else t("winner", lang, name=name(seats[0]))
    *rest, last = (name(s) for s in seats if s != you)
    listed = f"{', '.join(rest)} {t('and', lang)} {last}" if rest else last
    return t("winners_you" if you in seats else "winners", lang, names=listed)


_PUBLIC = {
    EventKind.TABLE: "table",
    EventKind.REFRESH: "refresh",
    EventKind.RESHUFFLE: "reshuffle",
    EventKind.VOID: "void",
}


def _feuer(preset: str, lang: str) -> str:
    """Three aces as named inside a sentence ("Feuer", "Blitz", "three aces")."""
    name = feuer_name(preset, lang)
    return name.lower() if lang == "en" and name.startswith("Three") else name


def _why(reason: str, lang: str, preset: str) -> str:
    """Why a seat lost lives (a ``LossReason``), in words."""
    if reason == LossReason.FEUER:
        return _feuer(preset, lang)
    return tr("why_" + str(reason), lang)


def _end(reason: str, lang: str, preset: str) -> str:
    """How a deal ended (a ``DealEnd``), in words."""
    if reason == DealEnd.FEUER:
        return _feuer(preset, lang)
    if reason == DealEnd.THIRTY_ONE:
        return thirty_one_name(preset)
    return tr("end_" + str(reason), lang)


def numbered(
    events: Sequence[Event],
    names: Sequence[str],
    *,
    lang: str = "de",
    style: str = "french",
    preset: str = "classic",
    keep: int = KEEP,
) -> list[tuple[int, str]]:
    """The last ``keep`` events as ``(number, line)``, numbered from 1 by their place
    in the whole log (so the page can tell new lines from those it shows)."""
    start = max(0, len(events) - keep)
    return [
        (i + 1, line(e, names, lang=lang, style=style, preset=preset))
        for i, e in enumerate(events[start:], start=start)
    ]


def until_deal_end(events: Sequence[Event], deal_number: int) -> Sequence[Event]:
    """``events`` up to the end of deal ``deal_number`` (what the end-of-deal screen
    for that deal may show: the next deal has started in the engine already).

    >>> from engine import Event, EventKind
    >>> log = [Event(EventKind.DEAL_END, value=1), Event(EventKind.DEAL, seat=1, value=2)]
    >>> len(until_deal_end(log, 1)), len(until_deal_end(log, 2))
    (1, 2)
    """
    for i, e in enumerate(events):
        if e.kind is EventKind.DEAL_END and e.value == deal_number:
            return events[: i + 1]
    return events
