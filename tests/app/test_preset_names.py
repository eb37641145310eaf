"""One name per preset, the same in every list and in both languages (issue 21, part 4):
the settings dialog, the "Play online" dialog, the statistics' scopes, the top bar and
the rules help all say it the same way, no two presets share one, and each has a line
that says how it differs."""

from __future__ import annotations

import dataclasses

import pytest

import engine
from app.help import rules as rules_help
from app.i18n import preset_line, preset_name
from app.online import dialog as online_dialog
from app.settings import dialog
from app.settings import model as st
from app.stats import panel
from app.table import view
from tests.app.markup import parse

LANGS = ("de", "en")


def _options(markup: str, name: str) -> dict[str, str]:
    select = parse(markup).find(name=name)
    return {o.get("value"): o.all_text().strip() for o in select.find_all() if o.tag == "option"}


@pytest.mark.parametrize("lang", LANGS)
def test_every_list_names_a_preset_the_same_way(lang: str) -> None:
    names = {p: preset_name(p, lang) for p in engine.PRESETS}
    assert len(set(names.values())) == len(names), names  # no two presets share a name
    settings = dataclasses.replace(st.defaults(lang), lang=lang)
    in_settings = _options(dialog.render(settings, lang), "preset")
    online = online_dialog.dialog(online_dialog.Draft(), lang, {}, custom=True)
    in_online = _options(online, "preset")
    for p, name in names.items():
        assert in_settings[p] == name
        assert in_online[p] == name
        assert panel.scope_label(p, lang) == name
        help_title = parse(rules_help.render(engine.preset(p), p, lang)).find(id="help-title")
        assert help_title.all_text().endswith(name)
        top = parse(
            view.render(
                engine.Match(engine.preset(p), players=3, seed=1).observation(0),
                view.UIState.of(lang=lang, preset=p),
            )
        )
        assert [e.all_text() for e in top.all() if e.get("class") == "variant"] == [name]
    assert in_settings["custom"] == in_online["custom"] == preset_name("custom", lang)


@pytest.mark.parametrize("lang", LANGS)
def test_each_preset_says_how_it_differs_in_one_line(lang: str) -> None:
    lines = [preset_line(p, lang) for p in (*engine.PRESETS, "custom")]
    assert len(set(lines)) == len(lines)
    assert all(line and "\n" not in line and len(line) <= 90 for line in lines)
    online = parse(online_dialog.dialog(online_dialog.Draft(), lang, {})).all_text()
    settings = dialog.render(dataclasses.replace(st.defaults(lang), preset="pub"), lang)
    assert all(preset_line(p, lang) in online for p in engine.PRESETS)
    assert preset_line("pub", lang) in parse(settings).all_text()


def test_the_old_names_are_gone() -> None:
    """What the play-test read: "Einunddreißig" twice, "31 | Blitz | 31 | Hosen owi",
    "Hosen owi (online)"."""
    for lang in LANGS:
        text = parse(online_dialog.dialog(online_dialog.Draft(), lang, {})).all_text()
        settings = parse(dialog.render(st.defaults(lang), lang)).all_text()
        for old in ("Einunddreißig", "(online)", "app rules", "App-Regeln"):
            assert old not in text and old not in settings, (lang, old)
