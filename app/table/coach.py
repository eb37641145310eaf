"""The coach: the hard bot's ranking of the player's moves (``engine.bots.hint``) in words.

Every legal move is ranked and explained: what it does, the hand value before and
after (or what is at stake in a Lügen decision), the chance of losing no life, and
once, above the list, what that chance means. The best few are shown; the rest sit
behind an "other moves" disclosure (a ``<details>``, no script).

Pure functions of the observation and the ranking; the table session asks for them
(``TableSession.show_hint`` calls ``advise``, which asks the engine and keeps the lines
in the UI state), the view draws them (``markup``) and
outlines the cards of the best move (``app.table.moves.card_keys``). Its German and
English words are in ``app.table.coach_words``.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from app.cards.names import card_name, suit_name
from app.escape import escape
from app.i18n import fmt_value, lookup, t
from app.table import luegen
from app.table.coach_words import WORDS
from engine import Action, ActionKind, Card, Observation, hand_value

if TYPE_CHECKING:
    from app.table.state import UIState

SHOWN = 3  # lines shown at once when there are many; the rest behind "more"
ALL_AT_ONCE = 4  # up to this many lines (a Lügen decision, a short turn) all are shown
MORE = 7  # lines behind "more"; weaker ones are only counted
Z = 1.96  # the figure's range: a 95 % Wilson interval of the sampled share
# The work is a count of sampled deals, so the same position gets the same advice on every
# machine; the time cap is only a safety net for a very slow device (a 30 ms cap cut the
# search on a loaded machine and the advice changed between two clicks).
BUDGET_MS = 500
# Sampled worlds (deterministic for a seed): 32 take about 7 ms in CPython and 20 ms in
# the page since the bots' rollouts use lookup tables (it was 8, when they cost 4x more).
SAMPLES = 32


def tr(key: str, lang: str, **values: object) -> str:
    return lookup(WORDS, key, lang, **values)


@dataclass(frozen=True)
class Line:
    """One ranked move: the action, words for it, its chance of no loss (from how many
    sampled deals, or proved), what it does to the hand (or what it stakes), and why,
    where it lowers the hand."""

    action: Action
    words: str
    p_safe: float
    effect: str = ""
    why: str = ""
    samples: int = 0
    certain: bool = False


class Ranked(Protocol):
    """A legal move with its chance of losing no life (``engine.bots.hint.Hint``): from
    ``samples`` sampled deals (0: a model's estimate), or ``certain``."""

    @property
    def action(self) -> Action: ...

    @property
    def p_safe(self) -> float: ...

    @property
    def samples(self) -> int: ...

    @property
    def certain(self) -> bool: ...


def ask(observation: Observation, seed: int = 0) -> list[Ranked]:
    """The engine's ranking of every legal move (best first) with the page's small
    search budget."""
    from engine.bots.hint import hint

    return list(hint(observation, budget_ms=BUDGET_MS, samples=SAMPLES, seed=seed))


def advise(obs: Observation, ui: UIState, seed: int) -> None:
    """The hint button: the ranked moves of ``obs`` (the player at seat 0) in words, into
    ``ui.choice.hints`` for the next drawing."""
    advice = ask(obs, seed=seed)
    ui.choice.hints = lines(obs, advice, ui.frame.names, ui.look.style, ui.lang, ui.look.preset)


def lines(
    obs: Observation,
    ranked: Sequence[Ranked],
    names: Sequence[str],
    style: str,
    lang: str,
    preset: str | None = None,
) -> tuple[Line, ...]:
    """Every entry of ``ranked`` (``Hint``: ``action``, ``p_safe``) as a ``Line``, a
    Lügen choice's cost in ``preset``'s word for a life."""

    def name(seat: int) -> str:
        return names[seat] if 0 < seat < len(names) else f"#{seat}"

    out = []
    for h in ranked:
        words = move_words(obs, h.action, names, style, lang)
        effect, why = explain(obs, h.action, name, style, lang, preset)
        samples, sure = int(h.samples), bool(h.certain)
        out.append(Line(h.action, words, float(h.p_safe), effect, why, samples, sure))
    return tuple(out)


def _join(items: Sequence[str], lang: str) -> str:
    """"a, b and c" ("a" alone, "a and b")."""
    if len(items) < 2:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {tr('and', lang)} " + items[-1]


def move_words(
    obs: Observation, action: Action, names: Sequence[str], style: str, lang: str
) -> str:
    """A move said in words, with the cards' names from the observation.

    >>> from types import SimpleNamespace
    >>> from engine import parse_cards
    >>> o = SimpleNamespace(hand=parse_cards("KH 9S 7D"), table=parse_cards("AH 10C QS"))
    >>> move_words(o, Action.swap(1, 0), ["", "Anna"], "french", "en")
    'swap 9 of Spades for Ace of Hearts'
    >>> move_words(o, Action.challenge(1), ["", "Anna"], "french", "de")
    'Anna anzweifeln'
    """
    hand = list(getattr(obs, "hand", ()) or ())
    table = list(getattr(obs, "table", ()) or ())

    def h(k: int) -> str:
        return card_name(hand[k], style, lang) if k < len(hand) else f"#{k}"

    def tb(k: int) -> str:
        return card_name(table[k], style, lang) if k < len(table) else f"#{k}"

    kind = action.kind
    if kind is ActionKind.SWAP:
        ((hi, ti),) = action.pairs
        return tr("swap", lang, hand=h(hi), table=tb(ti))
    if kind is ActionKind.SWAP_TWO:
        first, second = (tr("pair", lang, hand=h(hi), table=tb(ti)) for hi, ti in action.pairs)
        return tr("swap_two", lang, first=first, second=second)
    if kind is ActionKind.MISTERY:
        return tr("mistery", lang, hand=h(action.hand_cards[0]))
    if kind is ActionKind.HOLD:
        return tr("hold", lang, cards=_join([h(i) for i in action.hand_cards], lang))
    if kind is ActionKind.ANNOUNCE:
        a, b = action.hand_cards
        return tr("announce", lang, value=fmt_value(action.value), a=h(a), b=h(b))
    if kind is ActionKind.CHALLENGE and action.target is not None:
        seat = action.target
        name = names[seat] if 0 < seat < len(names) else f"#{seat}"
        return tr("challenge", lang, name=name)
    if kind is ActionKind.GIVEUP:  # its cost is the line's effect (the rules' figure)
        return luegen.tr("giveup_button", lang)
    return t(str(action), lang)  # keep, take, swap all, pass, new, knock


# Moves after which the player holds the same three cards as before.
_SAME_HAND = frozenset({ActionKind.KEEP, ActionKind.KNOCK, ActionKind.PASS, ActionKind.NEW})


def hand_after(obs: Observation, action: Action) -> tuple[Card, ...] | None:
    """The three cards the player holds after ``action``; ``None`` where they cannot
    be known (the Mistery card someone else laid, three unseen cards taken) or the
    move changes no hand (Lügen). In the hidden deal a hold keeps three of five.

    >>> from types import SimpleNamespace
    >>> from engine import parse_cards
    >>> from engine import Rules
    >>> o = SimpleNamespace(hand=parse_cards("KH 9S 7D"), table=parse_cards("AH 10C QS"),
    ...                     mistery=None, rules=Rules())
    >>> [str(c) for c in hand_after(o, Action.parse("swap 1 0"))]
    ['KH', 'AH', '7D']
    >>> hand_after(o, Action.parse("mistery 0")) is None
    True
    """
    hand, table = list(obs.hand), list(obs.table)
    size = obs.rules.hand_size
    kind = action.kind
    if kind in (ActionKind.SWAP, ActionKind.SWAP_TWO):
        after = hand[:size]
        for hi, ti in action.pairs:
            after[hi] = table[ti]
        return tuple(after)
    if kind is ActionKind.SWAP_ALL:
        return tuple(table[:size])
    if kind is ActionKind.HOLD:
        return tuple(hand[i] for i in action.hand_cards)
    if kind is ActionKind.MISTERY and obs.mistery is not None:  # the player laid it there
        after = hand[:size]
        after[action.hand_cards[0]] = obs.mistery
        return tuple(after)
    if kind in _SAME_HAND:
        return tuple(hand[:size])
    return None


def explain(
    obs: Observation,
    action: Action,
    name: Callable[[int], str],
    style: str,
    lang: str,
    preset: str | None = None,
) -> tuple[str, str]:
    """What ``action`` does, in words, and why where it lowers the hand.

    The effect is the hand value before and after ("hand 19 → 11", "hand stays 19",
    "→ ?" with the reason where the new cards are unseen); for an announcement,
    whether it is the truth; for a Lügen decision, the lives at stake
    (``app.table.luegen``) and, where what the player saw settles the announcement,
    why (``challenge_why``). The reason, only for a move that lowers the hand, is the
    one thing that is plainly true of the new hand: the cards of one suit (or one
    rank) it holds together; without such cards there is none, and the chance of
    losing no life has to speak for the move.
    """
    kind = action.kind
    if kind is ActionKind.CHALLENGE and action.target is not None:
        stakes = luegen.challenge_stakes(obs, action.target, name, lang, preset)
        return stakes, challenge_why(obs, action.target, name, style, lang)
    if kind is ActionKind.GIVEUP:
        return luegen.giveup_stakes(obs, lang, preset), ""
    rules = obs.rules
    before = hand_value(tuple(obs.hand[: rules.hand_size]), rules)
    if kind is ActionKind.ANNOUNCE:
        key = "value_true" if action.value == before else "value_lie"
        return tr(key, lang, value=fmt_value(before)), ""
    after_cards = hand_after(obs, action)
    if after_cards is None:
        key = "value_mistery" if kind is ActionKind.MISTERY else "value_take"
        return tr(key, lang, before=fmt_value(before)), ""
    after = hand_value(after_cards, rules)
    if after == before:
        return tr("value_same", lang, value=fmt_value(before)), ""
    effect = tr("value_change", lang, before=fmt_value(before), after=fmt_value(after))
    held = tuple(obs.hand[: rules.hand_size])
    return effect, (_kept_together(after_cards, held, style, lang) if after < before else "")


def challenge_why(
    obs: Observation, target: int, name: Callable[[int], str], style: str, lang: str
) -> str:
    """What the player could see that settles ``target``'s announcement ("Ben is known
    to hold 8 of Diamonds …: 27 is the truth"), or "" where it stays an estimate."""
    from engine.bots.hint import challenge_basis

    said = obs.announcements.get(target)
    if said is None:
        return ""
    basis = challenge_basis(obs, target)
    value = fmt_value(said[0])
    if basis.kind == "impossible":
        return tr("basis_impossible", lang, name=name(target), value=value)
    if basis.kind == "known" and isinstance(basis.card, Card):
        key = "basis_true" if basis.true else "basis_lie"
        card = card_name(basis.card, style, lang)
        return tr(key, lang, name=name(target), card=card, value=value)
    return ""


def _kept_together(
    cards: Sequence[Card], held: Sequence[Card], style: str, lang: str
) -> str:
    """Words for the most cards of one suit (else of one rank) in ``cards``, if two or
    more, and more than the hand ``held`` before the move had: a lower hand that builds
    nothing new gets no reason ("two Hearts in hand" when two were held already).

    >>> from engine import parse_cards
    >>> _kept_together(parse_cards("8D KD 9C"), parse_cards("8D AS 9C"), "french", "en")
    'lower now, but two Diamonds in hand: 8 of Diamonds, King of Diamonds'
    >>> _kept_together(parse_cards("8D 8C 9S"), parse_cards("8D 10C 9S"), "german", "de")
    'jetzt weniger, dafür zwei vom gleichen Rang auf der Hand: Schelle 8, Eichel 8'
    >>> _kept_together(parse_cards("8H KH 9C"), parse_cards("8H AH 10C"), "french", "en")
    ''
    """
    for key, attr in (("why_suit", "suit"), ("why_rank", "rank")):
        common, n = Counter(getattr(c, attr) for c in cards).most_common(1)[0]
        if n >= 2:
            if sum(getattr(c, attr) == common for c in held) >= n:
                return ""  # as many as before: nothing gained to speak of
            together = [card_name(c, style, lang) for c in cards if getattr(c, attr) == common]
            suit = suit_name(common, style, lang) if attr == "suit" else ""
            count = tr(f"count_{n}", lang)
            return tr(key, lang, count=count, suit=suit, cards=", ".join(together))
    return ""


def percent(p: float) -> int:
    """A chance as a whole percentage (``0.724`` -> 72)."""
    return round(p * 100)


def wilson(p: float, n: int) -> tuple[float, float]:
    """The 95 % Wilson interval of a share ``p`` of ``n`` samples.

    >>> [round(x, 3) for x in wilson(1.0, 32)]
    [0.893, 1.0]
    """
    centre = p + Z * Z / (2 * n)
    spread = Z * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n))
    scale = 1 + Z * Z / n
    return max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale)


