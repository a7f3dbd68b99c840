// The calculators' module worker: starts Pyodide from this site (never a CDN), installs the
// engine by URL and answers JSON requests with the engine's JSON entry point.
// By default Python starts in full, with only the standard library's files the engine uses
// and the engine's files, both compiled at build time (scripts/calculators/stdlib.py:
// bytecode, so nothing is compiled here; 0.74 and 0.28 MB as brotli), fetched with Pyodide's
// own files as soon as runtime.json is read.
// When the build made a start-up snapshot (scripts/calculators/snapshot.py) and either asked
// for it (runtime.json's "start": "snapshot") or the browser keeps it already, Python's
// memory is restored from it, the engine already imported, instead of started afresh.
// From the snapshot, Python's standard library is not downloaded (2.5 MB), nor the engine's
// files: every module the engine uses is already in the restored memory. Python's import
// system finds an empty archive in its place; should a calculation ever import a module
// that is not in the snapshot, the engine answers "internal error", and the worker then
// fetches the standard library, puts it where Python looks, and asks again once.
//
// Messages are JSON text both ways; as a shared worker, each page's through its own port
// (a page that connects after the start gets "ready" at once, with "connectedMs").
//   page -> worker  {"type": "calculate", "id": 7, "request": {"calculator": "...", "inputs": {...}}, "fit": ["defense_faces", ...] or null}
//                   {"type": "army", "id": 8, "request": {"step": "read", "list": "...", ...}} ("Your army",
//                    army.mjs: the engine's `army` entry point answers instead of `calculate`)
//   worker -> page  {"type": "ready", "pyodide": "314.0.7", "startMs": 2412, "phases": {...ms since start,
//                    "snapshot": true, or why the start-up snapshot was not used},
//                    "fetched": [every URL the worker fetched, for the service worker to keep]}
//                   {"type": "started", "id": 7} (Python begins this request now)
//                   {"type": "response", "id": 7, "response": {"ok": true, "html": "...", "result": {...}}, "ms": 31,
//                    "then": [[request JSON, {"response": ..., "ms": 2}], ...] (the answers a worked example's
//                    faces will ask for next, when "calculate" named them in "fit": see following())}
//                   {"type": "fetched", "fetched": [...]} (the standard library, fetched after "ready")
//                   {"type": "failed", "id": 7 or null, "error": "...", "detail": "..."}
// "failed" without an id means the engine could not start; every later request fails too.

