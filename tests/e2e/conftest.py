"""Fixtures for the end-to-end tests: the site built once per session (with Pyodide: the
``built_site`` fixture of tests/conftest.py), served on 127.0.0.1, and Chromium driven by
Playwright (Debian's chromium, or Playwright's own browser)."""

import shutil
import socket
import threading
from pathlib import Path

import pytest

from tools.serve import make_server

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]


def pytest_collection_modifyitems(items):
    for item in items:
        if "/e2e/" in str(item.fspath):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def site_dir(built_site):
    return built_site


def _serve(directory, record=False):
    server = make_server(directory, 0, record=record)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    return server


def asset_url(site_dir, name):
    """The URL path of a site asset under its published (content-hashed) name."""
    stem, suffix = name.rsplit(".", 1)
    (path,) = (site_dir / "assets").glob(f"{stem}.*.{suffix}")
    return "/" + path.relative_to(site_dir).as_posix()


@pytest.fixture(scope="session")
def base_url(site_dir):
    server = _serve(site_dir)
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()


@pytest.fixture
def recording_server(site_dir):
    """A server of the site of its own that records every response: (path, status, bytes)."""
    server = _serve(site_dir, record=True)
    yield server
    server.shutdown()


@pytest.fixture(scope="session")
def broken_base_url(site_dir, tmp_path_factory):
    """The same site with the Pyodide files missing."""
    copy = tmp_path_factory.mktemp("broken") / "site"
    shutil.copytree(site_dir, copy, ignore=shutil.ignore_patterns("pyodide"))
    server = _serve(copy)
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()


@pytest.fixture(scope="session")
def browser():
    """Chromium, which reaches nothing but 127.0.0.1: every other request goes to a proxy that
    refuses every connection (a port bound here and never listened on), whatever the page or
    context (the offline tests make contexts of their own)."""
    from playwright.sync_api import sync_playwright

    executable = shutil.which("chromium") or shutil.which("chromium-browser")
    with socket.socket() as refuse, sync_playwright() as p:
        refuse.bind(("127.0.0.1", 0))
        proxy = {"server": f"http://127.0.0.1:{refuse.getsockname()[1]}", "bypass": "<-loopback>,127.0.0.1"}
        options = {"args": CHROMIUM_ARGS, "proxy": proxy}
        if executable:
            options["executable_path"] = executable
        browser = p.chromium.launch(**options)
        yield browser
        browser.close()


class Visit:
    """A fresh browser context that records every request (the browser refuses other origins).
    The service worker is blocked unless asked for, so that the requests are the page's own (the
    offline tests make their own contexts). Requests are recorded as events, not routed: a route
    sends every request through this process and turns the browser's cache off, so that each
    page of a test fetched and compiled the same scripts and the engine's runtime again."""

    def __init__(self, browser, **context_options):
        self.requests = []
        self.context = browser.new_context(**{"service_workers": "block", **context_options})
        self.context.on("request", lambda request: self.requests.append(request.url))
        self.page = self.context.new_page()
        self.errors = []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))

    def open(self, url, ready=True):
        """Open a page; with ``ready`` wait until its page script has run (body[data-ready])."""
        self.page.goto(url)
        if ready:
            self.page.wait_for_selector("body[data-ready]", state="attached", timeout=30_000)
        return self.page

    def close(self):
        self.context.close()


@pytest.fixture
def visit(browser):
    visits = []

    def make(**options):
        v = Visit(browser, **options)
        visits.append(v)
        return v

    yield make
    for v in visits:
        v.close()
