"""The player's settings: what they are, where they come from, and the rules they give.

Settings come from four places, all through this module, and bad values never
raise: each falls back to a safe value and adds a :class:`~app.storage.Notice`.

- :func:`defaults` for a first visit (the language from the browser);
- :func:`load_settings` / :func:`from_dict` for what was remembered;
- :func:`apply_url` for the page's URL parameters (``seed``, ``preset``,
  ``bots``, ``difficulty``, ``lang``, ``speed``, ``new``; also ``lives``,
  ``mistery``, ``luegen``, ``deck_style``, ``sound``, ``people``);
- :func:`from_form` for the settings dialog.

:func:`rules` turns settings into the engine's ``Rules``; an inconsistent
custom rule set raises ``engine.InvalidInputError`` there, and
:func:`resolve` offers the safe fallback.

>>> s = defaults("de-AT")
>>> s.lang, s.preset, players(s), rules(s) == engine.preset("classic")
('de', 'classic', 4, True)
>>> s, new, notices = apply_url(s, {"preset": "pub", "bots": "99", "new": "1"})
>>> s.bots, new, [n.subject for n in notices]
(8, True, ['bots'])
>>> rules(s).lives, rules(s).feuer_value
(5, 33)
"""

from __future__ import annotations

import dataclasses
import enum
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeGuard

import engine
from app.storage import KEY_SETTINGS, Notice, Store
from engine import InvalidInputError
from engine.names import NAME_MAX as NAME_MAX  # a person's name, as long as online
from engine.names import clean_name

PRESET_NAMES: tuple[str, ...] = tuple(engine.PRESETS)
"""The engine's named rule sets: classic, knack, pub, hosenowi."""
CUSTOM = "custom"
"""The preset value for a rule set of the player's own."""
CUSTOM_BASE = "classic"
"""The preset a ``custom`` rule set starts from; ``Settings.custom`` changes it."""
PRESET_CHOICES: tuple[str, ...] = (*PRESET_NAMES, CUSTOM)
DIFFICULTIES = ("easy", "medium", "hard")
"""Bot strengths, the names ``engine.bots.make`` knows."""
DECK_STYLES = ("french", "german", "swiss")
LANGS = ("de", "en")
SPEEDS = ("0", "fast", "normal", "slow")
"""``0``: no animation and no bot pauses (URL ``speed=0``, for tests)."""
TIMINGS: dict[str, tuple[int, int]] = {
    "0": (0, 0),
    "fast": (150, 300),
    "normal": (300, 700),
    "slow": (500, 1400),
}
"""Speed -> (animation milliseconds, pause before each bot move in milliseconds)."""
LIVES_RANGE = (engine.bounds.LIVES.lo, engine.bounds.LIVES.hi)  # docs/rules.md: 1-10
PEOPLE_MAX = 6  # persons sharing one device (pass-and-play)
SEED_MAX = 2**53 - 1
"""Largest seed: it must survive a trip through JavaScript numbers."""
OWN_OPTIONS = ("lives", "mistery", "luegen")
"""Rule options the settings hold as fields of their own, never in ``custom``."""
SETTINGS_VERSION = 1

_TRUE = ("1", "true", "yes", "on")
_FALSE = ("0", "false", "no", "off")