const started = performance.now();
// The page asks for a start without the snapshot's download on a slow or data-saving
// connection (worker-client.mjs); a snapshot already kept is used all the same.
const LEAN = new URL(import.meta.url).searchParams.get("start") === "lean";
// Where the engine's files go: the same folder scripts/calculators/snapshot.mjs used when
// it imported the engine for the snapshot.
const SITE_PACKAGES = "import site; site.getsitepackages()[0]";
// The import system's finders forget what they read of their folders (the wheel was just
// unpacked into one). Not importlib.invalidate_caches(): it imports importlib.metadata, which
// the trimmed standard library leaves out.
const FORGET_FOLDERS = "import sys; [f.invalidate_caches() for f in list(sys.path_importer_cache.values()) if hasattr(f, 'invalidate_caches')]";
// Where the engine's bytecode archive (scripts/calculators/stdlib.py) is put, last on Python's path.
const ENGINE_ARCHIVE = "/lib/rulesengine.zip";
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
  // The engine's files compiled (scripts/calculators/stdlib.py), else its wheel.
  const engineURL = new URL(runtime.engineURL || runtime.wheelURL, configURL).href;
  const engineFormat = runtime.engineURL ? "zip" : "wheel";
  const phases = { config: performance.now() - started };
  // Pyodide's own files are asked for now, not once its loader has arrived and asks (a
  // round trip and more later): the loader's fetches are handed these (asked(), below).
  const wasm = readToTheEnd(fetch(new URL("pyodide.asm.wasm", indexURL).href));
  asked.set(new URL("pyodide.asm.wasm", indexURL).href, wasm.response);
  const lockFileURL = new URL("pyodide-lock.json", indexURL).href;
  if (!runtime.pyodideLock) asked.set(lockFileURL, fetch(lockFileURL));
  import(new URL("pyodide.asm.mjs", indexURL).href).catch(() => {}); // the same module when Pyodide imports it
  // The snapshot's download (the largest) starts first, while Pyodide's loader arrives.
  const snapshotURL = runtime.snapshotURL ? new URL(runtime.snapshotURL, configURL).href : null;
  const gzipURL = runtime.snapshotGzipURL ? new URL(runtime.snapshotGzipURL, configURL).href : null;
  let snapshot = null;
  // Which start, when the build made both (runtime.json's "start", CALCULATOR_START at build):
  // the full start from bytecode unless told otherwise. It sends 4.7 MiB for a first answer on
  // Guardian X where the snapshot sends 7.2, and on a 10 Mbit/s link the 2.5 MiB it saves
  // take longer than the Python start it costs (scripts/bench/phone.py, figure b). A snapshot
  // the browser already keeps is used all the same: nothing to download, and no start.
  const snapshotFirst = runtime.start === "snapshot" || !runtime.stdlibURL;
  if (snapshotURL && (LEAN || !snapshotFirst) && !(await alreadyKept(snapshotURL)) && !(gzipURL && (await alreadyKept(gzipURL)))) {
    phases.snapshot = LEAN ? "not used: the connection is slow or saves data" : "not used: the full start sends less";
  } else if (snapshotURL) {
    snapshot = fetchSnapshot(snapshotURL, gzipURL, phases).then((stream) => pouring(stream, runtime.snapshotBytes));
    snapshot.catch(() => {}); // its failure is handled where it is awaited
  }
  const stdlibURL = runtime.stdlibURL ? new URL(runtime.stdlibURL, configURL).href : null;
  if (!snapshot && stdlibURL) asked.set(stdlibURL, fetch(stdlibURL));
  const { loadPyodide } = await import(new URL("pyodide.mjs", indexURL).href);
  const options = {
    indexURL,
    // The lock file's "info" without its packages, which are never loaded (calculators_hook.py).
    ...(runtime.pyodideLock ? { lockFileContents: runtime.pyodideLock } : { lockFileURL }),
    // Without this Pyodide would look for missing packages on its CDN; everything it may
    // ever load is served from our own path.
    packageBaseUrl: indexURL,
    // Pyodide prints to the console by default; the page shows its own state instead.
    stdout: () => {},
    stderr: () => {},
  };
  let pyodide = null;
  let fellBack = false; // the snapshot's start failed: the full start follows
  if (snapshot) {
    // The fast start: Python's memory as it was after starting and importing every module
    // of the engine (made at build time), restored instead of redone. The engine's files
    // are not needed to answer, and are not fetched (a traceback names the engine's files
    // and lines without quoting them). Any failure falls back to the full start below.
    try {
      pyodide = await loadPyodide({
        ...options,
        _loadSnapshot: handOver(snapshot.then((poured) => poured.bytes)),
        stdLibURL: EMPTY_ZIP,
        createPyodideModule: pouredRestore(new URL("pyodide.asm.mjs", indexURL).href, snapshot, runtime.snapshotBase),
      });
      snapshot = null;
      // Every reader restores the same memory: draw a fresh seed for `random` (imported
      // by the standard library while the snapshot was made) from the browser's own.
      pyodide.runPython("import random; random.seed()");
      phases.pyodide = performance.now() - started;
      phases.wheel = phases.pyodide;
      phases.snapshot = true;
      missingFiles = wholeStandardLibrary(pyodide, indexURL);
    } catch (error) {
      phases.snapshot = `not used: ${error && error.message ? error.message.split("\n")[0] : error}`;
      pyodide = null;
      fellBack = true;
      // Pyodide's WebAssembly, if that start failed before reading it: not read now either.
      wasm.response.then((answer) => answer.body && answer.body.cancel()).catch(() => {});
    }
  }
  if (!pyodide) {
    // The full start: the engine's files come while Python starts, not after: once
    // Pyodide's WebAssembly has all arrived, so that they do not share the link with it and
    // the standard library, which Python's start waits for. Python starts with only the
    // standard library's files the engine uses (scripts/calculators/stdlib.py), when the
    // build made that archive; a module it lacks fetches the whole one (below).
    const engineFiles = (fellBack ? Promise.resolve() : wasm.read).then(() => fetchBytes(engineURL));
    engineFiles.catch(() => {}); // its failure is handled where it is awaited
    pyodide = await loadPyodide(stdlibURL ? { ...options, stdLibURL: stdlibURL } : options);
    phases.pyodide = performance.now() - started;
    if (engineFormat === "zip") {
      // The engine's bytecode archive is imported from as it is, as the standard library's
      // is, last on Python's path: not unpacked file by file (35-45 ms in Node; importing
      // from the archive costs about 10 ms more). Its card data is read through its loader
      // (pkgutil.get_data), which reads inside an archive too.
      pyodide.FS.writeFile(ENGINE_ARCHIVE, await engineFiles);
      pyodide.runPython(`import sys; sys.path.append(${JSON.stringify(ENGINE_ARCHIVE)})`);
    } else {
      pyodide.unpackArchive(await engineFiles, engineFormat, { extractDir: pyodide.runPython(SITE_PACKAGES) });
      pyodide.runPython(FORGET_FOLDERS);
    }
    phases.wheel = performance.now() - started;
    if (stdlibURL) missingFiles = wholeStandardLibrary(pyodide, indexURL);
  }
  let api;
  try {
    api = pyodide.pyimport(runtime.module);
  } catch (error) {
    // A module the trimmed standard library lacks, imported by the engine's entry point
    // itself (stdlib.mjs lists what it imported in Node): fetch the whole one and import again.
    if (!missingFiles || !/ModuleNotFoundError/.test(String(error && error.message))) throw error;
    const fetchMissing = missingFiles;
    missingFiles = null;
    await fetchMissing();
    phases.wholeStandardLibrary = "for the engine's import";
    api = pyodide.pyimport(runtime.module);
  }
  // Describing the calculators fills the engine's caches (a restored snapshot has them
  // filled: not again). Not now: once any request already waiting has its answer
  // (0.25-0.35 s in Node that a first answer need not wait for).
  const describe = api.describe && phases.snapshot !== true ? () => api.describe() : null;
  phases.import = performance.now() - started;
  for (const key of Object.keys(phases)) if (typeof phases[key] === "number") phases[key] = Math.round(phases[key]);
  // When each file's request left and its last byte came (ms since the start), and when the
  // worker started (ms since the epoch): scripts/bench/phone.py lays them beside the page's.
  phases.files = Object.fromEntries(performance.getEntriesByType("resource").map((entry) => [
    entry.name.split("?")[0].split("/").filter(Boolean).pop(), [Math.round(entry.startTime - started), Math.round(entry.responseEnd - started)],
  ]));
  phases.startedAt = Math.round(performance.timeOrigin + started);
  return { calculate: api.calculate, army: api.army, version: runtime.pyodideVersion, phases, describe };
}

