"""Resolving every link of every page once: targets, problems, backlinks, missing notes."""

from __future__ import annotations

import posixpath
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Literal

from .index import Found, LinkIndex, link_key
from .pages import PageSource
from .problems import Problem
from .resolution import Resolution, ResolutionKind
from .scan import Ref

IMAGE_SUFFIXES = frozenset({".png", ".jpg", ".jpeg", ".gif", ".svg", ".webp", ".bmp", ".avif"})
# Files Obsidian attaches: a link naming one is to a file, never to a note not written yet.
ATTACHMENT_SUFFIXES = IMAGE_SUFFIXES | {".pdf", ".mp3", ".wav", ".ogg", ".m4a", ".mp4", ".webm", ".mov"}

@dataclass(frozen=True)
class Mention:
    path: str  # the page that links
    title: str
    line: int  # 1-based
    heading: str | None  # nearest heading above the link
    anchor: str | None  # that heading's anchor on the linking page


@dataclass(frozen=True)
class Resolved:
    links: Mapping[tuple[str, int], Resolution]  # (page path, ref index) -> where it goes
    problems: tuple[Problem, ...]
    backlinks: Mapping[str, tuple[Mention, ...]]  # target page path -> who links to it
    missing: Mapping[str, tuple[str, tuple[Mention, ...]]]  # link key -> (name, mentions)


def resolve_all(pages: Mapping[str, PageSource], index: LinkIndex, site_made: frozenset[str] = frozenset()) -> Resolved:
    """`site_made`: paths of pages the site writes besides the notes (an extension's page,
    the tags page): a Markdown link to one is left as written, MkDocs follows it."""
    links: dict[tuple[str, int], Resolution] = {}
    problems: list[Problem] = []
    backlinks: dict[str, list[Mention]] = {}
    missing: dict[str, tuple[str, list[Mention]]] = {}
    for page in pages.values():
        for number, ref in enumerate(page.scan.refs):
            resolution, finding = resolve_ref(ref, page, pages, index, site_made)
            links[(page.path, number)] = resolution
            # A keyword page's text is its glossary note's: problems are reported there.
            if finding is not None and not page.generated:
                problems.append(Problem(page.path, ref.line + 1, finding[0], finding[1]))
            mention = Mention(page.path, page.title, ref.line + 1,
                              page.shown_heading(ref.heading) if ref.heading else None,
                              page.anchor_for(ref.heading) if ref.heading else None)
            if resolution.kind == "page" and resolution.path not in (None, page.path):
                backlinks.setdefault(resolution.path, []).append(mention)
            elif resolution.kind == "missing" and resolution.path and ref.target:
                wanted = missing_name(ref)
                name, mentions = missing.setdefault(resolution.path, (wanted, []))
                if not page.generated:
                    mentions.append(mention)
                if name.islower() and not wanted.islower():
                    # Title the page "Pierce X" rather than "pierce x" when both are written.
                    missing[resolution.path] = (wanted, mentions)
    return Resolved(
        links,
        _counted(problems),
        {path: tuple(found) for path, found in backlinks.items()},
        {key: (name, tuple(found)) for key, (name, found) in missing.items()},
    )


Finding = tuple[Literal["error", "warning", "info"], str]


def _counted(problems: list[Problem]) -> tuple[Problem, ...]:
    """One problem per link; the same link written twice on one line is one line that
    says how many, since `path:line: message` cannot tell the two apart."""
    counts = Counter(problems)
    return tuple(
        problem if counts[problem] == 1
        else replace(problem, message=f"{problem.message} ({counts[problem]} times on this line)")
        for problem in counts
    )


def resolve_ref(
    ref: Ref, page: PageSource, pages: Mapping[str, PageSource], index: LinkIndex,
    site_made: frozenset[str] = frozenset(),
) -> tuple[Resolution, Finding | None]:
    """Where one reference goes, and what to say about it."""
    written = ref_source(ref)
    if ref.kind == "unclosed" or ref.target is None:
        return Resolution("broken", None, None), ("warning", "unclosed [[ (no ]] on this line)")
    target = ref.target
    if ref.kind in ("mdlink", "mdimage"):
        return _markdown_link(ref, page, pages, index, site_made)
    if not target.note:
        return _heading(page, target.heading or "", page.path, written)
    suffix = posixpath.splitext(target.note)[1].lower()
    if ref.kind == "embed" and suffix and suffix != ".md":
        found = index.find_asset(target.note, page.path)
        if found.target is not None:
            kind: ResolutionKind = "image" if suffix in IMAGE_SUFFIXES else "asset"
            return Resolution(kind, found.target.path, None), _tie(written, found)
        return Resolution("broken", None, None), ("warning", f"missing image {written}: no file {target.note!r} in the vault")
    found = index.find_page(target.note, page.path)
    if found.target is not None and found.target.kind == "unpublished":
        return Resolution("unpublished", found.target.path, None), (
            "info", f"{written} is shown as plain text: {found.target.path} has publish: false"
        )
    if found.target is not None:
        if target.heading is None:
            return Resolution("page", found.target.path, None), _tie(written, found)
        resolution, finding = _heading(pages[found.target.path], target.heading, found.target.path, written)
        return resolution, finding or _tie(written, found)
    if suffix and suffix != ".md":
        # [[HitIcon.png]], or an escaped embed \![[HitIcon.png]]: a link to the file itself.
        file = index.find_asset(target.note, page.path)
        if file.target is not None:
            return Resolution("asset", file.target.path, None), _tie(written, file)
        if suffix in ATTACHMENT_SUFFIXES:
            missing_file = f"missing file {written}: no file {target.note!r} in the vault"
            return Resolution("broken", None, None), ("warning", missing_file)
    return (
        Resolution("missing", link_key(target.note), None),
        ("info", f"unresolved link {written}: no note named {target.note!r} yet"),
    )


