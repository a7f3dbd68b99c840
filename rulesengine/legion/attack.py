"""The attack sequence of the Attack note, steps 4 to 10 for one attack pool.

Each step is a pure function from one `PoolState` to the next (or to a distribution of
next states when dice are rolled); `resolve.py` lifts the steps over the whole
distribution, so no expectation ever stands in for a distribution. Keywords live in
`keywords/`, each called from the step where the rules place it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

from rulesengine.distribution import Distribution
from rulesengine.errors import InputError
from rulesengine.legion.attack_dice import AttackResults, attack_weights
from rulesengine.legion.defense_dice import (
    convert_defense_surges,
    converted_at_most,
    reflected,
    with_rerolls,
)
from rulesengine.legion.keywords.armor import has_armor, hits_cancelled_by_armor
from rulesengine.legion.keywords import (
    aim_tokens,
    backup,
    danger_sense,
    deflect,
    djem_so,
    lethal,
    marksman,
    impervious,
    ion,
    jar_kai,
    low_profile,
    ram,
    shien,
    soresu,
    surge_charts,
    uncanny_luck,
)
from rulesengine.legion.keywords.cover import cover_level, hits_cancelled_by_cover
from rulesengine.legion.keywords.dodge import use_dodge
from rulesengine.legion.keywords.dug_in import cover_die
from rulesengine.legion.keywords.guardian import guardian_chart, guardian_rerolls, guardian_usable, hits_to_cancel
from rulesengine.legion.keywords.impact import hits_to_crits
from rulesengine.legion.keywords.pierce import blocks_cancelled, pierce_for_guardian, pierce_usable, pool_pierce
from rulesengine.legion.keywords.shields import cancelled_by_shields
from rulesengine.legion.keywords.suppression import gains_suppression
from rulesengine.legion.keywords.weak_point import pool_impact
from rulesengine.legion.model import Attack, AttackPool
from rulesengine.legion.state import PoolState
from rulesengine.legion.surges import SurgeConversion
from rulesengine.wording import plural


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
        count_observations=ctx.counts_spending,
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
        tokens = max(dodged.crits + dodged.hits, 1 if dodged.spent else 0)
        return s._replace(crits=s.crits - dodged.crits, hits=hits - dodged.hits, dodge_spent=dodged.spent,
                          defender_spent=spent(ctx, s, dodge=tokens))

    low = low_profile.in_cover_pool(ruleset) and low_profile.replaces_a_die(defender, ctx.cover, s.hits)
    return hits_cancelled_by_cover(s.hits, ctx.cover, ruleset, cover_die(defender), low).map(after_cover)


@dataclass(frozen=True)
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
    usable = pierce_usable(ctx.pool.defender, ctx.attack.melee, ctx.attack.attacker, ctx.pool.weapons, s.dodge_spent)
    gained = lethal.tokens_spent(ctx.attack.attacker, s.crits + s.hits + m.ram[0], usable, s.aims_left)
    # Only Impervious reads the Pierce gained (step 7a): without it, states that differ there merge.
    return s._replace(crits=crits, hits=hits, blanks=blanks, defender_spent=spent(ctx, s, shields=sum(m.shields) + m.ion),
                      pierce=s.pierce + gained, pierce_gained=gained if impervious.counts_lethal(ctx.pool.defender, ctx.attack.readings) else 0,
                      aims_left=s.aims_left - gained)


def guardian_cancels(ctx: PoolContext, s: PoolState, index: int) -> int:
    """The hits guardian `index` cancels from state `s` (0: it does not act)."""
    if not ctx.guardians_act:
        return 0
    return hits_to_cancel(s.hits, ctx.pool.guardians[index], ctx.attack.policies.guardian, ctx.attack.ruleset)


def guardian_roll(ctx: PoolContext, index: int, dice: int) -> tuple[str, int, str, int, int]:
    """(colour, dice, chart, surge tokens, rerolls) of guardian `index`'s roll of `dice`
    dice: its chart (with Deflect's surge: block), its own surge tokens, and Soresu
    Mastery's rerolls (`keywords.guardian`)."""
    g = ctx.pool.guardians[index]
    chart = guardian_chart(g, ctx.attack.attacker, ctx.attack.ranged, ctx.attack.ruleset, ctx.pool.weapons.high_velocity)
    return g.die, dice, chart, g.surge_tokens, dice if guardian_rerolls(g, ctx.attack.ruleset) else 0


def guardian_blocks(ctx: PoolContext, index: int, dice: int, faces: tuple[str, ...] = ()) -> Distribution[int]:
    """The blocks guardian `index` keeps after converting its surges (chart, then tokens)."""
    return with_rerolls(*guardian_roll(ctx, index, dice), faces).map(lambda r: r[0] + r[1])


def guardian_pierce_offered(ctx: PoolContext, s: PoolState, index: int) -> int:
    """The Pierce the attacker offers against guardian `index`'s blocks."""
    return 0 if ctx.pool.guardians[index].immune_pierce else pierce_for_guardian(s.pierce, ctx.attack.policies.pierce)


def use_guardian(ctx: PoolContext, s: PoolState, index: int) -> PoolState | Distribution[PoolState]:
    """Guardian X: cancel hits, roll a die of the guardian's colour for each, convert."""
    cancelled = guardian_cancels(ctx, s, index)
    faces = ctx.pool.faces.guardian(index)
    if len(faces) > cancelled:
        raise InputError("--guardian-faces", f"at most {plural(cancelled, 'face')} for guardian {index + 1} (one per hit it cancels)", ",".join(faces))
    if not cancelled:
        return s
    rolled = guardian_blocks(ctx, index, cancelled, faces)
    return rolled.map(lambda b: s._replace(hits=s.hits - cancelled, guardian_blocks=b, guardian_blanks=cancelled - b))


def pierce_guardian(ctx: PoolContext, s: PoolState, index: int) -> PoolState:
    """Guardian X's Pierce bullet: cancelled blocks become blanks, one wound per blank."""
    cancelled = blocks_cancelled(s.guardian_blocks, guardian_pierce_offered(ctx, s, index))
    wounds = list(s.guardian_wounds)
    wounds[index] += s.guardian_blanks + cancelled
    return s._replace(pierce=s.pierce - cancelled, guardian_wounds=tuple(wounds), guardian_blocks=0, guardian_blanks=0)


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
    # that (not while a trace shows them, nor when a later pool counts the surge tokens spent).
    cap = None if ctx.pool.faces.given or ctx.counts_spending else max(0, s.crits + s.hits + s.pierce - added)
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
        pierce = s.pierce if pierce_usable(defender, ctx.attack.melee, ctx.attack.attacker, ctx.pool.weapons, s.dodge_spent) else 0
        return rolled.map(lambda x: r.results._replace(defense_blocks=x[0] + added - min(x[0] + added, pierce), pierce=0))
    return rolled.map(lambda x: r.results._replace(defense_blocks=x[0] + added, defense_surges=x[1]))


def backs_apart(ctx: PoolContext) -> bool:
    """The defense roll leaves the wounds Deflect sends back out of the states: only their
    distribution is needed (`PoolContext.back_apart`), the attack is ranged (Djem So
    Mastery's wounds, in melee, stay in the states), and no trace or later pool reads the
    roll's blocks one by one."""
    return ctx.back_apart and ctx.attack.ranged and not ctx.pool.faces.given and not ctx.counts_spending


def defense_dice(ctx: PoolContext, s: PoolState) -> tuple[int, int]:
    """(dice the defender rolls in step 7a, blocks added without a roll)."""
    defender, attack = ctx.pool.defender, ctx.attack
    pierce = pool_pierce(ctx.pool.weapons, attack.attacker, defender, attack.melee) + s.pierce_gained
    extra = impervious.extra_defense_dice(defender, pierce, attack.melee, attack.attacker, ctx.pool.weapons, s.dodge_spent)
    dice = s.crits + s.hits + extra + danger_sense.extra_defense_dice(defender)
    if not low_profile.in_cover_pool(attack.ruleset) and low_profile.replaces_a_die(defender, ctx.cover, dice, attack.readings.low_profile):
        return dice - 1, 1
    return dice, 0


def convert_defense(ctx: PoolContext, s: PoolState) -> PoolState:
    """Step 7c: the chart has already turned surges into blocks; tokens convert the rest."""
    if not s.defense_surges:
        return s
    blocks = convert_defense_surges((s.defense_blocks, s.defense_surges), ctx.pool.defender.surge_tokens)
    used = blocks - s.defense_blocks
    return s._replace(defense_blocks=blocks, defense_surges=0, defender_spent=spent(ctx, s, surges=used))


def modify_defense_dice(ctx: PoolContext, s: PoolState) -> PoolState:
    """Step 8: the attacker's Pierce (with what Lethal X gave in step 6) cancels blocks,
    unless the defender is immune to it."""
    if not pierce_usable(ctx.pool.defender, ctx.attack.melee, ctx.attack.attacker, ctx.pool.weapons, s.dodge_spent):
        return s
    cancelled = blocks_cancelled(s.defense_blocks, s.pierce)
    if not cancelled:
        return s
    return s._replace(defense_blocks=s.defense_blocks - cancelled, pierce=s.pierce - cancelled)


def compare_results(ctx: PoolContext, s: PoolState) -> PoolState:
    """Step 9: wounds are hits plus crits minus blocks, never below zero; Djem So Mastery
    wounds a melee attacker whose dice show a blank."""
    wounds = max(0, s.results - s.defense_blocks)
    attacker_wounds = s.attacker_wounds + djem_so.attacker_wounds(ctx.pool.defender, s.blanks, ctx.attack.melee)
    return PoolState(wounds=wounds, guardian_wounds=s.guardian_wounds, produced_hit=s.produced_hit,
                   aims_left=s.aims_left, surge_tokens_left=s.surge_tokens_left, attacker_wounds=attacker_wounds,
                   defender_spent=s.defender_spent, tag=s.tag)


def gain_suppression(ctx: PoolContext, s: PoolState) -> PoolState:
    """Step 10's first bullet: a ranged pool that produced a hit or crit suppresses."""
    suppressed = gains_suppression(s.produced_hit, ctx.attack.ranged, ctx.pool.defender.vehicle)
    if suppressed and shien.denies_suppression(ctx.pool.defender, ctx.attack.attacker, ctx.attack.ranged, ctx.attack.ruleset,
                                               ctx.pool.weapons.high_velocity, s.wounds):
        suppressed = False
    return s._replace(suppressed=suppressed, produced_hit=False)


def _for_guardian(rule: Callable[[PoolContext, PoolState, int], PoolState | Distribution[PoolState]], index: int) -> Apply:
    """One guardian's bullet as a step: `rule` with that guardian's index fixed."""

    def apply(ctx: PoolContext, s: PoolState) -> PoolState | Distribution[PoolState]:
        return rule(ctx, s, index)

    return apply


def attack_dice_steps(ctx: PoolContext) -> tuple[Step, ...]:
    """Steps 5 and 6, with each guardian's two bullets inside step 6, top to bottom."""
    guardians: list[Step] = []
    for i in range(len(ctx.pool.guardians)):
        guardians.append(Step("guardian", "Guardian X", "guardian-x", _for_guardian(use_guardian, i), i, rolls=True))
        guardians.append(Step("pierce", "Pierce X against a guardian", "guardian-x", _for_guardian(pierce_guardian, i), i))
    return (
        Step("5", "Apply Dodge and Cover", "attack-step-5", apply_dodge_and_cover, rolls=True),
        Step("6", "Modify Attack Dice", "attack-step-6", modify_attack_dice),
        *guardians,
    )


def defense_dice_steps(ctx: PoolContext) -> tuple[Step, ...]:
    """Steps 7 to 10, top to bottom."""
    return (
        Step("7a", "Roll Defense Dice", "attack-step-7", roll_defense, rolls=True),
        Step("7c", "Convert Defense Surges", "attack-step-7", convert_defense),
        Step("8", "Modify Defense Dice", "attack-step-8", modify_defense_dice),
        Step("9", "Compare Results", "attack-step-9", compare_results),
        Step("10", "Choose Additional Attack Pool", "choose-additional-attack-pool", gain_suppression),
    )


def pool_steps(ctx: PoolContext) -> tuple[Step, ...]:
    """Steps 5 to 10."""
    return attack_dice_steps(ctx) + defense_dice_steps(ctx)
