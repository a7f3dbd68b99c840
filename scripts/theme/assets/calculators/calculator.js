// Page side of the calculators. Each page arrives with its calculators already computed
// at build time (data-state="static"); this script lets the reader change an input and
// recomputes in the browser, with the same Python engine, in one module worker kept for
// the whole visit (mkdocs-material's instant navigation swaps pages without a reload).
//
// DOM contract: root `[data-calculator="<name>"][data-state]` (static | loading | ready |
// error) holding a <form> of named controls and a `[data-result]` region.
(function () {
  "use strict";

  const scriptURL = document.currentScript ? document.currentScript.src : new URL("assets/calculators/calculator.js", document.baseURI).href;
  // The script's ?v=<hash> (scripts/calculators/mkdocs_hook.py) goes to the worker too.
  const workerURL = new URL("worker.mjs" + new URL(scriptURL).search, scriptURL).href;

  // Tests and the benchmark may set window.rulesCalculatorSettings before this script runs.
  const settings = Object.assign(
    {
      debounceMs: 250,
      startTimeoutMs: 90000, // Pyodide needs 2-4 s on a slow machine; a stalled download more
      requestTimeoutMs: 20000,
      warm: "intent", // "intent": start Python when the reader reaches for a form; "idle": as soon as the browser is idle
    },
    window.rulesCalculatorSettings || {},
  );
  // Counters for the tests and the benchmark (scripts/bench_browser.py).
  const stats = { workersStarted: 0, requests: 0, responses: 0, restarts: 0, pythonStartMs: null, pythonPhases: null, lastComputeMs: null };

  const mounted = new WeakSet();
  const latest = new WeakMap(); // root -> id of its newest request
  const lastRequest = new WeakMap(); // root -> last request sent for it
  const shownFor = new WeakMap(); // root -> JSON of the request whose outcome is on show
  const lastResponse = new WeakMap(); // root -> last response from the engine
  const debouncers = new WeakMap();
  const pending = new Map(); // request id -> {root, timer}
  let worker = null;
  let workerReady = false;
  let startTimer = null;
  let nextId = 1;

  // ---- the worker: one per visit, restarted only when it fails or hangs ----

  function startWorker() {
    if (worker) return worker;
    worker = new Worker(workerURL, { type: "module", name: "rules-calculators" });
    workerReady = false;
    stats.workersStarted += 1;
    worker.onmessage = (event) => onWorkerMessage(JSON.parse(event.data));
    worker.onerror = (event) => {
      event.preventDefault();
      failAll(`The calculator's worker could not start (${event.message || workerURL}).`, event.filename ? `${event.filename}:${event.lineno}` : workerURL);
      dropWorker();
    };
    startTimer = setTimeout(() => {
      failAll(`Python did not start within ${settings.startTimeoutMs / 1000} s; the calculator will try again on your next change.`, workerURL);
      dropWorker();
    }, settings.startTimeoutMs);
    return worker;
  }

  function dropWorker() {
    if (worker) worker.terminate();
    worker = null;
    workerReady = false;
    clearTimeout(startTimer);
  }

  function restartWorker() {
    dropWorker();
    stats.restarts += 1;
    startWorker();
  }

  function onWorkerMessage(message) {
    if (message.type === "ready") {
      workerReady = true;
      stats.pythonStartMs = message.startMs;
      stats.pythonPhases = message.phases;
      clearTimeout(startTimer);
      for (const [id, entry] of pending) armTimeout(id, entry);
      return;
    }
    if (message.type === "failed" && message.id === null) {
      failAll(`Python could not start: ${message.error}`, message.detail);
      dropWorker();
      return;
    }
    const entry = pending.get(message.id);
    if (!entry) return;
    pending.delete(message.id);
    clearTimeout(entry.timer);
    if (latest.get(entry.root) !== message.id) return; // an older answer, already superseded
    if (message.type === "response") showResponse(entry.root, message.response, message.ms);
    else showError(entry.root, message.error, message.detail);
  }

  function armTimeout(id, entry) {
    clearTimeout(entry.timer);
    entry.timer = setTimeout(() => {
      // A worker stuck in Python cannot be interrupted; only a new one will answer.
      failAll(`The calculation took longer than ${settings.requestTimeoutMs / 1000} s and was stopped; Python restarted.`, `request ${id}`);
      restartWorker();
    }, settings.requestTimeoutMs);
  }

  function failAll(error, detail) {
    for (const [, entry] of pending) {
      clearTimeout(entry.timer);
      showError(entry.root, error, detail);
    }
    pending.clear();
  }

  function send(root, request) {
    const id = nextId++;
    const entry = { root, timer: null };
    pending.set(id, entry);
    latest.set(root, id);
    stats.requests += 1;
    startWorker().postMessage(JSON.stringify({ type: "calculate", id, request }));
    if (workerReady) armTimeout(id, entry);
  }

  // ---- one calculator on the page ----

  // The status line and the error box are added once, just before the result region.
  function ensure(root, result, attribute, tag, className, role) {
    let element = root.querySelector(`:scope > [${attribute}]`);
    if (!element) {
      element = document.createElement(tag);
      element.className = className;
      element.setAttribute(attribute, "");
      element.setAttribute(role[0], role[1]);
      root.insertBefore(element, result);
    }
    return element;
  }

  function parts(root) {
    const form = root.querySelector("form");
    const result = root.querySelector("[data-result]");
    const status = ensure(root, result, "data-status", "p", "calculator-status", ["aria-live", "polite"]);
    const created = !root.querySelector(":scope > [data-error]");
    const problem = ensure(root, result, "data-error", "div", "calculator-error", ["role", "alert"]);
    if (created) problem.hidden = true;
    return { form, result, status, problem };
  }

  function setState(root, state, text) {
    root.setAttribute("data-state", state);
    const { status, result } = parts(root);
    if (text !== undefined) status.textContent = text;
    result.setAttribute("aria-busy", state === "loading" ? "true" : "false");
    root.dispatchEvent(new CustomEvent("calculator:state", { bubbles: true, detail: { state } }));
  }

  function showResponse(root, response, ms) {
    stats.responses += 1;
    stats.lastComputeMs = ms;
    lastResponse.set(root, response);
    if (!response.ok) {
      showError(root, response.error || "the engine refused these inputs", JSON.stringify(response, null, 2), response.option);
      return;
    }
    const { result } = parts(root);
    result.innerHTML = response.html;
    clearProblem(root);
    setState(root, "ready", `Computed in your browser by the rules engine (${ms} ms).`);
    root.dispatchEvent(new CustomEvent("calculator:result", { bubbles: true, detail: response }));
  }

  function showError(root, error, detail, optionName) {
    const { problem, form } = parts(root);
    problem.replaceChildren();
    const message = document.createElement("p");
    message.className = "calculator-error-message";
    message.textContent = error;
    problem.append(message);
    if (detail) {
      const more = document.createElement("details");
      const summary = document.createElement("summary");
      summary.textContent = "Details";
      const pre = document.createElement("pre");
      pre.textContent = detail;
      more.append(summary, pre);
      problem.append(more);
    }
    problem.hidden = false;
    if (optionName && form) markInvalid(form, optionName.replace(/^--/, "").replace(/-/g, "_"));
    setState(root, "error", "The result below is for the previous inputs.");
  }

  function clearProblem(root) {
    const { problem, form } = parts(root);
    problem.hidden = true;
    problem.replaceChildren();
    if (form) for (const el of form.querySelectorAll("[aria-invalid]")) el.removeAttribute("aria-invalid");
  }

  function markInvalid(form, name) {
    for (const el of form.querySelectorAll("[name]")) if (el.name === name) el.setAttribute("aria-invalid", "true");
  }

  function labelOf(el) {
    const label = (el.labels && el.labels[0]) || el.closest("label");
    const named = label && (label.querySelector(".calculator-label") || label);
    const text = named ? named.textContent.trim().replace(/\s+/g, " ") : "";
    return text || el.name;
  }

  // The words match the engine's own refusal (Option.allowed), so the form and the
  // command line say the same thing.
  function allowedRange(el) {
    const whole = !el.step || el.step === "any" || Number.isInteger(Number(el.step));
    const kind = whole ? "a whole number" : "a number";
    if (el.min !== "" && el.max !== "") return `${kind} from ${el.min} to ${el.max}`;
    if (el.min !== "") return `${kind} of at least ${el.min}`;
    if (el.max !== "") return `${kind} of at most ${el.max}`;
    return kind;
  }

  function invalidMessages(form) {
    const messages = [];
    for (const el of form.elements) {
      if (!el.name || el.disabled || el.checkValidity()) continue;
      el.setAttribute("aria-invalid", "true");
      const got = el.validity.badInput ? "not a number" : el.value === "" ? "nothing" : el.value;
      const allowed = el.type === "number" ? allowedRange(el) : el.validationMessage;
      messages.push(`${labelOf(el)}: ${allowed} (got ${got}).`);
    }
    return messages;
  }

  function inputsOf(form) {
    const inputs = {};
    const controls = Array.from(form.elements).filter((el) => el.name && !el.disabled && el.type !== "submit" && el.type !== "button" && el.type !== "reset");
    const count = {};
    for (const el of controls) count[el.name] = (count[el.name] || 0) + 1;
    for (const el of controls) {
      const name = el.name;
      if (el.type === "checkbox") {
        // One checkbox is a switch; several with one name are a list of chosen values.
        if (count[name] === 1) inputs[name] = el.checked;
        else {
          inputs[name] = inputs[name] || [];
          if (el.checked) inputs[name].push(el.value);
        }
      } else if (el.type === "radio") {
        if (el.checked) inputs[name] = el.value;
      } else if (el.type === "number") {
        if (el.value !== "") inputs[name] = Number(el.value);
      } else if (el.tagName === "SELECT" && el.multiple) {
        inputs[name] = Array.from(el.selectedOptions, (o) => o.value);
      } else if (count[name] > 1) {
        inputs[name] = inputs[name] || [];
        if (el.value !== "") inputs[name].push(el.value);
      } else {
        inputs[name] = el.value;
      }
    }
    return inputs;
  }

  function recompute(root, force = false) {
    if (!root.isConnected) return; // the reader has moved to another page
    const { form } = parts(root);
    // data-base is the way back to the site root, so links in the result resolve.
    const request = { calculator: root.getAttribute("data-calculator"), inputs: inputsOf(form), base: root.getAttribute("data-base") || "" };
    const key = JSON.stringify(request);
    // A control fires "input" and later "change" (on blur): the outcome shown, result or
    // error, already answers this request. Enter (submit) asks again regardless.
    if (!force && shownFor.get(root) === key) return;
    clearProblem(root);
    const messages = invalidMessages(form);
    if (messages.length) {
      latest.set(root, null); // an answer still on its way is for inputs no longer shown
      shownFor.delete(root);
      showError(root, messages.join(" "));
      return;
    }
    shownFor.set(root, key);
    lastRequest.set(root, request);
    setState(root, "loading", workerReady ? "Computing in your browser…" : "Starting Python in your browser (first time only)…");
    send(root, request);
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
      recompute(root);
      slot.timer = setTimeout(tick, settings.debounceMs);
    };
    slot.timer = setTimeout(tick, settings.debounceMs);
  }

  function mount(root) {
    if (mounted.has(root)) return;
    const { form } = parts(root);
    if (!form) return;
    mounted.add(root);
    form.noValidate = true; // our message, with the allowed range, replaces the browser's bubble
    form.addEventListener("input", () => schedule(root));
    form.addEventListener("change", () => schedule(root));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      recompute(root, true);
    });
    for (const type of ["pointerover", "focusin", "touchstart"]) {
      form.addEventListener(type, startWorker, { once: true, passive: true });
    }
  }

  function mountAll() {
    const roots = document.querySelectorAll("[data-calculator]");
    roots.forEach(mount);
    if (roots.length && settings.warm === "idle") {
      const idle = window.requestIdleCallback || ((fn) => setTimeout(fn, 1000));
      idle(() => startWorker(), { timeout: 5000 });
    }
  }

  window.rulesCalculators = {
    settings,
    stats,
    mountAll,
    request: (root) => lastRequest.get(root) || null,
    response: (root) => lastResponse.get(root) || null,
    workerReady: () => workerReady,
  };

  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(mountAll); // every page, first and each instant navigation
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", mountAll);
  } else {
    mountAll();
  }
})();
