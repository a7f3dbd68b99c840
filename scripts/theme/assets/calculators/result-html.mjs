// The engine's result as the page shows it, written in JavaScript: the same HTML, live-region
// sentence and Compare headline that Python's entry point gives
// (rulesengine/calculators/api.py `calculate`: result.py `render_result` and `summary`,
// headline.py, chart.py, numbers.py, steps.py, words.py), character for character, so an
// answer the build stored as figures only (the engine's `result`, no HTML) is shown before
// Python has loaded exactly as Python would show it (pair-answers.mjs).
//
// What the Python renderer reads from the calculator (its labels, its inputs' words, where
// each rule a trace step applies is written) comes with the figures as `meta`
// (scripts/calculators/result_meta.py). Exact values are fractions of BigInts; rounding is
// the engine's integer rounding (halves away from zero), never a float. A test renders a
// corpus of every calculator's answers here and in Python and compares them byte for byte
// (tests/calculators/test_result_html_js.py).

// ---- exact fractions ----

const gcd = (a, b) => {
  a = a < 0n ? -a : a;
  b = b < 0n ? -b : b;
  while (b) [a, b] = [b, a % b];
  return a;
};

class Fraction {
  constructor(n, d = 1n) {
    if (d < 0n) [n, d] = [-n, -d];
    const g = gcd(n, d) || 1n;
    this.n = n / g;
    this.d = d / g;
  }
  add(o) { return new Fraction(this.n * o.d + o.n * this.d, this.d * o.d); }
  mul(o) { return new Fraction(this.n * o.n, this.d * o.d); }
  div(o) { return new Fraction(this.n * o.d, this.d * o.n); }
  cmp(o) { const l = this.n * o.d, r = o.n * this.d; return l < r ? -1 : l > r ? 1 : 0; }
  isZero() { return this.n === 0n; }
  isOne() { return this.n === 1n && this.d === 1n; }
  toString() { return this.d === 1n ? String(this.n) : `${this.n}/${this.d}`; }
}

const ZERO = new Fraction(0n);
const ONE = new Fraction(1n);
const HALF = new Fraction(1n, 2n);
const of = (n, d = 1) => new Fraction(BigInt(n), BigInt(d));

// Python's Fraction(text): "5/36", " -3 ", "0.25", "1e3" (underscores between digits too).
const DIGITS = String.raw`\d+(?:_\d+)*`;
const RATIONAL = new RegExp(String.raw`^\s*([-+]?)(?=\d|\.\d)(\d*|${DIGITS})(?:(?:\s*/\s*(${DIGITS}))?|(?:\.(\d*|${DIGITS}))?(?:[eE]([-+]?${DIGITS}))?)\s*$`);

function parseFraction(text) {
  const m = RATIONAL.exec(text);
  if (!m) return null;
  const clean = (s) => (s || "").replaceAll("_", "");
  let n = BigInt(clean(m[2]) || "0");
  let d = 1n;
  if (m[3] !== undefined) {
    d = BigInt(clean(m[3]));
    if (d === 0n) return null;
  } else {
    if (m[4] !== undefined) {
      const decimals = clean(m[4]);
      n = n * 10n ** BigInt(decimals.length) + BigInt(decimals || "0");
      d = 10n ** BigInt(decimals.length);
    }
    if (m[5] !== undefined) {
      const exp = BigInt(clean(m[5]));
      if (exp >= 0n) n *= 10n ** exp;
      else d *= 10n ** -exp;
    }
  }
  return new Fraction(m[1] === "-" ? -n : n, d);
}

const isMapping = (v) => v !== null && typeof v === "object" && !Array.isArray(v);

// numbers.fraction_of: a fraction written as text, or a whole number; else null.
export function fractionOf(value) {
  if (typeof value === "string") return parseFraction(value);
  if (typeof value === "number" && Number.isInteger(value)) return of(value);
  return null;
}

function rounded(value, places) {
  const scale = 10n ** BigInt(places);
  const n = new Fraction(value.n < 0n ? -value.n : value.n, value.d).mul(new Fraction(scale)).add(HALF);
  const whole = n.n / n.d; // floor: n is positive
  const sign = value.n < 0n && whole ? "-" : "";
  if (places === 0) return `${sign}${whole}`;
  return `${sign}${whole / scale}.${String(whole % scale).padStart(places, "0")}`;
}

