"""The choices the rules leave to the players, each made by a named, documented policy.

An exact answer needs every choice fixed; the result names the policies it used, and the
reader can pick another one. The first name in each tuple is the default.
"""

from __future__ import annotations

from rulesengine.errors import UnknownNameError
from rulesengine.records import frozen

AIM = ("optimal-if-it-fits", "blanks-and-useless-surges", "blanks-and-spare-surges", "blanks-only", "crit-fishing", "optimal")
DEFAULT_AIM = AIM[0]
"""Not a way to reroll but a choice between two: `optimal` wherever its declared cost fits,
else the heuristic that scores best (`aim_choice.py` makes it; the result names the one used)."""
FALLBACK_AIM = ("blanks-and-spare-surges", "blanks-and-useless-surges")
"""The heuristics the default falls back to, best first: over random pools (`scripts/bench/
legion_heuristics.py`) blanks-and-spare-surges is below optimal by the least on average and is
the best heuristic most often; where it is refused for its size, blanks-and-useless-surges."""
GUARDIAN = ("max", "none")
PIERCE = ("guardian-first", "defender-only", "most-wounds-in-all", "most-wounds-on-defender")
DODGE = ("max", "none")
ASSAULT = ("most-wounds", "whites-first", "blacks-first")
"""Which dice Assault X upgrades (ruleset 2026); `most-wounds` is chosen by outcome."""
SNIPER = ("most-wounds", "never", "crit-shown")
"""When Sniper Team's attacker cancels its pool after step 4c (ruleset 2026)."""

CHOICES: dict[str, tuple[str, ...]] = {"aim": AIM, "guardian": GUARDIAN, "pierce": PIERCE, "dodge": DODGE, "assault": ASSAULT,
                                       "sniper": SNIPER}
SHOWN_WHEN_USED = ("assault", "sniper")
"""Decisions a result names only when the attack has the keyword that asks them."""

HELP: dict[str, dict[str, str]] = {
    "aim": {
        "optimal-if-it-fits": (
            "optimal wherever its declared cost fits (or where no aim or observation token leaves a choice), else "
            "the best heuristic: blanks-and-spare-surges, or blanks-and-useless-surges where that is refused for "
            "its size; the result names the policy used and why"
        ),
        "blanks-and-useless-surges": (
            "each aim token rerolls up to 2 dice (plus Precise) showing a blank, red before black before "
            "white; surges too when the pool converts none (no surge chart, Critical X or surge token); "
            "a token is kept if nothing needs a reroll"
        ),
        "blanks-and-spare-surges": (
            "as above, and also surges beyond what Critical X and surge tokens convert (the pool's "
            "kept surges counted after every reroll); costly on big pools, so bounded"
        ),
        "blanks-only": "as the first, but surges are never rerolled, even those that will turn blank",
        "crit-fishing": (
            "each token rerolls blanks and hits alike, best colour first, to look for crits; a surge is "
            "rerolled when it can only end as a hit or a blank, kept when it may become a crit or a token's hit"
        ),
        "optimal": (
            "at every token, the rerolls that maximise the defender's expected wounds (or, with a target k, "
            "the chance of at least k wounds), exactly, given every later step; with several pools, the expected "
            "wounds over every defender, a token kept for a later pool valued exactly; refused before computing "
            "above a declared size"
        ),
    },
    "guardian": {
        "max": "each guardian, in the declared order, cancels as many hits as its Guardian X allows",
        "none": "no guardian is used",
    },
    "pierce": {
        "guardian-first": "Pierce cancels the guardians' blocks first, the rest the defender's (the note's example)",
        "defender-only": "Pierce is kept for the defender's blocks; guardians' blocks stand",
        "most-wounds-in-all": (
            "at each guardian, the split that gives the most expected wounds on all units together (guardians and "
            "defender): Pierce on a guardian's block is a sure wound, kept it is at most one, so every block it can"
        ),
        "most-wounds-on-defender": (
            "at each guardian, the split that gives the defender the most expected wounds: Pierce kept never lowers "
            "them (with Impervious too), so no guardian's block is cancelled"
        ),
    },
    "dodge": {
        "max": "the defender spends as many dodge tokens as cancel a hit",
        "none": "the defender keeps its dodge tokens",
    },
    "assault": {
        "most-wounds": "of every way to pick the X dice Assault X upgrades, the one that gives the defender the most "
                       "expected wounds (the whites-first one on a tie)",
        "whites-first": "Assault X upgrades white dice first, then black ones",
        "blacks-first": "Assault X upgrades black dice first, then white ones",
    },
    "sniper": {
        "most-wounds": "after Convert Attack Surges, the attacker cancels the pool when that gives the defender more "
                       "expected wounds than resolving it (1 wound if a crit was cancelled); the result says how often",
        "never": "the attacker never cancels the pool",
        "crit-shown": "the attacker cancels the pool whenever 1 or more crits show after Convert Attack Surges",
    },
}


@frozen
class Policies:
    """One named choice per decision the players make during an attack."""

    aim: str = AIM[0]
    guardian: str = GUARDIAN[0]
    pierce: str = PIERCE[0]
    dodge: str = DODGE[0]
    assault: str = ASSAULT[0]
    sniper: str = SNIPER[0]
    target: int = 0
    """With aim `optimal`: 0 maximises expected wounds, k > 0 the chance of at least k."""
    why: str = ""
    """Why the default aim policy chose `aim` (empty for a policy the reader named)."""
    assault_why: str = ""
    """Why `most-wounds` took the whites-first way for Assault X (empty when it tried every way)."""

    def __post_init__(self) -> None:
        for decision, choices in CHOICES.items():
            chosen = getattr(self, decision)
            if chosen not in choices:
                raise UnknownNameError(f"{decision} policy", chosen, choices)

    def to_json(self, used: tuple[str, ...] = ()) -> dict[str, str]:
        """The policies by name; of `SHOWN_WHEN_USED`, only those in `used`."""
        out = {decision: getattr(self, decision) for decision in CHOICES if decision not in SHOWN_WHEN_USED or decision in used}
        if self.aim == "optimal" and self.target:
            out["aim"] = f"optimal (chance of at least {self.target} wounds)"
        if self.why:
            out["aim"] = f"{out['aim']} ({self.why})"
        if self.assault_why and "assault" in out:
            out["assault"] = f"{out['assault']} ({self.assault_why})"
        return out
