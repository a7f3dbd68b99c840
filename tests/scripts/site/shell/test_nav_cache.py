"""The navigation rendered once per folder (scripts/site/shell/nav_cache.py) writes the same
site as the theme rendering it for every page: a generated vault with grouped folders, a
folder index page, root notes, tags and missing notes is built both ways, with the
repository's settings (navigation.sections, .indexes, .prune), and every page compared."""

from __future__ import annotations

import json
from pathlib import Path

from scripts.bench.gen_vault import generate
from scripts.site.shell.site_config import config_for
from tests.scripts.vault.test_site_build import mkdocs_build


def pages_of(site: Path) -> dict[str, str]:
    return {p.relative_to(site).as_posix(): p.read_text(encoding="utf-8") for p in sorted(site.rglob("*.html"))}


def test_reused_navigation_writes_what_the_theme_writes_for_each_page(tmp_path: Path) -> None:
    generate(tmp_path, 220)
    docs = tmp_path / "vault" / "docs"
    (docs / "alpha" / "index.md").write_text("# Alpha\n\nThe alpha rules: [[Rule 0002]].\n", encoding="utf-8")
    (docs / "Root note.md").write_text("A note at the root, beside [[Rule 0001]].\n", encoding="utf-8")
    reused = config_for(docs, tmp_path / "configs")
    full = tmp_path / "configs" / "full.yml"
    full.write_text(f"INHERIT: {json.dumps(str(reused))}\nextra: {json.dumps({'vault': {'reuse_nav': False}})}\n",
                    encoding="utf-8")
    for config, site in ((reused, tmp_path / "reused"), (full, tmp_path / "full")):
        run = mkdocs_build(config, site, strict=False)
        assert run.returncode == 0, run.stderr[-3000:]
    reused_pages, full_pages = pages_of(tmp_path / "reused"), pages_of(tmp_path / "full")
    assert len(reused_pages) > 230 and reused_pages.keys() == full_pages.keys()
    for path, page in full_pages.items():
        assert reused_pages[path] == page, path
    page = reused_pages["alpha/rule-0002/index.html"]
    nav = page[page.index('<nav class="md-nav md-nav--primary"'): page.index("md-sidebar--secondary")]
    nav = nav[: nav.rindex("</nav>")]
    assert nav.count("md-nav__link--active") == 2 and 'href="./" class="md-nav__link md-nav__link--active"' in nav
    assert "\n\n" not in nav and "  " not in nav  # the template's indentation is gone
