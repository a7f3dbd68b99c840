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
      supersedeAfterMs: 1500, // a request running longer than this is dropped (worker restarted) when a newer input comes
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
  const slots = new WeakMap(); // root -> its place among the page's calculators (0, 1, ...)
  const baselines = new WeakMap(); // root -> the inputs the page arrived with
  const pending = new Map(); // request id -> {root, slot, timer, begun}
  // One worker per place on the page: a slow calculation in one calculator never delays
  // another, and the first calculator of the next page (instant navigation) reuses the
  // first worker, already warm.
  const workers = new Map(); // slot -> {worker, ready, startTimer}
  let nextId = 1;

  // ---- the workers: one per calculator place, restarted only when one fails, hangs or is cancelled ----

  function startWorker(slot = 0) {
    const existing = workers.get(slot);
    if (existing) return existing.worker;
    const entry = { worker: new Worker(workerURL, { type: "module", name: `rules-calculators-${slot}` }), ready: false, startTimer: null };
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
      for (const [id, waiting] of pending) if (waiting.slot === slot) armTimeout(id, waiting);
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

  function send(root, request) {
    const slot = slots.get(root) || 0;
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
    const slot = slots.get(root) || 0;
    for (const [id, waiting] of pending) if (waiting.root === root) { clearTimeout(waiting.timer); pending.delete(id); }
    stopClock(root);
    latest.set(root, null);
    shownFor.delete(root);
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
    // The live region says one short sentence, never the whole result.
    setState(root, "ready", `${response.summary || "Result updated."} (${ms} ms)`);
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
    if (optionName && form) markInvalid(form, optionName.replace(/^--/, "").replace(/-/g, "_"), error);
    setState(root, "error", "The result below is for the previous inputs.");
  }

  function clearProblem(root) {
    const { problem, form } = parts(root);
    problem.hidden = true;
    problem.replaceChildren();
    if (form) {
      for (const el of form.querySelectorAll("[aria-invalid]")) el.removeAttribute("aria-invalid");
      for (const el of form.querySelectorAll("[data-field-error]")) el.remove();
    }
  }

  // The refusal also stands beside the field it names (opening its group if folded).
  function markInvalid(form, name, error) {
    for (const el of form.querySelectorAll("[name]")) {
      if (el.name !== name) continue;
      el.setAttribute("aria-invalid", "true");
      const field = el.closest(".calculator-field");
      if (!field || !error || field.querySelector("[data-field-error]")) continue;
      const note = document.createElement("small");
      note.className = "calculator-field-error";
      note.setAttribute("data-field-error", "");
      note.id = `calculator-error-${name}-${Math.random().toString(36).slice(2, 8)}`;
      note.textContent = error;
      field.append(note);
      el.setAttribute("aria-describedby", note.id);
      const group = field.closest("details");
      if (group) group.open = true;
    }
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
      const got = el.validity.badInput ? "not a number" : el.value === "" ? "nothing" : el.value;
      const allowed = el.type === "number" ? allowedRange(el) : el.validationMessage;
      const message = `${labelOf(el)}: ${allowed} (got ${got}).`;
      markInvalid(form, el.name, message);
      messages.push(message);
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

  function recompute(root, force = false, fromAddress = false) {
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
    if (!fromAddress) writeAddress(root, request.inputs);
    const entry = workers.get(slots.get(root) || 0);
    setState(root, "loading", entry && entry.ready ? "Computing in your browser…" : "Starting Python in your browser (first time only)…");
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

  function mount(root, slot) {
    if (mounted.has(root)) return;
    const { form } = parts(root);
    if (!form) return;
    mounted.add(root);
    slots.set(root, slot);
    for (const note of form.querySelectorAll("[data-nojs]")) note.hidden = true;
    baselines.set(root, inputsOf(form));
    form.noValidate = true; // our message, with the allowed range, replaces the browser's bubble
    form.addEventListener("input", (event) => { followDice(form, event.target); schedule(root); });
    form.addEventListener("change", () => schedule(root));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      recompute(root, true);
    });
    for (const type of ["pointerover", "focusin", "touchstart"]) {
      form.addEventListener(type, () => startWorker(slots.get(root) || 0), { once: true, passive: true });
    }
  }

  // ---- a worked example whose dice count changes becomes a probability calculation ----

  // The faces rolled (group "trace") belong to the example's dice; once the reader changes
  // how many dice there are, they no longer fit, so they are cleared and the calculator
  // answers with the exact distribution for the new dice.
  function followDice(form, target) {
    const field = target && target.closest && target.closest(".calculator-field");
    if (!field || field.getAttribute("data-group") !== "dice" || target.type !== "number") return;
    for (const face of form.querySelectorAll('.calculator-field[data-group="trace"] [name]')) {
      if (face.tagName === "SELECT") face.selectedIndex = 0;
      else face.value = "";
    }
  }

  // ---- the inputs live in the page address: share, back and forward ----

  // Each calculator's inputs that differ from the page's own go in the query as
  // `c.<name>=<value>` (the second calculator `c2.<name>`, and so on).
  function prefix(root) {
    const slot = slots.get(root) || 0;
    return slot === 0 ? "c." : `c${slot + 1}.`;
  }

  function writeAddress(root, inputs) {
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

  // Set the form's controls to `values` (name -> value; a missing name keeps its control);
  // answers whether anything changed. A folded group holding a changed control opens.
  function setInputs(form, values) {
    let changed = false;
    for (const el of form.querySelectorAll("[name]")) {
      const want = values[el.name];
      if (want === undefined) continue;
      let moved = false;
      if (el.type === "checkbox") {
        const on = want === true || want === "true";
        moved = el.checked !== on;
        el.checked = on;
      } else {
        const text = want === null ? "" : Array.isArray(want) ? want.join("; ") : String(want);
        moved = el.value !== text;
        el.value = text;
      }
      if (moved) {
        changed = true;
        const group = el.closest("details");
        if (group) group.open = true;
      }
    }
    return changed;
  }

  function readAddress(root) {
    const { form } = parts(root);
    if (!form) return;
    const mine = prefix(root);
    const params = new URLSearchParams(window.location.search);
    const values = Object.assign({}, baselines.get(root) || {});
    for (const el of form.querySelectorAll("[name]")) if (params.has(mine + el.name)) values[el.name] = params.get(mine + el.name);
    const changed = setInputs(form, values);
    if (changed || (Array.from(params.keys()).some((k) => k.startsWith(mine)) && root.getAttribute("data-state") === "static")) {
      recompute(root, true, true);
    }
  }

  // ---- a worked example's button loads it into the page's calculator ----

  function calculatorFor(item) {
    const name = item.getAttribute("data-for");
    // The last calculator of that kind above the example, else the first below it.
    const same = Array.from(document.querySelectorAll("[data-calculator]")).filter((root) => root.getAttribute("data-calculator") === name);
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
      recompute(root, true);
      root.scrollIntoView({ block: "start", behavior: "smooth" });
      const first = form.querySelector("input, select");
      if (first) first.focus({ preventScroll: true });
    });
  }

  window.addEventListener("popstate", () => {
    for (const root of document.querySelectorAll("[data-calculator]")) if (mounted.has(root)) readAddress(root);
  });

  function mountAll() {
    const roots = document.querySelectorAll("[data-calculator]");
    roots.forEach((root, slot) => mount(root, slot));
    roots.forEach((root) => readAddress(root));
    document.querySelectorAll("[data-example]").forEach(mountExample);
    if (roots.length && settings.warm === "idle") {
      const idle = window.requestIdleCallback || ((fn) => setTimeout(fn, 1000));
      idle(() => startWorker(0), { timeout: 5000 });
    }
  }

  window.rulesCalculators = {
    settings,
    stats,
    mountAll,
    request: (root) => lastRequest.get(root) || null,
    response: (root) => lastResponse.get(root) || null,
    workerReady: (slot = 0) => Boolean(workers.get(slot) && workers.get(slot).ready),
    workers: () => workers.size,
  };

  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(mountAll); // every page, first and each instant navigation
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", mountAll);
  } else {
    mountAll();
  }
})();
