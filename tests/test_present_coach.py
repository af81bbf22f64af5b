"""The coach's words drawn by present/ (present/coach.py through present/web.py): the hint, the deal
review (and what is worked out of it while it runs) and the verdict of a moment played again, over
real answers of the engine in both languages. The sentences expected are written here from the
catalog and the engine's answer, the structure from what the play page and its browser tests
select on (tests/e2e/test_play.py, test_moment_replay.py)."""

from __future__ import annotations

import json
import math
from functools import cache

import pytest
from tree_data import classes, nodes, text

from engine.coach import review as engine_review
from present.text import capfirst, card_name, fmt, message, plus_minus
from present.web import handle, review_view
from sitebuild import LANGS
from sitebuild.catalogs import load_catalog

# three-player, seed 11 of the play page (tests/test_moment.py): the H9 at trick 3 is blamed
RECORD = (
    "rules:three-player/dealer:2/hands:AQ6.TJ87.96.AT,TJ9.KQ6.TQJ.Q6,87.A9.AK7.KJ87/widow:K..8.9"
    "/scores:0,0,0/actions:40,p,p,discard:SA.SK.SQ,hold,S6,ST,S7,trump:C,S9,S8,CT,H9,HQ,HK,DA,D9,"
    "DJ,H8,HA,H6,CJ,CQ,CA,C9,C8,CK,DT,D7,D8,DQ,DK,D6,HJ,HT,C6,SJ,H7,C7"
)
PAIRS = "faq-pairs"  # four players in pairs, partner questions, the last trick worth 20
REPLAYED = {"card", "declare", "ask", "answer", "discard", "raise", "bid"}


def ask(**request) -> dict:
    answer = json.loads(handle(json.dumps(request)))
    assert answer["ok"], answer
    return answer


def play(rules: str, seed: int, computers: list, until=lambda state: False) -> dict:
    """A game of the play page, seat 0 always taking its first legal choice, to the end of the
    deal or to the first state ``until`` accepts."""
    game = {"op": "game", "rules": rules, "seed": seed, "computers": computers, "lang": "en"}
    state = ask(**game)
    while not state.get("record") and not until(state):
        state = ask(**game, history=state["history"], action=state["legal"][0])
    return state


@cache
def pairs_deal() -> dict:
    return play(PAIRS, 2, ["easy"] * 3)


# -- reading a tree (to_dict data) -----------------------------------------------------------------
def kids(node) -> list:
    return [c for c in node.get("children", []) if isinstance(c, dict)]


def find(tree, cls: str) -> list:
    """Every node of ``tree`` with the class ``cls``, in document order."""
    return nodes(tree, lambda node: cls in classes(node))


def attr(node, name: str):
    return node.get("attrs", {}).get(name)


def half_up(x: float) -> int:
    """A figure rounded as the page rounds it: half up (Python's round goes to even)."""
    return math.floor(x + 0.5)


def ui(cat: dict, key: str, **params) -> str:
    return fmt(message(cat["ui"], key, params), params, cat)


# -- the hint ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGS)
def test_a_hint_to_open_the_bidding_names_the_bid_and_offers_it_one_tap_away(lang):
    cat = load_catalog(lang)
    state = ask(op="game", rules="three-player", seed=11, computers=["normal", "normal"], lang="en")
    answer = ask(
        op="hint", rules="three-player", seed=11, computers=["normal", "normal"], history=state["history"], lang=lang
    )
    hint = answer["hint"]
    assert hint["method"] == "must_open" and hint["action"] in state["legal"]
    first, figures, take = answer["tree"]
    bid = ui(cat, "act_bid", amount=hint["action"])
    assert text(first) == ui(cat, "hint_must_open", choice=bid)
    c = hint["choices"][0]
    params = {"amount": c["action"], "made": c["made"], "samples": hint["samples"], "points": str(half_up(c["points"]))}
    assert text(figures) == ui(cat, "hint_bid_bidder", **params, score=plus_minus(half_up(c["score"])))
    # the bid named is a button that makes it (play-review.js wires it by its class)
    assert take["tag"] == "button" and classes(take) == {"choice", "hint-take"}
    assert attr(take, "data-action") == hint["action"] and attr(take, "type") == "button"
    assert text(take) == capfirst(bid)


