"""The match on this device, as a table screen's seat source (``app.table.session``).

Against bots the person sits at seat 0. At a shared device (pass-and-play) the people
sit at the first seats and the screen follows whoever's turn it is (``viewer``); the
session puts a cover over the table while the device is passed on, and draws the
``public_observation`` under it. Results at a shared device are read by everyone: they
are the engine's neutral ``Match.results`` (no private Lügen hand); alone, the person
sees their own final hand too (``Match.results_for``).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from app.i18n import BOT_NAMES, t
from app.settings import model as st
from app.table.source import Outcome
from app.table.state import UIState
from engine import PRESETS, Action, DealResult, Match, Observation, Rules, bots


class Bot(Protocol):
    """A computer player (``engine.bots.make``)."""

    def choose(self, observation: Observation) -> Action: ...


class LocalSeats:
    """The seat source of a match played on this page (see the module text)."""

    can_review = True  # the match is here to be replayed

    def __init__(
        self,
        match: Match,
        *,
        people: int,
        names: Sequence[str],
        bot_levels: Mapping[int, str],
        seed: int = 0,
    ) -> None:
        self.match = match
        self.people = people
        self.seat_names = tuple(names)  # every seat's name ("" is the one person: "you")
        self.bot_levels = dict(bot_levels)  # seat -> bot level
        self.viewer = 0  # the person at the screen now
        self.seed = seed  # the match's seed: the bots' generators come from it

    @classmethod
    def dealt(cls, match: Match, settings: st.Settings) -> LocalSeats:
        """The seats of a match dealt with ``settings``: its people at the first seats,
        then bots of the levels chosen (one level for all, or one per bot in turn)."""
        n = len(match.lives())
        people = min(settings.people, n)
        levels = st.bot_difficulties(settings) or ("medium",)
        if people == 1:
            names: tuple[str, ...] = ("", *BOT_NAMES[: n - 1])
        else:
            persons = st.person_names(settings, lambda k: t("person", settings.lang, n=k))
            bots = [b for b in BOT_NAMES if b not in persons]  # no bot shares a person's name
            bots = bots if len(bots) >= n - people else list(BOT_NAMES)
            names = (*persons[:people], *bots[: n - people])
        return cls(
            match,
            people=people,
            names=names,
            bot_levels={seat: levels[(seat - people) % len(levels)] for seat in range(people, n)},
            seed=settings.seed or 0,
        )

    @property
    def shared(self) -> bool:
        """Several people take turns at this device."""
        return self.people > 1

    def seat(self) -> int:
        return self.viewer

    def persons(self) -> Sequence[int]:
        return range(self.people)

    def is_person(self, seat: int) -> bool:
        return seat < self.people

    def observation(self) -> Observation:
        return self.match.observation(self.viewer)

    def public_observation(self) -> Observation:
        return self.match.public_observation(self.viewer)

    def results(self) -> Sequence[DealResult]:
        if self.shared:
            return self.match.results
        return self.match.results_for(0)

    def names(self) -> Sequence[str]:
        return self.seat_names

    def notes(self) -> Mapping[int, str]:
        return {}

    def stand_ins(self) -> Mapping[int, str]:
        return {}  # every bot here plays its own seat

    def outcome(self) -> Outcome | None:
        if not self.match.is_over():
            return None
        winner = self.match.winner()
        winners = tuple(winner) if isinstance(winner, list) else (winner,)
        return Outcome(tuple(s for s in winners if s is not None), crown=self.match.crown)

    def play(self, action: Action) -> None:
        """Apply a move (a person's or a bot's); the screen follows the turn. Nobody is
        told: the session draws the change, then tells its owner."""
        self.match.apply(action)
        self.follow_turn()

    def follow_turn(self) -> bool:
        """At a shared device the screen goes to the person whose turn it is (bots'
        turns leave it where it is); whether it moved to another person."""
        seat = self.match.current_player()
        if seat is None or not self.is_person(seat) or seat == self.viewer:
            return False
        self.viewer = seat
        return True

    def bot(self, seat: int) -> Bot:
        """The bot for this decision of ``seat`` (``engine.bots.for_decision``: made from
        the seed, the seat and the moves so far, so a resumed seeded match plays on
        exactly as an uninterrupted one, and as an online table's referee would)."""
        moves = len(self.match.actions)
        bot: Bot = bots.for_decision(self.bot_levels[seat], self.seed, seat, moves)
        return bot

    def decide(self, seat: int, timed: Callable[[str, float, Mapping[str, Any]], None]) -> Action:
        """The bot's move for ``seat``, and how long it took (its making, the observation
        and ``choose``) handed to ``timed`` with the bot's level and the hard bot's
        samples: the page puts it in User Timing, where bench/bot_speed_page.py reads it."""
        start = time.perf_counter()
        action: Action = self.bot(seat).choose(self.match.observation(seat))
        level = self.bot_levels[seat]
        detail: dict[str, Any] = {"level": level}
        if level == "hard":
            detail["samples"] = bots.TABLE_SAMPLES
        timed("bot", (time.perf_counter() - start) * 1000, detail)
        return action

    def review_match(self) -> Match:
        return self.match

    def hint_seed(self) -> int:
        return len(self.match.actions)


def table_ui(
    settings: st.Settings, shown: st.Settings, rules: Rules, people: int, stats: tuple[int, int]
) -> UIState:
    """The table's UI state for a match dealt with ``settings``; ``shown``: the display
    choices in use now (language, cards, speed, sound apply at once, also on resume)."""
    return UIState.of(
        lang=shown.lang,
        style=st.card_style(shown, rules.deck),
        preset=settings.preset if settings.preset in PRESETS else st.CUSTOM_BASE,
        custom=settings.preset == st.CUSTOM,
        start_lives=rules.lives,
        anim=shown.speed != "0",
        stats=stats,
        stats_words="stats_line" if people == 1 else "stats_line_shared",
        settings=shown.to_dict(),
        sound=shown.sound,
    )
