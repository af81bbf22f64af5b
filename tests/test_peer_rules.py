"""House rules from the peer implementation's rule suite (issue 29, item 6), each off in every preset:
an opening minimum off the bid step, the bidder's side winning when several sides reach the
target, the untaken widow shown at the first trick of a deal without a contract, and half
questions that stay repeatable under the half-question lock-out."""

import json
import random
from pathlib import Path

import pytest

from engine import (
    PRESETS,
    Bid,
    Deal,
    Hold,
    Pass,
    Raise,
    format_record,
    parse_action,
    parse_position,
    parse_record,
    parse_rules,
)
from engine.coach.game import public_log
from engine.core.match import match_result
from engine.core.rules import OPTION_DOCS, RuleSetError
from engine.search.observe import observe, sample_deals
from engine.web import handle

ROOT = Path(__file__).resolve().parent.parent
CATALOGS = {lang: json.loads((ROOT / "site" / "messages" / f"{lang}.json").read_text("utf-8")) for lang in ("fi", "en")}
NEW_RULES = (
    "min_bid_off_step",
    "bidder_wins_at_target",
    "no_contract_widow_shown",
    "half_questions_repeat",
    "redeal_four_sixes_late",
    "floor_skips_and_reopens",
)


@pytest.mark.parametrize("name", NEW_RULES)
def test_each_is_a_house_rule_off_in_every_preset_with_words_in_both_languages(name):
    doc = OPTION_DOCS[name]
    assert doc.house_rule and doc.source.startswith("house rule") and doc.default is False
    assert all(getattr(rules, name) is False for rules in PRESETS.values())
    for catalog in CATALOGS.values():
        assert catalog["options"][name].startswith(catalog["ui"]["house_rule_label"] + ":")
        assert catalog["option_labels"][name]


def refused(text: str) -> str:
    with pytest.raises(RuleSetError) as error:
        parse_rules(text)
    code = error.value.code
    for catalog in CATALOGS.values():
        assert catalog["errors"][code]
    return code


# -- an opening minimum off the step ---------------------------------------------------------------


def test_an_opening_minimum_off_the_step_then_multiples_of_the_step():
    assert refused("three-player+min_bid=42") == "min_bid_step"
    assert refused("three-player+min_bid_off_step") == "rule_needs_odd_minimum"
    rules = parse_rules("three-player+min_bid=42+min_bid_off_step")
    deal = Deal.new(rules, 1)
    bids = [a.amount for a in deal.legal_actions() if isinstance(a, Bid)]
    assert bids[:3] == [42, 45, 50] and all(b % 5 == 0 for b in bids[1:])
    assert deal.why_illegal(Bid(43)).code == "bid_not_multiple"
    assert deal.why_illegal(Bid(40)).code == "bid_below_minimum"
    deal.apply(Bid(42))
    assert deal.why_illegal(Bid(47)).code == "bid_not_multiple"
    assert [a.amount for a in deal.legal_actions() if isinstance(a, Bid)][:2] == [45, 50]
    deal.apply(Pass()).apply(Pass())
    assert deal.phase == "discard" and deal.contract == 42
    deal.apply(deal.legal_actions()[0])
    assert deal.phase == "raise"
    legal = deal.legal_actions()
    assert legal[:3] == [Hold(), Raise(45), Raise(50)] and deal.why_illegal(Raise(47)).code == "raise_not_multiple"


def test_an_off_step_opening_plays_and_scores_through_the_web_op():
    rules = "wikibooks+min_bid=42+min_bid_off_step"
    answer = json.loads(handle(json.dumps({"op": "game", "rules": rules, "seed": 3, "history": [[]]})))
    assert answer["ok"], answer
    assert "42" in answer["legal"] or answer["auction"][0]["action"] == "42"


# -- the bidder's side at the target ---------------------------------------------------------------


def test_the_bidders_side_wins_when_several_reach_the_target():
    plain = PRESETS["three-player"]
    rules = parse_rules("three-player+bidder_wins_at_target")
    assert match_result(plain, [510, 520, 100], bidder_side=0).winners == [1]
    assert match_result(rules, [510, 520, 100], bidder_side=0).winners == [0]
    assert match_result(rules, [510, 520, 100], bidder_side=2).winners == [1]  # the bidder did not reach it
    assert match_result(rules, [510, 400, 100], bidder_side=1).winners == [0]  # only one side reached it
    assert not match_result(rules, [490, 400, 100], bidder_side=0).finished
    pairs = parse_rules("ukrainian+bidder_wins_at_target")
    assert match_result(pairs, [505, 530], bidder_side=0).winners == [0]


