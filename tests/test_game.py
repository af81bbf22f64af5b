"""Playing against the computer: whole matches through the stateless game step, and computer
players that never look at hidden cards."""

import random

import pytest

from engine import PRESETS, Deal, Play
from engine.game import computer_action, step
from engine.players import random_action


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
