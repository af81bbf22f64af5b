"""Costly engine results kept by content: an in-process memo, and an optional store outside the
engine (the site build installs one on disk, ``sitebuild/cache.py``) so that a result computed
once is reused by every later build in the same checkout.

``cached(payload, compute)`` returns ``compute()`` for ``payload`` (JSON-able data that fully
describes the question, for example a puzzle spec and a sample count). Results must be plain
JSON data and depend on nothing but the payload and the engine's code; the store's key adds a
digest of the engine's source, so any change to the engine recomputes everything.

``build_mode(on)``: the build judges every lesson puzzle ahead of time, so it may afford what a
page cannot (deep solver searches, sampled estimates); the browser never switches it on.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import Protocol, cast


class Store(Protocol):
    """A store outside the engine (``use_store``): plain JSON results by payload."""

    def get(self, payload: Mapping[str, object]) -> object | None: ...

    def put(self, payload: Mapping[str, object], value: object) -> None: ...


MEMO_SIZE = 256

_memo: OrderedDict[str, object] = OrderedDict()
_store: Store | None = None
_build_mode = False
_only_cached = False


class NotCached(Exception):
    """Raised by ``cached`` inside ``only_cached()`` when a result would have to be computed."""


def use_store(store: Store | None) -> None:
    """Install a store with ``get(payload) -> value | None`` and ``put(payload, value)`` (or None)."""
    global _store
    _store = store


def settings() -> tuple[Store | None, bool]:
    """The store and the build mode, to put back with ``restore``."""
    return _store, _build_mode


def restore(saved: tuple[Store | None, bool]) -> None:
    global _store, _build_mode
    _store, _build_mode = saved


def build_mode(on: bool = True) -> None:
    global _build_mode
    _build_mode = on


def in_build_mode() -> bool:
    return _build_mode


@contextmanager
def only_cached() -> Iterator[None]:
    """Within this block ``cached`` never computes: it raises ``NotCached`` instead (the build
    first takes what is cached, then computes the rest in parallel)."""
    global _only_cached
    _only_cached, before = True, _only_cached
    try:
        yield
    finally:
        _only_cached = before


def cached[T](payload: Mapping[str, object], compute: Callable[[], T]) -> T:
    key = json.dumps(payload, sort_keys=True, separators=(",", ":"))
    if key in _memo:
        _memo.move_to_end(key)
        return cast(T, _memo[key])  # what compute() gave for this payload, here or in an earlier build
    value: object | None = _store.get(payload) if _store is not None else None
    if value is None:
        if _only_cached:
            raise NotCached(key)
        value = compute()
        if _store is not None:
            _store.put(payload, value)
    _memo[key] = value
    while len(_memo) > MEMO_SIZE:
        _memo.popitem(last=False)
    return cast(T, value)  # compute()'s own result, or the one the store kept for this payload
