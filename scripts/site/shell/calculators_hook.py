"""MkDocs glue for the in-browser calculators.

- on_config: adds the calculator script (an ES module) and style sheet to every page.
- on_files: takes them out again when no page shows a calculator; when one does, stops
  the build at once if Pyodide has not been installed from npm, and starts the work that
  needs only the engine's source and Pyodide (`Early`: the wheel, then the trimmed standard
  library's compiling in Node, and the start-up snapshot when asked for) on threads, so that
  it runs beside the pages' rendering instead of after it.
- on_serve: `mkdocs serve` also rebuilds when the engine's source changes, so the wheel
  the browser loads is never older than the code, and sends the assets with their
  precompressed copies, as a static host would (scripts/site/static_site.py).
- on_post_page: the calculator's script goes into the page's head with its modules
  preloaded, and each calculator gets the answers to its first changes
  (scripts/calculators/answers.py), preloaded too; where the vault names the Legion game,
  each Legion attack calculator names the unit pickers' data (scripts/calculators/units.py).
- on_post_build (only when some page shows a calculator): puts the Pyodide runtime under `assets/pyodide/<version>/`, the engine's
  wheel (built from the current source) under `assets/wheels/<hash>/`, the trimmed standard
  library (scripts/calculators/stdlib.py) under `assets/stdlib/<key>/`, the start-up
  snapshot (scripts/calculators/snapshot.py) under `assets/snapshots/<key>/` when the build
  asks for it (`snapshot_wanted`), and `assets/calculators/runtime.json`, which tells the
  worker where they are; and gives the calculator modules' imports of each other the same
  `?v=<hash>` as the script itself.

The hook owns no state between builds: each build recomputes everything from disk (the
work on_files starts is handed to the same build's on_post_build, for the same site folder).
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import mimetypes
import os
import re
import shutil
import sys
import threading
from collections.abc import Mapping
from pathlib import Path
from types import ModuleType
from typing import Any

from mkdocs.config.config_options import ExtraScriptValue
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files

REPO = Path(__file__).resolve().parents[3]
PYODIDE_PACKAGE = REPO / "node_modules" / "pyodide"
# What Pyodide fetches to start and to load a wheel by URL; source maps and the REPL
# pages stay out of the site.
RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
SCRIPT = "assets/calculators/calculator.mjs"
STYLE = "assets/calculators/calculator.css"
RUNTIME_CONFIG = "assets/calculators/runtime.json"
API_MODULE = "rulesengine.calculators.api"
THEME_FOLDER = "assets/calculators/"
# `from "./form.mjs"` (or an earlier build's `from "./form.mjs?v=..."`) in a calculator module.
MODULE_IMPORT = re.compile(r'(from\s+"\./[\w-]+\.mjs)(?:\?v=\w*)?"')
# `mkdocs serve` (on_startup): the assets are precompressed after each build and sent by
# scripts/site/static_site.py.
SERVING = False
CALCULATOR_MARK = "data-calculator="  # in every calculator's HTML (rulesengine.calculators.render)
ARMY_MARK = "data-army="  # in the "Your army" page's HTML (scripts/calculators/army_extension.py): same script and worker


def _wheel_module() -> ModuleType:
    """scripts/calculators/wheel.py, loaded by path: `import wheel` could find the
    `wheel` distribution instead, and scripts/ is not on sys.path during a build."""
    spec = importlib.util.spec_from_file_location("rules_calculators_wheel", REPO / "scripts" / "calculators" / "wheel.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def pyodide_version(package: Path = PYODIDE_PACKAGE) -> str:
    """The installed Pyodide's version; a missing install stops the build with the fix."""
    manifest = package / "package.json"
    missing = [name for name in RUNTIME_FILES if not (package / name).is_file()]
    if not manifest.is_file() or missing:
        raise PluginError(
            f"Pyodide runtime not found in {package} (missing: {', '.join(missing) or 'package.json'}): "
            "run scripts/setup.sh"
        )
    return str(json.loads(manifest.read_text(encoding="utf-8"))["version"])


