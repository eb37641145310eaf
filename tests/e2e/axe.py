"""axe-core in browser tests: inject it into a page and check WCAG 2.1 A/AA rules.

axe comes from ``node_modules/axe-core`` (a devDependency, pinned in package.json);
the build never copies it, so the site does not contain it. The page's Content
Security Policy (``script-src 'self'``) blocks an inline ``<script>``, so Playwright's
``add_script_tag`` fails (and logs a CSP error); ``page.evaluate`` runs the script text
through the DevTools protocol, which the policy does not govern.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from playwright.sync_api import Page

AXE_JS = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
TAGS = ("wcag2a", "wcag2aa", "wcag21a", "wcag21aa")
# WCAG 2.5.3 (label in name): experimental in older axe releases, so named explicitly.
EXTRA_RULES = ("label-content-name-mismatch",)

_RUN = """async ([tags, extra]) => {
  const rules = Object.fromEntries(extra.map(id => [id, {enabled: true}]));
  const result = await axe.run(document, {runOnly: {type: 'tag', values: tags}, rules,
                                          resultTypes: ['violations']});
  return result.violations.map(v => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map(n => ({target: n.target.join(' '),
                              summary: (n.failureSummary || '').replace(/\\s+/g, ' ')})),
  }));
}"""


@cache
def _source() -> str:
    return AXE_JS.read_text(encoding="utf-8") + "\n;0"  # evaluate returns the last value


def inject(page: Page) -> None:
    """Load axe into ``page`` once (again after a navigation)."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.evaluate(_source())


def violations(page: Page) -> list[dict]:
    """axe's violations of the WCAG 2.1 A/AA rules (and :data:`EXTRA_RULES`) in ``page`` now."""
    inject(page)
    return page.evaluate(_RUN, [list(TAGS), list(EXTRA_RULES)])


def describe(found: list[dict], screen: str) -> str:
    """The violations as readable lines: rule, impact, help, then each target."""
    lines = [f"{len(found)} accessibility rule(s) violated on {screen}:"]
    for v in found:
        lines.append(f"- {v['id']} ({v['impact']}): {v['help']}")
        for node in v["nodes"][:8]:
            lines.append(f"    {node['target']}  -- {node['summary'][:240]}")
        if len(v["nodes"]) > 8:
            lines.append(f"    ... and {len(v['nodes']) - 8} more")
    return "\n".join(lines)
