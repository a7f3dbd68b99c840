// Legion's unit pickers: an attacking unit (typed, from a list grouped by faction), the
// range its target is at or one weapon for every mini, its minis and upgrades, and a
// defending unit. Choosing one fills the calculator's
// fields with what its card gives, before Python has loaded: the values come from the
// build (scripts/calculators/units.py runs the engine's own mapping for every released unit
// and writes assets/calculators/units.json, named in the calculator's data-unit-data); this
// module only looks them up. The fields stay editable; an edit stays until that side's
// unit, weapon, minis or upgrades change again, and it goes to the engine beside the unit,
// as a command-line flag beside --attacker-unit does.
//
// The unit inputs themselves stay the form's named text boxes (attacker_unit, weapon,
// range, minis, upgrade, defender_unit): what is sent, shared in the address and read back.
// The weapon, range and upgrade boxes are hidden behind selects drawn from the unit's card.
// A pool the data does not hold (weapons given minis each, NAME=N, from an address) leaves
// the attacker's fields to the engine: they are turned off (not sent) until a pool the data
// holds is chosen again.

import { setInputs } from "./form.mjs";
import { pythonWarmLooked } from "./worker-client.mjs";

const fetched = new Map(); // address -> promise of the data (null: none or failed)
const arrived = new Map(); // address -> the data, once there
const SIDES = {
  attacker: { unit: "attacker_unit", fields: "attackerFields", label: "Attacking unit" },
  defender: { unit: "defender_unit", fields: "defenderFields", label: "Defending unit" },
};
const ATTACK_INPUTS = ["attacker_unit", "weapon", "range", "minis", "upgrade"];
// In this order (an object would put the numbers first).
const RANGES = [["", "The best range for the unit"], ["1", "Range 1"], ["2", "Range 2"], ["3", "Range 3"], ["4", "Range 4"], ["melee", "Melee"]];
const RANGE_WORDS = Object.fromEntries(RANGES);
export const UNIT_INPUTS = [...ATTACK_INPUTS, "defender_unit"];

const addressOf = (root) => root.getAttribute("data-unit-data");

// Reading the units' data (1.5 MB of JSON: its body, then parsing it, then drawing the
// pickers) holds the page for 30-130 ms. Where the shared Python already runs (a new tab:
// a first change goes to it at once) the data is fetched once the page has drawn a frame
// with its calculators mounted, and while a calculator of the page waits for its answer it
// waits too (at most QUIET_MS), and then for the answer to be painted: that answer would
// otherwise be shown after it. On a first visit it is fetched at once, before Python's
// megabytes share the link with it.
const QUIET_MS = 1000;
const computing = () => document.querySelector('[data-calculator][data-state="loading"]') !== null;
// After the next frame (a hidden tab draws none: then a little later).
const afterFrame = () => new Promise((resolve) => {
  requestAnimationFrame(() => setTimeout(resolve, 0));
  setTimeout(resolve, 200);
});
function quiet() {
  if (!computing()) return Promise.resolve();
  return new Promise((resolve) => {
    let timer = null;
    const done = () => {
      document.removeEventListener("calculator:state", look);
      clearTimeout(timer);
      afterFrame().then(resolve);
    };
    const look = () => { if (!computing()) done(); };
    timer = setTimeout(done, QUIET_MS);
    document.addEventListener("calculator:state", look);
  });
}

// The units' data for this calculator: a promise (null: the site has none for it).
export function unitsData(root) {
  const url = addressOf(root);
  if (!url) return null;
  if (!fetched.has(url)) {
    fetched.set(url, pythonWarmLooked().then((warm) => (warm ? afterFrame().then(quiet) : undefined)).then(() => fetch(url))
      // Parsed once quiet again: a change may have come while the body was on its way.
      .then((reply) => (reply.ok ? reply.text().then((text) => quiet().then(() => JSON.parse(text))) : null))
      .catch(() => null)
      .then((data) => {
        arrived.set(url, data);
        // Kept by the service worker for offline use: the page may have loaded before it
        // was there to see this request (assets/site.js).
        if (data) document.dispatchEvent(new CustomEvent("rules:fetched", { detail: [new URL(url, window.location.href).href] }));
        return data;
      }));
  }
  return fetched.get(url);
}

