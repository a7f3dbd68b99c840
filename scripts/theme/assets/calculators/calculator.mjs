// Page side of the calculators. Each page arrives with its calculators already computed
// at build time (data-state="static"); this module lets the reader change an input and
// recomputes in the browser, with the same Python engine, in module workers kept for the
// whole visit (mkdocs-material's instant navigation swaps pages without a reload).
//
// The parts, by concern: settings.mjs (settings, counters, each calculator's place),
// form.mjs (inputs, checks, status, result, refusals), worker-client.mjs (the workers),
// address.mjs (inputs in the page address), units.mjs (Legion's unit pickers), faces.mjs (a select per die for the faces
// rolled), trace-fit.mjs (a worked example's faces follow the reader's other changes).
// This file wires them to each calculator and each worked example on the page.

import { settings, stats, setSlot, slotOf } from "./settings.mjs";
import { clearProblem, inputsOf, invalidMessages, labelOf, mountControls, parts, responseOf, setInputs, setState, showError, showResponse } from "./form.mjs";
import { answeredAhead, answers, forget, leanConnection, pythonWarm, pythonWarmLooked, send, showing, startWorker, workerCount, workerReady } from "./worker-client.mjs";
import { readAddress, setBaseline, writeAddress } from "./address.mjs";
import { mountFaces } from "./faces.mjs";
import { inputsGiven, mountFit, readerChanged } from "./trace-fit.mjs";
import { compareFollowsAddress, offerCompare } from "./compare.mjs";
import { describeItem, itemsOf, mountRows } from "./rows.mjs";
import { answersArriving, builtAnswer, builtUnitAnswer, loadAnswers, unitAnswersArriving } from "./answers.mjs";
import { mountUnits, unitIndex } from "./units.mjs";
import { mountArmy } from "./army.mjs";

const mounted = new WeakSet();
const lastRequest = new WeakMap(); // root -> last request sent for it
const debouncers = new WeakMap();

export function recompute(root, force = false, fromAddress = false) {
  if (!root.isConnected) return; // the reader has moved to another page
  const { form } = parts(root);
  // data-base is the way back to the site root, so links in the result resolve.
  const request = { calculator: root.getAttribute("data-calculator"), inputs: inputsOf(form), base: root.getAttribute("data-base") || "" };
  const key = JSON.stringify(request);
  // A control fires "input" and later "change" (on blur): the outcome shown, result or
  // error, already answers this request. Enter (submit) asks again regardless.
  if (!force && answers(root, key)) return;
  clearProblem(root);
  const messages = invalidMessages(form);
  if (messages.length) {
    forget(root);
    showError(root, messages.join(" "));
    return;
  }
  if (fromBuild(root, request, key, force, fromAddress)) return;
  showing(root, key);
  lastRequest.set(root, request);
  if (!fromAddress) writeAddress(root, request.inputs);
  setState(root, "loading", pythonWarm(slotOf(root)) ? "Computing in your browser…" : "Starting Python in your browser (first time only)…");
  send(root, request);
}

// While Python loads, an answer computed at build time (answers.mjs) is shown at once; the
// answers' file still on its way is waited for (Python starts meanwhile), unless the shared
// Python turns out to run already for another tab: then it answers (a new tab's page is
// still busy starting, and the file's arrival would wait behind that). True: handled.
const awaitingAnswers = new WeakSet();
function fromBuild(root, request, key, force, fromAddress) {
  const slot = slotOf(root);
  if (settings.precomputed === false || pythonWarm(slot)) return false;
  // A unit named as the attacker: its own answers too (unit_answers.py), fetched now.
  const unit = unitIndex(root, request.inputs.attacker_unit);
  const arriving = answersArriving(root) || unitAnswersArriving(root, unit);
  if (arriving) {
    startWorker(slot);
    setState(root, "loading", "Starting Python in your browser (first time only)…");
    if (!awaitingAnswers.has(root)) {
      awaitingAnswers.add(root);
      const warmFirst = pythonWarmLooked().then((warm) => (warm ? undefined : arriving));
      Promise.race([arriving, warmFirst]).then(() => {
        awaitingAnswers.delete(root);
        recompute(root, true, fromAddress);
      });
    }
    return true;
  }
  const response = builtAnswer(root, request) || builtUnitAnswer(root, unit, request);
  if (!response) return false;
  forget(root); // an answer still on its way from Python is for older inputs
  showing(root, key);
  lastRequest.set(root, request);
  if (!fromAddress) writeAddress(root, request.inputs);
  stats.precomputed = (stats.precomputed || 0) + 1;
  showResponse(root, response, 0);
  startWorker(slot); // the reader is changing inputs: the next change may need Python
  return true;
}

