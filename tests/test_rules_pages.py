"""The rules pages say everything in words of the page's language: sources by name, values in
words, only the rules that apply to a rule set, house rules apart, and how close rule sets differ."""

import html
import json
import re
from pathlib import Path

import pytest

import build
from engine.core.rules import OPTION_DOCS, PRESETS
from sitebuild import rulespages

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def site(built_site):
    return built_site


def text_of(path: Path) -> str:
    page = path.read_text(encoding="utf-8")
    main = page.split('<main id="main">')[1].split("</main>")[0]
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", main)))


def catalog(lang):
    return json.loads((ROOT / "site" / "messages" / f"{lang}.json").read_text(encoding="utf-8"))


def rules_pages(site, lang):
    return [site / lang / "rules" / "index.html"] + [site / lang / "rules" / n / "index.html" for n in PRESETS]


RAW = ("ace_then_spade", "extra_deal", "= no limit", "= ei rajaa", "as written", "standard", "reversed", "True")


@pytest.mark.parametrize("lang", ["fi", "en"])
def test_sources_and_values_are_words_not_codes(site, lang):
    for path in rules_pages(site, lang):
        text = text_of(path)
        assert not re.search(r"\bS[0-3]\b", text), path
        for raw in RAW:
            assert raw not in text, (path, raw)
    three = text_of(site / lang / "rules" / "three-player" / "index.html")
    assert catalog(lang)["sources"]["S0"]["name"] in three


def test_finnish_pages_have_no_english(site):
    en = catalog("en")
    english = list(en["option_values"]["card_points"].values()) + [s["name"] for s in en["sources"].values()]
    english += list(en["options"].values()) + list(en["preset_notes"].values())
    for path in rules_pages(site, "fi"):
        text = text_of(path)
        assert not re.search(r"\b(yes|no|none|any card|House rule)\b", text), path
        for phrase in english:
            assert phrase not in text, (path, phrase)


def test_only_what_applies_is_listed(site):
    en = catalog("en")
    three = text_of(site / "en" / "rules" / "three-player" / "index.html")
    table = three.partition(en["ui"]["house_rules_intro"])[0]
    for name in ("exchange_size", "partner_questions", "half_question_lockout", "contract_uses_rounded"):
        assert en["options"][name] not in table, name
    german = text_of(site / "en" / "rules" / "german" / "index.html")
    for name in ("exchange_size", "all_pass_no_contract", "contract_uses_rounded"):
        if not rulespages.is_house_rule(name):  # a house rule is listed apart, whatever the game
            assert en["options"][name] in german, name
    assert not rulespages.applies("all_pass_no_contract", PRESETS["ukrainian"])  # the opening is forced
    for preset in ("wikibooks-pairs", "faq-pairs", "ukrainian", "german"):  # a rule in force always applies
        assert rulespages.applies("partnership", PRESETS[preset]), preset
    assert not rulespages.applies("partnership", PRESETS["three-player"])  # three cannot play in pairs


def test_house_rules_have_their_own_section(site):
    en = catalog("en")
    house = [n for n in OPTION_DOCS if n != "name" and rulespages.is_house_rule(n)]
    assert len(house) >= 4
    for path in rules_pages(site, "en"):
        text = text_of(path)
        table, _, section = text.partition(en["ui"]["house_rules_intro"])
        assert section, path
        for name in house:
            rule = en["options"][name].removeprefix("House rule: ")
            assert rule[:1].upper() + rule[1:] in section, (path, name)
            assert en["options"][name] not in table, (path, name)


def test_every_option_appears_on_the_comparison(site):
    """The pages are made from the options: an option no page shows would be a hard-coded list."""
    for lang in ("fi", "en"):
        cat = catalog(lang)
        text = text_of(site / lang / "rules" / "index.html")
        for name in OPTION_DOCS:
            if name == "name":
                continue
            words = cat["options"][name].removeprefix(cat["ui"]["house_rule_label"] + ": ")
            assert words[:1].upper() + words[1:] in text or words in text, (lang, name)


