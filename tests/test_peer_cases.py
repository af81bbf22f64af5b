"""The peer implementation's rules as options (issue 35, item 3), and its cases as data.

The peer (PoggersOy/huutopussi, its engine's rule tests and its rules specification) disagrees
with this engine's defaults in a few places. Each disagreement is an option here, off by default
(so no preset changes): the peer's cases below are facts about the peer's rules, written in our
own notation and words, and each is played under the option that expresses it, so the agreement
cannot slip. Where our default differs, the same case is played without the option too."""

import json
import random
from pathlib import Path

import pytest

from engine import PRESETS, Deal, Pass, parse_action, parse_position, parse_rules
from engine.core.rules import OPTION_DOCS, RuleSetError

ROOT = Path(__file__).resolve().parent.parent
CATALOGS = {lang: json.loads((ROOT / "site" / "messages" / f"{lang}.json").read_text("utf-8")) for lang in ("fi", "en")}
NEW_RULES = (
    "reopen_from_start",
    "half_lock_asker",
    "widow_shown_at_first_trick",
    "late_redeal_at_raise",
    "late_redeal_by_pair",
    "sweep_counts_dead_hand",
    "no_look_back",
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


# -- the reopened auction's first bidder ------------------------------------------------------------

# The peer's bid ban with reopening: (match scores of sides 0 and 1, dealer, the passes before the
# reopening, the seats it reopens for, the peer's first bidder after it). The peer starts the
# reopened round clockwise from the dealer's left; our default starts after the last passer.
REOPENINGS = [
    # side 1 (seats 1 and 3) below the floor: 2 and 0 pass; the peer starts at 1, the dealer's left
    {"scores": [0, -505], "dealer": 0, "passes": [2, 0], "reopened": [1, 3], "peer_first": 1, "default_first": 1},
    # side 0 (seats 0 and 2) below the floor: 1 and 3 pass; from the dealer's left (1, not banned) to 2
    {"scores": [-505, 0], "dealer": 0, "passes": [1, 3], "reopened": [0, 2], "peer_first": 2, "default_first": 0},
    # the same with dealer 1 (its left, seat 2, is skipped): 3 and 1 pass; both start at 2
    {"scores": [-505, 0], "dealer": 1, "passes": [3, 1], "reopened": [0, 2], "peer_first": 2, "default_first": 2},
    # dealer 3 (its left, seat 0, is skipped): 1 and 3 pass; both start at 0
    {"scores": [-505, 0], "dealer": 3, "passes": [1, 3], "reopened": [0, 2], "peer_first": 0, "default_first": 0},
]


@pytest.mark.parametrize("case", REOPENINGS)
@pytest.mark.parametrize("option", [True, False])
def test_the_reopened_auction_starts_where_the_option_says(case, option):
    text = "german+floor_skips_and_reopens" + ("+reopen_from_start" if option else "")
    deal = Deal.new(parse_rules(text), seed=5, dealer=case["dealer"], match_scores=case["scores"])
    for seat in case["passes"]:
        assert deal.to_move == seat
        deal.apply(Pass())
    assert deal.phase == "auction" and deal.reopened
    assert sorted(s for s in range(4) if not deal.passed[s]) == case["reopened"]
    assert deal.to_move == case["peer_first" if option else "default_first"]
    # the reopened round goes on clockwise among the skipped seats, then a deal without a contract
    first = deal.to_move
    deal.apply(Pass())
    assert deal.to_move == next(s for s in case["reopened"] if s != first)
    deal.apply(Pass())
    assert deal.phase == "play" and deal.bidder is None


def test_reopen_from_start_needs_the_reopening():
    assert refused("german+reopen_from_start") == "rule_needs_reopening"
    rules = parse_rules("ukrainian+floor_skips_and_reopens+reopen_from_start")
    assert str(rules) == "ukrainian+floor_skips_and_reopens+reopen_from_start"
    assert parse_rules(str(rules)) == rules


# -- the asker's lock after a half question ------------------------------------------------------------

# Seat 0 asked its partner for a half (``half:0``) and now holds the king and queen of spades.
ASKER = "hands:KQ..K.,J.J.A.,A.8.Q.,T.Q.J./lead:0/tricks:3,1,1,1/half:0/declare:open"
# Seat 2 is the partner of the asker 0, holding the king and queen of spades.
PARTNER = "hands:A.A.K.,J.J.A.,KQ.8..,T.Q.J./lead:2/tricks:3,1,1,1/half:0/declare:open"

# The peer's lock-outs after a half question (its "illisoft" lock-outs): (rule set, position,
# the action, the code of our refusal or None when legal). The peer bars both partners' own pairs
# and the full-pair question, and lets half questions go on: faq-pairs with half_questions_repeat
# and half_lock_asker.
PEER = "faq-pairs+half_questions_repeat+half_lock_asker"
HALF_LOCKS = [
    (PEER, ASKER, "trump:S", "asked_half"),  # the asker's own pair: barred in the peer
    (PEER, PARTNER, "trump:S", "pair_broken"),  # the partner's own pair: barred
    (PEER, ASKER, "askfull", "full_after_half"),  # the full-pair question: barred
    (PEER, ASKER, "askhalf:D", None),  # another half: allowed
    ("faq-pairs", ASKER, "trump:S", None),  # S2 as read here: the asker's own pairs stay
    ("faq-pairs", PARTNER, "trump:S", "pair_broken"),
    ("faq-pairs+half_lock_asker", ASKER, "askhalf:D", "questions_over"),
]


@pytest.mark.parametrize("rules, position, action, code", HALF_LOCKS)
def test_the_lock_after_a_half_question(rules, position, action, code):
    from engine.search.solver import solve

    deal = parse_position(f"rules:{rules}/{position}")
    reason = deal.why_illegal(parse_action(action))
    assert (reason and reason.code) == code
    listed = {str(a) for a in deal.legal_actions()}
    assert (action in listed) == (code is None)
    # the solver offers exactly the legal actions
    assert {a["action"] for a in solve(deal).to_dict()["actions"]} == listed


def test_half_lock_asker_needs_the_lock_out_and_has_words():
    assert refused("ukrainian+half_lock_asker") == "rule_needs_half_lockout"
    for catalog in CATALOGS.values():
        assert catalog["reasons"]["asked_half"]


# -- an opening minimum off the step --------------------------------------------------------------------

# The peer rounds an opening minimum off the step up to the next multiple of the step: with a minimum
# of 52 and a step of 5 its lowest opening is 55, and 52 and 53 are refused. Here that is min_bid=55;
# min_bid_off_step is another rule (the minimum itself may be bid), not the peer's.
PEER_MINIMUM = {"minimum": 52, "step": 5, "lowest": 55, "refused": [50, 52, 53, 57]}


def _openings(text: str) -> list[int]:
    from engine import Bid

    deal = Deal.new(parse_rules(text), seed=1)
    return [a.amount for a in deal.legal_actions() if isinstance(a, Bid)]


def test_the_peers_minimum_off_the_step_is_rounded_up():
    case = PEER_MINIMUM
    rounded = case["minimum"] + -case["minimum"] % case["step"]
    assert rounded == case["lowest"]
    assert refused(f"three-player+min_bid={case['minimum']}") == "min_bid_step"
    peer = _openings(f"three-player+min_bid={rounded}")
    assert peer[0] == case["lowest"] and not set(case["refused"]) & set(peer)
    # the house rule min_bid_off_step is not the peer's: the minimum itself may be bid
    off_step = _openings(f"three-player+min_bid={case['minimum']}+min_bid_off_step")
    assert off_step[:2] == [case["minimum"], case["lowest"]]
    assert "peer" not in OPTION_DOCS["min_bid_off_step"].doc


# -- an open widow hidden until the first trick ----------------------------------------------------------

# The peer's open widow: every player sees the widow's cards during the first trick; before it (while
# the bidder puts cards away and raises) only the bidder has seen them. Here the widow is turned up
# when the bidder takes it, unless widow_shown_at_first_trick. (phase, whether the others see it)
OPEN_WIDOW = [("discard", False), ("raise", False), ("play", True)]


def _after_auction(text: str) -> Deal:
    from engine import Bid

    deal = Deal.new(parse_rules(text), seed=2, dealer=2)
    deal.apply(Bid(40)).apply(Pass()).apply(Pass())  # seat 0 bids first and takes the widow
    return deal


@pytest.mark.parametrize("option", [True, False])
def test_the_widow_is_shown_to_the_others_when_the_option_says(option):
    from engine.coach.game import public_log
    from engine.search.observe import observe, sample_deals

    deal = _after_auction("three-player" + ("+widow_shown_at_first_trick" if option else ""))
    widow = {str(c) for c in deal.initial_widow}
    for phase, others_see in OPEN_WIDOW:
        while deal.phase != phase:
            deal.apply(deal.legal_actions()[0])
        assert {str(c) for c in observe(deal, 0).widow} == widow  # the bidder always
        for seat in (1, 2):
            seen = {str(c) for c in observe(deal, seat).widow}
            told = {c for e in public_log(deal, seat) if e.get("kind") == "widow" for c in e["cards"]}
            assert (seen == widow == told) if others_see or not option else not (seen or told)
            if phase != "play":
                continue  # the others do not move before the play: nobody asks for made-up deals
            # made-up deals agree with what the seat has seen, and keep the bidder's hand its size
            for made_up in sample_deals(observe(deal, seat), random.Random(7), 3):
                assert made_up.hands[seat] == deal.hands[seat]
                assert len(made_up.hands[0]) == len(deal.hands[0])
    if option:  # the log says the bidder took it unseen, then shows it when the first trick begins
        kinds = [e["kind"] for e in public_log(deal, 1) if e["kind"].startswith("widow")]
        assert kinds == ["widow_secret", "widow"]


def test_widow_shown_at_first_trick_needs_a_widow_and_turns_a_secret_one_up_too():
    from engine.core.story import widow_seen

    assert refused("faq-pairs+widow_shown_at_first_trick") == "rule_needs_widow"
    rules = parse_rules("three-player+secret_widow+widow_shown_at_first_trick")
    assert not widow_seen(rules, 0, 1, "raise") and widow_seen(rules, 0, 1, "play") and widow_seen(rules, 0, 0, "raise")


# -- the late redeal for four sixes: who may ask, what counts, until when ------------------------------


def _four_player(sixes_at: dict[int, int]) -> Deal:
    """faq-pairs, dealer 0 (seat 1 bids first): ``sixes_at`` seat -> how many sixes it holds."""
    from engine.core.cards import ALL_CARDS, Rank

    sixes = [c for c in ALL_CARDS if c.rank is Rank.SIX]
    rest = [c for c in ALL_CARDS if c.rank is not Rank.SIX]
    hands = []
    for seat in range(4):
        own = [sixes.pop() for _ in range(sixes_at.get(seat, 0))]
        hands.append(own + [rest.pop() for _ in range(9 - len(own))])
    return hands


PAIR_LATE = "faq-pairs+redeal_four_sixes_late+late_redeal_by_pair+late_redeal_at_raise"

# The peer's late redeal in the partnership game (its "bidding and exchange" window, the pair's hands
# counted together), seat 1 the bidder at 50 and seat 3 its partner: (the sixes each seat holds, the
# step, the seat to move there, may it demand here, does the demand hold). Where the peer lets a seat
# without a six demand (its partner holding all four), here it may not: it cannot know.
LATE_CASES = [
    ({1: 2, 3: 2}, "give", 3, True, True),  # split 2+2: the partner while giving
    ({1: 2, 3: 2}, "return", 1, True, True),  # the bidder while returning
    ({1: 2, 3: 2}, "raise", 1, True, True),  # and at the raise
    ({1: 3, 0: 1}, "give", 3, False, None),  # the partner has no six: nothing to ask with
    ({1: 3, 0: 1}, "return", 1, True, False),  # the pair holds three: the demand fails
    ({0: 2, 2: 2}, "return", 1, False, None),  # the other pair holds them
    ({1: 4}, "give", 3, False, None),  # the peer: yes (its partner holds all four); here it cannot know
    ({1: 4}, "return", 1, True, True),
]


def _to_step(sixes_at: dict, step: str, text: str = PAIR_LATE) -> Deal:
    from engine import Bid

    deal = Deal(parse_rules(text), _four_player(sixes_at), (), dealer=0)
    deal.apply(Bid(50)).apply(Pass()).apply(Pass()).apply(Pass())
    while deal.phase != step:
        deal.apply(next(a for a in deal.legal_actions() if str(a) != "redeal"))
    return deal


@pytest.mark.parametrize("sixes_at, step, seat, may, holds", LATE_CASES)
def test_the_pairs_late_redeal(sixes_at, step, seat, may, holds):
    from engine.core.actions import Redeal

    deal = _to_step(sixes_at, step)
    assert deal.to_move == seat
    assert (Redeal() in deal.legal_actions()) == may
    if not may:
        assert deal.why_illegal(Redeal()).code == "no_four_sixes"
        return
    deal.apply(Redeal())
    assert deal.redealt == holds and deal.is_over == holds
    if not holds:  # everybody hears it failed; the same step goes on, and the seat asks no more
        assert deal.phase == step and deal.to_move == seat
        assert deal.why_illegal(Redeal()).code == "redeal_asked"
        assert Redeal() not in deal.legal_actions()


def test_without_the_pair_rule_only_the_bidders_own_four_count_and_not_at_the_raise():
    from engine.core.actions import Redeal

    plain = "faq-pairs+redeal_four_sixes_late"
    assert _to_step({1: 2, 3: 2}, "give", plain).why_illegal(Redeal()).code == "wrong_phase"
    assert _to_step({1: 2, 3: 2}, "return", plain).why_illegal(Redeal()).code == "no_four_sixes"
    assert _to_step({1: 4}, "raise", plain).why_illegal(Redeal()).code == "wrong_phase"
    assert Redeal() in _to_step({1: 4}, "raise", plain + "+late_redeal_at_raise").legal_actions()


def test_a_failed_demand_is_heard_and_made_up_deals_agree_with_it():
    from engine.core.actions import Redeal
    from engine.core.cards import Rank
    from engine.search.observe import observe, sample_deals

    deal = _to_step({1: 3, 0: 1}, "return")
    deal.apply(Redeal())
    assert [e["kind"] for e in public_log_of(deal, 0)][-1] == "redeal_failed"
    made_up = sample_deals(observe(deal, 1), random.Random(3), 12)
    assert made_up
    for other in made_up:
        assert other.phase == "return"
        assert sum(c.rank is Rank.SIX for s in (1, 3) for c in other.hands[s]) < 4


def public_log_of(deal: Deal, seat: int) -> list[dict]:
    from engine.coach.game import public_log

    return public_log(deal, seat)


# The peer's late redeal in the three-player game: seat 1 holds three sixes and the widow the fourth.
# (whether the raise is allowed too, the step, the cards put away hold a six, may it demand there)
SOLO_LATE = [
    (False, "discard", False, True),  # after taking the widow: here too
    (False, "raise", False, False),  # the peer: at the raise too; here only with late_redeal_at_raise
    (True, "raise", False, True),
    (True, "raise", True, False),  # a six put away: gone
]


@pytest.mark.parametrize("at_raise, step, six_away, may", SOLO_LATE)
def test_the_three_player_late_redeal(at_raise, step, six_away, may):
    from engine import Bid, Discard
    from engine.core.actions import Redeal
    from engine.core.cards import ALL_CARDS, Rank

    sixes = [c for c in ALL_CARDS if c.rank is Rank.SIX]
    rest = [c for c in ALL_CARDS if c.rank is not Rank.SIX]
    hands = [rest[0:11], sixes[:3] + rest[11:19], rest[19:30]]
    text = "three-player+redeal_four_sixes_late" + ("+late_redeal_at_raise" if at_raise else "")
    deal = Deal(parse_rules(text), hands, [sixes[3], *rest[30:32]], dealer=0)
    assert deal.why_illegal(Redeal()) is not None  # three sixes at the first turn: not yet
    deal.apply(Bid(40)).apply(Pass()).apply(Pass())
    if step == "raise":
        hand = deal.hands[1]
        away = [sixes[3]] if six_away else []
        away += [c for c in hand if c.rank is not Rank.SIX][: 3 - len(away)]
        deal.apply(Discard(tuple(away)))
    assert deal.phase == step and (Redeal() in deal.legal_actions()) == may


# -- a half question after the other half was played ------------------------------------------------------

# Seat 0 holds the king of spades; the queen of spades has been played (it is in no hand).
HALF_PLAYED = "hands:K.A.K.,J.J.A.,A.8.Q.,T.Q.J./lead:0/tricks:3,1,1,1/declare:open"


@pytest.mark.parametrize("rules, locked", [("faq-pairs", True), ("ukrainian", False), ("wikibooks-pairs", False)])
def test_a_half_question_for_a_played_half_is_asked_and_answered_no(rules, locked):
    """docs/rules-readings.md: no source forbids asking; the answer is no, and under S2's lock-out
    the pair's questions end with it."""
    from engine.core.cards import Suit

    deal = parse_position(f"rules:{rules}/{HALF_PLAYED}")
    assert "askhalf:S" in {str(a) for a in deal.legal_actions()}
    deal.apply(parse_action("askhalf:S"))
    assert deal.trump is None and not deal.declarations and deal.phase == "play"
    deal.apply(parse_action("SK")).apply(parse_action("SJ")).apply(parse_action("SA"))
    deal.apply(parse_action("ST"))  # seat 2 wins with the ace; it may not ask if the pair is locked
    assert deal.to_move == 2 and deal.declare_state == "open"
    reason = deal.why_illegal(parse_action("askhalf:D"))
    assert (reason is not None and reason.code == "questions_over") == locked
    assert Suit.SPADES not in {d.suit for d in deal.declarations}


# -- a two-player sweep scored as the whole pack ---------------------------------------------------------

# The peer's two-player game with a dead hand: a player who wins every trick scores the whole pack's
# card points, the last trick and its declarations, whatever the dead hand held. Seat 0 has taken
# every trick, declared hearts and leads the last trick with the ace of spades; the dead hand holds
# 6 points (the king and jack of clubs).
PEER_SWEEP = {
    "rules": "wikibooks-2p+dead_hand+last_trick_bonus=20",
    "position": "hands:A...,6.../lead:0/decl:H0/bidder:0/bid:{bid}/dead:987.KJ9876.98./points:103,0/tricks:10,0",
    "peer_total": 240,  # 120 + 20 + 100
    "default_total": 234,  # the dead hand's 6 points are nobody's
}


@pytest.mark.parametrize("option", [True, False])
def test_a_sweep_counts_the_dead_hand_when_the_option_says(option):
    case = PEER_SWEEP
    total = case["peer_total" if option else "default_total"]
    for bid, made in ((240, option), (230, True)):
        text = case["rules"] + ("+sweep_counts_dead_hand" if option else "")
        deal = parse_position(f"rules:{text}/" + case["position"].format(bid=bid))
        deal.apply(parse_action("SA")).apply(parse_action("S6"))
        bidder = deal.score().sides[0]
        assert bidder.total == total and bidder.contract_made == made
        assert bidder.deal_score == (bid if made else -bid)


def test_without_a_sweep_the_dead_hand_stays_nobodys():
    case = PEER_SWEEP
    text = case["rules"] + "+sweep_counts_dead_hand"
    deal = parse_position(f"rules:{text}/" + case["position"].format(bid=40).replace("A...,6...", "6...,A..."))
    deal.apply(parse_action("S6")).apply(parse_action("SA"))  # seat 1 takes the last trick
    assert [side.card_points for side in deal.score().sides] == [103, 11]


def test_sweep_counts_dead_hand_needs_the_dead_hand():
    assert refused("wikibooks-2p+sweep_counts_dead_hand") == "rule_needs_dead_hand"


def _brute(deal: Deal, side: int) -> int:
    """The side's deal total with best play by both, by trying every line (a few cards only)."""
    from engine.core.scoring import score_deal

    if deal.is_over:
        return next(s.total for s in score_deal(deal).sides if s.side == side)
    values = []
    for action in deal.legal_actions():
        child = deal.copy()
        child.apply(action)
        values.append(_brute(child, side))
    return max(values) if deal.rules.side_of(deal.to_move) == side else min(values)


def test_the_solver_knows_a_sweep_brings_the_dead_hand():
    """Positions three tricks from the end in which seat 0 has taken every trick so far: the solver's
    value for each side is what trying every line gives, with the sweep counted."""
    import re

    from engine import format_position
    from engine.core.scoring import side_points
    from engine.players import random_action
    from engine.search.solver import Solver

    rules = parse_rules("wikibooks-2p+dead_hand+sweep_counts_dead_hand")
    differs = checked = 0
    for seed in range(14):
        deal = Deal.new(rules, seed)
        rng = random.Random(seed)
        while not deal.is_over and not (deal.phase == "play" and deal.tricks_played == 8 and not deal.trick):
            deal.apply(random_action(deal, rng))
        if deal.is_over:
            continue
        text = re.sub(r"points:\d+,\d+", f"points:{sum(deal.points)},0", format_position(deal))
        text = re.sub(r"tricks:\d+,\d+", "tricks:8,0", text)
        position = parse_position(text)
        for side in (0, 1):
            value = Solver(position.copy(), max_side=side).value()
            assert value == _brute(position, side) - side_points(position, side), (text, side)
            checked += 1
        plain = parse_position(text.replace("+sweep_counts_dead_hand", ""))
        differs += Solver(plain.copy(), max_side=0).value() != Solver(position.copy(), max_side=0).value()
    assert checked >= 16 and differs >= 2


@pytest.mark.parametrize("needs_trick, cards", [(True, [120, 0]), (False, [115, 5])])
def test_a_sweep_against_the_bidder_on_a_score_sheet(needs_trick, cards):
    """Seat 1 bid and took no trick (its pile is its discard, 5 points); seat 0 took every trick,
    and the piles leave 15 points in the dead hand. The sweep takes them, and with
    discard_needs_trick the discard the bidder may not count: the whole pack less what another
    side counts."""
    from engine.core.tally import record_deal

    text = "wikibooks-2p+dead_hand+sweep_counts_dead_hand" + ("+discard_needs_trick" if needs_trick else "")
    entry = {"bidder": 1, "bid": 40, "points": [100, 5], "no_tricks": [1]}
    score = record_deal(parse_rules(text), entry, 1, 0, [0, 0]).score()
    assert [side.card_points for side in score.sides] == cards
