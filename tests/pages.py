"""A very small HTML reader for the page tests: find an element by id, class or tag and read its text.

The standard library's parser only, so a test can ask "is this message
beside that field?" rather than "is it somewhere in the page?".

>>> page = parse('<div id="a"><p class="error">Bad &amp; <b>wrong</b></p><input name="x" value="1"></div>')
>>> page.find(id="a").find(cls="error").text
'Bad & wrong'
>>> page.find(tag="input", name="x").attrs["value"]
'1'
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from html.parser import HTMLParser

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class Node:
    """An element: its tag, attributes, parent and children (elements or text)."""

    def __init__(self, tag: str, attrs: dict[str, str | None], parent: Node | None) -> None:
        self.tag = tag
        self.attrs = attrs
        self.parent = parent
        self.children: list[Node | str] = []

    def __repr__(self) -> str:
        return f"<{self.tag} {self.attrs}>"

    @property
    def classes(self) -> set[str]:
        return set((self.attrs.get("class") or "").split())

    @property
    def text(self) -> str:
        """The element's text, whitespace folded (text of neighbouring elements is kept apart)."""
        return " ".join(" ".join(self._texts()).split())

    def _texts(self) -> Iterator[str]:
        for child in self.children:
            if isinstance(child, str):
                yield child
            else:
                yield from child._texts()

    def iter(self) -> Iterator[Node]:
        for child in self.children:
            if isinstance(child, Node):
                yield child
                yield from child.iter()

    def _matches(self, tag: str | None, id: str | None, cls: str | None, attrs: dict[str, str]) -> bool:
        return (
            (tag is None or self.tag == tag)
            and (id is None or self.attrs.get("id") == id)
            and (cls is None or cls in self.classes)
            and all(self.attrs.get(name) == value for name, value in attrs.items())
        )

    def find_all(
        self, tag: str | None = None, *, id: str | None = None, cls: str | None = None, **attrs: str
    ) -> list[Node]:
        return [node for node in self.iter() if node._matches(tag, id, cls, attrs)]

    def find(self, tag: str | None = None, *, id: str | None = None, cls: str | None = None, **attrs: str) -> Node:
        """The first matching element; ``AssertionError`` (with what was asked) when there is none."""
        found = self.find_all(tag, id=id, cls=cls, **attrs)
        assert found, f"no element tag={tag!r} id={id!r} class={cls!r} {attrs} in {self.tag}"
        return found[0]

    def has(self, tag: str | None = None, *, id: str | None = None, cls: str | None = None, **attrs: str) -> bool:
        return bool(self.find_all(tag, id=id, cls=cls, **attrs))

    def closest(self, tag: str | None = None, *, cls: str | None = None) -> Node:
        node = self.parent
        while node is not None and not node._matches(tag, None, cls, {}):
            node = node.parent
        assert node is not None, f"no enclosing tag={tag!r} class={cls!r} for {self!r}"
        return node


class _Builder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Node("#document", {}, None)
        self.current = self.root

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = Node(tag, dict(attrs), self.current)
        self.current.children.append(node)
        if tag not in VOID:
            self.current = node

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.current.children.append(Node(tag, dict(attrs), self.current))

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            return
        node: Node | None = self.current
        while node is not None and node is not self.root and node.tag != tag:
            node = node.parent
        if node is not None and node is not self.root:
            self.current = node.parent or self.root

    def handle_data(self, data: str) -> None:
        self.current.children.append(data)


def parse(html: str) -> Node:
    builder = _Builder()
    builder.feed(html)
    builder.close()
    return builder.root


SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def table_reads(sentence: str) -> str:
    """An engine sentence as a page writes it for the table (issue 27): ``5H`` is ``5♥``, ``JK`` a joker (a capital
    Joker opening the sentence). Written here from the issue's words, not taken from the page's filter.

    >>> table_reads("JK stands for 7H; 10S JK is short.")
    'Joker stands for 7♥; 10♠ joker is short.'
    """

    def face(found: re.Match) -> str:
        code = found[0]
        if code == "JK":
            return "Joker" if found.start() == 0 else "joker"
        return code[:-1] + SUIT_SYMBOLS[code[-1]]

    return re.sub(r"\b(?:10|[2-9AJQK])[SHDC]\b|\bJK\b", face, sentence)
