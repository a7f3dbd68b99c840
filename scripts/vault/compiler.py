"""The vault compiler: notes in, finished HTML pages and a link index out.

A pure function of its inputs, independent of MkDocs: read -> split glossaries -> parse
and index -> resolve (problems, backlinks, missing notes) -> render each page's HTML from
its tokens -> generated pages. Each page is its meta (YAML front matter: description and
table of contents) followed by its HTML; scripts/site/shell/hook.py hands both to MkDocs.
"""

from __future__ import annotations

import gc
import posixpath

import yaml
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import wraps
from dataclasses import dataclass, field, replace as dataclass_replace
from typing import ParamSpec, TypeVar

from rulesengine.urls import move_pages, page_path
from scripts.site.page_safety import safe_body

from .collisions import separate, url_collisions
from .computed_headings import computed_headings
from .escaping import escape_html, markdown_text
from .config import VaultConfig
from .extension import ExtensionProblem, VaultExtension
from .anchors import unique_anchors
from .generated import BACKLINKS_HEADING, backlinks_html, keyword_index, keyword_list, missing_index, missing_page
from .canvas import default_markdown
from .canvas_site import CanvasSite, canvas_page_path, canvas_title, read_canvases
from .base_site import base_page, base_page_path, base_problems, base_title, read_bases
from .home import choose_home, home_page, links_in
from .indexing import build_vault_index
from .glossary import Definition, keyword_slug, split_glossary
from .keyword_summaries import index_host, keyword_summary, made_summary
from .index import LinkIndex, Target, asset_target, keyword_target, note_target
from .meta import aliases_line, page_meta, with_classes
from .nav import NavItem, build_nav
from .notes import Note, read_note
from .pages import PageSource, keyword_page, note_page
from .problems import Problem
from .render import RenderContext, TocEntry, render_body, render_markdown
from .plugin_results import with_result_links
from .resolve import Mention, Resolved, resolve_all
from .tag_index import tags_index, tags_line
from .vault_index import FileFacts, VaultIndex
from .write_pool import write_pages


A = TypeVar("A")
R = TypeVar("R")


@dataclass(frozen=True)
class CompiledVault:
    pages: dict[str, str]  # real notes: src path -> front matter + HTML
    generated: dict[str, str]  # keyword pages, keyword indexes, missing notes, extensions' pages
    problems: list[Problem]
    link_index: LinkIndex
    backlinks: dict[str, tuple[Mention, ...]]  # page path -> who links to it
    titles: dict[str, str]  # every page path -> title
    nav: list[NavItem]
    unpublished: tuple[str, ...] = ()  # notes with `publish: false`: no page is made for them
    uses: frozenset[str] = frozenset()  # "math", "mermaid": what some page needs in the browser
    home: str = "index.md"  # the page at the site's address: index.md, a root Home/README note, or generated
    # A keyword page cut out of glossaries -> the glossary notes its text comes from.
    cut_from: dict[str, tuple[str, ...]] = field(default_factory=dict)
    vault: VaultIndex = field(default_factory=lambda: VaultIndex({}))  # what plugins evaluated against


_Args = ParamSpec("_Args")
_Made = TypeVar("_Made")


def _index_thawed_after(compile: Callable[_Args, _Made]) -> Callable[_Args, _Made]:
    """The compile freezes (`_freeze_index`) what it has read once the vault's index is made: the
    notes, their tokens and the index, well over a million objects that live until it ends. The
    cyclic collector then stops walking them on every full collection (a 10,000-note vault's
    Dataview page objects set one off, a second's work). Unfrozen when the compile ends, so
    that nothing outlives it."""
    @wraps(compile)
    def run(*args: _Args.args, **kwargs: _Args.kwargs) -> _Made:
        frozen_before = gc.get_freeze_count()
        try:
            return compile(*args, **kwargs)
        finally:
            if not frozen_before:  # a caller's own freeze is its to undo
                gc.unfreeze()
    return run


def _freeze_index() -> None:
    if not gc.get_freeze_count():
        gc.freeze()


