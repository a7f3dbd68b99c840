"""Brute-force oracle for the Legion attack: every face of every die, rules applied naively.

Written apart from the engine (it imports nothing from `rulesengine`): dice are lists of
sides, a roll is a tuple of faces, each rerolled die's sides are enumerated, and every
defense die's six sides are enumerated. Identical rolls are merged between stages only.
Two pure steps are remembered, not recomputed: a defense roll, by the dice and charts it
depends on, and steps 5 to 10 within one attack, by the results the attack roll left. What
is enumerated does not change; an attack roll that leaves the same counts as another
reuses its answer.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import Any

ATTACK_SIDES = {
    "red": ["crit", "surge"] + ["hit"] * 5 + ["blank"],
    "black": ["crit", "surge"] + ["hit"] * 3 + ["blank"] * 3,
    "white": ["crit", "surge", "hit"] + ["blank"] * 5,
}
DEFENSE_SIDES = {
    "red": ["block"] * 3 + ["surge"] + ["blank"] * 2,
    "white": ["block", "surge"] + ["blank"] * 4,
}
DEFAULTS: dict[str, Any] = {
    "ruleset": "notes", "red": 0, "black": 0, "white": 0, "surge": "none", "surge_tokens": 0,
    "critical": 0, "aim": 0, "precise": 0, "pierce": 0, "impact": 0, "melee": False,
    "defense": "white", "defense_surge": "none", "defense_surge_tokens": 0, "dodge": 0,
    "cover": "none", "cover_x": 0, "sharpshooter": 0, "blast": False, "suppression": 0,
    "courage": 1, "armor": False, "armor_x": 0, "impervious": False, "immune_pierce": False,
    "defender_guardian": False, "transported": False, "guardian": [], "attack_faces": "",
    "guardian_faces": [], "defense_faces": "", "aim_policy": "blanks-and-useless-surges",
    "guardian_policy": "max", "pierce_policy": "guardian-first", "dodge_policy": "max",
    "vehicle": False, "low_profile": False, "dug_in": False, "shields": 0, "immune_blast": False,
    "immune_melee_pierce": False, "weak_point": 0, "block": False, "outmaneuver": False, "danger_sense": 0,
    "high_velocity": False, "deflect": False, "uncanny_luck": 0, "soresu": False, "backup": False,
    "defender_duelist": False, "defender_hold_the_line": False, "immune_deflect": False, "duelist": False,
    "makashi": False, "jedi_hunter": False, "hold_the_line": False, "death_from_above": False, "ram": 0,
    "smoke": 0, "observe": 0, "lethal": 0, "marksman": False, "djem_so": False, "suppressive": False,
    "spray": 0, "anti_materiel": 0, "anti_personnel": 0, "cumbersome": False, "ion": 0,
    "jar_kai_mastery": False, "attacker_dodge": 0, "overrun": False, "shien_mastery": False,
    "low_profile_reading": "defense-die", "soresu_reading": "each-die", "lethal_impervious_reading": "counts",
    "impervious_guardian_reading": "start-of-step-8", "guard_impervious_reading": "defender-only",
    "assault": 0, "assault_policy": "most-wounds", "sniper_team": False, "sniper_policy": "most-wounds", "overwhelm": False,
    "vaapad": 0, "defender_vaapad": 0,
}
NEXT_COLOUR = {"white": "black", "black": "red"}

Dist = dict[Any, Fraction]


def _add(out: Dist, key: Any, p: Fraction) -> None:
    out[key] = out.get(key, Fraction(0)) + p


def _rolls(sides_per_die: list[list[str]]) -> Iterable[tuple[tuple[str, ...], Fraction]]:
    """Every roll of these dice, face by face, each with its probability."""
    p = Fraction(1)
    for sides in sides_per_die:
        p /= len(sides)
    for faces in itertools.product(*sides_per_die):
        yield faces, p


def rerolls(colours: list[str], faces: tuple[str, ...], most: int) -> list[list[tuple[tuple[str, ...], Fraction]]]:
    """Every choice of 1 to `most` attack dice to reroll, each as the rolls it may give."""
    out = []
    for size in range(1, min(most, len(faces)) + 1):
        for chosen in itertools.combinations(range(len(faces)), size):
            rolls = []
            for new, p in _rolls([ATTACK_SIDES[colours[i]] for i in chosen]):
                rolled = list(faces)
                for i, f in zip(chosen, new):
                    rolled[i] = f
                rolls.append((tuple(rolled), p))
            out.append(rolls)
    return out


def _capacity(c: Mapping[str, Any]) -> float:
    """How many surges the pool converts (infinite with a chart result)."""
    return float("inf") if c["surge"] != "none" else c["critical"] + c["surge_tokens"]


def _keep_surges(faces: tuple[str, ...], kept: frozenset[int], candidates: list[int], capacity: float) -> frozenset[int]:
    """New surges take free conversion places, highest index (worst colour) first."""
    new = set(kept)
    for i in sorted(candidates, reverse=True):
        if faces[i] == "surge" and len(new) < capacity:
            new.add(i)
    return frozenset(new)


def _rerollable(c: Mapping[str, Any], faces: tuple[str, ...], kept: frozenset[int]) -> list[int]:
    """Dice the aim policy rerolls, in pool order (red dice first)."""
    policy = c["aim_policy"]
    useless = c["surge"] == "none" and c["critical"] + c["surge_tokens"] == 0
    surge_is_hit = c["surge"] == "hit" and c["critical"] == 0
    out = []
    for i, f in enumerate(faces):
        if f == "blank" or (f == "hit" and policy == "crit-fishing"):
            out.append(i)
        elif f == "surge" and policy == "blanks-and-spare-surges" and c["surge"] == "none" and i not in kept:
            out.append(i)
        elif f == "surge" and policy == "blanks-and-useless-surges" and useless:
            out.append(i)
        elif f == "surge" and policy == "crit-fishing" and (useless or surge_is_hit):
            out.append(i)
    return out


def attack_roll(c: Mapping[str, Any], aims: int) -> Dist:
    """{(faces, aim tokens spent, observation tokens spent): p} after step 4b."""
    colours = ["red"] * c["red"] + ["black"] * c["black"] + ["white"] * c["white"]
    fixed = [f for f in str(c["attack_faces"]).split(",") if f]
    sides = [[fixed[i]] if i < len(fixed) else ATTACK_SIDES[col] for i, col in enumerate(colours)]
    capacity = _capacity(c)
    states: Dist = {}
    for faces, p in _rolls(sides):
        kept = _keep_surges(faces, frozenset(), list(range(len(faces))), capacity)
        _add(states, (faces, kept, 0, 0), p)
    # Aim tokens (2 dice plus Precise), then observation tokens (1 die), each counted.
    tokens = [] if fixed else [(2 + c["precise"], 1, 0)] * aims + [(1, 0, 1)] * c["observe"]
    for budget, aimed, observed in tokens:
        nxt: Dist = {}
        for (faces, kept, spent, seen), p in states.items():
            chosen = _rerollable(c, faces, kept)[:budget]
            if not chosen:
                _add(nxt, (faces, kept, spent, seen), p)
                continue
            for new, q in _rolls([ATTACK_SIDES[colours[i]] for i in chosen]):
                rolled = list(faces)
                for i, f in zip(chosen, new):
                    rolled[i] = f
                t = tuple(rolled)
                _add(nxt, (t, _keep_surges(t, kept, chosen, capacity), spent + aimed, seen + observed), p * q)
        states = nxt
    out: Dist = {}
    for (faces, _, spent, seen), p in states.items():
        _add(out, (faces, spent, seen), p)
    return out


def convert(c: Mapping[str, Any], faces: tuple[str, ...], tokens: int) -> tuple[int, int, int]:
    """(crits, hits, tokens spent)."""
    crits, hits, surges = faces.count("crit"), faces.count("hit"), faces.count("surge")
    to_crit = min(surges, c["critical"])
    crits, surges = crits + to_crit, surges - to_crit
    if c["surge"] == "hit":
        return crits, hits + surges, 0
    if c["surge"] == "crit":
        return crits + surges, hits, 0
    spent = min(surges, tokens)
    return crits, hits + spent, spent


def cover_level(c: Mapping[str, Any]) -> int:
    if c["melee"] or c["overrun"] or c["death_from_above"] or (c["blast"] and not c["immune_blast"]):
        return 0
    terrain = 0 if c["vehicle"] and c["ruleset"] != "notes" else {"none": 0, "light": 1, "heavy": 2}[c["cover"]]
    smoke = 0 if c["vehicle"] else min(1, c["smoke"]) if c["ruleset"] == "notes" else c["smoke"]
    level = terrain + c["cover_x"] + smoke
    suppressed = c["suppression"] >= 1 if c["ruleset"] == "notes" else c["suppression"] >= c["courage"]
    level = min(2, level + (1 if suppressed else 0))
    if level == 1 and c["low_profile"] and c["ruleset"] == "notes" and c["low_profile_reading"] == "cover":
        level = 2  # Low Profile's older form: light cover counts as heavy
    return max(0, level - c["sharpshooter"])


def after_cover(c: Mapping[str, Any], hits: int) -> Dist:
    level = cover_level(c)
    if c["ruleset"] == "notes" or level == 0:
        return {max(0, hits - level): Fraction(1)}
    out: Dist = {}
    # Low Profile: the first die of the cover pool is a block, not rolled.
    first = [["block"]] if c["low_profile"] and hits else []
    colour = "red" if c["dug_in"] else "white"
    for faces, p in _rolls(first + [DEFENSE_SIDES[colour]] * (hits - len(first))):
        cancel = sum(1 for f in faces if f == "block" or (f == "surge" and level == 2))
        _add(out, hits - cancel, p)
    return out


def dodge(c: Mapping[str, Any], crits: int, hits: int) -> tuple[int, int, bool, int]:
    """(crits, hits, a token was spent, tokens spent) after the defender's dodge tokens."""
    tokens = c["dodge"]
    if c["dodge_policy"] != "max" or c["high_velocity"] or tokens == 0:
        return crits, hits, False, 0
    spent = 0
    while tokens and (crits if c["outmaneuver"] else 0):
        crits, tokens, spent = crits - 1, tokens - 1, spent + 1
    while tokens and hits:
        hits, tokens, spent = hits - 1, tokens - 1, spent + 1
    notes = c["ruleset"] == "notes"  # since 2.6 neither Deflect nor Soresu Mastery asks for a dodge token
    wants = c["block"] or (notes and deflect_works(c)) or (notes and c["soresu"] and is_ranged(c)) or (c["defender_duelist"] and c["melee"])
    return crits, hits, spent > 0 or wants, spent if spent else int(wants)


