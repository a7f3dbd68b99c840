"""Generate a large Obsidian-style vault for the build benchmark, and its plain twin.

`python scripts/bench/gen_vault.py OUT [--notes 1000]` writes two MkDocs projects:
OUT/vault (notes with wikilinks, heading links, image and section embeds, highlights,
hand-typed bullets, a glossary, and the plugin blocks of tabletop vaults: admonitions,
Meta Bind fields and inline dice in every note, an encounter in one note of 5, a stat block
in one of 10, a Leaflet map in one of 50, a Dataview query in one of 200; built through our
hook) and OUT/plain (the same pages written in standard Markdown by the generator itself,
the plugin blocks as the code a plain site shows; built by plain MkDocs).
"""

from __future__ import annotations

import argparse
import base64
import posixpath
import random
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

GAMES = ("alpha", "beta")
ICON = base64.b64decode(  # a 1x1 transparent PNG
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="
)
GLOSSARY_SIZE = 40
SETTINGS = """site_name: Generated vault
docs_dir: docs
theme:
  name: material
  font: false
  features: [navigation.instant, navigation.indexes, navigation.prune]
markdown_extensions:
  - toc:
      permalink: true
  - attr_list
  - md_in_html
  - admonition
  - pymdownx.mark
"""


@dataclass(frozen=True)
class Spec:
    path: str
    title: str


def note_specs(count: int) -> list[Spec]:
    specs: list[Spec] = []
    for number in range(count):
        game = GAMES[number % len(GAMES)]
        folder = f"{game}/keywords" if number % 3 == 0 else game
        title = f"Rule {number:04d}"
        specs.append(Spec(f"{folder}/{title}.md", title))
    return specs


def _relative(target: str, host: str) -> str:
    return quote(posixpath.relpath(target, posixpath.dirname(host)), safe="/")


def write_note(spec: Spec, specs: list[Spec], rng: random.Random, plain: bool) -> str:
    """One note; `plain` writes what our compiler would, in standard Markdown."""
    others = [rng.choice(specs) for _ in range(6)]
    later = [s for s in specs if s.title > spec.title][:50]

    def link(target: Spec, heading: str | None = None) -> str:
        if not plain:
            return f"[[{target.title}#{heading}]]" if heading else f"[[{target.title}]]"
        anchor = f"#{heading.lower().replace(' ', '-')}" if heading else ""
        return f"[{target.title}]({_relative(target.path, spec.path)}{anchor})"

    def icon() -> str:
        return "![[Icon.png]]" if not plain else f"![icon]({_relative('Pics/Icon.png', spec.path)}){{ .vault-icon }}"

    def bullet(text: str, nested: bool = False) -> str:
        if plain:
            return f"    - {text}" if nested else f"- {text}"
        return f"\t» {text}" if nested else f"• {text}"

    missing = "[[Not Written Yet]]" if not plain else f"[Not Written Yet]({_relative('missing/not-written-yet.md', spec.path)})"
    lines = [
        ", ".join(link(other) for other in others[:3]) + ", " + missing,
        "",
        f"This rule ({icon()}) works with {link(others[3])} and ==changes the roll==.",
        f"Write `[[{spec.title}]]` to link here; see {link(others[4], 'Section One')}.",
        "",
        "## Section One",
        "",
        bullet(f"A first point about {link(others[5])}."),
        bullet("A detail under it.", nested=True),
        bullet("A last point."),
        "",
        "## Section Two",
        "",
        "```text",
        "[[kept as written]] ==also==",
        "```",
        "",
    ]
    if later and rng.random() < 0.2:
        lines += [f"![[{later[0].title}#Section One]]" if not plain else "Embedded section.", ""]
    number = int(spec.title.split()[-1])
    return "\n".join(properties(number, plain) + lines + plugin_blocks(number, others, plain))


