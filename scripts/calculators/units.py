"""The Legion unit pickers' data, made at build time: what the page's script needs to fill a
calculator's fields from a unit before Python has loaded (assets/calculators/units.mjs).

`units_data()` runs the engine's own mapping (`rulesengine.legion.units.attacker_values`,
`defender_values`) for every released unit and writes down what it gives; the page's
script only looks values up, it maps nothing itself:

- `factions`: [key, name] in the order the pickers group them;
- `rulesets`: the ruleset choices, the first being the form's default;
- `attackerFields`, `defenderFields`: every input a unit fills on that side (a field a
  unit's card does not give goes back to its default when a unit is chosen);
- `units`: per released unit, its `name` (unique, as `--attacker-unit` takes it), `faction`,
  `minis`, `weapons` (names; `weapon`: the index of the default one), `upgrades` (names of
  the upgrades that fit it: `upgrades_for`), `slots` (one per slot of its upgrade bar that
  one of them fits: [kind, [upgrade indexes]]), `defense` (the defender's values) and
  `attack`: per weapon index, the values for the whole unit with no upgrade (`""`), and for
  every choice of minis and upgrades (key `"<minis or empty>|<upgrade indexes, sorted,
  comma-separated>"`) only the values that differ (null: the field goes back to its
  default). `_notes` among the values: what the mapping left out, and why (indexes into
  the data's `notes`, the words of each).
- `byRuleset`: for a ruleset other than the default, the entries whose values differ
  (unit index -> "defense" or "<weapon>/<key>" -> whole values).

`attach(page_html, site_dir)` writes the data once per build under
`assets/calculators/units.json` and names it, with `?v=<hash>`, in each Legion attack
calculator's `data-unit-data` (one whose form has an `attacker_unit` field). The hook calls it
only when the vault's configuration names the Legion game.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import os
import re
from collections.abc import Mapping
from functools import cache
from html import escape, unescape
from pathlib import Path

from rulesengine.errors import InputError
from rulesengine.legion.model import RULESETS
from rulesengine.legion.units import RANGES, Mapped, Unit, Upgrade, Weapon, attacker_values, cards, defender_values, upgrades_for, whole_unit
from rulesengine.legion.units.cards import FACTIONS
from scripts.calculators.answers import engine_hash

ADDRESS = "assets/calculators/units.json"
ATTRIBUTE = "data-unit-data"
GAME = "legion"
"""The game folder whose calculators get the pickers (mkdocs.yml `extra.vault.games`)."""
NOTES = "_notes"
Values = dict[str, object]
"""Input values by option name, as the form sends them."""


_NOTE_TEXTS: dict[str, int] = {}
"""Each note's words -> its index in the data's `notes` (filled as the data is made)."""


def _values(mapped: Mapped) -> dict[str, object]:
    values = mapped.as_dict()
    if mapped.notes:
        values[NOTES] = [_NOTE_TEXTS.setdefault(f"{n.keyword}: {n.reason}", len(_NOTE_TEXTS)) for n in mapped.notes]
    return values


def _diff(base: Mapping[str, object], values: Mapping[str, object]) -> dict[str, object]:
    """What `values` changes in `base`: new or other values, and None for a value it drops."""
    out = {k: v for k, v in values.items() if base.get(k) != v}
    out.update({k: None for k in base if k not in values})
    return out


def slots(unit: Unit, fitting: tuple[Upgrade, ...]) -> list[tuple[str, list[int]]]:
    """One slot per place on the unit's upgrade bar that a fitting upgrade goes in."""
    out = []
    for kind in dict.fromkeys(unit.upgrade_bar):
        members = [i for i, u in enumerate(fitting) if u.kind == kind]
        if members:
            out += [(kind, members)] * unit.upgrade_bar.count(kind)
    return out


def choices(unit: Unit, fitting: tuple[Upgrade, ...]) -> list[tuple[int, ...]]:
    """Every set of fitting upgrades the slots allow (one per slot, no card twice), as sorted indexes."""
    found: dict[tuple[int, ...], None] = {}
    for picked in itertools.product(*[[None, *members] for _, members in slots(unit, fitting)]):
        chosen = [i for i in picked if i is not None]
        if len(set(chosen)) == len(chosen):
            found[tuple(sorted(chosen))] = None
    return list(found)


def key(minis: int | None, upgrades: tuple[int, ...]) -> str:
    return f"{minis or ''}|{','.join(map(str, upgrades))}"


