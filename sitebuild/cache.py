"""The build's cache of costly engine results (sampled estimates, deep solver searches, guided
deals): one JSON file per result in ``.cache/build/`` (git-ignored), named by a hash of the
question (the puzzle data the engine was given) and of the engine's source files, so a change to
a puzzle or to any file in ``engine/`` computes afresh. Every build in the checkout reuses it.

``HUUTOPUSSI_BUILD_CACHE`` chooses another folder, or ``off`` for none (the results are then
computed in every build; ``benchmarks/bench_build.py`` measures a cold build this way).
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path

from engine import memo

from . import ROOT

DEFAULT_DIR = ROOT / ".cache" / "build"


@lru_cache(maxsize=1)
def engine_digest() -> str:
    """A hash of every source file of the engine (names and contents)."""
    digest = hashlib.sha256()
    for path in sorted((ROOT / "engine").glob("*.py")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


class DiskStore:
    """``get(payload)`` / ``put(payload, value)`` for ``engine.memo``: JSON files by content hash."""

    def __init__(self, directory: Path):
        self.directory = Path(directory)

    def path(self, payload) -> Path:
        text = json.dumps(payload, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
        key = hashlib.sha256((engine_digest() + "\0" + text).encode()).hexdigest()
        return self.directory / key[:2] / f"{key}.json"

    def get(self, payload):
        try:
            return json.loads(self.path(payload).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None  # not there yet, or unreadable: compute it again

    def put(self, payload, value) -> None:
        path = self.path(payload)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            with tempfile.NamedTemporaryFile("w", dir=path.parent, delete=False, encoding="utf-8") as f:
                json.dump(value, f, separators=(",", ":"))
            os.replace(f.name, path)  # atomic: parallel builds never read half a file
        except OSError:
            pass  # a read-only checkout still builds, only slower


def cache_dir() -> Path | None:
    setting = os.environ.get("HUUTOPUSSI_BUILD_CACHE", "")
    if setting.lower() == "off":
        return None
    return Path(setting) if setting else DEFAULT_DIR


def install() -> None:
    """Build mode for the engine (deep searches and estimates allowed) with the disk cache."""
    directory = cache_dir()
    memo.use_store(DiskStore(directory) if directory is not None else None)
    memo.build_mode(True)


@contextmanager
def installed():
    """``install()`` for the length of a block (a build), then the engine as it was."""
    saved = memo.settings()
    install()
    try:
        yield
    finally:
        memo.restore(saved)
