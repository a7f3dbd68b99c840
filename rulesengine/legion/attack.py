"""The attack sequence of the Attack note for one attack pool: steps 4 to 6 here (the
attack dice), each guardian's bullets in `guardian_steps.py`, steps 7 to 10 (the defense
dice) in `defense_steps.py`; `pool_steps` puts them in the rules' order.

Each step is a pure function from one `PoolState` to the next (or to a distribution of
next states when dice are rolled); `resolve.py` lifts the steps over the whole
distribution, so no expectation ever stands in for a distribution. Keywords live in
`keywords/`, each called from the step where the rules place it.
"""

from __future__ import annotations

from rulesengine.distribution import Distribution
from rulesengine.legion.attack_dice import AttackResults, attack_weights
from rulesengine.legion.keywords.armor import has_armor, hits_cancelled_by_armor
from rulesengine.legion.keywords import (
    aim_tokens,
    backup,
    lethal,
    marksman,
    impervious,
    ion,
    jar_kai,
    low_profile,
    ram,
    sniper_team,
    surge_charts,
)
from rulesengine.legion.keywords.cover import hits_cancelled_by_cover
from rulesengine.legion.keywords.dodge import use_dodge
from rulesengine.legion.keywords.dug_in import cover_die
from rulesengine.legion.keywords.impact import hits_to_crits
from rulesengine.legion.keywords.pierce import pierce_usable
from rulesengine.legion.keywords.shields import cancelled_by_shields
from rulesengine.legion.keywords.weak_point import pool_impact
from rulesengine.legion.state import PoolState
from rulesengine.legion.surges import SurgeConversion
from rulesengine.legion.pool_context import PoolContext, Step
from rulesengine.legion.guardian_steps import for_guardian, pierce_guardian, use_guardian
from rulesengine.legion.defense_steps import defense_dice_steps
from rulesengine.records import frozen, replace


def attack_conversion(ctx: PoolContext, surge_tokens: int) -> SurgeConversion:
    """Step 4c's converters for this pool: the chart, Critical X, the surge tokens left."""
    return SurgeConversion(surge_charts.attack_chart(ctx.attack.attacker, ctx.attack.melee), ctx.pool.weapons.critical, surge_tokens)


def roll_attack_pool(ctx: PoolContext, aims: int, surge_tokens: int, keep_tokens: bool) -> Distribution[AttackResults]:
    """Step 4: roll the attack dice, reroll them with aim tokens, convert attack surges."""
    return Distribution(attack_pool_weights(ctx, aims, surge_tokens, keep_tokens))


def attack_pool_weights(ctx: PoolContext, aims: int, surge_tokens: int, keep_tokens: bool) -> dict[AttackResults, int]:
    """Step 4 as whole-number weights (their sum is the denominator)."""
    attacker, weapons = ctx.attack.attacker, ctx.pool.weapons
    conversion = attack_conversion(ctx, surge_tokens)
    return attack_weights(
        (weapons.red, weapons.black, weapons.white),
        conversion,
        aims=aims,
        precise=attacker.precise,
        aim_policy=ctx.attack.policies.aim,
        faces=ctx.pool.faces.attack,
        count_aims=keep_tokens or aim_tokens.left_for_later(attacker),
        observations=ctx.pool.defender.observe,
    )


def after_surges(ctx: PoolContext, s: PoolState) -> PoolState:
    """Right after step 4c: Marksman spends aim tokens the rerolls left, then Jar'Kai Mastery
    the attacker's dodge tokens (melee); the blanks are
    counted when Ram X or Djem So Mastery will need them."""
    attacker, defender = ctx.attack.attacker, ctx.pool.defender
    blanks = ctx.pool.weapons.size - s.crits - s.hits
    to_hits, to_crits = marksman.changes(attacker, defender, blanks, s.hits, s.aims_left)
    dodged = jar_kai.changes(attacker, defender, blanks - to_hits, s.hits + to_hits - to_crits, ctx.attack.melee)
    if not (to_hits or to_crits or sum(dodged) or attacker.ram or defender.djem_so):
        return s
    crits, hits = s.crits + to_crits + dodged[1], s.hits + to_hits - to_crits + dodged[0] - dodged[1]
    keep_blanks = attacker.ram or (defender.djem_so and ctx.attack.melee)
    return s._replace(crits=crits, hits=hits, produced_hit=crits + hits > 0, aims_left=s.aims_left - to_hits - to_crits,
                      blanks=blanks - to_hits - dodged[0] if keep_blanks else 0)


