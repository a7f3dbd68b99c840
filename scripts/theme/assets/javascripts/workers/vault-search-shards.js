/* The theme's search worker, fed from the search shards (scripts/site/search_shards.py)
   instead of the whole index.

   assets/search-forgiving.js starts this worker in place of the theme's own, naming the
   theme's worker in `?theme=`; it sits beside it, so the theme's language files are found
   where the theme looks for them. The theme's worker is loaded here as it is, but its
   messages pass through this file:

   - SETUP carries no documents (the page was given search/shards/setup.json): the theme's
     configuration is kept for later;
   - each QUERY: the query is first run by the theme's own code on an empty index, which
     shows its clauses (each word after the theme's pipeline, its wildcard and edits); the
     term lists those words can be in are fetched, and the query run again against them with
     empty postings, which shows the terms lunr expands it to (a prefix, a word within one
     or two edits); the shards holding those terms are fetched; then the theme's code
     runs the query again on a lunr index holding exactly those terms (and the documents
     they occur in), with lunr's weights from the shards. Scores and order are the theme's.
     The pages of the first results are fetched and the query run once more, so those
     results show their text with the matches marked; the next ten are filled in behind it
     once the reader stops typing, and more as the reader scrolls ("vault-more" from the page), with "vault-fill" messages the page script
     applies to the list the theme was given.

   A query arriving while another is fetching replaces it, and a query that needs files not
   yet fetched waits TYPING_MS for the next key first. A short prefix that would fetch
   more than MAX_SHARDS new shards expands to its shortest words first, up to that many.
   Without the shards (a site built without them), the theme's whole index is used. */
"use strict";

