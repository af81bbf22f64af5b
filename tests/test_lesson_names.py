"""No lesson names a page or a control that does not exist (issue 36).

Two checks over every lesson text of both languages, against the site the build writes:

- every link of a lesson page (its Markdown links, a puzzle's links included) leads to a page
  of the built site, and a ``#fragment`` to an element of that page;
- a sentence (or a main clause of it) that names a page (by a link or by its name: "the rules pages", *sääntösivut*)
  and says that something can be switched, chosen or set there names a page that has controls,
  and names them by a label they carry: the page's ``<label>`` and ``<summary>`` texts and the
  house-rule controls' labels from the catalog (``house-rules-data``, drawn by house-rules.js).
  The rules pages have no controls, so "the rules pages can switch each one on" fails.
"""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path
from urllib.parse import urljoin, urlparse

import pytest

from sitebuild.lessons import LANGS

ROOT = Path(__file__).resolve().parent.parent

# a page named in words -> its folder under /LANG/ (every page below it counts)
PAGE_NAMES = {
    "en": [
        (r"\brules? pages?\b", "rules/"),
        (r"\bplay page\b", "play/"),
        (r"\bpractice page\b", "practice/"),
        (r"\bposition editor\b", "position/"),
        (r"\bscore (?:sheet|page)\b", "score/"),
    ],
    "fi": [
        (r"\bsääntösivu\w*", "rules/"),
        (r"\bpelisivu\w*", "play/"),
        (r"\bharjoitussivu\w*|\bharjoittelusivu\w*", "practice/"),
        (r"\basemaeditori\w*|\basemaeditor\w*", "position/"),
        (r"\bpistelista\w*|\bpistesivu\w*", "score/"),
    ],
}
# words that say a page lets its reader change something
CONTROL_WORDS = {
    "en": re.compile(
        r"\b(?:switch(?:es|ed)?|turns? (?:on|off)|choose|chooses|select|selects|tick|set up|"
        r"lets? (?:a group|you|players?) (?:decide|choose|pick|switch|set))\b",
        re.I,
    ),
    "fi": re.compile(r"(?:käyttöön|valita|valitaan|valitse|valinta|kytke|asettaa|asetetaan)", re.I),
}
LINK = re.compile(r"\[([^\]]*)\]\(([^)\s]+)\)")
# sentences and their main clauses: a claim about one page is checked apart from one about another
CLAUSE_END = re.compile(r"(?<=[.!?:;])\s+|,\s+(?=(?:and|but|ja|mutta|eikä)\s)")
HREF = re.compile(r'<a [^>]*href="([^"]+)"')
TAG = re.compile(r"<[^>]+>")


def page_file(site: Path, path: str) -> Path:
    target = site / path.lstrip("/")
    return target / "index.html" if path.endswith("/") else target


def lesson_folders(lessons_dir: Path) -> list[tuple[Path, str]]:
    """Each lesson's folder and slug (``NN-slug``)."""
    return [(d, d.name.split("-", 1)[1]) for d in sorted(lessons_dir.iterdir()) if (d / "lesson.toml").exists()]


def lesson_sentences(lessons_dir: Path):
    """(lang, slug, file:line, clause) for every sentence or main clause of every lesson text,
    puzzle fields included."""
    for folder, slug in lesson_folders(lessons_dir):
        for lang in LANGS:
            path = folder / f"{lang}.md"
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                for sentence in CLAUSE_END.split(line):
                    if sentence.strip():
                        yield lang, slug, f"{path.relative_to(lessons_dir.parent)}:{number}", sentence


def controls(site: Path, page: Path) -> set[str]:
    """The labels of a page's controls: <label> and <summary> texts, and the house-rule labels the
    page's script draws from its data."""
    html = page.read_text(encoding="utf-8")
    labels = {
        unescape(TAG.sub("", m)).strip().lower()
        for m in re.findall(r"<(?:label|summary)\b[^>]*>(.*?)</(?:label|summary)>", html, re.S)
    }
    data = re.search(r'<script type="application/json" id="house-rules-data">(.*?)</script>', html, re.S)
    if data:
        labels |= {o["label"].lower() for o in json.loads(data.group(1))["options"]}
    return {label for label in labels if label}


