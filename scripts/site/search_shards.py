"""The site's search index cut into small files, so that a first search fetches kilobytes
whatever the vault's size (issue 45, part 7).

mkdocs-material's search plugin writes one `search/search_index.json`, every page's whole
text, and the theme's search worker fetches all of it before a first search (25.7 MB for an
11,000-note vault). Here, after the build, the theme's own worker builds its lunr index once
(`search_lunr.mjs`, under Node), and the index is written again as:

- `search/shards/manifest.json`: the first term of each term list and of each shard (terms
  in the order JavaScript sorts them), the fields, and whether the term lists are small
  enough to be fetched whole;
- `search/shards/l<N>.json`: a run of consecutive terms, the words a query is expanded
  against (a prefix, a word within one or two edits);
- `search/shards/t<N>.json`: the postings of a run of consecutive terms: for each term its
  lunr term number and, per field, the documents it occurs in with lunr's own weight
  (the document's field vector at that term), plus each such document's address and the
  page entry it belongs to;
- `search/shards/p<N>.json`: one page's entries (the page and its sections: title, text,
  tags) as the search plugin wrote them, fetched only for the results a reader sees;
- `search/shards/setup.json`: what the theme's page script sends its worker at start.

The browser side (`assets/javascripts/workers/vault-search-shards.js`) expands a query
against the term lists it needs, fetches the shards of the terms it reaches, and gives the theme's own
search code a lunr index holding exactly those terms, so results and their order are the
theme's, computed from the same weights. Shards and page entries are linked with `?v=` and
their content's hash: a reader's browser and the service worker keep them as immutable.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import shutil
import subprocess
import tempfile
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

SHARD_BYTES = 24 * 1024  # a shard's postings, as JSON, before compression
LIST_BYTES = 16 * 1024  # a term list, as JSON
# Term lists up to this size in all are fetched whole, so that a word within two edits is
# found whatever letter the edits touch (the shipped vault: about 50 KB). Past it, a word's
# near misses are looked for among the terms that begin with its first or second letter.
WHOLE_LIST_BYTES = 128 * 1024
FOLDER = "search/shards"
SCRIPT = Path(__file__).with_name("search_lunr.mjs")


class SearchShardsError(RuntimeError):
    """The theme's search worker or Node could not build the index."""


@dataclass(frozen=True)
class Sharded:
    """Everything written under search/shards/, by file name."""

    manifest: dict[str, Any]
    lists: tuple[list[str], ...]
    shards: tuple[dict[str, Any], ...]
    pages: dict[int, list[dict[str, Any]]]  # article's document number -> its entries
    setup: dict[str, Any]


def article_of(docs: Sequence[Mapping[str, Any]]) -> list[int]:
    """Each document's article, as the theme's setupSearchDocumentMap pairs them: the first
    document whose address has the same path (before `#`)."""
    first: dict[str, int] = {}
    articles = []
    for number, doc in enumerate(docs):
        path = str(doc["location"]).split("#")[0]
        articles.append(first.setdefault(path, number))
    return articles


def _digest(data: object) -> str:
    return hashlib.sha256(_dumps(data).encode("utf-8")).hexdigest()[:12]


def _dumps(data: object) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def js_order(term: str) -> bytes:
    """Sorting key: JavaScript compares strings by UTF-16 code units."""
    return term.encode("utf-16-be")


def _postings(lunr: Mapping[str, Any], refs: Mapping[str, int]) -> Iterator[tuple[str, list[Any]]]:
    """From lunr's serialised index: (term, [lunr's term number, per field: [doc, weight, doc,
    weight, ...]]) in the order JavaScript sorts the terms, as search_lunr.mjs writes them."""
    fields: list[str] = list(lunr["fields"])
    weights: dict[str, dict[int, float]] = {}
    for field_ref, elements in lunr["fieldVectors"]:
        weights[field_ref] = dict(zip(elements[0::2], elements[1::2]))
    terms: dict[str, list[Any]] = {}
    for term, posting in lunr["invertedIndex"]:
        number = posting["_index"]
        entry: list[Any] = [number]
        for field in fields:
            flat: list[Any] = []
            for ref in sorted(posting.get(field, {}), key=lambda r: refs[r]):
                flat += [refs[ref], weights[f"{field}/{ref}"][number]]
            entry.append(flat)
        terms[term] = entry
    for term in sorted(terms, key=js_order):
        yield term, terms[term]


