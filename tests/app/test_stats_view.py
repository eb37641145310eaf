"""The statistics panel: the figures per scope, the file import with clear errors, and
the words for data that had to be backed up."""

from __future__ import annotations

import json

import pytest

from app.stats import panel as sv
from app.stats.model import FILE_FORMAT, Stats, load_stats
from app.storage import MemoryBackend, Notice, Store
from tests.app.markup import parse


def played() -> Stats:
    s = Stats()
    s.record_deal("knack", lives_lost=0, hand_value=31, knocked=True)
    s.record_deal("knack", lives_lost=1, hand_value=18, knocked=True)
    s.record_match("knack", place=1, players=4, crown=False, date="2026-11-29")
    s.record_deal("pub", lives_lost=2, hand_value=33, knocked=False)
    s.record_match("pub", place=3, players=3, date="2026-11-30")
    return s


def figures(markup: str) -> dict[str, str]:
    panel = parse(markup).find(data_testid="stats-panel")
    return {
        tr.get("data-figure"): tr.find_all()[-1].all_text()
        for tr in panel.find_all(data_figure=True)
    }


def test_overall_figures() -> None:
    f = figures(sv.render(played(), "en"))
    assert f["matches"] == "2"
    assert f["wins"] == "1 (50%)"
    assert f["deals"] == "3"
    assert f["lives_lost"] == "3"
    assert f["thirty_ones"] == "1"
    assert f["feuers"] == "1"
    assert f["knocks"] == "2"
    assert f["knocks_lost"] == "1 (50%)"
    assert f["average_hand"] == "27.3"  # (31 + 18 + 33) / 3
    assert f["longest_streak"] == "1"
    assert f["current_streak"] == "0"


def test_per_preset_scope_and_tabs() -> None:
    s = played()
    root = parse(sv.render(s, "de", scope="knack"))
    tabs = [b.get("data-action") for b in root.find_all(role="tab")]
    assert tabs == ["stats-scope-all", "stats-scope-knack", "stats-scope-pub"]
    assert root.find(data_action="stats-scope-knack").get("aria-selected") == "true"
    f = figures(sv.render(s, "de", scope="knack"))
    assert (f["matches"], f["wins"], f["average_hand"]) == ("1", "1 (100 %)", "24,5")
    assert "Blitz" in parse(sv.render(s, "de", scope="knack")).all_text()
    # an unknown scope falls back to everything
    assert (
        parse(sv.render(s, "en", scope="nope")).find(data_testid="stats-panel").get("data-scope")
        == "all"
    )


def test_chart_controls_and_reset_confirmation() -> None:
    root = parse(sv.render(played(), "en"))
    assert root.find(data_testid="stats-panel").find_all(role="img")  # the chart
    for action in ("stats-export", "stats-reset", "close-stats"):
        root.find(data_action=action)
    assert root.find(data_testid="stats-import-file").get("type") == "file"
    ask = parse(sv.render(played(), "en", confirm_reset=True))
    ask.find(data_action="stats-reset-confirm")
    ask.find(data_action="stats-reset-cancel")
    assert not ask.find_all(data_action="stats-reset")


def test_empty_stats_say_so() -> None:
    assert "No match finished yet." in parse(sv.render(Stats(), "en")).all_text()
    assert "Noch keine Partie beendet." in parse(sv.render(Stats(), "de")).all_text()


def test_import_round_trip_and_old_version() -> None:
    s = played()
    got, message = sv.import_stats(s.to_json(), "en")
    assert got == s and "2 matches" in message
    old, message = sv.import_stats(
        json.dumps({"format": FILE_FORMAT, "version": 1, "matches": 5, "wins": 2}), "de"
    )
    assert (old.matches, old.wins) == (5, 2) and "5 Partien" in message


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("", "empty"),
        ("{oops", "not JSON"),
        ('{"hello": 1}', "not a statistics file"),
        (json.dumps({"format": FILE_FORMAT, "version": 99}), "version 99"),
        (
            json.dumps(
                {"format": FILE_FORMAT, "version": 2, "overall": {}, "presets": {}, "history": []}
            ),
            "overall",
        ),
    ],
)
def test_bad_files_give_a_clear_error(text: str, why: str) -> None:
    got, message = sv.import_stats(text, "en")
    assert got is None
    assert "not a readable statistics file; nothing was changed" in message
    assert why in message
    got, message = sv.import_stats(text, "de")
    assert got is None and "nichts wurde geändert" in message


def test_notice_after_corrupt_stored_statistics() -> None:
    backend = MemoryBackend({"schwimmen.stats": "{broken"})
    stats, notice = load_stats(Store(backend))
    assert stats == Stats() and notice is not None
    for lang, word in (("de", "Sicherung"), ("en", "backup")):
        text = sv.notice_text(notice, lang)
        assert word in text and notice.backup_key in text
    assert backend.items[notice.backup_key] == "{broken"
    markup = sv.render(stats, "en", notices=[sv.notice_text(notice, "en")])
    assert parse(markup).find(data_testid="stats-notice").get("role") == "alert"


@pytest.mark.parametrize(
    "code", ["corrupt", "newer", "unavailable", "write_failed", "backup_failed", "something_else"]
)
def test_every_notice_code_has_words_in_both_languages(code: str) -> None:
    n = Notice(code, "settings", "raw message", "schwimmen.backup.settings.1")
    de, en = sv.notice_text(n, "de"), sv.notice_text(n, "en")
    assert de and en and de != en


def test_export_filename() -> None:
    assert sv.export_filename("2026-01-02") == "schwimmen-statistik-2026-01-02.json"


def test_overall_scope_compares_the_presets_played():
    root = parse(sv.render(played(), "en"))
    table = root.find(data_testid="stats-per-preset")
    rows = {
        r.get("data-preset"): [c.all_text() for c in r.children]
        for r in table.find_all(data_preset=True)
    }
    assert rows == {"knack": ["Knack", "1", "1", "100%"], "pub": ["Pub", "1", "0", "0%"]}
    assert not parse(sv.render(played(), "en", scope="knack")).find_all(
        data_testid="stats-per-preset"
    )


@pytest.mark.parametrize("lang", ["de", "en"])
def test_an_empty_panel_says_no_match_finished_yet_once(lang) -> None:
    root = parse(sv.render(Stats(), lang))
    text = root.all_text()
    said = "Noch keine" if lang == "de" else "No "
    empty = [e for e in root.all() if e.get("class") == "empty"]
    assert len(empty) == 1 and said in empty[0].all_text()
    assert text.count(said) == 1, text
    assert root.find_all(class_="chart") == []
