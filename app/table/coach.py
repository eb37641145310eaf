"""The coach: the hard bot's ranking of the player's moves (``engine.bots.hint``) in words.

Pure functions of the observation and the ranking; the controller asks the engine
(``ask``) and keeps the lines in the UI state, the view draws them (``markup``) and
outlines the cards of the best move (``app.table.moves.card_keys``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from app.cards.names import card_name
from app.escape import escape
from app.i18n import fmt_value, lookup, t
from engine import Action, ActionKind

SHOWN = 3  # lines of the ranking shown
BUDGET_MS = 30  # the engine's search time cap (the page's main thread must stay free)
SAMPLES = 8  # sampled worlds at most (deterministic for a seed)

_T: dict[str, tuple[str, str]] = {
    "hint": ("Tipp", "Hint"),
    "hint_title": ("Was würde der starke Computer tun?", "What would the hard bot do?"),
    "best": ("Am besten", "Best"),
    "then": ("sonst", "else"),
    "safe": ("{p} % sicher", "{p}% safe"),
    "swap": ("{hand} gegen {table} tauschen", "swap {hand} for {table}"),
    "swap_two": ("{first} und {second} tauschen", "swap {first} and {second}"),
    "pair": ("{hand}↔{table}", "{hand}↔{table}"),
    "mistery": ("{hand} gegen die Mistery-Karte", "{hand} for the Mistery card"),
    "hold": ("{cards} behalten", "keep {cards}"),
    "announce": ("{value} ansagen, {a} und {b} zeigen", "say {value}, show {a} and {b}"),
    "challenge": ("{name} anzweifeln", "challenge {name}"),
    "and": ("und", "and"),
}


def tr(key: str, lang: str, **values: Any) -> str:
    return lookup(_T, key, lang, **values)


@dataclass(frozen=True)
class Line:
    """One ranked move: the action, words for it, and its chance of no loss."""

    action: Action
    words: str
    p_safe: float


def ask(observation: Any, seed: int = 0) -> list[Any]:
    """The engine's ranking (best first) with the page's small search budget."""
    from engine.bots.hint import hint

    return list(hint(observation, budget_ms=BUDGET_MS, samples=SAMPLES, seed=seed))


def lines(obs: Any, ranked: Sequence[Any], names: Sequence[str], style: str, lang: str) -> tuple:
    """The first ``SHOWN`` entries of ``ranked`` (``Hint``: ``action``, ``p_safe``) as ``Line``."""
    return tuple(
        Line(h.action, move_words(obs, h.action, names, style, lang), float(h.p_safe))
        for h in list(ranked)[:SHOWN]
    )


def move_words(obs: Any, action: Action, names: Sequence[str], style: str, lang: str) -> str:
    """A move said in words, with the cards' names from the observation.

    >>> from types import SimpleNamespace
    >>> from engine import parse_cards
    >>> o = SimpleNamespace(hand=parse_cards("KH 9S 7D"), table=parse_cards("AH 10C QS"))
    >>> move_words(o, Action.swap(1, 0), ["", "Anna"], "french", "en")
    'swap 9 of Spades for Ace of Hearts'
    >>> move_words(o, Action.challenge(1), ["", "Anna"], "french", "de")
    'Anna anzweifeln'
    """
    hand = list(getattr(obs, "hand", ()) or ())
    table = list(getattr(obs, "table", ()) or ())

    def h(k: int) -> str:
        return card_name(hand[k], style, lang) if k < len(hand) else f"#{k}"

    def tb(k: int) -> str:
        return card_name(table[k], style, lang) if k < len(table) else f"#{k}"

    kind = action.kind
    if kind is ActionKind.SWAP:
        ((hi, ti),) = action.pairs
        return tr("swap", lang, hand=h(hi), table=tb(ti))
    if kind is ActionKind.SWAP_TWO:
        first, second = (tr("pair", lang, hand=h(hi), table=tb(ti)) for hi, ti in action.pairs)
        return tr("swap_two", lang, first=first, second=second)
    if kind is ActionKind.MISTERY:
        return tr("mistery", lang, hand=h(action.hand_cards[0]))
    if kind is ActionKind.HOLD:
        cards = [h(i) for i in action.hand_cards]
        joined = ", ".join(cards[:-1]) + f" {tr('and', lang)} " + cards[-1]
        return tr("hold", lang, cards=joined)
    if kind is ActionKind.ANNOUNCE:
        a, b = action.hand_cards
        return tr("announce", lang, value=fmt_value(action.value), a=h(a), b=h(b))
    if kind is ActionKind.CHALLENGE:
        seat = action.target
        name = names[seat] if 0 < seat < len(names) else f"#{seat}"
        return tr("challenge", lang, name=name)
    return t(str(action), lang)  # keep, take, swap all, pass, new, knock, giveup


def percent(p: float) -> int:
    """A chance as a whole percentage (``0.724`` -> 72)."""
    return round(p * 100)


def markup(shown: Sequence[Line], lang: str) -> str:
    """The ranking as a short list: "Best: swap ... (72% safe)", then the next ones."""
    if not shown:
        return ""
    items = []
    for i, line in enumerate(shown):
        lead = tr("best" if i == 0 else "then", lang)
        safe = tr("safe", lang, p=percent(line.p_safe))
        items.append(
            f'<li data-hint-action="{escape(str(line.action))}" data-p-safe="{line.p_safe:.3f}">'
            f"{escape(lead)}: {escape(line.words)} ({escape(safe)})</li>"
        )
    return (
        f'<ol class="hint-box" data-testid="hint" aria-label="{escape(tr("hint_title", lang))}">'
        f"{''.join(items)}</ol>"
    )
