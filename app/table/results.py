"""The panels at the end of a deal and of the match: who held what, who lost lives and
why, the ranking. Pure markup functions of one seat's observation and the UI state.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from app.escape import escape as esc
from app.i18n import (
    feuer_name,
    fmt_value,
    life_symbol,
    lost_words,
    t,
    thirty_one_name,
)
from app.table import log, review
from app.table import luegen as luegen_view
from app.table.parts import CROWN_ICON, seat_name, you_seat
from app.table.parts import backs as _mini_backs
from app.table.parts import button as _button
from app.table.parts import lives_el as _lives_el
from app.table.parts import mini as _mini_cards
from engine import Card, DealResult, LossReason, MatchEnd, Observation, bounds, hand_value, traits
from engine.observation import is_out, places
from engine.rules import LifeWord

if TYPE_CHECKING:
    from app.table.state import UIState


@dataclasses.dataclass(frozen=True)
class Row:
    """One seat's facts of a finished deal (see ``deal_rows``)."""

    seat: int
    hand: tuple[Card, ...]  # () unless it was shown to all
    value: int | float | None  # the hand's value, if it was shown
    announced: tuple[int | float, tuple[Card, ...]] | None  # Lügen: value and shown cards
    lost: int


def deal_rows(last_deal: DealResult | None) -> list[Row]:
    """Per-seat facts of a finished deal: the hand and value if it was shown to all,
    the Lügen announcement, lives lost."""
    if last_deal is None:
        return []
    hands = dict(last_deal.hands)
    values = dict(last_deal.values)
    announced = dict(last_deal.announcements)
    lost = tuple(last_deal.lost)
    return [
        Row(
            seat=seat,
            hand=tuple(hands.get(seat, ())),
            value=values.get(seat),
            announced=announced.get(seat),
            lost=lost[seat],
        )
        for seat in range(len(lost))
    ]


def _lie_badge(last_deal: DealResult, seat: int, ui: UIState) -> str:
    word = luegen_view.badge(last_deal, seat, ui.lang)
    if not word:
        return ""
    kind = "lie" if last_deal.outcome == "lie" else "true"
    return f' <span class="tag verdict {kind}" data-verdict="{kind}">{esc(word)}</span>'


def reason_text(last_deal: DealResult | None, ui: UIState) -> str:
    """Why the lives were lost, in words (Feuer, 31, lowest hand, tie, knocker, Lügen);
    a deal that ended as dealt says so (``UIState.dealt``)."""
    if last_deal is None:
        return ""
    lang = ui.lang

    def name(seat: int) -> str:
        return seat_name(ui, seat)

    reason = str(last_deal.reason)
    lost = tuple(last_deal.lost)
    losers = [s for s, n in enumerate(lost) if n]
    knocker = last_deal.knocker
    parts = []
    if ui.frame.dealt:  # the deal ended as dealt: who was dealt what, nobody moved
        parts.append(ui.frame.dealt)
    elif reason == "feuer":
        tokens = traits(ui.look.preset).life is LifeWord.TOKENS
        key = "reason_feuer_tokens" if tokens else "reason_feuer"
        parts.append(t(key, lang, feuer=feuer_name(ui.look.preset, lang)))
        if last_deal.feuer is not None:
            parts[-1] = f"{name(last_deal.feuer)}: {parts[-1]}"
    elif reason == "31":
        who = ", ".join(name(s) for s in last_deal.thirty_one)
        said = t("reason_31", lang, call=thirty_one_name(ui.look.preset))
        parts.append((who + ": " if who else "") + said)
    elif reason == "max_cycles":
        parts.append(t("reason_cycles", lang))
    elif knocker is not None and not last_deal.outcome:  # Lügen: see the verdict
        mine = "_you" if knocker == you_seat(ui.frame.names) else ""
        parts.append(t("l_knock" + mine, lang, name=name(knocker)))
    outcome = last_deal.outcome
    decider = last_deal.decider
    challenged = last_deal.challenged
    if outcome and decider is not None and (outcome == "giveup" or challenged is not None):
        # Lügen: who decided, what the challenged player said and held, who pays.
        parts.append(
            luegen_view.verdict(
                last_deal, name, lang, you=you_seat(ui.frame.names), preset=ui.look.preset
            )
        )
    elif last_deal.void:
        parts.append(t("reason_void", lang))
    elif reason != "feuer" and not outcome:
        # the engine says why each seat lost
        if len(losers) == 1 and LossReason.KNOCKER_PAID_TIE in last_deal.reasons.values():
            parts.append(t("reason_knocker", lang))
        elif len(losers) > 1:
            parts.append(t("reason_tie", lang))
        elif losers:
            parts.append(t("reason_lowest", lang))
    return " ".join(parts)


def _lives_after(obs: Observation, last: DealResult | None) -> list[int]:
    """The lives ``last`` left (two deals can end back to back: the first one's panel
    must not show the second one's losses); a result made without them: the lives now."""
    return list((last.lives_after if last is not None else ()) or obs.lives)


