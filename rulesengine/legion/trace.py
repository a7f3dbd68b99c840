"""Trace mode: one record per step, in our words, while every die of the pool is known.

Each record is `{"step", "title", "rule", "text", "state"}`; the step ids follow the
Attack note's numbers, with `guardian` and `pierce` for the Guardian X bullets.
"""

from __future__ import annotations

from rulesengine.wording import agrees, plural

from collections import Counter
from collections.abc import Callable

from rulesengine.distribution import Distribution
from rulesengine.legion.attack import attack_modifications
from rulesengine.legion.defense_steps import defense_dice
from rulesengine.legion.pool_context import PoolContext, Step
from rulesengine.legion.attack_dice import pool_colours
from rulesengine.legion.keywords.critical import surges_to_crits
from rulesengine.legion.keywords import danger_sense, surge_charts
from rulesengine.legion.keywords.guardian import may_act
from rulesengine.legion.keywords.impervious import extra_defense_dice
from rulesengine.legion.keywords.pierce import pierce_usable, pool_pierce
from rulesengine.legion.state import PoolState

COVER_NAMES = ("no cover", "light cover", "heavy cover")


def _entry(step: str, title: str, rule: str, text: str, state: PoolState | dict[str, object]) -> dict[str, object]:
    shown = state.summary() if isinstance(state, PoolState) else state
    return {"step": step, "title": title, "rule": rule, "text": text, "state": shown}


def _plural(n: int, word: str) -> str:
    return plural(n, word, "dice" if word == "die" else "")


def _faces_text(faces: tuple[str, ...]) -> str:
    counts = Counter(faces)
    return ", ".join(_plural(counts[f], f) for f in ("crit", "hit", "surge", "blank", "block") if counts[f]) or "nothing"


def attack_roll_steps(ctx: PoolContext, d: Distribution[PoolState]) -> list[dict[str, object]]:
    """Steps 4a, 4b and 4c, told from the faces given."""
    w = ctx.pool.weapons
    faces = ctx.pool.faces.attack
    colours = pool_colours((w.red, w.black, w.white))
    shown = ", ".join(f"{c} {f}" for c, f in zip(colours, faces))
    rest = len(colours) - len(faces)
    formed = "".join(f"{sentence} " for sentence in w.formed)
    text = f"{formed}The attacker rolls {_plural(len(colours), 'die')}: {shown or 'no faces given'}"
    text += f"; the other {rest} are rolled." if rest else "."
    certain = d.outcomes()[0] if len(d) == 1 else None
    counts: dict[str, object] = {face: faces.count(face) for face in ("crit", "hit", "surge", "blank")}
    steps = [_entry("4a", "Roll Dice", "attack-step-4", text, counts)]
    if certain is None:
        return steps
    aims = ctx.attack.attacker.aim
    policy = ctx.attack.policies.to_json()["aim"]
    reroll = (f"Rerolls are not taken in trace mode: the aim policy, {policy}, rerolls nothing"
              + (f" ({_plural(aims, 'aim token')} unused)." if aims else "."))
    steps.append(_entry("4b", "Reroll Dice", "attack-step-4", reroll, counts))
    steps.append(_entry("4c", "Convert Attack Surges", "attack-step-4", _surge_text(ctx, faces, certain), certain))
    return steps


def _surge_text(ctx: PoolContext, faces: tuple[str, ...], after: PoolState) -> str:
    surges = faces.count("surge")
    chart = ctx.attack.attacker.surge
    parts = []
    to_crits = surges_to_crits(surges, ctx.pool.weapons.critical)
    if to_crits:
        parts.append(f"Critical X turns {_plural(to_crits, 'surge')} into crits")
    left = surges - to_crits
    if left and chart != "none":
        parts.append(f"the surge chart turns {left} into {chart}s")
    elif left:
        tokens = min(left, ctx.attack.attacker.surge_tokens)
        if tokens:
            parts.append(f"{_plural(tokens, 'surge token')} turn {tokens} into hits")
        if left - tokens:
            parts.append(f"{left - tokens} become blanks")
    how = "; ".join(parts) if parts else "no surges to convert"
    if after.sniped:
        crit = "a crit was" if after.sniped == 2 else "no crit was"
        return (f"{how[0].upper()}{how[1:]}. Sniper Team ({ctx.attack.policies.sniper}): the attacker cancels every attack die "
                f"and skips to Assign Suppression Token to Defender; {crit} cancelled.")
    return f"{how[0].upper()}{how[1:]}. The pool shows {_plural(after.crits, 'crit')} and {_plural(after.hits, 'hit')}."