// Debounced on the leading edge: the first change is computed at once (the engine takes
// milliseconds), later ones within debounceMs are folded into one trailing recompute.
function schedule(root) {
  let slot = debouncers.get(root);
  if (!slot) debouncers.set(root, (slot = { timer: null, again: false }));
  if (slot.timer) {
    slot.again = true;
    return;
  }
  recompute(root);
  const tick = () => {
    if (!slot.again) {
      slot.timer = null;
      return;
    }
    slot.again = false;
    // Armed again whatever the recompute does: a timer left set would fold every later change
    // into a recompute that never comes.
    try {
      recompute(root);
    } finally {
      slot.timer = setTimeout(tick, settings.debounceMs);
    }
  };
  slot.timer = setTimeout(tick, settings.debounceMs);
}

function mount(root, slot) {
  if (mounted.has(root)) return;
  const { form } = parts(root);
  if (!form) return;
  mounted.add(root);
  setSlot(root, slot);
  loadAnswers(root);
  for (const note of form.querySelectorAll("[data-nojs]")) note.hidden = true;
  mountFaces(form);
  mountRows(form);
  mountControls(form);
  mountUnits(root);
  offerCopyLink(root);
  mountFit(root, recompute, answeredAhead);
  setBaseline(root, inputsOf(form));
  form.noValidate = true; // our message, with the allowed range, replaces the browser's bubble
  form.addEventListener("input", (event) => { readerChanged(root, event.target); schedule(root); });
  form.addEventListener("change", () => schedule(root));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    recompute(root, true);
  });
  for (const type of ["pointerover", "focusin", "touchstart"]) {
    form.addEventListener(type, () => startWorker(slotOf(root)), { once: true, passive: true });
  }
}

// ---- a worked example's button loads it into the page's calculator ----

function calculatorFor(item) {
  const name = item.getAttribute("data-for");
  // The last calculator of that kind above the example, else the first below it.
  const same = Array.from(document.querySelectorAll("[data-calculator]:not([data-compare-set])")).filter((root) => root.getAttribute("data-calculator") === name);
  const above = same.filter((root) => root.compareDocumentPosition(item) & Node.DOCUMENT_POSITION_FOLLOWING);
  return above.length ? above[above.length - 1] : same[0] || null;
}

function mountExample(item) {
  const button = item.querySelector("[data-load-example]");
  const root = calculatorFor(item);
  if (!button || !root || button.hasAttribute("data-mounted")) return;
  button.setAttribute("data-mounted", "");
  button.hidden = false;
  button.addEventListener("click", () => {
    const { form } = parts(root);
    setInputs(form, JSON.parse(button.getAttribute("data-inputs")));
    inputsGiven(root);
    recompute(root, true);
    root.scrollIntoView({ block: "start", behavior: "smooth" });
    const first = Array.from(form.querySelectorAll("input, select")).find((el) => !el.closest("details.calculator-units")); // past the unit pickers
    if (first) first.focus({ preventScroll: true });
  });
}

const fromAddress = (root) => {
  inputsGiven(root);
  recompute(root, true, true);
};

// Back and forward between two addresses of this page that differ only in their query (the
// calculators' inputs, address.mjs) are the calculators' alone. The theme's instant
// navigation would fetch the page again and draw it anew on the first such step of a visit,
// replacing every calculator while it answers (and dropping what Python had begun); it
// still takes every step that changes the page or the anchor. Listened to in the capture
// phase: before the theme's own listener, whichever script ran first.
let drawn = null; // the page and anchor as last drawn or stepped to
const remember = () => { drawn = { path: window.location.pathname, hash: window.location.hash }; };
window.addEventListener("hashchange", remember);
window.addEventListener("popstate", (event) => {
  const roots = Array.from(document.querySelectorAll("[data-calculator]")).filter((root) => mounted.has(root));
  for (const root of roots) readAddress(root, fromAddress);
  compareFollowsAddress();
  const samePage = drawn && drawn.path === window.location.pathname && drawn.hash === window.location.hash;
  if (roots.length && samePage) event.stopImmediatePropagation();
  remember();
}, { capture: true });

