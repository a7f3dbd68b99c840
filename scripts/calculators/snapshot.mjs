// Makes the calculators' start-up snapshot: Pyodide's memory after Python has started and
// the engine has been imported, so a reader's worker restores it instead of doing both.
//
// Usage: node scripts/calculators/snapshot.mjs PYODIDE_DIR WHEEL MODULE OUT
//   PYODIDE_DIR  node_modules/pyodide (the same files the site serves)
//   WHEEL        the engine's wheel, as the site serves it
//   MODULE       the module the worker imports (rulesengine.calculators.api)
//   OUT          where to write the snapshot (raw; scripts/calculators/snapshot.py compresses it)
//
// The snapshot holds Python's heap, not its files. Every module of the engine is imported
// before it is taken, so the restored Python answers without the wheel; the worker still
// unpacks the wheel afterwards, into the same folder as here (tracebacks show its lines).
// Pyodide refuses a snapshot made by another build of itself (it checks the build id).
// The pages that still hold what the WebAssembly module put there are written as zero
// pages (leaveOut() below); the header is Pyodide's own.
// It prints one line of JSON: the snapshot's size, the time it took, and those pages with
// their checksum (`base`, for the worker).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const [pyodideDir, wheel, moduleName, out] = process.argv.slice(2);
if (!out) {
  console.error("usage: node snapshot.mjs PYODIDE_DIR WHEEL MODULE OUT");
  process.exit(2);
}
const started = performance.now();
const PAGE = 4096;
// Emscripten passes the running script's path to Python as the environment variable `_`;
// the snapshot is published, so it gets the name a browser would give, not a path on the
// machine that built the site.
process.argv[1] = "./this.program";
let raw;
let base;
try {
  const { loadPyodide } = await import(path.resolve(pyodideDir, "pyodide.mjs"));
  const pyodide = await loadPyodide({
    indexURL: path.resolve(pyodideDir) + "/",
    _makeSnapshot: true,
    stdout: () => {},
    stderr: (line) => console.error(line),
  });
  // The worker unpacks the wheel into site-packages after restoring; do the same here so
  // that the modules' __file__ and the import system's caches name the same paths (the worker
  // asks for the folder in the same words).
  pyodide.unpackArchive(new Uint8Array(fs.readFileSync(wheel)), "wheel", {
    extractDir: pyodide.runPython("import site; site.getsitepackages()[0]"),
  });
  // Every module of the engine is imported (not only what describe() reaches), so that
  // the restored Python never needs the wheel's files to answer; then describe() runs as
  // the worker's first call would, and warm() reads the package data (the unit cards). Done in Python so that no proxy object is left for the
  // snapshot to refuse.
  pyodide.globals.set("snapshot_module", moduleName);
  pyodide.runPython(`
import importlib, pkgutil
_module = importlib.import_module(snapshot_module)
_top = importlib.import_module(snapshot_module.partition(".")[0])
for _found in pkgutil.walk_packages(_top.__path__, _top.__name__ + "."):
    if not _found.name.endswith("__main__"):
        importlib.import_module(_found.name)
if hasattr(_module, "describe"):
    _module.describe()
if hasattr(_module, "warm"):
    _module.warm()  # package data (the unit cards) read into memory: the snapshot holds no files
del _module, _top, _found, importlib, pkgutil, snapshot_module
`);
  // Fewer bytes to send: the memory is sent compressed, and what Python and the C heap
  // have freed still holds old bytes (source read while importing, say), which compress
  // poorly. Collect Python's garbage, then zero every free block of the C heap (take them
  // all with malloc, largest first, never growing the heap; zero; free them again) and the
  // memory above the heap's end. Nothing in use changes. The shipped engine: 5.45 MB ->
  // 4.96 MB as brotli, 6.74 -> 6.17 MB as gzip, 31.5 MB raw either way.
  pyodide.runPython("import gc; gc.collect(); gc.collect()");
  zeroFreeMemory(pyodide._module);
  raw = pyodide.makeMemorySnapshot();
  base = leaveOut(raw, await startingMemory(raw));
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, raw);
} catch (error) {
  // Node would print the minified line the error came from; the last line of the message
  // (a Python traceback's error) is what the build reports.
  const lines = String(error && error.message ? error.message : error).trim().split("\n");
  console.error(`snapshot not made: ${lines[lines.length - 1]}`);
  process.exit(1);
}
console.log(JSON.stringify({ raw: raw.length, ms: Math.round(performance.now() - started), base }));

