"""The text of `--pool` and `--defender` (and the form's "Further attack pools" and
"Further defenders" boxes): words NAME=VALUE, or NAME alone for a keyword that is on,
separated by spaces. NAME is an input's command-line name without its dashes.

    --pool "black=2 critical=1 defender=2" --defender "defense=red dodge=1 cover=light"

The ordinary inputs give pool 1 and defender 1; each `--pool` adds the next pool (its
dice and weapon keywords, and `defender=N`, 1 when not given); each `--defender` adds the
next defender (2, 3, ...). The attacker's surge chart, tokens, keywords, ruleset and
policies are those of the ordinary inputs: one attacker forms every pool.
"""

from __future__ import annotations

from rulesengine.errors import InputError

MAX_POOLS = 4
"""Attack pools in one attack, the first included; their dice together stay within
`api.MAX_DICE` (one unit's weapons, split)."""
MAX_DEFENDERS = 4
MAX_POOLS_AGAIN = 2
MAX_DICE_AGAIN = 12
"""The declared bound when one defender is attacked by more than one pool (the current rules
form each pool against a different defender): its spent tokens and gained suppression
carry between its pools, so each later pool runs once per state they may leave. Measured:
6 + 6 dice with every token at its bound about 0.2 s; 4 pools of 3 dice at one defender 3.5 s."""

MAX_DICE_WOUNDS_BACK = 16
"""The declared bound on several pools when a defender's Deflect wounds the attacker once per
defense surge (Shien Mastery; Deflect under ruleset notes): the wounds sent back are carried
with every state from pool to pool, and a defense roll of n dice ends in about n * n / 2
pairs of (blocks, wounds back). Measured (bench_legion --kind pools with such defenders):
16 dice in 2 or 3 pools at most 0.14 s, 20 dice up to 0.36 s, 30 dice up to 0.93 s CPU."""

POOL_INPUTS = ("red", "black", "white", "critical", "pierce", "impact", "sharpshooter", "blast", "high_velocity", "suppressive",
               "ion", "spray", "anti_materiel", "anti_personnel", "cumbersome")
"""The dice of a pool and the weapon keywords that travel with them (model.Weapons)."""

DEFENDER_INPUTS = (
    "defense", "defense_surge", "defense_surge_tokens", "dodge", "cover", "cover_x", "suppression", "courage", "armor",
    "armor_x", "impervious", "immune_pierce", "defender_guardian", "transported", "vehicle", "low_profile", "dug_in",
    "shields", "immune_blast", "immune_melee_pierce", "weak_point", "block", "outmaneuver", "danger_sense", "deflect",
    "uncanny_luck", "soresu", "backup", "defender_duelist", "defender_hold_the_line", "observe", "djem_so", "smoke", "shien_mastery", "guardian",
)
"""A defender's own inputs (model.Defender) and the guardians at range 1 of it."""

POOL_FORMAT = ("words NAME=VALUE separated by spaces: the dice and weapon keywords of the pool (" +
               ", ".join(n.replace("_", "-") for n in POOL_INPUTS) + ") and defender=N, the defender it attacks "
               "(1: the defender of the other inputs, 2 on: the further defenders in order; 1 if not given); a keyword "
               "alone is on (e.g. black=2 critical=1 blast defender=2)")
DEFENDER_FORMAT = ("words NAME=VALUE separated by spaces: the defender's inputs (" +
                   ", ".join(n.replace("_", "-") for n in DEFENDER_INPUTS) + "); a keyword alone is on "
                   "(e.g. defense=red dodge=1 cover=light guardian=1,red,none)")


def words(flag: str, what: str, text: str, allowed: tuple[str, ...]) -> dict[str, object]:
    """One pool's or defender's words as input values (still to validate); repeated
    `guardian=` words give a list."""
    values: dict[str, object] = {}
    guardians: list[str] = []
    for word in text.split():
        name, equals, value = word.partition("=")
        key = name.strip().lower().replace("-", "_")
        if key not in allowed or (equals and not value):
            valid = ", ".join(n.replace("_", "-") for n in allowed)
            raise InputError(flag, f"{what}: {name!r} is not one of {valid} (write NAME=VALUE)", text)
        if key == "guardian":
            guardians.append(value)
            continue
        if key in values:
            raise InputError(flag, f"{what}: {name} given twice", text)
        values[key] = value if equals else "true"
    if guardians:
        values["guardian"] = tuple(guardians)
    return values


def pool_words(text: str, number: int, defenders: int) -> tuple[dict[str, object], int]:
    """Pool `number`'s values and the number of the defender it attacks."""
    values = words("--pool", f"pool {number}", text, POOL_INPUTS + ("defender",))
    target = str(values.pop("defender", "1"))
    if not target.isdigit() or not 1 <= int(target) <= defenders:
        raise InputError("--pool", f"pool {number}: defender=N with N from 1 to {defenders} (one per defender given)", text)
    return values, int(target)


def defender_words(text: str, number: int) -> dict[str, object]:
    return words("--defender", f"defender {number}", text, DEFENDER_INPUTS)
