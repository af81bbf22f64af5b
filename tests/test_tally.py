"""The score sheet (engine/core/tally.py): deals as a real table records them, scored by the engine.

* A tally built from played deals (their piles, declarations, last trick and who took no trick)
  scores every deal exactly as ``score_deal`` scores the played deal, and the match totals, the
  dealer and the end of the game are those of ``Match``: for every preset, each house rule that
  applies to it, and all of them at once.
* Worked sheets: a raise, Porvoo, a failed contract, the discard, rounding, ties under each tie
  rule, a redeal, the German all-pass, the -500 floor; edits recompute.
* Every validation code is raised by some sheet, through the web op, and both catalogs word it
  with the parameters it has.
"""

import ast
import json
import random
import re
from pathlib import Path

import pytest

from engine import format_record
from engine.core.deal import Deal
from engine.core.match import Match
from engine.core.rules import OPTION_DOCS, OPTION_RANGES, PRESETS, format_rules, parse_rules
from engine.core.tally import (
    FORMAT,
    MAX_DEALS,
    MAX_SHEET_CHARS,
    SHEET_HOUSE_RULES,
    SHEET_OPTIONS,
    TallyError,
    entry_form,
    migrate,
    read_sheet,
    tally,
)
from engine.players import play_out
from engine.web import handle
from sitebuild.catalogs import fmt
from sitebuild.rulespages import applies, companions

ROOT = Path(__file__).resolve().parent.parent
CATALOGS = {lang: json.loads((ROOT / "site" / "messages" / f"{lang}.json").read_text("utf-8")) for lang in ("fi", "en")}
HOUSE_RULES = [name for name, doc in OPTION_DOCS.items() if doc.house_rule]
OFFERED = [name for name, doc in OPTION_DOCS.items() if doc.offer]  # the sources' options and the house rules


def decl_list(seat, suits):
    return [{"suit": suit, "seat": seat} for suit in suits]


def sheet(rules="faq", deals=(), players=None, **extra):
    n = parse_rules(rules).players
    return {
        "format": FORMAT,
        "version": 1,
        "rules": rules,
        "players": players or ["Aino", "Eero", "Kaisa", "Olli"][:n],
        "first_dealer": 0,
        "deals": list(deals),
        **extra,
    }


def entry_from(deal: Deal) -> dict:
    """What the table records of a played deal: the piles counted, the declarations, the last
    trick, who took no trick."""
    rules = deal.rules
    if deal.redealt:
        return {"redeal": True}
    entry = {}
    if deal.bidder is None:
        entry["all_pass"] = True
    else:
        entry.update(bidder=deal.bidder, bid=deal.bid, contract=deal.contract)
    entry["points"] = [
        sum(deal.points[s] for s in range(rules.players) if rules.side_of(s) == side) for side in range(rules.sides)
    ]
    if rules.last_trick_bonus:
        entry["last_trick"] = deal.last_trick_winner
    decls = []
    for d in deal.declarations:
        # the table writes down who declared or asked: for a full pair, the asker
        seat = rules.partner_of(d.seat) if d.how == "full" else d.seat
        decls.append({"suit": str(d.suit), "seat": seat, "how": d.how})
    if decls:
        entry["declarations"] = decls
    no_tricks = [s for s in range(rules.players) if deal.tricks[s] == 0]
    if no_tricks:
        entry["no_tricks"] = no_tricks
    return entry


def played_match(rules, seed: int, max_deals: int = 60):
    """A match of random legal deals (stopped after ``max_deals`` if nobody reached the target)."""
    match = Match(rules, seed, first_dealer=seed % rules.players)
    rng = random.Random(seed)
    while not match.is_over and len(match.deals) < max_deals:
        play_out(match.deal, rng)
        match.finish_deal()
    return match


SCORED_FIELDS = (
    "side",
    "seats",
    "role",
    "card_points",
    "last_trick",
    "total",
    "rounded",
    "compared",
    "contract_made",
    "porvoo",
    "deal_score",
    "result",
    "result_params",
    "discard_not_counted",
    "explanation",
)


def assert_tally_matches(match: Match) -> dict:
    rules = match.rules
    data = sheet(format_rules(rules), [entry_from(d) for d in match.deals])
    data["first_dealer"] = match.deals[0].dealer if match.deals else 0
    out = tally(data)
    assert len(out["deals"]) == len(match.deals)
    totals = [0] * rules.sides
    for played, scored in zip(match.deals, out["deals"]):
        assert scored["dealer"] == played.dealer
        if played.redealt:
            assert scored["kind"] == "redeal"
        else:
            expected = played.score()
            assert scored["deal_scores"] == expected.deal_scores()
            for side, want in zip(scored["score"]["sides"], expected.sides):
                for name in SCORED_FIELDS:
                    assert side[name] == getattr(want, name), (name, format_record(played))
                assert [(d["suit"], d["bonus"]) for d in side["declarations"]] == [
                    (d["suit"], d["bonus"]) for d in want.declarations
                ]
                assert side["took_tricks"] == (want.tricks > 0)
            totals = [t + s for t, s in zip(totals, expected.deal_scores())]
        assert scored["totals"] == totals
    assert out["totals"] == match.totals
    assert out["finished"] == match.result.finished
    assert out["winners"] == match.result.winners
    assert out["extra_deal"] == match.result.extra_deal
    if not match.is_over:
        assert out["next_dealer"] == match.dealer
    return out


