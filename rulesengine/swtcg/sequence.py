"""One attack, window by window, in the order the glossary's timing words give:

attack POP (Intercept) -> roll -> re-roll window -> assign hits (Overkill) ->
pending damage POP (Critical Hit) -> damage prevention POP (Parry, Evade, Deflect) ->
damage placed (a unit whose damage reaches its health is discarded).

Everything before the roll is fixed; everything after it depends only on the roll's
summary, so the exact result is the roll's distribution mapped through `after_roll`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from rulesengine.distribution import Distribution
from rulesengine.swtcg.critical_hit import pending_damage
from rulesengine.swtcg.dice import RollSummary, hit_threshold, read_roll, roll_attack_dice
from rulesengine.swtcg.deflect import Placed
from rulesengine.swtcg.intercept import Interception, resolve_intercepts
from rulesengine.swtcg.overkill import assign_hits
from rulesengine.swtcg.policies import Policies
from rulesengine.swtcg.reroll import REROLL_POLICIES, Reroll, chosen_dice, rerolled_attack_dice
from rulesengine.swtcg.power import PowerChanges, attack_dice, attack_power, power_steps
from rulesengine.swtcg.prevention import Defences, prevent_damage
from rulesengine.swtcg.trace import Step, step
from rulesengine.swtcg.units import ATTACKER, DEFENDER, SECOND_UNIT, AfterRoll, Attacker, Unit
from rulesengine.wording import agrees, plural


@dataclass(frozen=True)
class Attack:
    """Everything that is true when the attack is declared (plus late gains)."""

    attacker: Attacker
    defender: Unit
    second: Unit | None = None
    interceptors: tuple[Unit, ...] = ()
    """Units that intercept, in order; the last one ends up defending (unless Precision)."""
    power_changes: PowerChanges = field(default_factory=PowerChanges)
    unpreventable: bool = False
    after_roll: AfterRoll = field(default_factory=AfterRoll)
    policies: Policies = field(default_factory=Policies)
    reroll: Reroll = field(default_factory=Reroll)


@dataclass(frozen=True)
class Declared:
    """What the attack POP and the roll fix: who defends and what the dice read."""

    defender: Unit
    interception: Interception
    power: int
    dice: int
    accuracy: int
    armor: bool
    critical_hit: int
    parry: int


@dataclass(frozen=True, order=True)
class Outcome:
    """Damage this attack places on each unit, and who is discarded."""

    defender_damage: int
    defender_discarded: bool
    second_damage: int
    second_discarded: bool
    deflected_damage: int
    """Damage the Deflect chain places on the unit the defender's Deflect chose."""


def declare_attack(attack: Attack) -> tuple[Declared, tuple[Step, ...]]:
    """Attack POP: Intercept may change the defender; then power becomes dice.

    Shields, Accuracy, Critical Hit and Parry are read as the dice are rolled, so a
    unit that gains them afterwards (`attack.after_roll`) gets nothing from them.
    """
    interception, intercept_steps = resolve_intercepts(attack.defender, attack.interceptors, attack.attacker.precision)
    defender = interception.defender
    power = attack_power(attack.attacker.power, attack.power_changes)
    dice = attack_dice(power, defender.shields)
    threshold = hit_threshold(defender.armor)
    declared = Declared(defender, interception, power, dice, attack.attacker.accuracy, defender.armor, attack.attacker.critical_hit, defender.parry)
    text = (
        f"The attacker has {power} power; the defender's Shields {defender.shields} leave {plural(dice, 'attack die', 'attack dice')}, "
        f"{agrees(dice, 'which hits', 'each hitting')} when its face plus Accuracy {attack.attacker.accuracy} is {threshold} or more"
        + (" (Armor)." if defender.armor else ".")
    )
    steps = intercept_steps + power_steps(attack.attacker.power, attack.power_changes, defender.shields)
    return declared, steps + (step("attack", "power", text, power=power, dice=dice, hits_on=threshold),)


