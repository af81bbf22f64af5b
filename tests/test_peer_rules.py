"""House rules from the peer implementation's rule suite (issue 29, item 6), each off in every preset:
an opening minimum off the bid step, the bidder's side winning when several sides reach the
target, the untaken widow shown at the first trick of a deal without a contract, half
questions that stay repeatable under the half-question lock-out, a late redeal for four sixes,
the bid ban that skips and reopens, and the two-player game with a dead hand."""

import json
import random
import re
from pathlib import Path

import pytest

from engine import (
    PRESETS,
    Bid,
    Deal,
    Hold,
    Pass,
    Raise,
    format_position,
    format_record,
    parse_action,
    parse_position,
    parse_record,
    parse_rules,
)
from engine.coach.game import public_log
from engine.core.match import match_result
from engine.core.notation import PositionError
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
    "dead_hand",
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


# -- the two-player game with a dead hand ------------------------------------------------------------

DEAD = "wikibooks-2p+dead_hand"


def test_the_dead_hand_is_for_two_players_each_for_themselves():
    assert refused("three-player+dead_hand") == "rule_needs_two_players"
    assert refused("wikibooks-4p+dead_hand") == "rule_needs_two_players"
    assert refused("faq-pairs+dead_hand") == "rule_needs_two_players"
    rules = parse_rules(DEAD)
    assert (rules.hand_size, rules.widow_size, rules.dead_size) == (11, 3, 11)
    assert rules.highest_bid == PRESETS["wikibooks-2p"].highest_bid  # the dead hand may be worth nothing
    six = parse_rules(DEAD + "+six_card_widow")  # dealt as for three with six in the widow
    assert (six.hand_size, six.widow_size, six.dead_size) == (10, 6, 10)


@pytest.mark.parametrize("text", [DEAD, DEAD + "+six_card_widow"])
@pytest.mark.parametrize("dealer", [0, 1])
def test_it_is_dealt_as_for_three_from_the_dealers_left(text, dealer):
    from engine.core.cards import ALL_CARDS

    rules = parse_rules(text)
    seed = 7
    deal = Deal.new(rules, seed, dealer)
    deck = list(ALL_CARDS)
    random.Random(seed).shuffle(deck)
    size = rules.hand_size
    left, dealer_seat = (dealer + 1) % 2, dealer
    assert set(deal.hands[left]) == set(deck[0 : 3 * size : 3])
    assert set(deal.hands[dealer_seat]) == set(deck[1 : 3 * size : 3])
    assert set(deal.dead) == set(deck[2 : 3 * size : 3])
    assert set(deal.widow) == set(deck[3 * size :])


def _played_out(text: str, seed: int) -> Deal:
    from engine.players import random_action

    deal = Deal.new(parse_rules(text), seed, seed % 2)
    rng = random.Random(seed)
    while not deal.is_over:
        deal.apply(random_action(deal, rng))
    return deal


@pytest.mark.parametrize("seed", range(12))
def test_nobody_plays_from_the_dead_hand_and_its_points_are_nobodys(seed):
    deal = _played_out(DEAD, seed)
    rules = deal.rules
    dead = set(deal.dead)
    assert len(dead) == 11
    assert not dead & {a.card for _, a in deal.history if hasattr(a, "card")}
    assert not dead & {c for pile in deal.piles for c in pile}
    if deal.redealt:
        return
    assert deal.tricks_played == 11
    pack = 4 * sum(rules.points)
    taken = sum(deal.points) - rules.last_trick_bonus
    untaken = sum(rules.points[c.rank] for c in deal.initial_widow) if deal.bidder is None else 0
    assert taken == pack - sum(rules.points[c.rank] for c in deal.dead) - untaken
    deal.score()  # scores like any deal
    record = format_record(deal)
    assert "/dead:" not in record  # a record never names the dead hand: it is the rest of the pack
    again = parse_record(record)
    assert again.dead == deal.dead and again.points == deal.points and format_record(again) == record


