"""Rule options and presets: house rules are marked as such and off in every preset; the readings
settled from the sources' words."""

import json
from pathlib import Path

import pytest

from engine import format_position, format_record
from engine.core.rules import OPTION_DOCS, PRESETS, RuleSet

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


# -- readings settled from the sources' words ------------------------------------------------


def test_s1_opener_bids_the_minimum_but_s0_may_open_higher():
    from engine import Bid, Deal, preset

    for name in ("wikibooks", "wikibooks-pairs", "wikibooks-2p", "wikibooks-4p"):
        rules = preset(name)
        assert rules.opening_is_minimum
        deal = Deal.new(rules, seed=1)
        reason = deal.why_illegal(Bid(rules.min_bid + 5))
        assert reason.code == "opening_must_be_minimum" and reason.args == {"minimum": rules.min_bid}
        assert [str(a) for a in deal.legal_actions()] == [str(rules.min_bid)]
        deal.apply(Bid(rules.min_bid))
        assert deal.can(Bid(rules.min_bid + 20))  # raises are free again
    for name in ("three-player", "faq", "ukrainian", "german"):
        assert not preset(name).opening_is_minimum
    assert Deal.new(preset("three-player"), seed=1).can(Bid(60))  # S0: "40, 45 or for example 60"


def test_german_rounding_example_can_happen():
    import random

    from engine import Deal, preset
    from engine.players import play_out

    german = preset("german")
    assert (german.card_points, german.last_trick_bonus) == ("standard", 10)
    needed = {"german": 0, "ukrainian-values": 0}
    for name, rules in (
        ("german", german),
        ("ukrainian-values", german.replace(card_points="ukrainian", last_trick_bonus=20)),
    ):
        for seed in range(60):
            deal = play_out(Deal.new(rules, seed, dealer=seed % 4), random.Random(seed))
            if not deal.redealt:
                needed[name] += sum(s.rounded != s.total for s in deal.score().sides)
    assert needed["german"] > 20 and needed["ukrainian-values"] == 0, needed


def test_s3_new_bid_after_the_exchange_is_a_higher_bid():
    from engine.core.rules import OPTION_DOCS

    doc = OPTION_DOCS["raise_allowed"]
    assert "new bid" in doc.doc and "S3" in doc.source


def test_wikibooks_pairs_has_only_the_half_question():
    from engine import AskFull, AskHalf, preset

    assert not preset("wikibooks-pairs").full_pair_question
    assert preset("faq-pairs").full_pair_question and preset("ukrainian").full_pair_question
    assert AskFull and AskHalf


# -- house rules of the auction --------------------------------------------------------------


def test_dealer_opens_and_last_seat_must_open():
    from engine import Bid, Deal, Pass, preset

    deal = Deal.new(preset("three-player").replace(dealer_opens=True), seed=1, dealer=2)
    assert deal.to_move == 2 and deal.first_bidder == 2
    deal = Deal.new(preset("german").replace(last_seat_must_open=True), seed=1, dealer=3)
    for _ in range(3):
        deal.apply(Pass())
    assert deal.why_illegal(Pass()).code == "last_must_open"
    assert Pass() not in deal.legal_actions()
    deal.apply(Bid(120))
    assert deal.bidder == 3


def test_the_maximum_bid_ends_the_auction_at_once():
    from engine import Bid, Deal, preset

    deal = Deal.new(preset("ukrainian").replace(max_bid_ends_auction=True), seed=1, dealer=3)
    deal.apply(Bid(50)).apply(Bid(440))
    assert deal.bidder == 1 and deal.phase == "give"
    deal = Deal.new(preset("ukrainian"), seed=1, dealer=3)
    deal.apply(Bid(50)).apply(Bid(440))
    assert deal.phase == "auction"  # the others still pass in turn


