"""A first search on a phone over a slow link, on a generated vault of 10,000 notes (issue 45,
part 7: within 1 s, at most 1 MiB, whatever the vault's size).

`python scripts/bench/search.py [--notes 10000] [--out DIR] [--link 10,40] [--hunt N]`

1. Generates a vault (scripts/bench/gen_vault.py's notes, each with a paragraph of prose
   drawn from a Zipf-distributed vocabulary of made-up words, so that the number of
   distinct words grows with the vault as a real vault's does) and builds it with the
   project's config (scripts/site/shell/site_config.py), search shards included; the
   search folder and the theme's scripts get gzip copies, as a compressing host sends them.
2. Serves it through an emulated link (scripts/bench/browser.py: Link): every answer waits
   one round trip, and every body takes its turn at the link's rate. The pacing is at the
   server, so the search worker's fetches meet it too (Chromium's page-level emulation
   leaves workers unthrottled).
3. In a fresh browser context at 390 px: opens the home page, waits for it to settle, then
   types each query into the search box as a reader does (a key every 80 ms) and times
   from the last key to the results shown; bytes are what the server sent after the page
   had settled, until the network is idle again. Each query is a first search (a new
   context, nothing cached). The queries: words of several ranks, misspelt, two words, a
   title, a word in every note ("damage"), a stop word, one and two letters (a reader who
   stops typing there), and the slowest query a hunt found (below).
4. With `--hunt N`: N random queries from the vault's own words (one to three words, each
   a common, middling or rare word, a random term, or a word's first letters), then each
   of the three slowest changed a few ways (a letter cut, two swapped, a common word
   added, a word dropped); the slowest seen are printed, to be added to the fixed list.

Prints the figures with the machine's load (`uptime`).
"""

from __future__ import annotations

import argparse
import gzip
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from scripts.bench.browser import Link, serve_over_link  # noqa: E402
from scripts.bench.gen_vault import generate  # noqa: E402
from scripts.site.search_shards import write_search_shards  # noqa: E402
from tests.browser.harness import launch_chromium  # noqa: E402

SYLLABLES = [a + b for a in "bdfgklmnprstvz" for b in ("a", "e", "i", "o", "u", "ar", "en", "is", "or", "ul")]
VOCABULARY = 120_000
WORDS_PER_NOTE = 250
KEY_MS = 80
# The slowest first searches a hunt found (on the 10,000-note vault, seed 7), kept here so
# every run measures them.
FOUND: list[str] = ["forrulpor ma 5925,", "pimarborfo rorrosi", "ma 5295,", "venlorbenli karsar v karsar", "karsar v", "da"]


def made_up_words(count: int, rng: random.Random) -> list[str]:
    words: set[str] = set()
    while len(words) < count:
        words.add("".join(rng.choice(SYLLABLES) for _ in range(rng.randint(2, 4))))
    return sorted(words)


def add_prose(docs: Path, seed: int = 7) -> list[str]:
    """A paragraph of Zipf-distributed words at the end of every note; the words by rank."""
    rng = random.Random(seed)
    words = made_up_words(VOCABULARY, rng)
    rng.shuffle(words)
    weights = [1 / (rank + 1) ** 1.05 for rank in range(len(words))]
    for note in sorted(docs.rglob("*.md")):
        prose = " ".join(rng.choices(words, weights, k=WORDS_PER_NOTE))
        with note.open("a", encoding="utf-8") as out:
            out.write(f"\n## Notes\n\n{prose.capitalize()}.\n")
    return words


def build(vault: Path, site: Path) -> float:
    config = subprocess.run([sys.executable, "-m", "scripts.site.shell.site_config", str(vault)], cwd=REPO, capture_output=True, text=True, check=True).stdout.strip()
    start = time.perf_counter()
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "-q", "-f", config, "-d", str(site)], cwd=REPO, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"the build failed:\n{done.stderr[-3000:]}")
    return time.perf_counter() - start


def gzip_copies(site: Path) -> None:
    """A `.gz` beside each search file and theme script of 1 KiB or more, as a host that
    compresses with gzip sends them (GitHub Pages does; publish.sh's brotli copies are
    smaller still, and take many minutes for a vault's worth of small files)."""
    for folder in (site / "search", site / "assets"):
        for path in folder.rglob("*"):
            if path.suffix in {".json", ".js"} and path.stat().st_size >= 1024:
                copy = path.with_name(path.name + ".gz")
                if not copy.exists() or copy.stat().st_mtime < path.stat().st_mtime:
                    copy.write_bytes(gzip.compress(path.read_bytes(), 6, mtime=0))


