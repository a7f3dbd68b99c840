// What the calculator modules share: the settings (tests and the benchmark may set
// window.rulesCalculatorSettings before the page's scripts run) and the counters the tests
// and scripts/bench/browser.py read.

export const settings = Object.assign(
  {
    debounceMs: 250,
    startTimeoutMs: 90000, // Pyodide needs 2-4 s on a slow machine; a stalled download more
    requestTimeoutMs: 20000,
    supersedeAfterMs: 1500, // a request running longer than this is dropped (worker restarted) when a newer input comes
    // "visible": start Python as soon as a calculator is on screen (not on a
    // slow or data-saving connection: there as "intent"); "intent": when the reader reaches for
    // a form; "idle": as soon as the browser is idle, seen or not.
    warm: "visible",
  },
  window.rulesCalculatorSettings || {},
);

export const stats = { workersStarted: 0, requests: 0, responses: 0, restarts: 0, pythonStartMs: null, pythonPhases: null, lastComputeMs: null };

// root -> its place among the page's calculators (0, 1, ...): its worker and its prefix
// in the page address.
const slots = new WeakMap();
export const slotOf = (root) => slots.get(root) || 0;
export const setSlot = (root, slot) => slots.set(root, slot);
