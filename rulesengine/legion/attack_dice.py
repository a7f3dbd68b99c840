"""Step 4 of the Attack note, Roll Attack Dice: roll (4a), reroll with aim tokens (4b),
convert attack surges (4c), computed exactly with whole-number weights.

Without rerolls each die adds its face to a running `surges.Vector`. With aim tokens the
rerolls depend only on how many dice of each colour show a result worth rerolling, so
those counts are followed first; a die that keeps its result is independent of the
rest, so its face is drawn afterwards from the sides that keep (its weight is deferred
to that draw, which keeps the total weight of every path equal to sides ** rolls).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from math import factorial

from rulesengine.distribution import Distribution
from rulesengine.legion.dice import ATTACK_COLOURS, attack_die
from rulesengine.legion.keywords.aim import dice_per_token, dice_to_reroll
from rulesengine.legion.surges import ZERO, SurgeConversion, Vector

SIDES = 8
KEEP, SPARE, BLANK = "keep", "spare", "blank"
"""How the aim policy sees a rolled die: keeps its result, a surge beyond what the pool
can convert, a blank."""

Counts = tuple[int, int, int]
"""Dice per colour, in `ATTACK_COLOURS` order (red, black, white)."""


@dataclass(frozen=True)
class AttackResults:
    """The attack dice after step 4c, and the attacker's tokens this pool spent."""

    crits: int
    hits: int
    aims_spent: int = 0
    surge_tokens_spent: int = 0


def roll_attack_dice(
    pool: Counts,
    conversion: SurgeConversion,
    aims: int = 0,
    precise: int = 0,
    reroll_spare_surges: bool = True,
    faces: tuple[str, ...] = (),
    count_aims: bool = True,
    observations: int = 0,
) -> Distribution[AttackResults]:
    """The exact distribution of crits and hits after step 4 for `pool` (dice per colour).
    `faces` fixes the first dice's results, in pool order; no rerolls are taken then.
    `count_aims=False` when no later pool can spend the tokens (fewer states).
    `observations`: observation tokens spent after the aim tokens, one die each."""
    if (aims or observations) and not faces:
        spare = reroll_spare_surges and not conversion.converts_every_surge
        budgets = [(dice_per_token(precise), int(count_aims))] * aims + [(1, 0)] * observations
        states = _reroll(_first_roll(pool, conversion, spare), budgets, conversion, spare)
        vectors = _draw_kept_faces(states, pool, conversion, spare)
    else:
        vectors = _roll_without_rerolls(pool, conversion, faces)
    out: dict[AttackResults, int] = {}
    for (v, aims_spent), w in vectors.items():
        crits, hits, tokens = conversion.convert(v)
        key = AttackResults(crits, hits, aims_spent, tokens)
        out[key] = out.get(key, 0) + w
    return Distribution(out)


def pool_colours(pool: Counts) -> tuple[str, ...]:
    """One colour per die, red dice first: the order in which trace faces are read."""
    return tuple(colour for colour, n in zip(ATTACK_COLOURS, pool) for _ in range(n))


def _roll_without_rerolls(pool: Counts, conversion: SurgeConversion, faces: tuple[str, ...]) -> dict[tuple[Vector, int], int]:
    start = ZERO
    for face in faces:
        start = conversion.add(start, conversion.vector(face))
    acc: dict[Vector, int] = {start: 1}
    for colour in pool_colours(pool)[len(faces):]:
        acc = _add(acc, _face_vectors(colour, conversion, False), conversion)
    return {(v, 0): w for v, w in acc.items()}


def _add(acc: dict[Vector, int], die: dict[Vector, int], conversion: SurgeConversion) -> dict[Vector, int]:
    out: dict[Vector, int] = {}
    for v, w in acc.items():
        for face, n in die.items():
            key = conversion.add(v, face)
            out[key] = out.get(key, 0) + w * n
    return out


@lru_cache(maxsize=None)
def _face_vectors(colour: str, conversion: SurgeConversion, keeping_only: bool, spare: bool = False) -> dict[Vector, int]:
    """Sides of a die by the vector they add; `keeping_only`: just the sides that keep
    their result under the aim policy (the deferred draw)."""
    out: dict[Vector, int] = {}
    for face, n in attack_die(colour).faces:
        if keeping_only and _reroll_class(face, spare) != KEEP:
            continue
        v = conversion.vector(face)
        out[v] = out.get(v, 0) + n
    return out


@lru_cache(maxsize=None)
def _kept_faces(colour: str, dice: int, conversion: SurgeConversion, spare: bool) -> dict[Vector, int]:
    acc: dict[Vector, int] = {ZERO: 1}
    for _ in range(dice):
        acc = _add(acc, _face_vectors(colour, conversion, True, spare), conversion)
    return acc


def _reroll_class(face: str, spare: bool) -> str:
    if face == "blank":
        return BLANK
    if face == "surge" and spare:
        return SPARE
    return KEEP