@_index_thawed_after
def compile_vault(
    notes: Mapping[str, bytes | str],
    config: VaultConfig,
    extensions: Sequence[VaultExtension] = (),
    assets: Iterable[str] = (),
    image_sizes: Mapping[str, tuple[int, int]] | None = None,
    canvases: Mapping[str, bytes | str] | None = None,
    file_facts: Mapping[str, FileFacts] | None = None,
    bases: Mapping[str, bytes | str] | None = None,
    workers: int = 1,
) -> CompiledVault:
    """Compile every note once; nothing here raises for a bad note, it becomes a Problem.

    `image_sizes` gives images' pixel sizes (asset path -> (width, height)) where known:
    an image without a size in its link is drawn at that size, or at text height if small.
    `canvases`: the vault's `.canvas` files (path -> content): each gets a page and can be embedded.
    `file_facts`: each note's size and times as the file system gives them, for plugins' queries.
    `bases`: the vault's `.base` files (path -> content): each gets a page and can be embedded.
    `workers`: processes that write the notes' pages (write_pool.py); the result is the same.
    """
    problems: list[Problem] = []
    move_pages({})  # the slug rule alone, until this vault's pages are known
    every_note = _read(notes, problems)
    read = [note for note in every_note if note.properties.publish]
    # `publish: false`: no page, but links still know the note, to say why they are text.
    hidden = tuple(note_target(note.path, note.title, note.properties.aliases, published=False)
                   for note in every_note if not note.properties.publish)
    pages: dict[str, PageSource] = {note.path: note_page(note, config) for note in read}
    cut_out = _add_keyword_pages(pages, _keywords(read, config, problems), config, problems)
    moved, sharing = separate(pages)  # notes the slug rule puts at one URL each get their own
    move_pages(moved)
    problems.extend(sharing)
    index = LinkIndex((*_targets(pages), *hidden), tuple(asset_target(a) for a in sorted(assets)))
    site_made = _site_made(pages, config)
    resolved = resolve_all(pages, index, site_made)
    missing_paths = _missing_paths(resolved.missing, config)
    home = choose_home(sorted(pages), config.home) or config.home  # issue 22 (home.py)
    config = dataclass_replace(config, home=home)  # the note served at the site's root
    drawings = CanvasSite(read_canvases(canvases or {}, problems), pages, index, home,  # issue 22 (canvas_site.py)
                          default_markdown(line_breaks=not config.strict_line_breaks))
    sizes = {path: len(content.encode() if isinstance(content, str) else content) for path, content in notes.items()}
    vault = build_vault_index(pages, resolved, sizes, file_facts)  # what plugins evaluate against
    _freeze_index()  # long-lived from here to the end: spared the collector's walks
    base_files = read_bases(bases or {})  # issue 43 (base_site.py)
    named = computed_headings(pages, vault, index, site_made, config)  # `# `=this.name``: anchors from values
    if named:
        pages.update(named)
        resolved = resolve_all(pages, index, site_made)
    resolved = with_result_links(resolved, pages, vault, index, site_made)  # a query's results link
    ctx = RenderContext(pages, resolved, missing_paths, config, tuple(extensions), dict(image_sizes or {}), index,
                        canvas=drawings.html_for, site_made=site_made, vault=vault, bases=base_files)
    lists = {path: keyword_list(path, keywords) for path, keywords in cut_out.items()}
    written, found = write_pages(pages, lambda page, path, problems: _write(page, ctx, lists.get(path, ""), problems),
                                 ctx.extensions, workers)
    extension_titles: dict[str, str] = {}
    extension_pages = _extension_pages(extensions, pages, extension_titles, problems)
    # issue 22: a Markdown link to a page an extension wrote (known only now) is no missing note.
    again = _linking_to(resolved, pages, frozenset(extension_pages))
    if again:
        resolved = resolve_all(pages, index, site_made | frozenset(extension_pages))
        # The missing notes are now fewer; their pages keep the addresses already written.
        ctx = dataclass_replace(ctx, resolved=resolved, site_made=site_made | frozenset(extension_pages))
        for path in again:
            found[path] = []
            written[path] = _write(pages[path], ctx, lists.get(path, ""), found[path])
    problems.extend(resolved.problems)
    problems.extend(problem for path in pages for problem in found[path])
    generated = {path: text for path, text in written.items() if pages[path].generated}
    titles = {path: page.title for path, page in pages.items()}
    made: dict[str, str] = {}  # pages the site writes in Markdown: rendered below
    made.update(_missing_pages(resolved.missing, missing_paths, config, titles))
    made.update(_keyword_indexes(pages, ctx, titles, extension_pages))
    made.update(extension_pages)  # after the missing notes and keyword indexes, as they were written
    for path, title in extension_titles.items():
        titles.setdefault(path, title)
    tag_pages = tags_index(pages, config)  # issue 25: the tags index and a page per tag
    if tag_pages and config.tags_page not in pages:
        made.update({path: text for path, text in tag_pages.items() if path not in pages})
        titles[config.tags_page] = "Tags"  # the tag pages themselves stay out of the navigation
    for path, source in base_files.items():  # issue 43: a page per base, in its folder's navigation
        made[base_page_path(path)] = base_page(path, source)
        titles[base_page_path(path)] = base_title(path)
    problems.extend(base_problems(base_files, vault))
    _home(home, pages, made, titles, resolved, config)  # issue 22: always a home page
    generated.update({path: _finish(path, text, ctx, titles.get(path)) for path, text in made.items()})
    for path in drawings.canvases:
        page, title = canvas_page_path(path), canvas_title(path)
        anchor = ctx.config.slugify(title, ctx.config.separator) or "canvas"
        heading = f'<h1 id="{escape_html(anchor)}">{escape_html(title)}</h1>\n'
        generated[page] = page_meta(None, [TocEntry(1, anchor, title)], title) + heading + drawings.html_for(path, page)
        titles[page] = title
    problems.extend(url_collisions(titles))
    return CompiledVault(
        pages={path: text for path, text in written.items() if not pages[path].generated},
        generated=generated,
        problems=_unique(problems),
        link_index=index,
        backlinks=dict(resolved.backlinks),
        titles=titles,
        nav=build_nav(titles, dataclass_replace(config, home=home)),
        unpublished=tuple(target.path for target in hidden),
        uses=frozenset(use for page in pages.values() for use in page.scan.uses),
        home=home,
        cut_from=_cut_from(cut_out),
        vault=vault,
    )