def test_a_king_or_queen_in_the_dead_hand_makes_that_pair_impossible():
    from engine.core.actions import Declare
    from engine.core.cards import Card, Rank, Suit

    # seat 0 holds the king of hearts, the queen is dead
    position = (
        "rules:wikibooks-2p+dead_hand/hands:A..A.K,T..T.A/lead:0/dead:KQJ9.AKQJ9.K.Q/tricks:8,0"
        "/bidder:0/bid:40/declare:open"
    )
    deal = parse_position(position)
    assert Card(Suit.HEARTS, Rank.QUEEN) in deal.dead and Card(Suit.HEARTS, Rank.KING) in deal.hands[0]
    assert deal.why_illegal(Declare(Suit.HEARTS)).code == "needs_king_and_queen"
    assert not any(isinstance(a, Declare) for a in deal.legal_actions())


def test_a_position_names_the_dead_hand_and_reads_back_as_itself():
    position = "rules:wikibooks-2p+dead_hand/hands:A..A.K,T..T.A/lead:0/dead:KQJ9.AKQJ9.K.Q"
    deal = parse_position(position)
    assert len(deal.dead) == 11
    assert format_position(parse_position(format_position(deal))) == format_position(deal)
    assert "dead:KQJ9.AKQJ9.K.Q" in format_position(deal)
    with pytest.raises(PositionError) as missing:
        parse_position("rules:wikibooks-2p+dead_hand/hands:A..A.K,T..T.A/lead:0")
    assert missing.value.code == "missing_field" and missing.value.params["field"] == "dead"
    with pytest.raises(PositionError) as short:
        parse_position(position[: -len(".Q")] + ".")
    assert short.value.code == "dead_size" and short.value.params == {"field": "dead", "count": 10, "want": 11}
    with pytest.raises(PositionError) as empty:
        parse_position(position.replace("KQJ9.AKQJ9.K.Q", ""))
    assert empty.value.code == "dead_size" and empty.value.params["count"] == 0
    with pytest.raises(PositionError) as unreadable:
        parse_position(position.replace("KQJ9.AKQJ9.K.Q", "KQJ9.AKQJ9"))
    assert unreadable.value.code == "dead_unreadable" and unreadable.value.params == {"field": "dead"}
    with pytest.raises(PositionError) as twice:
        parse_position(position.replace("dead:KQJ9", "dead:AQJ9"))
    assert twice.value.code == "card_twice"
    with pytest.raises(PositionError) as elsewhere:
        parse_position("rules:wikibooks-2p/hands:A..A.K,T..T.A/lead:0/dead:KQJ9.AKQJ9.K.Q")
    assert elsewhere.value.code == "dead_not_in_rules"
    for code in ("dead_size", "dead_unreadable", "dead_not_in_rules", "rule_needs_two_players"):
        for catalog in CATALOGS.values():
            assert catalog["errors"][code]


def test_the_dead_hands_points_are_out_of_play_in_a_position():
    """Points taken are the pack less the cards in play and the dead hand: a points field that
    counts the dead hand as taken is refused."""
    position = "rules:wikibooks-2p+dead_hand/hands:A..A.K,T..T.A/lead:0/dead:KQJ9.AKQJ9.K.Q"
    deal = parse_position(position)
    rules = deal.rules
    in_play = sum(rules.points[c.rank] for h in deal.hands for c in h)
    dead = sum(rules.points[c.rank] for c in deal.dead)
    taken = 4 * sum(rules.points) - in_play - dead
    assert parse_position(position + f"/points:{taken},0").points == [taken, 0]
    with pytest.raises(PositionError):
        parse_position(position + f"/points:{taken + dead},0")


