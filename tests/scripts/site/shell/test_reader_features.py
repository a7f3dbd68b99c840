"""Reader features computed at build time: search-friendly HTML, descriptions, note dates
(property, one git log, file time), the local graph and the recent-changes feed."""

from __future__ import annotations

import os
import subprocess
import xml.etree.ElementTree as ElementTree
from datetime import datetime, timezone
from pathlib import Path

from scripts.site.page_html import first_sentence, links_only, search_friendly
from scripts.vault.dates import Updated, note_dates, parse_date, property_date
from scripts.vault.feed import Change, atom_feed, recent, recent_page
from scripts.vault.graph import MAX_NEIGHBOURS, graph_svg, link_graph, neighbours

ICON = '<img alt="hit" class="vault-icon" src="../Pics/HitIcon.png">'
RELATED = '<p><a href="a/">Attack</a>, <a href="d/">Dice</a>, <a href="p/">Pierce X</a> (Weapon<br>\nKeyword)</p>'


def test_a_leading_line_of_links_and_bracketed_icons_are_kept_out_of_search() -> None:
    page = f"<h1>Guardian X</h1>\n{RELATED}\n<p>Cancel up to x hit ({ICON}) results. Then roll.</p>"
    out = search_friendly(page)
    assert '<p class="vault-related" data-search-exclude="true"><a href="a/">' in out
    assert f'<span data-search-exclude="true">({ICON})</span> results' in out
    assert first_sentence(out) == "Cancel up to x hit results. Then roll."


def test_a_paragraph_with_words_between_its_links_is_no_related_line() -> None:
    assert links_only('<a href="a/">A</a>, <a href="b/">B</a> (weapon)')
    assert not links_only('See <a href="a/">A</a> and <a href="b/">B</a>.')
    assert not links_only('<a href="a/">A</a>')
    page = '<p>See <a href="a/">A</a>, <a href="b/">B</a>.</p>'
    assert search_friendly(page) == page


def test_first_sentence_is_cut_at_a_word_and_skips_empty_paragraphs() -> None:
    assert first_sentence("<p></p><p>Short. Another one follows here, long enough to pass sixty letters in all.</p>") == (
        "Short. Another one follows here, long enough to pass sixty letters in all.")
    long = "<p>" + "word " * 100 + "</p>"
    cut = first_sentence(long, limit=50)
    assert cut.endswith("…") and len(cut) <= 51 and "wor…" not in cut
    assert first_sentence("<p>A &lt;b&gt; &amp; c. D.</p>") == "A <b> & c. D."


def test_a_date_property_wins_and_reads_as_utc() -> None:
    assert property_date("---\ntitle: x\nupdated: 2024-07-01\n---\ntext") == datetime(2024, 7, 1, tzinfo=timezone.utc)
    assert property_date("---\ndate: '2024-07-01 10:30:00+02:00'\n---\n") == datetime(2024, 7, 1, 8, 30, tzinfo=timezone.utc)
    assert property_date("---\nmodified: soon\ndate: 2023-01-02\n---\n") == datetime(2023, 1, 2, tzinfo=timezone.utc)
    assert property_date("no front matter\nupdated: 2024-07-01") is None
    assert parse_date("2024-13-45") is None


def _git(folder: Path, *args: str, when: str = "") -> None:
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@e", "GIT_COMMITTER_NAME": "t",
           "GIT_COMMITTER_EMAIL": "t@e", "GIT_COMMITTER_DATE": when, "GIT_AUTHOR_DATE": when}
    subprocess.run(["git", *args], cwd=folder, check=True, capture_output=True, env=env)


