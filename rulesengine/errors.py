"""Errors the engine raises for bad input. Each names the input and what is allowed."""

from __future__ import annotations


class RulesError(ValueError):
    """Base class of every error the engine raises on purpose."""


class InputError(RulesError):
    """An input (a CLI option, a calculator field) is out of range or malformed."""

    def __init__(self, option: str, allowed: str, got: object = None) -> None:
        self.option = option
        self.allowed = allowed
        self.got = got
        shown = "" if got is None else f" (got {got!r})"
        super().__init__(f"{option}: {allowed}{shown}")


class UnknownNameError(RulesError):
    """A lookup by name (a die, a face, a calculator, a keyword) found nothing."""

    def __init__(self, kind: str, name: str, choices: list[str] | tuple[str, ...]) -> None:
        self.kind = kind
        self.name = name
        self.choices = tuple(choices)
        super().__init__(f"unknown {kind} {name!r}; choose one of: {', '.join(self.choices)}")
