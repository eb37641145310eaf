"""bench/frozen.py: the ladder's frozen bots come from pinned git revisions, taken
out of history into a temporary folder, and a checkout without them says so."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from bench import frozen
from engine import Match, preset
from engine.bots import make


def _history_missing() -> str:
    """Why the pinned revisions cannot be had from this checkout ("" if they can): a
    clone without the project's history (``git clone --depth``) has none of them. Then
    the tests below check that the bench says so clearly, and print why they cannot
    check the frozen bots themselves."""
    try:
        for name, pin in frozen.PINS.items():
            frozen._check_rev(name, pin.rev)
    except frozen.FrozenUnavailable as e:
        assert "git fetch --unshallow" in str(e)  # the way out is named
        print(f"the frozen bots cannot be loaded in this checkout: {e}")
        return str(e)
    return ""


def test_frozen_bots_load_from_their_pinned_revisions():
    if _history_missing():
        return
    for name, pin in frozen.PINS.items():
        bot = frozen.make(name, seed=3)
        assert type(bot).__module__ == f"frozen_{name}.bots.hard"
        assert bot.samples == pin.samples
        # the old bots read today's observations with today's card classes
        assert frozen.load(name).core.Card is __import__("engine").cards.Card


def test_hard_frozen_plays_as_hard_did_when_issue_25_began():
    """The pin is the bot of that revision, not today's engine/bots: a frozen bot
    plays a legal action on every decision of a seeded match."""
    if _history_missing():
        return
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
    if _history_missing():  # this checkout is such a clone: its own error is the check
        return
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
    if _history_missing():
        return
    assert type(frozen.make("hard_frozen")) is not type(make("hard"))