def properties(number: int, plain: bool) -> list[str]:
    """Front matter the Meta Bind fields and the Dataview queries read."""
    if plain:
        return []
    return ["---", f"level: {number % 20}", f"hp: {10 + number % 50}", f"tags: [rule, tier-{number % 7}]", "---", ""]


def fenced(kind: str, body: list[str], plain: bool) -> list[str]:
    # A plain site shows a plugin's block as the code it is.
    return [f"```{'text' if plain else kind}", *body, "```", ""]


def plugin_blocks(number: int, others: list[Spec], plain: bool) -> list[str]:
    """The plugin blocks a tabletop vault's note holds, more or less often (module text)."""
    foe = others[0].title
    lines = ["## Play", ""]
    lines += fenced("ad-warning", ["title: Mind the **trap**", "collapse: open", f"Roll to avoid it; see [[{foe}]]."], plain)
    lines += [f"Level `INPUT[number:level]`, hit points `VIEW[{{hp}}]`; damage `dice: 2d6+{number % 5}`.", ""]
    if number % 5 == 0:
        lines += fenced("encounter", ["name: Ambush", "creatures:", f"  - 3: {foe}", f"  - Boss, 21, 17, 1",
                                      "  - 1d4+1: Bandit"], plain)
    if number % 10 == 0:
        lines += fenced("statblock", [f"name: Beast {number}", "size: Small", "type: beast", "ac: 13", "hp: 11",
                                      "hit_dice: 2d8+2", "speed: 30 ft.", "stats: [12, 14, 12, 3, 12, 6]", "cr: 0.5",
                                      "traits:", "  - name: Keen Smell", "    desc: Advantage on Wisdom checks that rely on smell.",
                                      "actions:", "  - name: Bite",
                                      '    desc: "Melee Weapon Attack: +4 to hit, reach 5 ft. Hit: 6 (1d8 + 2) piercing damage."'], plain)
    if number % 50 == 0:
        lines += fenced("leaflet", [f"id: map-{number}", "image: [[Icon.png]]", "height: 300px", "lat: 50", "long: 50",
                                    "bounds: [[0, 0], [100, 100]]", f"marker: default, 40, 60, [[{foe}]], A camp"], plain)
    if number % 200 == 0:
        lines += fenced("dataview", ['LIST FROM #tier-1 WHERE level > 15 SORT file.name ASC LIMIT 5'], plain)
    return lines


def glossary(plain: bool) -> str:
    paragraphs = ["Generated Glossary", ""]
    for number in range(GLOSSARY_SIZE):
        paragraphs += [f"Term {number} X: A static ability that means, \"Add X to term {number}.\"", ""]
    return "\n".join(paragraphs)


def generate(out: Path, count: int, seed: int = 1) -> None:
    specs = note_specs(count)
    for kind in ("vault", "plain"):
        plain = kind == "plain"
        rng = random.Random(seed)
        docs = out / kind / "docs"
        (docs / "Pics").mkdir(parents=True, exist_ok=True)
        (docs / "Pics" / "Icon.png").write_bytes(ICON)
        (docs / "index.md").write_text("# Generated vault\n\nA benchmark vault.\n", encoding="utf-8")
        for spec in specs:
            path = docs / spec.path
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(write_note(spec, specs, rng, plain), encoding="utf-8")
        (docs / "beta" / "Glossary.md").write_text(glossary(plain), encoding="utf-8")
        settings = SETTINGS
        if plain:
            (docs / "missing").mkdir(exist_ok=True)
            (docs / "missing" / "not-written-yet.md").write_text("# Not Written Yet\n", encoding="utf-8")
        else:
            hook = Path(__file__).resolve().parents[1] / "site" / "shell" / "hook.py"
            settings += f"hooks:\n  - {hook}\nextra:\n  vault:\n    glossaries: [beta/Glossary.md]\n"
        (out / kind / "mkdocs.yml").write_text(settings, encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--notes", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    generate(args.out, args.notes, args.seed)


if __name__ == "__main__":
    main()
