"""Every rule set that ``parse_rules`` accepts plays whole deals: the 9 presets with every option at
several values, and random combinations of two or three options, each played through complete
deals of a match and scored; a combination that cannot work is refused with a rule-set code that
both catalogs word. Also the bidding floor as its option's text says it (only a forced opening is
exempt) and the bounds on the numbers a rule set may hold."""

import json
import random
from pathlib import Path

import pytest

from engine import PRESETS, Bid, Deal, Pass, format_record, parse_rules
from engine.core.match import Match
from engine.core.rules import NUMBER_DIGITS, OPTION_DOCS, OPTION_RANGES, RuleSetError
from engine.players import random_action
from engine.search.observe import observe, sample_deals
from engine.web import handle

ROOT = Path(__file__).resolve().parent.parent
CATALOGS = {lang: json.loads((ROOT / "site" / "messages" / f"{lang}.json").read_text("utf-8")) for lang in ("fi", "en")}
OPTIONS = [name for name in OPTION_DOCS if name != "name"]
NUMBERS = {
    "players": [2, 3, 4, 5],
    "exchange_size": [0, 3, 4],
    "min_bid": [0, 5, 45, 50, 120, 300, 1000],
    "bid_step": [-5, 0, 1, 5, 10, 20],
    "max_bid": [0, 60, 440, 1000, 10**9],
    "last_trick_bonus": [-20, 0, 10, 20, 1000],
    "bidding_floor": [-500, -1, 0, 100],
    "target": [-5, 0, 1, 100, 500, 10**6],
}


def values(name: str) -> list:
    option = OPTION_DOCS[name]
    if option.kind == "bool":
        return ["on", "off"]
    if option.kind == "choice":
        return list(option.choices)
    return NUMBERS[name]


def play_match(rules, seed: int, deals: int = 2) -> int:
    """A few deals of a match played with random legal actions and scored; the deals played."""
    match = Match(rules, seed=seed, first_dealer=seed % rules.players)
    rng = random.Random(seed)
    played = 0
    while played < deals and not match.is_over:
        deal = match.deal
        while not deal.is_over:
            deal.apply(random_action(deal, rng))
        if not deal.redealt:
            deal.score().to_dict()
        match.finish_deal()
        played += 1
    return played


def accepted_or_refused(text: str):
    """The rule set, or None when it is refused with a code both catalogs word."""
    try:
        return parse_rules(text)
    except RuleSetError as e:
        assert e.code, (text, str(e))
        for lang, catalog in CATALOGS.items():
            assert catalog["errors"].get(e.code), f"{lang}.json has no errors.{e.code} ({text})"
        answer = json.loads(handle(json.dumps({"op": "rules", "rules": text})))
        assert answer["error"]["code"] == e.code
        return None


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_option_at_several_values_plays_whole_deals(preset):
    played = refused = 0
    for number, name in enumerate(OPTIONS):
        for value in values(name):
            rules = accepted_or_refused(f"{preset}+{name}={value}")
            if rules is None:
                refused += 1
                continue
            played += play_match(rules, seed=number)
    assert played > 3 * len(OPTIONS) and refused > 0


def random_combination(rng: random.Random) -> str:
    parts = [rng.choice(sorted(PRESETS))]
    for name in rng.sample(OPTIONS, rng.choice((2, 3))):
        parts.append(f"{name}={rng.choice(values(name))}")
    return "+".join(parts)


@pytest.mark.parametrize("seed", range(4))
def test_random_combinations_of_two_or_three_options_play_whole_deals(seed):
    rng = random.Random(seed)
    accepted = 0
    for _ in range(120):
        rules = accepted_or_refused(random_combination(rng))
        if rules is not None:
            accepted += 1
            play_match(rules, seed=accepted, deals=1)
    assert accepted > 40


@pytest.mark.slow
def test_many_random_combinations_play_whole_deals():
    rng = random.Random(99)
    for number in range(5000):
        rules = accepted_or_refused(random_combination(rng))
        if rules is not None:
            play_match(rules, seed=number, deals=3)


@pytest.mark.parametrize("preset", ["three-player", "wikibooks", "faq", "wikibooks-2p", "wikibooks-4p"])
def test_no_raise_with_a_widow_goes_from_the_discard_to_the_first_card(preset):
    rules = parse_rules(f"{preset}+raise_allowed=off")
    deal = Deal.new(rules, 1)
    rng = random.Random(1)
    while deal.phase == "auction":
        deal.apply(random_action(deal, rng))
    if deal.phase == "done":
        pytest.skip("redealt")
    assert deal.phase == "discard"
    deal.apply(random_action(deal, rng))
    assert deal.phase == "play" and deal.to_move == deal.bidder
    answer = json.loads(handle(json.dumps({"op": "score", "record": _finished(rules)})))
    assert answer["ok"], answer


