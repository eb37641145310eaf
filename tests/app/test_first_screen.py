"""The stored first screen (static/first-screen.js) lets through only the elements and
attributes the view writes: every one the game's screens use must be on its lists, or
a returning player would see the boot screen instead of their table."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from app.table import view
from tests.app.markup import parse
from tests.app.test_controller import make

SCRIPT = Path(__file__).resolve().parents[2] / "static" / "first-screen.js"
SCREENS = (
    "?seed=3&speed=0",
    "?seed=4&speed=0&bots=8&preset=knack&lang=en",
    "?seed=5&speed=0&preset=hosenowi&mistery=1&luegen=1",
    "?seed=6&speed=0&bots=1&people=2&new=1",
)
PANELS = ("settings", "open-help", "open-stats", "review", "hint")


def _words(name: str) -> set[str]:
    """The words of the script's ``NAME = new Set(("..." + "...").split(" "))``."""
    source = SCRIPT.read_text(encoding="utf-8")
    body = re.search(rf"const {name} = new Set\(\s*\((.*?)\)\.split", source, re.S)
    assert body, f"{name} not found in {SCRIPT.name}"
    return set(" ".join(re.findall(r'"([^"]*)"', body.group(1))).split())


def _pattern(name: str) -> re.Pattern[str]:
    source = SCRIPT.read_text(encoding="utf-8")
    found = re.search(rf"const {name} = /(.*)/;", source)
    assert found, f"{name} not found in {SCRIPT.name}"
    return re.compile(found.group(1))


def _screens():
    """Markup of many screens: several rule sets, all phases, the panels and the log."""
    rng = random.Random(7)
    for query in SCREENS:
        c, host, _ = make(query)
        turns = 0
        for _ in range(160):
            yield host.markup
            if host.timers:
                host.timers.pop(0)[1]()
            elif host.state == "human":
                turns += 1
                if turns % 3 == 1:
                    c.press(PANELS[turns // 3 % len(PANELS)])
                    yield host.markup
                    c.handle({"type": "escape"})
                elif turns % 3 == 2 and not _covered(host):
                    card = {"type": "card", "zone": "hand", "index": "0"}
                    c.handle(card)  # a selected card
                    yield host.markup
                    c.handle(card)
                if _covered(host):
                    c.press("reveal")
                else:
                    c.play(rng.choice(c.match.legal_actions()))
            elif host.state == "deal-over":
                c.press("review")
                yield host.markup
                c.handle({"type": "escape"})
                c.press("next-deal")
            else:
                break
    lines = "".join(view.log_line(n, f"line {n}") for n in range(3))
    yield view.log_box("de").replace("</ol>", lines + "</ol>")


def _covered(host) -> bool:
    """A shared device's cover is up (the next person taps "Show my cards")."""
    return 'data-testid="cover"' in host.markup


@pytest.fixture(scope="module")
def used():
    tags, attributes = set(), set()
    for markup in _screens():
        for el in parse(markup).all():
            tags.add(el.tag)
            attributes.update(el.attrs)
    return tags, attributes


def test_every_element_the_view_writes_is_let_through(used):
    tags, _ = used
    allowed = {t.lower() for t in _words("TAGS")}
    assert {"button", "svg", "path", "section"} <= tags  # the screens were drawn
    assert tags - allowed == set()


def test_every_attribute_the_view_writes_is_let_through(used):
    _, attributes = used
    names, families = _words("ATTRIBUTES"), _pattern("FAMILIES")
    refused = _words_page_state()
    assert {"data-card", "aria-label", "viewbox"} <= attributes
    missing = {a for a in attributes if a != "id" and a not in names and not families.match(a)}
    assert missing == set()
    assert attributes & refused == set()


def _words_page_state() -> set[str]:
    source = SCRIPT.read_text(encoding="utf-8")
    found = re.search(r"const PAGE_STATE = new Set\(\[(.*?)\]\)", source)
    assert found
    return set(re.findall(r'"([^"]+)"', found.group(1)))


NEVER_ATTRIBUTES = (
    "onclick", "onload", "style", "href", "src", "xlink:href", "py-click", "mpy-click",
    "formaction", "action", "srcdoc", "on-click",
)  # fmt: skip
NEVER_TAGS = (
    "script", "style", "a", "img", "iframe", "object", "embed", "link", "meta", "base",
    "template", "foreignobject", "use", "image", "py-script", "mpy-script",
)  # fmt: skip


def test_what_must_never_pass_is_on_no_list():
    names, families = _words("ATTRIBUTES"), _pattern("FAMILIES")
    for attribute in NEVER_ATTRIBUTES:
        assert attribute not in names and not families.match(attribute), attribute
    tags = {t.lower() for t in _words("TAGS")}
    assert tags.isdisjoint(NEVER_TAGS)