def _runs(terms: Sequence[str], sizes: Mapping[str, int], limit: int) -> list[list[str]]:
    """Consecutive terms packed into runs of about `limit` bytes (a term never split)."""
    runs: list[list[str]] = [[]]
    used = 0
    for term in terms:
        if runs[-1] and used + sizes[term] > limit:
            runs.append([])
            used = 0
        runs[-1].append(term)
        used += sizes[term]
    return [run for run in runs if run]


def shard(
    index: Mapping[str, Any],
    lunr: Mapping[str, Any],
    limit: int = SHARD_BYTES,
    list_limit: int = LIST_BYTES,
    whole_limit: int = WHOLE_LIST_BYTES,
) -> Sharded:
    """Cut the search plugin's index (`index`: config and docs) and the theme's lunr index
    built from it (`lunr`, serialised) into a manifest, term shards and page entries."""
    refs = {str(doc["location"]): number for number, doc in enumerate(index["docs"])}
    kept: list[dict[str, Any]] = []
    header = {"version": lunr["version"], "fields": list(lunr["fields"])}
    cut = _cut(index, header, _postings(lunr, refs), kept.append, limit, list_limit, whole_limit)
    return replace(cut, shards=tuple(kept))


def _cut(
    index: Mapping[str, Any],
    header: Mapping[str, Any],
    postings: Iterable[tuple[str, list[Any]]],
    emit: Callable[[dict[str, Any]], object],
    limit: int = SHARD_BYTES,
    list_limit: int = LIST_BYTES,
    whole_limit: int = WHOLE_LIST_BYTES,
) -> Sharded:
    """The shards of `postings` (terms in JavaScript's order), each handed to `emit` as soon as
    it is whole, so a big vault's index is never held at once; the rest, returned (its
    `shards` left empty). A shard holds consecutive terms up to about `limit` bytes, each
    document it names costing its address once."""
    docs: list[dict[str, Any]] = list(index["docs"])
    articles = article_of(docs)
    pages: dict[int, list[dict[str, Any]]] = {}
    for number, doc in enumerate(docs):
        pages.setdefault(articles[number], []).append(doc)
    page_hash = {article: _digest(entries) for article, entries in pages.items()}
    doc_sizes = [len(_dumps(doc["location"])) + 16 for doc in docs]
    vocabulary: list[str] = []
    starts: list[list[Any]] = []

    def close(run: list[tuple[str, list[Any]]]) -> None:
        used = sorted({doc for _, entry in run for field in entry[1:] for doc in field[0::2]})
        owners = sorted({articles[doc] for doc in used})
        body = {
            "terms": dict(run),
            "docs": {str(doc): [docs[doc]["location"], articles[doc]] for doc in sorted({*used, *owners})},
            "pages": {str(article): page_hash[article] for article in owners},
        }
        emit(body)
        starts.append([run[0][0], _digest(body)])

    run: list[tuple[str, list[Any]]] = []
    used = 0
    named: set[int] = set()
    for term, entry in postings:
        vocabulary.append(term)
        size = len(_dumps(entry)) + len(term)
        docs_here = [doc for field in entry[1:] for doc in field[0::2]]
        new = [doc for doc in docs_here if doc not in named]
        cost = size + sum(doc_sizes[doc] for doc in new)
        if run and used + cost > limit:
            close(run)
            run, named, used = [], set(), 0
            new = list(dict.fromkeys(docs_here))
            cost = size + sum(doc_sizes[doc] for doc in new)
        run.append((term, entry))
        named.update(new)
        used += cost
    if run:
        close(run)
    lists = _runs(vocabulary, {term: len(_dumps(term)) + 1 for term in vocabulary}, list_limit)
    manifest = {
        "version": 2,
        "lunr": header["version"],
        "fields": list(header["fields"]),
        "shards": starts,
        "lists": [[run_[0], _digest(run_)] for run_ in lists],
        "whole": len(_dumps(vocabulary)) <= whole_limit,
        "documents": len(docs),
    }
    setup = {"config": index["config"], "docs": []}
    return Sharded(manifest=manifest, lists=tuple(lists), shards=(), pages=pages, setup=setup)