def figure(p: float, samples: int, certain: bool, lang: str) -> str:
    """A chance of no loss with the precision its samples support: certain only where
    the position proves it; from ``samples`` sampled deals, the Wilson range in steps
    of 5 ("55–85 % safe", "over 85 % safe" for 32 of 32, never "100 %"); a model's
    estimate (no samples) to the nearest 10, between 10 and 90 ("about 70 % safe").

    >>> figure(1.0, 32, False, "en"), figure(0.0, 32, False, "en")
    ('over 85% safe', 'under 15% safe')
    >>> figure(0.5, 32, False, "en"), figure(0.5, 0, False, "en"), figure(1.0, 0, True, "en")
    ('30–70% safe', 'about 50% safe', 'certainly safe')
    """
    if certain and p in (0.0, 1.0):
        return tr("safe_sure" if p else "loss_sure", lang)
    if samples <= 0:
        return tr("safe_about", lang, p=min(90, max(10, 10 * round(p * 10))))
    lo, hi = wilson(p, samples)
    low, high = 5 * math.floor(lo * 20), 5 * math.ceil(hi * 20)
    if high >= 100:
        return tr("safe_over", lang, lo=low)
    if low <= 0:
        return tr("safe_under", lang, hi=high)
    return tr("safe_range", lang, lo=low, hi=high)


