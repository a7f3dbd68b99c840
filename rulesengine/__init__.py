"""Exact rules engine for Star Wars: Legion and the Star Wars Trading Card Game.

Standard library only, so the same code runs in CPython at build time and in the
reader's browser under Pyodide.
"""

from rulesengine.distribution import Distribution

__all__ = ["Distribution"]
__version__ = "0.1.0"