def theme_worker(site: Path) -> Path:
    """The theme's search worker as copied into the built site."""
    found = sorted((site / "assets" / "javascripts" / "workers").glob("search.*.min.js"))
    if not found:
        raise SearchShardsError(f"{site}: the theme's search worker (assets/javascripts/workers/search.*.min.js) is not in the site")
    return found[0]


def _node(site: Path, index_file: Path, out: Path, *options: str) -> None:
    node = shutil.which("node")
    if node is None:
        raise SearchShardsError("Node.js (node) is needed to build the search shards; scripts/setup.sh installs it")
    done = subprocess.run([node, str(SCRIPT), *options, str(theme_worker(site)), str(index_file), str(out)],
                          capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SearchShardsError(f"building the search index under Node failed:\n{done.stderr.strip()}")


def lunr_index(site: Path, index_file: Path) -> dict[str, Any]:
    """The lunr index the theme's worker builds from `index_file`, built here under Node and
    read whole (the tests check the postings against it)."""
    with tempfile.TemporaryDirectory() as scratch:
        out = Path(scratch) / "lunr.json"
        _node(site, index_file, out, "--whole")
        built: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
        return built


def _read_postings(lines: Path) -> tuple[dict[str, Any], Iterator[tuple[str, list[Any]]]]:
    """search_lunr.mjs's header and its postings, one term at a time."""
    handle = lines.open(encoding="utf-8")
    header: dict[str, Any] = json.loads(handle.readline())

    def each() -> Iterator[tuple[str, list[Any]]]:
        with handle:
            for line in handle:
                term, *entry = json.loads(line)
                yield term, entry

    return header, each()


def write_search_shards(site: Path, sharded: bool = True) -> Sharded | None:
    """Write search/shards/ beside the search plugin's index; None when the site has no
    search index (the search plugin is off). With `sharded` false (the live preview, where
    a save would wait for the index to be built again under Node), only setup.json is
    written: with no manifest, the browser's worker uses the whole index. The shards are
    written as they are cut, not kept: the Sharded returned has none."""
    index_file = site / "search" / "search_index.json"
    if not index_file.is_file():
        return None
    index = json.loads(index_file.read_text(encoding="utf-8"))
    folder = site / FOLDER
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    setup = {"config": index["config"], "docs": []}
    (folder / "setup.json").write_text(_dumps(setup), encoding="utf-8")
    if not sharded:
        return None
    numbers = itertools.count()

    def emit(body: dict[str, Any]) -> None:
        (folder / f"t{next(numbers)}.json").write_text(_dumps(body), encoding="utf-8")

    with tempfile.TemporaryDirectory() as scratch:
        lines = Path(scratch) / "postings.jsonl"
        _node(site, index_file, lines)
        header, postings = _read_postings(lines)
        written = _cut(index, header, postings, emit)
    (folder / "manifest.json").write_text(_dumps(written.manifest), encoding="utf-8")
    for number, terms in enumerate(written.lists):
        (folder / f"l{number}.json").write_text(_dumps(terms), encoding="utf-8")
    for article, entries in written.pages.items():
        (folder / f"p{article}.json").write_text(_dumps(entries), encoding="utf-8")
    return written
