"""What the browser tests and scripts/bench/browser.py share: build the site, serve it on
127.0.0.1, launch Debian's Chromium, open a tab that may talk to no other host.

The site is usually built for the address it is served from (`site_url`), as `mkdocs serve`
does; a test of another address builds for one and serves at another (a port, a path).
The server is scripts/site/static_site.py, the same one `mkdocs serve` uses for assets: it sends
the precompressed copies a publishing build writes, as a static host does.

Run as a script, it builds: `python tests/browser/harness.py CONFIG OUT_DIR SITE_URL`.
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from socketserver import ThreadingMixIn
from typing import Any
from urllib.parse import urlsplit
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server

REPO = Path(__file__).resolve().parents[2]
# Debian's build of Chromium's headless shell: the same engine without the browser's own
# window, tab strip and their renderers, which a full Chromium in headless mode still runs
# for every window and the tests never look at.
CHROMIUM = Path("/usr/bin/chromium-headless-shell")
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
    # V8's top tier (TurboFan) off: the pages' scripts and axe run no differently, but axe,
    # evaluated afresh in every page the tests open, was optimised again each time on the
    # renderer's worker threads. With Maglev the highest tier, those threads used about a
    # third less CPU in the every-page pass (tests/browser/test_every_page.py).
    "--js-flags=--max-opt=2",
]
LOOPBACK = {"127.0.0.1", "localhost", "::1"}


class SetupError(RuntimeError):
    """The site did not build, or the browser is missing: the message says what to do."""


class QuietHandler(WSGIRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


class QuietServer(ThreadingMixIn, WSGIServer):
    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        # A tab closed mid-download breaks the pipe; that is the browser's choice, not a fault.
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


@dataclass
class Server:
    """The site on `url` (files in `root`, served under the address's path); `requested`
    lists every path asked for and `sent` every body sent as (path, bytes), in order, the
    bytes as they went over the wire (compressed when a compressed copy was sent)."""

    url: str
    root: Path
    requested: list[str]
    sent: list[tuple[str, int]]
    httpd: WSGIServer

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def serve(root: Path, prefix: str = "/") -> Server:
    """Serve `root` (it may still be empty) on a free port of 127.0.0.1, under `prefix`
    (a path such as "/rules/", as a host serving the site from a folder would), as a
    static host does (scripts/site/static_site.py): precompressed copies when the browser
    accepts them, the site's 404 page for a missing one."""
    # Imported here: run as a script (the build below), scripts/ is not on the path.
    from scripts.site.static_site import static_site

    root.mkdir(parents=True, exist_ok=True)
    requested: list[str] = []
    sent: list[tuple[str, int]] = []
    site = static_site(root, prefix, autorefresh=True)  # the tests build after serving starts

    def recorded(environ: dict[str, Any], start_response: Any) -> Iterable[bytes]:
        path = environ.get("PATH_INFO", "") + ("?" + environ["QUERY_STRING"] if environ.get("QUERY_STRING") else "")
        requested.append(path)
        body = site(environ, start_response)
        return _counted(body, path, sent)

    httpd = make_server("127.0.0.1", 0, recorded, server_class=QuietServer, handler_class=QuietHandler)
    server = Server(f"http://127.0.0.1:{httpd.server_address[1]}{prefix}", root, requested, sent, httpd)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return server


def _counted(body: Iterable[bytes], path: str, sent: list[tuple[str, int]]) -> Iterator[bytes]:
    """The body as it is, its size recorded once it has all been sent (for the benchmark's
    bytes before Pyodide)."""
    total = 0
    try:
        for chunk in body:
            total += len(chunk)
            yield chunk
    finally:
        close = getattr(body, "close", None)
        if close is not None:
            close()
        sent.append((path, total))


def build_site(config: Path, out: Path, site_url: str) -> None:
    """`mkdocs build --strict` of `config` into `out` for `site_url`, in a fresh process
    (hooks import the vault compiler and the engine; the caller stays clean)."""
    if not config.is_file():
        raise SetupError(f"{config} not found: the browser tests build the real site")
    run = subprocess.run(
        [sys.executable, __file__, str(config), str(out), site_url],
        cwd=config.parent,
        capture_output=True,
        text=True,
    )
    if run.returncode != 0:
        raise SetupError(f"mkdocs build --strict failed:\n{run.stdout}\n{run.stderr}")


def served_vault(vault: Path, folder: Path, left_out: tuple[str, ...] = ()) -> Iterator[Server]:
    """A vault kept outside docs/ (as `publish.sh VAULT` takes one), built --strict into
    `folder` and served, for a module fixture to yield; `left_out` names files copied without
    (a note of deliberate errors, so the strict build passes). A failed build fails the test."""
    import pytest

    from scripts.site.shell.site_config import config_for

    if left_out:
        copied = folder / "vault"
        shutil.copytree(vault, copied, ignore=shutil.ignore_patterns(*left_out))
        vault = copied
    server = serve(folder / "site")
    try:
        build_site(config_for(vault, folder / "configs"), server.root, server.url)
    except SetupError as error:
        server.close()
        pytest.fail(str(error), pytrace=False)
    yield server
    server.close()


# A loopback port this process holds and never listens on: a connection to it is refused.
_DEAD_END = socket.socket()
_DEAD_END.bind(("127.0.0.1", 0))


def launch_chromium(playwright: Any) -> Any:
    """Chromium that can reach loopback alone: every other address goes to a proxy that
    refuses it (the port above), so no request leaves the machine, whatever the page or its
    workers ask for. Without a route in Playwright, the browser's HTTP cache stays on, as a
    reader's does."""
    if not CHROMIUM.is_file():
        raise SetupError(f"Chromium's headless shell not found at {CHROMIUM}: run `bash scripts/setup.sh browser`")
    walled = [f"--proxy-server=http://127.0.0.1:{_DEAD_END.getsockname()[1]}", "--proxy-bypass-list=127.0.0.1;localhost;[::1]"]
    # Playwright gives every launch a fresh, temporary user-data-dir: a cold cache.
    return playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_FLAGS + walled)