def typo(word: str) -> str:
    """Two neighbouring letters swapped in the middle: one edit for lunr."""
    middle = len(word) // 2
    return word[: middle - 1] + word[middle] + word[middle - 1] + word[middle + 1 :]


def first_search(browser: Any, url: str, server: Any, query: str) -> dict[str, Any]:
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        page.goto(url)
        page.wait_for_load_state("networkidle")
        settled = len(server.sent)
        page.locator("label[for=__search]").first.click()
        box = page.locator("input[name=query]")
        box.press_sequentially(query, delay=KEY_MS)
        last_key = time.perf_counter()
        # The answer to the whole query (those to its first letters may come before it).
        page.wait_for_function("(typed) => document.documentElement.dataset.vaultSearched === window.vaultSearchQuery(typed)", arg=query, timeout=60_000, polling=10)
        if not re.search(r"No match", page.locator(".md-search-result__meta").text_content() or ""):
            page.locator(".md-search-result__item").first.wait_for(timeout=60_000)
        shown = time.perf_counter() - last_key
        # The theme's own answer, when the first came before a common word's later postings.
        page.wait_for_function("(typed) => document.documentElement.dataset.vaultSettled === window.vaultSearchQuery(typed)", arg=query, timeout=60_000, polling=10)
        exact = time.perf_counter() - last_key
        first = page.evaluate("() => document.querySelector('.md-search-result__item h1')?.textContent.trim() ?? ''")
        page.wait_for_load_state("networkidle")
        page.wait_for_timeout(300)
        sent = server.sent[settled:]
        return {
            "query": query,
            "ms": shown * 1000,
            "settled_ms": exact * 1000,
            "bytes": sum(size for _, size in sent),
            "files": len(sent),
            "lists": sum(1 for path, _ in sent if re.search(r"/l\d+\.json", path)),
            "shards": sum(1 for path, _ in sent if re.search(r"/t\d+\.json", path)),
            "later": sum(1 for path, _ in sent if re.search(r"/x\d+\.json", path)),
            "pages": sum(1 for path, _ in sent if re.search(r"/p\d+\.json", path)),
            "first": first,
        }
    finally:
        context.close()


def random_query(rng: random.Random, words: list[str], terms: list[str]) -> str:
    """One to three words from the vault: common, middling or rare, any term, or a prefix."""
    parts = []
    for _ in range(rng.choice((1, 1, 2, 2, 3))):
        kind = rng.randrange(5)
        if kind == 0:
            word = words[int(rng.random() ** 3 * 50)]
        elif kind == 1:
            word = words[rng.randrange(50, 2000)]
        elif kind == 2:
            word = words[rng.randrange(2000, len(words))]
        elif kind == 3:
            word = rng.choice(terms)
        else:
            word = rng.choice(words[:2000])[: rng.randint(1, 3)]
        parts.append(word)
    return " ".join(parts)


def mutations(query: str, rng: random.Random, words: list[str]) -> list[str]:
    """A query changed a few ways: its last letter cut, two letters swapped, a common word
    added, its first word dropped."""
    out = []
    if len(query) > 1:
        out.append(query[:-1])
    last = query.split()[-1]
    if len(last) >= 4:
        out.append(query[: -len(last)] + typo(last))
    out.append(f"{query} {words[rng.randrange(20)]}")
    if " " in query:
        out.append(query.split(" ", 1)[1])
    return out