@dataclass(frozen=True)
class Settings:
    """Everything the player chose. Build it with :func:`defaults`, :func:`from_dict`,
    :func:`apply_url` or :func:`from_form`, which validate; change it with
    ``dataclasses.replace``.

    - ``preset``: one of :data:`PRESET_CHOICES`; ``custom`` starts from
      :data:`CUSTOM_BASE`;
    - ``custom``: rule options (``Rules`` field name -> JSON value) laid over the
      preset; never ``lives``, ``mistery``, ``luegen`` (fields of their own).
      Treat it as read-only;
    - ``bots``: computer players, so ``bots + people`` players;
    - ``people``: persons taking turns at this device (pass-and-play), 1 to
      :data:`PEOPLE_MAX`; they sit at the first seats;
    - ``difficulty`` for every bot, unless ``difficulties`` names one per bot
      (see :func:`bot_difficulties`);
    - ``lives``: 1-10, or None for the preset's number;
    - ``deck_style``: card faces; see :func:`card_style` for the one to draw;
    - ``speed``: one of :data:`SPEEDS`, see :func:`timings`;
    - ``seed``: the seed of the next new match, or None for a fresh one;
    - ``sound``: card, knock and life sounds on (the top bar's switch);
    - ``names``: the names the people at this device gave (seat order; "" or none:
      "Player 2"), see :func:`person_names`.
    """

    preset: str = "classic"
    custom: Mapping[str, Any] = field(default_factory=dict)
    bots: int = 3
    people: int = 1
    difficulty: str = "medium"
    difficulties: tuple[str, ...] = ()
    lives: int | None = None
    mistery: bool = False
    luegen: bool = False
    deck_style: str = "french"
    lang: str = "de"
    speed: str = "normal"
    seed: int | None = None
    sound: bool = True
    names: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """A JSON-friendly dict; :func:`from_dict` inverts it."""
        out = dataclasses.asdict(self)
        out["custom"] = dict(self.custom)
        out["difficulties"] = list(self.difficulties)
        out["names"] = list(self.names)
        return out


# -- building rules --------------------------------------------------------------


def base_preset(settings: Settings) -> engine.Rules:
    """The named rule set the settings start from."""
    return engine.preset(CUSTOM_BASE if settings.preset == CUSTOM else settings.preset)


def rules(settings: Settings) -> engine.Rules:
    """The rule set to play: the preset, then ``custom``, then lives, Mistery, Lügen.

    Raises ``engine.InvalidInputError`` (its message is for the player) when the
    combination is inconsistent or the number of players does not fit it; use
    :func:`resolve` for a fallback.
    """
    built = _build_rules(settings)
    lo, hi = built.min_players, built.max_players
    if not lo <= players(settings) <= hi:
        raise InvalidInputError(
            f"{settings.bots} computer players and {_persons(settings)} make "
            f"{players(settings)} players, "
            f"but these rules allow {lo} to {hi}"
        )
    return built


def resolve(settings: Settings) -> tuple[Settings, engine.Rules, Notice | None]:
    """Settings that surely build, their rules, and a Notice if they had to change.

    If :func:`rules` fails, the number of bots is brought into range; if the rule
    set itself is inconsistent, its custom options are dropped first (a named
    preset with lives 1-10, Mistery and Lügen always builds). The Notice
    carries the engine's message.
    """
    try:
        return settings, rules(settings), None
    except InvalidInputError as exc:
        problem = str(exc)
    for fallback in (settings, dataclasses.replace(settings, custom={})):
        try:
            built = _build_rules(fallback)
        except InvalidInputError:
            continue
        fallback = dataclasses.replace(
            fallback, bots=_clamp_bots(fallback.bots, built, fallback.people)
        )
        if fallback.custom == settings.custom:
            instead = f"{fallback.bots} computer players"
        else:
            instead = _preset_label(fallback)
        message = f"{problem}; playing with {instead} instead"
        return fallback, rules(fallback), Notice("rules", "rules", message)
    raise AssertionError("a named preset with valid lives always builds")  # pragma: no cover


def person_names(settings: Settings, default: Callable[[int], str]) -> tuple[str, ...]:
    """The names of the people at this device, one per person: the name each gave, else
    ``default(n)`` ("Player n", counted from 1).

    >>> person_names(Settings(people=3, names=("Anna", "")), "Player {}".format)
    ('Anna', 'Player 2', 'Player 3')
    """
    given = settings.names
    return tuple(
        (given[i] if i < len(given) and given[i] else default(i + 1))
        for i in range(settings.people)
    )


def players(settings: Settings) -> int:
    """Players at the table: the bots and the persons at this device."""
    return settings.bots + settings.people


def _persons(settings: Settings) -> str:
    return "you" if settings.people == 1 else f"{settings.people} persons"