def is_ranged(c: Mapping[str, Any]) -> bool:
    """An overrun attack is neither ranged nor melee."""
    return not c["melee"] and not c["overrun"]


def deflect_works(c: Mapping[str, Any]) -> bool:
    if c["ruleset"] == "notes":
        return c["deflect"] and not c["immune_deflect"]
    return c["deflect"] and is_ranged(c) and not c["high_velocity"]  # 2.6: Immune: Deflect only stops the wounds


def makashi_used(c: Mapping[str, Any]) -> bool:
    answers = c["immune_pierce"] or c["immune_melee_pierce"] or c["impervious"] or c["defender_duelist"]
    return c["makashi"] and c["melee"] and c["pierce"] > 0 and answers


def pool_pierce(c: Mapping[str, Any]) -> int:
    duelist = 1 if c["duelist"] and c["melee"] and c["aim"] > 0 else 0
    return c["pierce"] + duelist - (1 if makashi_used(c) else 0)


def pierce_works(c: Mapping[str, Any], dodged: bool = False) -> bool:
    if makashi_used(c):
        return True
    immune = c["immune_pierce"] or (c["melee"] and c["immune_melee_pierce"])
    return not immune and not (c["defender_duelist"] and c["melee"] and dodged)


def _counted(c: Mapping[str, Any], faces: tuple[str, ...], chart: str, deflecting: bool) -> int:
    """Blocks a roll gives once surges are converted (Deflect: every surge)."""
    if deflecting:
        return faces.count("block") + faces.count("surge")
    return defense_blocks(c["defense"], faces, chart, c["defense_surge_tokens"])


