"""A moment of a deal played again (issue 34): the table at that decision as seat 0 saw it, never
a card it could not see; a new choice judged by the review's own evaluation of that decision."""

import json
import re

import pytest

from engine import parse_record
from engine.coach.game import step
from engine.coach.moment import MomentError, judge_moment, moment_view
from engine.coach.review import Review
from engine.core.story import widow_seen
from engine.web import handle

# three-player, seed 11 of the play page against two normal players: seat 0 bids 40, discards
# three spades and plays the H9 at trick 3 (the review blames it: 13 points) and the CJ later
RECORD = (
    "rules:three-player/dealer:2/hands:AQ6.TJ87.96.AT,TJ9.KQ6.TQJ.Q6,87.A9.AK7.KJ87/widow:K..8.9"
    "/scores:0,0,0/actions:40,p,p,discard:SA.SK.SQ,hold,S6,ST,S7,trump:C,S9,S8,CT,H9,HQ,HK,DA,D9,"
    "DJ,H8,HA,H6,CJ,CQ,CA,C9,C8,CK,DT,D7,D8,DQ,DK,D6,HJ,HT,C6,SJ,H7,C7"
)
CARD = re.compile(r"\b[SCDH][AKQJT9876]\b")


@pytest.fixture(scope="module")
def review():
    return Review(RECORD, 0).run_all()


def _played(seed, rules="three-player"):
    """A whole deal of the play page, seat 0 choosing the first legal action (it passes where it
    may, so another seat takes the widow and discards)."""
    request = {"rules": rules, "seed": seed, "computers": ["easy"] * 2}
    state = step(request)
    while state["phase"] != "done":
        legal = state["legal"]
        action = "p" if "p" in legal else legal[0]
        state = step({**request, "history": state["history"], "action": action})
    return state["record"]


def _hidden(record, number):
    """The cards seat 0 cannot see before action ``number``: the other hands, another seat's
    discard, the widow, except the widow's cards where it was shown to seat 0."""
    final = parse_record(record)
    deal = final.restart()
    for _, action in final.history[: number - 1]:
        deal.apply(action)
    hidden = {c for seat, hand in enumerate(deal.hands) if seat != 0 for c in hand} | set(deal.dead)
    if deal.bidder not in (None, 0):
        hidden |= set(deal.discard)
    hidden |= set(deal.widow)
    if widow_seen(deal.rules, deal.bidder, 0, deal.phase):
        hidden -= set(final.initial_widow)
    return {str(c) for c in hidden}


def test_a_moment_shows_the_table_as_seat_0_saw_it_and_no_hidden_card():
    checked = others_discarded = 0
    for seed in (1, 2, 3):
        record = _played(seed)
        final = parse_record(record)
        if final.bidder not in (None, 0) and final.discard:
            others_discarded += 1
        for number, (seat, _) in enumerate(final.history, 1):
            if seat != 0:
                continue
            view = moment_view(record, number)
            shown = set(CARD.findall(json.dumps(view)))
            leaked = shown & _hidden(record, number)
            assert not leaked, (seed, number, sorted(leaked))
            deal = final.restart()
            for _, action in final.history[: number - 1]:
                deal.apply(action)
            assert view["hand"] == [str(c) for c in deal.hands[0]]
            assert view["to_move"] == 0 and view["legal"]
            assert "record" not in view and view["history"] == []
            assert view["moment"]["number"] == number
            checked += 1
    assert checked > 20 and others_discarded >= 1  # a moment after another seat's discard too


def test_the_moment_is_the_reviewed_decision():
    view = moment_view(RECORD, 13)
    assert view["phase"] == "play" and view["moment"] == {"number": 13, "kind": "card", "trick": 3}
    assert "H9" in view["legal"] and view["trick"] == []
    assert view["widow"] == ["SK", "D8", "H9"]  # the bidder saw the widow


def test_the_blamed_card_played_again_is_wrong_by_the_reviews_own_figure(review):
    blamed = next(d for d in review["decisions"] if d["number"] == 13)
    assert blamed["blamed"] and 13 in review["moments"]
    answer = judge_moment(RECORD, 13, "H9")
    decision = answer["decision"]
    assert answer["right"] is False and answer["made"] == "H9"
    assert decision["figure"] == blamed["figure"] and decision["figure_cost"] == blamed["figure_cost"]
    assert decision["why"] and decision["lines"]["chosen"] and decision["lines"]["best"]
    # the learner's line starts with the choice, the best with the review's best card
    assert decision["lines"]["chosen"][0]["plays"][0]["card"] == "H9"


def test_the_best_card_is_right_and_an_illegal_card_is_refused(review):
    blamed = next(d for d in review["decisions"] if d["number"] == 13)
    best = blamed["sight"]["hint"]
    assert best in blamed["best"]
    answer = judge_moment(RECORD, 13, best)
    assert answer["right"] is True and not answer["decision"]["blamed"]
    assert answer["decision"]["figure"]["chosen"] == blamed["figure"]["best"]
    refused = judge_moment(RECORD, 13, "SA")  # not in the hand
    assert refused["right"] is None and refused["refused"]["code"] == "not_in_hand"


def test_a_raise_and_a_bid_are_judged_as_the_review_judges_them():
    high = judge_moment(RECORD, 5, "raise:60")  # best play takes 52: 60 cannot be made
    assert high["right"] is False and high["decision"]["kind"] == "raise"
    assert [w["code"] for w in high["decision"]["why"]] == ["raise_high"]
    assert judge_moment(RECORD, 5, "hold")["right"] is True
    bid = judge_moment(RECORD, 1, "40")
    assert bid["right"] is True and bid["decision"]["kind"] == "bid"
    assert judge_moment(RECORD, 1, "p")["refused"]["code"] == "must_open"  # the dealer's left opens


def test_a_moment_that_is_not_seat_0s_or_not_in_the_deal_is_refused():
    with pytest.raises(MomentError) as e:
        moment_view(RECORD, 2)  # seat 1's pass
    assert e.value.code == "moment_not_yours"
    for number in (0, 400):
        with pytest.raises(MomentError) as e:
            moment_view(RECORD, number)
        assert e.value.code == "moment_number"
    answer = json.loads(handle(json.dumps({"op": "moment", "record": RECORD, "number": 2})))
    assert answer["ok"] is False and answer["error"]["code"] == "moment_not_yours"
    answer = json.loads(handle(json.dumps({"op": "moment_judge", "record": RECORD, "number": 13, "action": "H9"})))
    assert answer["ok"] is True and answer["right"] is False


def test_the_discard_made_again_is_wrong_and_the_hints_discard_is_right(review):
    made = next(d for d in review["decisions"] if d["number"] == 4)
    assert made["kind"] == "discard" and made["blamed"]
    again = judge_moment(RECORD, 4, made["action"])
    assert again["right"] is False and again["decision"]["kind"] == "discard" and again["decision"]["why"]
    hint = judge_moment(RECORD, 4, made["sight"]["hint"])
    assert hint["right"] is True and hint["decision"]["sight"]["matched"]
