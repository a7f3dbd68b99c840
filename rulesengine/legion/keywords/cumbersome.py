"""Cumbersome (weapon keyword): a unit may not move before attacking with this weapon in
the same activation (a pivot is allowed). It limits when the weapon can be used, not what
its dice do: the calculator accepts it and the answer is the same with or without it."""

from __future__ import annotations

TOLD = "Cumbersome only limits moving before this attack; it changes no die."
