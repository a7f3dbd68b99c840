"""The engine's wheel (scripts/calculators/wheel.py): reproducible, valid, installable by
pip, and importable from the install with the same code as the source tree. Not a
browser test, but it exists for the browser; it lives here with the rest of that side."""

from __future__ import annotations

import base64
import csv
import hashlib
import io
import os
import subprocess
import sys
import zipfile
from pathlib import Path

from scripts.calculators.wheel import REPO, build_wheel, project_metadata, source_files, wheel_bytes


def test_same_source_gives_the_same_bytes() -> None:
    assert wheel_bytes() == wheel_bytes()


def test_wheel_is_served_from_a_folder_named_by_its_hash(tmp_path: Path) -> None:
    built = build_wheel(tmp_path)
    name, version, _ = project_metadata()
    assert built.relative == f"{built.sha256[:16]}/{name}-{version}-py3-none-any.whl"
    assert hashlib.sha256(built.path.read_bytes()).hexdigest() == built.sha256


def test_record_lists_every_file_with_its_hash_and_size() -> None:
    _, data = wheel_bytes()
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        names = archive.namelist()
        record_name = next(n for n in names if n.endswith(".dist-info/RECORD"))
        rows = list(csv.reader(io.StringIO(archive.read(record_name).decode())))
        assert sorted(row[0] for row in rows) == sorted(names)
        for path, digest, size in rows:
            if path == record_name:
                assert (digest, size) == ("", "")
                continue
            content = archive.read(path)
            expected = base64.urlsafe_b64encode(hashlib.sha256(content).digest()).rstrip(b"=").decode()
            assert (digest, size) == (f"sha256={expected}", str(len(content)))


def test_wheel_holds_exactly_the_packages_modules() -> None:
    _, data = wheel_bytes()
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        modules = sorted(n for n in archive.namelist() if not n.split("/")[0].endswith(".dist-info"))
        for name in modules:
            assert archive.read(name) == (REPO / name).read_bytes()
    assert modules == [p.relative_to(REPO).as_posix() for p in source_files()]
    assert "rulesengine/calculators/api.py" in modules


def test_pip_installs_it_and_the_install_imports(tmp_path: Path) -> None:
    built = build_wheel(tmp_path / "dist")
    target = tmp_path / "site-packages"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-index", "--target", str(target), str(built.path)],
        check=True,
    )
    probe = "import json, rulesengine.calculators.api as api; print(api.__file__); print(json.loads(api.calculate('[]'))['ok'])"
    env = {**os.environ, "PYTHONPATH": str(target)}
    out = subprocess.run([sys.executable, "-c", probe], check=True, capture_output=True, text=True, cwd=tmp_path, env=env)
    module_file, ok = out.stdout.split()
    assert Path(module_file).is_relative_to(target)
    assert ok == "False"  # a malformed request is answered, not raised
