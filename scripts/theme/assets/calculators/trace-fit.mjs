// A worked example in trace mode carries the faces its dice showed. When the reader changes
// anything else, those faces follow as far as they still fit, and never end in a refusal:
//
// - a dice count changes (a face list marked data-dice-from="red black white" lists those
//   counts' dice in that order): a die removed takes its face with it; a die added has no
//   face, so it is rolled (a die added before dice that have faces leaves those rolled too);
// - the engine then refuses a face list (more faces than dice now, or faces that need every
//   attack die's face): its last face is dropped and the engine asked again, until it
//   answers; with every face gone the calculator gives the exact odds.
// One short line beside each face list changed says so, until the reader's next change.
// A change the reader makes to the faces themselves is theirs: a refusal then stands.

import { inputsOf, parts, setInputs } from "./form.mjs";

const SEPARATOR = ";";
// root -> after a reader's change, per face list: faces `removed` with their dice, faces
// `dropped` (no longer fitting), lists whose added dice are `rolled`.
const fitting = new WeakMap();
const counts = new WeakMap(); // form -> {count input's name -> its value last seen}

const faceLists = (form) => Array.from(form.querySelectorAll("input[data-faces]"));
const unitsOf = (text) => (text.value.trim() ? text.value.split(SEPARATOR).map((unit) => unit.split(",").map((f) => f.trim()).filter(Boolean)) : []);
const textOf = (units) => units.filter((faces) => faces.length).map((faces) => faces.join(", ")).join(`${SEPARATOR} `);
const isTrace = (el) => el.closest(".calculator-field")?.getAttribute("data-group") === "trace";

function countOf(form, name) {
  const el = form.elements.namedItem(name);
  if (!(el instanceof HTMLInputElement) || el.type !== "number" || !el.checkValidity() || el.value === "") return null;
  return Number(el.value);
}

// A count being typed (empty, or out of range for a moment) keeps the value last seen.
function remember(form) {
  const seen = Object.assign({}, counts.get(form) || {});
  for (const text of faceLists(form)) {
    for (const name of (text.getAttribute("data-dice-from") || "").split(" ").filter(Boolean)) seen[name] = countOf(form, name) ?? seen[name] ?? null;
  }
  counts.set(form, seen);
}

function removeNotes(root) {
  for (const note of root.querySelectorAll("[data-field-note]")) note.remove();
  for (const box of root.querySelectorAll("[data-face-controls][aria-describedby]")) box.removeAttribute("aria-describedby");
}

// The page or the address set the inputs (a worked example loaded, back or forward): the
// faces are as given, a refusal stands.
export function inputsGiven(root) {
  fitting.delete(root);
  removeNotes(root);
  const { form } = parts(root);
  if (form) remember(form);
}

// The reader changed `target`: a face list (theirs to set) or anything else (the faces follow).
export function readerChanged(root, target) {
  const { form } = parts(root);
  removeNotes(root);
  if (!form || !(target instanceof Element) || isTrace(target)) {
    fitting.delete(root);
    return;
  }
  const state = { removed: new Map(), dropped: new Map(), rolled: new Set() };
  fitting.set(root, state);
  followCounts(form, state);
}

const add = (tally, name, n) => tally.set(name, (tally.get(name) || 0) + n);

function followCounts(form, state) {
  const before = counts.get(form) || {};
  const values = {};
  for (const text of faceLists(form)) {
    const order = (text.getAttribute("data-dice-from") || "").split(" ").filter(Boolean);
    if (!order.length) continue;
    const faces = unitsOf(text)[0] || [];
    let start = 0;
    for (const name of order) {
      const was = before[name];
      const now = countOf(form, name);
      if (was == null || now == null || was === now) {
        start += now ?? was ?? 0;
        continue;
      }
      const end = start + Math.min(was, now);
      if (now < was) {
        // The last dice of this count go, with their faces (those that had one).
        const gone = faces.splice(end, was - now).length;
        if (gone) add(state.removed, text.name, gone);
      } else if (faces.length > end) {
        // New dice sit before dice that have faces: faces are read in order, so those go.
        add(state.dropped, text.name, faces.splice(end).length);
      } else if (faces.length) {
        state.rolled.add(text.name);
      }
      start += now;
    }
    const next = textOf([faces]);
    if (next !== text.value.trim()) values[text.name] = next;
  }
  remember(form);
  if (Object.keys(values).length) {
    setInputs(form, values);
    remember(form);
  }
}

