"""A table for tests: a referee, scripted guests, a hand-driven clock, a recording
network; and the oracle of what a seat may not know, read from the engine's full state."""

from __future__ import annotations

import dataclasses
import json
import random
import re
from collections import defaultdict
from typing import Any

from engine import DealMode, Match, Phase, bots, preset
from engine.online import protocol
from engine.online.guest import Guest
from engine.online.referee import Out, Referee, TableConfig, Timing

CARD = re.compile(r'"((?:10|[2-9JQKA])[CDHS])"')
"""A card as the wire writes it: a JSON string like "10H"."""


class Clock:
    """Milliseconds that pass only when a test says so."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now

    def advance(self, ms: float) -> None:
        self.now += ms


class Table:
    """The referee with guests on connections ``"c1"``, ``"c2"``, ...; every message
    the referee sends is delivered to its guest and kept in ``inbox[conn]``."""

    def __init__(
        self,
        config: TableConfig,
        *,
        timing: Timing | None = None,
        bot_names: tuple[str, ...] = (),
    ) -> None:
        self.clock = Clock()
        self.ref = Referee(config, "Hana", clock=self.clock, timing=timing, bot_names=bot_names)
        self.guests: dict[str, Guest] = {}
        self.inbox: dict[str, list[str]] = defaultdict(list)

    def deliver(self, out: list[Out]) -> list[Out]:
        for conn, text in out:
            self.inbox[conn].append(text)
            guest = self.guests.get(conn)
            if guest is not None:
                guest.receive(text)
        return out

    def join(self, conn: str, name: str, secret: str | None = None) -> Guest:
        guest = self.guests[conn] = Guest(name, clock=self.clock, secret=secret)
        self.deliver(self.ref.receive(conn, guest.hello()))
        return guest

    def send(self, conn: str, text: Any) -> list[protocol.Message]:
        """``text`` from ``conn``; the messages ``conn`` got back, read."""
        out = self.deliver(self.ref.receive(conn, text))
        return [protocol.parse_host(t) for c, t in out if c == conn]

    def tick(self, ms: float = 0) -> list[Out]:
        self.clock.advance(ms)
        return self.deliver(self.ref.tick())

    def play_step(self, seed: int, n: int, level: str = "random") -> None:
        """The person to move (host or guest) moves, choosing with a bot of ``level`` from
        what their own page knows (a guest from its mirrored observation), or the referee
        is ticked when nobody here is to move; then 100 ms pass."""
        m = self.ref.match
        seat = m.current_player()
        conn = self.ref.seats[seat].conn
        chooser = bots.make(level, seed=seed * 10_000 + n)
        if seat == 0:
            self.deliver(self.ref.host_act(chooser.choose(m.observation(0))))
        elif conn in self.guests:
            guest = self.guests[conn]
            replies = self.send(conn, guest.act(chooser.choose(guest.observation)))
            assert not [r for r in replies if r.kind == "rejected"], replies
        else:  # a bot's pause, or a guest who is away: time passes
            self.tick()
        self.clock.advance(100)

    def play_to_end(self, seed: int = 0, level: str = "random", max_moves: int = 5000) -> None:
        """Every person plays (``play_step``) until the match is over."""
        for n in range(max_moves):
            if self.ref.ended is not None:
                return
            self.play_step(seed, n, level)
        raise AssertionError("the match did not end")


def config(name: str = "classic", players: int = 4, **options: Any) -> TableConfig:
    """A table of ``players`` with preset ``name`` changed by ``options`` (rule options,
    else TableConfig fields)."""
    fields = {f.name for f in dataclasses.fields(TableConfig)}
    table = {k: v for k, v in options.items() if k in fields}
    rule_options = {k: v for k, v in options.items() if k not in fields}
    rules = dataclasses.replace(preset(name), **rule_options)
    return TableConfig(rules, players, preset=name, **table)


VARIANTS = [
    ("classic", 4, {}),
    ("knack", 5, {}),
    ("pub", 4, {}),
    ("hosenowi", 3, {}),
    ("classic", 3, {"mistery": True}),
    ("knack", 4, {"mistery": True, "luegen": True}),
    ("classic", 4, {"luegen": True, "deal": "open", "lives": 2}),
    ("classic", 4, {"deal": "hidden", "passing": False, "pass_refresh": False}),
]
"""Rule sets the random matches cover: every preset, Mistery, Lügen, the hidden deal."""


def random_match(name: str, players: int, options: dict[str, Any], seed: int) -> Match:
    return Match(dataclasses.replace(preset(name), **options), players=players, seed=seed)


def play_randomly(match: Match, seed: int):
    """Yield the match after each random move, to the end."""
    rng = random.Random(seed)
    yield match
    while not match.is_over():
        match.apply(rng.choice(match.legal_actions()))
        yield match


# ---------------------------------------------------------------- the oracle


def hidden_from(match: Match, seat: int) -> set[str]:
    """The cards ``seat`` may not know now, from the engine's full state: the other
    hands but for the cards all know they hold, the stock, the cards in transit
    (the hidden deal) or set aside (the deal choice), the face-down Mistery card of
    another seat's laying. Once a deal has ended, its revealed hands are known."""
    d = match._deal
    hidden = set(d.stock) | set(d.other)
    own_turn = (
        match.phase is Phase.PLAY
        and match.current_player() == seat
        and match.rules.deal is DealMode.HIDDEN
    )
    if not own_turn:
        hidden |= set(d.pending)
    if d.mistery is not None and d.mistery_by != seat:
        hidden.add(d.mistery)
    for other, hand in enumerate(d.hands):
        if other != seat:
            hidden |= set(hand) - set(d.known[other])
    last = match.results[-1] if match.results else None
    if last is not None and last.deal_number == match.deal_number:
        for cards in last.hands.values():
            hidden -= set(cards)
    return {str(c) for c in hidden}


def cards_in(value: Any) -> set[str]:
    """The card texts in the JSON text of ``value``."""
    return set(CARD.findall(json.dumps(value)))


def deal_of_events(match: Match) -> list[int]:
    """The deal each event of the match's log belongs to (by the deal events before it)."""
    deals, n = [], 0
    for e in match.log:
        n += e.kind.value == "deal"
        deals.append(n)
    return deals
