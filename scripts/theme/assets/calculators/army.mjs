// "Your army" (docs/legion/Your army.md, scripts/calculators/army_extension.py): a list
// exported by Legion HQ or Tabletop Admiral is pasted, a target and its cover picked, and
// each unit of the list gets its default pool at range 1-4 and in melee, computed by the
// calculators' Python worker (worker.mjs, message type "army": the engine's
// rulesengine.legion.army_page). The list is read first (problems go beside the fields),
// then each unit is asked for in turn, so the table fills row by row with its progress
// shown. The list, target and cover live in the address's hash (`#army=`, deflated and
// base64url), so the address is the share link; the page reads it back when it opens.
//
// The worker is the calculators' own: the shared Python every calculator of the site uses
// where the browser has shared workers, else a dedicated one for this page.

const workerURL = new URL("worker.mjs" + new URL(import.meta.url).search, import.meta.url).href;
const styleURL = new URL("army.css" + new URL(import.meta.url).search, import.meta.url).href;
const HASH_KEY = "army=";
const RANGES = [["1", "Range 1"], ["2", "Range 2"], ["3", "Range 3"], ["4", "Range 4"], ["melee", "Melee"]];

const mounted = new WeakSet();
let engine = null; // {post, pending: Map(id -> {resolve, reject}), failure}
let nextId = 1;

// ---- the worker ----

function connect() {
  if (engine) return engine;
  const pending = new Map();
  const state = { pending, failure: null, post: null };
  const onMessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "fetched" || message.type === "ready") {
      // assets/site.js hands these to the service worker, which keeps them for the next visit.
      document.dispatchEvent(new CustomEvent("rules:fetched", { detail: message.fetched || [] }));
      return;
    }
    if (message.type === "failed" && message.id === null) {
      state.failure = message.error;
      for (const waiting of pending.values()) waiting.reject(new Error(`Python could not start: ${message.error}`));
      pending.clear();
      return;
    }
    const waiting = pending.get(message.id);
    if (!waiting || message.type === "started") return;
    pending.delete(message.id);
    if (message.type === "response") waiting.resolve(message.response);
    else waiting.reject(new Error(message.error || "the calculation failed"));
  };
  if (typeof SharedWorker === "function" && (window.rulesCalculatorPython || "shared") === "shared") {
    const worker = new SharedWorker(workerURL, { type: "module", name: "rules-calculators" });
    worker.port.onmessage = onMessage;
    state.post = (text) => worker.port.postMessage(text);
  } else {
    const worker = new Worker(workerURL, { type: "module", name: "rules-calculators-army" });
    worker.onmessage = onMessage;
    worker.onerror = (event) => {
      event.preventDefault();
      onMessage({ data: JSON.stringify({ type: "failed", id: null, error: event.message || "the worker could not start" }) });
    };
    state.post = (text) => worker.postMessage(text);
  }
  engine = state;
  return engine;
}

function ask(request) {
  const state = connect();
  if (state.failure) return Promise.reject(new Error(`Python could not start: ${state.failure}`));
  const id = `army-${nextId++}`;
  return new Promise((resolve, reject) => {
    state.pending.set(id, { resolve, reject });
    state.post(JSON.stringify({ type: "army", id, request }));
  });
}

// ---- the share link: {list, target, cover} deflated, base64url, in the hash ----

const toBase64url = (bytes) => {
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
};
const fromBase64url = (text) => Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));

async function through(bytes, stream) {
  return new Uint8Array(await new Response(new Blob([bytes]).stream().pipeThrough(stream)).arrayBuffer());
}

export async function packState(state) {
  const bytes = new TextEncoder().encode(JSON.stringify(state));
  return toBase64url(await through(bytes, new CompressionStream("deflate-raw")));
}

export async function unpackState(text) {
  const bytes = await through(fromBase64url(text), new DecompressionStream("deflate-raw"));
  const state = JSON.parse(new TextDecoder().decode(bytes));
  return state && typeof state === "object" ? state : null;
}

function hashState() {
  const hash = window.location.hash.slice(1);
  return hash.startsWith(HASH_KEY) ? hash.slice(HASH_KEY.length) : null;
}

// ---- numbers: exact "p/q" shown rounded (numerator and denominator may exceed 2^53) ----

function ratio(text, places = 4) {
  const [top, bottom = "1"] = String(text).split("/");
  const scale = 10n ** BigInt(places);
  return Number((BigInt(top) * scale) / BigInt(bottom)) / Number(scale);
}

const fixed = (text) => ratio(text).toFixed(2);
const percent = (text) => `${(ratio(text, 6) * 100).toFixed(1)}%`;

// ---- the page ----

