"""The house-rule controls of the play page and the position editor are data made at build time
from the engine's options (``sitebuild.rulespages.house_rule_controls``): every house rule with a
label and an explanation in both languages, its kind, default and choices as the engine has them,
and for each preset only the rules that apply to it, each of which the engine accepts there, all
at once included. The page builds rules text from them exactly as ``docs/notation.md`` says."""

import itertools

import pytest

import build
from engine.core.rules import OPTION_DOCS, PRESETS, RuleSetError, changed_options, parse_rules
from engine.core.tally import SHEET_HOUSE_RULES, SHEET_OPTIONS
from engine.web import handle
from sitebuild import rulespages

HOUSE_RULES = [name for name, doc in OPTION_DOCS.items() if doc.house_rule]
OFFERED = [name for name, doc in OPTION_DOCS.items() if doc.offer]  # the sources' options and the house rules
CATALOGS = {lang: build.load_catalog(lang) for lang in ("fi", "en")}
DATA = {lang: rulespages.house_rule_controls(cat, lang) for lang, cat in CATALOGS.items()}


def rules_text(preset: str, options: dict) -> str:
    """The rules text as house-rules.js writes it: the preset, then name, name=off or name=value."""
    parts = [preset]
    for name, value in options.items():
        parts.append(name if value is True else f"{name}=off" if value is False else f"{name}={value}")
    return "+".join(parts)


def non_default(option: dict):
    if option["kind"] == "bool":
        return not option["default"]
    if option["kind"] == "choice":
        return next(c["value"] for c in option["choices"] if c["value"] != option["default"])
    return option["default"] + 5


def test_there_are_house_rules_and_the_data_lists_each_once_in_the_engines_order():
    assert len(HOUSE_RULES) >= 15
    for data in DATA.values():
        assert [o["name"] for o in data["options"]] == OFFERED
        assert [o["name"] for o in data["options"] if o["source"] == "house"] == HOUSE_RULES
        assert set(data["presets"]) == set(PRESETS)


@pytest.mark.parametrize("lang", ["fi", "en"])
def test_every_house_rule_has_a_label_and_an_explanation_and_words_for_each_choice(lang):
    catalog = CATALOGS[lang]
    prefix = catalog["ui"]["house_rule_label"]
    for option in DATA[lang]["options"]:
        name = option["name"]
        assert option["label"] == catalog["option_labels"][name] and option["label"].strip()
        assert option["text"] and not option["text"].startswith(prefix), (name, option["text"])
        if option["source"] == "house":
            assert catalog["options"][name].startswith(prefix + ":"), name  # the rules pages list it as one
        assert option["text"].endswith("."), (name, option["text"])  # a whole sentence, as on the rules pages
        doc = OPTION_DOCS[name]
        assert (option["kind"], option["default"]) == (doc.kind, doc.default)
        assert [c["value"] for c in option["choices"]] == list(doc.choices)
        for choice in option["choices"]:
            assert choice["text"] and choice["text"] != choice["value"], (name, choice)
    # the labels read differently in the two languages (no English left in the Finnish catalog)
    if lang == "fi":
        english = {o["name"]: o["label"] for o in DATA["en"]["options"]}
        same = [o["name"] for o in DATA["fi"]["options"] if o["label"] == english[o["name"]]]
        assert same == ["porvoo"], same  # Porvoo, a town's name, is the rule's name in both languages


def test_a_missing_label_fails_the_build_naming_the_catalog_and_the_rule():
    catalog = {**CATALOGS["fi"], "option_labels": dict(CATALOGS["fi"]["option_labels"])}
    del catalog["option_labels"]["dealer_opens"]
    with pytest.raises(build.BuildError, match=r"fi\.json.*dealer_opens"):
        rulespages.house_rule_controls(catalog, "fi")


def test_only_the_rules_that_apply_are_offered():
    offered = DATA["fi"]["presets"]
    partner_rules = {"half_question_with_pair", "half_question_bluff", "full_question_lockout", "half_question_once"}
    widow_rules = {"six_card_widow", "secret_widow", "discard_needs_trick", "no_discard_aces_tens"}
    for preset, rules in PRESETS.items():
        names = set(offered[preset])
        if not rules.partnership:
            assert not names & partner_rules, preset
        else:
            assert not names & widow_rules, preset
        assert ("last_seat_must_open" in names) == (not rules.forced_opening), preset
        assert ("contract_uses_rounded" in names) == rules.rounding, preset
        assert ("overtake_against_winner" in names) == rules.must_overtake, preset
    assert "six_card_widow" not in offered["wikibooks-4p"]  # four players and a widow of six: refused
    assert "full_question_lockout" not in offered["wikibooks-pairs"]  # only the half question there
    assert "half_question_once" not in offered["faq-pairs"]  # its lock-out already ends the questions
    assert {"dealer_opens", "max_bid_ends_auction", "bidder_porvoo", "bidder_wins_ties"} <= set(offered["faq-pairs"])