def _markdown_link(
    ref: Ref, page: PageSource, pages: Mapping[str, PageSource], index: LinkIndex,
    site_made: frozenset[str] = frozenset(),
) -> tuple[Resolution, Finding | None]:
    """A Markdown link's path, relative to the note first, else found like a wikilink's
    name; one that names nothing in the vault is a missing note or file (_markdown_missing)."""
    assert ref.target is not None
    note, heading = ref.target.note, ref.target.heading
    relative = posixpath.normpath(posixpath.join(posixpath.dirname(page.path), note))
    # A path climbing out of the vault or with doubled slashes ("../..//Rules/Map.md") is
    # still looked for from the vault's root, as a name (issue 22).
    rooted = "/".join(part for part in note.split("/") if part not in ("", ".", ".."))
    for name in dict.fromkeys((relative, note, rooted)):
        found = index.find_page(name, page.path)
        if found.target is not None and found.target.kind != "unpublished":
            if heading is None:
                return Resolution("page", found.target.path, None), None
            written = f"]({note}#{heading})"
            return _heading(pages[found.target.path], heading, found.target.path, written)
        file = index.find_asset(name, page.path)
        if file.target is not None:
            suffix = posixpath.splitext(file.target.path)[1].lower()
            kind: ResolutionKind = "image" if suffix in IMAGE_SUFFIXES else "asset"
            return Resolution(kind, file.target.path, None), None
    if relative in site_made or note in site_made:
        return Resolution("broken", None, None), None  # left as written: MkDocs links the page the site makes
    return _markdown_missing(ref, note)


def missing_name(ref: Ref) -> str:
    """The name of the note a link to a missing note asks for: a wikilink's as written, a
    Markdown link's file name without `.md` ("../Rules/Nope%20yet.md" -> "Nope yet")."""
    assert ref.target is not None
    if ref.kind in ("mdlink", "mdimage"):
        return posixpath.basename(ref.target.note).removesuffix(".md") or ref.target.note
    return ref.target.note


def _markdown_missing(ref: Ref, note: str) -> tuple[Resolution, Finding | None]:
    """A Markdown link naming nothing in the vault: a note not written yet when it names a
    note (`Nope.md`, or a name without a file suffix), as an unresolved wikilink is (issue
    22: one behaviour for one mistake); a missing file or image otherwise."""
    suffix = posixpath.splitext(note)[1].lower()
    written = f"]({note})"
    if ref.kind == "mdlink" and suffix in ("", ".md"):
        name = missing_name(ref)
        return Resolution("missing", link_key(name), None), (
            "info", f"unresolved link {written}: no note named {name!r} yet")
    what = "image" if ref.kind == "mdimage" else "file"
    return Resolution("broken", None, None), ("warning", f"missing {what} {written}: no file {note!r} in the vault")


def _heading(
    target: PageSource, heading: str, path: str, written: str
) -> tuple[Resolution, Finding | None]:
    if heading.startswith("^"):
        block = target.find_block(heading)
        if block is None:
            return Resolution("page", path, None), (
                "warning", f"missing block in {written}: {target.path} has no block {heading!r}"
            )
        return Resolution("page", path, f"^{block.id}"), None
    anchor = target.anchor_for(heading)
    if anchor is None:
        return Resolution("page", path, None), (
            "warning", f"missing heading in {written}: {target.path} has no heading {heading!r}"
        )
    return Resolution("page", path, anchor), None


def _tie(written: str, found: Found) -> Finding | None:
    """A warning for a name Obsidian itself resolves by its own file order."""
    if not found.tied or found.target is None:
        return None
    names = ", ".join(candidate.path for candidate in found.tied)
    return ("warning", f"ambiguous link {written}: equally near {names}; "
                       f"it goes to {found.target.path}, as in Obsidian (write the folder to choose)")


def ref_source(ref: Ref) -> str:
    if ref.target is None:
        return "[["
    bang = "!" if ref.kind == "embed" else ""
    inner = ref.target.note + (f"#{ref.target.heading}" if ref.target.heading else "")
    return f"{bang}[[{inner}]]" if not ref.target.alias else f"{bang}[[{inner}|{ref.target.alias}]]"
