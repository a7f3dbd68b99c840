// An input made of parts (a guardian, a further attack pool, a further defender): one row
// of controls per item, drawn from the fields the engine declares (Option.parts, carried
// in the text input's data-parts), with a button to add an item and one per row to remove
// it. The text input stays the form's value, in the command line's own syntax, so the page
// address, the worked examples and the engine read it as before; the rows write it.
//
// Syntax (Option.joined): "commas": the leading number and choice fields in order, then the
// name of each switch that is on and NAME=VALUE for each later count not at its default
// ("2,red,block,immune-pierce,dodge=1"); "words": NAME=VALUE for each
// field not at its default, NAME alone for a switch that is on ("black=2 blast defender=2").

const SEPARATOR = ";";
const SHOWN = 4; // fields open in a row; the others are folded under "More"

const kebab = (name) => name.replace(/_/g, "-");
const snake = (name) => name.trim().toLowerCase().replace(/-/g, "_");
const truthy = (value) => value === true || value === "true";

// The fields written by place in a "commas" item: those before the first switch.
function leading(desc) {
  const out = [];
  for (const part of desc.parts) {
    if (part.kind === "bool") break;
    out.push(part);
  }
  return out;
}

// A new item: every field at its default, but a numbered one (Option.numbered) at the
// item's number, so pool 3 starts against defender 3.
function blank(desc, number) {
  const item = {};
  for (const part of desc.parts) {
    item[part.name] = part.parts ? [] : part.default;
    if (part.numbered && number !== undefined) item[part.name] = Math.max(part.min ?? number, Math.min(number, part.max ?? number));
  }
  return item;
}

// One item's text as the engine reads it.
export function parseItem(desc, text, number) {
  const item = blank(desc, number);
  if (desc.joined === "commas") {
    const ordered = leading(desc);
    const words = text.split(",").map((w) => w.trim()).filter(Boolean);
    let place = 0;
    for (const word of words) {
      const at = word.indexOf("=");
      if (at >= 0) {
        const part = desc.parts.find((p) => p.name === snake(word.slice(0, at)));
        if (part) item[part.name] = part.kind === "int" ? Number(word.slice(at + 1)) : word.slice(at + 1);
        continue;
      }
      const named = desc.parts.find((p) => p.kind === "bool" && kebab(p.name) === word.toLowerCase());
      if (named) item[named.name] = true;
      else if (place < ordered.length) {
        const part = ordered[place++];
        item[part.name] = part.kind === "int" ? Number(word) : word.toLowerCase();
      }
    }
    return item;
  }
  for (const word of text.split(desc.joined === "pairs" ? "," : /\s+/).map((w) => w.trim()).filter(Boolean)) {
    const at = word.indexOf("=");
    const key = snake(at < 0 ? word : word.slice(0, at));
    const value = at < 0 ? "true" : word.slice(at + 1);
    const part = desc.parts.find((p) => p.name === key);
    if (!part) continue;
    if (part.parts) item[key].push(parseItem(part, value));
    else item[key] = part.kind === "int" ? Number(value) : part.kind === "bool" ? truthy(value) : value;
  }
  return item;
}

export function joinItem(desc, item) {
  if (desc.joined === "commas") {
    const ordered = leading(desc);
    const words = ordered.map((p) => String(item[p.name] ?? p.default));
    for (const part of desc.parts.slice(ordered.length)) {
      const value = item[part.name];
      if (part.kind === "bool") {
        if (truthy(value)) words.push(kebab(part.name));
      } else if (value !== undefined && value !== null && value !== "" && String(value) !== String(part.default)) {
        words.push(`${kebab(part.name)}=${value}`);
      }
    }
    return words.join(",");
  }
  const words = [];
  for (const part of desc.parts) {
    const value = item[part.name];
    if (part.parts) {
      for (const inner of value || []) words.push(`${kebab(part.name)}=${joinItem(part, inner)}`);
    } else if (part.kind === "bool") {
      if (truthy(value)) words.push(kebab(part.name));
    } else if (value !== undefined && value !== null && value !== "" && String(value) !== String(part.default)) {
      words.push(`${kebab(part.name)}=${value}`);
    }
  }
  // The first field is always written (Option.joined): an item of a list at every default
  // is still there, and a required field (an intercepting unit's health) is never left out.
  const first = desc.parts[0];
  const said = (word) => word === kebab(first.name) || word.startsWith(`${kebab(first.name)}=`);
  if (desc.repeatable && first && !first.parts && first.kind !== "bool" && !words.some(said)) {
    words.unshift(`${kebab(first.name)}=${item[first.name] ?? first.default}`);
  }
  return words.join(desc.joined === "pairs" ? "," : " ");
}

export function itemsOf(text) {
  const desc = JSON.parse(text.getAttribute("data-parts"));
  const value = text.value.trim();
  if (!desc.repeatable) return value ? [parseItem(desc, value)] : [];
  return value ? value.split(SEPARATOR).map((t) => t.trim()).filter(Boolean).map((t, i) => parseItem(desc, t, (desc.first || 1) + i)) : [];
}

