"""Every bad input is a message with the note's path and line, never an exception."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pytest

from scripts.vault import (
    ExtensionProblem,
    PageContext,
    Problem,
    SourceLocation,
    VaultConfig,
    compile_vault,
)

CONFIG = VaultConfig()


def problems(notes: Mapping[str, bytes | str], assets: Sequence[str] = (), **kwargs: object) -> list[str]:
    compiled = compile_vault(notes, CONFIG, assets=assets, **kwargs)  # type: ignore[arg-type]
    return [f"{p.severity} {p}" for p in compiled.problems]


def test_a_note_that_is_not_utf8_is_read_as_obsidian_reads_it_with_a_warning_at_its_line() -> None:
    notes: dict[str, bytes | str] = {"bad.md": b"fine\nstill fine\ncaf\xe9 au lait\n", "good.md": "text"}
    found = problems(notes)
    assert found == ["warning bad.md:3: the note is not UTF-8 (byte 0xe9): the page shows \ufffd for each byte "
                     "that cannot be read; save the note as UTF-8"]
    page = compile_vault(notes, CONFIG).pages["bad.md"]
    assert "caf\ufffd au lait" in page and "still fine" in page


def test_an_unclosed_link_is_a_warning_at_its_line() -> None:
    found = problems({"a.md": "one\n\ntwo [[b and no end\n"})
    assert found == ["warning a.md:3: unclosed [[ (no ]] on this line)"]


def test_a_missing_image_is_a_warning() -> None:
    found = problems({"a.md": "x\n![[Nope.png]]\n"}, assets=["Pics/Hit.png"])
    assert found == ["warning a.md:2: missing image ![[Nope.png]]: no file 'Nope.png' in the vault"]


def test_a_missing_heading_is_a_warning() -> None:
    found = problems({"a.md": "[[b#Nowhere]]\n", "b.md": "# Somewhere\n"})
    assert found == ["warning a.md:1: missing heading in [[b#Nowhere]]: b.md has no heading 'Nowhere'"]


def test_a_missing_same_page_heading_is_a_warning() -> None:
    found = problems({"a.md": "# Here\n\n[[#There]]\n"})
    assert found == ["warning a.md:3: missing heading in [[#There]]: a.md has no heading 'There'"]


TIE = "equally near x/Cover.md, y/Cover.md; it goes to x/Cover.md, as in Obsidian (write the folder to choose)"


def test_a_tie_obsidian_settles_by_file_order_is_a_warning_naming_the_candidates() -> None:
    compiled = compile_vault({"a.md": "\n[[Cover]]\n", "x/Cover.md": "", "y/Cover.md": ""}, CONFIG)
    assert [f"{p.severity} {p}" for p in compiled.problems] == [f"warning a.md:2: ambiguous link [[Cover]]: {TIE}"]
    assert '<a href="../x/cover/">Cover</a>' in compiled.pages["a.md"]


def test_a_tie_between_images_is_a_warning() -> None:
    found = problems({"a.md": "![[Hit.png]]"}, assets=["x/Hit.png", "y/Hit.png"])
    assert found == [f"warning a.md:1: ambiguous link ![[Hit.png]]: {TIE.replace('Cover.md', 'Hit.png')}"]


def test_the_note_in_the_linking_notes_own_folder_wins() -> None:
    compiled = compile_vault({"y/a.md": "[[Cover]]", "x/Cover.md": "", "y/Cover.md": ""}, CONFIG)
    assert compiled.problems == []
    assert '<a href="../cover/">Cover</a>' in compiled.pages["y/a.md"]


def test_an_ancestor_folder_counts_for_nothing_the_shortest_path_wins() -> None:
    notes = {"y/deep/a.md": "[[Cover]]", "y/Cover.md": "", "x/long/Cover.md": ""}
    compiled = compile_vault(notes, CONFIG)
    assert compiled.problems == []
    assert '<a href="../../cover/">Cover</a>' in compiled.pages["y/deep/a.md"]


def test_a_whole_vault_path_wins_over_the_own_folder() -> None:
    compiled = compile_vault({"x/a.md": "[[Cover]]", "Cover.md": "", "x/Cover.md": ""}, CONFIG)
    assert compiled.problems == []
    assert '<a href="../../cover/">Cover</a>' in compiled.pages["x/a.md"]


def test_a_folder_in_the_link_settles_an_ambiguous_name() -> None:
    compiled = compile_vault({"x/a.md": "[[y/Cover]]", "x/Cover.md": "", "y/Cover.md": ""}, CONFIG)
    assert compiled.problems == []
    assert '<a href="../../y/cover/">y/Cover</a>' in compiled.pages["x/a.md"]


def test_every_tie_is_reported_at_its_own_line() -> None:
    notes = {
        "legion/Attack.md": "[[Dodge]], [[Cover]]\n\ntext\n\nafter [[dodge]]\n",
        "legion/keywords/Cover.md": "[[Attack]], [[Dodge]]\n",
        "legio/keys/Dodge.md": "",
        "swtcg/keys/Dodge.md": "",
        "How.md": "one\n- [[Dodge|tokens]]\n",
    }
    tie = ("equally near legio/keys/Dodge.md, swtcg/keys/Dodge.md; it goes to legio/keys/Dodge.md, "
           "as in Obsidian (write the folder to choose)")
    assert sorted(problems(notes)) == [
        f"warning How.md:2: ambiguous link [[Dodge|tokens]]: {tie}",
        f"warning legion/Attack.md:1: ambiguous link [[Dodge]]: {tie}",
        f"warning legion/Attack.md:5: ambiguous link [[dodge]]: {tie}",
        f"warning legion/keywords/Cover.md:1: ambiguous link [[Dodge]]: {tie}",
    ]


def test_the_same_problem_twice_on_one_line_says_so() -> None:
    found = problems({"a.md": "[[Cover]] or [[Cover]]\n", "x/Cover.md": "", "y/Cover.md": ""})
    assert found == [f"warning a.md:1: ambiguous link [[Cover]]: {TIE} (2 times on this line)"]


def test_every_missing_heading_image_and_unclosed_link_is_reported() -> None:
    notes = {
        "a.md": "[[b#Nowhere]]\n![[Nope.png]]\n[[open\n\n[[b#Nowhere]] ![[Nope.png]] [[open\n",
        "c.md": "x\n[[b#Nowhere]]\n![[Nope.png]]\n[[open\n",
        "b.md": "# Somewhere\n",
    }
    heading = "warning {}: missing heading in [[b#Nowhere]]: b.md has no heading 'Nowhere'"
    image = "warning {}: missing image ![[Nope.png]]: no file 'Nope.png' in the vault"
    unclosed = "warning {}: unclosed [[ (no ]] on this line)"
    expected = [
        heading.format("a.md:1"), image.format("a.md:2"), unclosed.format("a.md:3"),
        heading.format("a.md:5"), image.format("a.md:5"), unclosed.format("a.md:5"),
        heading.format("c.md:2"), image.format("c.md:3"), unclosed.format("c.md:4"),
    ]
    assert sorted(problems(notes)) == sorted(expected)


def test_an_embed_cycle_is_reported_and_not_followed() -> None:
    notes = {"a.md": "A\n![[b]]\n", "b.md": "B\n\n![[a]]\n"}
    found = problems(notes)
    assert "warning b.md:3: embed cycle: a.md → b.md → a.md" in found
    assert "warning a.md:2: embed cycle: b.md → a.md → b.md" in found
    page = compile_vault(notes, CONFIG).pages["a.md"]
    assert page.count('class="vault-embed"') == 1  # b once, and a link back instead of a again


def test_embeds_deeper_than_the_limit_become_links() -> None:
    notes = {f"n{i}.md": f"N{i} ![[n{i + 1}]]\n" for i in range(5)}
    notes["n5.md"] = "end"
    compiled = compile_vault(notes, VaultConfig(embed_depth=2))
    assert compiled.pages["n0.md"].count('class="vault-embed"') == 2
    assert any("deeper than 2" in p.message for p in compiled.problems)


def test_an_unresolved_link_is_info_with_its_line_and_gets_a_page() -> None:
    compiled = compile_vault({"a.md": "x\n\n[[Dice]] and [[dice]]"}, CONFIG)
    assert [str(p) for p in compiled.problems] == [
        "a.md:3: unresolved link [[Dice]]: no note named 'Dice' yet",
        "a.md:3: unresolved link [[dice]]: no note named 'dice' yet",
    ]
    assert {p.severity for p in compiled.problems} == {"info"}
    assert "missing/dice.md" in compiled.generated


def test_glossary_keywords_that_differ_are_a_warning_naming_both_places() -> None:
    notes = {
        "g/One.md": "One\n\nEvade X: Prevent X damage.\n",
        "g/Two.md": "Two\n\nEvade\n\nEvade X: Prevent up to X damage.\n",
    }
    compiled = compile_vault(notes, VaultConfig(glossaries=("g/One.md", "g/Two.md")))
    assert [f"{p.severity} {p}" for p in compiled.problems] == [
        "warning g/Two.md:5: Evade is defined differently in g/One.md:3"
    ]
    page = compiled.generated["g/keywords/evade.md"]
    assert '<h2 id="in-one">In One' in page and '<h2 id="in-two">In Two' in page


class Failing:
    fence_names: tuple[str, ...] = ("calculator",)

    def render_fence(self, info: str, source: str, where: SourceLocation, page: PageContext) -> str:
        raise ExtensionProblem(f"unknown calculator {source.strip()!r}")

    def page_addition(self, page: PageContext) -> str:
        return ""

    def generated_pages(self, pages: Sequence[PageContext]) -> Mapping[str, str]:
        return {}


def test_an_extension_problem_is_an_error_at_the_fence() -> None:
    notes = {"a.md": "text\n\n```calculator\nnope\n```\n"}
    compiled = compile_vault(notes, CONFIG, extensions=[Failing()])
    assert compiled.problems == [Problem("a.md", 3, "error", "unknown calculator 'nope'")]


@pytest.mark.parametrize("content", [b"\xff\xfe\x00", b"[[", b"![[", b"[[#]]", b"\x00\x01", b"```\n[[x"])
def test_odd_notes_never_raise(content: bytes) -> None:
    compile_vault({"odd.md": content}, CONFIG)


class Adding(Failing):
    def page_addition(self, page: PageContext) -> str:
        if page.keyword == "Evade":
            raise ExtensionProblem("no calculator preset for Evade")
        return f"<div data-page='{page.src_path}'>[[not rewritten]]</div>" if page.keyword else ""

    def generated_pages(self, pages: Sequence[PageContext]) -> Mapping[str, str]:
        listing = ", ".join(sorted(p.title for p in pages))
        return {"coverage.md": "# Coverage\n\n" + listing, "report.md": "---\nsearch:\n  exclude: true\n---\n# Report\n"}


def test_extension_additions_generated_pages_and_their_problems() -> None:
    notes = {"g/keywords/Dodge.md": "Dodge.", "g/Gloss.md": "Title\n\nEvade X: Prevent X.\n"}
    compiled = compile_vault(notes, VaultConfig(glossaries=("g/Gloss.md",)), extensions=[Adding()])
    assert compiled.problems == [Problem("g/keywords/evade.md", 1, "error", "no calculator preset for Evade")]
    dodge = compiled.pages["g/keywords/Dodge.md"]
    assert "<div data-page='g/keywords/Dodge.md'>[[not rewritten]]</div>" in dodge
    assert dodge.index("[[not rewritten]]") < dodge.index('id="pages-that-link-here"')
    coverage = compiled.generated["coverage.md"]
    assert '<h1 id="coverage">Coverage' in coverage and "<p>Dodge, Evade, Gloss</p>" in coverage
    assert {"Coverage": "coverage.md"} in compiled.nav
    assert {"Report": "report.md"} in compiled.nav  # titled by its heading, below its front matter


def test_a_link_to_an_image_is_no_missing_note() -> None:
    notes = {"a.md": "x\n\\![[Hit.png]] and [[pics/hit.png|the icon]]\n"}
    compiled = compile_vault(notes, CONFIG, assets=["Pics/Hit.png"])
    assert compiled.problems == []
    assert '!<a href="../Pics/Hit.png">Hit.png</a> and <a href="../Pics/Hit.png">the icon</a>' in compiled.pages["a.md"]
    assert [path for path in compiled.generated if path.startswith("missing/")] == []


def test_a_link_to_a_file_that_is_not_there_is_a_warning() -> None:
    found = problems({"a.md": "x\n[[Nope.pdf]] \\![[Nope.png]]\n"}, assets=["Pics/Hit.png"])
    assert sorted(found) == [
        "warning a.md:2: missing file [[Nope.pdf]]: no file 'Nope.pdf' in the vault",
        "warning a.md:2: missing file [[Nope.png]]: no file 'Nope.png' in the vault",
    ]


def test_a_tie_between_linked_files_is_a_warning() -> None:
    found = problems({"a.md": "[[Hit.png]]"}, assets=["x/Hit.png", "y/Hit.png"])
    assert found == [f"warning a.md:1: ambiguous link [[Hit.png]]: {TIE.replace('Cover.md', 'Hit.png')}"]