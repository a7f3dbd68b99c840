"""scripts/site/shell/calculators_hook.py: what it adds to every page and what it puts into the
built site (Pyodide under a versioned path, the engine's wheel, runtime.json), without
copying the runtime again on a rebuild, and a clear stop when Pyodide is not installed."""

from __future__ import annotations

import json
import os
from pathlib import Path
from types import SimpleNamespace

import pytest
from mkdocs.exceptions import PluginError

from scripts.site.shell import calculators_hook as hook
from scripts.calculators.wheel import wheel_bytes


def built(site: Path) -> SimpleNamespace:
    # A site whose pages show calculators: on_files kept the calculator script.
    config = SimpleNamespace(site_dir=str(site), extra_javascript=[f"{hook.SCRIPT}?v=1"])
    hook.on_post_build(config)  # type: ignore[arg-type]
    return config


def test_every_page_gets_the_script_and_the_style_once_versioned_by_content(tmp_path: Path) -> None:
    config = SimpleNamespace(extra_javascript=["other.js"], extra_css=[], docs_dir=str(tmp_path))
    hook.on_config(config)  # type: ignore[arg-type]
    hook.on_config(config)  # type: ignore[arg-type]
    version = hook.assets_version()
    assert [str(s) for s in config.extra_javascript] == ["other.js", f"{hook.SCRIPT}?v={version}"]
    assert config.extra_javascript[1].type == "module"
    assert config.extra_css == [f"{hook.STYLE}?v={version}"]
    assets = tmp_path / "calculators"
    assets.mkdir()
    (assets / "calculator.mjs").write_text("one")
    first = hook.assets_version(assets)
    (assets / "calculator.mjs").write_text("two")
    assert hook.assets_version(assets) != first


def test_the_modules_import_each_other_with_the_scripts_version(tmp_path: Path) -> None:
    (tmp_path / "calculator.mjs").write_text('import { a } from "./form.mjs";\nimport { b } from "./worker-client.mjs?v=old";\n')
    (tmp_path / "form.mjs").write_text('export const a = "./x.mjs";\n')
    hook.version_modules(tmp_path, "abc123")
    assert (tmp_path / "calculator.mjs").read_text() == 'import { a } from "./form.mjs?v=abc123";\nimport { b } from "./worker-client.mjs?v=abc123";\n'
    assert (tmp_path / "form.mjs").read_text() == 'export const a = "./x.mjs";\n'  # not an import


def test_the_site_gets_pyodide_the_wheel_and_where_they_are(tmp_path: Path) -> None:
    built(tmp_path)
    config_file = tmp_path / hook.RUNTIME_CONFIG
    runtime = json.loads(config_file.read_text())
    version = json.loads((hook.PYODIDE_PACKAGE / "package.json").read_text())["version"]
    assert runtime["pyodideVersion"] == version
    index = (config_file.parent / runtime["indexURL"]).resolve()
    assert index == (tmp_path / "assets" / "pyodide" / version).resolve()
    for name in hook.RUNTIME_FILES:
        assert (index / name).read_bytes() == (hook.PYODIDE_PACKAGE / name).read_bytes()
    wheel = (config_file.parent / runtime["wheelURL"]).resolve()
    filename, data = wheel_bytes()
    assert wheel.name == filename
    assert wheel.read_bytes() == data
    assert wheel.parent.name == runtime["wheelSha256"][:16]
    assert runtime["module"] == "rulesengine.calculators.api"
    snapshot = (config_file.parent / runtime["snapshotURL"]).resolve()
    assert snapshot.parent.parent == (tmp_path / "assets" / "snapshots").resolve()
    assert snapshot.name == "engine.snapshot" and snapshot.stat().st_size > 1_000_000
    assert runtime["snapshotBytes"] == snapshot.stat().st_size  # the worker makes Python's memory this large first
    copy = (config_file.parent / runtime["snapshotGzipURL"]).resolve()
    assert copy == snapshot.with_name("engine.snapshot.gzip") and copy.is_file()
    assert snapshot.with_name("engine.snapshot.br").is_file() and snapshot.with_name("engine.snapshot.gz").is_file()


