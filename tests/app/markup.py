"""A tiny HTML tree for tests: find elements by attributes inside other elements."""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser

VOID = {"input", "br", "img", "meta", "link", "hr", "source", "area", "col", "wbr"}


@dataclass
class El:
    tag: str
    attrs: dict[str, str]
    parent: El | None = None
    children: list[El] = field(default_factory=list)
    text: str = ""

    def all(self) -> list[El]:
        out = []
        for c in self.children:
            out.append(c)
            out.extend(c.all())
        return out

    def find_all(self, **attrs: str | bool) -> list[El]:
        """Descendants whose attributes match (``True`` means: present); ``_`` for ``-``."""
        want = {k.rstrip("_").replace("_", "-"): v for k, v in attrs.items()}
        return [
            e
            for e in self.all()
            if all((k in e.attrs) if v is True else e.attrs.get(k) == v for k, v in want.items())
        ]

    def find(self, **attrs: str | bool) -> El:
        found = self.find_all(**attrs)
        assert len(found) == 1, f"{attrs}: {len(found)} elements"
        return found[0]

    def get(self, name: str) -> str | None:
        return self.attrs.get(name)

    def all_text(self) -> str:
        return self.text + "".join(c.all_text() for c in self.children)


class _Builder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = El("root", {})
        self.cur = self.root

    def handle_starttag(self, tag, attrs):
        el = El(tag, {k: (v if v is not None else "") for k, v in attrs}, self.cur)
        self.cur.children.append(el)
        if tag not in VOID:
            self.cur = el

    def handle_startendtag(self, tag, attrs):
        el = El(tag, {k: (v if v is not None else "") for k, v in attrs}, self.cur)
        self.cur.children.append(el)

    def handle_endtag(self, tag):
        node = self.cur
        while node is not None and node.tag != tag:
            node = node.parent
        assert node is not None and node.parent is not None, f"stray </{tag}>"
        self.cur = node.parent

    def handle_data(self, data):
        self.cur.text += data


def parse(markup: str) -> El:
    """The tree of ``markup``; unbalanced tags fail the test."""
    b = _Builder()
    b.feed(markup)
    b.close()
    assert b.cur is b.root, f"unclosed <{b.cur.tag}>"
    return b.root
