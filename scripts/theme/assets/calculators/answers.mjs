// Answers computed at build time (scripts/calculators/answers.py): for each calculator,
// the engine's response to every request one change away from the form as the page shows
// it (a stepper one up or down, a box ticked, another choice...), in a small JSON file
// named by the calculator's data-answers. While Python is still loading in the browser,
// a request found there is answered from it at once; everything else, and everything once
// Python is ready, goes to Python as before. A request is looked up whole (calculator,
// every input, the way back to the root), so what is shown is exactly what Python answers.

const tables = new WeakMap(); // root -> the table once fetched (null: none or failed)
const loading = new WeakMap(); // root -> the fetch's promise, while it runs

// The inputs as JSON with sorted names: the key answers.py writes (request_key).
export const keyOf = (inputs) => JSON.stringify(inputs, Object.keys(inputs).sort());

// Start fetching `root`'s answers (once per calculator on the page).
export function loadAnswers(root) {
  const address = root.getAttribute("data-answers");
  if (!address || tables.has(root) || loading.has(root)) return;
  const done = fetch(new URL(address, window.location.href))
    .then((reply) => (reply.ok ? reply.json() : null))
    .catch(() => null)
    .then((table) => {
      tables.set(root, table && typeof table.answers === "object" ? table : null);
      loading.delete(root);
    });
  loading.set(root, done);
}

// The answers' fetch still under way for `root`, or null.
export const answersArriving = (root) => loading.get(root) || null;

// The response computed at build time for `request`, or null.
export function builtAnswer(root, request) {
  const table = tables.get(root);
  if (!table || table.calculator !== request.calculator || table.base !== request.base) return null;
  const response = table.answers[keyOf(request.inputs)];
  return response && typeof response === "object" ? response : null;
}