@pytest.mark.parametrize("name", list(PRESETS))
def test_a_tally_of_played_matches_scores_like_the_engine(name):
    for seed in range(3):
        assert_tally_matches(played_match(PRESETS[name], seed))


def non_default(name: str):
    doc = OPTION_DOCS[name]
    if doc.kind == "bool":
        return [not doc.default]
    if doc.kind == "choice":
        return [c for c in doc.choices if c != doc.default]
    return [doc.default + 5]


def house_variants():
    for name, rules in PRESETS.items():
        usable = [h for h in HOUSE_RULES if applies(h, rules)]
        for house in usable:
            for value in non_default(house):
                yield f"{name}+{house}={value}", rules.replace(**{house: value})
        # all at once (the first non-default value of each that fits with the others)
        combined = rules
        for house in usable:
            try:
                combined = combined.replace(**{house: non_default(house)[0]})
            except ValueError:
                pass
        yield f"{name}+all", combined
    # house rules that no preset takes as written: each with the options it needs
    three = PRESETS["three-player"]
    yield "three-player+min_bid_off_step=True", three.replace(min_bid=42, min_bid_off_step=True)
    yield (
        "three-player+no_contract_widow_shown=True",
        three.replace(all_pass_no_contract=True, forced_opening=False, no_contract_widow_shown=True),
    )
    for text in (
        "wikibooks-2p+dead_hand+sweep_counts_dead_hand",
        "german+floor_skips_and_reopens+reopen_from_start",
        "three-player+redeal_four_sixes_late+late_redeal_at_raise",
        "faq-pairs+redeal_four_sixes_late+late_redeal_at_raise+late_redeal_by_pair",
    ):
        yield text.split("+", 1)[0] + "+" + text.split("+")[-1] + "=True", parse_rules(text)


VARIANTS = list(house_variants())


@pytest.mark.parametrize("label, rules", VARIANTS, ids=[v[0] for v in VARIANTS])
def test_property_every_house_rule_the_tally_of_played_deals_gives_the_engines_scores_and_totals(label, rules):
    for seed in range(2):
        assert_tally_matches(played_match(rules, 100 + seed, max_deals=25))


def test_the_variants_cover_every_house_rule_and_preset():
    names = {label.split("+")[1].split("=")[0] for label, _ in VARIANTS}
    assert set(HOUSE_RULES) <= names
    assert {label.split("+")[0] for label, _ in VARIANTS} == set(PRESETS)


def test_porvoo_and_a_trickless_bidder_are_scored_like_the_engine():
    """Random play seldom leaves a side without tricks: look for such deals on purpose."""
    found = {"defender": 0, "bidder": 0}
    for name in ("faq", "faq-pairs", "wikibooks-4p"):
        for variant in ("", "+porvoo_replaces_contract", "+bidder_porvoo=seat_contract"):
            if variant and name == "wikibooks-4p":
                continue
            rules = parse_rules(name + variant)
            for seed in range(400):
                deal = play_out(Deal.new(rules, seed, seed % rules.players), random.Random(seed))
                if deal.redealt or 0 not in deal.tricks:
                    continue
                match = Match(rules, 0, deal.dealer)
                match.deals, match.deal = [], deal
                match.finish_deal()
                assert_tally_matches(match)
                bidder_trickless = deal.bidder is not None and deal.tricks[deal.bidder] == 0
                found["bidder" if bidder_trickless else "defender"] += 1
    assert found["defender"] >= 5 and found["bidder"] >= 1, found


# -- the options a sheet offers (the sources' and the house rules) ----------------------------------
def outcome(rules: str, deals) -> tuple:
    """What a sheet's tally comes to: refused (with the code and the bidding rule's reason), or the
    totals, winners, next first bidder, each deal's scores and the entry form."""
    try:
        out = tally(sheet(rules, deals))
    except TallyError as e:
        return ("refused", e.code, e.params.get("reason"))
    return (
        out["totals"],
        out["winners"],
        out["next_first_bidder"],
        [d.get("deal_scores") for d in out["deals"]],
        out["form"],
    )