@lru_cache(maxsize=None)
def _classes(colour: str, dice: int, spare: bool) -> tuple[tuple[int, int, int, int], ...]:
    """(keep, spare, blank, weight) for `dice` dice of one colour; a keeping die weighs 1
    here because its face is drawn (and weighed) later."""
    die = attack_die(colour)
    weight = {KEEP: 0, SPARE: 0, BLANK: 0}
    for face, n in die.faces:
        weight[_reroll_class(face, spare)] += n
    out = []
    for s in range(dice + 1):
        for b in range(dice - s + 1):
            a = dice - s - b
            ways = factorial(dice) // (factorial(a) * factorial(s) * factorial(b))
            w = ways * weight[SPARE] ** s * weight[BLANK] ** b
            if w:
                out.append((a, s, b, w))
    return tuple(out)


State = tuple[int, int, int, int, int, int, int]
"""(rerollable red, black, white; surges kept for conversion red, black, white; aims spent)."""


def _place(state: State, i: int, spares: int, blanks: int, free: int) -> State:
    """Surges fill what the pool can still convert (`free` places); spare ones join the
    rerollable dice."""
    kept = spares if spares < free else free
    s = list(state)
    s[i] += blanks + spares - kept
    s[3 + i] += kept
    red, black, white, kept_red, kept_black, kept_white, aims = s
    return (red, black, white, kept_red, kept_black, kept_white, aims)


def _roll_into(acc: dict[State, int], dice: Counts, capacity: int, spare: bool) -> dict[State, int]:
    """Roll `dice` (per colour) on top of every state. Worst colour first, so the surges
    kept for conversion are the white ones and the better dice are left to reroll."""
    for i in (2, 1, 0):
        if not dice[i]:
            continue
        classes = _classes(ATTACK_COLOURS[i], dice[i], spare)
        out: dict[State, int] = {}
        for state, w in acc.items():
            free = capacity - (state[3] + state[4] + state[5])
            for _, s, b, cw in classes:
                key = _place(state, i, s, b, free)
                out[key] = out.get(key, 0) + w * cw
        acc = out
    return acc


NOTHING: State = (0, 0, 0, 0, 0, 0, 0)


@lru_cache(maxsize=None)
def _roll_outcomes(dice: Counts, free: int, spare: bool) -> tuple[tuple[State, int], ...]:
    """What rolling `dice` adds to a state with `free` conversion places, and its weight."""
    return tuple(_roll_into({NOTHING: 1}, dice, free, spare).items())


def _first_roll(pool: Counts, conversion: SurgeConversion, spare: bool) -> dict[State, int]:
    return dict(_roll_outcomes(pool, conversion.capacity, spare))


def _reroll(acc: dict[State, int], tokens: list[tuple[int, int]], conversion: SurgeConversion, spare: bool) -> dict[State, int]:
    """Spend tokens one at a time, each (dice it may reroll, aims it counts as spent):
    aim tokens, then observation tokens; each sees the previous token's rerolls."""
    capacity = conversion.capacity
    for per_token, count in tokens:
        out: dict[State, int] = {}
        for state, w in acc.items():
            chosen = dice_to_reroll(state[:3], per_token)
            rolled = chosen[0] + chosen[1] + chosen[2]
            if not rolled:
                out[state] = out.get(state, 0) + w * SIDES**per_token
                continue
            ur, ub, uw, kr, kb, kw, spent = state
            ur, ub, uw, spent = ur - chosen[0], ub - chosen[1], uw - chosen[2], spent + count
            # Fewer dice than a token allows: scale up so every path has the same total.
            w *= SIDES ** (per_token - rolled)
            free = capacity - (kr + kb + kw)
            for d, dw in _roll_outcomes((chosen[0], chosen[1], chosen[2]), free, spare):
                key = (ur + d[0], ub + d[1], uw + d[2], kr + d[3], kb + d[4], kw + d[5], spent)
                out[key] = out.get(key, 0) + w * dw
        acc = out
    return acc


def _draw_kept_faces(states: dict[State, int], pool: Counts, conversion: SurgeConversion, spare: bool) -> dict[tuple[Vector, int], int]:
    """Draw the faces of the dice that kept their result, one colour at a time."""
    acc: dict[tuple[tuple[int, ...], int, Vector], int] = {}
    for s, w in states.items():
        kept = tuple(pool[i] - s[i] - s[3 + i] for i in range(3))
        key = (kept, s[6], (0, 0, s[3] + s[4] + s[5]))
        acc[key] = acc.get(key, 0) + w
    cap = conversion.capacity
    for colour in ATTACK_COLOURS:
        out: dict[tuple[tuple[int, ...], int, Vector], int] = {}
        for (kept, aims_spent, v), w in acc.items():
            rest = kept[1:]
            for fv, fw in _kept_faces(colour, kept[0], conversion, spare).items():
                surges = v[2] + fv[2]
                key = (rest, aims_spent, (v[0] + fv[0], v[1] + fv[1], surges if surges < cap else cap))
                out[key] = out.get(key, 0) + w * fw
        acc = out
    return {(v, aims_spent): w for (_, aims_spent, v), w in acc.items()}
