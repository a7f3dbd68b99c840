"""The cards: Legion HQ 2's unit and upgrade data (`data/cards.json`, MIT, see
`data/SOURCE.md`) read into frozen models, each quirk of the data either handled or kept
on the card as a `Quirk` with its reason.

Quirks and what is done with them:
- a vehicle's `courage` holds its resilience: `Unit.resilience`, and no courage;
- 0 means none ("—"): courage 0 is `courage=None` (never suppressed), resilience 0 likewise;
- a courage below 0 is no value at all: `courage=None` and a quirk;
- X values typed as strings ("1", "1: Rear", "Corps", "X"): `Keyword.number` reads the
  leading number, `Keyword.qualifier` keeps the rest; an "X" left on the card is a quirk;
- a null or empty range: `Weapon.range_min`/`range_max` are None and a quirk says so; a
  range with no upper end ([1, null]) is unbounded: `range_max` None, shown "1–∞";
- slips the data itself proves (joined keywords, ranges): corrected by `corrections.py`'s
  one table as the cards are read; a weapon with no dice or no range is refused by name
  (`Weapon.refusal`);
- 0 minis on the card (the minis come from upgrades): a quirk; the attacker needs them named;
- `isUnreleased`: `Unit.released` is False (the picker, the pages and the lookups leave it out).

Standard library only; the data ships inside the package (the browser's wheel carries it).
"""

from __future__ import annotations

import json
import pkgutil
import re
from collections import Counter
from functools import cache

from rulesengine.legion.units import corrections
from rulesengine.legion.units.requirements import Requirement
from rulesengine.records import frozen

FACTIONS = {
    "rebels": "Rebel Alliance",
    "empire": "Galactic Empire",
    "republic": "Galactic Republic",
    "separatists": "Separatist Alliance",
    "mercenary": "Shadow Collective and mercenaries",
    "mandalorians": "Mandalorians",
}
"""Faction keys of the data, in the order pages and pickers group them, with their names."""

DEFENSE = {"r": "red", "w": "white"}
ATTACK_SURGE = {"": "none", "h": "hit", "c": "crit"}
DEFENSE_SURGE = {"": "none", "b": "block"}
ADDS_A_MINI = ("heavy weapon", "personnel")
"""Upgrade kinds that add a miniature to the unit."""
LONGEST = 5
"""The longest range a weapon's card prints short of ∞ (range 5)."""
ONE_MINI = ("heavy weapon", "personnel", "pilot", "squad leader")
"""Upgrade kinds whose weapons only the miniature the card names may use (the rules name
heavy weapon, personnel and pilot; a squad leader card is its unit leader's); any other
upgrade's weapon is open to every miniature of the unit."""


@frozen
class Quirk:
    """Something in the data the engine could not take as it is: where, and why."""

    where: str
    reason: str


@frozen
class Keyword:
    """A keyword as on the card: its name and, for an X keyword, the value as typed."""

    name: str
    value: str = ""

    @property
    def number(self) -> int | None:
        """X as a whole number: the value's leading number ("1: Rear" -> 1), else None."""
        match = re.match(r"\s*(\d+)", self.value)
        return int(match.group(1)) if match else None

    @property
    def qualifier(self) -> str:
        """What the value says beside its number ("Rear" for "1: Rear", "Corps" for "Corps")."""
        return re.sub(r"^\s*\d+\s*:?\s*", "", self.value).strip()

    @property
    def label(self) -> str:
        """As the card prints it: "Impact 2", "Weak Point 1: Rear", "Compel Corps", "Deflect"."""
        return f"{self.name} {self.value}" if self.value else self.name


