"""Build the engine's pure-Python wheel from the current source, without network or pip.

The browser loads `rulesengine` as a wheel by URL, so every site build must ship the
engine exactly as it is on disk now. A pure-Python wheel is a zip of the package plus
`*.dist-info/{METADATA,WHEEL,RECORD}` (PEP 427 / PEP 376); writing it with `zipfile` takes
milliseconds, where a PEP 517 build takes seconds. Entries are sorted and stamped with a
fixed time, so the same source always gives the same bytes, and the bytes' hash names
the folder the wheel is served from (browsers may cache it forever).

Usage: python scripts/calculators/wheel.py OUT_DIR   (prints the wheel's path)
"""

from __future__ import annotations

import base64
import hashlib
import io
import sys
import tomllib
import zipfile
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
PACKAGE = "rulesengine"
TAG = "py3-none-any"
DATA = "data"
"""A folder of package data: every file in it goes into the wheel."""
# Zip cannot store times before 1980; any fixed time makes the archive reproducible.
FIXED_TIME = (1980, 1, 1, 0, 0, 0)


@dataclass(frozen=True)
class BuiltWheel:
    """A wheel written to disk; `relative` is its path under the output folder."""

    path: Path
    relative: str
    sha256: str


def project_metadata(repo: Path = REPO) -> tuple[str, str, str]:
    """Name, version and requires-python, read from pyproject.toml (the one source)."""
    with (repo / "pyproject.toml").open("rb") as f:
        project = tomllib.load(f)["project"]
    return project["name"], project["version"], project.get("requires-python", "")


def source_files(repo: Path = REPO) -> list[Path]:
    """Every module of the package and its package data (every file under a `data/`
    folder: the Legion card data and its licence), in a stable order; bytecode and caches
    left out."""
    root = repo / PACKAGE
    if not (root / "__init__.py").is_file():
        raise FileNotFoundError(f"{root}/__init__.py not found: is {repo} the repository?")
    modules = (p for p in root.rglob("*.py") if "__pycache__" not in p.parts)
    data = (p for p in root.rglob("*") if p.is_file() and DATA in p.relative_to(root).parts[:-1])
    return sorted({*modules, *data})


def wheel_bytes(repo: Path = REPO) -> tuple[str, bytes]:
    """The wheel's file name and its bytes."""
    name, version, requires_python = project_metadata(repo)
    dist_info = f"{name}-{version}.dist-info"
    entries = [(p.relative_to(repo).as_posix(), p.read_bytes()) for p in source_files(repo)]
    metadata = f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n"
    if requires_python:
        metadata += f"Requires-Python: {requires_python}\n"
    wheel = f"Wheel-Version: 1.0\nGenerator: scripts/calculators/wheel.py\nRoot-Is-Purelib: true\nTag: {TAG}\n"
    entries.append((f"{dist_info}/METADATA", metadata.encode()))
    entries.append((f"{dist_info}/WHEEL", wheel.encode()))
    record = "".join(f"{path},{_record_hash(data)},{len(data)}\n" for path, data in entries)
    entries.append((f"{dist_info}/RECORD", (record + f"{dist_info}/RECORD,,\n").encode()))
    return f"{name}-{version}-{TAG}.whl", _zip(entries)


def build_wheel(out_dir: Path, repo: Path = REPO) -> BuiltWheel:
    """Write the wheel to `out_dir/<hash>/<name>.whl` and say where it is."""
    filename, data = wheel_bytes(repo)
    digest = hashlib.sha256(data).hexdigest()
    relative = f"{digest[:16]}/{filename}"
    path = out_dir / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return BuiltWheel(path=path, relative=relative, sha256=digest)


def _record_hash(data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
    return "sha256=" + digest.decode()


def _zip(entries: list[tuple[str, bytes]]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for path, data in entries:
            info = zipfile.ZipInfo(path, FIXED_TIME)
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, data)
    return buffer.getvalue()


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python scripts/calculators/wheel.py OUT_DIR")
    print(build_wheel(Path(sys.argv[1])).path)