def _cut_from(cut_out: Mapping[str, list[tuple[str, str]]]) -> dict[str, tuple[str, ...]]:
    """Each keyword page -> the glossary notes that define its keyword, in vault order."""
    sources: dict[str, list[str]] = {}
    for glossary in sorted(cut_out):
        for _keyword, page in cut_out[glossary]:
            if glossary not in sources.setdefault(page, []):
                sources[page].append(glossary)
    return {page: tuple(glossaries) for page, glossaries in sources.items()}


def _site_made(pages: Mapping[str, PageSource], config: VaultConfig) -> frozenset[str]:
    """Pages the compiler makes besides the notes: a Markdown link to one is not to a missing note."""
    games = {page.context.game for page in pages.values() if page.context.game}
    indexes = {posixpath.join(game, config.keyword_folder, "index.md") for game in games}
    return frozenset({*indexes, config.tags_page, posixpath.join(config.missing_folder, "index.md")})


def _linking_to(resolved: Resolved, pages: Mapping[str, PageSource], made: frozenset[str]) -> list[str]:
    """Pages with a Markdown link taken for a missing note that names one of `made`."""
    linking: list[str] = []
    for (path, number), resolution in resolved.links.items():
        ref = pages[path].scan.refs[number]
        if resolution.kind == "missing" and ref.kind == "mdlink" and ref.target is not None:
            relative = posixpath.normpath(posixpath.join(posixpath.dirname(path), ref.target.note))
            if (relative in made or ref.target.note in made) and path not in linking:
                linking.append(path)
    return linking


def _home(home: str, pages: Mapping[str, PageSource], generated: dict[str, str], titles: dict[str, str],
          resolved: Resolved, config: VaultConfig) -> None:
    """A generated home page (home.py) when the vault has no home note."""
    if home in pages:
        return
    notes = [path for path, page in pages.items() if not page.generated]
    missing_index = posixpath.join(config.missing_folder, "index.md")
    generated[config.home] = home_page(titles, notes, links_in(resolved.backlinks),
                                       missing_index if missing_index in generated else None)
    titles[config.home] = "Home"


def _read(notes: Mapping[str, bytes | str], problems: list[Problem]) -> list[Note]:
    read: list[Note] = []
    for path in sorted(notes):
        note = read_note(path, notes[path])
        problems.extend(note.problems)
        read.append(note)
    return read