def bot_range(settings: Settings) -> tuple[int, int]:
    """The smallest and largest number of bots these settings' rules allow
    (from the preset alone if the custom options are inconsistent): one at least when
    one person plays, none needed when several share the device."""
    built = _rules_for_range(settings)
    least = 1 if settings.people == 1 else 0
    return max(least, built.min_players - settings.people), built.max_players - settings.people


def bot_difficulties(settings: Settings) -> tuple[str, ...]:
    """One difficulty per bot, in seat order after the player: ``difficulties``
    as far as it goes, ``difficulty`` for the rest."""
    given = settings.difficulties[: settings.bots]
    return given + (settings.difficulty,) * (settings.bots - len(given))


def card_style(settings: Settings, deck: int | None = None) -> str:
    """The card faces to draw. Swiss cards exist only as a 36-card deck and German
    ones up to 36 cards: otherwise German (32 cards) or French faces are used."""
    if deck is None:
        deck = _rules_for_range(settings).deck
    style = settings.deck_style
    if style == "swiss" and deck != 36:
        style = "german"
    if style == "german" and deck > 36:
        style = "french"
    return style


def timings(settings: Settings) -> tuple[int, int]:
    """(animation milliseconds, pause before each bot move in milliseconds)."""
    return TIMINGS[settings.speed]


# -- defaults, stored dicts ------------------------------------------------------


def defaults(browser_lang: str | Sequence[str] | None = "") -> Settings:
    """First-visit settings; the language from ``navigator.language`` (or the
    list ``navigator.languages``): German for German-speaking browsers, else English."""
    return Settings(lang=_browser_lang(browser_lang))


def from_dict(
    d: Any, browser_lang: str | Sequence[str] | None = ""
) -> tuple[Settings, list[Notice]]:
    """Settings from a stored dict; every bad field falls back to its default with a
    Notice, unknown keys are ignored. Never raises."""
    base = defaults(browser_lang)
    notices: list[Notice] = []
    if not isinstance(d, Mapping):
        notices.append(
            Notice("setting", "settings", f"stored settings are {type(d).__name__}, not a dict")
        )
        return base, notices
    values = {}
    for name in _FIELDS:
        if name not in d:
            continue
        try:
            values[name] = _check(name, d[name])
        except ValueError as exc:
            notices.append(_notice("setting", name, exc, getattr(base, name)))
    return _settle(dataclasses.replace(base, **values), "setting", notices), notices


def load_settings(
    store: Store, browser_lang: str | Sequence[str] | None = ""
) -> tuple[Settings, list[Notice]]:
    """The remembered settings (or defaults), with notices about anything unusable.
    A stored record with unusable fields is kept in a backup and replaced by the
    repaired settings."""
    data, notice = store.load(KEY_SETTINGS, SETTINGS_VERSION)
    notices = [notice] if notice else []
    if data is None:
        return defaults(browser_lang), notices
    settings, more = from_dict(data, browser_lang)
    if more:
        # Keep the original text in a backup and store the repaired settings, so the
        # repair happens once and survives a reload even if the dialog is never used.
        fields = ", ".join(n.subject for n in more)
        moved = store.quarantine(KEY_SETTINGS, f"has unusable fields ({fields})")
        more += [moved] if moved else []
        save_settings(store, settings)
    return settings, notices + more


def save_settings(store: Store, settings: Settings) -> Notice | None:
    """Remember the settings, without the seed: a remembered seed would make every
    later match the same."""
    return store.save(
        KEY_SETTINGS, dataclasses.replace(settings, seed=None).to_dict(), SETTINGS_VERSION
    )


def remember(store: Store, browser_lang: str, **changed: Any) -> Notice | None:
    """Remember only the fields the player changed (``changed``) over what is stored:
    the rest of the settings in use may come from URL parameters, which count for one
    page load only. A failed write is the returned Notice."""
    stored, _ = load_settings(store, browser_lang)
    return save_settings(store, dataclasses.replace(stored, **changed))