def _result_rows(obs: Observation, last: DealResult | None, ui: UIState) -> tuple[str, list[str]]:
    """The rows of a finished deal (each seat's cards, value, lives left and loss) and,
    in words, who lost what: the end-of-deal and the end-of-match panel show both."""
    if last is None:
        return "", []
    lives = _lives_after(obs, last)
    items, losers = [], []
    for row in deal_rows(last):
        seat = row.seat
        now = lives[seat] if seat < len(lives) else 0
        items.append(_result_row(obs, last, row, now, ui))
        if row.lost:
            losers.append(_loss_words(seat, row.lost, now, ui))
    return "".join(items), losers


def _result_row(obs: Observation, last: DealResult, row: Row, now: int, ui: UIState) -> str:
    """One seat's row: name, knock and Lügen badges, lives left, the cards as far as they
    were shown (backs for hidden ones, none for a seat that was out before the deal),
    the value or announcement, and the lives lost."""
    seat = row.seat
    name = seat_name(ui, seat)
    lost = row.lost or 0
    classes = "result" + (" loser" if lost else "")
    value = fmt_value(row.value) if row.value is not None else ""
    own = tuple(last.own_hand) if seat == 0 else ()
    private = ""
    if own and not row.hand:
        # Lügen: the player's own unrevealed cards, which only they saw.
        row = dataclasses.replace(row, hand=own)
        value = fmt_value(hand_value(own, obs.rules))
        private = (
            f'<span class="tag own" data-testid="own-hand">'
            f"{esc(luegen_view.tr('own_hand', ui.lang))}</span>"
        )
    if row.hand:
        cards = _mini_cards(row.hand, ui)
    elif row.announced:
        cards = _mini_cards(row.announced[1], ui) + _mini_backs(1, ui)
    elif is_out(now) and not lost:  # out before this deal: no cards were dealt to them
        cards = ""
    else:
        cards = _mini_backs(obs.rules.hand_size, ui)
    if row.announced:
        said = t("announced", ui.lang, value=fmt_value(row.announced[0]))
        value = f"{said} · {luegen_view.tr('has', ui.lang, value=value)}" if value else said
    sign = life_symbol(ui.look.preset)
    loss = f'<span class="loss">−{sign * bounds.LIVES.clamp(lost)}</span>' if lost else ""
    knock = ""
    if last.knocker == seat:
        knock = f'<span class="tag knock">{esc(t("knocked", ui.lang))}</span>'
    return (
        f'<li class="{classes}" data-seat="{seat}" data-lost="{lost}">'
        f'<span class="who"><span class="name">{esc(name)}</span>{knock}'
        f"{_lie_badge(last, seat, ui)}{private}"
        f'<span class="now">{_lives_el(now, ui)}</span></span>'
        f'<span class="cards">{cards}</span>'
        f'<span class="val">{esc(value)}</span>{loss}</li>'
    )


def _loss_words(seat: int, lost: int, now: int, ui: UIState) -> str:
    """"Ben loses a life", "You lose 2 lives and are out": what a deal cost one seat."""
    you = "_you" if seat == you_seat(ui.frame.names) else ""
    words = lost_words(ui.look.preset, lost, ui.lang, seat_name(ui, seat), you=bool(you))
    return words + (t("and_out" + you, ui.lang) if is_out(now) else "")


def deal_over(obs: Observation, ui: UIState) -> str:
    last = ui.frame.result if ui.frame.result is not None else obs.last_deal
    rows, losers = _result_rows(obs, last, ui)
    summary = "; ".join(losers) if losers else t("nobody_lost", ui.lang)
    out = is_out(_lives_after(obs, last)[0])
    return (
        '<div class="overlay results-layer" data-testid="deal-over" role="dialog" '
        f'aria-modal="true" aria-labelledby="deal-over-title"><div class="panel">'
        f'<h2 id="deal-over-title">{esc(t("deal_over", ui.lang))}</h2>'
        f'<p class="reason">{esc(reason_text(last, ui))}</p>'
        f'<ul class="results">{rows}</ul>'
        f'<p class="summary">{esc(summary)}</p>'
        f"{_out_choice(ui) if out else _next_deal(ui)}"
        "</div></div>"
    )


def _next_deal(ui: UIState) -> str:
    """The usual way on: the next deal, or first a look back at this one."""
    return (
        '<div class="buttons deal-buttons">'
        f"{_button('next-deal', t('next_deal', ui.lang), cls='primary big')}"
        f"{_review_buttons(ui) if ui.frame.can_review else ''}</div>"
    )


def _review_buttons(ui: UIState, cls: str = "") -> str:
    """The deal review's button; at a shared device one per person, by name."""
    if not ui.frame.reviewers:
        return _button("review", review.tr("review", ui.lang), cls=cls)
    return "".join(
        _button(action, review.tr("review_of", ui.lang, name=name), cls=cls)
        for action, name in ui.frame.reviewers
    )