# -- the untaken widow shown -----------------------------------------------------------------------

NO_CONTRACT = "three-player+forced_opening=off+all_pass_no_contract"


def passed_out(text: str) -> Deal:
    deal = Deal.new(parse_rules(text), 0)
    for _ in range(deal.rules.players):
        deal.apply(Pass())
    assert deal.phase == "play" and deal.bidder is None
    return deal


def test_the_untaken_widow_is_shown_to_everybody_at_the_first_trick():
    assert refused("faq-pairs+no_contract_widow_shown") == "rule_needs_widow"
    assert refused("three-player+no_contract_widow_shown") == "rule_needs_all_pass"
    hidden = passed_out(NO_CONTRACT)
    shown = passed_out(NO_CONTRACT + "+no_contract_widow_shown")
    widow = {str(c) for c in shown.initial_widow}
    for seat in range(3):
        assert observe(hidden, seat).widow == ()
        assert not any(e["kind"] == "widow" for e in public_log(hidden, seat))
        obs = observe(shown, seat)
        assert {str(c) for c in obs.widow} == widow
        events = [e for e in public_log(shown, seat) if e["kind"] == "widow"]
        assert len(events) == 1 and set(events[0]["cards"]) == widow and events[0]["seat"] is None
        assert not set(obs.widow) & set(obs.unseen())  # its place is known: the widow
        for guess in sample_deals(obs, random.Random(seat), 4):
            assert not set(shown.initial_widow) & {c for hand in guess.hands for c in hand}


def test_before_the_first_trick_nobody_sees_the_widow():
    rules = parse_rules(NO_CONTRACT + "+no_contract_widow_shown")
    deal = Deal.new(rules, 0)
    deal.apply(Pass())
    assert observe(deal, 1).widow == ()


# -- half questions that stay repeatable under the lock-out ------------------------------------------

AFTER_HALF = "hands:K.A.K.,J.J.A.,Q.8.Q.,T.Q.J./lead:0/tricks:3,1,1,1/half:0/declare:open"


def test_half_questions_stay_repeatable_under_the_lock_out():
    from engine.core.actions import AskFull, AskHalf
    from engine.core.cards import Suit
    from engine.search.solver import solve

    assert refused("ukrainian+half_questions_repeat") == "rule_needs_half_lockout"
    locked = parse_position(f"rules:faq-pairs/{AFTER_HALF}")
    assert locked.why_illegal(AskHalf(Suit.DIAMONDS)).code == "questions_over"
    repeat = parse_position(f"rules:faq-pairs+half_questions_repeat/{AFTER_HALF}")
    assert repeat.can(AskHalf(Suit.DIAMONDS)) and repeat.can(AskHalf(Suit.SPADES))
    assert repeat.why_illegal(AskFull()).code == "full_after_half"
    assert repeat.why_illegal(parse_action("trump:S")).code == "needs_king_and_queen"
    listed = {str(a) for a in repeat.legal_actions()}
    assert {"askhalf:S", "askhalf:D"} <= listed and "askfull" not in listed
    # the solver offers exactly the legal actions
    assert {a["action"] for a in solve(repeat).to_dict()["actions"]} == listed
    for catalog in CATALOGS.values():
        assert catalog["reasons"]["full_after_half"]


def test_the_partners_own_pairs_stay_locked_with_repeatable_halves():
    position = "rules:faq-pairs+half_questions_repeat/hands:A.A.K.,J.J.A.,KQ.8..,T.Q.J./lead:2/tricks:3,1,1,1/half:0"
    deal = parse_position(position + "/declare:open")
    assert deal.why_illegal(parse_action("trump:S")).code == "pair_broken"


# -- a redeal for four sixes after the widow or the exchange -------------------------------------------


def _solo_deal(text: str) -> Deal:
    """Three players: seat 1 (the first to bid) holds three sixes, the fourth is in the widow."""
    from engine.core.cards import ALL_CARDS, Rank

    sixes = [c for c in ALL_CARDS if c.rank is Rank.SIX]
    rest = [c for c in ALL_CARDS if c.rank is not Rank.SIX]
    hands = [rest[0:11], sixes[:3] + rest[11:19], rest[19:30]]
    widow = [sixes[3], *rest[30:32]]
    return Deal(parse_rules(text), hands, widow, dealer=0)


