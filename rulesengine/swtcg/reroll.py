"""The re-roll window: an effect lets the attacker or the defender re-roll some attack dice.

Critical Hit and Parry read the roll after re-rolls, so which dice are re-rolled matters.
The player's choice is a named policy: which dice qualify, and which go first when the
effect allows fewer re-rolls than there are dice that qualify. Each die is re-rolled at
most once, and the roll after re-rolls is the one the attack uses.

A die is read as (hit, natural 6, natural 1); faces that read alike are interchangeable,
so the exact distribution counts rolls by four kinds of die (natural 1, natural 6, other
hits, other misses) instead of listing 6^n faces.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rulesengine.distribution import Distribution
from rulesengine.swtcg.dice import FACES, RollSummary, read_roll, roll_counts

REROLLERS = ("nobody", "attacker", "defender")
REROLL_POLICIES: dict[str, str] = {
    "usual": "The attacker re-rolls dice that missed, the defender dice that hit (as for misses and hits).",
    "misses": "Dice that missed are re-rolled: natural 1s first, natural 6s last, the others in the order rolled.",
    "hits": "Dice that hit are re-rolled: natural 6s first, natural 1s last, the others in the order rolled.",
    "ones": "Only natural 1s are re-rolled (against Parry).",
    "sixes": "Only natural 6s are re-rolled (against Critical Hit).",
}


@dataclass(frozen=True)
class Reroll:
    """Who re-rolls, at most how many dice, and which (a REROLL_POLICIES name)."""

    by: str = "nobody"
    count: int = 0
    policy: str = "usual"

    @property
    def played(self) -> bool:
        return self.by != "nobody" and self.count > 0

    @property
    def rule(self) -> str:
        """The policy in force, with `usual` resolved for the player who re-rolls."""
        if self.policy != "usual":
            return self.policy
        return "misses" if self.by == "attacker" else "hits"


def rank(rule: str, die: RollSummary) -> int | None:
    """Where one die stands in the re-roll order (lower first); None: it is kept."""
    if rule == "misses":
        return None if die.hits else (0 if die.natural_one else 2 if die.natural_six else 1)
    if rule == "hits":
        return None if not die.hits else (0 if die.natural_six else 2 if die.natural_one else 1)
    if rule == "ones":
        return 0 if die.natural_one else None
    if rule == "sixes":
        return 0 if die.natural_six else None
    raise ValueError(f"unknown re-roll policy {rule!r}; one of {', '.join(REROLL_POLICIES)}")


def chosen_dice(faces: Sequence[int], accuracy: int, armor: bool, reroll: Reroll) -> tuple[int, ...]:
    """Positions (from 0) of the dice the policy re-rolls, in the order it picks them."""
    if not reroll.played:
        return ()
    ranked = [(r, i) for i, face in enumerate(faces) if (r := rank(reroll.rule, read_roll((face,), accuracy, armor))) is not None]
    return tuple(i for _, i in sorted(ranked)[: reroll.count])


def rerolled_attack_dice(dice: int, accuracy: int, armor: bool, reroll: Reroll) -> Distribution[RollSummary]:
    """The exact distribution of the roll after re-rolls."""
    kinds: dict[RollSummary, int] = {}
    for face in FACES:
        die = read_roll((face,), accuracy, armor)
        kinds[die] = kinds.get(die, 0) + 1
    order = sorted(kinds, key=lambda die: (rank(reroll.rule, die) is None, rank(reroll.rule, die) or 0))
    most = min(reroll.count, dice)
    # The hot loop runs over every split of the dice into kinds: plain ints and tuples only.
    table = [(kinds[die], die.hits, die.natural_six, die.natural_one, rank(reroll.rule, die) is not None) for die in order]
    factorial = [1]
    for n in range(1, dice + 1):
        factorial.append(factorial[-1] * n)
    kept_weights: dict[tuple[int, bool, bool, int], int] = {}
    for counts in _compositions(dice, len(table)):
        ways = factorial[dice]
        left = reroll.count
        hits, six, one, rerolled = 0, False, False, 0
        for (faces, hit, natural_six, natural_one, eligible), n in zip(table, counts):
            ways = ways // factorial[n] * faces**n
            again = min(n, left) if eligible else 0
            left -= again
            rerolled += again
            if n > again:
                hits += hit * (n - again)
                six = six or natural_six
                one = one or natural_one
        key = (hits, six, one, rerolled)
        kept_weights[key] = kept_weights.get(key, 0) + ways
    out: dict[RollSummary, int] = {}
    fresh = {k: roll_counts(k, accuracy, armor) for k in range(most + 1)}
    for (hits, six, one, k), ways in kept_weights.items():
        scale = ways * 6 ** (most - k)
        for summary, n in fresh[k].items():
            final = RollSummary(hits + summary.hits, six or summary.natural_six, one or summary.natural_one)
            out[final] = out.get(final, 0) + scale * n
    return Distribution(out)


def _compositions(total: int, parts: int) -> list[tuple[int, ...]]:
    if parts == 1:
        return [(total,)]
    return [(first, *rest) for first in range(total + 1) for rest in _compositions(total - first, parts - 1)]

