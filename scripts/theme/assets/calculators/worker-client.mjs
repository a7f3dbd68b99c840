// The worker client. Where the browser has shared workers, one Python serves every
// calculator of every tab of the site (a shared module worker, assets/calculators/worker.mjs):
// a second calculator, Compare, a new tab or the next page (mkdocs-material's instant
// navigation) answer at once, and a phone holds one Python, not one per calculator.
// Elsewhere (or with window.rulesCalculatorPython = "dedicated"), each calculator place on
// the page has its own module worker, as before.
//
// One Python computes one request at a time, and Python cannot be interrupted from outside
// without cross-origin isolation (SharedArrayBuffer), which a static host may not give. So
// a slow request must never hold the others: a calculator whose request has not *started*
// within settings.sharedWaitMs of the shared Python being ready (it waits behind another
// calculator's or another tab's), or whose reader cancels or supersedes a request the
// shared Python is still computing, gets its own dedicated worker, as before; that worker
// ends once the shared Python answers again and the calculator has nothing pending. A
// request that outlives settings.requestTimeoutMs in the shared Python fails as before, and
// this page then uses dedicated workers for the rest of the visit.
//
// The interface the calculator modules use: send, forget, answers, showing, startWorker,
// stopWorker, workerReady, workerCount (and stats/settings in settings.mjs).

import { settings, stats, slotOf } from "./settings.mjs";
import { ensure, parts, setState, showError, showResponse } from "./form.mjs";
import { fitNames } from "./trace-fit.mjs";

// This module's ?v=<hash> (scripts/site/shell/calculators_hook.py) goes to the worker too, so a
// new release never talks to an older shared worker.
const workerURL = new URL("worker.mjs" + new URL(import.meta.url).search, import.meta.url).href;
const SHARED = "shared"; // the key of the shared Python among the workers; slots are numbers
const wanted = settings.python || window.rulesCalculatorPython || "shared";
let sharedUsable = wanted === "shared" && typeof SharedWorker === "function";
const ownWorker = new Set(); // slots sent to their own dedicated worker while the shared Python is busy

const workers = new Map(); // SHARED or slot -> {worker, post, ready, startTimer}
const pending = new Map(); // request id -> {root, slot, engine, timer, moveTimer, begun, request}
const latest = new WeakMap(); // root -> id of its newest request
const shownFor = new WeakMap(); // root -> JSON of the request whose outcome is on show
let nextId = 1;
// Answers the engine gave ahead, with the last response (worker.mjs: following()): request JSON ->
// {response, ms}. A worked example's next request after a refusal is answered from here, with
// no round trip through a worker.
let prepared = new Map();

const engineOf = (slot) => (sharedUsable && !ownWorker.has(slot) ? SHARED : slot);
export const workerReady = (slot = 0) => Boolean(workers.get(engineOf(slot)) && workers.get(engineOf(slot)).ready);
export const workerCount = () => workers.size;
export const sharedPython = () => sharedUsable;

// The engine's answer given ahead for `request` ({response, ms}), if any: left for send().
export const answeredAhead = (request) => prepared.get(JSON.stringify(request)) || null;

// The outcome on show (result or refusal) already answers the request `key`.
export const answers = (root, key) => shownFor.get(root) === key;
export const showing = (root, key) => shownFor.set(root, key);

// An answer still on its way for `root` is for inputs no longer shown.
export function forget(root) {
  latest.set(root, null);
  shownFor.delete(root);
}

// On a connection that saves data or is slow (2G, 3G), the worker skips the start-up
// snapshot unless it already has it: megabytes more to download would cost more time than
// the second it saves (scripts/calculators/snapshot.py).
export function leanConnection() {
  const connection = navigator.connection;
  return Boolean(connection && (connection.saveData || /^(slow-2g|2g|3g)$/.test(connection.effectiveType || "")));
}

// Start (or find) the worker that answers `slot`: the shared Python, or its own.
export function startWorker(slot = 0) {
  return startEngine(engineOf(slot)).worker;
}

// The worker's address: with start=lean on a slow or data-saving connection (a worker of its own).
function workerAddress() {
  const address = new URL(workerURL);
  if (leanConnection()) address.searchParams.set("start", "lean");
  return address;
}

