"""Meta Bind's fields (issue 45, scripts/vault/plugins/metabind/): declarations read as the
plugin documents them, values shown read-only as Obsidian shows them, views' arithmetic
exact; the fixture vault's facts worked out by hand from
tests/fixtures/vaults/tabletop-blocks/Character Sheet.md (its front matter at the top)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from scripts.vault.plugins.metabind.syntax import Argument, Target, read_field, read_target
from scripts.vault.plugins.metabind.values import arithmetic, number_text
from tests.scripts.vault.plugins.tabletop_blocks import body, nothing_runs, problems

PAGE = "Character Sheet.md"


@pytest.mark.parametrize(("written", "target"), [
    ("hp", Target("frontmatter", "", ("hp",), "hp")),
    ("stats.str", Target("frontmatter", "", ("stats", "str"), "stats.str")),
    ('list[0]["a b"]', Target("frontmatter", "", ("list", 0, "a b"), 'list[0]["a b"]')),
    ("Other Note#text", Target("frontmatter", "Other Note", ("text",), "Other Note#text")),
    ("memory^scratch", Target("memory", "", ("scratch",), "memory^scratch")),
    ("frontmatter^Folder/Note#a.b", Target("frontmatter", "Folder/Note", ("a", "b"), "frontmatter^Folder/Note#a.b")),
])
def test_bind_targets(written: str, target: Target) -> None:
    assert read_target(written) == target


def test_an_input_declaration_with_nested_arguments_over_several_lines() -> None:
    field = read_field("INPUT[select(\noption(a, The A),\noption(b),\ntitle(\"x, y\")\n):other note#select]")
    assert field is not None and field.type == "select"
    assert field.arguments == (Argument("option", ("a", "The A")), Argument("option", ("b",)), Argument("title", ("x, y",)))
    assert field.target == Target("frontmatter", "other note", ("select",), "other note#select")
    template = read_field("INPUT[myTemplate][toggle:done]")
    assert template is not None and (template.type, template.target and template.target.path) == ("toggle", ("done",))


def test_a_view_declaration_and_its_type() -> None:
    view = read_field(r"VIEW[\[\[{file}|link\]\]][text(renderMarkdown)]")
    assert view is not None and view.expression == r"\[\[{file}|link\]\]"
    assert (view.type, view.arguments) == ("text", (Argument("renderMarkdown", ()),))
    plain_view = read_field("VIEW[{a} * {b}]")
    assert plain_view is not None and (plain_view.type, plain_view.expression) == ("math", "{a} * {b}")


@pytest.mark.parametrize("written", ["INPUT[text(:x]", "INPUT[toggle:]", "VIEW[a]b]", "INPUT[text:x", "NOTE[x]"])
def test_what_is_not_a_field(written: str) -> None:
    assert read_field(written) is None


@pytest.mark.parametrize(("expression", "values", "result"), [
    ("{a} * {b}", {"a": 12, "b": 200}, Fraction(2400)),
    ("{a} / 7", {"a": 12}, Fraction(12, 7)),
    ("-({a} + 0.5) * 2", {"a": 1}, Fraction(-3)),
    ("{a} / 0", {"a": 1}, None),
    ("{a} + 1", {"a": "x"}, None),  # not a number
    ("{a} + 1", {"a": True}, None),
    ("sqrt({a})", {"a": 4}, None),  # a mathjs function: not computed here
    ("{a} +", {"a": 4}, None),
    ("({a}", {"a": 4}, None),
])
def test_arithmetic_over_references_is_exact(expression: str, values: dict[str, object], result: Fraction | None) -> None:
    assert arithmetic(expression, lambda ref: values.get(ref)) == result


def test_numbers_show_as_mathjs_shows_them() -> None:
    assert [number_text(Fraction(n, d)) for n, d in ((2400, 1), (12, 7), (1, 3), (-5, 2))] == [
        "2400", "1.7142857142857", "0.33333333333333", "-2.5"]


def _line(page: str, starts: str) -> str:
    return next(line for line in page.split("\n") if line.startswith(f"<li>{starts}"))


def test_inputs_show_their_property_as_obsidian_does() -> None:
    page = body(PAGE)
    assert _line(page, "Inspired") == (
        '<li>Inspired: <input type="checkbox" class="metabind-checkbox" disabled="" checked="" aria-label="inspired">, '
        'hidden: <input type="checkbox" class="metabind-checkbox" disabled="" aria-label="hidden_check"></li>')
    assert ('<meter class="metabind-meter" min="0" max="40" value="27" aria-label="hp"></meter> 27'
            in _line(page, "Level"))
    assert '<span class="metabind-input">Fighter</span>' in _line(page, "Class")  # the option's label
    assert _line(page, "Mood") == (
        '<li>Mood: <span class="metabind-input"><a href="../goblin/">Goblin</a></span>, notes: '
        '<span class="metabind-input">Hits **hard**</span>, born: <span class="metabind-input">2020-05-01</span></li>')
    assert ('<span class="metabind-list">Common, <a href="../goblin/">Goblin</a></span>' in _line(page, "Languages"))
    assert _line(page, "Strength") == ('<li>Strength: <span class="metabind-input">16</span>, the first language: '
                                       '<span class="metabind-input">Common</span></li>')
    assert _line(page, "Nothing").count('<span class="metabind-empty" title="no value">\u2014</span>') == 3
    assert '<span class="metabind-input">120</span>' in _line(page, "The other note")


def test_views_compute_or_show_their_text_under_a_note() -> None:
    page = body(PAGE)
    assert _line(page, "Hit points left") == ('<li>Hit points left: <span class="metabind-view">13</span>, a third of '
                                              'them: <span class="metabind-view">9</span></li>')
    assert '<span class="metabind-view">30</span>' in _line(page, "Gold each")  # 120 / 4, from the other note
    assert "<code>VIEW[number({hp} km, miles)]</code>" in _line(page, "Converted")
    assert _line(page, "As text") == ('<li>As text: <span class="metabind-view">Level 3 fighter</span>, rendered: '
                                      '<span class="metabind-view"><strong>fighter</strong></span></li>')
    assert _line(page, "Linked") == '<li>Linked: <span class="metabind-view"><a href="../goblin/">Goblin</a></span>, hidden: </li>'
    assert '<img class="vault-image" src="../Maps/Coast.png"' in _line(page, "Portrait")
    assert f"{PAGE}:37: Meta Bind input type 'colourWheel' not known: shown as its text|info" in problems(PAGE)


def test_buttons_and_blocks_leave_nothing_raw() -> None:
    page = body(PAGE)
    # `BUTTON[rest]` draws the hidden button of that id; `BUTTON[nowhere]` names none.
    assert '<p><button type="button" class="metabind-button" disabled="">Long rest</button> </p>' in page
    assert ('<div class="metabind-block"><button type="button" class="metabind-button" disabled="">'
            "Roll &lt;script&gt;alert(1)&lt;/script&gt;</button></div>") in page
    assert '<div class="metabind-block"><ul class="metabind-list"><li>Common</li><li><a href="../goblin/">Goblin</a>' \
           "</li></ul></div>" in page
    assert '<span class="metabind-note">A JavaScript view of Meta Bind: not run on this site.</span>' in page
    for raw in ("INPUT[toggle", "VIEW[{hp_max}", "BUTTON[", "label:", "engine.markdown", "language-meta-bind"):
        assert raw not in page


def test_nothing_from_a_field_runs() -> None:
    page = body(PAGE)
    assert nothing_runs(page)
    assert '<span class="metabind-view">&lt;script&gt;alert(1)&lt;/script&gt;27</span>' in page


def test_a_field_that_cannot_be_read_is_its_text_and_a_note_at_its_line() -> None:
    from scripts.vault import VaultConfig, compile_vault

    compiled = compile_vault({"N.md": "Intro.\n\nA `INPUT[text(:x]` field.\n\n```meta-bind\nVIEW[{a}]]\n```\n"},
                             VaultConfig())
    page = compiled.pages["N.md"]
    assert "<code>INPUT[text(:x]</code>" in page and "<code>VIEW[{a}]]</code>" in page
    assert [f"{p}|{p.severity}" for p in compiled.problems] == [
        "N.md:3: Meta Bind field not read: not a field Meta Bind documents|info",
        "N.md:5: Meta Bind field not read: not a field Meta Bind documents|info"]
