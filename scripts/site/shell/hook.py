"""MkDocs glue for the vault compiler (listed under `hooks:` in mkdocs.yml).

All the work is in scripts/vault, which knows nothing of MkDocs. Here: read the notes
MkDocs found, compile them once per build (each page's finished HTML and table of contents),
hand MkDocs those pages, the generated ones and the navigation, put every page at its slug
URL (rulesengine.urls: "legion/keywords/Guardian X.md" -> "legion/keywords/guardian-x/"),
and turn problems into log lines (warnings fail `--strict`) or one build error that names
every bad note by path and line.

MkDocs' Markdown engine (Python-Markdown) reads nothing: `on_page_markdown` takes the
compiled HTML and gives Python-Markdown an empty text; `on_page_content` returns the HTML
and sets the page's table of contents from its meta, so the theme, its search index and
its navigation see an ordinary page.
"""

from __future__ import annotations

import hashlib
import importlib
import inspect
import json
import os
import sys
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, cast

ROOT = Path(__file__).resolve().parents[3]


def _on_path() -> None:
    # MkDocs imports hooks by file path and restores sys.path afterwards, so the repo root
    # is put back whenever we import from it (the compiler now, extensions at build time).
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))


_on_path()

import imagesize  # noqa: E402
from mkdocs.config.defaults import MkDocsConfig  # noqa: E402
from mkdocs.exceptions import PluginError  # noqa: E402
from mkdocs.plugins import get_plugin_logger  # noqa: E402
from mkdocs.structure.files import File, Files, InclusionLevel, set_exclusions  # noqa: E402
from mkdocs.structure.pages import Page  # noqa: E402
from mkdocs.structure.toc import get_toc  # noqa: E402

from rulesengine.urls import page_file  # noqa: E402
from scripts.site.shell import live_build, nav_cache, reader_features  # noqa: E402
from scripts.site.page_html import finish_page, name_search_dialog  # noqa: E402
from scripts.site.page_policy import allowing_added_scripts, with_script_hashes  # noqa: E402
from scripts.site.page_safety import safe_body  # noqa: E402
from scripts.site.search_shards import write_search_shards  # noqa: E402
from scripts.site.shell.site_libraries import add_libraries  # noqa: E402
from scripts.vault import VaultConfig, VaultExtension, compile_vault  # noqa: E402
from scripts.vault.anchors import slugify as default_slugify  # noqa: E402
from scripts.vault.left_out import is_left_out, template_folders  # noqa: E402
from scripts.vault.meta import TOC_KEY  # noqa: E402
from scripts.vault.obsidian_settings import read_settings  # noqa: E402
from scripts.vault.resolve import IMAGE_SUFFIXES  # noqa: E402
from scripts.vault.vault_index import FileFacts  # noqa: E402

log = get_plugin_logger("vault")


def vault_config(config: MkDocsConfig) -> VaultConfig:
    """The compiler's settings from `extra.vault` and the toc's slugify."""
    settings = config.extra.get("vault") or {}
    if not isinstance(settings, dict):
        raise PluginError("mkdocs.yml: extra.vault must be a mapping")
    toc = config.mdx_configs.get("toc", {})
    return VaultConfig(
        glossaries=tuple(_strings(settings, "glossaries")),
        image_alt=_mapping(settings, "image_alt"),
        games=_mapping(settings, "games"),
        slugify=toc.get("slugify", default_slugify),
        separator=toc.get("separator", "-"),
        embed_depth=int(settings.get("embed_depth", 3)),
        # The vault's own Obsidian settings (.obsidian/app.json), read from its folder, never written.
        strict_line_breaks=read_settings(config.docs_dir)[0].strict_line_breaks,
    )


def _strings(settings: dict[str, Any], key: str) -> list[str]:
    value = settings.get(key) or []
    if isinstance(value, str) or not all(isinstance(item, str) for item in value):
        raise PluginError(f"mkdocs.yml: extra.vault.{key} must be a list of strings, got {value!r}")
    return list(value)


def _mapping(settings: dict[str, Any], key: str) -> dict[str, str]:
    value = settings.get(key) or {}
    if not isinstance(value, dict):
        raise PluginError(f"mkdocs.yml: extra.vault.{key} must be a mapping, got {value!r}")
    return {str(name): str(text) for name, text in value.items()}


# What a vault gets without configuration: calculators wherever a note asks for one.
DEFAULT_EXTENSIONS = ("scripts.calculators.extension:CalculatorExtension",)


