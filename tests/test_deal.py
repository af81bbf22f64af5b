"""The deal state machine: each phase and each rule's reason."""

import random

import pytest

from engine import (
    Answer,
    AskFull,
    AskHalf,
    Bid,
    Card,
    Deal,
    Declare,
    Discard,
    Give,
    Hold,
    IllegalAction,
    Pass,
    Play,
    Raise,
    Rank,
    Redeal,
    Return,
    Suit,
    format_record,
    parse_position,
    parse_record,
    preset,
)
from engine.core.match import Match
from engine.players import random_action

H, D, S, C = Suit.HEARTS, Suit.DIAMONDS, Suit.SPADES, Suit.CLUBS


def c(text):
    return tuple(Card.parse(t) for t in text.split())


def test_discard_goes_to_bidders_pile_and_counts():
    deal = Deal.new(preset("three-player"), seed=4, dealer=2)
    deal.apply(Bid(40)).apply(Pass()).apply(Pass())
    assert deal.phase == "discard" and deal.to_move == 0
    hand = deal.hands[0]
    assert deal.why_illegal(Discard(tuple(hand[:2]))).code == "wrong_card_count"
    outsider = next(card for card in deal.hands[1])
    assert deal.why_illegal(Discard((hand[0], hand[1], outsider))).code == "not_in_hand"
    discard = tuple(hand[:3])
    deal.apply(Discard(discard))
    assert deal.points[0] == sum(deal.rules.points[x.rank] for x in discard)
    assert len(deal.hands[0]) == 11 and deal.phase == "raise"
    assert deal.why_illegal(Raise(40)).code == "raise_not_higher"
    assert deal.why_illegal(Raise(47)).code == "raise_not_multiple"
    deal.apply(Raise(50))
    assert deal.contract == 50 and deal.bid == 40 and deal.phase == "play" and deal.to_move == 0


def test_house_rule_no_aces_or_tens_in_discard():
    rules = preset("three-player").replace(no_discard_aces_tens=True)
    deal = Deal.new(rules, seed=4, dealer=2)
    deal.apply(Bid(40)).apply(Pass()).apply(Pass())
    ace_or_ten = next(x for x in deal.hands[0] if x.rank in (0, 1))
    others = [x for x in deal.hands[0] if x is not ace_or_ten][:2]
    assert deal.why_illegal(Discard((ace_or_ten, *others))).code == "no_aces_or_tens"


def test_pairs_exchange_order_faq_and_ukrainian():
    for name, order in (("faq-pairs", ["give", "return", "raise"]), ("ukrainian", ["give", "raise", "return"])):
        deal = Deal.new(preset(name), seed=9, dealer=3)
        deal.apply(Bid(50)).apply(Pass()).apply(Pass()).apply(Pass())
        assert deal.bidder == 0
        seen = []
        while deal.phase != "play":
            seen.append(deal.phase)
            if deal.phase == "give":
                assert deal.to_move == 2
                deal.apply(Give(tuple(deal.hands[2][:3])))
                assert len(deal.hands[0]) == 12
            elif deal.phase == "return":
                deal.apply(Return(tuple(deal.hands[0][:3])))
            else:
                deal.apply(Hold())
        assert seen == order
        assert [len(h) for h in deal.hands] == [9, 9, 9, 9]


def test_german_exchanges_four_and_all_pass_plays_without_contract():
    deal = Deal.new(preset("german"), seed=2, dealer=3)
    assert deal.can(Pass())  # the opening is not forced
    assert deal.why_illegal(Bid(115)).code == "bid_below_minimum"
    for _ in range(4):
        deal.apply(Pass())
    assert deal.phase == "play" and deal.bidder is None and deal.leader == 0
    rng = random.Random(1)
    while not deal.is_over:
        deal.apply(random_action(deal, rng))
    score = deal.score()
    assert all(s.role == "free" and s.deal_score == s.rounded for s in score.sides)


