"""The keyboard: shortcut keys for the moves and controls, and their words for the help.

A key means a move only when the engine offers that move now (``command``); the
controller plays it like the button. Arrow keys move the focus between cards
(``app.events``); Enter or Space then picks the focused card; Escape closes panels.

>>> from engine import Action
>>> command("k", [Action.knock(), Action.pass_()], "human")
'knock'
>>> command("k", [Action.pass_()], "human") is None
True
>>> command("n", [], "deal-over")
'next-deal'
"""

from __future__ import annotations

from collections.abc import Sequence

from app.escape import escape as esc
from app.i18n import lookup
from engine import Action

# key -> (a move's text or a control, words for the help: German, English)
SHORTCUTS: dict[str, tuple[str, tuple[str, str]]] = {
    "k": ("knock", ("klopfen (oder in der letzten Runde halten)", "knock (or hold, last round)")),
    "p": ("pass", ("schieben", "pass")),
    "a": ("swap all", ("alle drei tauschen", "swap all three")),
    "h": ("hint", ("Tipp: was täte der starke Computer?", "hint: what would the hard bot do?")),
    "n": ("next-deal", ("nächstes Spiel (nach dem Ergebnis)", "next deal (after the result)")),
}
MOVES = frozenset({"knock", "pass", "swap all"})

_T: dict[str, tuple[str, str]] = {
    "title": ("Tastatur", "Keyboard"),
    "arrows": (
        "Pfeiltasten ← →: zur nächsten Karte; ↑ ↓: zwischen Tisch und Hand",
        "Arrow keys ← →: next card; ↑ ↓: between table and hand",
    ),
    "pick": ("Enter oder Leertaste: Karte wählen", "Enter or Space: pick the card"),
    "escape": ("Esc: Auswahl aufheben, Fenster schließen", "Esc: clear the choice, close panels"),
}


def command(key: str, legal: Sequence[Action], mode: str) -> str | None:
    """What ``key`` does now: a legal move's text, a control name, or None."""
    entry = SHORTCUTS.get(key.lower())
    if entry is None:
        return None
    name = entry[0]
    if name in MOVES:
        return name if mode == "human" and any(str(a) == name for a in legal) else None
    if name == "hint":
        return name if mode == "human" and legal else None
    return name if mode == "deal-over" else None


def help_section(lang: str) -> str:
    """The help's keyboard section (``app.help.rules.render`` adds it)."""
    en = lang == "en"
    items = [lookup(_T, k, lang) for k in ("arrows", "pick", "escape")]
    items += [f"{key.upper()}: {w[1] if en else w[0]}" for key, (_, w) in SHORTCUTS.items()]
    lis = "".join(f"<li>{esc(text)}</li>" for text in items)
    return (
        f'<section data-section="keys"><h3>{esc(lookup(_T, "title", lang))}</h3>'
        f'<ul class="keys">{lis}</ul></section>'
    )
