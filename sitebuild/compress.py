"""Precompressed copies: ``NAME.br`` (brotli, quality 11) and ``NAME.gz`` (gzip, level 9) next
to every compressible file of the built site, for servers that serve them as they are
(``tools/serve.py``, nginx ``gzip_static``/``brotli_static``, Caddy ``precompressed``; see
docs/deploy.md). A copy is written only when it saves at least 5 %.

Brotli at quality 11 takes about half a minute for the 9.6 MB Pyodide runtime, so every result
is kept in a cache by content hash (``$HUUTOPUSSI_BUILD_CACHE/compressed``, else
``$XDG_CACHE_HOME/huutopussi/compressed``, else ``~/.cache/huutopussi/compressed``; none when
``HUUTOPUSSI_BUILD_CACHE=off``, as for the build's other cache, ``sitebuild/cache.py``); entries
unused for 30 days are removed. Output is deterministic (gzip without a timestamp), cache or not.
"""

from __future__ import annotations

import gzip
import hashlib
import os
import tempfile
import time
from pathlib import Path

import brotli

# Text and WebAssembly compress well; images, fonts, zip files and wheels are compressed already.
COMPRESSIBLE = {".html", ".css", ".js", ".mjs", ".json", ".svg", ".wasm", ".txt", ".xml", ".webmanifest", ".map"}
ENCODINGS = {".br": lambda data: brotli.compress(data, quality=11), ".gz": lambda data: gzip.compress(data, 9, mtime=0)}
MIN_SAVING = 0.05
CACHE_DAYS = 30


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


def _compressed(data: bytes, suffix: str, cache: Path | None) -> bytes:
    if cache is None:
        return ENCODINGS[suffix](data)
    entry = cache / f"{hashlib.sha256(data).hexdigest()}{suffix}"
    try:
        result = entry.read_bytes()
        os.utime(entry)  # keep entries in use
        return result
    except OSError:
        pass
    result = ENCODINGS[suffix](data)
    try:
        cache.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=cache, delete=False) as tmp:
            tmp.write(result)
        os.replace(tmp.name, entry)  # atomic: two builds at once never see half an entry
    except OSError:
        pass  # a read-only home only makes the next build slower
    return result


def compress_site(out: Path) -> list[Path]:
    """Write the compressed copies; returns the files written."""
    cache = cache_dir()
    written = []
    for path in sorted(p for p in out.rglob("*") if p.is_file() and is_compressible(p)):
        data = path.read_bytes()
        for suffix in ENCODINGS:
            result = _compressed(data, suffix, cache)
            if len(result) <= len(data) * (1 - MIN_SAVING):
                copy = path.with_name(path.name + suffix)
                copy.write_bytes(result)
                written.append(copy)
    _prune(cache)
    return written


def _prune(cache: Path | None) -> None:
    if cache is None:
        return
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