@frozen
class Weapon:
    """One weapon: its dice per miniature, its range (None: the data has none) and keywords."""

    name: str
    red: int
    black: int
    white: int
    range_min: int | None
    range_max: int | None
    keywords: tuple[Keyword, ...]

    @property
    def melee(self) -> bool:
        return self.range_min == 0

    @property
    def ranged(self) -> bool:
        return self.range_min is not None and (self.range_max is None or self.range_max >= 1)

    @property
    def overrun_only(self) -> bool:
        """No range, and Overrun X: a weapon for overrun attacks alone."""
        return self.range_min is None and self.keyword("Overrun") is not None

    def reaches(self, at: int | str) -> bool:
        """Whether the weapon may be chosen with the defender at range `at` (1-4, or
        "melee"); an Overrun-only weapon reaches no range."""
        if self.range_min is None:
            return False
        if at == "melee":
            return self.melee
        assert isinstance(at, int)
        return max(self.range_min, 1) <= at and (self.range_max is None or at <= self.range_max) and self.ranged

    @property
    def refusal(self) -> str:
        """Why the engine cannot use the weapon as the data gives it ("": it can)."""
        if not (self.red or self.black or self.white):
            return "the card data gives it no dice"
        if self.range_min is None and not self.overrun_only:
            return "the card data gives it no range"
        if self.range_max is not None and self.range_min is not None and not self.range_min <= self.range_max <= LONGEST:
            return f"the card data gives it an impossible range ({self.range_min} to {self.range_max}: the rulers stop at {LONGEST})"
        return ""

    @property
    def range_text(self) -> str:
        if self.range_min is None:
            return "overrun" if self.overrun_only else "no range on the card"
        top = "∞" if self.range_max is None else str(self.range_max)
        if self.range_min == 0:
            return "melee" if self.range_max == 0 else f"melee, 1–{top}"
        return f"{self.range_min}" if self.range_min == self.range_max else f"{self.range_min}–{top}"

    @property
    def dice_text(self) -> str:
        parts = [f"{n} {colour}" for n, colour in ((self.red, "red"), (self.black, "black"), (self.white, "white")) if n]
        return ", ".join(parts) or "no dice"

    def keyword(self, name: str) -> Keyword | None:
        return next((k for k in self.keywords if k.name == name), None)


@frozen
class Unit:
    """One unit card. `name` is unique: the card's name, with its title in brackets where
    two cards share the name ("Stormtroopers (Heavy Response Unit)")."""

    id: str
    name: str
    card_name: str
    title: str
    faction: str
    rank: str
    kind: str
    """The card's type: "trooper", "clone trooper", "repulsor vehicle", "ground vehicle", ..."""
    cost: int
    minis: int
    wounds: int
    """Wounds per miniature."""
    defense: str
    defense_surge: str
    attack_surge: str
    courage: int | None
    """None: "—" (never suppressed or panicked), or no courage (a vehicle), or a bad value."""
    resilience: int | None
    speed: int
    keywords: tuple[Keyword, ...]
    weapons: tuple[Weapon, ...]
    upgrade_bar: tuple[str, ...]
    released: bool
    updated: str
    """The date of the card's latest change in the data (ISO), or ""."""
    quirks: tuple[Quirk, ...]
    affiliation: str = ""
    """The card's affiliation in the data ("Clan Kryze", "raider"), or ""."""

    @property
    def vehicle(self) -> bool:
        return "vehicle" in self.kind

    @property
    def arsenal(self) -> int:
        """How many weapons each miniature may add to a pool: Arsenal X's X, else 1."""
        keyword = self.keyword("Arsenal")
        return max(keyword.number or 1, 1) if keyword is not None else 1

    def keyword(self, name: str) -> Keyword | None:
        return next((k for k in self.keywords if k.name == name), None)

    def weapon(self, name: str) -> Weapon | None:
        folded = _fold(name)
        return next((w for w in self.weapons if _fold(w.name) == folded), None)


