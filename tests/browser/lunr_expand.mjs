/* The terms lunr itself expands words to, for the search shard tests: node lunr_expand.mjs
   WORKER < {"terms": [...], "words": [[word, edits], ...]} prints, for each word, the terms
   that begin with it or are within `edits` of it, by the theme's own lunr (its worker file
   run here) over the whole term list. */
import { readFileSync } from "node:fs";
import vm from "node:vm";

const context = { console, addEventListener() {}, postMessage() {}, importScripts() {} };
context.self = context;
vm.createContext(context);
vm.runInContext(readFileSync(process.argv[2], "utf8"), context);
const { lunr } = context;
const { terms, words } = JSON.parse(readFileSync(0, "utf8"));
const all = lunr.TokenSet.fromArray([...terms].sort());
const reached = words.map(([word, edits]) => [
  ...new Set([
    ...all.intersect(lunr.TokenSet.fromString(`${word}*`)).toArray(),
    ...(edits ? all.intersect(lunr.TokenSet.fromFuzzyString(word, edits)).toArray() : []),
  ]),
]);
process.stdout.write(JSON.stringify(reached));