def sizes(path: Path) -> str:
    raw = path.read_bytes()
    return f"{len(raw) / 1024:,.0f} KiB raw, {len(gzip.compress(raw, 6)) / 1024:,.0f} KiB gzip"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--notes", type=int, default=10_000)
    parser.add_argument("--out", type=Path, help="keep the vault and site here (default: a temporary folder)")
    parser.add_argument("--link", default="10,40", help="Mbit/s,round trip ms (default 10,40)")
    parser.add_argument("--reuse", action="store_true", help="use the site already built under --out (its search shards made again)")
    parser.add_argument("--keep-shards", action="store_true", help="with --reuse: keep the search shards as they are")
    parser.add_argument("--hunt", type=int, default=0, metavar="N", help="then N random queries from the vault's words, and the slowest changed")
    parser.add_argument("--only-hunt", action="store_true", help="with --hunt: skip the fixed queries")
    args = parser.parse_args(argv)
    mbit, latency = (float(part) for part in args.link.split(","))
    out = args.out or Path(tempfile.mkdtemp(prefix="search-bench-"))
    vault, site = out / "vault" / "docs", out / "site"
    print(f"load before: {subprocess.run(['uptime'], capture_output=True, text=True).stdout.strip()}")
    if not args.reuse:
        shutil.rmtree(out / "vault", ignore_errors=True)
        generate(out, args.notes)
        words = add_prose(vault)
        seconds = build(vault, site)
        print(f"{args.notes:,} notes built in {seconds:.0f} s (wall, search shards included)")
        gzip_copies(site)
    else:
        # The site as built, with the search shards (unless --keep-shards) and the theme's
        # search scripts made again from this checkout (no new build of every page).
        if not args.keep_shards:
            write_search_shards(site)
        for script in ("assets/site.js", "assets/search-shards.js", "assets/search-forgiving.js", "assets/javascripts/workers/vault-search-shards.js"):
            shutil.copyfile(REPO / "scripts" / "theme" / script, site / script)
        gzip_copies(site)
        rng = random.Random(7)
        words = made_up_words(VOCABULARY, rng)
        rng.shuffle(words)
    import json

    shards = site / "search" / "shards"
    manifest = json.loads((shards / "manifest.json").read_text(encoding="utf-8"))
    print(f"whole index (the theme's search_index.json): {sizes(site / 'search' / 'search_index.json')}")
    terms = [term for n in range(len(manifest["lists"])) for term in json.loads((shards / f"l{n}.json").read_text(encoding="utf-8"))]
    later = len(list(shards.glob("x*.json")))
    print(f"manifest: {sizes(shards / 'manifest.json')}; {len(terms):,} terms in {len(manifest['lists'])} term lists and {len(manifest['shards'])} shards, {later} later pages of common terms; {manifest['documents']:,} entries")
    common, middling, rare = words[0], words[200], words[5000]
    queries = [common, middling, rare, typo(middling), typo(rare), f"{middling} {rare}", "Rule 0042",
               "damage", "the", f"damage {common}", common[:1], common[:2], *FOUND]
    if args.only_hunt:
        queries = []
    from playwright.sync_api import sync_playwright

    link = Link(mbit, latency)
    server = serve_over_link(site, "/", link)
    print(f"first searches over {mbit:g} Mbit/s, {latency:g} ms per answer (a key every {KEY_MS} ms; time from the last key to results shown):")
    try:
        with sync_playwright() as playwright:
            browser = launch_chromium(playwright)
            try:
                def measure(query: str) -> dict[str, Any]:
                    run = first_search(browser, server.url, server, query)
                    print(f"  {run['query']!r:24} {run['ms']:6.0f} ms (the theme's order: {run['settled_ms']:5.0f} ms) {run['bytes'] / 1024:7.1f} KiB in {run['files']:2} files ({run['lists']} term lists, {run['shards']} shards, {run['later']} later pages, {run['pages']} page entries); first: {run['first']!r}", flush=True)
                    return run

                for query in queries:
                    measure(query)
                if args.hunt:
                    rng = random.Random(args.hunt)
                    print(f"hunt: {args.hunt} random queries from the vault's words, then the three slowest changed:")
                    runs = [measure(random_query(rng, words, terms)) for _ in range(args.hunt)]
                    for slow in sorted(runs, key=lambda run: -run["ms"])[:3]:
                        runs += [measure(query) for query in mutations(slow["query"], rng, words)]
                    print("slowest:")
                    for run in sorted(runs, key=lambda run: -run["ms"])[:5]:
                        print(f"  {run['query']!r:24} {run['ms']:6.0f} ms (settled {run['settled_ms']:5.0f} ms) {run['bytes'] / 1024:7.1f} KiB")
                    print(f"largest: {max(runs, key=lambda run: run['bytes'])['query']!r} {max(run['bytes'] for run in runs) / 1024:.1f} KiB")
            finally:
                browser.close()
    finally:
        server.close()
    print(f"load after: {subprocess.run(['uptime'], capture_output=True, text=True).stdout.strip()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
