// Finds the standard library's files the calculators use: starts Pyodide in Node with its
// whole standard library, installs the engine's wheel, imports the browser's entry point
// (MODULE) as the worker does, describes the calculators, runs each once with its defaults
// and reads the unit cards (`warm`), then reads which modules came from the standard
// library's archive (scripts/calculators/stdlib.py packs them into the archive the worker
// starts with). Not every module of the engine: its command-line modules are never run in
// the browser. A module a rare calculation needs beyond these is still found: the worker
// then fetches Pyodide's whole archive (worker.mjs).
//
// With OUT_DIR, it also compiles them, here in Pyodide (so the bytecode is this Python's own:
// its magic number, its compiler): OUT_DIR/stdlib.zip holds each listed file as `<name>c`, its
// bytecode, and OUT_DIR/engine.zip the wheel's files as unpacked into site-packages, each
// module as its bytecode (`<name>c`), the rest as they are. A worker starting Python from
// these imports without compiling any source: in Node 2.5 s -> 1.0 s for Python's start and
// 0.6 -> 0.25 s for the engine's import. Each code object names the source file it was
// compiled from, where Python would have read it. They are compiled as `python -X
// no_debug_ranges` does (PYTHONNODEBUGRANGES): each instruction keeps its line, not its
// columns, which a traceback only uses to underline the failing expression. The columns
// compress poorly: 1.00 -> 0.74 MB as brotli for the standard library, 0.37 -> 0.28 MB for
// the engine.
//
// Usage: node scripts/calculators/stdlib.mjs PYODIDE_DIR WHEEL MODULE [OUT_DIR]
// Prints one line of JSON: {"files": [archive member names], "ms": time taken}.
import fs from "node:fs";
import path from "node:path";

const [pyodideDir, wheel, moduleName, outDir] = process.argv.slice(2);
if (!moduleName) {
  console.error("usage: node stdlib.mjs PYODIDE_DIR WHEEL MODULE");
  process.exit(2);
}
const started = performance.now();
process.argv[1] = "./this.program";
try {
  const { loadPyodide } = await import(path.resolve(pyodideDir, "pyodide.mjs"));
  const pyodide = await loadPyodide({
    indexURL: path.resolve(pyodideDir) + "/",
    env: { PYTHONNODEBUGRANGES: "1" }, // compile() below leaves the columns out
    stdout: () => {},
    stderr: (line) => console.error(line),
  });
  pyodide.unpackArchive(new Uint8Array(fs.readFileSync(wheel)), "wheel", {
    extractDir: pyodide.runPython("import site; site.getsitepackages()[0]"),
  });
  pyodide.globals.set("api_module", moduleName);
  const files = pyodide.runPython(`
import importlib, json, sys
_module = importlib.import_module(api_module)
for _calculator in json.loads(_module.describe()):
    _module.calculate(json.dumps({"calculator": _calculator["name"], "inputs": {}}))
if hasattr(_module, "warm"):
    _module.warm()
_archive = next(p for p in sys.path if p.endswith(".zip"))
_used = set()
for _name, _loaded in list(sys.modules.items()):
    _file = getattr(_loaded, "__file__", None) or ""
    if _file.startswith(_archive + "/"):
        _used.add(_file[len(_archive) + 1:])
json.dumps(sorted(_used))
`);
  if (outDir) {
    pyodide.FS.writeFile("/tmp/wheel.zip", new Uint8Array(fs.readFileSync(wheel)));
    pyodide.globals.set("stdlib_files", files);
    pyodide.runPython(`
import ast, importlib.util, json, marshal, sys, zipfile
_archive = next(p for p in sys.path if p.endswith(".zip"))
_site = __import__("site").getsitepackages()[0]
def _without_docstrings(tree):
    # As python -OO leaves them out (its asserts are kept): 1.18 -> 1.03 MB as brotli.
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if (isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and body
                and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str)):
            node.body = body[1:] or [ast.copy_location(ast.Pass(), body[0])]
    return tree
if any(column is not None for _, _, column, _ in compile("x + 1", "<probe>", "eval").co_positions()):
    raise RuntimeError("this Python keeps the columns (PYTHONNODEBUGRANGES not read)")
# A sourceless .pyc: the magic number, flags 0 (timestamp), mtime and size 0 (never compared:
# there is no source beside it), then the code object.
def _bytecode(source, filename, docstrings):
    tree = ast.parse(source, filename)
    if not docstrings:
        tree = _without_docstrings(tree)
    return importlib.util.MAGIC_NUMBER + bytes(12) + marshal.dumps(compile(tree, filename, "exec", dont_inherit=True))
def _compiled(source_zip, prefix, names, out, docstrings):
    with zipfile.ZipFile(source_zip) as source, zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as target:
        for name in names:
            data = source.read(name)
            if name.endswith(".py"):
                data, name = _bytecode(data, prefix + name, docstrings), name + "c"
            target.writestr(name, data)
# The standard library's docstrings are read by nothing the calculators run; the engine's
# are kept as they are.
_compiled(_archive, _archive + "/", json.loads(stdlib_files), "/tmp/stdlib.zip", False)
with zipfile.ZipFile("/tmp/wheel.zip") as _wheel:
    _members = [n for n in _wheel.namelist() if not n.endswith("/")]
_compiled("/tmp/wheel.zip", _site + "/", _members, "/tmp/engine.zip", True)
`);
    for (const name of ["stdlib.zip", "engine.zip"]) fs.writeFileSync(path.join(outDir, name), pyodide.FS.readFile(`/tmp/${name}`));
  }
  console.log(JSON.stringify({ files: JSON.parse(files), ms: Math.round(performance.now() - started) }));
} catch (error) {
  const lines = String(error && error.message ? error.message : error).trim().split("\n");
  console.error(`standard library not listed: ${lines[lines.length - 1]}`);
  process.exit(1);
}