_DEFENSE_ROLLS: dict[tuple[Any, ...], Dist] = {}


def defense_roll(c: Mapping[str, Any], first: list[list[str]], chart: str, deflecting: bool, rerolls: int,
                 whole: bool = False) -> Dist:
    """{(blocks, surges for Deflect, surge tokens spent): p}: roll, reroll up to `rerolls`
    dice that will not block (blanks, surges beyond the tokens), then count. `whole`
    (Soresu Mastery, all or nothing): every die is rolled again when the roll's blocks are
    fewer than a fresh roll's expected blocks, else none. Depends on the defense die and
    its surge tokens alone of `c`: remembered by those and the arguments."""
    key = (c["defense"], c["defense_surge_tokens"], tuple(map(tuple, first)), chart, deflecting, rerolls, whole)
    if key not in _DEFENSE_ROLLS:
        _DEFENSE_ROLLS[key] = _defense_roll(c, first, chart, deflecting, rerolls, whole)
    return _DEFENSE_ROLLS[key]


def _defense_roll(c: Mapping[str, Any], first: list[list[str]], chart: str, deflecting: bool, rerolls: int,
                  whole: bool) -> Dist:
    tokens = c["defense_surge_tokens"]
    fresh = [DEFENSE_SIDES[c["defense"]]] * len(first)
    expected = sum((_counted(c, f, chart, deflecting) * q for f, q in _rolls(fresh)), Fraction(0))
    out: Dist = {}
    for faces, p in _rolls(first):
        if whole:
            again_all = _counted(c, faces, chart, deflecting) < expected
            for t, q in (_rolls(fresh) if again_all else [(faces, Fraction(1))]):
                if deflecting:
                    _add(out, (t.count("block") + t.count("surge"), t.count("surge"), 0), p * q)
                else:
                    used = 0 if chart == "block" else min(t.count("surge"), tokens)
                    _add(out, (defense_blocks(c["defense"], t, chart, tokens), 0, used), p * q)
            continue
        failing, surges_kept = [], 0
        for i, f in enumerate(faces):
            if f == "blank":
                failing.append(i)
            elif f == "surge" and not deflecting and chart != "block":
                if surges_kept < tokens:
                    surges_kept += 1
                else:
                    failing.append(i)
        again = failing[:rerolls]
        for new, q in _rolls([DEFENSE_SIDES[c["defense"]]] * len(again)):
            final = list(faces)
            for i, f in zip(again, new):
                final[i] = f
            t = tuple(final)
            if deflecting:
                _add(out, (t.count("block") + t.count("surge"), t.count("surge"), 0), p * q)
            else:
                used = 0 if chart == "block" else min(t.count("surge"), tokens)
                _add(out, (defense_blocks(c["defense"], t, chart, tokens), 0, used), p * q)
    return out