def named_pages(site: Path, lang: str, slug: str, sentence: str) -> list[Path]:
    """The built pages a sentence names: by a link (glossary links aside) or by a page's name."""
    base = f"/{lang}/lessons/{slug}/"
    pages = []
    for _, href in LINK.findall(sentence):
        if href.startswith(("glossary:", "http:", "https:", "mailto:", "#")):
            continue
        path = urlparse(urljoin(base, href)).path
        if not path.startswith(f"/{lang}/lessons/"):
            pages.append(page_file(site, path))
    words = LINK.sub(lambda m: m.group(1), sentence)
    for pattern, folder in PAGE_NAMES[lang]:
        if re.search(pattern, words, re.I):
            pages.extend(sorted((site / lang / folder).rglob("index.html")) or [site / lang / folder / "index.html"])
    return pages


def control_claims(lessons_dir: Path, site: Path) -> list[str]:
    """Sentences that say a page can change something the page has no control for."""
    problems = []
    for lang, slug, where, sentence in lesson_sentences(lessons_dir):
        if not CONTROL_WORDS[lang].search(LINK.sub(lambda m: m.group(1), sentence)):
            continue
        for page in named_pages(site, lang, slug, sentence):
            labels = controls(site, page) if page.exists() else set()
            text = LINK.sub(lambda m: m.group(1), sentence).lower()
            if not any(label in text for label in labels):
                shown = page.relative_to(site).parent.as_posix() if page.exists() else "a missing page"
                named = ", ".join(sorted(labels)) or "none"
                problems.append(f"{where}: {sentence.strip()!r} says {shown} can change a rule; its controls: {named}")
                break
    return problems


def broken_links(lessons_dir: Path, site: Path) -> list[str]:
    """Links of the built lesson pages that lead nowhere in the site."""
    problems = []
    for folder, slug in lesson_folders(lessons_dir):
        for lang in LANGS:
            base = f"/{lang}/lessons/{slug}/"
            html = page_file(site, base).read_text(encoding="utf-8")
            main = html.split("<main", 1)[1].split("</main>", 1)[0]
            for href in sorted(set(HREF.findall(main))):
                href = unescape(href)
                if href.startswith(("http:", "https:", "mailto:")):
                    continue
                url = urlparse(urljoin(base, href))
                target = page_file(site, url.path)
                if not target.exists():
                    problems.append(f"lessons/{folder.name}/{lang}.md: the link {href!r} leads nowhere")
                elif url.fragment and f'id="{url.fragment}"' not in target.read_text(encoding="utf-8"):
                    problems.append(f"lessons/{folder.name}/{lang}.md: {href!r}: no #{url.fragment} there")
    return problems


@pytest.fixture(scope="module")
def site(built_site) -> Path:
    """The session's one build of the real site (read only)."""
    return built_site


def test_every_link_of_a_lesson_leads_to_a_page_of_the_site(site):
    assert broken_links(ROOT / "lessons", site) == []


def test_no_lesson_says_a_page_can_change_what_it_has_no_control_for(site):
    assert control_claims(ROOT / "lessons", site) == []


def test_the_check_finds_a_rules_page_named_as_a_switch_and_accepts_a_real_control(site, tmp_path):
    """The check itself: the sentence lessons 21-24 used to have fails; one naming the play
    page's house rules by their label passes; a link to a page that does not exist fails."""
    lessons = tmp_path / "lessons"
    lessons.mkdir()
    folder = lessons / "01-test"
    folder.mkdir()
    (folder / "lesson.toml").write_text("")
    texts = {
        "en": "The [rules pages](../../rules/wikibooks/) can switch each one on. "
        "The settings of the [Play page](../../play/) choose the house rules. See [nowhere](../../nowhere/).",
        "fi": "[Sääntösivuilla](../../rules/wikibooks/) jokaisen voi ottaa käyttöön. "
        "[Pelisivun](../../play/) asetuksista valitaan talon säännöt.",
    }
    for lang, body in texts.items():
        (folder / f"{lang}.md").write_text(f"---\ntitle: T\ndescription: D\n---\n{body}\n", encoding="utf-8")
    problems = control_claims(lessons, site)
    assert len(problems) == 2, problems
    assert all("rules/wikibooks" in p for p in problems), problems
    assert any("01-test/en.md:5" in p for p in problems) and any("01-test/fi.md:5" in p for p in problems)
    assert [s for _, _, _, s in lesson_sentences(lessons) if "nowhere" in s]
    assert named_pages(site, "en", "test", "See [nowhere](../../nowhere/).")[0].exists() is False
