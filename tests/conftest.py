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
  else the session builds its own copy in a temporary folder (one for all the workers of a
  parallel run: testrun.build_once). Treat it as read-only: a test that changes files builds or
  copies its own.
- ``lessons``: the real lessons, read and checked by the engine once per session.
- ``--runslow`` runs the deep cross-checks (``make test-slow``).
- Parallel runs (``make test``: pytest-xdist, ``--dist loadscope``): each worker runs whole
  files (a test class apart) and has its own session fixtures (server on a free port, browser, temporary folders); the
  workers share the session's build cache and its one built site. The browser tests are handed out
  first (testrun.longest_first), so that no long file starts last.
- At the end of the run, the time of each tier (summed over the workers), the tests' wall time and
  the machine's load average.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import time
from pathlib import Path

import pytest
import testrun

ROOT = Path(__file__).resolve().parent.parent
SESSION_CACHE: Path | None = None
SHARED_SITE: Path | None = None  # the folder of the one site the workers of a parallel run build
IN_WORKER = False  # a pytest-xdist worker: its tests' reports go to the controller


def user_cache() -> Path:
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "huutopussi"


def pytest_addoption(parser):
    parser.addoption("--runslow", action="store_true", help="run the long cross-checks")


def pytest_configure(config):
    global SESSION_CACHE, IN_WORKER
    IN_WORKER = hasattr(config, "workerinput")
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
    if SHARED_SITE is not None:
        shutil.rmtree(SHARED_SITE, ignore_errors=True)


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node):
    """pytest-xdist, in the controller: each worker is told where the run's one site is built."""
    global SHARED_SITE
    if SHARED_SITE is None:
        SHARED_SITE = Path(tempfile.mkdtemp(prefix="huutopussi-test-site-"))
    node.workerinput["huutopussi_site"] = str(SHARED_SITE)
    testrun.workers += 1


def pytest_sessionstart(session):
    testrun.started = time.perf_counter()


@pytest.hookimpl(trylast=True)  # after tests/e2e/conftest.py has marked the browser tests
def pytest_collection_modifyitems(config, items):
    if hasattr(config, "workerinput"):
        items[:] = testrun.longest_first(items)
    if config.getoption("--runslow"):
        return
    skip = pytest.mark.skip(reason="slow: run with --runslow (make test-slow)")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


# -- the built site ---------------------------------------------------------------------------------
@pytest.fixture(scope="session")
def built_site(request, tmp_path_factory) -> Path:
    """The real site (every lesson, with the Pyodide runtime), built once per session: read-only."""
    given = os.environ.get("HUUTOPUSSI_SITE")
    if given:
        site = (ROOT / given).resolve()
        reason = testrun.stale_reason(site)
        if reason is None:
            return site
        print(f"\nHUUTOPUSSI_SITE: {reason}; building the site for this session")
    import build

    def build_into(out: Path) -> None:
        build.build(out, ROOT / "lessons", with_pyodide=True)

    shared = getattr(request.config, "workerinput", {}).get("huutopussi_site")
    if shared:  # a pytest-xdist worker: one build for all the workers
        return testrun.build_once(Path(shared), build_into)
    out = tmp_path_factory.mktemp("built") / "site"
    build_into(out)
    return out


@pytest.fixture(scope="session")
def lessons():
    """The real lessons, every puzzle checked by the engine (as the build reads them)."""
    from sitebuild.lessons import load_lessons

    return load_lessons(ROOT / "lessons")


# -- the tiers' times ------------------------------------------------------------------------------------
@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item, nextitem):
    item.user_properties.append(("tier", testrun.tier_of(item)))  # in its reports, to whoever sums them
    return (yield)


def pytest_runtest_logreport(report):
    """Summed where the reports are shown: in this process, or in the controller of a parallel
    run (also when the run is stopped before the end)."""
    if not IN_WORKER:
        testrun.count(report)


def pytest_terminal_summary(terminalreporter):
    wall = time.perf_counter() - testrun.started if testrun.started is not None else None
    line = testrun.summary_line(testrun.workers, wall)
    if line:
        terminalreporter.write_line(line)