G_LOSING = [{"bidder": 0, "bid": 300, "points": [0, 120], "last_trick": 1, "no_tricks": [0, 2]}] * 2  # -600
U_LOSING = [{"bidder": 0, "bid": 300, "points": [0, 140], "last_trick": 1, "no_tricks": [0, 2]}] * 2  # -600
NEAR = [{"bidder": 0, "bid": 100, "points": [110, 10, 0]}] * 4 + [{"bidder": 1, "bid": 100, "points": [10, 110, 0]}] * 4
LOSING = [{"bidder": 0, "bid": 300, "points": [0, 60, 60]}] * 2  # three players: -600
HALF_QUESTION = [{"suit": "H", "seat": 0, "how": "half"}]
# for each option the sheet offers (a source's or a house rule): a sheet it changes (rules with it,
# rules without it)
SHEET_EXAMPLES = {
    # the sources' options
    # the Ukrainian card values: the piles add up to 140
    "card_points": (
        "three-player+card_points=ukrainian",
        "three-player",
        [{"bidder": 0, "bid": 40, "points": [60, 40, 40]}],
    ),
    # 50 and the last trick's 10 make 55; without the bonus the last trick is no entry at all
    "last_trick_bonus": (
        "three-player+last_trick_bonus=10",
        "three-player",
        [{"bidder": 0, "bid": 55, "points": [50, 40, 30], "last_trick": 0}],
    ),
    # spades are worth 100 reversed, 40 by default
    "trump_bonus": (
        "three-player+trump_bonus=reversed",
        "three-player",
        [{"bidder": 0, "bid": 40, "points": [50, 40, 30], "declarations": decl_list(1, "S")}],
    ),
    "max_bid": ("three-player+max_bid=100", "three-player", [{"bidder": 0, "bid": 120, "points": [60, 30, 30]}]),
    # nobody has to open: a deal where all passed is redealt
    "forced_opening": ("three-player+forced_opening=off", "three-player", [{"redeal": True}]),
    "all_pass_no_contract": (
        "three-player+forced_opening=off+all_pass_no_contract",
        "three-player+forced_opening=off",
        [{"all_pass": True, "points": [40, 40, 40]}],
    ),
    "three_sixes_redeal": ("three-player+three_sixes_redeal", "three-player", [{"redeal": True}]),
    # seat 0 at -600 may not bid 60 under a floor of -500
    "bidding_floor": (
        "three-player+bidding_floor=-500",
        "three-player",
        LOSING + [{"bidder": 0, "bid": 60, "points": [60, 30, 30]}],
    ),
    "partner_questions": (
        "faq-pairs",
        "faq-pairs+partner_questions=off",
        [{"bidder": 0, "bid": 50, "points": [80, 40], "last_trick": 0, "declarations": HALF_QUESTION}],
    ),
    "full_pair_question": (
        "faq-pairs",
        "faq-pairs+full_pair_question=off",
        [
            {
                "bidder": 0,
                "bid": 50,
                "points": [80, 40],
                "last_trick": 0,
                "declarations": [{**HALF_QUESTION[0], "how": "full"}],
            }
        ],
    ),
    "rounding": ("three-player+rounding", "three-player", [{"bidder": 0, "bid": 40, "points": [52, 43, 25]}]),
    "porvoo": (
        "three-player+porvoo",
        "three-player",
        [{"bidder": 0, "bid": 50, "points": [70, 50, 0], "no_tricks": [2]}],
    ),
    # bid 60, raised to 80, no trick: -60 instead of -80
    "porvoo_replaces_contract": (
        "faq+porvoo_replaces_contract",
        "faq",
        [{"bidder": 0, "bid": 60, "contract": 80, "points": [0, 60, 60], "last_trick": 1, "no_tricks": [0]}],
    ),
    # hearts make 100 without a card point
    "bidder_needs_card_points": (
        "three-player+bidder_needs_card_points",
        "three-player",
        [{"bidder": 0, "bid": 100, "points": [0, 60, 60], "declarations": decl_list(0, "H")}],
    ),
    # seats 0 and 1 both at 500: an extra deal instead of a shared win
    "tie_rule": (
        "three-player+tie_rule=extra_deal",
        "three-player",
        NEAR + [{"bidder": 1, "bid": 60, "points": [60, 60, 0]}],
    ),
    # the house rules
    # the dead hand's points are nobody's: piles of 110 are a whole deal with it, a miscount without
    "dead_hand": ("wikibooks-2p+dead_hand", "wikibooks-2p", [{"bidder": 0, "bid": 50, "points": [60, 50]}]),
    # a trickless bidder's pile is the discard: 50 points fit in six cards, not in three
    "six_card_widow": (
        "three-player+six_card_widow",
        "three-player",
        [{"bidder": 0, "bid": 40, "points": [50, 40, 30], "no_tricks": [0]}],
    ),
    "min_bid_off_step": (
        "three-player+min_bid=42+min_bid_off_step",
        "three-player",
        [{"bidder": 0, "bid": 42, "points": [50, 40, 30]}],
    ),
    "dealer_opens": ("three-player+dealer_opens", "three-player", [{"bidder": 1, "bid": 40, "points": [30, 60, 30]}]),
    "last_seat_must_open": (
        "german+last_seat_must_open",
        "german",
        G_LOSING + [{"bidder": 0, "bid": 120, "points": [70, 50], "last_trick": 0}],
    ),
    "redeal_no_high_cards": ("three-player+redeal_no_high_cards", "three-player", [{"redeal": True}]),
    "redeal_four_sixes": ("three-player+redeal_four_sixes", "three-player", [{"redeal": True}]),
    "redeal_four_sixes_late": ("three-player+redeal_four_sixes_late", "three-player", [{"redeal": True}]),
    "floor_skips_and_reopens": (
        "ukrainian+floor_skips_and_reopens",
        "ukrainian",
        U_LOSING + [{"bidder": 2, "bid": 55, "points": [70, 70], "last_trick": 0}],
    ),
    # 30 points in three cards need tens
    "no_discard_aces_tens": (
        "three-player+no_discard_aces_tens",
        "three-player",
        [{"bidder": 0, "bid": 40, "points": [30, 50, 40], "no_tricks": [0]}],
    ),
    "contract_uses_rounded": (
        "german+contract_uses_rounded",
        "german",
        [{"bidder": 0, "bid": 120, "contract": 125, "points": [113, 7], "last_trick": 0}],
    ),
    "bidder_porvoo": (
        "faq+bidder_porvoo=seat_bid",
        "faq",
        [{"bidder": 1, "bid": 60, "points": [60, 0, 60], "last_trick": 0, "no_tricks": [1]}],
    ),
    # a six-card discard of 50 makes a bid of 40 without a trick, unless the discard needs one
    "discard_needs_trick": (
        "three-player+six_card_widow+discard_needs_trick",
        "three-player+six_card_widow",
        [{"bidder": 0, "bid": 40, "points": [50, 40, 30], "no_tricks": [0]}],
    ),
    # both reach 500 in the last deal; the bidder (seat 1) with the lower total
    "bidder_wins_at_target": (
        "three-player+bidder_wins_at_target",
        "three-player",
        NEAR + [{"bidder": 1, "bid": 60, "points": [60, 60, 0], "declarations": decl_list(0, "H")}],
    ),
    # a sweep: the dead hand's 10 points go to the player who took every trick, 110 + 10 makes 120
    "sweep_counts_dead_hand": (
        "wikibooks-2p+dead_hand+sweep_counts_dead_hand",
        "wikibooks-2p+dead_hand",
        [{"bidder": 0, "bid": 120, "points": [110, 0], "no_tricks": [1]}],
    ),
    "bidder_wins_ties": (
        "three-player+bidder_wins_ties",
        "three-player",
        NEAR + [{"bidder": 1, "bid": 60, "points": [60, 60, 0]}],
    ),
}


