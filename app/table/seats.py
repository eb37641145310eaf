"""The seats around the table: each player's name, lives, last move, badges (dealer,
knocked, thinking) and, for the person at the screen, the hand's value. Pure markup of
one seat's observation and UI state, as ``app.table.view``, which places them
(``sides``: which seats sit left, across and right).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from app.escape import escape as esc
from app.i18n import fmt_value, t
from app.table import luegen as luegen_view
from app.table import telling
from app.table.mode import RUNNING
from app.table.parts import backs as _mini_backs
from app.table.parts import lives_el as _lives_el
from app.table.parts import seat_name
from app.table.state import UIState
from engine import EventKind, Observation, hand_value
from engine.observation import is_out


def seat_el(
    obs: Observation, seat: int, ui: UIState, moves: dict[int, Any], *, me: bool = False
) -> str:
    lives_list = list(obs.lives)
    lives = lives_list[seat] if seat < len(lives_list) else 0
    current = obs.current
    classes = ["seat"]
    if me:
        classes.append("me")
    if is_out(lives):
        classes.append("out")
    elif lives == 0:
        classes.append("swimming")
    if current == seat and ui.frame.mode in RUNNING:
        classes.append("current")
    if ui.frame.thinking == seat:
        classes.append("thinking")
    if f"seat-{seat}" in ui.frame.changed:
        classes.append("changed")
    badges = []
    if obs.dealer == seat:
        badges.append(
            f'<span class="tag dealer" title="{esc(t("dealer", ui.lang))}">'
            f"{esc(t('dealer', ui.lang))}</span>"
        )
    if obs.knocked_by == seat:
        badges.append(f'<span class="tag knock">{esc(t("knocked", ui.lang))}</span>')
    note = ui.frame.notes.get(seat)  # online: "away" (page gone or silent), "bot" (a bot plays)
    if note in ("away", "bot"):
        said = telling.tr(f"note_{note}", ui.lang)
        badges.append(f'<span class="tag {note}" data-testid="{note}-{seat}">{esc(said)}</span>')
    if seat in ui.look.ratings:  # a table server's: a signed-in person's rating for these rules
        rating = f"{ui.look.ratings[seat]:g}"
        badges.append(
            f'<span class="tag rating" data-testid="rating" data-rating="{rating}" '
            f'title="{esc(t("rating", ui.lang))}">{esc(rating)}</span>'
        )
    badges.append(ui.look.reactions.get(seat, ""))  # a table server's (app.online.reactions)
    name = seat_name(ui, seat)
    if me:
        badges.append(_hand_value(obs, ui))
    inner = [
        f'<div class="seat-head"><span class="name">{esc(name)}</span>{"".join(badges)}</div>',
        f'<div class="seat-lives">{_lives_el(lives, ui)}</div>',
        _seat_line(seat, ui, _unsaid(obs, seat, moves), me=me),
    ]
    ann = obs.announcements.get(seat)
    if ann:  # the player's own too, on their seat like everyone's
        inner.append(luegen_view.seat_announcement(ann, ui.look.style, ui.lang, me=me))
    if not me and not ann and not is_out(lives):
        inner.append(f'<div class="backs">{_mini_backs(obs.rules.hand_size, ui)}</div>')
    return (
        f'<div class="{" ".join(classes)}" data-testid="seat-{seat}" data-seat="{seat}" '
        f'data-lives="{lives}">{"".join(inner)}</div>'
    )


def _unsaid(obs: Observation, seat: int, moves: dict[int, Any]) -> dict[int, Any]:
    """The last moves the seat's line should say: not a knock its "knocked" tag shows,
    nor an announcement its bubble shows ("said 10" beside "says 10")."""
    move = moves.get(seat)
    if move is None:
        return moves
    knocked = move.kind is EventKind.KNOCK and not move.final and obs.knocked_by == seat
    announced = move.kind is EventKind.ANNOUNCE and seat in obs.announcements
    return {s: m for s, m in moves.items() if s != seat} if knocked or announced else moves


def _seat_line(seat: int, ui: UIState, moves: dict[int, Any], *, me: bool) -> str:
    """One line of the seat that never changes its size: "is thinking …" on its turn,
    else its last move until its next turn (``app.table.story.last_moves``)."""
    if ui.frame.thinking == seat:
        text, cls = t("thinking", ui.lang, name=seat_name(ui, seat)), " thinking"
    elif seat in moves:
        text, cls = telling.seat_move(moves[seat], ui.look.style, ui.lang, me=me), ""
        if seat in ui.frame.moved_for:  # a bot made this move for the person (online)
            why = telling.tr("by_bot_" + ui.frame.moved_for[seat], ui.lang)
            text, cls = f"{text} ({why})", " by-bot"
    else:
        text, cls = "", " empty"
    return f'<p class="seat-move{cls}" data-testid="last-move-{seat}">{esc(text)}</p>'


def _hand_value(obs: Observation, ui: UIState) -> str:
    """The player's hand value beside their name (a hand of three cards only)."""
    if len(obs.hand) != obs.rules.hand_size:
        return ""
    try:
        value = hand_value(tuple(obs.hand), obs.rules)
    except (ValueError, TypeError):
        return ""
    text = telling.tr("hand_value", ui.lang, value=fmt_value(value))
    return f'<span class="hand-value" data-testid="hand-value">{esc(text)}</span>'


def sides(order: Sequence[int]) -> tuple[list[int], list[int], list[int]]:
    """Split the opponents (in playing order) over the player's left, the far side
    and the right, as people sit round a table; up to three all sit opposite.

    >>> sides([1, 2, 3, 4, 5, 6, 7, 8])
    ([1, 2], [3, 4, 5, 6], [7, 8])
    >>> sides([1, 2])
    ([], [1, 2], [])
    """
    n = len(order)
    k = 0 if n <= 3 else n // 3
    return list(order[:k]), list(order[k : n - k]), list(order[n - k :])