Pool = tuple[str, str, int, tuple[int, ...]]
"""A pool the picker offers: (range, weapon, owner, relevant): `range` "" (none given) or one
of `RANGES`; `weapon` "" (the default pool) or a weapon named alone (every mini that may add
it); `owner` the index of the fitting upgrade the weapon is on (-1: the unit's); `relevant`
the fitting upgrades that can change this pool (the rest leave it as it is)."""


def _reaches(weapon: Weapon, at: str) -> bool:
    return not weapon.refusal and (at == "" or weapon.reaches(int(at) if at.isdigit() else at))


def pools(unit: Unit, fitting: tuple[Upgrade, ...]) -> list[Pool]:
    """The default pool with no range given (first) and at each range; then each weapon
    named alone: the unit's, and each fitting upgrade's (the first of a name). An upgrade is relevant to a pool if
    it adds a mini, or if it has a weapon that may join the pool (one that reaches the
    range; the weapon named)."""
    out: list[Pool] = []
    for at in ("", *RANGES):
        relevant = tuple(i for i, u in enumerate(fitting) if u.adds_mini or any(_reaches(w, at) for w in u.weapons))
        out.append((at, "", -1, relevant))
    named = [(w.name, -1) for w in unit.weapons if not w.refusal]
    named += [(w.name, i) for i, u in enumerate(fitting) for w in u.weapons if not w.refusal]
    seen: set[str] = set()
    for name, owner in named:
        if name.casefold() in seen:  # two cards' weapons of one name: the engine takes the first by name
            continue
        seen.add(name.casefold())
        relevant = tuple(i for i, u in enumerate(fitting) if u.adds_mini or i == owner)
        out.append(("", name, owner, relevant))
    return out


def pool_key(pool: Pool, minis: int | None, chosen: tuple[int, ...]) -> str:
    """The key of a choice of minis and upgrades for that pool: the chosen upgrades that are
    relevant to it (units.mjs `cardValues` makes the same key)."""
    return key(minis, tuple(i for i in sorted(chosen) if i in pool[3]))


def _mapped(unit: Unit, pool: Pool, minis: int | None, upgrades: tuple[Upgrade, ...], ruleset: str) -> Values | None:
    """The engine's values for that choice, or None where the engine refuses it (a unit
    whose minis all come from upgrades, such as the Bad Batch, fires nothing without them;
    a range none of its weapons reaches)."""
    at, weapon, _, _ = pool
    try:
        return _values(attacker_values(unit, None, minis, upgrades, ruleset=ruleset, at=at,
                                       assigned=[(weapon, None)] if weapon else ()))
    except InputError:
        return None


def _attack(unit: Unit, fitting: tuple[Upgrade, ...], ruleset: str) -> list[dict[str, Values]]:
    """Per pool of `pools`: the values with no upgrade and every mini (`""`; {} when the
    engine refuses it), and for every choice of upgrades (every mini), or of minis (no
    upgrade), the engine takes, only the values that differ; a choice is keyed by its
    upgrades relevant to the pool (`pool_key`)."""
    out = []
    every = choices(unit, fitting)
    for pool in pools(unit, fitting):
        base = _mapped(unit, pool, None, (), ruleset) if pool[2] < 0 else None
        entry: dict[str, Values] = {"": base or {}}
        for chosen in every:
            if pool[2] >= 0 and pool[2] not in chosen:
                continue
            # --minis only without upgrades: the picker turns the minis box off once an upgrade is chosen
            for minis in (None,) if chosen else range(1, whole_unit(unit, ()) + 1):
                at = pool_key(pool, minis, chosen)
                if at in entry or at == "|":
                    continue
                upgrades = tuple(fitting[i] for i in chosen if i in pool[3])
                values = _mapped(unit, pool, minis, upgrades, ruleset)
                if values is not None:
                    entry[at] = _diff(entry[""], values)
        out.append(entry)
    return out


def _full(entry: Mapping[str, Values], at: str) -> Values:
    base = dict(entry[""])
    if at:
        for name, value in entry[at].items():
            if value is None:
                base.pop(name, None)
            else:
                base[name] = value
    return base


