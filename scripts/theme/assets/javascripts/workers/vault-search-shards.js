/* The theme's search worker, fed from the search shards (scripts/site/search_shards.py)
   instead of the whole index.

   assets/search-forgiving.js starts this worker in place of the theme's own, naming the
   theme's worker in `?theme=`; it sits beside it, so the theme's language files are found
   where the theme looks for them. The theme's worker is loaded here as it is, but its
   messages pass through this file:

   - SETUP carries no documents (the page was given search/shards/setup.json): the theme's
     configuration is kept for later;
   - each QUERY: the query is first run by the theme's own code on an empty index, which
     shows its clauses (each word after the theme's pipeline, its wildcard and edits) and
     the string it hands lunr; the term lists those words can be in are fetched, and each
     clause is expanded against them as lunr expands it (a prefix, a word within one or two
     edits; kept per list and clause, so a word typed on is not expanded again); the
     shards holding those terms are fetched; then the theme's code runs the query again on
     a lunr index holding exactly those terms (and the documents they occur in), with
     lunr's weights from the shards. Scores and order are the theme's. Before that, lunr
     alone ranks the same index, and only the articles that could be among the results
     wanted are handed to the theme's code (its cost is per document: a one-letter word
     names thousands); the others follow in the list by address, ranked when scrolled to.
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

   A query arriving while another is fetching replaces it. Term lists are fetched at once
   (a one-letter prefix's excepted); a query that needs shards not yet fetched waits until
   TYPING_MS after it came for the next key, but for the shards of words the reader has
   typed past (the query before had them too), fetched at once. A clause fetches at most
   CLAUSE_SHARDS shards, its shortest terms' first (a one- or two-letter prefix reaches
   thousands of terms), and a query MAX_SHARDS, the clauses reaching fewest terms first.
   Without the shards (a site built without them), the theme's whole index is used. */
"use strict";