def test_calculator_snapshot_off_builds_without_the_snapshot(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CALCULATOR_SNAPSHOT", "off")
    built(tmp_path)
    runtime = json.loads((tmp_path / hook.RUNTIME_CONFIG).read_text())
    assert "snapshotURL" not in runtime
    assert not (tmp_path / "assets" / "snapshots").exists()


def test_a_default_build_leaves_the_snapshot_out(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Outside the tests (which ask for it, tests/conftest.py) a build makes no snapshot
    unless asked: the worker's default full start never fetches it."""
    monkeypatch.delenv("CALCULATOR_SNAPSHOT", raising=False)
    monkeypatch.delenv("CALCULATOR_START", raising=False)
    built(tmp_path)
    runtime = json.loads((tmp_path / hook.RUNTIME_CONFIG).read_text())
    assert "snapshotURL" not in runtime and runtime["start"] == "full" and runtime["stdlibURL"]
    assert not (tmp_path / "assets" / "snapshots").exists()


@pytest.mark.parametrize(("env", "wanted"), [
    ({}, False),
    ({"CALCULATOR_SNAPSHOT": "on"}, True),
    ({"CALCULATOR_SNAPSHOT": "1"}, True),
    ({"CALCULATOR_START": "snapshot"}, True),
    ({"CALCULATOR_START": "Snapshot", "CALCULATOR_SNAPSHOT": ""}, True),
    ({"CALCULATOR_START": "full"}, False),
    ({"CALCULATOR_START": "snapshot", "CALCULATOR_SNAPSHOT": "off"}, False),
    ({"CALCULATOR_SNAPSHOT": "no"}, False),
])
def test_the_snapshot_is_made_only_when_asked_for(env: dict[str, str], wanted: bool) -> None:
    assert hook.snapshot_wanted(env) is wanted


def test_the_early_work_on_files_starts_is_what_on_post_build_places(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """on_files starts the wheel and the trimmed standard library for its site folder; that
    build's on_post_build takes them (not a new start), and a start for another folder is
    not used for this one."""
    monkeypatch.delenv("CALCULATOR_SNAPSHOT", raising=False)
    started: list[Path] = []
    real = hook.Early.start

    def start(site: Path) -> hook.Early:
        started.append(site)
        return real(site)

    monkeypatch.setattr(hook.Early, "start", start)
    hook._EARLY = hook.Early.start(tmp_path / "elsewhere")
    built(tmp_path / "site")
    assert started == [tmp_path / "elsewhere", tmp_path / "site"] and hook._EARLY is None
    hook._EARLY = hook.Early.start(tmp_path / "site")
    early_wheel = hook._EARLY.wheel
    built(tmp_path / "site")
    assert started[2:] == [tmp_path / "site"] and hook._EARLY is None
    runtime = json.loads((tmp_path / "site" / hook.RUNTIME_CONFIG).read_text())
    assert runtime["wheelURL"] == f"../wheels/{early_wheel.relative}" and runtime["wheelSha256"] == early_wheel.sha256
    assert (tmp_path / "site" / "assets" / runtime["stdlibURL"].removeprefix("../")).is_file()


def test_an_error_in_the_early_work_stops_the_build(tmp_path: Path) -> None:
    early = hook.Early(tmp_path)

    def broken(*_: object) -> None:
        raise OSError("disk full")

    early._run("stdlib", broken)
    with pytest.raises(OSError, match="disk full"):
        early.result("stdlib")
    assert early.result("snapshot") is None  # never started


def test_a_rebuild_leaves_the_runtime_files_in_place(tmp_path: Path) -> None:
    built(tmp_path)
    runtime = tmp_path / "assets" / "pyodide"
    before = {p: p.stat().st_ino for p in runtime.rglob("*") if p.is_file()}
    built(tmp_path)
    after = {p: p.stat().st_ino for p in runtime.rglob("*") if p.is_file()}
    assert before == after and len(before) == len(hook.RUNTIME_FILES)


def test_a_stale_runtime_file_is_replaced(tmp_path: Path) -> None:
    built(tmp_path)
    wasm = next((tmp_path / "assets" / "pyodide").rglob("pyodide.asm.wasm"))
    wasm.unlink()
    wasm.write_bytes(b"not wasm")
    built(tmp_path)
    assert os.path.getsize(wasm) == os.path.getsize(hook.PYODIDE_PACKAGE / "pyodide.asm.wasm")


def test_missing_pyodide_stops_the_build_and_says_how_to_fix_it(tmp_path: Path) -> None:
    (tmp_path / "package.json").write_text('{"version": "0"}')
    with pytest.raises(PluginError, match=r"run scripts/setup\.sh"):
        hook.pyodide_version(tmp_path)


def test_the_calculator_script_goes_into_the_head_with_its_modules_preloaded(tmp_path: Path) -> None:
    for name in ("calculator.mjs", "form.mjs", "worker.mjs", "calculator.css"):
        (tmp_path / name).write_text("")
    page = ('<html><head><title>t</title></head><body><p>x</p>'
            '<script defer src="../../assets/calculators/calculator.mjs?v=abc123" type="module"></script></body></html>')
    out = hook.preload_modules(page, tmp_path)
    head, body = out[: out.index("</head>")], out[out.index("</head>"):]
    assert head.count('rel="modulepreload"') == 1  # the module it imports; not the worker, not itself
    assert '<link rel="modulepreload" href="../../assets/calculators/form.mjs?v=abc123">' in head
    assert '<script src="../../assets/calculators/calculator.mjs?v=abc123" type="module"></script>' in head
    assert "calculator.mjs" not in body and "<p>x</p>" in body
    assert "worker.mjs" not in out
    assert "answers.mjs" not in out  # no answers preloaded: no early module for them
    # A page without the calculator script is left as it is.
    assert hook.preload_modules("<html><head></head><body></body></html>", tmp_path) == "<html><head></head><body></body></html>"


def test_each_calculators_answers_are_preloaded_and_read_by_an_early_module(tmp_path: Path) -> None:
    for name in ("calculator.mjs", "answers.mjs"):
        (tmp_path / name).write_text("")
    page = ('<html><head><title>t</title></head><body>'
            '<div class="calculator" data-answers="../a/one.json?v=1" data-calculator="x"></div>'
            '<div class="calculator" data-answers="../a/two.json?v=2" data-calculator="y"></div>'
            '<div class="calculator" data-answers="../a/one.json?v=1" data-calculator="x"></div>'
            '<script defer src="../assets/calculators/calculator.mjs?v=abc" type="module"></script></body></html>')
    out = hook.preload_modules(hook.preload_answers(page), tmp_path)
    head = out[: out.index("</head>")]
    assert head.count('rel="preload"') == 2  # once per file
    assert '<link rel="preload" href="../a/one.json?v=1" as="fetch" crossorigin data-answers-preload>' in head
    # Before the calculator script: it runs as soon as it arrives, the page still being read.
    early = '<script src="../assets/calculators/answers.mjs?v=abc" type="module" async></script>'
    assert head.index(early) < head.index("calculator.mjs?v=abc")


@pytest.mark.parametrize("command", ["build", "serve"])
def test_two_units_answers_are_computed_for_a_build_not_while_serving(command: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """pair_answers.py costs some 150 s of engine time on an empty cache: `mkdocs build` (and
    publish.sh) computes them, `mkdocs serve` (the machine's own server, where Python arrives
    in a second or two) leaves them out; the other build answers are kept either way."""
    from scripts.calculators import answers, pair_answers, unit_answers, units

    attached: list[str] = []

    def mark(name: str) -> object:
        def attach(output: str, *args: object, **options: object) -> str:
            attached.append(name)
            return output
        return attach

    monkeypatch.setattr(answers, "attach", mark("answers"))
    monkeypatch.setattr(units, "attach", mark("units"))
    monkeypatch.setattr(unit_answers, "attach", mark("unit answers"))
    monkeypatch.setattr(pair_answers, "attach", mark("pair answers"))
    monkeypatch.setattr(hook, "SERVING", False)
    hook.on_startup(command, dirty=False)
    class Config(dict[str, object]):  # MkDocs' config: read as attributes and with get()
        __getattr__ = dict.__getitem__

    config = Config(site_dir=str(tmp_path), extra_javascript=[f"{hook.SCRIPT}?v=1"], extra={"vault": {"games": {"legion": {}}}})
    page = SimpleNamespace(file=SimpleNamespace(src_uri="legion/keywords/Guardian X.md"))
    html = '<html><head></head><body><div class="calculator" data-calculator="legion-attack"></div></body></html>'
    hook.on_post_page(html, page, config)  # type: ignore[arg-type]
    kept = ["answers", "units", "unit answers"]
    assert attached == (kept if command == "serve" else [*kept, "pair answers"])