// The engine refused these inputs: if that names a face list the reader did not just set,
// drop its last face and ask again. Answers whether it did.
//
// The engine answers those next requests ahead (worker.mjs, following(); `ahead(request)`
// gives such an answer, or null): while an answer given ahead is a refusal again, the next
// face goes too, and only the last request is asked, once (each step would otherwise set the
// form, the address and the status again, some 10 ms each, for a state no one sees).
function refit(root, response, recompute, ahead) {
  const state = fitting.get(root);
  const { form } = parts(root);
  if (!state || !form || !response.option) return false;
  const lists = new Map(faceLists(form).map((el) => [el.name, el]));
  if (!lists.has(response.option)) return false;
  const inputs = inputsOf(form);
  const changed = {};
  const dropped = new Map();
  let answer = response;
  while (answer && !answer.ok && lists.has(answer.option)) {
    const name = answer.option;
    const units = unitsOf({ value: name in changed ? changed[name] : lists.get(name).value });
    if (!units.length) break;
    units[units.length - 1].pop();
    changed[name] = inputs[name] = textOf(units);
    add(dropped, name, 1);
    const next = ahead({ calculator: root.getAttribute("data-calculator"), inputs, base: root.getAttribute("data-base") || "" });
    answer = next && next.response;
  }
  if (!dropped.size) return false;
  setInputs(form, changed);
  remember(form);
  for (const [name, n] of dropped) {
    add(state.dropped, name, n);
    state.rolled.delete(name);
  }
  recompute(root, true);
  return true;
}

// The face lists of `root` that follow the reader's change (refit drops their faces on a
// refusal), or null: the worker answers those requests ahead (worker.mjs, following()).
export function fitNames(root) {
  const { form } = parts(root);
  if (!fitting.has(root) || !form) return null;
  return faceLists(form).map((el) => el.name);
}

// What happened to one face list, in a line.
function words(state, name, noneLeft) {
  const removed = state.removed.get(name) || 0;
  const dropped = state.dropped.get(name) || 0;
  const said = [];
  if (removed) said.push(removed === 1 ? "The die removed took its face." : `The ${removed} dice removed took their faces.`);
  if (dropped) said.push(`${dropped === 1 ? "1 face" : `${dropped} faces`} dropped: no longer fitting these inputs.`);
  if (state.rolled.has(name)) said.push("The die added has no face: it is rolled.");
  if (said.length && noneLeft) said.push("No faces are left: these are the exact odds.");
  return said.join(" ");
}

// One line beside each face list that changed, once the engine has answered.
function explain(root) {
  const state = fitting.get(root);
  const { form } = parts(root);
  if (!state || !form) return;
  const lists = faceLists(form);
  const noneLeft = lists.every((text) => !text.value.trim());
  for (const text of lists) {
    const line = words(state, text.name, noneLeft);
    const field = text.closest(".calculator-field");
    if (!line || !field || field.querySelector("[data-field-note]")) continue;
    const note = document.createElement("small");
    note.className = "calculator-field-note";
    note.setAttribute("data-field-note", "");
    note.id = `calculator-note-${text.name}-${Math.random().toString(36).slice(2, 8)}`;
    note.textContent = line;
    field.append(note);
    const box = field.querySelector("[data-face-controls]");
    if (box) box.setAttribute("aria-describedby", note.id);
  }
  for (const tally of [state.removed, state.dropped]) tally.clear();
  state.rolled.clear();
}

// Wire one calculator: `recompute(root, force)` asks the engine again; `ahead(request)` is
// the engine's answer given ahead for a request, or null (worker-client.mjs).
export function mountFit(root, recompute, ahead = () => null) {
  const { form } = parts(root);
  if (!form) return;
  remember(form);
  root.addEventListener("calculator:refused", (event) => {
    if (event.target !== root) return;
    if (refit(root, event.detail, recompute, ahead)) event.preventDefault();
    else explain(root);
  });
  root.addEventListener("calculator:result", (event) => {
    if (event.target === root) explain(root);
  });
}