// Requests started before Pyodide's loader makes them: URL -> the fetch's promise, handed
// over (once) when the loader fetches that URL; anything else is fetched as it asks.
const asked = new Map();
const plainFetch = self.fetch.bind(self);
self.fetch = (input, init) => {
  const url = input instanceof Request ? null : String(input instanceof URL ? input.href : input);
  const early = url === null ? undefined : asked.get(url);
  if (early === undefined) return plainFetch(input, init);
  asked.delete(url);
  return early;
};

// `promise`'s response as one that passes its body on as it arrives (WebAssembly compiles
// it meanwhile), and `read`, settled once all of it has come (or it failed).
function readToTheEnd(promise) {
  let ended;
  const read = new Promise((resolve) => (ended = resolve));
  const response = promise.then((answer) => {
    if (!answer.ok || !answer.body) {
      ended();
      return answer;
    }
    const reader = answer.body.getReader();
    const counted = new ReadableStream({
      async pull(controller) {
        try {
          const { value, done } = await reader.read();
          if (done) {
            ended();
            controller.close();
          } else controller.enqueue(value);
        } catch (error) {
          ended();
          controller.error(error);
        }
      },
      cancel(reason) {
        ended();
        return reader.cancel(reason);
      },
    });
    return new Response(counted, { status: answer.status, statusText: answer.statusText, headers: answer.headers });
  }, (error) => {
    ended();
    throw error;
  });
  response.catch(() => {}); // its failure is Pyodide's to report
  return { response, read };
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

// Pyodide restores a snapshot from one array holding all of it (31 MB), copied whole into
// Python's memory, zero pages too. Here the snapshot is poured into Python's memory as it
// arrives instead: no array of 31 MB is ever filled (a filled one stayed resident until the
// worker's garbage collector ran, which an idle worker may not do for a long time), and a page of
// memory is written only where it must change: Python's memory starts zeroed, and about
// half of the snapshot (the free heap, the stack's unused part) is zero pages.
// Pyodide asks for the snapshot's size first (its memory is made that large): it is handed
// an array of that size, zero and untouched but for the header (the memory's layout, read
// by Pyodide's own restore, which still checks the magic number and build id). This follows
// Pyodide's snapshot layout (its second word: where the memory begins); a snapshot not laid
// out so fails here, and the worker then starts Python in full.
const PAGE = 4096;

// The stream is read as it arrives (the download goes on while Pyodide's WebAssembly is
// compiled); what arrived waits in `queue` until Python's memory exists.
function pouring(stream, size) {
  if (!Number.isSafeInteger(size) || size <= 16) throw new Error("the snapshot's size is not known");
  const reader = stream.getReader();
  const queue = [];
  let ended = false;
  let failure = null;
  let wake = null;
  (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        queue.push(value);
        if (wake) wake();
      }
    } catch (error) {
      failure = error;
    }
    ended = true;
    if (wake) wake();
  })();
  async function next() {
    while (!queue.length && !ended) await new Promise((resolve) => (wake = resolve));
    wake = null;
    if (failure) throw failure;
    return queue.shift() || null;
  }
  return { bytes: new Uint8Array(size), next, bodyAt: null };
}

