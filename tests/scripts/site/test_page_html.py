"""A task's checkbox is named by its item's words (axe's `label` rule)."""

from __future__ import annotations

import markdown

from scripts.site.page_html import finish_page, label_tasks, name_search_dialog


def rendered(text: str, custom: bool = True) -> str:
    return markdown.markdown(text, extensions=["pymdownx.tasklist"], extension_configs={
        "pymdownx.tasklist": {"custom_checkbox": custom}})


def test_each_checkbox_gets_its_items_words() -> None:
    page = label_tasks(rendered("- [ ] Buy a *red* torch\n- [x] Learn \"Vega\" & Deneb\n    - [ ] nested one\n"))
    assert 'aria-label="Buy a red torch"' in page
    assert 'aria-label="Learn &quot;Vega&quot; &amp; Deneb"' in page
    assert 'aria-label="nested one"' in page
    assert page.count("aria-label") == 3


def test_plain_checkboxes_too_and_nothing_else_changes() -> None:
    page = label_tasks(rendered("- [x] done\n", custom=False))
    assert 'aria-label="done"' in page
    assert label_tasks("<p>no tasks</p>") == "<p>no tasks</p>"


def test_a_leftover_markdown_attribute_is_dropped() -> None:
    assert finish_page('<div class="vault-embed" markdown="1">\n<p>x</p>\n</div>') == (
        '<div class="vault-embed">\n<p>x</p>\n</div>'
    )


def test_the_themes_search_dialog_gets_a_name_once() -> None:
    from pathlib import Path

    import material

    partial = (Path(material.__file__).parent / "templates" / "partials" / "search.html").read_text(encoding="utf-8")
    named = name_search_dialog(partial + partial)
    assert named.count('role="dialog" aria-label="Search">') == 1, "the theme's own search partial, named"