def apply_dodge_and_cover(ctx: PoolContext, s: PoolState) -> Distribution[PoolState]:
    """Step 5: cover, then dodge tokens, cancel hits (crits only with Outmaneuver)."""
    defender, ruleset = ctx.pool.defender, ctx.attack.ruleset

    def after_cover(cancelled: int) -> PoolState:
        hits = s.hits - cancelled
        dodged = use_dodge(s.crits, hits, defender, ctx.attack.attacker, ctx.pool.weapons, ctx.attack.policies.dodge,
                           ctx.attack.ranged, ruleset, ctx.attack.melee)
        return s._replace(crits=s.crits - dodged.crits, hits=hits - dodged.hits, dodge_spent=dodged.spent)

    low = low_profile.in_cover_pool(ruleset) and low_profile.replaces_a_die(defender, ctx.cover, s.hits)
    return hits_cancelled_by_cover(s.hits, ctx.cover, ruleset, cover_die(defender), low).map(after_cover)


@frozen
class AttackModifications:
    """Step 6, result by result: the attacker's changes, then the defender's cancels."""

    ram: tuple[int, int]
    """(blanks, hits) Ram X turned into crits."""
    impact: int
    armor: int
    backup: int
    shields: tuple[int, int]
    """(crits, hits) cancelled by shield tokens."""
    ion: int = 0
    """Shield tokens Ion X flipped first, cancelling nothing."""


def attack_modifications(ctx: PoolContext, s: PoolState) -> AttackModifications:
    defender, ranged = ctx.pool.defender, ctx.attack.ranged
    flipped = ion.shields_flipped(ctx.pool.weapons.ion, s.crits + s.hits, defender.shields)
    rammed = ram.changed(s.blanks, s.hits, ctx.attack.attacker.ram)
    crits, hits = s.crits + rammed[0] + rammed[1], s.hits - rammed[1]
    impact = hits_to_crits(hits, pool_impact(ctx.pool.weapons, defender), has_armor(defender))
    crits, hits = crits + impact, hits - impact
    armor = hits_cancelled_by_armor(hits, defender)
    backed = backup.hits_cancelled(hits - armor, defender, ranged)
    shields = cancelled_by_shields(crits, hits - armor - backed, defender.shields - flipped, ranged)
    return AttackModifications(rammed, impact, armor, backed, shields, flipped)


def modify_attack_dice(ctx: PoolContext, s: PoolState) -> PoolState:
    """Step 6: Ion X flips shield tokens first; the attacker's Ram X, Impact X (with Weak
    Point's) and Lethal X's aim tokens, then the defender's Armor, Backup and shield tokens
    (guardians follow)."""
    m = attack_modifications(ctx, s)
    crits = s.crits + m.ram[0] + m.ram[1] + m.impact - m.shields[0]
    hits = s.hits - m.ram[1] - m.impact - m.armor - m.backup - m.shields[1]
    # Only Djem So Mastery reads the blanks after step 6, and only in melee: else states merge.
    blanks = s.blanks - m.ram[0] if ctx.pool.defender.djem_so and ctx.attack.melee else 0
    attack, defender = ctx.attack, ctx.pool.defender
    usable = pierce_usable(defender, attack.melee, attack.attacker, ctx.pool.weapons, s.dodge_spent)
    gained = lethal.tokens_spent(attack.attacker, s.crits + s.hits + m.ram[0], usable, s.aims_left)
    # Ruleset 2026, reading whole-pool: Impervious lowers the pool's Pierce before the guardians.
    lowered = impervious.lowered_in_step_6(defender, attack.attacker, ctx.pool.weapons, attack.melee, attack.ruleset, attack.readings)
    # Only Impervious reads the Pierce gained (step 7a): without it, states that differ there merge.
    return s._replace(crits=crits, hits=hits, blanks=blanks,
                      pierce=max(0, s.pierce + gained - lowered),
                      pierce_gained=gained if impervious.counts_lethal(defender, attack.readings, attack.ruleset) else 0,
                      aims_left=s.aims_left - gained)


def attack_dice_steps(ctx: PoolContext) -> tuple[Step, ...]:
    """Steps 5 and 6, with each guardian's two bullets inside step 6, top to bottom."""
    guardians: list[Step] = []
    for i in range(len(ctx.pool.guardians)):
        guardians.append(Step("guardian", "Guardian X", "guardian-x", for_guardian(use_guardian, i), i, rolls=True))
        guardians.append(Step("pierce", "Pierce X against a guardian", "guardian-x", for_guardian(pierce_guardian, i), i))
    steps = (
        Step("5", "Apply Dodge and Cover", "attack-step-5", apply_dodge_and_cover, rolls=True),
        Step("6", "Modify Attack Dice", "attack-step-6", modify_attack_dice),
        *guardians,
    )
    if not ctx.pool.weapons.sniper_team:
        return steps
    # Sniper Team: a pool cancelled after step 4c skips to step 10.
    return tuple(replace(step, apply=sniper_team.skipping(step.apply)) for step in steps)


def pool_steps(ctx: PoolContext) -> tuple[Step, ...]:
    """Steps 5 to 10."""
    return attack_dice_steps(ctx) + defense_dice_steps(ctx)