THEME_ASSETS = REPO / "scripts" / "theme" / "assets"


def assets_version(folder: Path = THEME_ASSETS / "calculators") -> str:
    """A short hash of the files in `folder` (the calculator's script, worker and style
    sheet): added to their URLs so a browser never pairs a cached old script with a new
    site."""
    digest = hashlib.sha256()
    for path in sorted(folder.glob("*")):
        if path.is_file():
            digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:12]


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    # The JS and its worker are served as .mjs modules; some systems' MIME tables lack it,
    # and browsers refuse a module with the wrong type.
    mimetypes.add_type("text/javascript", ".mjs")
    mimetypes.add_type("application/wasm", ".wasm")
    version = assets_version()
    if not any(str(s).startswith(SCRIPT) for s in config.extra_javascript):
        script = ExtraScriptValue(f"{SCRIPT}?v={version}")
        script.type = "module"
        config.extra_javascript.append(script)
    if not any(str(s).startswith(STYLE) for s in config.extra_css):
        config.extra_css.append(f"{STYLE}?v={version}")
    return config


def on_files(files: Files, config: MkDocsConfig) -> Files:
    """After the vault hook has written the pages: a site where no page shows a calculator
    gets neither the calculator's script and style nor (on_post_build) Pyodide and the
    wheel. One that does needs Pyodide installed, which is checked here, before rendering."""
    global _EARLY
    if any(_shows_calculator(file) for file in files.documentation_pages()):
        pyodide_version()
        # mkdocs has emptied the site folder by now (a build that is not dirty); what the
        # threads write there stays.
        _EARLY = Early.start(Path(config.site_dir))
        return files
    config.extra_javascript[:] = [s for s in config.extra_javascript if not str(s).startswith(SCRIPT)]
    config.extra_css[:] = [s for s in config.extra_css if not str(s).startswith(STYLE)]
    # The theme's copies of the script, worker and style sheet are not served either.
    for unused in [f for f in files if f.src_uri.startswith(THEME_FOLDER)]:
        files.remove(unused)
    return files


def _shows_calculator(file: File) -> bool:
    try:
        content = file.content_string
        return CALCULATOR_MARK in content or ARMY_MARK in content
    except (OSError, UnicodeDecodeError):
        return False


def uses_calculators(config: MkDocsConfig) -> bool:
    return any(str(s).startswith(SCRIPT) for s in config.extra_javascript)


def has_legion(config: MkDocsConfig) -> bool:
    """The vault's configuration names the Legion game (`extra.vault.games`)."""
    from scripts.calculators.units import GAME

    vault = (config.get("extra") or {}).get("vault") or {}
    return GAME in (vault.get("games") or {})


def on_startup(command: str, dirty: bool) -> None:
    global SERVING
    SERVING = command == "serve"


def on_serve(server: Any, config: MkDocsConfig, builder: Any) -> Any:
    """Rebuild when the engine's source changes, and send the assets as a static host does
    (scripts/site/static_site.py): the precompressed copies on_post_build keeps beside them,
    versioned files as immutable. Pages still go through MkDocs, which adds live reload."""
    from scripts.site.static_site import static_site

    server.watch(str(REPO / "rulesengine"))
    mount = getattr(server, "mount_path", "/")
    assets = Path(getattr(server, "root", config.site_dir)) / "assets"
    server.set_app(static_site(assets, f"{mount}assets/", autorefresh=True, fallback=server.get_app()))
    return server


# The calculator script's tag in a built page: where the modules are and their version.
# (No leading `\s*`: tried at every place of a 250 KB page, it cost 5 ms a page; the
# whitespace before the tag is taken off after the tag is found.)
SCRIPT_TAG = re.compile(r'<script (?:defer )?src="([^"]*assets/calculators/)calculator\.mjs\?v=(\w+)" type="module"></script>')
ANSWERS_ADDRESS = re.compile(r' data-answers="([^"]+)"')
PAIR_ADDRESS = re.compile(r' data-pair-meta="([^"]+)"')