def test_the_sheet_examples_name_every_option_the_sheet_offers_and_only_options_offered_at_the_table():
    assert set(SHEET_EXAMPLES) == SHEET_OPTIONS
    assert SHEET_OPTIONS <= set(OFFERED)
    assert SHEET_HOUSE_RULES == SHEET_OPTIONS & set(HOUSE_RULES)
    # the sources' options are among them, not only the house rules
    assert {"card_points", "last_trick_bonus", "trump_bonus", "rounding", "porvoo", "tie_rule"} <= SHEET_OPTIONS


@pytest.mark.parametrize("name", sorted(SHEET_OPTIONS))
def test_each_option_the_sheet_offers_changes_what_it_accepts_or_how_it_totals(name):
    with_rule, without, deals = SHEET_EXAMPLES[name]
    ours, theirs = getattr(parse_rules(with_rule), name), getattr(parse_rules(without), name)
    assert ours != theirs
    if OPTION_DOCS[name].house_rule:
        assert ours not in (False, "off") and theirs in (False, "off")
    # the tally itself differs (refused against scored, or other scores), not only the entry form
    assert outcome(with_rule, deals)[:4] != outcome(without, deals)[:4]


def test_the_sources_options_on_a_sheet_score_as_the_rules_say():
    def scores(name, which=0):
        return outcome(SHEET_EXAMPLES[name][which], SHEET_EXAMPLES[name][2])

    assert scores("card_points")[3] == [[40, 40, 40]] and scores("card_points", 1)[:2] == ("refused", "points_sum")
    assert scores("last_trick_bonus")[3] == [[55, 40, 30]]  # 50 + 10 made the 55
    assert scores("trump_bonus")[3] == [[40, 140, 30]] and scores("trump_bonus", 1)[3] == [[40, 80, 30]]
    assert scores("max_bid") == ("refused", "deal_contract", "bid_above_maximum")
    assert scores("bidding_floor") == ("refused", "deal_contract", "below_floor")
    assert scores("rounding")[3] == [[40, 45, 25]]
    assert scores("porvoo")[3] == [[50, 50, -50]]
    assert scores("porvoo_replaces_contract")[3] == [[-60, 80, 60]]
    assert scores("bidder_needs_card_points")[3] == [[-100, 60, 60]]
    assert scores("tie_rule")[1] == [] and scores("tie_rule", 1)[1] == [0, 1]
    extra = tally(sheet(*SHEET_EXAMPLES["tie_rule"][::2]))
    assert extra["extra_deal"] and not extra["finished"]


def test_the_new_house_rules_on_a_sheet_score_as_the_rules_say():
    off_step = outcome(*SHEET_EXAMPLES["min_bid_off_step"][::2])
    assert off_step[3] == [[42, 40, 30]]
    assert outcome("three-player", SHEET_EXAMPLES["min_bid_off_step"][2])[:2] == ("refused", "deal_contract")
    at_target = tally(sheet(*SHEET_EXAMPLES["bidder_wins_at_target"][::2]))
    assert at_target["totals"] == [600, 500, 0] and at_target["winners"] == [1]
    assert tally(sheet("three-player", SHEET_EXAMPLES["bidder_wins_at_target"][2]))["winners"] == [0]
    late = tally(sheet("three-player+redeal_four_sixes_late", [{"redeal": True}]))
    assert late["deals"][0]["kind"] == "redeal" and late["next_dealer"] == 0 and late["form"]["redeal"]
    reopened = tally(sheet(*SHEET_EXAMPLES["floor_skips_and_reopens"][::2]))
    assert reopened["totals"][0] == -600 + 55 and reopened["deals"][-1]["deal_scores"][0] == 55  # the pair made 55
    tens = outcome(*SHEET_EXAMPLES["no_discard_aces_tens"][::2])
    assert tens[:2] == ("refused", "discard_points")


