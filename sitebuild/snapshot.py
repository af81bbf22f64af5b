"""The engine's Pyodide memory snapshot: Pyodide's whole memory right after the worker has
unpacked the engine wheel and imported ``present.web``, made at build time by Node running the
same runtime files (``sitebuild/snapshot.mjs``). The worker (``site/assets/worker.js``) starts
from it instead of starting Python and importing the engine (several times faster), and starts
the normal way when there is none or it cannot be loaded.

The snapshot is published with a small description, ``snapshot.json``, in its own folder named by
its content (``assets/pyodide/snapshot-HASH/``, beside the runtime and the engine): ``{"file",
"sha256", "bytes", "pyodide"}``, or ``{"file": null, "reason": ...}`` when none could be made
(the worker then starts the normal way without asking for one). It is kept in the build cache
(``snapshot/KEY.bin`` in ``.cache/build`` or ``$HUUTOPUSSI_BUILD_CACHE``; none when ``off``), the
key a hash of everything it depends on: the runtime's files, the wheel, the lock file, the script
and Node's version. Making one takes about 4 s of one core. The same inputs give the same bytes
(the script draws Python's start-up randomness and reads its clocks from fixed sources), so a
clean clone's build publishes the snapshot under the same name as the build before it.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from . import ROOT
from .cache import cache_dir

SCRIPT = ROOT / "sitebuild" / "snapshot.mjs"
FILE_NAME = "engine.bin"
INFO_NAME = "snapshot.json"
TIMEOUT = 300  # seconds: a snapshot takes about 4 s of one core


@dataclass
class Snapshot:
    """What the build made: the snapshot's bytes (None when it made none), why not, the cache key,
    whether it came from the cache and the seconds it took."""

    data: bytes | None
    reason: str
    key: str
    cached: bool
    seconds: float

    def info(self, version: str) -> dict:
        if self.data is None:
            return {"file": None, "reason": self.reason}
        return {
            "file": FILE_NAME,
            "sha256": hashlib.sha256(self.data).hexdigest(),
            "bytes": len(self.data),
            "pyodide": version,
        }


def node_version() -> str | None:
    node = shutil.which("node")
    if node is None:
        return None
    result = subprocess.run([node, "--version"], capture_output=True, text=True)
    return result.stdout.strip() if result.returncode == 0 else None


def snapshot_key(runtime: Path, runtime_files, wheel: Path, lock: Path, node: str) -> str:
    """A hash of everything the snapshot depends on."""
    digest = hashlib.sha256(b"huutopussi-snapshot-1\0")
    for name in runtime_files:
        digest.update(name.encode() + b"\0" + hashlib.sha256((runtime / name).read_bytes()).digest())
    for path in (wheel, lock, SCRIPT):
        digest.update(path.name.encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    digest.update(node.encode())
    return digest.hexdigest()


def make_snapshot(runtime: Path, runtime_files, wheel: Path, lock: Path) -> Snapshot:
    """The snapshot of the runtime in ``runtime`` (node_modules/pyodide) with ``wheel`` imported,
    from the cache or made afresh. Never raises for a runtime that cannot make one: the result then
    has no data and says why (the site works without one)."""
    started = time.perf_counter()
    node = node_version()
    if node is None:
        return Snapshot(None, "Node (node) is not installed: no memory snapshot was made", "", False, 0.0)
    key = snapshot_key(runtime, runtime_files, wheel, lock, node)
    folder = cache_dir()
    entry = folder / "snapshot" / f"{key}.bin" if folder is not None else None
    if entry is not None and entry.is_file():
        os.utime(entry)
        return Snapshot(entry.read_bytes(), "", key, True, time.perf_counter() - started)
    with tempfile.TemporaryDirectory() as tmp:
        target = Path(tmp) / FILE_NAME
        try:
            result = subprocess.run(
                ["node", str(SCRIPT), str(runtime), str(wheel), str(lock), str(target)],
                capture_output=True,
                text=True,
                timeout=TIMEOUT,
            )
        except subprocess.TimeoutExpired:
            return Snapshot(None, f"{SCRIPT.name} took more than {TIMEOUT} s", key, False, TIMEOUT)
        if result.returncode != 0 or not target.is_file():
            lines = [line for line in result.stderr.splitlines() if line.strip() and len(line) < 400]
            why = lines[-1] if lines else f"exit status {result.returncode}"
            return Snapshot(None, f"{SCRIPT.name} failed: {why}", key, False, time.perf_counter() - started)
        data = target.read_bytes()
        if entry is not None:
            try:
                entry.parent.mkdir(parents=True, exist_ok=True)
                temporary = entry.with_suffix(f".{os.getpid()}.tmp")
                temporary.write_bytes(data)
                os.replace(temporary, entry)  # atomic: two builds at once never see half an entry
            except OSError:
                pass  # a read-only cache only makes the next build slower
        _prune(entry)
    return Snapshot(data, "", key, False, time.perf_counter() - started)


KEEP = 3  # snapshots kept in the cache (31 MB each): the newest by use


def _prune(entry: Path | None) -> None:
    if entry is None:
        return
    try:
        others = sorted(entry.parent.glob("*.bin"), key=lambda p: p.stat().st_mtime, reverse=True)
        for old in others[KEEP:]:
            old.unlink()
    except OSError:
        pass


def write_snapshot(folder: Path, snapshot: Snapshot, version: str) -> None:
    """The snapshot (when there is one) and its description in ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    if snapshot.data is not None:
        (folder / FILE_NAME).write_bytes(snapshot.data)
    (folder / INFO_NAME).write_text(json.dumps(snapshot.info(version), sort_keys=True))