# -- URL parameters and the dialog ---------------------------------------------------


def apply_url(
    settings: Settings, query: Mapping[str, str | Sequence[str]]
) -> tuple[Settings, bool, list[Notice]]:
    """Lay the page's URL parameters over ``settings``.

    Returns ``(settings, new_match_requested, notices)``; ``new_match_requested``
    is true for ``new=1`` (also ``true``/``yes``/``on``/empty). An odd value keeps
    the previous one and adds a Notice; a number of bots out of range is
    clamped. A named ``preset`` drops custom rule options; ``preset=custom``
    keeps the rules played so far as custom options. ``difficulty`` may
    be one name or a comma list with one name per bot. Unknown parameters are
    ignored. Keep the result for this page load only: save what the dialog gives.
    """
    notices: list[Notice] = []
    values: dict[str, Any] = {}
    q = {k: _first(v) for k, v in query.items()}
    for name in (
        "preset",
        "lives",
        "mistery",
        "luegen",
        "deck_style",
        "lang",
        "difficulty",
        "speed",
        "seed",
        "bots",
        "people",
        "sound",
    ):
        if name not in q:
            continue
        try:
            values.update(_from_text(name, q[name]))
        except ValueError as exc:
            notices.append(_notice("url", name, exc, getattr(settings, name)))
    if "preset" in values:
        values["custom"] = _as_custom(settings) if values["preset"] == CUSTOM else {}
    new = False
    if "new" in q:
        text = q["new"].strip().lower()
        if text in (*_TRUE, ""):
            new = True
        elif text not in _FALSE:
            notices.append(_notice("url", "new", ValueError(f"{q['new']!r} is not 1 or 0"), "0"))
    return _settle(dataclasses.replace(settings, **values), "url", notices), new, notices


def from_form(
    fields: Mapping[str, str],
    base: Settings | None = None,
    browser_lang: str | Sequence[str] | None = "",
) -> tuple[Settings, list[Notice]]:
    """Settings from the dialog's fields (all text, as the form sends them).

    Fields: ``preset``, ``bots``, ``difficulty`` (one name, or a comma list per
    bot), ``lives`` (a number; empty or ``preset`` for the preset's number),
    ``mistery`` and ``luegen`` (checkboxes: missing means off; ``on``/``true``/``1``
    mean on), ``deck_style``, ``lang``, ``speed``; and ``rule.<option>`` for rule
    options (``rule.deck=36``, ``rule.handeln=on``). If any ``rule.`` field is
    present the form is taken to show them all, so a missing ``rule.`` checkbox
    means off; the options that differ from the preset (from ``classic`` for
    ``custom``) become ``custom``. Without ``rule.`` fields a named preset has no
    custom options and ``custom`` keeps the rules of ``base``. Other fields (speed,
    seed) missing keep ``base``'s values. Bad values keep ``base``'s with a Notice.
    """
    base = base if base is not None else defaults(browser_lang)
    notices: list[Notice] = []
    values: dict[str, Any] = {}
    for name in ("preset", "lives", "deck_style", "lang", "difficulty", "speed", "bots", "people"):
        if name not in fields:
            continue
        try:
            values.update(_from_text(name, fields[name]))
        except ValueError as exc:
            notices.append(_notice("form", name, exc, getattr(base, name)))
    for name in ("mistery", "luegen"):
        values[name] = _form_checkbox(fields, name)
    if any(k.startswith("person_") for k in fields):
        values["names"] = _form_names(fields, base, notices)
    preset_name = values.get("preset", base.preset)
    if any(k.startswith("rule.") for k in fields):
        values["custom"] = _form_rules(fields, preset_name, notices)
    else:
        values["custom"] = _as_custom(base) if preset_name == CUSTOM else {}
    return _settle(dataclasses.replace(base, **values), "form", notices), notices


# -- internals ------------------------------------------------------------------


