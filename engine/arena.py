"""Bots against bots: whole matches, seats rotating, figures as a table or JSON.

    python -m engine.arena --rules knack --players 4 \\
        --bots hard,medium,medium,medium --matches 1000 --seed 1 --json

prints ``{"matches": 1000, "seconds": 12.5, "bots": [{"spec": "hard", "wins":
412.5, "win_rate": 0.4125}, ...]}`` (CONFORMANCE.md; ``--details`` adds deals,
actions, speeds, CPU time and the rules). A shared first
place (``first_out``) counts as a fraction of a win. ``--set option=value``
changes a rule of the preset (``--set mistery=true --set lives=5``). A bot spec
is a name known to ``engine.bots.make`` or ``path/to/file.py:factory``, where
``factory(seed)`` returns an object with ``choose(observation)``.
"""

from __future__ import annotations

import argparse
import dataclasses
import enum
import importlib.util
import json
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Protocol

from .actions import Action
from .errors import InvalidInputError
from .match import Match
from .observation import Observation
from .rules import Rules, preset

_TRUE = {"true", "1", "yes", "on"}
_FALSE = {"false", "0", "no", "off"}


def convert_option(key: str, text: str) -> Any:
    """Turn ``--set key=text`` into the Rules field's type (bool, int or enum string)."""
    types = Rules.field_types()
    if key not in types:
        raise InvalidInputError(f"unknown rule option {key!r}; known: {', '.join(sorted(types))}")
    kind = types[key]
    t = text.strip()
    if kind is bool:
        if t.lower() in _TRUE:
            return True
        if t.lower() in _FALSE:
            return False
        raise InvalidInputError(f"option {key} is true or false, not {text!r}")
    if kind is int:
        try:
            return int(t)
        except ValueError:
            raise InvalidInputError(f"option {key} is a whole number, not {text!r}") from None
    if issubclass(kind, enum.Enum):
        return t  # Rules converts and checks the string
    return t


def build_rules(name: str, settings: Sequence[str] = ()) -> Rules:
    """A preset with ``key=value`` changes applied."""
    changes = {}
    for item in settings:
        key, sep, value = item.partition("=")
        if not sep:
            raise InvalidInputError(f"--set needs option=value, not {item!r}")
        changes[key.strip()] = convert_option(key.strip(), value)
    return dataclasses.replace(preset(name), **changes)


class Bot(Protocol):
    """What the arena plays: a bot chooses one of the observation's legal actions
    (an ``Action`` or its text)."""

    def choose(self, observation: Observation, /) -> Action | str: ...


