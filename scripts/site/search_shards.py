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
- `search/shards/x<N>.json`: a later page of a common term's postings (below);
- `search/shards/p<N>.json`: one page's entries (the page and its sections: title, text,
  tags) as the search plugin wrote them, fetched only for the results a reader sees;
- `search/shards/setup.json`: what the theme's page script sends its worker at start.

A term named by more than FIRST_ARTICLES pages (a common word: "the" is in nearly every
note) keeps in its shard only the postings of the FIRST_ARTICLES pages where it scores
highest, as the theme scores a one-word query (lunr's weights summed over the fields, times
the theme's boost for a page or a section). The rest is cut into pages of postings, each
FACTOR times the one before, written apart. The shard says, for such a term (`more`): those
pages' files (number, hash, size), which documents each names (by page), and each one's
highest weight in each field for a page and for a section. The browser fetches later pages only when
those bounds say a result it shows could be among them, so a first search fetches about
the same whatever the vault's size, and its results in view are still the theme's.

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
# A common term's postings: the pages where it scores highest stay in its shard, the rest
# is cut into later pages, each FACTOR times as many pages as the one before.
FIRST_ARTICLES = 32
FACTOR = 4
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
    later: tuple[dict[str, Any], ...] = ()  # common terms' later pages of postings, x<N>.json


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
    first: int = FIRST_ARTICLES,
) -> Sharded:
    """Cut the search plugin's index (`index`: config and docs) and the theme's lunr index
    built from it (`lunr`, serialised) into a manifest, term shards and page entries."""
    refs = {str(doc["location"]): number for number, doc in enumerate(index["docs"])}
    kept: list[dict[str, Any]] = []
    later: list[dict[str, Any]] = []

    def keep_later(body: dict[str, Any]) -> int:
        later.append(body)
        return len(later) - 1

    header = {"version": lunr["version"], "fields": list(lunr["fields"])}
    cut = _cut(index, header, _postings(lunr, refs), kept.append, limit, list_limit, whole_limit, keep_later, first)
    return replace(cut, shards=tuple(kept), later=tuple(later))


def _gaps(numbers: Iterable[int]) -> list[int]:
    """Sorted numbers as the gaps between them (small numbers: short JSON)."""
    out: list[int] = []
    last = 0
    for number in sorted(numbers):
        out.append(number - last)
        last = number
    return out


def _names(page_docs: Iterable[int], articles: Sequence[int]) -> list[int]:
    """The documents of a later page, by article: for each article the gap from the last
    one, how many of its documents, and each one's distance from the article's."""
    by_article: dict[int, list[int]] = {}
    for doc in sorted(page_docs):
        by_article.setdefault(articles[doc], []).append(doc - articles[doc])
    out: list[int] = []
    for gap, article in zip(_gaps(by_article), sorted(by_article)):
        out += [gap, len(by_article[article]), *by_article[article]]
    return out


def _paged(
    entry: list[Any],
    articles: Sequence[int],
    first: int,
) -> tuple[list[Any], list[tuple[list[Any], list[int]]], list[list[list[float]]]] | None:
    """A common term's postings cut by how high they score: None when the term names at most
    `first` articles; else its first page's entry (the same form as a whole entry), the later
    pages (entry, their documents), and each later page's highest weight per field, [for an
    article, for a section]."""
    fields = len(entry) - 1
    weights: dict[int, list[float]] = {}
    for f, flat in enumerate(entry[1:]):
        for doc, weight in zip(flat[0::2], flat[1::2]):
            weights.setdefault(doc, [0.0] * fields)[f] = weight
    by_article: dict[int, list[int]] = {}
    for doc in weights:
        by_article.setdefault(articles[doc], []).append(doc)
    if len(by_article) <= first:
        return None

    # Which documents are in the entry per field: those with a weight in that field.
    in_field = [set(flat[0::2]) for flat in entry[1:]]

    def key(doc: int) -> tuple[float, int, int]:
        # The theme's score for a one-word query: lunr's (the weights summed), times
        # 1 + boost², boost 2 for a page, 1 for a section; at a tie, the theme lists first
        # the document lunr met first: by field, then in the index's order.
        score = sum(weights[doc]) * (5 if articles[doc] == doc else 2)
        return (-score, min(f for f in range(fields) if doc in in_field[f]), doc)

    order = sorted(by_article, key=lambda article: min(key(doc) for doc in by_article[article]))
    chunks: list[list[int]] = []
    size, at = first, 0
    while at < len(order):
        chunks.append(order[at : at + size])
        at += size
        size *= FACTOR

    def entry_exact(chunk: list[int]) -> tuple[list[Any], list[int]]:
        docs = sorted(doc for article in chunk for doc in by_article[article])
        flats: list[list[Any]] = [[] for _ in range(fields)]
        for doc in docs:
            for f in range(fields):
                if doc in in_field[f]:
                    flats[f] += [doc, weights[doc][f]]
        return [entry[0], *flats], docs

    pages = [entry_exact(chunk) for chunk in chunks]
    bounds: list[list[list[float]]] = []
    for _, docs in pages[1:]:
        highest = [[0.0, 0.0] for _ in range(fields)]
        for doc in docs:
            kind = 0 if articles[doc] == doc else 1
            for f in range(fields):
                if doc in in_field[f]:
                    highest[f][kind] = max(highest[f][kind], weights[doc][f])
        bounds.append(highest)
    return pages[0][0], pages[1:], bounds


