"""Playing against the computer: whole matches through the stateless game step, and computer
players that never look at hidden cards."""

import json
import random

import pytest

from engine import PRESETS, Deal, Give, Play, Return, parse_record
from engine.coach.game import hint, step
from engine.players import random_action
from engine.players.easy import computer_action


@pytest.mark.parametrize("name", ["three-player", "faq", "faq-pairs", "ukrainian", "german", "wikibooks-2p"])
def test_a_whole_match_through_the_game_step(name):
    state = step({"rules": name, "seed": 3})
    rng = random.Random(1)
    deals = 0
    for _ in range(3000):
        assert "hands" not in state and len(state["hand"]) == state["counts"][0]
        if state.get("match_over"):
            break
        if state["phase"] == "done":
            state = step({"rules": name, "seed": 3, "history": state["history"], "action": "next"})
            deals += 1
            continue
        assert state["to_move"] == 0 and state["legal"]
        action = rng.choice(state["legal"])
        state = step({"rules": name, "seed": 3, "history": state["history"], "action": action})
        assert state["refused"] is None
    assert state.get("match_over"), "the match did not end"
    assert max(state["totals_after"]) >= 500 and deals > 0


def test_illegal_action_is_refused_with_the_reason():
    state = step({"rules": "three-player", "seed": 4})
    while state["phase"] != "play" or state["to_move"] != 0 or not any(len(a) == 2 for a in state["legal"]):
        action = state["legal"][0] if state["phase"] != "done" else "next"
        state = step({"rules": "three-player", "seed": 4, "history": state["history"], "action": action})
    illegal = [c for c in state["hand"] if c not in state["legal"]]
    if illegal:
        refused = step({"rules": "three-player", "seed": 4, "history": state["history"], "action": illegal[0]})
        assert refused["refused"]["code"].startswith("must_")
        assert refused["history"] == state["history"]


def test_bad_history_is_an_error():
    with pytest.raises(ValueError, match="action 1"):
        step({"rules": "faq", "seed": 1, "history": [["SA"]]})


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_computer_players_do_not_look_at_hidden_cards(name):
    rules = PRESETS[name]
    for seed in range(30):
        deal = Deal.new(rules, seed, dealer=seed % rules.players)
        rng = random.Random(seed)
        for _ in range(rng.randrange(1, 30)):
            if deal.is_over:
                break
            deal.apply(random_action(deal, rng))
        if deal.is_over:
            continue
        seat = deal.to_move
        before = computer_action(deal, random.Random(5))
        assert deal.why_illegal(before) is None
        # deal the cards this seat cannot see among the other hands in another way
        others = [s for s in range(rules.players) if s != seat]
        unseen = [c for s in others for c in deal.hands[s]]
        rng.shuffle(unseen)
        shuffled = deal.copy()
        for s in others:
            size = len(deal.hands[s])
            shuffled.hands[s], unseen = sorted(unseen[:size]), unseen[size:]
        assert computer_action(shuffled, random.Random(5)) == before
        if isinstance(before, Play):
            assert before.card in deal.hands[seat]


def _play_through(name, seed, computers, choose=lambda state: state["legal"][0], until=lambda state: False):
    state = step({"rules": name, "seed": seed, "computers": computers})
    for _ in range(200):
        if state["phase"] == "done" or until(state):
            return state
        request = {"rules": name, "seed": seed, "computers": computers, "history": state["history"]}
        state = step({**request, "action": choose(state)})
    raise AssertionError("the deal did not end")


def test_computer_seats_can_be_normal_or_easy():
    state = _play_through("faq-pairs", 5, ["normal", "normal", "easy"])
    assert state["computers"] == ["normal", "normal", "easy"] and state["record"].startswith("rules:faq-pairs")
    with pytest.raises(ValueError, match="computers: a list of 2"):
        step({"rules": "faq", "seed": 1, "computers": ["normal"]})
    with pytest.raises(ValueError, match="unknown player 'hard'"):
        step({"rules": "faq", "seed": 1, "computers": ["normal", "hard"]})


def _seen_by_seat_0(deal):
    """Every card seat 0 may know of: its hand, the widow once shown, every card played, and the
    cards of an exchange it took part in."""
    seen = {str(c) for c in deal.initial_hands[0]} | {str(c) for c in deal.initial_widow}
    for mover, action in deal.history:
        if isinstance(action, Play):
            seen.add(str(action.card))
        elif isinstance(action, (Give, Return)) and 0 in (mover, deal.bidder, (deal.bidder + 2) % 4):
            seen |= {str(c) for c in action.cards}
    return seen


