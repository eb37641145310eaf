"""Words for the Lügen round: who decided, what the challenged player really held,
who lied, and what it cost; the decision's buttons with what each choice costs; an
announcement on its seat, its shown cards enlarged on a tap.

Pure functions of the engine's ``DealResult`` (``decider``, ``challenged``,
``outcome``, ``announcements``, ``values``, ``lost``), of the observation (the
lives at stake come from ``obs.rules``: ``challenge_loss``, ``giveup_loss`` and
``out_after``, the engine's own figures) and of names. The player ("you") gets
grammatical sentences of their own.

>>> from engine.events import DealResult
>>> d = DealResult(3, "knock", 0, {2: ()}, {2: 21}, (0, 0, 2), announcements={2: (27, ())},
...                decider=0, challenged=2, outcome="lie")
>>> verdict(d, lambda s: ["You", "Anna", "Ben"][s], "en")
'You challenged Ben. Ben said 27 but has 21: a lie! Ben loses 2 lives.'
"""

from __future__ import annotations

from collections.abc import Callable

from app.cards.mini import face, mini_cards
from app.escape import escape as esc
from app.i18n import fmt_value, life_word, lookup
from engine import Card, DealResult, Observation

_T: dict[str, tuple[str, str]] = {
    "giveup": ("{who} gibt auf und verliert 1 {life}.", "{who} gives up and loses 1 {life}."),
    "giveup_you": ("Du gibst auf und verlierst 1 {life}.", "You give up and lose 1 {life}."),
    "challenged": ("{who} zweifelt {other} an.", "{who} challenged {other}."),
    "challenged_you": ("Du zweifelst {other} an.", "You challenged {other}."),
    "challenged_by": ("{who} zweifelt dich an.", "{who} challenged you."),
    "lie": (
        "{other} sagte {said}, hat aber {has}: gelogen!",
        "{other} said {said} but has {has}: a lie!",
    ),
    "lie_you": (
        "Du sagtest {said}, hast aber {has}: gelogen!",
        "You said {said} but have {has}: a lie!",
    ),
    "true": (
        "{other} sagte {said} und hat {has}: die Wahrheit.",
        "{other} said {said} and has {has}: the truth.",
    ),
    "true_you": (
        "Du sagtest {said} und hast {has}: die Wahrheit.",
        "You said {said} and have {has}: the truth.",
    ),
    "loses": ("{who} verliert {n} {lives}.", "{who} loses {n} {lives}."),
    "loses_you": ("Du verlierst {n} {lives}.", "You lose {n} {lives}."),
    "has": ("hat {value}", "has {value}"),
    "own_hand": ("nur du siehst sie", "only you see them"),
    "badge_lie": ("gelogen", "lied"),
    "badge_true": ("ehrlich", "honest"),
    "challenge": ("{name} anzweifeln (sagt {value})", "Challenge {name} (says {value})"),
    "challenge_plain": ("{name} anzweifeln", "Challenge {name}"),
    "giveup_button": ("Aufgeben", "Give up"),
    # What a choice costs (the stakes), from the lives (or tokens) the rules charge.
    "if_lie": ("Gelogen: {cost}.", "A lie: {cost}."),
    "if_true": ("Wahr: {cost}.", "The truth: {cost}."),
    "cost": ("{who} verliert {n} {lives}", "{who} loses {n} {lives}"),
    "cost_you": ("du verlierst {n} {lives}", "you lose {n} {lives}"),
    "cost_out": ("{who} verliert {n} {lives} und ist raus", "{who} loses {n} {lives} and is out"),
    "cost_out_you": (
        "du verlierst {n} {lives} und bist raus",
        "you lose {n} {lives} and are out",
    ),
    # An announcement on its seat; its shown cards enlarge on a tap (a <details>).
    "said": ("sagt {value}", "says {value}"),
    "said_you": ("du sagst {value}", "you say {value}"),
    "enlarge": ("größer zeigen", "show larger"),
}


def tr(key: str, lang: str, **values: object) -> str:
    return lookup(_T, key, lang, **values)


def lives_word(n: int, lang: str, preset: str | None) -> str:
    """ "life", "lives", "token", "tokens" as ``n`` of them are called in ``preset``
    (Pub and Knack play with tokens)."""
    return life_word(preset, lang, plural=n != 1)


def verdict(
    last_deal: DealResult,
    name: Callable[[int], str],
    lang: str,
    you: int | None = 0,
    preset: str | None = None,
) -> str:
    """The Lügen decision of a finished deal in one or three sentences; "" if the deal
    had no Lügen decision. ``name(seat)`` gives a seat's name (seat ``you`` is "you";
    ``None`` at a shared device, where everyone is named); a loss is said in
    ``preset``'s word for a life."""
    outcome = last_deal.outcome
    decider = last_deal.decider
    if not outcome or decider is None:
        return ""
    if outcome == "giveup":
        life = lives_word(1, lang, preset)
        if decider == you:
            return tr("giveup_you", lang, life=life)
        return tr("giveup", lang, who=name(decider), life=life)
    other = last_deal.challenged
    if other is None:
        return ""
    if decider == you:
        parts = [tr("challenged_you", lang, other=name(other))]
    elif other == you:
        parts = [tr("challenged_by", lang, who=name(decider))]
    else:
        parts = [tr("challenged", lang, who=name(decider), other=name(other))]
    said = last_deal.announcements.get(other, (None, ()))[0]
    has = last_deal.values.get(other)
    key = ("lie" if outcome == "lie" else "true") + ("_you" if other == you else "")
    parts.append(tr(key, lang, other=name(other), said=fmt_value(said), has=fmt_value(has)))
    loser = other if outcome == "lie" else decider
    lost = tuple(last_deal.lost)
    n = lost[loser] if loser < len(lost) else 2
    if n:
        lives = lives_word(n, lang, preset)
        key = "loses_you" if loser == you else "loses"
        parts.append(tr(key, lang, who=name(loser), n=n, lives=lives))
    return " ".join(parts)