export function percent(p) {
  if (p.isOne() || p.isZero()) return `${p.mul(of(100))}%`;
  const text = rounded(p.mul(of(100)), 2);
  if (text === "100.00") return "> 99.99%";
  if (text === "0.00" || text === "-0.00") return "< 0.01%";
  return `${text}%`;
}

const decimal = (value) => rounded(value, 2);
const negligible = (p) => p.n > 0n && p.cmp(of(1, 20000)) < 0;

// str() of a JSON value, as Python writes it.
function pyStr(value) {
  if (value === null || value === undefined) return "None";
  if (value === true) return "True";
  if (value === false) return "False";
  if (Array.isArray(value)) return `[${value.map(pyRepr).join(", ")}]`;
  if (isMapping(value)) return `{${Object.entries(value).map(([k, v]) => `${pyRepr(k)}: ${pyRepr(v)}`).join(", ")}}`;
  return String(value);
}

const pyRepr = (value) => (typeof value === "string" ? `'${value.replaceAll("\\", "\\\\").replaceAll("'", "\\'")}'` : pyStr(value));

// numbers.plain
function plain(value) {
  if (value === true) return "yes";
  if (value === false) return "no";
  if (value === null || value === undefined) return "none";
  if (Array.isArray(value)) return value.map(plain).join(", ");
  return pyStr(value);
}

// html.escape(text, quote=True)
export const escape = (text) => String(text).replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;")
  .replaceAll('"', "&quot;").replaceAll("'", "&#x27;");

const capitalize = (text) => text.slice(0, 1).toUpperCase() + text.slice(1).toLowerCase();
const upperFirst = (text) => text.slice(0, 1).toUpperCase() + text.slice(1);
const isCount = (key) => /^-?\d+$/.test(String(key));
const sum = (values) => values.reduce((total, v) => total.add(v), ZERO);

// ---- result.py ----

const APART = new Set(["ruleset", "rulebook", "policies", "policy_text", "readings", "steps"]);

function isDistribution(value) {
  const values = Object.values(value);
  const probabilities = values.map(fractionOf).filter((p) => p !== null);
  if (!values.length || probabilities.length !== values.length) return false;
  return sum(probabilities).cmp(ONE) === 0;
}

function* leaves(value, path = "") {
  if (isMapping(value) && value.used === false) return;
  if (isMapping(value) && (!path || !isDistribution(value))) {
    for (const [key, item] of Object.entries(value)) {
      if (!path && APART.has(key)) continue;
      yield* leaves(item, path ? `${path}.${key}` : key);
    }
  } else if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) yield* leaves(value[i], `${path}[${i}]`);
  } else {
    yield [path, value];
  }
}

function labelFor(path, labels) {
  const pattern = path.replace(/\[\d+\]/g, "[*]");
  const template = Object.hasOwn(labels, path) ? labels[path] : Object.hasOwn(labels, pattern) ? labels[pattern] : undefined;
  if (template === undefined || template === null) return capitalize(path.replace(/[._[\]]+/g, " ").trim());
  const index = /\[(\d+)\]/.exec(path);
  return template.replaceAll("{n}", index ? String(Number(index[1]) + 1) : "");
}

function certain(dist) {
  const entries = Object.entries(dist);
  if (entries.length !== 1) return null;
  const p = fractionOf(entries[0][1]);
  return p !== null && p.isOne() ? entries[0][0] : null;
}

function isZero(value) {
  if (isMapping(value)) return certain(value) === "0";
  if (typeof value === "string") {
    const p = fractionOf(value);
    return (p !== null && p.isZero()) || value === "" || value === "none";
  }
  return value === null || value === undefined || value === false || value === 0;
}

const isProbabilistic = (value) => isMapping(value) || (typeof value === "string" && fractionOf(value) !== null);
const under = (path, prefix) => path === prefix || path.startsWith(`${prefix}.`) || path.startsWith(`${prefix}[`);

function saysNothingNew(path, result) {
  const dot = path.lastIndexOf(".");
  const head = dot < 0 ? "" : path.slice(0, dot);
  const last = path.slice(dot + 1);
  if (!last.startsWith("expected_")) return false;
  const rest = last.slice("expected_".length);
  const sibling = head ? `${head}.${rest}` : rest;
  let value;
  for (const [p, v] of leaves(result)) if (p === sibling) value = v;
  return isMapping(value) && certain(value) !== null;
}