def other_value(name: str, rules):
    """A value of the option other than the rule set's own that the engine accepts there."""
    doc, own = OPTION_DOCS[name], getattr(rules, name)
    if doc.kind == "bool":
        values = [not own]
    elif doc.kind == "choice":
        values = list(doc.choices)
    else:
        low, high = OPTION_RANGES[name]
        values = [doc.default, *range(low, high + 1)]
    for value in values:
        if value == own:
            continue
        try:
            return rules.replace(**{name: value})
        except ValueError:
            continue
    raise AssertionError(f"{name}: no other value is accepted under {format_rules(rules)}")


def not_for_the_sheet():
    """Each option offered at the table (a source's or a house rule) that the sheet does not offer,
    on each preset it applies to (with the options it needs beside it), as (label, rules with
    another value of it, the same rules with the preset's)."""
    for name in OFFERED:
        if name in SHEET_OPTIONS:
            continue
        for preset, rules in PRESETS.items():
            needs = companions(name, rules)
            if needs is None and not applies(name, rules):
                continue
            base = rules.replace(**(needs or {}))
            if name in HOUSE_RULES:
                yield f"{preset}+{name}", base.replace(**{name: non_default(name)[0]}), base
            else:
                yield f"{preset}+{name}", other_value(name, base), base


NOT_FOR_THE_SHEET = list(not_for_the_sheet())


@pytest.mark.parametrize("label, with_rule, without", NOT_FOR_THE_SHEET, ids=[v[0] for v in NOT_FOR_THE_SHEET])
def test_property_an_option_the_sheet_does_not_offer_changes_nothing_on_a_sheet(label, with_rule, without):
    """The deals of matches played under the rule, recorded on a sheet: the tally under the rules
    without it is the same, deal by deal (the rule rules the play, which a sheet does not record)."""
    assert with_rule != without
    assert entry_form(with_rule) == entry_form(without)
    for seed in range(2):
        match = played_match(with_rule, 200 + seed, max_deals=15)
        deals = [entry_from(d) for d in match.deals]
        first = match.deals[0].dealer if match.deals else 0
        a = tally({**sheet(format_rules(with_rule), deals), "first_dealer": first})
        b = tally({**sheet(format_rules(without), deals), "first_dealer": first})
        assert {k: v for k, v in a.items() if k != "rules"} == {k: v for k, v in b.items() if k != "rules"}


def test_every_option_offered_at_the_table_is_either_offered_on_the_sheet_or_shown_to_change_nothing_there():
    names = {label.split("+")[1] for label, _, _ in NOT_FOR_THE_SHEET}
    assert names | SHEET_OPTIONS == set(OFFERED)
    assert names | SHEET_HOUSE_RULES >= set(HOUSE_RULES)


# -- worked sheets --------------------------------------------------------------------------------
def side(out, deal, index):
    return out["deals"][deal]["score"]["sides"][index]


def test_a_raise_scores_the_contract_and_porvoo_costs_the_original_bid():
    out = tally(
        sheet(
            "faq",
            [{"bidder": 1, "bid": 60, "contract": 80, "points": [0, 70, 50], "last_trick": 1, "no_tricks": [0]}],
        )
    )
    assert out["deals"][0]["deal_scores"] == [-60, 80, 50]
    assert side(out, 0, 0)["result"] == "porvoo" and side(out, 0, 0)["result_params"] == {"bid": 60}
    assert side(out, 0, 1)["result"] == "made"


def test_exactly_the_contract_is_enough_and_one_less_fails():
    made = tally(sheet("three-player", [{"bidder": 0, "bid": 75, "points": [75, 25, 20]}]))
    assert made["deals"][0]["deal_scores"] == [75, 25, 20] and side(made, 0, 0)["result"] == "exact"
    failed = tally(sheet("three-player", [{"bidder": 0, "bid": 75, "points": [74, 26, 20]}]))
    assert failed["deals"][0]["deal_scores"] == [-75, 26, 20] and side(failed, 0, 0)["result"] == "failed"


def test_the_bidders_discard_counts_and_with_the_house_rule_not_without_a_trick():
    entry = {"bidder": 0, "bid": 40, "points": [14, 60, 46], "no_tricks": [0], "declarations": []}
    plain = tally(sheet("three-player", [entry]))
    assert side(plain, 0, 0)["total"] == 14 and plain["deals"][0]["deal_scores"][0] == -40
    house = tally(sheet("three-player+discard_needs_trick", [{**entry, "bid": 40}]))
    assert side(house, 0, 0)["discard_not_counted"] == 14 and side(house, 0, 0)["card_points"] == 0


def test_german_rounds_and_the_house_rule_compares_the_rounded_total():
    entry = {"bidder": 0, "bid": 120, "contract": 125, "points": [113, 7], "last_trick": 0}
    out = tally(sheet("german", [entry]))
    assert side(out, 0, 0)["total"] == 123 and side(out, 0, 0)["rounded"] == 125
    assert out["deals"][0]["deal_scores"] == [-125, 5]  # compared exactly: 123 < 125
    rounded = tally(sheet("german+contract_uses_rounded", [entry]))
    assert rounded["deals"][0]["deal_scores"] == [125, 5]
    assert side(rounded, 0, 0)["result"] == "made_rounded"