(() => {
  const CLAUSE_SHARDS = 8;
  const MAX_SHARDS = 24;
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
  // The query string the theme's code hands lunr (after its own rewriting), for the
  // ranking done here without the theme's code (candidates()).
  const search = lunr.Index.prototype.search;
  let searched = null;
  lunr.Index.prototype.search = function (string) {
    searched = string;
    return search.call(this, string);
  };
  const fromClause = lunr.TokenSet.fromClause;
  lunr.TokenSet.fromClause = (clause) => {
    if (recording) recording.push({ term: clause.term, editDistance: clause.editDistance || 0, wildcard: clause.wildcard || 0 });
    return fromClause.call(lunr.TokenSet, clause);
  };

  let setup = null; // the theme's SETUP data: configuration, no documents
  let shape = null; // the fields and search pipeline of the theme's lunr index
  const lunrQueries = new Map(); // query -> the string the theme's code hands lunr for it
  let manifest = null; // promise: the manifest, or null without shards
  const listTerms = new Map(); // term list number -> lunr.TokenSet of its terms, made when needed
  const expansions = new Map(); // term list number and clause -> the terms it reaches there
  let lastClauses = new Set(); // the clauses of the query before, as keys
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
          listTerms.set(number, words);
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
    const make = (builder) => {
      shape = { fields: Object.keys(builder._fields), pipeline: builder.searchPipeline };
      return new lunr.Index({ invertedIndex: {}, fieldVectors: {}, tokenSet: new lunr.TokenSet(), fields: shape.fields, pipeline: shape.pipeline });
    };
    searched = null;
    await ask([{ type: SETUP, data: { ...setup, docs: [] } }, { make }], [{ type: QUERY, data: query }, { record: clauses }]);
    clauses.lunrQuery = searched;
    return clauses;
  }

  /* The term lists a clause's words can be in: those of its prefix (lunr keeps the theme's
     `*` in the term: a prefix is what comes before it); for a word within some edits, those
     of words beginning with its first or its second letter (the first letter dropped or
     swapped), unless the lists are small enough to be fetched whole. */
  function listsOf(found, { term, editDistance, wildcard }) {
    const star = term.indexOf("*");
    if (found.whole || wildcard & lunr.Query.wildcard.LEADING || star === 0) return found.lists.map((_, number) => number);
    const numbers = [];
    const prefixes = editDistance ? [...new Set([...term.slice(0, 2)])] : [star > 0 ? term.slice(0, star) : term];
    for (const prefix of prefixes) {
      for (let n = runOf(found.lists, prefix); n <= runOf(found.lists, `${prefix}\uffff`); n++) if (!numbers.includes(n)) numbers.push(n);
    }
    return numbers;
  }

  /* The terms of term list `number` that `clause` reaches, as lunr finds them (its query
     intersects its term set with the clause's: a prefix, a word within some edits), kept:
     the words a reader has typed reach the same terms at every key that follows. */
  function expand(number, clause) {
    const key = `${number}\u0000${clause.term}\u0000${clause.editDistance}\u0000${clause.wildcard}`;
    if (!expansions.has(key)) {
      let set = listTerms.get(number);
      if (Array.isArray(set)) listTerms.set(number, (set = lunr.TokenSet.fromArray(set)));
      const { term, editDistance } = clause;
      expansions.set(key, set.intersect(lunr.TokenSet.fromClause(editDistance ? { term, editDistance } : { term })).toArray());
    }
    return expansions.get(key);
  }

  /* The terms lunr looks up for `query`: each clause's (a word after the theme's pipeline,
     with its wildcard and edits) among the terms of its lists. All of them, shortest first
     (`reach`), and in the order their shards are fetched (`order`): the terms of the clause
     that reaches fewest first, each clause's shortest first, so that a word's own shards
     come before those of a one-letter prefix beside it, which reaches thousands of terms. */
  async function termsOf(found, query) {
    const clauses = await clausesOf(query);
    // A clause the query before this one had too is a word the reader has typed past.
    const keys = clauses.map(({ term, editDistance, wildcard }) => `${term}\u0000${editDistance}\u0000${wildcard}`);
    const before = lastClauses;
    lastClauses = new Set(keys);
    const listed = clauses.map((clause) => listsOf(found, clause));
    const needed = [...new Set(listed.flat())];
    // Term lists are fetched at once, not after the pause for the next key: a word's lists
    // are those of its first letters, which the next key keeps. But a one-letter prefix's
    // (every list of words beginning with it), which the next key narrows, wait; unless
    // the reader has typed past it.
    const oneLetter = (clause, k) => !clause.editDistance && /^[^*]\*?$/u.test(clause.term) && !before.has(keys[k]);
    const later = new Set(listed.filter((_, k) => oneLetter(clauses[k], k)).flat());
    for (const numbers of listed.filter((_, k) => !oneLetter(clauses[k], k))) for (const number of numbers) later.delete(number);
    if ([...later].some((number) => !lists.has(number)) && !(await typedOn())) return null;
    if (needed.some((number) => !listTerms.has(number))) {
      await Promise.all(needed.map((number) => loadList(found, number)));
      if (pending !== null) return null;
    }
    lunrQueries.set(query, clauses.lunrQuery);
    const shortest = (a, b) => a.length - b.length || (a < b ? -1 : 1);
    const reached = clauses.map((clause, k) => [...new Set(listed[k].flatMap((number) => expand(number, clause)))]);
    const typed = new Set(reached.filter((_, k) => before.has(keys[k])).flat());
    const order = [...reached].sort((a, b) => a.length - b.length).map((terms) => terms.sort(shortest));
    return { reach: [...new Set(order.flat())].sort(shortest), order, typed };
  }

  /* The shards of each clause's terms in `order` (the clauses reaching fewest terms
     first, each clause's shortest terms first): at most CLAUSE_SHARDS a clause, MAX_SHARDS
     in all, held or not, so that a word reaches the same shards whatever is typed beside
     it or before it. Those of `typed` terms (reached by words the reader has typed past:
     the query before had them too) are fetched at once; the others after the pause for
     the next key. So the words before the one being typed are fetched while it is typed. */
  async function fetchShards(found, order, typed = new Set()) {
    const numbers = [];
    const now = new Set();
    for (const terms of order) {
      const mine = [];
      for (const term of terms) {
        const number = runOf(found.shards, term);
        if (!mine.includes(number)) {
          if (mine.length >= CLAUSE_SHARDS) break;
          mine.push(number);
        }
        if (typed.has(term)) now.add(number);
      }
      for (const number of mine) if (!numbers.includes(number) && numbers.length < MAX_SHARDS) numbers.push(number);
    }
    for (const number of now) if (numbers.includes(number)) loadShard(found, number).catch(() => undefined);
    if (numbers.some((number) => !shards.has(number)) && !(await typedOn())) return false;
    await Promise.all(numbers.map((number) => loadShard(found, number)));
    return true;
  }

  /* Before fetching shards for a query: a moment for the next key, counted from when the
     query came, so it passes while its term lists come and its terms are found. True when
     no newer query came (a reader typing a word fetches for the word, not for each of its
     first letters). */
  let pause = null;
  function startPause() {
    const begun = new Promise((resolve) => setTimeout(resolve, TYPING_MS));
    pause = begun.then(() => pending === null);
  }
  async function typedOn() {
    if (pending !== null) return false;
    return pause ? pause : true;
  }

  /* The theme's documents for what the loaded shards name: each page fetched so far with
     all its entries, any other document as its address alone (with its article before it,
     as the theme pairs a section with its page). */
  function documents(reach, bounded, kept = null) {
    const wanted = new Set();
    const pagesIn = new Set();
    for (const term of reach) {
      const entry = terms.get(term);
      if (!entry) continue;
      for (const flat of entry.slice(1)) {
        for (let k = 0; k < flat.length; k += 2) {
          const article = docs.get(flat[k])[1];
          if (kept && !kept.has(article)) continue;
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

  /* A lunr index of the loaded terms, with positions from what the builder tokenised (no
     builder: none). With `kept`, only the postings of those articles' documents: a
     document's score does not depend on the others', so theirs are unchanged. */
  function partialIndex(builder, fields, reach, bounded, kept = null) {
    const boundOf = new Map(bounded.map((term, n) => [term, n]));
    const vectors = new Map();
    const inverted = Object.create(null);
    const held = reach.filter((term) => terms.has(term));
    for (const term of held) {
      const [number, ...postings] = terms.get(term);
      const entry = { _index: number };
      fields.forEach((field, f) => {
        const found = builder?.invertedIndex[term]?.[field];
        const flat = postings[f];
        const byRef = {};
        for (let k = 0; k < flat.length; k += 2) {
          const [ref, article] = docs.get(flat[k]);
          if (kept && !kept.has(article)) continue;
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
      fields: builder ? Object.keys(builder._fields) : shape.fields,
      pipeline: builder ? builder.searchPipeline : shape.pipeline,
    });
  }

  /* The query ranked by the theme's code over the postings held, `bounded` standing in for
     common terms' postings not yet fetched. With `want`, only the articles that could be
     among the first `want` are handed to the theme's code (each document it is handed
     costs it a tokenisation, thousands of them for a short word); `pruned` says which
     were left out. Null when nothing was. */
  async function rank(found, query, reach, bounded = [], want = Infinity) {
    const pruned = candidates(found, query, reach, want);
    const kept = pruned && pruned.kept;
    const make = (builder) => partialIndex(builder, found.fields, reach, bounded, kept);
    const message = await ask([{ type: SETUP, data: { ...setup, docs: documents(reach, bounded, kept) } }, { make }], [{ type: QUERY, data: query }]);
    return { message, pruned };
  }

  /* Which articles could be among the query's first `want` results, from lunr's own
     scores over the postings held (lunr alone, without the theme's code: no document is
     tokenised). The theme multiplies lunr's score by 1 + (1 for a page + the share of the
     query's words matched)²: between 2 and 5 for a page, 1 and 4 for a section. An article
     whose best could not reach the `want`-th best article's least is left out. Null when
     every article is kept. Else the articles kept, and for those left out: the most any
     of them could score with the theme's boost (`highest`), each document's lunr score
     (`lunr`), and the articles in the order they could score. */
  function candidates(found, query, reach, want) {
    const string = lunrQueries.get(query);
    if (!(want < Infinity) || !shape || typeof string !== "string") return null;
    const hits = partialIndex(null, found.fields, reach, []).search(string);
    const bounds = new Map(); // article -> [least, most]
    const scores = new Map(); // doc -> lunr score
    for (const { ref, score } of hits) {
      const doc = byLocation.get(ref);
      if (doc === undefined) continue;
      scores.set(doc, score);
      const article = docs.get(doc)[1];
      const page = +(article === doc);
      const before = bounds.get(article) || [0, 0];
      bounds.set(article, [Math.max(before[0], score * (1 + page ** 2)), Math.max(before[1], score * (1 + (page + 1) ** 2))]);
    }
    if (bounds.size <= want) return null;
    const least = [...bounds.values()].map(([low]) => low).sort((a, b) => b - a)[want - 1];
    const kept = new Set();
    const out = [];
    let highest = 0;
    for (const [article, [, most]] of bounds) {
      if (!(most < least)) kept.add(article);
      else {
        out.push([article, most]);
        highest = Math.max(highest, most);
      }
    }
    if (!out.length) return null;
    const lunrScores = new Map([...scores].filter(([doc]) => !kept.has(docs.get(doc)[1])));
    return { kept, highest, lunr: lunrScores, articles: out.sort((a, b) => b[1] - a[1]).map(([article]) => article) };
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
      if (!opened.length) {
        const { message, pruned } = await rank(found, query, reach, [], want);
        return { ...message, data: { ...message.data, items: [...message.data.items, ...leftOut(pruned)] }, vaultSettled: true, vaultLeftOut: pruned ? pruned.articles.length : 0 };
      }
      // Required and excluded words, phrases: only whole postings say which pages lack them.
      const presence = /(^|\s)[+-]|"/.test(query);
      const { message: result, pruned } = await rank(found, query, reach, presence ? [] : opened, want);
      const { items, certain } = presence ? { items: result.data.items, certain: 0 } : judge(result.data.items, opened, pruned);
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
        const seen = new Set([...items.map(articleOf), ...(pruned ? pruned.articles : [])]);
        const unseen = new Set(opened.flatMap((term) => [...notFetched(term).articles.keys()]).filter((article) => !seen.has(article)));
        const standIns = [...unseen].map(() => [{ location: "#", title: "…", text: "", score: 0, terms: {} }]);
        // Settled: the theme's order, or as near as LATER_BYTES allows.
        return { ...result, data: { ...result.data, items: [...items, ...leftOut(pruned), ...standIns] }, vaultSettled: certain >= want || round < rounds, vaultLeftOut: pruned ? pruned.articles.length : 0 };
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
  function judge(groups, opened, pruned = null) {
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
      const before = held ? lunrOf(held.item) : pruned?.lunr.get(doc) || 0;
      highest = Math.max(highest, (before + gain) * (1 + (+page + 1) ** 2));
    }
    // Nor lower than the articles left out of the ranking could score (candidates()).
    if (pruned) highest = Math.max(highest, pruned.highest);
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

  /* The articles candidates() left out of a ranking, after those ranked, in the order
     they could score: each its page's address and title alone, until the reader scrolls to
     it and the ranking is done again for more results ("vault-more"). */
  function leftOut(pruned) {
    if (!pruned) return [];
    return pruned.articles.map((article) => {
      const [location] = docs.get(article);
      return [{ location, title: slugTitle(location), text: "", score: 0, terms: {} }];
    });
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
    startPause();
    const reached = await termsOf(found, query);
    if (reached === null || !(await fetchShards(found, reached.order, reached.typed)) || pending !== null) return; // a newer query waits: answer that one
    const { reach } = reached;
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
