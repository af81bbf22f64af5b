"""Shared set-up of the test session (CONTRIBUTING.md, "Tests").

- Nothing is written into the checkout: the build cache of the session is a temporary folder
  (``HUUTOPUSSI_BUILD_CACHE``) that starts as a copy of what ``make build`` computed
  (``.cache/build``, and the link pictures of ``build/og-cache``) plus the test fixture's
  estimates committed as data (``tests/fixtures/kinds/estimates.json``,
  tools/fixture_estimates.py); brotli and gzip copies stay in the user's cache, and Hypothesis
  keeps its examples in the user's cache too.
- ``built_site``: the real site with the Pyodide runtime, built once per session and shared by
  every build, page and browser test. ``make test`` builds ``_site`` first and passes it as
  ``HUUTOPUSSI_SITE=_site``; it is used when it is newer than every source file it is built from,
  else the session builds its own copy in a temporary folder. Treat it as read-only: a test that
  changes files builds or copies its own.
- ``lessons``: the real lessons, read and checked by the engine once per session.
- ``--runslow`` runs the deep cross-checks (``make test-slow``).
- At the end of the run, the wall time of each tier and the machine's load average.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# what the site is built from: a file here newer than a built site makes that site stale
SITE_SOURCES = (
    "build.py",
    "pyproject.toml",
    "requirements-dev.txt",
    "package-lock.json",
    "engine",
    "sitebuild",
    "site",
    "lessons",
)
SESSION_CACHE: Path | None = None


def user_cache() -> Path:
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "huutopussi"


def pytest_addoption(parser):
    parser.addoption("--runslow", action="store_true", help="run the long cross-checks")


def pytest_configure(config):
    global SESSION_CACHE
    _hypothesis_outside_the_checkout()
    if os.environ.get("HUUTOPUSSI_BUILD_CACHE"):
        return  # the caller chose a cache (or "off")
    SESSION_CACHE = Path(tempfile.mkdtemp(prefix="huutopussi-test-cache-"))
    checkout = ROOT / ".cache" / "build"
    if checkout.is_dir():
        shutil.copytree(checkout, SESSION_CACHE, dirs_exist_ok=True, ignore=shutil.ignore_patterns("compressed"))
    pictures = ROOT / "build" / "og-cache"  # the link pictures make build drew (sitebuild/images.py)
    if pictures.is_dir():
        shutil.copytree(pictures, SESSION_CACHE / "og")
    compressed = user_cache() / "compressed"
    compressed.mkdir(parents=True, exist_ok=True)
    (SESSION_CACHE / "compressed").symlink_to(compressed, target_is_directory=True)
    os.environ["HUUTOPUSSI_BUILD_CACHE"] = str(SESSION_CACHE)
    _committed_estimates(SESSION_CACHE)


def _committed_estimates(directory: Path) -> None:
    """The fixture's sampled estimates, committed as data (tools/fixture_estimates.py), into the cache."""
    from sitebuild.cache import DiskStore
    from tools import fixture_estimates

    store = DiskStore(directory)
    for entry in fixture_estimates.load():
        store.put(entry["payload"], entry["value"])


def _hypothesis_outside_the_checkout():
    try:
        from hypothesis import settings
        from hypothesis.configuration import set_hypothesis_home_dir
        from hypothesis.database import DirectoryBasedExampleDatabase
    except ImportError:
        return
    set_hypothesis_home_dir(user_cache() / "hypothesis")  # its own files (constants), else ./.hypothesis
    settings.register_profile("huutopussi", database=DirectoryBasedExampleDatabase(user_cache() / "hypothesis"))
    settings.load_profile("huutopussi")


def pytest_unconfigure(config):
    if SESSION_CACHE is not None:
        shutil.rmtree(SESSION_CACHE, ignore_errors=True)


def pytest_collection_modifyitems(config, items):
    if config.getoption("--runslow"):
        return
    skip = pytest.mark.skip(reason="slow: run with --runslow (make test-slow)")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


# -- the built site ---------------------------------------------------------------------------------
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


@pytest.fixture(scope="session")
def built_site(tmp_path_factory) -> Path:
    """The real site (every lesson, with the Pyodide runtime), built once per session: read-only."""
    given = os.environ.get("HUUTOPUSSI_SITE")
    if given:
        site = (ROOT / given).resolve()
        reason = stale_reason(site)
        if reason is None:
            return site
        print(f"\nHUUTOPUSSI_SITE: {reason}; building the site for this session")
    import build

    out = tmp_path_factory.mktemp("built") / "site"
    build.build(out, ROOT / "lessons", with_pyodide=True)
    return out


@pytest.fixture(scope="session")
def lessons():
    """The real lessons, every puzzle checked by the engine (as the build reads them)."""
    from sitebuild.lessons import load_lessons

    return load_lessons(ROOT / "lessons")


# -- the tiers' wall times ------------------------------------------------------------------------------
TIERS = ("engine", "site", "browser")
_tier_seconds = dict.fromkeys(TIERS, 0.0)


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


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item, nextitem):
    start = time.perf_counter()
    try:
        return (yield)
    finally:
        _tier_seconds[tier_of(item)] += time.perf_counter() - start


def pytest_terminal_summary(terminalreporter):
    if not any(_tier_seconds.values()):
        return
    load = " ".join(f"{x:.2f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "unknown"
    parts = ", ".join(f"{tier} {_tier_seconds[tier] / 60:.1f} min" for tier in TIERS)
    terminalreporter.write_line(f"tiers: {parts} (cores: {os.cpu_count()}, load average 1/5/15 min: {load})")