def test_german_all_pass_scores_each_side_its_own_total():
    out = tally(sheet("german", [{"all_pass": True, "points": [62, 58], "last_trick": 1}]))
    assert out["deals"][0]["kind"] == "all_pass"
    assert out["deals"][0]["deal_scores"] == [60, 70]  # 62 → 60; 58 + 10 = 68 → 70
    assert out["next_dealer"] == 1


def test_a_redeal_scores_nothing_and_the_same_dealer_deals_again():
    out = tally(sheet("ukrainian", [{"redeal": True}]))
    assert out["deals"][0]["kind"] == "redeal" and out["totals"] == [0, 0] and out["next_dealer"] == 0


def test_partner_questions_score_for_the_askers_pair():
    entry = {
        "bidder": 0,
        "bid": 50,
        "points": [80, 40],
        "last_trick": 0,
        "declarations": [{"suit": "H", "seat": 2, "how": "full"}, {"suit": "S", "seat": 1, "how": "half"}],
    }
    out = tally(sheet("faq-pairs", [entry]))
    assert side(out, 0, 0)["total"] == 200 and side(out, 0, 1)["total"] == 80
    assert side(out, 0, 0)["declarations"][0]["seat"] == 0  # the engine names the holder of the pair


def test_the_game_ends_at_the_target_and_the_highest_total_wins():
    deals = [{"bidder": 0, "bid": 100, "points": [120, 0, 0], "no_tricks": [1, 2]}] * 4
    deals.append({"bidder": 1, "bid": 100, "points": [10, 100, 10]})
    out = tally(sheet("three-player", deals))
    assert out["totals"] == [410, 100, 10] and not out["finished"]
    more = tally(sheet("three-player", deals + [{"bidder": 0, "bid": 90, "points": [100, 20, 0]}]))
    assert more["finished"] and more["winners"] == [0] and more["next_dealer"] is None
    over = sheet("three-player", deals + [{"bidder": 0, "bid": 90, "points": [100, 20, 0]}] * 2)
    with pytest.raises(TallyError) as e:
        tally(over)
    assert e.value.code == "game_over" and e.value.params == {"deal": 7}


def decl(seat, suits):
    return decl_list(seat, suits)


TIE = [
    {"bidder": 0, "bid": 100, "points": [110, 10, 0]},  # 100, 10, 0
    {"bidder": 1, "bid": 100, "points": [10, 110, 0]},  # 110, 110
    {"bidder": 0, "bid": 200, "points": [60, 60, 0], "declarations": decl(0, "HD")},  # 310, 170
    {"bidder": 1, "bid": 200, "points": [60, 60, 0], "declarations": decl(1, "HD")},  # 370, 370
    # 30 + 100 + 60 = 190 makes 130: 500; the other 90 + 40 = 130: 500 as well
    {"bidder": 0, "bid": 130, "points": [30, 90, 0], "declarations": decl(0, "HC") + decl(1, "S")},
]


def test_a_tie_at_the_target_under_each_tie_rule():
    shared = tally(sheet("three-player", TIE))
    assert shared["totals"] == [500, 500, 0]
    assert shared["finished"] and shared["winners"] == [0, 1]
    extra = tally(sheet("three-player+tie_rule=extra_deal", TIE))
    assert not extra["finished"] and extra["extra_deal"] and extra["next_dealer"] == 2
    one_more = tally(
        sheet("three-player+tie_rule=extra_deal", TIE + [{"bidder": 2, "bid": 40, "points": [20, 10, 90]}])
    )
    assert one_more["finished"] and one_more["winners"] == [0]
    bidder = tally(sheet("three-player+bidder_wins_ties", TIE))
    assert bidder["finished"] and bidder["winners"] == [0]  # seat 0 bid the last deal


def test_the_bidding_floor_allows_only_the_opening_minimum():
    losing = [{"bidder": 0, "bid": 300, "points": [0, 140], "last_trick": 1, "no_tricks": [0, 2]}] * 2
    ok = tally(sheet("ukrainian", losing + [{"bidder": 0, "bid": 50, "points": [70, 70], "last_trick": 0}]))
    assert ok["totals"][0] == -550
    with pytest.raises(TallyError) as e:
        tally(sheet("ukrainian", losing + [{"bidder": 2, "bid": 55, "points": [70, 70], "last_trick": 0}]))
    assert e.value.code == "deal_contract" and e.value.params["reason"] == "below_floor"


def test_editing_an_earlier_deal_recomputes_everything_after_it():
    deals = [{"bidder": 0, "bid": 60, "points": [70, 30, 20]}, {"bidder": 1, "bid": 60, "points": [20, 70, 30]}]
    before = tally(sheet("three-player", deals))
    deals[0] = {"bidder": 0, "bid": 80, "points": [70, 30, 20]}
    after = tally(sheet("three-player", deals))
    assert before["totals"] == [80, 90, 50] and after["totals"] == [-60, 90, 50]
    assert after["deals"][1]["totals"] == after["totals"]
    del deals[0]
    assert tally(sheet("three-player", deals))["deals"][0]["dealer"] == 0


def test_the_tally_is_a_pure_function_of_the_sheet():
    data = sheet("faq", [{"bidder": 1, "bid": 60, "contract": 70, "points": [30, 60, 30], "last_trick": 1}])
    copy = json.loads(json.dumps(data))
    assert tally(data) == tally(data)
    assert data == copy