@pytest.mark.parametrize("preset", PRESETS)
def test_the_engine_accepts_every_offered_rule_alone_and_all_at_once(preset):
    options = {o["name"]: o for o in DATA["fi"]["options"] if o["source"] == "house"}
    names = [n for n in DATA["fi"]["presets"][preset] if n in options]
    needs = DATA["fi"]["needs"][preset]  # a rule that needs other options: the control sets them too
    for name in names:
        value = non_default(options[name])
        rules = parse_rules(rules_text(preset, {**needs.get(name, {}), name: value}))
        assert changed_options(rules) == {**needs.get(name, {}), name: value}
    # every control away from its default at once, with each choice of each choice option
    choices = [[c["value"] for c in options[n]["choices"]] for n in names if options[n]["kind"] == "choice"]
    for picked in itertools.product(*choices):
        chosen = {n: non_default(options[n]) for n in names if options[n]["kind"] != "choice"}
        chosen.update(zip([n for n in names if options[n]["kind"] == "choice"], picked))
        chosen = {n: v for n, v in chosen.items() if v != options[n]["default"]}
        for name in list(chosen):
            chosen.update(needs.get(name, {}))
        rules = parse_rules(rules_text(preset, chosen))
        assert changed_options(rules) == chosen


def test_a_rule_offered_with_the_options_it_needs_is_refused_alone_and_accepted_with_them():
    """min_bid_off_step (with an opening minimum off the step) and no_contract_widow_shown (with no
    forced opening and a deal without a contract when all pass): no preset takes them as it is."""
    for data in DATA.values():
        options = {o["name"]: o for o in data["options"]}
        for preset, needs in data["needs"].items():
            for name, extra in needs.items():
                assert name in data["presets"][preset] and rulespages.companion_rule(name) is not None
                with pytest.raises(RuleSetError):
                    PRESETS[preset].replace(**{name: True})
                assert getattr(PRESETS[preset].replace(**extra, **{name: True}), name) is True
                edit = options[name].get("edit")
                assert (edit is not None) == (rulespages.companion_rule(name).edit is not None)
                assert (options[name]["also"] == "") == all(k == (edit or {}).get("name") for k in extra)
        assert set(data["needs"]["three-player"]) == {
            "min_bid_off_step",
            "no_contract_widow_shown",
            "late_redeal_at_raise",  # with redeal_four_sixes_late
        }
        assert data["needs"]["three-player"]["late_redeal_at_raise"] == {"redeal_four_sixes_late": True}
        assert data["needs"]["faq-pairs"]["late_redeal_by_pair"] == {"redeal_four_sixes_late": True}
        assert "late_redeal_by_pair" not in data["presets"]["three-player"]  # only the partnership game
        assert data["needs"]["three-player"]["min_bid_off_step"] == {"min_bid": 42}
        assert "no_contract_widow_shown" not in data["presets"]["faq-pairs"]  # a pairs game has no widow
        assert all("min_bid_off_step" in names for names in data["presets"].values())
        # the score sheet offers the options that change a sheet (the sources' and the house rules),
        # as the engine's tally names them
        assert {o["name"] for o in data["options"] if o["sheet"]} == SHEET_OPTIONS
        assert SHEET_HOUSE_RULES < SHEET_OPTIONS


def test_a_rule_that_is_not_offered_is_one_the_engine_refuses_or_that_changes_nothing_there():
    """Not offered: refused by the engine, or needing a rule the preset does not have."""
    for preset, rules in PRESETS.items():
        for name in set(HOUSE_RULES) - set(DATA["fi"]["presets"][preset]):
            value = non_default(next(o for o in DATA["fi"]["options"] if o["name"] == name))
            try:
                rules.replace(**{name: value})
            except RuleSetError:
                continue
            where = rulespages.requires(name)
            assert where is not None and not where(rules), (preset, name)


