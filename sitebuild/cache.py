"""The build's cache of costly engine results (sampled estimates, deep solver searches, guided
deals): one JSON file per result in ``.cache/build/`` (git-ignored), named by a hash of the
question (the puzzle data the engine was given) and of the engine's source files that compute
it: the module that asks for it (``ROOTS``: the solver for a search, the decision kinds for an
estimate, the guided deal's module) and every engine module it imports, lazy imports included.
So a change to a puzzle or to any code a result depends on computes afresh, while a change to
another kind, the computer players, the review or the worker's entry point does not. Every build
in the checkout reuses it.

``HUUTOPUSSI_BUILD_CACHE`` chooses another folder, or ``off`` for none (the results are then
computed in every build; ``benchmarks/bench_build.py`` measures a cold build this way).

A clean clone has no ``.cache/build``, so the results of the current sources are also committed,
under the same keys, in ``sitebuild/engine-results.jsonl`` (one line per result; written by
``make engine-results``, ``tools/engine_results.py``): a result missing from the folder is read
from there. A key holds the digest of the code that computes the result, so a committed result
is only ever read for the very question and code it was computed by; after a change of that
code the build computes afresh (correct, only slower) until the file is written again.
``HUUTOPUSSI_BUILD_CACHE=off`` reads neither.
"""

from __future__ import annotations

import ast
import hashlib
import json
import os
import tempfile
from contextlib import contextmanager
from functools import cache
from pathlib import Path

from engine.search import memo

from . import ROOT

DEFAULT_DIR = ROOT / ".cache" / "build"
COMMITTED = ROOT / "sitebuild" / "engine-results.jsonl"
RECORD = "HUUTOPUSSI_BUILD_RESULTS_RECORD"  # a file: the key of every result a build reads or computes, a line each


def _module_file(engine: Path, module: str) -> Path | None:
    """The file of ``engine.a.b`` under ``engine`` (a module or a package's __init__)."""
    parts = module.split(".")[1:]
    base = engine.joinpath(*parts)
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.is_file():
            return path
    return None


def _imports(path: Path, module: str, is_package: bool) -> set[str]:
    """The engine modules a file imports anywhere in it (absolute names)."""
    package = module if is_package else module.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_bytes(), str(path))):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name.split(".")[0] == "engine"}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if target.split(".")[0] != "engine":
                continue
            found.add(target)
            found |= {f"{target}.{a.name}" for a in node.names}  # "from . import memo" names a module
    return found


# the module whose code computes each kind of cached result (the payload's "what")
ROOTS = {"solve": "engine.search.solver", "solve-line": "engine.search.solver", "guided-deal": "engine.puzzles.guided"}
ROOTS["decision-declaration"] = "engine.puzzles.declaration"  # a decision kind of its own module
DECISIONS = "engine.puzzles.decisions"  # "decision-bid", "decision-raise", ...


def dependency_files(root: Path = ROOT, start: str = "engine.puzzles") -> list[Path]:
    """Every engine source file that ``start`` reaches through its imports (a package's __init__
    only where it is imported itself: it runs on the way, but re-exports compute nothing)."""
    engine = root / "engine"
    seen: dict[str, Path] = {}
    todo = [start, "engine"]
    while todo:
        module = todo.pop()
        if module in seen:
            continue
        path = _module_file(engine, module)
        if path is None:
            continue  # a name imported from a module, not a module
        seen[module] = path
        todo += _imports(path, module, path.name == "__init__.py")
    return sorted(set(seen.values()))


@cache
def engine_digest(start: str = "engine.puzzles") -> str:
    """A hash of the engine source files that ``start`` depends on (paths and contents)."""
    digest = hashlib.sha256()
    for path in dependency_files(ROOT, start):
        digest.update(path.relative_to(ROOT).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


ENTRY = "engine.web"  # anything else (the play page's openings, ...): the whole engine behind the entry point


def root_of(payload) -> str:
    what = payload.get("what", "") if isinstance(payload, dict) else ""
    if not isinstance(what, str):
        return ENTRY
    return ROOTS.get(what) or (DECISIONS if what.startswith("decision-") else ENTRY)


@cache
def committed_results(path: Path = COMMITTED) -> dict[str, object]:
    """{key: value} of the committed results (empty when the file is missing)."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError:
        return {}
    out = {}
    for number, line in enumerate(lines, 1):
        try:
            entry = json.loads(line)
            out[entry["key"]] = entry["value"]
        except (ValueError, KeyError, TypeError):
            where = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
            raise ValueError(f"{where}:{number}: not a result line ({{key, value}})") from None
    return out


def _record(key: str) -> None:
    target = os.environ.get(RECORD)
    if target:
        with open(target, "a", encoding="ascii") as f:  # one short line per write: parallel workers append whole lines
            f.write(key + "\n")


def result_key(payload) -> str:
    """The key of one result: the digest of the code that computes it and the question asked."""
    text = json.dumps(payload, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256((engine_digest(root_of(payload)) + "\0" + text).encode()).hexdigest()


class DiskStore:
    """``get(payload)`` / ``put(payload, value)`` for ``engine.search.memo``: JSON files by content hash,
    then the committed results (``committed=None``: the folder only)."""

    def __init__(self, directory: Path, committed: Path | None = COMMITTED):
        self.directory = Path(directory)
        self.committed = committed

    def path(self, payload) -> Path:
        key = result_key(payload)
        return self.directory / key[:2] / f"{key}.json"

    def get(self, payload):
        path = self.path(payload)
        try:
            value = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            value = None  # not there yet, or unreadable
        if value is None and self.committed is not None:
            value = committed_results(self.committed).get(path.stem)
        if value is not None:
            _record(path.stem)
        return value  # None: compute it

    def put(self, payload, value) -> None:
        path = self.path(payload)
        _record(path.stem)
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