def _build_rules(settings: Settings) -> engine.Rules:
    options = base_preset(settings).to_dict()
    options.update(settings.custom)
    if settings.lives is not None:
        options["lives"] = settings.lives
    options["mistery"] = settings.mistery
    options["luegen"] = settings.luegen
    return engine.Rules.from_dict(options)


def _rules_for_range(settings: Settings) -> engine.Rules:
    try:
        return _build_rules(settings)
    except InvalidInputError:
        return base_preset(settings)


def _clamp_bots(bots: int, built: engine.Rules, people: int = 1) -> int:
    least = 1 if people == 1 else 0
    return min(max(bots, max(least, built.min_players - people)), built.max_players - people)


def _settle(settings: Settings, code: str, notices: list[Notice]) -> Settings:
    """Bring the number of persons, then of bots, into the range of the settings' rules."""
    most = min(PEOPLE_MAX, _rules_for_range(settings).max_players)
    if settings.people > most:
        problem = ValueError(f"{settings.people} persons do not fit these rules (1 to {most})")
        notices.append(_notice(code, "people", problem, most))
        settings = dataclasses.replace(settings, people=most)
    lo, hi = bot_range(settings)
    if lo <= settings.bots <= hi:
        return settings
    bots = min(max(settings.bots, lo), hi)
    problem = ValueError(f"{settings.bots} computer players do not fit these rules ({lo} to {hi})")
    notices.append(_notice(code, "bots", problem, bots))
    return dataclasses.replace(settings, bots=bots)


def _preset_label(settings: Settings) -> str:
    return (
        f"the {settings.preset} rules" if settings.preset != CUSTOM else f"the {CUSTOM_BASE} rules"
    )


def _check_names(value: Any) -> tuple[str, ...]:
    """Stored names of the people at this device: up to :data:`PEOPLE_MAX` texts, each
    "" or a name as an online table takes it (``engine.names.clean_name``)."""
    if not isinstance(value, list | tuple) or len(value) > PEOPLE_MAX:
        raise ValueError(f"{value!r} is not a list of up to {PEOPLE_MAX} names")
    return tuple(clean_name(v) if v != "" else "" for v in value)


def _form_names(
    fields: Mapping[str, str], base: Settings, notices: list[Notice]
) -> tuple[str, ...]:
    """The dialog's ``person_1`` ... fields over the names kept so far (a field not on the
    form, for a person not at the device now, keeps its name); a bad one keeps the old."""
    names = list(base.names) + [""] * (PEOPLE_MAX - len(base.names))
    for i in range(PEOPLE_MAX):
        key = f"person_{i + 1}"
        if key not in fields:
            continue
        text = str(fields[key]).strip()
        try:
            names[i] = clean_name(text) if text else ""
        except ValueError as exc:
            notices.append(_notice("form", key, exc, names[i] or "the default"))
    while names and not names[-1]:
        names.pop()
    return tuple(names)


def _as_custom(settings: Settings) -> dict[str, Any]:
    """The settings' rule options as differences from :data:`CUSTOM_BASE`, so that
    switching to ``custom`` keeps the rules played so far."""
    if settings.preset == CUSTOM:
        return dict(settings.custom)
    start = engine.preset(CUSTOM_BASE).to_dict()
    now = {**base_preset(settings).to_dict(), **settings.custom}
    return {k: v for k, v in now.items() if k not in OWN_OPTIONS and v != start[k]}


def _browser_lang(browser_lang: str | Sequence[str] | None) -> str:
    if isinstance(browser_lang, str):
        candidates = [browser_lang]
    elif isinstance(browser_lang, Sequence):
        candidates = [x for x in browser_lang if isinstance(x, str)]
    else:  # None, JsNull
        candidates = []
    for tag in candidates:
        primary = tag.strip().lower().replace("_", "-").split("-")[0]
        if primary in ("de", "gsw"):  # German, Swiss German
            return "de"
        if primary == "en":
            return "en"
    return "en"


def _notice(code: str, name: str, exc: Exception, kept: Any) -> Notice:
    where = {"setting": "stored setting", "url": "URL parameter", "form": "field"}[code]
    return Notice(code, name, f"{where} {name}: {exc}; using {_show(kept)}")