@pytest.mark.parametrize("name, seed", [("three-player", 4), ("faq-pairs", 5), ("faq-pairs", 8), ("wikibooks-2p", 3)])
def test_the_log_tells_the_deal_and_shows_no_hidden_card(name, seed):
    rules = PRESETS[name]
    state = _play_through(name, seed, ["normal"] * (rules.players - 1))
    deal = parse_record(state["record"])
    log = state["log"]
    seen = _seen_by_seat_0(deal)
    for event in log:
        for card in [event.get("card"), *event.get("cards", [])]:
            assert card is None or card in seen, event
        if event["kind"] in ("discard", "give", "return") and 0 not in (event["seat"], event.get("to")):
            assert "cards" not in event
    plays = [a for _, a in deal.history if isinstance(a, Play)]
    assert [e["card"] for e in log if e["kind"] == "play"] == [str(a.card) for a in plays]
    tricks = [e for e in log if e["kind"] == "trick"]
    assert len(tricks) == rules.hand_size and [e["number"] for e in tricks] == list(range(1, rules.hand_size + 1))
    assert sum(e["points"] for e in tricks) == sum(rules.points[a.card.rank] for a in plays)
    assert [e["seat"] for e in tricks][-1] == deal.last_trick_winner
    if rules.widow_size:
        assert any(e["kind"] == "widow" for e in log) and any(e["kind"] == "contract" for e in log)


def test_the_log_announces_questions_answers_and_declarations():
    seen = set()
    for seed in range(1, 30):
        state = _play_through("faq-pairs", seed, ["normal", "normal", "easy"])
        kinds = {e["kind"] for e in state["log"]}
        assert {"last_trick", "contract", "give", "return", "trick"} <= kinds
        for event in state["log"]:
            if event["kind"] == "answer":
                assert event["asker"] == (event["seat"] + 2) % 4
                ask = state["log"][state["log"].index(event) - 1]
                assert ask["kind"] == "ask_full" and ask["seat"] == event["asker"] and ask["partner"] == event["seat"]
            if event["kind"] in ("declare", "answer", "ask_half") and event.get("bonus"):
                assert event["bonus"] == PRESETS["faq-pairs"].bonus["SCDH".index(event["suit"])]
        seen |= kinds
        if {"ask_full", "answer", "declare", "ask_half"} <= seen:
            return
    pytest.fail(f"no questions and declarations in 29 deals: {sorted(seen)}")


def test_a_hint_is_the_normal_players_choice_for_seat_0():
    state = step({"rules": "three-player", "seed": 5, "computers": ["normal", "normal"]})
    request = {"rules": "three-player", "seed": 5, "computers": ["normal", "normal"], "history": state["history"]}
    first = hint(request)["hint"]
    assert first["action"] in state["legal"] and first["seat"] == 0
    assert first == hint(request)["hint"]  # the same every time
    for choice in first["choices"]:
        assert choice["action"] in state["legal"]
    done = _play_through("three-player", 5, ["normal", "normal"])
    with pytest.raises(ValueError, match="not your turn"):
        hint({**request, "history": done["history"]})


def test_a_six_card_widow_discard_step_is_small_and_any_legal_discard_is_taken():
    """wikibooks-2p+six_card_widow: the bidder may put away any 6 of 17 cards (tens of thousands
    of sets). The step's answer lists at most a few hundred of them and says how many cards to
    pick (``pick``); a discard outside the list is still taken, and a wrong one refused, by the
    engine."""
    from engine.coach.game import MAX_LISTED_CHOICES

    text = "wikibooks-2p+six_card_widow"
    for seed in range(40):
        request = {"rules": text, "seed": seed, "history": [[]], "computers": ["easy"]}
        view = step(request)
        while view["phase"] == "auction" and view["to_move"] == 0:
            bids = [a for a in view["legal"] if a.isdigit()]
            view = step({**request, "history": view["history"], "action": bids[0] if bids else "p"})
        if view["phase"] == "discard" and view["to_move"] == 0:
            break
    else:
        raise AssertionError("seat 0 never took the widow")
    assert len(json.dumps(view)) < 20_000
    assert view["pick"] == {"count": 6, "complete": False}
    listed = [a for a in view["legal"] if a.startswith("discard:")]
    assert len(listed) == MAX_LISTED_CHOICES
    last = sorted(view["hand"])[-6:]  # a legal discard far down the full list
    action = "discard:" + ".".join(last)
    assert action not in listed
    after = step({**request, "history": view["history"], "action": action})
    assert after["refused"] is None and after["phase"] != "discard"
    wrong = step({**request, "history": view["history"], "action": "discard:" + ".".join(last[:5])})
    assert wrong["refused"]["code"] == "wrong_card_count"
