"""The rulesets' table: named for the rulebook, shown on "How the calculators work"."""

from __future__ import annotations

from pathlib import Path

from rulesengine.legion.api import OPTIONS, VEHICLE_OPTIONS
from rulesengine.legion.model import RULESETS
from rulesengine.legion.rulesets import NAMES, RULES, rules_table

PAGE = Path(__file__).parents[3] / "docs" / "How the calculators work.md"


def test_the_calculators_page_shows_what_each_ruleset_applies() -> None:
    assert rules_table() in PAGE.read_text(encoding="utf-8")


def test_every_ruleset_is_named_with_its_dates_and_2026_is_the_default() -> None:
    assert set(NAMES) == set(RULESETS)
    ruleset = next(o for o in OPTIONS if o.name == "ruleset")
    assert ruleset.default == "2026"
    assert next(o for o in VEHICLE_OPTIONS if o.name == "ruleset").default == "2026"
    assert "effective 29 May 2026, with the errata of 17 June 2026" in NAMES["2026"]
    assert "from 24 November 2025 until 28 May 2026" in NAMES["2.6"]


def test_each_ruleset_has_one_name_and_one_date_in_the_form_and_the_docs() -> None:
    """The form's help and the pages that introduce the rulesets give the dates `NAMES` gives."""
    ruleset = next(o for o in OPTIONS if o.name == "ruleset")
    assert ruleset.help == "; ".join(f"{name}: {text}" for name, text in NAMES.items())
    docs = Path(__file__).parents[3] / "docs"
    for page in (PAGE, docs / "index.md"):
        text = page.read_text(encoding="utf-8")
        assert "24 November 2025" in text and "rules of July 2024" not in text and "revised in July 2024" not in text


def test_every_rule_says_what_the_current_rules_do() -> None:
    assert all(rule.under("2026") for rule in RULES)
    # The April 2026 keywords exist under 2026 only.
    assert all(not rule.under("2.6") and not rule.under("notes")
               for rule in RULES if rule.name in ("Assault X", "Sniper Team", "Overwhelm", "Vaapad Mastery"))
