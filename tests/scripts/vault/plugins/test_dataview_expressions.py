"""Dataview expressions and functions (issue 43): the examples of Dataview's function and
expression reference as test data, each worked out against one made-up page."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from scripts.vault.plugins.dataview.evaluate import Scope, evaluate
from scripts.vault.plugins.dataview.expressions import QueryError, parse_expression
from scripts.vault.plugins.dataview.values import Link

PAGE = {"file": {"name": "Ana", "link": Link("People/Ana.md"), "tags": ["#npc", "#npc/inn"]},
        "tags": ["Character", "NPC"], "location": Link("Town.md"), "age": 30, "nothing": None,
        "my-field": "kebab"}


def value(text: str) -> object:
    scope = Scope(PAGE, PAGE, lambda link: link, lambda link: None)
    return evaluate(parse_expression(text), scope)


@pytest.mark.parametrize(("text", "expected"), [
    # contains and its kin
    ('contains("Hello", "Lo")', False), ('contains("Hello", "lo")', True), ('icontains("Hello", "Lo")', True),
    ('econtains(["this", "is", "example"], "ex")', False), ('econtains(["this", "is", "example"], "is")', True),
    ('contains(["this", "is", "example"], "ex")', True), ('contains(tags, "Char")', True),
    ('econtains(tags, "Char")', False), ('econtains(location, [[Town.md]])', True),
    ('containsword("Hello there!", "hello")', True),
    # lists and strings
    ("join(list(1, 2, 3))", "1, 2, 3"), ('join(list(1, 2, 3), " ")', "1 2 3"), ("length([1, 2, 3])", 3),
    ('length("hello")', 5), ('lower("Test")', "test"), ('upper("Test")', "TEST"),
    ('replace("what", "wh", "h")', "hat"), ('regexreplace("yes", "[ys]", "a")', "aea"),
    ('regexmatch("\\w+", "hello")', True), ('regexmatch("\\w", "hello")', False),
    ('regextest("el", "hello")', True), ('truncate("Hello there!", 8)', "Hello..."),
    ('padleft("hello", 7)', "  hello"), ('padright("hello", 7)', "hello  "), ('substring("hello", 0, 2)', "he"),
    ('split("hello world", " ")', ["hello", "world"]), ('startswith("yes", "ye")', True),
    ('endswith("yes", "es")', True), ("reverse(list(1, 2, 3))", [3, 2, 1]), ("sort(list(3, 2, 1))", [1, 2, 3]),
    ("unique([1, 3, 7, 3, 1])", [1, 3, 7]), ("nonnull([null, false])", [False]), ("firstvalue([null, 1, 2])", 1),
    ("flat(list(1, list(2, 3)))", [1, 2, 3]), ("filter([1, 2, 3], (x) => x >= 2)", [2, 3]),
    ("map([1, 2, 3], (x) => x + 2)", [3, 4, 5]), ("all([1, 2, 3])", True), ("any(list(true, false))", True),
    ("none([])", True), ("all([1, 2, 3], (x) => x > 1)", False),
    # numbers
    ("round(16.555555)", 17), ("round(16.555555, 2)", 16.56), ("sum([1, 2, 3])", 6), ("product([1, 2, 3])", 6),
    ("average([1, 2, 3])", 2), ("min(1, 2, 3)", 1), ("max([1, 2, 3])", 3), ('number("18 years")', 18),
    ("floor(2.7)", 2), ("ceil(2.1)", 3), ("1 + 2 * 3", 7), ("(1 + 2) * 3", 9), ("7 % 3", 1), ("6 / 4", 1.5),
    # the rest
    ("default(null, 1)", 1), ("default(nothing, 1)", 1), ('choice(true, "yes", "no")', "yes"),
    ("typeof(8)", "number"), ('typeof("text")', "string"), ("string(18)", "18"), ('"yes" + "no"', "yesno"),
    ("age > 20 and age < 40", True), ("age = 30 or false", True), ("!contains(nothing, \"x\")", True),
    ("file.name", "Ana"), ("this.file.name", "Ana"), ("my-field", "kebab"), ("file.tags[1]", "#npc/inn"),
    ("object(\"a\", 1).a", 1), ("{ a: 1 }[\"a\"]", 1),
    ('date("2021-01-05") - date("2021-01-01")', timedelta(days=4)),
    ('date("2021-01-01") + dur("1 week")', datetime(2021, 1, 8)),
    ('dateformat(date("2021-03-04"), "yyyy-MM-dd")', "2021-03-04"),
    ('dateformat(date("2021-03-04"), "MMMM d, yyyy")', "March 4, 2021"),
    ('date("2021-03-04").month', 3), ('link("Ana", "the innkeeper")', Link("Ana", "the innkeeper")),
])
def test_the_references_examples(text: str, expected: object) -> None:
    assert value(text) == expected


@pytest.mark.parametrize(("text", "message"), [
    ("nosuch(1)", "no function named 'nosuch'"), ("1 +", "expected a value but found 'the end'"),
    ("(1", "expected '\\)' but found 'the end'"), ('-"a"', "cannot negate"),
])
def test_errors_say_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(QueryError, match=message):
        value(text)
