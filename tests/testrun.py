"""What tests/conftest.py uses, in a module of its own so that tests can import it (the name
``conftest`` is taken by tests/e2e/conftest.py once the browser tests are collected): whether a
built site can be reused, the one build that parallel workers share, the order that puts the
longest tests first, and the tiers of the run."""

from __future__ import annotations

import fcntl
import os
import shutil
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# what the site is built from: a file here newer than a built site makes that site stale
SITE_SOURCES = (
    "build.py",
    "pyproject.toml",
    "requirements-dev.txt",
    "package-lock.json",
    "engine",
    "present",
    "sitebuild",
    "site",
    "lessons",
    "presets",
)


def _newest_source() -> float:
    newest = 0.0
    for name in SITE_SOURCES:
        path = ROOT / name
        if path.is_file():
            newest = max(newest, path.stat().st_mtime)
        for folder, dirs, files in os.walk(path):
            dirs[:] = [d for d in dirs if d != "__pycache__"]
            for file in files:
                newest = max(newest, os.stat(os.path.join(folder, file)).st_mtime)
    return newest


def stale_reason(site: Path) -> str | None:
    """Why ``site`` is not a full, fresh build of this checkout (None when it is one)."""
    if not (site / "fi" / "index.html").is_file():
        return f"{site} is not a built site"
    if not (site / "assets" / "pyodide").is_dir():
        return f"{site} was built without the Pyodide runtime"
    # ctime, not mtime: the build copies the Pyodide runtime with its original times
    oldest = min(p.stat().st_ctime for p in site.rglob("*") if p.is_file())
    if _newest_source() >= oldest:
        return f"{site} is older than a source file it is built from"
    return None


def build_once(folder: Path, build: Callable[[Path], object]) -> Path:
    """``folder/site``, built by ``build`` once for every process of the run (the pytest-xdist
    workers of ``make test``): the first to ask builds it while the others wait on a lock, then
    all of them read it. A build that failed half-way is started again by the next to ask."""
    site, done = folder / "site", folder / "built"
    with open(folder / "lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not done.exists():
            shutil.rmtree(site, ignore_errors=True)
            build(site)
            done.touch()
    return site


def longest_first(items: list) -> list:
    """The tests in the order that keeps parallel workers busy to the end: the browser tests
    (the longest files) first, then the site's, then the engine's; the order within a tier is
    kept. Works for any new test file: the tier says where it goes."""
    rank = {"browser": 0, "site": 1, "engine": 2}
    return sorted(items, key=lambda item: rank[tier_of(item)])


TIERS = ("engine", "site", "browser")
tier_seconds = dict.fromkeys(TIERS, 0.0)
tier_tests = dict.fromkeys(TIERS, 0)
workers = 0  # pytest-xdist workers started (0: the tests ran in this process)
started: float | None = None  # time.perf_counter() at the start of the session


def tier_of(item) -> str:
    """``browser``: tests/e2e; ``site``: tests that build or read a site (they use ``built_site``,
    ``lessons`` or ``tmp_path`` builds, marked by module: SITE_MODULES); ``engine``: the rest."""
    if "browser" in item.keywords:
        return "browser"
    fixtures = set(getattr(item, "fixturenames", ()))
    if fixtures & {"built_site", "lessons"} or item.module.__name__ in SITE_MODULES:
        return "site"
    return "engine"


# modules whose tests build sites of their own (small fixture lessons) or check the pages' words
SITE_MODULES = {
    "test_build",
    "test_kinds",
    "test_lesson_ids",
    "test_lesson_player",
    "test_pages",
    "test_publish",
    "test_rules_pages",
    "test_average_words",
    "test_house_rules",
    "test_manifest",
    "test_serve",
    "test_puzzles",
    "test_puzzle_golden",
    "test_coverage",
    "test_doc_paths",
}


def count(report) -> None:
    """Add a test's phase (setup, call or teardown) to its tier, as its report tells (the tier
    is in ``user_properties``: tests/conftest.py); a test counts once, at its teardown."""
    tier = dict(report.user_properties).get("tier")
    if tier not in tier_seconds:
        return
    tier_seconds[tier] += report.duration
    if report.when == "teardown":
        tier_tests[tier] += 1


def summary_line(workers: int = 0, wall_seconds: float | None = None) -> str | None:
    """The line that ends the run: each tier's time and tests, the cores and the load. With
    ``workers`` (pytest-xdist) the tiers ran side by side: each tier's time is summed over the
    workers, and the tests' wall time follows."""
    if not any(tier_seconds.values()):
        return None
    load = " ".join(f"{x:.2f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "unknown"
    parts = ", ".join(f"{tier} {tier_seconds[tier] / 60:.1f} min ({tier_tests[tier]} tests)" for tier in TIERS)
    if workers:
        parts = f"{parts}; summed over {workers} workers in parallel"
    if wall_seconds is not None:
        parts = f"{parts}; wall time of the tests {wall_seconds / 60:.1f} min"
    return f"tiers: {parts} (cores: {os.cpu_count()}, load average 1/5/15 min: {load})"
