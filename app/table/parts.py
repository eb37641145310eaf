"""Small pieces the table and its result panels share: seat names, lives, mini cards,
buttons and inline icons. Pure markup functions of the UI state (``app.table.state.UIState``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from app.cards.mini import mini_cards
from app.escape import escape as esc
from app.i18n import life_symbol, life_word, t
from engine import Card, bounds, traits
from engine.observation import is_out

if TYPE_CHECKING:
    from app.table.state import UIState

# Small inline icons (no emoji: not every system has an emoji font).
CROWN_ICON = (
    '<svg class="icon-crown" viewBox="0 0 24 18" width="1.3em" height="1em" aria-hidden="true">'
    '<path d="M2 16h20l1-11-6 4-5-8-5 8-6-4z" fill="#ffcc4d" stroke="#8a6500" '
    'stroke-width="1.2" stroke-linejoin="round"/></svg>'
)
WAVE_ICON = (
    '<svg class="icon-wave" viewBox="0 0 24 12" width="1.4em" height="0.75em" aria-hidden="true">'
    '<path d="M1 4q3-3 5.5 0t5.5 0 5.5 0 5.5 0M1 10q3-3 5.5 0t5.5 0 5.5 0 5.5 0" fill="none" '
    'stroke="currentColor" stroke-width="1.8" stroke-linecap="round"/></svg>'
)


def you_seat(names: Sequence[str]) -> int | None:
    """The seat the screen calls "you": seat 0, whose name is "" (``SeatSource.names``);
    none at a shared device, where everyone is called by name, the person at the screen
    too, so that three people at one phone can tell who lost."""
    return None if names and names[0] else 0


def seat_name(ui: UIState, seat: int) -> str:
    """The seat's name as the screen says it ("you" for seat 0, unless it has a name)."""
    return name_in(ui.frame.names, ui.lang, seat)


def name_in(names: Sequence[str], lang: str, seat: int) -> str:
    """``seat``'s name among ``names`` (as the screen numbers seats), in ``lang``."""
    if seat == you_seat(names):
        return t("you", lang)
    if seat < len(names):
        return names[seat]
    return f"#{seat}"


def mini(cards: Iterable[Card | str], ui: UIState) -> str:
    """Small card faces in the screen's card style and language."""
    return mini_cards(cards, ui.look.style, ui.lang)


def backs(n: int, ui: UIState) -> str:
    """``n`` small card backs."""
    return "".join('<span class="mini back" aria-hidden="true"></span>' for _ in range(n))


def lives_el(lives: int, ui: UIState) -> str:
    """A seat's lives as hearts (or its being out, or swimming). What is drawn is
    bounded by the engine's range of lives (``engine.bounds.LIVES``), whatever number it
    is given: a heart per life of a million lives once froze a page.

    >>> from app.table.view import UIState
    >>> lives_el(10**6, UIState.of(start_lives=10**6, lang="en")).count("♥")
    10
    """
    start = bounds.LIVES.clamp(max(ui.look.start_lives, lives, 1))
    if is_out(lives):
        return f'<span class="lives out">{esc(t("out", ui.lang))}</span>'
    sign = life_symbol(ui.look.preset)  # a heart, or a token where the preset plays with tokens
    hearts = "".join(
        f'<span class="life{" gone" if i >= lives else ""}" aria-hidden="true">{sign}</span>'
        for i in range(start)
    )
    word = life_word(ui.look.preset, ui.lang)
    swim = ""
    if lives == 0:
        swim_word = t("free_ride" if traits(ui.look.preset).free_ride else "swimming", ui.lang)
        swim = f'<span class="swim" title="{esc(swim_word)}">{WAVE_ICON} {esc(swim_word)}</span>'
    # role="img": the hearts are a picture of the lives, named by the number.
    return f'<span class="lives" role="img" aria-label="{lives} {esc(word)}">{hearts}</span>{swim}'


def button(
    action: str, label: str, *, cls: str = "", disabled: bool = False, title: str = ""
) -> str:
    attrs = [f'data-action="{esc(action)}"', f'data-key="act-{esc(action)}"', 'type="button"']
    if cls:
        attrs.append(f'class="{esc(cls)}"')
    if disabled:
        attrs.append("disabled")
    if title:
        attrs.append(f'title="{esc(title)}"')
        if len(label) <= 2:  # an icon button still needs a name for screen readers
            attrs.append(f'aria-label="{esc(title)}"')
    return f"<button {' '.join(attrs)}>{esc(label)}</button>"
