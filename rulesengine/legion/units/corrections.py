"""Corrections to Legion HQ 2's card data, in ONE reviewed table: each names the card and
weapon, the field as the data has it (`was`), what the engine reads instead (`now`), and
why. `apply` makes them when the cards are read (`cards.parse`); the shipped copy stays as
Legion HQ gives it, so a refresh (`scripts/bench/legion_units_data.py`) keeps every
correction and reports any whose `was` the new data no longer has (fixed upstream, or
changed: review it).

Only slips the data itself proves are corrected: a keyword string that joins two keywords,
a range the same weapon has elsewhere in the data. A weapon the data gives no dice or no
range, or a range no ruler reaches (the AT-ST Mortar Launcher's [4, 12], the A280 Rifle's
[1, 14]: a slip for 1-4, or for ∞? the data does not say), is not guessed at:
`Weapon.refusal` names it and the engine refuses it.
"""

from __future__ import annotations

import copy
from typing import Literal

from rulesengine.records import frozen

Field = Literal["keywords", "range"]


@frozen
class Correction:
    kind: Literal["units", "upgrades"]
    card: str
    """The card's `cardName`, with its `title` after " | " where a unit has one."""
    weapon: str
    field: Field
    was: object
    """The field's value as the data gives it (JSON types)."""
    now: object
    reason: str

    @property
    def where(self) -> str:
        return f"{self.card}: {self.weapon}: {self.field}"


_JOINED = "the data joins two keywords in one value"
_ATST = "the card is a stolen AT-ST: its weapon is the AT-ST's {0} (same dice, same keywords), range {1}; [0] would make it melee"

CORRECTIONS: tuple[Correction, ...] = (
    Correction("units", "Chewbacca | Let the Wookiee Win", "MS-4 Twin Blaster", "keywords",
               [{"name": "Fixed", "value": "Front, Impact 3"}], [{"name": "Fixed", "value": "Front"}, {"name": "Impact", "value": 3}],
               _JOINED + " (Fixed: Front and Impact 3, as on the AT-ST's MS-4 Twin Blaster)"),
    Correction("units", "Chewbacca | Let the Wookiee Win", "Grenade Launcher", "keywords",
               [{"name": "Fixed", "value": "Front, Blast"}], [{"name": "Fixed", "value": "Front"}, "Blast"],
               _JOINED + " (Fixed: Front and Blast, as on the DW-3 Grenade Launcher)"),
    Correction("units", "Chewbacca | Let the Wookiee Win", "Grenade Launcher", "range", [0], [1, 2],
               _ATST.format("DW-3 Grenade Launcher hardpoint", "1–2")),
    Correction("units", "Chewbacca | Let the Wookiee Win", "88 Twin Light Blaster", "range", [0], [1, 3],
               _ATST.format("88i Twin Light Blaster hardpoint", "1–3")),
    Correction("units", "Major Marquand | Tempest Scout 2", "MS-4 Twin Blaster", "keywords",
               [{"name": "Fixed", "value": "Front, Impact 3"}], [{"name": "Fixed", "value": "Front"}, {"name": "Impact", "value": 3}],
               _JOINED + " (Fixed: Front and Impact 3, as on the AT-ST's MS-4 Twin Blaster)"),
    Correction("units", "Major Marquand | Tempest Scout 2", "Grenade Launcher", "keywords",
               [{"name": "Fixed", "value": "Front, Blast"}], [{"name": "Fixed", "value": "Front"}, "Blast"],
               _JOINED + " (Fixed: Front and Blast, as on the DW-3 Grenade Launcher)"),
    Correction("units", "Major Marquand | Tempest Scout 2", "Grenade Launcher", "range", [0], [1, 2],
               _ATST.format("DW-3 Grenade Launcher hardpoint", "1–2")),
    Correction("units", "Major Marquand | Tempest Scout 2", "88 Twin Light Blaster", "range", [0], [1, 3],
               _ATST.format("88i Twin Light Blaster hardpoint", "1–3")),
    Correction("units", "DF-90 Mortar Trooper", "E-22 Blaster Rifle", "range", [0], [1, 3],
               "the E-22 Blaster Rifle (1 black, no keyword) is range 1–3 on the Shoretroopers' card; [0] would make it melee"),
    Correction("units", "Agent Kallus | Hunter of Spectres", "J-19 Bo-Rifle", "range", [None, 2], [0, 2],
               "no lower end: the same J-19 Bo-Rifle on the Agent Kallus heavy weapon card is melee and range 1–2 ([0, 2])"),
)


def _card_key(kind: str, raw: dict[str, object]) -> str:
    title = raw.get("title")
    return f"{raw.get('cardName')} | {title}" if kind == "units" and title else str(raw.get("cardName"))


@frozen
class Applied:
    """What `apply` did: the corrections made, and those whose `was` the data lacks."""

    made: tuple[Correction, ...]
    stale: tuple[Correction, ...]


def apply(data: dict[str, object], table: tuple[Correction, ...] = CORRECTIONS) -> tuple[dict[str, object], Applied]:
    """A copy of the data (`{"units": [...], "upgrades": [...]}`) with the corrections made.
    A correction is made where its card's weapon holds `was` exactly; else it is stale."""
    out = copy.deepcopy(data)
    return out, apply_in_place(out, table)


def apply_in_place(out: dict[str, object], table: tuple[Correction, ...] = CORRECTIONS) -> Applied:
    """`apply`, made in the data itself (a reader's own data, just parsed: a copy of it all
    cost a unit command some 8 ms)."""
    made: list[Correction] = []
    for fix in table:
        cards = out.get(fix.kind)
        hit = False
        for card in cards if isinstance(cards, list) else ():
            if _card_key(fix.kind, card) != fix.card:
                continue
            for weapon in card.get("weapons") or ():
                if weapon.get("name") == fix.weapon and weapon.get(fix.field) == fix.was:
                    weapon[fix.field] = copy.deepcopy(fix.now)
                    hit = True
        if hit:
            made.append(fix)
    return Applied(tuple(made), tuple(f for f in table if f not in made))