@pytest.mark.parametrize("lang", LANGS)
def test_a_hint_in_trick_play_says_why_first_and_how_it_was_worked_out_one_tap_away(lang):
    cat = load_catalog(lang)
    computers = ["normal"] * 3
    state = play(PAIRS, 4, computers, until=lambda s: s["phase"] == "play" and len(s["legal"]) > 1)
    answer = ask(op="hint", rules=PAIRS, seed=4, computers=computers, history=state["history"], lang=lang)
    hint = answer["hint"]
    why = hint["why"]
    assert why and why["code"] == "points_saved" and len(hint["choices"]) > 1
    choice, reason, method = answer["tree"]  # no button: a card is played from the hand
    assert text(choice) == ui(cat, "hint_choice", choice=ui(cat, "act_play", card=hint["action"]))
    assert text(reason) == ui(cat, "hint_why_points_saved", **why)
    assert method["tag"] == "details" and classes(method) == {"hint-method"}
    summary, *lines = method["children"]
    assert text(summary) == ui(cat, "review_method")
    said = [text(p) for p in lines]
    best, following = hint["choices"][:2]

    def figures(c):
        return {"samples": hint["samples"], "made": c["made"], "points": str(half_up(c["points"]))} | {
            "score": plus_minus(half_up(c["score"]))
        }

    assert said == [
        ui(cat, "hint_playout", samples=hint["samples"]),
        ui(cat, "hint_assumes_normal"),
        ui(cat, "hint_points_us"),  # a pairs game: the points are the pair's
        ui(cat, "hint_rank"),
        # seat 0's pair defends: no contract of its own to make, the points and score only
        ui(cat, "hint_this", **figures(best)),
        ui(cat, "hint_next", choice=ui(cat, "act_play", card=following["action"]), **figures(following)),
    ]
    assert best["made"] is None and following["made"] is None
    # the hint names no card seat 0 has not seen
    assert card_name(why["choice"], "nom", cat) in text(reason)


def test_a_hint_in_a_language_the_site_has_not_says_so():
    state = ask(op="game", rules="three-player", seed=11, computers=["normal", "normal"], lang="en")
    request = {"op": "hint", "rules": "three-player", "seed": 11, "computers": ["normal", "normal"]}
    bad = json.loads(handle(json.dumps({**request, "history": state["history"], "lang": "xx"})))
    assert bad["ok"] is False and bad["error"]["code"] == "bad_lang"


# -- the review ----------------------------------------------------------------------------------------
def check_decisions(tree, review: dict, cat: dict, view: dict) -> None:
    """Every decision once, as the page and its tests select it; the costliest offered again."""
    blocks = find(tree, "decision")
    assert sorted(int(attr(b, "data-number")) for b in blocks) == sorted(d["number"] for d in review["decisions"])
    for d in review["decisions"]:
        (block,) = [b for b in blocks if attr(b, "data-number") == str(d["number"])]
        assert classes(block) == {"decision", "costly" if d["blamed"] else "fine"}
        assert attr(block, "data-decision") == d["kind"]
        assert attr(block, "data-cost") == (str(d["figure_cost"]) if d["blamed"] else "")
        made = kids(block)[0]
        assert classes(made) == {"choice-made"} and text(made).startswith(ui(cat, "review_choice", choice="")[:5])
        whys = find(block, "review-why")
        replay = [n for n in find(block, "review-replay") if attr(n, "data-replay")]
        if d["blamed"]:
            assert len(whys) == len(d.get("why") or [])
            assert len(find(block, "review-figure")) == 1
            assert len(find(block, "review-lines")) == (1 if d.get("lines") else 0)
            offered = d["number"] in review["moments"] and d["kind"] in REPLAYED
            assert [attr(n, "data-replay") for n in replay] == ([str(d["number"])] if offered else [])
            if offered:
                assert text(replay[0]) == ui(cat, "review_replay") and replay[0]["tag"] == "button"
        else:
            assert not whys and not replay
        if d.get("sight") and d["sight"]["matched"]:
            assert text(find(block, "hint-match")[0]) == ui(cat, "review_hint_match")


