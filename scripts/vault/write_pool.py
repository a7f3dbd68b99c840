"""Writing the notes' pages on every core: the compiler's one step that costs per note
(parse, render, sanitise; 40 % of a big vault's build) shared over forked processes.

Everything a page's writing reads (the pages, the link resolution, the vault index) is
built before the pool starts, and a forked worker inherits it without copying or pickling;
each worker is given a run of pages in vault order and sends back their HTML and problems.

Extensions may keep state while they render (the calculators note which pages showed which
calculator, for their coverage page), so each run starts from the extensions' state as the
pool found it and sends its state back; the runs' states are merged in vault order: mappings
updated, sets joined, lists extended, flags or-ed. An extension holding any other kind of
state, or changing a value of another kind, has the pages written again in one process.
The tests compile vaults both ways and compare the results.
"""

from __future__ import annotations

import copy
import multiprocessing
import os
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any, TypeVar

from .problems import Problem

Page = TypeVar("Page")
Write = Callable[[Any, str, list[Problem]], str]  # (page, path, problems) -> its HTML
MERGEABLE = (dict, set, list, bool)
SMALLEST = 400  # pages: below this the pool's start costs more than it saves
RUNS_PER_WORKER = 4

# What the forked workers read: set in the parent just before the pool starts, and only then.
_JOB: tuple[Mapping[str, Any], Write, Sequence[Any], list[dict[str, Any]]] | None = None


def write_pages(pages: Mapping[str, Page], write: Write, extensions: Sequence[Any],
                workers: int = 1) -> tuple[dict[str, str], dict[str, list[Problem]]]:
    """Each page's HTML and problems, in `pages`' order, written by `workers` processes."""
    global _JOB
    paths = list(pages)
    workers = min(workers, len(paths) // (SMALLEST // 2) or 1)
    if workers <= 1 or not _mergeable(extensions) or "fork" not in multiprocessing.get_all_start_methods():
        return _write_run(pages, write, paths)
    count = workers * RUNS_PER_WORKER
    bounds = [round(i * len(paths) / count) for i in range(count + 1)]
    runs = [paths[start:end] for start, end in zip(bounds, bounds[1:])]
    start = [copy.deepcopy(vars(extension)) for extension in extensions]
    _JOB = (pages, write, extensions, start)
    try:
        with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork")) as pool:
            done = list(pool.map(_worker_run, runs))
    finally:
        _JOB = None
    if not all(_merges(before, state) for _, states in done for before, state in zip(start, states)):
        return _write_run(pages, write, paths)
    written: dict[str, str] = {}
    problems: dict[str, list[Problem]] = {}
    for (html, found), states in done:
        written.update(html)
        problems.update(found)
        for extension, before, state in zip(extensions, start, states):
            _merge(vars(extension), before, state)
    return written, problems


def _write_run(pages: Mapping[str, Any], write: Write, paths: Sequence[str]) -> tuple[dict[str, str], dict[str, list[Problem]]]:
    written: dict[str, str] = {}
    problems: dict[str, list[Problem]] = {path: [] for path in paths}
    for path in paths:
        written[path] = write(pages[path], path, problems[path])
    return written, problems


def _worker_run(paths: list[str]) -> tuple[tuple[dict[str, str], dict[str, list[Problem]]], list[dict[str, Any]]]:
    assert _JOB is not None, "a worker of write_pages runs only in a pool that write_pages forked"
    pages, write, extensions, states = _JOB
    for extension, state in zip(extensions, states):
        vars(extension).clear()
        vars(extension).update(copy.deepcopy(state))
    return _write_run(pages, write, paths), [vars(extension) for extension in extensions]


def _mergeable(extensions: Sequence[Any]) -> bool:
    """Whether every extension's state is of kinds the runs' states can be merged from."""
    return all(hasattr(extension, "__dict__") and all(
        isinstance(value, MERGEABLE) or _immutable(value) for value in vars(extension).values())
        for extension in extensions)


def _immutable(value: object) -> bool:
    return value is None or isinstance(value, (str, int, float, tuple, frozenset))


def _merges(before: dict[str, Any], run: dict[str, Any]) -> bool:
    """Whether a run's state can be merged: the same attributes, and only those of MERGEABLE
    kinds changed (a list only grown)."""
    if before.keys() != run.keys():
        return False
    for name, value in run.items():
        start = before[name]
        if isinstance(start, MERGEABLE) and type(value) is type(start):
            if isinstance(start, list) and isinstance(value, list) and value[:len(start)] != start:
                return False
        elif value != start:
            return False
    return True


def _merge(state: dict[str, Any], before: dict[str, Any], run: dict[str, Any]) -> None:
    for name, value in run.items():
        here = state[name]
        if isinstance(here, dict):
            here.update(value)
        elif isinstance(here, set):
            here |= value
        elif isinstance(here, list):
            here.extend(value[len(before[name]):])
        elif isinstance(here, bool):
            state[name] = here or value
