"""The pages the build adds around the lessons: a page per puzzle with a link back to its lesson,
link previews (og:title, og:description, og:image) whose pictures exist, the 404 page, the card
sprite (puzzle ids unique across lessons: tests/test_lesson_ids.py)."""

import re
from html import unescape
from pathlib import Path

import pytest

import build
from sitebuild.cards import cards, sprite

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def site(built_site, lessons):
    return built_site, lessons


def meta(html: str, prop: str) -> str:
    match = re.search(rf'<meta (?:property|name)="{prop}" content="([^"]*)">', html)
    assert match, f"no {prop}"
    return unescape(match.group(1))


def test_every_puzzle_has_its_own_page_with_a_picture_and_a_way_back(site):
    out, lessons = site
    count = 0
    for lesson in lessons:
        for spec in lesson.puzzles:
            pid = spec["id"]
            for lang in ("fi", "en"):
                page = out / lang / "p" / pid / "index.html"
                html = page.read_text("utf-8")
                assert f'id="puzzle-{pid}"' in html
                assert f'href="../../lessons/{lesson.slug}/#puzzle-{pid}"' in html
                assert meta(html, "og:title").startswith(lesson.texts[lang].meta["title"])
                assert len(meta(html, "og:description")) > 10 and "<" not in meta(html, "og:description")
                image = meta(html, "og:image")
                assert image == f"../../../og/{lang}/p/{pid}.png"  # the picture holds the question
                png = (page.parent / image).resolve()
                assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", png
                count += 1
    assert count == 2 * sum(len(x.puzzles) for x in lessons)


def test_lesson_and_other_pages_carry_a_picture_that_exists(site):
    out, _ = site
    pages = [p for p in out.rglob("index.html") if p.parent != out]
    assert len(pages) > 200
    for page in pages:
        image = meta(page.read_text("utf-8"), "og:image")
        assert (page.parent / image).resolve().is_file(), (page, image)
    overtaking = (out / "en" / "lessons" / "overtaking" / "index.html").read_text("utf-8")
    assert meta(overtaking, "og:image").endswith("og/en/lesson/overtaking.png")


def test_the_copy_button_of_a_lesson_puzzle_links_to_the_puzzle_page(site):
    out, _ = site
    html = (out / "fi" / "lessons" / "overtaking" / "index.html").read_text("utf-8")
    assert 'data-href="../../p/overtake-king/"' in html


def test_every_puzzle_has_the_same_header_whose_button_copies_its_own_page(site):
    """The guided deal too: its title, and the round copy-link button (named by its aria-label)
    that copies /LANG/p/ID/ from the lesson and ./ on the puzzle's own page."""
    out, lessons = site
    button = re.compile(
        r'<button class="copy-link icon-button" type="button" id="puzzle-([\w-]+)-copy"'
        r' data-href="([^"]*)" aria-label="([^"]+)"'
    )
    kinds = set()
    for lesson in lessons:
        for lang in ("fi", "en"):
            html = (out / lang / "lessons" / lesson.slug / "index.html").read_text("utf-8")
            heads = dict((pid, (href, label)) for pid, href, label in button.findall(html))
            copy_link = build.load_catalog(lang)["ui"]["copy_link"]
            for spec in lesson.puzzles:
                pid = spec["id"]
                kinds.add(spec["kind"])
                assert heads.get(pid) == (f"../../p/{pid}/", copy_link), (lang, lesson.slug, pid)
                assert f'<h2 id="puzzle-{pid}-title">' in html
                own = (out / lang / "p" / pid / "index.html").read_text("utf-8")
                assert f'id="puzzle-{pid}-copy" data-href="./" aria-label="{copy_link}"' in own
            assert 'class="anchor"' not in html and 'data-href="#' not in html
    assert "deal" in kinds


