"""A defending vehicle (not a trooper). In either ruleset it gains no suppression token and no
guardian helps it (Guardian X protects troopers). Ruleset `2.6`: terrain gives a vehicle no
cover; only a keyword such as Cover X does."""

from __future__ import annotations

from rulesengine.legion.model import Defender


def terrain_cover_counts(defender: Defender, ruleset: str) -> bool:
    return not (defender.vehicle and ruleset != "notes")
