"""The bots' numbers per rule set (engine/bots/params.py): every preset and its variants
find their row, a custom rule set plays the defaults, and the numbers of a row, not
constants in the code, are what medium, hard's prior and the rollouts play with."""

from __future__ import annotations

import dataclasses
import random

import pytest

from engine import preset
from engine.bots import params, sampler
from engine.bots.core import RulesInfo
from engine.bots.hard import HardBot
from engine.bots.heuristic import MediumBot
from engine.bots.model import knock_thresholds
from tests.bots.positions import turn_view

ODD = params.Params(
    knock=((4, (20.0, 21.0)),),
    knock_margin=0.1,
    alpha=0.9,
    feed_31=3.0,
    deal_keep=1.0,
    rollout_knock_add=2.0,
    rollout_swap2_margin=1.5,
    rollout_789_margin=1.0,
)


@pytest.mark.parametrize("name", ["classic", "knack", "pub", "hosenowi"])
@pytest.mark.parametrize("variant", [{}, {"mistery": True}, {"luegen": True}, {"lives": 7}])
def test_every_preset_and_its_variants_find_their_row(name, variant):
    info = RulesInfo.of(dataclasses.replace(preset(name), **variant))
    assert params.preset_of(info) == name
    assert params.levels_for(info) is params.TABLE[name]


def test_a_rule_set_of_ones_own_plays_the_defaults():
    info = RulesInfo.of(dataclasses.replace(preset("pub"), swap_two=False))
    assert params.preset_of(info) is None
    assert params.levels_for(info) == params.Levels(params.DEFAULT, params.DEFAULT)


def test_the_page_is_told_where_hard_is_not_stronger():
    assert params.hard_not_stronger(RulesInfo.of(preset("pub")))
    assert not params.hard_not_stronger(RulesInfo.of(preset("knack")))


@pytest.mark.parametrize(
    ("variant", "not_stronger"),
    [
        ({"mistery": True}, True),  # the ladder: 22.5 % (20.0-25.2 %)
        ({"luegen": True}, False),  # 36.0 % (33.1-39.0 %)
        ({"luegen": True, "mistery": True}, True),  # not measured: not with either
        ({"lives": 7}, True),
    ],
)
def test_pubs_variants_are_judged_by_their_own_ladder_rows(variant, not_stronger):
    info = RulesInfo.of(dataclasses.replace(preset("pub"), **variant))
    assert params.hard_not_stronger(info) is not_stronger


def test_every_name_the_page_is_told_of_is_a_ladder_row():
    from scripts import bots_report

    assert params.HARD_NOT_STRONGER.issubset(bots_report.SETTINGS)


@pytest.fixture
def pub_row(monkeypatch):
    """Pub's row replaced by ``ODD`` for medium (hard keeps the defaults)."""
    monkeypatch.setitem(params.TABLE, "pub", params.Levels(medium=ODD))
    monkeypatch.setattr(params, "_LEVELS", {})


def test_medium_plays_the_numbers_of_its_rule_sets_row(pub_row):
    view = turn_view("pub")
    assert MediumBot().numbers(view) is ODD
    assert knock_thresholds(view.info, 4) == [20.0, 21.0] + [21.0] * 6
    # hard's prior and its rollouts keep the row's hard numbers
    assert HardBot().medium.numbers(view) is params.DEFAULT


def test_the_knock_threshold_of_the_numbers_decides_medium_s_knock():
    view = turn_view("pub")
    knock = next(i for i, mv in enumerate(view.legal) if mv[0] == "knock")
    assert view.strength(view.hand) < 23  # below every usual threshold
    usual = MediumBot(params=params.DEFAULT)
    eager = MediumBot(params=dataclasses.replace(params.DEFAULT, knock=((4, (0.0,)),)))
    assert usual.ranked(view)[0][0] != knock
    assert eager.ranked(view)[0][0] == knock


def test_the_rollouts_get_the_numbers_they_are_given():
    view = turn_view("pub")
    table = knock_thresholds(view.info, len(view.order), ODD)
    for d in [
        sampler.sample_deal(view, random.Random(1), ODD),
        *sampler.iter_worlds(view, random.Random(2), 3, params=ODD),
    ]:
        assert d.thr == [t + 2.0 for t in table]
        assert (d.swap2_margin, d.new_margin) == (1.5, 1.0)
        assert d.clone().swap2_margin == 1.5
    usual = sampler.sample_deal(view, random.Random(1))
    assert usual.thr == knock_thresholds(view.info, len(view.order))
    assert (usual.swap2_margin, usual.new_margin) == (0.5, 3.0)


def test_hard_searches_only_in_the_kinds_of_decision_its_numbers_name(monkeypatch):
    """Outside ``Params.search`` hard plays medium's move without searching; inside it
    searches (issue 42, item 3)."""
    from engine.bots import hard

    view = turn_view("pub")
    kind = hard.decision_kind(view)
    assert kind in params.DECISION_KINDS and kind in {"first", "later"}
    searched: list[int] = []
    real_search = hard.search

    def counted(*args, **kwargs):
        searched.append(1)
        return real_search(*args, **kwargs)

    monkeypatch.setattr(hard, "search", counted)
    others = frozenset(params.DECISION_KINDS) - {kind}
    without = HardBot(seed=3, samples=8, params=dataclasses.replace(params.DEFAULT, search=others))
    assert without.decide(view) == MediumBot(seed=3).decide(view)
    assert not searched
    HardBot(seed=3, samples=8, params=params.DEFAULT).decide(view)
    assert searched


def test_the_kind_of_a_decision():
    from engine.bots import hard

    first = turn_view("knack", moved=0)
    later = dataclasses.replace(first, cycle=2)
    assert first.cycle == 0
    assert (hard.decision_kind(first), hard.decision_kind(later)) == ("first", "later")
    assert hard.decision_kind(dataclasses.replace(first, phase="choose")) == "choose"
    assert hard.decision_kind(dataclasses.replace(first, phase="decide")) == "luegen"
