"""Build the site for publishing: `SITE_URL=https://example.org/rules/ bash scripts/publish.sh`.

The address comes from the environment, because canonical links, the sitemap and the
theme's instant navigation are written for it; a build for publishing without one is
refused rather than left pointing at 127.0.0.1. The vault is docs/, or the folder given
(`--vault`, scripts/site/shell/site_config.py). What Obsidian accepts never stops the build: the
vault's own problems (missing notes, headings and blocks, ambiguous names, missing files)
are listed as path:line and the site is built. The project's own promises do stop it: an
error from the compiler or an extension (a worked example that disagrees with the engine),
and any warning that is not about the vault's text (a link the site itself broke, a page
missing from the navigation it wrote). `--strict` makes every warning stop it. Then every
large text or WebAssembly file gets precompressed copies beside it (`.gz`, and `.br` with
brotli), which a static host can send as they are (README, "Publish").
"""

from __future__ import annotations

import argparse
import logging
import os
import re
import sys
from collections.abc import Mapping
from pathlib import Path
from urllib.parse import unquote, urlsplit

from scripts.site.precompress import precompress
from scripts.site.shell.site_config import VaultFolderError, config_for, vault_folder
from scripts.site.site_links import broken_links, written_in_notes
from scripts.vault.left_out import is_left_out, template_folders

ROOT = Path(__file__).resolve().parents[3]


class PublishError(Exception):
    """What stops a publishing build, in words for the person running it."""


def site_url_from(env: Mapping[str, str]) -> str:
    """The address the site will be served from, from SITE_URL, ending in `/`."""
    given = env.get("SITE_URL", "").strip()
    if not given:
        raise PublishError(
            "SITE_URL is not set: give the address the site will be served from, for example\n"
            "  SITE_URL=https://example.org/rules/ bash scripts/publish.sh\n"
            "(canonical links, the sitemap and instant navigation are written for it)"
        )
    parts = urlsplit(given)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise PublishError(f"SITE_URL must be an http:// or https:// address, got {given!r}")
    return given if given.endswith("/") else given + "/"


# MkDocs' own words for a link it cannot follow (mkdocs/structure/pages.py).
_LINK_WARNING = re.compile(r"Doc file '(?P<page>[^']+)' contains (?:a link|an absolute link|an unrecognized relative link|a link to) '(?P<link>[^']+)'")


_README_DROPPED = re.compile(r"Excluding '(?:[^']*/)?README\.md' from the site because it conflicts with '(?:[^']*/)?index\.md'")


class SiteWarnings(logging.Handler):
    """Every warning MkDocs and the plugins log while building, sorted into the vault's own
    (the vault hook's path:line lines, and a link written so in the note) and the site's."""

    def __init__(self, docs_dir: Path) -> None:
        super().__init__(logging.WARNING)
        self.docs_dir = docs_dir
        self.vault: list[str] = []
        self.site: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        message = record.getMessage()
        if record.name.endswith("plugins.vault"):
            self.vault.append(message)
        elif _README_DROPPED.match(message):
            pass  # the hook puts that README.md back as a note (scripts/site/shell/hook.py: restore_readmes)
        elif (where := self._written_in_note(message)) is not None:
            self.vault.append(where)
        else:
            self.site.append(message)

    def _written_in_note(self, message: str) -> str | None:
        """`path:line: message` when the link MkDocs warns about is written in the note
        itself (the vault's mistake, as Obsidian would show it), else None."""
        found = _LINK_WARNING.search(message)
        if found is None:
            return None
        page, link = found.group("page"), found.group("link")
        try:
            lines = (self.docs_dir / page).read_text(encoding="utf-8", errors="replace").split("\n")
        except OSError:
            return None
        for number, line in enumerate(lines, 1):
            if f"({link}" in line or f"<{link}>" in line or f"({unquote(link)}" in line:
                return f"{page}:{number}: link to {unquote(link)!r}: no such file in the vault"
        return None