def badge(last_deal: DealResult, seat: int, lang: str) -> str:
    """``gelogen``/``lied`` or ``ehrlich``/``honest`` for the challenged seat, else ""."""
    if last_deal.challenged != seat:
        return ""
    outcome = last_deal.outcome
    if outcome == "lie":
        return tr("badge_lie", lang)
    if outcome == "true":
        return tr("badge_true", lang)
    return ""


def challenge_label(obs: Observation, seat: int, name: str, lang: str) -> str:
    """The challenge button's text, with what that player announced."""
    said = obs.announcements.get(seat)
    if said is None:
        return tr("challenge_plain", lang, name=name)
    return tr("challenge", lang, name=name, value=fmt_value(said[0]))


def cost(
    obs: Observation,
    seat: int,
    n: int,
    name: Callable[[int], str],
    lang: str,
    preset: str | None = None,
) -> str:
    """What losing ``n`` lives means for ``seat``: "Anna loses 2 lives", "you lose 2
    lives and are out" (the rules' ``out_after`` with the seat's lives now); "tokens"
    where ``preset`` plays with tokens.

    >>> from types import SimpleNamespace
    >>> from engine import Rules
    >>> o = SimpleNamespace(seat=0, rules=Rules(), lives=[1, 3], swim_open=True)
    >>> cost(o, 0, 2, str, "en"), cost(o, 1, 2, "Anna".format, "de")
    ('you lose 2 lives and are out', 'Anna verliert 2 Leben')
    >>> cost(o, 1, 1, "Anna".format, "en", "pub"), cost(o, 1, 2, "Anna".format, "de", "pub")
    ('Anna loses 1 token', 'Anna verliert 2 Spielmarken')
    """
    lives = list(obs.lives)
    out = seat < len(lives) and obs.rules.out_after(lives[seat], n, obs.swim_open)
    key = ("cost_out" if out else "cost") + ("_you" if seat == obs.seat else "")
    return tr(key, lang, who=name(seat), n=n, lives=lives_word(n, lang, preset))


def challenge_stakes(
    obs: Observation,
    target: int,
    name: Callable[[int], str],
    lang: str,
    preset: str | None = None,
) -> str:
    """What challenging ``target`` costs: the liar's loss if it is a lie, the player's
    own if it is the truth (the rules' ``challenge_loss`` either way)."""
    n = obs.rules.challenge_loss
    lie = tr("if_lie", lang, cost=cost(obs, target, n, name, lang, preset))
    true = tr("if_true", lang, cost=cost(obs, obs.seat, n, name, lang, preset))
    return f"{lie} {true}"


def giveup_stakes(obs: Observation, lang: str, preset: str | None = None) -> str:
    """What giving up costs the player (the rules' ``giveup_loss``), as a sentence."""
    text = cost(obs, obs.seat, obs.rules.giveup_loss, str, lang, preset)
    return text[:1].upper() + text[1:] + "."


def _stake_button(action: str, label: str, stakes: str, cls: str) -> str:
    """A decision button (``data-action``/``data-key`` as ``app.table.parts.button``)
    whose second line says what the choice costs; both lines are its name."""
    return (
        f'<button data-action="{esc(action)}" data-key="act-{esc(action)}" type="button" '
        f'class="{esc(cls)}"><span class="stake-move">{esc(label)}</span> '
        f'<span class="stake-cost">{esc(stakes)}</span></button>'
    )


def challenge_button(
    obs: Observation,
    target: int,
    name: Callable[[int], str],
    lang: str,
    preset: str | None = None,
) -> str:
    """ "Challenge Anna (says 30)", and beneath it what that costs whom."""
    label = challenge_label(obs, target, name(target), lang)
    stakes = challenge_stakes(obs, target, name, lang, preset)
    return _stake_button(f"challenge {target}", label, stakes, "primary stake")


def giveup_button(obs: Observation, lang: str, preset: str | None = None) -> str:
    """ "Give up", and beneath it the lives (or tokens) it costs."""
    stakes = giveup_stakes(obs, lang, preset)
    return _stake_button("giveup", tr("giveup_button", lang), stakes, "stake")


def seat_announcement(
    announcement: tuple[int | float, tuple[Card, ...]], style: str, lang: str, *, me: bool = False
) -> str:
    """An announcement on its seat: the value and the shown cards, larger than the
    seat's card backs. The whole is a ``<details>`` summary, so a tap, a click, Enter
    or Space shows the cards large (``.shown-big``, over the table) and another tap
    hides them: it works without script and keeps the seat's size. The large copy is
    hidden from screen readers, which already read the cards by name."""
    value, shown = announcement
    said = tr("said_you" if me else "said", lang, value=fmt_value(value))
    # The large copy has no data-card: the page knows each card by one element.
    big = "".join(f'<span class="big-card">{face(str(c), style, lang)}</span>' for c in shown)
    return (
        f'<details class="announce-bubble"><summary title="{esc(tr("enlarge", lang))}">'
        f'<span class="said">{esc(said)}</span>'
        f'<span class="shown">{mini_cards(shown, style, lang)}</span>'
        f'<span class="shown-big" aria-hidden="true">{big}</span></summary></details>'
    )
