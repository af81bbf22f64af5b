"""What tests/conftest.py uses, in a module of its own so that tests can import it (the name
``conftest`` is taken by tests/e2e/conftest.py once the browser tests are collected): whether a
built site can be reused, and the tiers of the run."""

from __future__ import annotations

import os
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


TIERS = ("engine", "site", "browser")
tier_seconds = dict.fromkeys(TIERS, 0.0)
tier_tests = dict.fromkeys(TIERS, 0)


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


def summary_line() -> str | None:
    """The line that ends the run: each tier's wall time and tests, the cores and the load."""
    if not any(tier_seconds.values()):
        return None
    load = " ".join(f"{x:.2f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "unknown"
    parts = ", ".join(f"{tier} {tier_seconds[tier] / 60:.1f} min ({tier_tests[tier]} tests)" for tier in TIERS)
    return f"tiers: {parts} (cores: {os.cpu_count()}, load average 1/5/15 min: {load})"