def load_extensions(config: MkDocsConfig) -> list[VaultExtension]:
    """Instantiate each "pkg.module:Factory" listed in `extra.vault.extensions` (the
    defaults when the list is not given; `[]` for none); a factory with a `games`
    parameter is given `extra.vault.games`."""
    _on_path()
    loaded: list[VaultExtension] = []
    settings = config.extra.get("vault") or {}
    specs = _strings(settings, "extensions") if "extensions" in settings else list(DEFAULT_EXTENSIONS)
    for spec in specs:
        module_name, _, factory_name = str(spec).partition(":")
        try:
            factory = getattr(importlib.import_module(module_name), factory_name)
        except (ImportError, AttributeError) as missing:
            raise PluginError(f"mkdocs.yml: vault extension {spec!r} cannot be loaded: {missing}") from None
        # An extension that asks for the vault's games (the unit pages) gets them.
        wants_games = "games" in inspect.signature(factory).parameters
        loaded.append(factory(games=_mapping(settings, "games")) if wants_games else factory())
    return loaded


THEME = ROOT / "scripts" / "theme"
VAULT_STYLE = "assets/vault.css"


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    """The site's own templates, style sheets and scripts live in scripts/theme, ahead of
    the theme's own files: they come with the build, not from the vault, so any vault
    folder can be docs_dir and any copy of mkdocs.yml that lists this hook gets them."""
    if str(THEME) not in config.theme.dirs:
        config.theme.dirs.insert(0, str(THEME))
    style = THEME / VAULT_STYLE
    version = hashlib.sha256(style.read_bytes()).hexdigest()[:12]
    if not any(str(s).startswith(VAULT_STYLE) for s in config.extra_css):
        config.extra_css.append(f"{VAULT_STYLE}?v={version}")
    return config


def restore_readmes(files: Files, config: MkDocsConfig) -> None:
    """MkDocs drops a README.md that shares a folder with index.md (both would be that
    folder's page); in a vault it is a note like any other, at its own slug URL (issue 22)."""
    docs = Path(config.docs_dir)
    for readme in sorted(docs.rglob("README.md")):
        src = readme.relative_to(docs).as_posix()
        if (readme.parent / "index.md").is_file() and files.get_file_from_path(src) is None \
                and not any(part.startswith(".") for part in Path(src).parts):
            files.append(File(src, config.docs_dir, config.site_dir, config.use_directory_urls))


def file_facts(path: str | None, size: int) -> FileFacts:
    """A note's size and its file's times (what Dataview's `file.ctime`/`file.mtime` read);
    the birth time where the file system keeps one, else the last change of its inode."""
    if not path:
        return FileFacts(size)
    stat = os.stat(path)
    born = getattr(stat, "st_birthtime", stat.st_ctime)
    return FileFacts(size, datetime.fromtimestamp(born, timezone.utc), datetime.fromtimestamp(stat.st_mtime, timezone.utc))


def leave_out(files: Files, config: MkDocsConfig) -> None:
    """Mark what the site leaves out (scripts/vault/left_out.py: dot-folders, templates
    folders) as MkDocs marks what it excludes, so nothing of it is compiled, listed or copied."""
    set_exclusions(files, config)  # README.md files put back above have no inclusion yet
    folders = template_folders(config.docs_dir)
    docs = os.path.normpath(config.docs_dir)
    for file in files:
        in_vault = file.src_dir is not None and os.path.normpath(file.src_dir) == docs  # not the theme's
        if in_vault and not file.generated_by and is_left_out(file.src_uri, folders):
            file.inclusion = InclusionLevel.EXCLUDED


def excluded(file: File) -> bool:
    """MkDocs' InclusionLevel.is_excluded (untyped there): not part of the built site."""
    return file.inclusion in (InclusionLevel.EXCLUDED, InclusionLevel.DRAFT)