def test_the_bidder_holding_four_sixes_after_the_widow_may_demand_a_redeal():
    from engine.core.actions import Redeal

    assert refused("faq-pairs+exchange_size=0+redeal_four_sixes_late") == "rule_needs_widow_or_exchange"
    plain = _solo_deal("three-player").apply(Bid(40)).apply(Pass()).apply(Pass())
    assert plain.phase == "discard" and plain.why_illegal(Redeal()).code == "wrong_phase"
    deal = _solo_deal("three-player+redeal_four_sixes_late")
    assert deal.why_illegal(Redeal()).code == "no_redeal"  # not at the first bid: three sixes only
    deal.apply(Bid(40)).apply(Pass()).apply(Pass())
    assert deal.phase == "discard" and Redeal() in deal.legal_actions()
    deal.apply(Redeal())
    assert deal.is_over and deal.redealt
    record = format_record(deal)
    assert format_record(parse_record(record)) == record


def test_after_the_discard_the_late_redeal_is_gone():
    from engine.core.actions import Redeal

    deal = _solo_deal("three-player+redeal_four_sixes_late").apply(Bid(40)).apply(Pass()).apply(Pass())
    discard = next(a for a in deal.legal_actions() if not isinstance(a, type(Redeal())))
    deal.apply(discard)
    assert deal.why_illegal(Redeal()).code == "wrong_phase" and Redeal() not in deal.legal_actions()


def test_the_pairs_bidder_may_demand_it_after_receiving_the_fourth_six():
    from engine.core.actions import Give, Redeal
    from engine.core.cards import ALL_CARDS, Rank

    sixes = [c for c in ALL_CARDS if c.rank is Rank.SIX]
    rest = [c for c in ALL_CARDS if c.rank is not Rank.SIX]
    # dealer 0: seat 1 bids first; seat 3 is its partner and holds the fourth six
    hands = [rest[0:9], sixes[:3] + rest[9:15], rest[15:24], [sixes[3], *rest[24:32]]]
    deal = Deal(parse_rules("faq-pairs+redeal_four_sixes_late"), hands, (), dealer=0)
    deal.apply(Bid(50)).apply(Pass()).apply(Pass()).apply(Pass())
    assert deal.phase == "give" and deal.why_illegal(Redeal()).code == "wrong_phase"
    deal.apply(Give((sixes[3], rest[24], rest[25])))
    assert deal.phase == "return" and deal.to_move == 1 and Redeal() in deal.legal_actions()
    deal.apply(Redeal())
    assert deal.redealt


# -- the bid ban that skips and reopens --------------------------------------------------------------


def test_a_side_below_the_floor_is_skipped_and_the_bidding_reopens_for_it():
    from engine.core.deal import Deal as D

    assert refused("german+bidding_floor=0+floor_skips_and_reopens") == "rule_needs_floor"
    rules = parse_rules("german+floor_skips_and_reopens")
    deal = D.new(rules, seed=3, dealer=3, match_scores=[-500, 100])
    assert deal.to_move == 1  # seat 0 (side 0, at -500) is skipped
    deal.apply(Pass())
    assert deal.to_move == 3  # seat 2 is skipped too
    deal.apply(Pass())
    assert deal.phase == "auction" and deal.to_move == 0  # everyone else passed: reopened for side 0
    assert deal.can(Bid(125))  # the ban is lifted: any bid
    deal.apply(Pass())
    assert deal.to_move == 2
    deal.apply(Pass())
    assert deal.phase == "play" and deal.bidder is None  # all passed: German all-pass
    record = format_record(deal)
    assert format_record(parse_record(record)) == record


def test_after_a_bid_the_skipped_side_never_comes_back():
    rules = parse_rules("german+floor_skips_and_reopens")
    deal = Deal.new(rules, seed=3, dealer=3, match_scores=[-500, 100])
    deal.apply(Bid(120))
    assert deal.to_move == 3
    deal.apply(Pass())
    assert deal.phase == "give" and deal.bidder == 1
    plain = Deal.new(PRESETS["german"], seed=3, dealer=3, match_scores=[-500, 100])
    assert plain.to_move == 0 and plain.legal_actions() == [Pass()]  # without the rule: asked, may only pass