@frozen
class Upgrade:
    """An upgrade card the calculators use: one that carries weapons or adds a miniature."""

    id: str
    name: str
    kind: str
    cost: int
    weapons: tuple[Weapon, ...]
    for_units: tuple[str, ...]
    """Card names its requirements name (empty: it names none)."""
    released: bool
    requirements: Requirement = Requirement("AND")
    unique: int = 0
    """0: not unique; else how many of the card one army may field (the data's isUnique: 1,
    uniqueCount: N)."""

    @property
    def adds_mini(self) -> bool:
        return self.kind in ADDS_A_MINI

    @property
    def one_mini(self) -> bool:
        """Its weapons are its own miniature's (or the one it names), not open to every mini."""
        return self.kind in ONE_MINI


@frozen
class Cards:
    """The whole copy: its date, source, units (released or not) and upgrades."""

    date: str
    source: str
    units: tuple[Unit, ...]
    upgrades: tuple[Upgrade, ...]

    @property
    def released(self) -> tuple[Unit, ...]:
        return tuple(u for u in self.units if u.released)


def _fold(name: str) -> str:
    """A name as lookups compare it: case, accents of quotes and punctuation ignored."""
    return " ".join(re.sub(r"[^0-9a-z]+", " ", name.casefold().replace("’", "'").replace("'", "")).split())


def _keyword(raw: object) -> Keyword:
    if isinstance(raw, dict):
        value = raw.get("value")
        return Keyword(str(raw.get("name", "")), "" if value is None else str(value))
    return Keyword(str(raw))


def _range(raw: object) -> tuple[int | None, int | None]:
    """[0]: melee; [n]: range n; [a, b]: a to b; [a, null]: a to ∞; anything else: no range."""
    if not isinstance(raw, list) or not raw or not isinstance(raw[0], int):
        return None, None
    if len(raw) == 1:
        return raw[0], raw[0]
    return raw[0], raw[-1] if isinstance(raw[-1], int) else None


def _weapon(raw: dict[str, object], where: str, quirks: list[Quirk]) -> Weapon:
    dice = raw.get("dice") if isinstance(raw.get("dice"), dict) else {}
    assert isinstance(dice, dict)
    low, high = _range(raw.get("range"))
    keywords = tuple(_keyword(k) for k in raw.get("keywords") or ())  # type: ignore[attr-defined]
    name = str(raw.get("name", ""))
    if low is None:
        quirks.append(Quirk(f"{where}: {name}", "the data gives this weapon no range: the calculators take it for an "
                            "overrun attack if it has Overrun X, else refuse it"))
    for k in keywords:
        if k.value and k.number is None and k.value.strip().upper() == "X":
            quirks.append(Quirk(f"{where}: {name}: {k.name}", "X is not fixed on the card; not given to the calculators"))
    return Weapon(name, int(dice.get("r", 0)), int(dice.get("b", 0)), int(dice.get("w", 0)), low, high, keywords)


def _unit(raw: dict[str, object], name: str) -> Unit:
    stats = raw["stats"]
    assert isinstance(stats, dict)
    quirks: list[Quirk] = []
    kind = str(raw.get("cardSubtype", ""))
    value = int(stats.get("courage", 0))
    courage = resilience = None
    if "vehicle" in kind:
        resilience = value if value > 0 else None
    elif value > 0:
        courage = value
    if value < 0:
        quirks.append(Quirk("courage", f"the data gives {value}, which is no courage value; shown as unknown, "
                            "the calculators keep their own courage"))
    keywords = tuple(_keyword(k) for k in raw.get("keywords") or ())  # type: ignore[attr-defined]
    for k in keywords:
        if k.value.strip().upper() == "X":
            quirks.append(Quirk(k.name, "X is not fixed on the card; not given to the calculators"))
    weapons = tuple(_weapon(w, "weapon", quirks) for w in raw.get("weapons") or ())  # type: ignore[attr-defined]
    if int(stats.get("minicount", 1)) < 1:
        quirks.append(Quirk("minis", "the card gives 0 minis: they come from its upgrades (personnel, heavy weapons); "
                            "the calculators count none defeated"))
    if not weapons:
        quirks.append(Quirk("weapons", "the data lists no weapon for this unit: it cannot attack in the calculators"))
    return Unit(
        id=str(raw["id"]), name=name, card_name=str(raw["cardName"]), title=str(raw.get("title") or ""),
        faction=str(raw.get("faction", "")), rank=str(raw.get("rank", "")), kind=kind, cost=int(raw.get("cost", 0)),  # type: ignore[call-overload]
        minis=int(stats.get("minicount", 1)), wounds=int(stats.get("hp", 1)),
        defense=DEFENSE.get(str(stats.get("defense")), "white"), defense_surge=DEFENSE_SURGE.get(str(stats.get("defsurge", "")), "none"),
        attack_surge=ATTACK_SURGE.get(str(stats.get("hitsurge", "")), "none"), courage=courage, resilience=resilience,
        speed=int(stats.get("speed", 0)), keywords=keywords, weapons=weapons,
        upgrade_bar=tuple(str(s) for s in raw.get("upgradeBar") or ()),  # type: ignore[attr-defined]
        released=not raw.get("isUnreleased"), updated=str(raw.get("updated", "")), quirks=tuple(quirks),
        affiliation=str(raw.get("affiliation") or ""))


