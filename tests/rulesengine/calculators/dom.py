"""A minimal DOM for tests: parse HTML with the standard library, find elements by tag and
attributes, read their text. Also checks that every opened element is closed."""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser

VOID = {"input", "br", "img", "meta", "link", "hr", "source", "wbr", "area", "base", "col", "embed", "param", "track"}


@dataclass
class Element:
    tag: str
    attrs: dict[str, str | None]
    children: list[Element | str] = field(default_factory=list)

    def text(self) -> str:
        return "".join(c if isinstance(c, str) else c.text() for c in self.children)

    def iter(self):
        yield self
        for c in self.children:
            if isinstance(c, Element):
                yield from c.iter()

    def find_all(self, tag: str | None = None, **attrs: str | None | bool) -> list[Element]:
        out = []
        for e in self.iter():
            if tag is not None and e.tag != tag:
                continue
            ok = True
            for name, want in attrs.items():
                name = name.replace("_", "-")
                if want is True:
                    ok = ok and name in e.attrs
                else:
                    ok = ok and e.attrs.get(name) == want
            if ok:
                out.append(e)
        return out

    def find(self, tag: str | None = None, **attrs: str | None | bool) -> Element:
        found = self.find_all(tag, **attrs)
        assert found, f"no <{tag} {attrs}>"
        return found[0]


class _Builder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Element("#root", {})
        self.stack = [self.root]

    def handle_starttag(self, tag, attrs):
        e = Element(tag, dict(attrs))
        self.stack[-1].children.append(e)
        if tag not in VOID:
            self.stack.append(e)

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        assert self.stack[-1].tag == tag, f"</{tag}> closes <{self.stack[-1].tag}>"
        self.stack.pop()

    def handle_data(self, data):
        self.stack[-1].children.append(data)


def parse(html: str) -> Element:
    b = _Builder()
    b.feed(html)
    b.close()
    assert len(b.stack) == 1, f"unclosed: {[e.tag for e in b.stack[1:]]}"
    return b.root