def defense_blocks(die: str, faces: tuple[str, ...], chart: str, tokens: int) -> int:
    blocks, surges = faces.count("block"), faces.count("surge")
    if chart == "block":
        return blocks + surges
    return blocks + min(surges, tokens)


def formed_pool(c: Mapping[str, Any]) -> dict[str, int]:
    """Spray: every die once per miniature in sight; Assault X moves X dice one colour up
    (whites first, blacks first, or `whites=N`: N whites, the rest blacks), Sniper Team every
    die; then Anti-Materiel X (a vehicle) or Anti-Personnel X (a trooper) moves X dice one
    colour up, each die once, whites first; last, Vaapad Mastery's white dice (at most 3)."""
    copies = max(1, c["spray"])
    dice = (["red"] * c["red"] + ["black"] * c["black"] + ["white"] * c["white"]) * copies
    if c["assault"]:
        total = min(c["assault"], dice.count("white") + dice.count("black"))
        policy = str(c["assault_policy"])
        whites = (int(policy.split("=")[1]) if policy.startswith("whites=")
                  else max(0, total - dice.count("black")) if policy == "blacks-first" else min(total, dice.count("white")))
        dice = (["red"] * (dice.count("red") + total - whites) + ["black"] * (dice.count("black") - (total - whites) + whites)
                + ["white"] * (dice.count("white") - whites))
    if c["sniper_team"]:
        dice = [NEXT_COLOUR.get(d, d) for d in dice]
    ups = c["anti_materiel"] if c["vehicle"] else c["anti_personnel"]
    upgraded = []
    for d in sorted(dice, key=["white", "black", "red"].index):
        if ups and d in NEXT_COLOUR:
            upgraded.append(NEXT_COLOUR[d])
            ups -= 1
        else:
            upgraded.append(d)
    upgraded += ["white"] * min(3, c["vaapad"])
    return {colour: upgraded.count(colour) for colour in ("red", "black", "white")}