// The shared worker holds this lock once its Python is ready (worker.mjs), for as long as it
// runs: a page that finds it held connects at once, as its calculators mount, instead of at
// the reader's first change or when a calculator comes on screen. Connecting then costs nothing (Python
// is running for another tab) and the first change's request goes straight to Python,
// without the connection's round trips. Where Python is not running, nothing starts before
// the usual time (settings.warm).
const warmLock = (address) => `rules-calculators-python ${address.href}`;

// Whether the shared Python runs already (for another tab): null until the look is answered.
let warm = null;
let looked = Promise.resolve(false);

function connectIfWarm() {
  if (!sharedUsable || workers.has(SHARED) || !(navigator.locks && navigator.locks.query)) {
    warm = false;
    return;
  }
  const name = warmLock(workerAddress());
  looked = navigator.locks.query().then(({ held }) => {
    warm = sharedUsable && (held || []).some((lock) => lock.name === name);
    // Connected as the page mounts, to a Python already running: here, or by the start of
    // a calculator on screen (calculator.mjs), which may come first.
    if (warm) stats.connectedEarly = true;
    if (warm && !workers.has(SHARED)) startEngine(SHARED);
    return warm;
  }, () => (warm = false));
}
connectIfWarm();

// Python answers this calculator at once: its worker is ready, or the shared Python runs for
// another tab (this page's connection to it is on its way). The build's answers are then not
// waited for (calculator.mjs): the request goes straight to Python.
export const pythonWarm = (slot = 0) => workerReady(slot) || (warm === true && engineOf(slot) === SHARED);
// Resolves once the look for a running shared Python is answered: true if it runs.
export const pythonWarmLooked = () => looked;

function startEngine(key) {
  const existing = workers.get(key);
  if (existing) return existing;
  const address = workerAddress();
  // When this page first asked for a worker (ms since navigation): scripts/bench/phone.py.
  if (stats.workerAskedMs === undefined) stats.workerAskedMs = Math.round(performance.now());
  let entry;
  if (key === SHARED) {
    const worker = new SharedWorker(address.href, { type: "module", name: "rules-calculators" });
    entry = { worker, post: (text) => worker.port.postMessage(text), ready: false, startTimer: null };
    worker.port.onmessage = (event) => onWorkerMessage(key, JSON.parse(event.data));
    stats.sharedConnected = (stats.sharedConnected || 0) + 1;
  } else {
    const worker = new Worker(address.href, { type: "module", name: `rules-calculators-${key}` });
    entry = { worker, post: (text) => worker.postMessage(text), ready: false, startTimer: null };
    worker.onmessage = (event) => onWorkerMessage(key, JSON.parse(event.data));
    stats.workersStarted += 1;
  }
  workers.set(key, entry);
  entry.worker.onerror = (event) => {
    event.preventDefault();
    failEngine(key, `The calculator's worker could not start (${event.message || workerURL}).`, event.filename ? `${event.filename}:${event.lineno}` : workerURL);
    dropWorker(key);
  };
  entry.startTimer = setTimeout(() => {
    failEngine(key, `Python did not start within ${settings.startTimeoutMs / 1000} s; the calculator will try again on your next change.`, workerURL);
    dropWorker(key);
  }, settings.startTimeoutMs);
  return entry;
}

// Stop `slot`'s worker for good (a calculator taken off the page, such as Compare's set B):
// its pending requests are dropped and its own worker terminated, which frees its Python;
// a later send() for that slot starts a new one. The shared Python stays for the others.
export function stopWorker(slot) {
  for (const [id, waiting] of pending) {
    if (waiting.slot !== slot) continue;
    clearTimers(waiting);
    stopClock(waiting.root);
    forget(waiting.root);
    pending.delete(id);
  }
  ownWorker.delete(slot);
  dropWorker(slot);
}

function dropWorker(key) {
  const entry = workers.get(key);
  if (!entry) return;
  if (key === SHARED) {
    // A shared worker cannot be ended by one of its pages; this page stops using it.
    entry.worker.port.close();
    sharedUsable = false;
  } else {
    entry.worker.terminate();
  }
  clearTimeout(entry.startTimer);
  workers.delete(key);
}

