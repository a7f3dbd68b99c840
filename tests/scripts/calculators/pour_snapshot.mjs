// Restores a snapshot the way the calculators' worker does (assets/calculators/worker.mjs:
// poured into Python's memory as it arrives, a page written only where it changes), in
// Node, from a stream cut into CHUNK-byte pieces (odd sizes cross the header's end and the
// pages' edges), then asks the engine once.
// Usage: node pour_snapshot.mjs PYODIDE_DIR SNAPSHOT CHUNK BASE
//   BASE: runtime.json's snapshotBase as JSON ({"bytes", "fnv"}), or a wrong one to see it refused.
// Prints one line of JSON: {"same": memory equals the snapshot's body, but for the pages it
// left out (which hold what Pyodide's start-up put there), "ok": the engine answered} (or {"refused": the error's message}).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const [pyodideDir, snapshotFile, chunkText, baseText] = process.argv.slice(2);
const worker = fs.readFileSync(new URL("../../../scripts/theme/assets/calculators/worker.mjs", import.meta.url), "utf8");
// The worker's own functions, as written there (the worker itself starts on import).
const code = worker.slice(worker.indexOf("function handOver"), worker.indexOf("// Where Pyodide put"));
const { handOver, pouring, pouredRestore } = new Function(`${code}\nreturn { handOver, pouring, pouredRestore };`)();
const indexURL = path.resolve(pyodideDir) + "/";
const snap = new Uint8Array(fs.readFileSync(snapshotFile));
const chunk = Number(chunkText);
let sent = 0;
const stream = new ReadableStream({
  pull(controller) {
    if (sent >= snap.length) return controller.close();
    const n = Math.min(chunk, snap.length - sent);
    controller.enqueue(snap.slice(sent, sent + n));
    sent += n;
  },
});
const snapshot = Promise.resolve(stream).then((s) => pouring(s, snap.length));
const folder = fs.mkdtempSync(path.join(os.tmpdir(), "pour-"));
const base = JSON.parse(baseText);
const create = pouredRestore(indexURL + "pyodide.asm.mjs", snapshot, base);
let same = null;
const watched = async (settings) => {
  const module = await create(settings);
  const restore = module.API.restoreSnapshot;
  module.API.restoreSnapshot = (bytes) => {
    const header = restore(bytes);
    const bodyAt = new DataView(snap.buffer).getUint32(4, true);
    const expected = Buffer.from(snap.slice(bodyAt));
    // The pages left out: the memory as Pyodide's start-up left it.
    for (const [first, end] of base.pages) expected.set(module.HEAPU8.subarray(first * 4096, end * 4096), first * 4096);
    same = Buffer.compare(expected, Buffer.from(module.HEAPU8.buffer, 0, snap.length - bodyAt)) === 0;
    return header;
  };
  return module;
};
// An empty zip for the standard library, as the worker gives (Node reads it from a file).
const emptyZip = path.join(folder, "empty.zip");
fs.writeFileSync(emptyZip, Buffer.from("UEsFBgAAAAAAAAAAAAAAAAAAAAAAAA==", "base64"));
process.argv[1] = "./this.program"; // as when the snapshot was made
const { loadPyodide } = await import(indexURL + "pyodide.mjs");
let pyodide;
try {
  pyodide = await loadPyodide({
  indexURL,
  _loadSnapshot: handOver(snapshot.then((poured) => poured.bytes)),
  stdLibURL: emptyZip,
  createPyodideModule: watched,
  stdout: () => {},
  stderr: () => {},
  });
} catch (error) {
  console.log(JSON.stringify({ refused: String(error.message).split("\n")[0] }));
  process.exit(0);
}
const api = pyodide.pyimport("rulesengine.calculators.api");
const answer = JSON.parse(api.calculate(JSON.stringify({ calculator: "legion-attack", inputs: { red: 2 }, base: "" })));
console.log(JSON.stringify({ same, ok: answer.ok === true }));