function askedFor(result) {
  const policies = result.policies;
  if (isMapping(policies)) {
    for (const text of Object.values(policies)) {
      const found = /chance of at least (\d+)/.exec(pyStr(text));
      if (found) return Number(found[1]);
    }
  }
  return 1;
}

function rowsOf(value) {
  return Object.entries(value).map(([k, p]) => [k, fractionOf(p) || ZERO]);
}

function answer(result, labels) {
  for (const [path, value] of leaves(result)) {
    const label = labelFor(path, labels);
    if (!label || !isMapping(value) || !Object.keys(value).length) continue;
    if (!Object.keys(value).every(isCount)) continue;
    const sure = certain(value);
    if (sure !== null) {
      return `<p class="calculator-answer calculator-answer-certain" data-answer data-answer-certain data-path="${escape(path)}">`
        + `<span class="calculator-answer-label">${escape(label)}</span>: `
        + `<strong class="calculator-answer-value">${escape(sure)}</strong> (certain)</p>`;
    }
    const rows = rowsOf(value).map(([k, p]) => [BigInt(k), p]);
    const mean = sum(rows.map(([k, p]) => new Fraction(k).mul(p)));
    const asked = askedFor(result);
    const atLeast = sum(rows.filter(([k]) => k >= BigInt(asked)).map(([, p]) => p));
    return `<p class="calculator-answer" data-answer><span class="calculator-answer-label">${escape(label)}</span> `
      + `<span><strong class="calculator-answer-value" data-expected>${decimal(mean)}</strong> expected</span> `
      + `<span><strong class="calculator-answer-value" data-chance>${percent(atLeast)}</strong> chance of at least `
      + `${asked}</span></p>`;
  }
  return "";
}

function chance(path, value) {
  const p = typeof value === "string" ? fractionOf(value) : null;
  if (p === null || path.slice(path.lastIndexOf(".") + 1).startsWith("expected") || p.n < 0n || p.cmp(ONE) > 0) return null;
  return p;
}

const SHORT = 13;
const TAIL = 3;

function exact(p) {
  const text = p.toString();
  if (text.length <= SHORT) return `<span class="exact">(<span class="fraction">${escape(text).replaceAll("/", "/<wbr>")}</span>)</span>`;
  const [top, bottom] = text.includes("/") ? text.split("/") : [text, ""];
  const size = bottom ? `${top.length} digits over ${bottom.length}` : `${top.length} digits`;
  return `<details class="exact"><summary>exact fraction (${size})</summary>`
    + `<code class="fraction" data-fraction>${escape(text)}</code>`
    + '<button type="button" class="calculator-copy-fraction" data-copy-fraction hidden>Copy</button></details>';
}

const probability = (p) => `<span class="percent">${percent(p)}</span> ${exact(p)}`;
const cell = (p, short) => (short ? probability(p) : `<span class="percent">${percent(p)}</span>`);
const whole = (p) => `<code class="fraction" data-fraction>${escape(p.toString()).replaceAll("/", "/<wbr>")}</code>`;

function scalar(path, label, value) {
  const p = typeof value === "string" ? fractionOf(value) : null;
  let shown;
  if (p === null) shown = escape(plain(value));
  else if (chance(path, value) === null) shown = `<span class="decimal">${decimal(p)}</span> ${exact(p)}`;
  else shown = `<span class="percent">${percent(p)}</span> ${exact(p)}`;
  return `<p class="calculator-value" data-path="${escape(path)}">${escape(label)}: <strong>${shown}</strong></p>`;
}

function tails(rows) {
  let low = 0;
  while (low < rows.length && negligible(rows[low][1])) low += 1;
  let high = rows.length;
  while (high > low && negligible(rows[high - 1][1])) high -= 1;
  if (low === rows.length) return [0, rows.length];
  if (low + rows.length - high < TAIL) return [0, rows.length];
  return [low, high];
}

// chart.py
const BAR = 24;
const GAP = 6;
const HEIGHT = 100;
const LABEL = 16;

