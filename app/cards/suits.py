"""The suits' symbols for the card faces of ``app.cards.svg``, and the small markup
helpers both draw with.

Each symbol is markup in a -50..50 design box, centred on 0,0, so one transform places
and sizes it. Colours: a four-colour scheme for French faces (as on German tournament
Skat cards) and the traditional colours for German and Swiss faces; the shapes alone
already tell the suits apart.

>>> suit_symbol_svg("H", "german").startswith("<path")
True
"""

from __future__ import annotations

from app.cards.names import as_suit, check_style
from engine import Suit

_C, _D, _H, _S = Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES


def num(v: float) -> str:
    """A number for markup: at most two decimals, no trailing zeros."""
    s = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def _place(symbol: str, x: float, y: float, size: float, flip: bool = False) -> str:
    rot = " rotate(180)" if flip else ""
    return f'<g transform="translate({num(x)} {num(y)}) scale({num(size / 100)}){rot}">{symbol}</g>'


INK = "#2a2a2a"

_HEART = (
    "M0 44C-8 34-46 10-46-16C-46-34-32-44-20-44C-10-44-3-38 0-28"
    "C3-38 10-44 20-44C32-44 46-34 46-16C46 10 8 34 0 44Z"
)
_DIAMOND = "M0-48Q16-20 38 0Q16 20 0 48Q-16 20-38 0Q-16-20 0-48Z"
_SPADE = (
    "M0-46C8-30 44-16 44 8C44 24 32 32 20 32C12 32 6 28 3 22C4 32 8 40 16 46"
    "L-16 46C-8 40-4 32-3 22C-6 28-12 32-20 32C-32 32-44 24-44 8C-44-16-8-30 0-46Z"
)


def circle_path(cx: float, cy: float, r: float) -> str:
    return (
        f"M{num(cx - r)} {num(cy)}A{num(r)} {num(r)} 0 1 0 {num(cx + r)} {num(cy)}"
        f"A{num(r)} {num(r)} 0 1 0 {num(cx - r)} {num(cy)}Z"
    )


# All parts drawn counter-clockwise, so the union fills under the non-zero rule.
_CLUB = (
    circle_path(0, -23, 19)
    + circle_path(-21, 8, 19)
    + circle_path(21, 8, 19)
    + "M0-10L-12 12L12 12Z"
    + "M-3 10Q-3 34-15 46L15 46Q3 34 3 10Z"
)


def path(d: str, fill: str, stroke: str | None = None, width: float = 3) -> str:
    if stroke is None:
        return f'<path d="{d}" fill="{fill}"/>'
    return (
        f'<path d="{d}" fill="{fill}" stroke="{stroke}" stroke-width="{num(width)}" '
        'stroke-linejoin="round"/>'
    )


def lines(d: str, stroke: str, width: float = 3) -> str:
    return (
        f'<path d="{d}" fill="none" stroke="{stroke}" stroke-width="{num(width)}" '
        'stroke-linecap="round"/>'
    )


def _acorn(cap: str, nut: str, line: str) -> str:
    return (
        path("M-2-24Q-3-38 7-47L12-43Q3-36 4-24Z", line)
        + path("M0 46C-20 46-26 20-24 0L24 0C26 20 20 46 0 46Z", nut, line, 3)
        + lines("M-12 10C-12 24-8 34-2 40", "#fff8e0", 3)
        + path("M-29 4C-31-15-16-26 0-26C16-26 31-15 29 4Z", cap, line, 3)
        + lines("M-20-12L-12 0M-10-20L0-2M2-22L12-2M14-16L21-2M-22-4L-18 2", "#e9d2a6", 2.2)
    )


def _leaf(fill: str, vein: str) -> str:
    return (
        path("M-2 28Q-2 40-8 48L-3 49Q3 40 3 28Z", vein)
        + path(
            "M0-47C6-38 16-32 24-26C33-19 40-9 38 6C36 22 20 32 0 30"
            "C-20 32-36 22-38 6C-40-9-33-19-24-26C-16-32-6-38 0-47Z",
            fill,
            vein,
            3,
        )
        + lines(
            "M0-38L0 28M0-14L-16-24M0-14L16-24M0 2L-24-8M0 2L24-8M0 17L-22 10M0 17L22 10",
            vein,
            2.6,
        )
    )