def _add_keyword_pages(
    pages: dict[str, PageSource], keywords: list[tuple[str, str, list[Definition]]],
    config: VaultConfig, problems: list[Problem],
) -> dict[str, list[tuple[str, str]]]:
    """Add a page per glossary keyword; say which keywords each glossary note gave."""
    cut_out: dict[str, list[tuple[str, str]]] = {}
    existing = {page_path(path) for path in pages}
    for path, keyword, definitions in keywords:
        if page_path(path) in existing:
            first = definitions[0]
            # Someone wrote a fuller note for this keyword on purpose: it is not a mistake.
            problems.append(Problem(first.path, first.line, "info",
                                    f"keyword {keyword!r} has a note of its own at {path}; the note wins"))
            continue
        pages[path] = keyword_page(path, keyword, definitions, config)
        for definition in definitions:
            cut_out.setdefault(definition.path, []).append((keyword, path))
    return cut_out


def _write(page: PageSource, ctx: RenderContext, keyword_list_md: str, problems: list[Problem]) -> str:
    """Body (its footnotes at its end), then what extensions add (HTML), then the
    glossary's keywords, then backlinks."""
    body, found, toc = render_body(page, ctx)
    problems.extend(found)
    additions = [_call(ext.page_addition, page.context, page.path, problems) or "" for ext in ctx.extensions]
    after = [text for text, _ in page.anchors]
    appendix, appendix_toc = "", list[TocEntry]()
    if keyword_list_md:
        appendix, appendix_toc = render_markdown(keyword_list_md, page.path, ctx, page.context, after)
    texts = [*after, *(entry.name for entry in appendix_toc), BACKLINKS_HEADING]
    anchor = unique_anchors(texts, ctx.config.slugify, ctx.config.separator)[-1]
    mentions = ctx.resolved.backlinks.get(page.path, ())
    appendix += "\n" + backlinks_html(page.path, mentions, anchor, ctx.config.home)
    appendix_toc = [*appendix_toc, TocEntry(2, anchor, BACKLINKS_HEADING)]
    # Sanitised on its own, so that a note's unclosed tag cannot take in what the site adds.
    own = with_classes(safe_body(body).strip("\n"), page.properties)
    parts = (own, tags_line(page, ctx.config), aliases_line(page.properties), *additions, appendix)
    meta = page_meta(page.properties, [*toc, *appendix_toc], page.title)
    return meta + "\n".join(part.strip("\n") for part in parts if part)


def _finish(path: str, markdown: str, ctx: RenderContext, title: str | None) -> str:
    """A page the site writes in Markdown (an index, a missing note's page) as HTML; the
    page's own front matter (an extension's `search: exclude`) stays its MkDocs meta."""
    own: dict[str, object] = {}
    if markdown.startswith("---\n"):
        head, end, rest = markdown[4:].partition("\n---\n")
        loaded = yaml.safe_load(head) if end else None
        if isinstance(loaded, dict):
            own, markdown = loaded, rest
    html, toc = render_markdown(markdown, path, ctx)
    return page_meta(None, toc, title, own) + html


def _extension_pages(
    extensions: Sequence[VaultExtension], pages: Mapping[str, PageSource],
    titles: dict[str, str], problems: list[Problem],
) -> dict[str, str]:
    contexts = [page.context for page in pages.values()]
    generated: dict[str, str] = {}
    for extension in extensions:
        for path, text in (_call(extension.generated_pages, contexts, "mkdocs.yml", problems) or {}).items():
            generated[path] = text
            titles.setdefault(path, _first_heading(text) or posixpath.splitext(posixpath.basename(path))[0])
    return generated


def _keywords(
    notes: Sequence[Note], config: VaultConfig, problems: list[Problem]
) -> list[tuple[str, str, list[Definition]]]:
    """One (page path, keyword, definitions) per keyword; differing texts are warned about."""
    by_path: dict[str, tuple[str, list[Definition]]] = {}
    known = {note.path: note for note in notes}
    for glossary in config.glossaries:
        note = known.get(glossary)
        if note is None:
            problems.append(Problem("mkdocs.yml", 1, "warning", f"glossary note {glossary!r} is not in the vault"))
            continue
        definitions, found = split_glossary(note.path, note.text)
        problems.extend(found)
        for definition in definitions:
            folder = note.game or ""
            path = posixpath.join(folder, config.keyword_folder, keyword_slug(definition.keyword) + ".md")
            by_path.setdefault(path, (definition.keyword, []))[1].append(definition)
    for keyword, definitions in by_path.values():
        first = definitions[0]
        for other in definitions[1:]:
            if " ".join(other.text.split()) != " ".join(first.text.split()):
                problems.append(Problem(other.path, other.line, "warning",
                                        f"{keyword} is defined differently in {first.path}:{first.line}"))
    return [(path, keyword, definitions) for path, (keyword, definitions) in by_path.items()]


