"""Every worked example in the source texts (shared/RULES-MATRIX.md, last section), each as a test
of its source's preset, plus the rules the sources state without a numbered example."""

import pytest

from engine import Bid, Card, Declare, Pass, Play, parse_position, preset
from engine.core.match import match_result
from engine.core.play import why_card_illegal, winning_index
from engine.core.scoring import round_to_five


def cards(text):
    return [Card.parse(t) for t in text.split()]


def legal_set(rules_name, hand, trick, trump=None, first_trick=False):
    from engine.core.play import legal_cards

    rules = preset(rules_name)
    return {str(c) for c in legal_cards(rules, cards(hand), cards(trick), trump, first_trick)}


def finished(position, plays):
    deal = parse_position(position)
    for token in plays.split():
        deal.apply(Play(Card.parse(token)))
    assert deal.is_over
    return deal.score()


# -- S0: three players, exact scoring ---------------------------------------------------------


def test_s0_auction_p1_40_p2_50_p3_pass_p1_55_p2_pass():
    from engine import Deal

    deal = Deal.new(preset("three-player"), seed=1, dealer=2)  # P1 = seat 0 bids first
    for action in (Bid(40), Bid(50), Pass(), Bid(55), Pass()):
        deal.apply(action)
    assert deal.bidder == 0 and deal.contract == 55
    assert deal.phase == "discard"
    assert len(deal.hands[0]) == 14  # the widow is shown and taken


def test_s0_passed_player_stays_out_and_must_open():
    from engine import Deal

    deal = Deal.new(preset("three-player"), seed=1, dealer=2)
    assert deal.why_illegal(Pass()).code == "must_open"
    assert deal.why_illegal(Bid(35)).code == "bid_below_minimum"
    assert deal.why_illegal(Bid(58)).code == "bid_not_multiple"
    deal.apply(Bid(55))
    assert deal.why_illegal(Bid(55)).code == "bid_not_higher"
    deal.apply(Pass())  # seat 1 is out
    deal.apply(Bid(60))  # seat 2
    assert deal.to_move == 0  # seat 1 is skipped


def test_s0_off_suit_never_wins_without_trump():
    rules = preset("three-player")
    trick = cards("D7 DK SA")
    assert winning_index(rules, trick, None) == 1
    # the ♠A player had no diamonds, so any card was legal
    assert legal_set("three-player", "SA S9 C6", "D7 DK") == {"SA", "S9", "C6"}


def test_s0_must_overtake_h7_hj_with_h9_hk():
    assert legal_set("three-player", "H9 HK", "H7 HJ") == {"HK"}
    assert legal_set("three-player", "H6 H9", "H7 HJ") == {"H6", "H9"}


def test_s0_trump_diamonds_spade_led_must_follow_spade():
    assert legal_set("three-player", "S7 S9 DK C6", "SJ", trump=_suit("D")) == {"S7", "S9"}
    reason = why_card_illegal(
        preset("three-player"), cards("S7 S9 DK"), cards("SJ"), _suit("D"), False, Card.parse("DK")
    )
    assert reason.code == "must_follow_suit" and reason.args["suit"] == "S"


def test_s0_no_overtrump_duty_when_void():
    # void in hearts, a high trump already in the trick: a lower trump is fine
    assert legal_set("three-player", "D6 DA C7", "H7 DT", trump=_suit("D")) == {"D6", "DA"}


def test_s0_ten_beats_king():
    rules = preset("three-player")
    assert winning_index(rules, cards("HK HT H6"), None) == 1


POS_17 = "rules:three-player/hands:6...,7...,8.../lead:0/decl:S0/bidder:0/bid:{bid}/points:17,50,53/tricks:3,4,3"


@pytest.mark.parametrize("bid, expected", [(55, 55), (60, -60)])
def test_s0_17_card_points_plus_spade_trump_is_57(bid, expected):
    score = finished(POS_17.format(bid=bid), "S6 S7 S8")
    bidder = score.sides[0]
    assert bidder.total == 57
    assert bidder.deal_score == expected
    assert [s.deal_score for s in score.sides[1:]] == [50, 53]  # others keep their own points


@pytest.mark.parametrize("card_points, expected", [(65, 120), (59, -120), (60, 120)])
def test_s0_contract_120_with_club_trump(card_points, expected):
    rest = 120 - card_points
    pos = (
        f"rules:three-player/hands:6...,7...,8.../lead:0/decl:C0/bidder:0/bid:120/"
        f"points:{card_points},{rest - 10},10/tricks:5,3,2"
    )
    score = finished(pos, "S6 S7 S8")
    assert score.sides[0].total == card_points + 60
    assert score.sides[0].deal_score == expected  # no extra for overshooting; exactly 120 is enough


def test_s0_declared_spades_then_clubs_scores_100():
    pos = "rules:three-player/hands:6...,7...,8.../lead:0/decl:S0,C0/bidder:0/bid:40/points:10,50,60/tricks:3,4,3"
    score = finished(pos, "S6 S7 S8")
    assert sum(d["bonus"] for d in score.sides[0].declarations) == 100
    assert score.sides[0].total == 110


