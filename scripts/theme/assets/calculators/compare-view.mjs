// What the Compare view shows: a table of both sets' headline numbers and B − A, a legend,
// and one bar chart with both distributions (A solid, B striped: colour is not the only cue).
// Every value comes from a headline (rulesengine/calculators/headline.py); the difference
// is exact (fractions in BigInt) and rounded as the engine rounds (numbers.rounded).

const SVG = "http://www.w3.org/2000/svg";
const BAR = 12;
const GAP = 10;
const HEIGHT = 100;
const LABEL = 16;

// ---- exact arithmetic on the engine's fraction text ("7/4", "-1/2", "3") ----

export function fraction(text) {
  const [top, bottom = "1"] = String(text).split("/");
  return [BigInt(top), BigInt(bottom)];
}

export function minus([a, b], [c, d]) {
  return [a * d - c * b, b * d];
}

// `value` to `places` decimals, halves away from zero (numbers.rounded).
export function rounded([top, bottom], places) {
  const negative = top < 0n !== bottom < 0n;
  const n = top < 0n ? -top : top;
  const d = bottom < 0n ? -bottom : bottom;
  const scale = 10n ** BigInt(places);
  const whole = (2n * n * scale + d) / (2n * d);
  const sign = negative && whole ? "-" : "";
  if (places === 0) return `${sign}${whole}`;
  return `${sign}${whole / scale}.${String(whole % scale).padStart(places, "0")}`;
}

// B − A as a reader reads it: "+0.50", "−12.50 points" (a difference of chances is in
// percentage points), "0.00" when they agree.
export function difference(a, b, percent) {
  const [top, bottom] = minus(fraction(b), fraction(a));
  const text = rounded(percent ? [top * 100n, bottom] : [top, bottom], 2);
  const signed = top === 0n ? text : top > 0n ? `+${text}` : text.replace("-", "−");
  return percent ? `${signed} points` : signed;
}

// ---- the table ----

function cell(tag, text, attributes = {}) {
  const element = document.createElement(tag);
  element.textContent = text;
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  return element;
}

export function tableOf(sets) {
  const [a, b] = sets.map((set) => set.headline);
  const table = document.createElement("table");
  table.className = "calculator-table calculator-comparison-table";
  const head = document.createElement("tr");
  head.append(cell("td", ""), cell("th", "A", { scope: "col" }), cell("th", "B", { scope: "col" }), cell("th", "B − A", { scope: "col" }));
  const body = document.createElement("tbody");
  for (const measure of a.measures) {
    const other = b.measures.find((m) => m.name === measure.name);
    const row = document.createElement("tr");
    row.setAttribute("data-measure", measure.name);
    row.append(
      cell("th", measure.label, { scope: "row" }),
      cell("td", measure.text, { "data-set": "A", "data-value": measure.value }),
      cell("td", other ? other.text : "—", { "data-set": "B", "data-value": other ? other.value : "" }),
      cell("td", other ? difference(measure.value, other.value, measure.percent) : "—", { "data-difference": "" }),
    );
    body.append(row);
  }
  const thead = document.createElement("thead");
  thead.append(head);
  table.append(thead, body);
  table.prepend(cell("caption", a.path === b.path ? a.label : `A shows ${a.label}, B shows ${b.label}`));
  return table;
}

export function legendOf() {
  const list = document.createElement("ul");
  list.className = "calculator-legend";
  for (const [name, cue] of [["A", "solid bars"], ["B", "striped bars"]]) {
    const item = document.createElement("li");
    const swatch = cell("span", "", { class: "calculator-swatch", "data-set": name, "aria-hidden": "true" });
    item.append(swatch, ` Set ${name}: ${cue}`);
    list.append(item);
  }
  return list;
}

// ---- one chart, both distributions: for each count, A's bar then B's ----

function svg(tag, attributes) {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
  return element;
}

export function chartOf(sets, hatchId) {
  const chances = sets.map((set) => new Map(set.headline.rows.map(([k, , text]) => [k, { text, share: parseFloat(text) }])));
  const counts = Array.from(new Set(sets.flatMap((set) => set.headline.rows.map(([k]) => k)))).sort((x, y) => Number(x) - Number(y));
  const top = Math.max(...chances.flatMap((m) => Array.from(m.values(), (c) => c.share)), 0) || 1;
  const width = counts.length * (2 * BAR + GAP) + GAP;
  const label = sets[0].headline.label;
  const chart = svg("svg", { class: "calculator-chart calculator-comparison-chart", role: "img", "aria-label": `${label}, sets A and B: bar chart`, viewBox: `0 0 ${width} ${HEIGHT + LABEL}`, width: 2 * width, height: 2 * (HEIGHT + LABEL) });
  const pattern = svg("pattern", { id: hatchId, class: "calculator-hatch", width: 4, height: 4, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" });
  pattern.append(svg("rect", { width: 2, height: 4 }));
  const defs = svg("defs", {});
  defs.append(pattern);
  chart.append(defs);
  counts.forEach((k, i) => {
    const x = GAP + i * (2 * BAR + GAP);
    sets.forEach((set, s) => {
      const chance = chances[s].get(k) || { text: "0%", share: 0 }; // an outcome this set cannot have: certain, so "0%" (numbers.percent)
      const h = Math.round((chance.share / top) * HEIGHT);
      const bar = svg("rect", { x: x + s * BAR, y: HEIGHT - h, width: BAR, height: h, "data-set": set.name, class: `calculator-bar-${set.name.toLowerCase()}` });
      if (set.name === "B") bar.setAttribute("fill", `url(#${hatchId})`);
      const tip = svg("title", {});
      tip.textContent = `Set ${set.name}, ${k}: ${chance.text}`;
      bar.append(tip);
      chart.append(bar);
    });
    const text = svg("text", { x: x + BAR, y: HEIGHT + LABEL - 3, "text-anchor": "middle", "font-size": 11, fill: "currentColor" });
    text.textContent = k;
    chart.append(text);
  });
  return chart;
}
