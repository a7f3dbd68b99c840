"""Switch: a unit gets the effect listed for the arena it is in.

The engine reads a Switch as a power bonus per arena, written
`ground=+1,space=+2` (arenas not listed give nothing, as "None" does on a card).
"""

from __future__ import annotations

from rulesengine.errors import InputError
from rulesengine.swtcg.comma_list import comma_items

ARENAS = ("space", "ground", "character")
SPEC_HELP = "arena=bonus pairs such as ground=+1,space=+2 (arenas: space, ground, character)"


def parse_switch(spec: str, flag: str = "--switch") -> dict[str, int]:
    """Power bonus per arena from a spec; raises InputError naming `flag`."""
    bonuses: dict[str, int] = {}
    for part in comma_items(spec, flag, SPEC_HELP):
        arena, sep, amount = part.partition("=")
        arena = arena.strip().lower()
        if not sep or arena not in ARENAS or arena in bonuses:
            raise InputError(flag, SPEC_HELP, spec)
        try:
            bonus = int(amount.strip())
        except ValueError:
            raise InputError(flag, SPEC_HELP, spec) from None
        if not -10 <= bonus <= 10:
            raise InputError(flag, SPEC_HELP + ", each bonus from -10 to 10", spec)
        bonuses[arena] = bonus
    return bonuses


def switch_bonus(bonuses: dict[str, int], arena: str) -> int:
    """The power the unit gets while it is in `arena`."""
    return bonuses.get(arena, 0)
