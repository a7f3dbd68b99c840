"""What steps 5 to 10 make of a state after step 4, for every such state together (the
optimal aim policy values each roll it may reroll into).

Valuing each roll on its own runs steps 5 to 10 once per roll, though the rolls soon meet:
after cover and dodge, many rolls show the same hits and crits. The value wanted is linear
in the final states (expected wounds, the chance of at least k wounds, or wounds plus what
the pools still to roll make of a final state), so it is computed backwards instead: a
state's value before a step is the average, over the states the step leads to, of their
values after it, each (step, state) computed once and shared by every roll that reaches it.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from math import gcd

from rulesengine.distribution import Distribution
from rulesengine.legion.attack import attack_dice_steps
from rulesengine.legion.defense_steps import defense_dice_steps, defense_view
from rulesengine.legion.pool_context import PoolContext, Step
from rulesengine.legion.state import PoolState

FinalValue = Callable[[PoolState], Fraction | int]
"""What one final state (after step 10) is worth."""


class Valuation:
    """The value of a state before step `k` of steps 5 to 10, each (k, state) computed once."""

    def __init__(self, ctx: PoolContext, final: FinalValue, reads_tokens: bool) -> None:
        self.ctx = ctx
        self.final = final
        self.reads_tokens = reads_tokens
        """`final` reads the tokens a state carries on to later pools (else, once step 6 has
        spent Lethal X's aim tokens, nothing reads them: they are cleared and states merge)."""
        attack_steps = attack_dice_steps(ctx)
        self.steps: tuple[Step, ...] = attack_steps + defense_dice_steps(ctx)
        self.guardians_done = len(attack_steps)
        """Where the guardians' bullets are done: from there on states merge (`defense_view`)."""
        self.memo: list[dict[PoolState, Fraction | int]] = [{} for _ in range(len(self.steps) + 1)]

    def value(self, s: PoolState, k: int = 0) -> Fraction | int:
        if k == self.guardians_done:
            s = defense_view(s)
            if not self.reads_tokens:
                s = s._replace(aims_left=0, surge_tokens_left=0, tag=0)
        if s.attacker_wounds:
            s = s._replace(attacker_wounds=0)
        if any(s.guardian_wounds):
            # No later step, and no value, reads a guardian's wounds: states that differ there merge.
            s = s._replace(guardian_wounds=(0,) * len(s.guardian_wounds))
        memo = self.memo[k]
        known = memo.get(s)
        if known is not None:
            return known
        if k == len(self.steps):
            v = self.final(s)
        else:
            after = self.steps[k].apply(self.ctx, s)
            if isinstance(after, Distribution):
                v = self._average(after, k + 1)
            else:
                v = self.value(after, k + 1)
        memo[s] = v
        return v

    def _average(self, after: Distribution[PoolState], k: int) -> Fraction:
        """The values before step `k` averaged over `after`, in whole numbers over one
        denominator that grows only when a term needs it (one Fraction in the end)."""
        num, den = 0, 1
        for t, p in after.items():
            v = self.value(t, k)
            n, d = p.numerator * v.numerator, p.denominator * v.denominator
            if d == den:
                num += n
            else:
                g = gcd(den, d)
                num, den = num * (d // g) + n * (den // g), den // g * d
        return Fraction(num, den)