function barChart(rows, label) {
  if (!rows.length) return "";
  let top = rows[0][1];
  for (const [, p] of rows) if (p.cmp(top) > 0) top = p;
  if (top.isZero()) top = ONE;
  const width = rows.length * (BAR + GAP) + GAP;
  const shapes = rows.map(([outcome, p], i) => {
    const x = GAP + i * (BAR + GAP);
    const scaled = p.div(top).mul(of(HEIGHT)).add(HALF);
    const h = Number(scaled.n / scaled.d);
    const tip = escape(`${outcome}: ${p} (${percent(p)})`);
    return `<rect x="${x}" y="${HEIGHT - h}" width="${BAR}" height="${h}" fill="currentColor"><title>${tip}</title></rect>`
      + `<text x="${x + Math.floor(BAR / 2)}" y="${HEIGHT + LABEL - 3}" text-anchor="middle" font-size="11" fill="currentColor">${escape(outcome)}</text>`;
  });
  return `<svg class="calculator-chart" role="img" aria-label="${escape(label)}: bar chart" `
    + `viewBox="0 0 ${width} ${HEIGHT + LABEL}" width="${width}" height="${HEIGHT + LABEL}">${shapes.join("")}</svg>`;
}

function distribution(path, label, dist) {
  const rows = rowsOf(dist);
  const counts = rows.every(([k]) => isCount(k));
  if (counts) rows.sort((a, b) => { const x = BigInt(a[0]), y = BigInt(b[0]); return x < y ? -1 : x > y ? 1 : 0; });
  const what = path.slice(path.lastIndexOf(".") + 1).replaceAll("_", " ");
  const head = `<tr><th scope="col">${escape(upperFirst(what))}</th>`
    + (counts ? '<th scope="col">Exactly</th><th scope="col">At least</th>' : '<th scope="col">Chance</th>') + "</tr>";
  const values = rows.map(([k, p], i) => [k, p, counts ? sum(rows.slice(i).map(([, q]) => q)) : null]);
  const short = values.every(([, p, q]) => p.toString().length <= SHORT && (q === null || q.toString().length <= SHORT));
  const body = values.map(([k, p, atLeast]) => {
    let cells = `<td>${escape(k)}</td><td>${cell(p, short)}</td>`;
    if (atLeast !== null) cells += `<td>${cell(atLeast, short)}</td>`;
    return `<tr>${cells}</tr>`;
  });
  const [low, high] = counts ? tails(rows) : [0, rows.length];
  const folded = body.slice(0, low).concat(body.slice(high));
  const table = `<table class="calculator-table"><thead>${head}</thead><tbody>${body.slice(low, high).join("")}</tbody></table>`;
  let tail = "";
  if (folded.length) {
    tail = `<details class="calculator-tail"><summary>${folded.length} more outcomes, each under 0.01%</summary>`
      + `<table class="calculator-table"><thead>${head}</thead><tbody>${folded.join("")}</tbody></table></details>`;
  }
  let fractions = "";
  if (!short) {
    const lines = values.map(([k, p, q]) => `<tr><td>${escape(k)}</td><td>${whole(p)}</td>` + (q !== null ? `<td>${whole(q)}</td>` : "") + "</tr>").join("");
    fractions = '<details class="calculator-fractions"><summary>Exact fractions</summary>'
      + `<table class="calculator-table"><thead>${head}</thead><tbody>${lines}</tbody></table></details>`;
  }
  return `<figure class="calculator-distribution" data-path="${escape(path)}">`
    + `<figcaption>${escape(label)}</figcaption>${table}${tail}${fractions}${barChart(rows.slice(low, high), label)}</figure>`;
}

function partWords(part, value) {
  if (part.kind === "int" && part.label.endsWith(" X")) return `${part.label.slice(0, -2)} ${value}`;
  if (part.kind === "choice" && (part.choices || []).every((c) => ["red", "black", "white"].includes(c))) return `${value} ${part.label.toLowerCase()}`;
  if (part.kind === "bool") return value === "true" || value === "True" ? part.label : "";
  return `${part.label.toLowerCase()}: ${value}`;
}

