"""What one attack pool resolves with: its fixed context (`PoolContext`), the defender's
tokens spent so far, and a numbered step of the attack sequence (`Step`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rulesengine.distribution import Distribution
from rulesengine.legion.keywords import low_profile
from rulesengine.legion.keywords.cover import cover_level
from rulesengine.legion.keywords.guardian import guardian_usable
from rulesengine.legion.model import Attack, AttackPool
from rulesengine.legion.state import PoolState


@dataclass(frozen=True)
class PoolContext:
    """Everything about one pool that does not change while it resolves."""

    attack: Attack
    pool: AttackPool
    cover: int
    guardians_act: bool
    counts_spending: bool = False
    """A later pool attacks the same defender: count the tokens it spends (`defender_spent`)."""
    back_apart: bool = False
    """Only the distribution of the wounds Deflect sends back is needed, not their joint with
    the rest (one pool): the states do not keep them (`backs_apart`, `wounds_back`)."""

    @classmethod
    def of(cls, attack: Attack, pool: AttackPool, counts_spending: bool = False, back_apart: bool = False) -> PoolContext:
        cover = cover_level(pool.defender, pool.weapons, attack.ranged, attack.ruleset, attack.attacker.death_from_above,
                            low_profile.raises_light_cover(pool.defender, attack.ruleset, attack.readings.low_profile))
        return cls(attack, pool, cover, guardian_usable(pool.defender, attack.ranged), counts_spending, back_apart)


def spent(ctx: PoolContext, s: PoolState, dodge: int = 0, shields: int = 0, surges: int = 0) -> tuple[int, int, int, int]:
    """The defender's (dodge, shield, surge, observation) tokens spent so far, when a later
    pool needs them."""
    if not ctx.counts_spending:
        return s.defender_spent
    d, sh, su, ob = s.defender_spent
    return d + dodge, sh + shields, su + surges, ob


Apply = Callable[[PoolContext, PoolState], "PoolState | Distribution[PoolState]"]


@dataclass(frozen=True)
class Step:
    """One numbered step of the Attack note (or a Guardian X bullet)."""

    id: str
    title: str
    rule: str
    apply: Apply
    guardian: int | None = None
    rolls: bool = False
    """True when the step rolls dice (it returns a distribution, not one state)."""
