"""Small card faces for lists (results, the deal review): the same SVG faces as the table.

``face`` keeps drawn faces (drawing one costs more than looking it up); ``mini_cards``
wraps each in a ``span.mini`` named by the card's name.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable

from app.cards.names import card_name
from app.cards.svg import card_svg
from app.escape import escape as esc
from engine import Card


@functools.lru_cache(maxsize=1024)
def face(card: str, style: str, lang: str, selected: bool = False) -> str:
    """A card's SVG face, drawn once per card, style and language."""
    return card_svg(card, style, lang=lang, selected=selected)


def mini_cards(cards: Iterable[Card | str], style: str, lang: str) -> str:
    """Each card as a small face, an image named by the card (``data-card`` its text).

    >>> from engine import parse_cards
    >>> html = mini_cards(parse_cards("AH 10C"), "french", "en")
    >>> html.count('class="mini"'), 'data-card="10C"' in html
    (2, True)
    """
    return "".join(
        f'<span class="mini" data-card="{esc(c)}" role="img" '
        f'aria-label="{esc(card_name(c, style, lang))}">{face(str(c), style, lang)}</span>'
        for c in cards
    )
