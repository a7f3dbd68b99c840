"""The inputs of an attack, as the rulebook names them: the attacker and its weapons, each
attack pool with its defender and the guardians protecting it, and the faces to trace."""

from __future__ import annotations

from rulesengine.legion.policies import Policies
from rulesengine.legion.readings import Readings
from rulesengine.wording import plural
from rulesengine.records import field, frozen

RULESETS = ("2026", "2.6", "notes")
"""`2026` (the default): the Core Rulebook effective 29 May 2026 with the errata of 17 June
2026; `2.6`: the Core Rulebook in force from 24 November 2025 until 28 May 2026; `notes`:
the owner's notes (Legion before July 2024) (`rulesets.NAMES`)."""

SURGE_CHARTS = ("none", "hit", "crit")
DEFENSE_SURGE_CHARTS = ("none", "block")
COVER = {"none": 0, "light": 1, "heavy": 2}


@frozen
class Attacker:
    """The attacking unit: its surge chart and the tokens and keywords it brings."""

    surge: str = "none"
    surge_tokens: int = 0
    aim: int = 0
    precise: int = 0
    immune_deflect: bool = False
    duelist: bool = False
    makashi: bool = False
    jedi_hunter: bool = False
    hold_the_line: bool = False
    death_from_above: bool = False
    ram: int = 0
    lethal: int = 0
    marksman: bool = False
    jar_kai: bool = False
    dodge: int = 0
    """The attacker's own dodge tokens (spent by Jar'Kai Mastery)."""
    overwhelm: bool = False
    """Overwhelm (ruleset 2026): the defender gains 1 more suppression token when an aim
    token was spent during the Reroll Dice step."""


@frozen
class Weapons:
    """The dice of one attack pool and the weapon keywords that travel with them."""

    red: int = 0
    black: int = 0
    white: int = 0
    critical: int = 0
    pierce: int = 0
    impact: int = 0
    sharpshooter: int = 0
    blast: bool = False
    high_velocity: bool = False
    suppressive: bool = False
    ion: int = 0
    assault_ways: tuple[int, ...] = ()
    """Assault X (ruleset 2026): every count of white dice its X upgrades may take, most
    first (`keywords.assault.splits`); `formed` says which way was taken."""
    sniper_team: bool = False
    """Sniper Team (ruleset 2026): the pool holds only Sniper Team weapons and their
    conditions hold; its dice were upgraded, and the attacker may cancel it after step 4c."""
    formed: tuple[str, ...] = ()
    """How step 2 and 4a formed these dice (Spray, Anti-Materiel X, ...), one sentence each."""

    @property
    def dice(self) -> tuple[tuple[str, int], ...]:
        return (("red", self.red), ("black", self.black), ("white", self.white))

    @property
    def size(self) -> int:
        return self.red + self.black + self.white


@frozen
class Defender:
    """The defending unit (a trooper unless it says otherwise) and its keywords."""

    defense: str = "white"
    surge: str = "none"
    surge_tokens: int = 0
    dodge: int = 0
    cover: str = "none"
    cover_x: int = 0
    suppression: int = 0
    courage: int = 1
    armor: bool = False
    armor_x: int = 0
    impervious: bool = False
    immune_pierce: bool = False
    has_guardian: bool = False
    transported: bool = False
    vehicle: bool = False
    low_profile: bool = False
    dug_in: bool = False
    shields: int = 0
    immune_blast: bool = False
    immune_melee_pierce: bool = False
    weak_point: int = 0
    block: bool = False
    outmaneuver: bool = False
    danger_sense: int = 0
    deflect: bool = False
    uncanny_luck: int = 0
    soresu: bool = False
    backup: bool = False
    duelist: bool = False
    hold_the_line: bool = False
    observe: int = 0
    djem_so: bool = False
    smoke: int = 0
    shien: bool = False
    vaapad: int = 0
    """Vaapad Mastery (ruleset 2026): 1 white defense die per wound token, at most 3 (the value
    is the dice, already capped)."""