def test_redeal_conditions_and_their_reasons():
    from engine import Bid, Card, Deal, Redeal, preset

    def deal_with(rules, hands):
        return Deal(rules, [[Card.parse(c) for c in h.split()] for h in hands], dealer=3)

    hands = [
        "S6 C6 D6 SJ S9 S8 S7 C9 C8",  # three sixes, nothing above the jack
        "H6 SA ST SK SQ CA CT CK CQ",
        "C7 DA DK DQ DJ DT D9 D8 D7",
        "HA HK HQ HJ HT H9 H8 H7 CJ",
    ]
    faq_pairs = preset("faq-pairs")
    assert deal_with(faq_pairs, hands).why_illegal(Redeal()).code == "no_redeal"
    low = faq_pairs.replace(redeal_no_high_cards=True)
    assert deal_with(low, hands).can(Redeal())
    other = deal_with(low, hands)
    other.apply(Bid(50))
    assert other.why_illegal(Redeal()).code == "redeal_high_card" and other.why_illegal(Redeal()).args == {"card": "SA"}
    four = faq_pairs.replace(redeal_four_sixes=True)
    # the pairs game: seat 0 sees its own three sixes only, so it may ask; seat 2 holds no six, so
    # the demand fails for all to hear and seat 0 bids or passes as before
    failed = deal_with(four, hands)
    assert failed.can(Redeal())
    failed.apply(Redeal())
    assert not failed.redealt and failed.phase == "auction" and failed.to_move == 0
    assert failed.why_illegal(Redeal()).code == "redeal_first_turn" and failed.can(Bid(50))
    hands_four = [hands[0], hands[1], hands[2].replace("C7", "H6"), hands[3]]
    hands_four[1] = hands_four[1].replace("H6", "C7")
    assert deal_with(four, hands_four).can(Redeal())
    assert deal_with(four, hands_four).apply(Redeal()).redealt
    no_six = deal_with(four, hands)
    no_six.apply(Bid(50))  # seat 1 holds the other six: asked about its own, never its partner's
    assert no_six.can(Redeal())
    no_six_hands = [hands[0], hands[1].replace("H6", "C7"), hands[2].replace("C7", "H6"), hands[3]]
    seat1 = deal_with(four, no_six_hands)
    seat1.apply(Bid(50))
    assert seat1.why_illegal(Redeal()).code == "no_four_sixes" and seat1.why_illegal(Redeal()).args == {"count": 0}
    both = four.replace(redeal_no_high_cards=True)
    seat1 = deal_with(both, no_six_hands)  # seat 1: no six, cards above the jack
    seat1.apply(Bid(50))
    assert seat1.why_illegal(Redeal()).code == "redeal_not_eligible"
    seat0 = deal_with(preset("ukrainian"), hands)
    seat0.apply(Bid(50)).apply(Bid(55)).apply(Bid(60)).apply(Bid(65))
    assert seat0.why_illegal(Redeal()).code == "redeal_first_turn"


# -- partner questions: S1's half question only, and the house rules ------------------------

HALF_HANDS = "A.A.K.,J.J.A.,KQ..Q.,T.Q.J."  # seat 0 ♠A ♣A ♦K, seat 2 (its partner) ♠K ♠Q ♦Q


def _position(rules, lead=0, extra=""):
    from engine import parse_position

    return parse_position(f"rules:{rules}/hands:{HALF_HANDS}/lead:{lead}/tricks:3,1,1,1{extra}")


def test_s1_pairs_ask_only_for_the_half():
    from engine import AskFull, AskHalf, Suit

    deal = _position("wikibooks-pairs")
    assert deal.why_illegal(AskFull()).code == "no_full_question"
    assert "askfull" not in {str(a) for a in deal.legal_actions()}
    deal.apply(AskHalf(Suit.DIAMONDS))
    assert deal.trump is Suit.DIAMONDS


def test_half_question_holding_both_or_neither():
    from engine import AskHalf, Suit

    S, C = Suit.SPADES, Suit.CLUBS
    assert _position("faq-pairs", lead=2).why_illegal(AskHalf(S)).code == "needs_one_half"
    assert _position("faq-pairs").why_illegal(AskHalf(S)).code == "needs_one_half"
    with_pair = _position("faq-pairs+half_question_with_pair", lead=2)
    assert with_pair.can(AskHalf(S))
    with_pair.apply(AskHalf(S))
    assert with_pair.trump is None and with_pair.declare_state == "used"  # the answer is always no
    assert _position("faq-pairs+half_question_with_pair").why_illegal(AskHalf(C)).code == "needs_king_or_queen"
    bluff = _position("faq-pairs+half_question_bluff")
    bluff.apply(AskHalf(S))  # seat 0 holds neither; the partner holds both
    assert bluff.trump is S and bluff.declarations[-1].how == "half"
    nothing = _position("faq-pairs+half_question_bluff+half_question_lockout=off")
    nothing.apply(AskHalf(C))  # nobody in the pair holds a club king or queen
    assert nothing.trump is None
    assert _position("faq-pairs+half_question_bluff", lead=2).why_illegal(AskHalf(S)).code == "half_holds_pair"


