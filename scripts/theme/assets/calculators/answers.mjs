// Answers computed at build time (scripts/calculators/answers.py): for each calculator,
// the engine's response to every request one change away from the form as the page shows
// it (a stepper one up or down, a box ticked, another choice...), in a small JSON file
// named by the calculator's data-answers. While Python is still loading in the browser,
// a request found there is answered from it at once; everything else, and everything once
// Python is ready, goes to Python as before. A request is looked up whole (calculator,
// every input, the way back to the root), so what is shown is exactly what Python answers.
//
// The page's head names each of its answers' files in a <link rel="preload"> and loads this
// module on its own, `async` (scripts/site/shell/calculators_hook.py): it runs as soon as it
// arrives, while the browser is still reading the page, and starts reading the files then,
// so a table is there when the calculators are mounted, instead of arriving after the
// theme's own start (about 0.2-0.4 s of a cold visit to Guardian X). The calculator script
// imports this same module (same address): one fetch per file.

import { response as rendered } from "./result-html.mjs";

const fetched = new Map(); // file's address -> promise of its table (null: none or failed)
const arrived = new Map(); // file's address -> its table, once there (null: none or failed)
const tables = new WeakMap(); // root -> the table once fetched (null: none or failed)
const loading = new WeakMap(); // root -> the fetch's promise, while it runs

// The inputs as JSON with sorted names: the key answers.py writes (request_key).
export const keyOf = (inputs) => JSON.stringify(inputs, Object.keys(inputs).sort());

function tableAt(url) {
  if (!fetched.has(url)) {
    fetched.set(url, fetch(url)
      .then((reply) => (reply.ok ? reply.json() : null))
      .then((table) => (table && typeof table === "object" && (typeof table.answers === "object" || typeof table.labels === "object") ? table : null))
      .catch(() => null)
      .then((table) => {
        arrived.set(url, table);
        return table;
      }));
    // This fetch took the head's preloaded copy; the theme rewrites the head's addresses
    // when it starts, which would fetch the file a second time.
    for (const link of document.querySelectorAll("link[data-answers-preload]")) if (link.href === url) link.remove();
  }
  return fetched.get(url);
}

// Every file the page's head preloads: read now (this module's first run, early).
for (const link of document.querySelectorAll("link[data-answers-preload]")) tableAt(link.href);

// Start fetching `root`'s answers (once per calculator on the page).
export function loadAnswers(root) {
  const address = root.getAttribute("data-answers");
  if (!address || tables.has(root) || loading.has(root)) return;
  const url = new URL(address, window.location.href).href;
  if (arrived.has(url)) {
    tables.set(root, arrived.get(url)); // already read: a first change is answered at once
    return;
  }
  const done = tableAt(url).then((table) => {
    tables.set(root, table);
    loading.delete(root);
  });
  loading.set(root, done);
}

// The answers' fetch still under way for `root`, or null.
export const answersArriving = (root) => loading.get(root) || null;

const lookUp = (table, request) => {
  if (!table || table.calculator !== request.calculator || table.base !== request.base) return null;
  const response = table.answers[keyOf(request.inputs)];
  return response && typeof response === "object" ? response : null;
};

// The response computed at build time for `request`, or null.
export const builtAnswer = (root, request) => lookUp(tables.get(root), request);

// A unit's own answers (scripts/calculators/unit_answers.py): the calculator's
// data-unit-answers names them with "{}" for the unit's index in the units' data; they are
// fetched once a request names that unit as the attacker.
function fileOfUnit(root, attribute, index) {
  const pattern = root.getAttribute(attribute);
  return pattern && index >= 0 ? new URL(pattern.replace("{}", String(index)), window.location.href).href : null;
}
const unitAddress = (root, index) => fileOfUnit(root, "data-unit-answers", index);

// Two units' answers, figures only (scripts/calculators/pair_answers.py): the calculator's
// data-pair-answers names the attacker's file as data-unit-answers does, and
// data-pair-meta what they share: the form, each defender's fields and name, and the
// calculator's words (for result-html.mjs).
function pairAddresses(root, index) {
  const file = fileOfUnit(root, "data-pair-answers", index);
  const meta = root.getAttribute("data-pair-meta");
  return file && meta ? [file, new URL(meta, window.location.href).href] : [];
}

// The fetch of the unit's answers still under way (started now if need be), or null.
export function unitAnswersArriving(root, index) {
  const urls = [unitAddress(root, index), ...pairAddresses(root, index)].filter((url) => url && !arrived.has(url));
  return urls.length ? Promise.all(urls.map(tableAt)) : null;
}

const NAME = "\u0000defender"; // a defender's own name in a stored result
const named = (value, name) => (Array.isArray(value) ? value.map((v) => named(v, name))
  : value && typeof value === "object" ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, named(v, name)]))
    : value === NAME ? name : value);

// The response for `request` among the attacker's pair answers: each request stored for its
// defender rebuilt and compared whole with `request`; null when none is exactly it.
function pairAnswer(root, index, request) {
  const [url, metaUrl] = pairAddresses(root, index);
  const table = url && arrived.get(url);
  const meta = metaUrl && arrived.get(metaUrl);
  if (!table || !meta || table.calculator !== request.calculator || table.base !== request.base || !Array.isArray(meta.units)) return null;
  const name = request.inputs.defender_unit;
  if (typeof name !== "string") return null;
  const at = name ? meta.units.indexOf(name) : -1;
  const chain = table.chains[name ? table.answers[at] : table.alone];
  if (!Array.isArray(chain) || (name && at < 0)) return null;
  const key = keyOf(request.inputs);
  const fill = name ? meta.fills[meta.fillOf[at]] : {};
  for (const [diff, answer] of chain) {
    const inputs = Object.assign({}, meta.inputs, table.inputs, fill, table.diffs[diff], { defender_unit: name });
    if (keyOf(inputs) === key) return rendered(named(table.responses[answer], name), meta, request.base);
  }
  return null;
}

// The response the build computed for `request` among the unit's answers, or null.
export function builtUnitAnswer(root, index, request) {
  const url = unitAddress(root, index);
  return (url ? lookUp(arrived.get(url), request) : null) || pairAnswer(root, index, request);
}
