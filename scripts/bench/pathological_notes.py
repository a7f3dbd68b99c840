"""Test material, not product: notes made of one construct repeated, the kind that makes a
parser quadratic. The build must go through each in time proportional to its size
(tests/scripts/vault/test_pathological.py builds each; scripts/bench/pathological.py times
them at 1 MB)."""

from __future__ import annotations

from collections.abc import Callable

# name -> a note of about `size` characters
CASES: dict[str, Callable[[int], str]] = {
    "unclosed [[": lambda size: "[[" * (size // 2),
    "unclosed [[ with words": lambda size: "see [[Note " * (size // 11),
    "unclosed ![[": lambda size: "![[" * (size // 3),
    "open brackets": lambda size: "[" * size,
    "unclosed Markdown links": lambda size: "[a](" * (size // 4),
    "emphasis markers": lambda size: "*_" * (size // 2),
    "unclosed emphasis": lambda size: "*a " * (size // 3),
    "unclosed highlights": lambda size: "==a " * (size // 4),
    "tags": lambda size: "#a " * (size // 3),
    "dollars": lambda size: "$a " * (size // 3),
    "comment marks": lambda size: "%%a " * (size // 4),
    "block ids": lambda size: "a ^b\n" * (size // 5),
    "callout headers": lambda size: "> [!note]\n" * (size // 10),
    "2,000-deep quotes": lambda size: "\n".join(">" * depth + " x" for depth in range(2000)),
    "2,000-deep lists": lambda size: "\n".join("  " * depth + "- x" for depth in range(2000)),
    "backticks": lambda size: "`" * size,
    "one-column table": lambda size: "|a|\n|-|\n" + "|x|\n" * (size // 4),
    # issue 36: a Fantasy Statblocks block of many actions, and one of brackets only.
    "stat block actions": lambda size: "```statblock\nname: X\nactions:\n"
                                       + "  - name: a\n    desc: b [[c]]\n" * (size // 30) + "```\n",
    "stat block brackets": lambda size: "```statblock\na: " + "[" * size + "\n```\n",
}