function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  for (const child of children) node.append(child);
  return node;
}

function showProblems(root, problems) {
  const form = root.querySelector("[data-army-form]");
  for (const box of root.querySelectorAll("[data-army-problems]")) {
    const field = box.getAttribute("data-army-problems");
    const mine = problems.filter((p) => (p.field || "list") === field);
    const input = form.elements.namedItem(field);
    box.replaceChildren();
    box.hidden = mine.length === 0;
    if (input) {
      if (mine.length) input.setAttribute("aria-invalid", "true");
      else input.removeAttribute("aria-invalid");
    }
    if (!mine.length) continue;
    const list = el("ul");
    for (const p of mine) list.append(el("li", {}, p.where ? `${p.where}: ${p.message}` : p.message));
    box.append(list);
  }
}

function setStatus(root, text, state) {
  const status = root.querySelector("[data-army-status]");
  status.textContent = text;
  root.setAttribute("data-state", state);
}

function cellOf(cell) {
  if (!cell || cell.expected_wounds === null) {
    return el("td", { "data-range-empty": "" }, el("span", { class: "army-none" }, "—"), el("span", { class: "army-why" }, "no weapon reaches"));
  }
  const td = el("td", { title: `${cell.pool}: expected wounds ${cell.expected_wounds}` });
  td.append(el("span", { class: "army-wounds" }, `${fixed(cell.expected_wounds)} wounds`));
  td.append(el("span", { class: "army-one" }, `${percent(cell.at_least_one_wound)} at least 1`));
  if (cell.expected_minis_defeated !== null) td.append(el("span", { class: "army-minis" }, `${fixed(cell.expected_minis_defeated)} minis`));
  return td;
}

function tableOf(heading, units) {
  const defender = heading.defender;
  const caption = el("caption", {}, `Against ${defender.unit} (cover: ${heading.cover}): expected wounds, the chance of at least one wound, expected minis defeated.`);
  const head = el("tr", {}, el("th", { scope: "col" }, "Unit"), ...RANGES.map(([, label]) => el("th", { scope: "col" }, label)));
  const body = el("tbody");
  for (const unit of units) {
    const name = el("th", { scope: "row" }, el("span", { class: "army-unit" }, unit.name));
    if (unit.upgrades.length) name.append(el("span", { class: "army-upgrades" }, unit.upgrades.join(", ")));
    const row = el("tr", { "data-army-row": String(unit.index), "data-state": "waiting" }, name);
    for (const [key] of RANGES) row.append(el("td", { "data-range": key }, el("span", { class: "army-none" }, "…")));
    body.append(row);
  }
  const table = el("table", { class: "army-table" }, caption, el("thead", {}, head), body);
  return el("div", { class: "army-scroll", tabindex: "0", role: "region", "aria-label": "Your army's table" }, table);
}

function fillRow(root, row) {
  const tr = root.querySelector(`[data-army-row="${row.index}"]`);
  if (!tr) return;
  for (const [key] of RANGES) tr.querySelector(`[data-range="${key}"]`).replaceWith(cellOf(row.at_range[key]));
  tr.setAttribute("data-state", "done");
  const exact = root.querySelector("[data-army-exact] ul");
  const item = el("li", {}, el("strong", {}, `${row.name}`), ` (${row.unit})`);
  if (row.upgrades_not_in_attack.length) item.append(`; not in the attack: ${row.upgrades_not_in_attack.join(", ")}`);
  const ranges = el("ul");
  for (const [key, label] of RANGES) {
    const cell = row.at_range[key];
    ranges.append(el("li", {}, cell.expected_wounds === null ? `${label}: no pool (${cell.reason})`
      : `${label}: expected wounds ${cell.expected_wounds}, at least one ${cell.at_least_one_wound}` +
        (cell.expected_minis_defeated === null ? "" : `, minis defeated ${cell.expected_minis_defeated}`) + ` (${cell.pool})`));
  }
  item.append(ranges);
  exact.append(item);
}

function inputsOf(root) {
  const form = root.querySelector("[data-army-form]");
  return { list: form.elements.namedItem("list").value, defender_unit: form.elements.namedItem("defender_unit").value,
    cover: form.elements.namedItem("cover").value };
}

async function writeHash(root) {
  const { list, defender_unit: target, cover } = inputsOf(root);
  const url = new URL(window.location.href);
  url.hash = HASH_KEY + (await packState({ list, target, cover }));
  if (url.href !== window.location.href) history.replaceState(history.state, "", url.href);
  return url.href;
}

const runs = new WeakMap(); // root -> the number of its latest computation

