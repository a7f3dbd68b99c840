"""The upgrade pages: one page per released upgrade card that carries a weapon or adds a
miniature (the upgrades the card data keeps), under Legion › Upgrades by slot, and on each
unit page the upgrades it can take.

A page gives the card's cost, slot, requirements in words, its weapons (dice, range,
keywords linked to their pages) and the units that can take it: those the engine's
legality rules allow (`rulesengine.legion.units.legality`: the slot in the unit's upgrade
bar, the card's requirements).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from html import escape
from importlib import resources

from rulesengine.legion.units import Unit, Upgrade
from rulesengine.legion.units.legality import why_not
from scripts.calculators import unit_pages

FOLDER = "Upgrades"
"""The folder of the upgrade pages under the Legion game's folder (Legion › Upgrades)."""


@dataclass(frozen=True)
class UpgradeCard:
    """A released upgrade card with its page: its unique name and vault path."""

    upgrade: Upgrade
    name: str
    path: str

    @property
    def requires(self) -> str:
        """The card's requirements in words ("" for none)."""
        return "" if self.upgrade.requirements.empty else self.upgrade.requirements.text


def _slot_folder(slot: str) -> str:
    return slot.capitalize() or "Other"


@cache
def _raw() -> dict[str, dict[str, str]]:
    """Each upgrade card's title and display name, by id, where it has them (the engine's
    models keep neither; two cards of one name are told apart by them)."""
    text = resources.files("rulesengine.legion.units").joinpath("data").joinpath("cards.json").read_text(encoding="utf-8")
    return {str(raw["id"]): {k: str(raw[k]) for k in ("title", "displayName") if raw.get(k)}
            for raw in json.loads(text)["upgrades"]}


def upgrade_cards(folder: str, upgrades: Sequence[Upgrade]) -> tuple[UpgradeCard, ...]:
    """The released upgrades with unique names: a name two cards share becomes the card's
    display name where it has its own, else gets the card's title, the units it names or its
    requirement in brackets, and its points where even those are shared."""
    released = [u for u in upgrades if u.released]

    def named(upgrade: Upgrade, detail: bool, points: bool) -> str:
        raw = _raw().get(upgrade.id, {})
        shown = raw.get("displayName", upgrade.name) if detail else upgrade.name  # "Tools of the Trade, Flame Projector"
        if shown != upgrade.name:
            return shown
        what = raw.get("title") or ", ".join(upgrade.for_units) or upgrade.requirements.text
        extra = [what] if detail and what else []
        extra += [f"{upgrade.cost} points"] if points else []
        return f"{upgrade.name} ({', '.join(extra)})" if extra else upgrade.name

    names = [u.name for u in released]
    detailed = [named(u, names.count(u.name) > 1, False) for u in released]
    final = [named(u, True, True) if detailed.count(d) > 1 else d for u, d in zip(released, detailed)]
    return tuple(UpgradeCard(upgrade, name, f"{folder}/{FOLDER}/{_slot_folder(upgrade.kind)}/{name.replace('/', '-')}.md")
                 for upgrade, name in zip(released, final))


def takers(card: UpgradeCard, released: Sequence[Unit]) -> list[Unit]:
    """The released units that may take the card."""
    return [unit for unit in released if not why_not(unit, card.upgrade)]


def _rows(card: UpgradeCard) -> str:
    upgrade = card.upgrade
    rows = [("Slot", upgrade.kind or "none on the card"), ("Points", str(upgrade.cost)),
            ("Requires", card.requires or "nothing beyond the slot"),
            ("Adds a mini", "yes" if upgrade.adds_mini else "no")]
    body = "".join(f'<tr><th scope="row">{escape(k)}</th><td>{escape(v)}</td></tr>' for k, v in rows)
    return f"<table><caption>On the card</caption><tbody>{body}</tbody></table>"


def upgrade_markdown(card: UpgradeCard, site: unit_pages.Site, released: Sequence[Unit], data_date: str) -> str:
    """One upgrade card's page."""
    src = card.path
    weapons = unit_pages.weapons_table(card.upgrade.weapons, src, site)
    taking = takers(card, released)
    items = "".join(f"<li>{unit_pages.link(unit_pages.href(src, unit_pages.unit_path(site.folder, u)), u.name)}</li>"
                    for u in taking)
    listing = (f"<p>{len(taking)} released units have the slot in their upgrade bar and meet the requirement.</p>"
               f"<ul>{items}</ul>") if taking else "<p>No released unit has the slot and meets the requirement.</p>"
    return "\n".join([
        f"# {unit_pages.heading(card.name)}", "", _rows(card), "", "## Weapons", "", weapons, "",
        "## Keywords", "",
        "<p>The card data keeps only the keywords of the card's weapons (above); the card's own keywords are "
        "not in it.</p>", "",
        "## Units that can take it", "", listing, "",
        f'<p class="unit-source">Card data: Legion HQ 2, MIT licence, as of {escape(unit_pages.long_date(data_date))}. '
        "Who can take it: the slot in the unit's upgrade bar and the card's requirements, as the calculators check "
        "them.</p>", ""])


def unit_upgrades_html(unit: Unit, cards: Sequence[UpgradeCard], src: str) -> str:
    """A unit page's list of the upgrade pages it can take, by slot in its bar's order."""
    parts = []
    for slot in dict.fromkeys(unit.upgrade_bar):
        fits = [c for c in cards if c.upgrade.kind == slot and not why_not(unit, c.upgrade)]
        if not fits:
            continue
        items = "".join(f"<li>{unit_pages.link(unit_pages.href(src, c.path), c.name)} <span class=\"unit-meta\">"
                        f"{c.upgrade.cost} points</span></li>" for c in fits)
        parts.append(f"<h3>{escape(slot.capitalize())}</h3><ul>{items}</ul>")
    if not parts:
        return ""
    return ("## Upgrades with weapons or minis\n\n<p>The upgrade cards with a weapon or a mini this unit can take: "
            "the slot is in its upgrade bar and it meets the card's requirement.</p>" + "".join(parts) + "\n")


def index_markdown(folder: str, cards: Sequence[UpgradeCard]) -> str:
    """Legion › Upgrades: every upgrade page by slot."""
    src = f"{folder}/{FOLDER}/index.md"
    parts = ["# Upgrades", "", f"<p>The {len(cards)} released upgrade cards that carry a weapon or add a mini, by slot. "
             "Each page gives the card's weapons and the units that can take it.</p>", ""]
    for slot in sorted({c.upgrade.kind for c in cards}):
        members = sorted((c for c in cards if c.upgrade.kind == slot), key=lambda c: c.name.casefold())
        items = "".join(f"<li>{unit_pages.link(unit_pages.href(src, c.path), c.name)} "
                        f'<span class="unit-meta">{c.upgrade.cost} points</span></li>' for c in members)
        parts += [f"## {_slot_folder(slot)}", "", f"<ul>{items}</ul>", ""]
    return "\n".join(parts)


def pages(site: unit_pages.Site, cards: Sequence[UpgradeCard], released: Sequence[Unit], data_date: str) -> Mapping[str, str]:
    """Every upgrade page and the index, by vault path."""
    out = {f"{site.folder}/{FOLDER}/index.md": index_markdown(site.folder, cards)}
    out.update({c.path: upgrade_markdown(c, site, released, data_date) for c in cards})
    return out