function inRulesWords(path, value, options) {
  if (typeof value !== "string") return null;
  const key = path.slice(path.lastIndexOf(".") + 1).replace(/\[\d+\]/g, "");
  const option = options.find((o) => o.name === key && o.joined === "commas" && o.parts && o.parts.length);
  if (!option) return null;
  const items = value.split(",").map((v) => v.trim()).filter(Boolean);
  const firstSwitch = option.parts.findIndex((p) => p.kind === "bool");
  const ordered = firstSwitch < 0 ? option.parts : option.parts.slice(0, firstSwitch);
  const named = new Map(option.parts.slice(ordered.length).map((p) => [p.name.replaceAll("_", "-"), p]));
  const words = [];
  let place = 0;
  for (const item of items) {
    const at = item.indexOf("=");
    const word = at < 0 ? item : item.slice(0, at);
    const count = at < 0 ? "" : item.slice(at + 1);
    const part = named.get(word.toLowerCase());
    if (part !== undefined) words.push(part.kind === "bool" ? part.label : `${part.label.toLowerCase()}: ${count}`);
    else if (at < 0 && place < ordered.length) words.push(partWords(ordered[place++], item));
    else words.push(item);
  }
  return words.join(", ");
}

function outcome(path, value, labels, options) {
  const label = labelFor(path, labels);
  const named = inRulesWords(path, value, options);
  if (named !== null) return `<p class="calculator-value" data-path="${escape(path)}">${escape(label)}: <strong>${escape(named)}</strong></p>`;
  if (isMapping(value)) {
    const sure = certain(value);
    if (sure !== null) {
      return `<p class="calculator-value" data-path="${escape(path)}">${escape(label)}: `
        + `<strong>${escape(sure)}</strong> <span class="calculator-certain">(certain)</span></p>`;
    }
    return distribution(path, label, value);
  }
  return scalar(path, label, value);
}

// ---- words.py ----

function choiceWords(meta, option, value, help = "") {
  const table = meta.plain || {};
  const known = Object.hasOwn(table, option) && Object.hasOwn(table[option], value) ? table[option][value] : null;
  if (known) return known;
  const name = upperFirst(value.replaceAll("-", " ").replaceAll("_", " "));
  let sentence = "";
  for (const clause of help.split(/;\s+(?=[\w.-]+:)/)) {
    const at = clause.indexOf(":");
    if (at >= 0 && clause.slice(0, at).trim() === value) {
      sentence = upperFirst(clause.slice(at + 1).trim());
      if (!sentence.endsWith(".")) sentence += ".";
      break;
    }
  }
  return [name, sentence];
}

const regexEscape = (text) => text.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&");

function namedChoices(meta, option, text, values, help = "") {
  const names = new Map(values.map((value) => [value, choiceWords(meta, option, value, help)[0]]));
  if (!names.size) return text;
  const pattern = [...names.keys()].sort((a, b) => b.length - a.length).map(regexEscape).join("|");
  return text.replace(new RegExp(`(?<![\\w-])(${pattern})(?![\\w-])`, "g"), (m, value) => `“${names.get(value)}”`);
}

const policyOption = (decision) => (decision.endsWith("_policy") ? decision : `${decision}_policy`);

function policyText(policy) {
  if (isMapping(policy)) return Object.values(policy).filter((v) => v !== null && v !== "").map(pyStr).join(": ");
  return plain(policy);
}

function used(result, meta) {
  const options = meta.options || [];
  const helps = Object.fromEntries(options.map((o) => [o.name, o.help || ""]));
  const choices = Object.fromEntries(options.filter((o) => o.kind === "choice").map((o) => [o.name, o.choices || []]));
  const items = [];
  if ("ruleset" in result) {
    const ruleset = plain(result.ruleset);
    const [name] = choiceWords(meta, "ruleset", ruleset, helps.ruleset || "");
    items.push(`<dt>Ruleset</dt><dd title="${escape(ruleset)}">${escape(name)}</dd>`);
  }
  const policies = result.policies;
  const texts = isMapping(result.policy_text) ? result.policy_text : {};
  if (isMapping(policies)) {
    for (const [name, policy] of Object.entries(policies)) {
      let title = name.replaceAll("_", " ");
      if (title.endsWith(" policy")) title = title.slice(0, -" policy".length);
      const engine = policyText(policy);
      const cut = engine.indexOf(" (");
      const value = cut < 0 ? engine : engine.slice(0, cut);
      const option = policyOption(name);
      const [plainName, sentence] = choiceWords(meta, option, value, helps[option] || "");
      const said = namedChoices(meta, option, engine.slice(value.length), choices[option] || [], helps[option] || "");
      let shown = plainName + said + (Object.hasOwn(texts, name) ? `. ${pyStr(texts[name])}` : "");
      if (sentence && !Object.hasOwn(texts, name)) shown += `. ${sentence}`;
      items.push(`<dt>${escape(capitalize(title))}</dt><dd title="${escape(engine)}">${escape(shown)}</dd>`);
    }
  }
  const readings = result.readings;
  if (isMapping(readings)) {
    for (const [name, reading] of Object.entries(readings)) {
      const title = `${name.replaceAll("_", " ")} reading`;
      const value = plain(reading);
      const [said, sentence] = choiceWords(meta, `${name}_reading`, value, helps[`${name}_reading`] || "");
      const shown = sentence ? `${said}. ${sentence}` : said;
      items.push(`<dt>${escape(capitalize(title))}</dt><dd title="${escape(value)}">${escape(shown)}</dd>`);
    }
  }
  return items.length ? `<dl class="calculator-used">${items.join("")}</dl>` : "";
}