def on_files(files: Files, config: MkDocsConfig) -> Files:
    restore_readmes(files, config)
    leave_out(files, config)
    notes: dict[str, bytes | str] = {}
    canvases: dict[str, bytes | str] = {}
    bases: dict[str, bytes | str] = {}
    assets: list[str] = []
    unreadable: list[str] = []
    facts: dict[str, FileFacts] = {}
    for file in files:
        if excluded(file):
            continue
        if file.is_documentation_page():
            try:
                notes[file.src_uri] = file.content_bytes
                facts[file.src_uri] = file_facts(file.abs_src_path, len(notes[file.src_uri]))
            except OSError as error:
                unreadable.append(f"{file.src_uri}:1: the note cannot be read ({error.strerror})")
        else:
            assets.append(file.src_uri)
            if file.src_uri.endswith(".canvas") and file.abs_src_path:  # issue 22: canvases get pages
                canvases[file.src_uri] = Path(file.abs_src_path).read_bytes()
            if file.src_uri.endswith(".base") and file.abs_src_path:  # issue 43: bases get pages
                bases[file.src_uri] = Path(file.abs_src_path).read_bytes()
    # Pages are written on every core (scripts/vault/write_pool.py), except under `mkdocs serve`,
    # whose server threads a forked process must not inherit.
    workers = 1 if live_build.SESSION.serving else os.cpu_count() or 1
    compiled = compile_vault(notes, vault_config(config), load_extensions(config), assets, image_sizes(files),
                             canvases=canvases, file_facts=facts, bases=bases, workers=workers)
    problems = sorted(compiled.problems, key=lambda problem: (problem.path, problem.line))
    errors = unreadable + [str(p) for p in problems if p.severity == "error"]
    for problem in problems:
        if problem.severity == "warning":
            log.warning(str(problem))
        elif problem.severity == "info":
            log.info(str(problem))
    for message in errors:
        log.error(message)
    if errors:
        raise PluginError(f"the vault has {len(errors)} error(s), each listed above as path:line")
    for path in compiled.unpublished:
        unpublished = files.get_file_from_path(path)
        if unpublished is not None:
            files.remove(unpublished)
    for file in files.documentation_pages():
        if file.src_uri in compiled.pages:
            source = file.abs_src_path
            file.content_string = compiled.pages[file.src_uri]
            # The setter forgets the note's file; plugins that read dates or edit links need it.
            file.abs_src_path = source
    for path, markdown in compiled.generated.items():
        existing = files.get_file_from_path(path)
        if existing is not None:
            files.remove(existing)
        files.append(File.generated(config, path, content=markdown))
    # Issue 25: dates, link graph, build reports, the recent-changes page (scripts/site/shell/reader_features.py).
    reader_features.add_pages(files, config, notes, compiled, vault_config(config).keyword_folder)
    add_libraries(compiled.uses, files, config)
    place_pages(files, compiled.home)
    if not config.nav:
        config.nav = compiled.nav
    live_build.keep_unchanged(files, {**compiled.pages, **compiled.generated}, config)
    return files


def on_env(env: Any, config: MkDocsConfig, files: Files) -> Any:
    """The navigation is rendered once per folder (scripts/site/shell/nav_cache.py), unless
    `extra.vault.reuse_nav` is false. The `versioned` filter gives the site's own scripts
    (main.html) their content's hash."""
    settings = config.extra.get("vault") or {}
    nav_cache.install(env, reuse=settings.get("reuse_nav", True) is not False)
    env.filters["versioned"] = versioned_filter()
    return env


def versioned_filter() -> Any:
    """`'assets/site.js' | versioned` -> "assets/site.js?v=<hash>": the address names the
    file's content (one hash per file and build), so the service worker (sw.js) answers it
    from its cache, as it does the theme's hashed bundle: a new tab or the next visit reads
    the site's scripts without a round trip, where each one waited for the network before
    the theme's bundle (deferred behind them) could run."""
    hashes: dict[str, str] = {}

    def versioned(path: str) -> str:
        if path not in hashes:
            hashes[path] = hashlib.sha256((THEME / path).read_bytes()).hexdigest()[:12]
        return f"{path}?v={hashes[path]}"

    return versioned


def on_startup(command: str, dirty: bool) -> None:
    live_build.start(command, dirty)


def on_post_build(config: MkDocsConfig) -> None:
    live_build.finish(config)
    reader_features.write_files(config)  # issue 25: the Atom feed
    # Issue 45: search fetches only what a query needs; the live preview uses the whole index.
    write_search_shards(Path(config.site_dir), sharded=not live_build.SESSION.dirty)


# The compiled HTML of each page of the build under way, from on_page_markdown to
# on_page_content (MkDocs renders one page between the two).
_COMPILED_HTML: dict[str, str] = {}


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """The page's text is the compiler's HTML: kept for on_page_content, and Python-Markdown
    is given nothing to read."""
    _COMPILED_HTML[page.file.src_uri] = markdown
    return ""


