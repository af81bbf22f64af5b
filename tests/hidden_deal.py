"""The same deal as one seat sees it, with the cards that seat cannot see dealt differently
among the other hands: what a player blind to hidden cards must decide on exactly as before
(tests/test_game.py, tests/test_normal.py, tests/test_expert.py)."""

import random


def reshuffled(deal, seat, rng: random.Random):
    """A copy of ``deal`` in which the other seats' cards are shuffled among them, each hand
    keeping its size."""
    others = [s for s in range(deal.rules.players) if s != seat]
    unseen = [c for s in others for c in deal.hands[s]]
    rng.shuffle(unseen)
    shuffled = deal.copy()
    for s in others:
        size = len(deal.hands[s])
        shuffled.hands[s], unseen = sorted(unseen[:size]), unseen[size:]
    return shuffled
