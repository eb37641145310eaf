"""The deal review: the coach's word on each decision the player made in one deal.

``decisions`` replays the match's actions (``Match.replay`` of its record, action by
action) and keeps, for every decision of the seat in that deal, the seat's observation
at that moment and what it chose: only what the player could know then, never the hands
revealed later. ``review`` asks the coach (``engine.bots.hint``, as the in-game hint
does) to rank the moves of each such observation, with a fixed number of sampled deals
and the decision's place in the match as the seed, so the same deal always gets the same
review. ``markup`` draws it (``[data-testid=review]``, one ``[data-decision]`` each).

The controller computes a review when the player opens it, not at the end of the deal.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from app.cards.mini import mini_cards
from app.escape import escape as esc
from app.i18n import lookup
from app.table import coach
from app.table.coach import figure, move_words
from engine import Action, Card, Match, Observation

SAMPLES = coach.SAMPLES  # sampled deals per decision, as the in-game hint (seeded)
CAP_MS = 1500  # a safety net for a very slow device only; the count sets the work

_T: dict[str, tuple[str, str]] = {
    "review": ("Rückblick", "Review"),
    "review_of": ("Rückblick: {name}", "Review: {name}"),
    "title_of": ("Rückblick auf Spiel {n}: {name}", "Review of deal {n}: {name}"),
    "title": ("Rückblick auf Spiel {n}", "Review of deal {n}"),
    "intro": (
        "Jeder deiner Züge in diesem Spiel, mit dem, was du da wusstest: "
        "deine Karten und der Tisch, nicht die später aufgedeckten Karten. "
        "Die Chancen, kein Leben zu verlieren, schätzt der Tipp aus {k} gemischten Spielen.",
        "Each of your moves in this deal, with what you knew then: your cards and the "
        "table, not the cards shown later. The coach estimates the chances of losing no "
        "life from {k} sampled deals.",
    ),
    "decision": ("Entscheidung {n}", "Decision {n}"),
    "hand": ("Deine Karten", "Your cards"),
    "table": ("Tisch", "Table"),
    "you": ("Du", "You"),
    "best": ("Am besten", "Best"),
    "was_best": ("Das war auch der beste Zug.", "That was the best move, too."),
    "as_good": (
        "So gut wie der beste Zug, so genau die Schätzung es sagen kann.",
        "As good as the best move, as far as the estimate can tell.",
    ),
    "none": (
        "In diesem Spiel hattest du nichts zu entscheiden.",
        "You had no decision to make in this deal.",
    ),
    "close": ("Schließen", "Close"),
    # A Lügen decision is judged by what the player could see then: the log and shown cards.
    "knowable": ("Was du da wissen konntest", "What you could know then"),
    "estimate": (
        "die gezeigten Karten und die Züge ließen es offen: eine Schätzung",
        "the cards shown and the moves played left it open: an estimate",
    ),
}


def tr(key: str, lang: str, **values: object) -> str:
    return lookup(_T, key, lang, **values)


@dataclass(frozen=True)
class Decision:
    """One decision of the player: the observation then, the move chosen, and the
    coach's best move, each with its estimated chance of losing no life."""

    index: int  # the action's place in ``match.actions`` (also the search's seed)
    observation: Observation  # the player's at that moment
    chosen: Action
    chosen_p: float
    best: Action
    best_p: float
    samples: int = 0  # the sampled deals behind both chances (0: a model's estimate)
    chosen_sure: bool = False  # the position proves the chosen move's chance
    best_sure: bool = False


def decisions(
    match: Match, deal_number: int, seat: int = 0
) -> Iterator[tuple[int, Observation, Action]]:
    """``(index, observation, action)`` for each decision ``seat`` made in deal
    ``deal_number``, replaying ``match``'s actions from its start (``match`` is not
    changed); the observation is the seat's own at that moment."""
    record = match.record()
    replay = Match.replay(dataclasses.replace(record, actions=()))
    for i, text in enumerate(record.actions):
        if replay.deal_number > deal_number:
            break
        if replay.deal_number == deal_number and replay.current_player() == seat:
            yield i, replay.observation(seat), Action.parse(text)
        replay.apply(text)


def judge(index: int, obs: Observation, chosen: Action, samples: int = SAMPLES) -> Decision:
    """The coach's ranking of ``obs``'s moves (seeded by ``index``): the best move and
    the chosen one with their chances."""
    from engine.bots.hint import hint

    ranked = hint(obs, budget_ms=CAP_MS, samples=samples, seed=index)
    best = ranked[0]
    mine = next((h for h in ranked if h.action == chosen), best)
    return Decision(
        index,
        obs,
        chosen,
        float(mine.p_safe),
        best.action,
        float(best.p_safe),
        int(best.samples),
        bool(mine.certain),
        bool(best.certain),
    )