def _names(raws: list[dict[str, object]]) -> list[str]:
    """Unique names: the card's name; with its title where two cards share the name; with
    the faction too where name and title are shared."""
    def base(r: dict[str, object]) -> str:
        return str(r["cardName"])

    shared = {n for n, count in Counter(map(base, raws)).items() if count > 1}
    names = [f"{base(r)} ({r['title']})" if base(r) in shared and r.get("title") else base(r) for r in raws]
    twice = {n for n in names if names.count(n) > 1}
    return [f"{n} [{FACTIONS.get(str(r.get('faction')), r.get('faction'))}]" if n in twice else n for n, r in zip(names, raws)]


def _upgrade(raw: dict[str, object]) -> Upgrade:
    quirks: list[Quirk] = []
    requirement = Requirement.parse(raw.get("requirements") or [])
    unique = int(raw.get("uniqueCount") or 0) or (1 if raw.get("isUnique") else 0)  # type: ignore[call-overload]
    return Upgrade(id=str(raw["id"]), name=str(raw["cardName"]), kind=str(raw.get("cardSubtype", "")),
                   cost=int(raw.get("cost", 0)),  # type: ignore[call-overload]
                   weapons=tuple(_weapon(w, "weapon", quirks) for w in raw.get("weapons") or ()),  # type: ignore[attr-defined]
                   for_units=tuple(dict.fromkeys(requirement.card_names())),
                   released=not raw.get("isUnreleased"), requirements=requirement, unique=unique)


def parse(text: str) -> Cards:
    """The cards from the copy's JSON text (pure: tests give their own text), with
    `corrections.CORRECTIONS` made."""
    data = json.loads(text)
    corrections.apply_in_place(data)  # the data was just read: no copy of it is needed
    unit_cards = data["units"]
    assert isinstance(unit_cards, list)
    upgrade_cards = data["upgrades"]
    assert isinstance(upgrade_cards, list)
    raws = sorted(unit_cards, key=lambda r: (str(r["cardName"]), str(r.get("title") or ""), str(r["id"])))
    units = tuple(_unit(r, n) for r, n in zip(raws, _names(raws)))
    upgrades = tuple(_upgrade(r) for r in upgrade_cards)
    return Cards(date=str(data.get("date", "")), source=str(data.get("source", "")), units=units, upgrades=upgrades)


@cache
def cards() -> Cards:
    """The shipped copy, read once."""
    # From the package's loader, as importlib.resources reads it, without the zipfile and
    # tempfile modules (and their archives' libraries) resources imports to do it.
    data = pkgutil.get_data(__package__, "data/cards.json")
    if data is None:
        raise FileNotFoundError(f"{__package__}: its loader cannot read data/cards.json")
    return parse(data.decode("utf-8"))
