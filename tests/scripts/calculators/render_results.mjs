// Renders a corpus of the engine's answers with the page's JavaScript renderer
// (assets/calculators/result-html.mjs) and prints what differs from Python's, as JSON:
// node render_results.mjs CORPUS.json  (CORPUS: {metas: {name: meta}, answers: [{calculator, base, response}]})
import { readFileSync } from "node:fs";
import { response as rendered } from "../../../scripts/theme/assets/calculators/result-html.mjs";

const corpus = JSON.parse(readFileSync(process.argv[2], "utf-8"));
const differing = [];
let compared = 0;
const canonical = (value) => JSON.stringify(value, (key, v) => (v && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v));
for (const { calculator, base, response } of corpus.answers) {
  const stored = response.ok ? { result: response.result } : { error: response.error, option: response.option };
  const mine = rendered(stored, corpus.metas[calculator], base);
  compared += 1;
  for (const part of ["ok", "html", "summary", "headline", "error", "option"]) {
    if (canonical(mine[part] ?? null) !== canonical(response[part] ?? null)) {
      differing.push({ calculator, base, part, python: response[part] ?? null, javascript: mine[part] ?? null });
      break;
    }
  }
}
console.log(JSON.stringify({ compared, differing: differing.length, first: differing.slice(0, 5) }));