(() => {
  const MAX_SHARDS = 8;
  const FIRST_PAGES = 10;
  const NEXT_AFTER_MS = 400;
  const TYPING_MS = 150;
  const SETUP = 0;
  const QUERY = 2;
  const RESULT = 3;

  const here = new URL(self.location.href);
  const theme = new URL(here.searchParams.get("theme") || "search.js", here);
  if (theme.origin !== here.origin || !/\/workers\/search\.[^/]+\.js$/.test(theme.pathname)) {
    throw new Error(`not the theme's search worker: ${theme.href}`);
  }
  const root = new URL("../../../", here);
  const shardsAt = new URL("search/shards/", root);

  /* The theme's message listener and answers, taken aside. */
  let themeListener = null;
  let answer = null;
  const toPage = self.postMessage.bind(self);
  const listen = self.addEventListener.bind(self);
  self.addEventListener = (type, fn, ...rest) => {
    if (type === "message" && !themeListener) themeListener = fn;
    else listen(type, fn, ...rest);
  };
  self.postMessage = (message) => {
    if (answer) {
      const resolve = answer;
      answer = null;
      resolve(message);
    } else toPage(message);
  };
  importScripts(theme.href);
  delete self.addEventListener;
  const lunr = self.lunr;

  /* Messages to the theme's code, one run of them at a time, whatever asks (a query's
     SETUP and QUERY are never split by another's): a SETUP may say which index the theme's
     code is to build (`make`, given its builder, which still tokenises the documents it is
     given: the theme needs that to mark matches), a QUERY may record the clauses lunr
     makes of it (`record`). The reply to the last message is returned. */
  let asking = Promise.resolve();
  let nextIndex = null;
  let recording = null;
  function once(message, { make = null, record = null } = {}) {
    return new Promise((resolve) => {
      nextIndex = make;
      recording = record;
      answer = (reply) => {
        nextIndex = null;
        recording = null;
        resolve(reply);
      };
      themeListener({ data: message });
    });
  }
  function ask(...steps) {
    const next = asking.then(async () => {
      let reply;
      for (const [message, options] of steps) reply = await once(message, options);
      return reply;
    });
    asking = next.catch(() => undefined);
    return next;
  }

  const build = lunr.Builder.prototype.build;
  lunr.Builder.prototype.build = function () {
    if (!nextIndex) return build.call(this);
    const make = nextIndex;
    nextIndex = null;
    return make(this);
  };
  const fromClause = lunr.TokenSet.fromClause;
  lunr.TokenSet.fromClause = (clause) => {
    if (recording) recording.push({ term: clause.term, editDistance: clause.editDistance || 0, wildcard: clause.wildcard || 0 });
    return fromClause.call(lunr.TokenSet, clause);
  };

  let setup = null; // the theme's SETUP data: configuration, no documents
  let manifest = null; // promise: the manifest, or null without shards
  let vocabulary = null; // lunr.TokenSet of the terms known, made when needed
  const known = new Set(); // the terms of the lists fetched
  const lists = new Map(); // term list number -> promise
  let whole = false; // no shards: the theme's whole index is in use
  const shards = new Map(); // shard number -> promise of its body
  const terms = new Map(); // term -> [term number, per field: [doc, weight, ...]]
  const docs = new Map(); // doc number -> [address, article's doc number]
  const pageHash = new Map(); // article -> hash of its page entries
  const pages = new Map(); // article -> promise of its entries
  const loadedPages = new Map(); // article -> entries
  let generation = 0;
  let pending = null; // the newest query not yet answered
  let running = false;

  async function json(url) {
    const response = await fetch(url, { credentials: "same-origin" });
    if (!response.ok) throw Object.assign(new Error(`${url}: ${response.status}`), { status: response.status });
    return response.json();
  }

  /* The manifest; null when the site has none (built without shards). Offline, the
     next query asks again. */
  function loadManifest() {
    manifest ||= json(new URL("manifest.json", shardsAt)).catch((failure) => {
      if (failure.status === 404) return null;
      manifest = null;
      throw failure;
    });
    return manifest;
  }

  /* The last of `runs` (sorted by their first term) whose first term is not after `term`. */
  function runOf(runs, term) {
    let low = 0;
    let high = runs.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (runs[middle][0] <= term) low = middle;
      else high = middle - 1;
    }
    return low;
  }

  function loadList(found, number) {
    if (!lists.has(number)) {
      const url = new URL(`l${number}.json?v=${found.lists[number][1]}`, shardsAt);
      lists.set(
        number,
        json(url).then((words) => {
          for (const word of words) known.add(word);
          vocabulary = null;
        }),
      );
      lists.get(number).catch(() => lists.delete(number));
    }
    return lists.get(number);
  }

  function loadShard(found, number) {
    if (!shards.has(number)) {
      const url = new URL(`t${number}.json?v=${found.shards[number][1]}`, shardsAt);
      shards.set(
        number,
        json(url).then((body) => {
          for (const [term, entry] of Object.entries(body.terms)) terms.set(term, entry);
          for (const [doc, about] of Object.entries(body.docs)) docs.set(+doc, about);
          for (const [article, hash] of Object.entries(body.pages)) pageHash.set(+article, hash);
        }),
      );
      shards.get(number).catch(() => shards.delete(number));
    }
    return shards.get(number);
  }

  function loadPage(article) {
    if (!pages.has(article)) {
      const url = new URL(`p${article}.json?v=${pageHash.get(article)}`, shardsAt);
      pages.set(
        article,
        json(url).then((entries) => loadedPages.set(article, entries)),
      );
      pages.get(article).catch(() => pages.delete(article));
    }
    return pages.get(article);
  }

  /* The clauses lunr makes of `query` (each word after the theme's pipeline, with its
     wildcard and edit distance), asked of an index that holds nothing. */
  async function clausesOf(query) {
    const clauses = [];
    const make = (builder) =>
      new lunr.Index({ invertedIndex: {}, fieldVectors: {}, tokenSet: new lunr.TokenSet(), fields: Object.keys(builder._fields), pipeline: builder.searchPipeline });
    await ask([{ type: SETUP, data: { ...setup, docs: [] } }, { make }], [{ type: QUERY, data: query }, { record: clauses }]);
    return clauses;
  }

  /* The term lists a clause's words can be in: those of its prefix; for a word within some
     edits, those of words beginning with its first or its second letter (the first letter
     dropped or swapped), unless the lists are small enough to be fetched whole. */
  function listsFor(found, clauses) {
    const all = found.lists.map((_, number) => number);
    const numbers = new Set();
    for (const { term, editDistance, wildcard } of clauses) {
      if (found.whole || wildcard & lunr.Query.wildcard.LEADING) return all;
      const prefixes = editDistance ? [...new Set([...term.slice(0, 2)])] : [term];
      for (const prefix of prefixes) {
        for (let n = runOf(found.lists, prefix); n <= runOf(found.lists, `${prefix}\uffff`); n++) numbers.add(n);
      }
    }
    return [...numbers];
  }

  /* Which terms the theme's code looks up for `query`, asked of an index that holds every
     known term with no postings. */
  async function termsOf(found, query) {
    const clauses = await clausesOf(query);
    const needed = listsFor(found, clauses);
    if (needed.some((number) => !lists.has(number)) && !(await typedOn())) return null;
    await Promise.all(needed.map((number) => loadList(found, number)));
    vocabulary ||= lunr.TokenSet.fromArray([...known].sort());
    const seen = new Set();
    const empty = Object.fromEntries(found.fields.map((field) => [field, {}]));
    const lookups = new Proxy(
      {},
      {
        get(_, term) {
          if (typeof term !== "string" || !known.has(term)) return undefined;
          seen.add(term);
          return { _index: 0, ...empty };
        },
        has: (_, term) => known.has(term),
      },
    );
    const make = (builder) =>
      new lunr.Index({ invertedIndex: lookups, fieldVectors: {}, tokenSet: vocabulary, fields: Object.keys(builder._fields), pipeline: builder.searchPipeline });
    await ask([{ type: SETUP, data: { ...setup, docs: [] } }, { make }], [{ type: QUERY, data: query }]);
    return [...seen].sort((a, b) => a.length - b.length || (a < b ? -1 : 1));
  }

  /* The shards `wanted` terms are in, the shortest terms' first, at most MAX_SHARDS new. */
  async function fetchShards(found, wanted) {
    const numbers = [];
    for (const term of wanted) {
      const number = runOf(found.shards, term);
      if (numbers.includes(number)) continue;
      if (numbers.filter((n) => !shards.has(n)).length >= MAX_SHARDS && !shards.has(number)) continue;
      numbers.push(number);
    }
    if (numbers.some((number) => !shards.has(number)) && !(await typedOn())) return false;
    await Promise.all(numbers.map((number) => loadShard(found, number)));
    return true;
  }

  /* Before fetching for a query: a moment for the next key. True when no newer query came
     (a reader typing a word fetches for the word, not for each of its first letters). */
  async function typedOn() {
    if (pending !== null) return false;
    await new Promise((resolve) => setTimeout(resolve, TYPING_MS));
    return pending === null;
  }

  /* The theme's documents for what the loaded shards name: each page fetched so far with
     all its entries, any other document as its address alone (with its article before it,
     as the theme pairs a section with its page). */
  function documents(reach) {
    const wanted = new Set();
    const pagesIn = new Set();
    for (const term of reach) {
      const entry = terms.get(term);
      if (!entry) continue;
      for (const flat of entry.slice(1)) {
        for (let k = 0; k < flat.length; k += 2) {
          const article = docs.get(flat[k])[1];
          if (loadedPages.has(article)) pagesIn.add(article);
          else wanted.add(flat[k]).add(article);
        }
      }
    }
    const list = [];
    for (const doc of [...wanted].sort((a, b) => a - b)) {
      const [location] = docs.get(doc);
      list.push([doc, { location, title: slugTitle(location), text: "" }]);
    }
    for (const article of pagesIn) loadedPages.get(article).forEach((entry, k) => list.push([article + k / 1e6, entry]));
    return list.sort((a, b) => a[0] - b[0]).map(([, entry]) => entry);
  }

  function slugTitle(location) {
    const [path, hash] = location.split("#");
    const name = decodeURIComponent(hash || path.replace(/\/$/, "").split("/").pop() || location);
    return name.replace(/[-_]+/g, " ");
  }

  /* A lunr index of the loaded terms, with positions from what the builder tokenised. */
  function partialIndex(builder, fields, reach) {
    const vectors = new Map();
    const inverted = Object.create(null);
    const held = reach.filter((term) => terms.has(term));
    for (const term of held) {
      const [number, ...postings] = terms.get(term);
      const entry = { _index: number };
      fields.forEach((field, f) => {
        const found = builder.invertedIndex[term]?.[field];
        const flat = postings[f];
        const byRef = {};
        for (let k = 0; k < flat.length; k += 2) {
          const ref = docs.get(flat[k])[0];
          byRef[ref] = found?.[ref] || { position: [] };
          const key = `${field}/${ref}`;
          if (!vectors.has(key)) vectors.set(key, []);
          vectors.get(key).push([number, flat[k + 1]]);
        }
        entry[field] = byRef;
      });
      inverted[term] = entry;
    }
    const fieldVectors = {};
    for (const [key, pairs] of vectors) fieldVectors[key] = new lunr.Vector(pairs.sort((a, b) => a[0] - b[0]).flat());
    return new lunr.Index({
      invertedIndex: inverted,
      fieldVectors,
      tokenSet: lunr.TokenSet.fromArray([...held].sort()),
      fields: Object.keys(builder._fields),
      pipeline: builder.searchPipeline,
    });
  }

  async function rank(found, query, reach) {
    const make = (builder) => partialIndex(builder, found.fields, reach);
    return ask([{ type: SETUP, data: { ...setup, docs: documents(reach) } }, { make }], [{ type: QUERY, data: query }]);
  }

  function articleOf(group) {
    const byLocation = new Map([...docs].map(([doc, [location, article]]) => [location, article]));
    for (const item of group) if (byLocation.has(item.location)) return byLocation.get(item.location);
    return undefined;
  }

  async function withPages(found, query, reach, result, upTo) {
    const articles = result.data.items.slice(0, upTo).map(articleOf).filter((a) => a !== undefined && !loadedPages.has(a));
    if (!articles.length) return result;
    await Promise.allSettled(articles.map(loadPage));
    return rank(found, query, reach);
  }

  let current = null; // the answered query: {generation, query, result, filled}

  async function answerQuery(query) {
    if (!query.trim()) return toPage(await ask([{ type: QUERY, data: query }])); // the theme's "" at start
    const found = await loadManifest();
    if (!found) return wholeIndex(query);
    const reach = await termsOf(found, query);
    if (reach === null || !(await fetchShards(found, reach)) || pending !== null) return; // a newer query waits: answer that one
    const result = await withPages(found, query, reach, await rank(found, query, reach), FIRST_PAGES);
    if (pending !== null) return;
    current = { generation: ++generation, query, reach, result, filled: FIRST_PAGES };
    toPage({ ...result, vaultGeneration: current.generation, vaultQuery: query });
    // The next ten once the reader has stopped typing: not for every letter on the way.
    const mine = current.generation;
    setTimeout(() => {
      if (pending === null) fillTo(mine, 2 * FIRST_PAGES).catch((failure) => console.warn("search:", failure));
    }, NEXT_AFTER_MS);
  }

  /* The page asks for the entries of results up to `upTo` (past those the reader has
     scrolled to); they are sent as a "vault-fill" of the groups from the last one filled. */
  async function fillTo(mine, upTo) {
    const found = await loadManifest();
    if (!current || current.generation !== mine || upTo <= current.filled) return;
    const from = current.filled;
    current.filled = upTo;
    const result = await withPages(found, current.query, current.reach, current.result, upTo);
    if (pending !== null || !current || current.generation !== mine) return;
    current.result = result;
    toPage({ type: "vault-fill", generation: mine, from, items: result.data.items.slice(from, upTo) });
  }

  /* A site built without shards: the theme's own index, fetched once. */
  async function wholeIndex(query) {
    if (!whole) {
      const index = await json(new URL("search/search_index.json", root));
      await ask([{ type: SETUP, data: { ...setup, docs: index.docs } }]);
      whole = true;
    }
    toPage(await ask([{ type: QUERY, data: query }]));
  }

  async function drain() {
    if (running) return;
    running = true;
    try {
      while (pending !== null) {
        const query = pending;
        pending = null;
        try {
          await answerQuery(query);
        } catch (failure) {
          console.warn("search:", failure);
          if (pending === null) toPage({ type: RESULT, data: { items: [] } });
        }
      }
    } finally {
      running = false;
    }
  }

  listen("message", (event) => {
    const message = event.data;
    if (message && message.type === SETUP) {
      setup = message.data;
      ask([{ type: SETUP, data: { ...setup, docs: [] } }]).then(toPage);
    } else if (message && message.type === "vault-warm") {
      loadManifest().catch(() => undefined);
    } else if (message && message.type === "vault-more") {
      if (pending === null) fillTo(message.generation, message.upTo).catch((failure) => console.warn("search:", failure));
    } else if (message && message.type === QUERY) {
      pending = String(message.data);
      drain();
    }
  });
})();
