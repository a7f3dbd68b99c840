"""Command line: `rulesengine legion ...`, `rulesengine swtcg ...` and
`rulesengine legion-army LIST.json ...` (a whole Legion list against one target).

Each game (and each command beside them) owns its own argument parser
(`rulesengine.<game>.cli.main`, `rulesengine.legion.army_cli.main`); this module only
dispatches, so the games stay independent.
"""

from __future__ import annotations

import gc
import os
import sys
from collections.abc import Callable, Sequence

GAMES = ("legion", "swtcg")
COMMANDS = ("legion-army",)
"""Commands beside the games' own."""
USAGE = ("usage: rulesengine {legion,swtcg} [options] [--json]\n"
         "       rulesengine legion-army LIST.json --defender-unit NAME [--cover none|light|heavy] [--json]")


def _game_main(game: str, whole_process: bool) -> Callable[[Sequence[str]], int]:
    """The command's `main`, its modules loaded with the cycle collector paused: a collection
    while they load finds nothing to free (their modules, classes and functions live until
    the process ends) and costs about a twentieth of the command's start. When the process
    is this command, what has loaded is then frozen (`gc.freeze`) for the same reason, so the
    collections the command's own work sets off walk only that work's objects; a caller that
    passes its own arguments (a test, another program) keeps its collector as it was."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        found = _imported_main(game)
        if whole_process:
            gc.freeze()
        return found
    finally:
        if enabled:
            gc.enable()


def _imported_main(game: str) -> Callable[[Sequence[str]], int]:
    if game == "legion-army":
        from rulesengine.legion.army_cli import main as army_main

        return army_main
    if game == "legion":
        from rulesengine.legion.cli import main as legion_main

        return legion_main
    from rulesengine.swtcg.cli import main as swtcg_main

    return swtcg_main


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] in ("-h", "--help"):
        print(USAGE)
        return 0 if args else 2
    game, rest = args[0], args[1:]
    if game not in GAMES + COMMANDS:
        print(f"rulesengine: unknown game {game!r}; choose one of: {', '.join(GAMES)} (or the command "
              f"{', '.join(COMMANDS)})", file=sys.stderr)
        return 2
    try:
        return _game_main(game, whole_process=argv is None)(rest)
    except BrokenPipeError:
        # The reader closed the pipe (`... | head`): stop quietly, as other tools do, and keep
        # Python from complaining again when it flushes stdout at exit.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
