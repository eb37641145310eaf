"""Playing cards as self-contained SVG: French, German and Swiss faces.

Each card is one ``<svg>`` string (viewBox 0 0 100 140, no width or height,
so CSS sizes it) with ``role="img"`` and an ``aria-label`` naming the card.
The markup has no ids, no scripts and no links, so any number of cards can
share a page. Suits differ in shape, not only in colour (their symbols:
``app.cards.suits``).

>>> svg = card_svg("KH")
>>> svg.startswith("<svg") and 'aria-label="Herz König"' in svg
True
>>> 'aria-label="face-down card"' in back_svg(lang="en")
True
"""

from __future__ import annotations

from app.cards.names import as_card, card_name, check_lang, check_style, rank_index
from app.cards.suits import (
    INDEX_INK,
    INK,
    ROBE,
    SYMBOLS,
    circle_path,
    lines,
    num,
    path,
)
from app.escape import escape
from engine import Card, Rank, Suit

__all__ = ["back_svg", "card_svg"]

WIDTH, HEIGHT = 100, 140
_FONT = "Arial, Helvetica, sans-serif"

_C, _D, _H, _S = Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES


def _place(symbol: str, x: float, y: float, size: float, flip: bool = False) -> str:
    rot = " rotate(180)" if flip else ""
    return f'<g transform="translate({num(x)} {num(y)}) scale({num(size / 100)}){rot}">{symbol}</g>'


# ---------------------------------------------------------------------------
# Layout of the face.

_FACE = "#fffdf7"
_EDGE = "#6b6b6b"
_SELECT = "#0b57d0"

# Pip centres for number cards: columns and rows inside the index margins.
_L, _M, _R = 33.0, 50.0, 67.0
_T, _B = 27.0, 113.0
_ROW = (_B - _T) / 6  # rows at sixths of the pip field


def _row(k: float) -> float:
    return _T + k * _ROW


_PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    2: ((_M, _row(0)), (_M, _row(6))),
    3: ((_M, _row(0)), (_M, _row(3)), (_M, _row(6))),
    4: ((_L, _row(0)), (_R, _row(0)), (_L, _row(6)), (_R, _row(6))),
    5: ((_L, _row(0)), (_R, _row(0)), (_M, _row(3)), (_L, _row(6)), (_R, _row(6))),
    6: ((_L, _row(0)), (_R, _row(0)), (_L, _row(3)), (_R, _row(3)), (_L, _row(6)), (_R, _row(6))),
    7: (
        (_L, _row(0)),
        (_R, _row(0)),
        (_M, _row(1.5)),
        (_L, _row(3)),
        (_R, _row(3)),
        (_L, _row(6)),
        (_R, _row(6)),
    ),
    8: (
        (_L, _row(0)),
        (_R, _row(0)),
        (_M, _row(1.5)),
        (_L, _row(3)),
        (_R, _row(3)),
        (_M, _row(4.5)),
        (_L, _row(6)),
        (_R, _row(6)),
    ),
    9: (
        (_L, _row(0)),
        (_R, _row(0)),
        (_L, _row(2)),
        (_R, _row(2)),
        (_M, _row(3)),
        (_L, _row(4)),
        (_R, _row(4)),
        (_L, _row(6)),
        (_R, _row(6)),
    ),
    10: (
        (_L, _row(0)),
        (_R, _row(0)),
        (_M, _row(1)),
        (_L, _row(2)),
        (_R, _row(2)),
        (_L, _row(4)),
        (_R, _row(4)),
        (_M, _row(5)),
        (_L, _row(6)),
        (_R, _row(6)),
    ),
}


def _pips(symbol: str, n: int, size: float) -> str:
    out = []
    for x, y in _PIPS[n]:
        # Pips in the lower half point down, as on printed cards.
        out.append(_place(symbol, x, y, size, flip=y > HEIGHT / 2 + 0.5))
    return "".join(out)


def _index(text: str, ink: str, symbol: str, size: float) -> str:
    """One corner: the rank (condensed when two characters) above a small suit."""
    fit = ' textLength="20" lengthAdjust="spacingAndGlyphs"' if len(text) > 1 else ""
    return (
        f'<text x="11.5" y="26" font-family="{_FONT}" font-size="25" font-weight="700" '
        f'text-anchor="middle" fill="{ink}"{fit}>{escape(text)}</text>'
        + _place(symbol, 11.5, 30 + size / 2, size)
    )


def _corners(text: str, ink: str, symbol: str, size: float) -> str:
    one = _index(text, ink, symbol, size)
    return f'{one}<g transform="rotate(180 50 70)">{one}</g>'


def _ace(symbol: str, ink: str, style: str) -> str:
    ring = (
        f'<ellipse cx="50" cy="70" rx="33" ry="40" fill="none" stroke="{ink}" '
        'stroke-width="1.2" stroke-dasharray="2 2.5"/>'
    )
    size = 50 if style == "french" else 52
    return ring + _place(symbol, 50, 70, size)


