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
import random
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
    """Build the first screen and hand the page to the player (``data-state="human"``)."""
    import js  # only in the browser
    from pyodide.ffi import create_proxy

    app = js.document.getElementById("app")
    params = read_params(str(js.location.search))
    seed = params.seed if params.seed is not None else random.SystemRandom().randrange(2**31)
    cards = deal_hand(seed)
    hand = app.querySelector("[data-testid=hand]")
    state = {"selected": None}

    def draw() -> None:
        hand.innerHTML = render_hand(cards, state["selected"], params.lang)

    def on_click(event) -> None:
        target = event.target.closest("[data-testid=hand] [data-card]")
        if target is None:
            return
        index = int(target.dataset.index)
        state["selected"] = None if state["selected"] == index else index
        draw()

    draw()
    app.dataset.seed = str(seed)
    # One delegated listener on the stable container (elements are redrawn).
    app.addEventListener("click", create_proxy(on_click))
    app.dataset.state = "human"