// ---- steps.py and links.py ----

function ruleTarget(links, game, rule, step) {
  const key = rule.trim().toLowerCase();
  step = step.trim().toLowerCase();
  const table = links[game];
  if (!table) return null;
  if (game === "legion") {
    if (key.startsWith("attack-step-")) {
      const number = [...key.slice("attack-step-".length)].filter((c) => /\d/.test(c)).join("");
      if (Object.hasOwn(table.substeps, step) && step.slice(0, -1) === number) return table.attack + table.substeps[step];
      return table.attack + (Object.hasOwn(table.titles, number) ? table.titles[number] : "");
    }
    if ((key === "guardian-x" || key === "guardian") && Object.hasOwn(table.guardian, step)) return table.guardian[step];
    if (key === "attack" || key === "attack-sequence") return table.attack;
    if (Object.hasOwn(table.pages, key)) return table.pages[key];
    return null;
  }
  if (game === "swtcg") {
    const name = key === "precision" && !Object.hasOwn(table.pages, key) ? "elude" : key;
    return Object.hasOwn(table.pages, name) ? table.pages[name] : null;
  }
  return null;
}

function stateTable(state) {
  if (!isMapping(state) || !Object.keys(state).length) return "";
  const rows = Object.entries(state).filter(([, v]) => !(Array.isArray(v) && v.length === 0))
    .map(([k, v]) => `<tr><th scope="row">${escape(k.replaceAll("_", " "))}</th><td>${escape(plain(v))}</td></tr>`).join("");
  if (!rows) return "";
  return '<details class="calculator-state"><summary>State after this step</summary>'
    + `<table class="calculator-state-table"><tbody>${rows}</tbody></table></details>`;
}

function steps(list, meta, base) {
  const items = [];
  for (const step of list) {
    if (!isMapping(step)) continue;
    const number = plain("step" in step ? step.step : "");
    const title = plain("title" in step ? step.title : "");
    let heading = escape(/^\d/.test(number) ? `${number}. ${title}` : title);
    const target = ruleTarget(meta.links || {}, meta.game, pyStr("rule" in step ? step.rule : ""), pyStr("step" in step ? step.step : ""));
    if (target !== null) heading = `<a href="${escape(base + target)}">${heading}</a>`;
    items.push(`<li data-step="${escape(number)}" data-rule="${escape(plain("rule" in step ? step.rule : ""))}">`
      + `${heading}: ${escape(plain("text" in step ? step.text : ""))}${stateTable(step.state)}</li>`);
  }
  return `<ol class="calculator-steps">${items.join("")}</ol>`;
}

// ---- the entry points ----

