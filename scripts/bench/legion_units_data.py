"""Refresh the engine's copy of Legion HQ 2's card data from a newer `cards.json`.

Not product code: run it by hand when Legion HQ 2 publishes new cards, then run the unit
tests and commit the result.

    .venv/bin/python scripts/bench/legion_units_data.py PATH/TO/cards.json [--commit SHA]

It reads Legion HQ 2's `src/constants/cards.json` (repository TravisSClark/legion-hq-web,
MIT licence) and writes `rulesengine/legion/units/data/cards.json`: every unit, and every
upgrade that carries a weapon or adds a miniature (heavy weapon, personnel), with numbers
and keyword names only. Card text, image names, history descriptions and list-building
fields are left out; the newest history date is kept as the data's date. The `LICENSE`
beside the source file is copied beside the copy (the licence travels with it), and
`SOURCE.md` there says where the copy came from.

The copy stays as Legion HQ gives it: the engine makes the corrections of its one reviewed
table (`rulesengine/legion/units/corrections.py`) as it reads the cards. This script reports
each of them against the new data: made, or stale (the data no longer holds what the
correction corrects: fixed upstream or changed, review the entry).
"""

from __future__ import annotations

import argparse
import json
import shutil
from datetime import datetime
from pathlib import Path

from rulesengine.legion.units import corrections

OUT = Path(__file__).resolve().parents[2] / "rulesengine" / "legion" / "units" / "data"
UNIT_FIELDS = ("id", "cardName", "title", "displayName", "faction", "rank", "cardSubtype", "cost", "keywords",
               "upgradeBar", "stats", "weapons", "isUnreleased", "affiliation")
UPGRADE_FIELDS = ("id", "cardName", "title", "displayName", "cardSubtype", "cost", "weapons", "requirements",
                  "isUnreleased", "isUnique", "uniqueCount")
ADDS_A_MINI = ("heavy weapon", "personnel")
WEAPON_FIELDS = ("name", "keywords", "range", "dice")


def _date(text: str) -> str:
    return datetime.strptime(text.strip(), "%d %B %Y").date().isoformat()


def _weapons(card: dict[str, object]) -> list[dict[str, object]]:
    raw = card.get("weapons") or []
    assert isinstance(raw, list)
    return [{k: w[k] for k in WEAPON_FIELDS if k in w} for w in raw]


def _keep(card: dict[str, object], fields: tuple[str, ...]) -> dict[str, object]:
    out = {k: card[k] for k in fields if k in card and k != "weapons"}
    if "weapons" in fields:
        out["weapons"] = _weapons(card)
    history = card.get("history") or []
    assert isinstance(history, list)
    dates = sorted(_date(str(h["date"])) for h in history if isinstance(h, dict) and h.get("date"))
    if dates:
        out["updated"] = dates[-1]
    return out


def stripped(cards: dict[str, dict[str, object]], commit: str) -> dict[str, object]:
    """The copy the engine ships: units and the upgrades the calculators use, numbers only."""
    units = [_keep(c, UNIT_FIELDS) for c in cards.values() if c.get("cardType") == "unit"]
    upgrades = [_keep(c, UPGRADE_FIELDS) for c in cards.values() if c.get("cardType") == "upgrade"
                and (c.get("weapons") or c.get("cardSubtype") in ADDS_A_MINI)]
    dated = [str(c["updated"]) for c in units + upgrades if "updated" in c]
    return {
        "source": "Legion HQ 2 (github.com/TravisSClark/legion-hq-web), src/constants/cards.json"
                  + (f" at commit {commit}" if commit else ""),
        "licence": "MIT, see LICENSE beside this file",
        "date": max(dated) if dated else "",
        "units": sorted(units, key=lambda c: str(c["id"])),
        "upgrades": sorted(upgrades, key=lambda c: str(c["id"])),
    }


def _one_card_a_line(data: dict[str, object]) -> str:
    """JSON with each card on a line of its own, so a refresh reads as a diff card by card."""
    def dump(value: object) -> str:
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=True)

    lines = ["{"]
    for key in ("source", "licence", "date"):
        lines.append(f"{dump(key)}:{dump(data[key])},")
    for key in ("units", "upgrades"):
        cards = data[key]
        assert isinstance(cards, list)
        lines.append(f"{dump(key)}:[")
        lines += [dump(card) + ("," if i < len(cards) - 1 else "") for i, card in enumerate(cards)]
        lines.append("]" + ("," if key == "units" else ""))
    return "\n".join(lines + ["}"]) + "\n"


def report(data: dict[str, object]) -> list[str]:
    """One line per correction of the table: made on this data, or stale."""
    _, applied = corrections.apply(data)
    return ([f"corrected {c.where}: {c.was!r} -> {c.now!r} ({c.reason})" for c in applied.made]
            + [f"STALE correction {c.where}: the data no longer holds {c.was!r}; review it" for c in applied.stale])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("cards", type=Path, help="Legion HQ 2's cards.json")
    parser.add_argument("--commit", default="", help="the legion-hq-web commit it was taken from")
    args = parser.parse_args()
    cards = json.loads(args.cards.read_text(encoding="utf-8"))
    data = stripped(cards, args.commit)
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "cards.json").write_text(_one_card_a_line(data), encoding="utf-8")
    shutil.copyfile(args.cards.parent / "LICENSE", OUT / "LICENSE")
    (OUT / "SOURCE.md").write_text(
        "# Where this data comes from\n\n"
        f"`cards.json` here is a stripped copy of {data['source']}, the card data of Legion HQ 2\n"
        "(legionhq2.com), MIT-licensed: `LICENSE` beside it is that repository's licence and travels\n"
        "with the copy. Only numbers and keyword names are kept (units; upgrades that carry a weapon or\n"
        "add a miniature); no card text or images. The cards' newest change is dated "
        f"{data['date']}.\n\n"
        "Refresh it from a newer `cards.json` with `scripts/bench/legion_units_data.py`.\n",
        encoding="utf-8")
    for line in report(data):
        print(line)
    print(f"{len(data['units'])} units, {len(data['upgrades'])} upgrades, dated {data['date']} -> {OUT}")  # type: ignore[arg-type]


if __name__ == "__main__":
    main()
