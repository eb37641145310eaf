"""Form fields as markup, for the dialogs (the settings, "Play online", the join form).

Every field has a name, an ``id`` of ``<prefix>-<name>`` (its label points at it) and a
``data-key`` of the same text, which lets the page keep the focus on it across a
redraw. Texts are escaped here.

>>> field("lang", "Language", select("lang", [("de", "Deutsch", False)], "de", prefix="x"),
...       prefix="x")  # doctest: +NORMALIZE_WHITESPACE
'<div class="field" data-field="lang"><label for="x-lang">Language</label><select name="lang"
id="x-lang" data-key="x-lang"><option value="de" selected>Deutsch</option></select></div>'
"""

from __future__ import annotations

from collections.abc import Sequence

from app.escape import escape as esc


def key(name: str, prefix: str) -> str:
    """The ``data-key`` attribute of field ``name``."""
    return f'data-key="{esc(prefix)}-{esc(name)}"'


def select(
    name: str,
    options: Sequence[tuple[str, str, bool]],
    value: object,
    extra: str = "",
    *,
    prefix: str,
) -> str:
    """A ``<select>`` of (value, text, disabled) options; a disabled option that is the
    value stays choosable (a remembered choice must stay visible)."""
    opts = "".join(
        f'<option value="{esc(v)}"{" selected" if str(value) == v else ""}'
        f"{' disabled' if disabled and str(value) != v else ''}>{esc(text)}</option>"
        for v, text, disabled in options
    )
    return (
        f'<select name="{esc(name)}" id="{esc(prefix)}-{esc(name)}" {key(name, prefix)}{extra}>'
        f"{opts}</select>"
    )


def field(name: str, label: str, control: str, hint: str = "", *, prefix: str) -> str:
    """A labelled control (made with the same ``prefix``) with a hint under it."""
    ident = f"{esc(prefix)}-{esc(name)}"
    hint_el = f'<small class="hint" id="{ident}-hint">{esc(hint)}</small>' if hint else ""
    return (
        f'<div class="field" data-field="{esc(name)}"><label for="{ident}">'
        f"{esc(label)}</label>{control}{hint_el}</div>"
    )


def check(name: str, label: str, checked: bool, hint: str = "", *, prefix: str) -> str:
    """A checkbox inside its label, with a hint under it."""
    hint_el = f'<small class="hint">{esc(hint)}</small>' if hint else ""
    return (
        f'<div class="check" data-field="{esc(name)}"><label>'
        f'<input type="checkbox" name="{esc(name)}" {key(name, prefix)}'
        f"{' checked' if checked else ''}> <span>{esc(label)}</span></label>{hint_el}</div>"
    )


__all__ = ["check", "field", "key", "select"]