def _cut(
    index: Mapping[str, Any],
    header: Mapping[str, Any],
    postings: Iterable[tuple[str, list[Any]]],
    emit: Callable[[dict[str, Any]], object],
    limit: int = SHARD_BYTES,
    list_limit: int = LIST_BYTES,
    whole_limit: int = WHOLE_LIST_BYTES,
    emit_later: Callable[[dict[str, Any]], int] | None = None,
    first: int = FIRST_ARTICLES,
) -> Sharded:
    """The shards of `postings` (terms in JavaScript's order), each handed to `emit` as soon as
    it is whole, so a big vault's index is never held at once; the rest, returned (its
    `shards` left empty). A shard holds consecutive terms up to about `limit` bytes, each
    document it names costing its address once. A term naming more than `first` articles
    keeps only its first page there; its later pages are handed to `emit_later`, which
    returns the number of the file it wrote (no `emit_later`: every term whole)."""
    docs: list[dict[str, Any]] = list(index["docs"])
    articles = article_of(docs)
    pages: dict[int, list[dict[str, Any]]] = {}
    for number, doc in enumerate(docs):
        pages.setdefault(articles[number], []).append(doc)
    page_hash = {article: _digest(entries) for article, entries in pages.items()}
    doc_sizes = [len(_dumps(doc["location"])) + 16 for doc in docs]
    vocabulary: list[str] = []
    starts: list[list[Any]] = []

    def names(used: Iterable[int]) -> dict[str, Any]:
        """The addresses of the documents `used` and of their articles, and the hashes of
        those articles' page entries."""
        used = set(used)
        owners = sorted({articles[doc] for doc in used})
        return {
            "docs": {str(doc): [docs[doc]["location"], articles[doc]] for doc in sorted({*used, *owners})},
            "pages": {str(article): page_hash[article] for article in owners},
        }

    more: dict[str, dict[str, Any]] = {}

    def close(run: list[tuple[str, list[Any]]]) -> None:
        body: dict[str, Any] = {"terms": dict(run)}
        body.update(names(doc for _, entry in run for field in entry[1:] for doc in field[0::2]))
        mine = {term: more.pop(term) for term, _ in run if term in more}
        if mine:
            body["more"] = mine
        emit(body)
        starts.append([run[0][0], _digest(body)])

    def page_out(term: str, entry: list[Any]) -> list[Any]:
        if emit_later is None:
            return entry
        paged = _paged(entry, articles, first)
        if paged is None:
            return entry
        head, later, bounds = paged
        files = []
        for page, page_docs in later:
            body = {"entry": page}
            body.update(names(page_docs))
            files.append([emit_later(body), _digest(body), len(_dumps(body).encode("utf-8"))])
        more[term] = {
            "files": files,
            "bounds": bounds,
            "names": [_names(page_docs, articles) for _, page_docs in later],
        }
        return head

    run: list[tuple[str, list[Any]]] = []
    used = 0
    named: set[int] = set()
    for term, entry in postings:
        vocabulary.append(term)
        entry = page_out(term, entry)
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


def write_search_shards(site: Path, sharded: bool = True, first: int = FIRST_ARTICLES) -> Sharded | None:
    """Write search/shards/ beside the search plugin's index; None when the site has no
    search index (the search plugin is off). With `sharded` false (the live preview, where
    a save would wait for the index to be built again under Node), only setup.json is
    written: with no manifest, the browser's worker uses the whole index. The shards are
    written as they are cut, not kept: the Sharded returned has none. A term naming more
    than `first` articles is cut into pages (x<N>.json)."""
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
    later_numbers = itertools.count()

    def emit(body: dict[str, Any]) -> None:
        (folder / f"t{next(numbers)}.json").write_text(_dumps(body), encoding="utf-8")

    def emit_later(body: dict[str, Any]) -> int:
        number = next(later_numbers)
        (folder / f"x{number}.json").write_text(_dumps(body), encoding="utf-8")
        return number

    with tempfile.TemporaryDirectory() as scratch:
        lines = Path(scratch) / "postings.jsonl"
        _node(site, index_file, lines)
        header, postings = _read_postings(lines)
        written = _cut(index, header, postings, emit, emit_later=emit_later, first=first)
    (folder / "manifest.json").write_text(_dumps(written.manifest), encoding="utf-8")
    for number, terms in enumerate(written.lists):
        (folder / f"l{number}.json").write_text(_dumps(terms), encoding="utf-8")
    for article, entries in written.pages.items():
        (folder / f"p{article}.json").write_text(_dumps(entries), encoding="utf-8")
    return written
