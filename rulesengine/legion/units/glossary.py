"""The keyword rule texts: Legion HQ 2's keyword glossary (`data/keywords.json`, MIT, see
`data/SOURCE.md`) and the 2026 rule texts that replace some of its texts
(`data/rules-2026.json`).

A card keyword finds its text by name, with case, a trailing " X" and colons ignored
("Immune: Pierce" is "Immune Pierce"), and with the few spellings the card data, the
glossary and the rulebook write differently taken as one (`SPELLINGS`). A 2026 text wins
over the glossary's, as it is the newer rule.

Standard library only; the data ships inside the package.
"""

from __future__ import annotations

import json
import re
from functools import cache
from importlib import resources

from rulesengine.records import frozen

SPELLINGS = {
    "anti-material": "anti-materiel",  # the cards and the glossary; the rulebook says Materiel
    "pull the strings": "pulling the strings",  # a card's spelling; the glossary's name
}
"""Folded names written differently in one source -> the name the others use."""


@frozen
class RuleText:
    """A keyword's rule text as a source gives it: the source's name for the keyword, the
    text word for word, where it comes from and its date (ISO)."""

    keyword: str
    text: str
    source: str
    date: str
    licence: str = ""
    """The licence the copy is under ("" where the text is quoted, not copied as data)."""


def fold(name: str) -> str:
    """A keyword name as texts are matched to it: "Immune: Pierce" -> "immune pierce",
    "Impact X" -> "impact", "Anti-Material" -> "anti-materiel"."""
    folded = " ".join(name.replace(":", " ").casefold().split())
    folded = re.sub(r" x$", "", folded)
    return SPELLINGS.get(folded, folded)


def _read(name: str) -> dict[str, object]:
    text = resources.files(__package__).joinpath("data").joinpath(name).read_text(encoding="utf-8")
    data = json.loads(text)
    assert isinstance(data, dict)
    return data


def parse(glossary: dict[str, object], newer: dict[str, object]) -> dict[str, RuleText]:
    """Every text by folded name: the glossary's, then the newer texts over them (pure:
    tests give their own data)."""
    texts: dict[str, RuleText] = {}
    entries = glossary.get("keywords")
    assert isinstance(entries, dict)
    source, date = str(glossary.get("source", "")), str(glossary.get("date", ""))
    licence = str(glossary.get("licence", "")).split(",")[0]
    for keyword, text in entries.items():
        texts[fold(str(keyword))] = RuleText(str(keyword), str(text), source, date, licence)
    rows = newer.get("texts")
    assert isinstance(rows, list)
    for row in rows:
        where = f"the {row['document']}, as {newer.get('source', '')}"
        texts[fold(str(row["keyword"]))] = RuleText(str(row["keyword"]), str(row["text"]), where, str(row["date"]))
    return texts


@cache
def rule_texts() -> dict[str, RuleText]:
    """The shipped texts, read once."""
    return parse(_read("keywords.json"), _read("rules-2026.json"))


def rule_text(keyword: str) -> RuleText | None:
    """The text of a card keyword, if any source has one."""
    return rule_texts().get(fold(keyword))
