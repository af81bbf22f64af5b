"""The lesson player's steps (sitebuild/lessons.py lesson_steps), the pages that carry them, the
guided deal's declaration choices, canonical links, the site-address warning and the files a
first visit keeps offline (sitebuild/offline.py first_visit_files)."""

import json
import re
from pathlib import Path

import pytest

from sitebuild import LANGS
from sitebuild.lessons import lesson_steps, parse_lesson_text, split_sections
from sitebuild.offline import first_visit_files, offline_files
from sitebuild.pages import site_url_warning

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def site(built_site, lessons):
    return built_site, lessons


def test_sections_split_before_each_second_level_heading_only():
    text = "Intro.\n\n## One\n\nA.\n\n### Sub\n\nB.\n\n```\n## not a heading\n```\n\n## Two\n\nC."
    assert split_sections(text) == [
        "Intro.",
        "## One\n\nA.\n\n### Sub\n\nB.\n\n```\n## not a heading\n```",
        "## Two\n\nC.",
    ]


def test_a_puzzle_step_holds_only_its_puzzle_and_the_text_before_it_is_a_step_of_its_own():
    segments = [
        ("md", "Intro.\n\n## Rules\n\nText."),
        ("puzzle", "a"),
        ("puzzle", "b"),
        ("md", "## Reading\n\nOnly words.\n\n## Next\n\nLead in."),
        ("puzzle", "c"),
        ("md", "Closing words."),
    ]
    steps = lesson_steps(segments)
    assert [s["puzzle"] for s in steps] == [None, None, "a", "b", None, None, "c", None]
    assert steps[0]["segments"] == [("md", "Intro.")]
    assert steps[1]["segments"] == [("md", "## Rules\n\nText.")]
    assert steps[2]["segments"] == [("puzzle", "a")]
    assert steps[3]["segments"] == [("puzzle", "b")]
    assert steps[4]["segments"] == [("md", "## Reading\n\nOnly words.")]
    assert steps[5]["segments"] == [("md", "## Next\n\nLead in.")]
    assert steps[6]["segments"] == [("puzzle", "c")]
    assert steps[7]["segments"] == [("md", "Closing words.")]


@pytest.mark.parametrize("lang", LANGS)
def test_every_lesson_plays_as_steps_that_keep_every_word_and_puzzle_in_order(lang):
    for directory in sorted(p for p in (ROOT / "lessons").iterdir() if p.is_dir()):
        text = parse_lesson_text(directory / f"{lang}.md")
        steps = lesson_steps(text.segments)
        puzzles = [v for k, v in text.segments if k == "puzzle"]
        assert [s["puzzle"] for s in steps if s["puzzle"]] == puzzles, directory.name
        for step in steps:
            assert [k for k, _ in step["segments"]].count("puzzle") <= 1
            if step["puzzle"]:
                assert step["segments"] == [("puzzle", step["puzzle"])]  # the puzzle alone: cards first
        words = "".join(v for s in steps for k, v in s["segments"] if k == "md")
        source = "".join(v for k, v in text.segments if k == "md")
        assert re.sub(r"\s", "", words) == re.sub(r"\s", "", source), directory.name
        assert len(steps) > 1, directory.name


def test_a_lesson_page_holds_its_steps_and_a_closing_screen(site):
    out, lessons = site
    lesson = next(x for x in lessons if x.slug == "overtaking")
    html = (out / "fi" / "lessons" / "overtaking" / "index.html").read_text("utf-8")
    steps = re.findall(r'<div class="lesson-step" id="step-(\d+)" data-step="\d+"(?: data-puzzle-id="([^"]+)")?', html)
    assert [int(n) for n, _ in steps] == list(range(1, len(steps) + 1))
    assert [pid for _, pid in steps if pid] == [v for k, v in lesson.texts["fi"].segments if k == "puzzle"]
    assert {pid for _, pid in steps if pid} == {p["id"] for p in lesson.puzzles}
    assert 'id="lesson-complete"' in html and 'href="../trick-winner/"' in html
    assert "Seuraava oppitunti: " in html
    catalog = json.loads(re.search(r'id="catalog">(.*?)</script>', html).group(1))
    assert catalog["lesson_player"]["next_step"] == "Seuraava vaihe"


def test_the_guided_deal_offers_only_declarations_the_rules_allow(site):
    _, lessons = site
    deals = [(x, p) for x in lessons for p in x.puzzles if p.get("kind") == "deal"]
    assert deals
    offered = 0
    for lesson, spec in deals:
        checked = lesson.checked[spec["id"]]
        for number, step in enumerate(checked["view"]["steps"]):
            answers = checked["table"]["steps"][number]["answers"]
            for call in step["calls"]:
                offered += 1
                assert answers[call]["verdict"] != "illegal", (spec["id"], number + 1, call)
    # lesson 14: spades then hearts are declared; after that no step offers a declaration
    first = next(x for x in lessons if x.slug == "first-deal").checked["first-deal"]["view"]["steps"]
    calls = [step["calls"] for step in first]
    assert ["trump:S", "trump:H"] in calls and ["trump:H"] in calls
    assert [c for c in calls if c] == [["trump:S", "trump:H"], ["trump:H"]]
    assert offered == 3


def test_pages_carry_a_canonical_link(site):
    out, _ = site
    for page, expected in [
        ("fi/lessons/overtaking/index.html", "../../../fi/lessons/overtaking/"),
        ("en/p/overtake-king/index.html", "../../../en/p/overtake-king/"),
        ("en/index.html", "../en/"),
        ("index.html", "./"),
    ]:
        html = (out / page).read_text("utf-8")
        assert re.findall(r'<link rel="canonical" href="([^"]*)">', html) == [expected], page
    assert 'rel="canonical"' not in (out / "404.html").read_text("utf-8")


def test_the_build_warns_without_the_site_address():
    assert "HUUTOPUSSI_SITE_URL" in site_url_warning("") and "docs/deploy.md" in site_url_warning("")
    assert site_url_warning("https://huutopussi.example") is None
    assert "HUUTOPUSSI_SITE_URL" in (ROOT / "docs" / "deploy.md").read_text("utf-8")


def test_a_first_visit_keeps_the_lessons_but_not_the_engine(site):
    out, _ = site
    every = offline_files(out)
    first = first_visit_files(out, every)
    assert set(first) <= set(every)
    for lang in LANGS:
        assert f"{lang}/" in first and f"{lang}/glossary/" in first
        assert {f"{lang}/lessons/{d.name[3:]}/" for d in (ROOT / "lessons").iterdir() if d.is_dir()} <= set(first)
        # the pages that need the engine, without it: offline they say so instead of "not found"
        assert {f"{lang}/play/", f"{lang}/practice/", f"{lang}/position/", f"{lang}/score/"} <= set(first)
        assert f"{lang}/p/overtake-king/" not in first
    assert "404.html" in first and "./" in first
    assert not [f for f in first if f.startswith("assets/pyodide/")]
    css = [f for f in every if re.fullmatch(r"assets/site\.[0-9a-f]+\.css", f)]
    app = [f for f in every if re.fullmatch(r"assets/(app|lesson-player|not-found)\.[0-9a-f]+\.js", f)]
    assert css and set(css) <= set(first) and len(app) == 3 and set(app) <= set(first)
    sw = (out / "sw.js").read_text("utf-8")
    assert json.loads(re.search(r"const FIRST = (\[.*?\]);", sw).group(1)) == first
    assert re.search(r"const ENGINE_BYTES = \d+;", sw)
