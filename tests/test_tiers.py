"""The tiers of the test run (tests/testrun.py, used by tests/conftest.py): which tier each test
counts in, and the line with each tier's wall time and the machine's load that ends the run."""

import concurrent.futures
import threading
import types
from pathlib import Path

import pytest
import testrun


def fake_item(module, fixtures=(), keywords=()):
    return types.SimpleNamespace(
        keywords=set(keywords), fixturenames=list(fixtures), module=types.SimpleNamespace(__name__=module)
    )


def test_each_test_counts_in_its_tier():
    assert testrun.tier_of(fake_item("test_site", ["built_site"], ["browser"])) == "browser"
    assert testrun.tier_of(fake_item("test_new", ["built_site"])) == "site"
    assert testrun.tier_of(fake_item("test_new", ["lessons", "tmp_path"])) == "site"
    assert testrun.tier_of(fake_item("test_build", ["tmp_path"])) == "site"
    assert testrun.tier_of(fake_item("test_solver", ["tmp_path"])) == "engine"


def test_the_run_ends_with_each_tiers_time_and_the_load(monkeypatch):
    monkeypatch.setattr(testrun, "tier_seconds", {"engine": 90.0, "site": 30.0, "browser": 600.0})
    monkeypatch.setattr(testrun, "tier_tests", {"engine": 3, "site": 2, "browser": 1})
    line = testrun.summary_line()
    assert line.startswith("tiers: engine 1.5 min (3 tests), site 0.5 min (2 tests), browser 10.0 min (1 tests)")
    assert "load average 1/5/15 min: " in line and f"cores: {testrun.os.cpu_count()}" in line


def report(tier, when, duration):
    return types.SimpleNamespace(user_properties=[("tier", tier)], when=when, duration=duration)


def test_each_phase_counts_in_its_tier_and_a_test_once_and_the_wall_time_follows(monkeypatch):
    monkeypatch.setattr(testrun, "tier_seconds", dict.fromkeys(testrun.TIERS, 0.0))
    monkeypatch.setattr(testrun, "tier_tests", dict.fromkeys(testrun.TIERS, 0))
    for tier, seconds in (("engine", 60.0), ("engine", 30.0), ("site", 30.0), ("browser", 300.0), ("browser", 300.0)):
        for when, part in (("setup", 0.25), ("call", 0.5), ("teardown", 0.25)):
            testrun.count(report(tier, when, seconds * part))
    testrun.count(types.SimpleNamespace(user_properties=[], when="teardown", duration=5.0))  # not a test of ours
    assert testrun.tier_seconds == {"engine": 90.0, "site": 30.0, "browser": 600.0}
    assert testrun.tier_tests == {"engine": 2, "site": 1, "browser": 2}
    line = testrun.summary_line(workers=2, wall_seconds=390.0)
    assert line.startswith(
        "tiers: engine 1.5 min (2 tests), site 0.5 min (1 tests), browser 10.0 min (2 tests); "
        "summed over 2 workers in parallel; wall time of the tests 6.5 min (cores: "
    )


def test_the_browser_tests_are_handed_out_first_then_the_sites_in_their_own_order():
    items = [
        fake_item("test_solver"),
        fake_item("test_pages", ["built_site"]),
        fake_item("test_play", ["built_site"], ["browser"]),
        fake_item("test_rules"),
        fake_item("test_site", ["built_site"], ["browser"]),
        fake_item("test_new", ["lessons"]),
    ]
    order = [(item.module.__name__, testrun.tier_of(item)) for item in testrun.longest_first(items)]
    assert order == [
        ("test_play", "browser"),
        ("test_site", "browser"),
        ("test_pages", "site"),
        ("test_new", "site"),
        ("test_solver", "engine"),
        ("test_rules", "engine"),
    ]


def test_parallel_workers_build_the_site_once_and_a_failed_build_is_started_again(tmp_path):
    builds = []
    failures = [RuntimeError("the first build fails half-way")]

    def build(site):
        site.mkdir()
        (site / "half").write_text("")
        if failures:
            raise failures.pop()
        builds.append(threading.get_ident())
        (site / "index.html").write_text(str(len(builds)))

    with pytest.raises(RuntimeError, match="half-way"):
        testrun.build_once(tmp_path, build)
    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        sites = list(pool.map(lambda _: testrun.build_once(tmp_path, build), range(8)))
    assert len(builds) == 1 and set(sites) == {tmp_path / "site"}
    assert (tmp_path / "site" / "index.html").read_text() == "1"


def test_no_two_test_modules_share_a_name():
    """pytest imports test files by their base name: a second file of the same name in tests/e2e/ is
    not collected at all in a full run (it stops with an import mismatch)."""
    root = Path(__file__).resolve().parent
    names = [p.name for p in root.rglob("test_*.py")]
    assert sorted({n for n in names if names.count(n) > 1}) == []


def test_the_two_languages_long_browser_checks_are_classes_that_run_side_by_side():
    """``make test`` runs with ``--dist loadscope``: a worker takes a file's test functions together
    and each test class apart, so the every-page and every-puzzle checks (minutes each) are a class
    per language, not one parametrized function on one worker."""
    root = Path(__file__).parent.parent
    assert "--dist loadscope" in (root / "Makefile").read_text("utf-8")
    looks = (root / "tests" / "e2e" / "test_looks.py").read_text("utf-8")
    site = (root / "tests" / "e2e" / "test_site.py").read_text("utf-8")
    for source, classes in (
        (looks, ("TestEveryPageFinnish", "TestEveryPageEnglish")),
        (site, ("TestEveryPuzzleFinnish", "TestEveryPuzzleEnglish")),
    ):
        for name in classes:
            assert f"\nclass {name}(" in source, name
