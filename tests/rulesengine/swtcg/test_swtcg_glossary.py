"""The glossary's own statements (docs/swtcg), each as a named test."""

from __future__ import annotations

from fractions import Fraction

from tests.rulesengine.swtcg.swtcg_oracle import run
from rulesengine.swtcg.dice import die_hits, read_roll
from rulesengine.swtcg.overkill import assign_hits
from rulesengine.swtcg.sequence import Attack, after_roll, declare_attack, resolve, trace
from rulesengine.swtcg.units import AfterRoll, Attacker, Unit


def attack(**late: int) -> Attack:
    return Attack(
        attacker=Attacker(power=4, critical_hit=2),
        defender=Unit("defender", health=5, shields=1, parry=1),
        after_roll=AfterRoll(**late),
    )


def test_accuracy_1_against_armor_hits_on_natural_4_5_and_6() -> None:
    assert [face for face in range(1, 7) if die_hits(face, accuracy=1, armor=True)] == [4, 5, 6]


def test_armor_means_hit_only_on_5_or_more() -> None:
    assert [face for face in range(1, 7) if die_hits(face, accuracy=0, armor=True)] == [5, 6]


def test_accuracy_minus_x_subtracts_from_each_die() -> None:
    assert [face for face in range(1, 7) if die_hits(face, accuracy=-2, armor=False)] == [6]


def test_critical_hit_counts_once_however_many_sixes() -> None:
    one_six = run({"power": 3, "critical_hit": 2, "faces": "6,2,2"})
    three_sixes = run({"power": 3, "critical_hit": 2, "faces": "6,6,6"})
    assert one_six["damage"] == {"3": "1"}  # 1 hit + 2
    assert three_sixes["damage"] == {"5": "1"}  # 3 hits + 2, not 3 + 6


def test_accuracy_cannot_make_a_natural_6_or_unmake_a_natural_1() -> None:
    boosted = read_roll([5, 5], accuracy=3, armor=False)
    assert (boosted.hits, boosted.natural_six) == (2, False)
    lowered = read_roll([1, 4], accuracy=3, armor=False)
    assert (lowered.hits, lowered.natural_one) == (2, True)
    assert read_roll([2], accuracy=-1, armor=False).natural_one is False


def test_a_unit_given_shields_after_the_roll_changes_nothing() -> None:
    assert resolve(attack(shields=3)) == resolve(attack())
    declared, _ = declare_attack(attack(shields=3))
    assert declared.dice == 3


def test_accuracy_critical_hit_and_parry_gained_after_the_roll_come_too_late() -> None:
    assert resolve(attack(accuracy=2, critical_hit=3, parry=2)) == resolve(attack())
    _, steps = trace(attack(parry=2), [1, 6, 4])
    assert [s.rule for s in steps if dict(s.state).get("too_late")] == ["parry"]


def test_evade_gained_after_the_roll_still_works() -> None:
    late = attack(evade=1)
    declared, _ = declare_attack(late)
    roll = read_roll([6, 4, 4], 0, False)
    assert after_roll(late, declared, roll)[0].defender_damage == after_roll(attack(), declared, roll)[0].defender_damage - 1


def test_shields_never_leave_fewer_than_zero_dice() -> None:
    result = run({"power": 2, "shields": 5})
    assert result["attack"]["dice"] == 0
    assert result["damage"] == {"0": "1"}


def test_evade_may_prevent_less_than_x() -> None:
    result = run({"power": 1, "evade": 3, "faces": "5"})
    assert result["damage"] == {"0": "1"}
    evade_step = next(s for s in result["steps"] if s["rule"] == "evade")
    assert evade_step["state"]["prevented"] == 1
    assert run({"power": 1, "evade": 3, "faces": "5", "evade_policy": "none"})["damage"] == {"1": "1"}


