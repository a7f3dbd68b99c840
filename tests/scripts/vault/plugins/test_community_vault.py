"""A vault shaped like the shared community vaults issue 43 was found on (tests/fixtures/
vaults/community, every name made up): spell pages written entirely in inline queries
(`` # `=this.name` ``, `` `=this.description` ``, properties in front matter), a campaign
template's tables (who lives here, which organisations worship this deity) and an SRD index
(`list from #Asset/Combat_Talent sort file.name asc`). Each page shows its values, worked out
by hand here; and no query is left as code on any vault the tests publish."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from scripts.vault import CompiledVault, VaultConfig, compile_vault

FIXTURES = Path(__file__).resolve().parents[3] / "fixtures" / "vaults"
DOCS = Path(__file__).resolve().parents[4] / "docs"


def compiled_vault(root: Path) -> CompiledVault:
    notes = {str(path.relative_to(root)): path.read_bytes() for path in sorted(root.rglob("*.md"))}
    bases = {str(path.relative_to(root)): path.read_bytes() for path in sorted(root.rglob("*.base"))}
    return compile_vault(notes, VaultConfig(), bases=bases)


@cache
def community() -> CompiledVault:
    return compiled_vault(FIXTURES / "community")


def words(path: str) -> str:
    html = community().pages[path].split("\n---\n", 1)[1].split('<h2 id="pages-that-link-here"')[0]
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace(" ¶", "").strip()


def test_a_spell_page_shows_its_properties_in_place_of_its_formulas() -> None:
    page = community().pages["Compendium/Spells/Ember Lance.md"]
    assert re.search(r'<h1 id="ember-lance">', page)
    assert words("Compendium/Spells/Ember Lance.md") == (
        "Ember Lance 2 -level evocation Casting Time: 1 action Range: 60 feet Classes: Sorcerer, Wizard "
        "A line of fire 5 feet wide. Each creature in it makes a Dexterity saving throw, taking 3d8 fire damage "
        "on a failure; see Fire Damage . At Higher Levels. Add 1d8 for each slot level above 2nd. "
        "Tags: #spell/evocation")
    assert "<strong>Dexterity</strong>" in page and re.search(r'<a href="[^"]*fire-damage/">Fire Damage</a>', page)


def test_a_cantrip_line_is_worked_out_with_choice() -> None:
    assert words("Compendium/Spells/Still Water.md").startswith("Still Water Transmutation cantrip Casting Time")


def test_the_spell_index_table_sorts_by_level_then_name() -> None:
    assert words("Compendium/Spells/index.md") == "Spells Spell Level School Still Water 0 Transmutation Ember Lance 2 Evocation"


def test_a_deity_lists_the_organisations_that_worship_it_and_its_worshippers() -> None:
    assert words("Campaign/Deities/Solenne.md") == (
        "Solenne Domains: Light, Forge Organisations that worship this deity Organisation Headquarters "
        "Dawn Wardens Harrowmere Order of the Anvil Brassgate Worshippers Ilse Marrow")
    assert words("Campaign/Deities/Vorn.md").endswith("Dataview: No results to show for table query.")


def test_a_place_lists_who_lives_there_alive() -> None:
    assert words("Campaign/Places/Brassgate.md") == (
        "Brassgate Who lives here Name Race Occupation Ilse Marrow Dwarf Smith Organisations based here Order of the Anvil")


def test_the_srd_index_lists_its_tag_and_subtags_by_name() -> None:
    assert words("SRD/Talents/index.md") == "Combat Talents Cleave Counterstrike Shield Bash Advanced talents Counterstrike"


def test_the_queries_results_are_the_pages_backlinks() -> None:
    linking = {m.path for m in community().backlinks["Campaign/Organisations/Order of the Anvil.md"]}
    assert linking == {"Campaign/Deities/Solenne.md", "Campaign/Places/Brassgate.md"}
    assert {m.path for m in community().backlinks["Compendium/Fire Damage.md"]} == {"Compendium/Spells/Ember Lance.md"}


# A query left as code: a fenced block drawn as highlighted code, or an inline query's span.
LEFT_AS_CODE = re.compile(r'class="language-(?:dataview|dataviewjs|base)\b|<code>\$?=')
PUBLISHED = sorted(path for path in FIXTURES.iterdir() if path.is_dir()) + [DOCS]


@pytest.mark.parametrize("vault", PUBLISHED, ids=lambda path: path.name)
def test_no_query_is_left_as_code(vault: Path) -> None:
    built = compiled_vault(vault)
    left = [path for path, html in {**built.pages, **built.generated}.items() if LEFT_AS_CODE.search(html)]
    assert left == []


def test_the_scan_would_see_a_query_left_as_code() -> None:
    assert LEFT_AS_CODE.search('<pre class="highlight"><code class="language-dataview">LIST</code></pre>')
    assert LEFT_AS_CODE.search('<pre class="highlight"><code class="language-base">views:</code></pre>')
    assert LEFT_AS_CODE.search("<p><code>=this.name</code></p>") and LEFT_AS_CODE.search("<code>$= dv.x</code>")
    assert not LEFT_AS_CODE.search(community().pages["Compendium/Spells/Ember Lance.md"])
