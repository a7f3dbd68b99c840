"""The text of `--pool` and `--defender` (and the form's "Further attack pools" and
"Further defenders" boxes): words NAME=VALUE, or NAME alone for a keyword that is on,
separated by spaces. NAME is an input's command-line name without its dashes.

    --pool "black=2 critical=1 defender=2" --defender "defense=red dodge=1 cover=light"

The ordinary inputs give pool 1 and defender 1; each `--pool` adds the next pool (its
dice and weapon keywords, and `defender=N`; pool N attacks defender N when not given);
each `--defender` adds the next defender (2, 3, ...). The attacker's surge chart, tokens,
keywords, ruleset and policies are those of the ordinary inputs: one attacker forms every
pool. Each pool attacks a defender no other pool attacks (Attack, steps 2 and 3: a pool
holds every die rolled against its defender, and a further pool is formed against another
one), so two pools at one defender are refused as a rules error.
"""

from __future__ import annotations

from rulesengine.errors import InputError

MAX_POOLS = 4
"""Attack pools in one attack, the first included; their dice together stay within
`api.MAX_DICE` (one unit's weapons, split)."""
MAX_DEFENDERS = 4

MAX_DICE_WOUNDS_BACK = 16
"""The declared bound on several pools when a defender's Deflect wounds the attacker once per
defense surge (Shien Mastery; Deflect under ruleset notes): the wounds sent back are carried
with every state from pool to pool, and a defense roll of n dice ends in about n * n / 2
pairs of (blocks, wounds back). Measured (scripts/bench/legion.py --kind pools with such defenders):
16 dice in 2 or 3 pools at most 0.14 s, 20 dice up to 0.36 s, 30 dice up to 0.93 s CPU."""

POOL_INPUTS = ("red", "black", "white", "critical", "pierce", "impact", "sharpshooter", "blast", "high_velocity", "suppressive",
               "ion", "spray", "anti_materiel", "anti_personnel", "cumbersome", "assault", "sniper_team")
"""The dice of a pool and the weapon keywords that travel with them (model.Weapons)."""

DEFENDER_INPUTS = (
    "defense", "defense_surge", "defense_surge_tokens", "dodge", "cover", "cover_x", "suppression", "courage", "armor",
    "armor_x", "impervious", "immune_pierce", "defender_guardian", "transported", "vehicle", "low_profile", "dug_in",
    "shields", "immune_blast", "immune_melee_pierce", "weak_point", "block", "outmaneuver", "danger_sense", "deflect",
    "uncanny_luck", "soresu", "backup", "defender_duelist", "defender_hold_the_line", "observe", "djem_so", "smoke", "shien_mastery", "guardian",
    "defender_vaapad",
)
"""A defender's own inputs (model.Defender) and the guardians at range 1 of it."""

POOL_FORMAT = ("words NAME=VALUE separated by spaces: the dice and weapon keywords of the pool (" +
               ", ".join(n.replace("_", "-") for n in POOL_INPUTS) + ") and defender=N, the defender it attacks "
               "(2 on: the further defenders in order; pool N attacks defender N if not given); each pool attacks its own "
               "defender, as the rules form them; a keyword alone is on (e.g. black=2 critical=1 blast defender=2)")
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


def pool_words(text: str, number: int, defenders: int, taken: dict[int, int]) -> tuple[dict[str, object], int]:
    """Pool `number`'s values and the number of the defender it attacks; `taken` holds the
    defenders the pools before attack (defender -> pool) and gains this one."""
    values = words("--pool", f"pool {number}", text, POOL_INPUTS + ("defender",))
    given = "defender" in values
    target = str(values.pop("defender", number))
    if not target.isdigit() or not 1 <= int(target) <= MAX_DEFENDERS:
        raise InputError("--pool", f"pool {number}: defender=N with N a whole number from 2 to {MAX_DEFENDERS}", text)
    n = int(target)
    if n in taken:
        raise InputError("--pool", f"pool {number} attacks defender {n}, which pool {taken[n]} attacks already: an attack "
                         "forms each further pool against a defender no other pool attacks (Attack, steps 2 and 3). Put "
                         f"these dice in pool {taken[n]}, or give pool {number} its own defender (defender=N and that "
                         "defender in --defender)", text)
    if n > defenders:
        said = "no defender" if defenders == 1 else "defender 2 only" if defenders == 2 else f"defenders 2 to {defenders}"
        how = "" if given else " (a pool that names no defender attacks the one of its own number)"
        raise InputError("--pool", f"pool {number} attacks defender {n}{how}, which --defender does not describe (it "
                         f"describes {said}): describe defender {n} in --defender, or give the pool defender=N of one it "
                         "describes", text)
    taken[n] = number
    return values, n


def defender_words(text: str, number: int) -> dict[str, object]:
    return words("--defender", f"defender {number}", text, DEFENDER_INPUTS)
