"""Rule options and presets: house rules are marked as such and off in every preset; the readings
settled from the sources' words."""

import json
from pathlib import Path

import pytest

from engine.rules import OPTION_DOCS, PRESETS, RuleSet

ROOT = Path(__file__).resolve().parent.parent
CATALOGS = {lang: json.loads((ROOT / "site" / "messages" / f"{lang}.json").read_text()) for lang in ("fi", "en")}
HOUSE_RULES = sorted(name for name, option in OPTION_DOCS.items() if option.house_rule)
HOUSE_PREFIX = {"en": "House rule", "fi": "Talon sääntö"}


def test_every_option_has_a_doc_and_a_source():
    for name, option in OPTION_DOCS.items():
        assert option.doc and option.source, name


@pytest.mark.parametrize("name", HOUSE_RULES)
def test_a_house_rule_is_marked_and_off_in_every_preset(name):
    option = OPTION_DOCS[name]
    default = getattr(RuleSet(), name)
    assert option.source.startswith("house rule"), option.source
    assert default in (False, "off"), f"a house rule is off by default, not {default!r}"
    for preset_name, rules in PRESETS.items():
        assert getattr(rules, name) == default, f"{preset_name} sets the house rule {name}"
    for lang, catalog in CATALOGS.items():
        assert catalog["options"][name].startswith(HOUSE_PREFIX[lang]), (lang, name)


def test_no_source_rule_is_called_a_house_rule():
    for name, option in OPTION_DOCS.items():
        if not option.house_rule:
            assert not option.source.startswith("house rule"), name
            for lang, catalog in CATALOGS.items():
                if name in catalog["options"]:
                    assert not catalog["options"][name].startswith(HOUSE_PREFIX[lang]), (lang, name)
