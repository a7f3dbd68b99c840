"""Step 4 of the Attack note, Roll Attack Dice: roll (4a), reroll with aim tokens (4b),
convert attack surges (4c), computed exactly with whole-number weights.

Without rerolls each die adds its face to a running `surges.Vector`. With aim (or
observation) tokens the dice are counted, never ordered: see `reroll_counts` (and
`spare_surges` for the one policy whose choice depends on the surges already kept).
"""

from __future__ import annotations

from typing import NamedTuple
from functools import lru_cache

from rulesengine.distribution import Distribution
from rulesengine.legion.dice import ATTACK_COLOURS, attack_die
from rulesengine.legion.keywords.aim import dice_per_token
from rulesengine.legion.reroll_counts import Budgets, Classes, rerolled_vectors
from rulesengine.legion.spare_surges import rerolled_results
from rulesengine.legion.surges import ZERO, SurgeConversion, Vector

Counts = tuple[int, int, int]
"""Dice per colour, in `ATTACK_COLOURS` order (red, black, white)."""


class AttackResults(NamedTuple):
    """The attack dice after step 4c, and the attacker's tokens this pool spent (a named
    tuple: tens of thousands are made and hashed per attack)."""

    crits: int
    hits: int
    aims_spent: int = 0
    surge_tokens_spent: int = 0


def roll_attack_dice(
    pool: Counts,
    conversion: SurgeConversion,
    aims: int = 0,
    precise: int = 0,
    aim_policy: str = "blanks-and-useless-surges",
    faces: tuple[str, ...] = (),
    count_aims: bool = True,
    observations: int = 0,
) -> Distribution[AttackResults]:
    """The exact distribution of crits and hits after step 4 (`attack_weights` normalised)."""
    return Distribution(attack_weights(pool, conversion, aims, precise, aim_policy, faces, count_aims, observations))


def attack_weights(
    pool: Counts,
    conversion: SurgeConversion,
    aims: int = 0,
    precise: int = 0,
    aim_policy: str = "blanks-and-useless-surges",
    faces: tuple[str, ...] = (),
    count_aims: bool = True,
    observations: int = 0,
) -> dict[AttackResults, int]:
    """The exact whole-number weights of crits and hits after step 4 for `pool` (dice per colour).
    `faces` fixes the first dice's results, in pool order; no rerolls are taken then.
    `count_aims=False` when no later pool can spend the tokens (fewer states).
    `observations`: observation tokens spent after the aim tokens, one die each (the
    defender's own: no later pool attacks it, so they are not counted)."""
    if (aims or observations) and not faces:
        budgets = token_budgets(aims, precise, count_aims, observations)
        if aim_policy == "blanks-and-spare-surges" and _surges_can_be_spare(pool, conversion):
            counted = rerolled_results(pool, conversion, budgets, True)
            return {AttackResults(*k): w for k, w in counted.items()}
        classes = aim_classes(aim_policy, conversion)
        wide = _counting_every_surge(pool, conversion)
        if aim_classes(aim_policy, wide) == classes:
            vectors = _rerolled_vectors(pool, wide, budgets, classes)
        else:
            vectors = rerolled_vectors(pool, conversion, budgets, classes)
    elif not faces:
        # No token: the counting draw of `reroll_counts` with nothing rerolled (faster than die by die).
        vectors = _rerolled_vectors(pool, _counting_every_surge(pool, conversion), (), Classes())
    else:
        vectors = _roll_without_rerolls(pool, conversion, faces)
    out: dict[AttackResults, int] = {}
    # Converting adds to the crits and hits what the surges become: once per count of surges.
    converted: dict[int, tuple[int, int, int]] = {}
    for (v, spent), w in vectors.items():
        shift = converted.get(v[2])
        if shift is None:
            shift = converted[v[2]] = conversion.convert((0, 0, v[2]))
        key = AttackResults(v[0] + shift[0], v[1] + shift[1], spent, shift[2])
        out[key] = out.get(key, 0) + w
    return out