def test_the_engine_reads_a_rules_text_back_as_its_preset_and_options():
    import json

    answer = json.loads(handle(json.dumps({"op": "rules", "rules": "faq+max_bid_ends_auction+bidder_porvoo=side_bid"})))
    assert answer["ok"] and answer["preset"] == "faq"
    assert answer["options"] == {"max_bid_ends_auction": True, "bidder_porvoo": "side_bid"}
    assert answer["rules"] == "faq+max_bid_ends_auction+bidder_porvoo=side_bid"
    position = "rules:three-player+must_overtrump+strong_drive/hands:A..A.,KQ...,..J./lead:2/trick:DK"
    fields = json.loads(handle(json.dumps({"op": "fields", "position": position})))
    assert fields["preset"] == "three-player"
    assert fields["options"] == {"strong_drive": True, "must_overtrump": True}  # in the engine's order


# -- the sources' options at the table ------------------------------------------------------------
SOURCE_OPTIONS = [name for name in OFFERED if not OPTION_DOCS[name].house_rule]


def test_the_sources_options_are_offered_grouped_by_source_with_the_house_rules_last():
    wanted = {
        "strong_drive": "S1",
        "first_lead": "S1",
        "rounding": "S1",
        "opening_is_minimum": "S1",
        "partners_cannot_overbid": "S2",
        "porvoo": "S2",
        "porvoo_replaces_contract": "S2",
        "half_question_lockout": "S2",
        "last_trick_bonus": "S3",
        "trump_bonus": "S3",
        "ten_below_jack": "S3",
        "raise_between_exchange": "S3",
        "card_points": "S3",
        "tie_rule": "S3",
    }
    for lang, data in DATA.items():
        options = {o["name"]: o for o in data["options"]}
        assert {n: options[n]["source"] for n in wanted} == wanted
        assert [g["code"] for g in data["groups"]] == ["S1", "S2", "S3", "house"]
        sources = CATALOGS[lang]["sources"]
        assert [g["title"] for g in data["groups"][:3]] == [
            sources[c]["name"][:1].upper() + sources[c]["name"][1:] for c in ("S1", "S2", "S3")
        ]
        assert data["groups"][3]["title"] == CATALOGS[lang]["ui"]["house_rules"]
        # each with its reading where it declares one, in the page's language
        for name in SOURCE_OPTIONS:
            assert bool(options[name]["reading"]) == bool(OPTION_DOCS[name].reading), name
            assert options[name]["text"] == CATALOGS[lang]["options"][name]
    readings = [n for n in SOURCE_OPTIONS if OPTION_DOCS[n].reading]
    assert len(readings) >= 5
    same = [
        n
        for n in readings
        if DATA["fi"]["options"][OFFERED.index(n)]["reading"] == DATA["en"]["options"][OFFERED.index(n)]["reading"]
    ]
    assert same == []


def test_each_preset_starts_the_controls_at_its_own_values():
    for preset, rules in PRESETS.items():
        values = DATA["en"]["values"][preset]
        for name in OFFERED:
            if getattr(rules, name) != OPTION_DOCS[name].default:
                assert values[name] == getattr(rules, name), (preset, name)
            else:
                assert name not in values, (preset, name)
    assert DATA["en"]["values"]["faq"]["first_lead"] == "ace_then_spade"
    assert DATA["en"]["values"]["ukrainian"]["must_overtake"] is False


def source_values(name: str) -> list:
    """The values a table may give a source's option: on and off, every choice, and for a number
    every value some preset plays."""
    doc = OPTION_DOCS[name]
    if doc.kind == "bool":
        return [True, False]
    if doc.kind == "choice":
        return list(doc.choices)
    return sorted({getattr(rules, name) for rules in PRESETS.values()})


@pytest.mark.parametrize("preset", PRESETS)
def test_the_engine_accepts_every_offered_source_option_at_each_value_and_reads_it_back(preset):
    offered = [n for n in DATA["en"]["presets"][preset] if n in SOURCE_OPTIONS]
    for name in offered:
        for value in source_values(name):
            if value == getattr(PRESETS[preset], name):
                continue
            rules = parse_rules(rules_text(preset, {name: value}))
            assert changed_options(rules) == {name: value}, (preset, name, value)
    if PRESETS[preset].partnership:
        assert "partners_cannot_overbid" in offered and "strong_drive" in offered
    else:
        assert "partners_cannot_overbid" not in offered and "partner_questions" not in offered


def test_a_source_option_that_is_not_offered_means_nothing_there():
    for preset, rules in PRESETS.items():
        for name in set(SOURCE_OPTIONS) - set(DATA["en"]["presets"][preset]):
            where = rulespages.requires(name)
            assert where is not None and not where(rules), (preset, name)
