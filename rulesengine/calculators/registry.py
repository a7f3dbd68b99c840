"""The calculator registry: which calculators exist, what they ask for and which pages
they belong on.

A calculator reuses its engine's declared `Option`s (one declaration serves the command
line, the JSON entry point and the form) and adds what only a page needs: the inputs shown
first, and a preset per keyword page that puts that keyword to work.
"""

from __future__ import annotations

from functools import lru_cache

from rulesengine.calculators.model import Calculator, Preset, frozen_mapping, showing_value
from rulesengine.errors import UnknownNameError
from rulesengine.options import Option

__all__ = ["Calculator", "Preset", "calculator", "calculators", "changes_no_die", "for_keyword", "for_page",
           "keyword_flags", "keyword_key", "showing_value", "why_no_calculator"]

GAMES = ("legion", "swtcg")


@lru_cache(maxsize=None)
def _game_calculators(game: str) -> tuple[Calculator, ...]:
    """One game's calculators. Engines are imported here, not at module import, so that
    describing one game never needs the other's code to load."""
    if game == "legion":
        from rulesengine.calculators.legion import legion_calculators

        return legion_calculators()
    from rulesengine.calculators.swtcg import swtcg_calculators

    return swtcg_calculators()


@lru_cache(maxsize=1)
def calculators() -> tuple[Calculator, ...]:
    """Every calculator, Legion first."""
    return tuple(calc for game in GAMES for calc in _game_calculators(game))


def calculator(name: str) -> Calculator:
    """The calculator called `name`; an unknown name lists the valid ones. A game's
    calculators are made only when the games before it lack the name: a browser's first
    Legion answer does not import the SWTCG engine."""
    for game in GAMES:
        for calc in _game_calculators(game):
            if calc.name == name:
                return calc
    raise UnknownNameError("calculator", name, [c.name for c in calculators()])


def for_keyword(game: str | None, keyword: str | None) -> tuple[Calculator, Preset] | None:
    """The calculator (and its preset) for a keyword page, or None if no calculator has it."""
    if keyword is None:
        return None
    wanted = keyword_key(keyword)
    games = [c for c in calculators() if game is None or c.game == game]
    for calc in games:
        for name, preset in calc.keywords.items():
            if keyword_key(name) == wanted:
                tagged = tuple(o.name for o in _tagged(calc, wanted))
                return calc, Preset(preset.values, tuple(dict.fromkeys(preset.featured + tagged)))
    # An input that declares the keyword (Option.keywords) gives its page a calculator
    # without a preset written here: that input first, set to a value that shows it at work.
    for calc in games:
        tagged_options = _tagged(calc, wanted)
        if tagged_options:
            values = {o.name: v for o in tagged_options if (v := showing_value(o)) is not None}
            return calc, Preset(frozen_mapping(values), tuple(o.name for o in tagged_options))
    return None


def _tagged(calc: Calculator, wanted: str) -> tuple[Option, ...]:
    return tuple(o for o in calc.options if any(keyword_key(k) == wanted for k in o.keywords))


def keyword_key(keyword: str) -> str:
    """Keyword names compare without case or punctuation: "Immune: Pierce" is "immune pierce"."""
    return " ".join("".join(c if c.isalnum() else " " for c in keyword.casefold()).split())


def why_no_calculator(game: str | None, keyword: str | None) -> str | None:
    """The engine's reason a keyword has no calculator (Enhance: no number to compute), if any."""
    if game != "swtcg" or keyword is None:
        return None
    from rulesengine.swtcg.api import NO_NUMBER  # the registry stays importable without a game

    wanted = keyword_key(keyword)
    return next((why for name, why in NO_NUMBER.items() if keyword_key(name) == wanted), None)


def changes_no_die(game: str | None, keyword: str | None) -> bool:
    """A keyword the calculator takes although it changes no die (Legion's Cumbersome)."""
    if game != "legion" or keyword is None:
        return False
    from rulesengine.calculators.legion import CHANGES_NO_DIE  # the registry stays importable without a game

    return keyword_key(keyword) in {keyword_key(k) for k in CHANGES_NO_DIE}


def for_page(src_path: str, game: str | None, keyword: str | None) -> tuple[Calculator, Preset] | None:
    """The calculator a page carries: by its keyword first, else by its vault path."""
    found = for_keyword(game, keyword)
    if found is not None:
        return found
    for calc in calculators():
        if src_path in calc.pages:
            return calc, calc.pages[src_path]
    return None


def keyword_flags(calc: Calculator, keyword: str, preset: Preset) -> tuple[str, ...]:
    """The command-line flags that set a keyword: its own inputs' (aliases too), else the
    first input its preset shows."""
    tagged = _tagged(calc, keyword_key(keyword))
    if tagged:
        return tuple(flag for o in tagged for flag in (o.flag, *o.aliases))
    by_name = {o.name: o for o in calc.options}
    first = next((by_name[n] for n in preset.featured if n in by_name), None)
    return () if first is None else (first.flag, *first.aliases)
