// Compare: a second set of inputs (B) beside a calculator's own (A), each computed by the
// engine in its own worker, with their headline numbers side by side, B − A, and both
// distributions overlaid on one chart. "Remove the comparison" returns to one set.
//
// Set B is a copy of A's root (`data-compare-set="B"`), mounted like any calculator with
// its own worker place (`<A's place>b`) and its own address prefix: `b.<name>` for the
// page's first calculator (`b2.<name>` for the second ...), beside a marker `b=1` (`b2=1`)
// that says the comparison is open. An address without them opens one set, as before.
// The numbers compared come from each result region's `data-headline`
// (rulesengine/calculators/headline.py): exact fractions, subtracted here exactly.
//
// Hooks used: calculator.mjs calls offerCompare(root, place, {mount, recompute}) for each
// calculator on a page; address.mjs's setPrefix/baselineOf/readAddress/withInputs/pushStep; the
// `calculator:result` and `calculator:state` events on a root; worker-client.mjs's
// stopWorker(place) to end B's worker with B.

import { inputsOf, parts } from "./form.mjs";
import { stopWorker } from "./worker-client.mjs";
import { baselineOf, pushStep, readAddress, setBaseline, setPrefix, withInputs } from "./address.mjs";
import { chartOf, legendOf, tableOf } from "./compare-view.mjs";

const entries = new WeakMap(); // A's root, B's root or the toggle -> {a, b, place, pair, panel, bar, button}
let hooks = null; // {mount, recompute} from calculator.mjs
let serial = 0;
const styleURL = new URL("compare.css" + new URL(import.meta.url).search, import.meta.url).href;

const marker = (place) => (place === 0 ? "b" : `b${place + 1}`);
const prefixOf = (place) => `${marker(place)}.`;

function wanted(entry) {
  const params = new URLSearchParams(window.location.search);
  const prefix = prefixOf(entry.place);
  return params.has(marker(entry.place)) || Array.from(params.keys()).some((key) => key.startsWith(prefix));
}

// mkdocs-material's instant navigation may swap <head>; the style sheet is looked for on every page.
function ensureStyle() {
  if (document.querySelector("link[data-compare-style]")) return;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = styleURL;
  link.setAttribute("data-compare-style", "");
  document.head.append(link);
}

export function offerCompare(root, place, given) {
  hooks = given;
  if (root.hasAttribute("data-compare-set") || entries.has(root) || !root.querySelector("form")) return;
  ensureStyle();
  const bar = document.createElement("div");
  bar.className = "calculator-compare-bar";
  bar.setAttribute("data-compare-bar", "");
  const button = document.createElement("button");
  button.type = "button";
  button.className = "calculator-compare-toggle";
  button.setAttribute("data-compare-toggle", "");
  bar.append(button);
  root.after(bar);
  const entry = { a: root, b: null, place, pair: null, panel: null, bar, button };
  entries.set(root, entry);
  entries.set(button, entry);
  button.addEventListener("click", () => (entry.b ? close(entry, false) : open(entry, false)));
  label(entry);
  if (wanted(entry)) open(entry, true);
}

// The toggle's words and each set's name ("Set A", "Set B") while the comparison is open.
function label(entry) {
  const open = Boolean(entry.b);
  entry.button.textContent = open ? "Remove the comparison" : "Compare with a second set of inputs";
  entry.button.setAttribute("aria-expanded", String(open));
  if (open) entry.button.setAttribute("aria-controls", entry.b.id);
  else entry.button.removeAttribute("aria-controls");
  for (const [root, name] of [[entry.a, "A"], [entry.b, "B"]]) {
    if (!root) continue;
    const title = root.querySelector(".calculator-title");
    let badge = root.querySelector("[data-set-badge]");
    if (open && !badge && title) {
      badge = document.createElement("span");
      badge.className = "calculator-set-badge";
      badge.setAttribute("data-set-badge", "");
      title.prepend(badge, " ");
    }
    if (badge) badge.textContent = `Set ${name}`;
    if (!open && badge) badge.remove();
    if (open) {
      root.setAttribute("role", "group");
      root.setAttribute("aria-label", `Set ${name}: ${title ? title.textContent.replace(/^Set [AB]\s*/, "") : "calculator"}`);
    } else {
      root.removeAttribute("role");
      root.removeAttribute("aria-label");
    }
  }
}

// B starts as a copy of A as it stands: its inputs and, when A's result answers them, its result.
function copyOf(a) {
  const b = a.cloneNode(true); // an input's value, a box's tick and a select's choice come along
  // What the page's scripts drew into A is drawn again for B when it is mounted (their
  // copies would have no listeners): status, error and clock lines, refusals beside fields,
  // the per-die face selects (faces.mjs), the unit pickers (units.mjs), the set's name.
  for (const el of b.querySelectorAll(":scope > [data-status], :scope > [data-error], :scope > [data-elapsed], [data-field-error], [data-field-note], [data-face-controls], [data-set-badge], [data-rows], [data-ruleset-note], [data-unit-picker], :scope > .calculator-share")) el.remove();
  for (const el of b.querySelectorAll("[data-pickers]")) el.removeAttribute("data-pickers"); // units.mjs draws B's pickers again
  for (const el of b.querySelectorAll("[aria-invalid], [aria-describedby]")) {
    el.removeAttribute("aria-invalid");
    el.removeAttribute("aria-describedby");
  }
  b.setAttribute("data-compare-set", "B");
  b.id = `calculator-set-b-${++serial}`;
  const answered = ["static", "ready"].includes(a.getAttribute("data-state"));
  b.setAttribute("data-state", answered ? a.getAttribute("data-state") : "static");
  return { b, answered };
}

