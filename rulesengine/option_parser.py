"""The command line's parser for declared inputs (`rulesengine.options.argument_parser`),
apart from the options themselves so that the browser's entry point, which reads the
options but never a command line, does not import argparse (nor gettext, which argparse
imports)."""

from __future__ import annotations

import argparse
import functools
import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, NoReturn

if TYPE_CHECKING:
    from rulesengine.options import Option


def _terminal_columns() -> int:
    """The terminal's width as `shutil.get_terminal_size` gives it ($COLUMNS, else the terminal
    on stdout, else 80), without importing shutil: it loads the bz2, lzma and zlib libraries
    for its archives, a tenth of the command's start."""
    try:
        columns = int(os.environ.get("COLUMNS", "0"))
    except ValueError:
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns if sys.__stdout__ else 0
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or 80


class OptionParser(argparse.ArgumentParser):
    """argparse that reports a bad option as one line and exit status 2 (its own habit),
    saying what the option allows when argparse's own words do not."""

    def __init__(self, prog: str, options: Sequence[Option]) -> None:
        # argparse makes a formatter for each add_argument (to check it), and each would ask
        # the terminal for its width through shutil: ask once, here.
        width = _terminal_columns() - 2
        super().__init__(prog=prog, formatter_class=functools.partial(argparse.HelpFormatter, width=width))
        self._by_flag = {flag: o for o in options for flag in (o.flag, *o.aliases)}

    def error(self, message: str) -> NoReturn:
        flag = message.removeprefix("argument ").split(":", 1)[0].split("/")[0].strip()
        option = self._by_flag.get(flag)
        if option is not None and message.endswith("expected one argument"):
            # argparse takes a value that starts with "-" (a negative number, "-1,red,none")
            # for another option; say what is allowed and how to pass such a value.
            message = f"{flag}: needs a value: {option.allowed()} (write {flag}=VALUE for a value starting with -)"
        self.exit(2, f"{self.prog}: {message}\n")
