"""When each note last changed: its own property, else the vault's git history, else the
file's modification time.

The property is the first of `updated`, `modified`, `last_modified`, `lastmod` or `date`
in the note's front matter that reads as a date (2024-07-01, or with a time). The git
history is read with one `git log` for the whole vault (not one per note, so a build of
thousands of notes stays linear): the newest commit that touched each path. A note with
uncommitted changes, or outside any repository, takes its file's time.
"""

from __future__ import annotations

import os
import re
import subprocess
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, datetime, timezone
from pathlib import Path

DATE_KEYS = ("updated", "modified", "last_modified", "lastmod", "date")
_FRONT_LINE = re.compile(r"^(?P<key>[A-Za-z_]+)\s*:\s*['\"]?(?P<value>[^'\"#\n]*)", re.MULTILINE)


@dataclass(frozen=True)
class Updated:
    when: datetime  # aware, UTC
    source: str  # "property", "git" or "file"


def property_date(note: str) -> datetime | None:
    """The note's own date property, when its front matter gives one that reads as a date."""
    if not note.startswith("---"):
        return None
    end = note.find("\n---", 3)
    if end < 0:
        return None
    found = {m.group("key").lower(): m.group("value").strip() for m in _FRONT_LINE.finditer(note[3:end])}
    for key in DATE_KEYS:
        value = found.get(key)
        if value:
            parsed = parse_date(value)
            if parsed is not None:
                return parsed
    return None


def parse_date(value: str) -> datetime | None:
    """2024-07-01, 2024-07-01T10:30, 2024-07-01 10:30:00+02:00 -> an aware UTC datetime."""
    text = value.strip().replace(" ", "T", 1)
    try:
        parsed = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        try:
            parsed = datetime.combine(date.fromisoformat(text[:10]), datetime.min.time())
        except ValueError:
            return None
    if parsed.tzinfo is None:
        parsed = parsed.replace(tzinfo=timezone.utc)
    return parsed.astimezone(timezone.utc)


def git_dates(folder: Path) -> dict[str, datetime]:
    """Path under `folder` (posix, relative) -> time of the newest commit that touched it,
    from one `git log`; {} when the folder is in no repository or git is missing."""
    try:
        out = subprocess.run(
            ["git", "-c", "core.quotepath=off", "log", "--format=%x00%ct", "--name-only", "--relative", "--no-renames", "--", "."],
            cwd=folder, capture_output=True, check=True, timeout=120,
        ).stdout.decode("utf-8", "replace")
        dirty = subprocess.run(
            ["git", "-c", "core.quotepath=off", "status", "--porcelain", "--no-renames", "-z", "--", "."],
            cwd=folder, capture_output=True, check=True, timeout=120,
        ).stdout.decode("utf-8", "replace")
        top = subprocess.run(["git", "rev-parse", "--show-prefix"], cwd=folder, capture_output=True, check=True,
                             timeout=30).stdout.decode("utf-8", "replace").strip()
    except (OSError, subprocess.SubprocessError):
        return {}
    dates: dict[str, datetime] = {}
    for chunk in out.split("\x00")[1:]:
        stamp, _, names = chunk.partition("\n")
        try:
            when = datetime.fromtimestamp(int(stamp.strip()), timezone.utc)
        except ValueError:
            continue
        for name in names.splitlines():
            if name and name not in dates:
                dates[name] = when
    # Changed since the last commit: the file's own time says when.
    for entry in dirty.split("\x00"):
        name = entry[3:]
        if name.startswith(top):
            dates.pop(name[len(top):], None)
    return dates


def note_dates(notes: Mapping[str, str], folder: Path | None) -> dict[str, Updated]:
    """Each note's last change (vault path -> Updated)."""
    history = git_dates(folder) if folder is not None else {}
    dated: dict[str, Updated] = {}
    for path, text in notes.items():
        own = property_date(text)
        if own is not None:
            dated[path] = Updated(own, "property")
        elif path in history:
            dated[path] = Updated(history[path], "git")
        elif folder is not None:
            try:
                stamp = os.stat(folder / path).st_mtime
            except OSError:
                continue
            dated[path] = Updated(datetime.fromtimestamp(stamp, timezone.utc), "file")
    return dated