@dataclass
class Visit:
    """One browser tab and what it did: requests to other hosts (aborted), console
    errors and uncaught exceptions, workers started."""

    context: Any
    page: Any
    foreign: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    workers: list[str] = field(default_factory=list)

    def problems(self) -> list[str]:
        return [f"request to another host: {u}" for u in self.foreign] + [f"console: {e}" for e in self.errors]

    def calculator_workers(self) -> list[str]:
        return [url for url in self.workers if urlsplit(url).path.endswith("/assets/calculators/worker.mjs")]


def foreign(url: str) -> bool:
    """A request to another host than this machine (data: and blob: addresses are the page's own)."""
    return urlsplit(url).hostname not in LOOPBACK and urlsplit(url).scheme not in ("data", "blob")


def console_error(message: Any) -> str:
    """A console error as a test reports it: its text and where it was logged."""
    return f"{message.text} ({message.location.get('url', '')})"


def open_visit(browser: Any, init_script: str = "", python: str | None = "dedicated", warm: str | None = "intent") -> Visit:
    """A new context and tab that records any request to a host other than loopback (the
    browser refuses them: `launch_chromium`), console errors and uncaught exceptions.

    `python` is how the calculators run Python (worker-client.mjs): "dedicated", one module
    worker per calculator, which the tests of cancelling, restarting and counting workers
    observe (Playwright sees dedicated workers, not shared ones); "shared", one shared
    worker for every tab; None, the site's default (shared where the browser has it).
    `warm` is when Python starts (settings.mjs): "intent" (when the reader reaches for a form),
    which the tests that count Python's starts and downloads observe; None, the site's default
    (as soon as a calculator is on screen). An init script's own settings win.

    No route is set here: a route in Playwright turns the browser's HTTP cache off, so
    only the tests that need one add it."""
    context = browser.new_context()
    if python is not None:
        context.add_init_script(f"window.rulesCalculatorPython = {python!r};")
    if warm is not None:
        context.add_init_script(f"window.rulesCalculatorSettings = Object.assign({{warm: {warm!r}}}, window.rulesCalculatorSettings || {{}});")
    if init_script:
        context.add_init_script(init_script)
    page = context.new_page()
    visit = Visit(context, page)

    def on_console(message: Any) -> None:
        if message.type == "error":
            visit.errors.append(console_error(message))

    def record_foreign(request: Any) -> None:
        if foreign(request.url):
            visit.foreign.append(request.url)

    context.on("request", record_foreign)  # the pages, their workers and the service worker
    context.on("console", on_console)  # the page and its workers
    page.on("pageerror", lambda error: visit.errors.append(f"uncaught: {error}"))
    page.on("worker", lambda worker: visit.workers.append(worker.url))
    return visit


def wait_for_async(page: Any, function: str, arg: Any, timeout_ms: int, polling_ms: int = 200) -> Any:
    """Run the async `function` in the page until its promise gives something truthy, and
    return that. (Playwright's wait_for_function does not wait on a promise: an async
    function's promise counts as a truthy answer at once, whatever it resolves to.)"""
    deadline = time.monotonic() + timeout_ms / 1000
    while True:
        found = page.evaluate(function, arg)
        if found:
            return found
        if time.monotonic() > deadline:
            raise TimeoutError(f"still {found!r} after {timeout_ms} ms: {function}")
        page.wait_for_timeout(polling_ms)