def _best_assault(values: Mapping[str, Any], aims: int | None, surge_tokens: int | None, with_spending: bool) -> Dist:
    """Assault X under most-wounds: every count of white dice among the X upgraded, the one
    with the most expected wounds on the defender kept (the most whites on a tie)."""
    c = {**DEFAULTS, **values}
    copies = max(1, c["spray"])
    white, black = c["white"] * copies, c["black"] * copies
    total = min(c["assault"], white + black)
    best: Dist | None = None
    for whites in range(min(total, white), max(0, total - black) - 1, -1):
        d = resolve({**values, "assault_policy": f"whites={whites}"}, aims, surge_tokens, with_spending)
        if best is None or _expected(d) > _expected(best):
            best = d
    assert best is not None
    return best


def _expected(d: Dist) -> Fraction:
    return sum((p * o[0] for o, p in d.items()), Fraction(0))


def sniper_cancels(c: Mapping[str, Any], crits: int, continued: Dist) -> bool:
    """Sniper Team's choice after step 4c: never, whenever a crit shows, or when the sure
    wound of a cancelled crit beats the expected wounds of going on."""
    if c["sniper_policy"] == "never":
        return False
    if c["sniper_policy"] == "crit-shown":
        return crits > 0
    return (1 if crits else 0) > _expected(continued)


def change_results(c: Mapping[str, Any], tokens: int, crits: int, hits: int, blanks: int) -> tuple[int, int, int, int]:
    """Marksman's aim or Jar'Kai's dodge tokens, one each: against Armor hits to crits, then a
    blank to a crit for two; else blanks to hits first, then hits to crits. (crits, hits,
    blanks, tokens left)."""
    while tokens and (hits or (blanks and tokens >= 2) if c["armor"] else blanks + hits):
        if c["armor"] and not hits:
            blanks, crits, tokens = blanks - 1, crits + 1, tokens - 2
        elif blanks and not c["armor"]:
            blanks, hits, tokens = blanks - 1, hits + 1, tokens - 1
        else:
            hits, crits, tokens = hits - 1, crits + 1, tokens - 1
    return crits, hits, blanks, tokens


Guard = tuple[int, str, str, bool, int, bool, bool]
"""(X, die, chart, immune to Pierce, surge tokens, rerolls its failing dice, Pierce cancels
one fewer of its blocks: ruleset 2026, Impervious, reading one-fewer)."""


