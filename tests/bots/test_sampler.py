"""What the search assumes of the other seats' knocking: medium's self-play table, one
point later where the knocker alone pays a tie (knack), and the table itself elsewhere;
every world the search draws carries those thresholds into its rollouts."""

import itertools
import random

import pytest

from engine import Match, preset
from engine.bots import sampler
from engine.bots.model import knock_thresholds
from engine.bots.observe import view_of
from tests.bots.positions import turn_view


def first_view(name: str, players: int = 4):
    m = Match(preset(name), players=players, seed=11)
    return view_of(m.observation(m.current_player()))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_on_knack_the_others_are_assumed_to_knock_one_point_later(players):
    view = first_view("knack", players)
    assert view.info.knocker_pays_ties
    table = knock_thresholds(view.info, players)
    assumed = sampler.assumed_thresholds(view)
    assert assumed == [t + sampler.KNACK_WAITS for t in table]
    assert sampler.KNACK_WAITS == 1.0
    assert sampler.sample_deal(view, random.Random(1)).thr == assumed
    worlds = list(sampler.iter_worlds(view, random.Random(2), 4))
    assert worlds and all(d.thr == assumed for d in worlds)


@pytest.mark.parametrize("name", ["classic", "pub", "hosenowi"])
def test_without_the_knockers_tie_rule_the_table_stands(name):
    view = first_view(name)
    assert not view.info.knocker_pays_ties
    assert sampler.assumed_thresholds(view) == knock_thresholds(view.info, len(view.order))


@pytest.mark.parametrize(
    ("name", "guesses"), [("knack", 384), ("classic", 96), ("pub", 96), ("hosenowi", 96)]
)
def test_where_nobody_knocks_in_the_first_cycle_four_times_the_guesses_are_weighed(name, guesses):
    view = turn_view(name)
    assert sampler.guesses_for(view) == guesses
    assert (view.info.knock == "after_first_cycle") == (guesses == sampler.LATE_KNOCK_CANDIDATES)
    o = next(o for o in view.opponents() if view.last_turn.get(o))
    known = sampler.known_cards(view, o)
    drawn, cum = sampler._candidates(
        view, o, known, view.unseen(), random.Random(3), sampler.assumed_thresholds(view)
    )
    assert len(drawn) == len(cum) == guesses
    assert all(b >= a for a, b in itertools.pairwise(cum))
