"""Precompressed copies: ``NAME.br`` (brotli, quality 11) and ``NAME.gz`` (gzip, level 9) next
to every compressible file of the built site, for servers that serve them as they are
(``tools/serve.py``, nginx ``gzip_static``/``brotli_static``, Caddy ``precompressed``; see
docs/deploy.md). A copy is written only when it saves at least 5 %.

Brotli at quality 11 takes about half a minute for the 9.6 MB Pyodide runtime, so every result
is kept in a cache by content hash (``$HUUTOPUSSI_BUILD_CACHE/compressed``, else
``$XDG_CACHE_HOME/huutopussi/compressed``, else ``~/.cache/huutopussi/compressed``; none when
``HUUTOPUSSI_BUILD_CACHE=off``, as for the build's other cache, ``sitebuild/cache.py``); entries
unused for 30 days are removed (looked for once a day). Output is deterministic (gzip without a
timestamp), cache or not. What the cache does not hold is compressed on every core, the largest
files first (a cold build on 2 cores: the Pyodide runtime on one, the pages on the other).
"""

from __future__ import annotations

import gzip
import hashlib
import multiprocessing
import os
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import brotli

# Text and WebAssembly compress well, and the engine's memory snapshot (.bin: two thirds zeros);
# images, fonts, zip files and wheels are compressed already.
COMPRESSIBLE = {
    ".html",
    ".css",
    ".js",
    ".mjs",
    ".json",
    ".svg",
    ".wasm",
    ".txt",
    ".xml",
    ".webmanifest",
    ".map",
    ".bin",
}
ENCODINGS = {".br": lambda data: brotli.compress(data, quality=11), ".gz": lambda data: gzip.compress(data, 9, mtime=0)}
# A file this large (only the engine's memory snapshot, 31 MB) is compressed at brotli quality 9
# with a 16 MB window and gzip level 6: 5.1 MB instead of 4.3 MB at quality 11, but 5 s of one
# core instead of 53 (and gzip 6.6 MB in 1 s instead of 6.6 MB in 10): a clean clone's build stays about as fast.
LARGE = 16_000_000
LARGE_ENCODINGS = {
    ".br": lambda data: brotli.compress(data, quality=9, lgwin=24),
    ".gz": lambda data: gzip.compress(data, 6, mtime=0),
}
MIN_SAVING = 0.05
CACHE_DAYS = 30
PRUNE_EVERY = 86400
PRUNED = ".pruned"  # in the cache folder; no entry's name (a sha256 and a suffix) starts with a dot


def cache_dir() -> Path | None:
    """Where compressed copies are kept; None when ``HUUTOPUSSI_BUILD_CACHE`` is ``off``."""
    setting = os.environ.get("HUUTOPUSSI_BUILD_CACHE", "")
    if setting.lower() == "off":
        return None
    if setting:
        base = Path(setting)
    else:
        base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "huutopussi"
    return base / "compressed"


def is_compressible(path: Path) -> bool:
    return path.suffix in COMPRESSIBLE and not path.name.startswith("_")


def _entry(cache: Path, data: bytes, suffix: str) -> Path:
    return cache / f"{hashlib.sha256(data).hexdigest()}{suffix}"


def _cached(data: bytes, suffix: str, cache: Path | None) -> bytes | None:
    if cache is None:
        return None
    entry = _entry(cache, data, suffix)
    try:
        result = entry.read_bytes()
        os.utime(entry)  # keep entries in use
        return result
    except OSError:
        return None


def _store(data: bytes, suffix: str, result: bytes, cache: Path | None) -> None:
    if cache is None:
        return
    try:
        cache.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=cache, delete=False) as tmp:
            tmp.write(result)
        os.replace(tmp.name, _entry(cache, data, suffix))  # atomic: two builds at once never see half an entry
    except OSError:
        pass  # a read-only home only makes the next build slower


def _compress_file(path: Path) -> dict[str, bytes]:
    """Both encodings of one file (in a worker process: it reads the file itself)."""
    data = path.read_bytes()
    encodings = LARGE_ENCODINGS if len(data) >= LARGE else ENCODINGS
    return {suffix: encode(data) for suffix, encode in encodings.items()}


def compress_site(out: Path, processes: int | None = None) -> list[Path]:
    """Write the compressed copies; returns the files written."""
    cache = cache_dir()
    results: dict[Path, dict[str, bytes]] = {}
    todo: list[Path] = []
    for path in sorted(p for p in out.rglob("*") if p.is_file() and is_compressible(p)):
        data = path.read_bytes()
        found = {}
        for suffix in ENCODINGS:
            result = _cached(data, suffix, cache)
            if result is None:
                todo.append(path)
                break
            found[suffix] = result
        else:
            results[path] = found
    todo.sort(key=lambda p: -p.stat().st_size)  # the largest first, so that no core waits for it at the end
    workers = min(processes or os.cpu_count() or 1, len(todo))
    if workers > 1:
        # spawn, as the build's other pool (sitebuild/judge.py): forking a process with threads may deadlock
        with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn")) as pool:
            fresh = dict(zip(todo, pool.map(_compress_file, todo)))
    else:
        fresh = {path: _compress_file(path) for path in todo}
    for path, encoded in fresh.items():
        data = path.read_bytes()
        for suffix, result in encoded.items():
            _store(data, suffix, result, cache)
        results[path] = encoded
    written = []
    for path in sorted(results):
        size = path.stat().st_size
        for suffix, result in results[path].items():
            if len(result) <= size * (1 - MIN_SAVING):
                copy = path.with_name(path.name + suffix)
                copy.write_bytes(result)
                written.append(copy)
    _prune(cache)
    return written


def _prune(cache: Path | None) -> None:
    """Remove the entries unused for ``CACHE_DAYS``, at most once in ``PRUNE_EVERY`` seconds (the
    time of the last pruning is the mtime of ``PRUNED``): a cache shared by many builds (every
    small site a test builds) grows to a hundred thousand entries, and looking at each took
    seconds of every build."""
    if cache is None:
        return
    marker = cache / PRUNED
    try:
        if time.time() - marker.stat().st_mtime < PRUNE_EVERY:
            return
    except OSError:
        pass  # never pruned (or unreadable): prune now
    try:
        marker.touch()  # first: another build starting meanwhile leaves it to this one
    except OSError:
        pass
    limit = time.time() - CACHE_DAYS * 86400
    try:
        entries = list(cache.iterdir())
    except OSError:
        return
    for entry in entries:
        try:
            if entry.stat().st_mtime < limit:
                entry.unlink()
        except OSError:
            pass