def _guardians(c: Mapping[str, Any]) -> list[Guard]:
    """A suppressed guardian acts as X = 0 in ruleset 2.6. Ruleset 2.6 also lets a guardian
    spend its own surge tokens, take surge: block from Deflect (not against High Velocity
    alone) and, with Soresu Mastery and a dodge token, reroll its failing dice."""
    out = []
    for g in c["guardian"]:
        parts = g.split(",")
        flags = parts[3:] if len(parts) > 2 and parts[2] in ("none", "block") else parts[2:]
        chart = parts[2] if len(parts) > 2 and parts[2] in ("none", "block") else "none"
        words = {f.split("=")[0]: (int(f.split("=")[1]) if "=" in f else 1) for f in flags}
        now = c["ruleset"] != "notes"
        x = 0 if "suppressed" in words and now else int(parts[0])
        if now and "deflect" in words and is_ranged(c) and not c["high_velocity"]:
            chart = "block"
        rerolls = now and "soresu" in words and words.get("dodge", 0) > 0
        fewer = c["ruleset"] == "2026" and "impervious" in words and c["guard_impervious_reading"] == "one-fewer"
        out.append((x, parts[1], chart, "immune-pierce" in words, words.get("surge-tokens", 0), rerolls, fewer))
    return out


def resolve(values: Mapping[str, Any], aims: int | None = None, surge_tokens: int | None = None,
            with_spending: bool = False) -> Dist:
    """{(defender wounds, (wounds, cancelled at least one hit) per guardian, suppressed, aims left, surge tokens left,
    attacker wounds, suppression tokens gained[, (dodge, shield, defense surge tokens the
    defender spent, observation tokens spent on it)]): p}."""
    c = {**DEFAULTS, **values}
    if c["assault"] and c["assault_policy"] == "most-wounds":
        return _best_assault(values, aims, surge_tokens, with_spending)
    aims = c["aim"] if aims is None else aims
    tokens = c["surge_tokens"] if surge_tokens is None else surge_tokens
    charts = [c["surge"]] + (["crit"] if c["jedi_hunter"] else []) + (["hit"] if c["hold_the_line"] and c["melee"] else [])
    chart_order = ["none", "hit", "crit"]
    c = {**c, "surge_tokens": tokens, "surge": max(charts, key=chart_order.index), **formed_pool(c)}
    guardians = _guardians(c)
    gfaces = [[f for f in g.split(",") if f] for g in c["guardian_faces"]]
    dfaces = [f for f in str(c["defense_faces"]).split(",") if f]
    size = c["red"] + c["black"] + c["white"]
    ranged = is_ranged(c)
    def rest(crits: int, hits: int, blanks: int, left: int, produced: bool, observed: int, tokens_spent: int,
             aimed: bool) -> Dist:
        """Steps 5 to 10 from an attack roll that left these results."""
        mine: Dist = {}
        for hits_left, q in after_cover(c, hits).items():
            crits2, hits2, dodged, dodge_used = dodge(c, crits, hits_left)
            blanks2 = blanks
            shields = c["shields"] - min(c["ion"], crits2 + hits2, c["shields"])  # Ion X, first in step 6
            flipped = c["shields"] - shields
            for _ in range(c["ram"]):
                if blanks2:
                    blanks2, crits2 = blanks2 - 1, crits2 + 1
                elif hits2:
                    hits2, crits2 = hits2 - 1, crits2 + 1
            # Lethal X, the attacker's part of step 6: every token it may, when a hit or crit is
            # left and Pierce can be used against the defender.
            lethal = min(c["lethal"], left) if crits2 + hits2 and pierce_works(c, dodged) else 0
            if c["armor"] or c["armor_x"]:
                impact = min(hits2, c["impact"] + c["weak_point"])
                crits2, hits2 = crits2 + impact, hits2 - impact
                hits2 -= hits2 if c["armor"] else min(hits2, c["armor_x"])
            if c["backup"] and ranged and not c["defender_guardian"]:
                hits2 -= min(hits2, 2)
            shields_used = flipped
            for _ in range(shields if ranged else 0):  # shield tokens answer ranged attacks only
                if crits2:
                    crits2, shields_used = crits2 - 1, shields_used + 1
                elif hits2:
                    hits2, shields_used = hits2 - 1, shields_used + 1
            # Ruleset 2026: Impervious lowers the pool's Pierce by 1 (never below 0): before the
            # guardians (reading whole-pool) or at the start of step 8 (start-of-step-8).
            lowers = c["ruleset"] == "2026" and c["impervious"] and not makashi_used(c)
            early = 1 if lowers and c["impervious_guardian_reading"] == "whole-pool" else 0
            late = 1 if lowers and not early else 0
            start = (crits2, hits2, max(0, pool_pierce(c) + lethal - early), ((0, 0),) * len(guardians))
            for (cr, hi, pierce, gw), r in _use_guardians(c, guardians, gfaces, start).items():
                impervious = c["impervious"] and pierce_works(c, dodged) and not makashi_used(c) and c["ruleset"] != "2026"
                counted = lethal if c["lethal_impervious_reading"] == "counts" else 0  # Lethal's Pierce, if it adds dice
                n = cr + hi + (pool_pierce(c) + counted if impervious else 0)
                n += min(c["suppression"], c["danger_sense"]) + min(3, c["defender_vaapad"])  # Vaapad: white dice
                # Low Profile in the notes' rules: with cover, one defense die is a block.
                swapped = (c["ruleset"] == "notes" and c["low_profile"] and c["low_profile_reading"] == "defense-die"
                           and cover_level(c) > 0 and n > 0)
                n -= 1 if swapped else 0
                token_ok = dodged or c["ruleset"] != "notes"
                deflecting = deflect_works(c) and token_ok and ranged and not c["immune_deflect"]
                gains_block = (c["block"] and dodged) or (c["defender_hold_the_line"] and c["melee"])
                chart = "block" if gains_block or (deflect_works(c) and token_ok) else c["defense_surge"]
                rerolls = n if c["soresu"] and token_ok and ranged else c["uncanny_luck"]
                sides = [[dfaces[i]] if i < len(dfaces) else DEFENSE_SIDES[c["defense"]] for i in range(n)]
                whole = c["soresu"] and token_ok and ranged and c["soresu_reading"] == "all-or-nothing"
                for (blocks, reflected, surge_tokens_used), s in defense_roll(c, sides, chart, deflecting, rerolls, whole).items():
                    blocks += 1 if swapped else 0
                    aims_left = left - lethal
                    if pierce_works(c, dodged):
                        blocks -= min(blocks, max(0, pierce - late))
                    wounds = max(0, cr + hi - blocks)
                    if reflected and c["ruleset"] != "notes" and not c["shien_mastery"]:
                        reflected = 1  # 2.6: one wound if any surge; Shien Mastery: one per surge
                    shien_quiet = c["shien_mastery"] and deflect_works(c) and wounds == 0
                    suppressed = produced and ranged and not c["vehicle"] and not shien_quiet
                    # Shien Mastery: an unwounded defender gains no token in step 10, Suppressive's included.
                    shien_acts = c["shien_mastery"] and deflect_works(c) and ranged
                    tokens_gained = int(suppressed) + (1 if c["suppressive"] and not c["vehicle"] and not (shien_acts and wounds == 0) else 0)
                    # Overwhelm: 1 more token when an aim token was spent on rerolls.
                    tokens_gained += 1 if c["overwhelm"] and aimed and not c["vehicle"] and not (shien_acts and wounds == 0) else 0
                    reflected += 1 if c["djem_so"] and c["melee"] and blanks2 else 0
                    key = (wounds, gw, suppressed, aims_left, tokens - tokens_spent, reflected, tokens_gained)
                    spending = (dodge_used, shields_used, surge_tokens_used, observed)
                    _add(mine, key + (spending,) if with_spending else key, q * r * s)
        return mine

    out: Dist = {}
    remembered: dict[tuple[Any, ...], Dist] = {}
    for (faces, spent, observed), p in attack_roll(c, aims).items():
        crits, hits, tokens_spent = convert(c, faces, tokens)
        left = aims - spent
        blanks = size - crits - hits
        if c["marksman"]:
            crits, hits, blanks, left = change_results(c, left, crits, hits, blanks)
        dodges = c["attacker_dodge"] if c["jar_kai_mastery"] and c["melee"] else 0
        crits, hits, blanks, _ = change_results(c, dodges, crits, hits, blanks)  # Jar'Kai: the attacker's dodge tokens
        produced = crits + hits > 0
        left_by_roll = (crits, hits, blanks, left, produced, observed, tokens_spent, spent > 0)
        if left_by_roll not in remembered:
            remembered[left_by_roll] = rest(*left_by_roll)
        continued = remembered[left_by_roll]
        # Sniper Team: cancel the pool here (after step 4c) by the sniper policy.
        if c["sniper_team"] and sniper_cancels(c, crits, continued):
            shien_quiet = c["shien_mastery"] and deflect_works(c)  # wounds: at most 1, and 0 without a crit
            wounds = 1 if crits else 0
            quiet = shien_quiet and wounds == 0
            suppressed = produced and ranged and not c["vehicle"] and not quiet
            gained = int(suppressed) + (1 if c["suppressive"] and not c["vehicle"] and not (quiet and ranged) else 0)
            gained += 1 if c["overwhelm"] and spent > 0 and not c["vehicle"] and not (quiet and ranged) else 0
            key = (wounds, ((0, 0),) * len(guardians), suppressed, left, tokens - tokens_spent, 0, gained)
            _add(out, key + ((0, 0, 0, observed),) if with_spending else key, p)
        else:
            for key, v in continued.items():
                _add(out, key, p * v)
    return out


