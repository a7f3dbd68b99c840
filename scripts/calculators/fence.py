"""The `calculator` fenced block: a worked example in a note, run through the engine at
every build.

Format: one `key: value` per line; blank lines and lines starting with `#` are ignored
(there are no comments after a value).

    ```calculator
    # required: a calculator name (see the registry)
    calculator: legion-attack
    # optional: the keyword this example checks (default: the page's keyword)
    keyword: Guardian X
    # optional: a line shown above the calculator
    caption: The note's example
    # inputs: an input name (- or _ alike) and a value written as on the command line;
    # repeat the line for a repeatable input (several guardians)
    red: 3
    attack-faces: hit, hit, hit
    guardian: 2,red,none
    # expectations: a path into the engine's JSON result and the value it must have
    expect guardians[0].wounds: 2
    expect defender.wounds: 1
    ```

An expectation's path uses `.name` for an object key, `[i]` for a list index or an
outcome of a distribution, and `[id]` for the trace step with that id (`steps[pierce]`).
A distribution compared with one value must be certain (trace mode) and show that value;
`expect defender.wounds[2]: 5/36` checks P(wounds = 2), `[>=2]` P(wounds >= 2).
Numbers compare as exact fractions (`0.5` equals `1/2`), comma lists item by item. A
calculator may offer derived facts (e.g. `expect hits-on: 4,5,6` for swtcg-attack: the
natural faces that hit with the block's inputs).
"""

from __future__ import annotations

from dataclasses import dataclass

FENCE_NAME = "calculator"


class BlockError(ValueError):
    """A block that cannot be read; `line` is its line in the note."""

    def __init__(self, line: int, message: str) -> None:
        self.line = line
        super().__init__(f"line {line}: {message}")


@dataclass(frozen=True)
class Expectation:
    path: str
    expected: str
    line: int


@dataclass(frozen=True)
class Block:
    calculator: str
    inputs: tuple[tuple[str, str, int], ...]
    """(input name, value as written, line), in the block's order."""
    expectations: tuple[Expectation, ...]
    keyword: str | None
    caption: str
    line: int


def parse_block(source: str, fence_line: int) -> Block:
    """Read a block whose opening fence is on `fence_line` (1-based) of its note."""
    name: str | None = None
    keyword: str | None = None
    caption = ""
    inputs: list[tuple[str, str, int]] = []
    expectations: list[Expectation] = []
    for offset, raw in enumerate(source.splitlines(), start=1):
        line = fence_line + offset
        text = raw.strip()
        if not text or text.startswith("#"):
            continue
        key, sep, value = text.partition(":")
        if not sep:
            raise BlockError(line, f"expected `name: value`, got {text!r}")
        key, value = key.strip(), value.strip()
        if key == "expect" or key.startswith("expect "):
            path = key[len("expect"):].strip()
            if not path or not value:
                raise BlockError(line, f"an expectation needs a path and a value, got {text!r}")
            expectations.append(Expectation(path, value, line))
        elif key == "calculator":
            name = value
        elif key == "keyword":
            keyword = value or None
        elif key == "caption":
            caption = value
        else:
            inputs.append((key.replace("-", "_"), value, line))
    if not name:
        raise BlockError(fence_line, "a calculator block needs a `calculator: <name>` line")
    return Block(name, tuple(inputs), tuple(expectations), keyword, caption, fence_line)