def test_presets_with_the_same_table_say_how_they_differ(site):
    for lang in ("fi", "en"):
        cat = catalog(lang)
        for name in PRESETS:
            page = text_of(site / lang / "rules" / name / "index.html")
            assert cat["preset_notes"][name] in page, (lang, name)
            twins = [c for c in rulespages.close_presets(name, cat, lang) if not c["rows"]]
            assert (cat["ui"]["same_table"] in page) == bool(twins), (lang, name)
    faq = text_of(site / "en" / "rules" / "faq" / "index.html")
    assert "Rule sets close to this one" in faq and "an ace if the leader holds one" in faq


def test_a_value_without_words_fails_the_build():
    cat = {"option_values": {}, "ui": {"yes": "yes", "no": "no"}}
    with pytest.raises(build.BuildError, match="option_values.first_lead has no words for the value 'ace_then_spade'"):
        rulespages.value_words("first_lead", "ace_then_spade", cat, "en")
    assert rulespages.value_words("bidding_floor", -500, cat, "en") == "\u2212500"


@pytest.mark.parametrize("lang", ["fi", "en"])
def test_each_rule_set_page_opens_the_play_page_with_its_rules(site, lang):
    """Issue 35: a rules page links to "play with these rules", which opens the play page with
    that rule set (its #rules= link, read by the engine); the play page offers every such set."""
    play = (site / lang / "play" / "index.html").read_text(encoding="utf-8")
    offered = set(re.findall(r'<option value="([^"]+)" data-where=', play))
    label = catalog(lang)["ui"]["play_with_rules"]
    for name in PRESETS:
        page = (site / lang / "rules" / name / "index.html").read_text(encoding="utf-8")
        assert f'href="../../play/#rules={name}">{html.escape(label)}</a>' in page, name
        assert name in offered, f"the play page does not offer {name}"


@pytest.mark.parametrize("lang", ["fi", "en"])
def test_a_preset_page_says_which_of_its_options_a_table_may_change(lang):
    """The sources' options the controls offer for a preset (house rules aside), each with the
    preset's own value in words: the page's list and the controls' data come from the same place."""
    cat = build.load_catalog(lang)
    controls = rulespages.house_rule_controls(cat, lang)
    for preset, rules in PRESETS.items():
        listed = rulespages.preset_page(preset, cat, lang)["may_change"]
        offered = [n for n in controls["presets"][preset] if not OPTION_DOCS[n].house_rule]
        assert [m["name"] for m in listed] == offered, preset
        for m in listed:
            assert m["label"] == cat["option_labels"][m["name"]]
            assert m["value"] == rulespages.value_words(m["name"], getattr(rules, m["name"]), cat, lang)
    three = {m["name"] for m in rulespages.preset_page("three-player", cat, lang)["may_change"]}
    assert {"strong_drive", "first_lead", "rounding", "porvoo", "tie_rule"} <= three
    assert not three & {"partners_cannot_overbid", "partner_questions", "players", "min_bid"}
    pairs = {m["name"] for m in rulespages.preset_page("faq-pairs", cat, lang)["may_change"]}
    assert {"partners_cannot_overbid", "half_question_lockout", "exchange_size"} <= pairs


@pytest.mark.parametrize("lang", ["fi", "en"])
def test_a_preset_page_shows_the_may_change_list_and_keeps_its_play_link(site, lang):
    cat = build.load_catalog(lang)
    for preset in PRESETS:
        page = (site / lang / "rules" / preset / "index.html").read_text(encoding="utf-8")
        assert f'href="../../play/#rules={preset}"' in page and cat["ui"]["play_with_rules"] in page
        items = re.findall(r'<li data-option="([a-z_]+)">', page)
        assert items == [m["name"] for m in rulespages.preset_page(preset, cat, lang)["may_change"]], preset
        assert html.escape(cat["ui"]["may_change"], quote=False) in page