// ---- "Copy link": the calculation's address and one line a rules discussion can quote ----

// The inputs that differ from their defaults, in the form's words ("Black attack dice 4,
// Guardians: Guardian 2, red defense die, defense surge chart: block").
export function inputsLine(form) {
  const said = [];
  for (const field of form.querySelectorAll(".calculator-field")) {
    if (field.hasAttribute("data-off")) continue;
    const text = field.querySelector("input[data-parts]");
    if (text) {
      const desc = JSON.parse(text.getAttribute("data-parts"));
      const items = itemsOf(text).map((item) => describeItem(desc, item));
      if (items.length) said.push(`${labelOf(text)}: ${items.join("; ")}`);
      continue;
    }
    const el = field.querySelector("[name]");
    if (!el || el.disabled) continue;
    const fallback = field.getAttribute("data-default");
    if (fallback === null) continue;
    const initial = JSON.parse(fallback);
    let value;
    if (el.type === "radio") value = (field.querySelector("input:checked") || {}).value;
    else if (el.type === "checkbox") value = el.checked;
    else if (el.type === "number") value = el.value === "" ? "" : Number(el.value);
    else value = el.value === "" ? null : el.value;
    if (JSON.stringify(value) === JSON.stringify(initial)) continue;
    if (el.type === "checkbox") said.push(labelOf(el));
    else if (el.tagName === "SELECT") said.push(`${labelOf(el)}: ${el.selectedOptions[0] ? el.selectedOptions[0].textContent : value}`);
    else said.push(`${labelOf(el)} ${value}`);
  }
  return said.join(", ");
}

export function shareText(root) {
  const { form, status } = parts(root);
  const title = root.querySelector(".calculator-title");
  const response = responseOf(root);
  const answer = response && response.ok ? response.summary : status.textContent;
  const inputs = inputsLine(form);
  return `${title ? title.textContent.trim() : "Calculator"}${inputs ? ` (${inputs})` : ""}: ${answer || ""}`.trim();
}

async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch (error) {
    // No clipboard access (an insecure address): the old way, through a selected textarea.
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.append(area);
    area.select();
    const done = document.execCommand && document.execCommand("copy");
    area.remove();
    return Boolean(done);
  }
}

function offerCopyLink(root) {
  if (root.querySelector(":scope > .calculator-share")) return;
  const { result } = parts(root);
  const box = document.createElement("p");
  box.className = "calculator-share";
  const button = document.createElement("button");
  button.type = "button";
  button.className = "calculator-copy-link";
  button.setAttribute("data-copy-link", "");
  button.textContent = "Copy link";
  const said = document.createElement("span");
  said.className = "calculator-copied";
  said.setAttribute("role", "status");
  button.addEventListener("click", async () => {
    const text = `${shareText(root)}\n${window.location.href}`;
    root.setAttribute("data-shared", text);
    said.textContent = (await copyText(text)) ? "Link and inputs copied." : "Copying failed: copy the address bar.";
  });
  box.append(button, " ", said);
  root.insertBefore(box, result);
}

// ---- an exact fraction's Copy button (result.py) ----

document.addEventListener("click", async (event) => {
  const button = event.target instanceof Element && event.target.closest("[data-copy-fraction]");
  if (!button) return;
  const fraction = button.parentElement.querySelector("[data-fraction]");
  if (fraction && (await copyText(fraction.textContent))) button.textContent = "Copied";
});

document.addEventListener("toggle", (event) => {
  const box = event.target;
  if (box instanceof HTMLDetailsElement && box.open) for (const b of box.querySelectorAll(":scope > [data-copy-fraction]")) b.hidden = false;
}, true);

// ---- "Skip to calculator": the first link of a page that has one ----

function offerSkip(roots) {
  const old = document.querySelector("[data-skip-calculator]");
  if (old) old.remove();
  const first = Array.from(roots).find((root) => !root.hasAttribute("data-compare-set"));
  if (!first) return;
  if (!first.id) first.id = "calculator-1";
  const link = document.createElement("a");
  link.className = "calculator-skip";
  link.setAttribute("data-skip-calculator", "");
  link.href = `#${first.id}`;
  link.textContent = "Skip to calculator";
  link.addEventListener("click", (event) => {
    event.preventDefault();
    // The theme's instant navigation takes any click on a link to this site (it does not
    // look at preventDefault) and renders the page again, which drops the focus given below.
    event.stopPropagation();
    first.scrollIntoView({ block: "start" });
    // The first field a Tab would reach now (not a stepper's − button, which is out of the
    // tab order, nor a field not shown yet: the unit pickers' typed box stays hidden until
    // the units' data has come, and focusing it did nothing, leaving the focus on this link).
    const form = first.querySelector("form");
    const target = form && Array.from(form.elements).find((c) => c.tabIndex >= 0 && !c.disabled && c.type !== "hidden"
      && (typeof c.checkVisibility !== "function" || c.checkVisibility()));
    if (target) target.focus({ preventScroll: true });
  });
  const skip = document.querySelector(".md-skip");
  if (skip) skip.after(link);
  else document.body.prepend(link);
}

