"""The choices of the player's settings (``app.settings.model.Settings``): the values each
field may take, and reading one value from what was stored (JSON, :func:`check`) or from a URL
parameter's or the dialog's text (:func:`from_text`, :func:`form_rules`).

Each reader returns the value or raises ``ValueError`` with the reason, which
:func:`notice` turns into the Notice that says what was kept instead; the model lays the
values over the settings and brings the numbers of persons and bots into range.

>>> check("difficulty", "hard"), from_text("speed", "1.5"), from_text("lives", "preset")
('hard', {'speed': 'fast'}, {'lives': None})
>>> check("people", 7)
Traceback (most recent call last):
ValueError: 7 is not a number of persons from 1 to 6
"""

from __future__ import annotations

import enum
import math
from collections.abc import Mapping, Sequence
from typing import Any, TypeGuard

import engine
from app.storage import Notice
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
LIVES_RANGE = (engine.bounds.LIVES.lo, engine.bounds.LIVES.hi)  # docs/rules.md: 1-10
PEOPLE_MAX = 6  # persons sharing one device (pass-and-play)
SEED_MAX = 2**53 - 1
"""Largest seed: it must survive a trip through JavaScript numbers."""
OWN_OPTIONS = ("lives", "mistery", "luegen")
"""Rule options the settings hold as fields of their own, never in ``custom``."""
YES = ("1", "true", "yes", "on")
"""Texts that switch an option on (a URL's ``new=1``, a checkbox's ``on``)."""
NO = ("0", "false", "no", "off")
"""Texts that switch it off."""


def first(value: str | Sequence[str]) -> str:
    """One text per parameter: ``parse_qs`` gives lists; the first one wins, as in the
    page's JavaScript (``URLSearchParams.get``) and ``app.url.parse_query``."""
    if isinstance(value, str):
        return value
    items = list(value)
    return str(items[0]) if items else ""


def notice(code: str, name: str, exc: Exception, kept: Any) -> Notice:
    """The Notice for a value that could not be used: from a stored ``setting``, a ``url``
    parameter or a ``form`` field (``code``), why (``exc``), and what is kept instead."""
    where = {"setting": "stored setting", "url": "URL parameter", "form": "field"}[code]
    return Notice(code, name, f"{where} {name}: {exc}; using {_show(kept)}")


def _show(value: Any) -> str:
    if value is None:
        return "the default"
    if isinstance(value, tuple | list):
        return ",".join(map(str, value)) or "none"
    return str(value)


def check(name: str, value: Any) -> Any:
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


def _check_names(value: Any) -> tuple[str, ...]:
    """Stored names of the people at this device: up to :data:`PEOPLE_MAX` texts, each
    "" or a name as an online table takes it (``engine.names.clean_name``)."""
    if not isinstance(value, list | tuple) or len(value) > PEOPLE_MAX:
        raise ValueError(f"{value!r} is not a list of up to {PEOPLE_MAX} names")
    return tuple(clean_name(v) if v != "" else "" for v in value)


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


def from_text(name: str, text: str) -> dict[str, Any]:
    """Settings fields from one URL or form text; raise ValueError with the reason."""
    raw = text
    text = text.strip()
    low = text.lower()
    if name == "preset":
        return {"preset": _choice(low, PRESET_CHOICES, "preset")}
    if name in ("bots", "people"):
        if not _is_decimal(text):
            raise ValueError(f"{raw!r} is not a whole number")
        return {name: int(text)} if name == "bots" else {name: check(name, int(text))}
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
        return {"lives": check("lives", int(text))}
    if name in ("mistery", "luegen", "sound"):
        if low in YES:
            return {name: True}
        if low in NO:
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
        return {"seed": check("seed", int(text))}
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


def form_checkbox(fields: Mapping[str, str], name: str) -> bool:
    """A checkbox of the dialog: on when sent with any value but an off word (``NO``)."""
    return name in fields and fields[name].strip().lower() not in (*NO, "")


def form_names(
    fields: Mapping[str, str], kept: Sequence[str], notices: list[Notice]
) -> tuple[str, ...]:
    """The dialog's ``person_1`` ... fields over the names kept so far (a field not on the
    form, for a person not at the device now, keeps its name); a bad one keeps the old."""
    names = list(kept) + [""] * (PEOPLE_MAX - len(kept))
    for i in range(PEOPLE_MAX):
        key = f"person_{i + 1}"
        if key not in fields:
            continue
        text = str(fields[key]).strip()
        try:
            names[i] = clean_name(text) if text else ""
        except ValueError as exc:
            notices.append(notice("form", key, exc, names[i] or "the default"))
    while names and not names[-1]:
        names.pop()
    return tuple(names)


def form_rules(
    fields: Mapping[str, str], preset_name: str, notices: list[Notice]
) -> dict[str, Any]:
    """The dialog's ``rule.<option>`` fields as the options that differ from the preset
    (``classic`` for ``custom``): a missing checkbox is off, a bad value keeps the
    preset's with a Notice, a field of no custom option is ignored with one."""
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
            value: Any = form_checkbox(fields, key)
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
                notices.append(notice("form", key, exc, base[option]))
                continue
        if value != base[option]:
            custom[option] = value
    return custom


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _choice(value: object, choices: Sequence[str], what: str) -> str:
    if not isinstance(value, str) or value not in choices:
        raise ValueError(f"{value!r} is not a known {what} ({', '.join(choices)})")
    return value
