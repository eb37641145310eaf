"""Computer players for Schwimmen.

>>> from engine import bots
>>> bots.NAMES
('random', 'easy', 'medium', 'hard')
>>> bots.make("medium", seed=3).name
'medium'

``make(name, seed=0, **options)`` returns a bot with ``choose(observation)``,
which returns one of ``observation.legal_actions`` and depends only on the
observation and the bot's own seeded generator. ``hard`` takes ``samples``
(determinizations per decision, the reproducible setting) and ``budget_ms``
(a wall-time cap, ``None`` for none). ``hint(observation, budget_ms=...)``
ranks a human's legal actions with the chance of not losing a life.
``hard_is_stronger(rules)`` says whether hard measurably beats medium there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeAlias

from ..errors import InvalidInputError
from .hard import HardBot
from .heuristic import EasyBot, MediumBot
from .hint import Hint, hint
from .params import hard_not_stronger
from .random_bot import RandomBot

if TYPE_CHECKING:
    from ..rules import Rules

Bot: TypeAlias = RandomBot | EasyBot | MediumBot | HardBot
"""A bot ``make`` returns: ``choose(observation)`` gives one of its legal actions."""

_FACTORIES: dict[str, type[Bot]] = {
    "random": RandomBot,
    "easy": EasyBot,
    "medium": MediumBot,
    "hard": HardBot,
}
NAMES = tuple(_FACTORIES)
"""The bot names ``make`` knows, weakest first."""
BOT_NAMES = ("Anna", "Ben", "Clara", "David", "Emma", "Felix", "Greta", "Hans")
"""The names bots go by at a table (seat s: ``BOT_NAMES[s - 1]``), in every language."""


def hard_is_stronger(rules: Rules) -> bool:
    """Whether ``hard`` measurably beats ``medium`` on this rule set (docs/bots.md's
    ladder), so a page can say where the levels' order does not hold.

    >>> from engine import preset
    >>> hard_is_stronger(preset("knack")), hard_is_stronger(preset("pub"))
    (True, False)
    """
    from .core import RulesInfo

    return not hard_not_stronger(RulesInfo.of(rules))


# The bot a table gives a seat for one decision. The hard bot's work is a fixed number of
# sampled deals, so a seeded match plays the same on every machine: 192 samples take
# 17.5 ms (median; p95 25 ms) in CPython 3.11 (bench/bot_speed.py) and 28 ms (p95 53 ms)
# in the page, Pyodide on a loaded 2-core machine (bench/bot_speed_page.py).
TABLE_SAMPLES = 192
# Only a safety net for a very slow device, far above the normal time: a move never
# freezes a page for long (if it ever cuts the search, that move depends on speed).
TABLE_CAP_MS = 1500


def for_decision(level: str, match_seed: int, seat: int, moves: int) -> Bot:
    """The bot that decides for ``seat`` after ``moves`` moves of the match seeded with
    ``match_seed``, at ``level``: its generator comes from those three alone, so a
    seeded match plays the same on every page, after a reload, and on a server.

    >>> a, b = for_decision("medium", 7, 2, 10), for_decision("medium", 7, 2, 10)
    >>> a.rng.random() == b.rng.random()
    True
    """
    import random

    options = {"samples": TABLE_SAMPLES, "budget_ms": TABLE_CAP_MS} if level == "hard" else {}
    key = f"{match_seed}:{seat}:{moves}"  # a str: a stable seed on every Python
    return make(level, seed=random.Random(key).getrandbits(48), **options)


def make(name: str, seed: int = 0, **options: Any) -> Bot:
    """A new bot of that name with its own generator seeded by ``seed``.

    An unknown name raises ``InvalidInputError`` listing the known names.
    Options go to the bot's constructor (``hard``: ``samples``, ``budget_ms``,
    ``top_k``, ``params``; ``medium``: ``params``, the numbers of
    ``engine/bots/params.py`` to play with instead of the rule set's).
    """
    factory = _FACTORIES.get(str(name).strip().lower()) if isinstance(name, str) else None
    if factory is None:
        raise InvalidInputError(f"unknown bot {name!r}: known bots are {', '.join(NAMES)}")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise InvalidInputError(f"a bot seed is a whole number, not {seed!r}")
    return factory(seed, **options)


__all__ = [
    "BOT_NAMES",
    "NAMES",
    "TABLE_CAP_MS",
    "TABLE_SAMPLES",
    "Bot",
    "EasyBot",
    "HardBot",
    "Hint",
    "MediumBot",
    "RandomBot",
    "for_decision",
    "hard_is_stronger",
    "hint",
    "make",
]
