"""Bounded JSON parsing: every way text enters the game meets a corpus of hostile inputs
and falls back safely (a backup and a notice, or a clear error), never a RecursionError.

A 20,000-level nesting once killed Pyodide for good: ``json.loads`` recursed until the
browser's stack ran out. The parsers must refuse it in their linear scan, before json
sees it, which the message ("nested deeper than") shows.
"""

from __future__ import annotations

import contextlib
import json
import time

import pytest
from hypothesis import given
from hypothesis import strategies as st

import engine
from app import safe_json
from app.controller import Controller
from app.host import QuietHost
from app.settings import model as settings_mod
from app.stats import model as stats_mod
from app.stats.panel import import_stats
from app.storage import MemoryBackend, Store, load_match
from app.table.saved import read_saved
from engine import InvalidInputError
from engine import safe_json as engine_json

DEEP = 20_000

# (name, text, words the refusal names)
HOSTILE = [
    ("deep arrays", "[" * DEEP + "]" * DEEP, "nested deeper than 64"),
    ("deep objects", '{"a":' * DEEP + "1" + "}" * DEEP, "nested deeper than 64"),
    ("deep and unclosed", "[" * DEEP, "nested deeper than 64"),
    ("deep after a string", '["x", ' + "[" * DEEP + "]" * DEEP + "]", "nested deeper than 64"),
    ("huge integer", "1" * 5000, "at most 40"),
    ("huge integer in a record", '{"matches": ' + "9" * 400 + "}", "at most 40"),
    ("float overflow", "1e999", "too large"),
    ("negative float overflow", "[-1e999]", "too large"),
    ("NaN", '{"x": NaN}', "NaN"),
    ("Infinity", "[Infinity]", "Infinity"),
    ("minus Infinity", "[-Infinity]", "Infinity"),
    ("duplicate key", '{"version": 1, "version": 2}', "twice"),
    ("duplicate key deep inside", '{"a": [{"b": 1, "b": 1}]}', "twice"),
    ("unterminated string", '["' + "[" * DEEP, "not closed"),
    ("escaped quotes only", '\\"' * 50_000, "not closed"),
    ("not JSON", "{oops", "not valid JSON"),
    ("empty", "", "not valid JSON"),
    ("NUL", "\x00", "not valid JSON"),
    ("two BOMs", "\ufeff\ufeff{}", "not valid JSON"),
]
HUGE_STRING = '"' + "x" * (safe_json.limit("import") + 1) + '"'


@pytest.mark.parametrize(("name", "text", "words"), HOSTILE, ids=[h[0] for h in HOSTILE])
def test_the_engine_parser_refuses_hostile_text_with_a_clear_error(name, text, words):
    with pytest.raises(InvalidInputError) as info:
        engine_json.loads(text, max_chars=10**6)
    assert words in str(info.value)


def test_text_over_the_size_limit_is_refused_before_it_is_read():
    with pytest.raises(InvalidInputError, match="at most 1048576 are allowed"):
        safe_json.loads(HUGE_STRING, "import")
    with pytest.raises(InvalidInputError, match="at most 10 are allowed"):
        engine_json.loads('["' + "x" * 20 + '"]', max_chars=1000, max_string=10)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("\ufeff" + '{"lang": "en"}', {"lang": "en"}),  # a BOM is dropped
        ('["[[[[", "]]]"]', ["[[[[", "]]]"]),  # brackets in strings do not nest
        ('["a\\"[[[", "\\\\"]', ['a"[[[', "\\"]),  # escapes, also a backslash before a quote
        ('{"n": 9007199254740991, "f": -0.5e-3}', {"n": 2**53 - 1, "f": -0.0005}),
        ("[" * 64 + "]" * 64, eval("[" * 64 + "]" * 64)),  # exactly the limit
    ],
)
def test_what_json_allows_within_the_limits_is_read_as_json_reads_it(text, value):
    assert engine_json.loads(text, max_chars=1000) == value
    assert engine_json.loads(text.encode(), max_chars=1000) == value


def test_bytes_that_are_not_utf8_are_refused():
    with pytest.raises(InvalidInputError, match="not UTF-8"):
        engine_json.loads(b"[\xff]", max_chars=100)


def depth(value) -> int:
    if isinstance(value, list):
        return 1 + max(map(depth, value), default=0)
    if isinstance(value, dict):
        return 1 + max(map(depth, value.values()), default=0)
    return 0


JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    # Strings full of the characters the scan looks at.
    | st.text(alphabet=st.sampled_from('[]{}"\\ab\n'), max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(
            st.text(alphabet=st.sampled_from('[]{}"\\k'), max_size=4), inner, max_size=3
        )
    ),
    max_leaves=30,
)


@given(JSON_VALUES, st.integers(min_value=1, max_value=6))
def test_the_scan_measures_depth_exactly_as_json_nests(value, limit):
    text = json.dumps(value)
    if depth(value) > limit:
        with pytest.raises(InvalidInputError, match="nested deeper"):
            engine_json.loads(text, max_chars=10**6, max_depth=limit)
    else:
        assert engine_json.loads(text, max_chars=10**6, max_depth=limit) == value