def _banner(symbol: str, ink: str) -> str:
    """The Swiss Banner (10): a flag on a pole carrying the suit."""
    return (
        '<path d="M29 20L33 20L33 124L29 124Z" fill="#7a5230" stroke="#3b2410" '
        'stroke-width="0.8"/>'
        + '<circle cx="31" cy="18" r="3.2" fill="#e0a800" stroke="#3b2410" stroke-width="0.8"/>'
        + f'<path d="M33 24C46 18 58 30 76 22L76 80C58 88 46 76 33 82Z" fill="#f4ead2" '
        f'stroke="{ink}" stroke-width="1.6" stroke-linejoin="round"/>'
        + _place(symbol, 54.5, 52, 30)
    )


# Court figures: a double-ended bust, drawn in the upper half and turned for the lower.
_SKIN = "#f3d6b8"
_GOLD = "#e2b33c"
_HAIR = "#5a3a1e"


def _headgear(kind: str) -> str:
    """Hair, beard and hat: what tells King, Queen/Ober and Jack/Unter apart."""
    if kind == "king":
        return (
            path(
                "M40.5 37Q40 51 50 53.5Q60 51 59.5 37Q57 45 50 45.5Q43 45 40.5 37Z",
                "#8a6a4a",
                INK,
                0.7,
            )
            + path("M39.5 30L38.5 15L44.5 21.5L50 12L55.5 21.5L61.5 15L60.5 30Z", _GOLD, INK, 0.9)
            + path("M39.5 26.5L60.5 26.5L60.5 30L39.5 30Z", "#c8a02a", INK, 0.6)
            + '<circle cx="50" cy="21" r="1.6" fill="#c8102e"/>'
        )
    if kind == "queen":
        return path(
            "M39.5 40C35 27 42 24.5 50 24.5C58 24.5 65 27 60.5 40L64 52L56.5 47L58 33"
            "Q50 29 42 33L43.5 47L36 52Z",
            _HAIR,
            INK,
            0.7,
        ) + path("M41.5 28L43.5 19L47.5 24L50 16.5L52.5 24L56.5 19L58.5 28Z", _GOLD, INK, 0.8)
    if kind == "ober":
        return (
            path("M43.5 42Q47 38.5 50 40.5Q53 38.5 56.5 42Q53 41 50 42.5Q47 41 43.5 42Z", _HAIR)
            + path("M35 28.5L65 28.5L61 25L59 16Q50 12.5 41 16L39 25Z", "#3c3c3c", INK, 0.8)
            + path("M58.5 18Q67 12 77 14Q70 17 61.5 24Z", "#f4ead2", INK, 0.7)
        )
    # Jack and Unter: a beret with a feather.
    return path("M38 31C37 19 61 17 63.5 29Q51 24.5 38 31Z", "#3c3c3c", INK, 0.8) + path(
        "M60 25Q70 23 75 15Q67 16 57 23Z", "#f4ead2", INK, 0.7
    )


def _held(kind: str) -> str:
    """What the figure holds in its right hand: sceptre, flower or halberd."""
    if kind == "king":
        item = lines("M63 68L68 40", _GOLD, 2.2) + (
            f'<circle cx="68.4" cy="38" r="3" fill="{_GOLD}" stroke="{INK}" stroke-width="0.7"/>'
        )
    elif kind == "queen":
        item = (
            lines("M63 66Q64 56 67 47", "#2f7a2f", 1.4)
            + path(circle_path(67.5, 45, 3.4), "#c8102e", INK, 0.6)
            + path(circle_path(67.5, 45, 1.2), _GOLD)
        )
    else:
        item = lines("M63 68L69 24", "#5a3a1e", 1.6) + path(
            "M68.2 30L74 27L69.6 20Z", "#b8c0c8", INK, 0.7
        )
    hand = f'<circle cx="63.5" cy="62" r="3" fill="{_SKIN}" stroke="{INK}" stroke-width="0.7"/>'
    return item + hand


def _bust(robe: str, kind: str, symbol: str, sym_at: tuple[float, float]) -> str:
    face = (
        f'<circle cx="50" cy="35.5" r="10" fill="{_SKIN}" stroke="{INK}" stroke-width="0.8"/>'
        f'<circle cx="46.3" cy="35" r="1" fill="{INK}"/>'
        f'<circle cx="53.7" cy="35" r="1" fill="{INK}"/>'
    )
    mouth = lines("M47.8 40.3Q50 41.5 52.2 40.3", INK, 0.8)
    return (
        path("M29 70L30 60C31 53 38 50 44.5 49L55.5 49C62 50 69 53 70 60L71 70Z", robe, INK, 0.9)
        + path("M44.5 49L50 59L55.5 49Z", _GOLD, INK, 0.7)
        + lines("M37.5 70L38.5 59M61.5 70L60.5 59", _GOLD, 1.6)
        + path("M46.5 43L53.5 43L53.5 50L46.5 50Z", _SKIN)
        + face
        + _headgear(kind)
        + mouth
        + _held(kind)
        + _place(symbol, sym_at[0], sym_at[1], 14)
    )


