"""The owner's notes ship with their wording unchanged.

Our calculator blocks are appended after the owner's text; the owner's text itself is the
first N bytes of each file, pinned here by length and SHA-256 (taken from the notes as the
owner wrote them). A change to a single character of the owner's text fails this test; an
edit meant by the owner is recorded by updating the pin in the same commit.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parent.parent / "docs"

OWNER_NOTES = {
    "legion/keywords/Guardian X.md": (2602, "e8da71a352529ec69e264fdfa04453c79422499cb88b6e00390054e417221ebd"),
    "legion/Attack.md": (6927, "d177c2ffe3b7bcb53ec67f08e795c2b6694baa35f4587aae2cc0062f003b8e67"),
    "swtcg/The Cantina.md": (4013, "c5920758dcc20e7d793ea8a87dade06dc616fd34e20226ebbc7d060728525bf2"),
    "legion/Attack Resolution and Vehicle Damage.md": (2471, "bc4bf9fed808aaa434c00741c7e2119a30c995064aeab04bee90b3b83ffd8472"),
    "swtcg/CW_DS_Droid_06n.md": (7718, "781344a7d534e73c7ba8c43c094baf0d2fc5cd5c6f3c51aa6bce00d89cb83bd4"),
}


@pytest.mark.parametrize("note", sorted(OWNER_NOTES))
def test_the_owners_text_is_unchanged_and_only_calculator_blocks_follow(note: str) -> None:
    size, digest = OWNER_NOTES[note]
    data = (DOCS / note).read_bytes()
    assert hashlib.sha256(data[:size]).hexdigest() == digest, f"{note}: the owner's text has changed"
    appended = data[size:].decode("utf-8")
    outside_blocks = [
        line for line in _outside_fences(appended) if line.strip()
    ]
    assert outside_blocks == [], f"{note}: only calculator blocks may follow the owner's text"


def _outside_fences(text: str) -> list[str]:
    """Lines of `text` that are not inside a ```calculator fenced block."""
    lines, inside = [], False
    for line in text.splitlines():
        if line.startswith("```"):
            if not inside and line.strip() != "```calculator":
                lines.append(line)
            inside = not inside
            continue
        if not inside:
            lines.append(line)
    return lines
