"""Start-up of the page: read the URL, deal a seeded hand, draw it, listen for clicks.

``index.html`` runs ``start()`` once Pyodide is ready. Until the game UI
(controller, view, dom) lands, this shows the engine's dealt hand for ``?seed=``
as SVG cards and lets a click select one. The pure parts (``read_params``,
``deal_hand``, ``render_hand``) run under CPython too; only ``start`` and the
event handler touch the DOM.

>>> read_params("?seed=7&lang=en")
Params(seed=7, lang='en')
>>> [str(card) for card in deal_hand(7)] == [str(card) for card in deal_hand(7)]
True
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from urllib.parse import parse_qs

import engine
from app.cards_svg import card_svg


@dataclass(frozen=True)
class Params:
    """What the URL asks for. ``seed`` is None when the URL gives none (or a bad one)."""

    seed: int | None = None
    lang: str = "de"


def read_params(search: str) -> Params:
    """Parse ``location.search``; unknown or malformed values fall back to defaults."""
    query = parse_qs(search.lstrip("?"))
    seed_text = query.get("seed", [""])[0].strip()
    seed = int(seed_text) if seed_text.lstrip("-").isdigit() else None
    lang = query.get("lang", ["de"])[0]
    return Params(seed=seed, lang=lang if lang in ("de", "en") else "de")


def deal_hand(seed: int) -> tuple[engine.Card, ...]:
    """Seat 0's hand of a two-player classic match dealt with ``seed``."""
    match = engine.Match(engine.preset("classic"), players=2, seed=seed)
    return tuple(match.observation(0).hand)


def render_hand(cards, selected: int | None, lang: str = "de") -> str:
    """Markup of the hand: one button per card with ``data-card`` and ``data-index``."""
    parts = []
    for index, card in enumerate(cards):
        text = str(card)
        face = card_svg(text, lang=lang)
        mark = ' data-selected="true"' if index == selected else ""
        parts.append(
            f'<button type="button" class="card" data-card="{html.escape(text)}" '
            f'data-index="{index}"{mark} aria-pressed="{str(index == selected).lower()}">'
            f"{face}</button>"
        )
    return "".join(parts)


def start() -> None:
    """Hand the page to the game: resume the saved match or deal one (``app.dom.mount``)."""
    from app.dom import mount  # only in the browser

    mount()