def test_migration_keeps_a_current_sheet_and_refuses_a_newer_one():
    data = sheet("faq")
    assert migrate(data) == data and migrate(data) is not data
    with pytest.raises(TallyError) as e:
        migrate({**data, "version": 2})
    assert e.value.code == "sheet_version_newer" and e.value.params == {"version": 2, "supported": 1}


# -- every validation code, worded in both languages ----------------------------------------------
FAQ_DEAL = {"bidder": 1, "bid": 60, "points": [30, 60, 30], "last_trick": 1}


def faq(**changes):
    deal = {**FAQ_DEAL, **changes}
    return sheet("faq", [{k: v for k, v in deal.items() if v is not None}])


ERROR_CASES = [
    ("sheet_not_object", [1, 2]),
    ("sheet_format", {**sheet(), "format": "paper"}),
    ("sheet_version", {**sheet(), "version": "1"}),
    ("sheet_version_newer", {**sheet(), "version": 9}),
    ("sheet_unknown_field", {**sheet(), "colour": "red"}),
    ("sheet_rules", {**sheet(), "rules": 5}),
    ("unknown_rules", {**sheet(), "rules": "poker"}),
    ("sheet_players", sheet(players=["A", "B"])),
    ("sheet_players", sheet(players=["A", "B", " "])),
    ("sheet_sides", sheet("faq-pairs", sides=["Us"])),
    ("sheet_sides_solo", sheet("faq", sides=["Us", "Them"])),
    ("sheet_first_dealer", {**sheet(), "first_dealer": 3}),
    ("sheet_deals", {**sheet(), "deals": {}}),
    ("too_many_deals", sheet("faq", [{"redeal": True}] * (MAX_DEALS + 1))),
    ("sheet_too_long", sheet("faq", players=["A" * 40] * 3, title="x" * MAX_SHEET_CHARS)),
    ("deal_not_object", sheet("faq", [[]])),
    ("deal_unknown_field", faq(trump="H")),
    ("redeal_alone", sheet("ukrainian", [{"redeal": True, "bidder": 0}])),
    ("redeal_not_in_rules", sheet("faq", [{"redeal": True}])),
    ("all_pass_bidder", sheet("german", [{"all_pass": True, "bidder": 0, "bid": 120, "points": [60, 60]}])),
    ("all_pass_not_in_rules", sheet("faq", [{"all_pass": True, "points": [30, 60, 30], "last_trick": 1}])),
    ("deal_bidder_missing", faq(bidder=None)),
    ("deal_seat", faq(bidder=3)),
    ("deal_seat", faq(no_tricks=[0, 0])),
    ("deal_number", faq(bid="60")),
    ("deal_contract", faq(bid=62)),
    ("deal_contract", faq(bid=35)),
    ("deal_contract", faq(bid=600)),
    ("deal_contract", faq(contract=55)),
    ("deal_contract", faq(contract=65 + 2)),
    ("deal_contract", faq(contract=900)),
    ("no_raise", sheet("faq+raise_allowed=off", [{**FAQ_DEAL, "contract": 70}])),
    ("points_count", faq(points=[60, 60])),
    ("points_range", faq(points=[-10, 70, 60])),
    ("points_sum", faq(points=[30, 60, 31])),
    # the dead hand may hold at most the dearest 11 cards: piles of 10 are too few
    ("points_sum_range", sheet("wikibooks-2p+dead_hand", [{"bidder": 0, "bid": 50, "points": [10, 0]}])),
    ("points_with_last_trick", faq(points=[30, 80, 30])),
    ("points_without_tricks", faq(no_tricks=[0])),
    ("discard_points", sheet("three-player", [{"bidder": 0, "bid": 40, "points": [1, 60, 59], "no_tricks": [0]}])),
    ("nobody_took_tricks", faq(no_tricks=[0, 1, 2], points=[0, 120, 0])),
    ("last_trick_missing", faq(last_trick=None)),
    (
        "last_trick_not_scored",
        sheet("three-player", [{"bidder": 0, "bid": 40, "points": [60, 30, 30], "last_trick": 0}]),
    ),
    ("last_trick_no_tricks", faq(points=[0, 60, 60], no_tricks=[0], last_trick=0)),
    ("declaration_bad", faq(declarations=[{"suit": "X", "seat": 1}])),
    ("declaration_bad", faq(declarations="H")),
    ("suit_declared_twice", faq(declarations=[{"suit": "H", "seat": 1}, {"suit": "H", "seat": 2}])),
    ("question_not_in_rules", faq(declarations=[{"suit": "H", "seat": 1, "how": "half"}])),
    (
        "full_question_not_in_rules",
        sheet(
            "wikibooks-pairs",
            [{"bidder": 0, "bid": 50, "points": [60, 60], "declarations": [{"suit": "H", "seat": 0, "how": "full"}]}],
        ),
    ),
    ("declaration_no_tricks", faq(points=[0, 60, 60], no_tricks=[0], declarations=[{"suit": "H", "seat": 0}])),
    (
        "game_over",
        sheet(
            "three-player",
            [{"bidder": 0, "bid": 300, "points": [120, 0, 0], "declarations": [{"suit": s, "seat": 0} for s in "SCDH"]}]
            * 3,
        ),
    ),
]

PAGE_PARAMS = {"name", "side_name", "reason_text"}  # the page adds these (a seat's or side's name)