def test_the_state_line_names_the_bidder_in_lower_case_and_writes_a_true_minus(site):
    """ "Sopimus 40 (sinä)" in every puzzle kind, as in a sentence; "Pisteet ennen jakoa −20" with
    the minus sign (U+2212) that the score tables use, never a hyphen."""
    out, _ = site
    cat = build.load_catalog("fi")
    contract = re.compile(rf"<dt>{cat['ui']['contract']}</dt><dd>\d+ \(([^)]*)\)")
    before = re.compile(rf"<dt>{cat['ui']['before']}</dt><dd>([^<]*)")
    seats, points = set(), set()
    for page in (out / "fi" / "lessons").glob("*/index.html"):
        html = page.read_text("utf-8")
        seats.update(contract.findall(html))
        points.update(before.findall(html))
    assert seats and all(seat == seat.lower() for seat in seats), seats
    assert "sinä" in seats
    assert any(p.startswith("\u2212") for p in points) and not any("-" in p for p in points), points


def test_a_404_page_in_both_languages(site):
    out, _ = site
    html = (out / "404.html").read_text("utf-8")
    assert '<section lang="fi"' in html and '<section lang="en"' in html
    assert "Sivua ei löytynyt" in html and "Page not found" in html
    assert 'href="/fi/"' in html and 'href="/en/"' in html


def test_wide_lesson_tables_scroll_in_their_own_region(site):
    out, _ = site
    html = (out / "fi" / "lessons" / "house-rules" / "index.html").read_text("utf-8")
    tables = html.count("<table")
    assert tables and html.count('<div class="table-scroll" role="region"') >= tables


def test_the_sprite_defines_every_card_drawn_from_shapes():
    svg = sprite()
    for card in cards():
        assert f'<symbol id="c-{card}"' in svg
    for suit in "SCDH":
        assert f'<symbol id="s-{suit}"' in svg
    assert not re.search("[♠♣♦♥]", svg), "suits are shapes, not font glyphs"


def test_link_pictures_are_cached_where_the_build_cache_is(tmp_path, monkeypatch):
    """``HUUTOPUSSI_BUILD_CACHE`` moves the pictures' cache too (tests keep the checkout clean), ``off`` drops it."""
    from sitebuild import images

    monkeypatch.setenv("HUUTOPUSSI_BUILD_CACHE", str(tmp_path / "cache"))
    images._draw_all([(tmp_path / "out" / "a.png", {"site": True})])
    assert (tmp_path / "out" / "a.png").is_file() and len(list((tmp_path / "cache" / "og").glob("*.png"))) == 1
    monkeypatch.setenv("HUUTOPUSSI_BUILD_CACHE", "off")
    monkeypatch.chdir(tmp_path)
    images._draw_all([(tmp_path / "out" / "b.png", {"site": True})])
    assert (tmp_path / "out" / "b.png").is_file() and sorted(p.name for p in tmp_path.iterdir()) == ["cache", "out"]
    assert len(list((tmp_path / "cache" / "og").glob("*.png"))) == 1


def test_link_pictures_drawn_on_several_cores_are_those_of_one(tmp_path, monkeypatch, lessons):
    """A cold build draws the pictures on every core; each is byte for byte the one a single core draws."""
    from sitebuild import images

    monkeypatch.setenv("HUUTOPUSSI_BUILD_CACHE", "off")
    lesson = next(x for x in lessons if x.slug == "follow-suit")
    words = {"en": {f"puzzle/{p['id']}": f"Question {i}" for i, p in enumerate(lesson.puzzles)}}
    words["en"][f"lesson/{lesson.slug}"] = "Follow suit"
    drawn = {}
    for processes in (1, 2):
        out = tmp_path / str(processes)
        paths = images.write_images([lesson], out, words, processes=processes)
        drawn[processes] = {name: (out / path).read_bytes() for name, path in paths.items()}
    assert drawn[1] == drawn[2] and len(drawn[2]) == len(lesson.puzzles) + 2