def on_page_content(html: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    compiled = _COMPILED_HTML.pop(page.file.src_uri, html)
    entries = page.meta.get(TOC_KEY) or []
    page.toc = get_toc(cast(Any, nested_toc(entries)))
    # Raw HTML from a note is kept as Obsidian keeps it, without what would run.
    # Issue 25: description, "Last updated", local graph, search tweaks (scripts/site/shell/reader_features.py).
    return reader_features.page_content(finish_page(safe_body(compiled)), page, config)


def nested_toc(entries: list[list[Any]]) -> list[dict[str, Any]]:
    """[[level, id, name], ...] in page order as MkDocs' toc tokens: each heading under the
    nearest one above it of a higher level."""
    roots: list[dict[str, Any]] = []
    open_: list[dict[str, Any]] = []
    for level, anchor, name in entries:
        item: dict[str, Any] = {"level": int(level), "id": str(anchor), "name": html_text(str(name)), "children": []}
        while open_ and open_[-1]["level"] >= item["level"]:
            open_.pop()
        (open_[-1]["children"] if open_ else roots).append(item)
        open_.append(item)
    return roots


def html_text(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def on_page_context(context: dict[str, Any], page: Page, config: MkDocsConfig, nav: Any) -> dict[str, Any]:
    """Issue 25: breadcrumbs for a page the navigation does not hold (a tag's page, a
    missing note), from the folders above it (partials/path.html)."""
    context["vault_crumbs"] = [] if page.ancestors else reader_features.crumbs(page.file.src_uri)
    return context


def on_post_page(output: str, page: Page, config: MkDocsConfig) -> str:
    # The page's Content-Security-Policy lists the hashes of the theme's inline scripts,
    # never of one inside the note's own content.
    output = reader_features.post_page(output, page)  # issue 25: local graph, "Last updated"
    output = with_script_hashes(name_search_dialog(output), page.content or "")
    # The page is written next and nothing reads its HTML again (the search plugin has
    # indexed it, the anchors are checked from their own list): MkDocs would keep every
    # page's HTML and the note's compiled HTML to the end of the build (issue 45: memory).
    page.content = None
    if page.file.generated_by is None:  # a generated page's File holds the Markdown it comes from
        page.file._content = ""
    return output


def on_post_template(output_content: str, template_name: str, config: MkDocsConfig) -> str:
    return with_script_hashes(name_search_dialog(output_content))  # 404.html


def on_serve(server: Any, config: MkDocsConfig, builder: Any) -> Any:
    """`mkdocs serve` adds an inline live-reload script to every page it sends (a new one
    each time); the page's policy is widened by that script's hash, or the preview would
    never reload. MkDocs offers no public way in: if its private method is gone, pages
    are served as built (and the reader reloads by hand)."""
    inject = getattr(server, "_inject_js_into_html", None)
    if callable(inject):

        def inject_allowed(content: bytes, epoch: int) -> bytes:
            sent: bytes = inject(content, epoch)
            page = allowing_added_scripts(content.decode("utf-8", "replace"), sent.decode("utf-8", "replace"))
            return page.encode("utf-8")

        server._inject_js_into_html = inject_allowed
    return server


def image_sizes(files: Files) -> dict[str, tuple[int, int]]:
    """Each image's pixel size, read from the file's header (imagesize): the compiler
    draws small ones at text height and the others at their own size."""
    sizes: dict[str, tuple[int, int]] = {}
    for file in files:
        if file.is_documentation_page() or not file.abs_src_path or excluded(file):
            continue
        if Path(file.src_uri).suffix.lower() in IMAGE_SUFFIXES:
            width, height = imagesize.get(file.abs_src_path)
            if width > 0 and height > 0:
                sizes[file.src_uri] = (int(width), int(height))
    return sizes


def place_pages(files: Files, home: str = "index.md") -> None:
    """Write every page, note or generated, at its slug URL; assets keep their paths.

    MkDocs resolves `.md` links through these File objects, so links between pages follow.
    The compiler already reports two notes sharing a URL; this check is for pages it did
    not make.
    """
    placed: dict[str, str] = {}
    for file in files.documentation_pages():
        # The home note (index.md, or a root Home/README note: scripts/vault/home.py) is the site's address.
        dest = "index.html" if file.src_uri == home else page_file(file.src_uri)
        first = placed.setdefault(dest, file.src_uri)
        if first != file.src_uri:
            raise PluginError(f"{first} and {file.src_uri} would both be written to {dest}: rename one of them")
        file.dest_uri = dest
        # url and abs_dest_path are cached from the old dest_uri once read; drop them so
        # they are worked out again from the new one.
        for derived in ("url", "abs_dest_path"):
            vars(file).pop(derived, None)