// Items in the words a player reads: "Guardian 2, red defense die" (the Copy link's text).
export function describeItem(desc, item) {
  const said = [];
  for (const part of desc.parts) {
    const value = item[part.name];
    if (part.parts) continue;
    if (part.kind === "bool") {
      if (truthy(value)) said.push(part.label);
    } else if (desc.joined === "commas" || String(value) !== String(part.default)) {
      if (part.kind === "int" && / X$/.test(part.label)) said.push(`${part.label.slice(0, -2)} ${value}`);
      else if (part.dice && part.kind === "choice") said.push(`${value} ${part.label.toLowerCase()}`);
      else if (part.dice) said.push(`${value} ${part.label.toLowerCase().replace(/ attack dice$/, "")}`);
      else said.push(`${part.label.toLowerCase()} ${value}`);
    }
  }
  return said.join(", ");
}

function stepper(part, value, name, onValue) {
  const box = document.createElement("span");
  box.className = "calculator-stepper";
  if (part.dice) box.setAttribute("data-die", part.name);
  const input = document.createElement("input");
  input.type = "number";
  input.step = "1";
  input.required = true;
  if (part.min !== null) input.min = String(part.min);
  if (part.max !== null) input.max = String(part.max);
  input.value = String(value);
  input.setAttribute("aria-label", name);
  input.setAttribute("data-row-control", "");
  const step = (delta, text) => {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "calculator-step";
    button.setAttribute("data-step", String(delta));
    button.textContent = text;
    button.tabIndex = -1;
    button.setAttribute("aria-hidden", "true");
    button.addEventListener("click", () => {
      const next = (Number(input.value) || 0) + delta;
      if ((part.min !== null && next < part.min) || (part.max !== null && next > part.max)) return;
      input.value = String(next);
      onValue(input);
    });
    return button;
  };
  input.addEventListener("input", () => onValue(input));
  box.append(step(-1, "−"), input, step(1, "+"));
  return box;
}

function control(part, value, name, onValue) {
  if (part.kind === "int") return stepper(part, value, name, onValue);
  if (part.kind === "bool") {
    const input = document.createElement("input");
    input.type = "checkbox";
    input.checked = truthy(value);
    input.setAttribute("data-row-control", "");
    input.addEventListener("change", () => onValue(input));
    return input;
  }
  if (part.kind === "choice" && part.dice) {
    // A die is picked by its colour: toggle buttons, one per colour.
    const group = document.createElement("span");
    group.className = "calculator-dice";
    group.setAttribute("role", "group");
    group.setAttribute("aria-label", name);
    for (const colour of part.choices) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "calculator-die";
      button.setAttribute("data-die", colour);
      button.setAttribute("aria-pressed", String(colour === value));
      button.setAttribute("data-row-control", "");
      button.innerHTML = '<span class="calculator-die-face" aria-hidden="true"></span>';
      button.append(colour);
      button.addEventListener("click", () => {
        for (const other of group.children) other.setAttribute("aria-pressed", String(other === button));
        onValue({ value: colour, type: "die" });
      });
      group.append(button);
    }
    return group;
  }
  const select = document.createElement("select");
  select.setAttribute("data-row-control", "");
  for (const choice of part.choices) {
    const option = document.createElement("option");
    option.value = choice;
    option.textContent = choice;
    option.selected = choice === value;
    select.append(option);
  }
  select.addEventListener("change", () => onValue(select));
  return select;
}

function valueOf(part, element) {
  if (part.kind === "bool") return element.checked;
  if (part.kind === "int") return element.value === "" ? "" : Number(element.value);
  return element.value;
}

// A row's fields; `onChange(item)` after each edit; `where` names the row ("guardian 2").
function fieldsOf(desc, item, where, onChange, problems) {
  const fields = [];
  for (const part of desc.parts) {
    const name = `${part.label}, ${where}`;
    // A label holds one control; a group of buttons (a die's colours) or rows sits in a div.
    const field = document.createElement(part.parts || (part.kind === "choice" && part.dice) ? "div" : "label");
    field.className = "calculator-row-field";
    field.setAttribute("data-part", part.name);
    const label = document.createElement("span");
    label.className = "calculator-row-label";
    label.textContent = part.label;
    field.append(label);
    if (part.parts) {
      field.append(rowsBox(part, item[part.name] || [], where, (items) => {
        item[part.name] = items;
        onChange(item);
      }, problems));
    } else {
      // A count out of its range is refused before the engine sees it, naming the row.
      const check = (element) => {
        const v = element.value;
        const n = Number(v);
        const bad = v === "" || !Number.isInteger(n) || (part.min !== null && n < part.min) || (part.max !== null && n > part.max);
        if (bad) {
          element.setAttribute("aria-invalid", "true");
          problems.set(element, `${name}: a whole number from ${part.min} to ${part.max} (got ${v === "" ? "nothing" : v}).`);
        } else {
          element.removeAttribute("aria-invalid");
          problems.delete(element);
        }
      };
      const made = control(part, item[part.name], name, (element) => {
        if (part.kind === "int") check(element);
        item[part.name] = valueOf(part, element);
        onChange(item);
      });
      if (part.kind === "int") check(made.querySelector("input"));
      field.append(made);
    }
    fields.push(field);
  }
  return fields;
}

