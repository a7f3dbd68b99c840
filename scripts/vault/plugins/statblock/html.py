"""A Fantasy Statblocks block drawn as a stat block, in HTML that needs no script (issue 36).

The name and a subtitle; the key numbers (defences, hit points, initiative) and a 5e
block's six ability scores with their modifiers, each as a term and its value; then the
other fields as label and value, and the named lists (traits, actions, …) with the traits
nested under an item. Every text goes through `markdown` (the vault compiler, given by
the renderer), so a wikilink resolves and `_slicing tail_` is emphasis; every other word
is escaped here. The style (scripts/theme/assets/vault.css, "Stat blocks") is one column
on a phone and follows the light or dark scheme.

A block that cannot be read is shown as the code it is, under a one-line note, and the
problem is returned with its line so the build lists it as a warning: nothing a block
holds stops a build.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ...escaping import escape_html
from .model import Entry, Field, StatBlock, read_statblock
from .yaml_block import StatBlockError, signed

# (Markdown text, inline?) -> HTML; inline text gets no paragraph around it.
Markdown = Callable[[str, bool], str]


@dataclass(frozen=True)
class Drawn:
    html: str
    problem: tuple[int, str] | None  # (line within the block, message) when it could not be read


@dataclass(frozen=True)
class ReadBlock:
    """A block as read: its creature, or why it could not be read."""

    source: str
    creature: StatBlock | None
    error: StatBlockError | None = None


def read(source: str) -> ReadBlock:
    """The block read (nothing a block holds raises here)."""
    try:
        return ReadBlock(source, read_statblock(source))
    except StatBlockError as error:
        return ReadBlock(source, None, error)
    except Exception as error:  # a shape not foreseen: shown as code, never a stopped build
        return ReadBlock(source, None, StatBlockError(f"a shape not handled ({type(error).__name__})"))


def draw(block: ReadBlock, markdown: Markdown) -> Drawn:
    if block.creature is None:
        return _unread(block.source, block.error or StatBlockError("not read"))
    try:
        return Drawn(_draw(block.creature, markdown), None)
    except Exception as error:  # a fault while drawing: shown as code, never a stopped build
        return _unread(block.source, StatBlockError(f"a shape not handled ({type(error).__name__})"))


def statblock_html(source: str, markdown: Markdown) -> Drawn:
    return draw(read(source), markdown)


def _unread(source: str, error: StatBlockError) -> Drawn:
    note = (f'<p class="vault-statblock-note">This stat block could not be read: {escape_html(str(error))} '
            f"(line {error.line} of the block).</p>")
    code = f'<pre class="highlight"><code class="language-statblock">{escape_html(source)}</code></pre>'
    return Drawn(f'<div class="vault-statblock-unread">{note}\n{code}</div>',
                 (error.line, f"stat block not shown: {error}"))


def _draw(block: StatBlock, markdown: Markdown) -> str:
    name = markdown(block.name, True)
    parts = [f'<section class="vault-statblock" aria-label="Stat block: {escape_html(block.name)}">',
             '<div class="statblock-head">']
    if block.image:
        parts.append(f'<div class="statblock-image">{markdown(block.image, True)}</div>')
    parts.append(f'<p class="statblock-name">{name}</p>')
    if block.subtitle:
        parts.append(f'<p class="statblock-subtitle">{markdown(block.subtitle, True)}</p>')
    parts.append("</div>")
    if block.flavor:
        parts.append(f'<div class="statblock-flavor">{markdown(block.flavor, False)}</div>')
    if block.numbers:
        parts.append(_terms("statblock-numbers", block.numbers, markdown))
    if block.abilities:
        scores = "".join(
            f'<div><dt><abbr title="{ability.name}">{ability.short}</abbr></dt>'
            f'<dd>{ability.score} <span class="statblock-modifier">({signed(ability.modifier)})</span></dd></div>'
            for ability in block.abilities)
        parts.append(f'<dl class="statblock-abilities">{scores}</dl>')
    if block.fields:
        parts.append(_terms("statblock-fields", block.fields, markdown))
    for section in block.sections:
        entries = "\n".join(_entry(entry, markdown) for entry in section.entries)
        parts.append(f'<div class="statblock-section"><p class="statblock-section-title">'
                     f'{escape_html(section.title)}</p>\n{entries}\n</div>')
    parts.append("</section>")
    return "\n".join(parts)


def _terms(kind: str, fields: tuple[Field, ...], markdown: Markdown) -> str:
    rows = "".join(f"<div><dt>{escape_html(field.label)}</dt><dd>{markdown(field.value, True)}</dd></div>"
                   for field in fields)
    return f'<dl class="{kind}">{rows}</dl>'


def _entry(entry: Entry, markdown: Markdown) -> str:
    body = markdown(entry.text, False).strip() if entry.text else ""
    if entry.name:
        stop = "" if entry.name.rstrip().endswith((".", ":", "!", "?")) else "."
        name = f'<strong class="statblock-entry-name">{markdown(entry.name, True)}{stop}</strong>'
        if body.startswith("<p>"):
            body = f"<p>{name} {body[3:]}"
        else:
            body = f"<p>{name}</p>\n{body}" if body else f"<p>{name}</p>"
    more = _terms("statblock-fields", entry.more, markdown) if entry.more else ""
    traits = ""
    if entry.traits:
        items = "\n".join(f"<li>{_trait(trait, markdown)}</li>" for trait in entry.traits)
        traits = f'<ul class="statblock-traits">\n{items}\n</ul>'
    return f'<div class="statblock-entry">{body}{more}{traits}</div>'


def _trait(trait: Entry, markdown: Markdown) -> str:
    """A nested trait: its name in italics, then its text, as 13th Age prints them."""
    inner = _entry(Entry("", trait.text, trait.more, trait.traits), markdown)
    inner = inner.removeprefix('<div class="statblock-entry">').removesuffix("</div>")
    if not trait.name:
        return inner
    name = f'<em class="statblock-trait-name">{markdown(trait.name, True)}:</em>'
    if inner.startswith("<p>"):
        return f"<p>{name} {inner[3:]}"
    return f"<p>{name}</p>{inner}"