// result.render_result (render.result_html): the result region's HTML.
export function resultHtml(result, meta, base) {
  const labels = meta.labels || {};
  const options = meta.options || [];
  let shown = [...leaves(result)].filter(([path]) => labelFor(path, labels));
  const silent = (meta.quiet || []).filter((prefix) => shown.filter(([p]) => under(p, prefix)).every(([, v]) => isZero(v)));
  shown = shown.filter(([p]) => !silent.some((prefix) => under(p, prefix)));
  shown = shown.filter(([p]) => !saysNothingNew(p, result));
  shown.sort((a, b) => Number(!isProbabilistic(a[1])) - Number(!isProbabilistic(b[1])));
  const first = answer(result, labels);
  const parts = [first];
  if (first.includes("data-answer-certain")) {
    const said = /data-path="([^"]*)"/.exec(first);
    shown = shown.filter(([p]) => !said || p !== said[1]);
  }
  for (const [path, value] of shown) parts.push(outcome(path, value, labels, options));
  parts.push(used(result, meta));
  if (Array.isArray(result.steps) && result.steps.length) parts.push(steps(result.steps, meta, base));
  return parts.filter(Boolean).join("");
}

function firstOutcome(result, labels) {
  for (const [path, value] of leaves(result)) {
    const label = labelFor(path, labels);
    if (!label || !isMapping(value)) continue;
    const sure = certain(value);
    if (sure !== null) return `${label}: ${sure}.`;
    const rows = rowsOf(value);
    if (rows.every(([k]) => isCount(k))) {
      const mean = sum(rows.map(([k, p]) => new Fraction(BigInt(k)).mul(p)));
      const asked = askedFor(result);
      const atLeast = sum(rows.filter(([k]) => BigInt(k) >= BigInt(asked)).map(([, p]) => p));
      return `${label}: ${decimal(mean)} expected, ${percent(atLeast)} chance of at least ${asked}.`;
    }
  }
  for (const [path, value] of leaves(result)) {
    const label = labelFor(path, labels);
    if (label && !isMapping(value)) {
      const p = chance(path, value);
      return `${label}: ${p === null ? plain(value) : percent(p)}.`;
    }
  }
  return "Result updated.";
}

// result.summary: the live region's sentence.
export function summary(result, meta) {
  const said = firstOutcome(result, meta.labels || {});
  let defender = result.defender;
  if (!isMapping(defender)) {
    const defenders = result.defenders;
    defender = Array.isArray(defenders) && defenders.length && isMapping(defenders[0]) ? defenders[0] : null;
  }
  const expected = defender !== null ? fractionOf(defender.expected_minis_defeated) : null;
  return expected === null ? said : `${said} Minis defeated: ${decimal(expected)} expected.`;
}

const measure = (name, label, value, isChance) => ({ name, label, value: value.toString(), text: isChance ? percent(value) : decimal(value), percent: isChance });

// headline.headline: what the Compare view sets side by side, or null.
export function headline(result, meta) {
  const labels = meta.labels || {};
  const shown = [...leaves(result)].map(([path, value]) => [path, value, labelFor(path, labels)]).filter(([, , label]) => label);
  for (const [path, value, label] of shown) {
    if (isMapping(value) && Object.keys(value).length && Object.keys(value).every(isCount)) {
      const rows = rowsOf(value).map(([k, p]) => [BigInt(k), p]).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
      const expected = sum(rows.map(([k, p]) => new Fraction(k).mul(p)));
      const atLeastOne = sum(rows.filter(([k]) => k >= 1n).map(([, p]) => p));
      return {
        label, path,
        rows: rows.map(([k, p]) => [String(k), p.toString(), percent(p)]),
        measures: [measure("expected", "expected", expected, false), measure("at_least_one", "chance of at least 1", atLeastOne, true)],
      };
    }
  }
  for (const [path, value, label] of shown) {
    if (typeof value === "boolean" || isMapping(value)) continue;
    const number = fractionOf(value);
    if (number !== null) {
      const isChance = typeof value === "string" && !path.slice(path.lastIndexOf(".") + 1).startsWith("expected")
        && number.n >= 0n && number.cmp(ONE) <= 0;
      return { label, path, rows: [], measures: [measure("value", label, number, isChance)] };
    }
  }
  return null;
}

// render.error_html
export const errorHtml = (message) => `<p class="calculator-error" data-error role="alert">${escape(message)}</p>`;

// The entry point's whole response (api._answer) from what the build stored: the engine's
// `result`, or its refusal ({error, option}).
export function response(stored, meta, base) {
  if (stored.error !== undefined) return { ok: false, error: stored.error, option: stored.option ?? null, html: errorHtml(stored.error) };
  const result = stored.result;
  return { ok: true, html: resultHtml(result, meta, base), result, summary: summary(result, meta), headline: headline(result, meta) };
}
