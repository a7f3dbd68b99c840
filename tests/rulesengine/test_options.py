"""The shared option declarations: one set of words for the CLI and the JSON entry point."""

from __future__ import annotations

import pytest

from rulesengine.errors import InputError
from rulesengine.options import GROUPS, Option, argument_parser, given, validate

OPTIONS = (
    Option("red", "Red dice", "int", 0, 0, 30),
    Option("surge", "Surge chart", "choice", "none", choices=("none", "hit", "crit")),
    Option("blast", "Blast", "bool", False),
    Option("guardian", "Guardians", "text", None, repeatable=True, help="X,DIE,SURGE"),
)


@pytest.mark.parametrize(
    ("values", "words"),
    [
        ({"red": -1}, "--red: a whole number from 0 to 30 (got -1)"),
        ({"red": "1.5"}, "--red: a whole number from 0 to 30 (got '1.5')"),
        ({"red": True}, "--red: a whole number from 0 to 30 (got True)"),
        ({"surge": "block"}, "--surge: one of none, hit, crit (got 'block')"),
        ({"blast": "maybe"}, "--blast: true or false (got 'maybe')"),
        ({"reds": 1}, "reds: one of the known inputs"),
    ],
)
def test_bad_values_name_the_option_and_what_is_allowed(values: dict[str, object], words: str) -> None:
    with pytest.raises(InputError) as raised:
        validate(OPTIONS, values)
    assert str(raised.value).startswith(words)


def test_values_are_typed_and_defaults_filled_in() -> None:
    typed = validate(OPTIONS, {"red": "3", "blast": "on", "guardian": "2,red,block"})
    assert typed == {"red": 3, "surge": "none", "blast": True, "guardian": ("2,red,block",)}


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--red"], "--red: needs a value: a whole number from 0 to 30"),
        (["--guardian", "-1,red,none"], "--guardian: needs a value: X,DIE,SURGE (write --guardian=VALUE"),
        (["--bogus"], "unrecognized arguments: --bogus"),
    ],
)
def test_the_command_line_refuses_in_one_line_with_status_2(
    argv: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as raised:
        argument_parser("prog", OPTIONS).parse_args(argv)
    err = capsys.readouterr().err
    assert raised.value.code == 2 and err.count("\n") == 1 and words in err


def test_a_value_starting_with_a_dash_can_be_given_with_equals() -> None:
    namespace = argument_parser("prog", OPTIONS).parse_args(["--guardian=-1,red,none"])
    assert given(namespace, OPTIONS) == {"guardian": ["-1,red,none"]}


def test_an_option_sits_in_a_known_group_and_other_by_default() -> None:
    assert Option("x", "X", "int", 0, 0, 3).group == "other"
    assert Option("x", "X", "int", 0, 0, 3, group="attacker").describe()["group"] == "attacker"
    with pytest.raises(ValueError) as raised:
        Option("x", "X", "int", 0, 0, 3, group="attackers")
    assert "attackers" in str(raised.value)
    for group in GROUPS:
        assert group in str(raised.value)


def test_every_engine_option_names_a_group() -> None:
    """The engines' inputs are grouped on purpose: only Hidden Cost's few inputs stay in 'other'."""
    from rulesengine.legion.api import OPTIONS as LEGION
    from rulesengine.swtcg.api import OPTIONS as SWTCG

    assert [o.name for o in (*LEGION, *SWTCG) if o.group == "other"] == []
