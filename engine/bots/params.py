"""The numbers that steer the bots, one small table per rule set (issue 42).

Every level reads its knock thresholds, the weights of medium's move score and the
rollout policy's thresholds from a ``Params``; ``levels_for(info)`` gives the pair
a rule set plays with (``medium``: the medium bot; ``hard``: hard's prior, its
opponent model and its rollouts). A rule set without an entry of its own in
``TABLE`` (a custom one) plays the defaults, which are the values the bots had
before the table existed.

The entries are data, refitted offline by ``bench/fit.py`` (the cross-entropy
method over paired matches); an entry other than the default is adopted only
with the paired figures that chose it (docs/bots-experiments.md, round 5).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from .core import RulesInfo

KnockRows = tuple[tuple[int, tuple[float, ...]], ...]
"""Knock thresholds by number of players: ``(players, (cycle 0, cycle 1, ...))``,
the last entry standing for later cycles; a number of players not listed uses
the row of 4."""


DECISION_KINDS = ("choose", "first", "later", "luegen")
"""The kinds of decision hard may search or leave to medium's policy: the deal choice,
a turn in the deal's first cycle, a turn in a later cycle, a Lügen announcement or
challenge (``hard.decision_kind``)."""


@dataclass(frozen=True)
class Params:
    """One level's numbers on one rule set (the defaults: the bots before issue 42)."""

    knock: KnockRows = (
        (2, (24.0, 26.0, 27.0, 27.0)),
        (3, (24.0, 26.0, 27.0, 28.0)),
        (4, (23.0, 26.0, 27.0, 28.0)),
    )
    """Hand values at which a medium-like player knocks, by players and cycle, found by
    self-play: hand values are bimodal (about 20-21 or 27-30), so anything between 23
    and 26 behaves alike early on."""
    knock_margin: float = 0.35
    """How far above the fair share of safety the opponent model's chance of a safe
    knock must be before medium knocks below its threshold."""
    alpha: float = 0.5
    """Weight of the expected gain of one more swap in medium's move score (the hand's
    own value weighs 1)."""
    feed_31: float = 10.0
    """Price of the chance that the table left gives the next player 31."""
    feed_share: tuple[tuple[int, float], ...] = ((2, 0.6), (3, 0.3))
    """Share of the next player's expected gain from the table left, by players."""
    feed_share_many: float = 0.15
    """That share with more players than ``feed_share`` lists."""
    deal_gift: float = 0.5
    """Deal choice: weight of what the dealt hand would give the table if taken."""
    deal_keep: float = 0.0
    """Deal choice: how much better a kept hand may be judged (keep when
    keep + deal_keep >= take)."""
    rollout_knock_add: float = 0.0
    """Added to ``knock`` where the opponent model and the rollouts assume a knock
    (on top of ``sampler.KNACK_WAITS`` under ``knocker_pays_ties``)."""
    rollout_swap2_margin: float = 0.5
    """How much a second swap must add in a rollout before it is played."""
    rollout_789_margin: float = 3.0
    """A rollout asks for new cards on a 7-8-9 table unless a swap gains this much."""
    search: frozenset[str] = frozenset(DECISION_KINDS)
    """The kinds of decision (``DECISION_KINDS``) in which hard searches; in the others
    it plays medium's move with these numbers. Only kinds where the search measurably
    gains against medium on the rule set belong here (issue 42, item 3)."""

    def knock_row(self, players: int) -> tuple[float, ...]:
        """Knock thresholds by cycle for ``players`` active players."""
        rows = dict(self.knock)
        return rows.get(players, rows[4])

    def feed_weight(self, players: int) -> float:
        """Share of the next player's expected gain that leaving a table costs."""
        return dict(self.feed_share).get(players, self.feed_share_many)


DEFAULT = Params()


@dataclass(frozen=True)
class Levels:
    """The numbers of the levels that have any, on one rule set."""

    medium: Params = DEFAULT
    hard: Params = DEFAULT


TABLE: dict[str, Levels] = {
    "classic": Levels(),
    "knack": Levels(),
    "pub": Levels(),
    "hosenowi": Levels(),
}
"""Each preset's numbers (Mistery and Lügen play their base preset's)."""

HARD_NOT_STRONGER: frozenset[str] = frozenset({"pub", "pub+mistery"})
"""The ladder's rule sets (a preset, ``+luegen``, ``+mistery``) on which hard,
measured against three medium, does not win clearly more than parity (docs/bots.md's
ladder; docs/bots-experiments.md round 5): the page says so next to the level list
rather than claim an order that does not hold. Pub with Lügen is not one: there hard
wins 36.0 % (33.1-39.0 %)."""


def _shape(info: RulesInfo) -> RulesInfo:
    """What makes two rule sets one for the table: everything but the variants and
    the match's length (lives, cycles)."""
    return dataclasses.replace(info, mistery=False, luegen=False, lives=3, max_cycles=50)


_PRESETS: dict[RulesInfo, str] = {}


def preset_of(info: RulesInfo) -> str | None:
    """The preset whose turns ``info`` plays (Mistery, Lügen, lives aside), else None.

    >>> from engine import preset
    >>> preset_of(RulesInfo.of(preset("pub"))), preset_of(RulesInfo(deck=52))
    ('pub', None)
    """
    if not _PRESETS:
        from ..rules import PRESETS

        for name, rules in PRESETS.items():
            _PRESETS[_shape(RulesInfo.of(rules))] = name
    return _PRESETS.get(_shape(info))


_LEVELS: dict[RulesInfo, Levels] = {}


def levels_for(info: RulesInfo) -> Levels:
    """The numbers the levels play with on the rule set ``info``."""
    got = _LEVELS.get(info)
    if got is None:
        name = preset_of(info)
        got = _LEVELS[info] = TABLE.get(name, Levels()) if name is not None else Levels()
    return got


def ladder_labels(info: RulesInfo) -> list[str]:
    """The ladder's rule sets whose rows speak for ``info``: its preset with the
    variant it plays, or with each of the two when it plays both (the ladder has no
    row of both); none for a rule set of one's own.

    >>> from engine import preset
    >>> pub = RulesInfo.of(preset("pub"))
    >>> ladder_labels(pub), ladder_labels(RulesInfo(deck=52))
    (['pub'], [])
    >>> ladder_labels(dataclasses.replace(pub, luegen=True, mistery=True))
    ['pub+luegen', 'pub+mistery']
    """
    name = preset_of(info)
    if name is None:
        return []
    variants = [v for v, on in (("luegen", info.luegen), ("mistery", info.mistery)) if on]
    return [f"{name}+{v}" for v in variants] or [name]


def hard_not_stronger(info: RulesInfo) -> bool:
    """Whether hard is not measurably stronger than medium on this rule set (with both
    variants, where it is not with either)."""
    return any(label in HARD_NOT_STRONGER for label in ladder_labels(info))


__all__ = [
    "DECISION_KINDS",
    "DEFAULT",
    "TABLE",
    "Levels",
    "Params",
    "hard_not_stronger",
    "ladder_labels",
    "levels_for",
    "preset_of",
]
