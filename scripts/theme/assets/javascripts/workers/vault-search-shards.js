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

   A common term's shard holds the postings of the pages where it scores highest, and says
   how high the rest could score, and which documents the rest names (search_shards.py).
   Each ranking then holds, for each such term, two made-up documents, a page and a
   section, with those highest weights: what the term's postings not yet fetched can add to
   a document's score. Results that score at least as high as any other could with those
   added, and that no page not yet fetched names, are the theme's, in its order; until there are enough of those for what the reader sees, the
   common terms' next pages are fetched. The rest of the list is filled in behind, with the
   theme's count of results.

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
  // What a query may fetch of common terms' later postings to put its results in the
  // theme's order (bytes before compression); past it, the order stays as it stands.
  const LATER_BYTES = 1024 * 1024;
  const SETUP = 0;
  const QUERY = 2;
  const RESULT = 3;
  // The made-up documents that stand for a common term's postings not yet fetched: a page
  // and one of its sections for each such term (its number in the query's list).
  const BOUND = "\u0000vault-bound-";
  const boundPage = (n) => `${BOUND}${n}/`;
  const boundSection = (n) => `${BOUND}${n}/#section`;

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
  const more = new Map(); // common term -> {files, bounds, names, held: Set of later pages fetched, fetching: Map}
  const byLocation = new Map(); // address -> doc number
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
          named(body);
          for (const [term, about] of Object.entries(body.more || {})) more.set(term, { ...about, held: new Set(), fetching: new Map() });
        }),
      );
      shards.get(number).catch(() => shards.delete(number));
    }
    return shards.get(number);
  }

  function named(body) {
    for (const [doc, about] of Object.entries(body.docs)) {
      docs.set(+doc, about);
      byLocation.set(about[0], +doc);
    }
    for (const [article, hash] of Object.entries(body.pages)) pageHash.set(+article, hash);
  }

  /* A common term with postings not yet fetched. */
  function open(term) {
    const about = more.get(term);
    return !!about && about.held.size < about.files.length;
  }

  /* A common term's later page `k` of postings, merged into what is held (each field's
     documents kept in their order, as the theme's index holds them). */
  function loadLater(term, k) {
    const about = more.get(term);
    if (about.held.has(k)) return Promise.resolve();
    if (!about.fetching.has(k)) {
      const [number, hash] = about.files[k];
      const fetching = json(new URL(`x${number}.json?v=${hash}`, shardsAt)).then((body) => {
        named(body);
        const [index, ...flats] = terms.get(term);
        const merged = flats.map((flat, f) => {
          const pairs = [];
          for (const list of [flat, body.entry[1 + f]]) for (let n = 0; n < list.length; n += 2) pairs.push([list[n], list[n + 1]]);
          return pairs.sort((x, y) => x[0] - y[0]).flat();
        });
        terms.set(term, [index, ...merged]);
        about.held.add(k);
      });
      about.fetching.set(k, fetching);
      fetching.finally(() => about.fetching.delete(k)).catch(() => undefined);
    }
    return about.fetching.get(k);
  }

  /* What a common term names in its pages not yet fetched: the documents (each marked
     whether it is a page), the articles (each with its page's number), and the highest
     weight per field, [page, section], those pages hold. */
  function notFetched(term) {
    const about = more.get(term);
    if (about.unfetched?.held !== about.held.size) {
      const articles = new Map(); // article -> later page
      const docs = new Map(); // doc -> whether it is a page (not a section)
      const highest = about.bounds[0].map(() => [0, 0]);
      about.names.forEach((flat, page) => {
        if (about.held.has(page)) return;
        about.bounds[page].forEach(([first, second], f) => {
          highest[f][0] = Math.max(highest[f][0], first);
          highest[f][1] = Math.max(highest[f][1], second);
        });
        let at = 0;
        for (let k = 0; k < flat.length; k += 2 + flat[k + 1]) {
          at += flat[k];
          articles.set(at, page);
          for (const offset of flat.slice(k + 2, k + 2 + flat[k + 1])) docs.set(at + offset, offset === 0);
        }
      });
      about.unfetched = { held: about.held.size, articles, docs, highest };
    }
    return about.unfetched;
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

  /* Before fetching for a query: a moment for the next key, once a query (a key typed
     while its first files are fetched is seen before the next). True when no newer query
     came (a reader typing a word fetches for the word, not for each of its first letters). */
  let waited = false;
  async function typedOn() {
    if (pending !== null) return false;
    if (waited) return true;
    await new Promise((resolve) => setTimeout(resolve, TYPING_MS));
    waited = true;
    return pending === null;
  }

  /* The theme's documents for what the loaded shards name: each page fetched so far with
     all its entries, any other document as its address alone (with its article before it,
     as the theme pairs a section with its page). */
  function documents(reach, bounded) {
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
    bounded.forEach((_, n) => list.push([Infinity, { location: boundPage(n), title: "", text: "" }], [Infinity, { location: boundSection(n), title: "", text: "" }]));
    return list.sort((a, b) => a[0] - b[0]).map(([, entry]) => entry);
  }

  function slugTitle(location) {
    const [path, hash] = location.split("#");
    const name = decodeURIComponent(hash || path.replace(/\/$/, "").split("/").pop() || location);
    return name.replace(/[-_]+/g, " ");
  }

  /* A lunr index of the loaded terms, with positions from what the builder tokenised. */
  function partialIndex(builder, fields, reach, bounded) {
    const boundOf = new Map(bounded.map((term, n) => [term, n]));
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
        // What the postings not yet fetched could weigh here, at most: a page, a section.
        if (boundOf.has(term)) {
          const about = more.get(term);
          const [page, section] = notFetched(term).highest[f];
          const n = boundOf.get(term);
          for (const [ref, weight] of [[boundPage(n), page], [boundSection(n), section]]) {
            if (!(weight > 0)) continue;
            byRef[ref] = { position: [] };
            const key = `${field}/${ref}`;
            if (!vectors.has(key)) vectors.set(key, []);
            vectors.get(key).push([number, weight]);
          }
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

  async function rank(found, query, reach, bounded = []) {
    const make = (builder) => partialIndex(builder, found.fields, reach, bounded);
    return ask([{ type: SETUP, data: { ...setup, docs: documents(reach, bounded) } }, { make }], [{ type: QUERY, data: query }]);
  }

  /* The theme's boost for an item: 1 + (1 for a page, + the share of the query's words it
     matches)². */
  function boostOf(item, share = null) {
    const terms = Object.values(item.terms || {});
    const matched = share ?? (terms.length ? terms.filter(Boolean).length / terms.length : 0);
    return 1 + (+!item.parent + matched) ** 2;
  }

  /* The query's answer from the postings held, with the common terms' later pages fetched
     until the first `want` results are the theme's (or every page is held). Null when a
     newer query came meanwhile. The answer's list: the results known to be in the theme's
     order, the others held (in the order they score so far), then one stand-in for each
     page a common term names in postings not yet fetched. */
  async function settle(found, query, reach, want, rounds = Infinity, spent = { bytes: 0 }) {
    for (let round = 0; ; round++) {
      const opened = reach.filter((term) => terms.has(term) && open(term));
      if (!opened.length) return { ...(await rank(found, query, reach)), vaultSettled: true };
      // Required and excluded words, phrases: only whole postings say which pages lack them.
      const presence = /(^|\s)[+-]|"/.test(query);
      const result = await rank(found, query, reach, presence ? [] : opened);
      const { items, certain } = presence ? { items: result.data.items, certain: 0 } : judge(result.data.items, opened);
      // The later pages naming the first results' pages (so that each shows every match the
      // theme's would); when none does, or they are more than what is left to spend, the
      // next page of each term.
      const costOf = (pages) => [...pages.values()].reduce((sum, [term, page]) => sum + (more.get(term).files[page][2] || 0), 0);
      let naming = new Map();
      if (!presence) {
        for (const group of items.slice(0, want)) {
          const article = articleOf(group);
          for (const term of opened) {
            const page = notFetched(term).articles.get(article);
            if (page !== undefined) naming.set(`${page} ${term}`, [term, page]);
          }
        }
      }
      if (!naming.size || spent.bytes + costOf(naming) > LATER_BYTES) {
        naming = new Map();
        for (const term of opened) {
          const about = more.get(term);
          const page = about.files.findIndex((_, n) => !about.held.has(n));
          naming.set(`${page} ${term}`, [term, page]);
        }
      }
      const cost = costOf(naming);
      const final = round >= rounds || spent.bytes + cost > LATER_BYTES;
      if (certain >= want || final) {
        const seen = new Set(items.map(articleOf));
        const unseen = new Set(opened.flatMap((term) => [...notFetched(term).articles.keys()]).filter((article) => !seen.has(article)));
        const standIns = [...unseen].map(() => [{ location: "#", title: "…", text: "", score: 0, terms: {} }]);
        // Settled: the theme's order, or as near as LATER_BYTES allows.
        return { ...result, data: { ...result.data, items: [...items, ...standIns] }, vaultSettled: certain >= want || round < rounds };
      }
      spent.bytes += cost;
      await Promise.all([...naming.values()].map(([term, page]) => loadLater(term, page)));
      if (pending !== null) return null;
    }
  }

  /* The groups without the made-up documents, and how many lead in the theme's order: a
     group leads when no page not yet fetched names its page, and its best item scores at
     least as high as any other result could with what those pages add. (At a tie, the
     theme lists first what comes first in its index; a common term's postings are cut in
     that order among equal scores, so for one word the order is the theme's.) */
  function judge(groups, opened) {
    const bound = new Map();
    const items = [];
    for (const group of groups) {
      const mine = group.filter((item) => !item.location.startsWith(BOUND));
      for (const item of group) if (item.location.startsWith(BOUND)) bound.set(item.location, item);
      if (mine.length) items.push(mine);
    }
    // What each term's pages not yet fetched can add to a document's lunr score (before
    // the theme's boost), summed over the terms whose pages name it.
    const lunrOf = (item) => (item ? item.score / boostOf(item) : 0);
    const added = new Map(); // doc -> [lunr score it may gain, a page?]
    opened.forEach((term, n) => {
      const gain = [lunrOf(bound.get(boundSection(n))), lunrOf(bound.get(boundPage(n)))];
      for (const [doc, page] of notFetched(term).docs) {
        const before = added.get(doc);
        added.set(doc, [(before ? before[0] : 0) + gain[+page], page]);
      }
    });
    const seen = new Map();
    items.forEach((group, g) => {
      for (const item of group) {
        const doc = byLocation.get(item.location);
        if (doc !== undefined && item.score > 0) seen.set(doc, { g, item });
      }
    });
    // The most a result could score once every page is fetched, but for those known whole.
    let highest = 0;
    for (const [doc, [gain, page]] of added) {
      const held = seen.get(doc);
      const before = held ? lunrOf(held.item) : 0;
      highest = Math.max(highest, (before + gain) * (1 + (+page + 1) ** 2));
    }
    // A result is whole when no page not yet fetched names its page (article): its group
    // then holds every match the theme's would, each with its whole score.
    const whole = (doc) => opened.every((term) => !notFetched(term).articles.has(docs.get(doc)[1]));
    const scored = [...seen].map(([doc, { g, item }]) => ({ g, score: item.score, whole: whole(doc) }));
    scored.sort((a, b) => b.score - a.score);
    let certain = 0;
    const leading = new Set();
    for (const { g, score, whole } of scored) {
      if (!whole || !(score >= highest)) break;
      leading.add(g);
    }
    while (leading.has(certain)) certain += 1;
    return { items, certain };
  }

  function articleOf(group) {
    for (const item of group) if (byLocation.has(item.location)) return docs.get(byLocation.get(item.location))[1];
    return undefined;
  }

  /* The answer with the first `upTo` results the theme's, and their pages' entries; with
     `rounds`, at most that many rounds of later pages fetched first (`vaultSettled`: whether
     those results are the theme's yet). */
  async function answerUpTo(found, query, reach, upTo, rounds = Infinity) {
    const spent = { bytes: 0 };
    const result = await settle(found, query, reach, upTo, rounds, spent);
    if (!result) return null;
    const articles = result.data.items.slice(0, upTo).map(articleOf).filter((a) => a !== undefined && !loadedPages.has(a));
    if (!articles.length) return result;
    await Promise.allSettled(articles.map(loadPage));
    if (pending !== null) return null;
    const again = await settle(found, query, reach, upTo, 0, spent);
    return again && { ...again, vaultSettled: result.vaultSettled };
  }

  let current = null; // the answered query: {generation, query, result, filled}

  async function answerQuery(query) {
    if (!query.trim()) return toPage(await ask([{ type: QUERY, data: query }])); // the theme's "" at start
    const found = await loadManifest();
    if (!found) return wholeIndex(query);
    waited = false;
    const reach = await termsOf(found, query);
    if (reach === null || !(await fetchShards(found, reach)) || pending !== null) return; // a newer query waits: answer that one
    // A first answer from the postings the shards hold; when a common term's later pages
    // may change its first results, they are fetched and the theme's answer follows it.
    let result = await answerUpTo(found, query, reach, FIRST_PAGES, 0);
    if (!result || pending !== null) return;
    current = { generation: ++generation, query, reach, result, filled: FIRST_PAGES };
    toPage({ ...result, vaultGeneration: current.generation, vaultQuery: query });
    if (!result.vaultSettled) {
      result = await answerUpTo(found, query, reach, FIRST_PAGES);
      if (!result || pending !== null) return;
      current = { generation: ++generation, query, reach, result, filled: FIRST_PAGES };
      toPage({ ...result, vaultGeneration: current.generation, vaultQuery: query });
    }
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
    const result = await answerUpTo(found, current.query, current.reach, upTo);
    if (!result || pending !== null || !current || current.generation !== mine) return;
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
