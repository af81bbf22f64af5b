"""The tiers of the test run (tests/testrun.py, used by tests/conftest.py): which tier each test
counts in, and the line with each tier's wall time and the machine's load that ends the run."""

import types

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
