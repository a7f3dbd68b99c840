"""The search shards (scripts/site/search_shards.py) hold the theme's lunr index whole:
every weight, every term, every document, each where the manifest says."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Any

import pytest

from scripts.site.search_shards import _digest, article_of, js_order, shard, write_search_shards

THEME = importlib.util.find_spec("material")
assert THEME is not None and THEME.origin is not None
WORKERS = Path(THEME.origin).parent / "templates" / "assets" / "javascripts" / "workers"
CONFIG = {"lang": ["en"], "separator": r"[\s\-]+", "pipeline": ["stopWordFilter"], "fields": {"title": {"boost": 1000.0}, "text": {"boost": 1.0}, "tags": {"boost": 1000000.0}}}
DOCS: list[dict[str, Any]] = [
    {"location": "", "title": "Home", "text": "<p>Rules of the game, guardians and pierce.</p>"},
    {"location": "guardian-x/", "title": "Guardian X", "text": "<p>While a friendly trooper unit is defending, a guardian may cancel hits.</p>", "tags": ["keyword"]},
    {"location": "guardian-x/#using-it", "title": "Using it", "text": "<p>Guardian takes a hit and rolls its own defense dice.</p>"},
    {"location": "pierce-x/", "title": "Pierce X", "text": "<p>Pierce cancels blocks; guardian units pierce too.</p>"},
    {"location": "pierce-x/#immune", "title": "Immune", "text": "<p>Immune: Pierce ignores pierce.</p>", "boost": 0.5},
    # A page whose first entry is a section: the theme makes that section its article.
    {"location": "odd/#first", "title": "First", "text": "<p>A section first.</p>"},
    {"location": "odd/#second", "title": "Second", "text": "<p>Another guardian section.</p>"},
]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("site")
    (root / "search").mkdir()
    (root / "search" / "search_index.json").write_text(json.dumps({"config": CONFIG, "docs": DOCS}), encoding="utf-8")
    workers = root / "assets" / "javascripts" / "workers"
    workers.mkdir(parents=True)
    for worker in WORKERS.glob("search.*.min.js"):
        (workers / worker.name).write_bytes(worker.read_bytes())
    return root


@pytest.fixture(scope="module")
def lunr(site: Path) -> dict[str, Any]:
    from scripts.site.search_shards import lunr_index

    return lunr_index(site, site / "search" / "search_index.json")


def test_each_entry_belongs_to_the_first_entry_of_its_page() -> None:
    assert article_of(DOCS) == [0, 1, 1, 3, 3, 5, 5]


def test_every_weight_of_the_index_is_in_one_posting(lunr: dict[str, Any]) -> None:
    sharded = shard({"config": CONFIG, "docs": DOCS}, lunr, limit=120)
    postings = {term: entry for body in sharded.shards for term, entry in body["terms"].items()}
    fields = sharded.manifest["fields"]
    from_postings = {
        (f"{field}/{DOCS[doc]['location']}", entry[0], weight)
        for entry in postings.values()
        for f, field in enumerate(fields)
        for doc, weight in zip(entry[1 + f][0::2], entry[1 + f][1::2])
    }
    from_vectors = {(ref, number, weight) for ref, flat in lunr["fieldVectors"] for number, weight in zip(flat[0::2], flat[1::2])}
    assert from_postings == from_vectors
    numbers = {term: posting["_index"] for term, posting in lunr["invertedIndex"]}
    assert {term: entry[0] for term, entry in postings.items()} == numbers


def test_the_manifest_says_which_list_and_shard_hold_each_term(lunr: dict[str, Any]) -> None:
    sharded = shard({"config": CONFIG, "docs": DOCS}, lunr, limit=120, list_limit=40)
    terms = [term for run in sharded.lists for term in run]
    assert terms == sorted((term for term, _ in lunr["invertedIndex"]), key=js_order)
    assert len(sharded.lists) > 3 and len(sharded.shards) > 3
    assert [first for first, _ in sharded.manifest["lists"]] == [run[0] for run in sharded.lists]
    assert [term for body in sharded.shards for term in body["terms"]] == terms
    assert [first for first, _ in sharded.manifest["shards"]] == [next(iter(body["terms"])) for body in sharded.shards]
    for body in sharded.shards:
        held = len(json.dumps(body, separators=(",", ":")))
        assert held <= 2 * 120 or len(body["terms"]) == 1, body  # addresses counted, articles not
    assert sharded.manifest["whole"] is True
    assert shard({"config": CONFIG, "docs": DOCS}, lunr, whole_limit=10).manifest["whole"] is False


def test_terms_are_in_the_order_javascript_sorts_them() -> None:
    # U+FF5E sorts after U+1F600 by code point, before it by UTF-16 code unit (a surrogate).
    assert sorted(["\U0001F600", "\uff5e", "a"], key=js_order) == ["a", "\U0001F600", "\uff5e"]


def test_a_shard_names_its_documents_and_their_pages(lunr: dict[str, Any]) -> None:
    sharded = shard({"config": CONFIG, "docs": DOCS}, lunr, limit=120)
    articles = article_of(DOCS)
    for body in sharded.shards:
        used = {doc for entry in body["terms"].values() for field in entry[1:] for doc in field[0::2]}
        assert {int(doc) for doc in body["docs"]} == used | {articles[doc] for doc in used}
        for doc, (location, article) in body["docs"].items():
            assert (location, article) == (DOCS[int(doc)]["location"], articles[int(doc)])
        assert {int(page) for page in body["pages"]} == {articles[doc] for doc in used}


def test_the_page_entries_are_the_index_entries_each_once() -> None:
    sharded = shard({"config": CONFIG, "docs": DOCS}, {"version": "2.3.9", "fields": ["title", "text", "tags"], "fieldVectors": [], "invertedIndex": []})
    assert sorted(sharded.pages) == [0, 1, 3, 5]
    assert [doc for article in sorted(sharded.pages) for doc in sharded.pages[article]] == DOCS
    assert sharded.setup == {"config": CONFIG, "docs": []}


def test_written_files_carry_the_hashes_the_shards_link_them_with(site: Path) -> None:
    sharded = write_search_shards(site)
    assert sharded is not None
    folder = site / "search" / "shards"
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    assert manifest == sharded.manifest
    assert json.loads((folder / "setup.json").read_text(encoding="utf-8")) == {"config": CONFIG, "docs": []}
    from scripts.site.search_shards import _digest

    for number, (first, digest) in enumerate(manifest["lists"]):
        terms = json.loads((folder / f"l{number}.json").read_text(encoding="utf-8"))
        assert terms[0] == first and _digest(terms) == digest
    for number, (_, digest) in enumerate(manifest["shards"]):
        body = json.loads((folder / f"t{number}.json").read_text(encoding="utf-8"))
        assert _digest(body) == digest
        for article, page_digest in body["pages"].items():
            assert _digest(json.loads((folder / f"p{article}.json").read_text(encoding="utf-8"))) == page_digest
    # A second build leaves no file of the first behind.
    (folder / "t999.json").write_text("{}", encoding="utf-8")
    write_search_shards(site)
    assert not (folder / "t999.json").exists()


def test_the_live_preview_gets_the_settings_alone(site: Path) -> None:
    write_search_shards(site)
    assert write_search_shards(site, sharded=False) is None
    assert [p.name for p in (site / "search" / "shards").iterdir()] == ["setup.json"]
    write_search_shards(site)


def test_a_site_without_a_search_index_gets_no_shards(tmp_path: Path) -> None:
    assert write_search_shards(tmp_path) is None
    assert not (tmp_path / "search").exists()


def test_the_shards_written_from_nodes_postings_are_those_cut_from_lunrs_whole_index(site: Path, lunr: dict[str, Any]) -> None:
    # The build streams search_lunr.mjs's postings (never holding the index whole); the shards
    # it writes must be those cut from lunr's own serialisation, every digest alike.
    from scripts.site.search_shards import _postings, _read_postings, _node

    index = json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))
    written = write_search_shards(site)
    assert written is not None and written.shards == ()
    assert written.manifest == shard(index, lunr).manifest
    lines = site / "postings.jsonl"
    _node(site, site / "search" / "search_index.json", lines)
    header, streamed = _read_postings(lines)
    refs = {str(doc["location"]): number for number, doc in enumerate(index["docs"])}
    assert header == {"version": lunr["version"], "fields": lunr["fields"]}
    assert list(streamed) == list(_postings(lunr, refs))
    lines.unlink()


def test_a_common_terms_postings_are_cut_by_score_and_bounded(lunr: dict[str, Any]) -> None:
    # With one page kept per term, a term on several pages keeps its highest-scoring page in
    # its shard; its other postings are in later pages, every weight once, each with its
    # highest weights, for a page and for a section.
    sharded = shard({"config": CONFIG, "docs": DOCS}, lunr, first=1)
    articles = article_of(DOCS)
    fields = sharded.manifest["fields"]
    whole = {term: posting for term, posting in lunr["invertedIndex"]}
    vectors = {ref: dict(zip(flat[0::2], flat[1::2])) for ref, flat in lunr["fieldVectors"]}
    paged = 0
    for body in sharded.shards:
        for term, head in body["terms"].items():
            about = body.get("more", {}).get(term)
            entries = [head] + [sharded.later[number]["entry"] for number, _, _ in (about["files"] if about else [])]
            got = sorted((f, doc, weight) for entry in entries for f in range(len(fields)) for doc, weight in zip(entry[1 + f][0::2], entry[1 + f][1::2]))
            refs = {str(doc["location"]): n for n, doc in enumerate(DOCS)}
            number = whole[term]["_index"]
            want = sorted((f, refs[ref], vectors[f"{field}/{ref}"][number]) for f, field in enumerate(fields) for ref in whole[term].get(field, {}))
            assert got == want, term
            if not about:
                assert len({articles[doc] for _, doc, _ in got}) <= 1, term
                continue
            paged += 1
            for number, digest, size in about["files"]:
                text = json.dumps(sharded.later[number], ensure_ascii=False, separators=(",", ":"))
                assert (_digest(sharded.later[number]), len(text.encode("utf-8"))) == (digest, size)
            pages = [{articles[doc] for f in range(len(fields)) for doc in entry[1 + f][0::2]} for entry in entries]
            assert len(pages[0]) == 1 and all(len(page) == 4 ** k for k, page in enumerate(pages[:-1]))
            named = []
            for flat in about["names"]:
                docs, at, k = set(), 0, 0
                while k < len(flat):
                    at += flat[k]
                    docs |= {at + offset for offset in flat[k + 2 : k + 2 + flat[k + 1]]}
                    k += 2 + flat[k + 1]
                named.append(docs)
            assert named == [{doc for f in range(len(fields)) for doc in entry[1 + f][0::2]} for entry in entries[1:]]

            def score(doc: int, entry: list[Any]) -> float:
                return sum(weight for f in range(len(fields)) for d, weight in zip(entry[1 + f][0::2], entry[1 + f][1::2]) if d == doc)

            def best(page: int) -> float:
                entry = entries[page]
                return max(score(doc, entry) * (5 if articles[doc] == doc else 2) for f in range(len(fields)) for doc in entry[1 + f][0::2])

            assert all(best(0) >= best(k) for k in range(1, len(entries)))
            for k, entry in enumerate(entries[1:]):
                for f in range(len(fields)):
                    for kind in (0, 1):
                        held = [weight for doc, weight in zip(entry[1 + f][0::2], entry[1 + f][1::2]) if (articles[doc] == doc) == (kind == 0)]
                        assert about["bounds"][k][f][kind] == max(held, default=0.0), (term, k, f, kind)
    assert paged >= 2
