"""app.stats.model: counting deals and matches, the stored format, migration, import, chart."""

import copy
import json
import re
import xml.etree.ElementTree as ET

import pytest

from app.stats import chart
from app.stats import model as sm
from app.stats.model import HISTORY_CAP, VERSION, Stats
from app.storage import MemoryBackend, Store
from engine import InvalidInputError

SVG = "{http://www.w3.org/2000/svg}"


def played() -> Stats:
    """A small, varied record: three matches in two presets."""
    s = Stats()
    s.record_deal("knack", lives_lost=0, hand_value=31, knocked=False)
    s.record_deal("knack", lives_lost=1, hand_value=17.0, knocked=True)
    s.record_deal("knack", lives_lost=0, hand_value=32, knocked=False)  # Blitz
    s.record_match("knack", place=1, players=4, crown=False, date="2026-11-01")
    s.record_deal("classic", lives_lost=2, hand_value=30.5, knocked=True)
    s.record_deal("classic", lives_lost=0, hand_value=None, knocked=True)
    s.record_match("classic", place=3, players=3, date="2026-11-02")
    s.record_deal("knack", lives_lost=0, hand_value=25, knocked=False)
    s.record_match("knack", place=1, players=2, crown=True, date="2026-11-03")
    return s


# -- counting ---------------------------------------------------------------------


def test_empty_stats():
    s = Stats()
    assert (s.matches, s.wins) == (0, 0)
    summary = s.summary()
    assert summary.win_rate is None
    assert summary.average_hand is None
    assert summary.knock_loss_rate is None
    assert summary.average_place is None
    assert s.summary("pub") == summary


def test_overall_counts():
    s = played()
    t = s.summary()
    assert (s.matches, s.wins) == (3, 2)
    assert (t.matches, t.wins, t.crowns) == (3, 2, 1)
    assert t.win_rate == pytest.approx(2 / 3)
    assert (t.deals, t.lives_lost) == (6, 3)
    assert t.lives_per_deal == pytest.approx(0.5)
    assert (t.thirty_ones, t.feuers) == (1, 1)
    assert (t.knocks, t.knocks_lost) == (3, 2)
    assert t.knock_loss_rate == pytest.approx(2 / 3)
    assert t.average_hand == pytest.approx((31 + 17 + 32 + 30.5 + 25) / 5)
    assert t.average_place == pytest.approx((1 + 3 + 1) / 3)
    assert (t.current_streak, t.longest_streak) == (1, 1)


def test_per_preset_counts():
    s = played()
    knack, classic = s.summary("knack"), s.summary("classic")
    assert (knack.matches, knack.wins, knack.crowns, knack.deals) == (2, 2, 1, 4)
    assert (knack.current_streak, knack.longest_streak) == (2, 2)
    assert (knack.knocks, knack.knocks_lost, knack.feuers, knack.thirty_ones) == (1, 1, 1, 1)
    assert knack.average_place == 1
    assert (classic.matches, classic.wins, classic.deals, classic.lives_lost) == (1, 0, 2, 2)
    assert (classic.knocks, classic.knocks_lost) == (2, 1)
    assert classic.average_hand == 30.5  # the unknown hand is not averaged
    assert (classic.current_streak, classic.longest_streak) == (0, 0)
    assert sorted(s.presets) == ["classic", "knack"]


@pytest.mark.parametrize(
    ("results", "current", "longest"),
    [
        ("", 0, 0),
        ("W", 1, 1),
        ("L", 0, 0),
        ("WWL", 0, 2),
        ("WWLWWW", 3, 3),
        ("LWWWLW", 1, 3),
        ("WWWWWWWWWW", 10, 10),
    ],
)
def test_streaks(results, current, longest):
    s = Stats()
    for r in results:
        s.record_match("pub", place=1 if r == "W" else 2, players=3, date="2026-01-01")
    assert (s.summary().current_streak, s.summary().longest_streak) == (current, longest)
    assert s.wins == results.count("W")


def test_history_is_capped_and_keeps_the_newest():
    s = Stats()
    for i in range(HISTORY_CAP + 25):
        s.record_match("classic", place=1 + i % 4, players=4, date="2026-11-30")
    assert s.matches == HISTORY_CAP + 25
    assert len(s.history) == HISTORY_CAP
    assert [r.place for r in s.history[:4]] == [2, 3, 4, 1]  # 25 oldest were dropped
    assert Stats.from_json(s.to_json()) == s


