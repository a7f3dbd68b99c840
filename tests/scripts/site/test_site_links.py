"""The built site's own link check (scripts/site/site_links.py)."""

from __future__ import annotations

from pathlib import Path

from scripts.site.site_links import BrokenLink, broken_links, written_in_notes


def _page(site: Path, path: str, body: str) -> None:
    (site / path).parent.mkdir(parents=True, exist_ok=True)
    (site / path).write_text(f"<html><body>{body}</body></html>", encoding="utf-8")


def test_a_relative_link_to_nothing_is_found_and_everything_else_is_not(tmp_path: Path) -> None:
    _page(tmp_path, "index.html", '<a href="a/">A</a> <a href="a/#x">A</a> <a href="https://e.org/">web</a>'
                                  ' <a href="#top">top</a> <img src="pics/p.png" alt="p"> <a href="gone/">gone</a>')
    _page(tmp_path, "a/index.html", '<a href="../">home</a> <a href="../../out/">out</a> <a href="b%20c.pdf">b</a>')
    (tmp_path / "pics").mkdir()
    (tmp_path / "pics" / "p.png").write_bytes(b"png")
    (tmp_path / "a" / "b c.pdf").write_bytes(b"pdf")
    assert broken_links(tmp_path) == [BrokenLink("a/index.html", "../../out/"), BrokenLink("index.html", "gone/")]


def test_an_address_a_note_writes_so_is_the_vaults_problem() -> None:
    link = BrokenLink("a/index.html", "maps/world.pdf")
    assert written_in_notes(link, ["See [the map](maps/world.pdf)."])
    assert not written_in_notes(link, ["See [[world.pdf]]."])
