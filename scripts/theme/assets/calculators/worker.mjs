// The calculators' module worker: starts Pyodide from this site (never a CDN), installs the
// engine's wheel by URL and answers JSON requests with the engine's JSON entry point.
// When the build made a start-up snapshot (scripts/calculators/snapshot.py), Python's
// memory is restored from it, the engine already imported, instead of started afresh.
//
// Messages are JSON text both ways.
//   page -> worker  {"type": "calculate", "id": 7, "request": {"calculator": "...", "inputs": {...}}}
//   worker -> page  {"type": "ready", "pyodide": "314.0.7", "startMs": 2412, "phases": {...ms since start,
//                    "snapshot": true, or why the start-up snapshot was not used},
//                    "fetched": [every URL the worker fetched, for the service worker to keep]}
//                   {"type": "response", "id": 7, "response": {"ok": true, "html": "...", "result": {...}}, "ms": 31}
//                   {"type": "fetched", "fetched": [...]} (the wheel, fetched after "ready")
//                   {"type": "failed", "id": 7 or null, "error": "...", "detail": "..."}
// "failed" without an id means the engine could not start; every later request fails too.

const started = performance.now();
// The page asks for a start without the snapshot's download on a slow or data-saving
// connection (worker-client.mjs); a snapshot already kept is used all the same.
const LEAN = new URL(import.meta.url).searchParams.get("start") === "lean";
// Where the engine's files go: the same folder scripts/calculators/snapshot.mjs used when
// it imported the engine for the snapshot.
const SITE_PACKAGES = "import site; site.getsitepackages()[0]";

async function start() {
  const configURL = new URL("runtime.json", import.meta.url);
  // The wheel's URL changes with its content; always ask the server for the current one.
  const reply = await fetch(configURL, { cache: "no-cache" });
  if (!reply.ok) throw new Error(`${configURL} answered ${reply.status}`);
  const runtime = await reply.json();
  const indexURL = new URL(runtime.indexURL, configURL).href;
  const wheelURL = new URL(runtime.wheelURL, configURL).href;
  const phases = { config: performance.now() - started };
  // The snapshot's download (the largest) starts first, while Pyodide's loader arrives.
  const snapshotURL = runtime.snapshotURL ? new URL(runtime.snapshotURL, configURL).href : null;
  let snapshot = null;
  if (snapshotURL && LEAN && !(await alreadyKept(snapshotURL))) {
    phases.snapshot = "not used: the connection is slow or saves data";
  } else if (snapshotURL) {
    snapshot = fetchSnapshot(snapshotURL);
    snapshot.catch(() => {}); // its failure is handled where it is awaited
  }
  const { loadPyodide } = await import(new URL("pyodide.mjs", indexURL).href);
  const options = {
    indexURL,
    lockFileURL: new URL("pyodide-lock.json", indexURL).href,
    // Without this Pyodide would look for missing packages on its CDN; everything it may
    // ever load is served from our own path.
    packageBaseUrl: indexURL,
    // Pyodide prints to the console by default; the page shows its own state instead.
    stdout: () => {},
    stderr: () => {},
  };
  let pyodide = null;
  let afterReady = null;
  if (snapshot) {
    // The fast start: Python's memory as it was after starting and importing every module
    // of the engine (made at build time), restored instead of redone. The wheel's files
    // are not needed to answer; they are unpacked once the worker is ready (a traceback
    // then shows source lines). Any failure falls back to the full start below.
    try {
      pyodide = await loadPyodide({ ...options, _loadSnapshot: snapshot });
      // Every reader restores the same memory: draw a fresh seed for `random` (imported
      // by the standard library while the snapshot was made) from the browser's own.
      pyodide.runPython("import random; random.seed()");
      phases.pyodide = performance.now() - started;
      phases.wheel = phases.pyodide;
      phases.snapshot = true;
      const restored = pyodide;
      afterReady = async () => {
        const wheel = await fetchBytes(wheelURL);
        restored.unpackArchive(wheel, "wheel", { extractDir: restored.runPython(SITE_PACKAGES) });
      };
    } catch (error) {
      phases.snapshot = `not used: ${error && error.message ? error.message.split("\n")[0] : error}`;
      pyodide = null;
    }
  }
  if (!pyodide) {
    pyodide = await loadPyodide(options);
    phases.pyodide = performance.now() - started;
    const problems = [];
    await pyodide.loadPackage(wheelURL, {
      messageCallback: () => {},
      errorCallback: (message) => problems.push(message),
    });
    if (problems.length) throw new Error(problems.join("\n"));
    phases.wheel = performance.now() - started;
  }
  const api = pyodide.pyimport(runtime.module);
  // Describing the calculators imports both games' engines now, while the reader is not
  // waiting on a result, instead of during the first calculation (a restored snapshot
  // has them imported already).
  if (api.describe) api.describe();
  phases.import = performance.now() - started;
  for (const key of Object.keys(phases)) if (typeof phases[key] === "number") phases[key] = Math.round(phases[key]);
  return { calculate: api.calculate, version: runtime.pyodideVersion, phases, afterReady };
}

async function alreadyKept(url) {
  try {
    return Boolean(self.caches && (await caches.match(url, { ignoreVary: true })));
  } catch {
    return false;
  }
}

async function fetchBytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

// The snapshot is stored gzip-compressed (scripts/calculators/snapshot.py), so it travels
// small from any host, whatever that host compresses. A host that labels `.gz` files
// `Content-Encoding: gzip` has the browser unpack it already: then it is used as it came.
async function fetchSnapshot(url) {
  const packed = await fetchBytes(url);
  if (packed[0] !== 0x1f || packed[1] !== 0x8b) return packed;
  const unpacked = new Blob([packed]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(unpacked).arrayBuffer());
}

function send(message) {
  postMessage(JSON.stringify(message));
}

function describe(error) {
  const text = error && error.message ? error.message : String(error);
  // A Python traceback's last line is the message a reader can act on.
  const lines = text.trim().split("\n");
  return { error: lines[lines.length - 1] || "the calculator failed", detail: error && error.stack ? `${text}\n\n${error.stack}` : text };
}

const engine = start();
const resources = () => performance.getEntriesByType("resource").map((entry) => entry.name);
engine.then(
  ({ version, phases, afterReady }) => {
    send({ type: "ready", pyodide: version, startMs: Math.round(performance.now() - started), phases, fetched: resources() });
    // After any request already waiting (its handler resumes first, as a microtask).
    if (afterReady) {
      setTimeout(() => afterReady().then(
        () => send({ type: "fetched", fetched: resources() }),
        () => {}, // only source lines for tracebacks are missing
      ), 0);
    }
  },
  (error) => send({ type: "failed", id: null, ...describe(error) }),
);

self.onmessage = async (event) => {
  let message;
  try {
    message = JSON.parse(event.data);
  } catch (error) {
    send({ type: "failed", id: null, error: "the worker received a message that is not JSON", detail: String(event.data) });
    return;
  }
  if (message.type !== "calculate") return;
  try {
    const { calculate } = await engine;
    const begun = performance.now();
    const response = JSON.parse(calculate(JSON.stringify(message.request)));
    send({ type: "response", id: message.id, response, ms: Math.round(performance.now() - begun) });
  } catch (error) {
    send({ type: "failed", id: message.id, ...describe(error) });
  }
};