def preload_modules(output: str, folder: Path = THEME_ASSETS / "calculators") -> str:
    """The calculator script moves into the head, after a `<link rel="modulepreload">` for
    every module it imports: the browser fetches them all at once while it reads the page,
    instead of one level of imports after another once it reaches the script at the end of
    the body (which held DOMContentLoaded back by about 60 ms on these machines). A module
    script runs once the page is read whatever its place; first in the head, it runs before
    the theme's deferred scripts (scripts/theme/main.html), so the calculators are live
    before the theme's bundle starts. The worker's own module is left out: it is not a page
    script."""
    found = SCRIPT_TAG.search(output)
    if not found or output.find("</head>") < 0 or found.start() < output.find("</head>"):
        return output
    where, version = found.groups()
    output = output[:found.start()].rstrip() + output[found.end():]
    names = sorted(p.name for p in folder.glob("*.mjs") if p.name not in ("worker.mjs", "calculator.mjs"))
    links = "".join(f'<link rel="modulepreload" href="{where}{name}?v={version}">' for name in names)
    head_end = output.find("</head>")
    script = f'<script src="{where}calculator.mjs?v={version}" type="module"></script>'
    if "data-answers-preload" in output[:head_end]:
        # Run as soon as it arrives, the page still being read: it starts reading the
        # answers' files then (answers.mjs); the calculator script imports the same module.
        script = f'<script src="{where}answers.mjs?v={version}" type="module" async></script>' + script
    return output[:head_end] + links + script + output[head_end:]


def preload_answers(output: str, addressed: re.Pattern[str] = ANSWERS_ADDRESS) -> str:
    """A `<link rel="preload">` in the head for each calculator's answers (answers.py): they
    arrive while the browser reads the page, and a reader's first change is answered as
    soon as the calculator is live. answers.mjs takes the link out once its fetch has the
    file (the theme rewrites every address in the head when it starts, which would fetch it
    again)."""
    head_end = output.find("</head>")
    if head_end < 0:
        return output
    addresses = dict.fromkeys(addressed.findall(output))
    links = "".join(f'<link rel="preload" href="{address}" as="fetch" crossorigin data-answers-preload>' for address in addresses)
    return output[:head_end] + links + output[head_end:]


def on_post_page(output: str, page: Any, config: MkDocsConfig) -> str:
    if not uses_calculators(config):
        return output
    if CALCULATOR_MARK in output:
        # The answers to the first changes near each calculator's inputs, computed now
        # (scripts/calculators/answers.py): the page shows them while Python loads.
        from scripts.calculators.answers import attach

        output = preload_answers(attach(output, page.file.src_uri, Path(config.site_dir)))
        if has_legion(config):
            # The Legion unit pickers' data (scripts/calculators/units.py), named in each
            # Legion attack calculator: a vault without the Legion game gets no pickers.
            from scripts.calculators import pair_answers, unit_answers, units

            output = units.attach(output, Path(config.site_dir))
            # On the Attack page, each unit's answers (scripts/calculators/unit_answers.py).
            output = unit_answers.attach(output, page.file.src_uri, Path(config.site_dir))
            # On Guardian X and the Attack page, two units' answers (scripts/calculators/pair_answers.py).
            # Their page's file (the form, the defenders, the calculator's words) preloaded as the
            # answers are: a pick then waits only for the attacker's own small file. Not while
            # serving: from the machine's own server Python arrives in a second or two, and with
            # an empty cache they would hold the first build back by some 150 s of engine time.
            if not SERVING:
                # The files not kept are computed on every core while the build goes on, and
                # written at its end (on_post_build).
                output = preload_answers(pair_answers.attach(output, page.file.src_uri, Path(config.site_dir), wait=False),
                                         PAIR_ADDRESS)
    return preload_modules(output)