const dataNow = (root) => arrived.get(addressOf(root)) || null;
const fold = (text) => String(text || "").toLowerCase().replace(/[^0-9a-z]+/g, " ").trim();

// The pool of the unit's data that `values` name (range, or one weapon for every mini), or -1.
export function poolOf(unit, values) {
  const weapons = upgradeNames(values.weapon);
  const range = String(values.range || "").trim().toLowerCase();
  if (weapons.length > 1 || (weapons.length && (range || weapons[0].includes("=")))) return -1;
  const weapon = weapons.length ? fold(weapons[0]) : "";
  return unit.pools.findIndex(([at, name]) => at === range && fold(name) === weapon);
}

export function unitNamed(data, name) {
  const wanted = fold(name);
  if (!wanted) return -1;
  return data.units.findIndex((unit) => fold(unit.name) === wanted);
}

// The index in the units' data of the unit named `name`, once the data is here; else -1.
export function unitIndex(root, name) {
  const data = dataNow(root);
  return data ? unitNamed(data, name) : -1;
}

const upgradeNames = (text) => String(text || "").split(";").map((s) => s.trim()).filter(Boolean);

// The values a side's unit stands for, from `values` (name -> value, as the form sends
// them); null when its unit, weapon, upgrades or minis are not in the data.
export function cardValues(data, values, side) {
  const index = unitNamed(data, values[SIDES[side].unit]);
  if (index < 0) return null;
  const unit = data.units[index];
  const ruleset = values.ruleset && values.ruleset !== data.rulesets[0] ? (data.byRuleset[values.ruleset] || {})[index] || {} : {};
  if (side === "defender") return ruleset.defense || unit.defense;
  if (!unit.pools.length) return null;
  const pool = poolOf(unit, values);
  const picked = upgradeNames(values.upgrade).map((name) => unit.upgrades.findIndex((u) => fold(u) === fold(name)));
  if (pool < 0 || picked.includes(-1)) return null;
  const [, , owner, relevant] = unit.pools[pool];
  if (owner >= 0 && !picked.includes(owner)) return null;
  const minis = Number(values.minis) || 0;
  if (minis && picked.length) return null; // minis with upgrades: the picker turns the minis box off
  const mine = picked.filter((i) => relevant.includes(i)).sort((a, b) => a - b);
  const key = minis || mine.length ? `${minis || ""}|${mine.join(",")}` : "";
  if (ruleset[`${pool}/${key}`]) return ruleset[`${pool}/${key}`];
  const entry = unit.attack[pool];
  if (!(key in entry)) return null;
  const out = Object.assign({}, entry[""]);
  for (const [name, value] of Object.entries(key ? entry[key] : {})) {
    if (value === null) delete out[name];
    else out[name] = value;
  }
  return out;
}

function defaultsOf(form) {
  const defaults = {};
  for (const field of form.querySelectorAll(".calculator-field[data-default]")) {
    const el = field.querySelector("[name]");
    if (el) defaults[el.name] = JSON.parse(field.getAttribute("data-default"));
  }
  return defaults;
}

// Every field a side's unit fills: its card's value, else the field's default (a unit
// stands for everything on its card). {} when the side names no unit in the data.
export function fillOf(root, form, values, sides = ["attacker", "defender"]) {
  const data = dataNow(root);
  if (!data || !form) return {};
  const defaults = defaultsOf(form);
  const out = {};
  for (const side of sides) {
    const card = cardValues(data, values, side);
    if (!card) continue;
    for (const name of data[SIDES[side].fields]) if (name in defaults) out[name] = name in card ? card[name] : defaults[name];
  }
  return out;
}

