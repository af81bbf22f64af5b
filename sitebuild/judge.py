"""Every lesson puzzle checked by the engine (``engine.puzzles.everything``: its view, solution and table,
the same code the browser's tables come from). Costly results (sampled estimates, guided deals,
deep solver searches) are cached by content (``sitebuild.cache``): the build first checks every
puzzle from what is cached, then computes the rest in worker processes, the dearest kinds first,
so only the first build in a checkout pays. ``HUUTOPUSSI_BUILD_PROCESSES`` sets the number of
processes (default: the CPUs this process may use, at most 4)."""

from __future__ import annotations

import multiprocessing
import os

from engine import puzzles as engine_puzzles
from engine.core.cards import NotationError
from engine.puzzles.base import REGISTRY
from engine.search import memo

from . import cache
from .report import Progress, say


def _cost(spec: dict) -> int:
    """How costly a spec's check is (``Kind.cost``); 0 for one that is not a puzzle."""
    kind = spec.get("kind")
    return REGISTRY[kind].cost if isinstance(kind, str) and kind in REGISTRY else 0


def check_one(spec: dict) -> dict | str:
    """The engine's results for one puzzle, or the error message."""
    try:
        return engine_puzzles.everything(spec)
    except (NotationError, ValueError) as e:
        return str(e)


def _processes(jobs: int) -> int:
    setting = os.environ.get("HUUTOPUSSI_BUILD_PROCESSES")
    if setting and setting.isdigit() and int(setting) > 0:
        wanted = int(setting)
    else:
        wanted = min(4, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1)
    return max(1, min(wanted, jobs))


def check_all(specs: list[dict]) -> list[dict | str]:
    """``check_one`` for every spec, in order; what is not cached yet is computed in parallel."""
    with cache.installed():
        return _check_all(specs)


def _check_all(specs: list[dict]) -> list[dict | str]:
    results: list = [None] * len(specs)
    todo = []
    with memo.only_cached():
        for i, spec in enumerate(specs):
            try:
                results[i] = check_one(spec)
            except memo.NotCached:
                todo.append(i)
    todo.sort(key=lambda i: -_cost(specs[i]))  # the dearest first: each worker takes the next one as it is free
    where = cache.cache_dir() or "cache off"
    ready = len(specs) - len(todo)
    say(f"puzzles: {ready} of {len(specs)} checked at once (cheap, or from {where}), {len(todo)} to compute")
    processes = _processes(len(todo))
    progress = Progress("checking puzzles", len(todo), f" ({processes} processes)" if processes > 1 else "")
    if processes > 1:
        # spawn, not fork: the build may run in a process with threads (a test server)
        context = multiprocessing.get_context("spawn")
        with context.Pool(processes, initializer=cache.install) as pool:
            for i, result in zip(todo, pool.imap(check_one, [specs[i] for i in todo], chunksize=1)):
                results[i] = result
                progress.advance()
    for i in todo:
        if results[i] is None:
            results[i] = check_one(specs[i])
            progress.advance()
    return results