@pytest.mark.parametrize("lang", LANGS)
def test_the_review_of_a_three_player_deal_is_drawn_whole(lang):
    cat = load_catalog(lang)
    answer = ask(op="review", record=RECORD, seat=0, lang=lang)
    review, tree = answer["review"], answer["tree"]
    view = {"where": ["you", "left", "right"], "partnership": False}
    s = review["summary"]
    played = ui(cat, f"review_played_{'made' if s['made'] else 'lost'}_you", contract=s["contract"], total=s["total"])
    best = ui(cat, f"review_best_{'widow' if s['best_from'] == 'widow' else 'start'}_you", best=s["best_total"])
    assert text(find(tree, "review-total")[0]) == f"{played} {best}"
    assert text(find(tree, "review-blamed")[0]) == ui(cat, "review_blamed_count", count=review["blamed"])
    (costly,) = find(tree, "costly-list")
    assert len(kids(costly)) == len(review["moments"]) == 3
    by_number = {d["number"]: d for d in review["decisions"]}
    for item, number in zip(kids(costly), review["moments"]):
        d = by_number[number]
        assert text(item).endswith(f"\u2212{d['figure_cost']}")
    discard = by_number[review["moments"][0]]
    assert discard["kind"] == "discard"
    assert text(kids(costly)[0]).startswith(ui(cat, "review_kind_discard") + ": ")
    a = review["auction"]
    assert text(find(tree, "review-auction")[0]).startswith(ui(cat, "ev_contract_you", amount=a["bid"]))
    early = find(tree, "review-early")
    assert [text(kids(e)[0]) for e in early] == [
        ui(cat, "review_kind_bid"),
        ui(cat, "review_kind_discard"),
        ui(cat, "review_kind_raise"),
    ]
    check_decisions(tree, review, cat, view)
    # the hands as dealt, by the seats' places, then the widow
    (hands,) = find(tree, "review-hands")
    names = [text(kids(row)[0]) for row in kids(hands)]
    assert names == [cat["seats"]["you"], cat["seats"]["left"], cat["seats"]["right"], ui(cat, "play_widow")]
    shown = [[attr(c, "aria-label") for c in kids(kids(row)[1])] for row in kids(hands)]
    assert [len(cards) for cards in shown] == [len(h) for h in review["hands"]] + [len(review["widow"])]
    # the deal trick by trick: three cards each, yours marked, a costly trick marked
    tricks = find(tree, "replay-trick")
    assert [attr(t, "data-trick") for t in tricks] == [str(n) for n in range(1, len(tricks) + 1)]
    assert len(tricks) == len(review["hands"][0]) == 11
    for number, trick in enumerate(tricks, 1):
        (line,) = find(trick, "trick-line")
        assert len(kids(line)) == 3 and len(find(line, "mine")) == 1
        assert text(find(line, "mine")[0]).startswith(cat["seats"]["you"])
        blamed = any(d["blamed"] for d in review["decisions"] if d.get("trick") == number)
        assert ("costly" in classes(trick)) == blamed
    assert "costly" in classes(tricks[2])  # the H9 of trick 3
    assert len(find(tree, "decision")) == len(review["decisions"])


@pytest.mark.parametrize("lang", LANGS)
def test_the_review_worked_out_so_far_marks_what_is_pending(lang, monkeypatch):
    cat = load_catalog(lang)
    monkeypatch.setattr(engine_review, "_current", None)  # a review not yet begun (the worker keeps one)
    answer = ask(op="review", record=RECORD, seat=0, step=0, lang=lang)
    partial = answer.get("partial")
    assert partial and partial["done"] < partial["steps"]
    tree = answer["tree"]
    assert not find(tree, "review-blamed")  # counted once the review is done
    pending = [d for d in partial["decisions"] if d.get("pending")]
    assert pending
    marks = find(tree, "review-pending")
    assert len(marks) == len(pending) and all(text(m) == ui(cat, "review_pending") for m in marks)
    check_decisions(tree, partial, cat, {})


def test_the_review_worked_out_so_far_is_drawn_unless_the_page_asks_not_to(monkeypatch):
    monkeypatch.setattr(engine_review, "_current", None)
    skipped = ask(op="review", record=RECORD, seat=0, step=0, lang="en", draw=False)
    assert skipped["partial"] and "tree" not in skipped
    drawn = ask(op="review", record=RECORD, seat=0, step=skipped["done"], lang="en", draw=True)
    assert drawn["partial"] and find(drawn["tree"], "decision")
    done = ask(op="review", record=RECORD, seat=0, lang="en", draw=False)  # the whole review: always drawn
    assert done["review"] and len(find(done["tree"], "decision")) == len(done["review"]["decisions"])