def _finished(rules) -> str:
    for seed in range(50):
        deal = Deal.new(rules, seed)
        rng = random.Random(seed)
        while not deal.is_over:
            deal.apply(random_action(deal, rng))
        if not deal.redealt:
            return format_record(deal)
    raise AssertionError("no deal was played")


@pytest.mark.parametrize("text", ["ukrainian+bid_step=0", "german+bid_step=0", "three-player+bid_step=0+max_bid=100"])
def test_a_zero_bid_step_is_refused_by_name_in_every_op(text):
    for request in (
        {"op": "rules", "rules": text},
        {"op": "game", "rules": text, "seed": 1},
        {"op": "legal", "position": f"rules:{text}/hands:A...,K...,Q...,J.../lead:0"},
    ):
        answer = json.loads(handle(json.dumps(request)))
        assert answer["error"]["code"] == "option_range", answer


def test_the_cli_refuses_a_zero_bid_step_in_one_line(capsys):
    from engine.__main__ import main

    code = main(["score", "rules:german+bid_step=0/seed:1/actions:p"])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "Traceback" not in err


# -- the bidding floor -----------------------------------------------------------------------------


def test_without_a_forced_opening_a_side_below_the_floor_may_not_open_of_its_own_accord():
    """German: no forced opening, so a side at -500 may not open 120 (the floor's text: it may not
    bid except the forced opening minimum)."""
    rules = PRESETS["german"]
    deal = Deal.new(rules, seed=3, dealer=3, match_scores=[-500, 100])
    assert deal.to_move == 0
    assert deal.why_illegal(Bid(120)).code == "below_floor"
    assert Bid(120) not in deal.legal_actions() and deal.legal_actions() == [Pass()]
    deal.apply(Pass())
    assert deal.can(Bid(120))  # seat 1's side is above the floor


def test_a_forced_opening_at_the_minimum_is_the_only_bid_below_the_floor():
    deal = Deal.new(PRESETS["ukrainian"], seed=3, dealer=3, match_scores=[-500, 100])
    assert deal.can(Bid(50)) and deal.why_illegal(Bid(55)).code == "below_floor"


def test_the_last_seat_that_must_open_may_open_below_the_floor():
    rules = parse_rules("german+last_seat_must_open")
    deal = Deal.new(rules, seed=3, dealer=0, match_scores=[100, -500])
    for _ in range(3):
        deal.apply(Pass())
    assert deal.to_move == 0 and deal.rules.side_of(deal.to_move) == 0
    deal = Deal.new(rules, seed=3, dealer=1, match_scores=[100, -500])
    for _ in range(3):
        deal.apply(Pass())
    assert deal.to_move == 1
    assert deal.legal_actions() == [Bid(120)]  # forced by the house rule, so the floor lets it
    assert deal.why_illegal(Bid(125)).code == "below_floor"


# -- bounds ----------------------------------------------------------------------------------------


def test_the_highest_bid_never_passes_what_a_deal_can_bring():
    for text in ("three-player+max_bid=10000", "german", "ukrainian"):
        rules = parse_rules(text)
        most = rules.pack_points + sum(rules.bonus)
        assert rules.highest_bid <= most
        deal = Deal.new(rules, 1)
        assert len(deal.legal_actions()) <= most // rules.bid_step + 2
    assert parse_rules("three-player+max_bid=10000").highest_bid == 400
    assert parse_rules("ukrainian").highest_bid == 440


@pytest.mark.parametrize("name", sorted(set(OPTION_RANGES) - {"players", "exchange_size"}))
def test_a_number_out_of_range_is_refused_with_its_range(name):
    lowest, highest = OPTION_RANGES[name]
    for value in (lowest - 1, highest + 1, "9" * 5000, "-" + "9" * (NUMBER_DIGITS + 1)):
        answer = json.loads(handle(json.dumps({"op": "rules", "rules": f"faq+{name}={value}"})))
        error = answer["error"]
        assert error["code"] == "option_range", error
        assert error["params"]["lowest"] == lowest and error["params"]["highest"] == highest
        assert len(json.dumps(answer)) < 600


def test_a_huge_maximum_bid_answers_quickly_and_small():
    request = {"op": "game", "rules": "three-player+max_bid=10000", "seed": 1, "history": [[]]}
    answer = handle(json.dumps(request))
    assert json.loads(answer)["ok"] and len(answer) < 20_000


def test_a_deal_without_a_contract_keeps_its_widow_where_the_computers_can_guess_it():
    """Three players with German all-pass: the untaken widow is one of the places the unseen cards
    can be, so the normal player still finds deals that fit what it saw."""
    rules = parse_rules("three-player+forced_opening=off+all_pass_no_contract")
    deal = Deal.new(rules, 0)
    for _ in range(3):
        deal.apply(Pass())
    assert deal.phase == "play" and deal.bidder is None
    assert sample_deals(observe(deal, deal.to_move), random.Random(0), 3)
