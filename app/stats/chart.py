"""The statistics' chart: the win rate over the latest matches as a small SVG, for the
statistics panel (``app.stats.panel``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from app.escape import escape as _esc
from app.stats.model import Result, Stats

_CHART_TEXT = {
    "de": {
        "empty": "Noch keine beendeten Partien",
        "label": "Gewinnquote über die letzten {n} Partien, zuletzt {rate} %",
        "label_one": "Gewinnquote nach 1 Partie: {rate} %",
        "matches": "Partien",
        "match": "Partie",
        "won": "gewonnen",
        "lost": "verloren",
    },
    "en": {
        "empty": "No finished matches yet",
        "label": "Win rate over the last {n} matches, now {rate}%",
        "label_one": "Win rate after 1 match: {rate}%",
        "matches": "matches",
        "match": "match",
        "won": "won",
        "lost": "lost",
    },
}
_W, _H = 320, 150
_LEFT, _RIGHT, _TOP, _BOTTOM = 34, 10, 10, 30


def chart_svg(stats: Stats, lang: str = "de", preset: str | None = None) -> str:
    """A small SVG chart of the history: the cumulative win rate (line) and one
    tick per match (tall: won), oldest on the left. Pure and escaped; the
    ``<svg>`` has ``role="img"`` and an ``aria-label`` saying what it shows.

    >>> svg = chart_svg(Stats(), "en")
    >>> svg.startswith("<svg") and 'aria-label="No finished matches yet"' in svg
    True
    """
    text = _CHART_TEXT.get(lang, _CHART_TEXT["en"])
    results = [r for r in stats.history if preset is None or r.preset == preset]
    n = len(results)
    if n == 0:
        label = text["empty"]
        body = (
            f'<text x="{_W / 2:g}" y="{_H / 2:g}" text-anchor="middle" font-size="13" '
            f'class="chart-empty">{_esc(label)}</text>'
        )
        return _svg(label, body)
    rates, won = [], 0
    for i, r in enumerate(results, 1):
        won += r.won
        rates.append(won / i)
    label = text["label" if n > 1 else "label_one"].format(n=n, rate=round(100 * rates[-1]))
    plot_w, plot_h = _W - _LEFT - _RIGHT, _H - _TOP - _BOTTOM

    def x(i: int) -> float:
        return _LEFT + (plot_w * i / (n - 1) if n > 1 else plot_w / 2)

    def y(rate: float) -> float:
        return _TOP + plot_h * (1 - rate)

    parts = []
    for level in (0, 0.5, 1):
        parts.append(
            f'<line x1="{_LEFT}" y1="{y(level):.1f}" x2="{_W - _RIGHT}" y2="{y(level):.1f}" '
            f'class="chart-grid" stroke="currentColor" stroke-opacity="0.2"/>'
            f'<text x="{_LEFT - 4}" y="{y(level) + 4:.1f}" text-anchor="end">'
            f"{round(level * 100)}%</text>"
        )
    points = " ".join(f"{x(i):.1f},{y(rate):.1f}" for i, rate in enumerate(rates))
    parts.append(
        f'<polyline points="{points}" fill="none" stroke="currentColor" stroke-width="2" '
        f'class="chart-line"/>'
    )
    parts.append(f'<circle cx="{x(n - 1):.1f}" cy="{y(rates[-1]):.1f}" r="3" class="chart-now"/>')
    parts += _ticks(results, x, max(0.5, min(4.0, 0.7 * plot_w / n)), text)
    caption = _esc(f"{n} {text['matches' if n > 1 else 'match']}")
    parts.append(
        f'<text x="{_LEFT + plot_w / 2:.1f}" y="{_H - 2}" text-anchor="middle">{caption}</text>'
    )
    return _svg(label, "".join(parts))


def _ticks(
    results: Sequence[Result], x: Callable[[int], float], width: float, text: Mapping[str, str]
) -> list[str]:
    """One tick per match below the plot: a tall one for a win, a short one otherwise,
    each with its date and place as a tooltip."""
    base = _H - _BOTTOM + 14
    ticks = []
    for i, r in enumerate(results):
        state = "won" if r.won else "lost"
        tip = _esc(f"{r.date}: {text[state]} ({r.place}/{r.players})")
        top = base - (9 if r.won else 3)
        ticks.append(
            f'<line x1="{x(i):.1f}" y1="{base}" x2="{x(i):.1f}" y2="{top}" stroke="currentColor" '
            f'stroke-width="{width:.1f}" class="chart-{state}"><title>{tip}</title></line>'
        )
    return ticks


def _svg(label: str, body: str) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_W} {_H}" '
        f'role="img" aria-label="{_esc(label)}" class="stats-chart" '
        'fill="currentColor" font-size="10" font-family="system-ui, sans-serif">'
        f"<title>{_esc(label)}</title>{body}</svg>"
    )