function rowsBox(desc, items, outer, onItems, problems) {
  const box = document.createElement("div");
  box.className = "calculator-rows";
  const unit = desc.unit || "item";
  const first = desc.first || 1;
  const single = !desc.repeatable;
  if (single && !items.length) items.push(blank(desc, first));
  const draw = (focus) => {
    if (single) {
      // One thing described by several fields (a Switch power): its fields, no add or remove.
      const row = document.createElement("div");
      row.className = "calculator-row calculator-row-single";
      row.setAttribute("data-row", "0");
      row.append(...fieldsOf(desc, items[0], outer || desc.label.toLowerCase(), () => onItems(items), problems));
      box.replaceChildren(row);
      return;
    }
    const rows = items.map((item, i) => {
      const where = `${unit} ${first + i}${outer ? ` of ${outer}` : ""}`;
      const row = document.createElement("fieldset");
      row.className = "calculator-row";
      row.setAttribute("data-row", String(i));
      const legend = document.createElement("legend");
      legend.textContent = `${unit[0].toUpperCase()}${unit.slice(1)} ${first + i}`;
      row.append(legend);
      const fields = fieldsOf(desc, item, where, () => onItems(items), problems);
      row.append(...fields.slice(0, fields.length > SHOWN + 2 ? SHOWN : fields.length));
      if (fields.length > SHOWN + 2) { // folding one or two fields would hide more than it saves
        const more = document.createElement("details");
        more.className = "calculator-row-more";
        const summary = document.createElement("summary");
        summary.textContent = `More for ${unit} ${first + i} (${fields.length - SHOWN} inputs)`;
        more.append(summary, ...fields.slice(SHOWN));
        row.append(more);
      }
      const remove = document.createElement("button");
      remove.type = "button";
      remove.className = "calculator-row-remove";
      remove.textContent = `Remove ${unit} ${first + i}`;
      if (outer) remove.setAttribute("aria-label", `Remove ${unit} ${first + i} of ${outer}`);
      remove.setAttribute("data-row-remove", "");
      remove.addEventListener("click", () => {
        items.splice(i, 1);
        draw("[data-row-add]");
        onItems(items);
      });
      row.append(remove);
      return row;
    });
    const add = document.createElement("button");
    add.type = "button";
    add.className = "calculator-row-add";
    add.setAttribute("data-row-add", "");
    add.textContent = `+ Add ${unit} ${first + items.length}`;
    if (outer) add.setAttribute("aria-label", `Add ${unit} ${first + items.length} to ${outer}`);
    add.addEventListener("click", () => {
      items.push(blank(desc, first + items.length));
      draw(`[data-row="${items.length - 1}"] input, [data-row="${items.length - 1}"] select, [data-row="${items.length - 1}"] button`);
      onItems(items);
    });
    const none = document.createElement("p");
    none.className = "calculator-rows-none";
    none.textContent = `No ${unit}${outer ? ` for ${outer}` : ""}.`;
    box.replaceChildren(...(items.length ? rows : [none]), add);
    if (focus) {
      const target = box.querySelector(focus);
      if (target) target.focus();
    }
  };
  draw();
  box.redraw = draw;
  return box;
}

// Draw the rows of every input of `form` made of parts, and again whenever the form's
// values are set from outside (a worked example, the address).
export function mountRows(form) {
  for (const text of form.querySelectorAll("input[data-parts]")) {
    if (text.nextElementSibling && text.nextElementSibling.hasAttribute("data-rows")) continue;
    const desc = JSON.parse(text.getAttribute("data-parts"));
    const holder = document.createElement("div");
    holder.setAttribute("data-rows", "");
    text.hidden = true;
    text.after(holder);
    const hint = text.closest(".calculator-field")?.querySelector(".calculator-allowed");
    if (hint) hint.hidden = true;
    const problems = new Map(); // a row's control -> what it refuses
    const write = (items) => {
      // A refusal of a control the rows no longer show (redrawn, removed) is gone with it.
      for (const element of Array.from(problems.keys())) if (!element.isConnected) problems.delete(element);
      text.value = items.map((item) => joinItem(desc, item)).filter(Boolean).join(`${SEPARATOR} `);
      text.setCustomValidity(Array.from(problems.values()).join(" "));
      text.dispatchEvent(new Event("input", { bubbles: true }));
    };
    const draw = () => {
      problems.clear();
      holder.replaceChildren(rowsBox(desc, itemsOf(text), "", write, problems));
      text.setCustomValidity(Array.from(problems.values()).join(" "));
    };
    // The rows' own events stay here; the text input's "input" event tells the form.
    for (const type of ["input", "change"]) holder.addEventListener(type, (event) => event.stopPropagation());
    draw();
    text.redrawRows = draw;
  }
  form.addEventListener("calculator:inputs-set", () => {
    for (const text of form.querySelectorAll("input[data-parts]")) if (text.redrawRows) text.redrawRows();
  });
}
