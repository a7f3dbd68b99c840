// Issue 36: rolls the Dice Roller formulas and table rollers the build wrote
// (scripts/vault/plugins/dice/html.py). Each roll carries its exact distribution in `data-dice`:
// outcomes as shown and their whole-number weights. A roll draws a number below the
// weights' sum with crypto.getRandomValues (rejection sampling, no modulo bias) and finds
// its outcome, so rolls follow the distribution shown on the page. Buttons are written
// hidden and shown here: without this script the page shows the distributions and the
// tables' links, and no button that does nothing. One click listener serves every page
// of an instant-navigation visit.

function randomBelow(total) {
  const bits = total.toString(2).length;
  const bytes = new Uint8Array(Math.ceil(bits / 8));
  const mask = (1n << BigInt(bits)) - 1n;
  for (;;) {
    crypto.getRandomValues(bytes);
    let value = 0n;
    for (const byte of bytes) value = (value << 8n) | BigInt(byte);
    value &= mask;
    if (value < total) return value;
  }
}

function draw(data) {
  const weights = data.weights.map((weight) => BigInt(weight));
  let left = randomBelow(weights.reduce((sum, weight) => sum + weight, 0n));
  for (let index = 0; index < weights.length; index += 1) {
    if (left < weights[index]) return index;
    left -= weights[index];
  }
  return weights.length - 1;
}

function roll(widget) {
  const data = JSON.parse(widget.dataset.dice);
  const index = draw(data);
  const output = widget.querySelector(":scope > .dice-result");
  output.replaceChildren();
  if (!("rows" in data)) {
    output.textContent = data.values[index];
    return;
  }
  const row = data.rows[index];
  const found = row >= 0 ? widget.querySelector(`:scope > .dice-rows > [data-dice-row="${row}"]`) : null;
  const landed = document.createElement("span");
  landed.className = "dice-landed";
  landed.textContent = data.values[index] + (found ? ":" : ": no row");
  output.append(landed);
  if (found) output.append(...Array.from(found.childNodes, (node) => node.cloneNode(true)));
}

function toggleChart(button) {
  const widget = button.closest(".dice-roll");
  const open = widget.classList.toggle("dice-chart-open");
  button.setAttribute("aria-expanded", String(open));
}

function enable() {
  for (const button of document.querySelectorAll(".dice-roll-button[hidden], .dice-chart-toggle[hidden]")) {
    button.hidden = false;
  }
}

document.addEventListener("click", (event) => {
  const target = event.target instanceof Element ? event.target : null;
  const button = target && target.closest(".dice-roll-button, .dice-chart-toggle");
  if (!button) return;
  if (button.classList.contains("dice-chart-toggle")) {
    toggleChart(button);
    return;
  }
  const widget = button.closest("[data-dice]");
  if (widget) roll(widget);
});

if (typeof document$ !== "undefined") {
  document$.subscribe(enable);
} else if (document.readyState === "loading") {
  document.addEventListener("DOMContentLoaded", enable);
} else {
  enable();
}
