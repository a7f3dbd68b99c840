// The inputs live in the page address: a reader can share exactly this calculation, and
// back and forward walk through the reader's changes. Each calculator's inputs that differ
// from the page's own go in the query as `c.<name>=<value>` (the second calculator
// `c2.<name>`, and so on).

import { slotOf } from "./settings.mjs";
import { inputsOf, parts, setInputs } from "./form.mjs";
import { fillOf, unitsPending } from "./units.mjs";

const baselines = new WeakMap(); // root -> the inputs the page arrived with

const prefixes = new WeakMap(); // root -> its own prefix (Compare's set B: compare.mjs)

let refining = null; // the address of the history entry the reader's changes refine

export const setBaseline = (root, inputs) => baselines.set(root, inputs);
export const baselineOf = (root) => baselines.get(root) || {};
export const setPrefix = (root, prefix) => prefixes.set(root, prefix);

function prefix(root) {
  if (prefixes.has(root)) return prefixes.get(root);
  const slot = slotOf(root);
  return slot === 0 ? "c." : `c${slot + 1}.`;
}

// `href` with `root`'s keys set to `inputs` (those that differ from the page's own, and
// from what the units chosen fill in: a unit's link names the unit and the reader's edits).
export function withInputs(root, inputs, href = window.location.href) {
  const base = Object.assign({}, baselines.get(root) || {}, fillOf(root, parts(root).form, inputs));
  const url = new URL(href);
  const mine = prefix(root);
  for (const key of Array.from(url.searchParams.keys())) if (key.startsWith(mine)) url.searchParams.delete(key);
  for (const [name, value] of Object.entries(inputs)) {
    if (JSON.stringify(base[name]) === JSON.stringify(value)) continue;
    url.searchParams.set(mine + name, Array.isArray(value) ? JSON.stringify(value) : String(value));
  }
  return url.href;
}

export function writeAddress(root, inputs) {
  const url = new URL(withInputs(root, inputs));
  if (url.href === window.location.href) return;
  // The first change after arriving (or after opening or closing a comparison) is a new
  // history entry; later ones refine it. Which entry is ours is known by its address: the
  // theme replaces history.state with its scroll position 100 ms after any scroll, so a
  // mark kept there was lost or not depending on timing.
  if (refining === window.location.href) history.replaceState(history.state, "", url.href);
  else history.pushState(null, "", url.href);
  refining = url.href;
}

// A step of its own in the history (Compare opened or closed): the next change is a new
// entry after it.
export function pushStep(href) {
  history.pushState(null, "", href);
  refining = null;
}

// Set `root`'s form to what the address says (the page's own inputs where it says
// nothing; under them, what the units it names fill in, once their data is here: an input
// is `c.attacker_unit` or `c.attacker-unit`); `recompute(root)` runs when that changed
// anything or when the page arrived with a shared address.
export function readAddress(root, recompute) {
  const { form } = parts(root);
  if (!form) return;
  const mine = prefix(root);
  const params = new URLSearchParams(window.location.search);
  const given = {};
  for (const el of form.querySelectorAll("[name]")) {
    for (const key of [mine + el.name, mine + el.name.replace(/_/g, "-")]) if (params.has(key)) given[el.name] = params.get(key);
  }
  const waiting = unitsPending(root, given);
  if (waiting) waiting.then(() => { if (root.isConnected) fromParams(root, form, given, mine, params, recompute); });
  else fromParams(root, form, given, mine, params, recompute);
}

function fromParams(root, form, given, mine, params, recompute) {
  const base = baselines.get(root) || {};
  const chosen = Object.assign({}, base, given);
  const values = Object.assign({}, base, fillOf(root, form, Object.assign(inputsOf(form), chosen)), given);
  const changed = setInputs(form, values);
  if (changed || (Array.from(params.keys()).some((k) => k.startsWith(mine)) && root.getAttribute("data-state") === "static")) {
    recompute(root);
  }
}