def snapshot_wanted(env: Mapping[str, str] = os.environ) -> bool:
    """Whether the build makes the start-up snapshot: only when asked for, by
    `CALCULATOR_SNAPSHOT=on` or by a build whose worker starts from it
    (`CALCULATOR_START=snapshot`); `CALCULATOR_SNAPSHOT=off` never. The default full start
    never fetches it (a browser that kept one from such a build still may), and making it
    costs a build with an empty cache about 20 s of CPU (Node, then brotli over 31 MB)."""
    setting = env.get("CALCULATOR_SNAPSHOT", "").strip().lower()
    if setting in ("off", "0", "no"):
        return False
    return setting in ("on", "1", "yes") or starts_from_snapshot(env)


def starts_from_snapshot(env: Mapping[str, str] = os.environ) -> bool:
    """Whether the build's worker starts from the snapshot (`CALCULATOR_START=snapshot`)
    rather than in full, when the build has both."""
    return env.get("CALCULATOR_START", "").strip().lower() == "snapshot"


class Early:
    """The work of on_post_build that needs only the engine's source and Pyodide, started
    as soon as the build knows it shows a calculator (on_files): the wheel, written at
    once, then the trimmed standard library (Node, then brotli: about 15 s of CPU with an
    empty cache) and, when wanted, the start-up snapshot, each on a thread. Both spend
    their time in Node or in brotli and zlib, which let go of Python's lock, so the pages
    render meanwhile. `result` waits for them (an error on a thread is raised there)."""

    def __init__(self, site: Path) -> None:
        self.site = site
        self.wheel = _wheel_module().build_wheel(site / "assets" / "wheels")
        self.jobs: dict[str, tuple[threading.Thread, list[Any]]] = {}

    @classmethod
    def start(cls, site: Path) -> Early:
        early = cls(site)
        from scripts.calculators.stdlib import place_stdlib

        early._run("stdlib", place_stdlib)
        if snapshot_wanted():
            from scripts.calculators.snapshot import place_snapshot

            early._run("snapshot", place_snapshot)
        return early

    def _run(self, name: str, place: Any) -> None:
        out: list[Any] = []

        def work() -> None:
            try:
                out.append((place(self.site / "assets", PYODIDE_PACKAGE, self.wheel.path, API_MODULE), None))
            except BaseException as error:  # raised again in the build's own thread (result)
                out.append((None, error))

        thread = threading.Thread(target=work, name=f"calculators-{name}", daemon=True)
        thread.start()
        self.jobs[name] = (thread, out)

    def result(self, name: str) -> Any:
        """What the job `name` placed (None: not started, or not made, after its warning)."""
        if name not in self.jobs:
            return None
        thread, out = self.jobs.pop(name)
        thread.join()
        value, error = out[0]
        if error is not None:
            raise error
        return value


_EARLY: Early | None = None
"""This build's early work (on_files), until on_post_build takes it."""


def _early_for(site: Path) -> Early:
    """The early work on_files started for this site folder, or (on_post_build called alone,
    or for another folder) the same work started now."""
    global _EARLY
    early, _EARLY = _EARLY, None
    if early is not None and early.site == site:
        return early
    return Early.start(site)