def _scan_seconds(text: str) -> float:
    """The fastest of three scans of ``text`` (the least disturbed by other work)."""
    times = []
    for _ in range(3):
        start = time.perf_counter()
        with contextlib.suppress(InvalidInputError):
            engine_json.check(text, max_chars=10**7)
        times.append(time.perf_counter() - start)
    return min(times)


def test_the_scan_is_linear_on_megabytes():
    # Eight times the text takes about eight times as long (a quadratic scan: 64 times).
    # A ratio, not a number of seconds, so that a busy machine does not fail it.
    worst = [
        lambda n: '"' + "x" * (4 * n) + '"',  # one long string
        lambda n: '\\"' * n,  # a quote at every other character, each one escaped
        lambda n: "[" + '"\\\\",' * (n // 2) + "1]",  # many strings ending in an escaped backslash
    ]
    for make in worst:
        small, big = make(125_000), make(1_000_000)
        # 50 ms of slack: a scan done in microseconds (one long string) has no ratio to speak of
        big_s, small_s = _scan_seconds(big), _scan_seconds(small)
        assert big_s < 24 * small_s + 0.05, (big[:20], big_s, small_s)


# -- every entry point falls back safely -------------------------------------------

ENTRY_TEXTS = [(name, text) for name, text, _ in HOSTILE if text]


@pytest.mark.parametrize(("name", "text"), ENTRY_TEXTS, ids=[h[0] for h in ENTRY_TEXTS])
def test_stored_settings_stats_and_match_fall_back_to_a_backup_and_a_notice(name, text):
    for key, load, empty in [
        ("settings", lambda s: settings_mod.load_settings(s, "de"), None),
        ("stats", stats_mod.load_stats, stats_mod.Stats()),
        ("match", load_match, None),
    ]:
        backend = MemoryBackend({f"schwimmen.{key}": text})
        value, notices = load(Store(backend))
        notice = notices[0] if isinstance(notices, list) else notices
        if key == "settings":
            assert value == settings_mod.defaults("de")
        else:
            assert value == empty
        assert notice.code == "corrupt", (key, notice)
        assert backend.items[notice.backup_key] == text
        assert f"schwimmen.{key}" not in backend.items


@pytest.mark.parametrize(("name", "text"), ENTRY_TEXTS, ids=[h[0] for h in ENTRY_TEXTS])
def test_a_valid_match_envelope_holding_hostile_text_starts_a_new_match(name, text):
    raw = json.dumps({"version": 1, "data": text})
    backend = MemoryBackend({"schwimmen.match": raw})
    host = _Host()
    c = Controller(host, Store(backend), query="?seed=3&speed=0", seed_source=lambda: 1)
    c.start()
    assert c.settings.seed == 3  # a fresh match from the URL
    assert backend.items["schwimmen.backup.match.1"] == raw
    assert [n.code for n in c.banner.notices] == ["corrupt"]
    with pytest.raises(ValueError):
        read_saved(text)


@pytest.mark.parametrize(("name", "text"), ENTRY_TEXTS, ids=[h[0] for h in ENTRY_TEXTS])
def test_the_engine_match_text_and_imported_files_give_clear_errors(name, text):
    with pytest.raises(InvalidInputError):
        engine.Match.from_json(text)
    with pytest.raises(InvalidInputError, match="not a statistics file"):
        stats_mod.Stats.from_json(text)
    stats, message = import_stats(text, "en")
    assert stats is None and "not a readable statistics file" in message


@pytest.mark.parametrize(
    "text", ["[" * DEEP + "]" * DEEP, '{"a":' * DEEP + "1" + "}" * DEEP], ids=["arrays", "objects"]
)
def test_deep_nesting_is_stopped_by_the_scan_not_by_json(text):
    """The refusal comes from the flat scan: json.loads never sees the text."""
    for parse in (
        lambda: engine.Match.from_json(text),
        lambda: stats_mod.Stats.from_json(text),
        lambda: read_saved(text),
        lambda: safe_json.loads(text, "stats"),
    ):
        with pytest.raises(InvalidInputError, match="nested deeper than 64"):
            parse()


def test_wrong_types_and_huge_values_in_json_are_refused_by_the_readers():
    for data in ([], "text", 42, None, {"overall": "x", "presets": {}, "history": []}):
        with pytest.raises(InvalidInputError):
            stats_mod.Stats.from_json(json.dumps({"version": 1, "data": data}))
    huge = {"version": 1, "data": {"matches": 10**30, "wins": 0}}
    with pytest.raises(InvalidInputError, match="matches"):
        stats_mod.Stats.from_json(json.dumps(huge))
    backend = MemoryBackend({"schwimmen.settings": json.dumps({"version": 1, "data": []})})
    value, notices = settings_mod.load_settings(Store(backend), "en")
    assert value == settings_mod.defaults("en") and notices


def test_a_bom_in_front_of_an_exported_file_is_dropped():
    s = stats_mod.Stats()
    s.record_match("pub", place=1, players=3, date="2026-11-30")
    assert stats_mod.Stats.from_json("\ufeff" + s.to_json()) == s


class _Host(QuietHost):
    def show(self, markup, log, state):
        self.state = state

    def later(self, ms, callback):
        pass
