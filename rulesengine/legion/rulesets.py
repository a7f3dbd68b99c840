"""The three rulesets the Legion engine follows, and what each applies to an attack.

`2026` (the default everywhere) is the Core Rulebook of Atomic Mass Games effective 29 May
2026 with the errata of 17 June 2026: the April 2026 rulebook's Guardian X and its new
attack keywords (Assault X, Sniper Team, Overwhelm, Vaapad Mastery), and Impervious as
the errata words it (the attack pool's Pierce X is 1 less against it, no extra dice).
`2.6` is the Core Rulebook of 24 November 2025, in force until 28 May 2026. `notes` is the
ruleset the owner's notes describe (Legion's rules before July 2024). Each ruleset has
that one name and those dates wherever it is introduced (`NAMES`, the form's help, the
docs). `RULES` is the table "How the calculators work" shows: one row per rule that
differs, or that a keyword brings, and what each ruleset does with it.
"""

from __future__ import annotations

from rulesengine.errors import InputError
from rulesengine.legion.keywords import backup, dug_in
from rulesengine.legion.model import RULESETS, Defender
from rulesengine.records import frozen

NAMES = {
    "2026": "the current Core Rulebook, effective 29 May 2026, with the errata of 17 June 2026",
    "2.6": "the Core Rulebook (2.6), in force from 24 November 2025 until 28 May 2026",
    "notes": "the owner's notes (Legion before July 2024)",
}
assert tuple(NAMES) == RULESETS


@frozen
class Rule:
    """One rule of the attack and what each ruleset does with it ("" when it does not exist)."""

    name: str
    notes: str
    current: str
    """Under `2.6`, and under `2026` unless `since_2026` says otherwise."""
    since_2026: str | None = None
    """Under `2026` when it differs from `2.6` (None: the same)."""

    def under(self, ruleset: str) -> str:
        if ruleset == "notes":
            return self.notes
        return self.since_2026 if ruleset == "2026" and self.since_2026 is not None else self.current


RULES: tuple[Rule, ...] = (
    Rule("Cover", "light cancels 1 hit, heavy 2", "cover roll: 1 white defense die per hit; light cancels per block, heavy per block or surge"),
    Rule("Dodge", "cancels 1 hit per token (with cover, order does not matter)", "cancels 1 hit per token, after the cover roll"),
    Rule("Suppression and cover", "any suppression token improves cover by 1", "improves cover by 1 once tokens reach courage"),
    Rule("Low Profile", "with cover, 1 defense die becomes a block (reading defense-die; reading cover: light cover counts as heavy)",
         "with cover, 1 cover die becomes a block"),
    Rule("Dug In", "", "red defense dice for the cover roll (a card effect, not a rulebook keyword)"),
    Rule("Smoke tokens", "a smoke token in range 1 improves a trooper's cover by 1 (not cumulative)",
         "each smoke token in range 1 improves a trooper's cover by 1 (they add up, never past heavy)"),
    Rule("Vehicles and cover", "a vehicle has cover from terrain", "no cover from terrain for a vehicle (Cover X still counts)"),
    Rule("Guardian X", "ranged only; not for a defender with Guardian X, a transported unit or a vehicle",
         "the same limits, and a guardian whose suppression tokens reach its courage cannot use it",
         "the same; the guardian gains 1 suppression token, then suffers its wounds (April 2026)"),
    Rule("Impervious", "extra defense dice equal to Pierce (Lethal X's too, unless reading weapons-only), none if immune to "
         "Pierce; rolled even with no hit left", "the same",
         "no extra dice: at the start of Modify Defense Dice the pool's Pierce X is 1 less, never below 0 (errata of "
         "17 June 2026; readings for guardians)"),
    Rule("Danger Sense X", "1 extra defense die per suppression token, up to X; rolled even with no hit left", "the same"),
    Rule("Shield tokens", "ranged attacks only: each cancels a hit or crit in Modify Attack Dice", "the same"),
    Rule("Block", "after spending a dodge token: surge: block", "the same"),
    Rule("Deflect", "after a dodge token: surge: block (melee too); a ranged attacker suffers 1 wound per defense surge",
         "ranged attacks only, no dodge token needed, none if every weapon has High Velocity: surge: block, and the attacker "
         "suffers 1 wound if the defense roll shows a surge"),
    Rule("Immune: Deflect", "the defender's Deflect does nothing against the attacker",
         "the attacker suffers no wound from Deflect; the defender's surges are still blocks"),
    Rule("Shien Mastery", "", "with Deflect: 1 wound on the attacker per defense surge; no suppression token when the defender "
         "suffers no wound"),
    Rule("Soresu Mastery", "ranged, after a dodge token: reroll the defense dice (reading each-die: every failing die once; "
         "all-or-nothing: the whole roll or none)", "ranged: reroll the defense dice, no dodge token needed (the same two readings)"),
    Rule("Dodge for a keyword", "Block, Deflect, Soresu Mastery or Duelist may spend a dodge token with no hit to cancel",
         "Block or Duelist may spend a dodge token with no hit to cancel"),
    Rule("Backup", "", "cancels up to 2 hits of a ranged attack; not for a defender with Guardian X"),
    Rule("Vehicle damage", "a red die: Damaged (block), Disabled (blank) or Weapon Destroyed (surge)",
         "one vehicle damage token (once per game); at activation a white die, an action lost on a blank"),
    Rule("Cumbersome", "no move before this attack (a pivot is allowed); no die changes",
         "after a move this activation the weapon's dice are downgraded; the calculator takes no move, so no die changes"),
    Rule("Anti-Materiel X, Anti-Personnel X", "", "X of the weapon's dice one colour up against a vehicle (Anti-Materiel) or a trooper "
         "(Anti-Personnel); rules update of November 2025"),
    Rule("Assault X", "", "", "X of the weapon's dice one colour up when the defender is at range 1 of the unit leader "
         "(which dice: the assault policy)"),
    Rule("Sniper Team", "", "", "every die of a pool of Sniper Team weapons one colour up; after Convert Attack Surges the "
         "attacker may cancel the pool: 1 wound if a crit was cancelled (when: the sniper policy)"),
    Rule("Overwhelm", "", "", "the defender gains 1 more suppression token when an aim token was spent on rerolls"),
    Rule("Vaapad Mastery", "", "", "1 white die per wound token on the unit, at most 3: attack dice when attacking, "
         "defense dice when defending"),
)


def check_ruleset(defender: Defender, ruleset: str) -> None:
    """Refuse a keyword the chosen ruleset does not have, naming the ones that do."""
    if defender.dug_in and ruleset not in dug_in.RULESETS:
        raise InputError("--dug-in", "only with --ruleset " + " or ".join(dug_in.RULESETS) + " (the notes' cover is not rolled)", True)
    if defender.backup and ruleset not in backup.RULESETS:
        raise InputError("--backup", "only with --ruleset " + " or ".join(backup.RULESETS) + " (Backup came with those rules)", True)


def rules_table() -> str:
    """The Markdown table "How the calculators work" carries (a test keeps them equal)."""
    lines = ["| Rule | `notes` | `2.6` | `2026` |", "|---|---|---|---|"]
    for rule in RULES:
        cells = [rule.under(ruleset) or "not in these rules" for ruleset in ("notes", "2.6", "2026")]
        lines.append(f"| {rule.name} | " + " | ".join(cells) + " |")
    return "\n".join(lines)