def add_script_file(page: Any, script: Path) -> None:
    """Run a test's own script file (axe) in the page through the DevTools protocol, which
    the site's Content-Security-Policy does not govern: as an inline <script> the policy
    would block it, and serving it from a route would turn the HTTP cache off."""
    page.evaluate(script.read_text(encoding="utf-8"))


AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
SCREENS = {"desktop": (1280, 900), "phone": (390, 844)}
# What axe finds serious or critical in the page. Only the rules that can find such a thing
# run: a rule that declares a lower impact gives each of its results that impact (axe-core's
# finalizeRuleResult), so its findings would all be filtered out below.
SERIOUS = """async () => {
  const rules = axe._audit.rules.filter(r => r.enabled && !["minor", "moderate"].includes(r.impact)).map(r => r.id);
  const found = await axe.run(document, {resultTypes: ["violations"], runOnly: {type: "rule", values: rules}});
  return found.violations.filter(v => v.impact === "serious" || v.impact === "critical")
    .map(v => `${v.id}: ${v.nodes.map(n => n.target.join(" ")).join(", ")}`);
}"""
# After a change of size: two frames, so layout and the theme's resize handlers have run,
# then every transition they started has ended (axe would read a colour halfway through a
# fade).
SETTLED = """async () => {
  await new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)));
  const finite = document.getAnimations().filter(a => a.effect.getComputedTiming().endTime !== Infinity);
  await Promise.all(finite.map(a => a.finished.catch(() => null)));
}"""

# The reader's palette toggle (mkdocs-material): the header shows only the label of the
# scheme not in use, and a click on it switches the page's colours at once and keeps the
# choice in the context's storage, so the pages opened next show that scheme too, whatever
# the browser prefers (emulate_media decides only a context's first page).
SCHEME = "() => document.body.dataset.mdColorScheme"
SCHEMES = {"default": "light", "slate": "dark"}
_TOGGLE = """() => {
  const label = document.querySelector('form[data-md-component="palette"] label:not([hidden])');
  if (!label) return false;
  label.click();
  document.activeElement.blur();
  return true;
}"""


def switch_scheme(page: Any, where: str) -> str:
    """Switch the open page to the other scheme with its palette toggle, as a reader does;
    the scheme it shows then ("light" or "dark"), at rest."""
    before = page.evaluate(SCHEME)
    # The theme's colour transitions off for this tab: the colours at rest are the same, and
    # there is nothing to wait out (a tab without it was once seen to wait for ever).
    page.emulate_media(reduced_motion="reduce")
    assert page.evaluate(_TOGGLE), f"{where or 'home'}: no palette toggle in the header"
    page.wait_for_function(f"() => ({SCHEME})() !== {before!r}")
    page.evaluate(SETTLED)
    return SCHEMES[page.evaluate(SCHEME)]


def both_schemes(page: Any, where: str) -> Iterator[str]:
    """"light", then "dark", the open page showing each (switched by its palette toggle);
    light again afterwards, so a context that is kept (the `answering` tab) opens its next
    pages light, as before."""
    try:
        if SCHEMES[page.evaluate(SCHEME)] != "light":
            switch_scheme(page, where)
        yield "light"
        assert switch_scheme(page, where) == "dark"
        yield "dark"
    finally:
        if SCHEMES.get(page.evaluate(SCHEME)) != "light":
            switch_scheme(page, where)


def article_violations(page: Any, serious_only: bool = False) -> list[str]:
    """What axe finds wrong in the page's article, as "rule: elements", every impact or
    only serious and critical ones."""
    add_script_file(page, AXE)
    impact = ".filter(v => v.impact === 'serious' || v.impact === 'critical')" if serious_only else ""
    found: list[str] = page.evaluate(
        f"async () => (await axe.run(document.querySelector('article'))).violations{impact}"
        ".map(v => `${v.id}: ${v.nodes.map(n => n.target.join(' ')).join(', ')}`)")
    return found


def _build_here(config: str, out: str, site_url: str) -> int:
    import logging

    from mkdocs.commands.build import build
    from mkdocs.config import load_config
    from mkdocs.exceptions import Abort, ConfigurationError, PluginError

    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s", stream=sys.stderr)
    try:
        cfg = load_config(config_file=config, site_dir=out, site_url=site_url, strict=True)
        build(cfg)
    except (Abort, ConfigurationError, PluginError) as error:
        print(f"build failed: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(_build_here(*sys.argv[1:4]))