def _use_guardians(c: Mapping[str, Any], guardians: list[Guard], gfaces: list[list[str]],
                   start: tuple[int, int, int, tuple[int, ...]]) -> Dist:
    states: Dist = {start: Fraction(1)}
    usable = is_ranged(c) and not c["defender_guardian"] and not c["transported"] and not c["vehicle"] and c["guardian_policy"] == "max"
    if not usable:
        return states
    for gi, (x, die, chart, immune, tokens, rerolls, fewer) in enumerate(guardians):
        nxt: Dist = {}
        for (cr, hi, pierce, gw), p in states.items():
            cancel = min(hi, x)
            given = gfaces[gi] if gi < len(gfaces) else []
            sides = [[given[i]] if i < len(given) else DEFENSE_SIDES[die] for i in range(cancel)]
            rolled = defense_roll({**c, "defense": die, "defense_surge_tokens": tokens}, sides, chart, False,
                                  cancel if rerolls else 0)
            for (blocks, _, _), q in rolled.items():
                offered = pierce if c["pierce_policy"] == "guardian-first" and not immune else 0
                pierced = max(0, min(blocks, offered) - 1) if fewer else min(blocks, offered)
                wounds = (cancel - blocks) + pierced
                new_gw = tuple((w[0] + wounds, int(cancel > 0)) if i == gi else w for i, w in enumerate(gw))
                _add(nxt, (cr, hi - cancel, pierce - pierced, new_gw), p * q)
        states = nxt
    return states


def marginals(joint: Dist, guardians: int) -> dict[str, Any]:
    """The shape of `api.run`'s JSON, from the oracle's joint distribution."""
    def dist(key: Any) -> dict[str, str]:
        d: dict[int, Fraction] = {}
        for outcome, p in joint.items():
            k = key(outcome)
            d[k] = d.get(k, Fraction(0)) + p
        return {str(k): str(v) for k, v in sorted(d.items()) if v}

    def expected(key: Any) -> str:
        return str(sum((p * key(o) for o, p in joint.items()), Fraction(0)))

    return {
        "defender": {"wounds": dist(lambda o: o[0]), "expected_wounds": expected(lambda o: o[0])},
        "guardians": [
            {"wounds": dist(lambda o, i=i: o[1][i][0]), "expected_wounds": expected(lambda o, i=i: o[1][i][0]),
             "acted": expected(lambda o, i=i: o[1][i][1])}
            for i in range(guardians)
        ],
        "suppression": str(sum((p for o, p in joint.items() if o[2]), Fraction(0))),
        "attacker": {"wounds": dist(lambda o: o[5]), "expected_wounds": expected(lambda o: o[5])},
        "suppression_tokens": dist(lambda o: o[6]),
    }