def _unit(unit: Unit) -> tuple[dict[str, object], dict[str, dict[str, Values]]]:
    """The unit's entry under the default ruleset, and the entries another ruleset changes."""
    fitting = upgrades_for(unit)
    default = RULESETS[0]
    attack = _attack(unit, fitting, default) if unit.weapons else []
    entry: dict[str, object] = {
        "name": unit.name, "faction": unit.faction, "minis": unit.minis,
        "weapons": [w.name for w in unit.weapons],
        "pools": [[at, weapon, owner, list(relevant)] for at, weapon, owner, relevant in pools(unit, fitting)]
        if unit.weapons else [],
        "upgrades": [u.name for u in fitting], "slots": [[k, m] for k, m in slots(unit, fitting)],
        "defense": _values(defender_values(unit, ruleset=default)), "attack": attack,
    }
    other: dict[str, dict[str, Values]] = {}
    for ruleset in RULESETS[1:]:
        changed: dict[str, Values] = {}
        defense = _values(defender_values(unit, ruleset=ruleset))
        if defense != entry["defense"]:
            changed["defense"] = defense
        for w, theirs in enumerate(_attack(unit, fitting, ruleset) if unit.weapons else []):
            for at in theirs:
                if _full(theirs, at) != _full(attack[w], at):
                    changed[f"{w}/{at}"] = _full(theirs, at)
        if changed:
            other[ruleset] = changed
    return entry, other


def _attack_of(entry: Mapping[str, object]) -> list[dict[str, Values]]:
    return entry["attack"]  # type: ignore[return-value]


def _defense_of(entry: Mapping[str, object]) -> Values:
    return entry["defense"]  # type: ignore[return-value]


@cache
def units_data() -> dict[str, object]:
    """Every released unit's picker data (see the module's docstring)."""
    released = sorted(cards().released, key=lambda u: (list(FACTIONS).index(u.faction) if u.faction in FACTIONS else len(FACTIONS), u.name))
    _NOTE_TEXTS.clear()
    units: list[dict[str, object]] = []
    by_ruleset: dict[str, dict[str, dict[str, Values]]] = {}
    attacker: set[str] = set()
    defender: set[str] = set()
    for index, unit in enumerate(released):
        entry, other = _unit(unit)
        units.append(entry)
        for ruleset, changed in other.items():
            by_ruleset.setdefault(ruleset, {})[str(index)] = changed
            for at, values in changed.items():
                (defender if at == "defense" else attacker).update(values)
        attacker.update(k for w in _attack_of(entry) for v in w.values() for k in v)
        defender.update(_defense_of(entry))
    return {
        "date": cards().date, "notes": list(_NOTE_TEXTS), "attackerFields": sorted(attacker - {NOTES}),
        "defenderFields": sorted(defender - {NOTES}), "factions": [[k, v] for k, v in FACTIONS.items()], "rulesets": list(RULESETS),
        "units": units, "byRuleset": by_ruleset,
    }


CACHE = Path(__file__).resolve().parents[2] / ".cache" / "units"


@cache
def units_text(cache_dir: Path = CACHE) -> str:
    """The data as the site serves it, kept in `cache_dir` under the hash of the engine's
    source and package data (making it runs the mapping some 25,000 times: seconds)."""
    kept = cache_dir / f"{engine_hash()[:24]}.json"
    if kept.is_file():
        return kept.read_text(encoding="utf-8")
    text = json.dumps(units_data(), separators=(",", ":"), ensure_ascii=False, sort_keys=True)
    kept.parent.mkdir(parents=True, exist_ok=True)
    temporary = kept.with_suffix(f".{os.getpid()}.tmp")  # two builds at once never read half a file
    temporary.write_text(text, encoding="utf-8")
    temporary.replace(kept)
    return text


CALCULATOR_START = re.compile(r'<div class="calculator" [^>]*data-calculator="[^"]+"[^>]*>')


def attach(page_html: str, site_dir: Path) -> str:
    """The built page with every calculator whose form takes `attacker_unit` naming the
    units' data (written under `site_dir` if it is not there yet)."""
    out, at = [], 0
    for found in CALCULATOR_START.finditer(page_html):
        end = page_html.find("</form>", found.end())
        base = re.search(r' data-base="([^"]*)"', found.group(0))
        if end < 0 or base is None or 'name="attacker_unit"' not in page_html[found.end():end]:
            continue
        text = units_text()
        target = site_dir / ADDRESS
        if not target.is_file() or target.read_text(encoding="utf-8") != text:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
        version = hashlib.sha256(text.encode()).hexdigest()[:12]
        address = escape(f"{unescape(base.group(1))}{ADDRESS}?v={version}", quote=True)
        opening = f'{found.group(0)[:-1]} {ATTRIBUTE}="{address}">'
        out += [page_html[at:found.start()], opening]
        at = found.end()
    out.append(page_html[at:])
    return "".join(out)
