"""Each rule set's page opens with its whole game told in plain words (issue 36, item 4): a text
per preset and language in presets/, of about 600 words, that names its source, with the settings
table below it on the built page."""

from __future__ import annotations

import re

import pytest
from testrun import ROOT

from engine.core.rules import PRESET_INFO, PRESETS
from sitebuild import BuildError, rulespages
from sitebuild.pages import markdown

LANGS = ("fi", "en")
# Finnish runs about a fifth shorter in words than the same text in English
WORDS = {"en": (450, 750), "fi": (350, 650)}
# how each text names its source (lessons/STYLE.md "The sources, named in words"), in its case forms
SOURCE_NAMED = {
    "en": {
        "S0": r"the three-player guide",
        "S1": r"the Wikibooks page",
        "S2": r"the FAQ",
        "S3": r"the Ukrainian description",
    },
    "fi": {
        "S0": r"kolminpelin opa(s|an|sta)",
        "S1": r"Wikikirjaston ohje",
        "S2": r"UKK",
        "S3": r"ukrainankieli(nen|sen) kuvau(s|ksen)",
    },
}


def text(name: str, lang: str) -> str:
    return (ROOT / "presets" / f"{name}.{lang}.md").read_text(encoding="utf-8")


def words(markdown_text: str) -> int:
    return len(re.findall(r"[\w−-]+", markdown_text.replace("#", "")))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_rule_set_is_told_in_words_of_its_source(name, lang):
    body = text(name, lang)
    low, high = WORDS[lang]
    assert low <= words(body) <= high, f"presets/{name}.{lang}.md has {words(body)} words, not {low}-{high}"
    source = PRESET_INFO[name][1]
    named = re.search(SOURCE_NAMED[lang][source], body, re.IGNORECASE)
    assert named, f"presets/{name}.{lang}.md does not name its source {source}"


def test_no_other_texts_lie_in_the_folder():
    expected = {f"{name}.{lang}.md" for name in PRESETS for lang in LANGS}
    assert {p.name for p in (ROOT / "presets").iterdir()} == expected


def test_the_text_is_markdown_and_raw_html_stays_text(tmp_path, monkeypatch):
    (tmp_path / "three-player.en.md").write_text("Hello <script>alert(1)</script>\n\n## Cards\n\nText.\n")
    monkeypatch.setattr(rulespages, "PRESET_TEXTS", tmp_path)
    html = str(rulespages.told("three-player", "en", markdown()))
    assert "<script>" not in html and "&lt;script&gt;" in html and "<h2>Cards</h2>" in html


def test_a_missing_or_malformed_text_fails_the_build_naming_the_file(tmp_path, monkeypatch):
    monkeypatch.setattr(rulespages, "PRESET_TEXTS", tmp_path)
    with pytest.raises(BuildError, match=r"german\.fi\.md: missing"):
        rulespages.told("german", "fi", markdown())
    (tmp_path / "german.fi.md").write_text("Text.\n\n# A title\n")
    with pytest.raises(BuildError, match=r"german\.fi\.md:3: a heading of the first level"):
        rulespages.told("german", "fi", markdown())


def test_the_built_page_tells_the_game_before_the_settings(built_site):
    for lang in LANGS:
        page = (built_site / lang / "rules" / "ukrainian" / "index.html").read_text(encoding="utf-8")
        told = page.index('<div class="told">')
        assert told < page.index('id="settings"') < page.index('class="rules-table"')
        first_heading = re.search(r"^## (.+)$", text("ukrainian", lang), re.MULTILINE).group(1)
        assert f"<h2>{first_heading}</h2>" in page[told:]
