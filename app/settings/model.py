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
:func:`resolve` offers the safe fallback. What each field may be, and reading one
value from stored JSON or text, is ``app.settings.choices``.

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
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import engine
from app.settings.choices import CUSTOM as CUSTOM  # the preset names, used by the page too
from app.settings.choices import CUSTOM_BASE as CUSTOM_BASE
from app.settings.choices import (
    NO,
    OWN_OPTIONS,
    PEOPLE_MAX,
    YES,
    check,
    first,
    form_checkbox,
    form_names,
    form_rules,
    from_text,
    notice,
)
from app.storage import KEY_SETTINGS, Notice, Store
from engine import InvalidInputError

TIMINGS: dict[str, tuple[int, int]] = {
    "0": (0, 0),
    "fast": (150, 300),
    "normal": (300, 700),
    "slow": (500, 1400),
}
"""Speed -> (animation milliseconds, pause before each bot move in milliseconds)."""
SETTINGS_VERSION = 1


@dataclass(frozen=True)
class Settings:
    """Everything the player chose. Build it with :func:`defaults`, :func:`from_dict`,
    :func:`apply_url` or :func:`from_form`, which validate; change it with
    ``dataclasses.replace``.

    - ``preset``: one of ``choices.PRESET_CHOICES``; ``custom`` starts from
      :data:`CUSTOM_BASE`;
    - ``custom``: rule options (``Rules`` field name -> JSON value) laid over the
      preset; never ``lives``, ``mistery``, ``luegen`` (fields of their own).
      Treat it as read-only;
    - ``bots``: computer players, so ``bots + people`` players;
    - ``people``: persons taking turns at this device (pass-and-play), 1 to
      :data:`~app.settings.choices.PEOPLE_MAX`; they sit at the first seats;
    - ``difficulty`` for every bot, unless ``difficulties`` names one per bot
      (see :func:`bot_difficulties`);
    - ``lives``: 1-10, or None for the preset's number;
    - ``deck_style``: card faces; see :func:`card_style` for the one to draw;
    - ``speed``: one of ``choices.SPEEDS``, see :func:`timings`;
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
            values[name] = check(name, d[name])
        except ValueError as exc:
            notices.append(notice("setting", name, exc, getattr(base, name)))
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
    q = {k: first(v) for k, v in query.items()}
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
            values.update(from_text(name, q[name]))
        except ValueError as exc:
            notices.append(notice("url", name, exc, getattr(settings, name)))
    if "preset" in values:
        values["custom"] = _as_custom(settings) if values["preset"] == CUSTOM else {}
    new = False
    if "new" in q:
        text = q["new"].strip().lower()
        if text in (*YES, ""):
            new = True
        elif text not in NO:
            notices.append(notice("url", "new", ValueError(f"{q['new']!r} is not 1 or 0"), "0"))
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
            values.update(from_text(name, fields[name]))
        except ValueError as exc:
            notices.append(notice("form", name, exc, getattr(base, name)))
    for name in ("mistery", "luegen"):
        values[name] = form_checkbox(fields, name)
    if any(k.startswith("person_") for k in fields):
        values["names"] = form_names(fields, base.names, notices)
    preset_name = values.get("preset", base.preset)
    if any(k.startswith("rule.") for k in fields):
        values["custom"] = form_rules(fields, preset_name, notices)
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
        notices.append(notice(code, "people", problem, most))
        settings = dataclasses.replace(settings, people=most)
    lo, hi = bot_range(settings)
    if lo <= settings.bots <= hi:
        return settings
    bots = min(max(settings.bots, lo), hi)
    problem = ValueError(f"{settings.bots} computer players do not fit these rules ({lo} to {hi})")
    notices.append(notice(code, "bots", problem, bots))
    return dataclasses.replace(settings, bots=bots)


def _preset_label(settings: Settings) -> str:
    return (
        f"the {settings.preset} rules" if settings.preset != CUSTOM else f"the {CUSTOM_BASE} rules"
    )


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


_FIELDS = tuple(f.name for f in dataclasses.fields(Settings))