def about_equal(a: Line, b: Line) -> bool:
    """Whether the samples cannot tell two moves' chances apart: their difference lies
    within its sampling error (95 %, each share taken as (k + 2) / (n + 4) so that 32 of
    32 still has some). A chance the position proves (``certain``) is told apart from
    any estimate: a move shown to be lost is never "about as good" as a sampled one.

    >>> knock = Line(Action.knock(), "", 0.72, samples=32)
    >>> about_equal(knock, Line(Action.pass_(), "", 0.62, samples=32))
    True
    >>> about_equal(knock, Line(Action.pass_(), "", 0.41, samples=32))
    False
    >>> about_equal(Line(Action.knock(), "", 0.0, certain=True), Line(Action.pass_(), "", 0.0))
    False
    """
    if a.certain or b.certain:
        return a.certain == b.certain and a.p_safe == b.p_safe
    if a.samples <= 0 or b.samples <= 0:  # a model's estimates: equal as shown
        return figure(a.p_safe, 0, False, "en") == figure(b.p_safe, 0, False, "en")

    def variance(p: float, n: int) -> float:
        share = (p * n + 2) / (n + 4)
        return share * (1 - share) / (n + 4)

    spread = Z * math.sqrt(variance(a.p_safe, a.samples) + variance(b.p_safe, b.samples))
    return abs(a.p_safe - b.p_safe) <= spread