def test_dates_come_from_the_property_then_git_then_the_file(tmp_path: Path) -> None:
    vault = tmp_path / "docs"
    (vault / "sub").mkdir(parents=True)
    (vault / "old.md").write_text("old")
    (vault / "sub" / "Änderung.md").write_text("x")
    (vault / "own.md").write_text("---\nupdated: 2020-05-05\n---\n")
    _git(tmp_path, "init", "-q")
    _git(tmp_path, "add", ".")
    _git(tmp_path, "commit", "-qm", "one", when="2021-01-01T00:00:00Z")
    (vault / "sub" / "Änderung.md").write_text("y")
    _git(tmp_path, "commit", "-qam", "two", when="2022-02-02T00:00:00Z")
    (vault / "old.md").write_text("edited, not committed")
    os.utime(vault / "old.md", (1_600_000_000, 1_600_000_000))
    (vault / "new.md").write_text("never committed")
    texts = {p: (vault / p).read_text() for p in ("old.md", "sub/Änderung.md", "own.md", "new.md")}
    dated = note_dates(texts, vault)
    assert dated["own.md"] == Updated(datetime(2020, 5, 5, tzinfo=timezone.utc), "property")
    assert dated["sub/Änderung.md"] == Updated(datetime(2022, 2, 2, tzinfo=timezone.utc), "git")
    assert dated["old.md"] == Updated(datetime.fromtimestamp(1_600_000_000, timezone.utc), "file")
    assert dated["new.md"].source == "file"


def test_outside_a_repository_dates_are_the_files(tmp_path: Path) -> None:
    (tmp_path / "a.md").write_text("a")
    assert note_dates({"a.md": "a"}, tmp_path)["a.md"].source == "file"


def test_the_local_graph_keeps_the_most_linked_neighbours_and_their_directions() -> None:
    backlinks = {"hub.md": [f"n{i}.md" for i in range(40)] + ["out.md"], "out.md": ["hub.md"], "n1.md": ["n2.md", "n3.md"]}
    outgoing, incoming = link_graph(backlinks)
    titles = {p: p[:-3] for p in {"hub.md", "out.md", *(f"n{i}.md" for i in range(40))}}
    around, left_out = neighbours("hub.md", outgoing, incoming, titles)
    assert len(around) == MAX_NEIGHBOURS and left_out == 41 - MAX_NEIGHBOURS
    by_path = {n.path: n.direction for n in around}
    assert by_path["out.md"] == "both"  # both ways ranks first
    assert "n1.md" in by_path  # then the most linked
    svg = graph_svg("hub", around, left_out, lambda p: "../" + p[:-3] + "/")
    assert svg.count("<a xlink:href=") == MAX_NEIGHBOURS and f"and {left_out} more pages" in svg
    ElementTree.fromstring(svg.split("<p ", 1)[0].replace("xlink:href", "href"))  # well-formed
    assert graph_svg("lonely", [], 0, str) == ""


def test_a_title_is_escaped_in_the_graph() -> None:
    outgoing, incoming = link_graph({"b.md": ["a.md"]})
    around, _ = neighbours("a.md", outgoing, incoming, {"a.md": "A", "b.md": "<script>&"})
    svg = graph_svg("<A>", around, 0, lambda p: p)
    assert "<script>" not in svg and "&lt;script&gt;&amp;" in svg and "&lt;A&gt;" in svg


def test_recent_changes_newest_first_and_a_valid_atom_feed() -> None:
    dates = {f"n{i}.md": Updated(datetime(2024, 1, 1 + i, tzinfo=timezone.utc), "git") for i in range(5)}
    titles = {p: f"Note <{p}> & co" for p in dates}
    changes = recent(dates, titles, {"n4.md": "Says <what>."}, limit=3)
    assert [c.path for c in changes] == ["n4.md", "n3.md", "n2.md"]
    page = recent_page(changes)
    assert page.startswith('<h1 id="recent-changes">Recent changes</h1>') and "Note &lt;n4.md&gt; &amp; co" in page
    assert 'href="../n4/"' in page  # relative to recent-changes/
    feed = atom_feed(changes, "Site & co", "http://x/", datetime.now(timezone.utc))
    root = ElementTree.fromstring(feed)
    ns = {"a": "http://www.w3.org/2005/Atom"}
    entries = root.findall("a:entry", ns)
    assert [e.findtext("a:title", namespaces=ns) for e in entries][0] == "Note <n4.md> & co"
    assert entries[0].find("a:link", ns).get("href") == "n4/"  # type: ignore[union-attr]
    assert entries[0].findtext("a:summary", namespaces=ns) == "Says <what>."
    assert root.findtext("a:updated", namespaces=ns) == "2024-01-05T00:00:00+00:00"
    assert recent({}, {}, {}) == [] and Change  # no dates: no entries

