"""Step 6's Guardian X bullets for one attack pool: each guardian cancels hits, rolls its
dice, converts its surges, and Pierce may cancel its blocks (`guardians.py` resolves them
one after another). Pure functions of `PoolState`, as the other steps."""

from __future__ import annotations

from collections.abc import Callable

from rulesengine.distribution import Distribution
from rulesengine.errors import InputError
from rulesengine.legion.defense_dice import with_rerolls
from rulesengine.legion.keywords.guardian import guardian_chart, guardian_rerolls, hits_to_cancel
from rulesengine.legion.keywords.impervious import guardian_blocks_cancelled
from rulesengine.legion.keywords.pierce import pierce_for_guardian
from rulesengine.legion.state import PoolState
from rulesengine.wording import plural
from rulesengine.legion.pool_context import Apply, PoolContext


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
    cancelled = guardian_pierced(ctx, index, s.guardian_blocks, guardian_pierce_offered(ctx, s, index))
    wounds = list(s.guardian_wounds)
    wounds[index] += s.guardian_blanks + cancelled
    return s._replace(pierce=s.pierce - cancelled, guardian_wounds=tuple(wounds), guardian_blocks=0, guardian_blanks=0)


def guardian_pierced(ctx: PoolContext, index: int, blocks: int, offered: int) -> int:
    """How many of guardian `index`'s blocks the offered Pierce cancels (ruleset 2026: one
    fewer for a guardian with Impervious, reading `one-fewer`)."""
    return guardian_blocks_cancelled(blocks, offered, ctx.pool.guardians[index], ctx.attack.ruleset, ctx.attack.readings)


def for_guardian(rule: Callable[[PoolContext, PoolState, int], PoolState | Distribution[PoolState]], index: int) -> Apply:
    """One guardian's bullet as a step: `rule` with that guardian's index fixed."""

    def apply(ctx: PoolContext, s: PoolState) -> PoolState | Distribution[PoolState]:
        return rule(ctx, s, index)

    return apply