def _german_bell() -> str:
    return (
        lines(circle_path(0, -33, 6), "#5a4000", 3.5)
        + path(circle_path(0, 6, 34), "#e8b400", "#5a4000", 3)
        + path("M-33-2Q0 7 33-2L33.8 10Q0 19-33.8 10Z", "#c8102e", "#5a4000", 2)
        + path(circle_path(0, 24, 5), "#3a2a00")
        + lines("M0 28L0 38", "#3a2a00", 4)
        + lines("M-18-14Q-14-22-6-25", "#fff3c0", 3.5)
    )


def _swiss_bell() -> str:
    # A round sleigh bell under a red flower crown, with a wide mouth slot.
    return (
        path("M-13-24L-16-42L-7-33L0-47L7-33L16-42L13-24Z", "#c8102e", "#5a4000", 2.5)
        + path(circle_path(0, 6, 34), "#e8b400", "#5a4000", 3)
        + path("M-33.5 0L33.5 0L33.5 8L-33.5 8Z", "#8a6100")
        + lines("M-16 27L16 27", "#3a2a00", 6)
        + lines("M-22-14Q-18-22-10-25", "#fff3c0", 3.5)
    )


def _rose() -> str:
    parts = []
    # Green sepals between the petals, then five petals, then the golden heart.
    sepal = "M0-47L7-26L-7-26Z"
    petal = circle_path(0, -20, 17)
    for k in range(5):
        parts.append(
            f'<g transform="rotate({36 + 72 * k})">{path(sepal, "#2f8a2f", "#1d5e1d", 2)}</g>'
        )
    for k in range(5):
        petal_markup = path(petal, "#c8102e", "#6e0a18", 2.5)
        parts.append(f'<g transform="rotate({72 * k})">{petal_markup}</g>')
    parts.append(path(circle_path(0, 0, 12), "#f2c230", "#6e0a18", 2.5))
    parts.append(path(circle_path(0, 0, 4), "#6e0a18"))
    return "".join(parts)


def _shield() -> str:
    outline = "M-36-42L36-42L36 0C36 24 18 38 0 47C-18 38-36 24-36 0Z"
    return (
        path(outline, "#e0a800")
        + path("M-36-42L36-42L36-22L-36-22Z", "#c8102e")
        + path("M-36-8L36-8L36 6L-36 6Z", "#222")
        + path(outline, "none", "#222", 4)
    )


SYMBOLS: dict[str, dict[Suit, str]] = {
    "french": {
        _C: path(_CLUB, "#1a1a1a"),
        _D: path(_DIAMOND, "#b35000"),
        _H: path(_HEART, "#c8102e"),
        _S: path(_SPADE, "#1b7a34"),
    },
    "german": {
        _C: _acorn("#6b4218", "#c8962e", "#3b2410"),
        _D: _german_bell(),
        _H: path(_HEART, "#c8102e", "#7a0a1c", 2.5),
        _S: _leaf("#3a9a3a", "#1d5e1d"),
    },
    "swiss": {
        _C: _acorn("#5a3a18", "#9fae3a", "#2e2410"),
        _D: _swiss_bell(),
        _H: _rose(),
        _S: _shield(),
    },
}

# Ink for the corner index (contrast at least 4.5:1 on the card face).
INDEX_INK: dict[str, dict[Suit, str]] = {
    "french": {_C: "#1a1a1a", _D: "#b35000", _H: "#c8102e", _S: "#1b7a34"},
    "german": {_C: "#6b4218", _D: "#7a5500", _H: "#c8102e", _S: "#1f6b24"},
    "swiss": {_C: "#5a3a18", _D: "#7a5500", _H: "#b8202a", _S: "#1a1a1a"},
}

# The main colour of a court figure's robe, per suit.
ROBE: dict[str, dict[Suit, str]] = {
    "french": {_C: "#2d2d2d", _D: "#c96a12", _H: "#c8102e", _S: "#1b7a34"},
    "german": {_C: "#7a4a1c", _D: "#d49a00", _H: "#c8102e", _S: "#2f8a2f"},
    "swiss": {_C: "#6b4a20", _D: "#d49a00", _H: "#b8202a", _S: "#2d2d2d"},
}


def suit_symbol_svg(suit: Suit | str, style: str = "french") -> str:
    """The suit symbol's markup in a -50..50 box centred on 0,0 (for legends and tests)."""
    return SYMBOLS[check_style(style)][as_suit(suit)]