def _dodge_and_cover(ctx: PoolContext, before: PoolState, after: PoolState) -> str:
    cancelled = before.hits - after.hits
    crits = before.crits - after.crits
    cover = COVER_NAMES[ctx.cover]
    remain = f"{_plural(after.hits, 'hit')} and {_plural(after.crits, 'crit')} remain."
    if ctx.attack.ruleset == "notes":
        by_cover = min(before.hits, ctx.cover)
        dodged = cancelled - by_cover + crits
        return f"The defender has {cover}, which cancels {_plural(by_cover, 'hit')}; it spends {_plural(dodged, 'dodge token')}. {remain}"
    on_crits = f" and {_plural(crits, 'crit')} (Outmaneuver)" if crits else ""
    return f"The defender has {cover} (rolled) and dodge: {_plural(cancelled, 'hit')}{on_crits} cancelled in all. {remain}"


def _modify_attack(ctx: PoolContext, before: PoolState, after: PoolState) -> str:
    m = attack_modifications(ctx, before)
    parts = []
    if sum(m.ram):
        parts.append(f"Ram turns {_plural(sum(m.ram), 'result')} into crits")
    if m.impact:
        parts.append(f"Impact turns {_plural(m.impact, 'hit')} into crits")
    if m.armor:
        parts.append(f"Armor cancels {_plural(m.armor, 'hit')}")
    if m.backup:
        parts.append(f"Backup cancels {_plural(m.backup, 'hit')}")
    if m.ion:
        parts.append(f"Ion X flips {_plural(m.ion, 'shield token')} first")
    if sum(m.shields):
        parts.append(f"shield tokens cancel {_plural(sum(m.shields), 'result')}")
    what = "; ".join(parts) if parts else "No keyword changes the dice"
    what = what[0].upper() + what[1:]
    return f"{what}. {_plural(after.hits, 'hit')} and {_plural(after.crits, 'crit')} remain."


def _guardian(ctx: PoolContext, step: Step, before: PoolState, after: PoolState) -> str:
    i = step.guardian or 0
    g = ctx.pool.guardians[i]
    cancelled = before.hits - after.hits
    if not ctx.guardians_act:
        return f"Guardian {i + 1} ({g.words()}) cannot act: guardians help only against ranged attacks, not a defender with Guardian X itself, and never a transported unit or a vehicle."
    if not may_act(g, ctx.attack.ruleset):
        return f"Guardian {i + 1} ({g.words()}) cannot act: since 2.6 a unit whose suppression tokens reach its courage cannot use Guardian X."
    if not cancelled:
        return f"Guardian {i + 1} ({g.words()}) cancels nothing."
    return (f"Guardian {i + 1} ({g.words()}) cancels {_plural(cancelled, 'hit')} and rolls {cancelled} {g.die} defense "
            f"{'die' if cancelled == 1 else 'dice'}; after its surge chart: {_plural(after.guardian_blocks, 'block')}, {_plural(after.guardian_blanks, 'blank')}.")


def _pierce(ctx: PoolContext, step: Step, before: PoolState, after: PoolState) -> str:
    i = step.guardian or 0
    used = before.pierce - after.pierce
    wounds = after.guardian_wounds[i] - before.guardian_wounds[i]
    if ctx.pool.guardians[i].immune_pierce:
        return f"Guardian {i + 1} is Immune: Pierce, so its blocks stand; it suffers {_plural(wounds, 'wound')}; {after.pierce} Pierce left."
    return f"Pierce cancels {_plural(used, 'block')} of guardian {i + 1}, which suffers {_plural(wounds, 'wound')}; {after.pierce} Pierce left."