def _out_choice(ui: UIState) -> str:
    """The player is out and the others play on: one choice, said in one sentence. The
    first button keeps the name ``next-deal`` (the page contract's way on from every
    end of a deal); for a player who is out it plays every remaining deal without a
    stop. The second starts a new match at once."""
    return (
        f'<p class="out-note" data-testid="out-choice">{esc(t("you_are_out", ui.lang))}</p>'
        '<div class="buttons deal-buttons out-buttons">'
        f"{_button('next-deal', t('watch_to_end', ui.lang), cls='primary big')}"
        f"{_button('new-match', t('new_match', ui.lang))}"
        f"{_review_buttons(ui, cls='ghost')}</div>"
    )


def ranking(obs: Observation, ui: UIState) -> list[tuple[int, int]]:
    """(place, seat) pairs, best first: the engine's places (winners first, then
    by lives, then the later eliminated first; equal standing shares a place)."""
    return sorted((place, seat) for seat, place in enumerate(places(obs.lives, obs.out_deal)))


def match_over(obs: Observation, ui: UIState) -> str:
    """The end of the match: the result panel, or, once the player closed it to look
    at the finished table, a bar that brings it back or starts a new match."""
    you = you_seat(ui.frame.names)
    head = log.winners(ui.frame.winners, lambda s: seat_name(ui, s), ui.lang, you=you)
    return _match_panel(obs, head, ui) if ui.panels.match_panel else _match_bar(head, ui)


def _match_panel(obs: Observation, head: str, ui: UIState) -> str:
    """Who won (with the crown), how the rules ended the match, the last deal's hands and
    losses, the ranking; closed with Escape or its "look at the table" button."""
    crown_el = (
        f'<p class="crown" data-testid="crown">{CROWN_ICON} {esc(t("crown", ui.lang))}</p>'
        if ui.frame.crown
        else ""
    )
    first_out = ""
    if obs.rules.match_end is MatchEnd.FIRST_OUT:
        first_out = (
            f'<p class="first-out" data-testid="first-out">{esc(t("first_out", ui.lang))}</p>'
        )
    return (
        '<div class="overlay results-layer" data-testid="match-over" role="dialog" '
        'aria-modal="true" aria-labelledby="match-over-title"><div class="panel">'
        f'<h2 id="match-over-title">{esc(head)}</h2>{crown_el}{first_out}'
        f"{_last_deal(obs, ui)}"
        f'<h3>{esc(t("ranking", ui.lang))}</h3><ol class="ranking">{_ranking_rows(obs, ui)}</ol>'
        '<p class="stats-line">'
        f"{esc(t('stats_line', ui.lang, matches=ui.look.stats[0], wins=ui.look.stats[1]))}</p>"
        '<div class="buttons deal-buttons">'
        f"{_button('new-match', t('new_match', ui.lang), cls='primary big')}"
        f"{_button('close-result', t('see_table', ui.lang))}</div>"
        "</div></div>"
    )


def _last_deal(obs: Observation, ui: UIState) -> str:
    """The deal that ended the match: why, everyone's hand, who lost what."""
    last = obs.last_deal
    if last is None:
        return ""
    rows, losers = _result_rows(obs, last, ui)
    return (
        f'<h3>{esc(t("last_deal", ui.lang, n=last.deal_number))}</h3>'
        f'<p class="reason">{esc(reason_text(last, ui))}</p>'
        f'<ul class="results">{rows}</ul>'
        f'<p class="summary">{esc("; ".join(losers) or t("nobody_lost", ui.lang))}</p>'
    )


def _ranking_rows(obs: Observation, ui: UIState) -> str:
    winners, lives = ui.frame.winners, list(obs.lives)
    rows = []
    for place, seat in ranking(obs, ui):
        won = seat in winners
        mark = CROWN_ICON if ui.frame.crown and won else ("★" if won else "")
        rows.append(
            f'<li data-seat="{seat}" class="{"winner" if seat in winners else ""}">'
            f'<span class="place">{place}.</span>'
            f'<span class="who">{esc(seat_name(ui, seat))} {mark}</span>'
            f'<span class="now">{_lives_el(lives[seat], ui)}</span></li>'
        )
    return "".join(rows)


def _match_bar(head: str, ui: UIState) -> str:
    """The closed result: the finished table stays in view, with the way back to the
    result and on to a new match (``data-state`` stays ``match-over``)."""
    return (
        '<section class="match-bar" data-testid="match-bar" aria-labelledby="match-bar-title">'
        f'<h2 id="match-bar-title">{esc(head)}</h2>'
        f"{_button('show-result', t('show_result', ui.lang))}"
        f"{_button('new-match', t('new_match', ui.lang), cls='primary')}"
        "</section>"
    )