// Waiting for the data is needed before reading an address that names a unit.
export function unitsPending(root, given) {
  if (!addressOf(root) || !UNIT_INPUTS.some((name) => given[name])) return null;
  return dataNow(root) ? null : unitsData(root);
}

// ---- the pickers on the page ----

const named = (form, name) => Array.from(form.querySelectorAll("[name]")).find((el) => el.name === name) || null;

function field(labelText, control, className = "") {
  const label = document.createElement("label");
  label.className = `calculator-field ${className}`.trim();
  label.setAttribute("data-unit-picker", "");
  const span = document.createElement("span");
  span.className = "calculator-label";
  span.textContent = labelText;
  label.append(span, control);
  return label;
}

function option(value, text, selected) {
  const el = document.createElement("option");
  el.value = value;
  el.textContent = text;
  el.selected = selected;
  return el;
}

let lists = 0;

// A faction filter and a list of the units typed names are picked from.
function mountUnitInput(form, data, side) {
  const input = named(form, SIDES[side].unit);
  const list = document.createElement("datalist");
  list.id = `calculator-units-${++lists}`;
  list.setAttribute("data-unit-picker", "");
  const filter = document.createElement("select");
  filter.setAttribute("data-unit-faction", side);
  filter.append(option("", "All factions", true));
  for (const [key, name] of data.factions) if (data.units.some((u) => u.faction === key)) filter.append(option(key, name, false));
  const fill = () => {
    const names = Object.fromEntries(data.factions);
    list.replaceChildren(...data.units.filter((u) => !filter.value || u.faction === filter.value)
      .map((u) => { const o = option(u.name, names[u.faction] || u.faction, false); o.label = names[u.faction] || u.faction; return o; }));
  };
  filter.addEventListener("change", (event) => { event.stopPropagation(); fill(); });
  filter.addEventListener("input", (event) => event.stopPropagation());
  fill();
  input.setAttribute("list", list.id);
  input.setAttribute("autocomplete", "off");
  input.placeholder = "Type a unit's name";
  const where = input.closest(".calculator-field");
  where.before(field(`${SIDES[side].label}: faction`, filter, "calculator-unit-faction"));
  where.append(list);
  return input;
}

// What the picker says after filling: which unit, and what its card gives the calculators
// or leaves out (the engine's notes).
function say(box, data, values, side) {
  const card = cardValues(data, values, side);
  box.replaceChildren();
  if (!card) {
    if (side === "attacker" && unitNamed(data, values.attacker_unit) >= 0) {
      box.textContent = `The pool named (${values.weapon || values.range || "these choices"}) is worked out by the engine from ${values.attacker_unit}'s card: the attacker's fields are left to it.`;
    }
    return;
  }
  const words = document.createElement("span");
  const pool = side === "attacker" ? [values.weapon, values.range ? RANGE_WORDS[String(values.range).toLowerCase()] : ""].filter(Boolean).join(", ") : "";
  words.textContent = `Fields filled from ${values[SIDES[side].unit]}${pool ? ` (${pool})` : ""}; change any of them to override the card.`;
  box.append(words);
  const notes = (card._notes || []).map((i) => data.notes[i]);
  if (notes.length) {
    const more = document.createElement("details");
    more.className = "calculator-unit-notes";
    const summary = document.createElement("summary");
    summary.textContent = `Not filled from the card (${notes.length})`;
    const items = document.createElement("ul");
    for (const note of notes) {
      const li = document.createElement("li");
      li.textContent = note;
      items.append(li);
    }
    more.append(summary, items);
    box.append(more);
  }
}