def test_full_question_lockout_and_half_question_once():
    from engine import Answer, AskFull, AskHalf, Declare, Play, Suit, parse_position

    deal = _position("faq-pairs+full_question_lockout")
    deal.apply(AskFull()).apply(Answer(Suit.SPADES))
    text = format_position(deal)
    assert "/full:0" in text and format_position(parse_position(text)) == text
    # later: seat 0 may not declare its own pairs, seat 2 may not ask for a full pair
    locked = parse_position(
        "rules:faq-pairs+full_question_lockout/hands:KQ..K.,J.J.A.,A.A.Q.,T.Q.J./lead:0/decl:H2f/tricks:3,1,1,1/full:0"
    )
    assert locked.why_illegal(Declare(Suit.SPADES)).code == "asked_full_pair"
    barred = parse_position(f"rules:faq-pairs+full_question_lockout/hands:{HALF_HANDS}/lead:2/tricks:3,1,1,1/full:0")
    assert barred.why_illegal(AskFull()).code == "full_question_barred"
    assert barred.can(Declare(Suit.SPADES))  # its own pairs stay free

    once = _position("ukrainian+half_question_once+half_question_bluff")
    once.apply(AskHalf(Suit.CLUBS))  # a bluff, refused: nobody in the pair holds a club king or queen
    assert once.trump is None and once.why_illegal(AskHalf(Suit.CLUBS)).code == "declaration_used"
    text = format_position(once)
    assert text.endswith("/declare:used/half:0C") and format_position(parse_position(text)) == text
    partner = parse_position(text.replace("lead:0", "lead:2").replace("/declare:used", ""))
    assert partner.why_illegal(AskHalf(Suit.CLUBS)).code == "half_already_asked"
    assert partner.can(AskHalf(Suit.HEARTS)) and Play  # another suit is still free


# -- house rules of the widow and the match end -----------------------------------------------


def test_six_card_widow():
    import random

    from engine import Deal, parse_record, preset
    from engine.players import play_out

    rules = preset("three-player").replace(six_card_widow=True)
    assert (rules.widow_size, rules.hand_size) == (6, 10)
    assert preset("wikibooks-2p").replace(six_card_widow=True).hand_size == 15
    deal = play_out(Deal.new(rules, 3), random.Random(3))
    assert len(deal.initial_widow) == 6 and len(deal.discard) == 6
    assert format_record(parse_record(format_record(deal))) == format_record(deal)
    assert sum(s.card_points for s in deal.score().sides) == 120


def test_secret_widow_is_shown_only_to_the_bidder():
    from engine.coach.game import step

    seen = {}
    for rules in ("three-player", "three-player+secret_widow"):
        view = step({"rules": rules, "seed": 0, "history": [[]]})
        view = step({"rules": rules, "seed": 0, "history": view["history"], "action": "p"})
        assert view["bidder"] == 1  # a computer took the widow
        seen[rules] = view["widow"]
    assert len(seen["three-player"]) == 3 and seen["three-player+secret_widow"] == []


def test_bidder_wins_ties():
    from engine import preset
    from engine.core.match import match_result

    for name in ("three-player", "ukrainian"):
        rules = preset(name).replace(bidder_wins_ties=True)
        totals = [505, 505] + [100] * (rules.sides - 2)
        assert match_result(rules, totals, bidder_side=1).winners == [1]
        plain = match_result(preset(name), totals, bidder_side=1)
        assert plain.winners == ([0, 1] if name == "three-player" else []) and plain.extra_deal == (name == "ukrainian")
    # the bidder not among the tied: the preset's own tie rule
    rules = preset("three-player").replace(bidder_wins_ties=True)
    assert match_result(rules, [505, 505, 100], bidder_side=2).winners == [0, 1]


@pytest.mark.parametrize(
    "text",
    [
        "faq+forced_opening=off+bidding_floor=100",
        "wikibooks-2p+forced_opening=off+bidding_floor=5",
        "ukrainian+forced_opening=off+bidding_floor=1",
    ],
)
def test_a_rule_set_that_can_never_play_a_deal_is_refused(text):
    """A positive bidding floor puts every side at or below it when a match starts (at 0), where
    only a forced opening may bid: without one nobody could ever bid, and every deal is redealt."""
    from engine import parse_rules
    from engine.core.rules import RuleSetError

    with pytest.raises(RuleSetError) as caught:
        parse_rules(text)
    assert caught.value.code == "floor_blocks_every_deal" and caught.value.params["floor"] > 0


@pytest.mark.parametrize(
    "text",
    [
        "faq+bidding_floor=100",
        "faq+forced_opening=off+bidding_floor=100+last_seat_must_open",
        "faq+forced_opening=off+bidding_floor=100+all_pass_no_contract",
        "faq+forced_opening=off+bidding_floor=100+floor_skips_and_reopens",
        "german+bidding_floor=-100",
    ],
)
def test_a_rule_set_with_a_floor_that_is_accepted_plays_deals(text):
    """Every rule set with a bidding floor that is accepted plays a deal within a few."""
    import random

    from engine import parse_rules
    from engine.core.match import Match
    from engine.players import random_action

    rules = parse_rules(text)
    match = Match(rules, seed=1)
    rng = random.Random(1)
    played = 0
    for _ in range(10):
        while not match.deal.is_over:
            match.deal.apply(random_action(match.deal, rng))
        played += not match.deal.redealt
        match.finish_deal()
        if match.is_over:
            break
    assert played > 0
