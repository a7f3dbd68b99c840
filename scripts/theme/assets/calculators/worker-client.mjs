// The worker client: one module worker per calculator place on the page, so a slow
// calculation in one calculator never delays another, and the first calculator of the next
// page (mkdocs-material's instant navigation) reuses the first worker, already warm. A
// worker is restarted only when it fails, hangs, is superseded or is cancelled.

import { settings, stats, slotOf } from "./settings.mjs";
import { ensure, parts, setState, showError, showResponse } from "./form.mjs";

// This module's ?v=<hash> (scripts/calculators/mkdocs_hook.py) goes to the worker too.
const workerURL = new URL("worker.mjs" + new URL(import.meta.url).search, import.meta.url).href;

const workers = new Map(); // slot -> {worker, ready, startTimer}
const pending = new Map(); // request id -> {root, slot, timer, begun}
const latest = new WeakMap(); // root -> id of its newest request
const shownFor = new WeakMap(); // root -> JSON of the request whose outcome is on show
let nextId = 1;

export const workerReady = (slot = 0) => Boolean(workers.get(slot) && workers.get(slot).ready);
export const workerCount = () => workers.size;

// The outcome on show (result or refusal) already answers the request `key`.
export const answers = (root, key) => shownFor.get(root) === key;
export const showing = (root, key) => shownFor.set(root, key);

// An answer still on its way for `root` is for inputs no longer shown.
export function forget(root) {
  latest.set(root, null);
  shownFor.delete(root);
}

// On a connection that saves data or is slow (2G, 3G), the worker skips the start-up
// snapshot unless it already has it: 7 MB more to download would cost more time than the
// second it saves (scripts/calculators/snapshot.py).
function leanConnection() {
  const connection = navigator.connection;
  return Boolean(connection && (connection.saveData || /^(slow-2g|2g|3g)$/.test(connection.effectiveType || "")));
}

export function startWorker(slot = 0) {
  const existing = workers.get(slot);
  if (existing) return existing.worker;
  const address = new URL(workerURL);
  if (leanConnection()) address.searchParams.set("start", "lean");
  const entry = { worker: new Worker(address.href, { type: "module", name: `rules-calculators-${slot}` }), ready: false, startTimer: null };
  workers.set(slot, entry);
  stats.workersStarted += 1;
  entry.worker.onmessage = (event) => onWorkerMessage(slot, JSON.parse(event.data));
  entry.worker.onerror = (event) => {
    event.preventDefault();
    failSlot(slot, `The calculator's worker could not start (${event.message || workerURL}).`, event.filename ? `${event.filename}:${event.lineno}` : workerURL);
    dropWorker(slot);
  };
  entry.startTimer = setTimeout(() => {
    failSlot(slot, `Python did not start within ${settings.startTimeoutMs / 1000} s; the calculator will try again on your next change.`, workerURL);
    dropWorker(slot);
  }, settings.startTimeoutMs);
  return entry.worker;
}

// Stop `slot`'s worker for good (a calculator taken off the page, such as Compare's set B):
// its pending requests are dropped and the worker terminated, which frees its Python; a
// later send() for that slot starts a new one.
export function stopWorker(slot) {
  for (const [id, waiting] of pending) {
    if (waiting.slot !== slot) continue;
    clearTimeout(waiting.timer);
    stopClock(waiting.root);
    forget(waiting.root);
    pending.delete(id);
  }
  dropWorker(slot);
}

function dropWorker(slot) {
  const entry = workers.get(slot);
  if (!entry) return;
  entry.worker.terminate();
  clearTimeout(entry.startTimer);
  workers.delete(slot);
}

function restartWorker(slot) {
  dropWorker(slot);
  stats.restarts += 1;
  startWorker(slot);
}

function onWorkerMessage(slot, message) {
  const entry = workers.get(slot);
  if (message.type === "ready") {
    if (entry) {
      entry.ready = true;
      clearTimeout(entry.startTimer);
    }
    stats.pythonStartMs = message.startMs;
    stats.pythonPhases = message.phases;
    // assets/site.js hands these to the service worker, which keeps them for the next visit.
    document.dispatchEvent(new CustomEvent("rules:fetched", { detail: message.fetched || [] }));
    for (const [id, waiting] of pending) if (waiting.slot === slot) armTimeout(id, waiting);
    return;
  }
  if (message.type === "fetched") {
    // Files the worker fetched after it was ready (the engine's wheel, after a snapshot start).
    document.dispatchEvent(new CustomEvent("rules:fetched", { detail: message.fetched || [] }));
    return;
  }
  if (message.type === "failed" && message.id === null) {
    failSlot(slot, `Python could not start: ${message.error}`, message.detail);
    dropWorker(slot);
    return;
  }
  const waiting = pending.get(message.id);
  if (!waiting) return;
  pending.delete(message.id);
  clearTimeout(waiting.timer);
  stopClock(waiting.root);
  if (latest.get(waiting.root) !== message.id) return; // an older answer, already superseded
  if (message.type === "response") showResponse(waiting.root, message.response, message.ms);
  else showError(waiting.root, message.error, message.detail);
}

function armTimeout(id, waiting) {
  clearTimeout(waiting.timer);
  waiting.begun = performance.now();
  waiting.timer = setTimeout(() => {
    // A worker stuck in Python cannot be interrupted; only a new one will answer.
    failSlot(waiting.slot, `The calculation took longer than ${settings.requestTimeoutMs / 1000} s and was stopped; Python restarted.`, `request ${id}`);
    restartWorker(waiting.slot);
  }, settings.requestTimeoutMs);
}

function failSlot(slot, error, detail) {
  for (const [id, waiting] of pending) {
    if (waiting.slot !== slot) continue;
    clearTimeout(waiting.timer);
    stopClock(waiting.root);
    pending.delete(id);
    showError(waiting.root, error, detail);
  }
}

function busy(slot) {
  for (const [, waiting] of pending) if (waiting.slot === slot && waiting.begun !== null) return waiting;
  return null;
}

// Ask the engine for `request` on behalf of `root`; its answer replaces the result.
export function send(root, request) {
  const slot = slotOf(root);
  // A newer input supersedes an older request: if this calculator's worker is still deep
  // in a calculation the reader no longer wants, a fresh worker answers sooner.
  const stale = busy(slot);
  if (stale && performance.now() - stale.begun > settings.supersedeAfterMs) {
    for (const [id, waiting] of pending) if (waiting.slot === slot) { clearTimeout(waiting.timer); pending.delete(id); }
    restartWorker(slot);
  }
  const id = nextId++;
  const waiting = { root, slot, timer: null, begun: null };
  pending.set(id, waiting);
  latest.set(root, id);
  stats.requests += 1;
  startWorker(slot).postMessage(JSON.stringify({ type: "calculate", id, request }));
  const entry = workers.get(slot);
  if (entry && entry.ready) armTimeout(id, waiting);
  startClock(root);
}

function cancel(root) {
  const slot = slotOf(root);
  for (const [id, waiting] of pending) if (waiting.root === root) { clearTimeout(waiting.timer); pending.delete(id); }
  stopClock(root);
  forget(root);
  restartWorker(slot);
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
