/* The theme's own search index, built as its search worker builds it in the browser.

   node search_lunr.mjs WORKER INDEX OUT

   WORKER is mkdocs-material's search worker (assets/javascripts/workers/search.*.js), INDEX
   the search_index.json its search plugin wrote, OUT where lunr's serialised index goes.
   The worker is run here as it runs in a browser (its lunr, its tokenizer, its pipeline
   and its language files), and the lunr index it builds is written out: the weights in
   it are the ones a reader's search scores with, so scripts/site/search_shards.py can cut
   it into shards without computing a single weight itself. */
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import vm from "node:vm";

const [worker, input, output] = process.argv.slice(2);
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
const build = context.lunr.Builder.prototype.build;
context.lunr.Builder.prototype.build = function () {
  built = build.call(this);
  return built;
};

const { config, docs } = JSON.parse(readFileSync(input, "utf8"));
await listener({ data: { type: 0, data: { config, docs, options: { suggest: false } } } });
if (!built) throw new Error("the theme's search worker built no index");
writeFileSync(output, JSON.stringify(built.toJSON()));
