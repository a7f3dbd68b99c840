"""The words a player reads for the engine's choice values: a short plain name and one
sentence on the choice it makes, for the form's selects and the result's "Choices" list.

The engine keeps its names (`crit-fishing`): the command line, the JSON entry point and
the page address use them. A value not listed here reads as its own name with spaces, and
its sentence is the first clause of the engine's help for it, so a choice an engine adds
later still shows words (see `choice_words`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping

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
        "notes": ("The owner's notes (Legion before July 2024)", "The rules as the owner's notes describe them."),
        "2.6": ("The current Core Rulebook (2.6), effective 24 November 2025",
                "The current rules: 2.6 of July 2024 with the updates that followed it."),
    },
}
"""Option name -> choice value -> (plain name, one sentence)."""


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


def policy_option(decision: str) -> str:
    """A result's policy key ("aim") as its option's name ("aim_policy")."""
    return decision if decision.endswith("_policy") else f"{decision}_policy"
