"""Search from shards on the shipped site (issue 45, part 7): the same results, in the same
order and with the same scores, as the theme's search over its whole index, misspelt words
included; a search fetches the shards of the terms it reaches and never the whole index."""

from __future__ import annotations

import bisect
import json
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from scripts.site.search_shards import js_order
from tests.browser.conftest import WAIT_MS
from tests.browser.harness import Server, Visit, serve

pytestmark = pytest.mark.browser
EXPAND = Path(__file__).with_name("lunr_expand.mjs")

# What readers type: keywords as named, misspelt, by alias, two words, a phrase, the
# theme's query syntax (required, excluded, a field, a wildcard), a number, no match.
QUERIES = [
    "Gaurdian", "suppresion", "Supression", "Guardian", "pierce", "Shielded", "cover",
    "dodge token", "aim", "surge", "range 1", "heavy weapon", "suppression courage",
    "critical", "deflect", "Jedi", "vehicle damage", '"defense dice"', "+pierce -guardian",
    "guard*", "title:pierce", "Darth Vader", "attack pool", "impervious", "xyzzyq",
    # One- and two-letter words among others, a prefix, a word twice: many candidates, of
    # which a first answer ranks only those that could come first.
    "cover a", "d", "sh", "suppression s suppression", "attack r pool r", "imperv x",
]

# The page's two workers side by side: the theme's own worker given the whole index, and
# the site's (window.Worker: forgiving, then sharded) given search/shards/setup.json; each
# query asked of both, one answer at a time.
BOTH = """async (queries) => {
  let Native = window.Worker;
  while (!/\\[native code\\]/.test(Function.prototype.toString.call(Native))) Native = Object.getPrototypeOf(Native);
  const config = JSON.parse(document.getElementById("__config").textContent);
  const base = new URL(config.base, location.href);
  const themeWorker = new URL(config.search, location.href);
  function talk(worker) {
    const waiting = [];
    worker.addEventListener("message", (event) => {
      // The sharded worker's answers before the theme's own (vaultSettled false) are skipped.
      if (event.data && (event.data.type === 1 || event.data.type === 3) && event.data.vaultSettled !== false) waiting.shift()(event.data);
    });
    return (message) => new Promise((resolve) => { waiting.push(resolve); worker.postMessage(message); });
  }
  const whole = talk(new Native(themeWorker));
  const shardWorker = new window.Worker(themeWorker);
  const sharded = talk(shardWorker);
  // The results past those first answered, asked for as a reader's scrolling asks
  // ("vault-more"), and filled into the answer when they come ("vault-fill").
  let filled = null;
  shardWorker.onmessage = (event) => {
    const message = event.data;
    if (message && message.type === "vault-fill" && filled && message.from + message.items.length >= filled.upTo) setTimeout(filled.resolve, 300);
  };
  function fill(answer, upTo) {
    if (!answer.vaultGeneration || upTo <= 10) return Promise.resolve();
    return new Promise((resolve) => {
      filled = { upTo, resolve };
      shardWorker.postMessage({ type: "vault-more", generation: answer.vaultGeneration, upTo });
    });
  }
  const index = await (await fetch(new URL("search/search_index.json", base))).json();
  const setup = await (await fetch(new URL("search/shards/setup.json", base))).json();
  const options = { suggest: false };
  await whole({ type: 0, data: { config: index.config, docs: index.docs, options } });
  await sharded({ type: 0, data: { ...setup, options } });
  const answers = [];
  for (const query of queries) {
    const expected = await whole({ type: 2, data: window.vaultSearchQuery(query) });
    const got = await sharded({ type: 2, data: query });
    const first = got.data.items.map((group) => group.map((item) => item.location));
    // The first thirty, asked for as a reader scrolling there asks (ranked again, with only
    // the articles that could be among them), then all of them.
    let thirty = null;
    if (expected.data.items.length > 30) {
      await fill(got, 30);
      thirty = JSON.parse(JSON.stringify(got.data.items.slice(0, 30)));
    }
    await fill(got, expected.data.items.length);
    answers.push({ query, whole: expected.data.items, sharded: got.data.items, first, thirty, leftOut: got.vaultLeftOut });
  }
  return answers;
}"""