def test_ace_then_spade_binds_the_first_leader_of_a_deal_without_contract():
    from engine.core.rules import OPTION_DOCS

    rules = preset("german").replace(first_lead="ace_then_spade")
    deal = Deal.new(rules, seed=2, dealer=3)
    for _ in range(4):
        deal.apply(Pass())
    assert deal.bidder is None and deal.to_move == 0
    hand = deal.hands[0]
    aces = [card for card in hand if card.rank is Rank.ACE]
    assert aces and {a.card for a in deal.legal_actions()} == set(aces)
    other = next(card for card in hand if card.rank is not Rank.ACE)
    assert deal.why_illegal(Play(other)).code == "must_lead_ace"
    # the documentation says the same: the first leader, the bidder or without a contract the first player
    assert "without a contract" in OPTION_DOCS["first_lead"].doc
    assert "bidder" not in str(deal.why_illegal(Play(other)))


def test_ukrainian_max_bid_and_three_sixes():
    rules = preset("ukrainian")
    hands = [
        list(c("S6 C6 D6 SA SK SQ SJ ST S9")),
        list(c("S8 S7 CA CK CQ CJ CT C9 C8")),
        list(c("C7 DA DK DQ DJ DT D9 D8 D7")),
        list(c("H6 HA HK HQ HJ HT H9 H8 H7")),
    ]
    deal = Deal(rules, hands, dealer=3)
    assert deal.can(Redeal())
    assert deal.why_illegal(Bid(445)).code == "bid_above_maximum"
    deal.apply(Bid(50))
    deal.apply(Pass())
    assert deal.why_illegal(Redeal()).code == "no_three_sixes"  # seat 2 has no three sixes
    deal2 = Deal(rules, hands, dealer=3)
    deal2.apply(Redeal())
    assert deal2.is_over and deal2.redealt


def test_no_bid_or_raise_beyond_what_a_deal_can_bring():
    # wikibooks-pairs states no maximum: the most a deal can bring is 120 + 280 bonuses = 400
    rules = preset("wikibooks-pairs")
    assert rules.max_bid == 0 and rules.highest_bid == 400
    deal = Deal.new(rules, seed=5, dealer=3)
    deal.apply(Bid(50))  # S1: the opening is the minimum
    for amount in (405, 5000):
        assert deal.why_illegal(Bid(amount)).code == "bid_above_maximum"
        assert deal.why_illegal(Bid(amount)).args == {"maximum": 400}
    assert deal.can(Bid(400)) and Bid(400) in deal.legal_actions() and Bid(405) not in deal.legal_actions()
    deal.apply(Bid(390)).apply(Pass()).apply(Pass()).apply(Pass())
    while deal.phase != "raise":
        deal.apply(deal.legal_actions()[0])
    assert deal.why_illegal(Raise(405)).code == "raise_above_maximum"
    assert [str(a) for a in deal.legal_actions()] == ["hold", "raise:395", "raise:400"]


def test_ukrainian_floor_allows_only_the_opening_minimum():
    rules = preset("ukrainian")
    deal = Deal.new(rules, seed=3, dealer=3, match_scores=[-500, 100])
    assert deal.why_illegal(Bid(55)).code == "below_floor"
    deal.apply(Bid(50))
    deal.apply(Bid(55))  # seat 1 is on the other side
    deal.apply(Pass())
    assert deal.to_move == 3
    deal.apply(Pass())
    assert deal.why_illegal(Bid(60)).code == "below_floor"


def test_partners_cannot_overbid_option():
    rules = preset("faq-pairs").replace(partners_cannot_overbid=True)
    deal = Deal.new(rules, seed=3, dealer=3)
    deal.apply(Bid(50)).apply(Pass())
    assert deal.why_illegal(Bid(55)).code == "partner_holds_bid"


PAIRS = "rules:faq-pairs/hands:{h0},{h1},{h2},{h3}/lead:0/tricks:3,1,1,1"


def test_full_pair_question_and_answer():
    pos = PAIRS.format(h0="A.A.K.", h1="K.K.A.", h2="..T.KQ", h3="Q.Q.Q.")
    deal = parse_position(pos)
    assert deal.why_illegal(Declare(H)).code == "needs_king_and_queen"
    deal.apply(AskFull())
    assert deal.to_move == 2 and deal.legal_actions() == [Answer(H)]
    assert deal.why_illegal(Answer(None)).code == "must_answer_truthfully"
    assert deal.why_illegal(Play(Card.parse("SA"))).code == "wrong_phase"
    deal.apply(Answer(H))
    assert deal.trump is H and deal.to_move == 0
    assert deal.why_illegal(Declare(D)).code == "declaration_used"


