"""Values as a reader sees them: fractions as they are, percentages and decimals rounded
with integer arithmetic (no floats, so the build and the browser agree digit for digit),
other JSON values in words."""

from __future__ import annotations

from fractions import Fraction


def fraction_of(value: object) -> Fraction | None:
    """The Fraction an engine wrote as text ("5/36", "1", "0"), or None if it is not one."""
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        return None
    try:
        return Fraction(value)
    except (ValueError, ZeroDivisionError):
        return None


def rounded(value: Fraction, places: int) -> str:
    """`value` to `places` decimals, halves away from zero."""
    scale = 10**places
    n = abs(value) * scale
    whole = int(n + Fraction(1, 2))
    sign = "-" if value < 0 and whole else ""
    if places == 0:
        return f"{sign}{whole}"
    return f"{sign}{whole // scale}.{whole % scale:0{places}d}"


def percent(p: Fraction) -> str:
    return rounded(p * 100, 2) + "%"


def decimal(value: Fraction) -> str:
    return rounded(value, 2)


def plain(value: object) -> str:
    """A JSON value as a reader reads it: yes/no, none, lists with commas."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "none"
    if isinstance(value, (list, tuple)):
        return ", ".join(plain(v) for v in value)
    return str(value)