function restartWorker(key) {
  dropWorker(key);
  stats.restarts += 1;
  if (key !== SHARED) startEngine(key);
}

function onWorkerMessage(key, message) {
  const entry = workers.get(key);
  if (message.type === "ready") {
    if (entry) {
      entry.ready = true;
      entry.readyAt = performance.now();
      clearTimeout(entry.startTimer);
    }
    stats.pythonStartMs = message.startMs;
    stats.pythonPhases = message.phases;
    if (key === SHARED) stats.sharedConnectedMs = message.connectedMs === undefined ? null : message.connectedMs;
    // assets/site.js hands these to the service worker, which keeps them for the next visit.
    document.dispatchEvent(new CustomEvent("rules:fetched", { detail: message.fetched || [] }));
    for (const [id, waiting] of pending) if (waiting.engine === key) armTimeout(id, waiting);
    return;
  }
  if (message.type === "fetched") {
    // Files the worker fetched after it was ready (the whole standard library, for a module Python lacked).
    document.dispatchEvent(new CustomEvent("rules:fetched", { detail: message.fetched || [] }));
    return;
  }
  if (message.type === "failed" && message.id === null) {
    failEngine(key, `Python could not start: ${message.error}`, message.detail);
    dropWorker(key);
    return;
  }
  const waiting = pending.get(message.id);
  if (message.type === "started") {
    if (waiting && waiting.engine === key) {
      clearTimeout(waiting.moveTimer);
      waiting.running = performance.now();
    }
    return;
  }
  if (key === SHARED) releaseOwnWorkers();
  if (!waiting || waiting.engine !== key) return;
  if (message.type === "response") prepared = new Map(message.then || []);
  // Where the last answer's time went (page clock, ms): scripts/bench/new_tab.py reads it.
  stats.lastTimeline = { posted: waiting.posted, ready: entry ? entry.readyAt : null, started: waiting.running, answered: performance.now(),
                         engineMs: message.ms === undefined ? null : message.ms };
  pending.delete(message.id);
  clearTimers(waiting);
  stopClock(waiting.root);
  if (latest.get(waiting.root) !== message.id) return; // an older answer, already superseded
  if (message.type === "response") showResponse(waiting.root, message.response, message.ms);
  else showError(waiting.root, message.error, message.detail);
}

// The shared Python answered: it is free again. A calculator that was given its own worker
// while it was busy goes back to it once nothing of that calculator is pending.
function releaseOwnWorkers() {
  for (const slot of ownWorker) {
    if ([...pending.values()].some((waiting) => waiting.slot === slot)) continue;
    ownWorker.delete(slot);
    dropWorker(slot);
  }
}

function clearTimers(waiting) {
  clearTimeout(waiting.timer);
  clearTimeout(waiting.moveTimer);
}

function armTimeout(id, waiting) {
  clearTimers(waiting);
  waiting.begun = performance.now();
  waiting.timer = setTimeout(() => {
    // A worker stuck in Python cannot be interrupted; only a new one will answer.
    failEngine(waiting.engine, `The calculation took longer than ${settings.requestTimeoutMs / 1000} s and was stopped; Python restarted.`, `request ${id}`);
    restartWorker(waiting.engine);
  }, settings.requestTimeoutMs);
  if (waiting.engine === SHARED) {
    // Not begun within sharedWaitMs: it waits behind another calculator's (or tab's) request.
    waiting.moveTimer = setTimeout(() => moveToOwnWorker(id), settings.sharedWaitMs || 700);
  }
}

// Send request `id` again, to its calculator's own worker (the shared Python is busy).
function moveToOwnWorker(id) {
  const waiting = pending.get(id);
  if (!waiting || waiting.running) return;
  pending.delete(id);
  clearTimers(waiting);
  ownWorker.add(waiting.slot);
  stats.movedToOwnWorker = (stats.movedToOwnWorker || 0) + 1;
  if (latest.get(waiting.root) === id) post(waiting.root, waiting.slot, waiting.request);
}