class _UniformRandom:
    """Fallback when ``engine.bots`` is missing: a uniform random choice."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose(self, observation: Observation) -> Action:
        return self._rng.choice(observation.legal_actions)


def load_bot(spec: str, seed: int) -> Bot:
    """A bot from a name (``engine.bots.make``) or ``path/file.py:factory``."""
    if ":" in spec and spec.split(":", 1)[0].endswith(".py"):
        path_text, factory_name = spec.rsplit(":", 1)
        path = Path(path_text)
        if not path.is_file():
            raise InvalidInputError(f"bot file {path_text!r} does not exist")
        module_name = f"_arena_bot_{path.stem}"
        module_spec = importlib.util.spec_from_file_location(module_name, path)
        if module_spec is None or module_spec.loader is None:
            raise InvalidInputError(f"cannot load bot file {path_text!r}")
        module = importlib.util.module_from_spec(module_spec)
        sys.modules[module_name] = module  # dataclasses and pickling look modules up here
        module_spec.loader.exec_module(module)
        factory: Callable[[int], Bot] | None = getattr(module, factory_name, None)
        if factory is None:
            raise InvalidInputError(f"{path_text!r} has no factory {factory_name!r}")
        return factory(seed)
    try:
        from . import bots
    except ImportError:
        if spec == "random":
            return _UniformRandom(seed)
        raise InvalidInputError(f"bot {spec!r} needs engine.bots, which is missing") from None
    bot: Bot = bots.make(spec, seed)
    return bot


def run(
    rules: Rules,
    players: int,
    specs: Sequence[str],
    matches: int,
    seed: int = 0,
) -> dict[str, Any]:
    """Play ``matches`` matches; bot position ``p`` sits at seat ``(p + i) % players``
    in match ``i``. Returns the figures as a JSON-ready dict."""
    if len(specs) != players:
        raise InvalidInputError(f"{len(specs)} bots for {players} players: give one per seat")
    if matches < 1:
        raise InvalidInputError("--matches must be at least 1")
    bot_list = [load_bot(spec, seed * 1000 + p) for p, spec in enumerate(specs)]
    seeds = random.Random(seed)
    wins = [0.0] * players
    actions = 0
    deals = 0
    start, cpu_start = time.perf_counter(), time.process_time()
    for i in range(matches):
        match = Match(rules, players=players, seed=seeds.getrandbits(32))
        seat_of = [(p + i) % players for p in range(players)]
        bot_at = {seat_of[p]: bot_list[p] for p in range(players)}
        while (seat := match.current_player()) is not None:
            match.apply(bot_at[seat].choose(match.observation(seat)))
            actions += 1
        deals += match.deal_count
        w = match.winner()
        winners = w if isinstance(w, list) else [w]
        for p in range(players):
            if seat_of[p] in winners:
                wins[p] += 1 / len(winners)
    seconds = time.perf_counter() - start
    cpu = time.process_time() - cpu_start
    return {
        "matches": matches,
        "seconds": round(seconds, 3),
        "bots": [
            {"spec": spec, "wins": wins[p], "win_rate": wins[p] / matches}
            for p, spec in enumerate(specs)
        ],
        "players": players,
        "seed": seed,
        "deals": deals,
        "actions": actions,
        "matches_per_second": round(matches / seconds, 2) if seconds else None,
        "actions_per_second": round(actions / seconds, 1) if seconds else None,
        "cpu_seconds": round(cpu, 3),
        "actions_per_second_cpu": round(actions / cpu, 1) if cpu else None,
        "rules": rules.to_dict(),
    }


PUBLIC_KEYS = ("matches", "seconds", "bots")


def format_table(result: dict[str, Any], rules_name: str) -> str:
    """The figures as a readable table."""
    lines = [
        f"{result['matches']} matches of {rules_name}, {result['players']} players, "
        f"seed {result['seed']}: {result['seconds']:.2f} s, "
        f"{result['matches_per_second']} matches/s, {result['actions_per_second']} actions/s",
        "",
        f"{'pos':>3}  {'bot':<30} {'wins':>10} {'win rate':>9}",
    ]
    for p, b in enumerate(result["bots"]):
        lines.append(f"{p:>3}  {b['spec']:<30} {b['wins']:>10.1f} {b['win_rate']:>9.1%}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m engine.arena", description=__doc__.split("\n")[0]
    )
    parser.add_argument(
        "--rules", default="knack", help="preset name (classic, knack, pub, hosenowi)"
    )
    parser.add_argument("--players", type=int, default=None, help="players (default: one per bot)")
    parser.add_argument(
        "--bots",
        default="random,random,random,random",
        help="comma-separated bot specs, one per seat",
    )
    parser.add_argument("--matches", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="OPTION=VALUE",
        help="change a rule option, e.g. mistery=true (repeatable)",
    )
    parser.add_argument(
        "--json",
        action="store_true",
        help="print one JSON object: matches, seconds, bots (exactly as CONFORMANCE.md)",
    )
    parser.add_argument(
        "--details",
        action="store_true",
        help="with --json, add players, seed, deals, actions, speeds, CPU time and the rules",
    )
    args = parser.parse_args(argv)
    specs = [s.strip() for s in args.bots.split(",") if s.strip()]
    players = args.players if args.players is not None else len(specs)
    try:
        rules = build_rules(args.rules, args.set)
        result = run(rules, players, specs, args.matches, args.seed)
    except InvalidInputError as e:
        print(f"arena: {e}", file=sys.stderr)
        return 2
    if args.json:
        if not args.details:  # the public shape has exactly these keys
            result = {key: result[key] for key in PUBLIC_KEYS}
        print(json.dumps(result))
    else:
        print(format_table(result, args.rules))
    return 0


if __name__ == "__main__":
    sys.exit(main())
