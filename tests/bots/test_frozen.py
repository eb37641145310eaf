"""bench/frozen.py: the ladder's frozen bots come from pinned git revisions, taken
out of history into a temporary folder, and a checkout without them says so."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from bench import frozen
from engine import Match, preset
from engine.bots import make


def test_frozen_bots_load_from_their_pinned_revisions():
    for name, pin in frozen.PINS.items():
        bot = frozen.make(name, seed=3)
        assert type(bot).__module__ == f"frozen_{name}.bots.hard"
        assert bot.samples == pin.samples
        # the old bots read today's observations with today's card classes
        assert frozen.load(name).core.Card is __import__("engine").cards.Card


def test_hard_frozen_plays_as_hard_did_when_issue_25_began():
    """The pin is the bot of that revision, not today's engine/bots: a frozen bot
    plays a legal action on every decision of a seeded match."""
    m = Match(preset("knack"), players=4, seed=11)
    moves = 0
    while not m.is_over() and moves < 60:
        obs = m.observation(m.current_player())
        action = frozen.make("hard_frozen", moves, samples=12).choose(obs)
        assert action in obs.legal_actions
        m.apply(action)
        moves += 1
    assert moves == 60


def test_a_revision_not_in_history_fails_clearly(monkeypatch):
    monkeypatch.setitem(frozen.PINS, "nowhere", frozen.Pin("0" * 40, 12, "a missing revision"))
    with pytest.raises(frozen.FrozenUnavailable, match="needs revision 000000000000"):
        frozen.make("nowhere")


def test_a_shallow_clone_fails_clearly(tmp_path, monkeypatch):
    assert shutil.which("git"), "the frozen bots and this test need git"
    clone = tmp_path / "shallow"
    subprocess.run(
        ["git", "clone", "-q", "--depth", "1", f"file://{frozen.ROOT}", str(clone)],
        check=True,
        capture_output=True,
    )
    monkeypatch.setattr(frozen, "ROOT", clone)
    pin = frozen.PINS["hard_v1"]
    monkeypatch.setitem(frozen.PINS, "shallow_v1", pin)
    with pytest.raises(frozen.FrozenUnavailable, match="shallow clone") as e:
        frozen.make("shallow_v1")
    assert "git fetch --unshallow" in str(e.value)


def test_frozen_is_not_todays_bot():
    """Today's hard and the frozen one are separate modules (a fallback to today's
    bot would make the ladder's frozen rows meaningless)."""
    assert type(frozen.make("hard_frozen")) is not type(make("hard"))