def _targets(pages: Mapping[str, PageSource]) -> Iterable[Target]:
    for page in pages.values():
        if page.generated:
            yield keyword_target(page.path, page.title, page.aliases)
        else:
            yield note_target(page.path, page.title, page.properties.aliases)


def _missing_paths(missing: Mapping[str, tuple[str, tuple[Mention, ...]]], config: VaultConfig) -> dict[str, str]:
    paths: dict[str, str] = {}
    taken: set[str] = {posixpath.join(config.missing_folder, "index.md")}
    for key, (name, _) in sorted(missing.items()):
        stem = keyword_slug(name) or "note"
        path, number = posixpath.join(config.missing_folder, f"{stem}.md"), 1
        while path in taken:
            number += 1
            path = posixpath.join(config.missing_folder, f"{stem}-{number}.md")
        taken.add(path)
        paths[key] = path
    return paths


def _missing_pages(
    missing: Mapping[str, tuple[str, tuple[Mention, ...]]], paths: Mapping[str, str],
    config: VaultConfig, titles: dict[str, str],
) -> dict[str, str]:
    index_path = posixpath.join(config.missing_folder, "index.md")
    pages = {
        paths[key]: missing_page(paths[key], name, mentions, index_path)
        for key, (name, mentions) in missing.items()
    }
    titles.update({paths[key]: name for key, (name, _) in missing.items()})
    if not missing:
        return pages  # a vault with no link to an unwritten note has no "Missing notes" page
    listing = {paths[key]: (name, len(mentions)) for key, (name, mentions) in missing.items()}
    pages[index_path] = missing_index(index_path, listing)
    titles[index_path] = "Missing notes"
    return pages


def _keyword_indexes(
    pages: Mapping[str, PageSource], ctx: RenderContext, titles: dict[str, str], made: Mapping[str, str]
) -> dict[str, str]:
    """Each game's keyword index: its keyword pages, and the pages extensions made in its
    keyword folder (issue 42: a keyword page per card keyword)."""
    by_game: dict[str, list[PageSource]] = {}
    for page in pages.values():
        if page.context.keyword is not None and page.context.game is not None:
            by_game.setdefault(page.context.game, []).append(page)
    indexes: dict[str, str] = {}
    for game, keyword_pages in by_game.items():
        path = posixpath.join(game, ctx.config.keyword_folder, "index.md")
        if path not in pages:
            host = index_host(path, game)
            rows = [(page.title, page.path, keyword_summary(page, host, ctx)) for page in keyword_pages]
            rows += [(_first_heading(text) or posixpath.splitext(posixpath.basename(other))[0], other, made_summary(text))
                     for other, text in made.items()
                     if posixpath.dirname(other) == posixpath.dirname(path) and other != path and other not in pages]
            indexes[path] = keyword_index(path, ctx.config.games.get(game, game), rows)
            titles[path] = "Keywords"
    return indexes


def _call(function: Callable[[A], R], argument: A, path: str, problems: list[Problem]) -> R | None:
    """Call an extension; its ExtensionProblem becomes a build error, not a traceback."""
    try:
        return function(argument)
    except ExtensionProblem as problem:
        problems.append(Problem(path, 1, "error", str(problem)))
        return None


def _first_heading(markdown: str) -> str | None:
    """The page's title from its leading `# heading`, after any front matter, as the
    heading shows (its Markdown escapes read: the title is plain text)."""
    if markdown.startswith("---\n"):
        _, end, rest = markdown[4:].partition("\n---\n")
        markdown = rest if end else markdown
    first = markdown.lstrip().split("\n", 1)[0]
    return markdown_text(first[2:].strip()) if first.startswith("# ") else None


def _unique(problems: Iterable[Problem]) -> list[Problem]:
    return list(dict.fromkeys(problems))
