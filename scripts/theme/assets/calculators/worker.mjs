// The calculators' module worker: starts Pyodide from this site (never a CDN), installs the
// engine's wheel by URL and answers JSON requests with the engine's JSON entry point.
// When the build made a start-up snapshot (scripts/calculators/snapshot.py), Python's
// memory is restored from it, the engine already imported, instead of started afresh.
//
// From the snapshot, Python's standard library is not downloaded (2.5 MB): every module the
// engine uses is already in the restored memory. Python's import system finds an empty
// archive in its place; should a calculation ever import a module that is not in the
// snapshot, the engine answers "internal error", and the worker then fetches the standard
// library (and the engine's wheel), puts it where Python looks, and asks again once.
//
// Messages are JSON text both ways; as a shared worker, each page's through its own port
// (a page that connects after the start gets "ready" at once, with "connectedMs").
//   page -> worker  {"type": "calculate", "id": 7, "request": {"calculator": "...", "inputs": {...}}}
//   worker -> page  {"type": "ready", "pyodide": "314.0.7", "startMs": 2412, "phases": {...ms since start,
//                    "snapshot": true, or why the start-up snapshot was not used},
//                    "fetched": [every URL the worker fetched, for the service worker to keep]}
//                   {"type": "started", "id": 7} (Python begins this request now)
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
// An empty zip archive (its end record only): what Pyodide installs as the standard library
// when starting from the snapshot, without a download.
const EMPTY_ZIP = "data:application/zip;base64,UEsFBgAAAAAAAAAAAAAAAAAAAAAAAA==";

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
  const gzipURL = runtime.snapshotGzipURL ? new URL(runtime.snapshotGzipURL, configURL).href : null;
  let snapshot = null;
  if (snapshotURL && LEAN && !(await alreadyKept(snapshotURL)) && !(gzipURL && (await alreadyKept(gzipURL)))) {
    phases.snapshot = "not used: the connection is slow or saves data";
  } else if (snapshotURL) {
    snapshot = fetchSnapshot(snapshotURL, gzipURL, phases);
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
      pyodide = await loadPyodide({
        ...options,
        _loadSnapshot: handOver(snapshot),
        stdLibURL: EMPTY_ZIP,
        createPyodideModule: sparseRestore(new URL("pyodide.asm.mjs", indexURL).href, phases),
      });
      snapshot = null;
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
      missingFiles = async () => {
        const stdlib = await fetchBytes(new URL("python_stdlib.zip", indexURL).href);
        restored.FS.writeFile(restored.runPython(STDLIB_ARCHIVE), stdlib);
        restored.runPython("import importlib; importlib.invalidate_caches()");
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
  // has them imported already, and describe() run: not again, 0.15-0.3 s saved).
  if (api.describe && phases.snapshot !== true) api.describe();
  phases.import = performance.now() - started;
  for (const key of Object.keys(phases)) if (typeof phases[key] === "number") phases[key] = Math.round(phases[key]);
  return { calculate: api.calculate, version: runtime.pyodideVersion, phases, afterReady };
}

// Pyodide keeps the options it was started with for the whole visit: handed the snapshot's
// promise, it would keep the snapshot's 31 MB alive with it. This one-time thenable hands
// the bytes over and keeps nothing.
function handOver(promise) {
  let bytes = promise;
  return {
    then(resolve, reject) {
      const given = bytes;
      bytes = null;
      return (given || Promise.reject(new Error("the snapshot was already used"))).then(resolve, reject);
    },
  };
}

// Pyodide restores the snapshot by copying all of it into Python's memory, zero pages too:
// about half of the 31 MB is zero (the free heap, the stack's unused part), and a page
// written, even with zeros, is a page the phone must hold. Python's memory starts zeroed,
// so only the pages that differ are written here: a page of the snapshot that holds data,
// and a zero page of the snapshot where starting Pyodide wrote something. Pyodide's own
// restore still checks the snapshot (its magic number, build id) and reads its header: it
// is handed the header alone, and copies nothing. With a snapshot of any other layout,
// Pyodide's own restore does it all.
const PAGE = 4096;
function sparseRestore(moduleURL, phases) {
  return async (settings) => {
    const { default: createModule } = await import(moduleURL);
    const module = await createModule(settings);
    const api = module.API;
    const restore = api && api.restoreSnapshot;
    if (typeof restore !== "function") return module;
    api.restoreSnapshot = (bytes) => {
      const bodyAt = new Uint32Array(bytes.buffer, bytes.byteOffset, 4)[1];
      const memory = module.HEAP8;
      let header;
      if (bodyAt % 16 !== 0 || bodyAt >= bytes.length || bytes.length - bodyAt > memory.length || bytes.byteOffset % 4 !== 0) {
        header = restore(bytes);
      } else {
        header = restore(bytes.subarray(0, bodyAt));
        copyChangedPages(bytes.subarray(bodyAt), new Uint8Array(memory.buffer, memory.byteOffset, bytes.length - bodyAt));
        phases.restore = "changed pages only";
      }
      return header;
    };
    return module;
  };
}

function zeroPage(words, at, end) {
  for (let i = at; i < end; i++) if (words[i] !== 0) return false;
  return true;
}

function copyChangedPages(from, to) {
  // Both start 16-byte aligned (Pyodide rounds the header up); the tail is copied whole.
  const whole = from.length - (from.length % PAGE);
  const source = new Uint32Array(from.buffer, from.byteOffset, whole / 4);
  const target = new Uint32Array(to.buffer, to.byteOffset, whole / 4);
  const step = PAGE / 4;
  for (let at = 0; at < source.length; at += step) {
    if (!zeroPage(source, at, at + step)) target.set(source.subarray(at, at + step), at);
    else if (!zeroPage(target, at, at + step)) target.fill(0, at, at + step);
  }
  to.set(from.subarray(whole), whole);
}

// Where Pyodide put the standard library's archive (/lib/python3XY.zip), asked of Python.
const STDLIB_ARCHIVE = "import sys; next(p for p in sys.path if p.endswith('.zip'))";
// After a start from the snapshot: fetches the standard library, once, when a calculation
// needs a module the snapshot lacks (null: nothing is missing, or already fetched).
let missingFiles = null;

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

// The snapshot travels compressed. A host that negotiates sends `engine.snapshot` as
// brotli or gzip with Content-Encoding, and the browser unpacks it. Any other host would
// send 31 MB as they are: then that answer is dropped at its headers and the gzip copy
// (`engine.snapshot.gzip`) is fetched as a plain file and unpacked here. A host that labels
// gzip files `Content-Encoding: gzip` has the browser unpack that one already: its magic
// bytes tell.
async function fetchSnapshot(url, gzipURL, phases) {
  if (gzipURL) {
    const aborter = new AbortController();
    const response = await fetch(url, { signal: aborter.signal });
    const encoding = (response.headers.get("content-encoding") || "").trim().toLowerCase();
    if (response.ok && encoding && encoding !== "identity") {
      phases.snapshotEncoding = encoding;
      return new Uint8Array(await response.arrayBuffer());
    }
    aborter.abort();
    url = gzipURL;
  }
  const packed = await fetchBytes(url);
  phases.snapshotEncoding = "gzip file";
  if (packed[0] !== 0x1f || packed[1] !== 0x8b) {
    phases.snapshotEncoding = "gzip file, unpacked by the browser";
    return packed;
  }
  const unpacked = new Blob([packed]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(unpacked).arrayBuffer());
}

// As a shared worker (one Python for every tab and calculator of the site, where the
// browser has them) each page talks through its own port; as a dedicated worker, directly.
const SHARED = typeof SharedWorkerGlobalScope !== "undefined" && self instanceof SharedWorkerGlobalScope;
// Ports of the pages connected. A page that closes leaves its port here (the platform says
// nothing): messages to it are dropped, a few bytes each.
const ports = new Set();

function reply(port, message) {
  (port || self).postMessage(JSON.stringify(message));
}

function broadcast(message) {
  if (!SHARED) reply(null, message);
  else for (const port of ports) reply(port, message);
}

function describe(error) {
  const text = error && error.message ? error.message : String(error);
  // A Python traceback's last line is the message a reader can act on.
  const lines = text.trim().split("\n");
  return { error: lines[lines.length - 1] || "the calculator failed", detail: error && error.stack ? `${text}\n\n${error.stack}` : text };
}

const engine = start();
const resources = () => performance.getEntriesByType("resource").map((entry) => entry.name);
let announced = null; // the "ready" or "failed" message, for a page that connects later
engine.then(
  ({ version, phases, afterReady }) => {
    announced = { type: "ready", pyodide: version, startMs: Math.round(performance.now() - started), phases, fetched: resources(), shared: SHARED };
    broadcast(announced);
    // After any request already waiting (its handler resumes first, as a microtask).
    if (afterReady) {
      setTimeout(() => afterReady().then(
        () => broadcast({ type: "fetched", fetched: resources() }),
        () => {}, // only source lines for tracebacks are missing
      ), 0);
    }
  },
  (error) => {
    announced = { type: "failed", id: null, ...describe(error) };
    broadcast(announced);
  },
);

async function onRequest(port, event) {
  let message;
  try {
    message = JSON.parse(event.data);
  } catch (error) {
    reply(port, { type: "failed", id: null, error: "the worker received a message that is not JSON", detail: String(event.data) });
    return;
  }
  if (message.type !== "calculate") return;
  try {
    const { calculate } = await engine;
    // One Python may serve several calculators: the page learns that its request is the
    // one computing now, not one waiting behind another's (worker-client.mjs).
    reply(port, { type: "started", id: message.id });
    const begun = performance.now();
    let response = JSON.parse(calculate(JSON.stringify(message.request)));
    if (missingFiles && !response.ok && String(response.error).startsWith("internal error")) {
      // Perhaps a module the snapshot lacks: fetch the standard library and ask again.
      const fetchMissing = missingFiles;
      missingFiles = null;
      await fetchMissing();
      response = JSON.parse(calculate(JSON.stringify(message.request)));
      broadcast({ type: "fetched", fetched: resources() });
    }
    reply(port, { type: "response", id: message.id, response, ms: Math.round(performance.now() - begun) });
  } catch (error) {
    reply(port, { type: "failed", id: message.id, ...describe(error) });
  }
}

if (SHARED) {
  self.onconnect = (event) => {
    const port = event.ports[0];
    ports.add(port);
    port.onmessage = (message) => onRequest(port, message);
    if (announced) reply(port, { ...announced, connectedMs: Math.round(performance.now() - started) });
  };
} else {
  self.onmessage = (message) => onRequest(null, message);
}