def test_record_match_dates_default_to_today():
    s = Stats()
    s.record_match("classic", place=2, players=3)
    assert re.fullmatch(r"\d{4}-\d\d-\d\d", s.history[0].date)
    assert s.history[0].won is False


@pytest.mark.parametrize(
    "kwargs",
    [
        {"lives_lost": -1},
        {"lives_lost": 3},
        {"lives_lost": 1.0},
        {"lives_lost": True},
        {"lives_lost": 0, "hand_value": -2},
        {"lives_lost": 0, "hand_value": float("nan")},
        {"lives_lost": 0, "hand_value": float("inf")},
        {"lives_lost": 0, "hand_value": "31"},
        {"lives_lost": 0, "knocked": 1},
        {"lives_lost": 0, "preset": "Knack!"},
        {"lives_lost": 0, "preset": ""},
    ],
)
def test_record_deal_rejects_impossible_values(kwargs):
    s = Stats()
    kwargs = {"preset": "knack", **kwargs}
    with pytest.raises(InvalidInputError):
        s.record_deal(kwargs.pop("preset"), **kwargs)
    assert s == Stats()


@pytest.mark.parametrize(
    "kwargs",
    [
        {"place": 0, "players": 4},
        {"place": 5, "players": 4},
        {"place": 1, "players": 1},
        {"place": 1, "players": 10},
        {"place": 2, "players": 4, "crown": True},
        {"place": 1, "players": 4, "crown": "yes"},
        {"place": 1, "players": 4, "date": "30.11.2026"},
        {"place": 1, "players": 4, "date": "2026-13-01"},
        {"place": "1", "players": 4},
    ],
)
def test_record_match_rejects_impossible_values(kwargs):
    s = Stats()
    with pytest.raises(InvalidInputError):
        s.record_match("classic", **kwargs)
    assert s == Stats()


def test_reset():
    s = played()
    s.reset()
    assert s == Stats()
    assert s.to_dict() == Stats().to_dict()


# -- stored format and migration -------------------------------------------------------


def test_dict_round_trip_is_json_safe():
    s = played()
    assert Stats.from_dict(json.loads(json.dumps(s.to_dict()))) == s


def test_store_round_trip():
    store = Store(MemoryBackend())
    s = played()
    assert sm.save_stats(store, s) is None
    assert sm.load_stats(store) == (s, None)


def test_first_visit_has_empty_stats():
    assert sm.load_stats(Store(MemoryBackend())) == (Stats(), None)


@pytest.mark.parametrize(("matches", "wins"), [(0, 0), (1, 0), (12, 5), (10**6, 10**6)])
def test_migration_from_version_1(matches, wins):
    v1 = json.dumps({"version": 1, "data": {"matches": matches, "wins": wins}})
    backend = MemoryBackend({"schwimmen.stats": v1})
    store = Store(backend)
    s, notice = sm.load_stats(store)
    assert notice is None
    assert (s.matches, s.wins) == (matches, wins)
    assert s.presets == {}
    assert s.history == []
    assert s.summary().deals == 0
    # playing on and saving writes version 2
    s.record_match("knack", place=1, players=2, date="2026-11-30")
    sm.save_stats(store, s)
    assert json.loads(backend.items["schwimmen.stats"])["version"] == VERSION
    again, _ = sm.load_stats(store)
    assert (again.matches, again.wins, again.summary("knack").matches) == (matches + 1, wins + 1, 1)


@pytest.mark.parametrize(
    "data",
    [
        {"matches": 3},
        {"matches": 3, "wins": 4},
        {"matches": -1, "wins": 0},
        {"matches": "3", "wins": 1},
        {"matches": 10**12, "wins": 0},
        [3, 1],
        None,
    ],
)
def test_bad_version_1_data_is_backed_up(data):
    raw = json.dumps({"version": 1, "data": data})
    backend = MemoryBackend({"schwimmen.stats": raw})
    s, notice = sm.load_stats(Store(backend))
    assert s == Stats()
    assert notice.code == "corrupt"
    assert backend.items[notice.backup_key] == raw


def damaged(path, value):
    """Stored data of played() with one place changed ('overall.wins', 'history.0.place')."""
    data = copy.deepcopy(played().to_dict())
    *parents, last = path.split(".")
    target = data
    for p in parents:
        target = target[int(p)] if isinstance(target, list) else target[p]
    if value is DELETE:
        del target[last]
    elif isinstance(target, list):
        target[int(last)] = value
    else:
        target[last] = value
    return data


