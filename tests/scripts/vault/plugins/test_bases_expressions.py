"""Bases' expression language (issue 43, scripts/vault/plugins/bases/): the examples of
Obsidian's "Functions" and "Bases syntax" pages as test data, each result worked out by
hand, and the errors an expression can meet."""

from __future__ import annotations

from datetime import datetime

import pytest

from scripts.vault.plugins.bases import functions, methods
from scripts.vault.plugins.bases.evaluate import Scope, evaluate
from scripts.vault.plugins.bases.files import Files
from scripts.vault.plugins.bases.operators import duration
from scripts.vault.plugins.bases.syntax import parse
from scripts.vault.plugins.bases.values import BasesError, DateValue, Duration, Value
from scripts.vault.vault_index import NoteRecord, VaultIndex

NOW = datetime(2025, 5, 27, 15, 30, 45)

# (expression, value): the documentation's own examples first, then the rest of each type.
DOCUMENTED: list[tuple[str, Value]] = [
    ('if(1 > 2, "Modified", "Unmodified")', "Unmodified"),
    ('list("value")', ["value"]),
    ("max(3, 9, 4)", 9),
    ("min(3, 9, 4)", 3),
    ('number("3.4")', 3.4),
    ("number(true)", 1),
    ("1.isTruthy()", True),
    ('"example".isType("string")', True),
    ('true.isType("boolean")', True),
    ("123.toString()", "123"),
    ('"hello".contains("ell")', True),
    ('"hello".containsAll("h", "e")', True),
    ('"hello".containsAny("x", "y", "e")', True),
    ('"hello".endsWith("lo")', True),
    ('"Hello world".isEmpty()', False),
    ('"".isEmpty()', True),
    ('"a:b:c:d".replace(/:/, "-")', "a-b:c:d"),  # only the first: no g flag
    ('"a:b:c:d".replace(/:/g, "-")', "a-b-c-d"),
    ('"123".repeat(2)', "123123"),
    ('"hello".reverse()', "olleh"),
    ('"hello".slice(1, 4)', "ell"),
    ('"a,b,c,d".split(",", 3)', ["a", "b", "c"]),
    ('"a,b,c,d".split(/,/, 3)', ["a", "b", "c"]),
    ('"hello".startsWith("he")', True),
    ('"hello world".title()', "Hello World"),
    ('"  hi  ".trim()', "hi"),
    ('"Hello".lower() + "Hello".upper()', "helloHELLO"),
    ('"hello".length', 5),
    ("(-5).abs()", 5),
    ("(2.1).ceil()", 3),
    ("(2.9).floor()", 2),
    ("5.isEmpty()", False),
    ("(2.5).round()", 3),
    ("(2.3333).round(2)", 2.33),
    ("(3.14159).toFixed(2)", "3.14"),
    ("[1,2,3].contains(2)", True),
    ("[1,2,3].containsAll(2,3)", True),
    ("[1,2,3].containsAny(3,4)", True),
    ("[1,2,3,4].filter(value > 2)", [3, 4]),
    ("[1,[2,3]].flat()", [1, 2, 3]),
    ("[1,2,3].isEmpty()", False),
    ('[1,2,3].join(",")', "1,2,3"),
    ("[1,2,3,4].map(value + 1)", [2, 3, 4, 5]),
    ("[1,2,3].reduce(acc + value, 0)", 6),
    ('[3, "a", 8, 5].filter(value.isType("number")).reduce(if(acc == null || value > acc, value, acc), null)', 8),
    ("[1,2,3].reverse()", [3, 2, 1]),
    ("[1,2,3,4].slice(1,3)", [2, 3]),
    ("[3, 1, 2].sort()", [1, 2, 3]),
    ('["c", "a", "b"].sort()', ["a", "b", "c"]),
    ("[1,2,2,3].unique()", [1, 2, 3]),
    ("[10, 20].map(index)", [0, 1]),
    ("[1,2,3].length", 3),
    ("{}.isEmpty()", True),
    ('{"a": 1, "b": 2}.keys()', ["a", "b"]),
    ('{"a": 1, "b": 2}.values()', [1, 2]),
    ('/abc/.matches("abcde")', True),
    ('/ABC/i.matches("xabc")', True),
    ("radius * (2 * 3.14)", None),  # no such property: null times a number is an error, see below
    ('date("2025-05-27").format("YYYY-MM-DD")', "2025-05-27"),
    ('date("2024-12-01") + "1M" + "4h" + "3m"', DateValue(datetime(2025, 1, 1, 4, 3), True)),
    ('(date("2025-01-01") + "1d") - date("2025-01-01")', 86_400_000),
    ('date("2025-01-31") + "1 month"', DateValue(datetime(2025, 2, 28), False)),
    ('date("2025-01-01 12:00:00").hour', 12),
    ('date("2025-03-09 08:05:03").format("dddd, MMMM Do YYYY h:mm A")', "Sunday, March 9th 2025 8:05 AM"),
    ("now().date().format(\"YYYY-MM-DD HH:mm:ss\")", "2025-05-27 00:00:00"),
    ("now().time()", "15:30:45"),
    ('(now() + "1d") - now()', 86_400_000),
    ('today() + "7d"', DateValue(datetime(2025, 6, 3), False)),
    ('(now() - "3 days").relative()', "3 days ago"),
    ('date("2025-05-27").isEmpty()', False),
    ("duration('5h') * 2", Duration(0, 10 * 3_600_000)),
    ('now() + (duration("1d") * 2) - now()', 2 * 86_400_000),
    ('escapeHTML("<b>&</b>")', "&lt;b&gt;&amp;&lt;/b&gt;"),
    ("7 % 3 + 10 / 4", 3.5),
    ("!(1 == 1) || 2 >= 2 && \"a\" != \"b\"", True),
    ('"x" + 1', "x1"),
    ("null == null && !null", True),
]