function open(entry, fromAddress) {
  if (entry.b || !hooks) return;
  const { a, place } = entry;
  const { b, answered } = copyOf(a);
  const pair = document.createElement("div");
  pair.className = "calculator-pair";
  pair.setAttribute("data-compare-pair", "");
  a.before(pair);
  pair.append(a, b);
  const panel = document.createElement("section");
  panel.className = "calculator-comparison";
  panel.setAttribute("data-comparison", "");
  panel.setAttribute("data-search-exclude", "");
  panel.tabIndex = 0; // it scrolls sideways when a column is too narrow: keyboard users can too
  pair.after(panel);
  Object.assign(entry, { b, pair, panel });
  entries.set(b, entry);
  hooks.mount(b, `${place}b`);
  setPrefix(b, prefixOf(place));
  setBaseline(b, baselineOf(a)); // B's address keys are its differences from the page's own inputs
  label(entry);
  if (fromAddress) {
    readAddress(b, (root) => hooks.recompute(root, true, true));
    if (!answered && b.getAttribute("data-state") !== "loading") hooks.recompute(b, true, true);
  } else {
    markAddress(entry, true); // with B's own keys, in the same step
    if (!answered) hooks.recompute(b, true);
    // The first field to change, past the unit pickers (units.mjs) at the top.
    const first = Array.from(parts(b).form.querySelectorAll("input, select, textarea")).find((el) => !el.closest("details.calculator-units"));
    if (first) first.focus();
  }
  draw(entry);
}

function close(entry, fromAddress) {
  if (!entry.b) return;
  entry.pair.before(entry.a);
  entry.pair.remove();
  entry.panel.remove();
  entries.delete(entry.b);
  // B's worker goes with B: its Python holds some 60 MB of the tab's memory (Chromium) and
  // would serve nothing now. Opening the comparison again starts a fresh one.
  stopWorker(`${entry.place}b`);
  Object.assign(entry, { b: null, pair: null, panel: null });
  label(entry);
  if (!fromAddress) markAddress(entry, false);
}

// Opening or removing the comparison is a step of its own in the history: Back undoes it.
function markAddress(entry, on) {
  const url = new URL(window.location.href);
  const prefix = prefixOf(entry.place);
  for (const key of Array.from(url.searchParams.keys())) if (key === marker(entry.place) || key.startsWith(prefix)) url.searchParams.delete(key);
  if (on) url.searchParams.set(marker(entry.place), "1");
  pushStep(on ? withInputs(entry.b, inputsOf(parts(entry.b).form), url.href) : url.href);
}

// ---- the comparison: both headlines side by side, B − A, one chart with both ----

function headlineOf(root) {
  const region = root.querySelector("[data-result]");
  try {
    return JSON.parse(region.getAttribute("data-headline") || "null");
  } catch {
    return null;
  }
}

function draw(entry) {
  const { a, b, panel } = entry;
  if (!b) return;
  const sets = [
    { name: "A", root: a, headline: headlineOf(a), state: a.getAttribute("data-state") },
    { name: "B", root: b, headline: headlineOf(b), state: b.getAttribute("data-state") },
  ];
  const title = document.createElement("p");
  title.className = "calculator-comparison-title";
  title.id = `${b.id}-title`;
  title.textContent = "Sets A and B compared";
  panel.setAttribute("aria-labelledby", title.id);
  const body = [title];
  if (sets.every((set) => set.headline)) {
    body.push(tableOf(sets), legendOf(), chartOf(sets, `${b.id}-hatch`));
  } else {
    const none = document.createElement("p");
    none.textContent = "These results have no number to set side by side; each set's result is shown above.";
    body.push(none);
  }
  const waiting = sets.filter((set) => set.state === "loading" || set.state === "error");
  if (waiting.length) {
    const note = document.createElement("p");
    note.className = "calculator-comparison-note";
    note.textContent = waiting.map((set) => `Set ${set.name} ${set.state === "loading" ? "is being computed" : "could not be computed"}; its column shows its previous result.`).join(" ");
    body.push(note);
  }
  panel.replaceChildren(...body);
}

function redraw(event) {
  const root = event.target;
  const entry = root instanceof Element ? entries.get(root) : null;
  if (entry && entry.b) draw(entry);
}

document.addEventListener("calculator:result", (event) => {
  const region = event.target instanceof Element ? event.target.querySelector("[data-result]") : null;
  if (region) region.setAttribute("data-headline", JSON.stringify(event.detail.headline ?? null));
  redraw(event);
});
document.addEventListener("calculator:state", redraw);

// Back and forward open or remove the comparison as the address says (calculator.mjs calls
// this on each step, once it has set each mounted set's inputs from the address).
export function compareFollowsAddress() {
  for (const button of document.querySelectorAll("[data-compare-toggle]")) {
    const entry = entries.get(button);
    if (!entry) continue;
    if (wanted(entry) && !entry.b) open(entry, true);
    else if (!wanted(entry) && entry.b) close(entry, true);
  }
}
