"""HTML in one canonical form, so two renderings that a browser shows alike compare equal.

Used to compare a page's body with a spec's expected HTML: tag and attribute names lower
case, attributes sorted, void elements without a slash, text and attribute values with
entities decoded and then escaped one way, whitespace between block elements dropped
(kept inside <pre>). Site additions that carry no content are taken off first: heading
ids and their permalink anchors, the code block's `highlight` class, the class that keeps
a leading line of links out of the search index; a table cell's
`style="text-align: x"` is read as the `align="x"` GFM writes.
"""

from __future__ import annotations

import re
from html import escape
from html.parser import HTMLParser

VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"})
BLOCK = frozenset({
    "address", "article", "aside", "blockquote", "body", "dd", "details", "div", "dl", "dt", "fieldset",
    "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "html",
    "li", "main", "nav", "ol", "p", "pre", "section", "summary", "table", "tbody", "td", "tfoot", "th",
    "thead", "tr", "ul", "head", "title", "iframe", "script", "style", "textarea",
})
_ALIGN = re.compile(r"^\s*text-align\s*:\s*(left|right|center)\s*;?\s*$")


class _Normaliser(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.out: list[str] = []
        self.pre = 0
        self.skip = 0  # inside a permalink anchor

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if self.skip or (tag == "a" and "headerlink" in (found.get("class") or "").split()):
            self.skip += 1
            return
        if re.fullmatch(r"h[1-6]", tag):
            found.pop("id", None)
        if tag == "p" and found.get("class") == "vault-related":
            found.pop("class")  # a leading line of links, kept out of the search index
            found.pop("data-search-exclude", None)
        if tag == "pre" and found.get("class") == "highlight":
            found.pop("class")
        if tag in ("td", "th") and "style" in found:
            align = _ALIGN.match(found["style"] or "")
            if align:
                found.pop("style")
                found["align"] = align.group(1)
        if tag == "pre":
            self.pre += 1
        rendered = "".join(f' {name}="{escape(value or "", quote=True)}"' for name, value in sorted(found.items()))
        self.out.append(f"<{tag}{rendered}>")

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in VOID and not self.skip:
            self.handle_endtag(tag)

    def handle_endtag(self, tag: str) -> None:
        if self.skip:
            if tag == "a":
                self.skip -= 1
            return
        if tag in VOID:
            return
        if tag == "pre":
            self.pre -= 1
        self.out.append(f"</{tag}>")

    def handle_data(self, data: str) -> None:
        if self.skip:
            return
        self.out.append(escape(data, quote=False))

    def handle_comment(self, data: str) -> None:
        self.out.append(f"<!--{data}-->")


def normalise(html: str) -> str:
    parser = _Normaliser()
    parser.feed(html)
    parser.close()
    text = "".join(parser.out)
    # Whitespace next to a block tag says nothing (outside <pre>, which has no block tags).
    tag = "|".join(sorted(BLOCK))
    text = re.sub(rf"\s*(</?(?:{tag})\b[^>]*>)\s*", r"\1", text)
    return text.strip()
