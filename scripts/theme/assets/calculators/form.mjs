// One calculator's form and result on the page: reading and setting the inputs, checking
// them before Python sees them, the status line, the result and a refusal beside its field.
//
// DOM contract: root `[data-calculator="<name>"][data-state]` (static | loading | ready |
// error) holding a <form> of named controls and a `[data-result]` region.

import { stats } from "./settings.mjs";

// The status line and the error box are added once, just before the result region.
export function ensure(root, result, attribute, tag, className, role) {
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

export function parts(root) {
  const form = root.querySelector("form");
  const result = root.querySelector("[data-result]");
  const status = ensure(root, result, "data-status", "p", "calculator-status", ["aria-live", "polite"]);
  const created = !root.querySelector(":scope > [data-error]");
  const problem = ensure(root, result, "data-error", "div", "calculator-error", ["role", "alert"]);
  if (created) problem.hidden = true;
  return { form, result, status, problem };
}

// `spoken` is read out by a screen reader after `text` but not shown: the result's own
// headline, which sits just below and would otherwise be printed twice.
export function setState(root, state, text, spoken) {
  root.setAttribute("data-state", state);
  const { status, result } = parts(root);
  if (text !== undefined) {
    status.textContent = text;
    if (spoken) {
      const hidden = document.createElement("span");
      hidden.className = "calculator-spoken";
      hidden.textContent = spoken;
      status.append(" ", hidden);
    }
  }
  result.setAttribute("aria-busy", state === "loading" ? "true" : "false");
  root.dispatchEvent(new CustomEvent("calculator:state", { bubbles: true, detail: { state } }));
}

const lastResponse = new WeakMap(); // root -> last response from the engine
export const responseOf = (root) => lastResponse.get(root) || null;

export function showResponse(root, response, ms) {
  stats.responses += 1;
  stats.lastComputeMs = ms;
  lastResponse.set(root, response);
  if (!response.ok) {
    // Offered first to whoever listens (trace-fit.mjs drops faces that no longer fit and asks again).
    const refused = new CustomEvent("calculator:refused", { cancelable: true, detail: response });
    if (root.dispatchEvent(refused)) showError(root, response.error || "the engine refused these inputs", JSON.stringify(response, null, 2), response.option);
    return;
  }
  const { result } = parts(root);
  result.innerHTML = response.html;
  clearProblem(root);
  // The live region says one short sentence, never the whole result (nor the engine's
  // time: that is for stats and the benchmarks, not the reader).
  setState(root, "ready", "Updated for these inputs.", response.summary);
  root.dispatchEvent(new CustomEvent("calculator:result", { bubbles: true, detail: response }));
}

// Where a field sits: the heading of the folded group around it, if any.
export function whereOf(field) {
  const group = field && field.closest("details.calculator-more");
  const summary = group && group.querySelector(":scope > summary");
  return summary ? summary.textContent.trim() : "";
}

function fieldNamed(form, name) {
  const el = Array.from(form.querySelectorAll("[name]")).find((e) => e.name === name);
  return el ? el.closest(".calculator-field") : null;
}

// The first control a reader would change in a field (a row's first control for a field
// made of rows, the checked colour of a dice picker).
function focusTarget(field) {
  return field.querySelector("[data-rows] input, [data-rows] select, [data-rows] button, input:checked, input:not([hidden]):not([type=hidden]), select");
}

export function goTo(field) {
  const group = field.closest("details");
  if (group) group.open = true;
  const target = focusTarget(field);
  if (target) target.focus();
}

// The refusal says where the field it names sits (and any other field its words name,
// such as the Ruleset it needs), with a button that opens the group and focuses it.
function located(form, error, optionName) {
  const said = [];
  const own = optionName ? fieldNamed(form, optionName) : null;
  const fields = Array.from(form.querySelectorAll(".calculator-field"));
  for (const field of fields) {
    const label = field.querySelector(".calculator-label");
    const text = label ? label.textContent.trim() : "";
    if (!text || (field !== own && !error.includes(text))) continue;
    const where = whereOf(field);
    said.push({ field, text, where });
  }
  said.sort((x, y) => (y.field === own) - (x.field === own));
  return { own, said };
}

export function showError(root, error, detail, optionName) {
  const { problem, form } = parts(root);
  const before = problem.hidden ? "" : problem.getAttribute("data-shown") || "";
  problem.replaceChildren();
  problem.setAttribute("data-shown", error);
  const message = document.createElement("p");
  message.className = "calculator-error-message";
  message.textContent = error;
  problem.append(message);
  const name = optionName ? optionName.replace(/^--/, "").replace(/-/g, "_") : "";
  const { own, said } = form ? located(form, error, name) : { own: null, said: [] };
  if (said.length) {
    const where = document.createElement("p");
    where.className = "calculator-error-where";
    for (const { field, text, where: group } of said) {
      const go = document.createElement("button");
      go.type = "button";
      go.className = "calculator-error-go";
      go.setAttribute("data-go-to", "");
      go.textContent = group ? `${text} (under “${group}”)` : `${text} (above)`;
      go.addEventListener("click", () => goTo(field));
      where.append(go, " ");
    }
    where.prepend(said.length > 1 ? "Change: " : "Change it here: ");
    problem.append(where);
  }
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
  if (name && form) markInvalid(form, name, error);
  // A new refusal opens the field's group and focuses it, unless the reader is typing in
  // another box (the button above takes them there).
  const active = document.activeElement;
  const typing = active && form && form.contains(active) && active.matches("input[type=number], input[type=text]") && !(own && own.contains(active));
  // Already in a field the refusal names (the "− die" button of the faces it speaks of):
  // the focus stays where the reader is.
  const named = said.some(({ field }) => active && field.contains(active));
  if (own && error !== before && !typing && !named) goTo(own);
  setState(root, "error", "The result below is for the previous inputs.");
}

export function clearProblem(root) {
  const { problem, form } = parts(root);
  problem.hidden = true;
  problem.replaceChildren();
  if (form) {
    for (const el of form.querySelectorAll("[aria-invalid]")) el.removeAttribute("aria-invalid");
    for (const el of form.querySelectorAll("[data-field-error]")) el.remove();
  }
}

// The refusal also stands beside the field it names (opening its group if folded).
export function markInvalid(form, name, error) {
  for (const el of form.querySelectorAll("[name]")) {
    if (el.name !== name) continue;
    el.setAttribute("aria-invalid", "true");
    const field = el.closest(".calculator-field");
    if (field && el.hidden) {
      // A field drawn by the page's script (rows, dice): its first control says it too.
      const shown = focusTarget(field);
      if (shown && shown !== el) shown.setAttribute("aria-invalid", "true");
    }
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

export function labelOf(el) {
  const legend = el.closest("fieldset.calculator-field")?.querySelector("legend");
  if (legend) return legend.textContent.trim().replace(/\s+/g, " ");
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

export function invalidMessages(form) {
  const messages = [];
  for (const el of form.elements) {
    if (!el.name || el.disabled || el.checkValidity()) continue;
    const got = el.validity.badInput ? "not a number" : el.value === "" ? "nothing" : el.value;
    const allowed = el.type === "number" ? allowedRange(el) : el.validationMessage;
    // A field of rows says which row and field (rows.mjs); its text would only repeat it.
    const message = el.hasAttribute("data-parts") ? `${labelOf(el)}: ${el.validationMessage}` : `${labelOf(el)}: ${allowed} (got ${got}).`;
    markInvalid(form, el.name, message);
    messages.push(message);
  }
  return messages;
}

export function inputsOf(form) {
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

// Set the form's controls to `values` (name -> value; a missing name keeps its control);
// answers whether anything changed. A folded group holding a changed control opens.
export function setInputs(form, values) {
  let changed = false;
  for (const el of form.querySelectorAll("[name]")) {
    const want = values[el.name];
    if (want === undefined) continue;
    let moved = false;
    if (el.type === "checkbox") {
      const on = want === true || want === "true";
      moved = el.checked !== on;
      el.checked = on;
    } else if (el.type === "radio") {
      const on = el.value === String(want);
      moved = el.checked !== on && on;
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
  if (changed) form.dispatchEvent(new CustomEvent("calculator:inputs-set", { bubbles: true }));
  return changed;
}

// ---- controls the pre-rendered form marks, made live ----

// The − and + buttons beside a count (form.py's stepper): a step within the box's bounds,
// told to the form as typing would.
function stepped(event) {
  const button = event.target.closest(".calculator-step");
  if (!button || button.closest("[data-rows]")) return; // rows.mjs steps its own
  const input = button.parentElement.querySelector("input[type=number]");
  if (!input || input.disabled) return;
  const next = (Number(input.value) || 0) + Number(button.getAttribute("data-step"));
  if ((input.min !== "" && next < Number(input.min)) || (input.max !== "" && next > Number(input.max))) return;
  input.value = String(next);
  input.dispatchEvent(new Event("input", { bubbles: true }));
}

// A choice's sentence (data-words on each option) follows the choice.
function saySentence(select) {
  const words = select.closest(".calculator-field")?.querySelector("[data-choice-words]");
  const picked = select.selectedOptions[0];
  if (words && picked) words.textContent = picked.getAttribute("data-words") || "";
}

// A field that only some rulesets take (data-rulesets) is disabled under the others, with
// the reason beside it; a disabled control is not sent.
export function applyRulesets(form) {
  const ruleset = form.querySelector("select[name=ruleset]");
  const current = ruleset ? ruleset.value : "";
  for (const field of form.querySelectorAll(".calculator-field[data-rulesets]")) {
    const taking = field.getAttribute("data-rulesets").split(" ");
    const off = Boolean(ruleset) && !taking.includes(current);
    for (const el of field.querySelectorAll("input, select, button")) el.disabled = off;
    field.toggleAttribute("data-off", off);
    let note = field.querySelector("[data-ruleset-note]");
    if (off && !note) {
      note = document.createElement("small");
      note.className = "calculator-ruleset-note";
      note.setAttribute("data-ruleset-note", "");
      field.append(note);
    }
    if (off) {
      const names = taking.map((r) => {
        const option = ruleset.querySelector(`option[value="${CSS.escape(r)}"]`);
        return option ? `${option.textContent} (${r})` : r;
      });
      const where = whereOf(ruleset.closest(".calculator-field"));
      note.textContent = `Only under the ruleset ${names.join(" or ")}: change Ruleset${where ? ` under “${where}”` : ""} to use it.`;
    } else if (note) note.remove();
  }
}

export function mountControls(form) {
  form.addEventListener("click", stepped);
  for (const select of form.querySelectorAll("select")) {
    if (!select.querySelector("option[data-words]")) continue;
    saySentence(select);
    select.addEventListener("change", () => saySentence(select));
  }
  const ruleset = form.querySelector("select[name=ruleset]");
  if (ruleset) ruleset.addEventListener("change", () => applyRulesets(form));
  form.addEventListener("calculator:inputs-set", () => {
    applyRulesets(form);
    for (const select of form.querySelectorAll("select")) if (select.querySelector("option[data-words]")) saySentence(select);
  });
  applyRulesets(form);
}
