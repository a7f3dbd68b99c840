// The faces rolled, chosen die by die: a text input marked data-faces="crit hit surge blank"
// (the faces one die may show) stays the form's value and the view without JavaScript;
// beside it the reader picks each die's face from a select, and adds or removes a die. An
// input that lists several units' dice (data-units, `;` between units, e.g. one list per
// guardian) gets a group of selects per unit and a button for the next unit.

import { labelOf } from "./form.mjs";

const SEPARATOR = ";";

function listsOf(text) {
  const value = text.value.trim();
  if (!value) return [];
  return value.split(SEPARATOR).map((unit) => unit.split(",").map((face) => face.trim()).filter(Boolean));
}

// Write the lists back into the text input and tell the form, as typing there would.
function write(text, lists) {
  text.value = lists.filter((faces) => faces.length).map((faces) => faces.join(", ")).join(`${SEPARATOR} `);
  text.dispatchEvent(new Event("input", { bubbles: true }));
}

function button(label, name, onClick) {
  const element = document.createElement("button");
  element.type = "button";
  element.className = "calculator-face-button";
  element.textContent = label;
  element.setAttribute("aria-label", name);
  element.addEventListener("click", onClick);
  return element;
}

function select(faces, face, name, onPick) {
  const element = document.createElement("select");
  element.setAttribute("aria-label", name);
  // A face the die cannot show (typed by hand) stays visible until the reader changes it.
  for (const choice of faces.includes(face) ? faces : [face, ...faces]) {
    const option = document.createElement("option");
    option.value = choice;
    option.textContent = choice;
    option.selected = choice === face;
    element.append(option);
  }
  // The text input's own "input" event tells the form; the select's events stay here.
  element.addEventListener("input", (event) => event.stopPropagation());
  element.addEventListener("change", (event) => {
    event.stopPropagation();
    onPick(element.value);
  });
  return element;
}

function draw(text) {
  const box = text.nextElementSibling;
  if (!box || !box.hasAttribute("data-face-controls")) return;
  const faces = text.getAttribute("data-faces").split(" ");
  const label = labelOf(text);
  const several = text.hasAttribute("data-units");
  const unitName = text.getAttribute("data-units") || "unit";
  const lists = listsOf(text);
  const change = (edit, focus) => {
    const next = listsOf(text);
    edit(next);
    write(text, next);
    draw(text);
    // Focus stays on the button pressed, or on "+ die" when that button is gone.
    const again = box.querySelector(focus) || box.querySelector("[data-face-add]");
    if (again) again.focus();
  };
  const controls = [];
  lists.forEach((list, unit) => {
    const row = document.createElement("span");
    row.className = "calculator-face-unit";
    if (several) {
      const name = document.createElement("span");
      name.className = "calculator-face-unit-name";
      name.textContent = `${unitName} ${unit + 1}:`;
      row.append(name);
    }
    list.forEach((face, die) => {
      const where = several ? `${unitName} ${unit + 1}, die ${die + 1}` : `die ${die + 1}`;
      row.append(select(faces, face, `${label}, ${where}`, (picked) => {
        const next = listsOf(text);
        next[unit][die] = picked;
        write(text, next);
      }));
    });
    controls.push(row);
  });
  if (!lists.length) {
    const none = document.createElement("span");
    none.className = "calculator-face-none";
    none.textContent = "none given: exact odds";
    controls.push(none);
  }
  const actions = document.createElement("span");
  actions.className = "calculator-face-actions";
  actions.append(button("+ die", `${label}: add a die`, () => change((next) => {
    if (!next.length) next.push([]);
    next[next.length - 1].push(faces[0]);
  }, "[data-face-add]")));
  actions.lastChild.setAttribute("data-face-add", "");
  if (lists.length) {
    actions.append(button("− die", `${label}: remove the last die`, () => change((next) => {
      next[next.length - 1].pop();
    }, "[data-face-remove]")));
    actions.lastChild.setAttribute("data-face-remove", "");
  }
  if (several && lists.length) {
    actions.append(button(`+ ${unitName}`, `${label}: add the next ${unitName}'s dice`, () => change((next) => {
      next.push([faces[0]]);
    }, "[data-face-unit]")));
    actions.lastChild.setAttribute("data-face-unit", "");
  }
  controls.push(actions);
  box.replaceChildren(...controls);
}

// Give each face list of `form` its selects; they are drawn again whenever the form's
// values are set from outside (a worked example, the address, a dice-count change).
export function mountFaces(form) {
  for (const text of form.querySelectorAll("input[data-faces]")) {
    if (text.nextElementSibling && text.nextElementSibling.hasAttribute("data-face-controls")) continue;
    const box = document.createElement("span");
    box.className = "calculator-faces";
    box.setAttribute("data-face-controls", "");
    box.setAttribute("role", "group");
    box.setAttribute("aria-label", labelOf(text));
    text.hidden = true;
    text.after(box);
    // The hint says how to write the list by hand; the selects already offer each face.
    const hint = text.closest(".calculator-field")?.querySelector(".calculator-allowed");
    if (hint) hint.hidden = true;
    draw(text);
  }
  form.addEventListener("calculator:inputs-set", () => {
    for (const text of form.querySelectorAll("input[data-faces]")) draw(text);
  });
}
