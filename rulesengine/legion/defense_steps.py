"""Steps 7 to 10 of the attack sequence for one attack pool: the defense roll, its surges,
its modifications, the comparison and the suppression token. Pure functions of `PoolState`;
`resolve.py` lifts them over the whole distribution."""

from __future__ import annotations

from typing import NamedTuple

from rulesengine.distribution import Distribution
from rulesengine.errors import InputError
from rulesengine.legion.defense_dice import convert_defense_surges, converted_at_most, reflected, with_rerolls
from rulesengine.legion.keywords import (
    danger_sense,
    deflect,
    djem_so,
    impervious,
    low_profile,
    shien,
    overwhelm,
    sniper_team,
    soresu,
    surge_charts,
    uncanny_luck,
)
from rulesengine.legion.keywords.pierce import blocks_cancelled, pierce_usable, pool_pierce
from rulesengine.legion.keywords.suppression import gains_suppression
from rulesengine.legion.state import PoolState
from rulesengine.wording import plural
from rulesengine.legion.pool_context import Apply, PoolContext, Step


def defense_view(s: PoolState) -> PoolState:
    """What steps 7 to 10 read of a state once the guardians are done: not the guardians'
    wounds (set aside by the caller), nor which results are crits (the defender rolls one
    die for each hit and crit alike), so states that differ only there merge."""
    return s._replace(crits=0, hits=s.crits + s.hits, guardian_wounds=())


class DefenseRoll(NamedTuple):
    """What step 7a rolls for one state (`defense_roll`)."""

    dice: int
    added: int
    """Blocks added without a roll (Low Profile, ruleset notes)."""
    rerolls: int
    results: PoolState
    """The state after the roll, before its blocks (and wounds on the attacker) are set."""
    cap: int | None
    """Blocks beyond it change nothing later (None: count them all)."""
    reflects: bool
    """Deflect works: every surge rolled is a block and wounds the attacker."""


def defense_roll(ctx: PoolContext, s: PoolState) -> DefenseRoll:
    dice, added = defense_dice(ctx, s)
    defender, ranged = ctx.pool.defender, ctx.attack.ranged
    faces = ctx.pool.faces.defense
    if len(faces) > dice:
        raise InputError("--defense-faces", f"at most {plural(dice, 'face')} (the defender rolls {plural(dice, 'die', 'dice')})", ",".join(faces))
    rerolls = (soresu.rerolls(dice, ctx.attack.readings.soresu) if soresu.rerolls_every_die(defender, s.dodge_spent, ranged, ctx.attack.ruleset)
               else uncanny_luck.rerolls(defender))
    # From here on only the number of results matters, not which are crits: merge them; and
    # the Pierce Lethal X gave has been counted for Impervious (only this step reads it).
    results = s._replace(crits=0, hits=0, results=s.crits + s.hits, pierce_gained=0)
    # Blocks beyond the results and the Pierce left change nothing later: count them up to
    # that (not while a trace shows them).
    cap = None if ctx.pool.faces.given else max(0, s.crits + s.hits + s.pierce - added)
    reflects = deflect.reflects_surges(defender, ctx.attack.attacker, s.dodge_spent, ranged, ctx.attack.ruleset,
                                       ctx.pool.weapons.high_velocity)
    return DefenseRoll(dice, added, rerolls, results, cap, reflects)


def roll_defense(ctx: PoolContext, s: PoolState) -> Distribution[PoolState]:
    """Step 7a and 7b: one defense die per hit and crit, plus Impervious' and Danger Sense's
    extra dice (Low Profile, ruleset notes, swaps one for a block); rerolls by Uncanny
    Luck X or Soresu Mastery. With Deflect working, every surge rolled is a block and a
    wound on the attacker."""
    r = defense_roll(ctx, s)
    defender, faces, added = ctx.pool.defender, ctx.pool.faces.defense, r.added
    if r.reflects:
        if r.cap is not None:
            # With the wounds back counted apart (`wounds_back`) the roll is read for its blocks only.
            each = None if backs_apart(ctx) else deflect.wound_per_surge(defender, ctx.attack.ruleset)
            return reflected(defender.defense, r.dice, r.rerolls, r.cap, each).map(
                lambda x: r.results._replace(defense_blocks=x[0] + added, attacker_wounds=x[1]))
        # Count every surge (chart none, a token for each), then each is a block and a wound.
        rolled = with_rerolls(defender.defense, r.dice, "none", r.dice, r.rerolls, faces)
        return rolled.map(lambda x: r.results._replace(defense_blocks=x[0] + x[1] + added,
                                                       attacker_wounds=deflect.attacker_wounds(x[1], defender, ctx.attack.ruleset)))
    chart = surge_charts.defense_chart(defender, ctx.attack.attacker, s.dodge_spent, ctx.attack.ranged, ctx.attack.ruleset,
                                       ctx.pool.weapons.high_velocity, ctx.attack.melee)
    if r.cap is None:
        rolled = with_rerolls(defender.defense, r.dice, chart, defender.surge_tokens, r.rerolls, faces)
    else:
        # The cap is set only when no trace shows step 7c and no later pool counts the surge
        # tokens spent: convert the surges here, so states merge before step 7c.
        rolled = converted_at_most(defender.defense, r.dice, chart, defender.surge_tokens, r.rerolls, r.cap)
        # Step 8 too: Pierce cancels blocks now, and states that differ only in the Pierce
        # left merge (no step after 8 reads it).
        pierce = pierce_in_step_8(ctx, s) if pierce_usable(defender, ctx.attack.melee, ctx.attack.attacker, ctx.pool.weapons, s.dodge_spent) else 0
        return rolled.map(lambda x: r.results._replace(defense_blocks=x[0] + added - min(x[0] + added, pierce), pierce=0))
    return rolled.map(lambda x: r.results._replace(defense_blocks=x[0] + added, defense_surges=x[1]))


