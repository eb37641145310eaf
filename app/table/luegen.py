"""Words for the Lügen round: who decided, what the challenged player really held,
who lied, and what it cost; labels for the challenge buttons.

Pure functions of the engine's ``DealResult`` (``decider``, ``challenged``,
``outcome``, ``announcements``, ``values``, ``lost``) and of names. The player
("you") gets grammatical sentences of their own.

>>> from engine.events import DealResult
>>> d = DealResult(3, "knock", 0, {2: ()}, {2: 21}, (0, 0, 2), announcements={2: (27, ())},
...                decider=0, challenged=2, outcome="lie")
>>> verdict(d, lambda s: ["You", "Anna", "Ben"][s], "en")
'You challenged Ben. Ben said 27 but has 21: a lie! Ben loses 2 lives.'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from app.i18n import fmt_value, lookup

_T: dict[str, tuple[str, str]] = {
    "giveup": ("{who} gibt auf und verliert 1 Leben.", "{who} gives up and loses 1 life."),
    "giveup_you": ("Du gibst auf und verlierst 1 Leben.", "You give up and lose 1 life."),
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
    "loses": ("{who} verliert {n} Leben.", "{who} loses {n} lives."),
    "loses_you": ("Du verlierst {n} Leben.", "You lose {n} lives."),
    "has": ("hat {value}", "has {value}"),
    "own_hand": ("nur du siehst sie", "only you see them"),
    "badge_lie": ("gelogen", "lied"),
    "badge_true": ("ehrlich", "honest"),
    "challenge": ("{name} anzweifeln (sagt {value})", "Challenge {name} (says {value})"),
}


def tr(key: str, lang: str, **values: Any) -> str:
    return lookup(_T, key, lang, **values)


def verdict(last_deal: Any, name: Callable[[int], str], lang: str) -> str:
    """The Lügen decision of a finished deal in one or three sentences; "" if the deal
    had no Lügen decision. ``name(seat)`` gives a seat's name (seat 0 is "you")."""
    outcome = last_deal.outcome
    decider = last_deal.decider
    if not outcome or decider is None:
        return ""
    if outcome == "giveup":
        return tr("giveup_you", lang) if decider == 0 else tr("giveup", lang, who=name(decider))
    other = last_deal.challenged
    if other is None:
        return ""
    if decider == 0:
        parts = [tr("challenged_you", lang, other=name(other))]
    elif other == 0:
        parts = [tr("challenged_by", lang, who=name(decider))]
    else:
        parts = [tr("challenged", lang, who=name(decider), other=name(other))]
    said = last_deal.announcements.get(other, (None, ()))[0]
    has = last_deal.values.get(other)
    key = ("lie" if outcome == "lie" else "true") + ("_you" if other == 0 else "")
    parts.append(tr(key, lang, other=name(other), said=fmt_value(said), has=fmt_value(has)))
    loser = other if outcome == "lie" else decider
    lost = tuple(last_deal.lost)
    n = lost[loser] if loser < len(lost) else 2
    if n:
        parts.append(
            tr("loses_you", lang, n=n) if loser == 0 else tr("loses", lang, who=name(loser), n=n)
        )
    return " ".join(parts)


def badge(last_deal: Any, seat: int, lang: str) -> str:
    """``gelogen``/``lied`` or ``ehrlich``/``honest`` for the challenged seat, else ""."""
    if last_deal.challenged != seat:
        return ""
    outcome = last_deal.outcome
    if outcome == "lie":
        return tr("badge_lie", lang)
    if outcome == "true":
        return tr("badge_true", lang)
    return ""


def challenge_label(obs: Any, seat: int, name: str, lang: str) -> str:
    """The challenge button's text, with what that player announced."""
    said = obs.announcements.get(seat)
    if said is None:
        return f"Challenge {name}" if lang == "en" else f"{name} anzweifeln"
    return tr("challenge", lang, name=name, value=fmt_value(said[0]))
