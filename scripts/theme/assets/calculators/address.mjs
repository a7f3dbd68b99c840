// The inputs live in the page address: a reader can share exactly this calculation, and
// back and forward walk through the reader's changes. Each calculator's inputs that differ
// from the page's own go in the query as `c.<name>=<value>` (the second calculator
// `c2.<name>`, and so on).

import { slotOf } from "./settings.mjs";
import { parts, setInputs } from "./form.mjs";

const baselines = new WeakMap(); // root -> the inputs the page arrived with

const prefixes = new WeakMap(); // root -> its own prefix (Compare's set B: compare.mjs)

export const setBaseline = (root, inputs) => baselines.set(root, inputs);
export const baselineOf = (root) => baselines.get(root) || {};
export const setPrefix = (root, prefix) => prefixes.set(root, prefix);

function prefix(root) {
  if (prefixes.has(root)) return prefixes.get(root);
  const slot = slotOf(root);
  return slot === 0 ? "c." : `c${slot + 1}.`;
}

export function writeAddress(root, inputs) {
  const base = baselines.get(root) || {};
  const url = new URL(window.location.href);
  const mine = prefix(root);
  for (const key of Array.from(url.searchParams.keys())) if (key.startsWith(mine)) url.searchParams.delete(key);
  for (const [name, value] of Object.entries(inputs)) {
    if (JSON.stringify(base[name]) === JSON.stringify(value)) continue;
    url.searchParams.set(mine + name, Array.isArray(value) ? JSON.stringify(value) : String(value));
  }
  if (url.href === window.location.href) return;
  // The first change after arriving is a new history entry; later ones refine it.
  const state = { calculators: true };
  if (history.state && history.state.calculators) history.replaceState(state, "", url.href);
  else history.pushState(state, "", url.href);
}

// Set `root`'s form to what the address says (the page's own inputs where it says
// nothing); `recompute(root)` runs when that changed anything or when the page arrived
// with a shared address.
export function readAddress(root, recompute) {
  const { form } = parts(root);
  if (!form) return;
  const mine = prefix(root);
  const params = new URLSearchParams(window.location.search);
  const values = Object.assign({}, baselines.get(root) || {});
  for (const el of form.querySelectorAll("[name]")) if (params.has(mine + el.name)) values[el.name] = params.get(mine + el.name);
  const changed = setInputs(form, values);
  if (changed || (Array.from(params.keys()).some((k) => k.startsWith(mine)) && root.getAttribute("data-state") === "static")) {
    recompute(root);
  }
}
