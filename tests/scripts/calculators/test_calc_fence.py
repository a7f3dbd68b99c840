"""Reading `calculator` blocks: inputs, expectations, line numbers, malformed blocks."""

from __future__ import annotations

import pytest

from scripts.calculators.fence import BlockError, Expectation, parse_block

SOURCE = """calculator: legion-attack
keyword: Guardian X
# a comment
caption: The note's example: pierce 3

attack-faces: hit, hit, hit
guardian: 2,red,none
guardian: 1,white,block
expect guardians[0].wounds: 2
"""


def test_a_block_reads_inputs_and_expectations_with_their_lines():
    block = parse_block(SOURCE, 40)
    assert block.calculator == "legion-attack"
    assert block.keyword == "Guardian X"
    assert block.caption == "The note's example: pierce 3"
    assert block.inputs == (("attack_faces", "hit, hit, hit", 46), ("guardian", "2,red,none", 47), ("guardian", "1,white,block", 48))
    assert block.expectations == (Expectation("guardians[0].wounds", "2", 49),)
    assert block.line == 40


@pytest.mark.parametrize(
    "source,line,words",
    [
        ("red: 3\n", 10, "needs a `calculator: <name>` line"),
        ("calculator: legion-attack\nred 3\n", 12, "expected `name: value`"),
        ("calculator: legion-attack\n\nexpect : 3\n", 13, "needs a path and a value"),
        ("calculator: legion-attack\nexpect defender.wounds:\n", 12, "needs a path and a value"),
    ],
)
def test_malformed_blocks_name_their_line(source, line, words):
    with pytest.raises(BlockError) as raised:
        parse_block(source, 10)
    assert raised.value.line == line
    assert words in str(raised.value)
    assert str(raised.value).startswith(f"line {line}: ")