@frozen
class Guardian:
    """A friendly trooper at range 1 of the defender that uses Guardian X."""

    x: int
    die: str
    surge: str = "none"
    immune_pierce: bool = False
    suppressed: bool = False
    """Its suppression tokens reach its courage (ruleset 2.6: it cannot use Guardian X)."""
    surge_tokens: int = 0
    """Its own surge tokens, spent to convert its defense surges to blocks (ruleset 2.6)."""
    deflect: bool = False
    """It has Deflect: surge: block while it uses Guardian X (ruleset 2.6)."""
    soresu: bool = False
    """It has Soresu Mastery: with a dodge token it may reroll its Guardian X dice (ruleset 2.6)."""
    dodge: int = 0
    """Its own dodge tokens (Soresu Mastery spends one)."""
    impervious: bool = False
    """It has Impervious (ruleset 2026: what it does is the reading `guard_impervious`)."""

    def label(self) -> str:
        flags = (",immune-pierce" if self.immune_pierce else "") + (",suppressed" if self.suppressed else "")
        flags += f",surge-tokens={self.surge_tokens}" if self.surge_tokens else ""
        flags += (",deflect" if self.deflect else "") + (",soresu" if self.soresu else "")
        flags += f",dodge={self.dodge}" if self.dodge else ""
        flags += ",impervious" if self.impervious else ""
        return f"{self.x},{self.die},{self.surge}{flags}"

    def words(self) -> str:
        """The guardian in the rules' words, for the trace: "Guardian 2, red defense die, no
        defense surge chart, Immune: Pierce, 1 surge token"."""
        parts = [f"Guardian {self.x}", f"{self.die} defense die",
                 "no defense surge chart" if self.surge == "none" else f"defense surge chart: surge to {self.surge}"]
        parts += ["Immune: Pierce"] * self.immune_pierce + ["suppressed (its tokens reach its courage)"] * self.suppressed
        parts += [plural(self.surge_tokens, "surge token")] * (self.surge_tokens > 0)
        parts += ["Deflect"] * self.deflect + ["Soresu Mastery"] * self.soresu
        parts += [plural(self.dodge, "dodge token")] * (self.dodge > 0)
        parts += ["Impervious"] * self.impervious
        return ", ".join(parts)


@frozen
class Faces:
    """Faces already rolled, for a step-by-step trace; dice beyond these are rolled as usual."""

    attack: tuple[str, ...] = ()
    guardians: tuple[tuple[str, ...], ...] = ()
    defense: tuple[str, ...] = ()

    @property
    def given(self) -> bool:
        return bool(self.attack or any(self.guardians) or self.defense)

    def guardian(self, index: int) -> tuple[str, ...]:
        return self.guardians[index] if index < len(self.guardians) else ()


@frozen
class AttackPool:
    """Step 2's attack pool, rolled against the defender it was formed against."""

    weapons: Weapons
    defender: Defender = field(default_factory=Defender)
    guardians: tuple[Guardian, ...] = ()
    faces: Faces = field(default_factory=Faces)
    defender_number: int = 1
    """Which defender (step 1 or 3) this pool was formed against: pools with the same
    number attack the same unit, whose spent tokens and suppression carry between them."""


@frozen
class Attack:
    """One attack: one or more pools resolved in turn (steps 4 to 9 each, then step 10)."""

    attacker: Attacker
    pools: tuple[AttackPool, ...]
    melee: bool = False
    ruleset: str = "2026"
    overrun: bool = False
    """An overrun attack: neither ranged nor melee."""
    policies: Policies = field(default_factory=Policies)
    readings: Readings = field(default_factory=Readings)
    """How rule texts that can be read two ways are read (`readings.py`)."""

    @property
    def ranged(self) -> bool:
        return not self.melee and not self.overrun