HALF_HANDS = "A.A.K.,J.J.A.,KQ..Q.,T.Q.J."


def test_half_question_locks_out_the_pair():
    deal = parse_position(f"rules:faq-pairs/hands:{HALF_HANDS}/lead:0/tricks:3,1,1,1")
    assert deal.why_illegal(AskHalf(S)).code == "needs_one_half"
    deal.apply(AskHalf(D))  # seat 0 holds the king of diamonds, the partner the queen
    assert deal.trump is D and deal.declarations[-1].how == "half"
    assert deal.half_askers == [0]
    assert deal.why_illegal(Declare(S)).code == "declaration_used"
    later = parse_position(f"rules:faq-pairs/hands:{HALF_HANDS}/lead:2/decl:D0h/tricks:3,1,1,1/half:0")
    assert later.why_illegal(Declare(S)).code == "pair_broken"
    assert later.why_illegal(AskFull()).code == "questions_over"


def test_ukrainian_has_no_half_lockout():
    later = parse_position(f"rules:ukrainian/hands:{HALF_HANDS}/lead:2/decl:D0h/tricks:3,1,1,1/half:0")
    assert later.why_illegal(Declare(S)) is None


def test_declaring_only_between_tricks_after_winning():
    deal = parse_position("rules:three-player/hands:KQ.A..,6.K.6.,9.Q.7./lead:0/tricks:3,3,2")
    assert deal.can(Declare(S))
    deal.apply(Play(Card.parse("CA")))
    assert deal.why_illegal(Declare(S), seat=0).code == "not_your_turn"
    assert deal.why_illegal(Declare(S)).code == "not_after_won_trick"
    first = Deal.new(preset("three-player"), seed=1)
    first.apply(Bid(40)).apply(Pass()).apply(Pass())
    first.apply(Discard(tuple(first.hands[1][:3]))).apply(Hold())
    assert first.why_illegal(Declare(S)).code == "not_after_won_trick"


def test_suit_declared_once_and_trump_changes():
    deal = parse_position("rules:three-player/hands:KQ.KQ.6.,A.7.98.J,T.8.7.AT/lead:0/decl:S0/tricks:3,2,1")
    assert deal.why_illegal(Declare(S)).code == "suit_already_declared"
    deal.apply(Declare(C))
    assert deal.trump is C and [str(d) for d in deal.declarations] == ["S0", "C0"]


def test_not_your_turn_and_wrong_phase():
    deal = Deal.new(preset("three-player"), seed=1)
    reason = deal.why_illegal(Bid(40), seat=2)
    assert reason.code == "not_your_turn" and reason.args == {"seat": 2, "to_move": 1}
    assert deal.why_illegal(Play(deal.hands[1][0])).code == "wrong_phase"
    with pytest.raises(IllegalAction) as info:
        deal.apply(Play(deal.hands[1][0]))
    assert "auction" in str(info.value)


def test_record_replay_reports_the_illegal_action():
    deal = Deal.new(preset("three-player"), seed=1)
    record = format_record(deal).replace("actions:", "actions:40,35")
    with pytest.raises(ValueError, match=r"action 2 \(35\) is illegal: A bid must be higher than 40"):
        parse_record(record)


def test_match_to_500_is_deterministic_and_ends():
    rules = preset("faq-pairs")
    results = []
    for _ in range(2):
        match = Match(rules, seed=5)
        rng = random.Random(5)
        while not match.is_over and len(match.deals) < 400:
            deal = match.deal
            while not deal.is_over:
                deal.apply(random_action(deal, rng))
            match.finish_deal()
        results.append((match.totals, match.result.winners, len(match.deals)))
    assert results[0] == results[1]
    assert results[0][1], "the match should end with a winner"
    assert max(results[0][0]) >= 500