_COURT_KIND = {
    ("french", Rank.JACK): "jack",
    ("french", Rank.QUEEN): "queen",
    ("french", Rank.KING): "king",
    ("german", Rank.JACK): "jack",
    ("german", Rank.QUEEN): "ober",
    ("german", Rank.KING): "king",
    ("swiss", Rank.JACK): "jack",
    ("swiss", Rank.QUEEN): "ober",
    ("swiss", Rank.KING): "king",
}


def _court(card: Card, style: str, symbol: str, ink: str) -> str:
    kind = _COURT_KIND[style, card.rank]
    # German and Swiss courts tell Ober from Unter by where the suit sits:
    # the Ober holds it high, the Unter low.
    low = style != "french" and kind == "jack"
    sym_at = (30, 56) if low else (30, 22)
    half = _bust(ROBE[style][card.suit], kind, symbol, sym_at)
    frame = (
        f'<rect x="21" y="12" width="58" height="116" rx="3" fill="#f6efe0" '
        f'stroke="{ink}" stroke-width="1.2"/>'
    )
    return (
        frame
        + half
        + f'<g transform="rotate(180 50 70)">{half}</g>'
        + f'<path d="M21 70L79 70" stroke="{ink}" stroke-width="1"/>'
    )


def _svg_open(label: str, extra: str = "") -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'role="img" aria-label="{escape(label, quote=True)}"{extra}>'
    )


def _outline(selected: bool) -> str:
    if selected:
        return (
            f'<rect x="2.5" y="2.5" width="95" height="135" rx="6" fill="{_FACE}" '
            f'stroke="{_SELECT}" stroke-width="5"/>'
            f'<rect x="6.5" y="6.5" width="87" height="127" rx="3.5" fill="none" '
            f'stroke="{_SELECT}" stroke-width="1.2"/>'
        )
    return (
        f'<rect x="0.75" y="0.75" width="98.5" height="138.5" rx="7" fill="{_FACE}" '
        f'stroke="{_EDGE}" stroke-width="1.5"/>'
    )


def card_svg(
    card: Card | str, style: str = "french", *, lang: str = "de", selected: bool = False
) -> str:
    """One card face as an ``<svg>`` string.

    ``card`` is a :class:`~engine.Card` or its text (``"10H"``); ``style`` is
    ``"french"``, ``"german"`` or ``"swiss"``; ``lang`` picks the accessible name
    and, for French faces, the index letters (B/D in German, J/Q in English).
    ``selected`` draws a thick double border. Bad card text raises
    ``engine.InvalidInputError``, an unknown style or language too (a ``ValueError``).
    """
    c = as_card(card)
    check_style(style)
    check_lang(lang)
    symbol = SYMBOLS[style][c.suit]
    ink = INDEX_INK[style][c.suit]
    label = card_name(c, style, lang)
    rank = c.rank
    if rank == Rank.ACE:
        middle = _ace(symbol, ink, style)
    elif rank >= Rank.JACK:
        middle = _court(c, style, symbol, ink)
    elif rank == Rank.TEN and style == "swiss":
        middle = _banner(symbol, ink)
    else:
        size = 19 if style == "french" else 21
        middle = _pips(symbol, int(rank), size if int(rank) < 9 else size - 2)
    return (
        _svg_open(label)
        + _outline(selected)
        + middle
        + _corners(rank_index(rank, style, lang), ink, symbol, 17 if style == "french" else 19)
        + "</svg>"
    )


def _back_pattern() -> str:
    # A lattice of small diamonds; computed, not a <pattern>, so no ids are needed.
    d = []
    x0, y0, step, half = 9.0, 9.0, 8.2, 3.3
    for j in range(15):
        for i in range(10):
            cx, cy = x0 + (i + 0.5) * step, y0 + (j + 0.5) * step
            d.append(
                f"M{num(cx)} {num(cy - half)}L{num(cx + half)} {num(cy)}"
                f"L{num(cx)} {num(cy + half)}L{num(cx - half)} {num(cy)}Z"
            )
    return f'<path d="{"".join(d)}" fill="#3a66b4"/>'


def back_svg(*, lang: str = "de") -> str:
    """The back of a card: a blue diamond lattice with a wave medallion."""
    label = "verdeckte Karte" if check_lang(lang) == "de" else "face-down card"
    waves = "".join(
        f'<path d="M36 {y}Q40 {y - 4} 44 {y}T52 {y}T60 {y}T64 {y}" fill="none" '
        f'stroke="#e9c46a" stroke-width="2.2" stroke-linecap="round"/>'
        for y in (62, 70, 78)
    )
    return (
        _svg_open(label)
        + f'<rect x="0.75" y="0.75" width="98.5" height="138.5" rx="7" fill="{_FACE}" '
        f'stroke="{_EDGE}" stroke-width="1.5"/>'
        + '<rect x="7" y="7" width="86" height="126" rx="4" fill="#1d3f7a"/>'
        + _back_pattern()
        + '<rect x="7" y="7" width="86" height="126" rx="4" fill="none" stroke="#e9c46a" '
        'stroke-width="1.2"/>'
        + '<ellipse cx="50" cy="70" rx="22" ry="28" fill="#1d3f7a" stroke="#e9c46a" '
        'stroke-width="1.6"/>' + waves + "</svg>"
    )
