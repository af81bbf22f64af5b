"""Installable: the build writes a web app manifest per language with icons it draws, every page
links its language's manifest, ``_headers`` and ``tools/serve.py`` give it its MIME type, and the
service worker keeps the manifests, the icons and the score sheet first."""

import json
import threading
import urllib.request
from pathlib import Path

import pytest
from PIL import Image
from test_build import make_lesson, run_build

from sitebuild.offline import offline_files
from tools.serve import make_server

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def out(tmp_path_factory):
    tmp_path = tmp_path_factory.mktemp("installable")
    run_build(tmp_path, make_lesson(tmp_path))
    return tmp_path / "out"


def test_the_manifests_and_icons_exist_and_parse(out):
    for lang in ("fi", "en"):
        manifest = json.loads((out / f"manifest.{lang}.webmanifest").read_text("utf-8"))
        ui = json.loads((ROOT / "site" / "messages" / f"{lang}.json").read_text("utf-8"))["ui"]
        assert manifest["name"] == ui["site_title"] and manifest["short_name"] == "Huutopussi"
        assert manifest["start_url"] == f"./{lang}/" and manifest["scope"] == "./" and manifest["id"] == "./"
        assert manifest["display"] == "standalone" and manifest["lang"] == lang
        assert manifest["theme_color"].startswith("#") and manifest["background_color"].startswith("#")
        sizes = {}
        for icon in manifest["icons"]:
            with Image.open(out / icon["src"]) as image:
                image.load()
                assert image.format == "PNG" and image.size[0] == image.size[1]
                assert icon["sizes"] == f"{image.size[0]}x{image.size[1]}" and icon["type"] == "image/png"
                sizes.setdefault(icon["purpose"], set()).add(image.size[0])
        assert {192, 512} <= sizes["any"] and 512 in sizes["maskable"]
        assert any(s["url"] == f"./{lang}/score/" for s in manifest["shortcuts"])
        for shortcut in manifest["shortcuts"]:
            assert (out / shortcut["url"][2:] / "index.html").exists()


def test_the_maskable_icon_keeps_the_card_inside_the_safe_zone(out):
    with Image.open(out / "icons" / "maskable-512.png") as image:
        rgb = image.convert("RGB")
        corner = rgb.getpixel((0, 0))
        # outside the middle 80 % circle everything is background
        for x, y in [(60, 256), (452, 256), (256, 60), (256, 452), (100, 100), (412, 412)]:
            assert rgb.getpixel((x, y)) == corner, (x, y)
        assert rgb.getpixel((256, 256)) != corner  # the card is drawn


def test_every_page_links_its_languages_manifest(out):
    pages = list(out.rglob("*.html"))
    assert len(pages) > 10
    for page in pages:
        html = page.read_text("utf-8")
        lang = page.relative_to(out).parts[0] if page.relative_to(out).parts[0] in ("fi", "en") else "fi"
        depth = len(page.relative_to(out).parts) - 1
        root = "/" if page.name == "404.html" else "../" * depth or "./"
        assert f'<link rel="manifest" href="{root}manifest.{lang}.webmanifest">' in html, page
        assert '<meta name="theme-color"' in html


def test_the_score_pages_are_built_and_linked_from_the_front_and_play_pages(out):
    for lang in ("fi", "en"):
        score = (out / lang / "score" / "index.html").read_text("utf-8")
        assert 'id="score-entry"' in score and 'id="house-rules-data"' in score
        assert 'href="score/"' in (out / lang / "index.html").read_text("utf-8")
        assert 'href="../score/"' in (out / lang / "play" / "index.html").read_text("utf-8")


def test_headers_and_the_server_give_the_manifest_its_type_and_the_service_worker_keeps_it_first(out):
    headers = (out / "_headers").read_text("utf-8")
    block = headers.split("/manifest.fi.webmanifest\n", 1)[1].split("\n/", 1)[0]
    assert "Content-Type: application/manifest+json" in block
    server = make_server(out, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{server.server_port}/manifest.en.webmanifest") as response:
            assert response.headers.get_all("Content-Type") == ["application/manifest+json"]
            json.loads(response.read())
    finally:
        server.shutdown()
    files = offline_files(out)
    first = files[:7]
    for name in ("manifest.fi.webmanifest", "manifest.en.webmanifest", "fi/score/", "en/score/", "icons/icon-192.png"):
        assert name in first, first
