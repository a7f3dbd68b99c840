"""What one attack pool resolves with: its fixed context (`PoolContext`) and a numbered
step of the attack sequence (`Step`)."""

from __future__ import annotations

from collections.abc import Callable

from rulesengine.distribution import Distribution
from rulesengine.legion.keywords import low_profile
from rulesengine.legion.keywords.cover import cover_level
from rulesengine.legion.keywords.guardian import guardian_usable
from rulesengine.legion.model import Attack, AttackPool
from rulesengine.legion.state import PoolState
from rulesengine.records import frozen


@frozen
class PoolContext:
    """Everything about one pool that does not change while it resolves."""

    attack: Attack
    pool: AttackPool
    cover: int
    guardians_act: bool
    back_apart: bool = False
    """Only the distribution of the wounds Deflect sends back is needed, not their joint with
    the rest (one pool): the states do not keep them (`backs_apart`, `wounds_back`)."""

    @classmethod
    def of(cls, attack: Attack, pool: AttackPool, back_apart: bool = False) -> PoolContext:
        cover = cover_level(pool.defender, pool.weapons, attack.ranged, attack.ruleset, attack.attacker.death_from_above,
                            low_profile.raises_light_cover(pool.defender, attack.ruleset, attack.readings.low_profile))
        return cls(attack, pool, cover, guardian_usable(pool.defender, attack.ranged), back_apart)


Apply = Callable[[PoolContext, PoolState], "PoolState | Distribution[PoolState]"]


@frozen
class Step:
    """One numbered step of the Attack note (or a Guardian X bullet)."""

    id: str
    title: str
    rule: str
    apply: Apply
    guardian: int | None = None
    rolls: bool = False
    """True when the step rolls dice (it returns a distribution, not one state)."""