def _legend(shown: Sequence[Line], lang: str) -> str:
    """What "safe" means for these moves, in one line: a Lügen decision, an
    announcement, or a turn (and the deal choice), judged by sampled deals."""
    kinds = {line.action.kind for line in shown}
    if kinds <= {ActionKind.CHALLENGE, ActionKind.GIVEUP}:
        return tr("legend_decide", lang)
    if ActionKind.ANNOUNCE in kinds:
        return tr("legend_announce", lang)
    return tr("legend_play", lang, n=max((line.samples for line in shown), default=0))


def _item(line: Line, lead_key: str, lang: str) -> str:
    """One line: the move (the best one says so, or each of the best few that the
    samples cannot tell apart: ``lead_key``), then its effect and chance, then why.
    Giving up has no chance to show: its effect already says the sure loss."""
    lead = f"<b>{escape(tr(lead_key, lang))}:</b> " if lead_key else ""
    detail = [line.effect] if line.effect else []
    if line.action.kind is not ActionKind.GIVEUP:
        detail.append(figure(line.p_safe, line.samples, line.certain, lang))
    why = f'<span class="hint-why">{escape(line.why)}</span>' if line.why else ""
    return (
        f'<li data-hint-action="{escape(str(line.action))}" data-p-safe="{line.p_safe:.3f}">'
        f'<span class="hint-move">{lead}{escape(line.words)}</span> '
        f'<span class="hint-detail">{escape(" · ".join(detail))}</span>{why}</li>'
    )