def test_overkill_gives_the_defender_hits_equal_to_its_remaining_health_first() -> None:
    defender = Unit("defender", health=4, damage=2)
    second = Unit("second unit", health=9)
    assert assign_hits(5, defender, second, True, "all-excess")[:2] == (2, 3)
    assert assign_hits(2, defender, second, True, "all-excess")[:2] == (2, 0)
    assert assign_hits(5, defender, second, True, "none")[:2] == (5, 0)


def test_overkill_damage_ignores_the_second_units_shields_parry_and_armor() -> None:
    tough = Unit("second unit", health=9, shields=5, parry=3, armor=True)
    hit = Attack(Attacker(power=4, overkill=True), Unit("defender", health=1), second=tough)
    declared, _ = declare_attack(hit)
    outcome, _ = after_roll(hit, declared, read_roll([1, 4, 4, 4], 0, False))
    assert (outcome.defender_damage, outcome.second_damage) == (1, 2)


def test_overkill_damage_can_be_evaded() -> None:
    result = run({"power": 4, "overkill": True, "health": 1, "second_evade": 1, "faces": "4,4,4,4"})
    assert result["second"]["damage"] == {"2": "1"}


def test_parry_needs_a_natural_1_and_does_not_stop_unpreventable_damage() -> None:
    assert run({"power": 3, "parry": 1, "faces": "1,5,5"})["damage"] == {"1": "1"}
    assert run({"power": 3, "parry": 1, "faces": "2,5,5"})["damage"] == {"2": "1"}
    assert run({"power": 3, "parry": 1, "faces": "1,5,5", "unpreventable": True})["damage"] == {"2": "1"}


def test_deflect_prevents_and_does_that_much_damage_which_can_be_deflected() -> None:
    once = run({"power": 3, "deflect": 2, "faces": "5,5,5"})
    assert (once["damage"], once["deflected"]["damage"]) == ({"1": "1"}, {"2": "1"})
    back = run({"power": 3, "deflect": 2, "attacker_deflect": 1, "faces": "5,5,5"})
    # The attacker returns 1; the defender deflects that new source once more.
    assert (back["damage"], back["deflected"]["damage"]) == ({"1": "1"}, {"2": "1"})
    rules = [s["rule"] for s in back["steps"]]
    assert rules.count("deflect") == 3
    assert rules.index("place-damage") > max(i for i, r in enumerate(rules) if r == "deflect")


def test_intercept_makes_another_unit_the_defender_and_precision_forbids_it() -> None:
    spec = "health=2,armor,shields=1"
    intercepted = run({"power": 3, "intercept_by": spec})
    assert intercepted["attack"] == {
        "defender": "intercepting unit 1", "intercepted": True, "intercept": "intercepted", "attacked": ["attacked unit"],
        "power": 3, "dice": 2, "hits_on": 5,
    }
    refused = run({"power": 3, "intercept_by": spec, "precision": True})
    assert refused["attack"]["intercepted"] is False
    assert refused["attack"]["intercept"] == "forbidden by Precision"
    assert refused["damage"] == run({"power": 3})["damage"]


def test_bombard_uses_x_power_and_power_changes_still_apply() -> None:
    result = run({"power": 5, "bombard": 2, "inspiration": 1, "switch": "space=+1,ground=+3"})
    assert result["attack"]["power"] == 4


def test_inspiration_gives_power_to_the_attacker_and_health_to_the_defender() -> None:
    assert run({"power": 2, "inspiration": 2})["attack"]["dice"] == 4
    assert run({"power": 2, "health": 2, "defender_inspiration": 1, "faces": "6,6"})["defeated"] == "0"
    assert run({"power": 2, "health": 2, "faces": "6,6"})["defeated"] == "1"


def test_expected_damage_is_an_exact_fraction() -> None:
    result = run({"power": 4, "critical_hit": 1, "armor": True, "accuracy": -1})
    assert Fraction(str(result["expected_damage"])) == Fraction(1535, 1296)