function failEngine(key, error, detail) {
  for (const [id, waiting] of pending) {
    if (waiting.engine !== key) continue;
    clearTimers(waiting);
    stopClock(waiting.root);
    pending.delete(id);
    showError(waiting.root, error, detail);
  }
}

function busy(slot) {
  for (const [, waiting] of pending) {
    if (waiting.slot !== slot) continue;
    // In the shared Python only a request that has begun holds it; one waiting will move.
    if (waiting.engine === SHARED ? waiting.running : waiting.begun !== null) return waiting;
  }
  return null;
}

// Ask the engine for `request` on behalf of `root`; its answer replaces the result.
export function send(root, request) {
  const slot = slotOf(root);
  // A newer input supersedes an older request: if this calculator's request is still deep
  // in a calculation the reader no longer wants, a fresh worker answers sooner.
  const stale = busy(slot);
  if (stale && performance.now() - (stale.running || stale.begun) > settings.supersedeAfterMs) {
    for (const [id, waiting] of pending) if (waiting.slot === slot) { clearTimers(waiting); pending.delete(id); }
    if (stale.engine === SHARED) ownWorker.add(slot);
    else restartWorker(slot);
  }
  stats.requests += 1;
  const ahead = prepared.get(JSON.stringify(request));
  if (ahead) {
    // Answered already, with the previous response: shown as a worker's answer is.
    prepared.delete(JSON.stringify(request));
    stats.answeredAhead = (stats.answeredAhead || 0) + 1;
    const id = nextId++;
    latest.set(root, id);
    for (const [other, waiting] of pending) if (waiting.root === root) { clearTimers(waiting); pending.delete(other); }
    queueMicrotask(() => {
      if (latest.get(root) !== id || !root.isConnected) return;
      stopClock(root);
      showResponse(root, ahead.response, ahead.ms);
    });
    startClock(root);
    return;
  }
  post(root, slot, request);
  startClock(root);
}

function post(root, slot, request) {
  const id = nextId++;
  const engine = engineOf(slot);
  const waiting = { root, slot, engine, timer: null, moveTimer: null, begun: null, running: null, request, posted: performance.now() };
  pending.set(id, waiting);
  latest.set(root, id);
  const entry = startEngine(engine);
  entry.post(JSON.stringify({ type: "calculate", id, request, fit: fitNames(root) }));
  if (entry.ready) armTimeout(id, waiting);
}

function cancel(root) {
  const slot = slotOf(root);
  let inShared = false;
  for (const [id, waiting] of pending) {
    if (waiting.root !== root) continue;
    inShared = inShared || waiting.engine === SHARED;
    clearTimers(waiting);
    pending.delete(id);
  }
  stopClock(root);
  forget(root);
  // The shared Python finishes what it began (nothing can stop it from here); this
  // calculator's next request goes to its own worker meanwhile.
  if (inShared) ownWorker.add(slot);
  else restartWorker(slot);
  setState(root, "error", "Cancelled. The result below is for the previous inputs.");
}

// ---- a long request shows its elapsed time and a cancel control ----

const clocks = new WeakMap(); // root -> interval
function startClock(root) {
  stopClock(root);
  const begun = performance.now();
  clocks.set(root, setInterval(() => {
    const seconds = Math.floor((performance.now() - begun) / 1000);
    if (seconds < 1 || root.getAttribute("data-state") !== "loading") return;
    // Beside the status line but outside the live region: a ticking count is not announced.
    const { result } = parts(root);
    const line = ensure(root, result, "data-elapsed", "p", "calculator-elapsed", ["aria-live", "off"]);
    if (!line.querySelector("[data-cancel]")) {
      const text = document.createElement("span");
      const stop = document.createElement("button");
      stop.type = "button";
      stop.className = "calculator-cancel";
      stop.setAttribute("data-cancel", "");
      stop.textContent = "Cancel";
      stop.addEventListener("click", () => cancel(root));
      line.replaceChildren(text, " ", stop);
    }
    line.hidden = false;
    line.firstChild.textContent = `Still computing: ${seconds} s`;
  }, 250));
}

function stopClock(root) {
  clearInterval(clocks.get(root));
  clocks.delete(root);
  const line = root.querySelector(":scope > [data-elapsed]");
  if (line) line.hidden = true;
}