def listed(ranked: Sequence[Line]) -> list[Line]:
    """The moves worth a line, best first: of the announcements of one value, only the
    best cards to show with it (72 announcements are a few values)."""
    out, said = [], set()
    for line in ranked:
        if line.action.kind is ActionKind.ANNOUNCE:
            if line.action.value in said:
                continue
            said.add(line.action.value)
        out.append(line)
    return out


def _leads(lines: Sequence[Line], shown: int) -> list[str]:
    """Each line's lead: "Best" for the first, unless the samples cannot tell it from
    the next (``about_equal``): then "About equal" on each of those leading lines
    shown at once, ranked no further."""
    tied = 1
    while tied < min(len(lines), shown) and about_equal(lines[0], lines[tied]):
        tied += 1
    first = ["best"] if tied == 1 else ["about_equal"] * tied
    return first + [""] * (len(lines) - len(first))


def markup(shown: Sequence[Line], lang: str) -> str:
    """The advice: the best few moves, up to ``MORE`` others behind "more" (weaker ones
    only counted), then what "safe" means in one line."""
    if not shown:
        return ""
    lines = listed(shown)
    first = len(lines) if len(lines) <= ALL_AT_ONCE else SHOWN
    leads = _leads(lines, first)
    items = [_item(line, leads[i], lang) for i, line in enumerate(lines[: first + MORE])]
    more = ""
    if first < len(lines):
        rest = len(lines) - len(items)
        unlisted = f'<p class="hint-unlisted">{escape(tr("unlisted", lang, n=rest))}</p>'
        more = (
            f'<details class="hint-more"><summary>'
            f"{escape(tr('more', lang, n=len(items) - first))}</summary>"
            f'<ol class="hint-list" start="{first + 1}">{"".join(items[first:])}</ol>'
            f"{unlisted if rest else ''}</details>"
        )
    return (
        f'<div class="hint-box" data-testid="hint" role="group" '
        f'aria-label="{escape(tr("hint_title", lang))}">'
        f'<ol class="hint-list">{"".join(items[:first])}</ol>{more}'
        f'<p class="hint-legend">{escape(_legend(shown, lang))}</p></div>'
    )
