"""The engine's entry points with ruleset `notes` unless the values name another: for the
cases worked out by hand under the owner's notes, before `2026` became the default."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulesengine.legion import api

NOTES = {"ruleset": "notes"}


def run(values: Mapping[str, Any]) -> dict[str, object]:
    return api.run({**NOTES, **values})


def run_vehicle_damage(values: Mapping[str, Any]) -> dict[str, object]:
    return api.run_vehicle_damage({**NOTES, **values})