export function mountUnits(root) {
  const form = root.querySelector("form");
  const group = form && form.querySelector("details.calculator-units");
  if (!group) return;
  if (!addressOf(root)) {
    // No units' data on this site (a vault without the Legion game): no pickers.
    const empty = UNIT_INPUTS.every((name) => { const el = named(form, name); return !el || !el.value || el.value === "0"; });
    if (empty) group.hidden = true;
    return;
  }
  const promise = unitsData(root);
  if (promise) promise.then((data) => { if (data && root.isConnected) build(root, form, group, data); });
}

function build(root, form, group, data) {
  if (group.hasAttribute("data-pickers")) return;
  group.setAttribute("data-pickers", "");
  group.open = true;
  const attacker = mountUnitInput(form, data, "attacker");
  const defender = mountUnitInput(form, data, "defender");
  const weaponText = named(form, "weapon");
  const rangeText = named(form, "range");
  const upgradeText = named(form, "upgrade");
  const minis = named(form, "minis");
  for (const el of [weaponText, rangeText, upgradeText]) el.closest(".calculator-field").hidden = true;
  const range = document.createElement("select");
  range.setAttribute("data-unit-range", "");
  for (const [value, words] of RANGES) range.append(option(value, words, value === ""));
  const rangeField = field("Range to the defender", range, "calculator-unit-range");
  const weapon = document.createElement("select");
  weapon.setAttribute("data-unit-weapon", "");
  const weaponField = field("Weapons", weapon, "calculator-unit-weapon");
  // Minis per weapon (--weapon NAME=N): one count per weapon offered, under a disclosure.
  const perWeapon = document.createElement("details");
  perWeapon.className = "calculator-unit-per-weapon";
  perWeapon.setAttribute("data-unit-picker", "");
  const perSummary = document.createElement("summary");
  perSummary.textContent = "Minis per weapon";
  const perRows = document.createElement("div");
  perRows.setAttribute("data-unit-per-weapon", "");
  perWeapon.append(perSummary, perRows);
  weaponText.closest(".calculator-field").before(rangeField, weaponField, perWeapon);
  const slots = document.createElement("div");
  slots.className = "calculator-unit-slots";
  slots.setAttribute("data-unit-picker", "");
  upgradeText.closest(".calculator-field").before(slots);
  const told = { attacker: document.createElement("p"), defender: document.createElement("p") };
  for (const [side, box] of Object.entries(told)) {
    box.className = "calculator-unit-said";
    box.setAttribute("aria-live", "polite");
    box.setAttribute("data-unit-said", side);
    box.setAttribute("data-unit-picker", "");
  }
  minis.closest(".calculator-field").after(slots);
  slots.after(told.attacker);
  defender.closest(".calculator-field").after(told.defender);

  // The controls read at each of the form's changes, found once (named() walks every control).
  const found = new Map();
  const control = (n) => {
    let el = found.get(n);
    if (!el || !el.isConnected || el.form !== form) found.set(n, (el = named(form, n)));
    return el;
  };
  const current = () => Object.fromEntries(["ruleset", ...UNIT_INPUTS].map((n) => [n, control(n) ? control(n).value : ""]));
  const unitOf = (side) => {
    const i = unitNamed(data, current()[SIDES[side].unit]);
    return i < 0 ? null : data.units[i];
  };

  // The selects follow the text boxes (after a unit is chosen, an address is read, ...);
  // they are drawn again only for another unit, so a select in use keeps the focus.
  let drawn;
  let drawnFor;
  const sync = () => {
    const unit = unitOf("attacker");
    const values = current();
    if (unit !== drawn) {
      drawn = unit;
      slots.replaceChildren(...(unit ? unit.slots.map(([kind, members], n) => {
        const select = document.createElement("select");
        select.setAttribute("data-unit-slot", String(n));
        select.append(option("", "None", true), ...members.map((i) => option(unit.upgrades[i], unit.upgrades[i], false)));
        return field(kind.charAt(0).toUpperCase() + kind.slice(1), select, "calculator-unit-slot");
      }) : []));
    }
    // The weapons offered: the default pool, each weapon of the unit and of the upgrades chosen.
    const picked = upgradeNames(values.upgrade).map((name) => unit ? unit.upgrades.findIndex((u) => fold(u) === fold(name)) : -1);
    const offered = unit ? unit.pools.filter(([at, name, owner]) => name && !at && (owner < 0 || picked.includes(owner))) : [];
    const offer = JSON.stringify([unit && unit.name, offered.map((p) => p[1])]);
    if (offer !== drawnFor) {
      drawnFor = offer;
      weapon.replaceChildren(...(unit ? [option("", "Each mini its best weapon at the range", true),
        ...offered.map(([, name]) => option(name, `${name}: every mini that may fire it`, false))]
        : [option("", "(choose an attacking unit)", true)]));
      perRows.replaceChildren(...offered.map(([, name]) => {
        const count = document.createElement("input");
        count.type = "number";
        count.min = "0";
        count.max = "30";
        count.value = "0";
        count.setAttribute("data-unit-count", name);
        return field(`${name}: minis firing it`, count, "calculator-unit-count");
      }));
    }
    perWeapon.hidden = !unit;
    weapon.disabled = range.disabled = !unit;
    if (unit) {
      const named = upgradeNames(values.weapon);
      weapon.value = named.length === 1 && !named[0].includes("=") ? (offered.find(([, n]) => fold(n) === fold(named[0])) || ["", ""])[1] : "";
      const counts = Object.fromEntries(named.filter((item) => item.includes("=")).map((item) => {
        const at = item.lastIndexOf("=");
        return [fold(item.slice(0, at)), item.slice(at + 1).trim()];
      }));
      perRows.querySelectorAll("[data-unit-count]").forEach((count) => { count.value = counts[fold(count.getAttribute("data-unit-count"))] || "0"; });
      if (Object.keys(counts).length) perWeapon.open = true;
      range.value = String(values.range || "").trim().toLowerCase() in RANGE_WORDS ? String(values.range || "").trim().toLowerCase() : "";
      // Each upgrade named goes in the first slot of its kind still free.
      const chosen = upgradeNames(values.upgrade).map(fold);
      const taken = new Set();
      slots.querySelectorAll("select").forEach((select, n) => {
        const i = unit.slots[n][1].find((m) => !taken.has(m) && chosen.includes(fold(unit.upgrades[m])));
        if (i !== undefined) taken.add(i);
        select.value = i === undefined ? "" : unit.upgrades[i];
      });
    }
    // Minis with upgrades are not in the data: the box is off (every mini fires) once an upgrade is chosen.
    const withUpgrades = Boolean(unit && upgradeNames(values.upgrade).length);
    if (withUpgrades && minis.value !== "0") minis.value = "0";
    minis.disabled = withUpgrades;
    // A pool the data does not hold: the attacker's fields are left to the engine (not sent).
    const unheld = Boolean(unit) && !cardValues(data, values, "attacker");
    // (marked, so that a field another ruleset turns off stays off when the mark goes)
    for (const name of data.attackerFields) {
      for (const el of form.querySelectorAll("[name]")) {
        if (el.name !== name) continue;
        if (unheld && !el.disabled) {
          el.disabled = true;
          el.setAttribute("data-unit-off", "");
        } else if (!unheld && el.hasAttribute("data-unit-off")) {
          el.removeAttribute("data-unit-off");
          el.disabled = Boolean(el.closest("[data-off]"));
        }
      }
    }
    for (const side of Object.keys(told)) say(told[side], data, values, side);
  };

  // Fill one side's fields from its unit as now chosen, marking those that changed.
  const fillSide = (side) => {
    const fill = fillOf(root, form, current(), [side]);
    for (const el of form.querySelectorAll(`[data-unit-filled="${side}"]`)) el.removeAttribute("data-unit-filled");
    const before = JSON.stringify(Object.fromEntries(Object.keys(fill).map((n) => [n, named(form, n) ? valueOf(form, n) : null])));
    setInputs(form, fill);
    for (const name of Object.keys(fill)) {
      const el = named(form, name);
      const box = el && el.closest(".calculator-field");
      if (box && JSON.parse(before)[name] !== valueOf(form, name)) box.setAttribute("data-unit-filled", side);
    }
    sync();
  };

  const tell = (el) => el.dispatchEvent(new Event("input", { bubbles: true }));
  const unitTyped = (side, input) => (event) => {
    const known = unitNamed(data, input.value) >= 0;
    if (!known && input.value.trim()) {
      // Still typing: nothing to compute until the name is whole (on leaving the box, a
      // name not found goes to the engine, which names the closest ones).
      if (event.type === "input") event.stopPropagation();
      return;
    }
    if (event.type === "change") return; // the "input" event filled it already
    if (side === "attacker") {
      weaponText.value = "";
      rangeText.value = "";
      upgradeText.value = "";
      minis.value = "0";
    }
    fillSide(side);
  };
  for (const [side, input] of [["attacker", attacker], ["defender", defender]]) {
    input.addEventListener("input", unitTyped(side, input));
    input.addEventListener("change", unitTyped(side, input));
  }
  weapon.addEventListener("change", (event) => {
    event.stopPropagation();
    weaponText.value = weapon.value;
    if (weapon.value) rangeText.value = ""; // a weapon for every mini: its own range
    fillSide("attacker");
    tell(weaponText);
  });
  weapon.addEventListener("input", (event) => event.stopPropagation());
  // Counts given: the pool is those weapons, each fired by that many minis (at the range chosen).
  perRows.addEventListener("change", (event) => {
    event.stopPropagation();
    const given = Array.from(perRows.querySelectorAll("[data-unit-count]"))
      .filter((count) => Number(count.value) > 0).map((count) => `${count.getAttribute("data-unit-count")}=${Number(count.value)}`);
    weaponText.value = given.length ? given.join("; ") : weapon.value;
    fillSide("attacker");
    tell(weaponText);
  });
  perRows.addEventListener("input", (event) => event.stopPropagation());
  range.addEventListener("change", (event) => {
    event.stopPropagation();
    rangeText.value = range.value;
    // At a range: each mini its best weapon there, unless minis per weapon are given.
    if (range.value && !upgradeNames(weaponText.value).some((item) => item.includes("="))) weaponText.value = "";
    fillSide("attacker");
    tell(rangeText);
  });
  range.addEventListener("input", (event) => event.stopPropagation());
  slots.addEventListener("change", (event) => {
    event.stopPropagation();
    upgradeText.value = Array.from(slots.querySelectorAll("select"), (s) => s.value).filter(Boolean).join("; ");
    const unit = unitOf("attacker");
    const kept = upgradeNames(upgradeText.value).map((name) => unit.upgrades.findIndex((u) => fold(u) === fold(name)));
    // A weapon of an upgrade taken off goes with it.
    if (weaponText.value && !unit.pools.some(([at, name, owner]) => !at && fold(name) === fold(weaponText.value) && (owner < 0 || kept.includes(owner)))) weaponText.value = "";
    if (kept.length) minis.value = "0";
    fillSide("attacker");
    tell(upgradeText);
  });
  slots.addEventListener("input", (event) => event.stopPropagation());
  minis.addEventListener("input", () => { if (unitOf("attacker")) fillSide("attacker"); });
  form.addEventListener("calculator:inputs-set", sync);
  sync();
}

function valueOf(form, name) {
  const els = Array.from(form.querySelectorAll("[name]")).filter((el) => el.name === name);
  const el = els[0];
  if (!el) return null;
  if (el.type === "radio") return (els.find((e) => e.checked) || {}).value || null;
  if (el.type === "checkbox") return el.checked;
  return el.value;
}