def _show(value: Any) -> str:
    if value is None:
        return "the default"
    if isinstance(value, tuple | list):
        return ",".join(map(str, value)) or "none"
    return str(value)


def _first(value: str | Sequence[str]) -> str:
    """One text per parameter: ``parse_qs`` gives lists; the first one wins, as in the
    page's JavaScript (``URLSearchParams.get``) and ``app.url.parse_query``."""
    if isinstance(value, str):
        return value
    items = list(value)
    return str(items[0]) if items else ""


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _choice(value: object, choices: Sequence[str], what: str) -> str:
    if not isinstance(value, str) or value not in choices:
        raise ValueError(f"{value!r} is not a known {what} ({', '.join(choices)})")
    return value


def _check(name: str, value: Any) -> Any:
    """Validate one stored field (JSON types); raise ValueError with the reason."""
    if name == "preset":
        return _choice(value, PRESET_CHOICES, "preset")
    if name == "custom":
        return _check_custom(value)
    if name == "bots":
        if not _is_int(value):
            raise ValueError(f"{value!r} is not a whole number")
        return value  # the range depends on the rules: see _settle
    if name == "people":
        if not _is_int(value) or not 1 <= value <= PEOPLE_MAX:
            raise ValueError(f"{value!r} is not a number of persons from 1 to {PEOPLE_MAX}")
        return value
    if name == "names":
        return _check_names(value)
    if name == "difficulty":
        return _choice(value, DIFFICULTIES, "difficulty")
    if name == "difficulties":
        if not isinstance(value, list | tuple) or len(value) > 8:
            raise ValueError(f"{value!r} is not a list of up to 8 difficulties")
        return tuple(_choice(v, DIFFICULTIES, "difficulty") for v in value)
    if name == "lives":
        if value is None:
            return None
        if not _is_int(value) or not LIVES_RANGE[0] <= value <= LIVES_RANGE[1]:
            raise ValueError(f"{value!r} is not a number of lives from 1 to 10")
        return value
    if name in ("mistery", "luegen", "sound"):
        if not isinstance(value, bool):
            raise ValueError(f"{value!r} is not true or false")
        return value
    if name == "deck_style":
        return _choice(value, DECK_STYLES, "card style")
    if name == "lang":
        return _choice(value, LANGS, "language")
    if name == "speed":
        return _choice(value, SPEEDS, "speed")
    if name == "seed":
        if value is None:
            return None
        if not _is_int(value) or not 0 <= value <= SEED_MAX:
            raise ValueError(f"{value!r} is not a whole number from 0 to {SEED_MAX}")
        return value
    raise AssertionError(name)  # pragma: no cover


_FIELDS = tuple(f.name for f in dataclasses.fields(Settings))


def _check_custom(value: Any) -> dict[str, Any]:
    if not isinstance(value, Mapping):
        raise ValueError(f"{value!r} is not a dict of rule options")
    types = engine.Rules.field_types()
    out = {}
    for option, v in value.items():
        if option in OWN_OPTIONS or option not in types:
            raise ValueError(f"{option!r} is not a custom rule option")
        out[option] = _check_option(option, v, types[option])
    return out


def _check_option(option: str, value: Any, kind: type) -> Any:
    if kind is bool:
        if not isinstance(value, bool):
            raise ValueError(f"rule option {option}: {value!r} is not true or false")
    elif kind is int:
        if not _is_int(value) or abs(value) > 10**6:
            raise ValueError(f"rule option {option}: {value!r} is not a whole number")
    else:
        choices = [m.value for m in kind] if issubclass(kind, enum.Enum) else []
        if value not in choices:
            raise ValueError(f"rule option {option}: {value!r} is not one of {', '.join(choices)}")
    return value