// The pages of the snapshot that hold only what Pyodide's WebAssembly module put in memory
// (most of its constant data) are sent as zero pages (scripts/calculators/snapshot.mjs):
// Python's memory has them already. `base` lists them ([first, end) runs of pages) with
// their checksum, compared here with this memory's before anything is poured; a memory that
// differs (a Pyodide built otherwise) fails here and the worker starts Python in full.
function pouredRestore(moduleURL, snapshot, base) {
  return async (settings) => {
    const { default: createModule } = await import(moduleURL);
    const module = await createModule(settings);
    const memory = module.HEAPU8;
    const kept = keptPages(base, memory);
    if (!kept) throw new Error("Python's memory does not start as the snapshot's did");
    const poured = await snapshot;
    poured.kept = kept;
    await pour(poured, memory);
    const restore = module.API.restoreSnapshot;
    module.API.restoreSnapshot = (bytes) => restore(bytes.subarray(0, poured.bodyAt)); // the header; the memory is in place
    return module;
  };
}

async function pour(poured, memory) {
  const { bytes, next } = poured;
  let at = 0;
  for (let chunk = await next(); chunk; chunk = await next()) {
    let used = 0;
    while (used < chunk.length) {
      if (poured.bodyAt === null || at < poured.bodyAt) {
        // The header: its first 8 bytes say where the memory begins.
        const end = poured.bodyAt === null ? 8 : poured.bodyAt;
        const n = Math.min(chunk.length - used, end - at);
        bytes.set(chunk.subarray(used, used + n), at);
        at += n;
        used += n;
        if (poured.bodyAt === null && at === 8) {
          const bodyAt = new DataView(bytes.buffer, bytes.byteOffset, 8).getUint32(4, true);
          if (bodyAt % 16 !== 0 || bodyAt < 16 || bodyAt >= bytes.length || bytes.length - bodyAt > memory.length) {
            throw new Error("the snapshot is not laid out as this Pyodide's");
          }
          poured.bodyAt = bodyAt;
        }
        continue;
      }
      const piece = chunk.subarray(used);
      if (at + piece.length > bytes.length) throw new Error("the snapshot is longer than announced");
      writeChanged(memory, at - poured.bodyAt, piece, poured.kept);
      at += piece.length;
      used = chunk.length;
    }
  }
  if (at !== bytes.length) throw new Error(`the snapshot ended after ${at} of ${bytes.length} bytes`);
}

// `source` into `memory` at `offset`, page by page, leaving alone a page that is zero in
// both (a page never written is never made resident) and a page the snapshot left out
// (`kept[page]`: memory has it already).
function writeChanged(memory, offset, source, kept) {
  for (let i = 0; i < source.length;) {
    const to = offset + i;
    const end = Math.min(source.length, i + PAGE - (to % PAGE));
    const page = to / PAGE | 0;
    if (page < kept.length && kept[page]) {
      // left as it is
    } else if (!zero(source, i, end)) memory.set(source.subarray(i, end), to);
    else if (!zero(memory, to, to + end - i)) memory.fill(0, to, to + end - i);
    i = end;
  }
}

// The pages the snapshot left out, as flags by page number, when this memory holds them as
// the build's did (their FNV-1a checksum over 32-bit words, as snapshot.mjs computes it);
// otherwise null.
function keptPages(base, memory) {
  if (!base || !Array.isArray(base.pages)) return null;
  const words = new Uint32Array(memory.buffer, memory.byteOffset, memory.length / 4);
  const last = base.pages.length ? base.pages[base.pages.length - 1][1] : 0;
  if (!Number.isSafeInteger(last) || last * PAGE > memory.length) return null;
  const kept = new Uint8Array(last);
  let hash = 2166136261;
  for (const [first, end] of base.pages) {
    if (!(Number.isSafeInteger(first) && first >= 0 && first < end && end <= last)) return null;
    kept.fill(1, first, end);
    for (let i = first * (PAGE / 4); i < end * (PAGE / 4); i++) hash = Math.imul(hash ^ words[i], 16777619) >>> 0;
  }
  return hash === base.fnv ? kept : null;
}