def _printed() -> logging.Handler:
    """What the person publishing reads: every warning and error, and the vault's own
    path:line lines (missing notes are info); not MkDocs' progress chatter."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(levelname)-7s -  %(message)s"))
    handler.addFilter(lambda record: (record.levelno >= logging.WARNING or record.name.endswith("plugins.vault"))
                      and not _README_DROPPED.match(record.getMessage()))
    return handler


def build(config: Path, out: Path, site_url: str, strict: bool = False) -> SiteWarnings:
    """Build the site; raise PublishError for what stops publishing (see the module's text)."""
    from mkdocs.commands.build import build as mkdocs_build
    from mkdocs.config import load_config
    from mkdocs.exceptions import Abort, PluginError

    logger = logging.getLogger("mkdocs")
    shown = _printed()
    logger.addHandler(shown)
    logger.setLevel(min(logger.getEffectiveLevel(), logging.INFO))
    try:
        loaded = load_config(config_file=str(config), site_dir=str(out), site_url=site_url, strict=strict)
        warnings = SiteWarnings(Path(loaded.docs_dir))
        logger.addHandler(warnings)
        try:
            mkdocs_build(loaded)
        except (Abort, PluginError) as stopped:
            raise PublishError(f"stopped, not published ({stopped}): see the error(s) above") from None
        finally:
            logger.removeHandler(warnings)
    finally:
        logger.removeHandler(shown)
    broken = broken_links(out)
    notes = published_notes(Path(loaded.docs_dir)) if broken else []
    for link in broken:
        if written_in_notes(link, notes):
            warnings.vault.append(str(link))
            print(f"WARNING -  {link} (written so in a note)", file=sys.stderr)
        else:
            warnings.site.append(str(link))
    if warnings.site:
        listed = "\n".join(f"  {message}" for message in warnings.site)
        raise PublishError(f"the site itself has {len(warnings.site)} problem(s), not the vault:\n{listed}")
    return warnings


def published_notes(docs: Path) -> list[str]:
    """The text of every note the site is built from: not those it leaves out (dot-folders,
    templates folders: scripts/vault/left_out.py), whose links no page can carry."""
    folders = template_folders(docs)
    return [note.read_text(encoding="utf-8", errors="replace") for note in sorted(docs.rglob("*.md"))
            if not is_left_out(note.relative_to(docs).as_posix(), folders)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--vault", type=Path, default=None,
                        help="the folder Obsidian opens as the vault (default: docs/)")
    parser.add_argument("--config", type=Path, default=None, help="an mkdocs.yml to use instead")
    parser.add_argument("--out", type=Path, default=ROOT / "site")
    parser.add_argument("--strict", action="store_true", help="the vault's own problems stop the build too")
    args = parser.parse_args(argv)
    try:
        site_url = site_url_from(os.environ)
        config = args.config or config_for(vault_folder(args.vault))
    except (PublishError, VaultFolderError) as error:
        print(f"publish: {error}", file=sys.stderr)
        return 2
    try:
        warnings = build(config, args.out.resolve(), site_url, strict=args.strict)
    except PublishError as error:
        print(f"publish: {error}", file=sys.stderr)
        return 1
    if warnings.vault:
        print(f"publish: the vault has {len(warnings.vault)} warning(s), each listed above as path:line; "
              "the site is built anyway (--strict stops at them)")
    copies = precompress(args.out, cache=ROOT / ".cache" / "precompressed")
    raw = sum(c.size for c in copies)
    sent = sum(min(c.size, c.brotli_size or c.size, c.gzip_size or c.size) for c in copies)
    print(f"publish: {args.out} is ready for {site_url}; {len(copies)} files precompressed, "
          f"{raw / 2**20:.1f} MiB -> {sent / 2**20:.1f} MiB as sent with brotli or gzip")
    return 0


if __name__ == "__main__":
    sys.exit(main())