def late_gains(attack: Attack) -> tuple[Step, ...]:
    """Steps saying which keywords gained after the roll are ignored, and why."""
    late = attack.after_roll
    ignored = (("shields", "Shields", late.shields), ("accuracy", "Accuracy", late.accuracy),
               ("critical-hit", "Critical Hit", late.critical_hit), ("parry", "Parry", late.parry))
    return tuple(
        step("reroll", rule, f"{name} {value} gained after the roll comes too late: the roll was already read without it.", too_late=True)
        for rule, name, value in ignored if value
    )


def after_roll(attack: Attack, declared: Declared, roll: RollSummary) -> tuple[Outcome, tuple[Step, ...]]:
    """Every window after the roll, for one roll summary."""
    to_defender, to_second, assign_steps = assign_hits(
        roll.hits, declared.defender, attack.second, attack.attacker.overkill, attack.policies.overkill
    )
    pending, pending_steps = pending_damage(to_defender, roll, declared.critical_hit)
    defences = Defences(
        parry=declared.parry,
        evade=declared.defender.evade + attack.after_roll.evade,
        deflect=declared.defender.deflect + attack.after_roll.deflect,
        second_evade=attack.second.evade if attack.second else 0,
        unpreventable=attack.unpreventable,
        deflect_target=deflect_target(attack.policies.deflect, declared.interception),
        other_deflects={ATTACKER: attack.attacker.deflect, **{u.name: u.deflect for u in declared.interception.passed}},
    )
    placed, prevention_steps = prevent_damage(pending, to_second, roll, defences, attack.policies)
    outcome, place_steps = place_damage(declared.defender, attack.second, placed, defences.deflect_target)
    return outcome, assign_steps + pending_steps + prevention_steps + place_steps


def deflect_target(policy: str, interception: Interception) -> str | None:
    """The unit the defender's Deflect does damage to under `policy` (see DEFLECT_POLICIES)."""
    if policy == "nobody":
        return None
    if policy == "itself":
        return DEFENDER
    if policy in (ATTACKER, "second-unit"):
        return ATTACKER if policy == ATTACKER else SECOND_UNIT
    wanted = policy.replace("-", " ")
    if wanted == interception.defender.name:
        return DEFENDER
    for unit in interception.passed:
        if unit.name == wanted:
            return unit.name
    raise ValueError(f"{wanted} is not in this attack's arena")


def place_damage(defender: Unit, second: Unit | None, placed: Placed, target: str | None) -> tuple[Outcome, tuple[Step, ...]]:
    """Damage is placed on all units together; reaching health means discarded."""
    on_defender = placed.damage.get(DEFENDER, 0)
    on_second = placed.damage.get(SECOND_UNIT, 0)
    defender_out = defender.damage + on_defender >= defender.health
    second_out = second is not None and second.damage + on_second >= second.health
    outcome = Outcome(on_defender, defender_out, on_second, second_out, placed.deflected.get(target, 0) if target else 0)
    text = f"{on_defender} damage is placed on the defender" + (", which is discarded." if defender_out else ".")
    if second is not None and on_second:
        text += f" {on_second} on the second unit" + (", which is discarded." if second_out else ".")
    for unit, amount in placed.damage.items():
        if amount and unit not in (DEFENDER, SECOND_UNIT):
            text += f" {amount} on the {unit}."
    return outcome, (step(
        "place-damage", "place-damage", text,
        defender=on_defender, defender_discarded=defender_out, second=on_second,
        second_discarded=second_out, deflected=outcome.deflected_damage,
        others={unit: amount for unit, amount in placed.damage.items() if unit not in (DEFENDER, SECOND_UNIT)},
    ),)


