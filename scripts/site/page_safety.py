"""A page's body as the reader gets it: the note's HTML with nothing that runs.

Obsidian shows raw HTML written in a note but removes what would run; so does the site,
with nh3 (the ammonia sanitiser) over the whole rendered body in the hook's
on_page_content. One allowlist guards every byte of the body, our compiler's and
extensions' markup included (calculator forms, media, block ids, math, diagrams, callouts,
task lists): they are built from escaped text and pass through unchanged, and a fault in
any of them still cannot put script on a page.

Kept: the tags and attributes below (`data-*` and `aria-*` on any tag); links and sources
with http(s), mailto, tel or a relative address. Removed: <script>, <style> and the like
with their content, every `on*` attribute, `javascript:` and other URL schemes, <object>,
<embed>, <base>, <meta>, <form action>.
"""

from __future__ import annotations

import re

import nh3

_TAGS = frozenset(nh3.ALLOWED_TAGS) | {
    "audio", "video", "source", "track", "iframe", "picture",
    "section", "main", "fieldset", "legend", "label", "form", "input", "select", "option",
    "optgroup", "output", "button", "textarea", "progress", "meter",
    # Drawings: the calculators' bar charts, and simple SVG in a note.
    "svg", "g", "rect", "circle", "ellipse", "line", "polyline", "polygon", "path", "text", "tspan", "title", "desc",
}
# Removed with everything inside them (the rest lose their tag and keep their text).
_CLEAN_CONTENT = frozenset({"script", "style", "template", "noscript"})
_SHAPE = {"fill", "stroke", "stroke-width", "opacity", "transform"}
_ANY_TAG = {"class", "id", "title", "lang", "dir", "role", "style", "hidden", "tabindex", "translate"}
_ATTRIBUTES: dict[str, set[str]] = {
    "*": _ANY_TAG,
    "a": {"href", "hreflang", "rel", "target", "download"},
    "img": {"src", "alt", "width", "height", "loading", "decoding", "srcset", "sizes"},
    "audio": {"src", "controls", "loop", "muted", "preload"},
    "video": {"src", "controls", "loop", "muted", "preload", "poster", "width", "height", "playsinline"},
    "source": {"src", "type", "srcset", "sizes", "media"},
    "track": {"src", "kind", "srclang", "label", "default"},
    "iframe": {"src", "width", "height", "loading", "allowfullscreen", "referrerpolicy"},
    "ol": {"start", "reversed", "type"},
    "li": {"value"},
    "td": {"colspan", "rowspan", "align", "headers"},
    "th": {"colspan", "rowspan", "align", "scope", "abbr"},
    "col": {"span"},
    "colgroup": {"span"},
    "details": {"open", "name"},
    "time": {"datetime"},
    "data": {"value"},
    "q": {"cite"},
    "blockquote": {"cite"},
    "del": {"cite", "datetime"},
    "ins": {"cite", "datetime"},
    "form": {"autocomplete", "novalidate"},
    "label": {"for"},
    "input": {"type", "name", "value", "checked", "disabled", "readonly", "required", "min", "max",
              "step", "placeholder", "autocomplete", "inputmode", "pattern", "size", "maxlength", "list"},
    "select": {"name", "disabled", "required", "multiple", "size"},
    "option": {"value", "selected", "disabled", "label"},
    "optgroup": {"label", "disabled"},
    "button": {"type", "name", "value", "disabled"},
    "textarea": {"name", "rows", "cols", "placeholder", "readonly", "disabled", "required"},
    "output": {"for", "name"},
    "progress": {"value", "max"},
    "meter": {"value", "min", "max", "low", "high", "optimum"},
    "svg": {"viewBox", "width", "height", "xmlns", "preserveAspectRatio", "fill"},
    "g": _SHAPE,
    "rect": _SHAPE | {"x", "y", "width", "height", "rx", "ry"},
    "circle": _SHAPE | {"cx", "cy", "r"},
    "ellipse": _SHAPE | {"cx", "cy", "rx", "ry"},
    "line": _SHAPE | {"x1", "y1", "x2", "y2"},
    "polyline": _SHAPE | {"points"},
    "polygon": _SHAPE | {"points"},
    "path": _SHAPE | {"d"},
    "text": _SHAPE | {"x", "y", "dx", "dy", "text-anchor", "font-size", "font-weight"},
    "tspan": _SHAPE | {"x", "y", "dx", "dy"},
}
_URL_SCHEMES = frozenset({"http", "https", "mailto", "tel"})
# In nh3's output (every tag closed, attributes quoted): a drawing, and a link tag.
_DRAWING = re.compile(r"<svg\b.*?</svg>", re.DOTALL)
_LINK_TAG = re.compile(r"</?a\b[^>]*>")


# The theme's own elements are found by ids and names that start with "__" (__config,
# __drawer, __search, __toc, __nav_1, __palette_0, __tabbed_…); a note's element with one
# of them, placed before the theme's, would be found instead and break the page's scripts.
_THEME_NAMES = ("id", "name", "for", "form", "list")


def _not_the_themes(tag: str, attribute: str, value: str) -> str | None:
    return None if attribute in _THEME_NAMES and value.startswith("__") else value


# Built once: handing the allowlist to nh3 on every page cost half of its time.
_CLEANER = nh3.Cleaner(
    tags=set(_TAGS),
    clean_content_tags=set(_CLEAN_CONTENT),
    attributes={tag: set(names) for tag, names in _ATTRIBUTES.items()},
    generic_attribute_prefixes={"data-", "aria-"},
    url_schemes=set(_URL_SCHEMES),
    link_rel=None,
    attribute_filter=_not_the_themes,
)


def safe_body(body_html: str) -> str:
    """The body with what would run removed and everything else as it was."""
    return _unwrap_links_in_drawings(_CLEANER.clean(body_html))


def _unwrap_links_in_drawings(body_html: str) -> str:
    """A note's unclosed <svg> takes in what follows it, even the heading's permalink;
    a link inside a drawing is an SVG link, which the theme's scripts cannot handle (they
    set its href). Such links are unwrapped, their text kept. Nothing here is for safety:
    nh3 has already removed what would run."""
    if "<svg" not in body_html:
        return body_html
    return _DRAWING.sub(lambda drawing: _LINK_TAG.sub("", drawing.group(0)), body_html)