// Python's memory as Pyodide's WebAssembly is instantiated, before its start-up code runs:
// the module's data segments (about 4 MB: the interpreter's constant tables, frozen
// modules) and zeros. Taken at the first pre-run hook of a restore of the snapshot, which
// also shows that it restores.
async function startingMemory(snapshot) {
  const { loadPyodide } = await import(path.resolve(pyodideDir, "pyodide.mjs"));
  const { default: createModule } = await import(path.resolve(pyodideDir, "pyodide.asm.mjs"));
  const emptyZip = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "snapshot-")), "empty.zip");
  fs.writeFileSync(emptyZip, Buffer.from("UEsFBgAAAAAAAAAAAAAAAAAAAAAAAA==", "base64"));
  let memory = null;
  const python = await loadPyodide({
    indexURL: path.resolve(pyodideDir) + "/",
    _loadSnapshot: snapshot.slice(),
    stdLibURL: emptyZip,
    createPyodideModule: (settings) => {
      settings.preRun = [(module) => { memory = (module || settings).HEAPU8.slice(); }, ...[settings.preRun || []].flat()];
      return createModule(settings);
    },
    stdout: () => {},
    stderr: () => {},
  });
  fs.rmSync(path.dirname(emptyZip), { recursive: true, force: true });
  if (!memory) throw new Error("Pyodide ran no pre-run hook");
  if (!python.runPython(`__import__("sys").modules.get(${JSON.stringify(moduleName)}) is not None`)) {
    throw new Error("the restored snapshot lacks the engine");
  }
  return memory;
}

// The pages of the snapshot that hold what the WebAssembly module put there and nothing
// else (not zero; most of its constant data, 3.5 MB of the shipped engine's) are sent as
// zero pages, which compress to nothing (5.34 -> 4.49 MB as brotli): the worker finds them
// in its memory already and leaves them alone. `pages` lists them as [first, end) runs;
// `fnv` is their checksum, which the worker compares with its own memory's (once Pyodide's
// start-up code has run, just before the snapshot is poured) and refuses the snapshot if
// they differ. In place; the header stays.
function leaveOut(snapshot, memory) {
  const bodyAt = new DataView(snapshot.buffer, snapshot.byteOffset, 8).getUint32(4, true);
  const body = snapshot.subarray(bodyAt);
  const pages = [];
  const count = Math.min(body.length, memory.length) / PAGE;
  for (let page = 0; page < count; page++) {
    const at = page * PAGE;
    const ours = memory.subarray(at, at + PAGE);
    if (isZero(ours) || Buffer.compare(body.subarray(at, at + PAGE), ours) !== 0) continue;
    body.fill(0, at, at + PAGE);
    const last = pages[pages.length - 1];
    if (last && last[1] === page) last[1] = page + 1;
    else pages.push([page, page + 1]);
  }
  return { pages, fnv: fnv(memory, pages) };
}

function isZero(bytes) {
  for (let i = 0; i < bytes.length; i++) if (bytes[i] !== 0) return false;
  return true;
}

// FNV-1a over the 32-bit little-endian words of the pages in `runs` (the worker computes
// the same: worker.mjs).
function fnv(bytes, runs) {
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4);
  let hash = 2166136261;
  for (const [first, end] of runs) {
    for (let i = first * (PAGE / 4); i < end * (PAGE / 4); i++) hash = Math.imul(hash ^ words[i], 16777619) >>> 0;
  }
  return hash;
}

function zeroFreeMemory(M) {
  if (typeof M._sbrk !== "function" || typeof M._malloc !== "function") return;
  const blocks = [];
  let end = M._sbrk(0);
  for (const size of [1 << 20, 1 << 18, 1 << 16, 1 << 14, 1 << 12, 1 << 10, 256, 64, 32, 16]) {
    for (;;) {
      const pointer = M._malloc(size);
      if (!pointer) break;
      if (M._sbrk(0) !== end) {
        // Taken from beyond the heap's end: no free block of this size is left.
        M._free(pointer);
        end = M._sbrk(0);
        break;
      }
      blocks.push([pointer, size]);
    }
  }
  for (const [pointer, size] of blocks) M.HEAPU8.fill(0, pointer, pointer + size);
  for (const [pointer] of blocks) M._free(pointer);
  M.HEAPU8.fill(0, M._sbrk(0), M.HEAPU8.length);
}