DELETE = object()

CORRUPTIONS = [
    ("overall.matches", -1),
    ("overall.wins", -5),
    ("overall.deals", 10**30),
    ("overall.deals", 1e308),
    ("overall.wins", 2.0),
    ("overall.wins", True),
    ("overall.wins", "2"),
    ("overall.wins", None),
    ("overall.wins", 4),  # more wins than matches
    ("overall.crowns", 3),  # more crowns than wins
    ("overall.knocks_lost", 4),
    ("overall.thirty_ones", 6),
    ("overall.lives_lost", 13),  # more than two per deal
    ("overall.current_streak", 2),  # longer than the longest
    ("overall.longest_streak", 3),  # longer than the wins
    ("overall.hand_total", -1),
    ("overall.hand_total", float("inf")),
    ("overall.hand_total", "135.5"),
    ("overall.hand_total", 10**9),
    ("overall.hand_deals", DELETE),
    ("overall.extra", 1),
    ("overall", []),
    ("presets", []),
    ("presets.knack.matches", 5),  # presets add up to more than overall
    ("presets.Knack!", {}),
    ("presets.knack", "lots"),
    ("history", {}),
    ("history.0", "won"),
    ("history.0.place", 0),
    ("history.0.place", 5),
    ("history.0.players", 12),
    ("history.0.won", False),  # place 1 is a win
    ("history.1.won", True),
    ("history.0.won", 1),
    ("history.0.date", "yesterday"),
    ("history.0.date", 20261130),
    ("history.0.preset", "<script>"),
    ("history.0.extra", 1),
    (
        "history",
        [{"date": "2026-11-30", "preset": "pub", "place": 1, "players": 3, "won": True}] * 4,
    ),
]


@pytest.mark.parametrize(("path", "value"), CORRUPTIONS)
def test_corrupted_stored_stats_are_backed_up_with_a_notice(path, value):
    raw = json.dumps({"version": VERSION, "data": damaged(path, value)})
    backend = MemoryBackend({"schwimmen.stats": raw})
    store = Store(backend)
    s, notice = sm.load_stats(store)
    assert s == Stats()
    assert notice.code == "corrupt"
    assert backend.items[notice.backup_key] == raw
    # the game records on, the damaged record stays in its backup
    s.record_match("pub", place=1, players=3)
    assert sm.save_stats(store, s) is None
    assert store.backups("stats") == [(notice.backup_key, raw)]


@pytest.mark.parametrize(
    ("raw", "code"),
    [
        ("not json", "corrupt"),
        ("[]", "corrupt"),
        ('{"version": 2, "data": [1, 2]}', "corrupt"),
        ('{"version": 2, "data": null}', "corrupt"),
        ('{"version": 3, "data": {}}', "newer"),
        ('{"version": 0, "data": {}}', "corrupt"),
    ],
)
def test_stored_stats_of_the_wrong_shape_or_version(raw, code):
    backend = MemoryBackend({"schwimmen.stats": raw})
    s, notice = sm.load_stats(Store(backend))
    assert s == Stats()
    assert notice.code == code
    assert backend.items[notice.backup_key] == raw


def test_quota_error_while_saving_is_a_notice():
    store = Store(MemoryBackend(quota=50))
    notice = sm.save_stats(store, played())
    assert notice.code == "write_failed"


# -- export and import ----------------------------------------------------------------


def test_export_is_marked_and_reads_back():
    s = played()
    text = s.to_json()
    data = json.loads(text)
    assert (data["format"], data["version"]) == ("schwimmen-stats", VERSION)
    assert Stats.from_json(text) == s


def test_import_accepts_a_version_1_file_and_a_raw_storage_record():
    v1 = json.dumps({"format": "schwimmen-stats", "version": 1, "matches": 4, "wins": 1})
    s = Stats.from_json(v1)
    assert (s.matches, s.wins, s.history) == (4, 1, [])
    record = json.dumps({"version": VERSION, "data": played().to_dict()})
    assert Stats.from_json(record) == played()


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "not JSON"),
        ("{{{", "not JSON"),
        ("[1, 2, 3]", "not a statistics file"),
        ('{"matches": 3, "wins": 1}', "not a statistics file"),
        ('{"format": "chess-pgn", "version": 1}', "format"),
        ('{"format": "schwimmen-stats"}', "version"),
        ('{"format": "schwimmen-stats", "version": "2"}', "version"),
        ('{"format": "schwimmen-stats", "version": 9, "overall": {}}', "version 9"),
        ('{"format": "schwimmen-stats", "version": 2}', "keys"),
        ('{"format": "schwimmen-stats", "version": 1, "matches": -1, "wins": 0}', "matches"),
    ],
)
def test_import_of_a_bad_file_raises_a_clear_error(text, words):
    with pytest.raises(InvalidInputError, match=words):
        Stats.from_json(text)