def test_s0_match_end_highest_wins():
    rules = preset("three-player")
    totals = [470 + 40, 450 + 65, 300]
    result = match_result(rules, totals)
    assert result.finished and result.winners == [1]
    assert 480 - 60 == 420 and not match_result(rules, [420, 300, 200]).finished


def test_s0_exact_tie_is_shared():
    assert match_result(preset("three-player"), [505, 505, 100]).winners == [0, 1]


def test_s3_tie_plays_one_more_deal():
    result = match_result(preset("ukrainian"), [520, 520])
    assert not result.finished and result.extra_deal


# -- S1: Wikibooks ----------------------------------------------------------------------------


def test_s1_table_h8_hand_h7_cj_must_play_h7():
    assert legal_set("wikibooks", "H7 CJ", "H8") == {"H7"}


def test_s1_table_h8_hj_hand_h9_hq_cj_must_play_hq():
    assert legal_set("wikibooks", "H9 HQ CJ", "H8 HJ") == {"HQ"}


def test_s1_trump_diamonds_sj_led_hand_h7_dk_cj_must_play_dk():
    assert legal_set("wikibooks", "H7 DK CJ", "SJ", trump=_suit("D")) == {"DK"}
    reason = why_card_illegal(preset("wikibooks"), cards("H7 DK CJ"), cards("SJ"), _suit("D"), False, Card.parse("H7"))
    assert reason.code == "must_trump" and reason.args["suit"] == "D"


def test_s1_strong_drive_only_after_leading_the_won_trick():
    rules = "wikibooks+strong_drive"
    # seat 1 won a trick led by seat 0: may not declare under strong drive
    deal = parse_position(f"rules:{rules}/hands:A..9.,..KQ.,6.7../lead:1/tricks:4,3,2/declare:notled")
    assert deal.why_illegal(Declare(_suit("D"))).code == "strong_drive"
    deal = parse_position(f"rules:{rules}/hands:A..9.,..KQ.,6.7../lead:1/tricks:4,3,2")
    assert deal.why_illegal(Declare(_suit("D"))) is None


def test_s1_two_and_four_player_deals():
    assert (preset("wikibooks-2p").hand_size, preset("wikibooks-2p").widow_size) == (17, 2)
    assert (preset("wikibooks-4p").hand_size, preset("wikibooks-4p").widow_size) == (8, 4)
    assert preset("wikibooks-4p").min_bid == 50


# -- S2: FAQ ----------------------------------------------------------------------------------


def test_s2_first_lead_ace_else_spade_else_any():
    assert legal_set("faq", "SA HA S9 C7", "", first_trick=True) == {"SA", "HA"}
    assert legal_set("faq", "ST S9 C7", "", first_trick=True) == {"ST", "S9"}
    assert legal_set("faq", "CT D9 C7", "", first_trick=True) == {"CT", "D9", "C7"}
    assert legal_set("faq", "SA S9 C7", "", first_trick=False) == {"SA", "S9", "C7"}


def test_s2_pack_is_140_before_bonuses():
    assert preset("faq").pack_points == 140


def test_s2_porvoo_loses_original_bid_not_the_raise():
    pos = "rules:faq/hands:6...,7...,8.../lead:0/bidder:0/bid:60/contract:80/points:70,50,0/tricks:6,4,0"
    score = finished(pos, "S6 S7 S8")  # seat 2 wins only the last trick here
    assert score.sides[2].porvoo is False  # it won the last trick
    pos = "rules:faq/hands:8...,7...,6.../lead:0/bidder:0/bid:60/contract:80/points:70,50,0/tricks:6,4,0"
    score = finished(pos, "S8 S7 S6")
    assert score.sides[2].porvoo and score.sides[2].deal_score == -60
    assert score.sides[0].total == 90 and score.sides[0].deal_score == 80


# -- S3: Ukrainian and German -----------------------------------------------------------------


def test_s3_german_rounding():
    assert round_to_five(112) == 110
    assert round_to_five(113) == 115


def test_s3_card_values_and_pack():
    rules = preset("ukrainian")
    assert rules.pack_points == 160
    assert rules.max_bid == 440 and rules.min_bid == 50


def test_s3_ten_below_jack_as_written():
    rules = preset("ukrainian")
    assert winning_index(rules, cards("HT HJ"), None) == 1
    assert winning_index(preset("faq-pairs"), cards("HT HJ"), None) == 0


def test_s3_void_must_trump_and_no_overtake_duty():
    assert legal_set("ukrainian", "H6 HA C7", "H9") == {"H6", "HA"}
    assert legal_set("ukrainian", "DK CJ", "SJ", trump=_suit("D")) == {"DK"}


def _suit(letter):
    from engine import Suit

    return Suit.parse(letter)
