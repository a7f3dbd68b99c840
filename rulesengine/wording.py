"""Counts in the texts a reader sees: "1 hit", "2 hits", "1 attack die", "3 attack dice"."""

from __future__ import annotations


def plural(count: int, noun: str, nouns: str = "") -> str:
    """`count` and the noun that agrees with it; `nouns` for an irregular plural (die, dice)."""
    return f"{count} {noun if count == 1 else (nouns or noun + 's')}"


def agrees(count: int, one: str, many: str) -> str:
    """The verb form that agrees with `count` things ("goes" for 1, "go" otherwise)."""
    return one if count == 1 else many
