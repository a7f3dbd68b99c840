"""Guardian X (during step 6, Modify Attack Dice): while a friendly trooper at range 1 and in
line of sight defends against a ranged attack, a unit with Guardian X may cancel up to X
hits (never crits). It rolls one defense die of its own colour per hit cancelled,
converts surges by its own chart, and suffers one wound per blank. It is not the defender
and gains no suppression. No guardian helps a defender that has Guardian X itself, and
none is used by or for a transported unit, nor for a vehicle (Guardian X protects troopers). Several guardians act one after another, in
the declared order. Ruleset 2.6 adds: a unit whose suppression tokens reach its courage
cannot use Guardian X.

Ruleset 2.6 (the current Guardian X text): the guardian converts its surges by its chart
or with its own surge tokens, then gains one suppression token. Its Deflect gives it
surge: block while it uses Guardian X (the Deflect text names Guardian X), unless every
weapon of the pool has High Velocity; the wound Deflect sends back is read as the
defender's (the text places it in the Convert Defense Surges step, on "the defense roll"),
so a guardian sends none. Its Soresu Mastery lets it spend a dodge token to reroll its
Guardian X dice (the Soresu text names Guardian X); as for a defender, every die that
would not block is rerolled, each once. Under the notes' ruleset the owner's text gives
the chart only: none of these is allowed there (`check`).
"""

from __future__ import annotations

from rulesengine.errors import InputError
from rulesengine.legion.model import Attacker, Defender, Guardian


def guardian_usable(defender: Defender, ranged: bool) -> bool:
    return ranged and not defender.has_guardian and not defender.transported and not defender.vehicle


def may_act(guardian: Guardian, ruleset: str) -> bool:
    """Ruleset 2.6: a unit whose suppression tokens reach its courage cannot use Guardian X."""
    return ruleset == "notes" or not guardian.suppressed


def hits_to_cancel(hits: int, guardian: Guardian, policy: str, ruleset: str = "notes") -> int:
    if policy == "none" or not may_act(guardian, ruleset):
        return 0
    return min(hits, guardian.x)


def guardian_chart(guardian: Guardian, attacker: Attacker, ranged: bool, ruleset: str, high_velocity: bool) -> str:
    """The guardian's defense surge chart: its own, or surge: block from Deflect (2.6)."""
    if guardian.deflect and ruleset != "notes" and ranged and not high_velocity:
        return "block"
    return guardian.surge


def guardian_rerolls(guardian: Guardian, ruleset: str) -> bool:
    """Soresu Mastery (2.6): with a dodge token the guardian rerolls its dice."""
    return guardian.soresu and guardian.dodge > 0 and ruleset != "notes"


def gains_suppression(ruleset: str) -> bool:
    """The current text: a guardian that used Guardian X gains one suppression token."""
    return ruleset != "notes"


RULESET_26_ONLY = (("surge_tokens", "surge-tokens"), ("deflect", "deflect"), ("soresu", "soresu"), ("dodge", "dodge"))
"""The guardian's fields that only the texts since 2.6 allow (name, word in the spec)."""


def check(guardians: tuple[Guardian, ...], ruleset: str) -> None:
    """Refuse, under the notes' ruleset, a guardian field only the texts since 2.6 allow,
    and outside ruleset 2026 a guardian with Impervious (only the 2026 readings say what
    it does for a guardian)."""
    for n, g in enumerate(guardians, 1):
        if g.impervious and ruleset != "2026":
            raise InputError("--guardian", f"guardian {n}: impervious only with --ruleset 2026 (the readings of the "
                             "Impervious errata of 17 June 2026 say what a guardian's Impervious does)", g.label())
    if ruleset != "notes":
        return
    for n, g in enumerate(guardians, 1):
        for name, word in RULESET_26_ONLY:
            if getattr(g, name):
                raise InputError("--guardian", f"guardian {n}: {word} only with --ruleset 2026 or 2.6 (the notes' Guardian X text "
                                 "converts surges by the chart alone)", g.label())
