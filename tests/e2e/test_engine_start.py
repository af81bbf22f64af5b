"""The engine's start: the worker starts from the build's memory snapshot (sitebuild/snapshot.py)
and answers; a damaged or missing snapshot only means the normal start, and the engine answers
all the same; while the engine starts, the position page says so with a progress bar and the
seconds counted, in the page's language."""

import json
import os
import shutil
import threading
from urllib.parse import quote

import pytest

from sitebuild.catalogs import load_catalog
from tools.serve import make_server

POSITION = "rules:three-player/hands:..6.AKQ,A.A.TJ.,T.T.9./lead:2/trick:HJ"
LINK = "/position/#k=best-card&p=" + quote(POSITION, safe="") + "&a=HA"


def serve(directory):
    server = make_server(directory, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def snapshot_folder(site):
    (info,) = (site / "assets" / "pyodide").glob("snapshot-*/snapshot.json")
    return info.parent, json.loads(info.read_text())


def open_shared(visit, base, lang="en"):
    v = visit()
    page = v.open(base + f"/{lang}" + LINK)
    page.locator("#puzzle-shared .card").first.wait_for(timeout=180_000)
    page.wait_for_selector("html[data-engine-start]", state="attached", timeout=10_000)
    return v, page


def test_the_engine_starts_from_the_snapshot_and_answers(visit, base_url, site_dir):
    folder, info = snapshot_folder(site_dir)
    assert info["file"], info.get("reason")
    v, page = open_shared(visit, base_url)
    assert page.get_attribute("html", "data-engine-start") == "snapshot"
    assert any(url.endswith(f"/{folder.name}/{info['file']}") for url in v.requests)
    # the engine behind it answers: the best card of the shared position is judged right
    page.locator('#puzzle-shared button[data-card="HA"]').click()
    page.locator("#puzzle-shared .verdict.right").wait_for(timeout=30_000)
    assert not v.errors


@pytest.fixture(scope="module", params=["damaged", "missing"])
def unusable_snapshot_url(request, site_dir, tmp_path_factory):
    """The site (its files linked, not copied) with the snapshot damaged (a byte changed, no
    precompressed copies) or missing."""
    copy = tmp_path_factory.mktemp("snapshot") / "site"
    shutil.copytree(site_dir, copy, copy_function=os.symlink)
    folder, info = snapshot_folder(copy)
    snapshot = folder / info["file"]
    data = bytearray(snapshot.read_bytes())
    for path in folder.glob(info["file"] + "*"):
        path.unlink()
    if request.param == "damaged":
        data[len(data) // 2] ^= 0xFF
        snapshot.write_bytes(bytes(data))
    server = serve(copy)
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()


def test_an_unusable_snapshot_falls_back_to_the_normal_start(visit, unusable_snapshot_url):
    notes = []
    v = visit()
    v.page.on("console", lambda message: notes.append(message.text))
    page = v.open(unusable_snapshot_url + "/en" + LINK)
    page.locator("#puzzle-shared .card").first.wait_for(timeout=180_000)
    assert page.get_attribute("html", "data-engine-start") == "normal"
    assert any("no memory snapshot" in note for note in notes)  # said, as a fact, not an error
    assert page.locator("#shared .error").count() == 0
    page.locator('#puzzle-shared button[data-card="HA"]').click()
    page.locator("#puzzle-shared .verdict.right").wait_for(timeout=30_000)
    assert not v.errors


@pytest.mark.parametrize("lang", ["fi", "en"])
def test_the_shared_position_shows_the_engine_starting_with_the_seconds(visit, site_dir, lang):
    """The runtime held back for a while: the page counts the seconds with a progress bar (spoken
    too), then shows the puzzle."""
    server = serve(site_dir)  # a server of its own: the held request never holds up another test
    held = []
    try:
        v = visit()
        v.page.route("**/pyodide.asm.wasm", lambda route: held.append(route))
        page = v.open(f"http://127.0.0.1:{server.server_port}/{lang}" + LINK)
        status = page.locator("#shared .engine-status[data-engine-wait]")
        status.wait_for(timeout=30_000)
        assert status.locator("progress").count() == 1
        words = load_catalog(lang)["ui"]["shared_engine_starting"]
        before = words.split("{seconds}")[0]
        page.wait_for_function(
            "() => /[2-9] s$/.test(document.querySelector('#shared .engine-status span').textContent)",
            timeout=30_000,
        )
        shown = status.locator("span").first.inner_text()
        assert shown.startswith(before) and shown.endswith(" s"), shown
        spoken = status.locator(".visually-hidden").text_content()
        assert spoken.startswith(before), spoken
        assert page.locator("#shared").get_attribute("aria-live") == "polite"
        for route in held:
            route.continue_()
        v.page.unroute("**/pyodide.asm.wasm")
        page.locator("#puzzle-shared .card").first.wait_for(timeout=180_000)
        assert status.count() == 0
        assert not v.errors
    finally:
        server.shutdown()


@pytest.mark.parametrize("lang", ["fi", "en"])
def test_the_editor_shows_the_engine_starting_with_the_seconds(visit, site_dir, lang):
    """A position checked before the engine runs: the editor's result line counts the seconds
    with a progress bar, then gives the engine's word."""
    server = serve(site_dir)
    held = []
    try:
        v = visit()
        v.page.route("**/pyodide.asm.wasm", lambda route: held.append(route))
        page = v.open(f"http://127.0.0.1:{server.server_port}/{lang}/position/")
        page.locator("#editor button.make-link").click()
        status = page.locator("#ed-result .engine-status[data-engine-wait]")
        status.wait_for(timeout=30_000)
        assert status.locator("progress").count() == 1
        before = load_catalog(lang)["ui"]["editor_engine_starting"].split("{seconds}")[0]
        assert status.locator("span").first.inner_text().startswith(before)
        assert status.locator(".visually-hidden").text_content().startswith(before)
        assert page.locator("#ed-result").get_attribute("aria-live") == "polite"
        for route in held:
            route.continue_()
        v.page.unroute("**/pyodide.asm.wasm")
        page.locator("#ed-result p").wait_for(timeout=180_000)  # the engine's verdict on the position
        assert status.count() == 0
        assert not v.errors
    finally:
        server.shutdown()