def backs_apart(ctx: PoolContext) -> bool:
    """The defense roll leaves the wounds Deflect sends back out of the states: only their
    distribution is needed (`PoolContext.back_apart`), the attack is ranged (Djem So
    Mastery's wounds, in melee, stay in the states), and no trace reads the roll's blocks
    one by one."""
    return ctx.back_apart and ctx.attack.ranged and not ctx.pool.faces.given


def defense_dice(ctx: PoolContext, s: PoolState) -> tuple[int, int]:
    """(dice the defender rolls in step 7a, blocks added without a roll)."""
    defender, attack = ctx.pool.defender, ctx.attack
    pierce = pool_pierce(ctx.pool.weapons, attack.attacker, defender, attack.melee) + s.pierce_gained
    extra = impervious.extra_defense_dice(defender, pierce, attack.melee, attack.attacker, ctx.pool.weapons, s.dodge_spent,
                                          attack.ruleset)
    dice = s.crits + s.hits + extra + danger_sense.extra_defense_dice(defender) + defender.vaapad
    if not low_profile.in_cover_pool(attack.ruleset) and low_profile.replaces_a_die(defender, ctx.cover, dice, attack.readings.low_profile):
        return dice - 1, 1
    return dice, 0


def convert_defense(ctx: PoolContext, s: PoolState) -> PoolState:
    """Step 7c: the chart has already turned surges into blocks; tokens convert the rest."""
    if not s.defense_surges:
        return s
    blocks = convert_defense_surges((s.defense_blocks, s.defense_surges), ctx.pool.defender.surge_tokens)
    return s._replace(defense_blocks=blocks, defense_surges=0)


def pierce_in_step_8(ctx: PoolContext, s: PoolState) -> int:
    """The Pierce left for step 8: under ruleset 2026, 1 less (never below 0) against a
    defender with Impervious, at the start of the step (reading `start-of-step-8`)."""
    attack = ctx.attack
    lowered = impervious.lowered_in_step_8(ctx.pool.defender, attack.attacker, ctx.pool.weapons, attack.melee, attack.ruleset,
                                           attack.readings)
    return max(0, s.pierce - lowered)


def modify_defense_dice(ctx: PoolContext, s: PoolState) -> PoolState:
    """Step 8: the attacker's Pierce (with what Lethal X gave in step 6) cancels blocks,
    unless the defender is immune to it; ruleset 2026: Impervious lowers it by 1 first."""
    if not pierce_usable(ctx.pool.defender, ctx.attack.melee, ctx.attack.attacker, ctx.pool.weapons, s.dodge_spent):
        return s
    pierce = pierce_in_step_8(ctx, s)
    cancelled = blocks_cancelled(s.defense_blocks, pierce)
    if not cancelled and pierce == s.pierce:
        return s
    return s._replace(defense_blocks=s.defense_blocks - cancelled, pierce=pierce - cancelled)


def compare_results(ctx: PoolContext, s: PoolState) -> PoolState:
    """Step 9: wounds are hits plus crits minus blocks, never below zero; Djem So Mastery
    wounds a melee attacker whose dice show a blank."""
    if s.sniped:
        # Sniper Team cancelled the pool: 1 wound if 1 or more crits were cancelled.
        return s._replace(wounds=s.sniped - 1)
    wounds = max(0, s.results - s.defense_blocks)
    attacker_wounds = s.attacker_wounds + djem_so.attacker_wounds(ctx.pool.defender, s.blanks, ctx.attack.melee)
    return PoolState(wounds=wounds, guardian_wounds=s.guardian_wounds, produced_hit=s.produced_hit,
                   aims_left=s.aims_left, surge_tokens_left=s.surge_tokens_left, attacker_wounds=attacker_wounds,
                   tag=s.tag, aimed=s.aimed)


def gain_suppression(ctx: PoolContext, s: PoolState) -> PoolState:
    """Step 10's first bullet: a ranged pool that produced a hit or crit suppresses."""
    suppressed = gains_suppression(s.produced_hit, ctx.attack.ranged, ctx.pool.defender.vehicle)
    if suppressed and shien.denies_suppression(ctx.pool.defender, ctx.attack.attacker, ctx.attack.ranged, ctx.attack.ruleset,
                                               ctx.pool.weapons.high_velocity, s.wounds):
        suppressed = False
    quiet = shien.denies_suppression(ctx.pool.defender, ctx.attack.attacker, ctx.attack.ranged, ctx.attack.ruleset,
                                     ctx.pool.weapons.high_velocity, s.wounds)
    overwhelmed = overwhelm.gains_token(ctx.attack.attacker, ctx.pool.defender, s.aimed, quiet)
    return s._replace(suppressed=suppressed, produced_hit=False, overwhelmed=overwhelmed, aimed=False)


def _as_is(apply: Apply) -> Apply:
    return apply


def defense_dice_steps(ctx: PoolContext) -> tuple[Step, ...]:
    """Steps 7 to 10, top to bottom."""
    skip = sniper_team.skipping if ctx.pool.weapons.sniper_team else _as_is
    return (
        Step("7a", "Roll Defense Dice", "attack-step-7", skip(roll_defense), rolls=True),
        Step("7c", "Convert Defense Surges", "attack-step-7", skip(convert_defense)),
        Step("8", "Modify Defense Dice", "attack-step-8", skip(modify_defense_dice)),
        Step("9", "Compare Results", "attack-step-9", compare_results),
        Step("10", "Choose Additional Attack Pool", "choose-additional-attack-pool", gain_suppression),
    )