@pytest.mark.parametrize(("path", "value"), CORRUPTIONS)
def test_import_names_the_damaged_place(path, value):
    text = json.dumps({"format": "schwimmen-stats", "version": VERSION, **damaged(path, value)})
    with pytest.raises(InvalidInputError) as info:
        Stats.from_json(text)
    # Infinity is no JSON number: the bounded parser refuses it before any field is read.
    where = "Infinity" if value == float("inf") else path.split(".")[0]
    assert where in str(info.value)


def test_import_rejects_non_text():
    with pytest.raises(InvalidInputError):
        Stats.from_json(b"{}")


# -- the chart ------------------------------------------------------------------------


def parse_svg(text):
    return ET.fromstring(text)  # also proves the markup is well-formed XML


@pytest.mark.parametrize("lang", ["de", "en", "fr"])
def test_empty_chart(lang):
    root = parse_svg(chart.chart_svg(Stats(), lang))
    assert root.get("role") == "img"
    label = root.get("aria-label")
    assert label == root.find(SVG + "title").text
    assert label == ("Noch keine beendeten Partien" if lang == "de" else "No finished matches yet")
    assert root.find(SVG + "polyline") is None


@pytest.mark.parametrize("n", [1, 2, 7, HISTORY_CAP])
def test_chart_draws_the_cumulative_win_rate(n):
    s = Stats()
    for i in range(n):
        s.record_match("hosenowi", place=1 if i % 2 == 0 else 2, players=3, date="2026-11-30")
    root = parse_svg(chart.chart_svg(s, "en"))
    line = root.find(SVG + "polyline")
    points = [tuple(map(float, p.split(","))) for p in line.get("points").split()]
    assert len(points) == n
    xs = [x for x, _ in points]
    assert xs == sorted(xs)
    # y grows downwards: the first match was won (100%), the rate then falls towards 50%
    assert points[0][1] == min(y for _, y in points)
    marks = [m for m in root.iter() if m.get("class") in ("chart-won", "chart-lost")]
    assert len(marks) == n
    assert sum(m.get("class") == "chart-won" for m in marks) == (n + 1) // 2
    tall = {m.get("class"): float(m.get("y1")) - float(m.get("y2")) for m in marks}
    assert tall["chart-won"] > tall.get("chart-lost", 1) > 0
    now = root.find(SVG + "circle")  # the latest rate, visible even for one match
    assert (float(now.get("cx")), float(now.get("cy"))) == points[-1]
    rate = round(100 * ((n + 1) // 2) / n)
    if n == 1:
        assert root.get("aria-label") == "Win rate after 1 match: 100%"
    else:
        assert root.get("aria-label") == f"Win rate over the last {n} matches, now {rate}%"


def test_chart_per_preset_and_german_text():
    s = played()
    root = parse_svg(chart.chart_svg(s, "de", preset="classic"))
    assert root.get("aria-label") == "Gewinnquote nach 1 Partie: 0 %"
    (mark,) = [m for m in root.iter() if m.get("class") in ("chart-won", "chart-lost")]
    assert mark.get("class") == "chart-lost"
    assert mark.find(SVG + "title").text == "2026-11-02: verloren (3/3)"
    root = parse_svg(chart.chart_svg(s, "de"))
    assert root.get("aria-label") == "Gewinnquote über die letzten 3 Partien, zuletzt 67 %"


def test_chart_text_is_escaped():
    s = Stats()
    s.record_match("classic", place=1, players=2, date="2026-11-30")
    original = chart._CHART_TEXT["en"]["won"]
    chart._CHART_TEXT["en"]["won"] = '<b>"won" & more</b>'
    try:
        text = chart.chart_svg(s, "en")
    finally:
        chart._CHART_TEXT["en"]["won"] = original
    assert "<b>" not in text
    root = parse_svg(text)
    (mark,) = [m for m in root.iter() if m.get("class") == "chart-won"]
    assert '<b>"won" & more</b>' in mark.find(SVG + "title").text