def review(
    match: Match, deal_number: int, seat: int = 0, samples: int = SAMPLES
) -> tuple[Decision, ...]:
    """Every decision of ``seat`` in deal ``deal_number``, judged (a tuple of ``Decision``)."""
    return tuple(judge(i, obs, a, samples) for i, obs, a in decisions(match, deal_number, seat))


def _group(label: str, cards: Sequence[Card], style: str, lang: str) -> str:
    """Cards under a label, kept on one line."""
    return (
        f'<span class="group"><span class="label">{esc(label)}</span>'
        f"{mini_cards(cards, style, lang)}</span>"
    )


def _item(
    number: int, d: Decision, names: Sequence[str], style: str, lang: str, who: str = ""
) -> str:
    obs = d.observation
    mine = move_words(obs, d.chosen, names, style, lang)
    best = move_words(obs, d.best, names, style, lang)
    same = d.best == d.chosen
    close = not same and coach.about_equal(  # the samples cannot tell the two apart
        coach.Line(d.chosen, mine, d.chosen_p, samples=d.samples, certain=d.chosen_sure),
        coach.Line(d.best, best, d.best_p, samples=d.samples, certain=d.best_sure),
    )
    cards = _group(tr("hand", lang), obs.hand, style, lang)
    if obs.table:
        cards += _group(tr("table", lang), obs.table, style, lang)
    chosen_fig = figure(d.chosen_p, d.samples, d.chosen_sure, lang)
    best_fig = figure(d.best_p, d.samples, d.best_sure, lang)
    you = esc(who or tr("you", lang))
    lines = [f'<p class="chosen"><b>{you}:</b> {esc(mine)} ({esc(chosen_fig)})</p>']
    knowable = _knowable(obs, (d.chosen, d.best), names, style, lang)
    if same:
        lines.append(f'<p class="best same">{esc(tr("was_best", lang))}</p>')
    elif close:  # not ranked below a move it cannot be told from
        equal = esc(coach.tr("about_equal", lang))
        lines.append(f'<p class="best close"><b>{equal}:</b> {esc(best)} ({esc(best_fig)})</p>')
        lines.append(f'<p class="best close">{esc(tr("as_good", lang))}</p>')
    else:
        lines.append(
            f'<p class="best"><b>{esc(tr("best", lang))}:</b> {esc(best)} ({esc(best_fig)})</p>'
        )
    lines += knowable
    return (
        f'<li class="decision{" good" if same or close else ""}" data-decision="{number}" '
        f'data-chosen="{esc(str(d.chosen))}" data-best="{esc(str(d.best))}" '
        f'data-p-chosen="{d.chosen_p:.3f}" data-p-best="{d.best_p:.3f}">'
        f"<h3>{esc(tr('decision', lang, n=number))}</h3>"
        f'<div class="review-cards">{cards}</div>{"".join(lines)}</li>'
    )


def _knowable(
    obs: Observation, moves: Sequence[Action], names: Sequence[str], style: str, lang: str
) -> list[str]:
    """For a Lügen decision, what the player could know then of each challenged
    announcement among ``moves`` (the review judges by that, never by the hands shown
    later); nothing for other decisions."""
    if str(obs.phase) != "decide":
        return []

    def name(seat: int) -> str:
        return names[seat] if 0 < seat < len(names) else f"#{seat}"

    targets = dict.fromkeys(m.target for m in moves if m.target is not None)  # challenges
    why = [coach.challenge_why(obs, t, name, style, lang) for t in targets]
    said = "; ".join(w for w in why if w) or tr("estimate", lang)
    return [f'<p class="knowable"><b>{esc(tr("knowable", lang))}:</b> {esc(said)}</p>']


def markup(
    found: Sequence[Decision],
    deal_number: int,
    names: Sequence[str],
    style: str,
    lang: str,
    who: str = "",
) -> str:
    """The review overlay ``[data-testid=review]``; its close button is ``close-review``.
    ``who``: the person's name at a shared device (else the review speaks to "you")."""
    items = "".join(_item(n, d, names, style, lang, who) for n, d in enumerate(found, start=1))
    title = tr("title_of" if who else "title", lang, n=deal_number, name=who)
    body = (
        f'<ol class="decisions">{items}</ol>' if found else f"<p>{esc(tr('none', lang))}</p>"
    )
    return (
        '<div class="overlay review-layer">'
        '<article class="panel review" data-testid="review" role="dialog" aria-modal="true" '
        f'aria-labelledby="review-title" data-decisions="{len(found)}">'
        f'<h2 id="review-title">{esc(title)}</h2>'
        f'<p class="intro">{esc(tr("intro", lang, k=SAMPLES))}</p>{body}'
        '<div class="buttons"><button type="button" class="primary" data-action="close-review" '
        f'data-key="act-close-review">{esc(tr("close", lang))}</button></div>'
        "</article></div>"
    )


__all__ = ["SAMPLES", "Decision", "decisions", "judge", "markup", "review"]