export function mountAll() {
  remember(); // a page drawn (the first, or the theme's instant navigation to another)
  mountArmy(); // "Your army" (army.mjs): its own page, the same worker
  const roots = document.querySelectorAll("[data-calculator]");
  // Mounted already: this module mounts the page as soon as it runs, and the theme then
  // announces the same page (document$). Mounting it again would set the form back to the
  // page address while a reader's first change is still on its way to it.
  if (roots.length && Array.from(roots).every((root) => mounted.has(root))) return;
  offerSkip(roots);
  roots.forEach((root, slot) => mount(root, slot));
  roots.forEach((root) => readAddress(root, fromAddress));
  roots.forEach((root, slot) => offerCompare(root, slot, { mount, recompute })); // compare.mjs
  document.querySelectorAll("[data-example]").forEach(mountExample);
  if (roots.length && settings.warm === "idle") {
    const idle = window.requestIdleCallback || ((fn) => setTimeout(fn, 1000));
    idle(() => startWorker(0), { timeout: 5000 });
  } else if (roots.length && settings.warm === "visible") {
    warmWhenSeen(roots);
  }
}

// The default: Python starts as soon as a calculator is on screen (seen as the page mounts
// it, or once the reader scrolls to one), so a first change the build's answers do not hold
// finds it loaded or on its way, instead of starting it then. Not when the browser is idle:
// a cold visit's page stays busy until its load event, and Pyodide's 4 MiB waited for it
// (the worker began 0.3-0.4 s after the calculator was mounted on Guardian X, the link
// idle meanwhile: scripts/bench/phone.py). A page whose calculators are never scrolled to
// starts nothing, and a slow or data-saving connection waits for the reader's intent
// (mount's listeners).
let watching = null;
function warmWhenSeen(roots) {
  if (watching) watching.disconnect();
  watching = null;
  if (typeof IntersectionObserver !== "function" || leanConnection()) return;
  if (Array.from(roots).some(onScreen)) {
    startWorker(0);
    return;
  }
  const observer = new IntersectionObserver((entries) => {
    if (!entries.some((entry) => entry.isIntersecting)) return;
    observer.disconnect();
    startWorker(0);
  });
  for (const root of roots) observer.observe(root);
  watching = observer;
}

// Part of `root` is inside the viewport now (the page's layout, read once as it mounts).
function onScreen(root) {
  const box = root.getBoundingClientRect();
  return box.width > 0 && box.height > 0 && box.bottom > 0 && box.top < window.innerHeight && box.right > 0 && box.left < window.innerWidth;
}

window.rulesCalculators = {
  settings,
  stats,
  mountAll,
  request: (root) => lastRequest.get(root) || null,
  // No change is waiting for the debounce's trailing recompute: the request on its way
  // (or answered) is for the inputs shown.
  settled: (root) => !(debouncers.get(root) && debouncers.get(root).again),
  response: responseOf,
  workerReady,
  workers: workerCount,
};

// This module runs once the page is parsed, before the theme's bundle (it is the first of
// the page's deferred scripts: scripts/site/shell/calculators_hook.py puts it in the head) and
// before DOMContentLoaded: the calculators are mounted now, not after the theme's own
// start, which took 0.4-0.5 s of a cold visit to Guardian X (scripts/bench/browser.py).
// The theme's document$ then announces every page of instant navigation.
function followTheme() {
  if (!(window.document$ && typeof window.document$.subscribe === "function")) return false;
  window.document$.subscribe(mountAll);
  return true;
}
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", mountAll, { once: true });
else mountAll();
// The theme's bundle runs after this module: its document$ exists at DOMContentLoaded.
if (!followTheme()) document.addEventListener("DOMContentLoaded", followTheme, { once: true });
