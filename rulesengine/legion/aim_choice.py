"""The declared cost of an attack's aim policy, and the default policy's choice.

`optimal` is refused before computing above `OPTIMAL_MAX_COST`. The default,
`optimal-if-it-fits`, is not refused: it takes `optimal` where the cost fits, else the first
heuristic of `policies.FALLBACK_AIM` this attack admits, and says why in `Policies.why`.
Where no aim or observation token gives any pool a reroll, there is no choice to weigh:
`optimal` costs nothing (every policy gives the same answer).
"""

from __future__ import annotations

from rulesengine.legion import policies
from rulesengine.legion.attack_dice import costly_aim, token_budgets
from rulesengine.legion.keywords.aim_tokens import left_for_later
from rulesengine.legion.keywords.surge_charts import attack_chart
from rulesengine.legion.model import Attack
from rulesengine.legion.optimal import OPTIMAL_MAX_COST, optimal_cost
from rulesengine.legion.pools import runs_bound
from rulesengine.legion.surges import SurgeConversion
from rulesengine.records import frozen, replace


@frozen
class OptimalCost:
    """`optimal`'s declared cost: the dearest pool weighed alone, and all pools together."""

    alone: int
    total: int

    @property
    def fits(self) -> bool:
        return self.alone <= OPTIMAL_MAX_COST and self.total <= OPTIMAL_MAX_COST


def _conversion(attack: Attack, index: int) -> SurgeConversion:
    w = attack.pools[index].weapons
    return SurgeConversion(attack_chart(attack.attacker, attack.melee), w.critical, attack.attacker.surge_tokens)


def any_reroll(attack: Attack) -> bool:
    """Whether some pool has an aim or observation token to reroll with."""
    return attack.attacker.aim > 0 or any(p.defender.observe > 0 for p in attack.pools)


def optimal_costs(attack: Attack) -> OptimalCost:
    """The declared cost of `optimal` on this attack, from its inputs alone."""
    if not any_reroll(attack):
        return OptimalCost(0, 0)
    total = dearest = 0
    for index, pool in enumerate(attack.pools):
        w = pool.weapons
        conversion = _conversion(attack, index)
        budgets = token_budgets(attack.attacker.aim, attack.attacker.precise, True, pool.defender.observe)
        # Lethal X or Marksman read the aim tokens left: each count is valued apart (the bound
        # over several pools was fitted without it, on small pools).
        kept = attack.attacker.aim + 1 if left_for_later(attack.attacker) else 1
        # A later pool reads the aim tokens this one leaves: its valuation runs once per count
        # of them too (measured: 26 red dice, 5 aim tokens, Ram 3, then a 3-dice pool at
        # another guarded defender took 0.9 s CPU with the cost counted once).
        later = attack.attacker.aim + 1 if index < len(attack.pools) - 1 else 1
        cost = optimal_cost((w.red, w.black, w.white), conversion, budgets, later)
        dearest = max(dearest, optimal_cost((w.red, w.black, w.white), conversion, budgets, kept))
        # A pool after another rolls once per start when its value is weighed for the pool
        # before (`pools_optimal`) and once more in the attack itself: twice per start.
        total += cost * runs_bound(attack, index) * (2 if index else 1)
    return OptimalCost(dearest, total)


def heuristic_refusal(attack: Attack, aim_policy: str) -> str:
    """Why a named heuristic is refused for some pool of this attack ("" when it is not)."""
    for index, pool in enumerate(attack.pools):
        w = pool.weapons
        why = costly_aim((w.red, w.black, w.white), _conversion(attack, index), attack.attacker.aim + pool.defender.observe,
                         aim_policy)
        if why:
            return why
    return ""


def chosen(attack: Attack) -> Attack:
    """The attack with the default aim policy replaced by the one it takes here (any other
    policy is returned as it is)."""
    chosen_policies = attack.policies
    if chosen_policies.aim != policies.DEFAULT_AIM:
        return attack
    cost = optimal_costs(attack)
    if cost.fits:
        why = "optimal fits its declared cost here" if any_reroll(attack) else "no aim or observation token: no reroll to choose"
        return replace(attack, policies=replace(chosen_policies, aim="optimal", why=f"the default: {why}"))
    fallback = next(p for p in policies.FALLBACK_AIM if not heuristic_refusal(attack, p))
    aimed = f" for the chance of at least {chosen_policies.target} wounds" if chosen_policies.target else ""
    why = (f"the default: optimal{aimed} would cost {max(cost.alone, cost.total):,} here, above its declared bound "
           f"{OPTIMAL_MAX_COST:,}, so the best fixed reroll rule this attack admits")
    return replace(attack, policies=replace(chosen_policies, aim=fallback, why=why))