def catalog_text(lang: str, code: str) -> str | None:
    score = CATALOGS[lang].get("score", {}).get("errors", {})
    return score.get(code, CATALOGS[lang]["errors"].get(code))


@pytest.mark.parametrize("code, data", ERROR_CASES, ids=[f"{c}-{i}" for i, (c, _) in enumerate(ERROR_CASES)])
def test_every_mistake_has_a_code_the_web_op_returns_and_both_catalogs_word(code, data):
    answer = json.loads(handle(json.dumps({"op": "tally", "sheet": data})))
    assert answer["ok"] is False, answer
    error = answer["error"]
    assert error["code"] == code, error
    params = error.get("params", {})
    for lang in ("fi", "en"):
        text = catalog_text(lang, code)
        assert text, (lang, code)
        needed = {m.group(1) for m in re.finditer(r"\{(\w+)", text)}
        available = set(params) | PAGE_PARAMS
        assert needed <= available, (lang, code, needed, params)
        filled = {"name": "Aino", "side_name": "Aino", **params}
        if code == "deal_contract":  # the bidding rule's own words, as in the play page
            filled["reason_text"] = fmt(CATALOGS[lang]["reasons"][params["reason"]], params, CATALOGS[lang])
        words = fmt(text, filled, CATALOGS[lang])
        assert "{" not in words and words.endswith("."), (lang, words)


def raised_codes() -> set[str]:
    """Every code tally.py raises: the second argument of each _fail(...) or TallyError(...)."""
    tree = ast.parse((ROOT / "engine" / "core" / "tally.py").read_text("utf-8"))
    return {
        node.args[1].value
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and getattr(node.func, "id", getattr(node.func, "attr", None)) in ("_fail", "TallyError")
        and len(node.args) > 1
        and isinstance(node.args[1], ast.Constant)
    }


def test_the_cases_cover_every_code_the_tally_raises():
    raised = raised_codes()
    assert len(raised) > 30
    assert raised <= {c for c, _ in ERROR_CASES} | {"sheet_not_json"}


@pytest.mark.parametrize("lang", ["fi", "en"])
def test_every_code_has_its_text_in_the_score_block(lang):
    texts = CATALOGS[lang]["score"]["errors"]
    assert raised_codes() <= set(texts), raised_codes() - set(texts)


def test_the_two_catalogs_word_the_score_errors_differently():
    fi, en = (CATALOGS[lang]["score"]["errors"] for lang in ("fi", "en"))
    assert set(fi) == set(en)
    assert all(fi[k] != en[k] for k in fi)


def test_read_sheet_refuses_text_that_is_not_json_or_too_long():
    with pytest.raises(TallyError) as e:
        read_sheet("{not json")
    assert e.value.code == "sheet_not_json"
    with pytest.raises(TallyError) as e:
        read_sheet(" " * (MAX_SHEET_CHARS + 1))
    assert e.value.code == "sheet_too_long"


# -- the command line -----------------------------------------------------------------------------
def run_cli(capsys, *args):
    from engine.__main__ import main

    code = main(list(args))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_cli_tally_prints_each_deal_and_the_totals(tmp_path, capsys):
    path = tmp_path / "sheet.json"
    path.write_text(json.dumps(sheet("three-player", TIE)), encoding="utf-8")
    code, out, err = run_cli(capsys, "tally", str(path))
    assert code == 0 and err == ""
    assert "deal 5 (dealer Eero): contract 130 by Aino" in out
    assert "  totals: Aino 500, Eero 500, Kaisa 0" in out
    assert out.rstrip().endswith("game over: Aino and Eero share the win")
    code, out, _ = run_cli(capsys, "tally", str(path), "--json")
    assert code == 0 and json.loads(out)["winners"] == [0, 1]


@pytest.mark.parametrize(
    "text, words",
    [
        ("{not json", "not JSON"),
        (json.dumps(faq(points=[30, 60, 31])), "deal 1: the card points add up to 121"),
        (json.dumps({**sheet(), "version": 7}), "version 7"),
        (json.dumps({**sheet(), "rules": "nope"}), "unknown rule set"),
        ("[]", "must be a JSON object"),
    ],
)
def test_cli_tally_refuses_a_malformed_sheet_with_one_line_and_exit_2(tmp_path, capsys, text, words):
    path = tmp_path / "sheet.json"
    path.write_text(text, encoding="utf-8")
    code, out, err = run_cli(capsys, "tally", str(path))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("error: ") and words in err, err


def test_cli_tally_a_missing_file_or_bytes_that_are_not_text(tmp_path, capsys):
    code, _, err = run_cli(capsys, "tally", str(tmp_path / "missing.json"))
    assert code == 2 and err.count("\n") == 1 and "cannot read the sheet" in err
    path = tmp_path / "binary.json"
    path.write_bytes(b"\xff\xfe\x00")
    code, _, err = run_cli(capsys, "tally", str(path))
    assert code == 2 and err.count("\n") == 1


def test_the_documented_example_sheet_is_valid_and_scores_as_the_docs_say():
    text = (ROOT / "docs" / "score-sheet.md").read_text("utf-8")
    example = json.loads(text.split("```json\n", 1)[1].split("```", 1)[0])
    out = tally(example)
    assert out["totals"] == [-30, 150, 90] and out["next_dealer"] == 2
    assert out["deals"][1]["score"]["sides"][0]["result"] == "porvoo"