function zero(array, from, to) {
  for (let i = from; i < to; i++) if (array[i] !== 0) return false;
  return true;
}

// Where Pyodide put the standard library's archive (/lib/python3XY.zip), asked of Python.
const STDLIB_ARCHIVE = `import sys; next(p for p in sys.path if p.endswith('.zip') and p != ${JSON.stringify(ENGINE_ARCHIVE)})`;

// For a Python started without the whole standard library (from the snapshot, or with the
// engine's files only): fetches Pyodide's whole archive and puts it where Python looks.
function wholeStandardLibrary(pyodide, indexURL) {
  return async () => {
    const stdlib = await fetchBytes(new URL("python_stdlib.zip", indexURL).href);
    pyodide.FS.writeFile(pyodide.runPython(STDLIB_ARCHIVE), stdlib);
    pyodide.runPython("import importlib; importlib.invalidate_caches()");
  };
}

// After a start without the whole standard library: fetches it, once, when a calculation
// needs a module Python lacks (null: nothing is missing, or already fetched).
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
    if (response.ok && encoding && encoding !== "identity" && response.body) {
      phases.snapshotEncoding = encoding;
      return response.body;
    }
    aborter.abort();
    url = gzipURL;
  }
  const packed = await fetchBytes(url);
  phases.snapshotEncoding = "gzip file";
  if (packed[0] !== 0x1f || packed[1] !== 0x8b) {
    phases.snapshotEncoding = "gzip file, unpacked by the browser";
    return new Blob([packed]).stream();
  }
  return new Blob([packed]).stream().pipeThrough(new DecompressionStream("gzip"));
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
  ({ version, phases, describe }) => {
    announced = { type: "ready", pyodide: version, startMs: Math.round(performance.now() - started), phases, fetched: resources(), shared: SHARED };
    broadcast(announced);
    // Held while this shared Python runs: a new tab that finds it connects at once (worker-client.mjs, warmLock).
    if (SHARED && self.navigator.locks) self.navigator.locks.request(`rules-calculators-python ${self.location.href}`, () => new Promise(() => {})).catch(() => {});
    // After any request already waiting (its handler resumes first, as a microtask).
    if (describe) {
      setTimeout(() => {
        try {
          describe();
        } catch {
          // a calculation reports its own failure
        }
      }, 0);
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
  if (message.type !== "calculate" && message.type !== "army") return;
  try {
    const entry = await engine;
    const calculate = message.type === "army" ? entry.army : entry.calculate;
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
    const ms = Math.round(performance.now() - begun);
    const then = message.type === "calculate" ? following(calculate, message.request, response, message.fit) : [];
    reply(port, { type: "response", id: message.id, response, ms, then });
  } catch (error) {
    reply(port, { type: "failed", id: message.id, ...describe(error) });
  }
}

// A worked example's faces follow the reader's other changes (trace-fit.mjs): when the engine
// refuses a face list the page lets follow (`fit`, its names), the page drops that list's
// last face and asks again, until the engine answers. Each of those requests waited for the
// page's turn (a page still loading kept them apart by a quarter second each, four in a row
// on Guardian X). They are answered here at once instead, in the order the page will ask
// for them, and sent with the first answer: [request's JSON, {response, ms}] each.
const FACES = ";";
function following(calculate, request, response, fit) {
  const then = [];
  if (!Array.isArray(fit)) return then;
  let answer = response;
  for (let guard = 0; guard < 256 && !answer.ok && fit.includes(answer.option); guard++) {
    const units = facesOf(request.inputs[answer.option]);
    if (!units.length) break;
    units[units.length - 1].pop();
    request = { ...request, inputs: { ...request.inputs, [answer.option]: units.filter((faces) => faces.length).map((faces) => faces.join(", ")).join(`${FACES} `) } };
    const begun = performance.now();
    answer = JSON.parse(calculate(JSON.stringify(request)));
    then.push([JSON.stringify(request), { response: answer, ms: Math.round(performance.now() - begun) }]);
  }
  return then;
}

// A face list's text as trace-fit.mjs reads it: units (";") of faces (",").
const facesOf = (text) => (typeof text === "string" && text.trim() ? text.split(FACES).map((unit) => unit.split(",").map((f) => f.trim()).filter(Boolean)) : []);

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
