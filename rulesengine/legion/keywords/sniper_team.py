"""Sniper Team (weapon keyword, April 2026 rulebook; ruleset `2026` only). If an attack pool
holds only Sniper Team weapons, each of their attack dice is upgraded when the unit has not
moved this activation and every miniature has line of sight to the defender (the flag says
all of this holds). "If you upgrade any dice in this way, at the end of the Convert Attack
Surges step for that Attack Pool, you may cancel all the attack dice in that Attack Pool and
skip to the Assign Suppression Token to Defender step. If you do, and if 1 or more [Crit]
results were canceled, the defending unit suffers 1 Wound."

The calculator makes that choice by the sniper policy, state by state right after step 4c
(after Marksman and Jar'Kai Mastery, which change results then): `most-wounds` cancels when
the sure wound beats the expected wounds of resolving the pool (steps 5 to 10, valued
exactly by `Valuation`; `sniper_choice.py`); `crit-shown` whenever a crit shows; `never` never. A cancelled pool
skips steps 5 to 9 (no cover, guardian, defense roll or Deflect); step 10 still gives the
suppression token its hits or crits bring.
"""

from __future__ import annotations

from rulesengine.distribution import Distribution
from rulesengine.legion.keywords.dice_upgrades import Dice, told
from rulesengine.legion.pool_context import Apply, PoolContext
from rulesengine.legion.state import PoolState

NAME = "Sniper Team"
RULESETS = ("2026",)


def upgraded(dice: Dice) -> tuple[Dice, str]:
    """Every die one colour up (red stays red), and the trace's sentence."""
    red, black, white = dice
    after = (red + black, white, 0)
    return after, told(dice, after, NAME)


def cancel_wounds(crits: int) -> int:
    """The wounds a cancelled pool deals: 1 if 1 or more crits were cancelled."""
    return 1 if crits else 0


def cancelled(s: PoolState, crits: int) -> PoolState:
    """The pool cancelled after step 4c: nothing of its dice is left; step 10 remains."""
    return PoolState(produced_hit=s.produced_hit, guardian_wounds=s.guardian_wounds, aims_left=s.aims_left,
                     surge_tokens_left=s.surge_tokens_left, tag=s.tag, aimed=s.aimed, sniped=1 + cancel_wounds(crits))


def skipping(apply: Apply) -> Apply:
    """A step that a cancelled pool skips (steps 5 to 8 and the guardians' bullets)."""

    def run(ctx: PoolContext, s: PoolState) -> PoolState | Distribution[PoolState]:
        return s if s.sniped else apply(ctx, s)

    return run