def ranking(groups: list[list[dict[str, Any]]]) -> list[list[tuple[str, float, str]]]:
    return [[(item["location"], item["score"], json.dumps(item["terms"], sort_keys=True)) for item in group] for group in groups]


def shown(groups: list[list[dict[str, Any]]]) -> list[list[tuple[str, str, Any]]]:
    return [[(item["title"], item["text"], item.get("tags")) for item in group] for group in groups]


@pytest.fixture(scope="module")
def paged_site(site: Server, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The shipped site with its search shards cut again, every term in more than two pages
    cut into pages of postings (as a large vault's common words are)."""
    from scripts.site.search_shards import write_search_shards

    root = tmp_path_factory.mktemp("paged") / "site"
    shutil.copytree(site.root, root)
    write_search_shards(root, first=2)
    assert list((root / "search" / "shards").glob("x*.json")), "no term was cut into pages"
    server = serve(root)
    yield server
    server.close()


@pytest.mark.parametrize("paged", [False, True], ids=["shards", "paged"])
def test_sharded_search_answers_as_the_whole_index_does(site: Server, paged_site: Server, visit: Visit, paged: bool) -> None:
    visit.page.goto((paged_site if paged else site).url)
    answers = visit.page.evaluate(BOTH, QUERIES)
    empty, left_out = [], []
    for answer in answers:
        query, whole, sharded = answer["query"], answer["whole"], answer["sharded"]
        # The first answer: as many results as the theme's, its first ten the theme's; every
        # result the theme's once the rest is asked for.
        assert len(answer["first"]) == len(whole), query
        assert answer["first"][:10] == [[item["location"] for item in group] for group in whole[:10]], query
        if answer["thirty"] is not None:
            assert ranking(answer["thirty"]) == ranking(whole[:30]), query
        assert ranking(sharded) == ranking(whole), query
        if answer["leftOut"]:
            left_out.append(query)
        # The first ten pages show their text, matches marked, as the theme shows them.
        assert shown(sharded[:10]) == shown(whole[:10]), query
        if not whole:
            empty.append(query)
    assert empty == ["xyzzyq"]  # every query but the nonsense one finds something
    # A short word's first answer ranks only the articles that could come first.
    assert {"d", "sh", "cover a"} <= set(left_out), left_out


def answered(page: Any, query: str) -> None:
    """Until the results shown answer `query` as typed, as the theme would (the search
    worker answers a word's first letters too, and may do so after the reader has typed on;
    and it may answer from a common word's first postings before the rest)."""
    page.wait_for_function("(typed) => document.documentElement.dataset.vaultSettled === window.vaultSearchQuery(typed)", arg=query, timeout=WAIT_MS)


def search(page: Any, query: str) -> list[str]:
    box = page.locator("input[name=query]")
    if not box.is_visible():
        page.locator("label[for=__search]").first.click()
    box.press_sequentially(query, delay=30)
    answered(page, query)
    page.locator(".md-search-result__meta").filter(has_text=re.compile(r"\d+ match|1 match")).wait_for(timeout=WAIT_MS)
    return list(page.evaluate("() => [...document.querySelectorAll('.md-search-result__item > .md-search-result__link')].map(a => new URL(a.href).pathname)"))


def settle(page: Any, site: Server) -> None:
    """Until the server has had no request for a second (the search worker's fetches are
    not the page's, which Playwright's network idle counts)."""
    count = -1
    while count != len(site.requested):
        count = len(site.requested)
        page.wait_for_timeout(1000)


def shards_for(shards: Path, words: list[tuple[str, int]]) -> list[set[int]]:
    """For each (word, edits): the shards holding the terms lunr reaches from `word*` and
    `word~edits`, as the theme's lunr finds them over the whole term list (in Node)."""
    manifest = json.loads((shards / "manifest.json").read_text(encoding="utf-8"))
    terms = [term for n in range(len(manifest["lists"])) for term in json.loads((shards / f"l{n}.json").read_text(encoding="utf-8"))]
    worker = next((shards.parent.parent / "assets" / "javascripts" / "workers").glob("search.*.min.js"))
    done = subprocess.run(["node", str(EXPAND), str(worker)], input=json.dumps({"terms": terms, "words": words}), capture_output=True, text=True, check=True)
    firsts = [js_order(first) for first, _ in manifest["shards"]]
    return [{bisect.bisect_right(firsts, js_order(term)) - 1 for term in reached} for reached in json.loads(done.stdout)]


@pytest.mark.parametrize(("typed", "edits", "first"), [
    ("Gaurdian", 2, "/legion/keywords/guardian-x/"),
    ("suppresion", 2, "/legion/suppression/"),
    ("Shielded", 2, "/legion/keywords/shields/"),
])
def test_a_first_search_fetches_only_the_shards_it_needs(site: Server, visit: Visit, typed: str, edits: int, first: str) -> None:
    shards = site.root / "search" / "shards"
    page = visit.page
    opened = len(site.requested)
    page.goto(site.url)
    page.wait_for_load_state("networkidle")
    before = len(site.requested)
    results = search(page, typed)
    assert results[0].endswith(first), results[:5]
    settle(page, site)
    asked = site.requested[before:]
    assert not any("search_index.json" in path for path in site.requested[opened:]), "the whole index was fetched"
    fetched = {int(m.group(1)) for path in asked if (m := re.search(r"/search/shards/t(\d+)\.json\?v=", path))}
    # Typed a letter at a time: the last query's shards, and none past what its prefixes
    # (queries the worker had not begun when the next letter came) could have asked for.
    # The shipped site's pipeline has no stemmer (mkdocs.yml): words are matched as typed.
    needed, *on_the_way = shards_for(shards, [(typed.lower(), edits)] + [(typed[:n].lower(), 2) for n in range(1, len(typed) + 1)])
    assert needed <= fetched, (sorted(fetched), typed)
    assert fetched <= set().union(needed, *on_the_way)
    pages = [path for path in asked if re.search(r"/search/shards/p\d+\.json\?v=", path)]
    # The first ten results' pages of the answers on the way, and the next ten of the last.
    assert 0 < len(pages) <= 40, pages


def test_results_past_the_first_ten_show_their_text_when_scrolled_to(site: Server, visit: Visit) -> None:
    page = visit.page
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(site.url)
    search(page, "attack")
    for _ in range(8):  # the theme draws four more each time the list's end comes into view
        for above in (800, 0):  # as a reader scrolls: near the end, then to it
            page.evaluate("(above) => { const wrap = document.querySelector('.md-search__scrollwrap'); wrap.scrollTop = wrap.scrollHeight - wrap.clientHeight - above; }", above)
            page.wait_for_timeout(250)
    titles = page.evaluate("() => [...document.querySelectorAll('.md-search-result__item h1')].map(h => h.textContent.trim())")
    assert len(titles) > 20, len(titles)
    texts = page.evaluate("() => [...document.querySelectorAll('.md-search-result__item > a .md-search-result__article')].map(a => a.textContent.trim())")
    assert all(texts[:24]), texts[:24]


def test_search_is_used_with_the_keyboard_alone(site: Server, visit: Visit) -> None:
    page = visit.page
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(site.url)
    page.keyboard.press("/")  # the theme's shortcut to the search box
    page.keyboard.type("gaurdian", delay=30)
    answered(page, "gaurdian")  # the answer to the whole word, not to its first letters
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"/legion/keywords/guardian-x/(\?h=.*)?$"))
