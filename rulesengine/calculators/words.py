"""The words a player reads for the engine's choice values: a short plain name and one
sentence on the choice it makes, for the form's selects and the result's "Choices" list.

The engine keeps its names (`crit-fishing`): the command line, the JSON entry point and
the page address use them. A value not listed here reads as its own name with spaces, and
its sentence is the first clause of the engine's help for it, so a choice an engine adds
later still shows words (see `choice_words`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from rulesengine.swtcg.units import MAX_INTERCEPTORS

PLAIN: Mapping[str, Mapping[str, tuple[str, str]]] = {
    "aim_policy": {
        "optimal-if-it-fits": ("Best rerolls where quick, else the best rule",
                               "Best rerolls where they are found quickly, else blanks and spare surges; the answer says which."),
        "blanks-and-useless-surges": ("Blanks, then useless surges",
                                      "Reroll blanks first, then surges your chart cannot convert."),
        "blanks-and-spare-surges": ("Blanks and spare surges",
                                    "Reroll blanks, and surges beyond what Critical X and surge tokens convert."),
        "blanks-only": ("Blanks only", "Reroll blanks; never reroll a surge."),
        "crit-fishing": ("Fish for crits", "Reroll blanks and hits alike, looking for crits."),
        "optimal": ("Best rerolls", "Pick the rerolls that give the most wounds (or the best chance of the target)."),
    },
    "guardian_policy": {
        "max": ("Guardians help", "Each guardian takes as many hits as its Guardian X allows, in order."),
        "none": ("No guardian", "No guardian takes any hit."),
    },
    "pierce_policy": {
        "guardian-first": ("Guardians first", "Pierce cancels the guardians' blocks first, then the defender's."),
        "defender-only": ("Defender only", "Pierce is kept for the defender's blocks."),
        "most-wounds-in-all": ("Most wounds in all", "Pierce goes where it adds the most expected wounds on "
                               "all units together, guardians and defender."),
        "most-wounds-on-defender": ("Most wounds on the defender", "Pierce goes where it gives the defender the "
                                    "most expected wounds."),
    },
    "dodge_policy": {
        "max": ("Spend dodge", "The defender spends every dodge token that cancels a hit."),
        "none": ("Keep dodge", "The defender keeps its dodge tokens."),
    },
    "ruleset": {
        # One name and one date per ruleset, as rulesengine/legion/rulesets.py gives them.
        "2026": ("The current Core Rulebook, effective 29 May 2026, with the errata of 17 June 2026",
                 "The rules as played today: the newest keywords, Guardian X's suppression token, and Impervious "
                 "lowering Pierce by 1 (no extra dice)."),
        "2.6": ("The Core Rulebook (2.6), in force from 24 November 2025 until 28 May 2026",
                "The 2.6 rulebook with the updates made to it until 28 May 2026."),
        "notes": ("The owner's notes (Legion before July 2024)", "The rules as the owner's notes describe them."),
    },
    # Legion's readings: where a rule's text reads two ways (rulesengine/legion/readings.py).
    "low_profile_reading": {
        "defense-die": ("Set a die aside", "With cover, one defense die is set aside as a block before the roll."),
        "cover": ("Cover one better", "Light cover counts as heavy cover; no die is set aside."),
    },
    "soresu_reading": {
        "each-die": ("Each die", "Every defense die that did not block is rerolled once."),
        "all-or-nothing": ("All or nothing", "The defender rerolls the whole roll, or none of it, whichever "
                           "is likely to block more."),
    },
    "impervious_guardian_reading": {
        "start-of-step-8": ("Errata's plain reading", "A guardian's blocks meet the full Pierce; the Pierce left is 1 less "
                            "at the start of Modify Defense Dice."),
        "whole-pool": ("The whole pool", "The pool's Pierce is 1 less from Modify Attack Dice on, against the guardians too."),
    },
    "guard_impervious_reading": {
        "defender-only": ("Errata's plain reading", "Only the defender's Impervious lowers Pierce; a guardian's changes nothing."),
        "one-fewer": ("Text of 29 May 2026", "Pierce cancels one fewer of a guardian's blocks when that guardian has Impervious."),
    },
    "assault_policy": {
        "most-wounds": ("Most wounds", "Upgrade the dice that give the defender the most expected wounds."),
        "whites-first": ("White dice first", "Upgrade white dice first, then black ones."),
        "blacks-first": ("Black dice first", "Upgrade black dice first, then white ones."),
    },
    "sniper_policy": {
        "most-wounds": ("When it gives more wounds", "Cancel the pool when the sure wound of a cancelled crit beats resolving it."),
        "never": ("Never cancel", "Always resolve the pool."),
        "crit-shown": ("Whenever a crit shows", "Cancel the pool whenever a crit shows after the surges are converted."),
    },
    "lethal_impervious_reading": {
        "counts": ("Lethal counts", "The Pierce that Lethal X adds also gives Impervious its extra dice."),
        "weapons-only": ("Weapons only", "Impervious counts only the weapons' own Pierce, not what Lethal X adds."),
    },
    # SWTCG (rulesengine/swtcg/policies.py, reroll.py and hidden_cost.py).
    "evade_policy": {
        "most": ("Prevent all it can", "Evade prevents as much damage as it can, up to X."),
        "leave-for-deflect": ("Leave damage for Deflect", "Evade prevents only what Deflect cannot take, so "
                              "Deflect sends back as much as it can."),
        "none": ("Don't use Evade", "The defender does not use Evade."),
    },
    "overkill_policy": {
        "all-excess": ("All the excess", "Every hit beyond what discards the defender goes to the second unit."),
        "enough-for-second": ("Just enough", "Excess hits go to the second unit only until they discard it "
                              "through its Evade, and the rest stay on the defender."),
        "none": ("Don't use Overkill", "Every hit stays on the defender."),
    },
    "deflect_policy": {
        "attacker": ("The attacker", "Deflect does its damage to the attacking unit."),
        "itself": ("The defender itself", "Deflect does its damage to the defender."),
        "second-unit": ("The second unit", "Deflect does its damage to the second unit, the one Overkill hits."),
        "attacked-unit": ("The unit first attacked", "Deflect does its damage to the unit the attack was aimed at "
                          "before anyone intercepted."),
        **{f"intercepting-unit-{n}": (f"Intercepting unit {n}", f"Deflect does its damage to the {ordinal} unit "
                                      "that intercepted.")
           for n, ordinal in zip(range(1, MAX_INTERCEPTORS + 1), ("first", "second", "third", "fourth", "fifth", "sixth"),
                                 strict=True)},
        "nobody": ("Nobody", "Deflect prevents the damage but does it to no unit."),
    },
    "reroll_by": {
        "nobody": ("Nobody", "No re-roll effect is played."),
        "attacker": ("The attacker", "The attacking player plays an effect that re-rolls some attack dice."),
        "defender": ("The defender", "The defending player plays an effect that re-rolls some attack dice."),
    },
    "reroll_policy": {
        "usual": ("The usual dice", "The attacker re-rolls dice that missed, the defender dice that hit."),
        "misses": ("Misses", "Re-roll dice that missed, natural 1s first and natural 6s last."),
        "hits": ("Hits", "Re-roll dice that hit, natural 6s first and natural 1s last."),
        "ones": ("Natural 1s only", "Re-roll only natural 1s, to get past Parry."),
        "sixes": ("Natural 6s only", "Re-roll only natural 6s, to take Critical Hit away."),
    },
    "reading": {
        "definition": ("Pay what is left", "Pay Force for the build cost still left, as the definition says."),
        "no-force-at-x": ("No Force at X", "Once the counters reach X no Force is paid, as the entry's later "
                          "sentence says."),
    },
}
"""Option name -> choice value -> (plain name, one sentence). Every choice of every
calculator has its words here; a test checks it (tests/rulesengine/calculators/test_calc_player.py)."""


def choice_words(option: str, value: str, help: str = "") -> tuple[str, str]:
    """(plain name, sentence) for one choice of `option`; unlisted: the value with spaces
    for dashes, and its clause of the option's help ("value: what it does; ...")."""
    known = PLAIN.get(option, {}).get(value)
    if known is not None:
        return known
    name = value.replace("-", " ").replace("_", " ")
    name = name[:1].upper() + name[1:]
    sentence = ""
    for clause in re.split(r";\s+(?=[\w.-]+:)", help):
        head, colon, text = clause.partition(":")
        if colon and head.strip() == value:
            sentence = text.strip()
            sentence = sentence[:1].upper() + sentence[1:]
            sentence = sentence if sentence.endswith(".") else sentence + "."
            break
    return name, sentence


def named_choices(option: str, text: str, values: Iterable[str], help: str = "") -> str:
    """`text` (the engine's words) with each of `option`'s choice values, where it stands as
    a whole word, given as the form's select shows it, in quotes: "optimal" becomes
    "“Best rerolls”". Only that option's values: elsewhere "none" or "cover" are words."""
    names = {value: choice_words(option, value, help)[0] for value in values}
    if not names:
        return text
    # Longest first, so that "optimal-if-it-fits" is not read as "optimal" and the rest.
    pattern = "|".join(re.escape(v) for v in sorted(names, key=len, reverse=True))
    return re.sub(rf"(?<![\w-])({pattern})(?![\w-])", lambda m: f"“{names[m.group(1)]}”", text)


def policy_option(decision: str) -> str:
    """A result's policy key ("aim") as its option's name ("aim_policy")."""
    return decision if decision.endswith("_policy") else f"{decision}_policy"