def resolve(attack: Attack) -> Distribution[Outcome]:
    """The exact distribution of the attack's outcome."""
    declared, _ = declare_attack(attack)
    if attack.reroll.played:
        rolls = rerolled_attack_dice(declared.dice, declared.accuracy, declared.armor, attack.reroll)
    else:
        rolls = roll_attack_dice(declared.dice, declared.accuracy, declared.armor)
    return rolls.map(lambda roll: after_roll(attack, declared, roll)[0])


def roll_reading_steps(declared: Declared) -> tuple[Step, ...]:
    """How Accuracy and Armor read the dice (after the roll step, which holds the hits)."""
    steps: list[Step] = []
    if declared.accuracy:
        steps.append(step("roll", "accuracy", f"Accuracy {declared.accuracy:+d} changes each die for hitting only; natural 6s and 1s stay as rolled."))
    if declared.armor:
        steps.append(step("roll", "armor", "Armor: the defender is hit only on 5 or more; Armor moves the target number, not the die."))
    return tuple(steps)


def _shown(faces: Sequence[int]) -> str:
    if not faces:
        return "No attack dice are rolled"
    return f"The {agrees(len(faces), 'die shows', 'dice show')} {', '.join(map(str, faces))}"


def reroll_step(attack: Attack, declared: Declared, faces: Sequence[int], again: Sequence[int]) -> tuple[tuple[int, ...], Step]:
    """The faces after the re-roll window, and what happened in it."""
    reroll = attack.reroll
    if not reroll.played:
        return tuple(faces), step("reroll", "reroll", "No re-roll effect is played, so this roll is the one the attack uses.")
    picked = chosen_dice(faces, declared.accuracy, declared.armor, reroll)
    if len(again) != len(picked):
        raise ValueError(f"the re-roll policy picks {plural(len(picked), 'die', 'dice')}, {plural(len(again), 'face')} given")
    after = list(faces)
    for position, face in zip(picked, again):
        after[position] = face
    roll = read_roll(after, declared.accuracy, declared.armor)
    which = ", ".join(f"die {i + 1} ({faces[i]} to {after[i]})" for i in picked) or "none qualify"
    text = (
        f"The {reroll.by} may re-roll up to {plural(reroll.count, 'die', 'dice')}, by the {reroll.rule} policy: "
        f"{REROLL_POLICIES[reroll.rule]} Re-rolled: {which}. "
        f"The roll used: {', '.join(map(str, after)) or 'no dice'}: {plural(roll.hits, 'hit')}; "
        f"natural 6: {'yes' if roll.natural_six else 'no'}; natural 1: {'yes' if roll.natural_one else 'no'}."
    )
    return tuple(after), step(
        "reroll", "reroll", text, by=reroll.by, policy=reroll.rule, rerolled=[i + 1 for i in picked],
        faces=after, hits=roll.hits, natural_six=roll.natural_six, natural_one=roll.natural_one,
    )


def trace(attack: Attack, faces: Sequence[int], again: Sequence[int] = ()) -> tuple[Outcome, tuple[Step, ...]]:
    """One attack with the given faces, and the faces re-rolled dice show, step by step."""
    declared, steps = declare_attack(attack)
    if len(faces) != declared.dice:
        raise ValueError(f"the attack rolls {plural(declared.dice, 'die', 'dice')}, {plural(len(faces), 'face')} given")
    used, reroll_note = reroll_step(attack, declared, faces, again)
    roll = read_roll(faces, declared.accuracy, declared.armor)
    roll_step = step(
        "roll", "roll",
        f"{_shown(faces)}: {plural(roll.hits, 'hit')}"
        + f"; natural 6: {'yes' if roll.natural_six else 'no'}; natural 1: {'yes' if roll.natural_one else 'no'}.",
        faces=list(faces), hits=roll.hits, natural_six=roll.natural_six, natural_one=roll.natural_one,
    )
    reading = roll_reading_steps(declared)
    outcome, later = after_roll(attack, declared, read_roll(used, declared.accuracy, declared.armor))
    return outcome, steps + (roll_step,) + reading + (reroll_note,) + late_gains(attack) + later
