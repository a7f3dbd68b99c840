"""Which browser libraries a build serves (scripts/site/libraries.py), without MkDocs."""

from __future__ import annotations

from pathlib import Path

import pytest

from scripts.site.libraries import LIBRARIES, VENDOR, LibraryMissing, library_files, used_libraries


def test_only_the_uses_that_need_a_library_get_one_in_a_fixed_order() -> None:
    assert [use for use, _ in used_libraries({"mermaid", "math", "tables"})] == ["math", "mermaid"]
    assert used_libraries(()) == []


def test_each_file_is_served_under_the_vendor_folder(tmp_path: Path) -> None:
    dist = tmp_path / "katex" / "dist"
    (dist / "fonts").mkdir(parents=True)
    for name in ("katex.min.js", "katex.min.css", "fonts/a.woff2", "fonts/skip.otf"):
        (dist / name).write_text("x")
    placed = dict(library_files("math", LIBRARIES["math"], tmp_path))
    assert placed == {
        f"{VENDOR}/katex/katex.min.js": dist / "katex.min.js",
        f"{VENDOR}/katex/katex.min.css": dist / "katex.min.css",
        f"{VENDOR}/katex/fonts/a.woff2": dist / "fonts" / "a.woff2",
    }


def test_a_missing_library_names_the_package_the_use_and_the_fix(tmp_path: Path) -> None:
    with pytest.raises(LibraryMissing, match=r"mermaid not found in .* \(needed for mermaid\): run scripts/setup.sh"):
        list(library_files("mermaid", LIBRARIES["mermaid"], tmp_path))