async function compute(root) {
  const run = (runs.get(root) || 0) + 1;
  runs.set(root, run);
  const current = () => runs.get(root) === run && root.isConnected;
  const inputs = inputsOf(root);
  const progress = root.querySelector("[data-army-progress]");
  const result = root.querySelector("[data-army-result]");
  writeHash(root).catch(() => {});
  setStatus(root, "Reading the list… (Python starts on the first computation: a few seconds)", "loading");
  let read;
  try {
    read = await ask({ step: "read", ...inputs });
  } catch (error) {
    if (current()) setStatus(root, `The engine failed: ${error.message}`, "error");
    return;
  }
  if (!current()) return;
  showProblems(root, read.problems || []);
  if (!read.ok) {
    setStatus(root, "The list could not be read: see the problems beside the fields.", "error");
    return;
  }
  const units = read.units;
  result.replaceChildren(tableOf(read.heading, units),
    el("details", { class: "army-exact", "data-army-exact": "" }, el("summary", {}, "Exact values and the pool at each range"), el("ul")));
  result.hidden = false;
  progress.max = Math.max(units.length, 1);
  progress.value = 0;
  progress.hidden = false;
  const begun = performance.now();
  for (const [done, unit] of units.entries()) {
    progress.value = done;
    progress.textContent = `${done} of ${units.length} units`;
    setStatus(root, `Computing unit ${done + 1} of ${units.length}: ${unit.name}…`, "loading");
    let answer;
    try {
      answer = await ask({ step: "unit", index: unit.index, ...inputs });
    } catch (error) {
      if (current()) setStatus(root, `The engine failed: ${error.message}`, "error");
      return;
    }
    if (!current()) return;
    if (!answer.ok) {
      showProblems(root, [...(read.problems || []), ...answer.problems]);
      root.querySelector(`[data-army-row="${unit.index}"]`)?.setAttribute("data-state", "refused");
      continue;
    }
    fillRow(root, answer.row);
  }
  progress.value = units.length;
  progress.textContent = `${units.length} of ${units.length} units`;
  progress.hidden = true;
  const seconds = ((performance.now() - begun) / 1000).toFixed(1);
  root.setAttribute("data-army-ms", String(Math.round(performance.now() - begun)));
  const unmatched = (read.problems || []).length;
  setStatus(root, `Done: ${units.length} ${units.length === 1 ? "unit" : "units"} against ${read.heading.defender.unit} in ${seconds} s` +
    (unmatched ? `; ${unmatched} ${unmatched === 1 ? "name" : "names"} not matched (see beside the list).` : "."), "ready");
}

async function fromHash(root) {
  const packed = hashState();
  if (!packed) return false;
  const form = root.querySelector("[data-army-form]");
  let state;
  try {
    state = await unpackState(packed);
  } catch {
    setStatus(root, "The share link's list could not be read (the address was cut short?).", "error");
    return false;
  }
  if (!state) return false;
  form.elements.namedItem("list").value = typeof state.list === "string" ? state.list : "";
  const target = form.elements.namedItem("defender_unit");
  if (typeof state.target === "string" && Array.from(target.options).some((o) => o.value === state.target)) target.value = state.target;
  const cover = form.elements.namedItem("cover");
  if (typeof state.cover === "string" && Array.from(cover.options).some((o) => o.value === state.cover)) cover.value = state.cover;
  return true;
}

function styled() {
  if (document.querySelector("link[data-army-style]")) return Promise.resolve();
  return new Promise((resolve) => {
    const link = el("link", { rel: "stylesheet", href: styleURL, "data-army-style": "" });
    link.addEventListener("load", resolve, { once: true });
    link.addEventListener("error", resolve, { once: true });
    document.head.append(link);
  });
}

async function mount(root) {
  mounted.add(root);
  await styled();
  root.querySelector("[data-army-static]").hidden = true;
  const form = root.querySelector("[data-army-form]");
  form.hidden = false;
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    compute(root);
  });
  form.elements.namedItem("list").addEventListener("focus", () => connect(), { once: true }); // Python starts while the reader pastes
  root.querySelector("[data-army-share]").addEventListener("click", async () => {
    const href = await writeHash(root);
    try {
      await navigator.clipboard.writeText(href);
      setStatus(root, "The share link is copied: it holds the list, the target and the cover.", root.getAttribute("data-state") || "ready");
    } catch {
      setStatus(root, "The address bar now holds the share link (the list, the target and the cover): copy it from there.", root.getAttribute("data-state") || "ready");
    }
  });
  root.setAttribute("data-army-mounted", "");
  if (await fromHash(root)) compute(root);
}

export function mountArmy() {
  for (const root of document.querySelectorAll("[data-army]")) if (!mounted.has(root)) mount(root);
}

window.rulesArmy = { packState, unpackState };
