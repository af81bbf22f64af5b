import pytest


def pytest_addoption(parser):
    parser.addoption("--runslow", action="store_true", help="run the long cross-checks")


def pytest_collection_modifyitems(config, items):
    if config.getoption("--runslow"):
        return
    skip = pytest.mark.skip(reason="slow: run with --runslow (make test-slow)")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)