def _from_text(name: str, text: str) -> dict[str, Any]:
    """Settings fields from one URL or form text; raise ValueError with the reason."""
    raw = text
    text = text.strip()
    low = text.lower()
    if name == "preset":
        return {"preset": _choice(low, PRESET_CHOICES, "preset")}
    if name in ("bots", "people"):
        if not _is_decimal(text):
            raise ValueError(f"{raw!r} is not a whole number")
        return {name: int(text)} if name == "bots" else {name: _check(name, int(text))}
    if name == "difficulty":
        names = [p.strip() for p in low.split(",")]
        for n in names:
            _choice(n, DIFFICULTIES, "difficulty")
        if len(names) == 1:
            return {"difficulty": names[0], "difficulties": ()}
        if len(names) > 8:
            raise ValueError(f"{raw!r} names more than 8 bots")
        return {"difficulties": tuple(names)}
    if name == "lives":
        if low in ("", "preset", "default"):
            return {"lives": None}
        if not _is_decimal(text):
            raise ValueError(f"{raw!r} is not a whole number")
        return {"lives": _check("lives", int(text))}
    if name in ("mistery", "luegen", "sound"):
        if low in _TRUE:
            return {name: True}
        if low in _FALSE:
            return {name: False}
        raise ValueError(f"{raw!r} is not 1 or 0")
    if name == "deck_style":
        return {"deck_style": _choice(low, DECK_STYLES, "card style")}
    if name == "lang":
        primary = low.replace("_", "-").split("-")[0]
        return {"lang": _choice(primary, LANGS, "language")}
    if name == "speed":
        return {"speed": _speed(low, raw)}
    if name == "seed":
        if not _is_decimal(text):
            raise ValueError(f"{raw!r} is not a whole number")
        return {"seed": _check("seed", int(text))}
    raise AssertionError(name)  # pragma: no cover


def _is_decimal(text: str) -> bool:
    # int() would also take "٣", "1_000" and "+5"; "-1" is accepted so it can be clamped
    body = text[1:] if text.startswith("-") else text
    return 0 < len(body) <= 18 and body.isascii() and body.isdigit()


def _speed(low: str, raw: str) -> str:
    """``0``/``off`` none; ``slow``/``normal``/``fast``; or a factor: 0 none,
    below 1 slow, 1 normal, above 1 fast."""
    if low in ("off", "none", "instant"):
        return "0"
    if low in SPEEDS:
        return low
    try:
        factor = float(low)
    except ValueError:
        factor = math.nan
    if not math.isfinite(factor) or factor < 0 or len(low) > 20:
        raise ValueError(f"{raw!r} is not a speed (0, slow, normal, fast or a factor like 1.5)")
    if factor == 0:
        return "0"
    return "slow" if factor < 1 else "normal" if factor == 1 else "fast"


def _form_checkbox(fields: Mapping[str, str], name: str) -> bool:
    return name in fields and fields[name].strip().lower() not in (*_FALSE, "")


def _form_rules(
    fields: Mapping[str, str], preset_name: str, notices: list[Notice]
) -> dict[str, Any]:
    base = engine.preset(CUSTOM_BASE if preset_name == CUSTOM else preset_name).to_dict()
    types = engine.Rules.field_types()
    custom = {}
    for key in fields:
        option = key.removeprefix("rule.")
        if key.startswith("rule.") and (option in OWN_OPTIONS or option not in types):
            notices.append(Notice("form", key, f"field {key}: not a rule option; ignored"))
    for option, kind in types.items():
        if option in OWN_OPTIONS:
            continue
        key = "rule." + option
        if kind is bool:
            value: Any = _form_checkbox(fields, key)
        elif key not in fields:
            continue
        else:
            text = fields[key].strip()
            try:
                if kind is int:
                    if not _is_decimal(text):
                        raise ValueError(f"rule option {option}: {text!r} is not a whole number")
                    value = _check_option(option, int(text), int)
                else:
                    value = _check_option(option, text.lower(), kind)
            except ValueError as exc:
                notices.append(_notice("form", key, exc, base[option]))
                continue
        if value != base[option]:
            custom[option] = value
    return custom
