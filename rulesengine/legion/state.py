"""The state of one attack pool between steps: small, hashable, so equal states merge.

A named tuple rather than a dataclass: tens of thousands of states are hashed and
rebuilt per attack, and tuples do both in C (immutable all the same).
"""

from __future__ import annotations

from typing import NamedTuple


class PoolState(NamedTuple):
    """Counts that the remaining steps still need; a step clears what it has used up."""

    crits: int = 0
    hits: int = 0
    produced_hit: bool = False
    pierce: int = 0
    pierce_gained: int = 0
    """Pierce Lethal X gave the pool in step 6 (Impervious counts it with the weapons' in step
    7a; kept only against a defender with Impervious, and only until that step)."""
    results: int = 0
    """Hits and crits the defender rolls against (from step 7a on)."""
    guardian_wounds: tuple[int, ...] = ()
    guardian_blocks: int = 0
    guardian_blanks: int = 0
    defense_blocks: int = 0
    defense_surges: int = 0
    wounds: int = 0
    suppressed: bool = False
    aims_left: int = 0
    surge_tokens_left: int = 0
    dodge_spent: bool = False
    """The defender spent at least one dodge token in step 5 (Block, Deflect, Duelist ask)."""
    blanks: int = 0
    """Blank results in the pool, kept only while Ram X may change them (until step 6)."""
    attacker_wounds: int = 0
    """Wounds Deflect sends back to the attacker."""
    tag: int = 0
    """Which of several starting points (`resolve.resolve_pool_from`) the state came from."""
    aimed: bool = False
    """Overwhelm only: an aim token was spent during the Reroll Dice step (step 4b)."""
    overwhelmed: bool = False
    """Step 10: Overwhelm gives the defender 1 more suppression token."""
    sniped: int = 0
    """Sniper Team: 0, the pool goes on; 1, the attacker cancelled it after step 4c with no
    crit among its dice; 2, with 1 or more crits (the defender suffers 1 wound)."""

    def summary(self) -> dict[str, object]:
        """The counts a trace shows after each step."""
        return {
            "crits": self.crits,
            "hits": self.hits,
            "results": self.results,
            "pierce": self.pierce,
            "blocks": self.defense_blocks,
            "wounds": self.wounds,
            "guardian_wounds": list(self.guardian_wounds),
            "suppression": self.suppressed,
        }