def on_post_build(config: MkDocsConfig) -> None:
    if not uses_calculators(config):
        return
    site = Path(config.site_dir)
    early = _early_for(site)
    version = pyodide_version()
    runtime_dir = site / "assets" / "pyodide" / version
    runtime_dir.mkdir(parents=True, exist_ok=True)
    for name in RUNTIME_FILES:
        _place(PYODIDE_PACKAGE / name, runtime_dir / name)
    wheel = early.wheel
    runtime = {
        "pyodideVersion": version,
        "indexURL": f"../pyodide/{version}/",
        "wheelURL": f"../wheels/{wheel.relative}",
        "wheelSha256": wheel.sha256,
        "module": API_MODULE,
        # Pyodide's lock file lists the 357 packages it could load; the calculators load none
        # (the engine is pure Python, its files come as bytecode or a wheel): its "info" alone
        # is handed to Pyodide instead of the file (24 KiB as brotli, one request fewer).
        "pyodideLock": {"info": json.loads((PYODIDE_PACKAGE / "pyodide-lock.json").read_text(encoding="utf-8"))["info"], "packages": {}},
    }
    # Only the standard library's files the engine uses, and the engine, both as bytecode, for
    # a worker that starts Python in full.
    stdlib = early.result("stdlib")
    if stdlib is not None:
        runtime["stdlibURL"] = f"../{stdlib.relative}"
        runtime["engineURL"] = f"../{stdlib.engine_relative}"
        # The worker's start when it has both (assets/calculators/worker.mjs): "full" (from
        # these, the default: fewer bytes) or "snapshot" (CALCULATOR_START=snapshot).
        runtime["start"] = "snapshot" if starts_from_snapshot() else "full"
    # Only when asked for (snapshot_wanted).
    snapshot = early.result("snapshot")
    if snapshot is not None:
        runtime["snapshotURL"] = f"../{snapshot.relative}"  # a negotiating host: brotli or gzip
        runtime["snapshotGzipURL"] = f"../{snapshot.gzip_relative}"  # any other host: the gzip copy as a plain file
        runtime["snapshotBytes"] = snapshot.path.stat().st_size  # Python's memory is made this large before it arrives
        runtime["snapshotBase"] = snapshot.base  # the memory it is the difference from, for the worker to check
    config_path = site / RUNTIME_CONFIG
    config_path.parent.mkdir(parents=True, exist_ok=True)
    config_path.write_text(json.dumps(runtime, indent=2) + "\n", encoding="utf-8")
    version_modules(config_path.parent, _version_of(config))
    if SERVING:
        # As published (scripts/site/shell/publish.py), so the preview measures what readers get;
        # the copies come from a cache, so a save does not compress Pyodide again.
        from scripts.site.precompress import precompress

        precompress(site / "assets", cache=REPO / ".cache" / "precompressed")
    _pairs_finish()


def _pairs_finish(stop: bool = False) -> None:
    """The pair answers computed meanwhile written (or, for a build that stopped, dropped)."""
    pair_answers = sys.modules.get("scripts.calculators.pair_answers")
    if pair_answers is not None and stop:
        pair_answers.abandon()
    elif pair_answers is not None:
        pair_answers.finish()


def on_build_error(error: Exception) -> None:
    global _EARLY
    _EARLY = None  # its threads end on their own; what they made is kept in the caches
    _pairs_finish(stop=True)


def _version_of(config: MkDocsConfig) -> str:
    script = next(str(s) for s in config.extra_javascript if str(s).startswith(SCRIPT))
    return script.partition("?v=")[2]


def version_modules(folder: Path, version: str) -> None:
    """A module imported by the calculator script is fetched at the address its import
    names: without the script's `?v=<hash>` a browser could pair a new script with an old,
    cached module. The built copies' imports get the hash (the theme's sources keep plain
    imports, so they run as they are)."""
    for module in folder.glob("*.mjs"):
        text = module.read_text(encoding="utf-8")
        versioned = MODULE_IMPORT.sub(lambda m: f'{m.group(1)}?v={version}"', text)
        if versioned != text:
            module.write_text(versioned, encoding="utf-8")


def _place(source: Path, target: Path) -> None:
    """Put one runtime file into the site without copying 14 MB on every rebuild of
    `mkdocs serve`: keep an identical file, else hard-link, else copy."""
    if target.exists():
        if os.path.samefile(source, target):
            return
        s, t = source.stat(), target.stat()
        if (s.st_size, s.st_mtime_ns) == (t.st_size, t.st_mtime_ns):
            return
        target.unlink()
    try:
        os.link(source, target)
    except OSError:
        shutil.copy2(source, target)
