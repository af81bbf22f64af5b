"""The engine as a py3-none-any wheel, and the self-hosted Pyodide runtime from the npm package
``pyodide`` (node_modules, pinned by package-lock.json). Nothing comes from another origin."""

from __future__ import annotations

import base64
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

from . import ROOT, BuildError
from .fingerprint import Published, content_hash
from .report import say
from .snapshot import make_snapshot, write_snapshot

PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
WHEEL_NAME = "huutopussi"
PACKAGES = ("engine", "present")  # the wheel's top-level packages


def build_wheel(target: Path) -> Path:
    """A py3-none-any wheel of engine/ and present/ (the presentation layer the worker renders
    drills and shared positions with, ``present.web``) with the catalogs ``site/messages/*.json``
    as ``present/messages/``, written directly (deterministic, no build backend)."""
    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    dist = f"{WHEEL_NAME}-{version}"
    name = target / f"{dist}-py3-none-any.whl"
    files = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            files[path.relative_to(ROOT).as_posix()] = path.read_bytes()
    # the catalogs, for present/web.py in the worker (it reads them where the checkout has none)
    for path in sorted((ROOT / "site" / "messages").glob("*.json")):
        files[f"present/messages/{path.name}"] = path.read_bytes()
    files[f"{dist}.dist-info/METADATA"] = (
        f"Metadata-Version: 2.1\nName: {WHEEL_NAME}\nVersion: {version}\nSummary: Huutopussi rules engine\n"
    ).encode()
    files[f"{dist}.dist-info/WHEEL"] = (
        b"Wheel-Version: 1.0\nGenerator: build.py\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    )
    files[f"{dist}.dist-info/top_level.txt"] = "".join(f"{p}\n" for p in PACKAGES).encode()
    record = []
    for path, data in files.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        record.append(f"{path},sha256={digest},{len(data)}")
    record.append(f"{dist}.dist-info/RECORD,,")
    files[f"{dist}.dist-info/RECORD"] = ("\n".join(record) + "\n").encode()
    target.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(name, "w", zipfile.ZIP_DEFLATED) as z:
        for path, data in files.items():
            info = zipfile.ZipInfo(path, date_time=(2026, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, data)
    return name


RUNTIME_DIR = "assets/pyodide"  # logical folder of the runtime and the wheel (see fingerprint)


def _folder_hash(paths) -> str:
    return content_hash(*(part for path in sorted(paths) for part in (path.name.encode(), path.read_bytes())))


def copy_pyodide(out: Path) -> Published:
    """The Pyodide runtime in ``assets/pyodide/runtime-HASH/`` and the engine wheel with its lock
    file in ``assets/pyodide/engine-HASH/`` (Pyodide finds its files by name, so the folders carry
    the content hash). A new engine renames only the small engine folder: the 13 MB runtime
    keeps its URL, and the browser its cached copy. Returns where each file went, by the logical
    names the site's JavaScript uses (``assets/pyodide/pyodide.mjs``)."""
    source = ROOT / "node_modules" / "pyodide"
    if not (source / "pyodide-lock.json").exists():
        raise BuildError("node_modules/pyodide: missing; run `npm ci` (make setup does)")
    base = out / RUNTIME_DIR
    runtime = base / "runtime"
    target = base / "engine"
    runtime.mkdir(parents=True, exist_ok=True)
    target.mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_FILES:
        shutil.copy2(source / name, runtime / name)
    wheel = build_wheel(target)
    # Only our wheel is loaded; a lock file listing just it (plus the runtime's own info) keeps the
    # first visit small. add-wheels writes the entry with its hash and file name.
    lock = json.loads((source / "pyodide-lock.json").read_text())
    base_lock = target / "pyodide-lock.base.json"
    base_lock.write_text(json.dumps({"info": lock["info"], "packages": {}}))
    pyodide_cli = Path(sys.executable).parent / "pyodide"
    # Our build.py must not shadow PyPI's `build` package that pyodide-build imports.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    result = subprocess.run(
        [
            str(pyodide_cli),
            "lockfile",
            "add-wheels",
            "--input",
            str(base_lock),
            "--output",
            str(target / "pyodide-lock.json"),
            "--base-path",
            str(target),
            str(wheel),
        ],
        capture_output=True,
        text=True,
        env=env,
        cwd=target,
    )
    base_lock.unlink()
    if result.returncode != 0:
        raise BuildError(f"pyodide lockfile add-wheels failed: {result.stderr.strip().splitlines()[-1:]}")
    entry = json.loads((target / "pyodide-lock.json").read_text())["packages"].get(WHEEL_NAME)
    if not entry or entry["file_name"] != wheel.name:
        raise BuildError("pyodide-lock.json: the engine wheel was not added")
    # the worker's memory snapshot, with the engine imported (sitebuild/snapshot.py), in a folder of its
    # own: it changes with the runtime and with the engine, and is fetched only where the worker runs
    snapshot = make_snapshot(source, PYODIDE_FILES, wheel, target / "pyodide-lock.json")
    version = json.loads((source / "package.json").read_text())["version"]
    write_snapshot(base / "snapshot", snapshot, version)
    if snapshot.data is None:
        print(f"note: no memory snapshot ({snapshot.reason}); the worker starts the normal way", file=sys.stderr)
    else:
        how = "from the cache" if snapshot.cached else "made"
        say(f"memory snapshot: {how} in {snapshot.seconds:.1f} s ({len(snapshot.data) / 1e6:.1f} MB)")
    published = Published()
    for folder, prefix in ((runtime, "runtime"), (target, "engine"), (base / "snapshot", "snapshot")):
        files = sorted(p for p in folder.iterdir() if p.is_file())
        final = folder.with_name(f"{prefix}-{_folder_hash(files)}")
        if final.exists():
            shutil.rmtree(final)
        folder.rename(final)
        for path in files:
            published.paths[f"{RUNTIME_DIR}/{path.name}"] = f"{RUNTIME_DIR}/{final.name}/{path.name}"
    return published