@pytest.mark.parametrize("seed", range(6))
def test_a_seat_never_sees_the_dead_hand_and_its_guesses_spread_over_both_unknown_places(seed):
    from engine.players import random_action
    from engine.search.observe import DEAD as DEAD_PLACE
    from engine.search.observe import _places

    deal = Deal.new(parse_rules(DEAD), seed)
    rng = random.Random(seed)
    for _ in range(rng.randrange(0, 14)):
        if deal.is_over:
            break
        deal.apply(random_action(deal, rng))
    dead = set(deal.dead)
    for seat in range(2):
        obs = observe(deal, seat)
        assert not dead & (set(obs.hand) | set(obs.widow) | set(obs.discard) | set(obs.played()))
        assert dead <= set(obs.unseen())
        assert _places(obs)[DEAD_PLACE] == 11
        if deal.phase not in ("auction", "play") and seat != deal.to_move:
            continue  # a guess before trick play is made by the seat to move (it saw every move)
        guesses = sample_deals(obs, random.Random(seed), 6)
        assert guesses
        for guess in guesses:
            assert len(guess.dead) == 11 and guess.hands[seat] == deal.hands[seat]
            assert not set(guess.dead) & (set(obs.hand) | set(obs.played()))
        if deal.phase in ("auction", "play") and not deal.is_over:
            # the true dead cards land in the other hand in some guesses: nothing singles them out
            other = 1 - seat
            assert any(dead & set(g.hands[other]) for g in guesses)


def test_the_estimates_know_the_dead_hand_is_a_place_of_its_own():
    from engine.search.estimate import DEAD as DEAD_PLACE
    from engine.search.estimate import knowledge_from_position, sample_layouts, with_layout

    deal = parse_position("rules:wikibooks-2p+dead_hand/hands:A..A.K,T..T.A/lead:0/dead:KQJ9.AKQJ9.K.Q")
    knowledge = knowledge_from_position(deal, 0)
    assert dict(knowledge.places) == {1: 3, DEAD_PLACE: 11}
    for layout in sample_layouts(knowledge, 5, random.Random(1)):
        other = with_layout(deal, layout)
        assert len(other.dead) == 11 and len(other.hands[1]) == 3
        assert sorted(c.index for c in other.dead + tuple(other.hands[1])) == sorted(
            c.index for c in deal.dead + tuple(deal.hands[1])
        )


def test_the_score_sheet_takes_piles_that_leave_the_dead_hand_out():
    from engine.core.tally import SHEET_HOUSE_RULES, tally

    assert "dead_hand" in SHEET_HOUSE_RULES

    def sheet(points):
        return {
            "format": "huutopussi-score-sheet",
            "version": 1,
            "rules": DEAD,
            "players": ["A", "B"],
            "deals": [{"bidder": 0, "bid": 50, "points": points}],
        }

    assert tally(sheet([60, 50]))["totals"] == [50, 50]  # 110 of 120: the dead hand held 10
    assert tally(sheet([70, 50]))["totals"] == [50, 50]  # the whole pack: the dead hand held nothing
    assert tally(sheet([30, 50]))["totals"] == [-50, 50]  # 80: the contract lost
    lowest = 120 - (4 * 11 + 4 * 10 + 3 * 4)  # the dearest 11 cards: four aces, four tens, three kings
    with pytest.raises(ValueError) as low:
        tally(sheet([lowest - 1, 0]))
    assert low.value.code == "points_sum_range" and low.value.params["low"] == lowest
    plain = dict(sheet([60, 50]), rules="wikibooks-2p")
    with pytest.raises(ValueError) as whole:
        tally(plain)
    assert whole.value.code == "points_sum"


def test_a_whole_game_with_hints_and_a_review_through_the_web_ops():
    def call(request):
        answer = json.loads(handle(json.dumps(request)))
        assert answer["ok"], answer
        return answer

    game = {"op": "game", "rules": DEAD, "seed": 5, "history": [[]]}
    view = call(game)
    steps = 0
    while view["phase"] != "done":
        assert view["counts"] == [len(view["hand"]), view["counts"][1]] and len(view["counts"]) == 2
        call({**game, "op": "hint", "history": view["history"]})
        view = call({**game, "history": view["history"], "action": view["legal"][0]})
        steps += 1
    assert steps > 0
    deal = parse_record(view["record"])
    dead = {str(c) for c in deal.dead}
    review = call({"op": "review", "record": view["record"], "seat": 0, "step": 0})
    assert not dead & set(re.findall(r"[SCDH][AKQJT9876]", json.dumps(review)))