@pytest.mark.parametrize("lang", LANGS)
def test_the_review_of_a_pairs_deal_speaks_of_the_pairs_and_the_last_trick(lang):
    cat = load_catalog(lang)
    state = pairs_deal()
    answer = ask(op="review", record=state["record"], seat=0, lang=lang)
    review, tree = answer["review"], answer["tree"]
    s = review["summary"]
    assert s["side"] == 1 and state["where"] == ["you", "left", "partner", "right"]
    key = f"review_played_{'made' if s['made'] else 'lost'}"
    them = {"who": ui(cat, "who_them"), "who_gen": ui(cat, "who_them_gen")}
    assert text(find(tree, "review-total")[0]) == ui(cat, key, contract=s["contract"], total=s["total"], **them)
    (hands,) = find(tree, "review-hands")
    places = ["you", "left", "partner", "right"]
    assert [text(kids(row)[0]) for row in kids(hands)] == [cat["seats"][p] for p in places]
    # the last trick's bonus is said in the last trick, before the verdicts of your decisions there
    tricks = find(tree, "replay-trick")
    last = tricks[-1]
    event = next(e for e in review["log"] if e["kind"] == "last_trick")
    winner = places[event["seat"]]
    bonus = ui(cat, "ev_last_you", bonus=event["bonus"]) if event["seat"] == 0 else None
    if bonus is None:
        bonus = ui(
            cat, "ev_last", bonus=event["bonus"], who=ui(cat, f"who_{winner}"), who_gen=ui(cat, f"who_{winner}_gen")
        )
    said = [i for i, c in enumerate(kids(last)) if text(c) == bonus]
    decisions = [i for i, c in enumerate(kids(last)) if "decision" in classes(c)]
    assert len(said) == 1 and all(said[0] < i for i in decisions)
    check_decisions(tree, review, cat, {})


def test_the_review_finds_the_seats_places_as_the_game_does():
    state = pairs_deal()
    view = review_view(state["record"])
    assert view == {"where": state["where"], "partnership": True, "contract": state["contract"]}
    three = review_view(RECORD)
    assert three["where"] == ["you", "left", "right"] and three["partnership"] is False and three["contract"] == 40


# -- a moment played again ------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGS)
def test_a_moment_played_again_wrong_is_drawn_as_the_review_draws_it(lang):
    cat = load_catalog(lang)
    answer = ask(op="moment_judge", record=RECORD, number=13, action="H9", lang=lang)
    (verdict, block), d = answer["tree"], answer["decision"]
    assert answer["right"] is False and d["blamed"]
    assert classes(verdict) == {"verdict", "moment-verdict", "wrong"} and attr(verdict, "data-right") == "false"
    assert text(verdict) == ui(cat, "moment_wrong")
    assert classes(block) == {"decision", "costly"} and attr(block, "data-number") == "13"
    assert attr(block, "data-decision") == "card" and attr(block, "data-cost") == str(d["figure_cost"])
    assert text(kids(block)[0]) == ui(cat, "review_choice", choice=card_name("H9", "nom", cat))
    hint = card_name(d["sight"]["hint"], "nom", cat)
    assert text(find(block, "sight-blame")[0]) == ui(cat, "review_blamed", hint=hint)
    whys = find(block, "review-why")
    assert len(whys) == len(d["why"]) >= 1
    assert all(cat["seats"]["left"] in text(w) or ui(cat, "who_left") in text(w) for w in whys if "seat" in d["why"][0])
    f = d["figure"]
    assert text(find(block, "review-figure")[0]) == ui(cat, "review_figure_you", best=f["best"], chosen=f["chosen"])
    assert len(find(block, "review-lines")) == 1 and len(find(block, "line")) == 2
    assert not find(block, "review-replay")  # a moment played again is not offered again in its verdict


@pytest.mark.parametrize("lang", LANGS)
def test_a_moment_played_again_right_and_a_choice_refused_there(lang):
    cat = load_catalog(lang)
    right = ask(op="moment_judge", record=RECORD, number=13, action="HA", lang=lang)
    verdict, block = right["tree"]
    assert right["right"] is True and classes(block) == {"decision", "fine"}
    assert classes(verdict) == {"verdict", "moment-verdict", "right"} and attr(verdict, "data-right") == "true"
    assert text(verdict) == ui(cat, "moment_right")
    assert not find(block, "review-why") and not find(block, "review-lines")
    refused = ask(op="moment_judge", record=RECORD, number=13, action="S6", lang=lang)
    illegal, why = refused["tree"]
    assert classes(illegal) == classes(why) == {"verdict", "wrong"}
    assert text(illegal) == fmt(message(cat["verdicts"], "illegal", {}), {}, cat)
    r = refused["refused"]
    entry = cat["reasons"][r["code"]]
    entry = entry if isinstance(entry, str) else entry[""]
    assert text(why) == fmt(entry, r["params"], cat)
