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
    """A chance as a percentage with two decimals; "100%" and "0%" only when certain. A
    chance that rounds to 100.00 or 0.00 without being certain reads "> 99.99%" or
    "< 0.01%": 20 red dice hit at least once with a chance below 1, and a table of
    "100.00%" rows would say otherwise."""
    if p == 1 or p == 0:
        return f"{p * 100}%"
    text = rounded(p * 100, 2)
    if text == "100.00":
        return "> 99.99%"
    if text in ("0.00", "-0.00"):
        return "< 0.01%"
    return text + "%"


def negligible(p: Fraction) -> bool:
    """A chance that shows as "< 0.01%" (and is not 0): a row of a long tail."""
    return 0 < p < Fraction(1, 20000)


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