@pytest.fixture(autouse=True)
def fixed_now(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(functions, "now", lambda: NOW)
    monkeypatch.setattr(methods, "now", lambda: NOW)


def work_out(source: str) -> Value:
    vault = VaultIndex({"Note.md": NoteRecord("Note.md", "Note")})
    return evaluate(parse(source), Scope(Files(vault), "Note.md", {}, "Note.md"))


@pytest.mark.parametrize(("source", "expected"), [case for case in DOCUMENTED if case[1] is not None])
def test_documented_examples(source: str, expected: Value) -> None:
    assert work_out(source) == expected


@pytest.mark.parametrize(("text", "months", "millis"), [
    ("1 week", 0, 7 * 86_400_000), ("1M", 1, 0), ("2h", 0, 7_200_000), ("3m", 0, 180_000), ("1y", 12, 0),
    ("2 years", 24, 0), ("1d 4h", 0, 28 * 3_600_000), ("30 seconds", 0, 30_000),
])
def test_durations_read_each_documented_unit(text: str, months: int, millis: float) -> None:
    assert duration(text) == Duration(months, millis)


@pytest.mark.parametrize(("source", "message"), [
    ("price *", "unexpected the end of the expression"),
    ('"open', "no closing"),
    ("nosuch(1)", "no function named nosuch()"),
    ("(5).nosuch()", "number has no method nosuch()"),
    ("radius * (2 * 3.14)", "cannot use * on null"),
    ('date("soon")', "is not a date"),
    ('duration("3 parsecs")', "is not a duration"),
    ('number("x")', "is not a number"),
    ('"a".repeat(1000000)', "over 100,000 characters"),
    ("1 +", "unexpected the end"),
    ("(" * 80 + "1" + ")" * 80, "nests more than"),
    ("a ? b", "unexpected '?'"),
])
def test_an_error_says_what_is_wrong(source: str, message: str) -> None:
    with pytest.raises(BasesError, match=message.replace("(", r"\(").replace(")", r"\)").replace("*", r"\*")):
        work_out(source)


def test_a_comparison_with_an_empty_property_is_false_both_ways() -> None:
    assert work_out("missing > 2") is False and work_out("missing < 2") is False and work_out("missing != 2") is True