def _roll_defense(ctx: PoolContext, before: PoolState, after: PoolState) -> str:
    defender = ctx.pool.defender
    attacker, weapons, melee = ctx.attack.attacker, ctx.pool.weapons, ctx.attack.melee
    extra = extra_defense_dice(defender, pool_pierce(weapons, attacker, defender, melee) + before.pierce_gained, melee, attacker, weapons,
                               before.dodge_spent, ctx.attack.ruleset)
    sense = danger_sense.extra_defense_dice(defender)
    dice, added = defense_dice(ctx, before)
    faces = ctx.pool.faces.defense
    plus = f" (plus {extra} for Impervious)" if extra else ""
    plus += f" (plus {sense} for Danger Sense)" if sense else ""
    plus += " (less one, swapped for a block by Low Profile)" if added else ""
    shown = _faces_text(faces) if len(faces) == dice else f"{_plural(after.defense_blocks, 'block')} so far"
    deflected = f" Deflect: every surge is a block, and the attacker suffers {_plural(after.attacker_wounds, 'wound')}." if after.attacker_wounds else ""
    return f"The defender rolls {dice} {defender.defense} defense {'die' if dice == 1 else 'dice'}, one per hit and crit{plus}: {shown}.{deflected}"


def _convert_defense(ctx: PoolContext, before: PoolState, after: PoolState) -> str:
    attack, defender = ctx.attack, ctx.pool.defender
    chart = surge_charts.defense_chart(defender, attack.attacker, before.dodge_spent, attack.ranged, attack.ruleset,
                                       ctx.pool.weapons.high_velocity, attack.melee)
    how = f"its chart ({chart}{'' if chart == defender.surge else ', from a keyword'})"
    return f"The defender's surges are converted by {how} and surge tokens: {_plural(after.defense_blocks, 'block')}."


def _modify_defense(ctx: PoolContext, before: PoolState, after: PoolState) -> str:
    if not pierce_usable(ctx.pool.defender, ctx.attack.melee, ctx.attack.attacker, ctx.pool.weapons, before.dodge_spent):
        return f"The defender is immune to Pierce; {_plural(after.defense_blocks, 'block')} {agrees(after.defense_blocks, 'stands', 'stand')}."
    used = before.defense_blocks - after.defense_blocks
    lowered = before.pierce - used - after.pierce
    first = (f"Impervious lowers the Pierce left from {before.pierce} to {before.pierce - lowered} (errata of 17 June 2026). "
             if lowered else "")
    return first + f"Pierce cancels {_plural(used, 'block')}; {_plural(after.defense_blocks, 'block')} {agrees(after.defense_blocks, 'stands', 'stand')}."


def _compare(ctx: PoolContext, before: PoolState, after: PoolState) -> str:
    attack = before.results
    results = f"{attack} hit or crit" if attack == 1 else f"{attack} hits and crits"
    return f"{results} against {_plural(before.defense_blocks, 'block')}: the defender suffers {_plural(after.wounds, 'wound')}."


def _suppression(ctx: PoolContext, before: PoolState, after: PoolState) -> str:
    more = " Overwhelm: an aim token was spent on rerolls, so the defender gains 1 more." if after.overwhelmed else ""
    if after.suppressed:
        return "The ranged pool produced a hit or crit: the defender gains a suppression token." + more
    why = ("the attack is melee" if ctx.attack.melee else "an overrun attack is not a ranged attack" if ctx.attack.overrun
           else "the pool produced no hit or crit")
    return f"No suppression token: {why}." + more


Explain = Callable[[PoolContext, PoolState, PoolState], str]
TEXTS: dict[str, Explain] = {
    "5": _dodge_and_cover,
    "6": _modify_attack,
    "7a": _roll_defense,
    "7c": _convert_defense,
    "8": _modify_defense,
    "9": _compare,
    "10": _suppression,
}


def record(step: Step, ctx: PoolContext, before: PoolState, after: PoolState) -> dict[str, object]:
    if before.sniped and step.id != "10":
        wounds = f" the defender suffers {_plural(after.wounds, 'wound')} (Sniper Team)" if step.id == "9" else ""
        text = f"Skipped: Sniper Team cancelled the pool;{wounds}." if wounds else "Skipped: Sniper Team cancelled the pool."
    elif step.id == "guardian":
        text = _guardian(ctx, step, before, after)
    elif step.id == "pierce":
        text = _pierce(ctx, step, before, after)
    else:
        text = TEXTS[step.id](ctx, before, after)
    return _entry(step.id, step.title, step.rule, text, after)
