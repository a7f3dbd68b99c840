/* The theme's own search index, built as its search worker builds it in the browser.

   node search_lunr.mjs [--whole] WORKER INDEX OUT

   WORKER is mkdocs-material's search worker (assets/javascripts/workers/search.*.js), INDEX
   the search_index.json its search plugin wrote, OUT where its postings go (JSON lines, below).
   The worker is run here as it runs in a browser (its lunr, its tokenizer, its pipeline
   and its language files), and the lunr index it builds is written out: the weights in
   it are the ones a reader's search scores with, so scripts/site/search_shards.py can cut
   it into shards without computing a single weight itself. */
import { closeSync, openSync, readFileSync, writeFileSync, writeSync } from "node:fs";
import { dirname, resolve } from "node:path";
import vm from "node:vm";

const whole = process.argv.includes("--whole");
const [worker, input, output] = process.argv.slice(2).filter((arg) => arg !== "--whole");
if (!worker || !input || !output) {
  process.stderr.write("usage: node search_lunr.mjs WORKER INDEX OUT\n");
  process.exit(2);
}

let listener = null;
const answers = [];
const context = {
  console,
  addEventListener: (type, fn) => {
    if (type === "message") listener = fn;
  },
  postMessage: (message) => answers.push(message),
  // Language files, named relative to the worker as the browser would fetch them.
  importScripts: (...urls) => {
    for (const url of urls) vm.runInContext(readFileSync(resolve(dirname(worker), url), "utf8"), context, { filename: url });
  },
};
context.self = context;
vm.createContext(context);
vm.runInContext(readFileSync(worker, "utf8"), context, { filename: worker });
if (!listener || !context.lunr) throw new Error(`${worker} is not the theme's search worker (no message listener, no lunr)`);

let built = null;
const Builder = context.lunr.Builder.prototype;
const build = Builder.build;
Builder.build = function () {
  built = build.call(this);
  return built;
};
if (!whole) lean(context.lunr);

/* The index the worker builds, with nothing kept that no weight or term number comes from
   (a big vault's index held it all at once: 870 MB for 11,000 notes). The theme's worker
   is run as it is, its builder's own steps computing every weight; around them, here:
   - no token positions are kept (the builder's metadata and the worker's position tables,
     which serve only to highlight a result), and each posting's empty metadata is one
     shared object;
   - a document's text is let go once the builder has read it (the worker's map of the
     documents keeps them for results, and no query is made here);
   - each document's term counts are let go once its field vector is made from them;
   - the token set (for wildcard queries) is not made.
   The tests check the postings written so against lunr's own serialisation of the index the
   worker builds untouched (`--whole`), weight for weight. */
function lean(lunr) {
  const empty = Object.freeze(Object.create(null));
  const tables = [];
  let table = [];
  const add = lunr.Builder.prototype.add;
  lunr.Builder.prototype.add = function (doc, attributes) {
    if (!Object.getOwnPropertyDescriptor(lunr.tokenizer, "table")?.get) {
      // The worker gives each field of each document a new position table through this.
      Object.defineProperty(lunr.tokenizer, "table", {
        configurable: true,
        get: () => table,
        set: (value) => tables.push((table = value)),
      });
    }
    this.metadataWhitelist = [];
    const added = add.call(this, doc, attributes);
    const ref = doc[this._ref];
    for (const field of Object.keys(this._fields)) {
      for (const term in this.fieldTermFrequencies[`${field}/${ref}`]) this.invertedIndex[term][field][ref] = empty;
      doc[field] = undefined;
    }
    for (const each of tables) each.length = 0;
    tables.length = 0;
    return added;
  };
  const vectors = lunr.Builder.prototype.createFieldVectors;
  lunr.Builder.prototype.createFieldVectors = function () {
    const counts = this.fieldTermFrequencies;
    // Read once per field vector, in the builder's own loop; gone once read.
    this.fieldTermFrequencies = new Proxy(counts, {
      get(target, key) {
        const value = target[key];
        delete target[key];
        return value;
      },
    });
    vectors.call(this);
    this.fieldTermFrequencies = null;
  };
  lunr.Builder.prototype.createTokenSet = function () {
    this.tokenSet = null;
  };
}

const { config, docs } = JSON.parse(readFileSync(input, "utf8"));
await listener({ data: { type: 0, data: { config, docs, options: { suggest: false } } } });
if (!built) throw new Error("the theme's search worker built no index");

if (whole) {
  // lunr's own serialisation, for the tests to check the postings against.
  writeFileSync(output, JSON.stringify(built.toJSON()));
  process.exit(0);
}

// Written as JSON lines, so that the side that cuts it into shards never holds it whole: a
// header (lunr's version and the fields), then one line per term in the order JavaScript
// sorts strings: [term, lunr's term number, per field [document number, weight, ...]], the
// documents numbered by their place in the search plugin's index and in that order, each
// weight read from the document's field vector at the term's number.
const number = new Map(docs.map((doc, n) => [String(doc.location), n]));
// A field vector's elements are [term number, weight, ...] sorted by term number (lunr
// keeps them so), so a weight is found by halving, with nothing more held.
const weight = (fieldRef, term) => {
  const elements = built.fieldVectors[fieldRef].elements;
  let low = 0;
  let high = elements.length / 2 - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const at = elements[middle * 2];
    if (at === term) return elements[middle * 2 + 1];
    if (at < term) low = middle + 1;
    else high = middle - 1;
  }
  throw new Error(`${fieldRef} has no weight for term ${term}`);
};
const out = openSync(output, "w");
let pending = [JSON.stringify({ version: context.lunr.version, fields: built.fields })];
for (const term of Object.keys(built.invertedIndex).sort()) {
  const posting = built.invertedIndex[term];
  const line = [term, posting._index];
  for (const field of built.fields) {
    const refs = Object.keys(posting[field] || {}).sort((a, b) => number.get(a) - number.get(b));
    const flat = [];
    for (const ref of refs) flat.push(number.get(ref), weight(`${field}/${ref}`, posting._index));
    line.push(flat);
  }
  pending.push(JSON.stringify(line));
  if (pending.length >= 1000) {
    writeSync(out, pending.join("\n") + "\n");
    pending = [];
  }
}
if (pending.length) writeSync(out, pending.join("\n") + "\n");
closeSync(out);
