"""Nothing a base holds stops a build (issue 43): thousands of expressions made of the
language's own pieces at random, and bases of odd shapes, are each worked out or refused
with a message, never an exception; the page shows them."""

from __future__ import annotations

import random

import pytest

from scripts.vault import VaultConfig, compile_vault
from scripts.vault.plugins.bases.base_file import read_base
from scripts.vault.plugins.bases.files import Files
from scripts.vault.plugins.bases.plugin import ParsedBase, evaluate_base

PIECES = ("price", "file", ".", "name", "hasTag", "(", ")", '"book"', "[", "]", ",", "1", "2.5", "+", "-", "*", "/",
          "%", "==", "!=", ">", "<=", "!", "&&", "||", "if", "date", '"2024-01-01"', '"1 week"', "now()", "list",
          "map", "filter", "reduce", "value", "index", "acc", "this", "formula", "f", "tags", "/a+/g", "{", "}", ":",
          "null", "true", "length", "toFixed", "split", "join", "note", "links", "ctime", "format", '"YYYY"')


def random_expression(rng: random.Random) -> str:
    return "".join(rng.choice(PIECES) + rng.choice(("", " ")) for _ in range(rng.randint(1, 14)))


@pytest.mark.parametrize("seed", range(4))
def test_random_expressions_are_worked_out_or_refused_with_a_message(seed: int) -> None:
    rng = random.Random(seed)
    notes = {f"N{n}.md": f"---\nprice: {n}\ntags: [book]\nlinks: [\"[[N{n + 1}]]\"]\n---\n# N{n}\n" for n in range(5)}
    compiled = compile_vault(notes, VaultConfig())
    for _ in range(400):
        expression = random_expression(rng).replace("'", "")
        source = f"formulas:\n  f: '{expression}'\nfilters: '{random_expression(rng)}'\nviews: [{{order: [formula.f]}}]"
        evaluated = evaluate_base(ParsedBase(read_base(source), source, None, 1), Files(compiled.vault), "N0.md")
        assert all(isinstance(line, int) and message for line, message in evaluated.problems)


@pytest.mark.parametrize("source", [
    "", "~", "[]", "3", "filters:", "filters: {}", "filters: [1, 2]", "views: [3, null, {type: 4}]",
    "views: [{order: 5, sort: 7, groupBy: [], limit: -1, summaries: [x]}]", "formulas: [a]",
    "properties: {x: 3, y: {displayName: null}}", "summaries: {s: 'values.length'}\nviews: [{summaries: {a: s}}]",
    "filters: {and: {or: {not: 'price > 1'}}}", "a: !!python/object:os.system ls", "date: 2020-13-45",
    "views:\n- type: cards\n  image: 'nosuch'\n- type: list\n  groupBy: {property: file.ctime, direction: DESC}",
])
def test_odd_bases_show_a_message_or_their_views(source: str) -> None:
    note = f"# Shelf\n\n```base\n{source}\n```\n"
    compiled = compile_vault({"Shelf.md": note, "Book.md": "---\nprice: 3\n---\n# Book\n"}, VaultConfig())
    page = compiled.pages["Shelf.md"]
    assert 'class="vault-base"' in page and "```" not in page