def _counting_every_surge(pool: Counts, conversion: SurgeConversion) -> SurgeConversion:
    """The same chart and Critical X with surge tokens for every die: the roll's vectors then
    count every surge, and `convert` with the real tokens gives the same results. One roll
    serves every number of surge tokens (a pool after another starts with many)."""
    return SurgeConversion(conversion.chart, conversion.critical, sum(pool)) if conversion.chart == "none" else conversion


@lru_cache(maxsize=64)
def _rerolled_vectors(pool: Counts, conversion: SurgeConversion, budgets: Budgets, classes: Classes) -> dict[tuple[Vector, int], int]:
    return rerolled_vectors(pool, conversion, budgets, classes)


def token_budgets(aims: int, precise: int, count_aims: bool, observations: int) -> Budgets:
    """Aim tokens (2 dice plus Precise X, counted as spent when kept for later) and then
    observation tokens (1 die each, not counted: only the pool against their defender reads them)."""
    return tuple([(dice_per_token(precise), int(count_aims))] * aims + [(1, 0)] * observations)


SPARE_SURGES_MAX_DICE = 12
"""The declared bound of `blanks-and-spare-surges`: beyond it, with a pool whose surges
can be spare, the exact answer may take longer than the calculators allow."""


def costly_aim(pool: Counts, conversion: SurgeConversion, tokens: int, aim_policy: str) -> str:
    """Why this aim policy is refused for this pool ("" when it is not): checked before
    any computing, from the inputs alone. `tokens`: aim and observation tokens."""
    if aim_policy == "blanks-and-spare-surges" and tokens and sum(pool) > SPARE_SURGES_MAX_DICE and _surges_can_be_spare(pool, conversion):
        return (f"blanks-and-spare-surges: at most {SPARE_SURGES_MAX_DICE} attack dice when Critical X and surge tokens "
                "convert some surges but fewer than the dice (choose blanks-and-useless-surges)")
    return ""


def _surges_can_be_spare(pool: Counts, conversion: SurgeConversion) -> bool:
    """More surges can show than the pool converts, yet it converts some (with none
    converted, every surge is simply useless)."""
    return not conversion.converts_every_surge and 0 < conversion.capacity < sum(pool)


def aim_classes(aim_policy: str, conversion: SurgeConversion) -> Classes:
    """The faces a named aim policy rerolls (`policies.HELP` says it in words)."""
    useless = conversion.chart == "none" and conversion.capacity == 0
    if aim_policy == "blanks-only":
        return Classes()
    if aim_policy == "crit-fishing":
        as_hit = conversion.chart == "hit" and conversion.critical == 0
        return Classes(hits=True, surge_as="blank" if useless else "hit" if as_hit else "")
    # blanks-and-useless-surges, and blanks-and-spare-surges when no surge can be spare
    return Classes(surge_as="blank" if useless else "")


def pool_colours(pool: Counts) -> tuple[str, ...]:
    """One colour per die, red dice first: the order in which trace faces are read."""
    return tuple(colour for colour, n in zip(ATTACK_COLOURS, pool) for _ in range(n))


@lru_cache(maxsize=64)
def _roll_without_rerolls(pool: Counts, conversion: SurgeConversion, faces: tuple[str, ...]) -> dict[tuple[Vector, int], int]:
    start = ZERO
    for face in faces:
        start = conversion.add(start, conversion.vector(face))
    acc: dict[Vector, int] = {start: 1}
    for colour in pool_colours(pool)[len(faces):]:
        acc = _add(acc, _face_vectors(colour, conversion), conversion)
    return {(v, 0): w for v, w in acc.items()}


def _add(acc: dict[Vector, int], die: dict[Vector, int], conversion: SurgeConversion) -> dict[Vector, int]:
    out: dict[Vector, int] = {}
    for v, w in acc.items():
        for face, n in die.items():
            key = conversion.add(v, face)
            out[key] = out.get(key, 0) + w * n
    return out


@lru_cache(maxsize=None)
def _face_vectors(colour: str, conversion: SurgeConversion) -> dict[Vector, int]:
    """Sides of a die by the vector they add."""
    out: dict[Vector, int] = {}
    for face, n in attack_die(colour).faces:
        v = conversion.vector(face)
        out[v] = out.get(v, 0) + n
    return out
