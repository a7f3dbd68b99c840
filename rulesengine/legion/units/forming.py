"""Form Attack Pool (step 2) as the rules form it once upgrades are on: pure functions.

- Each miniature adds at most one weapon (Arsenal X: X weapons, each once).
- A weapon on an upgrade that adds no miniature (grenades, armament, gear, hardpoint...) is
  open to every miniature; a miniature that adds it adds no other weapon (beyond Arsenal).
- A heavy weapon, personnel, pilot or squad leader card's weapons are its miniature's only;
  that miniature may add the unit card's weapons (or an open one) instead.
- Melee never mixes with ranged; every weapon of a pool reaches the defender's range.
- An Overrun weapon goes in once, alone with other Overrun weapons.

`minis_of(unit, upgrades)` lists the miniatures and the weapons each may add; `given_pool`
forms the pool `--weapon NAME[=N]` names; `default_pool` the one a player forms at a range
(policy `DEFAULT_POLICY`). Both return a `Formed`: the weapons with how many miniatures add
each, the range, and words saying which pool it is.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache

from rulesengine.errors import InputError
from rulesengine.legion.units.cards import Unit, Upgrade, Weapon, _fold
from rulesengine.wording import plural
from rulesengine.records import frozen

RANGES = ("1", "2", "3", "4", "melee")
"""What `--range` takes."""

DEFAULT_POLICY = ("each miniature adds the weapon(s) it may add that reach the range with the most expected hits "
                  "(surges by the unit's chart; Spray counted per defending miniature), ties to the unit card's weapon; "
                  "without --range, the range 1-4 whose pool has the most expected hits (ties: the longer range), "
                  "melee only for a unit with no ranged weapon")
"""How a default pool is chosen, in words the result repeats."""

_HITS = {"red": (6, 7), "black": (4, 5), "white": (2, 3)}
"""Hits and crits per 8 faces of each die: (surge blank, surge a hit)."""


@frozen
class Armed:
    """A weapon and the card it is on."""

    weapon: Weapon
    card: str
    open: bool
    """On an upgrade that adds no miniature: every miniature may add it."""

    @property
    def label(self) -> str:
        return self.weapon.name if self.card == "" else f"{self.weapon.name} ({self.card})"


@frozen
class Mini:
    """One miniature of the unit: the card it comes from ("" the unit's) and what it may add."""

    card: str
    weapons: tuple[Armed, ...]


@frozen
class Fired:
    armed: Armed
    minis: int
    """How many times the weapon goes in (Overrun: once, whatever the miniatures)."""


@frozen
class Formed:
    fired: tuple[Fired, ...]
    at: str
    """"1".."4", "melee", "overrun", or "" (the named weapons' shared range, none given)."""
    which: str
    """Which pool this is, in words (the result shows it)."""

    @property
    def melee(self) -> bool:
        return self.at == "melee" or (self.at == "" and all(f.armed.weapon.melee and not f.armed.weapon.ranged
                                                            for f in self.fired))

    @property
    def overrun(self) -> bool:
        return self.at == "overrun"


def armed_of(unit: Unit, upgrades: Sequence[Upgrade]) -> tuple[Armed, ...]:
    """Every weapon of the unit and its upgrades, the unit's first."""
    return (tuple(Armed(w, "", False) for w in unit.weapons)
            + tuple(Armed(w, u.name, not u.one_mini) for u in upgrades for w in u.weapons))


def minis_of(unit: Unit, upgrades: Sequence[Upgrade]) -> tuple[Mini, ...]:
    """The miniatures: the card's, then one per heavy weapon or personnel card; a pilot or
    squad leader card's weapons go to the unit's first miniature."""
    every = armed_of(unit, upgrades)
    common = tuple(a for a in every if a.card == "" or a.open)
    leader_own = tuple(a for u in upgrades if u.one_mini and not u.adds_mini for a in every if a.card == u.name)
    minis = [Mini("", leader_own + common if i == 0 else common) for i in range(unit.minis)]
    for upgrade in upgrades:
        if upgrade.adds_mini:
            own = tuple(a for a in every if a.card == upgrade.name)
            minis.append(Mini(upgrade.name, own + common))
    return tuple(minis)


def hits(weapon: Weapon, surge: str, spray: int = 1) -> Fraction:
    """Expected hits and crits of the weapon's dice (Spray: times the defending minis)."""
    per = sum(n * _HITS[c][1 if surge in ("hit", "crit") else 0] for c, n in
              (("red", weapon.red), ("black", weapon.black), ("white", weapon.white)))
    return Fraction(per * (spray if weapon.keyword("Spray") else 1), 8)


def _usable(armed: Armed) -> Armed:
    why = armed.weapon.refusal
    if why:
        raise InputError("--weapon", f"a weapon the engine can use: {armed.label}: {why}", armed.weapon.name)
    return armed


def find_armed(unit: Unit, upgrades: Sequence[Upgrade], name: str) -> Armed:
    """The weapon of the unit or of its upgrades that `name` names (the unit's first)."""
    every = armed_of(unit, upgrades)
    folded = _fold(name)
    found = next((a for a in every if _fold(a.weapon.name) == folded), None)
    if found is None:
        choices = ", ".join(dict.fromkeys(a.weapon.name for a in every))
        raise InputError("--weapon", f"one of the weapons of {unit.name} and its upgrades: {choices}", name)
    return _usable(found)


def _at_text(at: str) -> str:
    return {"melee": "in melee", "overrun": "an overrun attack", "": "at the weapons' shared range"}.get(at, f"at range {at}")


def _shared_range(fired: Sequence[Fired]) -> str:
    """"melee", "overrun" or "": the kind of pool the named weapons make, or an error."""
    weapons = [f.armed.weapon for f in fired]
    if any(w.overrun_only for w in weapons):
        if not all(w.keyword("Overrun") for w in weapons):
            raise InputError("--weapon", "only weapons with Overrun X in an overrun attack: "
                             + ", ".join(f.armed.label for f in fired))
        return "overrun"
    if all(w.melee for w in weapons) and not all(w.ranged for w in weapons):
        return "melee"
    shared = [r for r in range(1, 5) if all(w.reaches(r) for w in weapons)]
    if not shared and all(w.melee for w in weapons):
        return "melee"
    if not shared:
        raise InputError("--weapon", "weapons that share a range (a melee weapon never joins a ranged one): "
                         + ", ".join(f"{f.armed.label} {f.armed.weapon.range_text}" for f in fired))
    return ""


def given_pool(unit: Unit, upgrades: Sequence[Upgrade], assigned: Sequence[tuple[str, int | None]], at: str = "",
               minis: int | None = None) -> Formed:
    """The pool `--weapon NAME[=N]` names: N miniatures add NAME; without N, every eligible
    miniature left (at most `minis` in all, with `--minis`). `at`: the `--range` given."""
    everyone = minis_of(unit, upgrades)
    room = [unit.arsenal] * len(everyone)
    used: list[set[str]] = [set() for _ in everyone]
    wanted = [(find_armed(unit, upgrades, name), n) for name, n in assigned]
    for armed, _ in wanted:
        if at and not armed.weapon.reaches(int(at) if at.isdigit() else at):
            raise InputError("--weapon", f"a weapon that reaches {_at_text(at)}: {armed.label} is {armed.weapon.range_text}",
                             armed.weapon.name)
    # =N first, in order; then the bare names, the weapon fewest miniatures may add first
    order = sorted(range(len(wanted)), key=lambda i: (wanted[i][1] is None, sum(wanted[i][0] in m.weapons for m in everyone)))
    counts: dict[int, int] = {}
    left = minis if minis is not None else len(everyone)
    firing: set[int] = set()
    for i in order:
        armed, n = wanted[i]
        # the unit's own miniatures first: a heavy weapon's miniature keeps its own weapon
        eligible = sorted((k for k, m in enumerate(everyone) if armed in m.weapons and room[k] and armed.label not in used[k]),
                          key=lambda k: (everyone[k].card != "", k))
        if n is None:  # every eligible miniature, within --minis
            kept: list[int] = []
            for k in eligible:
                if k in firing or len(firing | set(kept)) < left:
                    kept.append(k)
            eligible = kept
        if n is not None and n > len(eligible):
            raise InputError("--weapon", f"at most {plural(len(eligible), 'mini')} of {unit.name} may add {armed.label} "
                             "(one weapon per mini, Arsenal X: X)", f"{armed.weapon.name}={n}")
        take = eligible[:n] if n is not None else eligible
        if not take:
            raise InputError("--weapon", f"a weapon a mini of {unit.name} is left to add: {armed.label} has none", armed.weapon.name)
        for k in take:
            room[k] -= 1
            used[k].add(armed.label)
            firing.add(k)
        counts[i] = counts.get(i, 0) + len(take)
    if minis is not None and len(firing) > minis:
        raise InputError("--minis", f"at least {len(firing)} (the minis the weapons given take)", minis)
    fired = [Fired(wanted[i][0], counts[i]) for i in range(len(wanted))]
    if not at:  # no range given: the weapons named must share one (each reaches the range given, checked above)
        kind = _shared_range(fired)
        if kind == "overrun":
            fired = [Fired(f.armed, 1) for f in fired]
        at = kind
    return Formed(tuple(fired), at, "the weapons named: " + _said(fired))


def _said(fired: Sequence[Fired]) -> str:
    return ", ".join(f"{f.armed.label} × {plural(f.minis, 'mini')}" if not f.armed.weapon.keyword("Overrun") or f.minis > 1
                     else f"{f.armed.label} once" for f in fired)


def _best(unit: Unit, upgrades: Sequence[Upgrade], at: int | str, spray: int, minis: int | None) -> list[Fired]:
    return list(_best_of(unit, tuple(upgrades), at, spray, minis))


# A pure function of its arguments, asked for again and again with the same ones: by each
# ruleset's mapping of the same pool, and by every range `default_pool` weighs.
@lru_cache(maxsize=8192)
def _best_of(unit: Unit, upgrades: tuple[Upgrade, ...], at: int | str, spray: int, minis: int | None) -> tuple[Fired, ...]:
    everyone = minis_of(unit, upgrades)
    picks: list[tuple[Fraction, list[Armed]]] = []
    for mini in everyone:
        usable = [a for a in mini.weapons if not a.weapon.refusal and a.weapon.reaches(at)]
        ranked = sorted(usable, key=lambda a: -hits(a.weapon, unit.attack_surge, spray))  # stable: card order on ties
        chosen = ranked[:unit.arsenal]
        picks.append((sum((hits(a.weapon, unit.attack_surge, spray) for a in chosen), Fraction(0)), chosen))
    if minis is not None:
        picks = sorted(picks, key=lambda p: -p[0])[:minis]
    counts: dict[Armed, int] = {}
    for _, chosen in picks:
        for armed in chosen:
            counts[armed] = counts.get(armed, 0) + 1
    every = armed_of(unit, upgrades)
    return tuple(Fired(a, counts[a]) for a in every if a in counts)


def default_pool(unit: Unit, upgrades: Sequence[Upgrade], at: str = "", spray: int = 1, minis: int | None = None) -> Formed:
    """The pool a player forms at range `at` ("" none given): see `DEFAULT_POLICY`."""
    if at:
        fired = _best(unit, upgrades, int(at) if at.isdigit() else at, spray, minis)
        if not fired:
            reach = ", ".join(f"{a.label} {a.weapon.range_text}" + (f" (refused: {a.weapon.refusal})" if a.weapon.refusal else "")
                              for a in armed_of(unit, upgrades)) or "none"
            raise InputError("--range", f"a range one of the weapons of {unit.name} reaches (its weapons: {reach})", at)
        return Formed(tuple(fired), at, f"the default pool {_at_text(at)}: {_said(fired)}")
    scored = []
    for r in (4, 3, 2, 1):
        fired = _best(unit, upgrades, r, spray, minis)
        scored.append((sum((hits(f.armed.weapon, unit.attack_surge, spray) * f.minis for f in fired), Fraction(0)), str(r), fired))
    value, best, fired = max(scored, key=lambda s: s[0])  # max keeps the first of equals: the longer range
    if not fired:
        best, fired = "melee", _best(unit, upgrades, "melee", spray, minis)
    if not fired:
        bad = [f"{a.label}: {a.weapon.refusal}" for a in armed_of(unit, upgrades) if a.weapon.refusal]
        why = "; ".join(bad) if bad else "the data lists no weapon for it"
        raise InputError("--attacker-unit", f"a unit with a weapon the engine can use ({why})", unit.name)
    return Formed(tuple(fired), best, f"the default pool {_at_text(best)}: {_said(fired)}")