@pytest.mark.parametrize("show", [[], [0, 1]])
def test_no_puzzle_view_names_a_card_of_the_dead_hand(show):
    """Every kind, on a dead-hand position: the view, the solution and the table name no card of the
    dead hand (a position's cards in no hand and not on the table are played cards, except these)."""
    from engine.puzzles import REGISTRY

    position = "rules:wikibooks-2p+dead_hand/hands:A..A.K,T..T.A/lead:0/dead:KQJ9.AKQJ9.K.Q"
    extra = {"count": {"question": "points-out"}, "best-card": {"answer": "SA DA HK"}}
    dead = {str(c) for c in parse_position(position).dead}
    answered = 0
    for kind in REGISTRY:
        spec = {"kind": kind, "position": position, "show": show, **extra.get(kind, {})}
        answer = json.loads(handle(json.dumps({"op": "puzzle", "puzzle": spec})))
        if not answer["ok"]:
            assert answer["error"]["code"] != "internal_error", (kind, answer)
            continue
        answered += 1
        named = set(re.findall(r"(?<![A-Za-z0-9])[SCDH][AKQJT9876](?![A-Za-z0-9])", json.dumps(answer)))
        assert not named & dead, (kind, named & dead)
        if "played" in answer["view"]:  # the pack less both hands and the dead hand
            assert len(answer["view"]["played"]) == 36 - 6 - 11, kind
    assert answered >= 4


def test_the_dead_hands_points_are_nobodys_when_the_bidder_needs_card_points():
    """The scoring counts the dead hand's points as nobody's, not as points the bidder may have
    taken: a bidder without card points has none, however much the dead hand holds."""
    from engine.core.actions import Play as PlayCard
    from engine.core.cards import Card

    for dead, points in (("AKQJT87.AK.AK.", "0,60"), ("87.9876.9876.9", "0,120")):
        position = (
            "rules:wikibooks-2p+dead_hand+bidder_needs_card_points/hands:9...,6.../lead:0"
            f"/bidder:0/bid:40/decl:H0/dead:{dead}/points:{points}/tricks:1,9"
        )
        deal = parse_position(position)
        deal.apply(PlayCard(Card.parse("S9"))).apply(PlayCard(Card.parse("S6")))
        assert deal.is_over and deal.points[0] == 0
        breakdown = deal.score()
        assert breakdown.deal_scores()[0] == -40, (dead, breakdown.lines())


@pytest.mark.parametrize("text", [DEAD + "+six_card_widow", "three-player+six_card_widow"])
def test_estimates_after_a_six_card_discard_know_what_may_be_in_it(text):
    """The probe of what may be put away holds a whole six-card discard: every card but the barred
    ones may be in the bidder's discard, so the others' estimates find deals that fit."""
    from engine.core.actions import Discard as DiscardAction
    from engine.search.estimate import knowledge_from_record

    rules = parse_rules(text)
    for seed in range(6):
        deal = Deal.new(rules, seed)
        rng = random.Random(seed)
        while deal.phase == "auction":
            legal = deal.legal_actions()
            deal.apply(legal[1] if len(legal) > 1 and not deal.auction else legal[0])
        if deal.phase != "discard":
            continue
        deal.apply(rng.choice([a for a in deal.legal_actions() if isinstance(a, DiscardAction)][:50]))
        for seat in range(rules.players):
            if seat != deal.bidder:
                knowledge = knowledge_from_record(deal, seat)
                assert len(knowledge.unseen) > 0
